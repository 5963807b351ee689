//! Plane graphs for the Game of Cycles (Su; Alvarado et al. 2021).
//!
//! A *plane graph* is a [`Graph`](crate::Graph) carrying its *cycle
//! cells*: the bounded faces of a plane embedding, each as the closed walk
//! around it ([`Cell`]). Cells are stored on the graph
//! ([`Graph::with_cells`](crate::Graph::with_cells), checked as
//! [`CELL_CHECKS`] says); a graph without cells is played as the Game of
//! Arrows. The outer face is never a cell.
//!
//! A decoration *completes* a cell when every edge of the cell is marked
//! and the arrows form one directed cycle, either way round; a cell is
//! *dead* when two of its arrows disagree with both of its orientations
//! (it can never be completed) and *live* otherwise, with the
//! orientation(s) it still allows ([`CellStatus`], [`Cell::status`],
//! [`CellMask`] for engines on 64-bit masks, [`Cells::containing`] for the
//! cells through an edge).
//!
//! Cells come from three sources:
//! * vertex walks, `0-1-2;0-2-3` ([`parse_cell_walks`]);
//! * a straight-line drawing, whose bounded faces are traced
//!   ([`Drawing::cells`]);
//! * the board encoding of existing Game of Cycles solvers ([`Board`]).
//!
//! [`families`] builds wheels, fans, theta graphs, grids, ladders, prisms,
//! cycles and `K_4` with their cells and a drawing.

mod board;
mod cell;
mod cells;
mod cycle;
mod drawing;
mod faces;
pub mod families;
mod geometry;
mod walks;

pub use board::{Board, BoardError, BoardErrorKind};
pub use cell::{Cell, CellMask, CellStatus, Orientation, Step};
pub use cells::{CELL_CHECKS, CellId, Cells, PlaneError, validate_cells};
pub use cycle::{CycleProblem, one_cycle};
pub use drawing::{Drawing, DrawingError, EdgeRef, MAX_COORDINATE, MIN_COORDINATE, Point};
pub use families::{Embedded, PlaneFamily};
pub use walks::{WalkError, format_cell_walks, parse_cell_walks};

#[cfg(test)]
mod tests;
#[cfg(test)]
mod tests_board;
#[cfg(test)]
mod tests_faces;
