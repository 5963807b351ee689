//! Tables of Grundy values over a family (`arrows table`):
//! `arrows_tables::sweep` with the canonical engine, in parallel, with the
//! interpreter released.

use crate::advice::cancelled;
use crate::graph::PyGraph;
use crate::run::{budget, run};
use crate::study::variant;
use arrows_core::{FamilyError, Variant};
use arrows_solve::SolveError;
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

/// Sweeps a family: returns the key columns, whether the key is one list
/// column, and the rows as `(key, grundy)` in table order.
#[pyfunction]
#[pyo3(signature = (family, legs=None, k=None, edges=None, leaves=None, spine=None, handle=None, bristles=None,
                    graphs=None, variant="trimmed", threads=None, max_memory=None))]
#[allow(clippy::too_many_arguments)]
pub fn table(
    py: Python<'_>,
    family: &str,
    legs: Option<Vec<SpanArg>>,
    k: Option<usize>,
    edges: Option<SpanArg>,
    leaves: Option<SpanArg>,
    spine: Option<SpanArg>,
    handle: Option<SpanArg>,
    bristles: Option<SpanArg>,
    graphs: Option<Vec<PyRef<'_, PyGraph>>>,
    variant: &str,
    threads: Option<usize>,
    max_memory: Option<&Bound<'_, PyAny>>,
) -> PyResult<Swept> {
    let variant = self::variant(variant)?;
    if variant == Variant::Cycles {
        return Err(PyValueError::new_err(
            "tables are of the Trimmed Game of Arrows (variant=\"trimmed\") or the Game of Arrows \
             (variant=\"untrimmed\"); analyze plane graphs one by one with arrows.analyze",
        ));
    }
    if threads == Some(0) {
        return Err(PyValueError::new_err("threads must be at least 1 (or None for one per core)"));
    }
    let budget = budget(max_memory)?;
    let spec = match family {
        "spider" => Spec::Spider { legs: spider_legs(legs, k)? },
        "path" => Spec::Path { edges: span("edges", edges, "range(1, 31)")? },
        "star" => Spec::Star { leaves: span("leaves", leaves, "range(1, 31)")? },
        "caterpillar" => Spec::Caterpillar {
            spine: span("spine", spine, "range(1, 6)")?,
            leaves: span("leaves", leaves, "range(0, 4)")?,
        },
        "broom" => Spec::Broom {
            handle: span("handle", handle, "range(0, 11)")?,
            bristles: span("bristles", bristles, "range(0, 6)")?,
        },
        "trees" => Spec::Trees { edges: span("edges", edges, "range(1, 11)")? },
        "graphs" => {
            let graphs = graphs.ok_or_else(|| PyValueError::new_err("a table of graphs needs graphs=[...]"))?;
            let list = graphs.iter().map(|g| g.named.graph.clone()).collect();
            let family = Family::graphs(list).map_err(spec_error)?;
            return sweep(py, &family, variant, threads, budget);
        }
        other => {
            return Err(PyValueError::new_err(format!(
                "unknown table family {other:?}; give \"spider\", \"path\", \"star\", \"caterpillar\", \"broom\", \
                 \"trees\" or \"graphs\""
            )));
        }
    };
    let family = Family::new(spec).map_err(spec_error)?;
    sweep(py, &family, variant, threads, budget)
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

fn sweep(
    py: Python<'_>,
    family: &Family,
    variant: Variant,
    threads: Option<usize>,
    budget: arrows_work::Budget,
) -> PyResult<Swept> {
    let options = SweepOptions { shard: Shard::WHOLE, threads, ..SweepOptions::new(variant) };
    let control = Control::new(budget);
    let table = run(py, &control, |control| arrows_tables::sweep(family, &options, control))?.map_err(sweep_error)?;
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
