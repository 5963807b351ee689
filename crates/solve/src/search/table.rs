//! The transposition table of the outcome search: bounded, shared by every
//! worker, and evicting instead of failing when full.
//!
//! # Interface
//!
//! * [`Table::new`]`(bytes)`: an empty table that never holds more than
//!   about `bytes` (it grows as entries come, so a small search stays small);
//! * [`Table::get`]`(&key)`: the [`Value`] stored for a key, if any;
//! * [`Table::insert`]`(key, value, work)`: stores a value with the work it
//!   cost (nodes searched under it), which decides what is evicted;
//! * [`Table::stats`]: entries, bytes, look-ups, hits, evictions.
//!
//! All methods take `&self`: the table is `Sync`, and workers on several
//! threads read and write it at once.
//!
//! # Layout and replacement
//!
//! The table is split into [`SHARDS`] shards by the key's hash, each a
//! `hashbrown` map behind its own mutex (two workers meet on the same shard
//! one time in `SHARDS`). Each shard holds at most `limit` entries, the
//! largest count a map of its byte share holds without growing again. An
//! insertion into a full shard first evicts about half of it: the entries
//! that cost the least work (work is kept as its base-2 logarithm, so the
//! threshold is found from a 65-bucket histogram), the cheapest to compute
//! again. Eviction costs a pass over the shard, once every `limit / 2`
//! insertions at most, so each insertion pays a constant on average.
//!
//! Nothing stored is ever wrong, only forgotten: a search over a full
//! table finishes with the same answer, having recomputed what was evicted.

use std::hash::{BuildHasher, Hash};
use std::sync::Mutex;
use std::sync::atomic::{AtomicU64, Ordering};

/// Number of shards (a power of two).
pub const SHARDS: usize = 64;

/// What a key asks.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Query {
    /// Is the component plus a nim-heap of this size a win for the player
    /// to move? (Heaps up to `u16::MAX - 1`.)
    Outcome(u16),
    /// The component's Grundy value.
    Value,
}

impl Query {
    fn code(self) -> u16 {
        match self {
            Query::Outcome(n) => n,
            Query::Value => u16::MAX,
        }
    }
}

/// A component's canonical form, 128 bits (see [`super::symmetry`]),
/// stored as two words so that a key is aligned to 8 bytes, not 16.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Form([u64; 2]);

impl Form {
    /// The form as 128 bits.
    pub fn bits(self) -> u128 {
        u128::from(self.0[0]) | u128::from(self.0[1]) << 64
    }
}

impl Key {
    /// The component's form as 128 bits.
    pub fn form_bits(&self) -> u128 {
        self.form.bits()
    }
}

impl From<u128> for Form {
    fn from(x: u128) -> Form {
        Form([x as u64, (x >> 64) as u64])
    }
}

/// A key: the canonical form of a component and the question asked of it.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Key {
    /// The component's canonical form.
    pub form: Form,
    /// The question.
    pub query: Query,
}

/// A key as the table stores it: 18 bytes, 24 with alignment.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
struct Stored {
    form: [u64; 2],
    query: u16,
}

impl From<&Key> for Stored {
    fn from(k: &Key) -> Stored {
        Stored { form: k.form.0, query: k.query.code() }
    }
}

/// What is stored for a key.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Value {
    /// The player to move wins (an [`Query::Outcome`] key).
    Win,
    /// The player to move loses.
    Loss,
    /// The Grundy value (a [`Query::Value`] key).
    Grundy(u32),
}

/// One stored value, packed (bit 31: a Grundy value in the low bits,
/// else bit 0: a win), with the base-2 logarithm of its work.
#[derive(Debug, Clone, Copy)]
struct Slot {
    value: u32,
    work: u8,
}

impl Slot {
    fn pack(value: Value) -> u32 {
        match value {
            Value::Win => 1,
            Value::Loss => 0,
            Value::Grundy(g) => 1 << 31 | (g & 0x7fff_ffff),
        }
    }

    fn value(self) -> Value {
        if self.value >> 31 == 1 {
            Value::Grundy(self.value & 0x7fff_ffff)
        } else if self.value == 1 {
            Value::Win
        } else {
            Value::Loss
        }
    }
}

/// The counters of a table.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct TableStats {
    /// Entries held now.
    pub entries: u64,
    /// Bytes the shards' maps hold now (their capacity, not their entries).
    pub bytes: u64,
    /// The most bytes the table may hold.
    pub limit_bytes: u64,
    /// Look-ups.
    pub lookups: u64,
    /// Look-ups that found their key.
    pub hits: u64,
    /// Entries stored.
    pub stores: u64,
    /// Entries evicted to make room.
    pub evictions: u64,
}

/// Bytes of one bucket of a shard's map: the key, the slot, hashbrown's control byte.
const BUCKET: u64 = (std::mem::size_of::<(Stored, Slot)>() + 1) as u64;

/// The control bytes a map holds past its buckets (hashbrown's group width), rounded up.
const GROUP: u64 = 64;

/// The transposition table.
pub struct Table {
    shards: Box<[Mutex<hashbrown::HashMap<Stored, Slot>>]>,
    hasher: hashbrown::DefaultHashBuilder,
    /// Entries a shard holds at most.
    limit: usize,
    limit_bytes: u64,
    lookups: AtomicU64,
    hits: AtomicU64,
    stores: AtomicU64,
    evictions: AtomicU64,
}

impl Table {
    /// An empty table that holds at most about `bytes` (at least 64 entries a shard).
    pub fn new(bytes: u64) -> Table {
        let share = bytes / SHARDS as u64;
        // hashbrown holds 7/8 of its power-of-two buckets before growing.
        let buckets = (share / BUCKET).max(128);
        let buckets = 1u64 << (63 - buckets.leading_zeros());
        let limit = (buckets / 8 * 7) as usize;
        Table {
            shards: (0..SHARDS).map(|_| Mutex::new(hashbrown::HashMap::new())).collect(),
            hasher: hashbrown::DefaultHashBuilder::default(),
            limit,
            limit_bytes: (buckets * BUCKET + GROUP) * SHARDS as u64,
            lookups: AtomicU64::new(0),
            hits: AtomicU64::new(0),
            stores: AtomicU64::new(0),
            evictions: AtomicU64::new(0),
        }
    }

    fn shard(&self, key: &Stored) -> &Mutex<hashbrown::HashMap<Stored, Slot>> {
        let mut h = self.hasher.build_hasher();
        key.hash(&mut h);
        let h = std::hash::Hasher::finish(&h);
        &self.shards[(h >> 58) as usize % SHARDS]
    }

    /// The value stored for `key`.
    pub fn get(&self, key: &Key) -> Option<Value> {
        self.lookups.fetch_add(1, Ordering::Relaxed);
        let key = Stored::from(key);
        let found = self.shard(&key).lock().expect("a table shard is never poisoned").get(&key).map(|s| s.value());
        if found.is_some() {
            self.hits.fetch_add(1, Ordering::Relaxed);
        }
        found
    }

    /// Stores `value` for `key`; `work` is what computing it cost (nodes),
    /// and the cheapest entries go first when the shard is full.
    pub fn insert(&self, key: Key, value: Value, work: u64) {
        let work = (64 - work.leading_zeros()) as u8;
        let key = Stored::from(&key);
        let mut shard = self.shard(&key).lock().expect("a table shard is never poisoned");
        if shard.len() >= self.limit && !shard.contains_key(&key) {
            let evicted = evict(&mut shard, self.limit);
            self.evictions.fetch_add(evicted, Ordering::Relaxed);
        }
        shard.insert(key, Slot { value: Slot::pack(value), work });
        self.stores.fetch_add(1, Ordering::Relaxed);
    }

    /// The counters, entries and bytes now.
    pub fn stats(&self) -> TableStats {
        let (mut entries, mut bytes) = (0u64, 0u64);
        for s in self.shards.iter() {
            let s = s.lock().expect("a table shard is never poisoned");
            entries += s.len() as u64;
            bytes += s.allocation_size() as u64;
        }
        TableStats {
            entries,
            bytes,
            limit_bytes: self.limit_bytes,
            lookups: self.lookups.load(Ordering::Relaxed),
            hits: self.hits.load(Ordering::Relaxed),
            stores: self.stores.load(Ordering::Relaxed),
            evictions: self.evictions.load(Ordering::Relaxed),
        }
    }

    /// The most entries the table holds.
    pub fn capacity(&self) -> u64 {
        (self.limit * SHARDS) as u64
    }
}

/// Evicts half of a full shard, the entries of least work first, and
/// rebuilds it at its own size (a map with the tombstones of erased
/// entries would grow past its bytes); returns how many went.
fn evict(shard: &mut hashbrown::HashMap<Stored, Slot>, limit: usize) -> u64 {
    let mut histogram = [0usize; 65];
    for s in shard.values() {
        histogram[s.work as usize] += 1;
    }
    let goal = shard.len().div_ceil(2);
    // Every entry of work below `threshold` goes, and `more` of those at it.
    let (mut below, mut threshold) = (0, 0);
    for (w, &n) in histogram.iter().enumerate() {
        threshold = w;
        if below + n >= goal {
            break;
        }
        below += n;
    }
    let mut more = goal - below;
    let before = shard.len();
    let mut kept = hashbrown::HashMap::with_capacity(limit);
    for (k, s) in shard.drain() {
        let w = s.work as usize;
        if w < threshold || (w == threshold && more > 0) {
            if w == threshold {
                more -= 1;
            }
            continue;
        }
        kept.insert(k, s);
    }
    *shard = kept;
    (before - shard.len()) as u64
}

#[cfg(test)]
mod tests {
    use super::*;

    fn key(i: u64) -> Key {
        let form = u128::from(i) << 64 | u128::from(i.wrapping_mul(0x9e37_79b9_7f4a_7c15));
        Key { form: form.into(), query: Query::Outcome((i % 3) as u16) }
    }

    #[test]
    fn a_value_stored_is_found_until_evicted_and_never_changed() {
        let t = Table::new(1 << 20);
        for i in 0..100_000u64 {
            t.insert(key(i), if i % 2 == 0 { Value::Win } else { Value::Loss }, i);
        }
        let s = t.stats();
        assert!(s.entries <= t.capacity(), "{s:?}");
        assert!(s.evictions > 0);
        assert!(s.bytes <= s.limit_bytes, "{s:?}");
        let mut found = 0;
        for i in 0..100_000u64 {
            if let Some(v) = t.get(&key(i)) {
                found += 1;
                assert_eq!(v, if i % 2 == 0 { Value::Win } else { Value::Loss });
            }
        }
        assert_eq!(found, s.entries);
        // The costliest entries outlive the cheap ones.
        assert!(t.get(&key(99_999)).is_some());
    }

    #[test]
    fn workers_on_several_threads_share_it() {
        let t = Table::new(64 << 20);
        std::thread::scope(|scope| {
            for w in 0..4u64 {
                let t = &t;
                scope.spawn(move || {
                    for i in 0..10_000u64 {
                        t.insert(key(4 * i + w), Value::Grundy((i % 5) as u32), 1);
                    }
                });
            }
        });
        for i in 0..40_000u64 {
            assert_eq!(t.get(&key(i)), Some(Value::Grundy((i / 4 % 5) as u32)));
        }
        assert_eq!(t.stats().entries, 40_000);
    }
}
