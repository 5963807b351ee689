//! Rule-defined games and the exploration that turns them into a [`Digraph`].
//!
//! A [`Game`] says what the positions are and which moves each has. [`explore`]
//! visits every position reachable from the start positions, breadth first,
//! numbers them, and records the moves. Three safeguards keep it finite:
//!
//! * [`Limits`] caps the number of positions and moves: beyond the cap the
//!   exploration stops with [`ExploreError::TooManyPositions`] (or
//!   `TooManyMoves`);
//! * the memory budget of the [`Control`] it runs under: the exploration
//!   counts the bytes its tables hold, and those the solver that follows will
//!   need (the `afterwards` [`Cost`] of [`explore_with`]), and stops with
//!   [`ExploreError::MemoryBudget`] *before* a table would grow past the
//!   budget. Where a game knows how large it is ([`Game::size_hint`], e.g.
//!   Nim's product of heap sizes), a request that cannot fit is refused before
//!   anything is explored;
//! * [`Game::in_bounds`] cuts off positions outside an explicit bound (for
//!   games whose positions are unbounded, such as those that add stones): a
//!   move to a position out of bounds is not recorded, and the position it
//!   comes from is marked *cut off*. [`Analysis`](crate::Analysis) then says
//!   which results the missing moves could change.
//!
//! The exploration reports the positions it expands to the control's
//! progress sink, and stops with [`ExploreError::Cancelled`] when the
//! control's token is set.

use crate::cost::{Cost, table_bytes};
use crate::digraph::{Digraph, MAX_SIZE, VertexId};
use arrows_work::{Cancelled, Control};
use hashbrown::{DefaultHashBuilder, HashTable};
use std::hash::{BuildHasher, Hash};

/// How often (in positions expanded) the exploration reports progress and
/// looks at the cancel token and the budget.
const CHECK_EVERY: usize = 4096;

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

    /// The heap memory `position` owns, in bytes, beyond its
    /// `size_of::<Position>()` (the allocator's block of a vector, say). The
    /// default is 0: positions that own no heap memory.
    fn position_bytes(&self, _position: &Self::Position) -> usize {
        0
    }

    /// Lower bounds on the positions and moves reachable from `start` (itself
    /// included), exact where the game knows them. The default knows only
    /// the start itself.
    fn size_hint(&self, _start: &Self::Position) -> SizeHint {
        SizeHint::START
    }
}

/// Lower bounds on the size of the part of a game reachable from a position.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct SizeHint {
    /// At least this many positions, the start included.
    pub positions: u64,
    /// At least this many moves.
    pub moves: u64,
}

impl SizeHint {
    /// What every start gives: itself, no move known.
    pub const START: SizeHint = SizeHint { positions: 1, moves: 0 };
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
    /// Ten million positions and fifty million moves.
    pub const DEFAULT: Limits = Limits { max_positions: 10_000_000, max_moves: 50_000_000 };

    /// At most `max_positions` positions and ten times as many moves.
    pub fn positions(max_positions: usize) -> Limits {
        Limits { max_positions, max_moves: max_positions.saturating_mul(10) }
    }
}

impl Default for Limits {
    fn default() -> Limits {
        Limits::DEFAULT
    }
}

/// Why an exploration stopped.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum ExploreError {
    /// More positions are reachable than [`Limits::max_positions`].
    #[error("the game has at least {positions} reachable positions, more than the limit of {limit}")]
    TooManyPositions {
        /// A lower bound on the positions reachable.
        positions: u64,
        /// The cap.
        limit: usize,
    },
    /// More moves than [`Limits::max_moves`].
    #[error("the game has at least {moves} moves, more than the limit of {limit}")]
    TooManyMoves {
        /// A lower bound on the moves.
        moves: u64,
        /// The cap.
        limit: usize,
    },
    /// Exploring and solving the game would take more memory than the budget.
    #[error(
        "exploring and solving at least {positions} positions and {moves} moves needs {needed} bytes, \
         past the memory budget of {budget} bytes"
    )]
    MemoryBudget {
        /// Positions known to be reachable (explored so far, or estimated).
        positions: u64,
        /// Moves known to be reachable.
        moves: u64,
        /// Bytes needed for them.
        needed: u64,
        /// The budget in bytes.
        budget: u64,
    },
    /// A start position is itself out of bounds.
    #[error("start position {index} (from 0) lies outside the bound")]
    StartOutOfBounds {
        /// The place of the start in the list of starts.
        index: usize,
    },
    /// The control's cancel token was set.
    #[error(transparent)]
    Cancelled(#[from] Cancelled),
}

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
    /// Heap bytes owned by the positions (see [`Game::position_bytes`]).
    position_heap: u64,
    /// The vertices, hashed by their positions (kept once, in `positions`).
    index: HashTable<VertexId>,
    hasher: DefaultHashBuilder,
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
        let positions = &self.positions;
        self.index.find(self.hasher.hash_one(p), |&v| positions[v as usize] == *p).copied()
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

    /// The digraph and the positions, indexed by vertex.
    pub fn into_parts(self) -> (Digraph, Vec<P>) {
        (self.graph, self.positions)
    }

    /// The heap memory held: the digraph, the positions (with the heap
    /// memory they own, as the game reports it) and their index, in bytes.
    pub fn heap_bytes(&self) -> u64 {
        let tables =
            self.positions.capacity() * size_of::<P>() + self.index.allocation_size() + self.cut_off.capacity();
        (tables + self.graph.heap_bytes()) as u64 + self.position_heap
    }
}

/// Explores `game` from `starts` as [`explore_with`] does, to be solved
/// afterwards by an [`Analysis`](crate::Analysis), under the machine's
/// default budget, with no progress reporting and no way to cancel.
pub fn explore<G: Game>(
    game: &G,
    starts: impl IntoIterator<Item = G::Position>,
    limits: Limits,
) -> Result<Explored<G::Position>, ExploreError> {
    explore_with(game, starts, limits, Cost::ANALYSIS, &Control::default())
}

/// Explores `game` from `starts`: every position reachable by moves that stay
/// in bounds, numbered in breadth-first order from the start positions.
///
/// `afterwards` is the memory the work that follows will need per position
/// and per move of the digraph (its solving, say: [`Cost::ANALYSIS`]); it is
/// counted against the budget while exploring, so that a game whose solving
/// cannot fit is refused early.
///
/// Fails, before its tables grow past them, when more positions or moves
/// are reachable than `limits` permit or than `control`'s budget holds;
/// fails when a start position is out of bounds, and when `control` is
/// cancelled.
pub fn explore_with<G: Game>(
    game: &G,
    starts: impl IntoIterator<Item = G::Position>,
    limits: Limits,
    afterwards: Cost,
    control: &Control,
) -> Result<Explored<G::Position>, ExploreError> {
    control.progress.set_unit("positions");
    let mut x = Exploration::new(limits, afterwards, control);
    for (index, p) in starts.into_iter().enumerate() {
        if !game.in_bounds(&p) {
            return Err(ExploreError::StartOutOfBounds { index });
        }
        check_size::<G::Position>(game.size_hint(&p), game.position_bytes(&p), limits, afterwards, control)?;
        x.vertex(game, p)?;
    }
    let mut out: Vec<G::Position> = Vec::new();
    let mut targets: Vec<VertexId> = Vec::new();
    let mut head = 0;
    while head < x.positions.len() {
        if head % CHECK_EVERY == 0 && head > 0 {
            control.checkpoint(CHECK_EVERY as u64)?;
            x.check(0)?;
        }
        out.clear();
        game.followers(&x.positions[head], &mut out);
        head += 1;
        let mut cut = false;
        targets.clear();
        for q in out.drain(..) {
            if game.in_bounds(&q) {
                targets.push(x.vertex(game, q)?);
            } else {
                cut = true;
            }
        }
        targets.sort_unstable();
        targets.dedup();
        x.add_moves(&targets)?;
        x.cut_off.push(cut);
    }
    control.checkpoint((head % CHECK_EVERY) as u64)?;
    x.finish()
}

/// Refuses at once a request from which at least `hint` is reachable when
/// that is more than `limits` or `control`'s budget allow: each of those
/// positions (owning `position_bytes` of heap memory) needs at least its
/// share of every table of an exploration, and of the work `afterwards`.
/// [`explore_with`] checks every start this way; a caller that lists many
/// positions can check their number before making the list.
pub fn check_size<P>(
    hint: SizeHint,
    position_bytes: usize,
    limits: Limits,
    afterwards: Cost,
    control: &Control,
) -> Result<(), ExploreError> {
    // The position, its index entry (at 7/8 load), its cut-off flag and its follower row start.
    let per_position = size_of::<P>() as u64 + position_bytes as u64 + 6 + 1 + 4;
    let cost = Cost { per_position, per_move: 4 }.plus(FINISH).plus(afterwards);
    let needed = cost.bytes(hint.positions, hint.moves);
    let budget = control.budget.get();
    if needed > budget {
        return Err(ExploreError::MemoryBudget { positions: hint.positions, moves: hint.moves, needed, budget });
    }
    if hint.positions > limits.max_positions.min(MAX_SIZE) as u64 {
        return Err(ExploreError::TooManyPositions { positions: hint.positions, limit: limits.max_positions });
    }
    if hint.moves > limits.max_moves.min(MAX_SIZE) as u64 {
        return Err(ExploreError::TooManyMoves { moves: hint.moves, limit: limits.max_moves });
    }
    Ok(())
}

/// The tables of an exploration under way, and their memory.
///
/// `positions`, `cut_off` and `succ_start` grow together; `succ` holds the
/// followers of the positions expanded so far. Every table grows only
/// through [`Exploration::check`], which counts what it would hold first.
struct Exploration<'a, P> {
    positions: Vec<P>,
    /// Heap bytes owned by the positions (see [`Game::position_bytes`]).
    position_heap: u64,
    index: HashTable<VertexId>,
    hasher: DefaultHashBuilder,
    cut_off: Vec<bool>,
    succ_start: Vec<u32>,
    succ: Vec<u32>,
    max_positions: usize,
    max_moves: usize,
    limits: Limits,
    afterwards: Cost,
    control: &'a Control,
}

/// What finishing the digraph needs: its predecessor rows, and the fill
/// cursors of their counting sort.
const FINISH: Cost = Cost { per_position: 12, per_move: 4 };

impl<'a, P: Clone + Eq + Hash> Exploration<'a, P> {
    fn new(limits: Limits, afterwards: Cost, control: &'a Control) -> Self {
        Exploration {
            positions: Vec::new(),
            position_heap: 0,
            index: HashTable::new(),
            hasher: DefaultHashBuilder::default(),
            cut_off: Vec::new(),
            succ_start: vec![0],
            succ: Vec::new(),
            max_positions: limits.max_positions.min(MAX_SIZE),
            max_moves: limits.max_moves.min(MAX_SIZE),
            limits,
            afterwards,
            control,
        }
    }

    /// The bytes the tables hold now.
    fn held(&self) -> u64 {
        let bytes = self.positions.capacity() * size_of::<P>()
            + self.index.allocation_size()
            + self.cut_off.capacity()
            + 4 * (self.succ_start.capacity() + self.succ.capacity());
        bytes as u64 + self.position_heap
    }

    /// Refuses when the tables, grown by `growing` bytes, and the work still
    /// to come for the positions and moves found so far do not fit the budget.
    fn check(&self, growing: u64) -> Result<(), ExploreError> {
        let (positions, moves) = (self.positions.len() as u64, self.succ.len() as u64);
        let later = FINISH.plus(self.afterwards).bytes(positions, moves);
        let needed = self.held().saturating_add(growing).saturating_add(later);
        let budget = self.control.budget.get();
        if needed > budget {
            return Err(ExploreError::MemoryBudget { positions, moves, needed, budget });
        }
        Ok(())
    }

    /// The vertex of `p`, added if new.
    fn vertex<G: Game<Position = P>>(&mut self, game: &G, p: P) -> Result<VertexId, ExploreError> {
        let hash = self.hasher.hash_one(&p);
        let positions = &self.positions;
        if let Some(&v) = self.index.find(hash, |&v| positions[v as usize] == p) {
            return Ok(v);
        }
        let n = self.positions.len();
        if n >= self.max_positions {
            return Err(ExploreError::TooManyPositions { positions: n as u64 + 1, limit: self.limits.max_positions });
        }
        if n == self.positions.capacity() {
            let more = n.max(1024);
            let grown = more * (size_of::<P>() + 1 + 4);
            // A growing table is copied: the old one lives until the copy is done.
            self.check((grown + n * (size_of::<P>() + 1 + 4)) as u64)?;
            self.positions.reserve_exact(more);
            self.cut_off.reserve_exact(more);
            self.succ_start.reserve_exact(more);
        }
        if n == self.index.capacity() {
            let target = (2 * n).max(1024);
            self.check(table_bytes::<VertexId>(target) as u64)?;
            let (positions, hasher) = (&self.positions, &self.hasher);
            self.index.reserve(target - n, |&v| hasher.hash_one(&positions[v as usize]));
        }
        let v = n as VertexId;
        self.position_heap += game.position_bytes(&p) as u64;
        self.positions.push(p);
        let (positions, hasher) = (&self.positions, &self.hasher);
        self.index.insert_unique(hash, v, |&w| hasher.hash_one(&positions[w as usize]));
        Ok(v)
    }

    /// Records the moves of the next position to `targets`.
    fn add_moves(&mut self, targets: &[VertexId]) -> Result<(), ExploreError> {
        let moves = self.succ.len() + targets.len();
        if moves > self.max_moves {
            return Err(ExploreError::TooManyMoves { moves: moves as u64, limit: self.limits.max_moves });
        }
        if moves > self.succ.capacity() {
            let target = moves.max(2 * self.succ.capacity()).max(4096).min(self.max_moves.max(moves));
            self.check(4 * target as u64)?;
            self.succ.reserve_exact(target - self.succ.len());
        }
        self.succ.extend_from_slice(targets);
        self.succ_start.push(self.succ.len() as u32);
        Ok(())
    }

    /// The digraph of what was explored.
    fn finish(mut self) -> Result<Explored<P>, ExploreError> {
        self.check(0)?;
        self.succ.shrink_to_fit();
        let graph = Digraph::from_follower_rows(self.succ_start, self.succ);
        Ok(Explored {
            graph,
            positions: self.positions,
            position_heap: self.position_heap,
            index: self.index,
            hasher: self.hasher,
            cut_off: self.cut_off,
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use arrows_work::Budget;

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

    fn limits(max_positions: usize, max_moves: usize) -> Limits {
        Limits { max_positions, max_moves }
    }

    #[test]
    fn bound_cuts_off_and_limit_stops() {
        let e = explore(&Up(5), [0], Limits::DEFAULT).unwrap();
        assert_eq!(e.positions().len(), 6);
        assert!(e.is_cut_off(4) && e.is_cut_off(5) && !e.is_cut_off(3));
        assert!(!e.is_complete());
        assert_eq!(e.vertex(&3), Some(3));
        assert_eq!(e.vertex(&9), None);
        assert_eq!(e.graph().followers(2), &[3, 4]);
        assert_eq!(e.graph().predecessors(4), &[2, 3]);
        let err = explore(&Up(1000), [0], limits(10, 100)).unwrap_err();
        assert_eq!(err, ExploreError::TooManyPositions { positions: 11, limit: 10 });
        let err = explore(&Up(1000), [0], limits(100, 10)).unwrap_err();
        assert_eq!(err, ExploreError::TooManyMoves { moves: 12, limit: 10 });
        assert_eq!(explore(&Up(3), [1, 7], Limits::DEFAULT).unwrap_err(), ExploreError::StartOutOfBounds { index: 1 });
    }

    /// A game that says how large it is: every number below the start.
    struct Below;
    impl Game for Below {
        type Position = u64;
        fn followers(&self, p: &u64, out: &mut Vec<u64>) {
            out.extend(0..*p);
        }
        fn size_hint(&self, start: &u64) -> SizeHint {
            SizeHint { positions: start + 1, moves: start.saturating_mul(start + 1) / 2 }
        }
    }

    #[test]
    fn a_game_too_large_for_the_budget_is_refused_before_exploring() {
        let small = Control::new(Budget::bytes(1 << 20));
        let err = explore_with(&Below, [1 << 40], Limits::DEFAULT, Cost::ANALYSIS, &small).unwrap_err();
        let ExploreError::MemoryBudget { positions, needed, budget, .. } = err else {
            panic!("{err:?}");
        };
        assert_eq!((positions, budget), ((1 << 40) + 1, 1 << 20));
        assert!(needed > 1 << 40);
        let err = explore_with(&Below, [5000], limits(1000, 1 << 40), Cost::ANALYSIS, &Control::default()).unwrap_err();
        assert_eq!(err, ExploreError::TooManyPositions { positions: 5001, limit: 1000 });
        // The same game within the budget.
        let e = explore_with(&Below, [100], Limits::DEFAULT, Cost::ANALYSIS, &small).unwrap();
        assert_eq!(e.graph().move_count(), 5050);
    }

    /// A game whose size only shows as it is explored is stopped when its
    /// tables would grow past the budget, not after.
    #[test]
    fn the_budget_stops_a_growing_exploration() {
        let budget = Budget::bytes(4 << 20);
        let err =
            explore_with(&Up(u32::MAX - 2), [0], Limits::DEFAULT, Cost::ANALYSIS, &Control::new(budget)).unwrap_err();
        let ExploreError::MemoryBudget { positions, needed, .. } = err else {
            panic!("{err:?}");
        };
        assert!(needed > budget.get() && positions > 10_000, "{positions} {needed}");
    }

    #[test]
    fn cancel_stops_the_exploration() {
        let control = Control::default();
        control.cancel.cancel();
        let err = explore_with(&Up(100_000), [0], Limits::DEFAULT, Cost::NONE, &control).unwrap_err();
        assert_eq!(err, ExploreError::Cancelled(Cancelled));
    }
}
