//! A plane graph given by its cells but no drawing: Tutte's barycentric
//! embedding. The outer face (the cycle of the edges that lie in exactly
//! one cell) is fixed on a circle and every other vertex is placed at the
//! mean of its neighbours. Tutte's theorem makes this a plane drawing
//! with convex faces for a 3-connected graph; for any other graph the
//! result is checked, and the caller falls back on another layout when it
//! is not a plane drawing.

use arrows_core::plane::{Drawing, Point};
use arrows_core::{Graph, Vertex};
use std::f64::consts::{FRAC_PI_2, TAU};

/// Gauss-Seidel sweeps at most.
const MAX_SWEEPS: usize = 20_000;

/// The outer cycle of a connected plane graph, walked from its vertex of
/// smallest number: `None` unless every edge lies in a cell and the edges
/// in exactly one cell form one cycle.
fn outer_cycle(graph: &Graph) -> Option<Vec<Vertex>> {
    let cells = graph.cells()?;
    let n = graph.vertex_count();
    let mut outer_at: Vec<Vec<Vertex>> = vec![Vec::new(); n];
    let mut outer_edges = 0;
    for (e, &(s, t)) in graph.edges().iter().enumerate() {
        match cells.containing(e).len() {
            0 => return None,
            1 => {
                outer_at[s].push(t);
                outer_at[t].push(s);
                outer_edges += 1;
            }
            _ => {}
        }
    }
    if outer_at.iter().any(|a| !a.is_empty() && a.len() != 2) {
        return None;
    }
    let start = outer_at.iter().position(|a| !a.is_empty())?;
    let mut ring = vec![start];
    let (mut previous, mut at) = (start, outer_at[start][0]);
    while at != start {
        ring.push(at);
        let next = if outer_at[at][0] == previous { outer_at[at][1] } else { outer_at[at][0] };
        (previous, at) = (at, next);
    }
    (ring.len() == outer_edges).then_some(ring)
}

/// Tutte's embedding of a connected plane graph, edges about one unit
/// long on the outer face; `None` when the graph has no outer cycle as
/// [`outer_cycle`] finds it, or the result is not a plane drawing.
pub(crate) fn layout(graph: &Graph) -> Option<Vec<Point>> {
    let ring = outer_cycle(graph)?;
    let n = graph.vertex_count();
    let radius = 0.5 / (std::f64::consts::PI / ring.len() as f64).sin();
    let mut fixed = vec![false; n];
    let mut points = vec![Point::new(0.0, 0.0); n];
    for (k, &v) in ring.iter().enumerate() {
        let a = FRAC_PI_2 - TAU * k as f64 / ring.len() as f64;
        points[v] = Point::new(radius * a.cos(), radius * a.sin());
        fixed[v] = true;
    }
    let free: Vec<Vertex> = (0..n).filter(|&v| !fixed[v]).collect();
    for _ in 0..MAX_SWEEPS {
        let mut moved = 0.0f64;
        for &v in &free {
            let around = graph.incidence(v);
            let (sx, sy) = around.iter().fold((0.0, 0.0), |(x, y), &(_, w)| (x + points[w].x, y + points[w].y));
            let p = Point::new(sx / around.len() as f64, sy / around.len() as f64);
            moved = moved.max((p.x - points[v].x).abs() + (p.y - points[v].y).abs());
            points[v] = p;
        }
        if moved < 1e-10 * radius {
            break;
        }
    }
    let drawing = Drawing::new(points).ok()?;
    drawing.check(graph).ok()?;
    Some(drawing.points().to_vec())
}

#[cfg(test)]
mod tests {
    use super::*;
    use arrows_core::plane::families;

    #[test]
    fn a_board_without_positions_is_drawn_plane() {
        for board in
            [families::k4(), families::wheel(6).unwrap(), families::grid(3, 4).unwrap(), families::prism(5).unwrap()]
        {
            let points = layout(&board.graph).expect("a 3-connected or grid board has a Tutte drawing");
            let cells = Drawing::new(points).unwrap().cells(&board.graph).unwrap();
            assert_eq!(cells.len(), board.graph.cells().unwrap().len());
        }
        // A cycle with its one cell is its outer face: a polygon.
        assert!(layout(&families::cycle(5).unwrap().graph).is_some());
    }
}
