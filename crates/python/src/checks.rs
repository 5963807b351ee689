//! The machine checks of the spider paper (`arrows check`):
//! `arrows_paper::report::run`, in parallel, with the interpreter released.

use crate::advice::cancelled;
use crate::run::{budget, run};
use arrows_paper::registry::select;
use arrows_paper::report;
use arrows_paper::scale::{DEFAULT_MAX, Scale};
use arrows_work::Control;
use pyo3::exceptions::PyValueError;
use pyo3::prelude::*;

/// Runs the checks `ids` names (every check when empty) at the range
/// `max` (30 by default): returns the command line's `--json` lines, one
/// object per check, whether every check behaves as the paper says (each
/// check passes, each probe and finding shows its counterexample), and the
/// one-line summary.
#[pyfunction]
#[pyo3(signature = (ids, max=None, max_memory=None))]
pub fn check(
    py: Python<'_>,
    ids: Vec<String>,
    max: Option<usize>,
    max_memory: Option<&Bound<'_, PyAny>>,
) -> PyResult<(String, bool, String)> {
    let checks =
        select(&ids).map_err(|e| PyValueError::new_err(format!("{e} (arrows.check_list() lists every id)")))?;
    let scale = Scale::new(max.unwrap_or(DEFAULT_MAX)).map_err(|e| PyValueError::new_err(format!("max: {e}")))?;
    let control = Control::new(budget(max_memory)?);
    let report = run(py, &control, |control| report::run(&checks, scale, control))?.map_err(|_| cancelled())?;
    Ok((report.json_lines(true), report.is_success(), report.summary()))
}

/// The checks `ids` names (every check when empty), as the command line's
/// `check --list --json` lines: `id`, `kind`, `result`, `statement`.
#[pyfunction]
#[pyo3(signature = (ids))]
pub fn check_list(ids: Vec<String>) -> PyResult<String> {
    let checks = select(&ids).map_err(|e| PyValueError::new_err(e.to_string()))?;
    Ok(report::list_json(&checks))
}
