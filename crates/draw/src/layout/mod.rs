//! Where each vertex goes.
//!
//! A given [`Drawing`] is used as it is (scaled only). Otherwise the graph
//! is split into its connected components, each laid out by its shape and
//! the components packed side by side (`pack`):
//!
//! * a path in a line, a cycle as a regular polygon (`shapes`);
//! * a spider radially, hub in the middle and each leg a straight ray;
//! * any other tree in layers, parents centred over their children;
//! * a plane graph (one carrying cells) by Tutte's barycentric embedding
//!   of its cells (`plane`), when that gives a plane drawing;
//! * any other graph by stress majorization from graph distances
//!   (`stress`), then overlap removal (`repair`).
//!
//! Coordinates are in *units*, an edge being about one unit long, with the
//! y axis pointing up (as in [`Drawing`]). In every layout but a given
//! drawing, no two vertices are nearer than [`MIN_VERTEX_DISTANCE`] and no
//! vertex is nearer than [`MIN_EDGE_CLEARANCE`] to an edge it is not an end
//! of ([`Layout::clearance`] measures both).

mod near;
mod pack;
mod plane;
mod repair;
mod shapes;
mod stress;

pub(crate) use pack::bounds;

use crate::error::DrawError;
use arrows_core::plane::{Drawing, Point};
use arrows_core::shape::{Spider, linear_forest};
use arrows_core::{Graph, Vertex};
use serde::Serialize;

/// The least distance between two vertices of a layout, in units.
pub const MIN_VERTEX_DISTANCE: f64 = 0.6;
/// The least distance from a vertex to an edge it is not an end of, in units.
pub const MIN_EDGE_CLEARANCE: f64 = 0.3;
/// The length, in units, short edges are stretched to where the picture may grow for them.
const SHORTEST_EDGE: f64 = 0.9;
/// The most a layout is scaled up for its short edges.
const MAX_STRETCH: f64 = 2.5;
/// The most vertices a picture takes.
pub const MAX_VERTICES: usize = 10_000;
/// The most vertices of a component laid out from graph distances (its
/// cost grows with the square of this number).
pub const MAX_STRESS_VERTICES: usize = 500;

/// How a layout was made.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize)]
#[serde(rename_all = "lowercase")]
pub enum Method {
    /// The drawing given with the graph, scaled.
    Given,
    /// One path, in a line.
    Path,
    /// One cycle, as a regular polygon.
    Cycle,
    /// One spider, radially.
    Spider,
    /// One tree, in layers.
    Tree,
    /// A plane graph, by Tutte's embedding of its cells.
    Plane,
    /// One graph, by stress majorization.
    Stress,
    /// Several components, each by its own method, packed side by side.
    Components,
}

/// The position of every vertex, in units (an edge about one unit long, y up).
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct Layout {
    points: Vec<Point>,
    method: Method,
}

/// How near a layout brings vertices to each other and to edges.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Clearance {
    /// The least distance between two vertices (infinite with fewer than two).
    pub vertex_distance: f64,
    /// The least distance from a vertex to an edge it is not an end of (infinite when there is none).
    pub edge_clearance: f64,
}

impl Layout {
    /// The layout of `graph`: `drawing` when given, otherwise one made from
    /// the graph's shape as the [module](self) describes.
    pub fn of(graph: &Graph, drawing: Option<&Drawing>) -> Result<Layout, DrawError> {
        let n = graph.vertex_count();
        if n > MAX_VERTICES {
            return Err(DrawError::TooLarge { layout: "a picture", vertices: n, limit: MAX_VERTICES });
        }
        if let Some(d) = drawing {
            if d.points().len() != n {
                return Err(DrawError::DrawingVertexCount { points: d.points().len(), vertices: n });
            }
            return Ok(Layout { points: given(d.points(), graph.edges()), method: Method::Given });
        }
        if graph.cells().is_some_and(|c| !c.is_empty())
            && graph.is_connected()
            && graph.isolated_count() == 0
            && let Some(points) = plane::layout(graph)
        {
            let mut points = given(&points, graph.edges());
            repair::repair(&mut points, graph.edges());
            if Drawing::new(points.clone()).is_ok_and(|d| d.check(graph).is_ok()) {
                return Ok(Layout { points, method: Method::Plane });
            }
        }
        let parts = components(graph);
        if let [only] = &parts[..] {
            let (sub, _) = subgraph(graph, only);
            let (points, method) = connected(&sub)?;
            return Ok(Layout { points, method });
        }
        let mut laid = Vec::with_capacity(parts.len());
        for part in &parts {
            let (sub, _) = subgraph(graph, part);
            laid.push(connected(&sub)?.0);
        }
        let moves = pack::pack(&laid);
        let mut points = vec![Point::new(0.0, 0.0); n];
        for ((part, local), (dx, dy)) in parts.iter().zip(&laid).zip(moves) {
            for (&v, p) in part.iter().zip(local) {
                points[v] = Point::new(p.x + dx, p.y + dy);
            }
        }
        Ok(Layout { points, method: Method::Components })
    }

    /// The points, `points()[v]` for vertex `v`.
    pub fn points(&self) -> &[Point] {
        &self.points
    }

    /// How the layout was made.
    pub fn method(&self) -> Method {
        self.method
    }

    /// The least distance between vertices, and from a vertex to an edge it
    /// is not an end of, in units (every pair compared).
    pub fn clearance(&self, graph: &Graph) -> Clearance {
        let p = &self.points;
        let mut c = Clearance { vertex_distance: f64::INFINITY, edge_clearance: f64::INFINITY };
        for u in 0..p.len() {
            for v in u + 1..p.len() {
                c.vertex_distance = c.vertex_distance.min(near::distance(p[u], p[v]));
            }
            for &(a, b) in graph.edges() {
                if u != a && u != b {
                    c.edge_clearance = c.edge_clearance.min(near::to_segment(p[u], p[a], p[b]).0);
                }
            }
        }
        c
    }
}

/// A given drawing scaled so its median edge is one unit long, and then
/// up (at most five times) until vertices and edges keep the minimum
/// distances, as far as scaling can make them.
fn given(points: &[Point], edges: &[(Vertex, Vertex)]) -> Vec<Point> {
    let mut lengths: Vec<f64> = edges.iter().map(|&(a, b)| near::distance(points[a], points[b])).collect();
    lengths.sort_by(f64::total_cmp);
    let median = lengths.get(lengths.len() / 2).copied().filter(|&m| m > 0.0).unwrap_or(1.0);
    // Short edges (a plane family's inner edges) stretched to a readable
    // length, as far as the picture may grow for them.
    let shortest = lengths.iter().copied().find(|&l| l > 0.0).unwrap_or(median);
    let mut scale = (1.0 / median).max((SHORTEST_EDGE / shortest).min(MAX_STRETCH / median));
    let scaled = |s: f64| points.iter().map(|p| Point::new(p.x * s, p.y * s)).collect::<Vec<_>>();
    let found = near::near(&scaled(scale), edges, MIN_VERTEX_DISTANCE, MIN_EDGE_CLEARANCE);
    let worst = found
        .vertices
        .iter()
        .map(|x| x.2 / MIN_VERTEX_DISTANCE)
        .chain(found.edges.iter().map(|x| x.2 / MIN_EDGE_CLEARANCE))
        .fold(1.0, f64::min);
    if worst < 1.0 {
        scale *= (1.0 / worst.max(1e-9)).min(5.0);
    }
    scaled(scale)
}

/// Scales `points` up so that the shortest edge is [`SHORTEST_EDGE`]
/// long, by at most [`MAX_STRETCH`] (dense graphs, whose graph distances
/// are all small, otherwise come out cramped).
fn stretch(points: &mut [Point], edges: &[(Vertex, Vertex)]) {
    let shortest = edges.iter().map(|&(a, b)| near::distance(points[a], points[b])).fold(f64::INFINITY, f64::min);
    if shortest.is_finite() && shortest > 0.0 && shortest < SHORTEST_EDGE {
        let s = (SHORTEST_EDGE / shortest).min(MAX_STRETCH);
        points.iter_mut().for_each(|p| *p = Point::new(p.x * s, p.y * s));
    }
}

/// The layout of a connected graph (renumbered `0..n`), and how it was made.
fn connected(graph: &Graph) -> Result<(Vec<Point>, Method), DrawError> {
    let n = graph.vertex_count();
    if n == 1 {
        return Ok((vec![Point::new(0.0, 0.0)], Method::Path));
    }
    if linear_forest(graph).is_some() {
        return Ok((shapes::path(graph), Method::Path));
    }
    if let Some(spider) = Spider::recognize(graph) {
        return Ok((shapes::spider(graph, &spider), Method::Spider));
    }
    if graph.is_forest() {
        return Ok((shapes::tree(graph), Method::Tree));
    }
    if (0..n).all(|v| graph.degree(v) == 2) {
        return Ok((shapes::cycle(graph), Method::Cycle));
    }
    if n > MAX_STRESS_VERTICES {
        return Err(DrawError::TooLarge {
            layout: "a layout from graph distances",
            vertices: n,
            limit: MAX_STRESS_VERTICES,
        });
    }
    let mut points = stress::layout(graph);
    stretch(&mut points, graph.edges());
    repair::repair(&mut points, graph.edges());
    Ok((points, Method::Stress))
}

/// The vertex sets of the connected components (an isolated vertex is one),
/// each sorted, in order of their smallest vertex.
fn components(graph: &Graph) -> Vec<Vec<Vertex>> {
    let n = graph.vertex_count();
    let mut seen = vec![false; n];
    let mut parts = Vec::new();
    for s in 0..n {
        if seen[s] {
            continue;
        }
        seen[s] = true;
        let mut part = vec![s];
        let mut i = 0;
        while i < part.len() {
            for &(_, w) in graph.incidence(part[i]) {
                if !seen[w] {
                    seen[w] = true;
                    part.push(w);
                }
            }
            i += 1;
        }
        part.sort_unstable();
        parts.push(part);
    }
    parts
}

/// The subgraph induced by `vertices` (sorted), renumbered `0..`, and the
/// map from new numbers to old.
fn subgraph(graph: &Graph, vertices: &[Vertex]) -> (Graph, Vec<Vertex>) {
    let mut local = vec![usize::MAX; graph.vertex_count()];
    for (i, &v) in vertices.iter().enumerate() {
        local[v] = i;
    }
    let edges: Vec<(Vertex, Vertex)> =
        graph.edges().iter().filter(|&&(s, _)| local[s] != usize::MAX).map(|&(s, t)| (local[s], local[t])).collect();
    let sub = Graph::new(vertices.len(), &edges).expect("a component of a simple graph is a simple graph");
    (sub, vertices.to_vec())
}
