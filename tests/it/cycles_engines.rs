//! Brute force and the explicit engine agree on the Game of Cycles (every
//! state each reaches, normal and misère play) and on misère play in the
//! other two rule sets.
//!
//! The explicit engine is the loopy solver's gamma on the game graph, with
//! the moves of `arrows_core::play` and a fresh end position after each
//! terminal state under misère play; brute force is the bitmask recursion
//! with cells as masks. Ranges: plane family members up to
//! `ARROWS_CYCLES_FAMILY_EDGES` edges (default 10; 12 covers the brief's
//! range), `ARROWS_CYCLES_BOARDS` random plane graphs (default 40) of up
//! to `ARROWS_CYCLES_RANDOM_EDGES` edges (default 12; up to 14).

use crate::support::plane::{plane_families, random_plane_graph};
use crate::support::*;
use arrows_core::{Decoration, Graph, Play, Position, Variant, families};
use arrows_solve::explicit::{GameGraph, Node};
use arrows_solve::{Analyzer, BruteForce, Engine};

fn env(name: &str, default: usize) -> usize {
    std::env::var(name).ok().and_then(|v| v.parse().ok()).unwrap_or(default)
}

/// Every state brute force solves from `start` has the explicit engine's
/// value; both see the same states, but for the positions with a completed
/// cell (brute force gives them their value without storing them) and the
/// one end position of misère play. Returns the number of states.
fn agree(g: &Graph, variant: Variant, play: Play, start: &Decoration, what: &str) -> usize {
    let position = Position::new(g, variant, start).with_play(play);
    let explicit = GameGraph::new(position, &control()).unwrap();
    let mut brute = BruteForce::new(position, &control()).unwrap();
    brute.start_grundy().unwrap();
    let end = usize::from(play == Play::Misere);
    let completed = explicit
        .explored
        .positions()
        .iter()
        .filter(|n| matches!(n, Node::State(d) if position.with_state(d).completed_cell().is_some()))
        .count();
    assert_eq!(explicit.positions(), brute.explored() + completed + end, "{what} {variant} {play}: the same states");
    brute.for_each_solved(|d, want| {
        assert_eq!(explicit.grundy(d), want, "{what} {variant} {play} at \"{}\"", d.display(g));
    });
    brute.explored()
}

#[test]
fn on_every_plane_family_member() {
    let max = env("ARROWS_CYCLES_FAMILY_EDGES", 10);
    let mut states = 0;
    for (family, g) in plane_families(max) {
        let empty = Decoration::empty(g.edge_count());
        for play in [Play::Normal, Play::Misere] {
            states += agree(&g, Variant::Cycles, play, &empty, &family.to_string());
        }
    }
    assert!(states > 100_000, "{states}");
}

#[test]
fn on_random_plane_graphs() {
    let (boards, max) = (env("ARROWS_CYCLES_BOARDS", 40), env("ARROWS_CYCLES_RANDOM_EDGES", 12));
    let mut rng = Rng::new(21);
    let mut done = 0;
    while done < boards {
        let points = 4 + rng.below(7);
        let Some(g) = random_plane_graph(&mut rng, points, max) else { continue };
        let empty = Decoration::empty(g.edge_count());
        let what = format!("{} with cells {:?}", g.edge_list(), g.cell_list());
        for play in [Play::Normal, Play::Misere] {
            agree(&g, Variant::Cycles, play, &empty, &what);
        }
        done += 1;
    }
}

/// From random states reached by literal moves (so with completed and
/// completable cells too), the analyses of both engines agree: value (or
/// none), winning moves, number of moves.
#[test]
fn analyses_agree_from_random_states() {
    let mut rng = Rng::new(22);
    let mut analyzer = Analyzer::new();
    let mut none = 0;
    for (family, g) in plane_families(9) {
        for _ in 0..6 {
            let d = random_state(&mut rng, &g, Variant::Cycles, &Decoration::empty(g.edge_count()));
            for play in [Play::Normal, Play::Misere] {
                let p = Position::new(&g, Variant::Cycles, &d).with_play(play);
                let b = analyzer.analyze(p, Engine::Brute, &control()).unwrap();
                let e = analyzer.analyze(p, Engine::Explicit, &control()).unwrap();
                assert_eq!(
                    (b.grundy, &b.winning_moves, b.move_count),
                    (e.grundy, &e.winning_moves, e.move_count),
                    "{family} {play} at \"{}\"",
                    d.display(&g)
                );
                none += usize::from(b.grundy.is_none());
            }
        }
    }
    assert!(none > 0, "some start has a completable cell");
}

/// Misère play in the Trimmed Game of Arrows and the Game of Arrows: every
/// tree up to 8 edges and random connected graphs.
#[test]
fn misere_on_trees_and_small_graphs() {
    for edges in 1..=env("ARROWS_MISERE_TREE_EDGES", 8) {
        arrows_core::trees::for_each_tree(edges, |g| {
            for v in VARIANTS {
                agree(&g, v, Play::Misere, &Decoration::empty(edges), &g.edge_list());
            }
        });
    }
    let mut rng = Rng::new(23);
    for _ in 0..30 {
        let n = 3 + rng.below(5);
        let m = (n - 1 + rng.below(4)).min(n * (n - 1) / 2).min(11);
        let g = random_connected(&mut rng, n, m.max(n - 1));
        for v in VARIANTS {
            agree(&g, v, Play::Misere, &Decoration::empty(g.edge_count()), &g.edge_list());
        }
    }
    let c = families::cycle(9).unwrap();
    agree(&c, Variant::Untrimmed, Play::Misere, &Decoration::empty(9), "C_9");
}
