//! The canonical engine on the Game of Cycles under normal play agrees with
//! brute force and the explicit engine: on every state brute force reaches
//! from the empty state (the value), and on each of them every move's value
//! (so the winning moves too), on every plane family member and on random
//! plane graphs; and its decomposition explains each value as a nim-sum.
//!
//! Ranges (environment variables, defaults in brackets):
//! * `ARROWS_CYCLES_CANONICAL_EDGES` [10]: plane family members (wheel,
//!   fan, theta, grid, ladder, prism, K4, cycle) with at most this many edges;
//! * `ARROWS_CYCLES_CANONICAL_BOARDS` [30] random plane graphs of at most
//!   `ARROWS_CYCLES_CANONICAL_RANDOM_EDGES` [11] edges;
//! * `ARROWS_DEEP=1` raises them to the full range: members up to 12 edges,
//!   100 random plane graphs up to 14 edges.

mod support;

use arrows_core::{Decoration, Graph, Position, Standing, Variant};
use arrows_solve::canonical::{CanonicalEngine, Grundy};
use arrows_solve::explicit::GameGraph;
use arrows_solve::{Analyzer, BruteForce, Engine};
use support::plane::{plane_families, random_plane_graph};
use support::*;

fn deep() -> bool {
    std::env::var("ARROWS_DEEP").is_ok_and(|v| v == "1")
}

fn env(name: &str, default: usize, deep_default: usize) -> usize {
    let fallback = if deep() { deep_default } else { default };
    std::env::var(name).ok().and_then(|v| v.parse().ok()).unwrap_or(fallback)
}

/// Every state brute force solves from the empty state of `g`: the three
/// engines give it the same value, and canonical's move values are brute
/// force's (the rules' verdict for the moves that leave a completable cell).
/// Returns the number of states.
fn agree(g: &Graph, what: &str, canonical: &mut CanonicalEngine<Grundy>, analyzer: &mut Analyzer) -> usize {
    let empty = Decoration::empty(g.edge_count());
    let position = Position::new(g, Variant::Cycles, &empty);
    let mut brute = BruteForce::new(position, &control()).unwrap();
    brute.start_grundy().unwrap();
    let explicit = GameGraph::new(position, &control()).unwrap();
    let mut states = Vec::new();
    brute.for_each_solved(|d, v| states.push((d.clone(), v)));
    for (d, want) in &states {
        let p = position.with_state(d);
        assert_eq!(p.standing(), Standing::Open, "{what}: brute force stores open states only");
        let got = canonical.state_value(p, &control()).unwrap();
        assert_eq!(got, *want, "{what} at \"{}\": canonical", d.display(g));
        assert_eq!(explicit.grundy(d), *want, "{what} at \"{}\": explicit", d.display(g));
        let values = analyzer.move_values(p, Engine::Canonical, &control()).unwrap();
        let moves = p.moves();
        assert_eq!(values.len(), moves.len(), "{what} at \"{}\"", d.display(g));
        for (a, v) in values {
            let e = g.edge_between(a.tail, a.head).unwrap();
            let mut after = d.clone();
            after.mark(e, g.ends(e).0 == a.tail);
            let expected = match p.with_state(&after).standing() {
                Standing::Completable(_) => None,
                Standing::Completed(_) => Some(0),
                Standing::Open => Some(brute.grundy(&after).unwrap()),
            };
            assert_eq!(v, expected, "{what} at \"{}\", move {a}", d.display(g));
        }
    }
    states.len()
}

#[test]
fn on_every_plane_family_member() {
    let max = env("ARROWS_CYCLES_CANONICAL_EDGES", 10, 12);
    let mut canonical = CanonicalEngine::<Grundy>::new();
    let mut analyzer = Analyzer::new();
    let mut states = 0;
    for (family, g) in plane_families(max) {
        states += agree(&g, &family.to_string(), &mut canonical, &mut analyzer);
    }
    assert!(states > 10_000, "{states}");
}

#[test]
fn on_random_plane_graphs() {
    let boards = env("ARROWS_CYCLES_CANONICAL_BOARDS", 30, 100);
    let max = env("ARROWS_CYCLES_CANONICAL_RANDOM_EDGES", 11, 14);
    let mut rng = Rng::new(31);
    let mut canonical = CanonicalEngine::<Grundy>::new();
    let mut analyzer = Analyzer::new();
    let mut done = 0;
    while done < boards {
        let points = 4 + rng.below(8);
        let Some(g) = random_plane_graph(&mut rng, points, max) else { continue };
        let what = format!("{} with cells {:?}", g.edge_list(), g.cell_list());
        agree(&g, &what, &mut canonical, &mut analyzer);
        done += 1;
    }
}
