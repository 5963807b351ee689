//! The cycle cells in the brute-force engine's compact edge numbering.
//!
//! A cell's edges already marked by the starting state take no part in the
//! masks: they only fix which orientations the cell still allows (a cell
//! they make dead is dropped, as is a cell with no unmarked edge). What is
//! left is a [`CellMask`] over the compact edges and the two allowed
//! orientations, so that "this move completes a cell" and "this move leaves
//! a completable cell" are a few mask operations on the cells through the
//! move's edge (at most two).

use arrows_core::plane::{CellMask, CellStatus};
use arrows_core::{Cell, Decoration, EdgeId, Graph};

/// A cell over the compact edges, with the orientations the starting state allows.
#[derive(Debug, Clone, Copy)]
pub(super) struct CompactCell {
    mask: CellMask,
    /// The starting state's arrows on the cell agree with `Along`.
    along: bool,
    /// They agree with `Against`.
    against: bool,
}

impl CompactCell {
    /// `true` when the compact decoration `(m, f)` completes the cell.
    #[inline]
    pub(super) fn is_completed(self, m: u64, f: u64) -> bool {
        let edges = self.mask.edges;
        if m & edges != edges {
            return false;
        }
        let disagree = (f ^ self.mask.along) & edges;
        (disagree == 0 && self.along) || (disagree == edges && self.against)
    }

    /// `true` when `(m, f)` leaves the cell completable: one edge
    /// unmarked, every arrow agreeing with one allowed orientation.
    #[inline]
    pub(super) fn is_completable(self, m: u64, f: u64) -> bool {
        let edges = self.mask.edges;
        if (edges & !m).count_ones() != 1 {
            return false;
        }
        let marked = edges & m;
        let disagree = (f ^ self.mask.along) & marked;
        (disagree == 0 && self.along) || (disagree == marked && self.against)
    }
}

/// The live cells of a starting state and, per compact edge, the cells through it.
#[derive(Debug, Clone, Default)]
pub(super) struct CompactCells {
    cells: Vec<CompactCell>,
    /// `through[i]`: the cells containing compact edge `i` (at most two).
    through: Vec<Vec<u32>>,
}

impl CompactCells {
    /// The cells of `graph` as the engine sees them from the starting
    /// state `start`, whose unmarked edges are `free` (compact edge `i` is
    /// `free[i]`). Empty when the cells take no part in the game.
    pub(super) fn new(graph: &Graph, start: &Decoration, free: &[EdgeId], plays_cells: bool) -> CompactCells {
        let mut out = CompactCells { cells: Vec::new(), through: vec![Vec::new(); free.len()] };
        if !plays_cells {
            return out;
        }
        let mut compact = vec![None; graph.edge_count()];
        for (i, &e) in free.iter().enumerate() {
            compact[e] = Some(i as u32);
        }
        for cell in graph.cell_list() {
            let CellStatus::Live { along, against } = cell.status(start) else { continue };
            let open = Cell::new(cell.steps().iter().copied().filter(|s| compact[s.edge].is_some()).collect());
            let mask = open.mask_with(|e| compact[e]).expect("compact edges are below 64");
            let id = out.cells.len() as u32;
            for e in open.edges() {
                out.through[compact[e].expect("a free edge") as usize].push(id);
            }
            out.cells.push(CompactCell { mask, along, against });
        }
        out
    }

    /// `true` when no cell takes part.
    #[inline]
    pub(super) fn is_empty(&self) -> bool {
        self.cells.is_empty()
    }

    /// The cells through compact edge `i`.
    #[inline]
    pub(super) fn through(&self, i: usize) -> impl Iterator<Item = CompactCell> + '_ {
        self.through[i].iter().map(|&c| self.cells[c as usize])
    }
}
