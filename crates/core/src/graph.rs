//! Simple undirected graphs with a stable numbering of edges.
//!
//! A [`Graph`] wraps a petgraph [`UnGraph`]. Its invariants, checked by every
//! constructor that takes outside input:
//!
//! * no self-loop and no repeated edge (the graph is simple);
//! * no isolated vertex (every vertex `0..vertex_count()` has an edge);
//! * edge `i` is petgraph's `EdgeIndex(i)`, never renumbered: bit `i` of a
//!   [`Decoration`](crate::Decoration) speaks of edge `i`;
//! * edge `i` is stored as an ordered pair `(s, t)`; the arrow `s>t` is its
//!   *forward* arrow and `t>s` its *backward* arrow.
//!
//! The only graph with no edges is [`Graph::empty`], which trimming can
//! produce (for instance `trim(P_2)`); user input never yields it.

use crate::plane::Cells;
use petgraph::graph::{EdgeIndex, NodeIndex, UnGraph};
use std::fmt;
use std::sync::Arc;

/// A vertex number, `0..vertex_count()`.
pub type Vertex = usize;
/// An edge number, `0..edge_count()`; edge `i` is bit `i` of a decoration.
pub type EdgeId = usize;

/// Why a list of edges is not a graph the Game of Arrows can be played on.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum GraphError {
    /// The graph has no edges.
    Empty,
    /// Edge `edge` joins `vertex` to itself.
    SelfLoop {
        /// Position of the edge in the input.
        edge: EdgeId,
        /// The looped vertex.
        vertex: Vertex,
    },
    /// The same pair of vertices appears twice.
    RepeatedEdge {
        /// Position of the second occurrence.
        edge: EdgeId,
        /// One end.
        u: Vertex,
        /// The other end.
        v: Vertex,
    },
    /// A vertex below the largest vertex number has no edge.
    IsolatedVertex {
        /// The isolated vertex.
        vertex: Vertex,
    },
    /// A parameter of a graph family is out of its range.
    Family(String),
    /// The text of a graph could not be read.
    Parse(String),
}

impl fmt::Display for GraphError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            GraphError::Empty => write!(f, "the graph has no edges; give at least one edge"),
            GraphError::SelfLoop { edge, vertex } => write!(
                f,
                "edge {edge} is a self-loop at vertex {vertex}; the Game of Arrows needs a simple graph, remove it"
            ),
            GraphError::RepeatedEdge { edge, u, v } => write!(
                f,
                "edge {edge} repeats the edge {u}-{v}; the Game of Arrows needs a simple graph, list each edge once"
            ),
            GraphError::IsolatedVertex { vertex } => write!(
                f,
                "vertex {vertex} has no edge (an isolated vertex); number the vertices 0..n-1 without gaps or remove it"
            ),
            GraphError::Family(msg) | GraphError::Parse(msg) => f.write_str(msg),
        }
    }
}

impl std::error::Error for GraphError {}

/// A simple undirected graph without isolated vertices, with numbered edges.
#[derive(Clone)]
pub struct Graph {
    inner: UnGraph<(), ()>,
    /// `ends[i] = (s, t)`: edge `i` as stored; its forward arrow is `s>t`.
    ends: Vec<(Vertex, Vertex)>,
    /// `incidence[v]`: the edges at `v` with the other end of each.
    incidence: Vec<Vec<(EdgeId, Vertex)>>,
    /// The cycle cells of a plane graph ([`Graph::with_cells`]); `None` for a graph without an embedding.
    cells: Option<Arc<Cells>>,
}

impl Graph {
    /// Builds a graph from its edges, in order: edge `i` of the result is
    /// `edges[i]`. The vertices are `0..=max`, and each must have an edge.
    pub fn from_edges(edges: &[(Vertex, Vertex)]) -> Result<Graph, GraphError> {
        if edges.is_empty() {
            return Err(GraphError::Empty);
        }
        let n = edges.iter().map(|&(u, v)| u.max(v)).max().unwrap_or(0) + 1;
        let mut seen = std::collections::HashSet::with_capacity(edges.len());
        for (i, &(u, v)) in edges.iter().enumerate() {
            if u == v {
                return Err(GraphError::SelfLoop { edge: i, vertex: u });
            }
            if !seen.insert((u.min(v), u.max(v))) {
                return Err(GraphError::RepeatedEdge { edge: i, u, v });
            }
        }
        let g = Graph::build(n, edges);
        if let Some(v) = (0..n).find(|&v| g.incidence[v].is_empty()) {
            return Err(GraphError::IsolatedVertex { vertex: v });
        }
        Ok(g)
    }

    /// The graph with no vertices and no edges (the trimming of `P_1`, `P_2`, ...).
    pub fn empty() -> Graph {
        Graph::build(0, &[])
    }

    /// Builds without validation; callers guarantee the invariants.
    pub(crate) fn build(n: usize, edges: &[(Vertex, Vertex)]) -> Graph {
        let mut inner = UnGraph::with_capacity(n, edges.len());
        for _ in 0..n {
            inner.add_node(());
        }
        let mut incidence = vec![Vec::new(); n];
        for (i, &(u, v)) in edges.iter().enumerate() {
            inner.add_edge(NodeIndex::new(u), NodeIndex::new(v), ());
            incidence[u].push((i, v));
            incidence[v].push((i, u));
        }
        Graph { inner, ends: edges.to_vec(), incidence, cells: None }
    }

    /// Number of vertices.
    pub fn vertex_count(&self) -> usize {
        self.incidence.len()
    }

    /// Number of edges.
    pub fn edge_count(&self) -> usize {
        self.ends.len()
    }

    /// `true` for the graph with no edges.
    pub fn is_empty(&self) -> bool {
        self.ends.is_empty()
    }

    /// The ends `(s, t)` of edge `e`; its forward arrow is `s>t`.
    pub fn ends(&self, e: EdgeId) -> (Vertex, Vertex) {
        self.ends[e]
    }

    /// All edges in order, as `(s, t)` pairs.
    pub fn edges(&self) -> &[(Vertex, Vertex)] {
        &self.ends
    }

    /// The edges at `v`, each with its other end.
    pub fn incidence(&self, v: Vertex) -> &[(EdgeId, Vertex)] {
        &self.incidence[v]
    }

    /// Degree of `v`.
    pub fn degree(&self, v: Vertex) -> usize {
        self.incidence[v].len()
    }

    /// `true` if `v` is a leaf (degree 1).
    pub fn is_leaf(&self, v: Vertex) -> bool {
        self.degree(v) == 1
    }

    /// The leaves, in increasing order.
    pub fn leaves(&self) -> Vec<Vertex> {
        (0..self.vertex_count()).filter(|&v| self.is_leaf(v)).collect()
    }

    /// The internal vertices (degree at least 2), in increasing order.
    pub fn internal_vertices(&self) -> Vec<Vertex> {
        (0..self.vertex_count()).filter(|&v| !self.is_leaf(v)).collect()
    }

    /// The edge joining `u` and `v`, if any.
    pub fn edge_between(&self, u: Vertex, v: Vertex) -> Option<EdgeId> {
        if u >= self.vertex_count() || v >= self.vertex_count() {
            return None;
        }
        self.incidence[u].iter().find(|&&(_, w)| w == v).map(|&(e, _)| e)
    }

    /// `true` when the graph is connected (the empty graph counts as connected).
    pub fn is_connected(&self) -> bool {
        petgraph::algo::connected_components(&self.inner) <= 1
    }

    /// `true` when the graph has no cycle.
    pub fn is_forest(&self) -> bool {
        self.edge_count() + petgraph::algo::connected_components(&self.inner) == self.vertex_count()
    }

    /// The underlying petgraph graph; `EdgeIndex(i)` is edge `i`.
    pub fn petgraph(&self) -> &UnGraph<(), ()> {
        &self.inner
    }

    /// The petgraph index of edge `e`.
    pub fn edge_index(e: EdgeId) -> EdgeIndex {
        EdgeIndex::new(e)
    }

    /// The cycle cells when this is a plane graph ([`crate::plane`]), `None` otherwise.
    pub fn cells(&self) -> Option<&Cells> {
        self.cells.as_deref()
    }

    /// Sets or clears the cells; [`Graph::with_cells`] validates them first.
    pub(crate) fn set_cells(&mut self, cells: Option<Arc<Cells>>) {
        self.cells = cells;
    }

    /// The edge list in the input syntax of the command line: `0-1,1-2`.
    pub fn edge_list(&self) -> String {
        let parts: Vec<String> = self.ends.iter().map(|(u, v)| format!("{u}-{v}")).collect();
        parts.join(",")
    }
}

impl fmt::Debug for Graph {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Graph({} vertices: {})", self.vertex_count(), self.edge_list())
    }
}

impl PartialEq for Graph {
    /// Equal as labelled graphs: the same vertex count and the same edges in
    /// the same order and orientation, and the same cells (or none).
    fn eq(&self, other: &Graph) -> bool {
        self.vertex_count() == other.vertex_count() && self.ends == other.ends && self.cells == other.cells
    }
}

impl Eq for Graph {}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn validation_names_each_problem() {
        assert_eq!(Graph::from_edges(&[]), Err(GraphError::Empty));
        assert_eq!(Graph::from_edges(&[(0, 1), (1, 1)]), Err(GraphError::SelfLoop { edge: 1, vertex: 1 }));
        assert_eq!(Graph::from_edges(&[(0, 1), (1, 2), (2, 1)]), Err(GraphError::RepeatedEdge { edge: 2, u: 2, v: 1 }));
        assert_eq!(Graph::from_edges(&[(0, 1), (3, 1)]), Err(GraphError::IsolatedVertex { vertex: 2 }));
    }

    #[test]
    fn incidence_and_leaves() {
        let g = Graph::from_edges(&[(0, 1), (1, 2), (1, 3)]).unwrap();
        assert_eq!(g.degree(1), 3);
        assert_eq!(g.leaves(), vec![0, 2, 3]);
        assert_eq!(g.internal_vertices(), vec![1]);
        assert_eq!(g.edge_between(3, 1), Some(2));
        assert_eq!(g.edge_between(0, 2), None);
        assert!(g.is_connected() && g.is_forest());
        let c = Graph::from_edges(&[(0, 1), (1, 2), (2, 0), (3, 4)]).unwrap();
        assert!(!c.is_connected() && !c.is_forest());
    }

    #[test]
    fn messages_are_one_line_with_a_fix() {
        for e in [
            GraphError::Empty,
            GraphError::SelfLoop { edge: 0, vertex: 0 },
            GraphError::RepeatedEdge { edge: 1, u: 0, v: 1 },
            GraphError::IsolatedVertex { vertex: 2 },
        ] {
            let m = e.to_string();
            assert!(!m.contains('\n') && m.contains(';'), "{m}");
        }
    }
}
