//! How many states a game has, estimated before any work: what the
//! brute-force and explicit engines need to store.
//!
//! Every decoration containing the starting state is one of `3^k` (each of
//! the `k` unmarked edges unmarked or marked either way). It is a state
//! unless some constrained vertex ends up a sink or a source, which takes
//! *all* its unmarked edges marked one way: at a vertex with `u` unmarked
//! edges that is 2 of the `3^u` ways to mark them when it has no arrow yet,
//! 1 when it has arrows one way, none when it has both. Taking the vertices
//! as independent gives the estimate
//! `3^k · Π_v (1 - bad_v / 3^{u_v})`. It is exact on stars and on any graph
//! whose constrained vertices share no unmarked edge, and within a factor
//! of 3 below the truth on paths of up to 28 edges (where neighbouring
//! vertices are dependent). It is computed in floating point and saturates.

use arrows_core::{Position, VertexCount};

/// The estimated number of states that contain the position's state (its
/// descendants are among them).
pub fn estimated_states(position: Position<'_>) -> f64 {
    let (graph, d) = (position.graph, position.state);
    let k = position.unmarked() as f64;
    let mut log3 = k;
    for v in 0..graph.vertex_count() {
        if !position.variant.is_constrained(graph, v) {
            continue;
        }
        let c = VertexCount::of(graph, d, v);
        if c.unmarked == 0 {
            continue;
        }
        let bad = match (c.ins > 0, c.outs > 0) {
            (true, true) => 0.0,
            (false, false) => 2.0,
            _ => 1.0,
        };
        let fine = 1.0 - bad * 3f64.powi(-(c.unmarked.min(1000) as i32));
        log3 += fine.max(1e-300).log(3.0);
    }
    3f64.powf(log3)
}

/// `x` as a whole number of bytes, saturating at `u64::MAX`.
pub fn saturate(x: f64) -> u64 {
    if x.is_finite() && x < u64::MAX as f64 { x.max(0.0).ceil() as u64 } else { u64::MAX }
}

#[cfg(test)]
mod tests {
    use super::*;
    use arrows_core::{Decoration, Variant, families};

    #[test]
    fn exact_on_a_star_and_saturating_on_large_graphs() {
        let g = families::spider(&[1, 1, 1, 1]).unwrap();
        let d = Decoration::empty(4);
        // 3^4 decorations, of which the two with every edge into or out of the hub are not states.
        let e = estimated_states(Position::new(&g, Variant::Trimmed, &d));
        assert!((e - 79.0).abs() < 1e-6, "{e}");
        let big = families::path(100_000).unwrap();
        let d = Decoration::empty(100_000);
        assert_eq!(saturate(estimated_states(Position::new(&big, Variant::Trimmed, &d))), u64::MAX);
    }
}
