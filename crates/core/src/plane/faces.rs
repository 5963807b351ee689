//! Face tracing on a checked straight-line drawing.
//!
//! Dart `2e` walks edge `e = (s, t)` from `s` to `t`, dart `2e + 1` back.
//! Around each vertex the darts leaving it are sorted counterclockwise (the
//! rotation system); the face on the left of dart `u -> v` continues with
//! the dart leaving `v` just before `v -> u` in that order. Bounded faces
//! are then traced counterclockwise and each component's outer face
//! clockwise. The outer face is found exactly, without areas: it holds the
//! direction pointing left from the component's lexicographically smallest
//! vertex.

use super::cell::{Cell, Step};
use super::drawing::Point;
use super::geometry::{angle_cmp, lex, orient};
use crate::graph::{Graph, Vertex};
use std::cmp::Ordering;

type Dart = usize;

/// The rotation system: the darts leaving each vertex in counterclockwise
/// order, and each dart's position there.
struct Rotation {
    around: Vec<Vec<Dart>>,
    position: Vec<usize>,
}

fn tail(graph: &Graph, d: Dart) -> Vertex {
    let (s, t) = graph.ends(d / 2);
    if d.is_multiple_of(2) { s } else { t }
}

fn head(graph: &Graph, d: Dart) -> Vertex {
    tail(graph, d ^ 1)
}

impl Rotation {
    fn new(graph: &Graph, points: &[Point]) -> Rotation {
        let mut around: Vec<Vec<Dart>> = (0..graph.vertex_count())
            .map(|v| {
                graph.incidence(v).iter().map(|&(e, _)| if graph.ends(e).0 == v { 2 * e } else { 2 * e + 1 }).collect()
            })
            .collect();
        let mut position = vec![0; 2 * graph.edge_count()];
        for (v, darts) in around.iter_mut().enumerate() {
            let o = points[v];
            darts.sort_by(|&a, &b| angle_cmp(o, points[head(graph, a)], points[head(graph, b)]));
            for (i, &d) in darts.iter().enumerate() {
                position[d] = i;
            }
        }
        Rotation { around, position }
    }

    /// The next dart of the face on the left of `d`.
    fn next(&self, graph: &Graph, d: Dart) -> Dart {
        let back = d ^ 1;
        let ring = &self.around[tail(graph, back)];
        ring[(self.position[back] + ring.len() - 1) % ring.len()]
    }
}

/// The cells of the bounded faces of a checked drawing (see [`super::Drawing::cells`]).
pub(crate) fn bounded_face_cells(graph: &Graph, points: &[Point]) -> Vec<Cell> {
    let rotation = Rotation::new(graph, points);
    let component = components(graph);
    let outer = outer_darts(graph, points, &rotation, &component);
    let mut face_of = vec![usize::MAX; 2 * graph.edge_count()];
    let mut faces: Vec<Vec<Dart>> = Vec::new();
    for start in 0..2 * graph.edge_count() {
        if face_of[start] != usize::MAX {
            continue;
        }
        let mut walk = Vec::new();
        let mut d = start;
        while face_of[d] == usize::MAX {
            face_of[d] = faces.len();
            walk.push(d);
            d = rotation.next(graph, d);
        }
        faces.push(walk);
    }
    let outer_faces: Vec<usize> = outer.iter().map(|&d| face_of[d]).collect();
    let mut cells: Vec<(Vertex, usize, Cell)> = Vec::new();
    for (f, walk) in faces.iter().enumerate() {
        if outer_faces.contains(&f) {
            continue;
        }
        if let Some(cell) = enclosing_cycle(graph, points, walk) {
            cells.push((component[tail(graph, walk[0])], f, cell));
        }
    }
    cells.sort_by_key(|&(c, f, _)| (c, f));
    cells.into_iter().map(|(_, _, cell)| cell).collect()
}

/// For each connected component, a dart of its outer face: from the
/// component's lexicographically smallest vertex, the dart whose left side
/// holds the direction pointing left (angle pi).
fn outer_darts(graph: &Graph, points: &[Point], rotation: &Rotation, component: &[usize]) -> Vec<Dart> {
    let mut lowest: Vec<Option<Vertex>> = Vec::new();
    for v in 0..graph.vertex_count() {
        let c = component[v];
        if lowest.len() <= c {
            lowest.resize(c + 1, None);
        }
        if lowest[c].is_none_or(|w| lex(points[v], points[w]) == Ordering::Less) {
            lowest[c] = Some(v);
        }
    }
    lowest
        .into_iter()
        .flatten()
        .filter_map(|v| {
            // Every neighbour lies to the right (or straight above): its angle is in
            // (-pi/2, pi/2]. The darts with angle in [0, pi/2] come first; the wedge
            // holding angle pi starts at the last of them, or at the last dart when
            // all point below the axis. An isolated vertex has no dart (and its
            // component no face).
            let ring = &rotation.around[v];
            let last = ring.len().checked_sub(1)?;
            let o = points[v];
            let up = ring.iter().rposition(|&d| {
                let p = points[head(graph, d)];
                p.y > o.y || (p.y == o.y && p.x > o.x)
            });
            Some(ring[up.unwrap_or(last)])
        })
        .collect()
}

/// The component number of each vertex, numbered in order of their smallest vertex.
fn components(graph: &Graph) -> Vec<usize> {
    let mut component = vec![usize::MAX; graph.vertex_count()];
    let mut count = 0;
    for s in 0..graph.vertex_count() {
        if component[s] != usize::MAX {
            continue;
        }
        component[s] = count;
        let mut stack = vec![s];
        while let Some(v) = stack.pop() {
            for &(_, w) in graph.incidence(v) {
                if component[w] == usize::MAX {
                    component[w] = count;
                    stack.push(w);
                }
            }
        }
        count += 1;
    }
    component
}

/// The cycle that encloses a bounded face traced counterclockwise: the
/// face's walk is cut into simple closed walks wherever it returns to a
/// vertex; bridges give closed walks of two darts, the blocks inside the
/// face clockwise cycles, and the enclosing cycle is the one
/// counterclockwise cycle.
fn enclosing_cycle(graph: &Graph, points: &[Point], walk: &[Dart]) -> Option<Cell> {
    let mut stack: Vec<Dart> = Vec::with_capacity(walk.len());
    let mut open: std::collections::HashMap<Vertex, usize> = std::collections::HashMap::new();
    let mut found: Option<Vec<Dart>> = None;
    for &d in walk {
        open.insert(tail(graph, d), stack.len());
        stack.push(d);
        if let Some(&p) = open.get(&head(graph, d)) {
            let cycle: Vec<Dart> = stack.drain(p..).collect();
            for &c in &cycle {
                open.remove(&tail(graph, c));
            }
            if cycle.len() >= 3 && counterclockwise(graph, points, &cycle) {
                debug_assert!(found.is_none(), "a bounded face has one enclosing cycle");
                found = Some(cycle);
            }
        }
    }
    // Start at the smallest edge, so the walk does not depend on where tracing began.
    let mut cycle = found?;
    let first = (0..cycle.len()).min_by_key(|&k| cycle[k] / 2).expect("a cycle has darts");
    cycle.rotate_left(first);
    Some(Cell::new(cycle.iter().map(|&d| Step::new(d / 2, d % 2 == 0)).collect()))
}

/// `true` when a simple closed walk turns counterclockwise: decided at its
/// lexicographically smallest vertex, where it is convex.
fn counterclockwise(graph: &Graph, points: &[Point], cycle: &[Dart]) -> bool {
    let n = cycle.len();
    let k = (0..n).min_by(|&a, &b| lex(points[tail(graph, cycle[a])], points[tail(graph, cycle[b])])).expect("cycle");
    let prev = points[tail(graph, cycle[(k + n - 1) % n])];
    let here = points[tail(graph, cycle[k])];
    let next = points[head(graph, cycle[k])];
    orient(prev, here, next) == Ordering::Greater
}
