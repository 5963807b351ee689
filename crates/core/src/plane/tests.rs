//! Tests of cells, their checks, vertex walks, the predicates and the families.

use super::families;
use super::*;
use crate::decoration::{Arrow, Decoration};
use crate::families::FamilyError;
use crate::graph::Graph;
use crate::size::GraphSize;
use proptest::prelude::*;
use std::collections::HashSet;

fn k4_graph() -> Graph {
    families::k4().graph.without_cells()
}

fn steps(list: &[(usize, bool)]) -> Cell {
    Cell::new(list.iter().map(|&(e, f)| Step::new(e, f)).collect())
}

#[test]
fn with_cells_checks_each_rule() {
    // K4 as the wheel with 3 spokes: rim edges 0 = 1-2, 1 = 2-3, 2 = 3-1; spokes 3 = 0-1, 4 = 0-2, 5 = 0-3.
    let g = k4_graph();
    let tri = steps(&[(3, true), (0, true), (4, false)]);
    assert!(g.clone().with_cells(vec![tri.clone()]).is_ok());
    let cases: Vec<(Vec<Cell>, PlaneError)> = vec![
        (vec![steps(&[(3, true), (0, true), (9, false)])], PlaneError::NoSuchEdge { cell: 0, edge: 9, edge_count: 6 }),
        (vec![tri.clone(), steps(&[(0, true), (0, false), (1, true)])], PlaneError::RepeatedEdge { cell: 1, edge: 0 }),
        (vec![steps(&[(3, true), (3, false)])], PlaneError::RepeatedEdge { cell: 0, edge: 3 }),
        (vec![steps(&[(3, true), (0, true)])], PlaneError::TooShort { cell: 0, edges: 2 }),
        (
            vec![steps(&[(3, true), (0, false), (4, false)])],
            PlaneError::NotClosed { cell: 0, step: 0, edge: 3, end: 1, next_start: 2 },
        ),
        (vec![tri.clone(), tri.reversed()], PlaneError::DuplicateCell { first: 0, second: 1 }),
        (
            vec![
                tri.clone(),
                steps(&[(4, true), (1, true), (5, false)]),
                steps(&[(0, true), (1, true), (2, true)]),
                steps(&[(0, true), (4, false), (5, true), (2, true)]),
            ],
            PlaneError::EdgeInThreeCells { edge: 0, cells: [0, 2, 3] },
        ),
    ];
    for (cells, want) in cases {
        let got = g.clone().with_cells(cells).unwrap_err();
        assert_eq!(got, want);
        let m = got.to_string();
        assert!(!m.contains('\n') && !m.contains("--"), "{m}");
    }
}

#[test]
fn the_cell_checks_are_documented_word_for_word() {
    for phrase in ["closed walk", "at most once", "at least 3 edges", "at most two cells", "same edges", "trusted"] {
        assert!(CELL_CHECKS.contains(phrase), "{phrase}");
    }
}

#[test]
fn a_graph_with_cells_is_a_plane_graph() {
    let g = k4_graph();
    assert!(!g.is_plane() && g.cell_list().is_empty());
    let p = g.clone().with_cells(Vec::new()).unwrap();
    assert!(p.is_plane() && p.cell_list().is_empty());
    assert_ne!(p, g, "a plane graph with no cell differs from a graph without embedding");
    assert_eq!(p.clone().without_cells(), g);
    let w = families::k4().graph;
    assert_eq!(w.cells().unwrap().len(), 3);
    assert_ne!(w, p);
    // Spoke 3 (0-1) lies in the first and last triangles, rim edge 1 only in the middle one.
    assert_eq!(w.cells().unwrap().containing(3), &[0, 2]);
    assert_eq!(w.cells().unwrap().containing(1), &[1]);
}

#[test]
fn vertex_walks_round_trip_and_name_each_problem() {
    let g = k4_graph();
    let cells = parse_cell_walks(&g, "0-1-2; 0-2-3\n0-3-1-0").unwrap();
    assert_eq!(cells.len(), 3);
    let plane = g.clone().with_cells(cells.clone()).unwrap();
    assert_eq!(format_cell_walks(&plane), "0-1-2;0-2-3;0-3-1");
    assert_eq!(parse_cell_walks(&g, &format_cell_walks(&plane)).unwrap(), cells);
    assert_eq!(plane, families::k4().graph, "the wheel's own cells, as walks");
    let err = |t: &str| parse_cell_walks(&g, t).unwrap_err();
    assert!(matches!(err("0-1-x"), WalkError::Syntax { cell: 0, token, .. } if token == "x"));
    assert!(matches!(err("0-1-2;0-2"), WalkError::TooShort { cell: 1, vertices: 2, .. }));
    assert!(matches!(err("0-1-2;1-2-3-4"), WalkError::NoEdge { cell: 1, u: 3, v: 4, .. }));
    assert!(matches!(err("0-1-0-2"), WalkError::NotOneCycle { cell: 0, problem: CycleProblem::NoCycle, .. }));
    assert!(matches!(err("0-1-2-0-1-2"), WalkError::RepeatedEdge { cell: 0, u: 0, v: 1, .. }));
    assert!(matches!(err("0-1-2;2-1-0"), WalkError::Cells(PlaneError::DuplicateCell { first: 0, second: 1 })));
    for t in ["0-1-x", "0-1", "1-2-3-4", "0-1-0-2", "0-1-2-0-1-2", "0-1-2;2-1-0"] {
        let m = err(t).to_string();
        assert!(m.starts_with("cell") && !m.contains('\n'), "{m}");
    }
}

/// The reference: the cell's arrows compared with the arrows of its vertex walk, as sets.
fn reference_status(graph: &Graph, cell: &Cell, d: &Decoration) -> CellStatus {
    let on_cell: HashSet<usize> = cell.edges().collect();
    let arrows: HashSet<Arrow> = d
        .arrows(graph)
        .into_iter()
        .filter(|a| on_cell.contains(&graph.edge_between(a.tail, a.head).unwrap()))
        .collect();
    let walk = cell.vertices(graph);
    let n = walk.len();
    let along: HashSet<Arrow> = (0..n).map(|k| Arrow::new(walk[k], walk[(k + 1) % n])).collect();
    let against: HashSet<Arrow> = along.iter().map(|a| a.flip()).collect();
    if arrows == along {
        CellStatus::Completed(Orientation::Along)
    } else if arrows == against {
        CellStatus::Completed(Orientation::Against)
    } else if !arrows.is_subset(&along) && !arrows.is_subset(&against) {
        CellStatus::Dead
    } else {
        CellStatus::Live { along: arrows.is_subset(&along), against: arrows.is_subset(&against) }
    }
}

fn small_family(pick: usize) -> Graph {
    let members = [
        families::k4(),
        families::wheel(6).unwrap(),
        families::grid(3, 4).unwrap(),
        families::prism(4).unwrap(),
        families::theta(1, 3, 2).unwrap(),
        families::fan(5).unwrap(),
        families::cycle(5).unwrap(),
    ];
    members[pick % members.len()].graph.clone()
}

fn decoration(graph: &Graph, marks: &[u8]) -> Decoration {
    let mut d = Decoration::empty(graph.edge_count());
    for (e, &m) in marks.iter().enumerate().take(graph.edge_count()) {
        if m % 3 != 0 {
            d.mark(e, m % 3 == 1);
        }
    }
    d
}

proptest! {
    #[test]
    fn cell_predicates_match_the_reference(
        pick in 0usize..7,
        marks in prop::collection::vec(0u8..3, 64),
        complete in prop::option::of((0usize..16, any::<bool>(), 0usize..8)),
    ) {
        let g = small_family(pick);
        let mut d = decoration(&g, &marks);
        // Often complete one cell, or all but one edge of it, so that every status occurs.
        if let Some((c, along, skip)) = complete {
            let cell = &g.cell_list()[c % g.cell_list().len()];
            let orientation = if along { Orientation::Along } else { Orientation::Against };
            for (k, a) in cell.arrows(&g, orientation).into_iter().enumerate() {
                let e = g.edge_between(a.tail, a.head).unwrap();
                d.unmark(e);
                if k != skip {
                    d.mark(e, g.ends(e).0 == a.tail);
                }
            }
        }
        let (marked, forward) = d.to_masks().unwrap();
        let cells = g.cells().unwrap();
        for (i, cell) in cells.as_slice().iter().enumerate() {
            let want = reference_status(&g, cell, &d);
            prop_assert_eq!(cell.status(&d), want);
            let mask = cells.masks().unwrap()[i];
            prop_assert_eq!(mask.status(marked, forward), want);
            prop_assert_eq!(mask.is_completed(marked, forward), want.is_completed());
            prop_assert_eq!(mask.is_dead(marked, forward), want.is_dead());
            prop_assert_eq!(cell.is_completed(&d), want.is_completed());
        }
        prop_assert_eq!(cells.statuses(&d), cells.as_slice().iter().map(|c| reference_status(&g, c, &d)).collect::<Vec<_>>());
        let first = cells.as_slice().iter().position(|c| reference_status(&g, c, &d).is_completed());
        prop_assert_eq!(cells.completed(&d), first);
        for e in 0..g.edge_count() {
            let through = cells.as_slice().iter().enumerate()
                .find(|(_, c)| c.contains(e) && reference_status(&g, c, &d).is_completed())
                .map(|(i, _)| i);
            prop_assert_eq!(cells.completed_through(&d, e), through);
        }
    }
}

#[test]
fn completing_a_cell_either_way_round() {
    let g = families::k4().graph;
    let cell = g.cell_list()[0].clone();
    for orientation in [Orientation::Along, Orientation::Against] {
        let d = Decoration::from_arrows(&g, &cell.arrows(&g, orientation)).unwrap();
        assert_eq!(cell.status(&d), CellStatus::Completed(orientation));
        let mut partial = d.clone();
        partial.unmark(cell.steps()[1].edge);
        let live = cell.status(&partial);
        assert_eq!(
            live,
            CellStatus::Live { along: orientation == Orientation::Along, against: orientation == Orientation::Against }
        );
        let mut dead = partial.clone();
        let s = cell.steps()[0];
        dead.mark(s.edge, dead.get(s.edge) != Some(true));
        assert_eq!(cell.status(&dead), CellStatus::Dead);
    }
    assert_eq!(cell.status(&Decoration::empty(6)), CellStatus::Live { along: true, against: true });
    assert_eq!(cell.reversed().reversed(), cell);
}

#[test]
fn masks_follow_a_renumbering() {
    let g = families::grid(3, 3).unwrap().graph;
    let cell = &g.cell_list()[3];
    let mask = cell.mask_with(|e| Some(11 - e as u32)).unwrap();
    assert_eq!(mask.edges.count_ones(), 4);
    assert!(cell.mask_with(|e| (e < 5).then_some(e as u32)).is_none());
    assert!(cell.mask_with(|_| Some(64)).is_none());
}

#[test]
fn family_numbering_and_counts() {
    // (member, vertices, edges, cells) from the documented formulas.
    for n in 3..12 {
        let c = families::cycle(n).unwrap();
        assert_eq!(c.graph.clone().without_cells(), crate::families::cycle(n).unwrap());
        check_counts(&c, n, n, 1);
        check_counts(&families::wheel(n).unwrap(), n + 1, 2 * n, n);
        check_counts(&families::prism(n).unwrap(), 2 * n, 3 * n, n + 1);
    }
    for n in 2..12 {
        let f = families::fan(n).unwrap();
        check_counts(&f, n + 1, 2 * n - 1, n - 1);
        assert_eq!(f.graph.degree(0), n);
        check_counts(&families::ladder(n).unwrap(), 2 * n, 3 * n - 2, n - 1);
        for m in 2..6 {
            check_counts(&families::grid(m, n).unwrap(), m * n, m * (n - 1) + (m - 1) * n, (m - 1) * (n - 1));
        }
    }
    for (a, b, c) in [(1, 2, 2), (2, 1, 3), (3, 4, 1), (2, 2, 2), (5, 3, 4)] {
        let t = families::theta(a, b, c).unwrap();
        check_counts(&t, a + b + c - 1, a + b + c, 2);
        assert_eq!((t.graph.degree(0), t.graph.degree(1)), (3, 3));
    }
    let w = families::wheel(5).unwrap().graph;
    assert_eq!(w.ends(0), (1, 2));
    assert_eq!(w.ends(4), (5, 1));
    assert_eq!(w.ends(5), (0, 1));
    let g = families::grid(3, 4).unwrap().graph;
    assert_eq!(g.ends(3), (4, 5));
    assert_eq!(g.ends(9), (0, 4));
    assert_eq!(format_cell_walks(&families::grid(2, 3).unwrap().graph), "0-1-4-3;1-2-5-4");
    assert_eq!(format_cell_walks(&families::theta(2, 1, 3).unwrap().graph), "0-1-2;0-3-4-1");
    assert_eq!(format_cell_walks(&families::prism(3).unwrap().graph), "0-1-4-3;1-2-5-4;2-0-3-5;3-4-5");
}

fn check_counts(e: &Embedded, vertices: usize, edges: usize, cells: usize) {
    assert_eq!((e.graph.vertex_count(), e.graph.edge_count(), e.graph.cell_list().len()), (vertices, edges, cells));
    assert_eq!(e.drawing.points().len(), vertices);
    // Euler's formula for a connected plane graph: V - E + F = 2, the outer face included.
    assert_eq!(vertices + cells + 1, edges + 2);
}

#[test]
fn family_limits_are_typed() {
    let small = |r: Result<Embedded, FamilyError>| match r {
        Err(FamilyError::OutOfRange { least, value, most: None, .. }) => (least, value),
        other => panic!("{other:?}"),
    };
    assert_eq!(small(families::cycle(2)), (3, 2));
    assert_eq!(small(families::wheel(2)), (3, 2));
    assert_eq!(small(families::fan(1)), (2, 1));
    assert_eq!(small(families::theta(0, 2, 2)), (1, 0));
    assert_eq!(small(families::grid(1, 5)), (2, 1));
    assert_eq!(small(families::grid(5, 0)), (2, 0));
    assert_eq!(small(families::ladder(1)), (2, 1));
    assert_eq!(small(families::prism(2)), (3, 2));
    assert_eq!(
        families::theta(1, 1, 4),
        Err(FamilyError::RepeatedEdge {
            family: "theta graph",
            member: "theta 1 1 4".into(),
            needs: "at most one path of length 1"
        })
    );
    let max = crate::size::MAX_EDGES;
    let huge = [
        families::cycle(usize::MAX),
        families::cycle(max + 1),
        families::wheel(usize::MAX / 2),
        families::fan(max),
        families::theta(usize::MAX, usize::MAX, usize::MAX),
        families::grid(usize::MAX, usize::MAX),
        families::grid(2, max),
        families::ladder(max),
        families::prism(max / 3 + 1),
    ];
    for r in huge {
        match r {
            Err(FamilyError::TooLarge { size, limit, .. }) => {
                assert!(!size.within_limit() && limit == GraphSize::LIMIT)
            }
            other => panic!("{other:?}"),
        }
    }
    // The largest members within the limit are built.
    assert_eq!(families::cycle(max).unwrap().graph.edge_count(), max);
    let m = families::theta(1, 1, 2).unwrap_err().to_string();
    assert!(m.contains("at most one") && !m.contains("--"), "{m}");
    let m = families::wheel(2).unwrap_err().to_string();
    assert_eq!(m, "wheel 2 is not a wheel: its number of spokes is 2, and a wheel needs at least 3");
}

#[test]
fn plane_family_names_and_builds() {
    let all = [
        PlaneFamily::Cycle(4),
        PlaneFamily::Wheel(5),
        PlaneFamily::Fan(3),
        PlaneFamily::Theta(1, 2, 3),
        PlaneFamily::Grid(2, 3),
        PlaneFamily::Ladder(4),
        PlaneFamily::Prism(3),
        PlaneFamily::K4,
    ];
    let names: Vec<String> = all.iter().map(|f| f.to_string()).collect();
    assert_eq!(names, ["cycle 4", "wheel 5", "fan 3", "theta 1 2 3", "grid 2 3", "ladder 4", "prism 3", "K4"]);
    for f in all {
        assert!(f.build().unwrap().graph.is_plane());
    }
    assert_eq!(PlaneFamily::Ladder(4).build().unwrap(), families::grid(2, 4).unwrap());
    assert_eq!(PlaneFamily::K4.build().unwrap(), families::wheel(3).unwrap());
}
