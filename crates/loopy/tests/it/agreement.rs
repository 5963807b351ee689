//! Three computations of who wins agree on random digraphs with self-loops
//! and 2-cycles: the retrograde analysis, the generalized Sprague-Grundy
//! function, and brute-force minimax. The efficient gamma agrees with the
//! literal four-step labelling and satisfies Fraenkel's conditions, and the
//! moves both solvers recommend win (in finitely many moves) or keep the draw.

use crate::common::{check_conditions, fraenkel_literal, minimax, restrict, small_digraph};
use arrows_loopy::{Digraph, Gamma, Outcome, VertexId, gamma, outcomes, rng::random_digraph};
use proptest::prelude::*;

fn gamma_outcome(g: &Gamma) -> Outcome {
    // As the issue states it: P iff gamma = 0; N iff gamma is finite and
    // positive, or infinity(K) with 0 in K; D otherwise.
    match g {
        Gamma::Finite(0) => Outcome::P,
        Gamma::Finite(_) => Outcome::N,
        Gamma::Infinite(k) if k.contains(&0) => Outcome::N,
        Gamma::Infinite(_) => Outcome::D,
    }
}

fn check_all(g: &Digraph) {
    let o = outcomes(g);
    let labels = gamma(g);
    let brute = minimax(g);
    let literal = fraenkel_literal(g);
    for v in 0..g.position_count() as VertexId {
        let (bo, br) = brute[v as usize];
        assert_eq!(o.outcome(v), bo, "retrograde vs minimax at {v} in {g:?}");
        assert_eq!(o.remoteness(v), br, "remoteness vs minimax at {v} in {g:?}");
        assert_eq!(gamma_outcome(&labels.get(v)), bo, "gamma vs minimax at {v} in {g:?}");
        assert_eq!(labels.outcome(v), bo);
        assert_eq!(labels.get(v), literal[v as usize], "gamma vs the literal labelling at {v} in {g:?}");
    }
    check_conditions(g, &labels);
    check_strategies(g);
}

/// The recommended moves: winning ones win against every defence (the game
/// restricted to them leaves the winner's positions won), draw-keeping ones
/// stay in draws.
fn check_strategies(g: &Digraph) {
    let o = outcomes(g);
    let labels = gamma(g);
    for v in 0..g.position_count() as VertexId {
        match o.outcome(v) {
            Outcome::N => {
                let w = o.best_move(g, v).expect("a winning move");
                assert_eq!(o.outcome(w), Outcome::P);
                assert_eq!(o.remoteness(w).unwrap() + 1, o.remoteness(v).unwrap());
                let w = labels.best_move(g, v).expect("a winning move by gamma");
                assert_eq!(labels.finite(w), Some(0));
            }
            Outcome::D => {
                let w = o.best_move(g, v).expect("a draw-keeping move");
                assert_eq!(o.outcome(w), Outcome::D);
                let w = labels.best_move(g, v).expect("a draw-keeping move by gamma");
                assert_eq!(o.outcome(w), Outcome::D);
            }
            Outcome::P => {
                if let Some(w) = o.best_move(g, v) {
                    assert_eq!(o.remoteness(w).unwrap() + 1, o.remoteness(v).unwrap());
                }
                assert_eq!(labels.best_move(g, v), None);
            }
        }
    }
    // The gamma strategy (move to 0 with the least counter) terminates: with
    // the winner restricted to it, every N-position is still won.
    let restricted = restrict(g, |v| (labels.outcome(v) == Outcome::N).then(|| labels.best_move(g, v).unwrap()));
    let ro = outcomes(&restricted);
    for v in 0..g.position_count() as VertexId {
        if o.outcome(v) != Outcome::D {
            assert_eq!(ro.outcome(v), o.outcome(v), "the gamma strategy fails to win from {v} in {g:?}");
        }
    }
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 2000, ..ProptestConfig::default() })]

    #[test]
    fn retrograde_gamma_and_minimax_agree(g in small_digraph(9)) {
        check_all(&g);
    }
}

#[test]
fn larger_random_digraphs_agree() {
    // Sparser and denser random digraphs of 40 to 200 positions.
    for seed in 0..60u64 {
        let n = 40 + (seed as usize * 7) % 160;
        let m = n * (1 + seed as usize % 4);
        let g = random_digraph(n, m, seed);
        let o = outcomes(&g);
        let labels = gamma(&g);
        let brute = minimax(&g);
        for v in 0..n as VertexId {
            assert_eq!((o.outcome(v), o.remoteness(v)), brute[v as usize]);
            assert_eq!(labels.outcome(v), brute[v as usize].0);
        }
        check_conditions(&g, &labels);
        if n <= 80 {
            let literal = fraenkel_literal(&g);
            for v in 0..n as VertexId {
                assert_eq!(labels.get(v), literal[v as usize]);
            }
        }
    }
}

/// The depth-first retrograde code of *Games on Arbitrary Graphs*, transcribed: `degree[u]`
/// is decremented each time a follower of `u` turns out winning, and `u` is
/// losing when it reaches zero (a signed `int`, as in the C++). `start`
/// gives the counter's initial value.
fn notes_dfs(g: &Digraph, start: impl Fn(VertexId) -> usize) -> Vec<Outcome> {
    fn dfs(g: &Digraph, v: VertexId, st: &mut (Vec<bool>, Vec<bool>, Vec<bool>, Vec<isize>)) {
        st.2[v as usize] = true;
        for &u in g.predecessors(v) {
            let u = u as usize;
            if !st.2[u] {
                if st.1[v as usize] {
                    st.0[u] = true;
                } else {
                    st.3[u] -= 1;
                    if st.3[u] == 0 {
                        st.1[u] = true;
                    } else {
                        continue;
                    }
                }
                dfs(g, u as VertexId, st);
            }
        }
    }
    let n = g.position_count();
    // (winning, losing, visited, degree)
    let mut st =
        (vec![false; n], vec![false; n], vec![false; n], (0..n as VertexId).map(|v| start(v) as isize).collect());
    for v in 0..n as VertexId {
        if g.is_terminal(v) {
            st.1[v as usize] = true;
        }
    }
    for v in 0..n as VertexId {
        if g.is_terminal(v) && !st.2[v as usize] {
            dfs(g, v, &mut st);
        }
    }
    (0..n)
        .map(|v| {
            if st.0[v] {
                Outcome::N
            } else if st.1[v] {
                Outcome::P
            } else {
                Outcome::D
            }
        })
        .collect()
}

#[test]
fn the_seed_code_needs_the_out_degree_as_the_errata_say() {
    let (mut wrong_with_in_degree, mut wrong_with_out_degree) = (0, 0);
    let trials = 400;
    for seed in 0..trials {
        let g = random_digraph(12, 20, seed);
        let truth: Vec<Outcome> = minimax(&g).into_iter().map(|(o, _)| o).collect();
        if notes_dfs(&g, |v| g.in_degree(v)) != truth {
            wrong_with_in_degree += 1;
        }
        if notes_dfs(&g, |v| g.out_degree(v)) != truth {
            wrong_with_out_degree += 1;
        }
    }
    assert_eq!(wrong_with_out_degree, 0);
    assert!(
        wrong_with_in_degree > trials / 4,
        "the in-degree counter mislabelled only {wrong_with_in_degree} of {trials} digraphs"
    );
}
