//! The brute-force engine: every descendant of a state as a pair of bitmasks.
//!
//! Only the edges left unmarked by the starting state can change, so they are
//! renumbered `0..k` (`k <= MAX_UNMARKED`) and a descendant is the pair
//! `(m, f)` of `k`-bit masks: `m` marks the edges, `f` makes an arrow forward.
//! The arrows of the starting state enter only as two flags per vertex (it
//! already has an in-arrow, an out-arrow).
//!
//! A descendant is also a base-3 number (digit `i`: edge `i` unmarked,
//! forward, backward), and the memo is one of two layouts (`memo`): one
//! byte per base-3 number (`3^k` bytes, a follower's slot found by one
//! addition) when that fits the budget and is not far above a hash
//! table's size, else a `hashbrown` table of single `u64` words. Before
//! any work the number of states is estimated ([`crate::size`]) and a game
//! whose memo would not fit the budget is refused with
//! [`SolveError::MemoryBudget`]; the hash table's allocation is checked
//! against the budget before every growth too, so the engine stops with
//! [`SolveError::OutOfBudget`] instead of exhausting memory. Progress is
//! reported in states solved, and the control's cancel token stops it.
//!
//! Legal moves are found with mask arithmetic (`rules`): every unmarked
//! edge both ways, less the moves that would make a constrained vertex with
//! one unmarked edge left a sink or a source.
//!
//! With the direct memo and a game of more than [`PARALLEL_STATES`]
//! estimated states, the starting state's followers are shared among the
//! threads of the current rayon pool, which fill the one memo together
//! (a byte is written once, by compare-and-swap; two workers that meet on a
//! state compute the same value). The values do not depend on the number
//! of threads, nor does the count of states solved; only the memo hits do.
//!
//! Invariant: every `(m, f)` reached is a state (legality is checked on each
//! added arrow), so values are Grundy values of states.
//!
//! # The three rule sets and the two plays
//!
//! The rule set enters only as which vertices are constrained, and, in the
//! Game of Cycles on a graph with cells, as the cells (`cells`): a move
//! whose edge completes a cell leads to a terminal position, stored
//! nowhere (its value is the play's terminal value). Under normal play a
//! move that leaves a completable cell is not followed at all: the value is
//! that of the reduced game of [`arrows_core::play`], and every state the
//! recursion reaches from a start without a completable cell has none
//! either, so only the (at most two) cells through the move's edge need a
//! look. Under misère play every legal move is followed and a terminal
//! position has value 1 (no move, or a completed cell).
//!
//! The recursion is one function (`search`): list the followers (legal
//! moves, then the cell rules), probe the memo for all of them, recurse on
//! the unknown ones, store the mex. Trees and graphs
//! without cells skip the cell rules with one test of an empty list.
//!
//! A start *with* a completable cell (under normal play) has no Grundy
//! value ([`arrows_core::Standing::Completable`]); the engine then counts
//! the completing moves as moves to a terminal position of value 0, so its
//! value is not 0 (the player to move wins), and the values of the start's
//! descendants are not Grundy values of the reduced game. Front doors ask
//! [`Position::standing`] first ([`crate::Analyzer`] does).

mod cells;
mod memo;
mod rules;
mod search;

use crate::analysis::Engine;
use crate::error::SolveError;
use crate::size::{estimated_states, saturate};
use arrows_core::{Arrow, Decoration, EdgeId, Graph, Position, arrow_on};
use arrows_work::Control;
use hashbrown::HashTable;
use memo::{Direct, Hashed, direct_bytes, direct_table, hashed_bytes};
use rayon::prelude::*;
use rules::{Children, Rules};
use search::Search;
use std::sync::atomic::{AtomicU8, AtomicUsize, Ordering};

/// The largest number of unmarked edges the brute-force engine takes.
pub const MAX_UNMARKED: usize = 28;

/// The estimated number of states past which the starting state's
/// followers are solved by the threads of the rayon pool together (with
/// the direct memo): below it, starting threads costs more than it saves.
pub const PARALLEL_STATES: f64 = 250_000.0;

/// The direct memo is taken when its `3^k` bytes are at most this many
/// times the hash table's estimated peak (or below [`DIRECT_ALWAYS`]).
const DIRECT_SLACK: f64 = 4.0;
/// A direct memo this small is always taken.
const DIRECT_ALWAYS: u64 = 1 << 20;

/// The parities of the numbers of moves to the terminal descendants of a state.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Parities {
    /// Some terminal descendant is an even number of moves away (the state itself when terminal).
    pub even: bool,
    /// Some terminal descendant is an odd number of moves away.
    pub odd: bool,
}

impl Parities {
    /// `Some(p)` when every terminal descendant is `p` moves away mod 2: the
    /// state is an even-moves (`p = 0`) or odd-moves (`p = 1`) state (Definition 7.1).
    pub fn moves_parity(self) -> Option<u32> {
        match (self.even, self.odd) {
            (true, false) => Some(0),
            (false, true) => Some(1),
            _ => None,
        }
    }

    /// The parities of a disjoint union: every sum of one parity from each side.
    pub fn sum(self, other: Parities) -> Parities {
        Parities {
            even: (self.even && other.even) || (self.odd && other.odd),
            odd: (self.even && other.odd) || (self.odd && other.even),
        }
    }
}

/// The memo's value byte: the Grundy value in bits 0..6 (at most
/// `MAX_UNMARKED`), and the terminal parities in bit 6 (even) and bit 7 (odd).
const GRUNDY_BITS: u8 = 0x3f;
const EVEN: u8 = 0x40;
const ODD: u8 = 0x80;

/// The memo's storage.
enum Store {
    /// One byte per base-3 index.
    Direct(Box<[AtomicU8]>),
    /// A hash table of words.
    Hashed(HashTable<u64>),
}

/// The brute-force engine for the descendants of one starting state.
pub struct BruteForce<'g> {
    graph: &'g Graph,
    start: Decoration,
    /// Graph edge of each compact edge.
    free: Vec<EdgeId>,
    /// The moves, shared by the workers.
    rules: Rules,
    /// The estimated number of states.
    estimated: f64,
    memo: Store,
    hits: u64,
    stored: u64,
    control: Control,
}

/// The two layouts' sizes for a position: `(direct, hashed)` bytes (the
/// direct size capped at `3^40`, past any budget, where `3^k` would
/// overflow; such games are refused by their edge count anyway).
fn layout_bytes(position: Position<'_>) -> (u64, u64) {
    let states = estimated_states(position);
    (direct_bytes(position.unmarked().min(40)), saturate(hashed_bytes(states)))
}

/// `true` when the direct memo is the one to take, budget permitting.
fn prefers_direct(direct: u64, hashed: u64) -> bool {
    direct <= DIRECT_ALWAYS || (direct as f64) <= hashed as f64 * DIRECT_SLACK
}

/// The memo bytes the brute-force engine would need for a position, at
/// least: the smaller of its two layouts (the direct memo of `3^k` bytes,
/// and a hash table of its estimated number of states, which doubles as it
/// grows while the old table is held).
pub fn estimated_bytes(position: Position<'_>) -> u64 {
    let (direct, hashed) = layout_bytes(position);
    direct.min(hashed)
}

impl<'g> BruteForce<'g> {
    /// Prepares the engine for the descendants of `position`, within the
    /// control's budget. Refuses a state with more than [`MAX_UNMARKED`]
    /// unmarked edges, and a game whose estimated memo is past the budget.
    pub fn new(position: Position<'g>, control: &Control) -> Result<Self, SolveError> {
        let start = position.state;
        if let Some(v) = position.violation() {
            return Err(SolveError::NotAState(v));
        }
        let free: Vec<EdgeId> = start.unmarked_edges().collect();
        if free.len() > MAX_UNMARKED {
            return Err(SolveError::TooLarge {
                engine: Engine::Brute,
                unmarked_edges: free.len(),
                limit: MAX_UNMARKED,
            });
        }
        let (direct, hashed) = layout_bytes(position);
        let budget = control.budget.get();
        if direct.min(hashed) > budget {
            return Err(SolveError::MemoryBudget { engine: Engine::Brute, needed: direct.min(hashed), budget });
        }
        control.cancel.check()?;
        let use_direct = direct <= budget && (prefers_direct(direct, hashed) || hashed > budget);
        Ok(BruteForce::prepare(position, free, control, use_direct))
    }

    /// The engine's tables for a state already checked, with the direct
    /// memo or a hash table.
    fn prepare(position: Position<'g>, free: Vec<EdgeId>, control: &Control, direct: bool) -> Self {
        let rules = Rules::new(position, &free);
        let memo = if direct { Store::Direct(direct_table(free.len())) } else { Store::Hashed(HashTable::new()) };
        BruteForce {
            graph: position.graph,
            start: position.state.clone(),
            free,
            rules,
            estimated: estimated_states(position),
            memo,
            hits: 0,
            stored: 0,
            control: control.clone(),
        }
    }

    /// Number of distinct states whose values are stored.
    pub fn explored(&self) -> usize {
        self.stored as usize
    }

    /// Number of look-ups answered from the memo.
    pub fn memo_hits(&self) -> u64 {
        self.hits
    }

    /// `true` when the memo is the direct one (a byte per base-3 index).
    #[cfg(test)]
    fn is_direct(&self) -> bool {
        matches!(self.memo, Store::Direct(_))
    }

    /// The Grundy value of the starting state.
    pub fn start_grundy(&mut self) -> Result<u32, SolveError> {
        if self.estimated >= PARALLEL_STATES && rayon::current_num_threads() > 1 {
            self.solve_followers_together()?;
        }
        Ok((self.solve(0, 0)? & GRUNDY_BITS) as u32)
    }

    /// The Grundy value of a descendant `d` of the starting state (`d` must
    /// contain the starting state and be a state).
    pub fn grundy(&mut self, d: &Decoration) -> Result<u32, SolveError> {
        let (m, f) = self.compact(d);
        Ok((self.solve(m, f)? & GRUNDY_BITS) as u32)
    }

    /// The terminal parities of a descendant `d` of the starting state.
    pub fn parities(&mut self, d: &Decoration) -> Result<Parities, SolveError> {
        let (m, f) = self.compact(d);
        let v = self.solve(m, f)?;
        Ok(Parities { even: v & EVEN != 0, odd: v & ODD != 0 })
    }

    /// The moves from the starting state whose follower has value 0, in
    /// edge order (forward arrow first); under normal play in the Game of
    /// Cycles, among the reduced moves.
    pub fn winning_moves(&mut self) -> Result<Vec<Arrow>, SolveError> {
        let mut children = Children::new();
        self.rules.children(0, 0, 0, &mut children);
        let mut winning = Vec::new();
        for c in &children {
            let (m, f) = c.masks(0, 0);
            let value = if c.value != 0 { c.value } else { self.solve(m, f)? };
            if value & GRUNDY_BITS == 0 {
                winning.push((c.edge, !c.forward));
            }
        }
        winning.sort_unstable();
        Ok(winning.into_iter().map(|(e, backward)| arrow_on(self.graph, self.free[e as usize], !backward)).collect())
    }

    /// Calls `each` with every state whose Grundy value is stored, and that
    /// value: after [`BruteForce::start_grundy`], every descendant of the
    /// starting state (the starting state included).
    pub fn for_each_solved(&self, mut each: impl FnMut(&Decoration, u32)) {
        let mut emit = |m: u32, f: u32, value: u8| {
            let mut d = self.start.clone();
            for (i, &e) in self.free.iter().enumerate() {
                if m >> i & 1 == 1 {
                    d.mark(e, f >> i & 1 == 1);
                }
            }
            each(&d, (value & GRUNDY_BITS) as u32);
        };
        match &self.memo {
            Store::Direct(table) => {
                for (idx, byte) in table.iter().enumerate() {
                    let value = byte.load(Ordering::Relaxed);
                    if value != 0 {
                        let (m, f) = self.rules.masks(idx as u64);
                        emit(m, f, value);
                    }
                }
            }
            Store::Hashed(table) => {
                for &word in table {
                    let (m, f, value) = memo::unpack(word);
                    emit(m, f, value);
                }
            }
        }
    }

    /// The compact masks of a descendant of the starting state.
    fn compact(&self, d: &Decoration) -> (u32, u32) {
        assert!(self.start.is_subset(d), "the decoration must contain the starting state");
        let (mut m, mut f) = (0u32, 0u32);
        for (i, &e) in self.free.iter().enumerate() {
            if let Some(fwd) = d.get(e) {
                m |= 1 << i;
                f |= (fwd as u32) << i;
            }
        }
        (m, f)
    }

    /// The value byte of `(m, f)`, from the memo or by recursion.
    fn solve(&mut self, m: u32, f: u32) -> Result<u8, SolveError> {
        let idx = self.rules.index(m, f);
        let (value, (hits, stored)) = match &mut self.memo {
            Store::Direct(table) => {
                let mut search = Search::new(&self.rules, Direct(table), &self.control);
                let value = search.value(m, f, idx);
                (value, search.finish())
            }
            Store::Hashed(table) => {
                let memo = Hashed { table, budget: self.control.budget.get() };
                let mut search = Search::new(&self.rules, memo, &self.control);
                let value = search.value(m, f, idx);
                (value, search.finish())
            }
        };
        self.hits += hits;
        self.stored += stored;
        value
    }

    /// Solves the starting state's followers on the threads of the current
    /// rayon pool, which take them one at a time and share the direct memo.
    /// Does nothing with a hash table.
    fn solve_followers_together(&mut self) -> Result<(), SolveError> {
        let Store::Direct(table) = &self.memo else { return Ok(()) };
        let mut children = Children::new();
        self.rules.children(0, 0, 0, &mut children);
        let next = AtomicUsize::new(0);
        let (rules, control, table) = (&self.rules, &self.control, &**table);
        let counts = (0..rayon::current_num_threads())
            .into_par_iter()
            .map(|_| {
                let mut search = Search::new(rules, Direct(table), control);
                loop {
                    let j = next.fetch_add(1, Ordering::Relaxed);
                    let Some(c) = children.get(j) else { break };
                    if c.value == 0 {
                        let (m, f) = c.masks(0, 0);
                        search.value(m, f, c.idx)?;
                    }
                }
                Ok(search.finish())
            })
            .collect::<Result<Vec<_>, SolveError>>()?;
        for (hits, stored) in counts {
            self.hits += hits;
            self.stored += stored;
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests;
