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

use crate::analysis::Engine;
use crate::error::SolveError;
use crate::size::{estimated_states, saturate};
use arrows_core::{Arrow, Decoration, EdgeId, Graph, Position, arrow_on};
use arrows_work::Control;
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

    /// The moves from the starting state whose follower has Grundy value 0.
    pub fn winning_moves(&mut self) -> Result<Vec<Arrow>, SolveError> {
        let mut out = Vec::new();
        let first: Vec<(usize, bool)> = self.moves(0, 0).collect();
        for (i, fwd) in first {
            let (m, f) = (1 << i, if fwd { 1 << i } else { 0 });
            if self.solve(m, f)? & GRUNDY_BITS == 0 {
                out.push(arrow_on(self.graph, self.free[i], fwd));
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

    /// The legal moves from `(m, f)` as (compact edge, forward).
    fn moves(&self, m: u32, f: u32) -> impl Iterator<Item = (usize, bool)> + '_ {
        (0..self.free.len())
            .filter(move |&i| m >> i & 1 == 0)
            .flat_map(|i| [(i, true), (i, false)])
            .filter(move |&(i, fwd)| self.legal(m, f, i, fwd))
    }

    /// The value byte of `(m, f)`: Grundy value and terminal parities, from
    /// the memo or by recursion over the legal moves.
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
        let mut children = [(0u64, 0u64, 0u8); 2 * MAX_UNMARKED];
        let mut count = 0;
        for i in 0..self.free.len() {
            if m >> i & 1 == 1 {
                continue;
            }
            for fwd in [true, false] {
                if self.legal(m, f, i, fwd) {
                    let child = (m | 1 << i) as u64 | ((if fwd { f | 1 << i } else { f }) as u64) << MAX_UNMARKED;
                    children[count] = (child, mix(child), 0);
                    count += 1;
                }
            }
        }
        for c in &mut children[..count] {
            if let Some(&word) = self.memo.find(c.1, |&w| w & KEY_MASK == c.0) {
                c.2 = (word >> KEY_BITS) as u8;
            }
        }
        let mut seen = 0u64;
        let mut parities = 0u8;
        for c in &mut children[..count] {
            // A stored value always has a parity bit set, so 0 means unknown.
            if c.2 == 0 {
                let mask = (1u64 << MAX_UNMARKED) - 1;
                c.2 = self.solve((c.0 & mask) as u32, (c.0 >> MAX_UNMARKED) as u32)?;
            } else {
                self.hits += 1;
            }
            let child = c.2;
            seen |= 1 << (child & GRUNDY_BITS);
            // One more move: the child's even distances become odd and back.
            parities |= (child & EVEN) << 1 | (child & ODD) >> 1;
        }
        let grundy = (!seen).trailing_zeros() as u8;
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
mod tests {
    use super::*;
    use arrows_core::Variant;
    use arrows_core::families::path;
    use arrows_work::Budget;

    fn control() -> Control {
        Control::new(Budget::bytes(1 << 30))
    }

    /// The Grundy value straight from Definition 4.1, over the core's own
    /// follower rule: an independent second computation.
    fn naive(g: &Graph, v: Variant, d: &Decoration) -> u32 {
        let vals: Vec<u32> = v.followers(g, d).iter().map(|f| naive(g, v, f)).collect();
        (0..).find(|x| !vals.contains(x)).unwrap()
    }

    #[test]
    fn agrees_with_the_definition_on_small_graphs() {
        let graphs = [
            path(4).unwrap(),
            arrows_core::families::spider(&[2, 2, 1]).unwrap(),
            arrows_core::families::cycle(4).unwrap(),
            Graph::from_edges(&[(0, 1), (1, 2), (2, 0), (2, 3), (3, 4)]).unwrap(),
        ];
        for g in &graphs {
            for v in [Variant::Trimmed, Variant::Untrimmed] {
                let empty = Decoration::empty(g.edge_count());
                let mut b = BruteForce::new(Position::new(g, v, &empty), &control()).unwrap();
                assert_eq!(b.start_grundy().unwrap(), naive(g, v, &empty), "{g:?} {v}");
                for f in v.followers(g, &empty) {
                    assert_eq!(b.grundy(&f).unwrap(), naive(g, v, &f), "{g:?} {v} {f:?}");
                }
            }
        }
    }

    #[test]
    fn starts_from_a_marked_state() {
        let g = path(5).unwrap();
        let d = Decoration::parse(&g, "1>2").unwrap();
        let mut b = BruteForce::new(Position::trimmed(&g, &d), &control()).unwrap();
        assert_eq!(b.start_grundy().unwrap(), naive(&g, Variant::Trimmed, &d));
    }

    #[test]
    fn refuses_what_it_cannot_hold() {
        let g = path(30).unwrap();
        let e = Decoration::empty(30);
        let err = BruteForce::new(Position::trimmed(&g, &e), &control()).err().unwrap();
        assert_eq!(err, SolveError::TooLarge { engine: Engine::Brute, unmarked_edges: 30, limit: MAX_UNMARKED });
        // Refused up front: the estimate of 20 edges' states is past 1 MiB.
        let g = path(20).unwrap();
        let empty = Decoration::empty(20);
        let small = Control::new(Budget::bytes(1 << 20));
        let err = BruteForce::new(Position::trimmed(&g, &empty), &small).err().unwrap();
        assert!(matches!(err, SolveError::MemoryBudget { engine: Engine::Brute, budget, .. } if budget == 1 << 20));
        // Stopped while growing, when the estimate let it start.
        let free: Vec<EdgeId> = empty.unmarked_edges().collect();
        let mut b = BruteForce::prepare(Position::trimmed(&g, &empty), free, &Control::new(Budget::bytes(4096)));
        assert!(matches!(b.start_grundy(), Err(SolveError::OutOfBudget { engine: Engine::Brute, .. })));
        let bad = Decoration::parse(&g, "0>1,2>1").unwrap();
        assert!(matches!(BruteForce::new(Position::trimmed(&g, &bad), &control()), Err(SolveError::NotAState(_))));
    }

    #[test]
    fn terminal_parities_of_a_flow() {
        // F_1 on the path 0..3 with 0>1 and 2>3: its one unmarked edge can be
        // marked 1>2 only, so every terminal descendant is one move away.
        let g = path(3).unwrap();
        let d = Decoration::parse(&g, "0>1,2>3").unwrap();
        let mut b = BruteForce::new(Position::trimmed(&g, &d), &control()).unwrap();
        assert_eq!(b.parities(&d).unwrap().moves_parity(), Some(1));
        assert_eq!(b.parities(&d).unwrap().moves_parity(), Some(naive(&g, Variant::Trimmed, &d)));
    }
}
