//! One-heap games: a position is a heap of `n` stones (chips, counters).
//!
//! Rules, as in the sources of the crate (*CGT V*, *Games on Arbitrary Graphs*):
//!
//! * **subtraction game** with subtraction set `S`: remove `s ∈ S` stones;
//! * **Nim** on one heap: remove any positive number of stones;
//! * **At-Least-Half**: remove at least half of the stones (and at least one);
//! * **At-Most-Half**: remove at least one and at most half of the stones;
//!   0 and 1 are terminal;
//! * **divisor game**: remove `c` stones where `c` divides `n`, `1 ≤ c ≤ n`;
//! * **Aliquot game** (Silverman): as the divisor game but `c < n`; positions
//!   start at 1, which is terminal;
//! * **Square-But-One**: remove a positive square number of stones, or, from
//!   a positive even heap, add one stone (loopy: 2 is a draw);
//! * **Square-But-One, odd variant**: remove a positive square, or add one
//!   stone to an odd heap;
//! * **Epstein's Put-or-Take-a-Square**: with `m²` the largest square not
//!   exceeding `n > 0`, add or remove `m²` stones;
//! * **Norton's Tribulations**: with `t` the largest triangular number not
//!   exceeding `n > 0`, add or remove `t` stones.
//!
//! The last four can grow the heap, so they are explored up to a bound
//! ([`HeapGame::with_bound`]); moves beyond it are cut off.

use super::{GameError, Notation, PositionError, parse_number};
use crate::explore::{Game, SizeHint};

/// The largest heap accepted, so that no rule overflows.
pub const MAX_HEAP: u64 = 1 << 60;

/// The rule of a one-heap game.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum HeapRule {
    /// Remove `s` stones for an `s` in the set (sorted, distinct, positive).
    Subtraction(Vec<u64>),
    /// Remove any positive number of stones.
    Nim,
    /// Remove at least half the stones.
    AtLeastHalf,
    /// Remove at least one and at most half the stones.
    AtMostHalf,
    /// Remove a divisor of the heap (the whole heap included).
    Divisor,
    /// Remove a proper divisor of the heap (not the whole heap).
    Aliquot,
    /// Remove a positive square, or add one stone to a positive even heap.
    SquareButOne,
    /// Remove a positive square, or add one stone to an odd heap.
    SquareButOneOdd,
    /// Add or remove the largest square not exceeding the heap.
    PutOrTakeASquare,
    /// Add or remove the largest triangular number not exceeding the heap.
    Tribulations,
}

/// A one-heap game: a rule and an optional bound on the heap.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct HeapGame {
    rule: HeapRule,
    bound: Option<u64>,
}

impl HeapGame {
    /// The game with this rule and no bound.
    pub fn new(rule: HeapRule) -> HeapGame {
        HeapGame { rule, bound: None }
    }

    /// The subtraction game with subtraction set `set`; fails on an empty set
    /// or a zero.
    pub fn subtraction(set: impl IntoIterator<Item = u64>) -> Result<HeapGame, GameError> {
        let mut s: Vec<u64> = set.into_iter().collect();
        s.sort_unstable();
        s.dedup();
        if s.is_empty() {
            return Err(GameError::EmptySubtractionSet);
        }
        if s[0] == 0 {
            return Err(GameError::ZeroInSubtractionSet);
        }
        Ok(HeapGame::new(HeapRule::Subtraction(s)))
    }

    /// The same game with heaps larger than `bound` cut off.
    pub fn with_bound(mut self, bound: u64) -> HeapGame {
        self.bound = Some(bound);
        self
    }

    /// The subtraction set of a subtraction game (sorted), `None` for the
    /// other rules.
    pub fn subtraction_set(&self) -> Option<&[u64]> {
        match &self.rule {
            HeapRule::Subtraction(set) => Some(set),
            _ => None,
        }
    }

    /// The rule.
    pub fn rule(&self) -> &HeapRule {
        &self.rule
    }

    /// The bound, if any.
    pub fn bound(&self) -> Option<u64> {
        self.bound
    }

    /// The smallest heap that is a position (1 for the Aliquot game, else 0).
    pub fn smallest_position(&self) -> u64 {
        if self.rule == HeapRule::Aliquot { 1 } else { 0 }
    }

    /// Whether a move can make the heap larger (then a bound is needed).
    pub fn grows(&self) -> bool {
        matches!(
            self.rule,
            HeapRule::SquareButOne | HeapRule::SquareButOneOdd | HeapRule::PutOrTakeASquare | HeapRule::Tribulations
        )
    }
}

/// The largest triangular number `k(k+1)/2` not exceeding `n` (0 for `n = 0`).
pub fn largest_triangular(n: u64) -> u64 {
    let mut k = ((8 * u128::from(n) + 1).isqrt() as u64 - 1) / 2;
    while k * (k + 1) / 2 > n {
        k -= 1;
    }
    k * (k + 1) / 2
}

fn divisors(n: u64, out: &mut Vec<u64>) {
    let mut d = 1;
    while d * d <= n {
        if n.is_multiple_of(d) {
            out.push(d);
            if d != n / d {
                out.push(n / d);
            }
        }
        d += 1;
    }
}

impl Game for HeapGame {
    type Position = u64;

    fn followers(&self, &n: &u64, out: &mut Vec<u64>) {
        let squares = |out: &mut Vec<u64>| {
            let mut m = 1;
            while m * m <= n {
                out.push(n - m * m);
                m += 1;
            }
        };
        match &self.rule {
            HeapRule::Subtraction(set) => out.extend(set.iter().take_while(|&&s| s <= n).map(|&s| n - s)),
            HeapRule::Nim => out.extend((0..n).rev()),
            HeapRule::AtLeastHalf if n > 0 => out.extend((0..=n / 2).rev()),
            HeapRule::AtLeastHalf => {}
            HeapRule::AtMostHalf => out.extend((n - n / 2..n).rev()),
            HeapRule::Divisor if n > 0 => {
                let mut d = Vec::new();
                divisors(n, &mut d);
                d.sort_unstable();
                out.extend(d.iter().map(|&c| n - c));
            }
            HeapRule::Divisor => {}
            HeapRule::Aliquot => {
                let mut d = Vec::new();
                divisors(n, &mut d);
                d.sort_unstable();
                out.extend(d.iter().filter(|&&c| c < n).map(|&c| n - c));
            }
            HeapRule::SquareButOne => {
                squares(out);
                if n > 0 && n % 2 == 0 {
                    out.push(n + 1);
                }
            }
            HeapRule::SquareButOneOdd => {
                squares(out);
                if n % 2 == 1 {
                    out.push(n + 1);
                }
            }
            HeapRule::PutOrTakeASquare if n > 0 => {
                let m = n.isqrt();
                out.extend([n - m * m, n + m * m]);
            }
            HeapRule::Tribulations if n > 0 => {
                let t = largest_triangular(n);
                out.extend([n - t, n + t]);
            }
            HeapRule::PutOrTakeASquare | HeapRule::Tribulations => {}
        }
    }

    fn in_bounds(&self, &n: &u64) -> bool {
        n <= self.bound.unwrap_or(MAX_HEAP) && n >= self.smallest_position()
    }

    /// Exact for Nim (every smaller heap, each with a move to every smaller
    /// one); the start alone for the other rules.
    fn size_hint(&self, &n: &u64) -> SizeHint {
        match self.rule {
            HeapRule::Nim => {
                SizeHint { positions: n.saturating_add(1), moves: n.saturating_mul(n.saturating_add(1)) / 2 }
            }
            _ => SizeHint::START,
        }
    }
}

impl Notation for HeapGame {
    fn format(&self, n: &u64) -> String {
        n.to_string()
    }

    fn parse(&self, text: &str) -> Result<u64, PositionError> {
        let n = parse_number(text, "a heap")?;
        if n < self.smallest_position() {
            return Err(PositionError::BelowSmallest { heap: n, smallest: self.smallest_position() });
        }
        if n > MAX_HEAP {
            return Err(PositionError::TooLarge { what: "heaps", value: n, max: MAX_HEAP });
        }
        match self.bound {
            Some(bound) if n > bound => Err(PositionError::BeyondBound { heap: n, bound }),
            _ => Ok(n),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn followers(g: &HeapGame, n: u64) -> Vec<u64> {
        let mut v = Vec::new();
        g.followers(&n, &mut v);
        v.sort_unstable();
        v
    }

    #[test]
    fn rules_on_small_heaps() {
        let sbo = HeapGame::new(HeapRule::SquareButOne);
        assert_eq!(followers(&sbo, 2), vec![1, 3]);
        assert_eq!(followers(&sbo, 3), vec![2]);
        assert_eq!(followers(&sbo, 0), Vec::<u64>::new());
        let odd = HeapGame::new(HeapRule::SquareButOneOdd);
        assert_eq!(followers(&odd, 3), vec![2, 4]);
        // "with 7 stones, you're allowed to put or take 4 stones"
        let pt = HeapGame::new(HeapRule::PutOrTakeASquare);
        assert_eq!(followers(&pt, 7), vec![3, 11]);
        let tri = HeapGame::new(HeapRule::Tribulations);
        assert_eq!(followers(&tri, 7), vec![1, 13]);
        assert_eq!(largest_triangular(10), 10);
        assert_eq!(largest_triangular(9), 6);
        // "from a pile of 12 chips, you may remove 1, 2, 3, 4, 6, or 12 chips"
        assert_eq!(followers(&HeapGame::new(HeapRule::Divisor), 12), vec![0, 6, 8, 9, 10, 11]);
        assert_eq!(followers(&HeapGame::new(HeapRule::Aliquot), 12), vec![6, 8, 9, 10, 11]);
        assert_eq!(followers(&HeapGame::new(HeapRule::AtMostHalf), 1), Vec::<u64>::new());
        assert_eq!(followers(&HeapGame::new(HeapRule::AtMostHalf), 5), vec![3, 4]);
        assert_eq!(followers(&HeapGame::new(HeapRule::AtLeastHalf), 5), vec![0, 1, 2]);
        assert_eq!(followers(&HeapGame::subtraction([4, 1, 3]).unwrap(), 3), vec![0, 2]);
        assert_eq!(HeapGame::subtraction([]), Err(GameError::EmptySubtractionSet));
        assert_eq!(HeapGame::subtraction([0, 2]), Err(GameError::ZeroInSubtractionSet));
    }

    #[test]
    fn notation() {
        let g = HeapGame::new(HeapRule::Aliquot);
        assert_eq!(g.parse(" 12 "), Ok(12));
        assert_eq!(g.parse("0"), Err(PositionError::BelowSmallest { heap: 0, smallest: 1 }));
        assert!(g.parse("x").is_err());
        assert_eq!(
            HeapGame::new(HeapRule::Nim).with_bound(5).parse("6"),
            Err(PositionError::BeyondBound { heap: 6, bound: 5 })
        );
    }
}
