//! Which vertices are too near another vertex or an edge: a uniform grid,
//! so that the check is near linear in the size of the drawing.

use arrows_core::plane::Point;
use std::collections::HashMap;

/// The pairs found closer than the thresholds, each with its distance.
#[derive(Debug, Default)]
pub(crate) struct Near {
    /// Vertex pairs `(u, v, distance)`, `u < v`.
    pub vertices: Vec<(usize, usize, f64)>,
    /// A vertex and an edge it is not an end of: `(vertex, edge, distance)`.
    pub edges: Vec<(usize, usize, f64)>,
}

/// The distance from `p` to the segment `a b`, and the nearest point of the segment.
pub(crate) fn to_segment(p: Point, a: Point, b: Point) -> (f64, Point) {
    let (dx, dy) = (b.x - a.x, b.y - a.y);
    let len2 = dx * dx + dy * dy;
    let t = if len2 == 0.0 { 0.0 } else { (((p.x - a.x) * dx + (p.y - a.y) * dy) / len2).clamp(0.0, 1.0) };
    let q = Point::new(a.x + t * dx, a.y + t * dy);
    (distance(p, q), q)
}

/// The Euclidean distance.
pub(crate) fn distance(p: Point, q: Point) -> f64 {
    (p.x - q.x).hypot(p.y - q.y)
}

/// Every pair of vertices closer than `vertex_gap`, and every vertex closer
/// than `edge_gap` to an edge it is not an end of.
pub(crate) fn near(points: &[Point], edges: &[(usize, usize)], vertex_gap: f64, edge_gap: f64) -> Near {
    let size = vertex_gap.max(edge_gap);
    let cell = |p: Point| ((p.x / size).floor() as i64, (p.y / size).floor() as i64);
    let mut grid: HashMap<(i64, i64), Vec<usize>> = HashMap::new();
    for (v, &p) in points.iter().enumerate() {
        grid.entry(cell(p)).or_default().push(v);
    }
    let mut near = Near::default();
    for (u, &p) in points.iter().enumerate() {
        let (cx, cy) = cell(p);
        for dx in -1..=1 {
            for dy in -1..=1 {
                for &v in grid.get(&(cx + dx, cy + dy)).into_iter().flatten() {
                    let d = distance(p, points[v]);
                    if u < v && d < vertex_gap {
                        near.vertices.push((u, v, d));
                    }
                }
            }
        }
    }
    // Samples every `size` along an edge: a vertex within `edge_gap` of the
    // edge is within `1.5 size` of a sample, inside its 5 x 5 block of cells.
    let mut seen = vec![usize::MAX; points.len()];
    for (e, &(a, b)) in edges.iter().enumerate() {
        let (pa, pb) = (points[a], points[b]);
        let steps = (distance(pa, pb) / size).ceil().max(1.0) as usize;
        let mut last_cell = None;
        for k in 0..=steps {
            let t = k as f64 / steps as f64;
            let (cx, cy) = cell(Point::new(pa.x + t * (pb.x - pa.x), pa.y + t * (pb.y - pa.y)));
            if last_cell == Some((cx, cy)) {
                continue;
            }
            last_cell = Some((cx, cy));
            for dx in -2..=2 {
                for dy in -2..=2 {
                    for &v in grid.get(&(cx + dx, cy + dy)).into_iter().flatten() {
                        if v != a && v != b && seen[v] != e {
                            seen[v] = e;
                            let (d, _) = to_segment(points[v], pa, pb);
                            if d < edge_gap {
                                near.edges.push((v, e, d));
                            }
                        }
                    }
                }
            }
        }
    }
    near.vertices.sort_by_key(|x| (x.0, x.1));
    near.edges.sort_by_key(|x| (x.0, x.1));
    near
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The grid finds exactly what comparing every pair finds.
    #[test]
    fn the_grid_agrees_with_every_pair() {
        let mut state = 7u64;
        let mut next = || {
            state = state.wrapping_mul(6364136223846793005).wrapping_add(1442695040888963407);
            (state >> 11) as f64 / (1u64 << 53) as f64
        };
        for round in 0..20 {
            let n = 5 + round * 3;
            let points: Vec<Point> = (0..n).map(|_| Point::new(6.0 * next() - 3.0, 6.0 * next())).collect();
            let edges: Vec<(usize, usize)> = (0..n).map(|i| (i, (i * 7 + 3) % n)).filter(|(a, b)| a != b).collect();
            let found = near(&points, &edges, 0.5, 0.3);
            let mut pairs = Vec::new();
            for u in 0..n {
                for v in u + 1..n {
                    if distance(points[u], points[v]) < 0.5 {
                        pairs.push((u, v));
                    }
                }
            }
            assert_eq!(found.vertices.iter().map(|&(u, v, _)| (u, v)).collect::<Vec<_>>(), pairs);
            let mut close = Vec::new();
            for v in 0..n {
                for (e, &(a, b)) in edges.iter().enumerate() {
                    if v != a && v != b && to_segment(points[v], points[a], points[b]).0 < 0.3 {
                        close.push((v, e));
                    }
                }
            }
            assert_eq!(found.edges.iter().map(|&(v, e, _)| (v, e)).collect::<Vec<_>>(), close);
        }
    }
}
