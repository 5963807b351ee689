//! The library's errors as Python exceptions, worded with the parameters a
//! caller can change.
//!
//! The library's errors are data, and their messages name no command-line
//! flag; this module keeps each message and adds the advice that fits a
//! Python call (`engine="brute"`, `max_memory=...`, `cells=`), as the
//! command line adds its flags. A bad graph, state or parameter is a
//! `ValueError`; a game or graph past the memory budget (or past what an
//! engine's representation holds) is a `MemoryError`; a cancelled
//! computation is a `KeyboardInterrupt`. Where a message names vertices of
//! a graph whose vertices carry the caller's labels, it is worded again
//! from the error's data with those labels ([`Names`]).

use crate::names::Names;
use arrows_core::describe::DescribeError;
use arrows_core::formats::ParseProblem;
use arrows_core::plane::{DrawingError, WalkError};
use arrows_core::{DecorationError, FamilyError, GraphError, Position, Variant, Violation};
use arrows_solve::{Engine, SolveError, StudyError};
use arrows_text::{bytes, count};
use pyo3::PyErr;
use pyo3::exceptions::{PyKeyboardInterrupt, PyMemoryError, PyValueError};

/// A graph that cannot be built.
pub fn graph_error(e: GraphError, names: &Names<'_>) -> PyErr {
    match &e {
        GraphError::SelfLoop { vertex, .. } if names.labelled() => PyValueError::new_err(format!(
            "the graph has a self-loop at {}, and the Game of Arrows is played on simple graphs; remove the loop",
            names.vertex(*vertex)
        )),
        GraphError::SelfLoop { .. } => PyValueError::new_err(format!("{e}; remove the loop")),
        GraphError::RepeatedEdge { u, v, .. } if names.labelled() => PyValueError::new_err(format!(
            "the graph has the edge {} twice, and the Game of Arrows is played on simple graphs; list each edge once",
            names.edge(*u, *v)
        )),
        GraphError::RepeatedEdge { .. } => PyValueError::new_err(format!("{e}; list each edge once")),
        GraphError::OverBudget { needed, .. } => {
            PyMemoryError::new_err(format!("{e}; raise max_memory to at least {}", bytes(*needed)))
        }
        GraphError::TooLarge { .. } => PyMemoryError::new_err(format!("{e}; give a smaller graph")),
        GraphError::Parse(p) => PyValueError::new_err(format!("{e}; {}", parse_advice(&p.problem))),
        GraphError::Family(f @ FamilyError::TooLarge { .. }) => PyMemoryError::new_err(family_advice(f)),
        GraphError::Family(f) => PyValueError::new_err(family_advice(f)),
        _ => PyValueError::new_err(e.to_string()),
    }
}

/// What to change in a line that is not a graph.
fn parse_advice(problem: &ParseProblem) -> &'static str {
    match problem {
        ParseProblem::ExpectedVertex { .. }
        | ParseProblem::ExpectedDash { .. }
        | ParseProblem::ExpectedSeparator { .. }
        | ParseProblem::NumberTooLarge { .. } => {
            "write edges as U-V (or U V, comma separated) with vertex numbers from 0, e.g. \"0-1,1-2,1-3\""
        }
        ParseProblem::OutOfRange { .. }
        | ParseProblem::Empty
        | ParseProblem::ShortVertexCount
        | ParseProblem::EdgeBits { .. } => {
            "give a family (\"spider 4 6 8\"), an edge list (\"0-1,1-2\"), or a complete graph6 or sparse6 line \
             (sparse6 starts with ':')"
        }
        ParseProblem::ExpectedColon { .. } => "start a sparse6 line with ':'",
        ParseProblem::Incremental => "write each graph in full",
        ParseProblem::Directed => "give an undirected graph in graph6 or sparse6",
    }
}

/// A family member that does not exist, with what to give instead.
fn family_advice(e: &FamilyError) -> String {
    match e {
        FamilyError::OutOfRange { least, .. } => format!("{e}; give {least} or more"),
        FamilyError::NoEdge { .. } => format!("{e}; give a positive length"),
        FamilyError::TooLarge { family, .. } => format!("{e}; give a smaller {family}"),
        _ => e.to_string(),
    }
}

/// A description that names no graph.
pub fn describe_error(e: DescribeError, names: &Names<'_>) -> PyErr {
    match e {
        DescribeError::Graph(g) => graph_error(g, names),
        e => PyValueError::new_err(e.to_string()),
    }
}

/// Arrows that are not a decoration of the graph.
pub fn decoration_error(e: DecorationError, names: &Names<'_>) -> PyErr {
    let message = match &e {
        DecorationError::NotAnEdge(a) if names.labelled() => {
            format!("the arrow {} is not on an edge of the graph; use two adjacent vertices", names.arrow(*a))
        }
        DecorationError::TwoArrowsOnEdge(a, b) if names.labelled() => format!(
            "the arrows {} and {} lie on the same edge; mark each edge at most once",
            names.arrow(*a),
            names.arrow(*b)
        ),
        _ => e.to_string(),
    };
    PyValueError::new_err(format!("state: {message}"))
}

/// Cells that are not the cells of the graph.
pub fn walk_error(e: WalkError, names: &Names<'_>) -> PyErr {
    let message = match &e {
        WalkError::NoEdge { cell, u, v, .. } if names.labelled() => {
            format!("cell {cell} is not a closed walk along edges: the graph has no edge {}", names.edge(*u, *v))
        }
        WalkError::RepeatedEdge { cell, u, v, .. } if names.labelled() => {
            format!(
                "cell {cell} walks the edge {} twice the same way; a cell goes once around a cycle (an edge walked \
                 there and back, a tree inside the face, is left out)",
                names.edge(*u, *v)
            )
        }
        WalkError::TooShort { cell, vertices, .. } if names.labelled() => {
            format!("cell {cell} has {}; a cell needs at least 3", count(*vertices as u64, "vertex|vertices"))
        }
        _ => e.to_string(),
    };
    PyValueError::new_err(format!("cells: {message} (cells are numbered from 0 in the order given)"))
}

/// Positions that are not a plane straight-line drawing of the graph.
pub fn drawing_error(e: DrawingError, names: &Names<'_>) -> PyErr {
    let message = match &e {
        DrawingError::Cross { first, second } if names.labelled() => format!(
            "the edges {} and {} cross; a plane drawing has no crossing edges",
            names.edge(first.ends.0, first.ends.1),
            names.edge(second.ends.0, second.ends.1)
        ),
        DrawingError::Overlap { first, second } if names.labelled() => format!(
            "the edges {} and {} overlap along a line; a plane drawing has no overlapping edges",
            names.edge(first.ends.0, first.ends.1),
            names.edge(second.ends.0, second.ends.1)
        ),
        DrawingError::VertexOnEdge { vertex, second, .. } if names.labelled() => format!(
            "the vertex {} lies on the edge {}; move it off that edge",
            names.vertex(*vertex),
            names.edge(second.ends.0, second.ends.1)
        ),
        DrawingError::SamePoint { u, v } if names.labelled() => format!(
            "the vertices {} and {} are drawn at the same point; give them different positions",
            names.vertex(*u),
            names.vertex(*v)
        ),
        DrawingError::BadCoordinate { vertex, value } if names.labelled() => format!(
            "the vertex {} has the coordinate {value}; coordinates must be finite and be 0 or between 1e-100 \
             and 1e100 in absolute value",
            names.vertex(*vertex)
        ),
        _ => e.to_string(),
    };
    let advice = match e {
        DrawingError::Cross { .. } | DrawingError::Overlap { .. } | DrawingError::VertexOnEdge { .. } => {
            "; move a vertex so that no two edges meet, or give the cells with cells=[[...], ...]"
        }
        _ => "",
    };
    PyValueError::new_err(format!("positions: {message}{advice}"))
}

/// A sink or a source, its vertex named.
fn violation(v: Violation, names: &Names<'_>) -> String {
    match v {
        Violation::Sink(x) => format!("vertex {} is a sink", names.vertex(x)),
        Violation::Source(x) => format!("vertex {} is a source", names.vertex(x)),
    }
}

/// A study that was refused or stopped.
pub fn study_error(position: Position<'_>, e: StudyError, budget: u64, names: &Names<'_>) -> PyErr {
    match e {
        StudyError::Solve(e) | StudyError::Explain(e) => solve_error(position, e, budget, names),
        StudyError::Remoteness(SolveError::Cancelled(_)) => cancelled(),
        StudyError::Remoteness(_) => PyMemoryError::new_err(format!("{e}; call with moves=False, or raise max_memory")),
        StudyError::NoDecomposition { game, why, .. } => PyValueError::new_err(format!(
            "explain=True has no decomposition for {game}: {why}; call with explain=False"
        )),
    }
}

/// An engine's refusal, with the parameters that act on it.
pub fn solve_error(position: Position<'_>, e: SolveError, budget: u64, names: &Names<'_>) -> PyErr {
    match &e {
        SolveError::NotAState(v) => PyValueError::new_err(format!(
            "the starting decoration is not a state of the {}: {}; remove or reverse one of the arrows of state{}",
            position.variant.title(),
            violation(*v, names),
            match position.variant {
                Variant::Trimmed => "",
                Variant::Untrimmed | Variant::Cycles => ", or play variant=\"trimmed\"",
            }
        )),
        SolveError::NoCells => PyValueError::new_err(format!(
            "{e}; give the cells with cells=[[...], ...] (each cell's boundary walk), a drawing with \
             positions={{vertex: (x, y)}}, or a networkx PlanarEmbedding, or use a plane family (arrows.wheel(5), ...)"
        )),
        SolveError::Unsupported { engine, .. } => {
            let others: Vec<String> = [Engine::Brute, Engine::Explicit]
                .into_iter()
                .filter(|o| o != engine)
                .map(|o| format!("engine=\"{o}\""))
                .collect();
            PyValueError::new_err(format!("{e}; use {} (or engine=None to choose)", others.join(" or ")))
        }
        SolveError::TooLarge { engine, unmarked_edges, limit } => PyMemoryError::new_err(format!(
            "this game has {}, but the {engine} engine takes at most {limit}; {}",
            count(*unmarked_edges as u64, "unmarked edge"),
            Engine::alternative(position, *engine, budget).map_or_else(
                || "ask about a game with fewer unmarked edges".to_string(),
                |better| format!("use engine=\"{better}\"")
            )
        )),
        SolveError::TooManyEdges { engine, .. } => PyMemoryError::new_err(format!(
            "{e}; {}",
            Engine::alternative(position, *engine, budget)
                .map_or_else(|| "ask about a smaller board".to_string(), |better| format!("use engine=\"{better}\""))
        )),
        SolveError::MemoryBudget { engine, needed, .. } => PyMemoryError::new_err(format!(
            "the {engine} engine would need {} for this game, past the memory budget of {}; {}",
            about(*needed),
            bytes(budget),
            way_out(position, *engine, Some(*needed), budget)
        )),
        SolveError::OutOfBudget { engine, entries, .. } => PyMemoryError::new_err(format!(
            "the {engine} engine stopped after storing {}, at the memory budget of {}; {}",
            count(*entries, "value"),
            bytes(budget),
            way_out(position, *engine, None, budget)
        )),
        SolveError::Cancelled(_) => cancelled(),
    }
}

/// A computation stopped by its cancel token: the worker saw Ctrl-C.
pub fn cancelled() -> PyErr {
    PyKeyboardInterrupt::new_err("the computation was cancelled before it finished")
}

/// Another engine whose estimate fits, or more memory.
fn way_out(position: Position<'_>, refused: Engine, needed: Option<u64>, budget: u64) -> String {
    let raise = match needed {
        Some(n) if n < u64::MAX => format!("raise max_memory to at least {}", bytes(n)),
        _ => "raise max_memory".to_string(),
    };
    let advice = match Engine::alternative(position, refused, budget) {
        Some(better) => format!("use engine=\"{better}\", or {raise}"),
        None => format!("{raise} (no other engine fits this budget)"),
    };
    // A plane board asked about in the Game of Arrows is most often a
    // Game of Cycles question asked without its variant.
    if position.graph.cells().is_some() && position.variant != arrows_core::Variant::Cycles {
        format!(
            "{advice}; for the Game of Cycles on this board, which the outcome search decides, pass variant=\"cycles\""
        )
    } else {
        advice
    }
}

/// An estimate in words; the largest size stands for "past what 64 bits count".
fn about(needed: u64) -> String {
    if needed == u64::MAX { "more memory than 64-bit sizes count".into() } else { format!("about {}", bytes(needed)) }
}
