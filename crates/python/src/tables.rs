//! Tables of Grundy values over a family (`arrows table`):
//! `arrows_tables::sweep` with the canonical engine, in parallel, with the
//! interpreter released.

use crate::advice::cancelled;
use crate::graph::PyGraph;
use crate::run::{budget, run};
use crate::study::{engine, play, variant};
use arrows_core::FamilyError;
use arrows_solve::SolveError;
use arrows_tables::plane::Plane;
use arrows_tables::{Family, Key, Shard, Span, Spec, SpecError, SweepError, SweepOptions};
use arrows_work::Control;
use pyo3::exceptions::{PyMemoryError, PyRuntimeError, PyValueError};
use pyo3::prelude::*;

/// A range of a parameter: `"0..40"` (both ends included), or `(lo, hi)` inclusive.
#[derive(FromPyObject)]
pub enum SpanArg {
    /// `"0..40"`, `"3..=5"`, `"7"`.
    Text(String),
    /// `(lo, hi)`, both included.
    Pair((usize, usize)),
}

fn span(name: &str, arg: Option<SpanArg>, example: &str) -> PyResult<Span> {
    let missing = || PyValueError::new_err(format!("this table needs {name}=, e.g. {name}={example}"));
    match arg.ok_or_else(missing)? {
        SpanArg::Text(t) => t.parse().map_err(|e| PyValueError::new_err(format!("{name}: {e}"))),
        SpanArg::Pair((lo, hi)) => Span::new(lo, hi)
            .ok_or_else(|| PyValueError::new_err(format!("{name}: the range {lo}..{hi} is empty; give lo <= hi"))),
    }
}

/// One row's key: the parameters (`[4, 6, 8]`), a caterpillar's leaves, or a graph6 string.
#[derive(IntoPyObject)]
pub enum KeyValue {
    /// One number per column, or a list in one column.
    Numbers(Vec<usize>),
    /// The graph6 string.
    Graph6(String),
}

/// A swept table: the key columns, whether the key is one list column,
/// and the rows as `(key, grundy)` in table order.
pub type Swept = (Vec<String>, bool, Vec<(KeyValue, u32)>);

/// The ranges of a table's parameters, as `arrows.table` passes them.
#[derive(FromPyObject, Default)]
#[pyo3(from_item_all)]
pub struct Ranges {
    legs: Option<Vec<SpanArg>>,
    k: Option<usize>,
    edges: Option<SpanArg>,
    leaves: Option<SpanArg>,
    spine: Option<SpanArg>,
    handle: Option<SpanArg>,
    bristles: Option<SpanArg>,
    spokes: Option<SpanArg>,
    vertices: Option<SpanArg>,
    paths: Option<Vec<SpanArg>>,
    m: Option<SpanArg>,
    n: Option<SpanArg>,
    rungs: Option<SpanArg>,
    sides: Option<SpanArg>,
}

/// The families a table sweeps, as `arrows table` names them.
const TABLE_FAMILIES: [&str; 13] = [
    "spider",
    "path",
    "star",
    "caterpillar",
    "broom",
    "trees",
    "graphs",
    "wheel",
    "fan",
    "theta",
    "grid",
    "ladder",
    "prism",
];

/// Sweeps a family: returns the key columns, whether the key is one list
/// column, and the rows as `(key, grundy)` in table order. `ranges` holds
/// the family's parameters (see `arrows.table`); `play` and `engine` are as
/// for `arrows.analyze` (misère play is computed by brute force by default,
/// as `arrows table --misere`).
#[pyfunction]
#[pyo3(signature = (family, ranges, graphs=None, variant="trimmed", play="normal", engine=None, threads=None,
                    max_memory=None))]
#[allow(clippy::too_many_arguments)]
pub fn table(
    py: Python<'_>,
    family: &str,
    ranges: Ranges,
    graphs: Option<Vec<PyRef<'_, PyGraph>>>,
    variant: &str,
    play: &str,
    engine: Option<&str>,
    threads: Option<usize>,
    max_memory: Option<&Bound<'_, PyAny>>,
) -> PyResult<Swept> {
    let options = SweepOptions {
        play: self::play(play)?,
        engine: engine.map(self::engine).transpose()?,
        shard: Shard::WHOLE,
        threads,
        ..SweepOptions::new(self::variant(variant)?)
    };
    if threads == Some(0) {
        return Err(PyValueError::new_err("threads must be at least 1 (or None for one per core)"));
    }
    let budget = budget(max_memory)?;
    let r = ranges;
    let plane = |plane: Plane, ranges: Vec<Span>| Spec::Plane { plane, ranges };
    let spec = match family {
        "spider" => Spec::Spider { legs: spider_legs(r.legs, r.k)? },
        "path" => Spec::Path { edges: span("edges", r.edges, "range(1, 31)")? },
        "star" => Spec::Star { leaves: span("leaves", r.leaves, "range(1, 31)")? },
        "caterpillar" => Spec::Caterpillar {
            spine: span("spine", r.spine, "range(1, 6)")?,
            leaves: span("leaves", r.leaves, "range(0, 4)")?,
        },
        "broom" => Spec::Broom {
            handle: span("handle", r.handle, "range(0, 11)")?,
            bristles: span("bristles", r.bristles, "range(0, 6)")?,
        },
        "trees" => Spec::Trees { edges: span("edges", r.edges, "range(1, 11)")? },
        "wheel" => plane(Plane::Wheel, vec![span("spokes", r.spokes, "range(3, 10)")?]),
        "fan" => plane(Plane::Fan, vec![span("vertices", r.vertices, "range(2, 11)")?]),
        "theta" => plane(Plane::Theta, theta_paths(r.paths)?),
        "grid" => plane(Plane::Grid, vec![span("m", r.m, "range(2, 4)")?, span("n", r.n, "range(2, 7)")?]),
        "ladder" => plane(Plane::Ladder, vec![span("rungs", r.rungs, "range(2, 9)")?]),
        "prism" => plane(Plane::Prism, vec![span("sides", r.sides, "range(3, 7)")?]),
        "graphs" => {
            let graphs = graphs.ok_or_else(|| PyValueError::new_err("a table of graphs needs graphs=[...]"))?;
            let list = graphs.iter().map(|g| g.named.graph.clone()).collect();
            let family = Family::graphs(list).map_err(spec_error)?;
            return sweep(py, &family, &options, budget);
        }
        other => {
            let hint = arrows_core::describe::closest(other, TABLE_FAMILIES)
                .map_or_else(String::new, |f| format!(" (did you mean {f:?}?)"));
            return Err(PyValueError::new_err(format!(
                "unknown table family {other:?}{hint}; the families are {}",
                TABLE_FAMILIES.map(|f| format!("{f:?}")).join(", ")
            )));
        }
    };
    let family = Family::new(spec).map_err(spec_error)?;
    sweep(py, &family, &options, budget)
}

/// The paths of a theta sweep: one range for all three, or one each for A, B and C.
fn theta_paths(paths: Option<Vec<SpanArg>>) -> PyResult<Vec<Span>> {
    let paths = paths.ok_or_else(|| PyValueError::new_err("a theta table needs paths=, e.g. paths=range(1, 9)"))?;
    let spans = paths
        .into_iter()
        .enumerate()
        .map(|(i, p)| span(&format!("paths[{i}]"), Some(p), "range(1, 9)"))
        .collect::<PyResult<Vec<Span>>>()?;
    match spans.as_slice() {
        [one] => Ok(vec![*one; 3]),
        [_, _, _] => Ok(spans),
        _ => Err(PyValueError::new_err(format!(
            "paths= gives {} ranges; give one range for all three paths, or three (A, B, C)",
            spans.len()
        ))),
    }
}

/// The legs of a spider sweep: one range for every leg (`k` legs, 3 by
/// default), or one range per leg.
fn spider_legs(legs: Option<Vec<SpanArg>>, k: Option<usize>) -> PyResult<Vec<Span>> {
    let legs = legs.ok_or_else(|| PyValueError::new_err("a spider table needs legs=, e.g. legs=range(0, 11)"))?;
    let spans = legs
        .into_iter()
        .enumerate()
        .map(|(i, l)| span(&format!("legs[{i}]"), Some(l), "range(0, 11)"))
        .collect::<PyResult<Vec<Span>>>()?;
    match (spans.as_slice(), k) {
        ([], _) => Err(PyValueError::new_err("legs= is empty; give one range for every leg, or one per leg")),
        ([one], k) => Ok(vec![*one; k.unwrap_or(3)]),
        (many, Some(k)) if k != many.len() => Err(PyValueError::new_err(format!(
            "k={k} but legs= gives {} ranges; give one range for all legs, or one per leg without k",
            many.len()
        ))),
        (many, _) => Ok(many.to_vec()),
    }
}

fn sweep(py: Python<'_>, family: &Family, options: &SweepOptions, budget: arrows_work::Budget) -> PyResult<Swept> {
    let control = Control::new(budget);
    let table = run(py, &control, |control| arrows_tables::sweep(family, options, control))?.map_err(sweep_error)?;
    let list = matches!(table.key_kind(), arrows_tables::table::KeyKind::List);
    let rows = table
        .rows
        .into_iter()
        .map(|r| {
            let key = match r.key {
                Key::Numbers(v) | Key::List(v) => KeyValue::Numbers(v),
                Key::Graph6(s) => KeyValue::Graph6(s),
            };
            (key, r.grundy)
        })
        .collect();
    Ok((table.columns, list, rows))
}

fn spec_error(e: SpecError) -> PyErr {
    let advice = match &e {
        SpecError::NoLegs => "give k=1 or more".to_string(),
        SpecError::StartsAtZero { parameter, range, .. } => {
            format!("start {parameter}= at 1, e.g. {parameter}=range(1, {})", range.hi.max(1) + 1)
        }
        SpecError::Family(FamilyError::TooManyMembers { .. }) => "narrow the ranges".into(),
        _ => return PyValueError::new_err(e.to_string()),
    };
    PyValueError::new_err(format!("{e}; {advice}"))
}

fn sweep_error(e: SweepError) -> PyErr {
    match e {
        SweepError::Family(f) => spec_error(f),
        SweepError::Seed { ref source, .. } | SweepError::Engine { ref source, .. } => match **source {
            SolveError::Cancelled(_) => cancelled(),
            SolveError::MemoryBudget { .. } | SolveError::OutOfBudget { .. } => {
                PyMemoryError::new_err(format!("{e}; raise max_memory, or narrow the ranges"))
            }
            _ => PyValueError::new_err(e.to_string()),
        },
        SweepError::Cancelled(_) => cancelled(),
        SweepError::TooManyThreads { .. } => {
            PyValueError::new_err(format!("threads: {e}; give fewer (or None for one per core)"))
        }
        // The system refused the threads: a resource, not a bug.
        SweepError::Threads(_) => pyo3::exceptions::PyOSError::new_err(e.to_string()),
        SweepError::EmptyShard { .. } | SweepError::Sink(_) => PyRuntimeError::new_err(e.to_string()),
    }
}
