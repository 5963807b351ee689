//! Fair Shares and Varied Pairs (*CGT V*): the almonds lie in heaps; a
//! move either divides a heap into two or more equal-sized heaps, or merges
//! two heaps of *different* sizes into one. A player who faces all heaps of
//! size 1 cannot move and loses. The game is loopy.
//!
//! A position is a partition of the number of almonds, sorted in decreasing
//! order and written `3,2,1`.

use super::{GameError, Notation, PositionError, heap_block, parse_list};
use crate::explore::Game;

/// The largest number of almonds supported (the partitions of 80 number
/// about 15.8 million).
pub const MAX_ALMONDS: u32 = 80;

/// Fair Shares and Varied Pairs with a fixed number of almonds.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct FairShares {
    almonds: u32,
}

impl FairShares {
    /// The game with `almonds` almonds (1 to [`MAX_ALMONDS`]).
    pub fn new(almonds: u64) -> Result<FairShares, GameError> {
        if almonds == 0 || almonds > u64::from(MAX_ALMONDS) {
            return Err(GameError::Almonds { almonds, max: MAX_ALMONDS });
        }
        Ok(FairShares { almonds: almonds as u32 })
    }

    /// The number of positions: the partitions of the almonds.
    pub fn position_count(&self) -> u64 {
        partition_count(self.almonds)
    }

    /// The number of almonds.
    pub fn almonds(&self) -> u32 {
        self.almonds
    }

    /// Every position: all partitions of the almonds, in reverse
    /// lexicographic order (the single heap first, all ones last).
    pub fn all_positions(&self) -> Vec<Vec<u32>> {
        let mut all = Vec::new();
        let mut current = Vec::new();
        partitions(self.almonds, self.almonds, &mut current, &mut all);
        all
    }
}

/// The number of partitions of `n` (Euler's recurrence by parts).
fn partition_count(n: u32) -> u64 {
    let n = n as usize;
    let mut p = vec![0u64; n + 1];
    p[0] = 1;
    for part in 1..=n {
        for total in part..=n {
            p[total] += p[total - part];
        }
    }
    p[n]
}

fn partitions(rest: u32, largest: u32, current: &mut Vec<u32>, all: &mut Vec<Vec<u32>>) {
    if rest == 0 {
        all.push(current.clone());
        return;
    }
    for part in (1..=largest.min(rest)).rev() {
        current.push(part);
        partitions(rest - part, part, current, all);
        current.pop();
    }
}

fn sorted_desc(mut v: Vec<u32>) -> Vec<u32> {
    v.sort_unstable_by(|a, b| b.cmp(a));
    v
}

impl Game for FairShares {
    type Position = Vec<u32>;

    fn followers(&self, heaps: &Vec<u32>, out: &mut Vec<Vec<u32>>) {
        for (i, &h) in heaps.iter().enumerate() {
            if i > 0 && heaps[i - 1] == h {
                continue;
            }
            // Fair shares: h into k equal heaps, k >= 2 dividing h.
            for k in 2..=h {
                if h % k == 0 {
                    let mut next = heaps.clone();
                    next.remove(i);
                    next.extend(std::iter::repeat_n(h / k, k as usize));
                    out.push(sorted_desc(next));
                }
            }
            // Varied pairs: h with a smaller heap of a different size.
            for (j, &g) in heaps.iter().enumerate().skip(i + 1) {
                if g < h && heaps[j - 1] != g {
                    let mut next = heaps.clone();
                    next.remove(j);
                    next.remove(i);
                    next.push(h + g);
                    out.push(sorted_desc(next));
                }
            }
        }
    }

    fn position_bytes(&self, heaps: &Vec<u32>) -> usize {
        heap_block(heaps.capacity() * size_of::<u32>())
    }
}

impl Notation for FairShares {
    fn format(&self, heaps: &Vec<u32>) -> String {
        heaps.iter().map(u32::to_string).collect::<Vec<_>>().join(",")
    }

    fn parse(&self, text: &str) -> Result<Vec<u32>, PositionError> {
        let heaps = parse_list(text, "a heap")?;
        if heaps.contains(&0) {
            return Err(PositionError::EmptyHeap { text: text.trim().to_string() });
        }
        let total = heaps.iter().fold(0u64, |a, &h| a.saturating_add(h));
        if total != u64::from(self.almonds) {
            return Err(PositionError::Almonds { text: text.trim().to_string(), total, almonds: self.almonds });
        }
        Ok(sorted_desc(heaps.into_iter().map(|h| h as u32).collect()))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn six_almonds() {
        let g = FairShares::new(6).unwrap();
        let all = g.all_positions();
        assert_eq!(all.first(), Some(&vec![6]));
        assert_eq!(all.last(), Some(&vec![1; 6]));
        let mut out = Vec::new();
        g.followers(&vec![3, 2, 1], &mut out);
        out.sort();
        // 3 -> 1,1,1; 2 -> 1,1;  merge 3+2, 3+1, 2+1.
        assert_eq!(out, vec![vec![2, 1, 1, 1, 1], vec![3, 1, 1, 1], vec![3, 3], vec![4, 2], vec![5, 1]]);
        out.clear();
        g.followers(&vec![2, 2, 2], &mut out);
        assert_eq!(out, vec![vec![2, 2, 1, 1]]);
        assert_eq!(g.parse("1,2,3"), Ok(vec![3, 2, 1]));
        assert!(matches!(g.parse("1,2"), Err(PositionError::Almonds { total: 3, almonds: 6, .. })));
        assert_eq!(g.position_count(), all.len() as u64);
        assert_eq!(FairShares::new(80).unwrap().position_count(), 15_796_476);
        assert_eq!(FairShares::new(0), Err(GameError::Almonds { almonds: 0, max: MAX_ALMONDS }));
    }
}
