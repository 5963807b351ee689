//! The committed table of the Game of Cycles on the plane families
//! (`experiments/cycles/boards.csv`, made by `experiments/cycles/run.py`):
//! every board's edges and cells are those of the family member it names,
//! and every value on a board of at most 12 edges, under normal and misère
//! play, is recomputed by the explicit engine (the loopy solver's gamma on
//! the whole game graph), which made none of them.

use arrows_core::plane::PlaneFamily;
use arrows_core::{Decoration, Play, Position, Variant};
use arrows_solve::Engine;
use arrows_work::{Budget, Control};
use std::path::Path;

/// The boards small enough for the explicit engine here.
const CHECKED_EDGES: usize = 12;

fn member(family: &str, p: &[usize]) -> PlaneFamily {
    match (family, p) {
        ("wheel", [n]) => PlaneFamily::Wheel(*n),
        ("fan", [n]) => PlaneFamily::Fan(*n),
        ("theta", [a, b, c]) => PlaneFamily::Theta(*a, *b, *c),
        ("grid", [m, n]) => PlaneFamily::Grid(*m, *n),
        ("ladder", [n]) => PlaneFamily::Ladder(*n),
        ("prism", [n]) => PlaneFamily::Prism(*n),
        _ => panic!("unknown board {family} {p:?}"),
    }
}

#[test]
fn the_committed_boards_agree_with_the_explicit_engine() {
    let path = Path::new(env!("CARGO_MANIFEST_DIR")).join("experiments/cycles/boards.csv");
    let text = std::fs::read_to_string(&path).expect("experiments/cycles/boards.csv is committed");
    let mut lines = text.lines();
    let header: Vec<&str> = lines.next().expect("a header").split(',').collect();
    let col = |name: &str| header.iter().position(|h| *h == name).unwrap_or_else(|| panic!("no column {name}"));
    let (family, board, edges, cells) = (col("family"), col("board"), col("edges"), col("cells"));
    let plays = [
        (Play::Normal, col("normal_grundy"), col("normal_winner")),
        (Play::Misere, col("misere_grundy"), col("misere_winner")),
    ];
    let control = Control::new(Budget::bytes(2 << 30));
    let (mut rows, mut checked) = (0, 0);
    for line in lines {
        let f: Vec<&str> = line.split(',').collect();
        rows += 1;
        let p: Vec<usize> = f[board].split(' ').map(|x| x.parse().unwrap()).collect();
        let embedded = member(f[family], &p).build().unwrap();
        let g = embedded.graph;
        assert_eq!(f[edges].parse::<usize>().unwrap(), g.edge_count(), "{line}");
        assert_eq!(f[cells].parse::<usize>().unwrap(), g.cell_list().len(), "{line}");
        if g.edge_count() > CHECKED_EDGES {
            continue;
        }
        let empty = Decoration::empty(g.edge_count());
        for (play, grundy, winner) in plays {
            let position = Position::new(&g, Variant::Cycles, &empty).with_play(play);
            let a = arrows_solve::analyze(position, Engine::Explicit, &control).unwrap();
            assert_eq!(f[grundy], a.grundy.unwrap().to_string(), "{play:?}: {line}");
            assert_eq!(f[winner], if a.first_player_wins() { "first" } else { "second" }, "{play:?}: {line}");
            checked += 1;
        }
    }
    assert!(rows >= 60 && checked >= 60, "{rows} rows, {checked} values checked");
}
