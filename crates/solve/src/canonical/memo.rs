//! The canonical engine's memo: one table of solved classes, shared by every
//! engine that works on it (the workers of a sweep, the threads of one
//! analysis), counted once against the budget, and bounded.
//!
//! # Layout
//!
//! The memo holds three stores, as the engine keys its classes: spider
//! rows ([`super::rows`], keyed by the rest of a spider), small trees by
//! their `u128` codes ([`super::treememo`]), and every other class by its
//! canonical bytes. Each store is split into [`SHARDS`] shards by the hash
//! of its key, and each shard sits behind its own read-write lock, so that
//! workers looking up or storing different classes rarely meet. A reader
//! holds a shard's lock only while it reads one entry or one row: no lock
//! is held while the engine recurses, so no thread ever waits on a lock it
//! holds itself, and rows are read through [`Memo::with_row`], whose
//! closure must not touch the memo.
//!
//! # Bounded, by generation
//!
//! Each shard keeps two generations, *young* (where new classes go) and
//! *old*. The memo counts the bytes of every entry (the figures of
//! [`super::rows::row_bytes`], [`super::treememo::entry_bytes`] and
//! `ENTRY_OVERHEAD`) in one counter. When a store takes the counter past
//! the budget, the shard it stores into *rotates*, if its young generation
//! has grown to at least half its old one since it last rotated: the old
//! generation is dropped (its classes are *evicted*) and the young one
//! becomes old. So the memo stays within the budget up to one shard's
//! growth, and what goes first is what was stored longest ago and not
//! stored again since (a row written again moves to the young generation
//! whole). A class looked up in either generation is found.
//!
//! Eviction never changes a value: every class the memo holds is exact,
//! and a class that is missing is computed again. The engine never assumes
//! that a class it stored is still there (see `recursion` and `legs`).
//!
//! # Invariants
//!
//! * A key is in at most one generation of its shard (a store into the
//!   young generation removes the key's entry from the old one; rows move
//!   whole).
//! * `bytes` is the sum over every shard and generation of the bytes
//!   counted for its entries (checked by [`Memo::validate`]).

use super::engine::ENTRY_OVERHEAD;
use super::rows::{Row, RowMemo, RowView, Slot, Stored, row_bytes};
use super::spider::{Spider, SpiderKey};
use super::treememo::{TreeMemo, entry_bytes};
use hashbrown::HashMap;
use std::hash::{BuildHasher, BuildHasherDefault, Hash, Hasher};
use std::sync::atomic::{AtomicU64, Ordering::Relaxed};
use std::sync::{RwLock, RwLockReadGuard, RwLockWriteGuard};

/// Shards of each store: enough that sixteen workers rarely wait on each
/// other, few enough that a small memo costs nothing (an empty shard holds
/// no allocation).
pub const SHARDS: usize = 64;

/// One generation of a shard: the three stores and the bytes counted for them.
#[derive(Clone)]
struct Stores<V: Stored> {
    rows: RowMemo<V>,
    general: HashMap<Box<[u8]>, V>,
    small: TreeMemo<V>,
    bytes: u64,
}

impl<V: Stored> Default for Stores<V> {
    fn default() -> Self {
        Stores { rows: RowMemo::new(), general: HashMap::new(), small: TreeMemo::default(), bytes: 0 }
    }
}

impl<V: Stored + Copy> Stores<V> {
    fn entries(&self) -> u64 {
        self.rows.entries() + self.general.len() as u64 + self.small.len() as u64
    }
}

/// A shard: its young and old generations.
#[derive(Clone)]
struct Shard<V: Stored> {
    young: Stores<V>,
    old: Stores<V>,
}

impl<V: Stored> Default for Shard<V> {
    fn default() -> Self {
        Shard { young: Stores::default(), old: Stores::default() }
    }
}

/// A lock on its own cache line, so that two shards' locks taken by two
/// threads do not slow each other down.
#[repr(align(128))]
struct Padded<T>(T);

/// What a memo holds and what it let go, for `--stats`.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct MemoFigures {
    /// Classes held (spider classes once per view, as rows hold them).
    pub entries: u64,
    /// Bytes counted for them (what the budget is checked against).
    pub bytes: u64,
    /// Classes evicted to stay within the budget, since the memo was made.
    pub evicted: u64,
    /// The rows of the spider store, and their cells in all.
    pub rows: (usize, usize),
}

/// The memo of one measure's values (see the module documentation).
pub struct Memo<V: Stored> {
    shards: Box<[Padded<RwLock<Shard<V>>>]>,
    hasher: BuildHasherDefault<ShardHasher>,
    bytes: AtomicU64,
    budget: AtomicU64,
    evicted: AtomicU64,
}

impl<V: Stored + Copy + Send + Sync> Default for Memo<V> {
    fn default() -> Self {
        Memo::new()
    }
}

impl<V: Stored + Copy + Send + Sync> Memo<V> {
    /// An empty memo without a bound (see [`Memo::set_budget`]).
    pub fn new() -> Self {
        Memo {
            shards: (0..SHARDS).map(|_| Padded(RwLock::new(Shard::default()))).collect(),
            hasher: Default::default(),
            bytes: AtomicU64::new(0),
            budget: AtomicU64::new(u64::MAX),
            evicted: AtomicU64::new(0),
        }
    }

    /// Sets the bytes past which the memo evicts.
    pub fn set_budget(&self, budget: u64) {
        self.budget.store(budget, Relaxed);
    }

    /// The bytes past which the memo evicts.
    pub fn budget(&self) -> u64 {
        self.budget.load(Relaxed)
    }

    /// Bytes counted for the classes held.
    pub fn bytes(&self) -> u64 {
        self.bytes.load(Relaxed)
    }

    /// Classes evicted so far.
    pub fn evicted(&self) -> u64 {
        self.evicted.load(Relaxed)
    }

    fn shard_of(&self, key: &(impl Hash + ?Sized)) -> usize {
        // The high bits: the stores' own tables index by the low ones.
        (self.hasher.hash_one(key) >> 58) as usize % SHARDS
    }

    fn read(&self, shard: usize) -> RwLockReadGuard<'_, Shard<V>> {
        // A worker that panicked left every store it touched whole (each
        // change is one insert or one cell): the data stays usable.
        self.shards[shard].0.read().unwrap_or_else(|e| e.into_inner())
    }

    fn write(&self, shard: usize) -> RwLockWriteGuard<'_, Shard<V>> {
        self.shards[shard].0.write().unwrap_or_else(|e| e.into_inner())
    }

    /// Counts `added` bytes stored into the young generation of `shard`
    /// (held), and rotates the shard when the memo is past its budget.
    fn grew(&self, shard: &mut Shard<V>, added: u64) {
        if added == 0 {
            return;
        }
        shard.young.bytes += added;
        let total = self.bytes.fetch_add(added, Relaxed) + added;
        if total > self.budget.load(Relaxed) && shard.young.bytes * 2 >= shard.old.bytes {
            let old = std::mem::take(&mut shard.old);
            self.bytes.fetch_sub(old.bytes, Relaxed);
            self.evicted.fetch_add(old.entries(), Relaxed);
            shard.old = std::mem::take(&mut shard.young);
            // Freed under this shard's lock alone: the others go on meanwhile.
            drop(old);
        }
    }

    // Spider rows.

    /// Calls `read` with the row of `slot` (empty when there is none), under
    /// the shard's read lock: `read` must not use the memo.
    #[inline]
    pub fn with_row<R>(&self, slot: &Slot, read: impl FnOnce(RowView<'_, V>) -> R) -> R {
        let shard = self.read(self.shard_of(&slot.row));
        let young = shard.young.rows.row(slot);
        // (An old generation is empty until the memo first evicts.)
        let view = if young.exists() || shard.old.bytes == 0 { young } else { shard.old.rows.row(slot) };
        read(view)
    }

    /// The value of a normalized spider, if held.
    pub fn get_spider(&self, s: &Spider) -> Option<V> {
        let (slot, leg) = super::rows::lookup_view(s);
        self.with_row(&slot, |row| row.get(slot.index(leg)))
    }

    /// Stores the value of a normalized spider under all its views.
    pub fn store_spider(&self, s: &Spider, v: V) {
        super::rows::for_each_view(s, |slot, leg| self.set_cell(&slot.row, slot.index(leg), v));
    }

    /// Sets one cell of the row `key`, moving the row to the young
    /// generation first if the old one holds it.
    pub fn set_cell(&self, key: &SpiderKey, index: usize, v: V) {
        let mut guard = self.write(self.shard_of(key));
        let shard = &mut *guard;
        let mut added = 0;
        if shard.old.bytes > 0
            && !shard.young.rows.contains(key)
            && let Some((row, bytes)) = shard.old.rows.remove(key)
        {
            shard.old.bytes -= bytes;
            shard.young.bytes += bytes;
            shard.young.rows.put(key.clone(), row);
        }
        added += shard.young.rows.set(key, index, v);
        self.grew(shard, added);
    }

    /// Adds a whole row (as a memo file holds it), where the memo lacks its cells.
    pub fn insert_row(&self, key: SpiderKey, lanes: [Vec<V::Cell>; 4]) {
        let shard_index = self.shard_of(&key);
        if self.read(shard_index).old.rows.contains(&key) {
            // Rare (a file loaded into a memo that holds old rows): cell by cell.
            for (end, lane) in lanes.iter().enumerate() {
                for (len, &c) in lane.iter().enumerate() {
                    if let Some(v) = V::read(c) {
                        self.set_cell(&key, len * 4 + end, v);
                    }
                }
            }
            return;
        }
        let mut guard = self.write(shard_index);
        let added = guard.young.rows.insert_row(key, lanes);
        self.grew(&mut guard, added);
    }

    // Other classes, by their canonical bytes.

    /// The value of a class keyed by its canonical bytes, if held.
    #[inline]
    pub fn get_general(&self, key: &[u8]) -> Option<V> {
        let shard = self.read(self.shard_of(key));
        match shard.young.general.get(key) {
            Some(&v) => Some(v),
            None if shard.old.bytes == 0 => None,
            None => shard.old.general.get(key).copied(),
        }
    }

    /// Stores the value of a class keyed by its canonical bytes.
    pub fn insert_general(&self, key: Box<[u8]>, v: V) {
        let mut guard = self.write(self.shard_of(&*key));
        let shard = &mut *guard;
        if shard.old.bytes > 0 && shard.old.general.remove(&*key).is_some() {
            let bytes = ENTRY_OVERHEAD + key.len() as u64;
            shard.old.bytes -= bytes;
            shard.young.bytes += bytes;
            shard.young.general.insert(key, v);
            return;
        }
        let bytes = ENTRY_OVERHEAD + key.len() as u64;
        if shard.young.general.insert(key, v).is_none() {
            self.grew(shard, bytes);
        }
    }

    // Small trees, by their codes.

    /// The value of a small tree, if held.
    #[inline]
    pub fn get_small(&self, key: u128) -> Option<V> {
        let shard = self.read(self.shard_of(&key));
        match shard.young.small.get(key) {
            Some(v) => Some(v),
            None if shard.old.bytes == 0 => None,
            None => shard.old.small.get(key),
        }
    }

    /// Stores the value of a small tree.
    pub fn insert_small(&self, key: u128, v: V) {
        let mut guard = self.write(self.shard_of(&key));
        let shard = &mut *guard;
        if shard.old.bytes > 0 && shard.old.small.remove(key).is_some() {
            shard.old.bytes -= entry_bytes(key);
            shard.young.bytes += entry_bytes(key);
            shard.young.small.insert(key, v);
            return;
        }
        let added = shard.young.small.insert(key, v);
        self.grew(shard, added);
    }

    // The whole memo.

    /// Figures of the memo as it is.
    pub fn figures(&self) -> MemoFigures {
        let mut f = MemoFigures { bytes: self.bytes(), evicted: self.evicted(), ..MemoFigures::default() };
        for i in 0..SHARDS {
            let shard = self.read(i);
            for g in [&shard.young, &shard.old] {
                f.entries += g.entries();
                let (rows, cells) = g.rows.shape();
                f.rows.0 += rows;
                f.rows.1 += cells;
            }
        }
        f
    }

    /// Calls `each` with every row (its key and lanes), shard by shard.
    pub fn for_each_row(&self, mut each: impl FnMut(&SpiderKey, [&[V::Cell]; 4])) {
        for i in 0..SHARDS {
            let shard = self.read(i);
            for g in [&shard.young, &shard.old] {
                for (key, lanes) in g.rows.rows() {
                    each(key, lanes);
                }
            }
        }
    }

    /// Every class keyed by canonical bytes, with its value.
    pub fn general_entries(&self) -> Vec<(Box<[u8]>, V)> {
        let mut out = Vec::new();
        for i in 0..SHARDS {
            let shard = self.read(i);
            for g in [&shard.young, &shard.old] {
                out.extend(g.general.iter().map(|(k, &v)| (k.clone(), v)));
            }
        }
        out
    }

    /// Every small tree, with its value.
    pub fn small_entries(&self) -> Vec<(u128, V)> {
        let mut out = Vec::new();
        for i in 0..SHARDS {
            let shard = self.read(i);
            for g in [&shard.young, &shard.old] {
                out.extend(g.small.iter());
            }
        }
        out
    }

    /// The number of small trees with codes of at most 64 bits, and of longer ones.
    pub fn small_counts(&self) -> (usize, usize) {
        let mut out = (0, 0);
        for i in 0..SHARDS {
            let shard = self.read(i);
            for g in [&shard.young, &shard.old] {
                let (n, w) = g.small.counts();
                out.0 += n;
                out.1 += w;
            }
        }
        out
    }

    /// Copies into this memo every class of `other` that it lacks.
    pub fn merge(&self, other: &Memo<V>) {
        if std::ptr::eq(self, other) {
            return;
        }
        other.for_each_row(|key, lanes| {
            for (end, lane) in lanes.iter().enumerate() {
                for (len, &c) in lane.iter().enumerate() {
                    let slot = Slot { row: key.clone(), flipped: false, symmetric: false };
                    if let Some(v) = V::read(c)
                        && self.with_row(&slot, |row| row.get(len * 4 + end)).is_none()
                    {
                        self.set_cell(key, len * 4 + end, v);
                    }
                }
            }
        });
        for (k, v) in other.general_entries() {
            if self.get_general(&k).is_none() {
                self.insert_general(k, v);
            }
        }
        for (k, v) in other.small_entries() {
            if self.get_small(k).is_none() {
                self.insert_small(k, v);
            }
        }
    }

    /// Moves every class of `other` into this memo, which must be empty
    /// (a memo file loaded into an engine that has solved nothing yet).
    pub fn take_from(&self, other: &Memo<V>) {
        for i in 0..SHARDS {
            *self.write(i) = std::mem::take(&mut *other.write(i));
        }
        self.bytes.store(other.bytes.swap(0, Relaxed), Relaxed);
    }

    /// A copy of this memo that shares nothing with it.
    pub fn deep_copy(&self) -> Memo<V> {
        let copy = Memo::new();
        for i in 0..SHARDS {
            *copy.write(i) = self.read(i).clone();
        }
        copy.bytes.store(self.bytes(), Relaxed);
        copy.budget.store(self.budget(), Relaxed);
        copy
    }

    /// Checks the invariants of the module documentation.
    pub fn validate(&self) -> Result<(), String> {
        let mut bytes = 0;
        for i in 0..SHARDS {
            let shard = self.read(i);
            for (name, g) in [("young", &shard.young), ("old", &shard.old)] {
                let mut counted = 0;
                for (key, lanes) in g.rows.rows() {
                    counted += row_bytes(key) + lanes.iter().map(|l| l.len()).sum::<usize>() as u64 * cell_size::<V>();
                    if self.shard_of(key) != i {
                        return Err(format!("a row in shard {i} hashes to another"));
                    }
                }
                counted += g.general.keys().map(|k| ENTRY_OVERHEAD + k.len() as u64).sum::<u64>();
                counted += g.small.iter().map(|(k, _)| entry_bytes(k)).sum::<u64>();
                if counted != g.bytes {
                    return Err(format!("shard {i}'s {name} generation counts {} bytes, holds {counted}", g.bytes));
                }
                bytes += counted;
            }
            if shard.young.rows.rows().any(|(k, _)| shard.old.rows.contains(k))
                || shard.young.general.keys().any(|k| shard.old.general.contains_key(k))
                || shard.young.small.iter().any(|(k, _)| shard.old.small.get(k).is_some())
            {
                return Err(format!("a key is in both generations of shard {i}"));
            }
        }
        if bytes != self.bytes() {
            return Err(format!("the memo counts {} bytes, its shards {bytes}", self.bytes()));
        }
        Ok(())
    }
}

/// The hash that picks a key's shard: the same in every memo (so that
/// shards move between memos whole, [`Memo::take_from`]), and independent
/// of the stores' own tables' hashes (which index by their low bits).
/// A multiply-rotate hash of 64-bit words, as rustc's `FxHasher`.
#[derive(Default)]
pub struct ShardHasher(u64);

impl Hasher for ShardHasher {
    #[inline]
    fn write(&mut self, bytes: &[u8]) {
        let mut chunks = bytes.chunks_exact(8);
        for c in &mut chunks {
            self.write_u64(u64::from_le_bytes(c.try_into().expect("eight bytes")));
        }
        let rest = chunks.remainder();
        if !rest.is_empty() {
            let mut word = [0u8; 8];
            word[..rest.len()].copy_from_slice(rest);
            self.write_u64(u64::from_le_bytes(word) ^ (rest.len() as u64) << 59);
        }
    }

    #[inline]
    fn write_u64(&mut self, word: u64) {
        self.0 = (self.0.rotate_left(5) ^ word).wrapping_mul(0x51_7c_c1_b7_27_22_0a_95);
    }

    #[inline]
    fn write_usize(&mut self, word: usize) {
        self.write_u64(word as u64);
    }

    #[inline]
    fn finish(&self) -> u64 {
        self.0
    }
}

/// Bytes of one row cell.
pub fn cell_size<V: Stored>() -> u64 {
    std::mem::size_of::<V::Cell>() as u64
}

impl<V: Stored> Row<V> {
    /// Bytes counted for this row under `key`.
    pub fn bytes(&self, key: &SpiderKey) -> u64 {
        row_bytes(key) + self.cells() as u64 * cell_size::<V>()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::canonical::need::Need;

    #[test]
    fn a_bounded_memo_evicts_the_oldest_generation_and_keeps_its_count() {
        let memo = Memo::<u32>::new();
        memo.set_budget(4 << 10);
        for k in 1..=5000u128 {
            memo.insert_small(k << 70, (k % 7) as u32);
            assert!(memo.bytes() <= (4 << 10) + 2 * SHARDS as u64 * 40, "{}", memo.bytes());
        }
        memo.validate().unwrap();
        assert!(memo.evicted() > 0);
        // The last ones stored are still there, with their values.
        for k in 4990..=5000u128 {
            assert_eq!(memo.get_small(k << 70), Some((k % 7) as u32));
        }
        let f = memo.figures();
        assert_eq!(f.entries + f.evicted, 5000);
    }

    #[test]
    fn rows_move_whole_to_the_young_generation() {
        let memo = Memo::<u32>::new();
        memo.set_budget(1);
        let path = |len| Spider::path(Need::In, len, Need::Free).normalize();
        for len in 1..200 {
            memo.store_spider(&path(len), len);
            memo.validate().unwrap();
        }
        // The row of paths from an in-end moves on with every store.
        assert_eq!(memo.get_spider(&path(199)), Some(199));
    }
}
