//! The trimming of a graph (Definition 3.3 of the spider paper), as
//! `arrows trim` computes it: `arrows_core::trim`.

use crate::graph::PyGraph;
use pyo3::prelude::*;

/// The trimming of `graph`: `(origin, edges, edge_origin)`, where
/// `origin[v]` is the vertex of `graph` that vertex `v` of the trimmed
/// graph comes from, `edges` the trimmed graph's edges (edge `j` stored in
/// the orientation of its original edge, so that an arrow keeps its
/// direction), and `edge_origin[j]` the original edge of edge `j`.
#[pyfunction]
#[allow(clippy::type_complexity)]
pub fn trim(graph: &PyGraph) -> (Vec<usize>, Vec<(usize, usize)>, Vec<usize>) {
    let t = arrows_core::trim(&graph.named.graph);
    (t.origin, t.graph.edges().to_vec(), t.edge_origin)
}
