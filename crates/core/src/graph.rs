//! Simple undirected graphs with a stable numbering of edges.
//!
//! A [`Graph`] wraps a petgraph [`UnGraph`]. Its invariants, checked by every
//! constructor that takes outside input:
//!
//! * no self-loop and no repeated edge (the graph is simple);
//! * at most [`MAX_VERTICES`](crate::size::MAX_VERTICES) vertices and
//!   [`MAX_EDGES`](crate::size::MAX_EDGES) edges, checked before anything is
//!   allocated;
//! * edge `i` is petgraph's `EdgeIndex(i)`, never renumbered: bit `i` of a
//!   [`Decoration`](crate::Decoration) speaks of edge `i`;
//! * edge `i` is stored as an ordered pair `(s, t)`; the arrow `s>t` is its
//!   *forward* arrow and `t>s` its *backward* arrow.
//!
//! A vertex may be *isolated* (no edge at it): graph files from `nauty-geng`
//! have them. No edge can ever touch an isolated vertex, so it changes
//! nothing in the game: the rules never count it as a sink or a source
//! ([`Variant::is_constrained`](crate::Variant::is_constrained)), and it is
//! kept only so that vertices keep the numbers the input gave them. A graph
//! with no edge at all is a position with no move.

use crate::families::FamilyError;
use crate::formats::ParseError;
use crate::plane::Cells;
use crate::size::{GraphSize, counted, over_limit};
use arrows_work::Budget;
use petgraph::graph::{EdgeIndex, NodeIndex, UnGraph};
use std::fmt;
use std::sync::Arc;

/// A vertex number, `0..vertex_count()`.
pub type Vertex = usize;
/// An edge number, `0..edge_count()`; edge `i` is bit `i` of a decoration.
pub type EdgeId = usize;

/// Why a list of edges, a family member or a text is not a graph the Game
/// of Arrows can be played on.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum GraphError {
    /// Edge `edge` joins `vertex` to itself.
    #[error("edge {edge} is a self-loop at vertex {vertex}, and the Game of Arrows is played on simple graphs")]
    SelfLoop {
        /// Position of the edge in the input.
        edge: EdgeId,
        /// The looped vertex.
        vertex: Vertex,
    },
    /// The same pair of vertices appears twice.
    #[error("edge {edge} repeats the edge {u}-{v}, and the Game of Arrows is played on simple graphs")]
    RepeatedEdge {
        /// Position of the second occurrence.
        edge: EdgeId,
        /// One end.
        u: Vertex,
        /// The other end.
        v: Vertex,
    },
    /// An edge names a vertex past the vertex count the graph was given.
    #[error("edge {edge} names vertex {vertex}, but the graph has only {}", counted(*vertices as u128, "vertex|vertices"))]
    VertexOutOfRange {
        /// Position of the edge in the input.
        edge: EdgeId,
        /// The vertex named.
        vertex: Vertex,
        /// The vertex count given.
        vertices: usize,
    },
    /// The graph is past the size limit every graph is held to.
    #[error("a graph with {} is past the limit of {}", over_limit(*size, *limit).0, over_limit(*size, *limit).1)]
    TooLarge {
        /// The graph's size as far as it was read: vertex numbers count
        /// from 0, isolated vertices included; a graph6 or sparse6 line
        /// whose vertex count is past the limit is refused before its edges
        /// are counted (0 then).
        size: GraphSize,
        /// The limit, [`GraphSize::LIMIT`].
        limit: GraphSize,
    },
    /// Holding the graph would need more memory than the budget.
    #[error(
        "a graph with {size} needs about {}, past the memory budget of {}",
        arrows_text::bytes(*needed),
        arrows_text::bytes(*budget)
    )]
    OverBudget {
        /// The graph's size.
        size: GraphSize,
        /// Estimated bytes ([`GraphSize::bytes`]).
        needed: u64,
        /// The budget in bytes.
        budget: u64,
    },
    /// A member of a family that does not exist.
    #[error(transparent)]
    Family(#[from] FamilyError),
    /// The text of a graph could not be read.
    #[error(transparent)]
    Parse(#[from] ParseError),
}

impl GraphError {
    /// The refusal of a graph past [`GraphSize::LIMIT`].
    pub fn too_large(size: GraphSize) -> GraphError {
        GraphError::TooLarge { size, limit: GraphSize::LIMIT }
    }
}

/// A simple undirected graph with numbered edges.
#[derive(Clone)]
pub struct Graph {
    inner: UnGraph<(), ()>,
    /// `ends[i] = (s, t)`: edge `i` as stored; its forward arrow is `s>t`.
    ends: Vec<(Vertex, Vertex)>,
    /// The edges at `v` are `adjacent[offsets[v]..offsets[v + 1]]`.
    offsets: Vec<usize>,
    /// The edges at each vertex in edge order, each with its other end.
    adjacent: Vec<(EdgeId, Vertex)>,
    /// The cycle cells of a plane graph ([`Graph::with_cells`]); `None` for a graph without an embedding.
    cells: Option<Arc<Cells>>,
}

impl Graph {
    /// Builds a graph from its edges, in order: edge `i` of the result is
    /// `edges[i]`. The vertices are `0..=max`, the largest vertex named;
    /// those without an edge are isolated.
    pub fn from_edges(edges: &[(Vertex, Vertex)]) -> Result<Graph, GraphError> {
        let vertices = match edges.iter().map(|&(u, v)| u.max(v)).max() {
            None => 0,
            Some(max) => match max.checked_add(1) {
                Some(n) => n,
                None => return Err(GraphError::too_large(GraphSize::new(max as u128 + 1, edges.len() as u128))),
            },
        };
        Graph::new(vertices, edges)
    }

    /// Builds a graph on the vertices `0..vertices` from its edges, in
    /// order. Refuses a graph past [`GraphSize::LIMIT`] before allocating,
    /// and any edge that is a self-loop, repeats an earlier edge, or names a
    /// vertex past `vertices`.
    pub fn new(vertices: usize, edges: &[(Vertex, Vertex)]) -> Result<Graph, GraphError> {
        let size = GraphSize::new(vertices as u128, edges.len() as u128);
        if !size.within_limit() {
            return Err(GraphError::too_large(size));
        }
        validate(vertices, edges)?;
        Ok(Graph::build(vertices, edges))
    }

    /// [`Graph::new`], refusing first a graph whose memory
    /// ([`GraphSize::bytes`]) would not fit in `budget`.
    pub fn new_within(vertices: usize, edges: &[(Vertex, Vertex)], budget: Budget) -> Result<Graph, GraphError> {
        check_budget(GraphSize::new(vertices as u128, edges.len() as u128), budget)?;
        Graph::new(vertices, edges)
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
        // The incidence lists in one array, by counting: each vertex's
        // edges stay in edge order.
        let mut offsets = vec![0usize; n + 1];
        for &(u, v) in edges {
            offsets[u + 1] += 1;
            offsets[v + 1] += 1;
        }
        for v in 0..n {
            offsets[v + 1] += offsets[v];
        }
        let mut next = offsets.clone();
        let mut adjacent = vec![(0, 0); 2 * edges.len()];
        for (i, &(u, v)) in edges.iter().enumerate() {
            inner.add_edge(NodeIndex::new(u), NodeIndex::new(v), ());
            adjacent[next[u]] = (i, v);
            next[u] += 1;
            adjacent[next[v]] = (i, u);
            next[v] += 1;
        }
        Graph { inner, ends: edges.to_vec(), offsets, adjacent, cells: None }
    }

    /// Number of vertices, isolated vertices included.
    pub fn vertex_count(&self) -> usize {
        self.offsets.len() - 1
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

    /// The edges at `v` in edge order, each with its other end.
    pub fn incidence(&self, v: Vertex) -> &[(EdgeId, Vertex)] {
        &self.adjacent[self.offsets[v]..self.offsets[v + 1]]
    }

    /// Degree of `v`.
    pub fn degree(&self, v: Vertex) -> usize {
        self.offsets[v + 1] - self.offsets[v]
    }

    /// `true` if no edge is at `v`.
    pub fn is_isolated(&self, v: Vertex) -> bool {
        self.degree(v) == 0
    }

    /// The isolated vertices, in increasing order.
    pub fn isolated_vertices(&self) -> Vec<Vertex> {
        (0..self.vertex_count()).filter(|&v| self.is_isolated(v)).collect()
    }

    /// Number of isolated vertices: those the game ignores.
    pub fn isolated_count(&self) -> usize {
        (0..self.vertex_count()).filter(|&v| self.is_isolated(v)).count()
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
        (0..self.vertex_count()).filter(|&v| self.degree(v) >= 2).collect()
    }

    /// The edge joining `u` and `v`, if any.
    pub fn edge_between(&self, u: Vertex, v: Vertex) -> Option<EdgeId> {
        if u >= self.vertex_count() || v >= self.vertex_count() {
            return None;
        }
        self.incidence(u).iter().find(|&&(_, w)| w == v).map(|&(e, _)| e)
    }

    /// `true` when the graph is connected (the empty graph counts as
    /// connected; an isolated vertex is a component of its own).
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

    /// The bytes the graph holds on the heap, from the capacities of its
    /// arrays; [`GraphSize::bytes`] estimates it before the graph exists.
    pub fn heap_bytes(&self) -> u64 {
        use std::mem::size_of;
        let (nodes, edges) = self.inner.capacity();
        let bytes = nodes * size_of::<petgraph::graph::Node<()>>()
            + edges * size_of::<petgraph::graph::Edge<()>>()
            + self.ends.capacity() * size_of::<(Vertex, Vertex)>()
            + self.offsets.capacity() * size_of::<usize>()
            + self.adjacent.capacity() * size_of::<(EdgeId, Vertex)>();
        bytes as u64
    }

    /// The size of the graph.
    pub fn size(&self) -> GraphSize {
        GraphSize::new(self.vertex_count() as u128, self.edge_count() as u128)
    }

    /// The edge list in the textual syntax of [`formats`](crate::formats): `0-1,1-2`.
    pub fn edge_list(&self) -> String {
        let parts: Vec<String> = self.ends.iter().map(|(u, v)| format!("{u}-{v}")).collect();
        parts.join(",")
    }
}

/// `Err(GraphError::OverBudget)` when a graph of this size would not fit in `budget`.
pub fn check_budget(size: GraphSize, budget: Budget) -> Result<(), GraphError> {
    size.check_budget(budget).map_err(|o| GraphError::OverBudget { size, needed: o.needed, budget: o.budget })
}

/// Checks that the edges name vertices below `vertices`, and that none is a
/// self-loop or repeats an earlier edge; names the first bad edge. Repeats
/// are found by sorting, so the check holds 24 bytes per edge and no more.
fn validate(vertices: usize, edges: &[(Vertex, Vertex)]) -> Result<(), GraphError> {
    if let Some((edge, &(u, v))) = edges.iter().enumerate().find(|(_, (u, v))| *u.max(v) >= vertices) {
        return Err(GraphError::VertexOutOfRange { edge, vertex: u.max(v), vertices });
    }
    let first_loop = edges.iter().position(|&(u, v)| u == v);
    let mut sorted: Vec<(Vertex, Vertex, EdgeId)> =
        edges.iter().enumerate().map(|(i, &(u, v))| (u.min(v), u.max(v), i)).collect();
    sorted.sort_unstable();
    // In each run of equal pairs the indices ascend: the second is the first repeat.
    let first_repeat = sorted.windows(2).filter(|w| (w[0].0, w[0].1) == (w[1].0, w[1].1)).map(|w| w[1].2).min();
    match (first_loop, first_repeat) {
        (Some(l), r) if r.is_none_or(|r| l < r) => Err(GraphError::SelfLoop { edge: l, vertex: edges[l].0 }),
        (_, Some(r)) => Err(GraphError::RepeatedEdge { edge: r, u: edges[r].0, v: edges[r].1 }),
        _ => Ok(()),
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
        assert_eq!(Graph::from_edges(&[(0, 1), (1, 1)]), Err(GraphError::SelfLoop { edge: 1, vertex: 1 }));
        assert_eq!(Graph::from_edges(&[(0, 1), (1, 2), (2, 1)]), Err(GraphError::RepeatedEdge { edge: 2, u: 2, v: 1 }));
        // The first bad edge wins, loop or repeat.
        assert_eq!(Graph::from_edges(&[(0, 1), (1, 0), (2, 2)]), Err(GraphError::RepeatedEdge { edge: 1, u: 1, v: 0 }));
        assert_eq!(Graph::from_edges(&[(0, 1), (2, 2), (1, 0)]), Err(GraphError::SelfLoop { edge: 1, vertex: 2 }));
        assert_eq!(
            Graph::new(3, &[(0, 1), (1, 3)]),
            Err(GraphError::VertexOutOfRange { edge: 1, vertex: 3, vertices: 3 })
        );
    }

    #[test]
    fn isolated_vertices_are_kept_with_their_numbers() {
        let g = Graph::from_edges(&[(0, 1), (3, 1)]).unwrap();
        assert_eq!(g.vertex_count(), 4);
        assert_eq!(g.isolated_vertices(), vec![2]);
        assert_eq!(g.isolated_count(), 1);
        assert_eq!(g.ends(1), (3, 1));
        assert_eq!(g.internal_vertices(), vec![1]);
        let none = Graph::new(5, &[]).unwrap();
        assert!(none.is_empty() && none.isolated_count() == 5);
        assert_eq!(Graph::from_edges(&[]).unwrap(), Graph::empty());
    }

    #[test]
    fn sizes_past_the_limit_are_refused_before_building() {
        let huge = Graph::from_edges(&[(0, usize::MAX)]).unwrap_err();
        assert_eq!(huge, GraphError::too_large(GraphSize::new(1 << 64, 1)));
        let wide = Graph::new(crate::size::MAX_VERTICES + 1, &[(0, 1)]).unwrap_err();
        assert!(matches!(wide, GraphError::TooLarge { .. }), "{wide}");
        let tight = Graph::new_within(10, &[(0, 1)], Budget::bytes(100)).unwrap_err();
        assert!(matches!(tight, GraphError::OverBudget { budget: 100, .. }), "{tight}");
    }

    #[test]
    fn the_estimate_bounds_what_a_graph_holds() {
        for (n, edges) in [
            (2, vec![(0, 1)]),
            (6, vec![(0, 1), (1, 2), (1, 3), (4, 5)]),
            (1000, (0..999).map(|i| (i, i + 1)).collect::<Vec<_>>()),
            (50, vec![]),
        ] {
            let g = Graph::new(n, &edges).unwrap();
            assert!(g.heap_bytes() <= g.size().bytes(), "{} > {}", g.heap_bytes(), g.size().bytes());
        }
    }

    #[test]
    fn incidence_and_leaves() {
        let g = Graph::from_edges(&[(0, 1), (1, 2), (1, 3)]).unwrap();
        assert_eq!(g.degree(1), 3);
        assert_eq!(g.incidence(1), &[(0, 0), (1, 2), (2, 3)]);
        assert_eq!(g.leaves(), vec![0, 2, 3]);
        assert_eq!(g.internal_vertices(), vec![1]);
        assert_eq!(g.edge_between(3, 1), Some(2));
        assert_eq!(g.edge_between(0, 2), None);
        assert!(g.is_connected() && g.is_forest());
        let c = Graph::from_edges(&[(0, 1), (1, 2), (2, 0), (3, 4)]).unwrap();
        assert!(!c.is_connected() && !c.is_forest());
    }

    #[test]
    fn messages_are_one_line() {
        for e in [
            GraphError::SelfLoop { edge: 0, vertex: 0 },
            GraphError::RepeatedEdge { edge: 1, u: 0, v: 1 },
            GraphError::VertexOutOfRange { edge: 1, vertex: 3, vertices: 3 },
            GraphError::too_large(GraphSize::new(5, 2_000_000)),
            GraphError::OverBudget { size: GraphSize::new(5, 4), needed: 900, budget: 100 },
        ] {
            let m = e.to_string();
            assert!(!m.contains('\n') && !m.contains("--"), "{m}");
        }
        assert_eq!(
            GraphError::too_large(GraphSize::new(5, 2_000_000)).to_string(),
            "a graph with 2,000,000 edges is past the limit of 1,000,000 edges"
        );
        assert_eq!(
            GraphError::too_large(GraphSize::new(2_000_001, 0)).to_string(),
            "a graph with 2,000,001 vertices is past the limit of 2,000,000 vertices"
        );
    }
}
