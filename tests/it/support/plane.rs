//! Random plane graphs for the Game of Cycles tests: the Delaunay
//! triangulation of random points with edges removed, its cells traced
//! from the straight-line drawing.

use super::Rng;
use arrows_core::Graph;
use arrows_core::plane::{Drawing, PlaneFamily, Point};
use std::collections::{BTreeSet, HashMap};

/// A random plane graph with at most `max_edges` edges: `points` random
/// points of a 1000 x 1000 grid (distinct), their Delaunay triangulation,
/// then edges removed at random (each with probability 1/4, and more until
/// at most `max_edges` remain); vertices left without an edge are dropped.
/// Its cells are the bounded faces of the drawing. `None` when nothing is
/// left (collinear points).
pub fn random_plane_graph(rng: &mut Rng, points: usize, max_edges: usize) -> Option<Graph> {
    let mut pts: BTreeSet<(u32, u32)> = BTreeSet::new();
    while pts.len() < points {
        pts.insert((rng.below(1000) as u32, rng.below(1000) as u32));
    }
    let pts: Vec<(f64, f64)> = pts.into_iter().map(|(x, y)| (x as f64, y as f64)).collect();
    let input: Vec<delaunator::Point> = pts.iter().map(|&(x, y)| delaunator::Point { x, y }).collect();
    let t = delaunator::triangulate(&input);
    let mut edges: BTreeSet<(usize, usize)> = BTreeSet::new();
    for tri in t.triangles.chunks(3) {
        for k in 0..3 {
            let (u, v) = (tri[k], tri[(k + 1) % 3]);
            edges.insert((u.min(v), u.max(v)));
        }
    }
    let mut edges: Vec<(usize, usize)> = edges.into_iter().filter(|_| rng.below(4) != 0).collect();
    while edges.len() > max_edges {
        edges.swap_remove(rng.below(edges.len()));
    }
    if edges.is_empty() {
        return None;
    }
    let mut id: HashMap<usize, usize> = HashMap::new();
    let mut kept: Vec<Point> = Vec::new();
    let renamed: Vec<(usize, usize)> = edges
        .iter()
        .map(|&(u, v)| {
            let mut name = |w: usize| {
                *id.entry(w).or_insert_with(|| {
                    kept.push(Point::new(pts[w].0, pts[w].1));
                    kept.len() - 1
                })
            };
            (name(u), name(v))
        })
        .collect();
    let graph = Graph::from_edges(&renamed).expect("a simple graph");
    let drawing = Drawing::new(kept).expect("coordinates in range");
    Some(drawing.plane_graph(graph).expect("a triangulation's subgraph is plane"))
}

/// Every plane family member with at most `max_edges` edges (and at
/// least 3), with its cells.
pub fn plane_families(max_edges: usize) -> Vec<(PlaneFamily, Graph)> {
    let mut out = Vec::new();
    let mut push = |f: PlaneFamily| {
        let g = f.build().expect("a family member").graph;
        if g.edge_count() <= max_edges {
            out.push((f, g));
        }
    };
    push(PlaneFamily::K4);
    for n in 3..=max_edges {
        push(PlaneFamily::Cycle(n));
    }
    for n in 3..=max_edges / 2 {
        push(PlaneFamily::Wheel(n));
    }
    for n in 2..=max_edges.div_ceil(2) {
        push(PlaneFamily::Fan(n));
    }
    for a in 1..=max_edges {
        for b in 1..=max_edges {
            for c in a..=max_edges {
                if a + b + c <= max_edges && [a, b, c].iter().filter(|&&l| l == 1).count() <= 1 {
                    push(PlaneFamily::Theta(a, b, c));
                }
            }
        }
    }
    for m in 2..=max_edges {
        for n in m..=max_edges {
            if m * (n - 1) + (m - 1) * n <= max_edges {
                push(PlaneFamily::Grid(m, n));
            }
        }
    }
    for n in 2..=max_edges {
        if 3 * n - 2 <= max_edges {
            push(PlaneFamily::Ladder(n));
        }
    }
    for n in 3..=max_edges / 3 {
        push(PlaneFamily::Prism(n));
    }
    out
}
