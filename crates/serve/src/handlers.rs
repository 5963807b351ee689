//! The API's handlers: each reads its parameters, runs the library on the
//! pool, and answers JSON (or a drawing).

use crate::estimate;
use crate::memory::Reservation;
use crate::params::{Params, Subject};
use crate::pool::{Job, Pool, Status};
use crate::wording::{self, ApiError};
use arrows_core::Arrow;
use arrows_core::describe::FAMILIES;
use arrows_draw::solved::{picture, unsolved};
use arrows_draw::{DrawError, Format};
use arrows_solve::report::Report;
use arrows_solve::session::{Choice, Session};
use arrows_solve::study::{Request, study_on};
use arrows_solve::{Analyzer, Engine, SolveError};
use arrows_work::{Budget, Control};
use axum::Json;
use axum::body::{Body, Bytes};
use axum::extract::rejection::QueryRejection;
use axum::extract::{Query, State};
use axum::http::{StatusCode, header};
use axum::response::{IntoResponse, Response};
use serde::Serialize;
use std::sync::Arc;

type Pairs = Result<Query<Vec<(String, String)>>, QueryRejection>;

/// The parameters of a query; `format_name` is the drawing parameter the route reads.
fn params(query: Pairs, format_name: Option<&str>) -> Result<Params, ApiError> {
    let Query(pairs) = query.map_err(|e| ApiError::bad(format!("cannot read the query: {}", e.body_text())))?;
    Params::from_pairs(pairs, format_name)
}

/// The study of a subject: with `with_moves`, every move's value and the
/// decomposition wherever it exists (normal play of a game without cycle
/// cells); where it does not, the game without one.
/// Refusals are worded with `each`, the budget of one request.
fn study(
    subject: &Subject,
    with_moves: bool,
    control: &Control,
    each: u64,
) -> Result<(Report, Option<String>), ApiError> {
    let position = subject.position();
    let without = arrows_solve::canonical::unsupported(position);
    let request = Request {
        engine: subject.engine,
        moves: with_moves,
        explain: with_moves && without.is_none(),
        ..Request::default()
    };
    let report = study_on(&subject.name, subject.spider.clone(), position, &request, &mut Analyzer::new(), control)
        .map_err(|e| wording::refusal(position, e, each))?;
    Ok((report, without.map(|game| game.to_string())))
}

/// The drawing of a studied subject.
fn drawing(subject: &Subject, report: &Report, format: Format) -> Result<String, ApiError> {
    picture(subject.position(), report, subject.drawing.clone()).render(format).map_err(wording::draw_error)
}

/// The answer of a route: its text and the part of the server's memory it
/// holds until the client has read it.
struct Answer {
    text: String,
    _held: Option<Reservation>,
}

impl AsRef<[u8]> for Answer {
    fn as_ref(&self) -> &[u8] {
        self.text.as_bytes()
    }
}

/// An answer of `kind` whose memory stays counted in the server's budget
/// until the last of it is written to the client.
fn answer(kind: &'static str, text: String, held: Option<Reservation>) -> Response {
    let mut held = held;
    if let Some(r) = held.as_mut() {
        r.shrink(text.len() as u64);
    }
    let body = Body::from(Bytes::from_owner(Answer { text, _held: held }));
    ([(header::CONTENT_TYPE, kind)], body).into_response()
}

/// The study's memory: an analysis holds the budget of one request, of
/// which the engine gets what the graph and the answer (`answer` bytes of
/// memory, as estimated) leave.
fn hold_for_analysis(job: &mut Job, subject: &Subject, answer: u64) -> Result<(), ApiError> {
    let each = job.control.budget.get();
    let graph = estimate::graph_bytes(subject);
    let besides = graph.saturating_add(answer);
    job.hold(besides, "the graph and the answer")?;
    job.hold(each, "the analysis")?;
    job.control.budget = Budget::bytes((each - besides).max(1));
    Ok(())
}

/// `GET /api/analyze`: the report, as the command line's `--json --moves
/// --explain` prints it; where the decomposition does not exist (misère
/// play, cycle cells) it is left out and `"no_decomposition"` names the
/// game instead. The drawing follows under `"svg"` or `"tikz"` when
/// `draw=` asks, as with `--draw` (or, for a graph too large to draw,
/// `"drawing_refused"` says why).
pub(crate) async fn analyze(State(pool): State<Arc<Pool>>, query: Pairs) -> Result<Response, ApiError> {
    let params = params(query, Some("draw"))?;
    let budget = pool.budget();
    let most = pool.answer_bytes() as u64;
    let (body, held) = pool
        .run(move |job| {
            let format = params.format("draw")?;
            job.hold(estimate::building(&params, budget), "reading this graph")?;
            let subject = params.subject(budget)?;
            let position = subject.position();
            let explain = arrows_solve::canonical::unsupported(position).is_none();
            let least = estimate::report(position, &position.moves(), explain);
            if least > most {
                return Err(ApiError::answer_too_large(least, most, true));
            }
            let drawn = format.map_or(0, |_| estimate::drawing(position).unwrap_or(0));
            hold_for_analysis(job, &subject, (least + drawn) * estimate::ANSWER_COPIES)?;
            let (report, without) = study(&subject, true, &job.control, budget.get())?;
            // The report's fields in their order, then what is added, as the command line's --json --draw.
            let mut fields = serde_json::to_string(&report).expect("a report serializes");
            // The object's closing brace: the fields added go before it.
            fields.pop();
            let mut add = |name: &str, text: &str| {
                let text = serde_json::to_string(text).expect("a string serializes");
                fields.push_str(&format!(",\"{name}\":{text}"));
            };
            if let Some(game) = without {
                add("no_decomposition", &game);
            }
            // A graph too large to draw is still analysed: the refusal takes the drawing's place.
            match format.map(|f| (f, drawing(&subject, &report, f))) {
                Some((f, Ok(document))) => add(f.as_str(), &document),
                Some((_, Err(e))) if e.status == StatusCode::PAYLOAD_TOO_LARGE => add("drawing_refused", &e.message),
                Some((_, Err(e))) => return Err(e),
                None => {}
            }
            fields.push('}');
            Ok(fields)
        })
        .await?;
    let body = bounded(&pool, body)?;
    Ok(answer("application/json", body, held))
}
/// The text of `/api/position`'s answer before its list of moves, and after it.
fn position_text(subject: &Subject, moves: &[Arrow]) -> (String, String) {
    let position = subject.position();
    let graph = position.graph;
    let quoted = |text: &str| serde_json::to_string(text).expect("a string serializes");
    let mut head = format!(
        "{{\"graph\":{},\"vertices\":{},\"edges\":{},\"variant\":{},\"play\":{},\"state\":{},\"move_count\":{}",
        quoted(&subject.name),
        graph.vertex_count(),
        graph.edge_count(),
        serde_json::to_string(&position.variant).expect("a rule set serializes"),
        serde_json::to_string(&position.play).expect("a play serializes"),
        quoted(&position.state.display(graph).to_string()),
        moves.len()
    );
    if position.plays_cells() {
        head.push_str(&format!(",\"cells\":{}", graph.cell_list().len()));
    }
    if let Some(c) = position.completed_cell() {
        head.push_str(&format!(",\"completed_cell\":{}", quoted(&graph.cell_list()[c].walk_text(graph))));
    }
    head.push_str(",\"moves\":[");
    (head, "]".to_string())
}

/// The bytes of the list of `moves` in `/api/position`'s answer: `{"move":"0>1"}`, comma separated.
fn moves_bytes(moves: &[Arrow]) -> u64 {
    moves.iter().map(|&a| estimate::arrow_len(a) + 11).sum::<u64>() + moves.len().saturating_sub(1) as u64
}

/// The size of `/api/position`'s answer: exact but for the drawing, whose
/// size is its estimate (an upper bound), or for a graph past the largest
/// picture the most its refusal takes; and the drawing's part of it.
fn position_size(subject: &Subject, moves: &[Arrow], parts: &(String, String), format: Option<Format>) -> (u64, u64) {
    let drawn = match format {
        None => 0,
        Some(_) => estimate::drawing(subject.position()).unwrap_or(REFUSAL_BYTES),
    };
    (parts.0.len() as u64 + moves_bytes(moves) + parts.1.len() as u64 + drawn + 1, drawn)
}

/// The most bytes a drawing's refusal takes in an answer.
const REFUSAL_BYTES: u64 = 512;

/// The text of `/api/position`'s answer, in a string of `size` bytes.
fn position_answer(
    subject: &Subject,
    moves: &[Arrow],
    (head, tail): (String, String),
    format: Option<Format>,
    size: u64,
) -> String {
    let position = subject.position();
    let quoted = |text: &str| serde_json::to_string(text).expect("a string serializes");
    let mut text = String::with_capacity(size as usize);
    text.push_str(&head);
    for (i, a) in moves.iter().enumerate() {
        if i > 0 {
            text.push(',');
        }
        text.push_str(&format!("{{\"move\":\"{a}\"}}"));
    }
    text.push_str(&tail);
    if let Some(f) = format {
        match unsolved(position, &subject.name, subject.drawing.clone()).render(f) {
            Ok(document) => text.push_str(&format!(",\"{}\":{}", f.as_str(), quoted(&document))),
            Err(e) => text.push_str(&format!(",\"drawing_refused\":{}", quoted(&wording::draw_error(e).message))),
        }
    }
    text.push('}');
    text
}

/// `GET /api/position`: the position without its analysis, for the page
/// to draw and play on when the analysis is refused (a game too large for
/// the engines, or past the time limit): the graph, the rule set, the
/// state, the legal moves (`"moves"`, each `{"move": "0>1"}`, with no
/// value), and with `draw=svg` or `draw=tikz` the drawing, its unmarked
/// edges coloured by component. Nothing is solved. Its size is counted
/// before it is written, and refused past the longest answer.
pub(crate) async fn position(State(pool): State<Arc<Pool>>, query: Pairs) -> Result<Response, ApiError> {
    let params = params(query, Some("draw"))?;
    let budget = pool.budget();
    let most = pool.answer_bytes() as u64;
    let (text, held) = pool
        .run(move |job| {
            let format = params.format("draw")?;
            job.hold(estimate::building(&params, budget), "reading this graph")?;
            let subject = params.subject(budget)?;
            let position = subject.position();
            if let Some(v) = position.violation() {
                return Err(wording::solve_error(position, SolveError::NotAState(v), budget.get()));
            }
            let moves = position.moves();
            let parts = position_text(&subject, &moves);
            let (size, drawn) = position_size(&subject, &moves, &parts, format);
            if size > most {
                return Err(ApiError::answer_too_large(size, most, false));
            }
            let need = estimate::graph_bytes(&subject)
                + (moves.len() * std::mem::size_of::<Arrow>()) as u64
                + size
                + drawn * estimate::ANSWER_COPIES;
            job.hold(need, "this position's answer")?;
            Ok(position_answer(&subject, &moves, parts, format, size))
        })
        .await?;
    let text = bounded(&pool, text)?;
    Ok(answer("application/json", text, held))
}

/// `GET /api/draw`: the drawing alone, `format=svg` (the default) or `format=tikz`.
pub(crate) async fn draw(State(pool): State<Arc<Pool>>, query: Pairs) -> Result<Response, ApiError> {
    let params = params(query, Some("format"))?;
    let budget = pool.budget();
    let most = pool.answer_bytes() as u64;
    let ((format, document), held) = pool
        .run(move |job| {
            let format = params.format("format")?.unwrap_or(Format::Svg);
            job.hold(estimate::building(&params, budget), "reading this graph")?;
            let subject = params.subject(budget)?;
            let position = subject.position();
            let Some(size) = estimate::drawing(position) else {
                return Err(wording::draw_error(DrawError::TooLarge {
                    layout: "a picture",
                    vertices: position.graph.vertex_count(),
                    limit: arrows_draw::layout::MAX_VERTICES,
                }));
            };
            if size > most {
                return Err(ApiError::answer_too_large(size, most, false));
            }
            hold_for_analysis(job, &subject, size * estimate::ANSWER_COPIES)?;
            let (report, _) = study(&subject, false, &job.control, budget.get())?;
            Ok((format, drawing(&subject, &report, format)?))
        })
        .await?;
    let document = bounded(&pool, document)?;
    let kind = match format {
        Format::Tikz => "application/x-tex; charset=utf-8",
        _ => "image/svg+xml; charset=utf-8",
    };
    Ok(answer(kind, document, held))
}

/// The answer of `/api/best`.
#[derive(Debug, Serialize)]
struct Best {
    /// The move, `TAIL>HEAD`; `null` when no move is left.
    #[serde(rename = "move")]
    arrow: Option<String>,
    /// `winning`, `longest` (no winning move: the one that keeps the game
    /// longest) or `delaying` (the one that leaves the most moves).
    choice: Option<&'static str>,
}

/// `GET /api/best`: the move arrows plays from the position.
pub(crate) async fn best(State(pool): State<Arc<Pool>>, query: Pairs) -> Result<Json<serde_json::Value>, ApiError> {
    let params = params(query, None)?;
    let budget = pool.budget();
    let (best, _held) = pool
        .run(move |job| {
            job.hold(estimate::building(&params, budget), "reading this graph")?;
            let subject = params.subject(budget)?;
            hold_for_analysis(job, &subject, 0)?;
            let control = &job.control;
            let position = subject.position();
            let refusal = |e| wording::solve_error(position, e, budget.get());
            let session = Session::new(position).map_err(refusal)?;
            let engine = subject.engine.unwrap_or_else(|| Engine::default_for(position));
            let chosen = session.best_move(&mut Analyzer::new(), engine, control).map_err(refusal)?;
            Ok(Best {
                arrow: chosen.map(|(a, _)| a.to_string()),
                choice: chosen.map(|(_, c)| match c {
                    Choice::Winning => "winning",
                    Choice::Longest => "longest",
                    Choice::Delaying => "delaying",
                }),
            })
        })
        .await?;
    Ok(Json(serde_json::to_value(best).expect("a move serializes")))
}

/// One family word and its parameters.
#[derive(Debug, Serialize)]
struct Family {
    family: &'static str,
    parameters: &'static str,
}

/// `GET /api/families`: the families `graph=` may name.
pub(crate) async fn families() -> Json<Vec<serde_json::Value>> {
    Json(
        FAMILIES
            .iter()
            .map(|&(family, parameters)| serde_json::to_value(Family { family, parameters }).expect("serializes"))
            .collect(),
    )
}

/// `GET /api/status`: the analyses running and waiting, and the limits.
pub(crate) async fn status(State(pool): State<Arc<Pool>>) -> Json<Status> {
    Json(pool.status())
}

/// An answer within the server's longest answer, or 413: an answer is
/// held whole in memory until the client has read it.
fn bounded(pool: &Pool, body: String) -> Result<String, ApiError> {
    let most = pool.answer_bytes();
    if body.len() <= most {
        return Ok(body);
    }
    Err(ApiError::too_large(format!(
        "the answer would take {}, past the {} this server sends at once; ask about a smaller graph",
        arrows_text::bytes(body.len() as u64),
        arrows_text::bytes(most as u64)
    )))
}

/// A method other than GET (or HEAD) on a route.
pub(crate) async fn not_allowed() -> Response {
    let e = ApiError {
        status: StatusCode::METHOD_NOT_ALLOWED,
        message: "only GET is answered here; ask with GET and the parameters in the query".into(),
    };
    let mut response = e.into_response();
    response.headers_mut().insert(header::ALLOW, axum::http::HeaderValue::from_static("GET, HEAD"));
    response
}

/// Any other path.
pub(crate) async fn not_found() -> ApiError {
    ApiError {
        status: StatusCode::NOT_FOUND,
        message: "no such page; the explorer is at /, the API at /api/analyze, /api/position, /api/draw, \
                  /api/best, /api/families and /api/status"
            .into(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn subject(pairs: &[(&str, &str)]) -> Subject {
        let pairs = pairs.iter().map(|(k, v)| (k.to_string(), v.to_string())).collect();
        Params::from_pairs(pairs, Some("draw")).unwrap().subject(Budget::bytes(1 << 30)).unwrap()
    }

    const SUBJECTS: &[&[(&str, &str)]] = &[
        &[("graph", "path 3")],
        &[("graph", "spider 2 3 12"), ("state", "0>1")],
        &[("graph", "wheel 5"), ("variant", "cycles")],
        &[("graph", "grid 4 5"), ("variant", "cycles"), ("state", "0>1")],
        &[("graph", "cycle 1200"), ("variant", "cycles")],
        &[("graph", "star 150"), ("play", "misere")],
        &[("graph", "0-1,1-2,2-0,2-3"), ("variant", "untrimmed")],
        &[("graph", "path 12000")],
    ];

    /// The size of a position's answer is counted before it is written:
    /// exactly without a drawing, from above with one.
    #[test]
    fn a_positions_answer_is_counted_before_it_is_written() {
        for pairs in SUBJECTS {
            for format in [None, Some(Format::Svg), Some(Format::Tikz)] {
                let subject = subject(pairs);
                let moves = subject.position().moves();
                let parts = position_text(&subject, &moves);
                let (size, drawn) = position_size(&subject, &moves, &parts, format);
                let text = position_answer(&subject, &moves, parts, format, size);
                let _: serde_json::Value = serde_json::from_str(&text).unwrap();
                if format.is_none() {
                    assert_eq!(text.len() as u64, size, "{pairs:?}");
                } else {
                    assert!(text.len() as u64 <= size, "{pairs:?} {format:?}: {} > {size}", text.len());
                    // The drawing's estimate is an upper bound, within a small factor.
                    assert!(size - drawn <= text.len() as u64, "{pairs:?} {format:?}");
                }
            }
        }
    }

    /// The estimate of an analysis' answer counts part of it: never more
    /// than the answer.
    #[test]
    fn an_analysis_answer_is_at_least_its_estimate() {
        let analysed: &[&[(&str, &str)]] = &[
            &[("graph", "path 3")],
            &[("graph", "spider 2 3 12"), ("state", "0>1")],
            &[("graph", "wheel 5"), ("variant", "cycles")],
            &[("graph", "cycle 300")],
            &[("graph", "star 40")],
            &[("graph", "path 5"), ("play", "misere")],
            &[("graph", "0-1,1-2,2-0,2-3"), ("variant", "untrimmed")],
            &[("graph", "path 2000")],
        ];
        for pairs in analysed {
            let subject = subject(pairs);
            let position = subject.position();
            let explain = arrows_solve::canonical::unsupported(position).is_none();
            let least = estimate::report(position, &position.moves(), explain);
            let control = Control::new(Budget::bytes(1 << 30));
            let (report, _) = study(&subject, true, &control, 1 << 30).unwrap();
            let text = serde_json::to_string(&report).unwrap();
            assert!(least <= text.len() as u64, "{pairs:?}: {least} > {}", text.len());
            println!("{pairs:?}: at least {least} of {} bytes", text.len());
            assert!(least * 8 >= text.len() as u64 || text.len() < 4096, "{pairs:?}: {least} for {}", text.len());
        }
    }
}
