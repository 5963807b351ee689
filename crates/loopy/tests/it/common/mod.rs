//! Independent, deliberately simple reference computations, and random small
//! digraphs for the property tests.

use arrows_loopy::{Digraph, Gamma, GammaLabels, Outcome, VertexId, mex};
use proptest::prelude::*;

/// Brute-force minimax with a depth cap. `win[d][v]`: the player to move at
/// `v` can force a win within `d` moves; `lose[d][v]`: the player to move at
/// `v` loses within `d` moves whatever he does. Any play longer than the
/// number of positions repeats a position, so a position undecided after
/// `2n + 2` moves can only be kept going round cycles: a draw. Returns the
/// outcome and (for P and N) the least such `d`, the remoteness.
pub fn minimax(g: &Digraph) -> Vec<(Outcome, Option<u32>)> {
    let n = g.position_count();
    let depth = 2 * n + 2;
    let mut win = vec![false; n];
    let mut lose: Vec<bool> = (0..n as VertexId).map(|v| g.is_terminal(v)).collect();
    let mut result: Vec<(Outcome, Option<u32>)> =
        (0..n).map(|v| if lose[v] { (Outcome::P, Some(0)) } else { (Outcome::D, None) }).collect();
    for d in 1..=depth as u32 {
        let next_win: Vec<bool> =
            (0..n as VertexId).map(|v| g.followers(v).iter().any(|&w| lose[w as usize])).collect();
        let next_lose: Vec<bool> =
            (0..n as VertexId).map(|v| g.followers(v).iter().all(|&w| win[w as usize])).collect();
        for v in 0..n {
            if result[v].0 == Outcome::D {
                if next_win[v] {
                    result[v] = (Outcome::N, Some(d));
                } else if next_lose[v] {
                    result[v] = (Outcome::P, Some(d));
                }
            }
        }
        win = next_win;
        lose = next_lose;
    }
    result
}

/// Fraenkel's four-step labelling, literally as stated in the Cyclic Butler
/// University text (quadratic time and worse; for small digraphs).
pub fn fraenkel_literal(g: &Digraph) -> Vec<Gamma> {
    #[derive(Clone, Copy, PartialEq)]
    enum L {
        Unlabelled,
        Fin(u32),
        Inf,
    }
    let n = g.position_count();
    let mut l = vec![L::Unlabelled; n];
    let mut i = 0;
    // Step 1: i = 0.
    loop {
        // Step 2.
        loop {
            let found = (0..n as VertexId).find(|&u| {
                l[u as usize] == L::Unlabelled
                    && g.followers(u).iter().all(|&v| l[v as usize] != L::Fin(i))
                    && g.followers(u).iter().all(|&v| {
                        !matches!(l[v as usize], L::Unlabelled | L::Inf)
                            || g.followers(v).iter().any(|&w| l[w as usize] == L::Fin(i))
                    })
            });
            match found {
                Some(u) => l[u as usize] = L::Fin(i),
                None => break,
            }
        }
        // Step 3.
        let to_inf: Vec<usize> = (0..n)
            .filter(|&u| {
                l[u] == L::Unlabelled && g.followers(u as VertexId).iter().all(|&v| l[v as usize] != L::Fin(i))
            })
            .collect();
        for u in to_inf {
            l[u] = L::Inf;
        }
        // Step 4.
        if l.iter().all(|&x| x != L::Unlabelled) {
            break;
        }
        i += 1;
    }
    (0..n)
        .map(|u| match l[u] {
            L::Fin(x) => Gamma::Finite(x),
            _ => Gamma::infinite(g.followers(u as VertexId).iter().filter_map(|&v| match l[v as usize] {
                L::Fin(x) => Some(x),
                _ => None,
            })),
        })
        .collect()
}

/// Checks Fraenkel's conditions A, B and C for `labels` on `g`, with the
/// counter function; panics with the failing position.
pub fn check_conditions(g: &Digraph, labels: &GammaLabels) {
    for u in 0..g.position_count() as VertexId {
        match labels.get(u) {
            Gamma::Finite(x) => {
                let m = mex(g.followers(u).iter().filter_map(|&v| labels.finite(v)));
                assert_eq!(m, x, "condition A at {u}");
                let cu = labels.counter(u).unwrap();
                for &v in g.followers(u) {
                    let higher = labels.finite(v).is_none_or(|y| y > x);
                    if higher {
                        assert!(
                            g.followers(v)
                                .iter()
                                .any(|&w| labels.finite(w) == Some(x) && labels.counter(w).unwrap() < cu),
                            "condition B at {u} -> {v}"
                        );
                    }
                }
            }
            Gamma::Infinite(k) => {
                let m = mex(k.iter().copied());
                assert!(
                    g.followers(u).iter().any(|&v| { labels.infinity_set(v).is_some_and(|l| !l.contains(&m)) }),
                    "condition C at {u}"
                );
            }
        }
    }
}

/// A random digraph with up to `max_n` positions: random moves, some of them
/// doubled into 2-cycles, and some self-loops.
pub fn small_digraph(max_n: usize) -> impl Strategy<Value = Digraph> {
    (1..=max_n)
        .prop_flat_map(|n| {
            (
                Just(n),
                prop::collection::vec((0..n, 0..n, prop::bool::weighted(0.25)), 0..=3 * n),
                prop::collection::vec(prop::bool::weighted(0.15), n),
            )
        })
        .prop_map(|(n, arcs, loops)| {
            let mut moves = Vec::new();
            for (a, b, both) in arcs {
                moves.push((a, b));
                if both {
                    moves.push((b, a));
                }
            }
            moves.extend((0..n).filter(|&v| loops[v]).map(|v| (v, v)));
            Digraph::from_moves(n, moves).unwrap()
        })
}

/// The digraph restricted to one move at each position where `choice` gives
/// one; other positions keep all their moves.
pub fn restrict(g: &Digraph, choice: impl Fn(VertexId) -> Option<VertexId>) -> Digraph {
    let n = g.position_count();
    let mut moves = Vec::new();
    for v in 0..n as VertexId {
        match choice(v) {
            Some(w) => moves.push((v as usize, w as usize)),
            None => moves.extend(g.followers(v).iter().map(|&w| (v as usize, w as usize))),
        }
    }
    Digraph::from_moves(n, moves).unwrap()
}
