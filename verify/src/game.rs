//! Positions, moves and components: `docs/certificates.md`, sections "The
//! games" and "Components". A position is its own string: byte `i` is `.`
//! (edge `i` unmarked), `>` (the arrow `s -> t`) or `<` (the arrow `t -> s`).

use crate::board::{Board, Rules};

/// A move ("Moves"): edge `edge` marked forward (`s -> t`, `backward`
/// false) or backward (`t -> s`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Move {
    /// The edge marked.
    pub edge: usize,
    /// Whether the arrow is `t -> s` (`d = 1` in a file).
    pub backward: bool,
}

/// The arrow on edge `e` as `(tail, head)`, `None` when it is unmarked
/// ("The games": `>` is `s -> t`, `<` is `t -> s`).
pub fn arrow(board: &Board, position: &[u8], e: usize) -> Option<(usize, usize)> {
    let [s, t] = *board.edges.get(e)?;
    match position.get(e)? {
        b'>' => Some((s, t)),
        b'<' => Some((t, s)),
        _ => None,
    }
}

/// Whether edge `e` is unmarked.
pub fn unmarked(position: &[u8], e: usize) -> bool {
    position.get(e) == Some(&b'.')
}

/// Whether some arrow points into `v`.
pub fn has_in(board: &Board, position: &[u8], v: usize) -> bool {
    let at = board.edges_at.get(v).map_or(&[][..], Vec::as_slice);
    at.iter().any(|&e| matches!(arrow(board, position, e), Some((_, head)) if head == v))
}

/// Whether some arrow points out of `v`.
pub fn has_out(board: &Board, position: &[u8], v: usize) -> bool {
    let at = board.edges_at.get(v).map_or(&[][..], Vec::as_slice);
    at.iter().any(|&e| matches!(arrow(board, position, e), Some((tail, _)) if tail == v))
}

/// Whether `v` is a sink or a source ("The games"): constrained, all its
/// edges marked, and every arrow into it (or every arrow out of it).
pub fn sink_or_source(board: &Board, position: &[u8], v: usize) -> bool {
    let at = board.edges_at.get(v).map_or(&[][..], Vec::as_slice);
    let all_marked = at.iter().all(|&e| !unmarked(position, e));
    let sink = at.iter().all(|&e| matches!(arrow(board, position, e), Some((_, head)) if head == v));
    let source = at.iter().all(|&e| matches!(arrow(board, position, e), Some((tail, _)) if tail == v));
    board.constrained(v) && all_marked && (sink || source)
}

/// Whether the position is a state ("The games"): no constrained vertex is
/// a sink or a source.
pub fn is_state(board: &Board, position: &[u8]) -> bool {
    (0..board.vertices).all(|v| !sink_or_source(board, position, v))
}

/// Whether orientation `backward` of cell `c` is allowed ("Cells"): every
/// marked edge `e_i` carries `w_i -> w_{i+1}` (forward) or `w_{i+1} -> w_i`.
pub fn allowed(board: &Board, position: &[u8], c: usize, backward: bool) -> bool {
    let (Some(cell), Some(walk)) = (board.cells.get(c), board.cell_walks.get(c)) else {
        return false;
    };
    let k = cell.len();
    cell.iter().enumerate().all(|(i, &e)| {
        let (a, b) = (walk.get(i).copied(), walk.get((i + 1) % k).copied());
        let wanted = if backward { (b, a) } else { (a, b) };
        match arrow(board, position, e) {
            None => true,
            Some((tail, head)) => (Some(tail), Some(head)) == wanted,
        }
    })
}

/// Whether cell `c` is live ("Cells"): an orientation is allowed.
pub fn live(board: &Board, position: &[u8], c: usize) -> bool {
    allowed(board, position, c, false) || allowed(board, position, c, true)
}

/// The number of unmarked edges of cell `c`.
fn unmarked_on_cell(board: &Board, position: &[u8], c: usize) -> usize {
    board.cells.get(c).map_or(0, |cell| cell.iter().filter(|&&e| unmarked(position, e)).count())
}

/// Whether cell `c` is completed ("Cells"): all edges marked, an
/// orientation allowed.
pub fn completed(board: &Board, position: &[u8], c: usize) -> bool {
    unmarked_on_cell(board, position, c) == 0 && live(board, position, c)
}

/// Whether cell `c` is completable ("Cells"): exactly one edge unmarked,
/// an orientation allowed.
pub fn completable(board: &Board, position: &[u8], c: usize) -> bool {
    unmarked_on_cell(board, position, c) == 1 && live(board, position, c)
}

/// Whether the position is proper ("Cells"): a state, and under `cycles`
/// no cell completed or completable.
pub fn is_proper(board: &Board, position: &[u8]) -> bool {
    let cells_ok = board.rules != Rules::Cycles
        || (0..board.cells.len()).all(|c| !completed(board, position, c) && !completable(board, position, c));
    is_state(board, position) && cells_ok
}

/// The position after `m` (the move's edge must be unmarked).
pub fn play(position: &[u8], m: Move) -> Vec<u8> {
    let mut after = position.to_vec();
    if let Some(x) = after.get_mut(m.edge) {
        *x = if m.backward { b'<' } else { b'>' };
    }
    after
}

/// Whether `m` is legal ("Moves"): its edge is unmarked and the position
/// after it is a state with, under `cycles`, no completable cell.
pub fn legal(board: &Board, position: &[u8], m: Move) -> bool {
    if !unmarked(position, m.edge) {
        return false;
    }
    let after = play(position, m);
    let no_completable = board.rules != Rules::Cycles || (0..board.cells.len()).all(|c| !completable(board, &after, c));
    is_state(board, &after) && no_completable
}

/// The legal moves on a set of edges in move order ("Move order"): by
/// edge in increasing index, `s -> t` before `t -> s`.
pub fn legal_moves(board: &Board, position: &[u8], edges: &[usize]) -> Vec<Move> {
    let mut sorted = edges.to_vec();
    sorted.sort_unstable();
    sorted.dedup();
    let mut moves = Vec::new();
    for edge in sorted {
        for backward in [false, true] {
            let m = Move { edge, backward };
            if legal(board, position, m) {
                moves.push(m);
            }
        }
    }
    moves
}

/// The components of a proper position ("Components"), each as its edges
/// in increasing order, the components ordered by their least edge: the
/// classes of the equivalence generated by linking on the unmarked edges
/// (at a constrained vertex lacking an arrow in or an arrow out; under
/// `cycles`, on a live cell), found with a plain union-find.
pub fn components(board: &Board, position: &[u8]) -> Vec<Vec<usize>> {
    let n = board.edge_count();
    let mut parent: Vec<usize> = (0..n).collect();
    for v in 0..board.vertices {
        if board.constrained(v) && !(has_in(board, position, v) && has_out(board, position, v)) {
            let at = board.edges_at.get(v).map_or(&[][..], Vec::as_slice);
            link_all(&mut parent, at.iter().copied().filter(|&e| unmarked(position, e)));
        }
    }
    if board.rules == Rules::Cycles {
        for (c, cell) in board.cells.iter().enumerate() {
            if live(board, position, c) {
                link_all(&mut parent, cell.iter().copied().filter(|&e| unmarked(position, e)));
            }
        }
    }
    // The part of each root, numbered in the order of their least edges.
    let mut part_of_root: Vec<Option<usize>> = vec![None; n];
    let mut parts: Vec<Vec<usize>> = Vec::new();
    for e in (0..n).filter(|&e| unmarked(position, e)) {
        let root = find(&mut parent, e);
        match part_of_root.get(root).copied().flatten() {
            Some(i) => parts.get_mut(i).into_iter().for_each(|p| p.push(e)),
            None => {
                if let Some(slot) = part_of_root.get_mut(root) {
                    *slot = Some(parts.len());
                }
                parts.push(vec![e]);
            }
        }
    }
    parts
}

/// The component containing edge `e` ("Components"); empty when `e` is
/// marked.
pub fn component_of(board: &Board, position: &[u8], e: usize) -> Vec<usize> {
    components(board, position).into_iter().find(|k| k.contains(&e)).unwrap_or_default()
}

/// The components inside a set of edges ("Records": a list of parts
/// covers the components of a position inside a set of edges).
pub fn components_inside(board: &Board, position: &[u8], edges: &[usize]) -> Vec<Vec<usize>> {
    components(board, position).into_iter().filter(|k| k.iter().all(|e| edges.contains(e))).collect()
}

/// Puts every edge of `edges` in one class of the union-find.
fn link_all(parent: &mut [usize], edges: impl Iterator<Item = usize>) {
    let mut first = None;
    for e in edges {
        match first {
            None => first = Some(e),
            Some(f) => {
                let (a, b) = (find(parent, f), find(parent, e));
                if let Some(p) = parent.get_mut(a) {
                    *p = b;
                }
            }
        }
    }
}

/// The representative of `e`'s class in the union-find.
fn find(parent: &mut [usize], e: usize) -> usize {
    let mut x = e;
    while let Some(&p) = parent.get(x) {
        if p == x {
            break;
        }
        x = p;
    }
    x
}
