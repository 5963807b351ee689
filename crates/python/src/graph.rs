//! A graph as the Python module holds it: the library's [`Graph`] (with its
//! cells, for the Game of Cycles), its name, the drawing of a plane family,
//! the legs of a spider, and the caller's vertex labels.
//!
//! Graphs come from a one-line description ([`describe`]: a family such as
//! `spider 4 6 8` or `wheel 5`, graph6, sparse6 or an edge list), or from
//! numbered edges ([`from_edges`], which the Python package uses for
//! networkx graphs and edge pairs after numbering their nodes).

use crate::advice;
use crate::names::Names;
use arrows_core::describe::FAMILIES;
use arrows_core::plane::{self, Drawing, PlaneFamily, Point};
use arrows_core::{Graph, Member, SpiderLayout, formats};
use pyo3::exceptions::PyValueError;
use pyo3::prelude::*;
use std::sync::Arc;

/// A graph with what the module knows of it.
#[derive(Clone)]
pub struct Named {
    /// Its name in reports: `S(4,6,8)`, `wheel 5`, the graph6 or edge list given.
    pub name: String,
    /// The graph, with its cells when it has them.
    pub graph: Graph,
    /// The legs of a spider: moves are then named by leg.
    pub spider: Option<SpiderLayout>,
    /// The drawing of a plane family.
    pub drawing: Option<Drawing>,
}

/// A graph ready for the library (`arrows._arrows.Graph`); immutable: each
/// `with_*` method returns a new graph.
#[pyclass(frozen, name = "Graph", module = "arrows._arrows")]
pub struct PyGraph {
    /// The graph.
    pub named: Arc<Named>,
    /// `labels[v]` is the caller's label of vertex `v`; `None` when
    /// vertices are their own numbers.
    pub labels: Option<Py<PyAny>>,
}

impl PyGraph {
    /// The names of this graph's vertices in messages.
    pub fn names<'py>(&self, py: Python<'py>) -> Names<'py> {
        Names::new(py, self.labels.as_ref())
    }

    fn with(&self, py: Python<'_>, named: Named) -> PyGraph {
        PyGraph { named: Arc::new(named), labels: self.labels.as_ref().map(|l| l.clone_ref(py)) }
    }
}

/// The graph a one-line description names: a family with its parameters
/// (`spider 4 6 8`, `path 7`, `wheel 5`, `k4`), graph6, sparse6 or an edge
/// list (`0-1,1-2`), built within the memory budget.
#[pyfunction]
#[pyo3(signature = (text, max_memory=None))]
pub fn describe(py: Python<'_>, text: &str, max_memory: Option<&Bound<'_, PyAny>>) -> PyResult<PyGraph> {
    let budget = crate::run::budget(max_memory)?;
    let d =
        arrows_core::describe::describe(text, budget).map_err(|e| advice::describe_error(e, &Names::new(py, None)))?;
    // Moves are named by leg on spiders only, as the command line's analysis
    // commands name them (`describe` also lays out paths and stars as spiders).
    let spider = d.spider.filter(|_| matches!(d.member, Some(Member::Spider { .. })));
    // A cycle is named as `arrows cycle N` names it, `C_N`.
    let name = match d.plane {
        Some(PlaneFamily::Cycle(n)) => Member::Cycle { edges: n }.name(),
        _ => d.name,
    };
    let named = Named { name, graph: d.graph, spider, drawing: d.drawing };
    Ok(PyGraph { named: Arc::new(named), labels: None })
}

/// The graph on the vertices `0..vertices` with these edges, in order
/// (edge `i` is `edges[i]`), named `name` (by default its edge list, as the
/// command line names a graph given by `--edges`); `labels[v]` names
/// vertex `v` in messages.
#[pyfunction]
#[pyo3(signature = (vertices, edges, name=None, labels=None, max_memory=None))]
pub fn from_edges(
    py: Python<'_>,
    vertices: usize,
    edges: Vec<(usize, usize)>,
    name: Option<String>,
    labels: Option<Py<PyAny>>,
    max_memory: Option<&Bound<'_, PyAny>>,
) -> PyResult<PyGraph> {
    let budget = crate::run::budget(max_memory)?;
    let names = Names::new(py, labels.as_ref());
    let graph = Graph::new_within(vertices, &edges, budget).map_err(|e| advice::graph_error(e, &names))?;
    let name = name.unwrap_or_else(|| if graph.is_empty() { "(no edges)".into() } else { graph.edge_list() });
    Ok(PyGraph { named: Arc::new(Named { name, graph, spider: None, drawing: None }), labels })
}

/// Refuses a graph of `vertices` vertices and `edges` edges before it is
/// converted or built, as [`from_edges`] would refuse it once built: past
/// the limit every graph is held to, or past the memory budget. A caller
/// with a large graph (a networkx graph of two million nodes) counts
/// first, and converts nothing when the answer is no.
#[pyfunction]
#[pyo3(signature = (vertices, edges, max_memory=None))]
pub fn check_size(py: Python<'_>, vertices: u128, edges: u128, max_memory: Option<&Bound<'_, PyAny>>) -> PyResult<()> {
    let budget = crate::run::budget(max_memory)?;
    let size = arrows_core::GraphSize::new(vertices, edges);
    let names = Names::new(py, None);
    if !size.within_limit() {
        return Err(advice::graph_error(arrows_core::GraphError::too_large(size), &names));
    }
    arrows_core::graph::check_budget(size, budget).map_err(|e| advice::graph_error(e, &names))
}

/// The most vertices and the most edges a graph may have:
/// `(2_000_000, 1_000_000)`.
#[pyfunction]
pub fn limits() -> (usize, usize) {
    (arrows_core::MAX_VERTICES, arrows_core::MAX_EDGES)
}

/// Reads arrows in the library's notation, `"0>1,5>4"` (or `"1<0"`), as
/// `(tail, head)` pairs of vertex numbers.
#[pyfunction]
pub fn parse_arrows(text: &str) -> PyResult<Vec<(usize, usize)>> {
    let arrows = arrows_core::parse_arrows(text).map_err(|e| PyValueError::new_err(format!("state: {e}")))?;
    Ok(arrows.into_iter().map(|a| (a.tail, a.head)).collect())
}

/// The family words a description knows, with their parameters.
#[pyfunction]
pub fn families() -> Vec<(&'static str, &'static str)> {
    FAMILIES.to_vec()
}

#[pymethods]
impl PyGraph {
    /// The graph's name in reports.
    #[getter]
    fn name(&self) -> &str {
        &self.named.name
    }

    /// Number of vertices (isolated ones included).
    #[getter]
    fn vertex_count(&self) -> usize {
        self.named.graph.vertex_count()
    }

    /// The edges, in order, as `(s, t)` pairs of vertex numbers.
    #[getter]
    fn edges(&self) -> Vec<(usize, usize)> {
        self.named.graph.edges().to_vec()
    }

    /// The cells as vertex walks, or `None` for a graph without cells.
    #[getter]
    fn cells(&self) -> Option<Vec<Vec<usize>>> {
        let g = &self.named.graph;
        g.is_plane().then(|| g.cell_list().iter().map(|c| c.vertices(g)).collect())
    }

    /// The drawing of a plane family, `(x, y)` per vertex, or `None`.
    #[getter]
    fn positions(&self) -> Option<Vec<(f64, f64)>> {
        self.named.drawing.as_ref().map(|d| d.points().iter().map(|p| (p.x, p.y)).collect())
    }

    /// The legs of a spider (moves are named by leg), or `None`.
    #[getter]
    fn legs(&self) -> Option<Vec<usize>> {
        self.named.spider.as_ref().map(|s| s.legs().to_vec())
    }

    /// The caller's labels, `labels[v]` for vertex `v`, or `None`.
    #[getter]
    fn labels(&self, py: Python<'_>) -> Option<Py<PyAny>> {
        self.labels.as_ref().map(|l| l.clone_ref(py))
    }

    /// The graph in graph6, or sparse6 when that is shorter.
    fn graph6(&self) -> String {
        formats::to_shortest(&self.named.graph)
    }

    /// The same graph with these cells (each a closed walk of vertex numbers).
    fn with_cells(&self, py: Python<'_>, walks: Vec<Vec<usize>>) -> PyResult<PyGraph> {
        let text: Vec<String> =
            walks.iter().map(|w| w.iter().map(usize::to_string).collect::<Vec<_>>().join("-")).collect();
        let g = &self.named.graph;
        let cells = plane::parse_cell_walks(g, &text.join(";")).map_err(|e| advice::walk_error(e, &self.names(py)))?;
        let graph = g.clone().with_cells(cells).map_err(|e| advice::walk_error(e.into(), &self.names(py)))?;
        Ok(self.with(py, Named { graph, ..(*self.named).clone() }))
    }

    /// The same graph with the cells of this straight-line drawing (its
    /// bounded faces), `points[v]` the position of vertex `v`.
    fn with_positions(&self, py: Python<'_>, points: Vec<(f64, f64)>) -> PyResult<PyGraph> {
        let names = self.names(py);
        let drawing = Drawing::new(points.into_iter().map(|(x, y)| Point::new(x, y)).collect())
            .map_err(|e| advice::drawing_error(e, &names))?;
        let graph = drawing.plane_graph(self.named.graph.clone()).map_err(|e| advice::drawing_error(e, &names))?;
        Ok(self.with(py, Named { graph, drawing: Some(drawing), ..(*self.named).clone() }))
    }

    /// The same graph with its moves named by leg, when it is the spider
    /// with these legs (same vertex numbers, same edges); unchanged otherwise.
    fn with_legs(&self, py: Python<'_>, legs: Vec<usize>) -> PyGraph {
        let Ok(spider) = SpiderLayout::new(&legs) else { return self.with(py, (*self.named).clone()) };
        let mut ours: Vec<(usize, usize)> =
            self.named.graph.edges().iter().map(|&(s, t)| (s.min(t), s.max(t))).collect();
        let mut theirs: Vec<(usize, usize)> =
            spider.graph().edges().iter().map(|&(s, t)| (s.min(t), s.max(t))).collect();
        ours.sort_unstable();
        theirs.sort_unstable();
        let same = ours == theirs && spider.graph().vertex_count() == self.named.graph.vertex_count();
        let spider = same.then_some(spider);
        self.with(py, Named { spider, ..(*self.named).clone() })
    }

    /// The same graph named `name` in reports.
    fn with_name(&self, py: Python<'_>, name: String) -> PyGraph {
        self.with(py, Named { name, ..(*self.named).clone() })
    }

    fn __repr__(&self) -> String {
        let g = &self.named.graph;
        format!("<arrows graph {} ({} vertices, {} edges)>", self.named.name, g.vertex_count(), g.edge_count())
    }
}
