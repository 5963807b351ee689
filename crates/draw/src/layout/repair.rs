//! Overlap removal: vertices pushed off each other and off the edges they
//! are not an end of, then, if any pair is still too near, the whole
//! layout scaled up until none is (scaling multiplies every distance, so
//! it always ends the job once no two things coincide).

use super::near::{distance, near, to_segment};
use super::{MIN_EDGE_CLEARANCE, MIN_VERTEX_DISTANCE};
use arrows_core::plane::Point;

/// The distances repair aims for: a little past the guaranteed minimums.
const VERTEX_TARGET: f64 = MIN_VERTEX_DISTANCE * 1.1;
const EDGE_TARGET: f64 = MIN_EDGE_CLEARANCE * 1.2;
/// Rounds of pushes before the layout is scaled instead.
const PUSH_ROUNDS: usize = 60;

/// A direction for two things at one point: fixed per pair, spread around the circle.
fn fallback_direction(i: usize, j: usize) -> (f64, f64) {
    let a = (i * 31 + j * 17) as f64 * 2.399_963_229_728_653; // the golden angle
    (a.cos(), a.sin())
}

/// Moves `points` until no two vertices are nearer than
/// [`MIN_VERTEX_DISTANCE`] and no vertex is nearer than
/// [`MIN_EDGE_CLEARANCE`] to an edge it is not an end of.
pub(crate) fn repair(points: &mut [Point], edges: &[(usize, usize)]) {
    for _ in 0..PUSH_ROUNDS {
        let found = near(points, edges, VERTEX_TARGET, EDGE_TARGET);
        if found.vertices.is_empty() && found.edges.is_empty() {
            return;
        }
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
    scale_apart(points, edges);
}

/// Scales `points` about the origin so that the nearest pair meets the
/// minimums; coincident pairs are first pulled apart.
fn scale_apart(points: &mut [Point], edges: &[(usize, usize)]) {
    loop {
        let found = near(points, edges, VERTEX_TARGET, EDGE_TARGET);
        let worst_vertex = found.vertices.iter().map(|x| x.2 / VERTEX_TARGET).fold(1.0, f64::min);
        let worst_edge = found.edges.iter().map(|x| x.2 / EDGE_TARGET).fold(1.0, f64::min);
        let worst = worst_vertex.min(worst_edge);
        if worst >= 1.0 {
            return;
        }
        if worst > 1e-6 {
            let s = 1.001 / worst;
            for p in points.iter_mut() {
                *p = Point::new(p.x * s, p.y * s);
            }
            continue;
        }
        // Something sits exactly on something else: nudge it off, then scale.
        for &(u, v, d) in &found.vertices {
            if d / VERTEX_TARGET <= 1e-6 {
                let (dx, dy) = fallback_direction(u, v);
                points[v] = Point::new(points[v].x + dx * 0.05, points[v].y + dy * 0.05);
            }
        }
        for &(v, e, d) in &found.edges {
            if d / EDGE_TARGET <= 1e-6 {
                let (dx, dy) = fallback_direction(v, e);
                points[v] = Point::new(points[v].x + dx * 0.05, points[v].y + dy * 0.05);
            }
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
