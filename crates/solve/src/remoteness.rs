//! Remoteness: how many moves the game lasts under best play.
//!
//! C. A. B. Smith's remoteness (Winning Ways, ch. 9; Fraenkel's survey of
//! games on graphs) counts the moves to the end when the winner hurries
//! and the loser delays: a terminal position has remoteness 0; a position
//! the player to move wins has remoteness one more than the *smallest*
//! remoteness of its losing followers; a position the player to move loses
//! has remoteness one more than the *largest* remoteness of its followers.
//! Remoteness is odd exactly for the positions the player to move wins.
//!
//! The moves are those the value counts ([`Position::reduced_moves`]): in
//! the normal-play Game of Cycles, a position whose player to move can
//! complete a cell is won in one move, and a completed cell ends the game
//! (remoteness 0, lost for the player to move). Under misère play the game
//! is read as the explicit engine reads it: every terminal state has one
//! more move, to a fresh end position, so a terminal state is won in one
//! move (remoteness 1) and parity still tells the winner.
//!
//! It is computed here by exhaustive search over the states below the
//! position, with a memo of every state seen: it is for the games brute
//! force can finish (at most [`MAX_UNMARKED`] unmarked edges, within the
//! budget). The tests compare it with the loopy solver's remoteness on the
//! explicit game graph, an independent computation.

use crate::analysis::Engine;
use crate::brute::{MAX_UNMARKED, estimated_bytes};
use crate::error::SolveError;
use arrows_core::{Arrow, Decoration, Play, Position, Standing};
use arrows_work::Control;
use hashbrown::HashMap;

/// Who wins a position and in how many moves.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, serde::Serialize)]
pub struct Remoteness {
    /// `true` when the player to move wins.
    pub first_player_wins: bool,
    /// Moves to the end under best play.
    pub moves: u32,
}

/// The remoteness of every state below a position, memoized.
pub struct RemotenessSearch<'g> {
    position: Position<'g>,
    memo: HashMap<Decoration, Remoteness>,
    control: Control,
    pending: u64,
}

/// The most states a front door searches for remoteness without being
/// asked to wait: about a second of work. Past it, `--moves` reports the
/// values alone.
pub const QUICK_STATES: f64 = 1_000_000.0;

/// `true` when the remoteness search below `position` is quick (see [`QUICK_STATES`]).
pub fn is_quick(position: Position<'_>) -> bool {
    position.unmarked() <= MAX_UNMARKED && crate::size::estimated_states(position) <= QUICK_STATES
}

/// Bytes a memo entry takes, about (the decoration's masks, the value, the table's slack).
const ENTRY_BYTES: u64 = 96;

/// States solved between two checkpoints of the control.
const CHECKPOINT_EVERY: u64 = 1 << 12;

impl<'g> RemotenessSearch<'g> {
    /// Prepares the search below `position`, refusing what brute force
    /// would refuse: too many unmarked edges, or an estimated memo past the
    /// control's budget.
    pub fn new(position: Position<'g>, control: &Control) -> Result<Self, SolveError> {
        if let Some(v) = position.violation() {
            return Err(SolveError::NotAState(v));
        }
        let unmarked_edges = position.unmarked();
        if unmarked_edges > MAX_UNMARKED {
            return Err(SolveError::TooLarge { engine: Engine::Brute, unmarked_edges, limit: MAX_UNMARKED });
        }
        // Brute force's estimate is for 9-byte entries; these are larger.
        let needed = estimated_bytes(position).saturating_mul(ENTRY_BYTES / 9);
        let budget = control.budget.get();
        if needed > budget {
            return Err(SolveError::MemoryBudget { engine: Engine::Brute, needed, budget });
        }
        control.cancel.check()?;
        Ok(RemotenessSearch { position, memo: HashMap::new(), control: control.clone(), pending: 0 })
    }

    /// The remoteness of a state below the position (one that contains its state).
    pub fn of(&mut self, d: &Decoration) -> Result<Remoteness, SolveError> {
        if let Some(&r) = self.memo.get(d) {
            return Ok(r);
        }
        let here = self.position.with_state(d);
        let misere = here.play == Play::Misere;
        let terminal = Remoteness { first_player_wins: misere, moves: u32::from(misere) };
        match here.standing() {
            Standing::Completed(_) => return Ok(terminal),
            Standing::Completable(_) => return Ok(Remoteness { first_player_wins: true, moves: 1 }),
            Standing::Open => {}
        }
        let moves = here.reduced_moves();
        let mut wins: Option<u32> = None;
        let mut longest: u32 = 0;
        for &a in &moves {
            let next = follower(&here, a);
            let r = stacker::maybe_grow(64 << 10, 4 << 20, || self.of(&next))?;
            if !r.first_player_wins {
                wins = Some(wins.map_or(r.moves, |w| w.min(r.moves)));
            }
            longest = longest.max(r.moves);
        }
        let r = match wins {
            Some(w) => Remoteness { first_player_wins: true, moves: w + 1 },
            None if !moves.is_empty() => Remoteness { first_player_wins: false, moves: longest + 1 },
            None => terminal,
        };
        self.memo.insert(d.clone(), r);
        self.pending += 1;
        if self.pending >= CHECKPOINT_EVERY {
            let done = std::mem::take(&mut self.pending);
            self.control.checkpoint(done)?;
            let used = self.memo.len() as u64 * ENTRY_BYTES;
            if used > self.control.budget.get() {
                return Err(SolveError::OutOfBudget {
                    engine: Engine::Brute,
                    entries: self.memo.len() as u64,
                    budget: self.control.budget.get(),
                });
            }
        }
        Ok(r)
    }

    /// The remoteness of the position itself.
    pub fn start(&mut self) -> Result<Remoteness, SolveError> {
        let d = self.position.state.clone();
        self.of(&d)
    }

    /// For each move the value counts ([`Position::reduced_moves`]), the
    /// remoteness of its follower.
    pub fn followers(&mut self) -> Result<Vec<(Arrow, Remoteness)>, SolveError> {
        let here = self.position;
        if here.standing() != Standing::Open {
            return Ok(Vec::new());
        }
        here.reduced_moves().into_iter().map(|a| Ok((a, self.of(&follower(&here, a))?))).collect()
    }

    /// Number of states whose remoteness is stored.
    pub fn explored(&self) -> usize {
        self.memo.len()
    }
}

/// The state after the legal move `a`.
fn follower(p: &Position<'_>, a: Arrow) -> Decoration {
    let e = p.graph.edge_between(a.tail, a.head).expect("a move lies on an edge");
    let mut d = p.state.clone();
    d.mark(e, p.graph.ends(e).0 == a.tail);
    d
}
