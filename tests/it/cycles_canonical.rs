//! The canonical engine on the Game of Cycles under normal play agrees with
//! brute force and the explicit engine: on every state brute force reaches
//! from the empty state (the value), and on each of them every move's value
//! (so the winning moves too), on every plane family member and on random
//! plane graphs; and its decomposition explains each value as a nim-sum.
//!
//! Ranges (environment variables, defaults in brackets):
//! * `ARROWS_CYCLES_CANONICAL_EDGES` [9]: plane family members (wheel,
//!   fan, theta, grid, ladder, prism, K4, cycle) with at most this many edges;
//! * `ARROWS_CYCLES_CANONICAL_BOARDS` [20] random plane graphs of at most
//!   `ARROWS_CYCLES_CANONICAL_RANDOM_EDGES` [10] edges;
//! * `ARROWS_CYCLES_CANONICAL_MOVES_EVERY` [4]: the move values are
//!   compared on every state brute force reaches at this stride (1: all);
//! * `ARROWS_CYCLES_ESTIMATE_EDGES` [10] and `ARROWS_CYCLES_ESTIMATE_BOARDS`
//!   [15]: the members and random boards the memo estimate is measured on;
//! * `ARROWS_DEEP=1` sets the full range: members up to 12 edges, 100
//!   random plane graphs up to 14 edges, the move values on every state,
//!   the estimate on members up to 12 edges and 30 random boards.

use crate::support::plane::{plane_families, random_plane_graph};
use crate::support::*;
use arrows_core::{Arrow, Decoration, Graph, Position, Standing, Variant};
use arrows_solve::canonical::{CanonicalEngine, Grundy};
use arrows_solve::explain::explain;
use arrows_solve::explicit::GameGraph;
use arrows_solve::{Analyzer, BruteForce, Engine};

fn deep() -> bool {
    std::env::var("ARROWS_DEEP").is_ok_and(|v| v == "1")
}

fn env(name: &str, default: usize, deep_default: usize) -> usize {
    let fallback = if deep() { deep_default } else { default };
    std::env::var(name).ok().and_then(|v| v.parse().ok()).unwrap_or(fallback)
}

/// Every state brute force solves from the empty state of `g`: the three
/// engines give it the same value, and (on every `every`-th state)
/// canonical's move values are brute force's (the rules' verdict for the
/// moves that leave a completable cell). Returns the number of states.
fn agree(g: &Graph, what: &str, analyzer: &mut Analyzer, every: usize) -> usize {
    let empty = Decoration::empty(g.edge_count());
    let position = Position::new(g, Variant::Cycles, &empty);
    let mut brute = BruteForce::new(position, &control()).unwrap();
    brute.start_grundy().unwrap();
    let explicit = GameGraph::new(position, &control()).unwrap();
    let mut states = Vec::new();
    brute.for_each_solved(|d, v| states.push((d.clone(), v)));
    for (i, (d, want)) in states.iter().enumerate() {
        let p = position.with_state(d);
        assert_eq!(p.standing(), Standing::Open, "{what}: brute force stores open states only");
        let got = analyzer.canonical().state_value(p, &control()).unwrap();
        assert_eq!(got, *want, "{what} at \"{}\": canonical", d.display(g));
        assert_eq!(explicit.grundy(d), *want, "{what} at \"{}\": explicit", d.display(g));
        if i % every != 0 {
            continue;
        }
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

/// The stride of the move-value comparison.
fn every() -> usize {
    env("ARROWS_CYCLES_CANONICAL_MOVES_EVERY", 4, 1).max(1)
}

#[test]
fn on_every_plane_family_member() {
    let max = env("ARROWS_CYCLES_CANONICAL_EDGES", 9, 12);
    let mut analyzer = Analyzer::new();
    let mut states = 0;
    for (family, g) in plane_families(max) {
        states += agree(&g, &family.to_string(), &mut analyzer, every());
    }
    assert!(states > 10_000, "{states}");
}

#[test]
fn on_random_plane_graphs() {
    let boards = env("ARROWS_CYCLES_CANONICAL_BOARDS", 20, 100);
    let max = env("ARROWS_CYCLES_CANONICAL_RANDOM_EDGES", 10, 14);
    let mut rng = Rng::new(31);
    let mut analyzer = Analyzer::new();
    let (mut done, mut states) = (0, 0);
    while done < boards {
        let points = 4 + rng.below(8);
        let Some(g) = random_plane_graph(&mut rng, points, max) else { continue };
        let what = format!("{} with cells {:?}", g.edge_list(), g.cell_list());
        states += agree(&g, &what, &mut analyzer, every());
        done += 1;
    }
    assert!(states > 1_000, "{states}");
}

/// From random states reached by literal moves (so with completed and
/// completable cells too), the canonical engine's analysis is brute
/// force's: value (or none), winning moves, number of moves.
#[test]
fn analyses_agree_from_random_states() {
    let mut rng = Rng::new(32);
    let mut analyzer = Analyzer::new();
    let (mut none, mut over) = (0, 0);
    for (family, g) in plane_families(10) {
        for _ in 0..8 {
            let d = random_state(&mut rng, &g, Variant::Cycles, &Decoration::empty(g.edge_count()));
            let p = Position::new(&g, Variant::Cycles, &d);
            let b = analyzer.analyze(p, Engine::Brute, &control()).unwrap();
            let c = analyzer.analyze(p, Engine::Canonical, &control()).unwrap();
            assert_eq!(
                (b.grundy, &b.winning_moves, b.move_count),
                (c.grundy, &c.winning_moves, c.move_count),
                "{family} at \"{}\"",
                d.display(&g)
            );
            let brute_moves = analyzer.move_values(p, Engine::Brute, &control()).unwrap();
            let canonical_moves = analyzer.move_values(p, Engine::Canonical, &control()).unwrap();
            assert_eq!(brute_moves, canonical_moves, "{family} at \"{}\"", d.display(&g));
            none += usize::from(b.grundy.is_none());
            over += usize::from(p.completed_cell().is_some());
        }
    }
    assert!(none > 0 && over > 0, "starts with completable ({none}) and completed ({over}) cells");
}

/// The decomposition explains every state brute force reaches on small
/// boards: the components' nim-sum is the state's value, the winning moves
/// are brute force's, each becomes the value it promises, every unmarked
/// edge is in one component or dead, and every live cell lies in its
/// component.
#[test]
fn the_decomposition_explains_every_value() {
    let mut engine = CanonicalEngine::<Grundy>::new();
    let mut boards: Vec<(String, Graph)> = plane_families(8).into_iter().map(|(f, g)| (f.to_string(), g)).collect();
    let mut rng = Rng::new(33);
    while boards.len() < 40 {
        let points = 4 + rng.below(4);
        if let Some(g) = random_plane_graph(&mut rng, points, 9) {
            boards.push((g.edge_list(), g));
        }
    }
    let mut states = 0;
    let mut with_cells = 0;
    for (what, g) in &boards {
        let empty = Decoration::empty(g.edge_count());
        let position = Position::new(g, Variant::Cycles, &empty);
        let mut brute = BruteForce::new(position, &control()).unwrap();
        brute.start_grundy().unwrap();
        let mut solved = Vec::new();
        brute.for_each_solved(|d, v| solved.push((d.clone(), v)));
        for (d, value) in solved {
            let p = position.with_state(&d);
            let name = format!("{what} at \"{}\"", d.display(g));
            let x = explain(p, &mut engine, &control()).unwrap();
            assert_eq!(x.grundy, value, "{name}: nim-sum");
            assert_eq!(x.components.iter().fold(0, |a, c| a ^ c.grundy), value, "{name}: components");
            let mut expected: Vec<Arrow> = Vec::new();
            for a in p.reduced_moves() {
                let e = g.edge_between(a.tail, a.head).unwrap();
                let mut after = d.clone();
                after.mark(e, g.ends(e).0 == a.tail);
                if value != 0 && brute.grundy(&after).unwrap() == 0 {
                    expected.push(a);
                }
            }
            let winning: Vec<Arrow> = x.winning_moves.iter().map(|w| w.arrow).collect();
            assert_eq!(winning, expected, "{name}: winning moves");
            for w in &x.winning_moves {
                assert_eq!(w.into.iter().fold(0, |a, c| a ^ c.grundy), w.to, "{name}: {}", w.arrow);
            }
            let mut seen: Vec<usize> = x.components.iter().flat_map(|c| c.edge_ids.iter().copied()).collect();
            seen.sort_unstable();
            seen.dedup();
            let in_components: usize = x.components.iter().map(|c| c.edge_ids.len()).sum();
            assert_eq!(seen.len(), in_components, "{name}: an edge in two components");
            assert_eq!(seen.len() + x.dead_edges.len(), d.unmarked_edges().count(), "{name}: edges accounted for");
            for c in &x.components {
                for cell in &c.cells {
                    assert!(cell.unmarked.iter().all(|e| c.edges.contains(e)), "{name}: {} outside", cell.walk);
                    let unmarked = g.cell_list()[cell.id].edges().filter(|&e| d.get(e).is_none()).count();
                    assert_eq!(cell.unmarked.len(), unmarked, "{name}: {} has all its unmarked edges", cell.walk);
                }
                with_cells += usize::from(!c.cells.is_empty());
            }
            states += 1;
        }
    }
    assert!(states > 5_000 && with_cells > 1_000, "{states} states, {with_cells} components with cells");
}

/// The text of `--explain` on a Game of Cycles state with two components,
/// each tied by live cells (the values were cross-checked against brute
/// force by the tests above: this state is reached on the wheel with 5
/// spokes), without the time line.
#[test]
fn explain_text_of_a_wheel_state() {
    let args = ["wheel", "5", "--cycles", "--state", "1>2,3>4,1>0,0>4", "--explain", "--moves"];
    let text = crate::support::binary::success(&crate::support::binary::run(&args));
    let text: String = text.lines().filter(|l| !l.starts_with("time ")).map(|l| format!("{l}\n")).collect();
    insta::assert_snapshot!("wheel_5_explain", text);
}

/// Every front door's study of a Game of Cycles position: the canonical
/// engine is the default under normal play, and its report is brute
/// force's but for the engine's own counts.
#[test]
fn the_report_is_brute_forces() {
    for args in
        [&["wheel", "6", "--cycles"][..], &["grid", "3", "3", "--cycles", "--state", "0>1"], &["k4", "--cycles"]]
    {
        let run = |engine: Option<&str>| {
            let mut all = args.to_vec();
            all.extend(["--json", "--moves"]);
            all.extend(engine.map(|e| ["--engine", e]).into_iter().flatten());
            let out = crate::support::binary::success(&crate::support::binary::run(&all));
            let mut v: serde_json::Value = serde_json::from_str(out.trim()).unwrap();
            let engine = v["engine"].clone();
            for k in ["engine", "solved", "memo_hits", "time_ms", "peak_memory_bytes"] {
                v.as_object_mut().unwrap().remove(k);
            }
            (engine, v)
        };
        let (default_engine, canonical) = run(None);
        assert_eq!(default_engine, "canonical", "{args:?}");
        assert_eq!(canonical, run(Some("brute")).1, "{args:?}");
    }
}

/// The canonical engine's memo estimate against the memo it fills, from
/// the empty state of every plane family member up to 10 edges (12 with
/// `ARROWS_DEEP=1`) and of random plane graphs: never below, and within
/// the factors documented in `arrows_solve::canonical::cells::estimate`
/// (at most 250 here, cycles included).
#[test]
fn the_estimate_bounds_the_memo() {
    let unlimited = arrows_work::Control::new(arrows_work::Budget::bytes(u64::MAX));
    let mut boards: Vec<(String, Graph)> = plane_families(env("ARROWS_CYCLES_ESTIMATE_EDGES", 10, 12))
        .into_iter()
        .map(|(f, g)| (f.to_string(), g))
        .collect();
    let mut rng = Rng::new(34);
    let mut random = 0;
    while random < env("ARROWS_CYCLES_ESTIMATE_BOARDS", 15, 30) {
        let points = 5 + rng.below(6);
        if let Some(g) = random_plane_graph(&mut rng, points, 13) {
            boards.push((g.edge_list(), g));
            random += 1;
        }
    }
    let mut worst: f64 = 0.0;
    for (what, g) in &boards {
        let empty = Decoration::empty(g.edge_count());
        let p = Position::new(g, Variant::Cycles, &empty);
        let mut engine = CanonicalEngine::<Grundy>::new();
        let estimate = engine.estimate(p);
        engine.state_value(p, &unlimited).unwrap();
        let memo = engine.memo_bytes();
        assert!(estimate >= memo, "{what}: estimate {estimate} below the memo {memo}");
        let factor = estimate as f64 / memo.max(1) as f64;
        assert!(factor <= 250.0, "{what}: estimate {estimate} past 250 x the memo {memo}");
        worst = worst.max(factor);
    }
    assert!(worst > 1.0, "{worst}");
}
