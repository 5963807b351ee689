//! Cycle components: canonical keys in linear time.
//!
//! A component in which every vertex has degree 2 is a cycle; its class up
//! to isomorphism and flip is the cyclic sequence of its labels read in
//! either direction, with or without `In` and `Out` swapped. The key is
//! the least of the four sequences, each at its least rotation (the
//! two-pointer minimum-rotation algorithm, linear in the length). This
//! replaces individualization-refinement, which tries every vertex of a
//! cycle whose labels are all equal and costs a cube of its length.

use super::component::Component;
use super::scratch::Scratch;

/// The key tag of a cycle (trees and other graphs use 1 and 2).
const CYCLE: u8 = 3;

/// `true` when the component is a cycle: connected (as every component is)
/// and every vertex of degree 2.
pub fn is_cycle(c: &Component, scratch: &Scratch) -> bool {
    c.edges.len() == c.labels.len() && c.labels.len() >= 3 && scratch.deg.iter().all(|&d| d == 2)
}

/// The labels around a cycle, starting at vertex 0 (`scratch` holds its adjacency).
pub fn labels_around(c: &Component, scratch: &Scratch) -> Vec<u8> {
    let n = c.labels.len();
    let mut out = Vec::with_capacity(n);
    let (mut prev, mut cur) = (usize::MAX, 0usize);
    for _ in 0..n {
        out.push(c.labels[cur] as u8);
        let ns = scratch.neighbours(cur);
        let next = if ns[0] != prev { ns[0] } else { ns[1] };
        (prev, cur) = (cur, next);
    }
    out
}

/// The key of a cycle component (`scratch` holds its adjacency).
pub fn key(c: &Component, scratch: &Scratch) -> Vec<u8> {
    let seq = labels_around(c, scratch);
    let flip = |s: &[u8]| -> Vec<u8> { s.iter().map(|&l| [0, 2, 1, 3][l as usize]).collect() };
    let reversed: Vec<u8> = seq.iter().rev().copied().collect();
    let candidates = [flip(&seq), flip(&reversed), seq, reversed];
    let best = candidates.iter().map(|s| rotated(s, least_rotation(s))).min().expect("four candidates");
    let mut out = Vec::with_capacity(5 + best.len());
    out.push(CYCLE);
    out.extend((best.len() as u32).to_be_bytes());
    out.extend(best);
    out
}

/// `true` when every vertex of the cycle has the same label: then every
/// move is the image of every other under a rotation, a reflection and
/// possibly the flip, and the followers all have the same value.
pub fn is_uniform(c: &Component) -> bool {
    c.labels.windows(2).all(|w| w[0] == w[1])
}

/// The start of the least rotation of `s`.
fn least_rotation(s: &[u8]) -> usize {
    let n = s.len();
    let (mut i, mut j, mut k) = (0, 1, 0);
    while i < n && j < n && k < n {
        let (a, b) = (s[(i + k) % n], s[(j + k) % n]);
        if a == b {
            k += 1;
            continue;
        }
        if a > b {
            i += k + 1;
        } else {
            j += k + 1;
        }
        if i == j {
            j += 1;
        }
        k = 0;
    }
    i.min(j)
}

fn rotated(s: &[u8], r: usize) -> Vec<u8> {
    s[r..].iter().chain(&s[..r]).copied().collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::canonical::need::Need::{self, *};

    fn cycle(labels: &[Need], order: &[u32]) -> Component {
        let n = order.len();
        let edges = (0..n).map(|i| (order[i], order[(i + 1) % n])).collect();
        Component { labels: labels.to_vec(), edges }
    }

    fn key_of(c: &Component) -> Vec<u8> {
        let mut s = Scratch::default();
        s.load(c);
        assert!(is_cycle(c, &s));
        key(c, &s)
    }

    #[test]
    fn least_rotations_by_brute_force() {
        let mut x = 5u64;
        for n in 1..12 {
            for _ in 0..30 {
                let s: Vec<u8> = (0..n)
                    .map(|_| {
                        x = x.wrapping_mul(6364136223846793005).wrapping_add(1442695040888963407);
                        (x >> 62) as u8
                    })
                    .collect();
                let best = (0..n).map(|r| rotated(&s, r)).min().unwrap();
                assert_eq!(rotated(&s, least_rotation(&s)), best, "{s:?}");
            }
        }
    }

    #[test]
    fn keys_ignore_numbering_direction_and_flip() {
        let a = cycle(&[Both, In, Both, Out, Both], &[0, 1, 2, 3, 4]);
        // The same cycle numbered in another order.
        let b = cycle(&[Both, Both, In, Out, Both], &[1, 2, 0, 3, 4]);
        assert_eq!(key_of(&a), key_of(&b));
        assert_eq!(key_of(&a), key_of(&a.flip()));
        let c = cycle(&[Both, In, In, Out, Both], &[0, 1, 2, 3, 4]);
        assert_ne!(key_of(&a), key_of(&c));
    }
}
