//! What the canonical engine computes about a game: its Grundy value, or the
//! parities of its terminal descendants. Both are determined by the values
//! of the followers, and both add over disjoint unions, which is all the
//! decomposition needs.

use super::closed::PathFamily;
use super::need::Need;
use super::rows::Stored;
use crate::brute::Parities;
use std::fmt::Debug;
use std::hash::Hash;

/// A quantity computed bottom-up over the game tree that adds over
/// disjoint unions of states.
pub trait Measure {
    /// The value of one position.
    type Value: Copy + Eq + Hash + Debug + Stored + Send + Sync;
    /// Accumulates the values of a position's followers.
    type Acc;
    /// The value of the game with no component (no move left).
    fn empty() -> Self::Value;
    /// The value of a disjoint union.
    fn sum(a: Self::Value, b: Self::Value) -> Self::Value;
    /// An accumulator for a position with at most `moves` followers.
    fn start(moves: usize) -> Self::Acc;
    /// Adds a follower's value.
    fn push(acc: &mut Self::Acc, v: Self::Value);
    /// Adds the values of several followers.
    fn push_all(acc: &mut Self::Acc, values: &[Self::Value]) {
        for &v in values {
            Self::push(acc, v);
        }
    }
    /// Adds the values of several followers, as an iterator (no buffer).
    fn push_iter(acc: &mut Self::Acc, values: impl Iterator<Item = Self::Value>) {
        for v in values {
            Self::push(acc, v);
        }
    }
    /// The position's value from its followers' values (none: a terminal position).
    fn finish(acc: Self::Acc) -> Self::Value;
    /// The value of the path component with ends `left`, `right` and `len`
    /// edges, when a result of the paper gives it ([`PathFamily`]).
    fn path_value(_left: Need, _len: u32, _right: Need) -> Option<Self::Value> {
        None
    }
    /// Writes into `out[n]` the value of the path with ends `left`, `right`
    /// and `n` edges, for every `n` below `out.len()`; only called when
    /// [`Measure::path_value`] gives these values.
    fn path_values(left: Need, right: Need, out: &mut [Self::Value]) {
        for (n, v) in out.iter_mut().enumerate() {
            *v = Self::path_value(left, n as u32, right).expect("a closed form");
        }
    }
}

/// The Grundy value: mex of the followers, nim-sum over unions.
pub struct Grundy;

/// The follower values seen, up to the number of followers (larger values
/// cannot change the mex): those below 64 as bits of one word, the others
/// as one byte each, so that marking one is a plain store and never waits
/// for the marking before it (a bit set in memory is a read, a change and
/// a write, and runs of values in one word queue up behind each other).
pub struct SeenValues {
    low: u64,
    /// `high[v - 64]` is 1 when `v` was seen.
    high: Vec<u8>,
    limit: u32,
}

impl Measure for Grundy {
    type Value = u32;
    type Acc = SeenValues;

    fn empty() -> u32 {
        0
    }

    fn sum(a: u32, b: u32) -> u32 {
        a ^ b
    }

    fn start(moves: usize) -> SeenValues {
        SeenValues { low: 0, high: vec![0; moves.saturating_sub(63)], limit: moves as u32 }
    }

    #[inline]
    fn push(acc: &mut SeenValues, v: u32) {
        if v < 64 {
            acc.low |= 1 << v;
        } else if v <= acc.limit {
            acc.high[(v - 64) as usize] = 1;
        }
    }

    fn push_all(acc: &mut SeenValues, values: &[u32]) {
        Self::push_iter(acc, values.iter().copied());
    }

    #[inline]
    fn push_iter(acc: &mut SeenValues, values: impl Iterator<Item = u32>) {
        // Values below 64 gather in a register. A bit past the limit does
        // no harm: with at most `limit` followers some value up to `limit`
        // is missing, and the mex is the first one missing.
        let mut low = 0u64;
        for v in values {
            if v < 64 {
                low |= 1 << v;
            } else if v <= acc.limit {
                acc.high[(v - 64) as usize] = 1;
            }
        }
        acc.low |= low;
    }

    fn finish(acc: SeenValues) -> u32 {
        if acc.low != u64::MAX {
            return acc.low.trailing_ones();
        }
        64 + acc.high.iter().position(|&b| b == 0).unwrap_or(acc.high.len()) as u32
    }

    fn path_value(left: Need, len: u32, right: Need) -> Option<u32> {
        PathFamily::of(left, right).map(|f| f.grundy(len))
    }

    fn path_values(left: Need, right: Need, out: &mut [u32]) {
        let family = PathFamily::of(left, right).expect("a closed form");
        for (n, v) in out.iter_mut().enumerate() {
            *v = family.grundy(n as u32);
        }
    }
}

/// The parities of the move counts to terminal descendants (Definition 7.1):
/// union over followers, shifted by one move; sums of parities over unions.
pub struct Parity;

impl Measure for Parity {
    type Value = Parities;
    type Acc = Option<Parities>;

    fn empty() -> Parities {
        Parities { even: true, odd: false }
    }

    fn sum(a: Parities, b: Parities) -> Parities {
        a.sum(b)
    }

    fn start(_moves: usize) -> Option<Parities> {
        None
    }

    fn push(acc: &mut Option<Parities>, v: Parities) {
        let shifted = Parities { even: v.odd, odd: v.even };
        *acc = Some(match *acc {
            None => shifted,
            Some(p) => Parities { even: p.even || shifted.even, odd: p.odd || shifted.odd },
        });
    }

    fn finish(acc: Option<Parities>) -> Parities {
        acc.unwrap_or(Parities { even: true, odd: false })
    }

    fn path_value(left: Need, len: u32, right: Need) -> Option<Parities> {
        let p = PathFamily::of(left, right)?.moves_parity(len)?;
        Some(Parities { even: p == 0, odd: p == 1 })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn mex_over_words() {
        let mut a = Grundy::start(200);
        for v in (0..130).chain([500]) {
            Grundy::push(&mut a, v);
        }
        assert_eq!(Grundy::finish(a), 130);
        assert_eq!(Grundy::finish(Grundy::start(0)), 0);
        let mut a = Grundy::start(1);
        Grundy::push(&mut a, 0);
        assert_eq!(Grundy::finish(a), 1);
        let mut full = Grundy::start(63);
        for v in 0..64 {
            Grundy::push(&mut full, v);
        }
        assert_eq!(Grundy::finish(full), 64);
    }
}
