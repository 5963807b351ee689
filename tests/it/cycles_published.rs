//! Published results on the Game of Cycles, each checked with brute force
//! through the analyzer (the value it reports is the reduced game's,
//! `arrows_core::play`; its sign is the outcome of the game as played).
//!
//! Ranges: cycles up to `ARROWS_CYCLES_MAX_N` edges (default 16;
//! 18 takes about 25 s in a release build); symmetric
//! boards up to 14 edges.

use crate::support::control;
use arrows_core::plane::PlaneFamily;
use arrows_core::{Decoration, Graph, Position, Variant};
use arrows_solve::{Analyzer, Engine};

fn env(name: &str, default: usize) -> usize {
    std::env::var(name).ok().and_then(|v| v.parse().ok()).unwrap_or(default)
}

/// `true` when the first player wins the Game of Cycles on `family` from the empty board.
fn first_player_wins(analyzer: &mut Analyzer, family: PlaneFamily) -> bool {
    let g: Graph = family.build().expect("a family member").graph;
    let empty = Decoration::empty(g.edge_count());
    let a = analyzer.analyze(Position::new(&g, Variant::Cycles, &empty), Engine::Brute, &control()).unwrap();
    a.first_player_wins()
}

/// Alvarado, Averett, Gaines, Jackson, Karker, Marciniak, Su, Walker,
/// "The Game of Cycles", Amer. Math. Monthly 128 (2021), arXiv:2004.00776: on the cycle graph C_n (one cell),
/// the first player wins exactly when n is odd.
#[test]
fn the_cycle_c_n_is_a_first_player_win_exactly_when_n_is_odd() {
    let mut analyzer = Analyzer::new();
    for n in 3..=env("ARROWS_CYCLES_MAX_N", 16) {
        assert_eq!(first_player_wins(&mut analyzer, PlaneFamily::Cycle(n)), n % 2 == 1, "C_{n}");
    }
}

/// Alvarado et al. 2021 (as above): K_4 drawn in the plane (a triangle
/// with a vertex inside joined to its three corners: three triangular
/// cells) is a second-player win.
#[test]
fn k4_is_a_second_player_win() {
    assert!(!first_player_wins(&mut Analyzer::new(), PlaneFamily::K4));
}

/// Alvarado et al. 2021 (as above), the mirror-reverse strategy, as read
/// here: on a board with an involution of the plane graph (cells to cells)
/// under which no edge is mapped to itself, the second player wins by
/// answering each arrow with the reverse of its image; when exactly one
/// edge is mapped to itself (its ends swapped), the first player wins by
/// marking it first and then answering the same way. Checked on boards
/// whose point reflection through the centre of the family's drawing is
/// such an involution: even cycles, wheels with an even number of spokes,
/// prisms over even cycles, grids (no edge at the centre exactly when M
/// and N have the same parity; otherwise one), and theta graphs
/// Θ(A,B,A) (the middle path's centre edge is fixed exactly when B is odd).
#[test]
fn symmetric_boards_follow_the_mirror_reverse_strategy() {
    let mut analyzer = Analyzer::new();
    let mut boards: Vec<(PlaneFamily, bool)> = Vec::new();
    for k in 2..=6 {
        boards.push((PlaneFamily::Cycle(2 * k), false));
    }
    for k in 2..=5 {
        boards.push((PlaneFamily::Wheel(2 * k), false));
    }
    boards.push((PlaneFamily::Prism(4), false));
    for (m, n) in [(2, 2), (2, 3), (2, 4), (2, 5), (3, 3), (3, 4), (2, 6)] {
        boards.push((PlaneFamily::Grid(m, n), m % 2 != n % 2));
    }
    for a in 2..=4 {
        for b in 1..=6 {
            if a + b + a <= 12 {
                boards.push((PlaneFamily::Theta(a, b, a), b % 2 == 1));
            }
        }
    }
    let mut checked = 0;
    for (family, first) in boards {
        if family.build().unwrap().graph.edge_count() > 14 {
            continue;
        }
        checked += 1;
        assert_eq!(first_player_wins(&mut analyzer, family), first, "{family}");
    }
    assert!(checked >= 15, "{checked} boards");
}
