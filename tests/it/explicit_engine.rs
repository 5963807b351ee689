//! The explicit engine (the game graph solved by the loopy solver) against
//! the brute-force and canonical engines: on this acyclic game every gamma
//! label is finite and equals the Grundy value, on every descendant.

use crate::support::*;
use arrows_core::{Decoration, Graph, Position, Variant, trees::for_each_tree};
use arrows_solve::BruteForce;
use arrows_solve::canonical::{CanonicalEngine, Grundy};
use arrows_solve::explicit::{GameGraph, Node};

/// Every descendant of the empty state: gamma (finite) = brute force; the
/// start and a sample of descendants also against the canonical engine.
fn check(g: &Graph, v: Variant, canon: &mut CanonicalEngine<Grundy>) -> usize {
    let empty = Decoration::empty(g.edge_count());
    let explicit = GameGraph::new(Position::new(g, v, &empty), &control()).unwrap();
    let mut brute = BruteForce::new(Position::new(g, v, &empty), &control()).unwrap();
    brute.start_grundy().unwrap();
    let control = control();
    assert_eq!(explicit.positions(), brute.explored(), "{v} on {}: the same descendants", g.edge_list());
    let mut i = 0;
    brute.for_each_solved(|d, want| {
        let position = explicit.explored.vertex(&Node::State(d.clone())).expect("every descendant is a position");
        let gamma = explicit.labels.get(position);
        assert_eq!(gamma.finite(), Some(want), "{v} on {} at \"{}\": gamma {gamma:?}", g.edge_list(), d.display(g));
        if i % 7 == 0 {
            assert_eq!(
                canon.state_value(Position::new(g, v, d), &control).unwrap(),
                want,
                "{v} on {} at \"{}\"",
                g.edge_list(),
                d.display(g)
            );
        }
        i += 1;
    });
    explicit.positions()
}

#[test]
fn every_spider_with_at_most_10_edges() {
    let mut positions = 0;
    for v in VARIANTS {
        let mut canon = CanonicalEngine::new();
        for legs in spider_legs(10, 3) {
            positions += check(&spider(&legs), v, &mut canon);
        }
    }
    assert!(positions > 100_000, "{positions}");
}

#[test]
fn every_tree_with_at_most_9_edges() {
    let mut trees = 0;
    for v in VARIANTS {
        let mut canon = CanonicalEngine::new();
        for m in 1..=9 {
            for_each_tree(m, |g| {
                check(&g, v, &mut canon);
                trees += 1;
            });
        }
    }
    assert_eq!(trees, 2 * (1 + 1 + 2 + 3 + 6 + 11 + 23 + 47 + 106));
}
