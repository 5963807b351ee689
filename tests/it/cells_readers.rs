//! The readers of cells agree on what a cell is: the cycle around a
//! bounded face. A board's cell is the set of its signed edges, in any
//! order; a tree inside a face (a dangling edge) is left out of its cell
//! by `--cells` walks, board files and `--positions` drawings alike.

use crate::support::binary::{run, success};
use serde_json::Value;

fn json(args: &[&str]) -> Value {
    serde_json::from_str(success(&run(args)).trim()).unwrap()
}

fn board(name: &str) -> String {
    format!("{}/examples/boards/{name}", env!("CARGO_MANIFEST_DIR"))
}

/// The 3 x 3 grid board lists two cells out of walk order; it is the
/// grid family's board, and the brute-force engine agrees on every move.
#[test]
fn a_board_with_cells_out_of_order_is_the_grid() {
    let file = board("grid3.txt");
    let read = json(&["board", &file, "--moves", "--json"]);
    let brute = json(&["board", &file, "--moves", "--json", "--engine", "brute"]);
    let family = json(&["grid", "3", "3", "--cycles", "--json"]);
    assert_eq!(read["cells"], 4);
    assert_eq!(read["grundy"], family["grundy"]);
    assert_eq!(read["moves"], brute["moves"]);
    assert_eq!(read["grundy"], brute["grundy"]);
}

/// The graph of issue 26's example: a square with its diagonal 0-2 and the
/// dangling edge 0-4 inside the triangle 0-1-2.
const EDGES: &str = "0-1,1-2,2-0,2-3,3-0,0-4";

#[test]
fn a_dangling_edge_inside_a_face_is_read_the_same_way_everywhere() {
    let drawn = ["--positions", "0:0,0;1:10,0;2:10,10;3:0,10;4:6,3"];
    let around = ["--cells", "0-1-2-0-4;0-2-3"];
    let cycle_only = ["--cells", "0-1-2;0-2-3"];
    let mut texts = Vec::new();
    let mut moves = Vec::new();
    for cells in [drawn, around, cycle_only] {
        let mut args = vec!["graph", "--edges", EDGES, "--cycles"];
        args.extend(cells);
        let picture = success(&run(&[args.as_slice(), &["--draw", "text"]].concat()));
        texts.push(picture.lines().find(|l| l.starts_with("cells")).unwrap().to_string());
        moves.push(json(&[args.as_slice(), &["--moves", "--json", "--engine", "brute"]].concat())["moves"].clone());
    }
    assert_eq!(texts[0], "cells       0-1-2 live, 0-2-3 live");
    assert!(texts.iter().all(|t| t == &texts[0]), "{texts:?}");
    assert!(moves.iter().all(|m| m == &moves[0]));
    // The board file of the same plane graph walks the dangling edge both ways.
    let tail = success(&run(&["board", &board("tail.txt"), "--draw", "text"]));
    assert!(tail.contains(&texts[0]), "{tail}");
}

#[test]
fn what_is_not_one_cycle_is_refused_with_its_reason() {
    let out = run(&["graph", "--edges", EDGES, "--cells", "0-4-0-2", "--cycles"]);
    assert_eq!(out.status.code(), Some(2));
    let err = String::from_utf8(out.stderr).unwrap();
    assert!(err.starts_with("error: --cells: cell 0 (\"0-4-0-2\") does not go once around one cycle"), "{err}");
    assert_eq!(err.lines().count(), 1);
}
