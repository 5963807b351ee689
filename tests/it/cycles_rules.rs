//! The rules of the Game of Cycles checked against their definitions: the
//! reduced game every engine reports has the outcome of the literal game
//! tree, and a published fact about fully marked boards.
//!
//! Ranges: boards up to `ARROWS_CYCLES_EDGES` edges (default 9) and
//! `ARROWS_CYCLES_BOARDS` random plane graphs (default 60).

use crate::support::Rng;
use crate::support::plane::{plane_families, random_plane_graph};
use arrows_core::{Decoration, Graph, Play, Position, Standing, Variant};
use std::collections::HashMap;

fn env(name: &str, default: usize) -> usize {
    std::env::var(name).ok().and_then(|v| v.parse().ok()).unwrap_or(default)
}

/// The boards: every plane family member up to `max` edges and random plane graphs.
fn boards(max: usize, random: usize, seed: u64) -> Vec<Graph> {
    let mut out: Vec<Graph> = plane_families(max).into_iter().map(|(_, g)| g).collect();
    let mut rng = Rng::new(seed);
    while out.len() < random + plane_families(max).len() {
        let points = 3 + rng.below(6);
        if let Some(g) = random_plane_graph(&mut rng, points, max) {
            out.push(g);
        }
    }
    out
}

/// The literal game tree under normal play: the player to move wins when
/// some move completes a cell or leads to a loss for the opponent; a
/// position with a completed cell is lost for the player to move (the
/// opponent just completed it), and so is one without a move.
fn literal_normal(g: &Graph, d: &Decoration, memo: &mut HashMap<Decoration, bool>) -> bool {
    if let Some(&w) = memo.get(d) {
        return w;
    }
    let p = Position::new(g, Variant::Cycles, d);
    let w = p.completed_cell().is_none() && p.followers().iter().any(|f| !literal_normal(g, f, memo));
    memo.insert(d.clone(), w);
    w
}

/// The literal game tree under misère play: a completed cell or no move
/// at all is a win for the player to move.
fn literal_misere(g: &Graph, d: &Decoration, memo: &mut HashMap<Decoration, bool>) -> bool {
    if let Some(&w) = memo.get(d) {
        return w;
    }
    let p = Position::new(g, Variant::Cycles, d);
    let followers = p.followers();
    let w =
        p.completed_cell().is_some() || followers.is_empty() || followers.iter().any(|f| !literal_misere(g, f, memo));
    memo.insert(d.clone(), w);
    w
}

/// The value every engine reports, straight from its definition: terminal
/// value for a completed cell, none for a completable one (normal play),
/// else the mex over the reduced moves' followers.
fn reduced(g: &Graph, play: Play, d: &Decoration, memo: &mut HashMap<Decoration, Option<u32>>) -> Option<u32> {
    if let Some(&v) = memo.get(d) {
        return v;
    }
    let p = Position::new(g, Variant::Cycles, d).with_play(play);
    let v = match p.standing() {
        Standing::Completed(_) => Some(play.terminal_value()),
        Standing::Completable(_) => None,
        Standing::Open => {
            let mut values = Vec::new();
            for a in p.reduced_moves() {
                let e = g.edge_between(a.tail, a.head).unwrap();
                let mut f = d.clone();
                f.mark(e, g.ends(e).0 == a.tail);
                values.push(reduced(g, play, &f, memo).expect("a reduced move leaves no completable cell"));
            }
            if values.is_empty() { Some(play.terminal_value()) } else { (0..).find(|x| !values.contains(x)) }
        }
    };
    memo.insert(d.clone(), v);
    v
}

/// Every state reachable from the empty state by literal moves.
fn reachable(g: &Graph) -> Vec<Decoration> {
    let mut seen: HashMap<Decoration, ()> = HashMap::new();
    let mut stack = vec![Decoration::empty(g.edge_count())];
    while let Some(d) = stack.pop() {
        if seen.insert(d.clone(), ()).is_some() {
            continue;
        }
        stack.extend(Position::new(g, Variant::Cycles, &d).followers());
    }
    seen.into_keys().collect()
}

/// The reduction of `arrows_core::play` is sound: at every reachable state
/// (completed and completable cells included) the reduced value is not 0
/// (or there is none) exactly when the literal game tree is a first-player
/// win; under misère play the misère value does the same.
#[test]
fn the_reduced_value_has_the_outcome_of_the_literal_game() {
    let (max, random) = (env("ARROWS_CYCLES_EDGES", 9), env("ARROWS_CYCLES_BOARDS", 60));
    let mut states = 0;
    for g in boards(max, random, 11) {
        let (mut ln, mut lm, mut rn, mut rm) = (HashMap::new(), HashMap::new(), HashMap::new(), HashMap::new());
        for d in reachable(&g) {
            let at = || format!("{} with cells {:?} at \"{}\"", g.edge_list(), g.cell_list(), d.display(&g));
            let normal = reduced(&g, Play::Normal, &d, &mut rn);
            assert_eq!(literal_normal(&g, &d, &mut ln), normal != Some(0), "normal play: {}", at());
            let misere = reduced(&g, Play::Misere, &d, &mut rm).expect("misère values always exist");
            assert_eq!(literal_misere(&g, &d, &mut lm), misere != 0, "misère play: {}", at());
            states += 1;
        }
    }
    assert!(states > 10_000, "{states} states checked");
}

/// The completing moves are legal, and the reduced moves are the legal
/// moves that leave no completable cell.
#[test]
fn completing_moves_are_legal_and_reduced_moves_leave_no_completable_cell() {
    for g in boards(8, 20, 12) {
        for d in reachable(&g) {
            let p = Position::new(&g, Variant::Cycles, &d);
            let legal = p.moves();
            for a in p.completing_moves() {
                assert!(legal.contains(&a), "{a} completes a cell of {} and is legal", g.edge_list());
            }
            let reduced = p.reduced_moves();
            for a in &legal {
                assert_eq!(reduced.contains(a), !p.leaves_completable_cell(*a));
            }
        }
    }
}

/// On a forest the Game of Cycles is the Game of Arrows: the same moves
/// from every state.
#[test]
fn on_a_forest_the_game_of_cycles_is_the_game_of_arrows() {
    for edges in 1..=7 {
        arrows_core::trees::for_each_tree(edges, |g| {
            let mut stack = vec![Decoration::empty(g.edge_count())];
            while let Some(d) = stack.pop() {
                let cycles = Position::new(&g, Variant::Cycles, &d);
                let arrows = Position::new(&g, Variant::Untrimmed, &d);
                assert_eq!(cycles.moves(), arrows.moves());
                assert_eq!(cycles.reduced_moves(), arrows.moves());
                stack.extend(cycles.followers().into_iter().take(2));
            }
        });
    }
}

/// Alvarado, Averett, Gaines, Jackson, Karker, Marciniak, Su, Walker,
/// "The Game of Cycles", Amer. Math. Monthly 2021 (arXiv:2004.00776): a board with every edge marked and no
/// sink or source has a cycle cell. Checked on every full marking of
/// random plane graphs (a full marking with no sink or source has no
/// vertex of degree 1, so leaf edges never meet the hypothesis).
#[test]
fn a_full_board_without_sink_or_source_has_a_cycle_cell() {
    let mut rng = Rng::new(13);
    let mut boards = 0;
    let mut full_states = 0;
    while boards < env("ARROWS_CYCLES_BOARDS", 60) {
        let points = 4 + rng.below(6);
        let Some(g) = random_plane_graph(&mut rng, points, 14) else { continue };
        boards += 1;
        let m = g.edge_count();
        for forward in 0u64..1 << m {
            let d = Decoration::from_masks(m, (1 << m) - 1, forward);
            if Variant::Cycles.violation(&g, &d).is_some() {
                continue;
            }
            full_states += 1;
            let cells = g.cells().expect("a plane graph");
            assert!(
                cells.completed(&d).is_some(),
                "{} with cells {:?} at \"{}\"",
                g.edge_list(),
                g.cell_list(),
                d.display(&g)
            );
        }
    }
    assert!(full_states > 100, "{full_states} full states checked");
}

/// The winning moves every engine reports are the moves to a position the
/// opponent loses in the literal game tree: under normal play, every move
/// that completes a cell and every move to a position of value 0, also
/// from a position where the player to move can complete a cell (where
/// the value does not exist and the completing moves are not the only
/// winning ones). The literal game decides, independently of the engines.
#[test]
fn the_winning_moves_are_the_moves_to_a_literal_loss() {
    use arrows_solve::{Analyzer, Engine};
    let control = crate::support::control();
    let mut analyzer = Analyzer::new();
    let (mut completable, mut more_than_completing) = (0, 0);
    for g in boards(7, 15, 14) {
        let mut literal = HashMap::new();
        for d in reachable(&g) {
            let p = Position::new(&g, Variant::Cycles, &d);
            if p.completed_cell().is_some() {
                continue;
            }
            let expected: Vec<_> = p
                .moves()
                .into_iter()
                .filter(|a| {
                    let e = g.edge_between(a.tail, a.head).unwrap();
                    let mut f = d.clone();
                    f.mark(e, g.ends(e).0 == a.tail);
                    !literal_normal(&g, &f, &mut literal)
                })
                .collect();
            let decided = matches!(p.standing(), Standing::Completable(_));
            let engines: &[Engine] = if decided {
                &[Engine::Canonical, Engine::Brute, Engine::Explicit, Engine::Search]
            } else {
                &[Engine::Canonical, Engine::Search]
            };
            for &engine in engines {
                let a = analyzer.analyze(p, engine, &control).unwrap();
                assert_eq!(
                    a.winning_moves,
                    expected,
                    "{engine} on {} with cells {:?} at \"{}\"",
                    g.edge_list(),
                    g.cell_list(),
                    d.display(&g)
                );
            }
            if decided {
                completable += 1;
                more_than_completing += usize::from(expected.len() > p.completing_moves().len());
            }
        }
    }
    assert!(completable > 100 && more_than_completing > 10, "{completable} {more_than_completing}");
}

/// `arrows k4 --cycles --state 3>0,0>1`: the player to move can complete
/// the cell 0-1-3 with 1>3, and 3>1 wins too (it spoils the cell and
/// leaves a second-player win: `arrows k4 --cycles --state 3>0,0>1,3>1`).
/// Both are named, in the report, the moves table and the JSON.
#[test]
fn a_completable_cell_is_not_the_only_way_to_win() {
    use crate::support::binary::{run, success};
    let after = success(&run(&["k4", "--cycles", "--state", "3>0,0>1,3>1", "--json"]));
    assert!(after.contains("\"winner\":\"second\""), "{after}");
    let text = success(&run(&["k4", "--cycles", "--moves", "--explain", "--state", "3>0,0>1"]));
    let listed: Vec<&str> = text
        .lines()
        .skip_while(|l| !l.starts_with("winning moves"))
        .skip(1)
        .take_while(|l| l.starts_with("                 "))
        .map(str::trim)
        .collect();
    assert_eq!(listed, ["3>1", "1>3"], "{text}");
    for m in ["3>1", "1>3"] {
        assert!(text.lines().any(|l| l.trim_start().starts_with(m) && l.ends_with("winning")), "{m}: {text}");
    }
    let json = success(&run(&["k4", "--cycles", "--moves", "--state", "3>0,0>1", "--json"]));
    let v: serde_json::Value = serde_json::from_str(&json).unwrap();
    let winning: Vec<&str> = v["winning_moves"].as_array().unwrap().iter().map(|m| m.as_str().unwrap()).collect();
    assert_eq!(winning, ["3>1", "1>3"], "{json}");
    let marked: Vec<&str> = v["moves"]
        .as_array()
        .unwrap()
        .iter()
        .filter(|m| m["winning"] == true)
        .map(|m| m["move"].as_str().unwrap())
        .collect();
    assert_eq!(marked.len(), 2, "{json}");
}
