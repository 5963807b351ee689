//! The recursion of the brute-force engine, over either memo layout.

use super::memo::Memo;
use super::rules::{Children, Rules};
use super::{EVEN, GRUNDY_BITS, ODD};
use crate::error::SolveError;
use arrows_work::Control;

/// States solved between two checkpoints of the control.
const CHECKPOINT_EVERY: u64 = 1 << 14;

/// One worker's search: the shared rules, its view of the memo, its counts.
pub(super) struct Search<'a, M> {
    rules: &'a Rules,
    memo: M,
    control: &'a Control,
    /// Look-ups answered from the memo.
    pub hits: u64,
    /// States this worker stored.
    pub stored: u64,
    /// States stored since the last checkpoint.
    pending: u64,
}

impl<'a, M: Memo> Search<'a, M> {
    /// A search over `memo` under `control`.
    pub fn new(rules: &'a Rules, memo: M, control: &'a Control) -> Self {
        Search { rules, memo, control, hits: 0, stored: 0, pending: 0 }
    }

    /// The value byte of `(m, f)` (index `idx`): Grundy value and terminal
    /// parities, from the memo or by recursion over the followers.
    pub fn value(&mut self, m: u32, f: u32, idx: u64) -> Result<u8, SolveError> {
        match self.memo.get(m, f, idx) {
            0 => self.compute(m, f, idx),
            v => {
                self.hits += 1;
                Ok(v)
            }
        }
    }

    /// Reports the progress not reported yet; returns `(hits, stored)`.
    pub fn finish(self) -> (u64, u64) {
        if self.pending > 0 {
            self.control.progress.advance(self.pending);
        }
        (self.hits, self.stored)
    }

    /// The value byte of a state not found in the memo.
    fn compute(&mut self, m: u32, f: u32, idx: u64) -> Result<u8, SolveError> {
        // First look every follower up, so that the cache misses of these
        // independent loads overlap; then recurse on the ones not known.
        let mut children = Children::new();
        self.rules.children(m, f, idx, &mut children);
        for c in &mut children {
            if c.value == 0 {
                let (cm, cf) = c.masks(m, f);
                c.value = self.memo.get(cm, cf, c.idx);
                self.hits += (c.value != 0) as u64;
            }
        }
        let (mut seen, mut parities) = (0u64, 0u8);
        for c in &mut children {
            // A value always has a parity bit set, so 0 means unknown.
            if c.value == 0 {
                let (cm, cf) = c.masks(m, f);
                c.value = self.compute(cm, cf, c.idx)?;
            }
            let child = c.value;
            seen |= 1 << (child & GRUNDY_BITS);
            // One more move: the child's even distances become odd and back.
            parities |= (child & EVEN) << 1 | (child & ODD) >> 1;
        }
        let grundy =
            if children.is_empty() { self.rules.play.terminal_value() as u8 } else { (!seen).trailing_zeros() as u8 };
        let parities = if parities == 0 { EVEN } else { parities };
        let value = grundy | parities;
        if self.memo.put(m, f, idx, value)? {
            self.stored += 1;
            self.pending += 1;
            if self.pending >= CHECKPOINT_EVERY {
                self.control.checkpoint(std::mem::take(&mut self.pending))?;
            }
        }
        Ok(value)
    }
}
