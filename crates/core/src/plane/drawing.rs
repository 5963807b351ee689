//! Straight-line drawings: a position for every vertex, the checks that
//! make the drawing plane, and its bounded faces as cells.

use super::cell::Cell;
use super::cells::PlaneError;
use super::faces;
use super::geometry::{Meeting, lex, meeting};
use crate::graph::{EdgeId, Graph, Vertex};
use serde::{Deserialize, Serialize};
use std::fmt;

/// The largest magnitude of a coordinate.
pub const MAX_COORDINATE: f64 = 1e100;
/// The smallest magnitude of a nonzero coordinate.
pub const MIN_COORDINATE: f64 = 1e-100;

/// A point of the plane.
#[derive(Debug, Clone, Copy, PartialEq, Serialize, Deserialize)]
pub struct Point {
    /// Abscissa.
    pub x: f64,
    /// Ordinate (the y axis points up: counterclockwise is positive).
    pub y: f64,
}

impl Point {
    /// The point `(x, y)`.
    pub fn new(x: f64, y: f64) -> Point {
        Point { x, y }
    }
}

/// A straight-line drawing of a graph: `points[v]` is the position of
/// vertex `v`, and each edge is the segment between its ends' positions.
///
/// Coordinates are finite, and each is 0 or has magnitude between
/// [`MIN_COORDINATE`] and [`MAX_COORDINATE`], so that the exact geometric
/// predicates behind [`Drawing::check`] and [`Drawing::cells`] can neither
/// overflow nor underflow.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Drawing {
    points: Vec<Point>,
}

/// An edge named in an error: its number and its two ends.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct EdgeRef {
    /// The edge number.
    pub edge: EdgeId,
    /// Its ends as stored.
    pub ends: (Vertex, Vertex),
}

impl EdgeRef {
    fn of(graph: &Graph, edge: EdgeId) -> EdgeRef {
        EdgeRef { edge, ends: graph.ends(edge) }
    }
}

impl fmt::Display for EdgeRef {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "edge {} ({}-{})", self.edge, self.ends.0, self.ends.1)
    }
}

/// Why a text or a list of points is not a straight-line plane drawing of a graph.
#[derive(Debug, Clone, PartialEq, thiserror::Error)]
pub enum DrawingError {
    /// An entry is not `V:X,Y`.
    #[error("cannot read the position {entry:?}; write each as VERTEX:X,Y, separated by ';', e.g. \"0:0,0;1:1,0\"")]
    Syntax {
        /// The entry as written.
        entry: String,
    },
    /// A position names a vertex the graph does not have.
    #[error(
        "a position is given for vertex {vertex}, but the graph has only {vertex_count} vertices, {}", crate::numbered(*vertex_count)
    )]
    UnknownVertex {
        /// The vertex named.
        vertex: Vertex,
        /// The graph's number of vertices.
        vertex_count: usize,
    },
    /// A vertex has two positions.
    #[error("vertex {vertex} is given a position twice; give each vertex once")]
    RepeatedVertex {
        /// The vertex.
        vertex: Vertex,
    },
    /// A vertex has no position.
    #[error("vertex {vertex} has no position; give every vertex of the graph a position")]
    MissingVertex {
        /// The first vertex without a position.
        vertex: Vertex,
    },
    /// The drawing has a different number of points than the graph has vertices.
    #[error("the drawing has {points} points but the graph has {vertices} vertices; give one point per vertex")]
    WrongVertexCount {
        /// Points in the drawing.
        points: usize,
        /// Vertices in the graph.
        vertices: usize,
    },
    /// A coordinate is infinite, not a number, or out of range.
    #[error(
        "vertex {vertex} has the coordinate {value}; coordinates must be finite and be 0 or between 1e-100 and 1e100 in absolute value"
    )]
    BadCoordinate {
        /// The vertex.
        vertex: Vertex,
        /// The coordinate.
        value: f64,
    },
    /// Two vertices are drawn at the same point.
    #[error("vertices {u} and {v} are drawn at the same point; give them different positions")]
    SamePoint {
        /// One vertex.
        u: Vertex,
        /// The other.
        v: Vertex,
    },
    /// Two edges cross.
    #[error("{first} and {second} cross; a plane drawing has no crossing edges")]
    Cross {
        /// The edge with the smaller number.
        first: EdgeRef,
        /// The other edge.
        second: EdgeRef,
    },
    /// Two collinear edges overlap.
    #[error("{first} and {second} overlap along a line; a plane drawing has no overlapping edges")]
    Overlap {
        /// The edge with the smaller number.
        first: EdgeRef,
        /// The other edge.
        second: EdgeRef,
    },
    /// A vertex lies inside an edge it is not an end of.
    #[error("vertex {vertex}, an end of {first}, lies on {second}; move it off that edge")]
    VertexOnEdge {
        /// The vertex.
        vertex: Vertex,
        /// An edge at the vertex.
        first: EdgeRef,
        /// The edge it lies on.
        second: EdgeRef,
    },
    /// The traced faces were refused as cells (a fault of this library, never of the drawing).
    #[error("the faces traced from the drawing are not valid cells: {0}")]
    Cells(PlaneError),
}

impl DrawingError {
    /// The two edges named by a crossing, an overlap, or a vertex on an edge.
    pub fn edges(&self) -> Option<(EdgeId, EdgeId)> {
        match self {
            DrawingError::Cross { first, second }
            | DrawingError::Overlap { first, second }
            | DrawingError::VertexOnEdge { first, second, .. } => Some((first.edge, second.edge)),
            _ => None,
        }
    }
}

impl Drawing {
    /// The drawing with these points (`points[v]` for vertex `v`), after
    /// checking every coordinate.
    pub fn new(points: Vec<Point>) -> Result<Drawing, DrawingError> {
        for (v, p) in points.iter().enumerate() {
            for value in [p.x, p.y] {
                let a = value.abs();
                if !value.is_finite() || a > MAX_COORDINATE || (a != 0.0 && a < MIN_COORDINATE) {
                    return Err(DrawingError::BadCoordinate { vertex: v, value });
                }
            }
        }
        Ok(Drawing { points })
    }

    /// Reads positions `"0:0,0;1:1,0;2:0.5,1"` (entries separated by `;` or
    /// line breaks, each `VERTEX:X,Y`) for a graph with `vertex_count`
    /// vertices: every vertex must be given exactly once.
    pub fn parse(text: &str, vertex_count: usize) -> Result<Drawing, DrawingError> {
        let mut points: Vec<Option<Point>> = vec![None; vertex_count];
        for entry in text.split([';', '\n']).map(str::trim).filter(|e| !e.is_empty()) {
            let (v, p) = parse_entry(entry)?;
            let slot = points.get_mut(v).ok_or(DrawingError::UnknownVertex { vertex: v, vertex_count })?;
            if slot.replace(p).is_some() {
                return Err(DrawingError::RepeatedVertex { vertex: v });
            }
        }
        if let Some(v) = points.iter().position(Option::is_none) {
            return Err(DrawingError::MissingVertex { vertex: v });
        }
        Drawing::new(points.into_iter().flatten().collect())
    }

    /// The positions as text, `0:0,0;1:1,0`; [`Drawing::parse`] reads it back exactly.
    pub fn to_text(&self) -> String {
        let parts: Vec<String> = self.points.iter().enumerate().map(|(v, p)| format!("{v}:{},{}", p.x, p.y)).collect();
        parts.join(";")
    }

    /// The points, `points()[v]` for vertex `v`.
    pub fn points(&self) -> &[Point] {
        &self.points
    }

    /// The position of vertex `v`.
    pub fn point(&self, v: Vertex) -> Point {
        self.points[v]
    }

    /// Checks that this is a plane straight-line drawing of `graph`: one
    /// point per vertex, no two vertices at one point, and no two edges
    /// crossing, overlapping, or meeting anywhere but at a shared end.
    /// When several pairs of edges meet, the pair with the smallest edge
    /// numbers is named.
    ///
    /// Only pairs of edges whose bounding boxes overlap are tested, so the
    /// cost is near linear for drawings of short edges (a grid of 180,000
    /// edges takes well under a second) and quadratic at worst (many long
    /// edges around one point, such as the spokes of a large wheel).
    pub fn check(&self, graph: &Graph) -> Result<(), DrawingError> {
        if self.points.len() != graph.vertex_count() {
            return Err(DrawingError::WrongVertexCount { points: self.points.len(), vertices: graph.vertex_count() });
        }
        self.check_distinct()?;
        match self.first_meeting(graph) {
            None => Ok(()),
            Some((e, f, how)) => Err(self.meeting_error(graph, e, f, how)),
        }
    }

    /// The bounded faces of this drawing of `graph`, as cells, after
    /// [`Drawing::check`]. Faces are traced from the rotation system (the
    /// edges at each vertex in angular order); in each connected component
    /// the outer face is the one through the leftmost vertex towards the
    /// left, and every other face is bounded. A bounded face's cell is the
    /// cycle that encloses it, walked counterclockwise: edges inside the
    /// face (a pendant tree, a bridge to a block inside) and the boundaries
    /// of blocks inside it are not part of its cell. A component drawn
    /// inside a face of another keeps its own cells and leaves that face's
    /// cell unchanged. Cells are listed by component (in order of their
    /// smallest vertex), then in the order faces are first met along the
    /// edge numbering.
    pub fn cells(&self, graph: &Graph) -> Result<Vec<Cell>, DrawingError> {
        self.check(graph)?;
        Ok(faces::bounded_face_cells(graph, &self.points))
    }

    /// `graph` as a plane graph whose cells are the bounded faces of this drawing.
    pub fn plane_graph(&self, graph: Graph) -> Result<Graph, DrawingError> {
        let cells = self.cells(&graph)?;
        graph.with_cells(cells).map_err(DrawingError::Cells)
    }

    fn check_distinct(&self) -> Result<(), DrawingError> {
        let mut order: Vec<Vertex> = (0..self.points.len()).collect();
        order.sort_by(|&a, &b| lex(self.points[a], self.points[b]).then(a.cmp(&b)));
        for w in order.windows(2) {
            let (a, b) = (self.points[w[0]], self.points[w[1]]);
            if a.x == b.x && a.y == b.y {
                return Err(DrawingError::SamePoint { u: w[0], v: w[1] });
            }
        }
        Ok(())
    }

    /// The pair of edges `(e, f)`, `e < f`, smallest first, that meet
    /// where they should not: a sweep over the x extents of the edges,
    /// testing only pairs whose bounding boxes overlap.
    fn first_meeting(&self, graph: &Graph) -> Option<(EdgeId, EdgeId, Meeting)> {
        let boxes: Vec<[f64; 4]> = graph
            .edges()
            .iter()
            .map(|&(s, t)| {
                let (p, q) = (self.points[s], self.points[t]);
                [p.x.min(q.x), p.x.max(q.x), p.y.min(q.y), p.y.max(q.y)]
            })
            .collect();
        let mut order: Vec<EdgeId> = (0..graph.edge_count()).collect();
        order.sort_by(|&a, &b| boxes[a][0].total_cmp(&boxes[b][0]));
        let mut best: Option<(EdgeId, EdgeId, Meeting)> = None;
        for (i, &e) in order.iter().enumerate() {
            let [_, right, low, high] = boxes[e];
            for &f in order[i + 1..].iter().take_while(|&&f| boxes[f][0] <= right) {
                let (lo, hi) = (e.min(f), e.max(f));
                if boxes[f][2] > high || boxes[f][3] < low || best.is_some_and(|(a, b, _)| (a, b) <= (lo, hi)) {
                    continue;
                }
                let how = self.meet(graph, lo, hi);
                if how != Meeting::Apart {
                    best = Some((lo, hi, how));
                }
            }
        }
        best
    }

    fn meet(&self, graph: &Graph, e: EdgeId, f: EdgeId) -> Meeting {
        let (a, b) = (graph.ends(e), graph.ends(f));
        let (ea, eb) = ([a.0, a.1], [b.0, b.1]);
        let shared = (0..2).flat_map(|i| (0..2).map(move |j| (i, j))).find(|&(i, j)| ea[i] == eb[j]);
        let p = [self.points[a.0], self.points[a.1]];
        let q = [self.points[b.0], self.points[b.1]];
        meeting(p, q, shared)
    }

    fn meeting_error(&self, graph: &Graph, e: EdgeId, f: EdgeId, how: Meeting) -> DrawingError {
        let (first, second) = (EdgeRef::of(graph, e), EdgeRef::of(graph, f));
        match how {
            Meeting::Cross => DrawingError::Cross { first, second },
            Meeting::Touch(k) => {
                // Endpoint k (0, 1 of e; 2, 3 of f) lies inside the other edge.
                let ends = [first.ends.0, first.ends.1, second.ends.0, second.ends.1];
                let (at, on) = if k < 2 { (first, second) } else { (second, first) };
                DrawingError::VertexOnEdge { vertex: ends[k], first: at, second: on }
            }
            _ => DrawingError::Overlap { first, second },
        }
    }
}

fn parse_entry(entry: &str) -> Result<(Vertex, Point), DrawingError> {
    let bad = || DrawingError::Syntax { entry: entry.to_string() };
    let (v, xy) = entry.split_once(':').ok_or_else(bad)?;
    let (x, y) = xy.split_once(',').ok_or_else(bad)?;
    let v: Vertex = v.trim().parse().map_err(|_| bad())?;
    let x: f64 = x.trim().parse().map_err(|_| bad())?;
    let y: f64 = y.trim().parse().map_err(|_| bad())?;
    Ok((v, Point::new(x, y)))
}
