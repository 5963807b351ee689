//! Turning Turtles (*Games on Arbitrary Graphs*): a row of `n` coins, each heads (`H`) or
//! tails (`T`); a move turns one coin from heads to tails and, if desired, one
//! other coin to its left (either way). It is Nim in disguise: a head in place
//! `k` (counting from 1 at the left) is a Nim heap of `k`.
//!
//! A position is a bit mask, bit `k - 1` set when coin `k` shows heads, and is
//! written as the row of letters, coin 1 first: `THTTH`.

use super::{GameError, Notation, PositionError};
use crate::explore::Game;

/// The largest row supported.
pub const MAX_COINS: u32 = 64;

/// Turning Turtles on a row of `coins` coins (at most [`MAX_COINS`]).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct TurningTurtles {
    coins: u32,
}

impl TurningTurtles {
    /// The game on a row of `coins` coins; fails above [`MAX_COINS`].
    pub fn new(coins: u64) -> Result<TurningTurtles, GameError> {
        if coins > u64::from(MAX_COINS) {
            return Err(GameError::Coins { coins, max: MAX_COINS });
        }
        Ok(TurningTurtles { coins: coins as u32 })
    }

    /// The number of coins in the row.
    pub fn coins(&self) -> u32 {
        self.coins
    }
}

impl Game for TurningTurtles {
    type Position = u64;

    fn followers(&self, &heads: &u64, out: &mut Vec<u64>) {
        for k in 0..self.coins {
            if heads >> k & 1 == 1 {
                let base = heads & !(1 << k);
                out.push(base);
                out.extend((0..k).map(|m| base ^ (1 << m)));
            }
        }
    }
}

impl Notation for TurningTurtles {
    fn format(&self, &heads: &u64) -> String {
        (0..self.coins).map(|k| if heads >> k & 1 == 1 { 'H' } else { 'T' }).collect()
    }

    fn parse(&self, text: &str) -> Result<u64, PositionError> {
        let t = text.trim();
        if t.chars().count() != self.coins as usize {
            return Err(PositionError::RowLength { coins: self.coins, text: t.to_string() });
        }
        let mut heads = 0u64;
        for (k, c) in t.chars().enumerate() {
            match c {
                'H' | 'h' => heads |= 1 << k,
                'T' | 't' => {}
                _ => return Err(PositionError::Coin { found: c, text: t.to_string() }),
            }
        }
        Ok(heads)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn notation_round_trip_and_moves() {
        let g = TurningTurtles::new(5).unwrap();
        let p = g.parse("THTTH").unwrap();
        assert_eq!(p, 0b10010);
        assert_eq!(g.format(&p), "THTTH");
        let mut out = Vec::new();
        g.followers(&0b10, &mut out);
        assert_eq!(out, vec![0b00, 0b01]);
        assert_eq!(g.parse("THT"), Err(PositionError::RowLength { coins: 5, text: "THT".into() }));
        assert_eq!(g.parse("THxTH"), Err(PositionError::Coin { found: 'x', text: "THxTH".into() }));
        assert_eq!(TurningTurtles::new(65), Err(GameError::Coins { coins: 65, max: 64 }));
    }
}
