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
    pub fn of(hub: Need, mut others: Legs) -> Slot {
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

/// The slots of every view of a normalized spider (both ends for a path).
pub fn views(s: &Spider) -> Vec<(Slot, Leg)> {
    if let [leg] = s.legs.as_slice() {
        let back = Leg { len: leg.len, end: s.hub };
        return vec![(Slot::of(s.hub, Legs::new()), *leg), (Slot::of(leg.end, Legs::new()), back)];
    }
    (0..s.legs.len())
        .map(|j| {
            let others: Legs = s.legs.iter().enumerate().filter(|&(i, _)| i != j).map(|(_, l)| *l).collect();
            (Slot::of(s.hub, others), s.legs[j])
        })
        .collect()
}

/// Rows of values, generic over the value type.
#[derive(Clone)]
pub struct RowMemo<V> {
    rows: HashMap<SpiderKey, Vec<Option<V>>>,
    entries: u64,
}

impl<V: Copy> RowMemo<V> {
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
        (self.rows.len(), self.rows.values().map(Vec::len).sum())
    }

    /// The row, if it exists.
    pub fn row(&self, slot: &Slot) -> Option<&[Option<V>]> {
        self.rows.get(&slot.row).map(Vec::as_slice)
    }

    /// The value stored for `leg` in the slot's row.
    pub fn get(&self, slot: &Slot, leg: Leg) -> Option<V> {
        self.row(slot).and_then(|r| r.get(slot.index(leg)).copied().flatten())
    }

    /// Copies into `self` every entry of `other` that `self` lacks; returns
    /// the number of bytes newly allocated.
    pub fn merge(&mut self, other: &RowMemo<V>) -> u64 {
        let mut bytes = 0;
        for (key, theirs) in &other.rows {
            let mine = self.rows.entry(key.clone()).or_insert_with(|| {
                bytes += row_bytes(key);
                Vec::new()
            });
            if mine.len() < theirs.len() {
                bytes += ((theirs.len() - mine.len()) * std::mem::size_of::<Option<V>>()) as u64;
                mine.resize(theirs.len(), None);
            }
            for (m, t) in mine.iter_mut().zip(theirs) {
                if m.is_none() && t.is_some() {
                    *m = *t;
                    self.entries += 1;
                }
            }
        }
        bytes
    }

    /// The value of a normalized spider, if stored.
    pub fn get_spider(&self, s: &Spider) -> Option<V> {
        let (slot, leg) = first_view(s);
        self.get(&slot, leg)
    }

    /// Stores the value of a normalized spider under all its views; returns
    /// the number of bytes newly allocated.
    pub fn store(&mut self, s: &Spider, v: V) -> u64 {
        let mut bytes = 0;
        for (slot, leg) in views(s) {
            let i = slot.index(leg);
            let key_bytes = row_bytes(&slot.row);
            let row = self.rows.entry(slot.row).or_insert_with(|| {
                bytes += key_bytes;
                Vec::new()
            });
            if row.len() <= i {
                let grown = (i + 1).max(row.len() * 2).max(16);
                bytes += ((grown - row.len()) * std::mem::size_of::<Option<V>>()) as u64;
                row.resize(grown, None);
            }
            if row[i].is_none() {
                self.entries += 1;
            }
            row[i] = Some(v);
        }
        bytes
    }
}

impl<V: Copy> Default for RowMemo<V> {
    fn default() -> Self {
        RowMemo::new()
    }
}

/// Bytes of a new row besides its slots: its place in the table (key,
/// vector and control byte, with spare room), and a large key's words.
pub fn row_bytes(key: &SpiderKey) -> u64 {
    match key {
        SpiderKey::Small(_) => 64,
        SpiderKey::Large(words) => 64 + 8 * words.len() as u64,
    }
}

/// The view used for look-ups: the first leg (the path's stored direction).
fn first_view(s: &Spider) -> (Slot, Leg) {
    let others: Legs = s.legs.iter().skip(1).copied().collect();
    (Slot::of(s.hub, others), s.legs[0])
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
