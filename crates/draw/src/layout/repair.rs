//! Overlap removal: vertices pushed off each other and off the edges they
//! are not an end of (the layout growing a little when crowded), then, if
//! any pair is still too near, the whole layout scaled up until none is
//! (scaling multiplies every distance, so it always ends the job once no
//! two things coincide; pairs far too near are first pushed apart on their
//! own, so that one of them does not blow the whole layout up).

use super::near::{Near, distance, near, to_segment};
use super::{MIN_EDGE_CLEARANCE, MIN_VERTEX_DISTANCE};
use arrows_core::plane::Point;

/// The distances repair aims for: a little past the guaranteed minimums.
const VERTEX_TARGET: f64 = MIN_VERTEX_DISTANCE * 1.1;
const EDGE_TARGET: f64 = MIN_EDGE_CLEARANCE * 1.2;
/// Rounds of pushes before the layout is scaled instead.
const PUSH_ROUNDS: usize = 120;
/// Every this many rounds of pushes, the layout grows by [`GROW`], up to [`MAX_GROWTH`] in all.
const GROW_EVERY: usize = 30;
const GROW: f64 = 1.15;
const MAX_GROWTH: f64 = 2.0;

/// A direction for two things at one point: fixed per pair, spread around the circle.
fn fallback_direction(i: usize, j: usize) -> (f64, f64) {
    let a = (i * 31 + j * 17) as f64 * 2.399_963_229_728_653; // the golden angle
    (a.cos(), a.sin())
}

/// Moves `points` until no two vertices are nearer than
/// [`MIN_VERTEX_DISTANCE`] and no vertex is nearer than
/// [`MIN_EDGE_CLEARANCE`] to an edge it is not an end of.
pub(crate) fn repair(points: &mut [Point], edges: &[(usize, usize)]) {
    let mut grown = 1.0;
    for round in 0..PUSH_ROUNDS {
        let found = near(points, edges, VERTEX_TARGET, EDGE_TARGET);
        if found.vertices.is_empty() && found.edges.is_empty() {
            return;
        }
        push(points, edges, &found);
        // Crowded layouts get a little more room now and then.
        if round % GROW_EVERY == GROW_EVERY - 1 && grown < MAX_GROWTH {
            scale(points, GROW);
            grown *= GROW;
        }
    }
    scale_apart(points, edges);
}

/// One round of pushes: each pair of vertices too near apart, each vertex
/// too near an edge off it (and the edge's ends a little the other way).
fn push(points: &mut [Point], edges: &[(usize, usize)], found: &Near) {
    for &(u, v, _) in &found.vertices {
        let (p, q) = (points[u], points[v]);
        let d = distance(p, q);
        let (dx, dy) = if d > 1e-9 { ((q.x - p.x) / d, (q.y - p.y) / d) } else { fallback_direction(u, v) };
        let push = (VERTEX_TARGET - d).max(0.0) / 2.0 + 0.01;
        points[u] = Point::new(p.x - dx * push, p.y - dy * push);
        points[v] = Point::new(q.x + dx * push, q.y + dy * push);
    }
    for &(v, e, _) in &found.edges {
        let (a, b) = edges[e];
        let (d, q) = to_segment(points[v], points[a], points[b]);
        let p = points[v];
        let (dx, dy) = if d > 1e-9 {
            ((p.x - q.x) / d, (p.y - q.y) / d)
        } else {
            // On the edge's line: off to one side of it.
            let (ex, ey) = (points[b].x - points[a].x, points[b].y - points[a].y);
            let len = ex.hypot(ey);
            if len > 1e-9 { (-ey / len, ex / len) } else { fallback_direction(v, e) }
        };
        let push = (EDGE_TARGET - d).max(0.0) + 0.01;
        points[v] = Point::new(p.x + dx * push * 0.6, p.y + dy * push * 0.6);
        for w in [a, b] {
            points[w] = Point::new(points[w].x - dx * push * 0.2, points[w].y - dy * push * 0.2);
        }
    }
}

fn scale(points: &mut [Point], s: f64) {
    for p in points.iter_mut() {
        *p = Point::new(p.x * s, p.y * s);
    }
}

/// Ends the job when pushing has not: scales `points` about the origin so
/// that the nearest pair meets the minimums. A pair far too near (which
/// would blow the whole layout up) is first pushed apart on its own.
fn scale_apart(points: &mut [Point], edges: &[(usize, usize)]) {
    for round in 0.. {
        let found = near(points, edges, VERTEX_TARGET, EDGE_TARGET);
        let worst_vertex = found.vertices.iter().map(|x| x.2 / VERTEX_TARGET).fold(1.0, f64::min);
        let worst_edge = found.edges.iter().map(|x| x.2 / EDGE_TARGET).fold(1.0, f64::min);
        let worst = worst_vertex.min(worst_edge);
        if worst >= 1.0 {
            return;
        }
        if worst > 0.5 || (worst > 1e-6 && round >= PUSH_ROUNDS) {
            // Every distance grows by the same factor: this ends it.
            scale(points, 1.001 / worst);
            continue;
        }
        // The pairs far too near, pushed apart in full.
        for &(u, v, d) in found.vertices.iter().filter(|x| x.2 < 0.5 * VERTEX_TARGET) {
            let (p, q) = (points[u], points[v]);
            let (dx, dy) = if d > 1e-9 { ((q.x - p.x) / d, (q.y - p.y) / d) } else { fallback_direction(u, v) };
            let push = (VERTEX_TARGET - d) / 2.0 + 0.01;
            points[u] = Point::new(p.x - dx * push, p.y - dy * push);
            points[v] = Point::new(q.x + dx * push, q.y + dy * push);
        }
        for &(v, e, d) in found.edges.iter().filter(|x| x.2 < 0.5 * EDGE_TARGET) {
            let (a, b) = edges[e];
            let (_, q) = to_segment(points[v], points[a], points[b]);
            let p = points[v];
            let (dx, dy) = if d > 1e-9 {
                ((p.x - q.x) / d, (p.y - q.y) / d)
            } else {
                let (ex, ey) = (points[b].x - points[a].x, points[b].y - points[a].y);
                let len = ex.hypot(ey);
                if len > 1e-9 { (-ey / len, ex / len) } else { fallback_direction(v, e) }
            };
            let push = EDGE_TARGET - d + 0.01;
            points[v] = Point::new(p.x + dx * push, p.y + dy * push);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn coincident_vertices_and_a_vertex_on_an_edge_are_separated() {
        // Vertices 0 and 1 at one point, vertex 2 in the middle of edge 3-4.
        let mut points = vec![
            Point::new(0.0, 0.0),
            Point::new(0.0, 0.0),
            Point::new(1.0, 0.0),
            Point::new(0.0, 0.0),
            Point::new(2.0, 0.0),
        ];
        let edges = [(0, 2), (3, 4)];
        repair(&mut points, &edges);
        let found = near(&points, &edges, MIN_VERTEX_DISTANCE, MIN_EDGE_CLEARANCE);
        assert!(found.vertices.is_empty() && found.edges.is_empty(), "{found:?}");
    }
}
