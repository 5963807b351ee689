//! The cells of a plane graph: validation, storage on the [`Graph`], and
//! the per-edge index the rules use after each move.

use super::cell::{Cell, CellMask, CellStatus};
use crate::decoration::Decoration;
use crate::graph::{EdgeId, Graph, Vertex};
use std::collections::HashMap;
use std::sync::Arc;

/// A cell number: the cell's position in the list given to [`Graph::with_cells`].
pub type CellId = usize;

/// What [`Graph::with_cells`] checks of a list of cells, word for word.
pub const CELL_CHECKS: &str = "Each cell must be a closed walk along edges of the graph (each step \
starts where the previous one ends, and the last ends where the first starts), use each edge at most \
once, and have at least 3 edges; every edge may lie in at most two cells, and no two cells may have \
the same edges. Beyond these checks a list of cells is trusted to be the bounded faces of some plane \
embedding of the graph: planarity, that cells do not overlap, and that every bounded face is listed \
are not checked.";

/// Why a list of cells is not a valid set of cycle cells of a graph.
///
/// Cells are numbered from 0 in the order given.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum PlaneError {
    /// A step names an edge the graph does not have.
    #[error("cell {cell} uses edge {edge}, but the graph has only {edge_count} edges, {}", crate::numbered(*edge_count))]
    NoSuchEdge {
        /// The cell.
        cell: CellId,
        /// The edge it names.
        edge: EdgeId,
        /// The graph's number of edges.
        edge_count: usize,
    },
    /// A cell uses the same edge twice.
    #[error("cell {cell} uses edge {edge} twice; a cell walks each edge at most once")]
    RepeatedEdge {
        /// The cell.
        cell: CellId,
        /// The repeated edge.
        edge: EdgeId,
    },
    /// A cell has fewer than 3 edges.
    #[error("cell {cell} has {edges} edges; a cell needs at least 3")]
    TooShort {
        /// The cell.
        cell: CellId,
        /// Its number of edges.
        edges: usize,
    },
    /// Two consecutive steps do not meet: the walk is not closed.
    #[error(
        "cell {cell} is not a closed walk: its step {step} (edge {edge}) ends at vertex {end}, \
         but the next step starts at vertex {next_start}"
    )]
    NotClosed {
        /// The cell.
        cell: CellId,
        /// The step (from 0) after which the walk breaks.
        step: usize,
        /// That step's edge.
        edge: EdgeId,
        /// Where that step ends.
        end: Vertex,
        /// Where the next step (cyclically) starts.
        next_start: Vertex,
    },
    /// An edge lies in a third cell.
    #[error("edge {edge} lies in cells {cells:?}; an edge borders at most two cells")]
    EdgeInThreeCells {
        /// The edge.
        edge: EdgeId,
        /// The first three cells containing it, in order.
        cells: [CellId; 3],
    },
    /// Two cells have the same edges.
    #[error("cells {first} and {second} have the same edges; list each cell once")]
    DuplicateCell {
        /// The earlier cell.
        first: CellId,
        /// The later cell.
        second: CellId,
    },
}

impl PlaneError {
    /// The cell that revealed the problem (the later one when two or three
    /// cells are involved).
    pub fn cell(&self) -> CellId {
        match *self {
            PlaneError::NoSuchEdge { cell, .. }
            | PlaneError::RepeatedEdge { cell, .. }
            | PlaneError::TooShort { cell, .. }
            | PlaneError::NotClosed { cell, .. } => cell,
            PlaneError::EdgeInThreeCells { cells, .. } => cells[2],
            PlaneError::DuplicateCell { second, .. } => second,
        }
    }
}

/// Checks `cells` against `graph` as described in [`CELL_CHECKS`].
pub fn validate_cells(graph: &Graph, cells: &[Cell]) -> Result<(), PlaneError> {
    let mut holders: Vec<Vec<CellId>> = vec![Vec::new(); graph.edge_count()];
    let mut seen: HashMap<Vec<EdgeId>, CellId> = HashMap::with_capacity(cells.len());
    for (i, cell) in cells.iter().enumerate() {
        check_cell(graph, i, cell)?;
        for e in cell.edges() {
            holders[e].push(i);
            if let [a, b, c] = holders[e][..] {
                return Err(PlaneError::EdgeInThreeCells { edge: e, cells: [a, b, c] });
            }
        }
        if let Some(&first) = seen.get(&cell.edge_set()) {
            return Err(PlaneError::DuplicateCell { first, second: i });
        }
        seen.insert(cell.edge_set(), i);
    }
    Ok(())
}

/// The checks of one cell on its own.
fn check_cell(graph: &Graph, i: CellId, cell: &Cell) -> Result<(), PlaneError> {
    let m = graph.edge_count();
    let mut used = std::collections::HashSet::with_capacity(cell.len());
    for s in cell.steps() {
        if s.edge >= m {
            return Err(PlaneError::NoSuchEdge { cell: i, edge: s.edge, edge_count: m });
        }
        if !used.insert(s.edge) {
            return Err(PlaneError::RepeatedEdge { cell: i, edge: s.edge });
        }
    }
    if cell.len() < 3 {
        return Err(PlaneError::TooShort { cell: i, edges: cell.len() });
    }
    let steps = cell.steps();
    for (k, s) in steps.iter().enumerate() {
        let next = steps[(k + 1) % steps.len()];
        let (end, next_start) = (s.head(graph), next.tail(graph));
        if end != next_start {
            return Err(PlaneError::NotClosed { cell: i, step: k, edge: s.edge, end, next_start });
        }
    }
    Ok(())
}

/// The validated cycle cells of a plane graph, with the index from each
/// edge to the cells containing it (at most two).
#[derive(Debug, Clone)]
pub struct Cells {
    cells: Vec<Cell>,
    /// `ids[offsets[e]..offsets[e + 1]]`: the cells containing edge `e`, increasing.
    offsets: Vec<usize>,
    ids: Vec<CellId>,
    /// One mask per cell when the graph has at most 64 edges.
    masks: Option<Vec<CellMask>>,
}

impl PartialEq for Cells {
    /// Equal when the same cells are listed in the same order.
    fn eq(&self, other: &Cells) -> bool {
        self.cells == other.cells
    }
}

impl Eq for Cells {}

impl Cells {
    /// Builds the index; the cells were validated against a graph with `edge_count` edges.
    fn new(cells: Vec<Cell>, edge_count: usize) -> Cells {
        let mut offsets = vec![0usize; edge_count + 1];
        for e in cells.iter().flat_map(Cell::edges) {
            offsets[e + 1] += 1;
        }
        for e in 0..edge_count {
            offsets[e + 1] += offsets[e];
        }
        let mut fill = offsets.clone();
        let mut ids = vec![0; offsets[edge_count]];
        for (i, cell) in cells.iter().enumerate() {
            for e in cell.edges() {
                ids[fill[e]] = i;
                fill[e] += 1;
            }
        }
        let masks = (edge_count <= 64).then(|| cells.iter().map(|c| c.mask().expect("edges below 64")).collect());
        Cells { cells, offsets, ids, masks }
    }

    /// Number of cells.
    pub fn len(&self) -> usize {
        self.cells.len()
    }

    /// `true` when there is no cell (a plane forest, for instance).
    pub fn is_empty(&self) -> bool {
        self.cells.is_empty()
    }

    /// Cell `i`.
    pub fn get(&self, i: CellId) -> &Cell {
        &self.cells[i]
    }

    /// All cells, in order.
    pub fn as_slice(&self) -> &[Cell] {
        &self.cells
    }

    /// The cells containing edge `e` (none, one or two), in increasing order.
    pub fn containing(&self, e: EdgeId) -> &[CellId] {
        &self.ids[self.offsets[e]..self.offsets[e + 1]]
    }

    /// One [`CellMask`] per cell, when the graph has at most 64 edges.
    pub fn masks(&self) -> Option<&[CellMask]> {
        self.masks.as_deref()
    }

    /// The status of every cell under `d`.
    pub fn statuses(&self, d: &Decoration) -> Vec<CellStatus> {
        self.cells.iter().map(|c| c.status(d)).collect()
    }

    /// The first cell `d` completes, if any.
    pub fn completed(&self, d: &Decoration) -> Option<CellId> {
        self.cells.iter().position(|c| c.is_completed(d))
    }

    /// The first cell containing edge `e` that `d` completes: after a move on
    /// `e`, only these can have become completed.
    pub fn completed_through(&self, d: &Decoration, e: EdgeId) -> Option<CellId> {
        self.containing(e).iter().copied().find(|&i| self.cells[i].is_completed(d))
    }
}

impl Graph {
    /// This graph as a plane graph with the given cycle cells, after the
    /// checks of [`CELL_CHECKS`]. Replaces any cells it had.
    pub fn with_cells(mut self, cells: Vec<Cell>) -> Result<Graph, PlaneError> {
        validate_cells(&self, &cells)?;
        let cells = Cells::new(cells, self.edge_count());
        self.set_cells(Some(Arc::new(cells)));
        Ok(self)
    }

    /// This graph without cells: the Game of Arrows is played on it.
    pub fn without_cells(mut self) -> Graph {
        self.set_cells(None);
        self
    }

    /// `true` when the graph carries cells (it is a plane graph, perhaps with no cell).
    pub fn is_plane(&self) -> bool {
        self.cells().is_some()
    }

    /// The cells as a slice: empty when the graph is not a plane graph.
    pub fn cell_list(&self) -> &[Cell] {
        self.cells().map_or(&[], Cells::as_slice)
    }
}
