//! The study of one position: `arrows_solve::study::study`, as the command
//! line calls it for `--json --moves --explain`, with the interpreter
//! released; its [`Report`] kept whole, so that `to_dict()` is the command
//! line's JSON.

use crate::advice;
use crate::graph::{Named, PyGraph};
use crate::run::{budget, run_sized};
use arrows_core::{Arrow, Decoration, Play, Position, Variant};
use arrows_solve::report::Report;
use arrows_solve::study::{Request, study_on};
use arrows_solve::{Analyzer, Engine};
use arrows_work::Control;
use pyo3::exceptions::PyValueError;
use pyo3::prelude::*;
use std::sync::Arc;

/// A starting state: arrows in the library's notation, or `(tail, head)` pairs of vertex numbers.
#[derive(FromPyObject)]
pub enum StateArg {
    /// `"0>1,5>4"`.
    Text(String),
    /// `[(0, 1), (5, 4)]`.
    Arrows(Vec<(usize, usize)>),
}

/// The rule set named `text`.
pub fn variant(text: &str) -> PyResult<Variant> {
    match text {
        "trimmed" => Ok(Variant::Trimmed),
        "untrimmed" => Ok(Variant::Untrimmed),
        "cycles" => Ok(Variant::Cycles),
        "misere" | "misère" | "normal" => Err(PyValueError::new_err(format!(
            "variant is the rule set (\"trimmed\", \"untrimmed\" or \"cycles\"), and {text:?} is a play: \
             pass play={text:?} (with the variant you want)"
        ))),
        _ => Err(PyValueError::new_err(format!(
            "variant must be \"trimmed\" (the Trimmed Game of Arrows), \"untrimmed\" (the Game of Arrows) \
             or \"cycles\" (the Game of Cycles), got {text:?}"
        ))),
    }
}

/// The play convention named `text`.
pub fn play(text: &str) -> PyResult<Play> {
    match text {
        "normal" => Ok(Play::Normal),
        "misere" | "misère" => Ok(Play::Misere),
        _ => Err(PyValueError::new_err(format!("play must be \"normal\" or \"misere\", got {text:?}"))),
    }
}

/// The engine named `text`.
pub fn engine(text: &str) -> PyResult<Engine> {
    match text {
        "canonical" => Ok(Engine::Canonical),
        "brute" => Ok(Engine::Brute),
        "explicit" => Ok(Engine::Explicit),
        _ => Err(PyValueError::new_err(format!(
            "engine must be \"canonical\", \"brute\", \"explicit\" or None (the default for the game), got {text:?}"
        ))),
    }
}

/// The most unmarked edges of a game studied on the calling thread (see [`run_sized`]).
const QUICK_UNMARKED: usize = 12;

/// Studies a position of `graph` and returns its report; see the Python
/// function `arrows.analyze` for the parameters.
#[pyfunction]
#[pyo3(signature = (graph, variant="trimmed", state=None, play="normal", engine=None, moves=false, explain=false, max_memory=None))]
#[allow(clippy::too_many_arguments)]
pub fn study(
    py: Python<'_>,
    graph: &PyGraph,
    variant: &str,
    state: Option<StateArg>,
    play: &str,
    engine: Option<&str>,
    moves: bool,
    explain: bool,
    max_memory: Option<&Bound<'_, PyAny>>,
) -> PyResult<PyReport> {
    let variant = self::variant(variant)?;
    let play = self::play(play)?;
    let engine = engine.map(self::engine).transpose()?;
    let budget = budget(max_memory)?;
    let named = Arc::clone(&graph.named);
    let names = graph.names(py);
    let g = &named.graph;
    let start = match state {
        None => Ok(Decoration::empty(g.edge_count())),
        Some(StateArg::Text(text)) => Decoration::parse(g, &text),
        Some(StateArg::Arrows(pairs)) => {
            let arrows: Vec<Arrow> = pairs.into_iter().map(|(t, h)| Arrow::new(t, h)).collect();
            Decoration::from_arrows(g, &arrows)
        }
    }
    .map_err(|e| advice::decoration_error(e, &names))?;
    let position = Position::new(g, variant, &start).with_play(play);
    let request = Request { engine, moves, explain, ..Request::default() };
    let control = Control::new(budget);
    // A game of a dozen unmarked edges takes every engine milliseconds at most.
    let quick = position.unmarked() <= QUICK_UNMARKED;
    let result = run_sized(py, &control, quick, |control| {
        study_on(&named.name, named.spider.clone(), position, &request, &mut Analyzer::new(), control)
    })?;
    let report = result.map_err(|e| advice::study_error(position, e, budget.get(), &names))?;
    Ok(PyReport { report, named: Arc::clone(&named) })
}

/// The report of a study (`arrows._arrows.Report`): what the command line
/// prints with `--json`, and the same in Python values with vertex numbers.
#[pyclass(frozen, name = "Report", module = "arrows._arrows")]
pub struct PyReport {
    report: Report,
    named: Arc<Named>,
}

fn pair(a: Arrow) -> (usize, usize) {
    (a.tail, a.head)
}

#[pymethods]
impl PyReport {
    /// The command line's JSON object for this study (`--json`), as text.
    fn json(&self) -> String {
        serde_json::to_string(&self.report).expect("a report serializes")
    }

    /// The graph's name.
    #[getter]
    fn graph(&self) -> &str {
        &self.report.graph
    }

    /// Number of vertices (isolated ones included).
    #[getter]
    fn vertices(&self) -> usize {
        self.report.vertices
    }

    /// Number of edges.
    #[getter]
    fn edges(&self) -> usize {
        self.report.edges
    }

    /// The Grundy value, or `None` when the player to move completes a cell.
    #[getter]
    fn grundy(&self) -> Option<u32> {
        self.report.grundy
    }

    /// `"first"` or `"second"`.
    #[getter]
    fn winner(&self) -> &'static str {
        self.report.winner
    }

    /// The winning moves as `(tail, head)` pairs of vertex numbers.
    #[getter]
    fn winning_moves(&self) -> Vec<(usize, usize)> {
        self.report.winning_moves.iter().copied().map(pair).collect()
    }

    /// Number of legal moves.
    #[getter]
    fn move_count(&self) -> usize {
        self.report.move_count
    }

    /// Every move with its follower's value, remoteness and whether it
    /// wins, winning moves first: `(tail, head, grundy, remoteness,
    /// winning)`; `None` unless asked for.
    #[getter]
    #[allow(clippy::type_complexity)]
    fn moves(&self) -> Option<Vec<(usize, usize, Option<u32>, Option<u32>, bool)>> {
        self.report.move_values.as_ref().map(|moves| {
            moves.iter().map(|m| (m.arrow.tail, m.arrow.head, m.grundy, m.remoteness, m.winning)).collect()
        })
    }

    /// The position's remoteness, when the moves were asked for and it is quick to find.
    #[getter]
    fn remoteness(&self) -> Option<u32> {
        self.report.remoteness
    }

    /// The components of the decomposition, when asked for: `(shape,
    /// edges, vertices with what each needs, grundy)`.
    #[getter]
    #[allow(clippy::type_complexity)]
    fn components(&self) -> Option<Vec<(String, Vec<(usize, usize)>, Vec<(usize, &'static str)>, u32)>> {
        let g = &self.named.graph;
        self.report.explanation.as_ref().map(|x| {
            x.components
                .iter()
                .map(|p| {
                    let edges = p.edge_ids.iter().map(|&e| g.ends(e)).collect();
                    let vertices = p.vertices.iter().map(|l| (l.vertex, l.label)).collect();
                    (p.shape.clone(), edges, vertices, p.grundy)
                })
                .collect()
        })
    }

    /// The engine that computed the value.
    #[getter]
    fn engine(&self) -> &'static str {
        self.report.engine.as_str()
    }

    /// States (brute), component classes (canonical) or positions (explicit) solved.
    #[getter]
    fn solved(&self) -> u64 {
        self.report.solved
    }

    /// `"trimmed"`, `"untrimmed"` or `"cycles"`.
    #[getter]
    fn variant(&self) -> &'static str {
        self.report.variant.as_str()
    }

    /// `"normal"` or `"misere"`.
    #[getter]
    fn play(&self) -> &'static str {
        self.report.play.as_str()
    }

    /// Wall-clock time of the analysis, in milliseconds.
    #[getter]
    fn time_ms(&self) -> f64 {
        self.report.time_ms
    }

    /// The picture of the position, as `--draw` draws it: `format` is
    /// `"svg"`, `"tikz"` (a standalone LaTeX document) or `"text"`;
    /// without `title` the title line is left out; `labels[v]` is written
    /// in the disc of vertex `v` instead of its number.
    #[pyo3(signature = (format="svg", title=true, labels=None))]
    fn draw(&self, format: &str, title: bool, labels: Option<Vec<String>>) -> PyResult<String> {
        let format: arrows_draw::Format =
            format.parse().map_err(|e: arrows_draw::UnknownFormat| PyValueError::new_err(format!("format: {e}")))?;
        let g = &self.named.graph;
        let state = Decoration::parse(g, &self.report.state).expect("a report's state is a state of its graph");
        let position = Position::new(g, self.report.variant, &state).with_play(self.report.play);
        let mut picture = arrows_draw::solved::picture(position, &self.report, self.named.drawing.clone());
        if !title {
            picture = picture.without_title();
        }
        if let Some(labels) = labels {
            picture = picture.with_labels(labels);
        }
        picture.render(format).map_err(|e| match e {
            arrows_draw::DrawError::TooLarge { .. } => {
                pyo3::exceptions::PyMemoryError::new_err(format!("cannot draw this graph: {e}"))
            }
            e => PyValueError::new_err(format!("cannot draw this position: {e}")),
        })
    }
}
