//! The outcome search against brute force on small boards (the thorough
//! agreement suites are in the workspace's integration tests).

use super::*;
use crate::brute::BruteForce;
use arrows_core::plane::PlaneFamily;
use arrows_core::{Decoration, Variant};

fn brute(position: Position<'_>) -> u32 {
    BruteForce::new(position, &Control::default()).unwrap().start_grundy().unwrap()
}

#[test]
fn small_boards_agree_with_brute_force() {
    for family in [
        PlaneFamily::K4,
        PlaneFamily::Wheel(4),
        PlaneFamily::Wheel(5),
        PlaneFamily::Wheel(6),
        PlaneFamily::Fan(5),
        PlaneFamily::Grid(3, 3),
        PlaneFamily::Theta(2, 3, 4),
        PlaneFamily::Prism(4),
        PlaneFamily::Cycle(7),
    ] {
        let g = family.build().unwrap().graph;
        let d = Decoration::empty(g.edge_count());
        let p = Position::new(&g, Variant::Cycles, &d);
        let want = brute(p);
        for parallel_depth in [0, 2] {
            let options = SearchOptions { grundy: true, parallel_depth, ..SearchOptions::default() };
            let o = search(p, &options, &Control::default()).unwrap();
            assert_eq!(o.grundy, Some(want), "{family}");
            assert_eq!(o.first_wins, want != 0, "{family}");
            let outcome =
                search(p, &SearchOptions { parallel_depth, ..SearchOptions::default() }, &Control::default()).unwrap();
            assert_eq!(outcome.first_wins, want != 0, "{family}");
            assert_eq!(outcome.winning_moves, o.winning_moves, "{family}");
        }
    }
}
