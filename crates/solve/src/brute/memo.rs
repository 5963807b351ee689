//! The brute-force engine's two memo layouts.
//!
//! * [`Direct`]: one byte per base-3 index, `3^k` bytes, shared by the
//!   workers. A follower's slot is its parent's index plus `3^i` or
//!   `2 · 3^i`: no hashing, no probing, and the look-ups of a state's
//!   followers are independent loads the processor overlaps. Used when
//!   `3^k` bytes fit the budget and are not far above what a hash table
//!   would take (see `prefers_direct`).
//! * [`Hashed`]: a `hashbrown` table of single `u64` words, the key
//!   `m | f << 28` in the low 56 bits and the value byte in the high 8,
//!   checked against the budget before every growth. For games whose
//!   reachable states are a small part of the `3^k` decorations.
//!
//! Invariant of both: a stored value byte is never 0 (it always has a
//! terminal-parity bit), so 0 means "not solved yet". A slot is written at
//! most once with a value (the first writer wins; any other writer had
//! computed the same value, since values are a function of the state).

use super::{MAX_UNMARKED, ODD};
use crate::analysis::Engine;
use crate::error::SolveError;
use hashbrown::HashTable;
use std::sync::atomic::{AtomicU8, Ordering};

/// Where the recursion looks values up and stores them.
pub(super) trait Memo {
    /// The value byte of `(m, f)` (index `idx`), or 0 when not solved yet.
    fn get(&self, m: u32, f: u32, idx: u64) -> u8;
    /// Stores the value byte of `(m, f)`; `Ok(true)` when this call stored
    /// it (it was not there), `Ok(false)` when another worker had.
    fn put(&mut self, m: u32, f: u32, idx: u64, value: u8) -> Result<bool, SolveError>;
}

/// One byte per base-3 index, shared between workers.
#[derive(Debug, Clone, Copy)]
pub(super) struct Direct<'a>(pub &'a [AtomicU8]);

impl Memo for Direct<'_> {
    #[inline]
    fn get(&self, _m: u32, _f: u32, idx: u64) -> u8 {
        // Relaxed: a byte is written once, with the one value the state
        // has, so any byte read is either 0 or that value.
        self.0[idx as usize].load(Ordering::Relaxed)
    }

    #[inline]
    fn put(&mut self, _m: u32, _f: u32, idx: u64, value: u8) -> Result<bool, SolveError> {
        Ok(self.0[idx as usize].compare_exchange(0, value, Ordering::Relaxed, Ordering::Relaxed).is_ok())
    }
}

/// The bytes of a direct memo over `k` compact edges.
pub(super) fn direct_bytes(k: usize) -> u64 {
    3u64.pow(k as u32)
}

/// A direct memo of `3^k` zero bytes. The allocator hands out untouched
/// zero pages, so only the pages that hold a solved state take memory: on
/// trimmed S(6,7,7), 0.4 GiB of the 3.2 GiB (the 20 edges' base-3 indices
/// of its 75.6 million states are crowded into one part of the range).
pub(super) fn direct_table(k: usize) -> Box<[AtomicU8]> {
    (0..direct_bytes(k)).map(|_| AtomicU8::new(0)).collect()
}

const KEY_BITS: u32 = 56;
const KEY_MASK: u64 = (1 << KEY_BITS) - 1;

/// A hash table of `u64` words, growing within a budget.
#[derive(Debug)]
pub(super) struct Hashed<'a> {
    /// The table.
    pub table: &'a mut HashTable<u64>,
    /// The budget in bytes.
    pub budget: u64,
}

/// The key of `(m, f)` in a [`Hashed`] memo.
#[inline]
pub(super) fn key(m: u32, f: u32) -> u64 {
    m as u64 | (f as u64) << MAX_UNMARKED
}

/// The masks `(m, f)` and the value byte of a word of a [`Hashed`] memo.
pub(super) fn unpack(word: u64) -> (u32, u32, u8) {
    let key = word & KEY_MASK;
    ((key & ((1 << MAX_UNMARKED) - 1)) as u32, (key >> MAX_UNMARKED) as u32, (word >> KEY_BITS) as u8)
}

impl Memo for Hashed<'_> {
    #[inline]
    fn get(&self, m: u32, f: u32, _idx: u64) -> u8 {
        let key = key(m, f);
        self.table.find(mix(key), |&w| w & KEY_MASK == key).map_or(0, |&w| (w >> KEY_BITS) as u8)
    }

    fn put(&mut self, m: u32, f: u32, _idx: u64, value: u8) -> Result<bool, SolveError> {
        debug_assert!(value & (ODD | super::EVEN) != 0, "a value byte has a parity bit");
        if self.table.len() == self.table.capacity() {
            // The next insert doubles the table while the old one is still held.
            let held = table_bytes(self.table.capacity());
            let grown = table_bytes((self.table.capacity() * 2).max(16));
            if held + grown > self.budget {
                return Err(SolveError::OutOfBudget {
                    engine: Engine::Brute,
                    entries: self.table.len() as u64,
                    budget: self.budget,
                });
            }
        }
        let key = key(m, f);
        self.table.insert_unique(mix(key), key | (value as u64) << KEY_BITS, |&w| mix(w & KEY_MASK));
        Ok(true)
    }
}

/// Bytes held by a table of `capacity` entries: 8 per slot and one control
/// byte, with hashbrown's load factor of 7/8.
pub(super) fn table_bytes(capacity: usize) -> u64 {
    (capacity as u64 * 9 * 8).div_ceil(7)
}

/// The bytes a [`Hashed`] memo of `states` entries needs at its peak: a
/// table that doubles as it grows (the old table is held while the new
/// one fills).
pub(super) fn hashed_bytes(states: f64) -> f64 {
    let slots = (states * 8.0 / 7.0).max(16.0);
    let capacity = 2f64.powf(slots.log2().ceil());
    capacity * 1.5 * 9.0
}

/// The splitmix64 finalizer: every key bit reaches the high and low bits
/// that hashbrown uses for control bytes and bucket index.
#[inline]
fn mix(mut x: u64) -> u64 {
    x ^= x >> 30;
    x = x.wrapping_mul(0xbf58_476d_1ce4_e5b9);
    x ^= x >> 27;
    x = x.wrapping_mul(0x94d0_49bb_1331_11eb);
    x ^ (x >> 31)
}
