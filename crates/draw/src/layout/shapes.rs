//! Layouts read off the shape of a connected graph: a path in a line, a
//! cycle as a regular polygon, a spider radially, any other tree in layers.
//! Edges are one unit long, except where a spider's many legs need room.

use super::{MIN_EDGE_CLEARANCE, MIN_VERTEX_DISTANCE};
use arrows_core::plane::Point;
use arrows_core::shape::{Spider, walk};
use arrows_core::{Graph, Vertex};
use std::f64::consts::{FRAC_PI_2, PI, TAU};

/// A path, walked from its end of smaller number, along the x axis.
pub(crate) fn path(graph: &Graph) -> Vec<Point> {
    let start = (0..graph.vertex_count()).find(|&v| graph.degree(v) == 1).expect("a path has an end");
    let w = walk(graph, start, graph.incidence(start)[0].0);
    let mut points = vec![Point::new(0.0, 0.0); graph.vertex_count()];
    for (i, &v) in w.vertices.iter().enumerate() {
        points[v] = Point::new((i + 1) as f64, 0.0);
    }
    points
}

/// A cycle as a regular polygon with sides of one unit: vertex 0 at the
/// top, then round clockwise from its first edge.
pub(crate) fn cycle(graph: &Graph) -> Vec<Point> {
    let n = graph.vertex_count();
    let w = walk(graph, 0, graph.incidence(0)[0].0);
    let radius = 0.5 / (PI / n as f64).sin();
    let at = |k: usize| {
        let a = FRAC_PI_2 - TAU * k as f64 / n as f64;
        Point::new(radius * a.cos(), radius * a.sin())
    };
    let mut points = vec![at(0); n];
    for (k, &v) in w.vertices.iter().enumerate().take(n - 1) {
        points[v] = at(k + 1);
    }
    points
}

/// A spider drawn radially: the hub at the origin, each leg a straight ray,
/// the first leg pointing up and the others round clockwise in the order of
/// the hub's edges. The first vertex of each leg is placed far enough out
/// that neighbouring legs keep their vertices and edges apart.
pub(crate) fn spider(graph: &Graph, spider: &Spider) -> Vec<Point> {
    let k = spider.legs.len();
    let half = PI / k as f64;
    // Neighbouring first vertices at least a vertex distance apart, and (for
    // legs less than a right angle apart) clear of the neighbouring ray.
    let mut first = 1.0f64.max(1.25 * MIN_VERTEX_DISTANCE / (2.0 * half.sin()));
    if k > 4 {
        first = first.max(1.5 * MIN_EDGE_CLEARANCE / (2.0 * half).sin());
    }
    let mut points = vec![Point::new(0.0, 0.0); graph.vertex_count()];
    for (j, leg) in spider.legs.iter().enumerate() {
        let a = FRAC_PI_2 - TAU * j as f64 / k as f64;
        for (i, &v) in leg.vertices.iter().enumerate() {
            let r = first + i as f64;
            points[v] = Point::new(r * a.cos(), r * a.sin());
        }
    }
    points
}

/// A tree in layers: rooted at a centre (the middle of a longest path), the
/// root on top and each layer at least one unit below the one before;
/// leaves one unit apart from left to right, each parent centred over its
/// children. The subtrees occupy disjoint columns, and an edge only spans
/// two neighbouring layers, steep enough to keep clear of the vertices
/// beside its ends.
pub(crate) fn tree(graph: &Graph) -> Vec<Point> {
    let n = graph.vertex_count();
    let root = centre(graph);
    // Parents and a preorder, without recursion (trees may be deep).
    let mut parent = vec![usize::MAX; n];
    let mut depth = vec![0usize; n];
    let mut order = Vec::with_capacity(n);
    let mut stack = vec![root];
    parent[root] = root;
    while let Some(v) = stack.pop() {
        order.push(v);
        // Reversed so that children come off the stack in edge order.
        for &(_, w) in graph.incidence(v).iter().rev() {
            if parent[w] == usize::MAX {
                parent[w] = v;
                depth[w] = depth[v] + 1;
                stack.push(w);
            }
        }
    }
    // Preorder visits the leaves from left to right.
    let mut x = vec![f64::NAN; n];
    let mut next_leaf = 0.0;
    for &v in &order {
        if v != root && graph.degree(v) == 1 {
            x[v] = next_leaf;
            next_leaf += 1.0;
        }
    }
    // Children before parents: each parent between its first and last child.
    let mut span = vec![(f64::MAX, f64::MIN); n];
    for &v in order.iter().rev() {
        if x[v].is_nan() {
            x[v] = (span[v].0 + span[v].1) / 2.0;
        }
        if v != root {
            let p = parent[v];
            span[p] = (span[p].0.min(x[v]), span[p].1.max(x[v]));
        }
    }
    // Layers far enough apart that a slanting edge keeps clear of the
    // vertices beside its ends: the gap below a layer grows with the widest
    // edge leaving it.
    let layers = depth.iter().copied().max().unwrap_or(0) + 1;
    let mut gap = vec![1.0f64; layers];
    for v in 0..n {
        if v != root {
            let span = (x[v] - x[parent[v]]).abs();
            gap[depth[parent[v]]] = gap[depth[parent[v]]].max(TREE_SLANT * span);
        }
    }
    let mut y = vec![0.0; layers];
    for d in 1..layers {
        y[d] = y[d - 1] - gap[d - 1];
    }
    (0..n).map(|v| Point::new(x[v], y[depth[v]])).collect()
}

/// The least ratio of a layer gap to the horizontal span of an edge across
/// it: a vertex one unit beside an end of the edge is then at least
/// `TREE_SLANT / (1 + TREE_SLANT^2)^(1/2)` (0.37) from it.
const TREE_SLANT: f64 = 0.4;

/// The middle vertex of a longest path: found by two breadth-first searches.
fn centre(graph: &Graph) -> Vertex {
    let farthest = |from: Vertex| -> (Vertex, Vec<Vertex>) {
        let n = graph.vertex_count();
        let mut parent = vec![usize::MAX; n];
        parent[from] = from;
        let mut queue = std::collections::VecDeque::from([from]);
        let mut last = from;
        while let Some(v) = queue.pop_front() {
            last = v;
            for &(_, w) in graph.incidence(v) {
                if parent[w] == usize::MAX {
                    parent[w] = v;
                    queue.push_back(w);
                }
            }
        }
        (last, parent)
    };
    let (a, _) = farthest(0);
    let (b, parent) = farthest(a);
    let mut path = vec![b];
    while *path.last().expect("a path") != a {
        path.push(parent[*path.last().expect("a path")]);
    }
    path[path.len() / 2]
}
