//! A small deterministic pseudo-random generator (SplitMix64), for random
//! digraphs in tests, benchmarks and experiments that must be re-runnable.

use crate::digraph::{Digraph, DigraphBuilder};

/// SplitMix64 (Steele, Lea and Flood): 64 bits of state, full period, and good
/// enough statistics for generating test digraphs. Not for cryptography.
#[derive(Debug, Clone)]
pub struct SplitMix64 {
    state: u64,
}

impl SplitMix64 {
    /// A generator started from `seed`; the same seed gives the same sequence.
    pub fn new(seed: u64) -> SplitMix64 {
        SplitMix64 { state: seed }
    }

    /// The next 64 random bits.
    pub fn next_u64(&mut self) -> u64 {
        self.state = self.state.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.state;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    }

    /// A number in `0..bound` (`bound > 0`), by Lemire's multiply-shift
    /// (bias below 2^-32 for the bounds used here).
    pub fn below(&mut self, bound: u64) -> u64 {
        ((u128::from(self.next_u64()) * u128::from(bound)) >> 64) as u64
    }
}

/// A random digraph on `positions` positions with exactly `moves` moves: each
/// move goes from a uniformly random position to a uniformly random position
/// (self-loops and parallel moves allowed). Positions that get no move are
/// terminal, so the result has a mix of P, N and D positions when
/// `moves / positions` is small (about 1 to 3).
///
/// # Panics
/// If `positions` is 0 while `moves` is not, or the sizes exceed
/// [`MAX_SIZE`](crate::MAX_SIZE).
pub fn random_digraph(positions: usize, moves: usize, seed: u64) -> Digraph {
    let mut rng = SplitMix64::new(seed);
    let mut b = DigraphBuilder::with_positions(positions).expect("size within MAX_SIZE");
    b.reserve_moves(moves);
    for _ in 0..moves {
        let from = rng.below(positions as u64) as usize;
        let to = rng.below(positions as u64) as usize;
        b.add_move(from, to).expect("positions in range");
    }
    b.build()
}

/// A random digraph whose moves mostly go down: each of the `moves` moves
/// leaves a uniformly random position `u` and, with probability
/// `1 - up_per_mille / 1000`, goes to a uniformly random position below `u`
/// (position 0 keeps no such move); otherwise it goes to any position. With a
/// few upward moves this has many finite gamma values of some size, some
/// cycles and some draws: a harder case for [`gamma`](crate::gamma()) than a
/// uniform random digraph.
pub fn random_downward_digraph(positions: usize, moves: usize, up_per_mille: u64, seed: u64) -> Digraph {
    let mut rng = SplitMix64::new(seed);
    let mut b = DigraphBuilder::with_positions(positions).expect("size within MAX_SIZE");
    b.reserve_moves(moves);
    let mut added = 0;
    while added < moves {
        let from = rng.below(positions as u64);
        let to = if rng.below(1000) < up_per_mille {
            rng.below(positions as u64)
        } else if from > 0 {
            rng.below(from)
        } else {
            continue;
        };
        b.add_move(from as usize, to as usize).expect("positions in range");
        added += 1;
    }
    b.build()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn deterministic_and_in_range() {
        let mut a = SplitMix64::new(7);
        let mut b = SplitMix64::new(7);
        for _ in 0..100 {
            let x = a.below(10);
            assert_eq!(x, b.below(10));
            assert!(x < 10);
        }
        let g = random_digraph(50, 120, 3);
        assert_eq!(g.move_count(), 120);
        assert_eq!(g, random_digraph(50, 120, 3));
    }
}
