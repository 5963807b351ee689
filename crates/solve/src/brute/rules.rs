//! The moves of the brute-force engine, as mask arithmetic on the compact
//! edges.
//!
//! A descendant of the starting state is `(m, f)`: `m` marks compact edges,
//! `f` makes a marked one forward (from its `s` end to its `t` end). It is
//! also a number `idx` in base 3, digit `i` being 0 (edge `i` unmarked), 1
//! (forward) or 2 (backward), so that a move on edge `i` adds `3^i` or
//! `2 · 3^i` to it: the direct memo's index.
//!
//! A move is illegal only when it marks the last unmarked edge of a
//! constrained vertex the wrong way: away from a vertex with no in-arrow
//! (which would become a source), or into one with no out-arrow (a sink).
//! So the legal moves of a state are every unmarked edge in both
//! directions, less two masks computed from the constrained vertices with
//! exactly one unmarked edge left ([`Rules::forbidden`]).

use super::MAX_UNMARKED;
use super::cells::CompactCells;
use arrows_core::{Decoration, EdgeId, Graph, Play, Position};
use smallvec::SmallVec;

/// A constrained vertex that has unmarked edges, in compact masks.
#[derive(Debug, Clone, Copy)]
struct Watch {
    /// Compact edges of which it is the `s` end.
    low: u32,
    /// Compact edges of which it is the `t` end.
    high: u32,
    /// All ones when the starting state gives it an in-arrow, else 0.
    fixed_in: u32,
    /// All ones when the starting state gives it an out-arrow, else 0.
    fixed_out: u32,
}

/// A follower of a state as the recursion lists it: the move and the
/// follower's index (its masks are the parent's with the move's edge added,
/// [`Child::masks`]).
#[derive(Debug, Clone, Copy, Default)]
pub(super) struct Child {
    /// Its base-3 index.
    pub idx: u64,
    /// Its value byte when known (never 0 once known), else 0.
    pub value: u8,
    /// The compact edge of the move.
    pub edge: u8,
    /// The move's arrow is forward.
    pub forward: bool,
}

impl Child {
    /// The follower's masks `(m, f)`, from its parent's.
    #[inline]
    pub fn masks(self, m: u32, f: u32) -> (u32, u32) {
        let bit = 1u32 << self.edge;
        (m | bit, if self.forward { f | bit } else { f })
    }
}

/// The followers of a state: on the stack, never zeroed.
pub(super) type Children = SmallVec<[Child; MAX_CHILDREN]>;

/// The most followers a state has: two per unmarked edge.
pub(super) const MAX_CHILDREN: usize = 2 * MAX_UNMARKED;

/// Everything the recursion reads and never writes: shared by the workers.
#[derive(Debug)]
pub(super) struct Rules {
    /// Number of compact edges.
    pub k: usize,
    /// `3^i` for `i` in `0..=k`.
    pub pow3: [u64; MAX_UNMARKED + 1],
    /// The constrained vertices with unmarked edges.
    watch: Vec<Watch>,
    /// The live cells, when they take part (Game of Cycles); else empty.
    pub cells: CompactCells,
    /// The play convention.
    pub play: Play,
    /// The starting state completes a cell: it is terminal.
    pub over: bool,
}

impl Rules {
    /// The rules of the descendants of `position`, whose unmarked edges are
    /// `free` (compact edge `i` is `free[i]`).
    pub fn new(position: Position<'_>, free: &[EdgeId]) -> Rules {
        let (graph, variant, start): (&Graph, _, &Decoration) = (position.graph, position.variant, position.state);
        let n = graph.vertex_count();
        let (mut low, mut high) = (vec![0u32; n], vec![0u32; n]);
        for (i, &e) in free.iter().enumerate() {
            let (s, t) = graph.ends(e);
            low[s] |= 1 << i;
            high[t] |= 1 << i;
        }
        let (mut fixed_in, mut fixed_out) = (vec![false; n], vec![false; n]);
        for a in start.arrows(graph) {
            fixed_out[a.tail] = true;
            fixed_in[a.head] = true;
        }
        let watch = (0..n)
            .filter(|&v| (low[v] | high[v]) != 0 && variant.is_constrained(graph, v))
            .map(|v| Watch {
                low: low[v],
                high: high[v],
                fixed_in: if fixed_in[v] { u32::MAX } else { 0 },
                fixed_out: if fixed_out[v] { u32::MAX } else { 0 },
            })
            .collect();
        let mut pow3 = [1u64; MAX_UNMARKED + 1];
        for i in 1..=MAX_UNMARKED {
            pow3[i] = pow3[i - 1] * 3;
        }
        Rules {
            k: free.len(),
            pow3,
            watch,
            cells: CompactCells::new(graph, start, free, position.plays_cells()),
            play: position.play,
            over: position.completed_cell().is_some(),
        }
    }

    /// The base-3 index of `(m, f)`.
    pub fn index(&self, m: u32, f: u32) -> u64 {
        (0..self.k).filter(|&i| m >> i & 1 == 1).map(|i| self.pow3[i] * if f >> i & 1 == 1 { 1 } else { 2 }).sum()
    }

    /// The masks `(m, f)` of a base-3 index.
    pub fn masks(&self, mut idx: u64) -> (u32, u32) {
        let (mut m, mut f) = (0u32, 0u32);
        for i in 0..self.k {
            match idx % 3 {
                1 => {
                    m |= 1 << i;
                    f |= 1 << i;
                }
                2 => m |= 1 << i,
                _ => {}
            }
            idx /= 3;
        }
        (m, f)
    }

    /// The compact edges on which a forward / a backward arrow is illegal
    /// in `(m, f)`: the last unmarked edge of a constrained vertex may not
    /// point away from it when it has no in-arrow, nor into it when it has
    /// no out-arrow.
    #[inline]
    fn forbidden(&self, m: u32, f: u32) -> (u32, u32) {
        // Without branches: a vertex with no unmarked edge, or with more
        // than one, contributes nothing (`last` is 0), so the loop costs
        // the same on every vertex and mispredicts nothing.
        let (mut no_fwd, mut no_bwd) = (0u32, 0u32);
        for w in &self.watch {
            let open = (w.low | w.high) & !m;
            let last = if open & open.wrapping_sub(1) == 0 { open } else { 0 };
            // All ones when the vertex has no in-arrow / no out-arrow.
            let no_in = !(w.fixed_in | ((m & ((!f & w.low) | (f & w.high)) != 0) as u32).wrapping_neg());
            let no_out = !(w.fixed_out | ((m & ((f & w.low) | (!f & w.high)) != 0) as u32).wrapping_neg());
            // On an edge whose `s` end is the vertex, forward points away
            // from it: banned without an in-arrow; backward points into it:
            // banned without an out-arrow. The other way round at a `t` end.
            let (low, high) = (last & w.low, last & w.high);
            no_fwd |= (low & no_in) | (high & no_out);
            no_bwd |= (high & no_in) | (low & no_out);
        }
        (no_fwd, no_bwd)
    }

    /// The followers of `(m, f)` (index `idx`) into `out`, highest edge
    /// first (forward arrow first on each). A follower that completes a
    /// cell carries its value (terminal); under normal play in the Game of
    /// Cycles, a move that leaves a completable cell is left out (the
    /// reduced game).
    #[inline]
    pub fn children(&self, m: u32, f: u32, idx: u64, out: &mut Children) {
        if self.over {
            return;
        }
        let (no_fwd, no_bwd) = self.forbidden(m, f);
        // k <= MAX_UNMARKED < 32, so the shift cannot overflow.
        let mut open = ((1u32 << self.k) - 1) & !m;
        while open != 0 {
            // Highest edge first: deep in the recursion the edges left
            // unmarked are then the low ones, whose followers' indices
            // differ in low base-3 digits and share cache lines and pages.
            let i = 31 - open.leading_zeros() as usize;
            let bit = 1u32 << i;
            open &= !bit;
            for (forward, digit, banned) in [(true, 1, no_fwd), (false, 2, no_bwd)] {
                if banned & bit != 0 {
                    continue;
                }
                let mut value = 0;
                if !self.cells.is_empty() {
                    let (cm, cf) = (m | bit, if forward { f | bit } else { f });
                    let (wm, wf) = (cm as u64, cf as u64);
                    if self.cells.through(i).any(|c| c.is_completed(wm, wf)) {
                        value = self.play.terminal_value() as u8 | super::EVEN;
                    } else if self.play == Play::Normal && self.cells.through(i).any(|c| c.is_completable(wm, wf)) {
                        continue;
                    }
                }
                out.push(Child { idx: idx + self.pow3[i] * digit, value, edge: i as u8, forward });
            }
        }
    }
}
