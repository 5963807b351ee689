//! The native part of the Python module `arrows` (`arrows._arrows`).
//!
//! This crate holds no game logic: it turns Python values into the library
//! crates' inputs, calls the same functions as the command line
//! (`arrows_core::describe`, `arrows_solve::study::study`, `arrows_core::trim`,
//! `arrows_tables::sweep`, `arrows_paper::report::run`, the loopy solver),
//! and words the library's errors as Python exceptions. The Python package
//! (`python/arrows/`) reads networkx graphs and maps node labels; this crate
//! sees vertices as numbers `0..n`.
//!
//! * [`graph`]: a graph with its name, cells, drawing and spider legs;
//! * [`study`]: the study of one position and its report;
//! * [`trimming`], [`tables`], [`checks`], [`loopy`]: the other front doors;
//! * [`run`]: work with the interpreter released, stopped by Ctrl-C;
//! * [`advice`], [`names`]: library errors as Python exceptions, vertices
//!   named by the caller's labels.

use pyo3::prelude::*;

pub mod advice;
pub mod checks;
pub mod graph;
pub mod loopy;
pub mod names;
pub mod run;
pub mod study;
pub mod tables;
pub mod trimming;

/// The native module: `arrows._arrows`.
#[pymodule]
fn _arrows(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add("__version__", env!("CARGO_PKG_VERSION"))?;
    m.add_class::<graph::PyGraph>()?;
    m.add_class::<study::PyReport>()?;
    m.add_function(wrap_pyfunction!(graph::describe, m)?)?;
    m.add_function(wrap_pyfunction!(graph::from_edges, m)?)?;
    m.add_function(wrap_pyfunction!(graph::check_size, m)?)?;
    m.add_function(wrap_pyfunction!(graph::limits, m)?)?;
    m.add_function(wrap_pyfunction!(graph::parse_arrows, m)?)?;
    m.add_function(wrap_pyfunction!(graph::families, m)?)?;
    m.add_function(wrap_pyfunction!(study::study, m)?)?;
    m.add_function(wrap_pyfunction!(trimming::trim, m)?)?;
    m.add_function(wrap_pyfunction!(tables::table, m)?)?;
    m.add_function(wrap_pyfunction!(checks::check, m)?)?;
    m.add_function(wrap_pyfunction!(checks::check_list, m)?)?;
    m.add_function(wrap_pyfunction!(loopy::solve, m)?)?;
    m.add_function(wrap_pyfunction!(run::default_budget, m)?)?;
    Ok(())
}
