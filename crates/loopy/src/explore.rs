//! Rule-defined games and the exploration that turns them into a [`Digraph`].
//!
//! A [`Game`] says what the positions are and which moves each has. [`explore`]
//! visits every position reachable from the start positions, breadth first,
//! numbers them, and records the moves. Two safeguards keep it finite:
//!
//! * [`Limits`] caps the number of positions and moves: beyond the cap the
//!   exploration stops with [`ExploreError::TooManyPositions`] (or
//!   `TooManyMoves`) instead of exhausting memory;
//! * [`Game::in_bounds`] cuts off positions outside an explicit bound (for
//!   games whose positions are unbounded, such as those that add stones): a
//!   move to a position out of bounds is not recorded, and the position it
//!   comes from is marked *cut off*. [`Analysis`](crate::Analysis) then says
//!   which results the missing moves could change.

use crate::digraph::{Digraph, DigraphBuilder, MAX_SIZE, VertexId};
use hashbrown::HashMap;
use std::fmt;
use std::hash::Hash;

/// An impartial game given by its rules.
///
/// Invariant expected by [`explore`]: `followers` is a function of the
/// position (the same position always gets the same followers).
pub trait Game {
    /// A position of the game.
    type Position: Clone + Eq + Hash;

    /// Appends the followers of `position` (the positions one move away) to
    /// `out`. Repeated followers are kept once.
    fn followers(&self, position: &Self::Position, out: &mut Vec<Self::Position>);

    /// Whether `position` lies inside the explored region. Moves to positions
    /// outside are cut off. The default accepts every position.
    fn in_bounds(&self, _position: &Self::Position) -> bool {
        true
    }
}

/// Caps on the size of an exploration.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Limits {
    /// The largest number of positions to visit.
    pub max_positions: usize,
    /// The largest number of moves to record.
    pub max_moves: usize,
}

impl Limits {
    /// Ten million positions and fifty million moves: about 1.5 GB at most.
    pub const DEFAULT: Limits = Limits { max_positions: 10_000_000, max_moves: 50_000_000 };
}

impl Default for Limits {
    fn default() -> Limits {
        Limits::DEFAULT
    }
}

/// Why an exploration stopped.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum ExploreError {
    /// More positions are reachable than [`Limits::max_positions`].
    TooManyPositions {
        /// The cap that was reached.
        limit: usize,
    },
    /// More moves than [`Limits::max_moves`].
    TooManyMoves {
        /// The cap that was reached.
        limit: usize,
    },
    /// A start position is itself out of bounds.
    StartOutOfBounds,
}

impl fmt::Display for ExploreError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ExploreError::TooManyPositions { limit } => write!(
                f,
                "the game has more than {limit} reachable positions; \
                 raise the position limit or start from fewer or smaller positions"
            ),
            ExploreError::TooManyMoves { limit } => write!(
                f,
                "the game has more than {limit} moves; \
                 raise the move limit or start from fewer or smaller positions"
            ),
            ExploreError::StartOutOfBounds => {
                write!(f, "a start position lies outside the bound; raise the bound")
            }
        }
    }
}

impl std::error::Error for ExploreError {}

/// The explicit digraph of a game, as found by [`explore`].
///
/// Invariants: `positions()[v]` is the game position of vertex `v`; the start
/// positions are the first vertices, in the order given (repeats removed);
/// `is_cut_off(v)` iff some follower of `positions()[v]` is out of bounds (and
/// so missing from the digraph).
#[derive(Debug, Clone)]
pub struct Explored<P> {
    graph: Digraph,
    positions: Vec<P>,
    index: HashMap<P, VertexId>,
    cut_off: Vec<bool>,
}

impl<P: Clone + Eq + Hash> Explored<P> {
    /// The game digraph.
    pub fn graph(&self) -> &Digraph {
        &self.graph
    }

    /// The game positions, indexed by vertex.
    pub fn positions(&self) -> &[P] {
        &self.positions
    }

    /// The game position of vertex `v`.
    pub fn position(&self, v: VertexId) -> &P {
        &self.positions[v as usize]
    }

    /// The vertex of a game position, if it was reached.
    pub fn vertex(&self, p: &P) -> Option<VertexId> {
        self.index.get(p).copied()
    }

    /// Whether `v` has followers that were cut off by the bound.
    pub fn is_cut_off(&self, v: VertexId) -> bool {
        self.cut_off[v as usize]
    }

    /// The cut-off flags, indexed by vertex.
    pub fn cut_off(&self) -> &[bool] {
        &self.cut_off
    }

    /// Whether no position was cut off (the digraph is the whole game).
    pub fn is_complete(&self) -> bool {
        !self.cut_off.iter().any(|&c| c)
    }
}

/// Explores `game` from `starts`: every position reachable by moves that stay
/// in bounds, numbered in breadth-first order from the start positions.
///
/// Fails, without using more memory than the limits allow, when more
/// positions or moves are reachable than `limits` permit, or when a start
/// position is out of bounds.
pub fn explore<G: Game>(
    game: &G,
    starts: impl IntoIterator<Item = G::Position>,
    limits: Limits,
) -> Result<Explored<G::Position>, ExploreError> {
    let max_positions = limits.max_positions.min(MAX_SIZE);
    let max_moves = limits.max_moves.min(MAX_SIZE);
    let mut positions: Vec<G::Position> = Vec::new();
    let mut index: HashMap<G::Position, VertexId> = HashMap::new();
    let mut cut_off: Vec<bool> = Vec::new();
    let mut builder = DigraphBuilder::new();

    for p in starts {
        if !game.in_bounds(&p) {
            return Err(ExploreError::StartOutOfBounds);
        }
        if !index.contains_key(&p) {
            if positions.len() >= max_positions {
                return Err(ExploreError::TooManyPositions { limit: limits.max_positions });
            }
            index.insert(p.clone(), builder.add_position());
            positions.push(p);
        }
    }
    let mut out: Vec<G::Position> = Vec::new();
    let mut targets: Vec<VertexId> = Vec::new();
    let mut head = 0;
    while head < positions.len() {
        let v = head as VertexId;
        out.clear();
        game.followers(&positions[head], &mut out);
        head += 1;
        let mut cut = false;
        targets.clear();
        for q in out.drain(..) {
            if !game.in_bounds(&q) {
                cut = true;
                continue;
            }
            let w = match index.get(&q) {
                Some(&w) => w,
                None => {
                    if positions.len() >= max_positions {
                        return Err(ExploreError::TooManyPositions { limit: limits.max_positions });
                    }
                    let w = builder.add_position();
                    index.insert(q.clone(), w);
                    positions.push(q);
                    w
                }
            };
            targets.push(w);
        }
        targets.sort_unstable();
        targets.dedup();
        if builder.move_count() + targets.len() > max_moves {
            return Err(ExploreError::TooManyMoves { limit: limits.max_moves });
        }
        for &w in &targets {
            builder.add_move(v as usize, w as usize).expect("moves join explored positions");
        }
        cut_off.push(cut);
    }
    Ok(Explored { graph: builder.build(), positions, index, cut_off })
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Add 1 or 2, up to a bound.
    struct Up(u32);
    impl Game for Up {
        type Position = u32;
        fn followers(&self, p: &u32, out: &mut Vec<u32>) {
            out.extend([p + 1, p + 2]);
        }
        fn in_bounds(&self, p: &u32) -> bool {
            *p <= self.0
        }
    }

    #[test]
    fn bound_cuts_off_and_limit_stops() {
        let e = explore(&Up(5), [0], Limits::DEFAULT).unwrap();
        assert_eq!(e.positions().len(), 6);
        assert!(e.is_cut_off(4) && e.is_cut_off(5) && !e.is_cut_off(3));
        assert!(!e.is_complete());
        assert_eq!(e.vertex(&3), Some(3));
        let err = explore(&Up(1000), [0], Limits { max_positions: 10, max_moves: 100 }).unwrap_err();
        assert_eq!(err, ExploreError::TooManyPositions { limit: 10 });
        let err = explore(&Up(1000), [0], Limits { max_positions: 100, max_moves: 10 }).unwrap_err();
        assert_eq!(err, ExploreError::TooManyMoves { limit: 10 });
        assert_eq!(explore(&Up(3), [7], Limits::DEFAULT).unwrap_err(), ExploreError::StartOutOfBounds);
    }
}
