//! The outcome search (`arrows_solve::search`) against the other engines:
//! its winner, every winning move and its Grundy value against brute force
//! on every board of the plane families and on random plane graphs and
//! positions, its Grundy values against the canonical engine; the
//! symmetry strategies of Alvarado et al. (2021) as checks of its answers;
//! its answer unchanged by the thread count, a table too small to hold the
//! search, the symmetries left out, or a split into shards.
//!
//! Ranges: plane family members up to `ARROWS_SEARCH_EDGES` edges
//! (default 12; 18 is the whole range asked of it, about ten minutes in
//! the dev profile), `ARROWS_SEARCH_BOARDS` random plane graphs (default
//! 30) of up to 14 edges with random positions on each, and the symmetric
//! boards up to `ARROWS_SEARCH_SYMMETRIC` edges (default 24; 40 takes
//! minutes).

use crate::support::control;
use crate::support::plane::{plane_families, random_plane_graph};
use crate::support::{Rng, random_state};
use arrows_core::plane::PlaneFamily;
use arrows_core::{Arrow, Decoration, Graph, Position, Standing, Variant};
use arrows_solve::canonical::{CanonicalEngine, Grundy};
use arrows_solve::search::shard::Plan;
use arrows_solve::search::{SearchOptions, search};
use arrows_solve::{BruteForce, Engine, SolveError};
use arrows_work::Control;

fn env(name: &str, default: usize) -> usize {
    std::env::var(name).ok().and_then(|v| v.parse().ok()).unwrap_or(default)
}

/// The Grundy value and the winning moves by brute force (the value of
/// the reduced game, as every engine reports it).
fn brute(position: Position<'_>) -> (u32, Vec<Arrow>) {
    let mut b = BruteForce::new(position, &control()).unwrap();
    let g = b.start_grundy().unwrap();
    let mut moves = if g == 0 { Vec::new() } else { b.winning_moves().unwrap() };
    moves.sort();
    (g, moves)
}

/// The search's winner, winning moves and (asked) Grundy value agree with
/// brute force's at `position`; with the value asked or not, and with the
/// first winning move only (which must be one of them).
fn agree(position: Position<'_>, what: &str) {
    let (want, want_moves) = brute(position);
    let asked = search(position, &SearchOptions { grundy: true, ..SearchOptions::default() }, &control()).unwrap();
    assert_eq!(asked.grundy, Some(want), "{what}: the Grundy value");
    let mut moves = asked.winning_moves.clone();
    moves.sort();
    assert_eq!(moves, want_moves, "{what}: the winning moves");
    let plain = search(position, &SearchOptions::default(), &control()).unwrap();
    assert_eq!(plain.first_wins, want != 0, "{what}: the winner");
    assert_eq!(plain.winning_moves, asked.winning_moves, "{what}: the winning moves, value not asked");
    let first = search(position, &SearchOptions { first_win: true, ..SearchOptions::default() }, &control()).unwrap();
    assert_eq!(first.first_wins, want != 0, "{what}: the winner, first win only");
    assert!(first.winning_moves.len() <= 1 && first.winning_moves.iter().all(|m| want_moves.contains(m)), "{what}");
    assert_eq!(first.winning_moves.is_empty(), want == 0, "{what}");
}

/// Every board of the plane families (wheels, fans, theta graphs, grids,
/// ladders, prisms, K4, cycles) up to the range.
#[test]
fn agrees_with_brute_force_on_every_plane_family_member() {
    let max = env("ARROWS_SEARCH_EDGES", 12);
    let mut boards = 0;
    for (family, g) in plane_families(max) {
        let empty = Decoration::empty(g.edge_count());
        agree(Position::new(&g, Variant::Cycles, &empty), &family.to_string());
        boards += 1;
    }
    assert!(boards >= 100, "{boards} boards");
}

/// Random plane graphs (Delaunay triangulations with edges removed), from
/// the empty board and from random positions reached by legal moves.
#[test]
fn agrees_with_brute_force_on_random_plane_graphs_and_positions() {
    let mut rng = Rng::new(30);
    let count = env("ARROWS_SEARCH_BOARDS", 30);
    let mut positions = 0;
    for i in 0..count {
        let points = 5 + rng.below(6);
        let Some(g) = random_plane_graph(&mut rng, points, 14) else { continue };
        let empty = Decoration::empty(g.edge_count());
        for k in 0..4 {
            let d = if k == 0 { empty.clone() } else { random_state(&mut rng, &g, Variant::Cycles, &empty) };
            let p = Position::new(&g, Variant::Cycles, &d);
            if p.standing() != Standing::Open {
                continue;
            }
            agree(p, &format!("random board {i} ({}) at \"{}\"", g.edge_list(), d.display(&g)));
            positions += 1;
        }
    }
    assert!(positions >= count, "{positions} positions");
}

/// The Grundy values the search computes (by deciding `C + *n` for
/// `n = 0, 1, ...`) are the canonical engine's, on boards brute force
/// does not reach quickly and on positions part way through them.
#[test]
fn grundy_values_agree_with_the_canonical_engine() {
    let mut rng = Rng::new(31);
    let mut canonical = CanonicalEngine::<Grundy>::new();
    let mut nonzero = 0;
    for family in [
        PlaneFamily::Fan(7),
        PlaneFamily::Fan(8),
        PlaneFamily::Theta(3, 4, 6),
        PlaneFamily::Grid(2, 5),
        PlaneFamily::Prism(4),
        PlaneFamily::Wheel(7),
    ] {
        let g: Graph = family.build().unwrap().graph;
        let empty = Decoration::empty(g.edge_count());
        for k in 0..5 {
            let d = if k == 0 { empty.clone() } else { random_state(&mut rng, &g, Variant::Cycles, &empty) };
            let p = Position::new(&g, Variant::Cycles, &d);
            if p.standing() != Standing::Open {
                continue;
            }
            let want = canonical.state_value(p, &control()).unwrap();
            let o = search(p, &SearchOptions { grundy: true, ..SearchOptions::default() }, &control()).unwrap();
            assert_eq!(o.grundy, Some(want), "{family} at \"{}\"", d.display(&g));
            nonzero += usize::from(want > 1);
        }
    }
    assert!(nonzero > 0, "some value above 1 is checked");
}

/// Alvarado, Averett, Gaines, Jackson, Karker, Marciniak, Su, Walker,
/// "The Game of Cycles", Amer. Math. Monthly 128 (2021), arXiv:2004.00776, the mirror-reverse strategy: on
/// a board with an involution of the plane graph under which no edge is
/// fixed, the second player wins (answering each arrow with the reverse of
/// its image); with exactly one edge fixed (its ends swapped), the first
/// player wins (marking it first). The point reflection of the family's
/// drawing is such an involution on even cycles, wheels with an even
/// number of spokes, prisms over even cycles, grids (no edge at the centre
/// exactly when M and N have the same parity, otherwise one) and theta
/// graphs Θ(A,B,A) (the middle path's centre edge is fixed exactly when B
/// is odd). The search is not told: its answer must agree, on every such
/// board up to the range (theta graphs and first-player wins up to
/// `ARROWS_SEARCH_SYMMETRIC` edges, default 18; the other second-player
/// wins, whose proofs are shorter, up to 8 edges more).
#[test]
fn symmetric_boards_follow_the_mirror_reverse_strategy() {
    let max = env("ARROWS_SEARCH_SYMMETRIC", 18);
    let mut boards: Vec<(PlaneFamily, bool)> = Vec::new();
    for k in 2..=max / 2 {
        boards.push((PlaneFamily::Cycle(2 * k), false));
        boards.push((PlaneFamily::Wheel(2 * k), false));
    }
    for k in 2..=max / 6 {
        boards.push((PlaneFamily::Prism(2 * k), false));
    }
    for m in 2..=max {
        for n in m..=max {
            boards.push((PlaneFamily::Grid(m, n), m % 2 != n % 2));
        }
    }
    for a in 2..=max {
        for b in 1..=max {
            boards.push((PlaneFamily::Theta(a, b, a), b % 2 == 1));
        }
    }
    let mut checked = 0;
    for (family, first) in boards {
        let g = family.build().unwrap().graph;
        let theta = matches!(family, PlaneFamily::Theta(..));
        if g.edge_count() > if first || theta { max } else { max + 8 } {
            continue;
        }
        let empty = Decoration::empty(g.edge_count());
        let p = Position::new(&g, Variant::Cycles, &empty);
        let o = search(p, &SearchOptions { first_win: true, ..SearchOptions::default() }, &control()).unwrap();
        assert_eq!(o.first_wins, first, "{family}");
        checked += 1;
    }
    assert!(checked >= 40, "{checked} boards");
}

/// The answer does not depend on the threads, on a table too small to
/// hold the search (it evicts), on the symmetries, or on the order moves
/// are tried in.
#[test]
fn the_answer_does_not_depend_on_threads_table_symmetries_or_order() {
    let g = PlaneFamily::Grid(3, 3).build().unwrap().graph;
    let d = Decoration::parse(&g, "0>1").unwrap();
    let p = Position::new(&g, Variant::Cycles, &d);
    let base = SearchOptions { grundy: true, ..SearchOptions::default() };
    let want = search(p, &base, &control()).unwrap();
    let one = rayon::ThreadPoolBuilder::new().num_threads(1).build().unwrap();
    let four = rayon::ThreadPoolBuilder::new().num_threads(4).build().unwrap();
    let variants = [
        SearchOptions { parallel_depth: 0, ..base },
        SearchOptions { parallel_depth: 3, ..base },
        SearchOptions { table_bytes: Some(0), ..base },
        SearchOptions { symmetries: false, ..base },
        SearchOptions {
            order: arrows_solve::search::dfs::MoveOrder {
                mirror: false,
                heap_first: true,
                killers: true,
                lookahead: 64,
                cutoff: false,
                mobility: false,
                exact_mobility: false,
                parity: true,
                exact_below: 0,
                exact_most: 64,
                canonical_most: 6,
            },
            ..base
        },
    ];
    for (i, options) in variants.iter().enumerate() {
        for pool in [&one, &four] {
            let o = pool.install(|| search(p, options, &control())).unwrap();
            assert_eq!((o.grundy, &o.winning_moves), (want.grundy, &want.winning_moves), "variant {i}");
        }
    }
    // A search larger than its table: the grid 3 x 4 (one player's first
    // winning move) fills 64 shards of 112 entries many times over.
    let g = PlaneFamily::Grid(3, 4).build().unwrap().graph;
    let empty = Decoration::empty(g.edge_count());
    let p = Position::new(&g, Variant::Cycles, &empty);
    let first = SearchOptions { first_win: true, ..SearchOptions::default() };
    let want = search(p, &first, &control()).unwrap();
    let tiny = search(p, &SearchOptions { table_bytes: Some(0), ..first }, &control()).unwrap();
    assert!(tiny.stats.table_evictions > tiny.stats.table_entries, "{:?}", tiny.stats);
    assert!(tiny.stats.table_bytes <= tiny.stats.table_limit_bytes, "{:?}", tiny.stats);
    assert_eq!(tiny.first_wins, want.first_wins);
}

/// A search split into tasks two plies down, the tasks answered apart and
/// combined, gives the single run's winner and winning moves.
#[test]
fn tasks_answered_apart_combine_to_the_single_runs_answer() {
    let mut rng = Rng::new(32);
    for family in [PlaneFamily::Wheel(6), PlaneFamily::Fan(6), PlaneFamily::Grid(3, 3), PlaneFamily::Theta(1, 3, 5)] {
        let g = family.build().unwrap().graph;
        let empty = Decoration::empty(g.edge_count());
        for k in 0..3 {
            let d = if k == 0 { empty.clone() } else { random_state(&mut rng, &g, Variant::Cycles, &empty) };
            let p = Position::new(&g, Variant::Cycles, &d);
            let options = SearchOptions::default();
            let single = search(p, &options, &control()).unwrap();
            // Each task in a plan of its own: a fresh table, as a shard on another machine.
            let answers: Vec<Option<bool>> = (0..Plan::new(p, &options, &control()).unwrap().tasks())
                .map(|t| Some(Plan::new(p, &options, &control()).unwrap().run(t).unwrap().win))
                .collect();
            let combined = Plan::new(p, &options, &control()).unwrap().combine(&answers).unwrap();
            assert_eq!(combined.first_wins, single.first_wins, "{family} at \"{}\"", d.display(&g));
            assert_eq!(combined.winning_moves, single.winning_moves, "{family} at \"{}\"", d.display(&g));
        }
    }
}

/// What the search refuses, as data: misère play, boards past 64 edges, a
/// decoration that is not a state; and a search stopped by its control.
#[test]
fn refusals_and_stops_are_data() {
    let g = PlaneFamily::Wheel(5).build().unwrap().graph;
    let empty = Decoration::empty(g.edge_count());
    let misere = Position::new(&g, Variant::Cycles, &empty).with_play(arrows_core::Play::Misere);
    let e = search(misere, &SearchOptions::default(), &control()).unwrap_err();
    assert!(matches!(e, SolveError::Unsupported { engine: Engine::Search, .. }), "{e:?}");
    let big = PlaneFamily::Grid(6, 7).build().unwrap().graph;
    let empty_big = Decoration::empty(big.edge_count());
    let e =
        search(Position::new(&big, Variant::Cycles, &empty_big), &SearchOptions::default(), &control()).unwrap_err();
    assert!(matches!(e, SolveError::TooManyEdges { engine: Engine::Search, edges: 71, limit: 64 }), "{e:?}");
    let stopped = Control::new(arrows_work::Budget::bytes(1 << 30));
    stopped.cancel.cancel();
    let e = search(Position::new(&g, Variant::Cycles, &empty), &SearchOptions::default(), &stopped).unwrap_err();
    assert!(matches!(e, SolveError::Cancelled(_)), "{e:?}");
}

/// `--threads` sets the pool the search runs on: with one thread the
/// search is the one `RAYON_NUM_THREADS=1` gives, node for node, and the
/// answer (winner, every winning move, value) is the same with three.
#[test]
fn the_threads_flag_changes_no_answer() {
    let json = |threads: Option<&str>| {
        let mut run = std::process::Command::new(env!("CARGO_BIN_EXE_arrows"));
        run.args(["wheel", "9", "--cycles", "--state", "0>1", "--grundy", "--json", "--stats"]);
        match threads {
            Some(n) => run.args(["--threads", n]).env_remove("RAYON_NUM_THREADS"),
            None => run.env("RAYON_NUM_THREADS", "1"),
        };
        let out = crate::support::binary::success(&run.output().expect("the binary runs"));
        serde_json::from_str::<serde_json::Value>(out.lines().next().unwrap()).unwrap()
    };
    let answer = |d: &serde_json::Value| (d["winner"].clone(), d["winning_moves"].clone(), d["grundy"].clone());
    let one = json(Some("1"));
    assert!(one["grundy"].is_u64(), "{one}");
    assert_eq!(one["search"]["nodes"], json(None)["search"]["nodes"]);
    assert_eq!(answer(&json(Some("3"))), answer(&one));
}
