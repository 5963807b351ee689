//! Exact values of the components the search does not search: handed to
//! the canonical engine through its public entry point
//! [`CanonicalEngine::cell_component_value`].
//!
//! A component `C` of a position becomes the canonical engine's labelled
//! graph with live cells:
//!
//! * its vertices are the ends of its edges, each labelled by the arrows
//!   already at it ([`Need`]); a vertex with an unmarked edge outside `C`
//!   is [`Need::Free`] (such an edge is dead, or the vertex has both an
//!   in- and an out-arrow: either way it can never be a sink or a source,
//!   see [`super::board`]);
//! * its edges are `C`'s, in increasing order;
//! * its live cells are the board's cells that meet `C`, are live, and
//!   have every unmarked edge in `C` (a live cell with an unmarked edge
//!   outside `C` has a dead edge: it can never become completable and is
//!   forgotten, as the canonical engine forgets it), with their unmarked
//!   edges in walk order.
//!
//! The canonical engine splits it further if it can and memoizes each
//! piece's class; a component without live cells is a Game of Arrows
//! component.

use super::board::{Board, bits};
use crate::canonical::cells::split::pieces;
use crate::canonical::{CanonicalEngine, Grundy, LiveCell, Need};
use crate::error::SolveError;
use arrows_core::Graph;
use arrows_work::Control;

/// The Grundy value of component `part` of `(m, f)`, by the canonical engine.
pub fn value(
    graph: &Graph,
    board: &Board,
    m: u64,
    f: u64,
    part: u64,
    engine: &mut CanonicalEngine<Grundy>,
    control: &Control,
) -> Result<u32, SolveError> {
    let unmarked = board.all & !m;
    let mut local = vec![u32::MAX; graph.vertex_count()];
    let mut vertices: Vec<usize> = Vec::new();
    let mut edges: Vec<(u32, u32)> = Vec::new();
    let mut index = [u32::MAX; 64];
    for e in bits(part) {
        let (s, t) = board.ends[e];
        for v in [s, t] {
            if local[v] == u32::MAX {
                local[v] = vertices.len() as u32;
                vertices.push(v);
            }
        }
        index[e] = edges.len() as u32;
        edges.push((local[s], local[t]));
    }
    let mut labels = vec![Need::Free; vertices.len()];
    for (v, low, high) in board.constrained() {
        let i = local[v];
        if i == u32::MAX || (low | high) & unmarked & !part != 0 {
            continue;
        }
        let ins = m & ((low & !f) | (high & f)) != 0;
        let outs = m & ((low & f) | (high & !f)) != 0;
        labels[i as usize] = match (ins, outs) {
            (true, true) => Need::Free,
            (true, false) => Need::Out,
            (false, true) => Need::In,
            (false, false) => Need::Both,
        };
    }
    let mut cells = Vec::new();
    for (c, cell) in board.cells.iter().zip(graph.cell_list()) {
        if c.edges & part == 0 || c.edges & unmarked & !part != 0 {
            continue;
        }
        let Some((along, against)) = c.allowed(m, f) else { continue };
        let steps =
            cell.steps().iter().filter(|s| part >> s.edge & 1 == 1).map(|s| (index[s.edge], s.forward)).collect();
        cells.push(LiveCell { steps, along, against });
    }
    let mut total = 0;
    for p in pieces(&labels, &edges, &cells) {
        total ^= engine.cell_component_value(&p, control)?;
    }
    Ok(total)
}
