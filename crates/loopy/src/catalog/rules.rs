//! Requests about one game: build it from the catalog, list the positions
//! asked for, explore, solve, and report.

use super::{CatalogError, GameId, Positions, Report, Request, Row, Summary};
use crate::analysis::Analysis;
use crate::cost::Cost;
use crate::digraph::{Digraph, VertexId};
use crate::explore::{ExploreError, Game, SizeHint, check_size, explore_with};
use crate::games::Notation;
use crate::games::fair_shares::FairShares;
use crate::games::heap::HeapGame;
use crate::games::nim::{Nim, Nimble};
use crate::games::pair::{EmptyAndDivide, Rectangle};
use crate::games::policeman::{Chase, PolicemanAndThief, Winner};
use crate::games::turtles::TurningTurtles;
use crate::outcome::Outcome;
use crate::text::NamedDigraph;
use arrows_work::Control;

/// The most heaps listed at once.
const MAX_HEAPS: u64 = 100_000_000;
/// The most numbers on a side of a square of pairs.
const MAX_PAIRS: u64 = 3000;
/// The longest row of Turning Turtles whose every position is listed.
const MAX_ROW: u64 = 16;

/// Heaps listed when none are asked for: 0 to this.
const DEFAULT_HEAPS: u64 = 30;
/// Pairs listed when none are asked for: both numbers up to this.
const DEFAULT_PAIRS: u64 = 8;

/// Answers `request`: explores its game from the positions asked for, under
/// `control` (refusing, before exploring, a request that cannot fit its
/// budget or its limits), solves it, and reports the positions listed.
pub fn solve(request: &Request, control: &Control) -> Result<Report, CatalogError> {
    let id = request.game;
    let info = id.info();
    let p = &request.parameters;
    let about = info.about.to_string();
    match id {
        GameId::Subtraction => {
            let set = p.set.clone().ok_or(CatalogError::MissingParameter { game: info.name, parameter: "set" })?;
            let game = HeapGame::subtraction(set)?;
            let set = game.subtraction_set().unwrap_or(&[]).iter().map(u64::to_string).collect::<Vec<_>>();
            let title = format!("Subtraction game with S = {{{}}}: remove s stones for an s in S", set.join(","));
            let starts = heaps(&game, request, control)?;
            run(&game, Listing::new(title, starts), request, control)
        }
        GameId::Nim if matches!(request.positions, Positions::At(_)) => {
            let starts = listed(&Nim, request)?;
            run(&Nim, Listing::new(about, starts), request, control)
        }
        GameId::Nim | GameId::AtLeastHalf | GameId::AtMostHalf | GameId::Divisor | GameId::Aliquot => {
            let game = HeapGame::new(id.heap_rule().expect("a one-heap game"));
            let starts = heaps(&game, request, control)?;
            run(&game, Listing::new(about, starts), request, control)
        }
        GameId::SquareButOne | GameId::SquareButOneOdd | GameId::PutOrTakeASquare | GameId::Tribulations => {
            let rule = id.heap_rule().expect("a one-heap game");
            let starts = heaps(&HeapGame::new(rule.clone()), request, control)?;
            let largest = starts.iter().copied().max().unwrap_or(0);
            let bound = bound(id, p.bound, largest, request)?;
            let game = HeapGame::new(rule).with_bound(bound);
            let listing = Listing {
                bound: Some(bound),
                ..Listing::new(format!("{about}; heaps explored up to {bound}"), starts)
            };
            run(&game, listing, request, control)
        }
        GameId::Rectangle => pairs(&Rectangle, 0, about, request, control),
        GameId::EmptyAndDivide => pairs(&EmptyAndDivide, 1, about, request, control),
        GameId::FairShares => {
            let almonds = p.almonds.ok_or(CatalogError::MissingParameter { game: info.name, parameter: "almonds" })?;
            let game = FairShares::new(almonds)?;
            let starts = match &request.positions {
                Positions::At(_) => listed(&game, request)?,
                _ => {
                    let count = game.position_count();
                    check_listing::<Vec<u32>>(count, 32, request, control)?;
                    game.all_positions()
                }
            };
            run(&game, Listing::new(format!("{about}; {almonds} almonds"), starts), request, control)
        }
        GameId::Nimble => match request.positions {
            Positions::At(_) => run(&Nimble, Listing::new(about, listed(&Nimble, request)?), request, control),
            _ => Err(CatalogError::PositionsNeeded { game: info.name }),
        },
        GameId::TurningTurtles => {
            let coins = match (&request.positions, p.length) {
                (_, Some(n)) => n,
                (Positions::At(rows), None) => rows.first().map_or(0, |r| r.trim().chars().count() as u64),
                _ => return Err(CatalogError::MissingParameter { game: info.name, parameter: "length" }),
            };
            let game = TurningTurtles::new(coins)?;
            let starts = match &request.positions {
                Positions::At(_) => listed(&game, request)?,
                _ if coins > MAX_ROW => {
                    return Err(CatalogError::TooManyListed {
                        what: "rows",
                        asked: 1 << coins.min(63),
                        max: 1 << MAX_ROW,
                    });
                }
                _ => (0..1u64 << coins).collect(),
            };
            run(&game, Listing::new(format!("{about}; {coins} coins"), starts), request, control)
        }
        GameId::Policeman => {
            let board =
                p.board.as_deref().ok_or(CatalogError::MissingParameter { game: info.name, parameter: "board" })?;
            let game = PolicemanAndThief::parse_board(board)?;
            let (rows, cols) = game.size();
            let starts = match &request.positions {
                Positions::At(_) => listed(&game, request)?,
                Positions::All => {
                    check_listing::<Chase>(game.position_count(), 0, request, control)?;
                    game.all_positions()
                }
                _ => vec![game.start()],
            };
            let title = format!("{about}; {rows} x {cols} board, the policeman moves first");
            let winner = |p: &Chase, o: Outcome| {
                match PolicemanAndThief::winner(p, o) {
                    Winner::Policeman => "policeman",
                    Winner::Thief => "thief",
                    Winner::Neither => "neither",
                }
                .to_string()
            };
            let listing = Listing { extra: Some(("winner", &winner)), ..Listing::new(title, starts) };
            run(&game, listing, request, control)
        }
        GameId::CopWin | GameId::Digraph => Err(CatalogError::PositionsNeeded { game: info.name }),
    }
}

/// The bound of a game that adds stones: `given`, or the game's default; not
/// below the largest heap listed.
fn bound(id: GameId, given: Option<u64>, largest: u64, request: &Request) -> Result<u64, CatalogError> {
    let default = id.default_bound(largest, request.limits.max_positions).unwrap_or(largest);
    let bound = given.unwrap_or(default);
    if bound < largest {
        return Err(CatalogError::BoundBelowHeap { bound, heap: largest });
    }
    Ok(bound)
}

/// A game's extra column: its name, and its value from a position and its
/// outcome.
type Extra<'a, P> = (&'static str, &'a dyn Fn(&P, Outcome) -> String);

/// What to explore and how to title it.
struct Listing<'a, P> {
    title: String,
    bound: Option<u64>,
    starts: Vec<P>,
    square: Option<(u32, u32)>,
    extra: Option<Extra<'a, P>>,
}

impl<P> Listing<'_, P> {
    fn new(title: String, starts: Vec<P>) -> Self {
        Listing { title, bound: None, starts, square: None, extra: None }
    }
}

/// The positions of `request` read in `game`'s notation.
fn listed<G: Notation>(game: &G, request: &Request) -> Result<Vec<G::Position>, CatalogError> {
    let Positions::At(texts) = &request.positions else {
        return Ok(Vec::new());
    };
    texts.iter().map(|t| game.parse(t).map_err(CatalogError::from)).collect()
}

/// Refuses to list `count` positions (each owning `position_bytes`) that
/// cannot fit, before the list is made.
fn check_listing<P>(
    count: u64,
    position_bytes: usize,
    request: &Request,
    control: &Control,
) -> Result<(), CatalogError> {
    let listed = Cost { per_position: size_of::<P>() as u64 + Row::BYTES, per_move: 0 };
    let hint = SizeHint { positions: count, moves: 0 };
    check_size::<P>(hint, position_bytes, request.limits, Cost::ANALYSIS.plus(listed), control)?;
    Ok(())
}

/// The heaps of a one-heap game: those listed, or every heap up to a number.
fn heaps(game: &HeapGame, request: &Request, control: &Control) -> Result<Vec<u64>, CatalogError> {
    match request.positions {
        Positions::At(_) => listed(game, request),
        Positions::Upto(upto) => {
            let upto = upto.unwrap_or(DEFAULT_HEAPS);
            if upto > MAX_HEAPS {
                return Err(CatalogError::TooManyListed { what: "heaps", asked: upto, max: MAX_HEAPS });
            }
            let smallest = game.smallest_position();
            check_listing::<u64>((upto + 1).saturating_sub(smallest), 0, request, control)?;
            Ok((smallest..=upto).collect())
        }
        Positions::All | Positions::Start => Err(CatalogError::PositionsNeeded { game: request.game.info().name }),
    }
}

/// A game on pairs: the pairs listed, or every pair of numbers from
/// `smallest` up to a number.
fn pairs<G>(
    game: &G,
    smallest: u32,
    title: String,
    request: &Request,
    control: &Control,
) -> Result<Report, CatalogError>
where
    G: Game<Position = (u32, u32)> + Notation,
{
    let listing = match request.positions {
        Positions::At(_) => Listing::new(title, listed(game, request)?),
        Positions::Upto(upto) => {
            let upto = upto.unwrap_or(DEFAULT_PAIRS);
            if upto > MAX_PAIRS {
                return Err(CatalogError::TooManyListed { what: "pairs", asked: upto, max: MAX_PAIRS });
            }
            let side = u64::from((upto as u32 + 1).saturating_sub(smallest));
            check_listing::<(u32, u32)>(side * side, 0, request, control)?;
            let upto = upto as u32;
            let starts = (smallest..=upto).flat_map(|a| (smallest..=upto).map(move |b| (a, b))).collect();
            Listing { square: Some((smallest, upto)), ..Listing::new(title, starts) }
        }
        Positions::All | Positions::Start => {
            return Err(CatalogError::PositionsNeeded { game: request.game.info().name });
        }
    };
    run(game, listing, request, control)
}

/// Refuses, before solving, a digraph whose solving and rows do not fit
/// beside what is already held.
fn check_solving(graph: &Digraph, held: u64, rows: usize, control: &Control) -> Result<(), CatalogError> {
    let needed = held + Analysis::peak_bytes(graph) + rows as u64 * Row::BYTES;
    let budget = control.budget.get();
    if needed > budget {
        let (positions, moves) = (graph.position_count() as u64, graph.move_count() as u64);
        return Err(ExploreError::MemoryBudget { positions, moves, needed, budget }.into());
    }
    Ok(())
}

/// Explores `game` from the listing's starts, solves it, and reports the
/// starts (or, with `all`, every position explored).
fn run<G: Game + Notation>(
    game: &G,
    listing: Listing<'_, G::Position>,
    request: &Request,
    control: &Control,
) -> Result<Report, CatalogError> {
    let listed = if request.all { Cost { per_position: Row::BYTES, per_move: 0 } } else { Cost::NONE };
    let starts = &listing.starts;
    let e = explore_with(game, starts.iter().cloned(), request.limits, Cost::ANALYSIS.plus(listed), control)?;
    let graph = e.graph();
    let vertices: Vec<VertexId> = if request.all {
        (0..graph.position_count() as VertexId).collect()
    } else {
        starts.iter().map(|p| e.vertex(p).expect("a start is explored")).collect()
    };
    let held = e.heap_bytes() + (starts.capacity() * size_of::<G::Position>()) as u64;
    check_solving(graph, held, vertices.len(), control)?;
    let analysis = Analysis::with_control(graph, e.cut_off(), control)?;
    let name = |v: VertexId| game.format(e.position(v));
    let e = &e;
    let extra = listing.extra.map(|(_, f)| {
        move |v: VertexId, o: Option<Outcome>| o.map_or_else(|| "?".to_string(), |o| f(e.position(v), o))
    });
    let extra = extra.as_ref().map(|f| f as &dyn Fn(VertexId, Option<Outcome>) -> String);
    let rows = vertices.iter().map(|&v| Row::new(graph, &analysis, v, &name, extra)).collect();
    let summary = Summary {
        positions: graph.position_count(),
        moves: graph.move_count(),
        explored: true,
        complete: e.is_complete(),
    };
    Ok(Report {
        title: listing.title,
        bound: listing.bound,
        summary,
        extra: listing.extra.map(|(name, _)| name),
        rows,
        square: listing.square,
    })
}

/// Solves a digraph read from text, named `name` in the title, and reports
/// the vertices named in `at` (every vertex when `at` is empty).
pub fn solve_digraph(
    digraph: &NamedDigraph,
    name: &str,
    at: &[String],
    control: &Control,
) -> Result<Report, CatalogError> {
    let graph = &digraph.graph;
    if digraph.names.is_empty() {
        return Err(CatalogError::EmptyDigraph);
    }
    let vertices: Vec<VertexId> = if at.is_empty() {
        (0..graph.position_count() as VertexId).collect()
    } else {
        at.iter()
            .map(|a| digraph.vertex(a).ok_or_else(|| CatalogError::UnknownVertex { name: a.clone() }))
            .collect::<Result<_, _>>()?
    };
    check_solving(graph, 0, vertices.len(), control)?;
    let analysis = Analysis::with_control(graph, &[], control)?;
    let names = |v: VertexId| digraph.name(v).to_string();
    let rows = vertices.iter().map(|&v| Row::new(graph, &analysis, v, &names, None)).collect();
    let summary =
        Summary { positions: graph.position_count(), moves: graph.move_count(), explored: false, complete: true };
    Ok(Report { title: format!("Digraph {name}"), bound: None, summary, extra: None, rows, square: None })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::catalog::Parameters;
    use crate::explore::Limits;
    use arrows_work::Budget;

    fn request(game: GameId, positions: Positions) -> Request {
        Request { game, parameters: Parameters::default(), positions, all: false, limits: Limits::DEFAULT }
    }

    #[test]
    fn nim_too_large_for_the_budget_is_refused_with_its_size() {
        let control = Control::new(Budget::bytes(1 << 30));
        let r = request(GameId::Nim, Positions::At(vec!["1000,1000,1000".into()]));
        let err = solve(&r, &control).unwrap_err();
        let CatalogError::Explore(ExploreError::MemoryBudget { positions, moves, needed, budget }) = err else {
            panic!("{err:?}");
        };
        assert_eq!((positions, moves, budget), (1_003_003_001, 1_504_504_501_500, 1 << 30));
        assert!(needed > 1 << 40);
        let hundred = vec!["1"; 100].join(",");
        let err = solve(&request(GameId::Nim, Positions::At(vec![hundred])), &control).unwrap_err();
        assert!(
            matches!(err, CatalogError::Explore(ExploreError::MemoryBudget { positions: u64::MAX, .. })),
            "{err:?}"
        );
    }

    #[test]
    fn listings_past_their_caps_are_refused() {
        let control = Control::default();
        let err = solve(&request(GameId::Divisor, Positions::Upto(Some(MAX_HEAPS + 1))), &control).unwrap_err();
        assert_eq!(err, CatalogError::TooManyListed { what: "heaps", asked: MAX_HEAPS + 1, max: MAX_HEAPS });
        let mut r = request(GameId::SquareButOne, Positions::At(vec!["10".into()]));
        r.parameters.bound = Some(5);
        assert_eq!(solve(&r, &control).unwrap_err(), CatalogError::BoundBelowHeap { bound: 5, heap: 10 });
        let err = solve(&request(GameId::Subtraction, Positions::Upto(None)), &control).unwrap_err();
        assert_eq!(err, CatalogError::MissingParameter { game: "subtraction", parameter: "set" });
    }
}
