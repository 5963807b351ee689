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
//! agree with one of its orientations (`Cell::completing_arrow`). Marking
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
use crate::plane::CellId;
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
        self.plays_cells() && matches!(self.follower_standings().after(arrow), After::LeavesCompletable(_))
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
        let standings = self.follower_standings();
        moves.into_iter().filter(|&a| !matches!(standings.after(a), After::LeavesCompletable(_))).collect()
    }

    /// What the rules say of each follower, move by move: see
    /// [`FollowerStandings`]. Costs one look at each edge of each cell;
    /// each move then costs one look at the (at most two) cells through
    /// its edge, where marking the follower and tracing every cell would
    /// cost the whole graph per move.
    pub fn follower_standings(&self) -> FollowerStandings<'_> {
        FollowerStandings::new(*self)
    }

    /// The sort key of a move: its edge, forward arrow first.
    fn move_order(&self, a: Arrow) -> (usize, bool) {
        let e = self.graph.edge_between(a.tail, a.head).expect("a move lies on an edge");
        (e, self.graph.ends(e).0 != a.tail)
    }
}

/// What a move does to the cells, as [`FollowerStandings::after`] tells it.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum After {
    /// The move completes this cell (the first of those it completes):
    /// the follower is terminal.
    Completes(CellId),
    /// The move completes no cell and leaves this one completable (the
    /// first such cell), whatever the play: under normal play the follower
    /// has no value.
    LeavesCompletable(CellId),
    /// Neither: no cell is completed or completable after the move (or
    /// the game has no cells).
    Open,
}

/// The arrows of one cell under a state: how many of its edges are
/// unmarked, and how many arrows agree with each orientation.
#[derive(Debug, Clone, Copy, Default)]
struct Tally {
    unmarked: usize,
    along: usize,
    against: usize,
}

impl Tally {
    fn is_dead(self) -> bool {
        self.along > 0 && self.against > 0
    }

    fn is_completed(self) -> bool {
        self.unmarked == 0 && !self.is_dead()
    }

    fn is_completable(self) -> bool {
        self.unmarked == 1 && !self.is_dead()
    }

    /// The tally once the step's edge is marked, agreeing with the step (`along`) or not.
    fn marked(mut self, along: bool) -> Tally {
        self.unmarked -= 1;
        if along {
            self.along += 1;
        } else {
            self.against += 1;
        }
        self
    }
}

/// The standings of a position's followers, for many moves at once: each
/// cell's arrows are counted once, and a move then changes only the cells
/// through its edge. Made by [`Position::follower_standings`].
#[derive(Debug, Clone)]
pub struct FollowerStandings<'a> {
    position: Position<'a>,
    /// One tally per cell (none when the cells take no part).
    tallies: Vec<Tally>,
    /// For each cell through edge `e`, in the order of
    /// [`Cells::containing`](crate::plane::Cells::containing): whether its
    /// walk crosses `e` in the edge's forward direction.
    forward: Vec<[bool; 2]>,
    /// The cells completable before any move, in increasing order.
    completable: Vec<CellId>,
}

impl<'a> FollowerStandings<'a> {
    fn new(position: Position<'a>) -> FollowerStandings<'a> {
        let graph = position.graph;
        let cells = match graph.cells() {
            Some(cells) if position.plays_cells() => cells,
            _ => {
                return FollowerStandings {
                    position,
                    tallies: Vec::new(),
                    forward: Vec::new(),
                    completable: Vec::new(),
                };
            }
        };
        let mut forward = vec![[false; 2]; graph.edge_count()];
        let mut tallies = Vec::with_capacity(cells.len());
        for (i, cell) in cells.as_slice().iter().enumerate() {
            let mut t = Tally::default();
            for step in cell.steps() {
                let slot = cells.containing(step.edge).iter().position(|&c| c == i).expect("the index holds the cell");
                forward[step.edge][slot] = step.forward;
                match position.state.get(step.edge) {
                    None => t.unmarked += 1,
                    Some(f) if f == step.forward => t.along += 1,
                    Some(_) => t.against += 1,
                }
            }
            tallies.push(t);
        }
        let completable = (0..tallies.len()).filter(|&i| tallies[i].is_completable()).collect();
        FollowerStandings { position, tallies, forward, completable }
    }

    /// What the legal move `arrow` does to the cells.
    pub fn after(&self, arrow: Arrow) -> After {
        let graph = self.position.graph;
        let Some(cells) = graph.cells().filter(|_| !self.tallies.is_empty()) else { return After::Open };
        let Some(e) = graph.edge_between(arrow.tail, arrow.head) else { return After::Open };
        let edge_forward = graph.ends(e).0 == arrow.tail;
        let through = cells.containing(e);
        let mut completable: Option<CellId> = None;
        for (slot, &c) in through.iter().enumerate() {
            let t = self.tallies[c].marked(self.forward[e][slot] == edge_forward);
            if t.is_completed() {
                return After::Completes(c);
            }
            if t.is_completable() {
                completable = Some(completable.map_or(c, |k| k.min(c)));
            }
        }
        // A cell away from the edge keeps its standing.
        let kept = self.completable.iter().copied().find(|c| !through.contains(c));
        match (completable, kept) {
            (Some(a), Some(b)) => After::LeavesCompletable(a.min(b)),
            (Some(c), None) | (None, Some(c)) => After::LeavesCompletable(c),
            (None, None) => After::Open,
        }
    }

    /// The standing of the follower reached by the legal move `arrow`, as
    /// [`Position::standing`] gives it.
    pub fn standing_after(&self, arrow: Arrow) -> Standing {
        match self.after(arrow) {
            After::Completes(c) => Standing::Completed(c),
            After::LeavesCompletable(c) if self.position.play == Play::Normal => Standing::Completable(c),
            _ => Standing::Open,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::decoration::Decoration;
    use crate::plane::PlaneFamily;

    /// A random walk of legal moves from the empty state, as states.
    fn walk(position: Position<'_>, seed: u64) -> Vec<Decoration> {
        let mut x = seed;
        let mut d = Decoration::empty(position.graph.edge_count());
        let mut out = vec![d.clone()];
        loop {
            let moves = position.with_state(&d).moves();
            if moves.is_empty() {
                return out;
            }
            x = x.wrapping_mul(6364136223846793005).wrapping_add(1442695040888963407);
            let a = moves[(x >> 33) as usize % moves.len()];
            let e = position.graph.edge_between(a.tail, a.head).unwrap();
            d.mark(e, position.graph.ends(e).0 == a.tail);
            out.push(d.clone());
        }
    }

    #[test]
    fn follower_standings_agree_with_the_followers_own() {
        let families = [
            PlaneFamily::Wheel(5),
            PlaneFamily::Grid(2, 3),
            PlaneFamily::Theta(1, 2, 2),
            PlaneFamily::K4,
            PlaneFamily::Cycle(4),
            PlaneFamily::Prism(3),
        ];
        let mut checked = [0usize; 3];
        for family in families {
            let graph = family.build().unwrap().graph;
            for play in [Play::Normal, Play::Misere] {
                for seed in 0..12 {
                    let start = Decoration::empty(graph.edge_count());
                    let base = Position::new(&graph, crate::Variant::Cycles, &start).with_play(play);
                    for d in walk(base, seed) {
                        let here = base.with_state(&d);
                        if here.completed_cell().is_some() {
                            continue;
                        }
                        let standings = here.follower_standings();
                        for a in here.moves() {
                            let e = graph.edge_between(a.tail, a.head).unwrap();
                            let mut f = d.clone();
                            f.mark(e, graph.ends(e).0 == a.tail);
                            let follower = here.with_state(&f);
                            assert_eq!(standings.standing_after(a), follower.standing(), "{family:?} {d:?} {a}");
                            let expected = match (follower.completed_cell(), follower.completable_cell()) {
                                (Some(c), _) => After::Completes(c),
                                (None, Some(c)) => After::LeavesCompletable(c),
                                (None, None) => After::Open,
                            };
                            let after = standings.after(a);
                            assert_eq!(after, expected, "{family:?} {d:?} {a}");
                            checked[match after {
                                After::Completes(_) => 0,
                                After::LeavesCompletable(_) => 1,
                                After::Open => 2,
                            }] += 1;
                        }
                    }
                }
            }
        }
        // Every kind of follower was met.
        assert!(checked.iter().all(|&n| n > 10), "{checked:?}");
    }
}
