//! The decomposition (`--explain`) against brute force: on hundreds of
//! states of spiders, trees and graphs with cycles, in both rule sets, the
//! components' nim-sum is the state's value, the winning moves are exactly
//! brute force's, each winning move's pieces have the value it promises,
//! and the path pieces carry the values of Section 5's closed forms.

use crate::support::{Rng, VARIANTS, control, random_connected, random_state, spider};
use arrows_core::trees::trees;
use arrows_core::{Decoration, Graph, Position, Variant};
use arrows_solve::BruteForce;
use arrows_solve::canonical::{CanonicalEngine, Grundy};
use arrows_solve::explain::{Shape, explain};

/// Checks one position against brute force; returns the shapes seen.
fn check(g: &Graph, variant: Variant, d: &Decoration, engine: &mut CanonicalEngine<Grundy>) -> Vec<Shape> {
    let p = Position::new(g, variant, d);
    let x = explain(p, engine, &control()).expect("explained");
    let mut brute = BruteForce::new(p, &control()).expect("brute force runs");
    let value = brute.start_grundy().expect("valued");
    let name = format!("{} {} state {}", g.edge_list(), variant.as_str(), d.display(g));
    assert_eq!(x.grundy, value, "{name}: nim-sum");
    assert_eq!(x.components.iter().fold(0, |a, c| a ^ c.grundy), value, "{name}: components");
    let mut winning: Vec<_> = x.winning_moves.iter().map(|w| w.arrow).collect();
    let mut expected = if value == 0 { Vec::new() } else { brute.winning_moves().expect("moves") };
    winning.sort();
    expected.sort();
    assert_eq!(winning, expected, "{name}: winning moves");
    for w in &x.winning_moves {
        assert_eq!(w.from ^ w.to, value, "{name}: {} changes its component by the nim-sum", w.arrow);
        assert_eq!(w.into.iter().fold(0, |a, c| a ^ c.grundy), w.to, "{name}: {} becomes its promise", w.arrow);
        let own = &x.components[w.component].edge_ids;
        assert!(w.into.iter().all(|p| p.edge_ids.iter().all(|e| own.contains(e))), "{name}: pieces inside");
    }
    // Every unmarked edge is in exactly one component or dead.
    let mut seen: Vec<usize> = x.components.iter().flat_map(|c| c.edge_ids.iter().copied()).collect();
    seen.sort();
    let before = seen.len();
    seen.dedup();
    assert_eq!(before, seen.len(), "{name}: an edge in two components");
    assert_eq!(seen.len() + x.dead_edges.len(), d.unmarked_edges().count(), "{name}: edges accounted for");
    for c in &x.components {
        if let Shape::Path { family, edges } = c.kind {
            // Propositions 5.2, 5.4, 5.6.
            let expected = match family {
                "rod" | "flow" => edges % 2,
                "twig" => edges,
                "crash" => (edges + 1) % 2,
                other => panic!("{other}"),
            };
            assert_eq!(c.grundy, expected, "{name}: {}", c.shape);
        }
    }
    x.components.into_iter().map(|c| c.kind).collect()
}

#[test]
fn spiders_trees_and_graphs_explain_their_values() {
    let mut rng = Rng::new(0x5ee_7e6a);
    let mut engine = CanonicalEngine::<Grundy>::new();
    let mut graphs: Vec<Graph> = vec![spider(&[4, 6, 8]), spider(&[2, 3, 3, 4]), spider(&[1, 1, 5]), spider(&[7])];
    graphs.extend(trees(7).into_iter().step_by(2));
    for (n, m) in [(5, 6), (6, 8), (7, 9), (6, 10), (8, 10)] {
        graphs.push(random_connected(&mut rng, n, m));
    }
    let (mut states, mut shapes) = (0, Vec::new());
    for g in &graphs {
        for v in VARIANTS {
            let empty = Decoration::empty(g.edge_count());
            for _ in 0..8 {
                let d = random_state(&mut rng, g, v, &empty);
                shapes.extend(check(g, v, &d, &mut engine));
                states += 1;
            }
        }
    }
    assert!(states >= 300, "{states} states");
    // The test saw every kind of piece.
    for kind in ["path", "spider", "tree", "graph"] {
        let seen = shapes.iter().any(|s| {
            matches!(
                (kind, s),
                ("path", Shape::Path { .. })
                    | ("spider", Shape::Spider { .. })
                    | ("tree", Shape::Tree { .. })
                    | ("graph", Shape::Graph { .. })
            )
        });
        assert!(seen, "no {kind} piece among {} states", states);
    }
}

#[test]
fn the_paper_names_its_pieces() {
    // S(4,6,8) after the move hub>1_1 (the edge 0-1 marked away from the hub).
    let g = spider(&[4, 6, 8]);
    let d = Decoration::parse(&g, "0>1").unwrap();
    let x = explain(Position::trimmed(&g, &d), &mut CanonicalEngine::new(), &control()).unwrap();
    let names: Vec<&str> = x.components.iter().map(|c| c.shape.as_str()).collect();
    // The first leg's far part is a twig of 3 edges whose inner end needs an out-arrow;
    // the hub needs an in-arrow with legs 6 and 8 free: the paper's <8, 6, 0^>.
    assert_eq!(names, ["twig T_3", "spider <8, 6, 0^>"], "{}", x.nim_sum_line());
    assert_eq!(x.nim_sum_line(), format!("3 ⊕ {} = {}", x.components[1].grundy, x.grundy));
}

#[test]
fn remoteness_agrees_with_the_loopy_solver_on_the_game_graph() {
    use arrows_core::Play;
    use arrows_loopy::{Outcome, explore, outcomes};
    use arrows_solve::explicit::{ArrowsGame, Node};
    use arrows_solve::remoteness::RemotenessSearch;
    let mut rng = Rng::new(0x7e_40_7e);
    let mut graphs: Vec<Graph> = vec![spider(&[2, 3, 3]), spider(&[1, 2, 2, 2]), spider(&[6])];
    graphs.extend(trees(6).into_iter().step_by(3));
    for (n, m) in [(5, 6), (6, 8), (5, 8)] {
        graphs.push(random_connected(&mut rng, n, m));
    }
    // Both plays in both rule sets, and the Game of Cycles on plane graphs.
    let mut cases: Vec<(Graph, Variant, Play)> = Vec::new();
    for g in &graphs {
        for v in VARIANTS {
            for play in [Play::Normal, Play::Misere] {
                cases.push((g.clone(), v, play));
            }
        }
    }
    for (_, g) in crate::support::plane::plane_families(9) {
        for play in [Play::Normal, Play::Misere] {
            cases.push((g.clone(), Variant::Cycles, play));
        }
    }
    let mut positions = 0;
    for (g, v, play) in &cases {
        let (g, v, play) = (g, *v, *play);
        {
            let empty = Decoration::empty(g.edge_count());
            let start = random_state(&mut rng, g, v, &empty);
            let game = ArrowsGame { graph: g, variant: v, play };
            let explored = explore(&game, [Node::State(start.clone())], arrows_loopy::Limits::DEFAULT).expect("small");
            let solved = outcomes(explored.graph());
            let mut search =
                RemotenessSearch::new(Position::new(g, v, &start).with_play(play), &control()).expect("small");
            for (i, node) in explored.positions().iter().enumerate() {
                let Node::State(d) = node else { continue };
                let r = search.of(d).expect("searched");
                let expected = solved.remoteness(i as u32).expect("a finite game has no draw");
                assert_eq!(r.moves, expected, "{} {} {play}: {}", g.edge_list(), v.as_str(), d.display(g));
                assert_eq!(r.first_player_wins, solved.outcome(i as u32) == Outcome::N);
                positions += 1;
            }
        }
    }
    assert!(positions > 2000, "{positions} positions");
}

/// The mex of a set of values.
fn mex(values: impl IntoIterator<Item = u32>) -> u32 {
    let seen: std::collections::HashSet<u32> = values.into_iter().collect();
    (0..).find(|v| !seen.contains(v)).unwrap()
}

#[test]
fn every_moves_value_explains_the_states_value() {
    use arrows_core::Play;
    use arrows_solve::{Analyzer, Engine};
    let mut rng = Rng::new(0x30_7e5);
    let mut analyzer = Analyzer::new();
    let mut cases: Vec<(Graph, Variant, Play)> = Vec::new();
    for g in [spider(&[3, 4, 5]), spider(&[1, 2, 2, 3])].into_iter().chain(trees(6).into_iter().step_by(2)) {
        for v in VARIANTS {
            cases.push((g.clone(), v, Play::Normal));
            cases.push((g.clone(), v, Play::Misere));
        }
    }
    for (n, m) in [(5, 7), (6, 8)] {
        let g = random_connected(&mut rng, n, m);
        cases.push((g.clone(), Variant::Trimmed, Play::Normal));
        cases.push((g, Variant::Untrimmed, Play::Misere));
    }
    for (_, g) in crate::support::plane::plane_families(9) {
        cases.push((g.clone(), Variant::Cycles, Play::Normal));
        cases.push((g, Variant::Cycles, Play::Misere));
    }
    let mut states = 0;
    for (g, v, play) in &cases {
        for _ in 0..4 {
            let d = random_state(&mut rng, g, *v, &Decoration::empty(g.edge_count()));
            let p = Position::new(g, *v, &d).with_play(*play);
            let a = analyzer.analyze(p, Engine::Brute, &control()).unwrap();
            let name = format!("{} {} {play} {}", g.edge_list(), v.as_str(), d.display(g));
            // Brute force and the explicit engine give every move the same value;
            // so does the canonical engine where it computes the game.
            let brute = analyzer.move_values(p, Engine::Brute, &control()).unwrap();
            assert_eq!(analyzer.move_values(p, Engine::Explicit, &control()).unwrap(), brute, "{name}");
            if Engine::Canonical.computes(p) {
                assert_eq!(analyzer.move_values(p, Engine::Canonical, &control()).unwrap(), brute, "{name}");
            }
            assert_eq!(brute.len(), a.move_count, "{name}");
            let Some(value) = a.grundy else { continue };
            // The moves counted by the value are those the reduced game keeps.
            let kept: Vec<u32> = brute.iter().filter_map(|(_, g)| *g).collect();
            if p.standing() == arrows_core::Standing::Open && !p.reduced_moves().is_empty() {
                assert_eq!(mex(kept), value, "{name}: the mex of the moves' values");
            }
            let zero: Vec<_> = brute.iter().filter(|(_, g)| *g == Some(0)).map(|(m, _)| *m).collect();
            let expected = if value == 0 { Vec::new() } else { zero };
            assert_eq!(a.winning_moves, expected, "{name}: winning moves are the moves to value 0");
            states += 1;
        }
    }
    assert!(states >= 200, "{states} states");
}

/// The text of `--explain` for paper states, without the time line. The
/// values in it were first cross-checked against brute force by the tests above.
#[test]
fn explain_text_of_paper_states() {
    for (name, args) in [
        ("s468_after_one_move", vec!["spider", "4", "6", "8", "--state", "0>1", "--explain", "--moves"]),
        ("s234_after_one_move", vec!["spider", "2", "3", "4", "--state", "0>1", "--explain", "--moves"]),
        ("s1_1_5_untrimmed", vec!["spider", "1", "1", "5", "--untrimmed", "--explain"]),
        ("crash_and_flow", vec!["path", "7", "--state", "0>1,3>2,6>7", "--explain"]),
    ] {
        let out = crate::support::binary::run(&args);
        let text = crate::support::binary::success(&out);
        let text: String = text.lines().filter(|l| !l.starts_with("time ")).map(|l| format!("{l}\n")).collect();
        insta::assert_snapshot!(name, text);
    }
}
