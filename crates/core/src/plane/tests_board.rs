//! Tests of the board encoding: round trips and one test per error kind.

use super::families;
use super::*;
use crate::graph::Graph;

/// The K4 board of the encodings shipped with an existing Game of Cycles
/// solver, exactly as there (no line break at the end).
const K4_BOARD: &str = "K4\n4 6\nEDGES\n0 1\n2 0\n1 2\n0 3\n3 2\n3 1\nCYCLES\n+0 +2 +1\n+3 +4 +1\n+5 +2 -4";

#[test]
fn the_k4_board_reads_as_its_drawing_traces() {
    let board = Board::parse(K4_BOARD).unwrap();
    assert_eq!(board.name(), "K4");
    let g = board.graph();
    assert_eq!(format_cell_walks(g), "0-1-2;0-3-2;3-1-2");
    // The same solver draws this board with these positions (y pointing down);
    // the drawing's bounded faces are the board's cells.
    let drawing = Drawing::parse("0:150,500;1:650,500;2:400,350;3:400,100", 4).unwrap();
    let traced = drawing.cells(&g.clone().without_cells()).unwrap();
    let sets = |cells: &[Cell]| cells.iter().map(Cell::edge_set).collect::<std::collections::BTreeSet<_>>();
    assert_eq!(sets(&traced), sets(g.cell_list()));
    assert_eq!(board.to_text(), format!("{K4_BOARD}\n"));
}

#[test]
fn boards_round_trip() {
    let members = [
        ("K4", families::k4()),
        ("5-Cell Wheel", families::wheel(5).unwrap()),
        ("theta", families::theta(1, 3, 2).unwrap()),
        ("grid", families::grid(3, 4).unwrap()),
        ("prism", families::prism(6).unwrap()),
        ("fan", families::fan(2).unwrap()),
    ];
    for (name, member) in members {
        let board = Board::new(name, member.graph.clone());
        let text = board.to_text();
        let back = Board::parse(&text).unwrap();
        assert_eq!(back, board, "{name}");
        assert_eq!(back.into_graph(), member.graph);
        assert_eq!(Board::parse(&text).unwrap().to_text(), text);
    }
    // A graph without cells becomes a plane graph with none; names stay on one line.
    let tree = Graph::from_edges(&[(0, 1), (1, 2)]).unwrap();
    let board = Board::new("a\ntree", tree.clone());
    assert_eq!(board.to_text(), "a tree\n3 2\nEDGES\n0 1\n1 2\nCYCLES\n");
    assert_eq!(Board::parse(&board.to_text()).unwrap(), board);
    assert_eq!(board.graph(), &tree.with_cells(Vec::new()).unwrap());
}

/// Existing solvers read a cell as the set of its signed edges: one of
/// their published boards lists a cell as `+5 +6 +7 +14 +8`, whose walk is
/// 5, 6, 7, 8, 14. Every order of every cell of every family's board reads
/// as the board itself.
#[test]
fn the_edges_of_a_cell_may_come_in_any_order() {
    for member in
        [families::k4(), families::wheel(5).unwrap(), families::grid(3, 4).unwrap(), families::prism(5).unwrap()]
    {
        let board = Board::new("b", member.graph.clone());
        let text = board.to_text();
        let (head, cells) = text.split_once("CYCLES\n").unwrap();
        for turn in 1..4 {
            let shuffled: Vec<String> = cells
                .lines()
                .map(|line| {
                    let mut steps: Vec<&str> = line.split_whitespace().collect();
                    // A rotation and a swap: no longer a walk in order.
                    let by = turn % steps.len();
                    steps.rotate_left(by);
                    steps.swap(0, 1);
                    steps.join(" ")
                })
                .collect();
            let again = format!("{head}CYCLES\n{}\n", shuffled.join("\n"));
            let read = Board::parse(&again).unwrap_or_else(|e| panic!("{again}\n{e}"));
            assert_eq!(read.graph().cell_list().len(), member.graph.cell_list().len());
            for (a, b) in read.graph().cell_list().iter().zip(member.graph.cell_list()) {
                assert_eq!(a.edge_set(), b.edge_set());
                // The same way round: the first step keeps its sign.
                let first = a.steps()[0];
                assert!(b.steps().contains(&first), "{a} {b}");
            }
        }
    }
}

/// A dangling edge inside a face (its boundary walks it there and back)
/// is not part of the cell, as for `--cells` walks and `--positions`.
#[test]
fn an_edge_given_both_ways_is_left_out_of_its_cell() {
    let text = "square with a tail\n5 6\nEDGES\n0 1\n1 2\n2 0\n2 3\n3 0\n0 4\nCYCLES\n+0 +5 -5 +1 +2\n-2 +3 +4\n";
    let board = Board::parse(text).unwrap();
    assert_eq!(format_cell_walks(board.graph()), "0-1-2;0-2-3");
}

#[test]
fn windows_line_ends_and_final_blank_lines_are_accepted() {
    let crlf = K4_BOARD.replace('\n', "\r\n") + "\r\n\r\n  \n";
    assert_eq!(Board::parse(&crlf).unwrap(), Board::parse(K4_BOARD).unwrap());
}

/// The K4 board with line `n` (from 1) replaced; `None` deletes it.
fn edited(edits: &[(usize, Option<&str>)]) -> String {
    let mut lines: Vec<Option<String>> = K4_BOARD.lines().map(|l| Some(l.to_string())).collect();
    for &(n, text) in edits {
        if n > lines.len() {
            lines.push(text.map(str::to_string));
        } else {
            lines[n - 1] = text.map(str::to_string);
        }
    }
    lines.into_iter().flatten().collect::<Vec<_>>().join("\n")
}

fn fails(text: &str) -> (usize, BoardErrorKind) {
    let e = Board::parse(text).unwrap_err();
    let m = e.to_string();
    assert!(m.starts_with(&format!("line {}: ", e.line)) && !m.contains('\n') && !m.contains("--"), "{m}");
    (e.line, e.kind)
}

#[test]
fn each_header_error_names_its_line() {
    assert_eq!(fails(""), (1, BoardErrorKind::Empty));
    assert_eq!(fails("K4"), (2, BoardErrorKind::Counts { found: String::new() }));
    assert_eq!(fails(&edited(&[(2, Some("4"))])), (2, BoardErrorKind::Counts { found: "4".into() }));
    assert_eq!(fails(&edited(&[(2, Some("4 6 7"))])), (2, BoardErrorKind::Counts { found: "4 6 7".into() }));
    assert_eq!(fails(&edited(&[(2, Some("4 -6"))])), (2, BoardErrorKind::Counts { found: "4 -6".into() }));
    assert_eq!(fails("empty\n0 0\nEDGES\nCYCLES"), (2, BoardErrorKind::NoEdges));
    assert_eq!(fails(&edited(&[(2, Some("13 6"))])), (2, BoardErrorKind::TooManyVertices { vertices: 13, edges: 6 }));
    assert_eq!(fails(&edited(&[(3, None)])), (3, BoardErrorKind::Section { expected: "EDGES", found: "0 1".into() }));
    assert_eq!(
        fails(&edited(&[(3, Some("edges"))])),
        (3, BoardErrorKind::Section { expected: "EDGES", found: "edges".into() })
    );
}

#[test]
fn each_edge_error_names_its_line() {
    assert_eq!(fails(&edited(&[(5, Some("2 x"))])), (5, BoardErrorKind::Edge { found: "2 x".into() }));
    assert_eq!(fails(&edited(&[(5, Some("2 0 1"))])), (5, BoardErrorKind::Edge { found: "2 0 1".into() }));
    assert_eq!(fails(&edited(&[(5, Some(""))])), (5, BoardErrorKind::Edge { found: String::new() }));
    assert_eq!(fails(&edited(&[(9, None)])), (9, BoardErrorKind::TooFewEdges { expected: 6, found: 5 }));
    assert_eq!(fails("x\n2 2\nEDGES\n0 1"), (5, BoardErrorKind::TooFewEdges { expected: 2, found: 1 }));
    assert_eq!(fails(&edited(&[(2, Some("4 5"))])), (9, BoardErrorKind::TooManyEdges { expected: 5 }));
    assert_eq!(
        fails(&edited(&[(4, Some("0 4"))])),
        (4, BoardErrorKind::VertexOutOfRange { vertex: 4, vertex_count: 4 })
    );
    assert_eq!(fails(&edited(&[(5, Some("1 1"))])), (5, BoardErrorKind::SelfLoop { vertex: 1 }));
    assert_eq!(fails(&edited(&[(6, Some("1 0"))])), (6, BoardErrorKind::RepeatedEdge { u: 1, v: 0, first_line: 4 }));
    assert_eq!(fails(&edited(&[(2, Some("5 6"))])), (2, BoardErrorKind::IsolatedVertex { vertex: 4 }));
    assert_eq!(
        fails(&edited(&[(10, None), (11, None), (12, None), (13, None)])),
        (10, BoardErrorKind::Section { expected: "CYCLES", found: String::new() })
    );
    assert_eq!(
        fails(&edited(&[(10, Some("CYCLE"))])),
        (10, BoardErrorKind::Section { expected: "CYCLES", found: "CYCLE".into() })
    );
}

#[test]
fn each_cell_error_names_its_line() {
    assert_eq!(fails(&edited(&[(12, Some("+3 4 +1"))])), (12, BoardErrorKind::SignedIndex { token: "4".into() }));
    assert_eq!(fails(&edited(&[(12, Some("+3 +x +1"))])), (12, BoardErrorKind::SignedIndex { token: "+x".into() }));
    assert_eq!(fails(&edited(&[(12, Some("+3 ++4 +1"))])), (12, BoardErrorKind::SignedIndex { token: "++4".into() }));
    assert_eq!(
        fails(&edited(&[(12, Some("+3 +6 +1"))])),
        (12, BoardErrorKind::EdgeOutOfRange { index: 6, edge_count: 6 })
    );
    assert_eq!(fails(&edited(&[(12, Some("")), (14, Some("+5 +2 -4"))])), (12, BoardErrorKind::EmptyCell));
    assert_eq!(fails(&edited(&[(14, Some("END"))])), (14, BoardErrorKind::SignedIndex { token: "END".into() }));
    let cell = |line: usize, text: &str| fails(&edited(&[(line, Some(text))]));
    let not_one = |kind: BoardErrorKind| match kind {
        BoardErrorKind::NotOneCycle { problem, .. } => problem,
        k => panic!("{k:?}"),
    };
    let (line, kind) = cell(12, "+3 +4 -1");
    assert_eq!((line, not_one(kind)), (12, CycleProblem::Unbalanced { vertex: 0, into: 0, out: 2 }));
    let (line, kind) = cell(13, "+5 -5 +2");
    assert_eq!((line, not_one(kind)), (13, CycleProblem::Unbalanced { vertex: 1, into: 0, out: 1 }));
    let (line, kind) = cell(13, "+5 +5 +2");
    assert_eq!((line, not_one(kind)), (13, CycleProblem::Repeated { edge: 5, times: 2, same_way: true }));
    assert!(matches!(cell(13, "+0 -0"), (13, BoardErrorKind::Cell(PlaneError::RepeatedEdge { cell: 2, edge: 0 }))));
    let (line, kind) = cell(13, "+0 -0 +1");
    assert_eq!((line, not_one(kind)), (13, CycleProblem::Unbalanced { vertex: 2, into: 0, out: 1 }));
    assert!(matches!(cell(13, "+0 +1"), (13, BoardErrorKind::Cell(PlaneError::TooShort { cell: 2, edges: 2 }))));
    assert!(matches!(
        cell(12, "-1 -2 -0"),
        (12, BoardErrorKind::Cell(PlaneError::DuplicateCell { first: 0, second: 1 }))
    ));
    // Edge 1 (2-0) is already in cells 0 and 1; the walk 0-2-1-3 would be its third.
    assert!(matches!(
        cell(14, "-1 -2 -5 -3"),
        (14, BoardErrorKind::Cell(PlaneError::EdgeInThreeCells { edge: 1, cells: [0, 1, 3] }))
    ));
}
