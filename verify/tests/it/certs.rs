//! Small certificates written by hand from the rules of
//! `docs/certificates.md`, each explained, with what each proves. Moves are
//! `[edge, d]`; witnesses `2 s + f` index the header's symmetries.

use arrows_verify::{ClaimResult, Move};

/// A hand-made certificate and the claims it must prove, in order.
pub struct Hand {
    /// A short name for messages.
    pub name: &'static str,
    /// The certificate's text.
    pub text: String,
    /// `(position, result)` for every claim.
    pub expect: Vec<(&'static str, ClaimResult)>,
}

/// The certificate: the header, the records, and an end line counting them.
fn cert(header: &str, records: &[&str]) -> String {
    let count = |key: &str| records.iter().filter(|r| r.starts_with(&format!("{{\"{key}\""))).count();
    let mut text = format!("{header}\n");
    for r in records {
        text.push_str(r);
        text.push('\n');
    }
    let end =
        format!(r#"{{"end":{{"classes":{},"nodes":{},"claims":{}}}}}"#, count("class"), count("node"), count("claim"));
    text.push_str(&end);
    text.push('\n');
    text
}

/// `m(e, d)`: the move on edge `e`, `d = 1` for `t -> s`.
fn m(edge: usize, d: u8) -> Move {
    Move { edge, backward: d == 1 }
}

/// The worked example of docs/certificates.md, read from the file itself.
pub fn worked_example() -> String {
    let doc = include_str!("../../../docs/certificates.md");
    let section = doc.split("## A worked example").nth(1).expect("the worked example section");
    let block = section.split("```json\n").nth(1).expect("its JSON block");
    block.split("```").next().expect("the block's end").to_string()
}

/// Every hand-made certificate.
pub fn all() -> Vec<Hand> {
    vec![
        Hand { name: "worked example", text: worked_example(), expect: vec![("..", ClaimResult::Value(0))] },
        star(),
        untrimmed_path(),
        triangle(),
        triangle_nodes(),
        square(),
        domino(),
    ]
}

/// The Trimmed Game of Arrows on the star with centre 0 and leaves 1, 2, 3
/// (edges 0, 1, 2). Only the centre is constrained. Symmetries: the
/// identity, and the leaf swaps 2-3 (s = 1), 1-2 (s = 2), 1-3 (s = 3).
///
/// * Record 0, `<>.`: the centre has an arrow in and one out, so both
///   arrows on edge 2 are legal and end the game: mex{0, 0} = 1.
/// * Record 1, `<<.`: two arrows in; only `0 -> 3` is legal (the other makes
///   the centre a sink): mex{0} = 1.
/// * Record 2, `<..` (component {1, 2}): the four moves lead to record 0,
///   record 1, and by the swap 2-3 to records 0 and 1: all value 1, mex 0.
/// * Record 3, `...`: each of the six moves leaves one arrow at the centre
///   and two free edges, record 2 up to a leaf swap (flipped when the arrow
///   points out): all value 0, so the value is 1 and every move wins.
fn star() -> Hand {
    let header = r#"{"format":"arrows-certificate","version":1,"board":{"name":"star 3","vertices":4,"edges":[[0,1],[0,2],[0,3]],"cells":[]},"rules":"trimmed","play":"normal","symmetries":[{"vertices":[0,1,2,3],"edges":[0,1,2]},{"vertices":[0,1,3,2],"edges":[0,2,1]},{"vertices":[0,2,1,3],"edges":[1,0,2]},{"vertices":[0,3,2,1],"edges":[2,1,0]}]}"#;
    let options = r#"[[[2,1]],[[2,0]],[[2,5]],[[2,4]],[[2,7]],[[2,6]]]"#;
    let text = cert(
        header,
        &[
            r#"{"class":{"position":"<>.","edge":2,"value":1,"options":[[],[]]}}"#,
            r#"{"class":{"position":"<<.","edge":2,"value":1,"options":[[]]}}"#,
            r#"{"class":{"position":"<..","edge":1,"value":0,"options":[[[0,0]],[[1,0]],[[0,2]],[[1,2]]]}}"#,
            &format!(r#"{{"class":{{"position":"...","edge":0,"value":1,"options":{options}}}}}"#),
            r#"{"claim":{"what":"winner","position":"...","winner":"first","parts":[[3,0]]}}"#,
            &format!(r#"{{"claim":{{"what":"moves","position":"...","options":{options}}}}}"#),
        ],
    );
    let all_win = (0..3).flat_map(|e| [(m(e, 0), true), (m(e, 1), true)]).collect();
    Hand {
        name: "trimmed star",
        text,
        expect: vec![("...", ClaimResult::Winner(true)), ("...", ClaimResult::Moves(all_win))],
    }
}

/// The Game of Arrows on the path 0 - 1 - 2 - 3: every vertex is
/// constrained, so the leaves' edges 0 and 2 can never be marked (the leaf
/// would be a sink or a source). Symmetries: the identity and the reversal.
///
/// * Record 0, `.>.`, component {0}: no legal move, value 0.
/// * Record 1, `...`: one component (linked at 1 and 2); the two arrows on
///   edge 1 leave {0} and {2}, each record 0 (edge 2 by the reversal, and
///   flipped where the arrow at its inner end points the other way): value
///   0 xor 0 = 0 each, so mex{0, 0} = 1.
fn untrimmed_path() -> Hand {
    let header = r#"{"format":"arrows-certificate","version":1,"board":{"name":"path 3","vertices":4,"edges":[[0,1],[1,2],[2,3]],"cells":[]},"rules":"untrimmed","play":"normal","symmetries":[{"vertices":[0,1,2,3],"edges":[0,1,2]},{"vertices":[3,2,1,0],"edges":[2,1,0]}]}"#;
    let text = cert(
        header,
        &[
            r#"{"class":{"position":".>.","edge":0,"value":0,"options":[]}}"#,
            r#"{"class":{"position":"...","edge":1,"value":1,"options":[[[0,0],[0,3]],[[0,1],[0,2]]]}}"#,
            r#"{"claim":{"what":"value","position":"...","value":1,"parts":[[1,0]]}}"#,
            r#"{"claim":{"what":"winner","position":"...","winner":"first","parts":[[1,0]]}}"#,
        ],
    );
    Hand {
        name: "untrimmed path",
        text,
        expect: vec![("...", ClaimResult::Value(1)), ("...", ClaimResult::Winner(true))],
    }
}

/// The triangle's header: edges 0 = [0,1], 1 = [1,2], 2 = [2,0], one cell
/// walked 0 -> 1 -> 2 -> 0; symmetries the rotations by 0, 1 and 2.
const TRIANGLE: &str = r#"{"format":"arrows-certificate","version":1,"board":{"name":"triangle","vertices":3,"edges":[[0,1],[1,2],[2,0]],"cells":[[0,1,2]]},"rules":"cycles","play":"normal","symmetries":[{"vertices":[0,1,2],"edges":[0,1,2]},{"vertices":[1,2,0],"edges":[1,2,0]},{"vertices":[2,0,1],"edges":[2,0,1]}]}"#;

/// The Game of Cycles on the triangle. After one arrow, `>..` say, each
/// arrow on edge 1 or 2 either makes a sink or a source, or leaves the cell
/// completable (removed in the reduced game): record 0 has no move, value
/// 0. Record 1, `...`: each of the six first moves is record 0 up to a
/// rotation, flipped when the arrow runs against the cell's walk: value 1.
fn triangle() -> Hand {
    let options = r#"[[[0,0]],[[0,1]],[[0,4]],[[0,5]],[[0,2]],[[0,3]]]"#;
    let text = cert(
        TRIANGLE,
        &[
            r#"{"class":{"position":">..","edge":1,"value":0,"options":[]}}"#,
            &format!(r#"{{"class":{{"position":"...","edge":0,"value":1,"options":{options}}}}}"#),
            r#"{"claim":{"what":"winner","position":"...","winner":"first","parts":[[1,0]]}}"#,
            &format!(r#"{{"claim":{{"what":"moves","position":"...","options":{options}}}}}"#),
            r#"{"claim":{"what":"move","position":"...","move":[0,0],"wins":true,"parts":[[0,0]]}}"#,
        ],
    );
    let all_win = (0..3).flat_map(|e| [(m(e, 0), true), (m(e, 1), true)]).collect();
    Hand {
        name: "cycles triangle",
        text,
        expect: vec![
            ("...", ClaimResult::Winner(true)),
            ("...", ClaimResult::Moves(all_win)),
            ("...", ClaimResult::Move(m(0, 0), true)),
        ],
    }
}

/// Outcome nodes on the triangle (value 1), record 0 referring forward:
///
/// * Record 0, `... + *1`: a loss for the player to move. Each board move
///   leaves `>.. + *1` up to a rotation (record 2, a win); the heap move to
///   0 leaves `... + *0` (record 3, a win).
/// * Record 1, `>..` (no move): a class of value 0.
/// * Record 2, `>.. + *1`: a win by the heap move to 0, leaving record 1
///   plus `*0`, value 0: a loss for the player to move.
/// * Record 3, `... + *0`: a win by `0 -> 1`, leaving record 1 plus `*0`.
///
/// The value claim reads its node part's heap (a loss, so the component's
/// value is 1); the winner claim reads record 3's `wins`.
fn triangle_nodes() -> Hand {
    let text = cert(
        TRIANGLE,
        &[
            r#"{"node":{"position":"...","edge":0,"heap":1,"wins":false,"options":[[[2,0]],[[2,1]],[[2,4]],[[2,5]],[[2,2]],[[2,3]]],"heap_options":[[3,0]]}}"#,
            r#"{"class":{"position":">..","edge":1,"value":0,"options":[]}}"#,
            r#"{"node":{"position":">..","edge":1,"heap":1,"wins":true,"heap_move":0,"parts":[[1,0]]}}"#,
            r#"{"node":{"position":"...","edge":0,"heap":0,"wins":true,"move":[0,0],"parts":[[1,0]]}}"#,
            r#"{"claim":{"what":"value","position":"...","value":1,"parts":[[0,0]]}}"#,
            r#"{"claim":{"what":"winner","position":"...","winner":"first","parts":[[3,0]]}}"#,
        ],
    );
    Hand {
        name: "cycles triangle nodes",
        text,
        expect: vec![("...", ClaimResult::Value(1)), ("...", ClaimResult::Winner(true))],
    }
}

/// The Game of Cycles on the square 0 - 1 - 2 - 3 (edge `i` = [i, i+1],
/// the cell walked 0 -> 1 -> 2 -> 3 -> 0); symmetries the rotations
/// `v -> v + r`, s = r.
///
/// From `>...` the legal moves are `1 -> 2`, `2 -> 3`, `3 -> 2`, `3 -> 0`
/// (`2 -> 1` makes 1 a sink, `0 -> 3` makes 0 a source), and each leaves no
/// legal move: a sink, a source or a completable cell everywhere.
///
/// * Record 0, `>>..` (component {2, 3}), record 1, `>.>.` ({1, 3}, linked
///   by the live cell), record 2, `>.<.` ({1}; the cell is dead): value 0.
/// * Record 3, `>...`: options record 0; record 1; records 2 and 2 (edge 3
///   by the half turn, flipped); record 0 by the quarter turn: all 0, value 1.
/// * Record 4, `....`: the eight first moves, each record 3 by a rotation
///   (flipped for the arrow against the walk): all 1, value 0.
///
/// The second player wins, and the first move `0 -> 1` loses.
fn square() -> Hand {
    let header = r#"{"format":"arrows-certificate","version":1,"board":{"name":"square","vertices":4,"edges":[[0,1],[1,2],[2,3],[3,0]],"cells":[[0,1,2,3]]},"rules":"cycles","play":"normal","symmetries":[{"vertices":[0,1,2,3],"edges":[0,1,2,3]},{"vertices":[1,2,3,0],"edges":[1,2,3,0]},{"vertices":[2,3,0,1],"edges":[2,3,0,1]},{"vertices":[3,0,1,2],"edges":[3,0,1,2]}]}"#;
    let text = cert(
        header,
        &[
            r#"{"class":{"position":">>..","edge":2,"value":0,"options":[]}}"#,
            r#"{"class":{"position":">.>.","edge":1,"value":0,"options":[]}}"#,
            r#"{"class":{"position":">.<.","edge":1,"value":0,"options":[]}}"#,
            r#"{"class":{"position":">...","edge":1,"value":1,"options":[[[0,0]],[[1,0]],[[2,0],[2,5]],[[0,2]]]}}"#,
            r#"{"class":{"position":"....","edge":0,"value":0,"options":[[[3,0]],[[3,1]],[[3,6]],[[3,7]],[[3,4]],[[3,5]],[[3,2]],[[3,3]]]}}"#,
            r#"{"claim":{"what":"winner","position":"....","winner":"second","parts":[[4,0]]}}"#,
            r#"{"claim":{"what":"move","position":"....","move":[0,0],"wins":false,"parts":[[3,0]]}}"#,
        ],
    );
    Hand {
        name: "cycles square",
        text,
        expect: vec![("....", ClaimResult::Winner(false)), ("....", ClaimResult::Move(m(0, 0), false))],
    }
}

/// The Game of Cycles on two squares sharing edge 3 (vertices 0 1 2 over
/// 3 4 5; edges 0 = [0,1], 1 = [1,2], 2 = [0,3], 3 = [1,4], 4 = [2,5],
/// 5 = [3,4], 6 = [4,5]; cells 0 -> 1 -> 4 -> 3 and 1 -> 2 -> 5 -> 4).
/// Symmetries: identity, the left-right and the top-bottom reflections,
/// and the half turn.
///
/// * Record 0, `>>...<<`: both cells live with edges 2, 3, 4 unmarked, one
///   component. Every arrow on them makes a sink or a source or leaves a
///   cell completable: no legal move, value 0 (the second player wins).
/// * `>>...>>`: both cells dead; the components are {2} (record 1, no
///   move), {3} (record 2: vertices 1 and 4 already have an arrow in and
///   one out, both arrows legal, value 1) and {4} (record 1 by the
///   left-right reflection, flipped): value 0 xor 1 xor 0 = 1.
fn domino() -> Hand {
    let header = r#"{"format":"arrows-certificate","version":1,"board":{"name":"domino","vertices":6,"edges":[[0,1],[1,2],[0,3],[1,4],[2,5],[3,4],[4,5]],"cells":[[0,3,5,2],[1,4,6,3]]},"rules":"cycles","play":"normal","symmetries":[{"vertices":[0,1,2,3,4,5],"edges":[0,1,2,3,4,5,6]},{"vertices":[2,1,0,5,4,3],"edges":[1,0,4,3,2,6,5]},{"vertices":[3,4,5,0,1,2],"edges":[5,6,2,3,4,0,1]},{"vertices":[5,4,3,2,1,0],"edges":[6,5,4,3,2,1,0]}]}"#;
    let text = cert(
        header,
        &[
            r#"{"class":{"position":">>...<<","edge":3,"value":0,"options":[]}}"#,
            r#"{"class":{"position":">>...>>","edge":2,"value":0,"options":[]}}"#,
            r#"{"class":{"position":">>...>>","edge":3,"value":1,"options":[[],[]]}}"#,
            r#"{"claim":{"what":"winner","position":">>...<<","winner":"second","parts":[[0,0]]}}"#,
            r#"{"claim":{"what":"value","position":">>...>>","value":1,"parts":[[1,0],[2,0],[1,3]]}}"#,
        ],
    );
    Hand {
        name: "cycles domino",
        text,
        expect: vec![(">>...<<", ClaimResult::Winner(false)), (">>...>>", ClaimResult::Value(1))],
    }
}
