//! The classic games, each solved two ways: the explicit digraph solvers
//! against an independent computation (a memoized mex recursion on the rules
//! for the games without cycles, brute-force minimax and the literal
//! labelling for the loopy ones); the analysis of a bounded exploration
//! against the whole game; and cop-win recognition by dismantling against
//! playing the game out.

use crate::common::{fraenkel_literal, minimax, small_digraph};
use arrows_loopy::games::Notation;
use arrows_loopy::games::copwin::{SimpleGraph, cop_wins_by_play, dismantle};
use arrows_loopy::games::fair_shares::FairShares;
use arrows_loopy::games::heap::{HeapGame, HeapRule};
use arrows_loopy::games::nim::{Nim, Nimble};
use arrows_loopy::games::pair::{EmptyAndDivide, Rectangle};
use arrows_loopy::games::policeman::{PolicemanAndThief, Winner};
use arrows_loopy::games::turtles::TurningTurtles;
use arrows_loopy::rng::rand::RngExt;
use arrows_loopy::{
    Analysis, Digraph, Game, Gamma, Limits, Outcome, Remoteness, VertexId, explore, gamma, mex, outcomes,
};
use hashbrown::HashMap;
use proptest::prelude::*;
use std::hash::Hash;

/// The Sprague-Grundy value by recursion on the rules (for games without
/// cycles), memoized.
fn mex_recursion<G: Game>(game: &G, p: &G::Position, memo: &mut HashMap<G::Position, u32>) -> u32 {
    if let Some(&x) = memo.get(p) {
        return x;
    }
    let mut out = Vec::new();
    game.followers(p, &mut out);
    let values: Vec<u32> = out.iter().map(|q| mex_recursion(game, q, memo)).collect();
    let x = mex(values);
    memo.insert(p.clone(), x);
    x
}

/// For a game without cycles: gamma of every explored position is finite
/// and equals the mex recursion.
fn check_acyclic<G: Game + Notation>(game: &G, starts: Vec<G::Position>)
where
    G::Position: Clone + Eq + Hash,
{
    let e = explore(game, starts, Limits::DEFAULT).unwrap();
    assert!(e.is_complete());
    let labels = gamma(e.graph());
    let o = outcomes(e.graph());
    let mut memo = HashMap::new();
    for v in 0..e.positions().len() as VertexId {
        let p = e.position(v);
        let x = mex_recursion(game, p, &mut memo);
        assert_eq!(labels.get(v), Gamma::Finite(x), "{}", game.format(p));
        assert_eq!(o.outcome(v), if x == 0 { Outcome::P } else { Outcome::N });
        assert!(game.parse(&game.format(p)).as_ref() == Ok(p), "{}", game.format(p));
    }
}

#[test]
fn games_without_cycles_agree_with_the_mex_recursion() {
    for set in [vec![1, 2], vec![1, 3], vec![1, 3, 4], vec![2, 5, 7], vec![1, 3, 6], vec![1, 3, 5, 7]] {
        check_acyclic(&HeapGame::subtraction(set).unwrap(), (0..=300).collect());
    }
    for rule in [HeapRule::Nim, HeapRule::AtLeastHalf, HeapRule::AtMostHalf, HeapRule::Divisor] {
        check_acyclic(&HeapGame::new(rule), (0..=300).collect());
    }
    check_acyclic(&HeapGame::new(HeapRule::Aliquot), (1..=300).collect());
    check_acyclic(&Rectangle, (0..=20).flat_map(|a| (0..=20).map(move |b| (a, b))).collect());
    check_acyclic(&EmptyAndDivide, (1..=25).flat_map(|a| (1..=25).map(move |b| (a, b))).collect());
    check_acyclic(&Nim, vec![vec![3, 5, 6], vec![4, 5, 6, 8], vec![12, 19, 27]]);
    check_acyclic(&Nimble, vec![vec![1, 3, 3, 7], vec![0, 2, 5, 9]]);
    check_acyclic(&TurningTurtles::new(10).unwrap(), (0..1024).collect());
}

/// For a loopy game explored completely: outcomes and remoteness agree with
/// minimax, gamma with the literal labelling and with the outcomes.
fn check_loopy<G: Game + Notation>(game: &G, starts: Vec<G::Position>, literal: bool)
where
    G::Position: Clone + Eq + Hash,
{
    let e = explore(game, starts, Limits::DEFAULT).unwrap();
    let g = e.graph();
    let o = outcomes(g);
    let labels = gamma(g);
    let brute = minimax(g);
    let lit = literal.then(|| fraenkel_literal(g));
    for v in 0..g.position_count() as VertexId {
        assert_eq!((o.outcome(v), o.remoteness(v)), brute[v as usize], "{}", game.format(e.position(v)));
        assert_eq!(labels.outcome(v), o.outcome(v));
        if let Some(lit) = &lit {
            assert_eq!(labels.get(v), lit[v as usize]);
        }
    }
    crate::common::check_conditions(g, &labels);
}

#[test]
fn loopy_games_agree_with_minimax() {
    for almonds in 1..=12 {
        let game = FairShares::new(almonds).unwrap();
        check_loopy(&game, game.all_positions(), almonds <= 9);
    }
    // Bounded so that the digraph is the whole game: from heaps up to 201 a
    // heap never exceeds 202 in Square-But-One and its variant.
    check_loopy(&HeapGame::new(HeapRule::SquareButOne).with_bound(202), (0..=201).collect(), true);
    check_loopy(&HeapGame::new(HeapRule::SquareButOneOdd).with_bound(202), (0..=201).collect(), true);
}

/// Every result the analysis of a bounded exploration reports as exact is the
/// result of the whole game: exploring Put-or-Take-a-Square, Tribulations and
/// Square-But-One with a small bound and with a large one.
#[test]
fn bounded_results_hold_in_the_whole_game() {
    for rule in [HeapRule::PutOrTakeASquare, HeapRule::Tribulations, HeapRule::SquareButOne] {
        let big = HeapGame::new(rule.clone()).with_bound(1 << 15);
        let be = explore(&big, 0..=120u64, Limits::DEFAULT).unwrap();
        let ba = Analysis::new(be.graph(), be.cut_off());
        let mut exact_small = 0;
        for bound in [121u64, 150, 200, 400, 1000] {
            let small = HeapGame::new(rule.clone()).with_bound(bound);
            let se = explore(&small, 0..=120u64, Limits::DEFAULT).unwrap();
            let sa = Analysis::new(se.graph(), se.cut_off());
            for n in 0..=120u64 {
                let (sv, bv) = (se.vertex(&n).unwrap(), be.vertex(&n).unwrap());
                if let Some(out) = sa.outcome(sv) {
                    exact_small += 1;
                    assert!(ba.outcome(bv).is_none_or(|b| b == out), "{rule:?} {n} at bound {bound}");
                }
                if let Remoteness::Exact(r) = sa.remoteness(sv)
                    && let Remoteness::Exact(br) = ba.remoteness(bv)
                {
                    assert_eq!(r, br, "{rule:?} {n} at bound {bound}");
                }
                if let (Some(x), Some(y)) = (sa.gamma(sv), ba.gamma(bv)) {
                    assert_eq!(x, y);
                }
            }
        }
        assert!(exact_small > 0);
    }
}

/// A random digraph cut down to a region: what the analysis of the region
/// reports as exact is true of the whole digraph (one of the completions).
fn check_region(g: &Digraph, keep: &[bool]) {
    let n = g.position_count();
    let ids: Vec<Option<usize>> = {
        let mut next = 0;
        keep.iter()
            .map(|&k| {
                k.then(|| {
                    next += 1;
                    next - 1
                })
            })
            .collect()
    };
    let kept = ids.iter().flatten().count();
    let mut moves = Vec::new();
    let mut cut = vec![false; kept];
    for v in 0..n {
        let Some(a) = ids[v] else { continue };
        for &w in g.followers(v as VertexId) {
            match ids[w as usize] {
                Some(b) => moves.push((a, b)),
                None => cut[a] = true,
            }
        }
    }
    let region = Digraph::from_moves(kept, moves).unwrap();
    let an = Analysis::new(&region, &cut);
    let whole = outcomes(g);
    let whole_gamma = gamma(g);
    for v in 0..n {
        let Some(a) = ids[v] else { continue };
        let (a, v) = (a as VertexId, v as VertexId);
        if let Some(o) = an.outcome(a) {
            assert_eq!(o, whole.outcome(v));
        }
        match an.remoteness(a) {
            Remoteness::Exact(r) => assert_eq!(Some(r), whole.remoteness(v)),
            Remoteness::Between { low, high } => {
                let r = whole.remoteness(v).unwrap();
                assert!(low <= r && r <= high);
            }
            Remoteness::None => {}
        }
        if let Some(x) = an.gamma(a) {
            assert_eq!(x, whole_gamma.get(v));
        }
        if let Some(w) = an.best_move(&region, a) {
            let w = ids.iter().position(|&i| i == Some(w as usize)).unwrap() as VertexId;
            let o = whole.outcome(v);
            let ow = whole.outcome(w);
            match o {
                Outcome::N => assert_eq!(ow, Outcome::P),
                Outcome::D => assert_eq!(ow, Outcome::D),
                Outcome::P => assert_eq!(ow, Outcome::N),
            }
        }
    }
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 1500, ..ProptestConfig::default() })]

    #[test]
    fn bounded_analysis_is_sound(g in small_digraph(10), mask in prop::collection::vec(prop::bool::weighted(0.7), 10)) {
        let keep: Vec<bool> = (0..g.position_count()).map(|v| mask[v]).collect();
        check_region(&g, &keep);
    }
}

fn random_graph(n: usize, p: f64, seed: u64) -> SimpleGraph {
    let mut rng = arrows_loopy::rng::seeded(seed);
    let mut edges = Vec::new();
    for a in 0..n as u32 {
        for b in a + 1..n as u32 {
            if rng.random_bool(p) {
                edges.push((a, b));
            }
        }
    }
    SimpleGraph::from_edges(n, edges)
}

/// Cop-win by dismantling (closed neighbourhoods, `N[v] ⊆ N[w]`) agrees with
/// playing cops and robbers out, and each recorded removal is a domination.
#[test]
fn dismantling_agrees_with_play() {
    let (mut cop_win, mut robber_win) = (0, 0);
    for seed in 0..400u64 {
        let n = 1 + (seed as usize % 8);
        let p = [0.3, 0.5, 0.7, 0.9][(seed / 8 % 4) as usize];
        let g = random_graph(n, p, seed);
        let d = dismantle(&g);
        let played = cop_wins_by_play(&g);
        assert_eq!(d.is_cop_win(), played, "{g:?}");
        if played {
            cop_win += 1;
        } else {
            robber_win += 1;
        }
        // Replay the removals: each vertex was dominated when removed.
        let mut alive = vec![true; n];
        for &(v, w) in &d.removed {
            assert!(alive[v as usize] && alive[w as usize] && g.adjacent(v, w));
            for &x in g.neighbours(v) {
                if alive[x as usize] && x != w {
                    assert!(g.adjacent(w, x), "N[{v}] not inside N[{w}]");
                }
            }
            alive[v as usize] = false;
        }
        // And nothing left is dominated (unless one vertex is left).
        if d.left.len() > 1 {
            for &v in &d.left {
                for &w in &d.left {
                    let dominated = v != w
                        && g.adjacent(v, w)
                        && g.neighbours(v).iter().all(|&x| x == w || !alive[x as usize] || g.adjacent(w, x));
                    assert!(!dominated, "{v} is still dominated by {w}");
                }
            }
        }
    }
    assert!(cop_win > 50 && robber_win > 50, "{cop_win} cop-win, {robber_win} robber-win");
}

/// The policeman and the thief: the rules on boards where the answer is
/// plain, and the solver against minimax on small boards.
#[test]
fn policeman_and_thief() {
    let solve = |board: &str| {
        let game = PolicemanAndThief::parse_board(board).unwrap();
        let e = explore(&game, [game.start()], Limits::DEFAULT).unwrap();
        let o = outcomes(e.graph());
        assert_eq!(
            (0..e.positions().len() as VertexId).map(|v| (o.outcome(v), o.remoteness(v))).collect::<Vec<_>>(),
            minimax(e.graph())
        );
        PolicemanAndThief::winner(&game.start(), o.outcome(0))
    };
    // The thief steps onto the exit and the policeman is too far to follow.
    assert_eq!(solve("P....TE"), Winner::Thief);
    // The policeman reaches the centre of a 3 x 3 room: every cell is next to it.
    assert_eq!(solve("P..\n...\n..T"), Winner::Policeman);
    // With the exit behind the policeman, the thief can only run.
    assert_eq!(solve("EP..T"), Winner::Policeman);
    // Small boards with pillars, against minimax, whatever the result.
    for board in ["P.#.\n..T.\n#..E", "P...\n.##.\n..T.", "T..#\n.#..\n..EP", ".P.\n.#.\nT.E"] {
        solve(board);
    }
}
