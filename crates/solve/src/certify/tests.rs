//! The certifying solver against brute force on small boards of every rule
//! set (the certificates themselves are checked by `arrows-verify` in the
//! workspace's integration tests).

use super::*;
use crate::brute::BruteForce;
use arrows_core::plane::PlaneFamily;
use arrows_core::{Decoration, Graph, families};

fn brute(position: Position<'_>) -> u32 {
    BruteForce::new(position, &Control::default()).unwrap().start_grundy().unwrap()
}

fn winning_by_brute(position: Position<'_>) -> Vec<Arrow> {
    let mut out = Vec::new();
    for a in position.reduced_moves() {
        let mut d = position.state.clone();
        let e = position.graph.edge_between(a.tail, a.head).unwrap();
        d.mark(e, position.graph.ends(e).0 == a.tail);
        if brute(position.with_state(&d)) == 0 {
            out.push(a);
        }
    }
    out.sort();
    out
}

fn agree(g: &Graph, variant: Variant, what: &str) {
    let d = Decoration::empty(g.edge_count());
    let p = Position::new(g, variant, &d);
    let want = brute(p);
    let board = Board::new(p).unwrap();
    let control = Control::default();
    let request = Request { value: true, moves: Moves::All };
    let mut cert = certify(&board, p, &request, &control).unwrap();
    let found = cert.found().clone();
    assert_eq!(found.value, Some(want), "{what}");
    assert_eq!(found.first_wins, want != 0, "{what}");
    let mut moves = found.winning_moves.clone();
    moves.sort();
    assert_eq!(moves, winning_by_brute(p), "{what}");
    let mut bytes = Vec::new();
    let written = cert.write(what, u64::MAX, &mut bytes).unwrap();
    assert_eq!(written.bytes as usize, bytes.len());
    assert_eq!(cert.size(what).unwrap(), written, "{what}: writing twice gives the same file");
    let text = String::from_utf8(bytes).unwrap();
    assert!(text.lines().last().unwrap().starts_with("{\"end\""), "{what}");
}

#[test]
fn trees_and_graphs_agree_with_brute_force() {
    for legs in [vec![2], vec![1, 1], vec![2, 3], vec![1, 2, 3], vec![2, 2, 2], vec![3, 3, 1, 2]] {
        let g = families::spider(&legs).unwrap();
        for variant in [Variant::Trimmed, Variant::Untrimmed] {
            agree(&g, variant, &format!("spider {legs:?} {variant:?}"));
        }
    }
    let g = Graph::from_edges(&[(0, 1), (1, 2), (2, 0), (2, 3), (3, 4), (4, 2)]).unwrap();
    agree(&g, Variant::Untrimmed, "bowtie");
    agree(&g, Variant::Trimmed, "bowtie trimmed");
}

#[test]
fn plane_boards_agree_with_brute_force() {
    for family in [
        PlaneFamily::Cycle(4),
        PlaneFamily::K4,
        PlaneFamily::Wheel(4),
        PlaneFamily::Wheel(5),
        PlaneFamily::Fan(5),
        PlaneFamily::Grid(2, 3),
        PlaneFamily::Theta(2, 3, 4),
        PlaneFamily::Prism(4),
    ] {
        let g = family.build().unwrap().graph;
        agree(&g, Variant::Cycles, &family.to_string());
    }
}

#[test]
fn misere_and_huge_boards_are_refused() {
    let g = families::path(70).unwrap();
    let d = Decoration::empty(g.edge_count());
    assert!(matches!(Board::new(Position::new(&g, Variant::Trimmed, &d)), Err(CertifyError::TooLarge(_))));
    let g = families::path(3).unwrap();
    let d = Decoration::empty(g.edge_count());
    let p = Position::new(&g, Variant::Trimmed, &d).with_play(Play::Misere);
    assert!(matches!(Board::new(p), Err(CertifyError::Misere)));
}

#[test]
fn a_cap_stops_the_file_before_it_passes() {
    let g = PlaneFamily::Wheel(5).build().unwrap().graph;
    let d = Decoration::empty(g.edge_count());
    let p = Position::new(&g, Variant::Cycles, &d);
    let board = Board::new(p).unwrap();
    let control = Control::default();
    let mut cert = certify(&board, p, &Request::default(), &control).unwrap();
    let full = cert.size("W_5").unwrap().bytes;
    let mut bytes = Vec::new();
    match cert.write("W_5", full - 1, &mut bytes) {
        Err(CertifyError::TooBig { cap, written }) => {
            assert_eq!(cap, full - 1);
            assert!(written <= cap && bytes.len() as u64 == written);
        }
        other => panic!("expected the cap to stop it, got {other:?}"),
    }
}
