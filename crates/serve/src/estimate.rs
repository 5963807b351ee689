//! What a request will take, known before its work starts: the bytes of
//! its answer and the memory it holds on the way.
//!
//! The estimates read the position only (its graph, its state and its
//! legal moves, which take time linear in the graph), never the engines'
//! results: a request whose answer would pass the server's longest answer,
//! or whose memory would pass the budget of one request, is refused before
//! anything is solved or drawn.
//!
//! * The answer of `/api/position` is counted exactly, field by field,
//!   but for its drawing.
//! * The answer of `/api/analyze` is counted from below: it lists every
//!   legal move with its value (at least [`MOVE_VALUE_BYTES`] each beside
//!   the move's text), the graph as one line of sparse6, and with the
//!   decomposition every unmarked edge once.
//! * A drawing takes at most [`DRAWN_BYTES`] per vertex and per edge, and
//!   is drawn only up to [`arrows_draw`]'s largest picture.
//! * The memory of an answer is [`ANSWER_COPIES`] times its bytes: the
//!   report or the list it is written from, the text, and the text sent.

use crate::params::{Params, Subject};
use arrows_core::size::GraphSize;
use arrows_core::{Arrow, Position};
use arrows_work::Budget;

/// The least bytes of one move's value in the report beside its text:
/// `{"move":"","grundy":0,"winning":true},`.
pub(crate) const MOVE_VALUE_BYTES: u64 = 38;

/// The most bytes a drawing takes per vertex and per edge (SVG, TikZ).
pub(crate) const DRAWN_BYTES: u64 = 640;

/// The fixed bytes of a drawing: its header, legend and styles.
pub(crate) const DRAWN_FIXED: u64 = 16 << 10;

/// How many times its bytes an answer is held on its way out.
pub(crate) const ANSWER_COPIES: u64 = 4;

/// The most a request's graph holds while it is built, before its size is
/// known: the largest graph any description gives (see
/// [`GraphSize::LIMIT`]), the copies of the query's text the parsers
/// make, and never more than the budget of one request (which the parsers
/// hold every graph to).
pub(crate) fn building(params: &Params, budget: Budget) -> u64 {
    let text: usize = [&params.graph, &params.board, &params.cells, &params.positions, &params.state]
        .iter()
        .filter_map(|t| t.as_ref().map(String::len))
        .sum();
    GraphSize::LIMIT.bytes().saturating_add(16 * text as u64).min(budget.get())
}

/// The bytes the built graph and the query's text hold.
pub(crate) fn graph_bytes(subject: &Subject) -> u64 {
    let graph = &subject.graph;
    let cells: usize = graph.cell_list().iter().map(|c| c.len()).sum();
    GraphSize::new(graph.vertex_count() as u128, graph.edge_count() as u128)
        .bytes()
        .saturating_add(32 * cells as u64)
        .saturating_add(subject.name.len() as u64)
}

/// The number of decimal digits of `n`.
pub(crate) fn digits(n: usize) -> u64 {
    n.checked_ilog10().map_or(1, |d| u64::from(d) + 1)
}

/// The length of a move's text, `TAIL>HEAD` (also that of an edge's, `U-V`).
pub(crate) fn arrow_len(a: Arrow) -> u64 {
    digits(a.tail) + digits(a.head) + 1
}

/// The bytes of a drawing of the position's graph; `None` when the graph
/// is past the largest picture (the drawing is refused in a line).
pub(crate) fn drawing(position: Position<'_>) -> Option<u64> {
    let graph = position.graph;
    if graph.vertex_count() > arrows_draw::layout::MAX_VERTICES {
        return None;
    }
    Some(DRAWN_FIXED + DRAWN_BYTES * (graph.vertex_count() + graph.edge_count()) as u64)
}

/// The least bytes of the report of `/api/analyze` (with every move's
/// value; with the decomposition when `explain`), drawing left out.
pub(crate) fn report(position: Position<'_>, moves: &[Arrow], explain: bool) -> u64 {
    let graph = position.graph;
    let values: u64 = moves.iter().map(|&a| arrow_len(a) + MOVE_VALUE_BYTES).sum();
    // The graph as a line: graph6 up to 62 vertices (a few bytes), else
    // the shorter of graph6 and sparse6, which takes at least 1 + k bits
    // for each edge, k the bits of a vertex number.
    let n = graph.vertex_count();
    let line = if n <= 62 {
        0
    } else {
        let k = u64::from(usize::BITS - (n - 1).leading_zeros());
        (graph.edge_count() as u64 * (1 + k)) / 6
    };
    let components: u64 = if explain {
        position
            .state
            .unmarked_edges()
            .map(|e| {
                let (s, t) = graph.ends(e);
                arrow_len(Arrow { tail: s, head: t }) + 3
            })
            .sum()
    } else {
        0
    };
    values + line + components
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn digits_of_numbers() {
        for (n, d) in [(0, 1), (9, 1), (10, 2), (99, 2), (100, 3), (999_999, 6), (1_000_000, 7), (usize::MAX, 20)] {
            assert_eq!(digits(n), d, "{n}");
            assert_eq!(digits(n) as usize, n.to_string().len(), "{n}");
        }
        assert_eq!(arrow_len(Arrow { tail: 10, head: 3 }), "10>3".len() as u64);
    }
}
