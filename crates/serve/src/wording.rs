//! Library errors worded as HTTP answers: one line naming the problem and
//! the fix in the server's words (query parameters, not command-line
//! flags), with the status that fits: 400 for a request to correct, 413
//! for a game too large for the engines or the memory budget, 503 past
//! the time limit.

use arrows_core::describe::DescribeError;
use arrows_core::formats::ParseProblem;
use arrows_core::plane::{BoardError, DrawingError, WalkError};
use arrows_core::{DecorationError, FamilyError, GraphError, Position, Variant};
use arrows_draw::DrawError;
use arrows_solve::study::StudyError;
use arrows_solve::{Engine, SolveError};
use arrows_text::{bytes, count};
use axum::Json;
use axum::http::StatusCode;
use axum::response::{IntoResponse, Response};
use std::time::Duration;

/// A refusal: the status and one line of advice, answered as
/// `{"error": "..."}`.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ApiError {
    /// 400, 403, 404, 405, 413, 421, 500 or 503.
    pub status: StatusCode,
    /// The problem and the fix, in one line.
    pub message: String,
}

impl ApiError {
    /// A request to correct (400).
    pub fn bad(message: impl Into<String>) -> ApiError {
        ApiError { status: StatusCode::BAD_REQUEST, message: message.into() }
    }

    /// A game too large for the engines or the budget (413).
    pub fn too_large(message: impl Into<String>) -> ApiError {
        ApiError { status: StatusCode::PAYLOAD_TOO_LARGE, message: message.into() }
    }

    /// The time limit passed (503).
    pub fn timed_out(limit: Duration) -> ApiError {
        ApiError {
            status: StatusCode::SERVICE_UNAVAILABLE,
            message: format!(
                "the analysis ran past this server's time limit of {} and was stopped; ask about a smaller \
                 position, or one with more arrows marked",
                arrows_text::duration(limit)
            ),
        }
    }

    /// The server's memory is held by other requests for now (503).
    pub fn busy(message: impl Into<String>) -> ApiError {
        ApiError { status: StatusCode::SERVICE_UNAVAILABLE, message: message.into() }
    }

    /// A request stopped before it finished (503; only a request whose
    /// time ran out is stopped, and its answer is already given).
    pub fn cancelled() -> ApiError {
        ApiError {
            status: StatusCode::SERVICE_UNAVAILABLE,
            message: "the analysis was stopped before it finished".into(),
        }
    }

    /// An answer past the longest one the server sends (413), `at_least`
    /// when the size counts only part of it.
    pub fn answer_too_large(size: u64, most: u64, at_least: bool) -> ApiError {
        ApiError::too_large(format!(
            "the answer would take {}{}, past the {} this server sends at once; ask about a smaller graph",
            if at_least { "at least " } else { "" },
            bytes(size),
            bytes(most)
        ))
    }

    /// A fault of the server itself (500).
    pub fn internal(message: impl Into<String>) -> ApiError {
        ApiError { status: StatusCode::INTERNAL_SERVER_ERROR, message: message.into() }
    }
}

impl std::fmt::Display for ApiError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "{} {}", self.status.as_u16(), self.message)
    }
}

/// The longest message answered, in characters: a message that quotes a
/// long input keeps its start and its advice.
const MESSAGE_CHARS: usize = 1000;

impl IntoResponse for ApiError {
    fn into_response(self) -> Response {
        let message = printable(&self.message);
        let message = arrows_text::shorten(&message, MESSAGE_CHARS);
        (self.status, Json(serde_json::json!({ "error": message }))).into_response()
    }
}

/// `text` with every control character, and every character that
/// reorders the text around it (bidirectional overrides and isolates),
/// written as an escape (`\u{1b}`): text from a request, a board's name
/// or a header, shown as it is written, never acted on by whatever shows
/// it.
pub fn printable(text: &str) -> std::borrow::Cow<'_, str> {
    let hidden = |c: char| {
        c.is_control() || matches!(c, '\u{200e}' | '\u{200f}' | '\u{202a}'..='\u{202e}' | '\u{2066}'..='\u{2069}')
    };
    if !text.chars().any(hidden) {
        return std::borrow::Cow::Borrowed(text);
    }
    let mut out = String::with_capacity(text.len() + 8);
    for c in text.chars() {
        if hidden(c) {
            out.push_str(&c.escape_unicode().to_string());
        } else {
            out.push(c);
        }
    }
    std::borrow::Cow::Owned(out)
}

/// The advice when no graph is given.
pub(crate) const NO_GRAPH: &str = "no graph given; pass graph= with a family (e.g. graph=spider 4 6 8 or \
     graph=wheel 5), graph6, sparse6 or an edge list (graph=0-1,1-2,1-3), or board= with a board file's text";

/// A parameter the route does not read.
pub(crate) fn unknown_parameter(name: &str, format_name: Option<&str>) -> ApiError {
    let mut names = vec!["graph", "board", "cells", "positions", "variant", "play", "state", "engine"];
    names.extend(format_name);
    ApiError::bad(format!("there is no parameter {name:?} here; the parameters are {}", names.join(", ")))
}

/// A value outside a parameter's choices.
pub(crate) fn choice(name: &str, value: &str, choices: &[&str]) -> ApiError {
    ApiError::bad(format!(
        "{name}={value:?} is not one of {}; give {name}={}",
        choices.join(", "),
        choices.join(" or ")
    ))
}

/// A graph description that names no graph.
pub(crate) fn describe_error(e: DescribeError) -> ApiError {
    match e {
        DescribeError::Graph(g) => graph_error(g),
        DescribeError::Empty => ApiError::bad(NO_GRAPH),
        e => ApiError::bad(format!("graph: {e}")),
    }
}

/// A graph that cannot be built or read.
pub(crate) fn graph_error(e: GraphError) -> ApiError {
    match &e {
        GraphError::SelfLoop { .. } => ApiError::bad(format!("graph: {e}; remove the loop")),
        GraphError::RepeatedEdge { .. } => ApiError::bad(format!("graph: {e}; list each edge once")),
        GraphError::VertexOutOfRange { .. } => ApiError::bad(format!("graph: {e}")),
        GraphError::TooLarge { .. } => ApiError::too_large(format!("graph: {e}; ask about a smaller graph")),
        GraphError::OverBudget { .. } => {
            ApiError::too_large(format!("graph: {e} (this server's budget per request); ask about a smaller graph"))
        }
        GraphError::Family(f) => family_error(f),
        GraphError::Parse(p) => {
            let advice = match p.problem {
                ParseProblem::ExpectedVertex { .. }
                | ParseProblem::ExpectedDash { .. }
                | ParseProblem::ExpectedSeparator { .. }
                | ParseProblem::NumberTooLarge { .. } => {
                    "write edges as U-V with vertex numbers from 0 (graph=0-1,1-2,1-3), or give a family such as \
                     graph=spider 4 6 8"
                }
                ParseProblem::OutOfRange { .. }
                | ParseProblem::Empty
                | ParseProblem::ShortVertexCount
                | ParseProblem::EdgeBits { .. } => {
                    "check that the text is complete and is graph6 (sparse6 starts with ':', edge lists with a \
                     digit), or give a family such as graph=spider 4 6 8"
                }
                ParseProblem::ExpectedColon { .. } => "start sparse6 with ':'",
                ParseProblem::Incremental => "write the graph in full",
                ParseProblem::Directed => "give an undirected graph in graph6 or sparse6",
            };
            ApiError::bad(format!("graph: {e}; {advice}"))
        }
    }
}

/// A family member that does not exist.
fn family_error(e: &FamilyError) -> ApiError {
    let advice = match e {
        FamilyError::OutOfRange { family: "star", least, .. } => format!("give K >= {least}"),
        FamilyError::OutOfRange { least, .. } => format!("give N >= {least}"),
        FamilyError::NoEdge { family: "spider", .. } => "give a positive leg, e.g. graph=spider 4 6 8".into(),
        FamilyError::NoEdge { family: "broom", .. } => "give a handle or a bristle, e.g. graph=broom 4 3".into(),
        FamilyError::NoEdge { .. } => "give two spine vertices or a leaf, e.g. graph=caterpillar 2,0,3".into(),
        FamilyError::TooLarge { family, .. } => {
            return ApiError::too_large(format!("graph: {e}; ask about a smaller {family}"));
        }
        _ => return ApiError::bad(format!("graph: {e}")),
    };
    ApiError::bad(format!("graph: {e}; {advice}"))
}

/// A malformed board.
pub(crate) fn board_error(e: BoardError) -> ApiError {
    ApiError::bad(format!(
        "board, {e}; a board is a name line, a line `V E`, a line EDGES with E lines `U V`, and a line CYCLES with \
         one cell per line as signed edge numbers (+0 +2 -1)"
    ))
}

/// Cells that are not cells of the graph.
pub(crate) fn walk_error(e: WalkError) -> ApiError {
    ApiError::bad(format!(
        "cells: {e}; give each cell as the vertex walk around it, cells separated by ';' (0-1-2;0-2-3)"
    ))
}

/// A drawing that is not a plane drawing of the graph.
pub(crate) fn drawing_error(e: DrawingError) -> ApiError {
    let advice = match &e {
        DrawingError::Cross { .. } | DrawingError::Overlap { .. } | DrawingError::VertexOnEdge { .. } => {
            "; move a vertex so that no two edges meet, or give the cells with cells="
        }
        _ => "",
    };
    ApiError::bad(format!("positions: {e}{advice}"))
}

/// A state that cannot be read.
pub(crate) fn state_error(e: DecorationError) -> ApiError {
    ApiError::bad(format!("state: {e}"))
}

/// A study the library refused, worded for `position` under `budget` bytes.
pub(crate) fn refusal(position: Position<'_>, e: StudyError, budget: u64) -> ApiError {
    match e {
        StudyError::Solve(e) | StudyError::Explain(e) => solve_error(position, e, budget),
        StudyError::Remoteness(inner) => match inner {
            SolveError::Cancelled(_) => solve_error(position, inner, budget),
            _ => ApiError::too_large(format!("the remoteness search stopped: {inner}")),
        },
        StudyError::NoDecomposition { game, why, .. } => {
            ApiError::bad(format!("there is no decomposition into components for {game}: {why}"))
        }
    }
}

/// An engine's refusal.
pub(crate) fn solve_error(position: Position<'_>, e: SolveError, budget: u64) -> ApiError {
    match &e {
        SolveError::NotAState(v) => ApiError::bad(format!(
            "the state is not a state of the {}: {v}; remove or reverse one of its arrows{}",
            position.variant.title(),
            match position.variant {
                Variant::Trimmed => "",
                Variant::Untrimmed => ", or play variant=trimmed",
                Variant::Cycles => ", or play variant=untrimmed",
            }
        )),
        SolveError::NoCells => ApiError::bad(format!(
            "{e}; give the cells with cells=0-1-2;... or a drawing with positions=, or use board= or a plane family \
             (graph=wheel 5, graph=grid 3 3, ...)"
        )),
        SolveError::Unsupported { .. } => ApiError::bad(format!("{e}; use engine=brute or engine=explicit")),
        SolveError::TooLarge { engine, unmarked_edges, limit } => ApiError::too_large(format!(
            "this game has {}, but the {engine} engine takes at most {limit}; {}",
            count(*unmarked_edges as u64, "unmarked edge"),
            match Engine::alternative(position, *engine, budget) {
                Some(better) => format!("use engine={better}"),
                None => "ask about a game with fewer unmarked edges".to_string(),
            }
        )),
        SolveError::TooManyEdges { engine, .. } => ApiError::too_large(format!(
            "{e}; {}",
            match Engine::alternative(position, *engine, budget) {
                Some(better) => format!("use engine={better}"),
                None => "ask about a smaller board".to_string(),
            }
        )),
        SolveError::MemoryBudget { engine, needed, .. } => ApiError::too_large(format!(
            "the {engine} engine would need {} for this game, past this server's memory budget of {} per \
             request; {}",
            if *needed == u64::MAX {
                "more memory than 64-bit sizes count".to_string()
            } else {
                format!("about {}", bytes(*needed))
            },
            bytes(budget),
            way_out(position, *engine, budget)
        )),
        SolveError::OutOfBudget { engine, entries, .. } => ApiError::too_large(format!(
            "the {engine} engine stopped after storing {}, at this server's memory budget of {} per request; {}",
            count(*entries, "value"),
            bytes(budget),
            way_out(position, *engine, budget)
        )),
        // Only a timed-out request is cancelled, and its answer is already given.
        SolveError::Cancelled(_) => ApiError::cancelled(),
    }
}

/// Another engine that fits the budget, or a smaller game.
fn way_out(position: Position<'_>, refused: Engine, budget: u64) -> String {
    match Engine::alternative(position, refused, budget) {
        Some(better) => format!("use engine={better}"),
        None => "no engine fits it; ask about a smaller game, or one with more arrows marked".to_string(),
    }
}

/// A drawing the library refuses.
pub(crate) fn draw_error(e: DrawError) -> ApiError {
    match &e {
        DrawError::TooLarge { layout, vertices, limit } => ApiError::too_large(format!(
            "cannot draw this graph: {layout} takes at most {limit} vertices and it has {vertices}; draw a smaller graph"
        )),
        _ => ApiError::internal(format!("cannot draw this position: {e}")),
    }
}
