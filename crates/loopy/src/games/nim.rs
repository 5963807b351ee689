//! Nim and Nimble.
//!
//! * **Nim**: heaps of stones; a move takes any positive number of stones from
//!   one heap. Positions are the heap sizes in order, written `3,4,5`.
//! * **Nimble** (seed text `003`): coins on the squares `0, 1, 2, ...` of a
//!   line, several per square allowed; a move takes one coin and moves it to
//!   any square to its left. Play ends when every coin is on square 0. It is
//!   Nim in disguise: a coin on square `s` is a heap of `s`. Positions are the
//!   squares of the coins, sorted, written `1,3,3,7`.

use super::{Notation, parse_list};
use crate::explore::Game;

fn to_u32s(values: Vec<u64>, what: &str) -> Result<Vec<u32>, String> {
    values
        .into_iter()
        .map(|x| u32::try_from(x).map_err(|_| format!("{what} up to {} are supported, got {x}", u32::MAX)))
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
}

impl Notation for Nim {
    fn format(&self, heaps: &Vec<u32>) -> String {
        join(heaps)
    }

    fn parse(&self, text: &str) -> Result<Vec<u32>, String> {
        let heaps = to_u32s(parse_list(text, "a heap size")?, "heap sizes")?;
        if heaps.is_empty() {
            return Err("give the heap sizes separated by commas, e.g. 3,4,5".into());
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
}

impl Notation for Nimble {
    fn format(&self, coins: &Vec<u32>) -> String {
        join(coins)
    }

    fn parse(&self, text: &str) -> Result<Vec<u32>, String> {
        let mut coins = to_u32s(parse_list(text, "a square number")?, "squares")?;
        if coins.is_empty() {
            return Err("give the squares of the coins separated by commas, e.g. 1,3,3,7".into());
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
        assert!(Nim.parse("1,x").is_err());
    }
}
