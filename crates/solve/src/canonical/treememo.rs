//! The memo of trees on bitmasks ([`super::small`]), by their `u128` keys.
//!
//! A key has a leading 1 and four bits a vertex, so the key of a tree of at
//! most 16 vertices fits in 64 bits: those keys live in a map of `u64`
//! (16 bytes a slot with a `u32` value, half the slot of a `u128` key),
//! which holds nearly every class of a sweep of trees up to 16 edges; the
//! longer keys in a map of `u128`.

use hashbrown::HashMap;

/// Trees by key, narrow keys apart.
#[derive(Clone, Debug)]
pub struct TreeMemo<V> {
    narrow: HashMap<u64, V>,
    wide: HashMap<u128, V>,
}

impl<V> Default for TreeMemo<V> {
    fn default() -> Self {
        TreeMemo { narrow: HashMap::new(), wide: HashMap::new() }
    }
}

/// Bytes counted per entry: the slot, a control byte and spare capacity.
pub fn entry_bytes(key: u128) -> u64 {
    if key >> 64 == 0 { 24 } else { 40 }
}

impl<V: Copy> TreeMemo<V> {
    /// The value stored for `key`.
    #[inline]
    pub fn get(&self, key: u128) -> Option<V> {
        if key >> 64 == 0 { self.narrow.get(&(key as u64)).copied() } else { self.wide.get(&key).copied() }
    }

    /// Stores a value; returns the bytes counted for a new entry (0 when
    /// the key was there).
    pub fn insert(&mut self, key: u128, v: V) -> u64 {
        let new = if key >> 64 == 0 {
            self.narrow.insert(key as u64, v).is_none()
        } else {
            self.wide.insert(key, v).is_none()
        };
        if new { entry_bytes(key) } else { 0 }
    }

    /// Takes the entry `key` out.
    pub fn remove(&mut self, key: u128) -> Option<V> {
        if key >> 64 == 0 { self.narrow.remove(&(key as u64)) } else { self.wide.remove(&key) }
    }

    /// Number of entries.
    pub fn len(&self) -> usize {
        self.narrow.len() + self.wide.len()
    }

    /// `true` when empty.
    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }

    /// Every entry, narrow keys first.
    pub fn iter(&self) -> impl Iterator<Item = (u128, V)> + '_ {
        self.narrow.iter().map(|(&k, &v)| (k as u128, v)).chain(self.wide.iter().map(|(&k, &v)| (k, v)))
    }

    /// Room for `narrow` more keys of at most 64 bits and `wide` longer ones.
    pub fn reserve(&mut self, narrow: usize, wide: usize) {
        self.narrow.reserve(narrow);
        self.wide.reserve(wide);
    }

    /// The number of entries with keys of at most 64 bits, and of longer ones.
    pub fn counts(&self) -> (usize, usize) {
        (self.narrow.len(), self.wide.len())
    }

    /// Copies the entries of `other` that `self` lacks; returns the bytes counted.
    pub fn merge(&mut self, other: &TreeMemo<V>) -> u64 {
        let mut bytes = 0;
        for (k, v) in other.iter() {
            if self.get(k).is_none() {
                bytes += self.insert(k, v);
            }
        }
        bytes
    }
}
