//! The loopy solver on a game digraph (`arrows loopy`'s digraphs):
//! `arrows_loopy::Analysis` on a complete digraph, with the interpreter
//! released.

use crate::advice::cancelled;
use crate::run::{budget, run};
use arrows_loopy::{Analysis, Digraph, Gamma, Remoteness, VertexId};
use arrows_text::bytes;
use arrows_work::Control;
use pyo3::exceptions::{PyMemoryError, PyValueError};
use pyo3::prelude::*;

/// A generalized Sprague-Grundy value: a number, or the set `K` of `∞(K)`.
#[derive(IntoPyObject)]
pub enum GammaValue {
    /// A finite value.
    Finite(u32),
    /// `∞(K)`: the finite values of the followers that keep the draw.
    Infinite(Vec<u32>),
}

/// Solves the game digraph on the positions `0..positions` with these
/// moves: for each position its outcome (`"P"`, `"N"` or `"D"`), its
/// remoteness (`None` for a draw) and its gamma value (a number, or the
/// list `K` of `∞(K)`).
#[pyfunction]
#[pyo3(signature = (positions, moves, max_memory=None))]
#[allow(clippy::type_complexity)]
pub fn solve(
    py: Python<'_>,
    positions: usize,
    moves: Vec<(usize, usize)>,
    max_memory: Option<&Bound<'_, PyAny>>,
) -> PyResult<Vec<(&'static str, Option<u32>, GammaValue)>> {
    let budget = budget(max_memory)?;
    let graph = Digraph::from_moves(positions, moves).map_err(|e| PyValueError::new_err(e.to_string()))?;
    let needed = Analysis::peak_bytes(&graph);
    if needed > budget.get() {
        return Err(PyMemoryError::new_err(format!(
            "solving a digraph of {} positions and {} moves needs about {}, past the memory budget of {}; \
             raise max_memory",
            graph.position_count(),
            graph.move_count(),
            bytes(needed),
            bytes(budget.get())
        )));
    }
    let control = Control::new(budget);
    let analysis =
        run(py, &control, |control| Analysis::with_control(&graph, &[], control))?.map_err(|_| cancelled())?;
    Ok((0..graph.position_count() as VertexId)
        .map(|v| {
            let outcome = analysis.outcome(v).map_or("D", |o| o.letter());
            let remoteness = match analysis.remoteness(v) {
                Remoteness::Exact(r) => Some(r),
                _ => None,
            };
            let gamma = match analysis.gamma(v) {
                Some(Gamma::Finite(g)) => GammaValue::Finite(g),
                Some(Gamma::Infinite(k)) => GammaValue::Infinite(k.to_vec()),
                None => GammaValue::Infinite(Vec::new()),
            };
            (outcome, remoteness, gamma)
        })
        .collect())
}
