//! Nim and Nimble.
//!
//! * **Nim**: heaps of stones; a move takes any positive number of stones from
//!   one heap. Positions are the heap sizes in order, written `3,4,5`.
//! * **Nimble** (*Games on Arbitrary Graphs*): coins on the squares `0, 1, 2, ...` of a
//!   line, several per square allowed; a move takes one coin and moves it to
//!   any square to its left. Play ends when every coin is on square 0. It is
//!   Nim in disguise: a coin on square `s` is a heap of `s`. Positions are the
//!   squares of the coins, sorted, written `1,3,3,7`.

use super::{Notation, PositionError, heap_block, parse_list};
use crate::explore::{Game, SizeHint};

fn to_u32s(values: Vec<u64>, what: &'static str) -> Result<Vec<u32>, PositionError> {
    values
        .into_iter()
        .map(|x| u32::try_from(x).map_err(|_| PositionError::TooLarge { what, value: x, max: u64::from(u32::MAX) }))
        .collect()
}

fn join(values: &[u32]) -> String {
    values.iter().map(u32::to_string).collect::<Vec<_>>().join(",")
}

/// Nim on any number of heaps.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct Nim;

impl Game for Nim {
    type Position = Vec<u32>;

    fn followers(&self, heaps: &Vec<u32>, out: &mut Vec<Vec<u32>>) {
        for (i, &h) in heaps.iter().enumerate() {
            for smaller in (0..h).rev() {
                let mut next = heaps.clone();
                next[i] = smaller;
                out.push(next);
            }
        }
    }

    fn position_bytes(&self, heaps: &Vec<u32>) -> usize {
        heap_block(heaps.capacity() * size_of::<u32>())
    }

    /// Exact: from heaps `h_1, ..., h_k` every `x` with `x_i <= h_i` is
    /// reachable, `P = Π (h_i + 1)` positions, and `x` has `Σ x_i` moves,
    /// `P · Σ h_i / 2` in all (saturating).
    fn size_hint(&self, heaps: &Vec<u32>) -> SizeHint {
        let positions = heaps.iter().try_fold(1u128, |p, &h| p.checked_mul(u128::from(h) + 1));
        let moves = positions.and_then(|p| {
            heaps.iter().try_fold(0u128, |m, &h| {
                m.checked_add(p / (u128::from(h) + 1) * (u128::from(h) * (u128::from(h) + 1) / 2))
            })
        });
        let clamp = |x: Option<u128>| x.map_or(u64::MAX, |x| u64::try_from(x).unwrap_or(u64::MAX));
        SizeHint { positions: clamp(positions), moves: clamp(moves) }
    }
}

impl Notation for Nim {
    fn format(&self, heaps: &Vec<u32>) -> String {
        join(heaps)
    }

    fn parse(&self, text: &str) -> Result<Vec<u32>, PositionError> {
        let heaps = to_u32s(parse_list(text, "a heap size")?, "heap sizes")?;
        if heaps.is_empty() {
            return Err(PositionError::Empty { what: "the heap sizes", example: "3,4,5" });
        }
        Ok(heaps)
    }
}

/// Nimble on an unbounded line of squares.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct Nimble;

impl Game for Nimble {
    type Position = Vec<u32>;

    fn followers(&self, coins: &Vec<u32>, out: &mut Vec<Vec<u32>>) {
        for (i, &s) in coins.iter().enumerate() {
            if i > 0 && coins[i - 1] == s {
                continue; // the same move as for the previous coin
            }
            for t in 0..s {
                let mut next = coins.clone();
                next[i] = t;
                next.sort_unstable();
                out.push(next);
            }
        }
    }

    fn position_bytes(&self, coins: &Vec<u32>) -> usize {
        heap_block(coins.capacity() * size_of::<u32>())
    }

    /// The start and the positions its last coin reaches alone: one more
    /// than the largest square, and as many moves from the start.
    fn size_hint(&self, coins: &Vec<u32>) -> SizeHint {
        let largest = u64::from(coins.iter().copied().max().unwrap_or(0));
        SizeHint { positions: largest + 1, moves: largest }
    }
}

impl Notation for Nimble {
    fn format(&self, coins: &Vec<u32>) -> String {
        join(coins)
    }

    fn parse(&self, text: &str) -> Result<Vec<u32>, PositionError> {
        let mut coins = to_u32s(parse_list(text, "a square number")?, "squares")?;
        if coins.is_empty() {
            return Err(PositionError::Empty { what: "the squares of the coins", example: "1,3,3,7" });
        }
        coins.sort_unstable();
        Ok(coins)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn moves() {
        let mut out = Vec::new();
        Nim.followers(&vec![2, 1], &mut out);
        assert_eq!(out, vec![vec![1, 1], vec![0, 1], vec![2, 0]]);
        out.clear();
        Nimble.followers(&vec![0, 2, 2], &mut out);
        assert_eq!(out, vec![vec![0, 0, 2], vec![0, 1, 2]]);
        assert_eq!(Nimble.parse("7,1,3,3"), Ok(vec![1, 3, 3, 7]));
        assert!(Nim.parse("").is_err());
        assert_eq!(Nim.size_hint(&vec![2, 1]), SizeHint { positions: 6, moves: 9 });
        assert_eq!(Nim.size_hint(&vec![1; 100]).positions, u64::MAX);
        assert_eq!(Nim.size_hint(&vec![1000; 3]), SizeHint { positions: 1_003_003_001, moves: 1_504_504_501_500 });
        assert!(Nim.parse("1,x").is_err());
    }
}
