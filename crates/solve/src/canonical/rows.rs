//! The memo of spider-shaped classes, organised in rows.
//!
//! A *view* of a spider picks one leg: the spider is then "the rest" (the hub
//! and the other legs) plus that leg. A *row* is keyed by the rest and holds
//! the values for every length and end label of the picked leg. Every class
//! is stored under all its views: each leg of a spider with a hub, and both
//! ends of a path. The followers of a spider that cut leg `j` away from the
//! hub keep the rest and shorten leg `j`, so their values are consecutive
//! entries of one row: reading them costs an array access, not a hash.
//!
//! Rows are taken up to the flip: the rest and its flip share the row of
//! the smaller, and an entry of a flipped row is read with the leg's end
//! flipped too.

use super::need::Need;
use super::spider::{Leg, Legs, Spider, SpiderKey};
use hashbrown::HashMap;

/// Where one view of a spider lives: the row and the entry within it.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct Slot {
    /// The row: the rest of the spider, up to the flip.
    pub row: SpiderKey,
    /// `true` when the row holds the flip of the rest.
    pub flipped: bool,
    /// `true` when the rest is its own flip: then a leg and its flip give
    /// the same class, and share one entry.
    pub symmetric: bool,
}

impl Slot {
    /// The slot of the rest `(hub, others)`; `others` may be in any order.
    pub fn of(hub: Need, others: Legs) -> Slot {
        Slot::of_legs(hub, &others)
    }

    /// As [`Slot::of`], from a slice (with at most three legs, without
    /// building a spider).
    pub fn of_legs(hub: Need, others: &[Leg]) -> Slot {
        let k = others.len();
        if k > 3 {
            return Slot::of_many(hub, others.iter().copied().collect());
        }
        // Legs as words `len << 2 | end`, whose order is the legs' order.
        let mut a = [0u64; 3];
        let mut b = [0u64; 3];
        for (i, l) in others.iter().enumerate() {
            a[i] = (l.len as u64) << 2 | l.end as u64;
            b[i] = (l.len as u64) << 2 | l.end.flip() as u64;
        }
        sort_words(&mut a[..k]);
        sort_words(&mut b[..k]);
        let flipped_hub = hub.flip();
        let pack = |hub: Need, words: &[u64]| {
            let mut key = hub as u128;
            for (i, &w) in words.iter().enumerate() {
                key |= (w as u128) << (2 + 40 * i);
            }
            key
        };
        match (hub, &a[..k]).cmp(&(flipped_hub, &b[..k])) {
            std::cmp::Ordering::Greater => {
                Slot { row: SpiderKey::Small(pack(flipped_hub, &b[..k])), flipped: true, symmetric: false }
            }
            order => Slot {
                row: SpiderKey::Small(pack(hub, &a[..k])),
                flipped: false,
                symmetric: order == std::cmp::Ordering::Equal,
            },
        }
    }

    fn of_many(hub: Need, mut others: Legs) -> Slot {
        others.sort_unstable();
        let mut flipped: Legs = others.iter().map(|l| Leg { len: l.len, end: l.end.flip() }).collect();
        flipped.sort_unstable();
        let (a, b) = (Spider { hub, legs: others }, Spider { hub: hub.flip(), legs: flipped });
        let symmetric = a == b;
        if b < a {
            Slot { row: b.key(), flipped: true, symmetric }
        } else {
            Slot { row: a.key(), flipped: false, symmetric }
        }
    }

    /// The index in this row of the picked leg.
    pub fn index(&self, leg: Leg) -> usize {
        let end = if self.symmetric {
            leg.end.min(leg.end.flip())
        } else if self.flipped {
            leg.end.flip()
        } else {
            leg.end
        };
        leg.len as usize * 4 + end as usize
    }
}

/// Sorts at most three words.
#[inline]
fn sort_words(w: &mut [u64]) {
    for i in 1..w.len() {
        let mut k = i;
        while k > 0 && w[k - 1] > w[k] {
            w.swap(k - 1, k);
            k -= 1;
        }
    }
}

/// The slots of every view of a normalized spider (both ends for a path).
pub fn views(s: &Spider) -> Vec<(Slot, Leg)> {
    let mut out = Vec::with_capacity(s.legs.len().max(2));
    for_each_view(s, |slot, leg| out.push((slot, leg)));
    out
}

/// Calls `each` with every view of a normalized spider (both ends for a path).
pub fn for_each_view(s: &Spider, mut each: impl FnMut(Slot, Leg)) {
    if let [leg] = s.legs.as_slice() {
        each(Slot::of_legs(s.hub, &[]), *leg);
        each(Slot::of_legs(leg.end, &[]), Leg { len: leg.len, end: s.hub });
        return;
    }
    let mut others: Legs = s.legs.iter().skip(1).copied().collect();
    for j in 0..s.legs.len() {
        if j > 0 {
            // The rest of leg j: leg j - 1 takes leg j's place.
            others[j - 1] = s.legs[j - 1];
        }
        each(Slot::of_legs(s.hub, &others), s.legs[j]);
    }
}

/// A value as a row stores it: in a cell that may be empty, no larger than
/// the value needs (a Grundy value `v` as the non-zero `v + 1`: four bytes).
pub trait Stored: Copy {
    /// The cell.
    type Cell: Copy + Default + std::fmt::Debug + Send + Sync;
    /// The cell holding the value.
    fn cell(self) -> Self::Cell;
    /// The value in a cell, if any.
    fn read(cell: Self::Cell) -> Option<Self>;
}

impl Stored for u32 {
    type Cell = Option<std::num::NonZeroU32>;
    #[inline]
    fn cell(self) -> Self::Cell {
        Some(std::num::NonZeroU32::new(self.wrapping_add(1)).expect("a Grundy value below u32::MAX"))
    }
    #[inline]
    fn read(cell: Self::Cell) -> Option<u32> {
        cell.map(|c| c.get() - 1)
    }
}

impl Stored for crate::brute::Parities {
    type Cell = Option<crate::brute::Parities>;
    #[inline]
    fn cell(self) -> Self::Cell {
        Some(self)
    }
    #[inline]
    fn read(cell: Self::Cell) -> Option<Self> {
        cell
    }
}

/// One row: for each end label of the picked leg, the values by its length
/// (end-major, so that the moves along a leg read consecutive entries).
#[derive(Clone, Debug)]
pub struct Row<V: Stored> {
    ends: [Vec<V::Cell>; 4],
}

impl<V: Stored> Default for Row<V> {
    fn default() -> Self {
        Row { ends: [Vec::new(), Vec::new(), Vec::new(), Vec::new()] }
    }
}

/// A row as read: empty when the row does not exist.
pub struct RowView<'a, V: Stored>(Option<&'a Row<V>>);

impl<V: Stored> Clone for RowView<'_, V> {
    fn clone(&self) -> Self {
        *self
    }
}

impl<V: Stored> Copy for RowView<'_, V> {}

impl<'a, V: Stored> RowView<'a, V> {
    /// The value at a row index ([`Slot::index`]), if stored.
    #[inline]
    pub fn get(self, index: usize) -> Option<V> {
        self.0.and_then(|r| r.ends[index & 3].get(index >> 2).and_then(|&c| V::read(c)))
    }

    /// The cells of the legs ending with label `end` (as in [`Slot::index`]), by length.
    #[inline]
    pub fn end(self, end: usize) -> &'a [V::Cell] {
        self.0.map_or(&[], |r| r.ends[end].as_slice())
    }

    /// `true` when the row exists.
    #[inline]
    pub fn exists(self) -> bool {
        self.0.is_some()
    }
}

impl<V: Stored> Row<V> {
    /// Cells in all four lanes (filled or not).
    pub fn cells(&self) -> usize {
        self.ends.iter().map(Vec::len).sum()
    }

    /// Cells that hold a value.
    fn filled(&self) -> u64 {
        self.ends.iter().map(|lane| lane.iter().filter(|&&c| V::read(c).is_some()).count() as u64).sum()
    }
}

/// Rows of values, generic over the value type.
#[derive(Clone)]
pub struct RowMemo<V: Stored> {
    rows: HashMap<SpiderKey, Row<V>>,
    entries: u64,
}

impl<V: Stored> RowMemo<V> {
    /// An empty memo.
    pub fn new() -> Self {
        RowMemo { rows: HashMap::new(), entries: 0 }
    }

    /// Number of row entries filled (each class fills one per view).
    pub fn entries(&self) -> u64 {
        self.entries
    }

    /// Number of rows, and their entries (capacity) in all.
    pub fn shape(&self) -> (usize, usize) {
        (self.rows.len(), self.rows.values().map(|r| r.ends.iter().map(Vec::len).sum::<usize>()).sum())
    }

    /// The row (empty when it does not exist).
    #[inline]
    pub fn row(&self, slot: &Slot) -> RowView<'_, V> {
        RowView(self.rows.get(&slot.row))
    }

    /// The value stored for `leg` in the slot's row.
    pub fn get(&self, slot: &Slot, leg: Leg) -> Option<V> {
        self.row(slot).get(slot.index(leg))
    }

    /// Every entry: its row's key, its index in the row ([`Slot::index`]) and its value.
    pub fn entries_iter(&self) -> impl Iterator<Item = (&SpiderKey, usize, V)> + '_ {
        self.rows.iter().flat_map(|(key, row)| {
            row.ends.iter().enumerate().flat_map(move |(end, values)| {
                values.iter().enumerate().filter_map(move |(len, &c)| V::read(c).map(|v| (key, len * 4 + end, v)))
            })
        })
    }

    /// Sets the entry at `index` of the row `key`; returns the number of
    /// bytes newly allocated.
    pub fn set(&mut self, key: &SpiderKey, index: usize, v: V) -> u64 {
        let mut bytes = 0;
        let row = match self.rows.get_mut(key) {
            Some(row) => row,
            None => {
                bytes += row_bytes(key);
                self.rows.entry(key.clone()).or_default()
            }
        };
        let (end, len) = (index & 3, index >> 2);
        let values = &mut row.ends[end];
        if values.len() <= len {
            let grown = (len + 1).max(values.len() * 2).max(4);
            bytes += ((grown - values.len()) * std::mem::size_of::<V::Cell>()) as u64;
            values.resize(grown, V::Cell::default());
        }
        if V::read(values[len]).is_none() {
            self.entries += 1;
        }
        values[len] = v.cell();
        bytes
    }

    /// Copies into `self` every entry of `other` that `self` lacks; returns
    /// the number of bytes newly allocated.
    pub fn merge(&mut self, other: &RowMemo<V>) -> u64 {
        let mut bytes = 0;
        for (key, index, v) in other.entries_iter() {
            let slot = Slot { row: key.clone(), flipped: false, symmetric: false };
            if self.row(&slot).get(index).is_none() {
                bytes += self.set(key, index, v);
            }
        }
        bytes
    }

    /// Every row: its key and its four lanes of cells, by end label and
    /// then by length (as [`Slot::index`] reads them), in no fixed order.
    pub fn rows(&self) -> impl Iterator<Item = (&SpiderKey, [&[V::Cell]; 4])> + '_ {
        self.rows.iter().map(|(key, row)| (key, [0, 1, 2, 3].map(|end| row.ends[end].as_slice())))
    }

    /// Adds a whole row (as [`RowMemo::rows`] gives it): the row as it is
    /// when `self` lacks it, else its filled cells where `self` lacks them.
    /// Returns the number of bytes newly allocated.
    pub fn insert_row(&mut self, key: SpiderKey, lanes: [Vec<V::Cell>; 4]) -> u64 {
        let filled = |lane: &[V::Cell]| lane.iter().filter(|&&c| V::read(c).is_some()).count() as u64;
        if self.rows.contains_key(&key) {
            let mut bytes = 0;
            for (end, lane) in lanes.iter().enumerate() {
                for (len, &c) in lane.iter().enumerate() {
                    let slot = Slot { row: key.clone(), flipped: false, symmetric: false };
                    if let Some(v) = V::read(c)
                        && self.row(&slot).get(len * 4 + end).is_none()
                    {
                        bytes += self.set(&key, len * 4 + end, v);
                    }
                }
            }
            return bytes;
        }
        let cells: usize = lanes.iter().map(Vec::len).sum();
        let bytes = row_bytes(&key) + (cells * std::mem::size_of::<V::Cell>()) as u64;
        self.entries += lanes.iter().map(|l| filled(l)).sum::<u64>();
        self.rows.insert(key, Row { ends: lanes });
        bytes
    }

    /// Room for `rows` more rows.
    pub fn reserve(&mut self, rows: usize) {
        self.rows.reserve(rows);
    }

    /// `true` when the row `key` exists.
    pub fn contains(&self, key: &SpiderKey) -> bool {
        self.rows.contains_key(key)
    }

    /// Takes the row `key` out, with the bytes counted for it.
    pub fn remove(&mut self, key: &SpiderKey) -> Option<(Row<V>, u64)> {
        let row = self.rows.remove(key)?;
        self.entries -= row.filled();
        let bytes = row_bytes(key) + (row.cells() * std::mem::size_of::<V::Cell>()) as u64;
        Some((row, bytes))
    }

    /// Puts a row taken out of another memo ([`RowMemo::remove`]) in, in
    /// place of any row `key` has here.
    pub fn put(&mut self, key: SpiderKey, row: Row<V>) {
        self.entries += row.filled();
        if let Some(before) = self.rows.insert(key, row) {
            self.entries -= before.filled();
        }
    }

    /// The value of a normalized spider, if stored.
    pub fn get_spider(&self, s: &Spider) -> Option<V> {
        let (slot, leg) = lookup_view(s);
        self.get(&slot, leg)
    }

    /// Stores the value of a normalized spider under all its views; returns
    /// the number of bytes newly allocated.
    pub fn store(&mut self, s: &Spider, v: V) -> u64 {
        let mut bytes = 0;
        for_each_view(s, |slot, leg| {
            bytes += self.set(&slot.row, slot.index(leg), v);
        });
        bytes
    }
}

impl<V: Stored> Default for RowMemo<V> {
    fn default() -> Self {
        RowMemo::new()
    }
}

/// Bytes of a new row besides its slots: its place in the table (key,
/// vectors and control byte, with spare room), and a large key's words.
pub fn row_bytes(key: &SpiderKey) -> u64 {
    // The key (32 bytes), the four lanes' vectors (96), a control byte and
    // the table's spare room.
    match key {
        SpiderKey::Small(_) => 160,
        SpiderKey::Large(words) => 160 + 8 * words.len() as u64,
    }
}

/// The view used for look-ups: a path's stored direction; a spider's
/// longest leg (the last, legs being sorted), whose rest of shorter legs
/// keys a row that the classes looked up one after the other tend to
/// share, as they differ in the length of one long leg (the row stays in
/// the cache).
pub(crate) fn lookup_view(s: &Spider) -> (Slot, Leg) {
    let last = s.legs.len() - 1;
    if last == 0 {
        return (Slot::of_legs(s.hub, &[]), s.legs[0]);
    }
    (Slot::of_legs(s.hub, &s.legs[..last]), s.legs[last])
}

#[cfg(test)]
mod tests {
    use super::*;
    use Need::*;
    use smallvec::smallvec;

    #[test]
    fn every_view_finds_the_value() {
        let mut m = RowMemo::new();
        let s = Spider {
            hub: Both,
            legs: smallvec![Leg { len: 3, end: In }, Leg { len: 1, end: Free }, Leg { len: 2, end: Out }],
        }
        .normalize();
        m.store(&s, 7u32);
        for (slot, leg) in views(&s) {
            assert_eq!(m.get(&slot, leg), Some(7));
        }
        // The flip of the spider is the same class.
        let f = Spider {
            hub: Both,
            legs: smallvec![Leg { len: 3, end: Out }, Leg { len: 1, end: Free }, Leg { len: 2, end: In }],
        }
        .normalize();
        assert_eq!(m.get_spider(&f), Some(7));
        let p = Spider::path(In, 5, Free).normalize();
        m.store(&p, 3);
        assert_eq!(m.get(&Slot::of(Free, Legs::new()), Leg { len: 5, end: In }), Some(3));
        assert_eq!(m.get(&Slot::of(Out, Legs::new()), Leg { len: 5, end: Free }), Some(3));
        assert_eq!(m.get(&Slot::of(Out, Legs::new()), Leg { len: 4, end: Free }), None);
        // A rest that is its own flip: a leg and its flip share the entry.
        let q = Spider::path(Free, 2, In).normalize();
        m.store(&q, 5);
        assert_eq!(m.get(&Slot::of(Free, Legs::new()), Leg { len: 2, end: Out }), Some(5));
    }
}
