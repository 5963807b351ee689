//! The brute-force engine: every descendant of a state as a pair of bitmasks.
//!
//! Only the edges left unmarked by the starting state can change, so they are
//! renumbered `0..k` (`k <= MAX_UNMARKED`) and a descendant is the pair
//! `(m, f)` of `k`-bit masks: `m` marks the edges, `f` makes an arrow forward.
//! The arrows of the starting state enter only as two flags per vertex (it
//! already has an in-arrow, an out-arrow).
//!
//! The memo is a `hashbrown` table of single `u64` words: the key `m | f << 28`
//! in the low 56 bits and the stored value in the high 8. Before any work
//! the number of states is estimated ([`crate::size`]) and a game whose
//! table would not fit the budget is refused with
//! [`SolveError::MemoryBudget`]; the table's allocation is checked against
//! the budget before every growth too, so the engine stops with
//! [`SolveError::OutOfBudget`] instead of exhausting memory. Progress is
//! reported in states solved, and the control's cancel token stops it.
//!
//! Invariant: every `(m, f)` reached is a state (legality is checked on each
//! added arrow), so values are Grundy values of states.
//!
//! # The three rule sets and the two plays
//!
//! The rule set enters only as which vertices are constrained, and, in the
//! Game of Cycles on a graph with cells, as the cells ([`cells`]): a move
//! whose edge completes a cell leads to a terminal position, stored
//! nowhere (its value is the play's terminal value). Under normal play a
//! move that leaves a completable cell is not followed at all: the value is
//! that of the reduced game of [`arrows_core::play`], and every state the
//! recursion reaches from a start without a completable cell has none
//! either, so only the (at most two) cells through the move's edge need a
//! look. Under misère play every legal move is followed and a terminal
//! position has value 1 (no move, or a completed cell).
//!
//! The recursion is one function, [`BruteForce::solve`]: list the
//! followers (legal moves, then the cell rules), probe the memo for all of
//! them, recurse on the unknown ones, store the mex. Trees and graphs
//! without cells skip the cell rules with one test of an empty list.
//!
//! A start *with* a completable cell (under normal play) has no Grundy
//! value ([`arrows_core::Standing::Completable`]); the engine then counts
//! the completing moves as moves to a terminal position of value 0, so its
//! value is not 0 (the player to move wins), and the values of the start's
//! descendants are not Grundy values of the reduced game. Front doors ask
//! [`Position::standing`] first ([`crate::Analyzer`] does).

mod cells;

use crate::analysis::Engine;
use crate::error::SolveError;
use crate::size::{estimated_states, saturate};
use arrows_core::{Arrow, Decoration, EdgeId, Graph, Play, Position, arrow_on};
use arrows_work::Control;
use cells::CompactCells;
use hashbrown::HashTable;

/// The largest number of unmarked edges the brute-force engine takes.
pub const MAX_UNMARKED: usize = 28;
const KEY_BITS: u32 = 56;
const KEY_MASK: u64 = (1 << KEY_BITS) - 1;

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

/// The brute-force engine for the descendants of one starting state.
pub struct BruteForce<'g> {
    graph: &'g Graph,
    start: Decoration,
    /// Graph edge of each compact edge.
    free: Vec<EdgeId>,
    /// `(s, t)` of each compact edge.
    ends: Vec<(u32, u32)>,
    /// Per vertex: compact edges where it is the `s` end / the `t` end.
    low: Vec<u32>,
    high: Vec<u32>,
    /// Per vertex: the starting state gives it an in-arrow / an out-arrow.
    fixed_in: Vec<bool>,
    fixed_out: Vec<bool>,
    constrained: Vec<bool>,
    /// The live cells, when they take part (Game of Cycles); else empty.
    cells: CompactCells,
    /// The play convention.
    play: Play,
    /// The starting state completes a cell: it is terminal.
    over: bool,
    memo: HashTable<u64>,
    hits: u64,
    control: Control,
    /// States solved since the last checkpoint.
    pending: u64,
}

/// States solved between two checkpoints of the control.
const CHECKPOINT_EVERY: u64 = 1 << 14;

/// The memo bytes the brute-force engine would need for a position: its
/// estimated number of states, in a table that doubles as it grows (the
/// old table is held while the new one fills).
pub fn estimated_bytes(position: Position<'_>) -> u64 {
    let states = estimated_states(position);
    let slots = (states * 8.0 / 7.0).max(16.0);
    let capacity = 2f64.powf(slots.log2().ceil());
    saturate(capacity * 1.5 * 9.0)
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
        let (needed, budget) = (estimated_bytes(position), control.budget.get());
        if needed > budget {
            return Err(SolveError::MemoryBudget { engine: Engine::Brute, needed, budget });
        }
        control.cancel.check()?;
        Ok(BruteForce::prepare(position, free, control))
    }

    /// The engine's tables for a state already checked.
    fn prepare(position: Position<'g>, free: Vec<EdgeId>, control: &Control) -> Self {
        let (graph, variant, start) = (position.graph, position.variant, position.state);
        let cells = CompactCells::new(graph, start, &free, position.plays_cells());
        let n = graph.vertex_count();
        let (mut low, mut high) = (vec![0u32; n], vec![0u32; n]);
        let ends = free
            .iter()
            .enumerate()
            .map(|(i, &e)| {
                let (s, t) = graph.ends(e);
                low[s] |= 1 << i;
                high[t] |= 1 << i;
                (s as u32, t as u32)
            })
            .collect();
        let (mut fixed_in, mut fixed_out) = (vec![false; n], vec![false; n]);
        for a in start.arrows(graph) {
            fixed_out[a.tail] = true;
            fixed_in[a.head] = true;
        }
        BruteForce {
            graph,
            start: start.clone(),
            free,
            ends,
            low,
            high,
            fixed_in,
            fixed_out,
            constrained: (0..n).map(|v| variant.is_constrained(graph, v)).collect(),
            cells,
            play: position.play,
            over: position.completed_cell().is_some(),
            memo: HashTable::new(),
            hits: 0,
            control: control.clone(),
            pending: 0,
        }
    }

    /// Number of distinct states whose values are stored.
    pub fn explored(&self) -> usize {
        self.memo.len()
    }

    /// Number of look-ups answered from the memo.
    pub fn memo_hits(&self) -> u64 {
        self.hits
    }

    /// The Grundy value of the starting state.
    pub fn start_grundy(&mut self) -> Result<u32, SolveError> {
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
        let mut children = [Child::default(); 2 * MAX_UNMARKED];
        let count = self.children(0, 0, &mut children);
        let mut out = Vec::new();
        for c in &children[..count] {
            let value = if c.value != 0 { c.value } else { self.solve(c.m(), c.f())? };
            if value & GRUNDY_BITS == 0 {
                out.push(arrow_on(self.graph, self.free[c.edge as usize], c.forward));
            }
        }
        Ok(out)
    }

    /// Calls `each` with every state whose Grundy value is stored, and that
    /// value: after [`BruteForce::start_grundy`], every descendant of the
    /// starting state (the starting state included).
    pub fn for_each_solved(&self, mut each: impl FnMut(&Decoration, u32)) {
        for &word in &self.memo {
            let key = word & KEY_MASK;
            let (m, f) = (key & ((1 << MAX_UNMARKED) - 1), key >> MAX_UNMARKED);
            let mut d = self.start.clone();
            for (i, &e) in self.free.iter().enumerate() {
                if m >> i & 1 == 1 {
                    d.mark(e, f >> i & 1 == 1);
                }
            }
            each(&d, ((word >> KEY_BITS) as u8 & GRUNDY_BITS) as u32);
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

    fn has_in(&self, v: usize, m: u32, f: u32) -> bool {
        self.fixed_in[v] || m & ((!f & self.low[v]) | (f & self.high[v])) != 0
    }

    fn has_out(&self, v: usize, m: u32, f: u32) -> bool {
        self.fixed_out[v] || m & ((f & self.low[v]) | (!f & self.high[v])) != 0
    }

    /// `true` when adding compact edge `i` (forward or not) to `(m, f)` keeps a state.
    fn legal(&self, m: u32, f: u32, i: usize, fwd: bool) -> bool {
        let (s, t) = self.ends[i];
        let (tail, head) = if fwd { (s as usize, t as usize) } else { (t as usize, s as usize) };
        let bit = 1u32 << i;
        let last = |v: usize| (self.low[v] | self.high[v]) & !m == bit;
        let tail_becomes_source = self.constrained[tail] && last(tail) && !self.has_in(tail, m, f);
        let head_becomes_sink = self.constrained[head] && last(head) && !self.has_out(head, m, f);
        !tail_becomes_source && !head_becomes_sink
    }

    /// The followers of `(m, f)` into `out`, in edge order (forward arrow
    /// first); returns how many. A follower that completes a cell carries
    /// its value (terminal); under normal play in the Game of Cycles, a move
    /// that leaves a completable cell is left out (the reduced game).
    fn children(&self, m: u32, f: u32, out: &mut [Child; 2 * MAX_UNMARKED]) -> usize {
        if self.over {
            return 0;
        }
        let mut count = 0;
        for i in 0..self.free.len() {
            if m >> i & 1 == 1 {
                continue;
            }
            for forward in [true, false] {
                if !self.legal(m, f, i, forward) {
                    continue;
                }
                let (cm, cf) = (m | 1 << i, if forward { f | 1 << i } else { f });
                let mut value = 0;
                if !self.cells.is_empty() {
                    let (wm, wf) = (cm as u64, cf as u64);
                    if self.cells.through(i).any(|c| c.is_completed(wm, wf)) {
                        value = self.play.terminal_value() as u8 | EVEN;
                    } else if self.play == Play::Normal && self.cells.through(i).any(|c| c.is_completable(wm, wf)) {
                        continue;
                    }
                }
                let key = cm as u64 | (cf as u64) << MAX_UNMARKED;
                out[count] = Child { key, hash: mix(key), value, edge: i as u8, forward };
                count += 1;
            }
        }
        count
    }

    /// The value byte of `(m, f)`: Grundy value and terminal parities, from
    /// the memo or by recursion over the followers.
    fn solve(&mut self, m: u32, f: u32) -> Result<u8, SolveError> {
        let key = m as u64 | (f as u64) << MAX_UNMARKED;
        let hash = mix(key);
        if let Some(&word) = self.memo.find(hash, |&w| w & KEY_MASK == key) {
            self.hits += 1;
            return Ok((word >> KEY_BITS) as u8);
        }
        // First probe the memo for every follower, so that the cache misses
        // of these independent look-ups overlap; then recurse on the ones
        // not yet known.
        let mut children = [Child::default(); 2 * MAX_UNMARKED];
        let count = self.children(m, f, &mut children);
        for c in &mut children[..count] {
            if c.value != 0 {
                continue;
            }
            if let Some(&word) = self.memo.find(c.hash, |&w| w & KEY_MASK == c.key) {
                c.value = (word >> KEY_BITS) as u8;
                self.hits += 1;
            }
        }
        let mut seen = 0u64;
        let mut parities = 0u8;
        for c in &mut children[..count] {
            // A value always has a parity bit set, so 0 means unknown.
            if c.value == 0 {
                c.value = self.solve(c.m(), c.f())?;
            }
            let child = c.value;
            seen |= 1 << (child & GRUNDY_BITS);
            // One more move: the child's even distances become odd and back.
            parities |= (child & EVEN) << 1 | (child & ODD) >> 1;
        }
        let grundy = if count == 0 { self.play.terminal_value() as u8 } else { (!seen).trailing_zeros() as u8 };
        let parities = if parities == 0 { EVEN } else { parities };
        let value = grundy | parities;
        self.store(hash, key | (value as u64) << KEY_BITS)?;
        Ok(value)
    }

    fn store(&mut self, hash: u64, word: u64) -> Result<(), SolveError> {
        if self.memo.len() == self.memo.capacity() {
            // The next insert doubles the table while the old one is still held.
            let held = table_bytes(self.memo.capacity());
            let grown = table_bytes((self.memo.capacity() * 2).max(16));
            let budget = self.control.budget.get();
            if held + grown > budget {
                return Err(SolveError::OutOfBudget { engine: Engine::Brute, entries: self.memo.len() as u64, budget });
            }
        }
        self.memo.insert_unique(hash, word, |&w| mix(w & KEY_MASK));
        self.pending += 1;
        if self.pending >= CHECKPOINT_EVERY {
            self.control.checkpoint(std::mem::take(&mut self.pending))?;
        }
        Ok(())
    }
}

/// A follower as the recursion lists it.
#[derive(Debug, Clone, Copy, Default)]
struct Child {
    /// The memo key `m | f << MAX_UNMARKED`.
    key: u64,
    /// Its hash.
    hash: u64,
    /// Its value byte when known (never 0 once known), else 0.
    value: u8,
    /// The compact edge of the move.
    edge: u8,
    /// The move's arrow is forward.
    forward: bool,
}

impl Child {
    fn m(&self) -> u32 {
        (self.key & ((1 << MAX_UNMARKED) - 1)) as u32
    }

    fn f(&self) -> u32 {
        (self.key >> MAX_UNMARKED) as u32
    }
}

/// Bytes held by a table of `capacity` entries: 8 per slot and one control
/// byte, with hashbrown's load factor of 7/8.
fn table_bytes(capacity: usize) -> u64 {
    (capacity as u64 * 9 * 8).div_ceil(7)
}

/// The splitmix64 finalizer: every key bit reaches the high and low bits
/// that hashbrown uses for control bytes and bucket index.
fn mix(mut x: u64) -> u64 {
    x ^= x >> 30;
    x = x.wrapping_mul(0xbf58_476d_1ce4_e5b9);
    x ^= x >> 27;
    x = x.wrapping_mul(0x94d0_49bb_1331_11eb);
    x ^ (x >> 31)
}

#[cfg(test)]
mod tests;
