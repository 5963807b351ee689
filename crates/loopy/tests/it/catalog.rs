//! The catalog: every game it names is built and solved by name, two ways
//! that must agree (as a game listed on its own, and as a term of a sum
//! checked on the product digraph); the games' size hints are lower bounds
//! of what exploring finds; progress and cancellation reach the control.

use arrows_loopy::catalog::{
    CatalogError, GAMES, GameId, Parameters, Positions, Request, SumRequest, game, solve, solve_sum,
};
use arrows_loopy::games::fair_shares::FairShares;
use arrows_loopy::games::heap::{HeapGame, HeapRule};
use arrows_loopy::games::nim::{Nim, Nimble};
use arrows_loopy::games::pair::Rectangle;
use arrows_loopy::{ExploreError, Game, Gamma, Limits, Outcome, explore, nim_sum};
use arrows_work::{Budget, Control, Progress};
use std::sync::Arc;
use std::sync::atomic::{AtomicU64, Ordering};

/// The example position the catalog gives for a game.
fn example(name: &str) -> &'static str {
    game(name).and_then(|g| g.position.split_once("e.g. ")).map(|(_, e)| e).expect("an example")
}

fn parameters(id: GameId) -> Parameters {
    match id {
        GameId::Subtraction => Parameters { set: Some(vec![1, 3, 4]), ..Parameters::default() },
        GameId::FairShares => Parameters { almonds: Some(6), ..Parameters::default() },
        _ => Parameters::default(),
    }
}

/// The gamma value of `position` of game `id`, listed on its own (`None`
/// when the bound leaves it open).
fn listed(id: GameId, position: &str) -> Option<Gamma> {
    let request = Request {
        game: id,
        parameters: parameters(id),
        positions: Positions::At(vec![position.to_string()]),
        all: false,
        limits: Limits::DEFAULT,
    };
    let report = solve(&request, &Control::default()).unwrap();
    assert_eq!(report.rows.len(), 1);
    report.rows[0].gamma.clone()
}

/// Every game that sums take: its example alone and as a term of a sum agree
/// (on its value, or on the bound leaving it open), and the sum of two games'
/// examples is the nim-sum of their values, checked on the product digraph.
#[test]
fn every_game_solves_by_name_and_as_a_term() {
    let mut previous: Option<(String, Gamma)> = None;
    for info in GAMES.iter().filter(|g| g.in_sums) {
        let position = example(info.name);
        let term = format!("{}:{position}", info.name);
        let sum = |terms: Vec<String>, verify: bool| {
            let request = SumRequest {
                terms,
                parameters: parameters(GameId::Subtraction),
                digraph: None,
                verify,
                limits: Limits::DEFAULT,
            };
            solve_sum(&request, &Control::default())
        };
        let Some(alone) = listed(info.id, position) else {
            // Only where heaps grow without limit can play escape the bound.
            assert!(matches!(info.id, GameId::PutOrTakeASquare | GameId::Tribulations), "{term}");
            let err = sum(vec![term.clone()], false).unwrap_err();
            assert!(matches!(err.innermost(), CatalogError::ValueBeyondBound { .. }), "{term}: {err:?}");
            continue;
        };
        let one = sum(vec![term.clone()], false).unwrap();
        assert_eq!(one.gamma, alone, "{term}");
        assert_eq!(one.terms[0].term, term);
        if let Some((other, value)) = previous {
            let two = sum(vec![other.clone(), term.clone()], true).unwrap();
            assert_eq!(two.gamma, nim_sum(&value, &alone), "{other} + {term}");
            assert!(two.verified_positions.unwrap() > 0);
        }
        previous = Some((term, alone));
    }
}

#[test]
fn the_games_that_sums_do_not_take_are_refused_as_terms() {
    for info in GAMES.iter().filter(|g| !g.in_sums) {
        let request = SumRequest {
            terms: vec![format!("{}:1", info.name)],
            parameters: Parameters::default(),
            digraph: None,
            verify: false,
            limits: Limits::DEFAULT,
        };
        let err = solve_sum(&request, &Control::default()).unwrap_err();
        assert_eq!(err.innermost(), &CatalogError::NotInSums { game: info.name });
    }
}

/// Rows and sums serialize as the command line's JSON: finite gamma as a
/// number, infinite as `{"infinity": [K]}`, open values as null.
#[test]
fn json_shapes() {
    let request = Request {
        game: GameId::SquareButOne,
        parameters: Parameters::default(),
        positions: Positions::At(vec!["2".into(), "5".into()]),
        all: false,
        limits: Limits::DEFAULT,
    };
    let report = solve(&request, &Control::default()).unwrap();
    let json: Vec<String> = report.rows.iter().map(|r| serde_json::to_string(r).unwrap()).collect();
    assert_eq!(
        json,
        [
            r#"{"position":"2","outcome":"D","remoteness":null,"gamma":{"infinity":[1]},"move":"3","exact":true}"#,
            r#"{"position":"5","outcome":"P","remoteness":2,"gamma":0,"move":null,"exact":true}"#,
        ]
    );
}

/// Each game's size hint is a lower bound of what exploring finds, and is
/// exact where the game says so.
#[test]
fn size_hints_are_lower_bounds() {
    fn check<G: Game>(game: &G, start: G::Position, exact: bool) {
        let hint = game.size_hint(&start);
        let e = explore(game, [start], Limits::DEFAULT).unwrap();
        let (p, m) = (e.graph().position_count() as u64, e.graph().move_count() as u64);
        assert!(hint.positions <= p && hint.moves <= m, "{hint:?} against {p} and {m}");
        if exact {
            assert_eq!((hint.positions, hint.moves), (p, m));
        }
    }
    for heaps in [vec![3, 4, 5], vec![0, 7], vec![13, 12, 8], vec![1; 6]] {
        check(&Nim, heaps, true);
    }
    for board in [(0, 4), (5, 5), (3, 17)] {
        check(&Rectangle, board, true);
    }
    for n in [0, 1, 40] {
        check(&HeapGame::new(HeapRule::Nim), n, true);
        check(&HeapGame::new(HeapRule::Divisor), n, false);
    }
    check(&Nimble, vec![1, 3, 3, 7], false);
    check(&FairShares::new(9).unwrap(), vec![5, 4], false);
}

/// Progress counts what was done, in positions.
struct Count(AtomicU64);

impl Progress for Count {
    fn advance(&self, units: u64) {
        self.0.fetch_add(units, Ordering::Relaxed);
    }
}

#[test]
fn progress_counts_the_positions_explored() {
    let count = Arc::new(Count(AtomicU64::new(0)));
    let control = Control::new(Budget::bytes(1 << 30)).with_progress(count.clone());
    let game = HeapGame::new(HeapRule::Nim);
    let e = arrows_loopy::explore_with(&game, [9999u64], Limits::DEFAULT, arrows_loopy::Cost::NONE, &control).unwrap();
    assert_eq!(count.0.load(Ordering::Relaxed), e.graph().position_count() as u64);
    // Solving reports too: each position once in each pass that reaches it.
    let before = count.0.load(Ordering::Relaxed);
    arrows_loopy::Analysis::with_control(e.graph(), e.cut_off(), &control).unwrap();
    assert!(count.0.load(Ordering::Relaxed) >= before + 10_000);
}

#[test]
fn a_cancelled_request_stops() {
    let control = Control::default();
    control.cancel.cancel();
    let request = Request {
        game: GameId::Nim,
        parameters: Parameters::default(),
        positions: Positions::At(vec!["30,30,30".into()]),
        all: false,
        limits: Limits::DEFAULT,
    };
    let err = solve(&request, &control).unwrap_err();
    assert!(err.is_cancelled(), "{err:?}");
    assert_eq!(err, CatalogError::Explore(ExploreError::Cancelled(arrows_work::Cancelled)));
}

#[test]
fn policeman_reports_the_winner() {
    let request = Request {
        game: GameId::Policeman,
        parameters: Parameters { board: Some("#####\n#P.T#\n#..E#\n#####\n".into()), ..Parameters::default() },
        positions: Positions::Start,
        all: false,
        limits: Limits::DEFAULT,
    };
    let report = solve(&request, &Control::default()).unwrap();
    assert_eq!(report.extra, Some("winner"));
    // The policeman moves first: he wins when the start is N, the thief when P.
    let row = &report.rows[0];
    let winner = match row.outcome {
        Some(Outcome::N) => "policeman",
        Some(Outcome::P) => "thief",
        _ => "neither",
    };
    assert_eq!(row.extra.as_deref(), Some(winner));
}
