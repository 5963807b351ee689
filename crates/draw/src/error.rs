//! Why a picture cannot be drawn: data, with the numbers that explain it.

use arrows_core::{Arrow, EdgeId};

/// Why a [`Picture`](crate::Picture) cannot be drawn. Every variant names
/// the input at fault; none is a fault of the drawing code.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum DrawError {
    /// The state is a decoration of a graph with another number of edges.
    #[error("the state is a decoration of a graph with {state} edges, but the graph has {graph}")]
    StateEdgeCount {
        /// Edges the decoration speaks of.
        state: usize,
        /// Edges of the graph.
        graph: usize,
    },
    /// The labels are not one per vertex.
    #[error("{labels} vertex labels are given, but the graph has {vertices} vertices; give one label a vertex")]
    LabelCount {
        /// Labels given.
        labels: usize,
        /// Vertices of the graph.
        vertices: usize,
    },
    /// A component names an edge the graph does not have.
    #[error("component {component} names edge {edge}, but the graph has only {edge_count} edges")]
    ComponentEdgeOutOfRange {
        /// The component (from 0).
        component: usize,
        /// The edge named.
        edge: EdgeId,
        /// The graph's number of edges.
        edge_count: usize,
    },
    /// A component names an edge that carries an arrow: components are made of unmarked edges.
    #[error("component {component} names edge {edge}, which carries an arrow; components hold unmarked edges only")]
    ComponentEdgeMarked {
        /// The component.
        component: usize,
        /// The marked edge.
        edge: EdgeId,
    },
    /// An edge is named by two components.
    #[error("edge {edge} is in components {first} and {second}; each edge belongs to at most one component")]
    EdgeInTwoComponents {
        /// The edge.
        edge: EdgeId,
        /// The first component naming it.
        first: usize,
        /// The second.
        second: usize,
    },
    /// A highlighted move is not on an edge of the graph.
    #[error("the highlighted move {arrow} is not on an edge of the graph")]
    HighlightNotOnEdge {
        /// The move.
        arrow: Arrow,
    },
    /// A highlighted move lies on an edge that already carries an arrow.
    #[error(
        "the highlighted move {arrow} lies on an edge that already carries an arrow; a move marks an unmarked edge"
    )]
    HighlightOnMarkedEdge {
        /// The move.
        arrow: Arrow,
    },
    /// The given drawing has a different number of points than the graph has vertices.
    #[error("the drawing has {points} points but the graph has {vertices} vertices")]
    DrawingVertexCount {
        /// Points of the drawing.
        points: usize,
        /// Vertices of the graph.
        vertices: usize,
    },
    /// The graph is too large for the layout it needs.
    #[error("{layout} takes at most {limit} vertices, and this graph has {vertices}")]
    TooLarge {
        /// The layout, in words (`"a picture"`, `"a layout from graph distances"`).
        layout: &'static str,
        /// The graph's vertices (of the component laid out, for a layout from distances).
        vertices: usize,
        /// The most that layout takes.
        limit: usize,
    },
}
