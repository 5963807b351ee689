//! Sums of loopy games: the value computed from the components' gamma values
//! (the rule of the Cyclic Butler University text, infinities included) is
//! exactly the gamma value of the sum's position in the product digraph, on
//! random small digraphs with self-loops and 2-cycles. The recommended moves
//! of a sum win against every defence, or keep the draw.

use crate::common::{restrict, small_digraph};
use arrows_loopy::{Digraph, Gamma, Outcome, Token, VertexId, gamma, outcomes, product, sum_best_move, sum_value};
use proptest::prelude::*;

/// Checks value, outcome and recommended moves of every position of the sum
/// of `parts` against its product digraph.
fn check_sum(parts: &[&Digraph]) {
    let p = product(parts, 1 << 20).unwrap();
    let whole = gamma(&p.graph);
    let whole_outcomes = outcomes(&p.graph);
    let labels: Vec<_> = parts.iter().map(|g| gamma(g)).collect();
    let advice = |x: VertexId| {
        let tuple = p.tuple(x);
        let tokens: Vec<Token<'_>> = tuple
            .iter()
            .enumerate()
            .map(|(j, &v)| Token { graph: parts[j], labels: &labels[j], position: v })
            .collect();
        sum_best_move(&tokens).map(|m| {
            let mut next = tuple.clone();
            assert!(parts[m.component].followers(tuple[m.component]).contains(&m.to), "an illegal move");
            next[m.component] = m.to;
            p.index(&next)
        })
    };
    for x in 0..p.graph.position_count() as VertexId {
        let tuple = p.tuple(x);
        let values: Vec<Gamma> = tuple.iter().enumerate().map(|(j, &v)| labels[j].get(v)).collect();
        let value = sum_value(&values);
        assert_eq!(value, whole.get(x), "sum of {values:?} at {tuple:?}");
        assert_eq!(value.outcome(), whole_outcomes.outcome(x));
        match value.outcome() {
            Outcome::P => assert_eq!(advice(x), None),
            Outcome::N => {
                let y = advice(x).expect("a winning move");
                assert_eq!(whole_outcomes.outcome(y), Outcome::P, "move {tuple:?} -> {:?}", p.tuple(y));
            }
            Outcome::D => {
                let y = advice(x).expect("a draw-keeping move");
                assert_eq!(whole_outcomes.outcome(y), Outcome::D);
            }
        }
    }
    // Played every turn, the recommended winning moves win in finitely many
    // moves against every defence.
    let restricted = restrict(&p.graph, |x| (whole_outcomes.outcome(x) == Outcome::N).then(|| advice(x).unwrap()));
    let ro = outcomes(&restricted);
    for x in 0..p.graph.position_count() as VertexId {
        if whole_outcomes.outcome(x) != Outcome::D {
            assert_eq!(ro.outcome(x), whole_outcomes.outcome(x), "the sum strategy fails at {:?}", p.tuple(x));
        }
    }
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 1500, ..ProptestConfig::default() })]

    #[test]
    fn two_components(a in small_digraph(8), b in small_digraph(8)) {
        check_sum(&[&a, &b]);
    }

    #[test]
    fn three_components(a in small_digraph(5), b in small_digraph(5), c in small_digraph(5)) {
        check_sum(&[&a, &b, &c]);
    }
}

/// The homework of the Cyclic Butler University text: `k` coins on a single
/// node `u` of label `ℓ(u)`. (i) `ℓ(u) = 0`: a second-player win for any `k`;
/// (ii) `0 < ℓ(u) < ∞`: a second-player win iff `k` is even; (iii)
/// `ℓ(u) = ∞`: a draw for every `k ≥ 2`. Checked on product digraphs.
fn check_coins_on_one_node(g: &Digraph) {
    {
        let labels = gamma(g);
        for k in 1..=3usize {
            let parts = vec![g; k];
            let p = product(&parts, 1 << 16).unwrap();
            let o = outcomes(&p.graph);
            for u in 0..g.position_count() as VertexId {
                let x = p.index(&vec![u; k]);
                let expected = match labels.get(u) {
                    Gamma::Finite(0) => Outcome::P,
                    Gamma::Finite(_) => {
                        if k % 2 == 0 {
                            Outcome::P
                        } else {
                            Outcome::N
                        }
                    }
                    Gamma::Infinite(_) if k == 1 => labels.outcome(u),
                    Gamma::Infinite(_) => Outcome::D,
                };
                assert_eq!(o.outcome(x), expected, "{k} coins on {u} of {g:?}");
            }
        }
    }
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 300, ..ProptestConfig::default() })]

    #[test]
    fn coins_on_one_node(g in small_digraph(6)) {
        check_coins_on_one_node(&g);
    }
}
