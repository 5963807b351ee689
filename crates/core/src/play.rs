//! Normal and misère play, and the value of a Game of Cycles position.
//!
//! # The two play conventions
//!
//! Under *normal play* ([`Play::Normal`]) the player who cannot move loses;
//! under *misère play* ([`Play::Misere`]) the last player to move loses,
//! and in the Game of Cycles so does the player who completes a cycle cell
//! (the convention of the existing Game of Cycles solvers). In both, a
//! completed cell ends the game at once.
//!
//! The *Grundy value* of a position is the mex of its followers' values,
//! and a terminal position (no move, or a completed cell) has value 0 under
//! normal play and 1 under misère play (the *misère Grundy value*: the
//! value of the position in the game where every terminal position gets one
//! more move, to a fresh terminal position). In both conventions the player
//! to move wins exactly when the value is not 0. Misère values do not add
//! over the components of a position: there is no nim-sum for them.
//!
//! # The value of a Game of Cycles position under normal play
//!
//! Completing a cell ends the whole game, so the Grundy values of the
//! literal game tree do not add over the components of a position. They do
//! after one reduction, and the value every engine reports is that of the
//! reduced game: *a move that leaves a completable cell is a losing move,
//! and is removed.*
//!
//! A cell is *completable* when every edge but one is marked and the arrows
//! agree with one of its orientations ([`Cell::completing_arrow`]). Marking
//! the last edge along that orientation is always legal: the walk around
//! the cell enters the new arrow's tail by an arrow of the cell and leaves
//! its head by one, so the tail keeps an in-arrow and the head an
//! out-arrow, and neither becomes a sink or a source.
//!
//! *Why the reduction is sound.* Let `m` be a move that leaves a completable
//! cell. In any sum of games containing this position, after `m` the
//! opponent completes the cell and wins at once: the option `m` leads to a
//! win for the next player in every context, so no player ever wins by
//! taking it, and a player whose only moves are such moves loses whether
//! they are there or not. Deleting these options therefore preserves the
//! outcome of every sum (by induction over the game tree: whether a
//! position has an option that is a loss for the next player is not changed
//! by deleting options that never are). In the reduced game no position
//! reached from a position without a completable cell has one (that is what
//! the deleted moves would have made), so no cell is ever completed, the
//! game ends only when no move is left, and it is an ordinary impartial game
//! under normal play: its Grundy values nim-add over the components of a
//! position (which the canonical engine relies on).
//!
//! Consequences, for every engine under normal play:
//! * a position without a completable cell has the reduced game's Grundy
//!   value, the mex over [`Position::reduced_moves`];
//! * a position that *has* a completable cell (possible only from a
//!   user-given starting state) has no Grundy value: the player to move
//!   wins by completing it ([`Standing::Completable`]);
//! * a position with a completed cell is terminal, value 0
//!   ([`Standing::Completed`]).
//!
//! Under misère play nothing is reduced: every legal move counts, and a
//! move that completes a cell leads to a terminal position of value 1.
//!
//! On a graph without cells (a forest, or any graph the Trimmed Game or the
//! Game of Arrows is played on) none of this applies: the reduced moves are
//! the moves.

use crate::decoration::Arrow;
use crate::plane::{Cell, CellId};
use crate::position::Position;
use crate::rules::Variant;
use serde::{Deserialize, Serialize};
use std::fmt;

/// Who wins at the end: the last player to move (normal) or the other (misère).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Default, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Play {
    /// The player who cannot move loses (the player who completes a cell wins).
    #[default]
    Normal,
    /// The last player to move loses, and so does the player who completes a cell.
    Misere,
}

impl Play {
    /// The name used in JSON output: `normal` or `misere`.
    pub fn as_str(self) -> &'static str {
        match self {
            Play::Normal => "normal",
            Play::Misere => "misere",
        }
    }

    /// The convention in words: `normal play`, `misère play`.
    pub fn title(self) -> &'static str {
        match self {
            Play::Normal => "normal play",
            Play::Misere => "misère play",
        }
    }

    /// The value of a terminal position: 0 under normal play, 1 under misère play.
    pub fn terminal_value(self) -> u32 {
        match self {
            Play::Normal => 0,
            Play::Misere => 1,
        }
    }
}

impl fmt::Display for Play {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

/// What the rules alone say of a position, before any search.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Standing {
    /// A cell is completed (Game of Cycles): the game is over, the player
    /// who completed it has won (normal play) or lost (misère play); the
    /// position is terminal, of value [`Play::terminal_value`].
    Completed(CellId),
    /// Normal-play Game of Cycles: the player to move can complete this
    /// cell and win at once. The position has no Grundy value.
    Completable(CellId),
    /// Neither: the value is the mex over the reduced moves.
    Open,
}

impl Position<'_> {
    /// `true` when completed cells end the game: the Game of Cycles on a
    /// graph with cells ([`Variant::plays_cells`](crate::Variant::plays_cells)).
    pub fn plays_cells(&self) -> bool {
        self.variant.plays_cells(self.graph)
    }

    /// `true` for the Game of Cycles on a graph that has a cycle but carries
    /// no cells: the game is not defined until the cells are given (on a
    /// forest it is the Game of Arrows, cells or not).
    pub fn lacks_cells(&self) -> bool {
        self.variant == Variant::Cycles && !self.graph.is_plane() && !self.graph.is_forest()
    }

    /// The first completed cell, in the Game of Cycles (`None` in the other games).
    pub fn completed_cell(&self) -> Option<CellId> {
        if !self.plays_cells() {
            return None;
        }
        self.graph.cells().and_then(|c| c.completed(self.state))
    }

    /// The first completable cell, in the Game of Cycles (`None` in the other
    /// games, and when a cell is already completed).
    pub fn completable_cell(&self) -> Option<CellId> {
        if !self.plays_cells() || self.completed_cell().is_some() {
            return None;
        }
        self.graph.cell_list().iter().position(|c| c.is_completable(self.state))
    }

    /// What the rules say of the position: completed, completable (normal
    /// play only), or open.
    pub fn standing(&self) -> Standing {
        if let Some(c) = self.completed_cell() {
            Standing::Completed(c)
        } else if let Some(c) = self.completable_cell().filter(|_| self.play == Play::Normal) {
            Standing::Completable(c)
        } else {
            Standing::Open
        }
    }

    /// The moves that complete a cell (Game of Cycles), in the order of
    /// [`Position::moves`]; every one of them is legal.
    pub fn completing_moves(&self) -> Vec<Arrow> {
        if !self.plays_cells() || self.completed_cell().is_some() {
            return Vec::new();
        }
        let mut out: Vec<Arrow> =
            self.graph.cell_list().iter().filter_map(|c| c.completing_arrow(self.graph, self.state)).collect();
        out.sort_by_key(|a| self.move_order(*a));
        out.dedup();
        out
    }

    /// `true` when playing `arrow` (a legal move) leaves a completable cell
    /// that the move does not complete itself (Game of Cycles).
    pub fn leaves_completable_cell(&self, arrow: Arrow) -> bool {
        if !self.plays_cells() {
            return false;
        }
        let Some(e) = self.graph.edge_between(arrow.tail, arrow.head) else { return false };
        let mut after = self.state.clone();
        after.mark(e, self.graph.ends(e).0 == arrow.tail);
        let cells = self.graph.cell_list();
        if cells.iter().any(|c| c.is_completed(&after)) {
            return false;
        }
        cells.iter().any(|c: &Cell| c.is_completable(&after))
    }

    /// The moves that count for the value ([`Standing::Open`] positions):
    /// under normal play in the Game of Cycles, the legal moves that leave no
    /// completable cell; otherwise every legal move. In the order of
    /// [`Position::moves`].
    pub fn reduced_moves(&self) -> Vec<Arrow> {
        let moves = self.moves();
        if self.play == Play::Misere || !self.plays_cells() {
            return moves;
        }
        moves.into_iter().filter(|&a| !self.leaves_completable_cell(a)).collect()
    }

    /// The sort key of a move: its edge, forward arrow first.
    fn move_order(&self, a: Arrow) -> (usize, bool) {
        let e = self.graph.edge_between(a.tail, a.head).expect("a move lies on an edge");
        (e, self.graph.ends(e).0 != a.tail)
    }
}
