//! The fixed part of a family and its finitely many states.
//!
//! A family with one growing leg is a small graph `H`, the *fixed part*,
//! with a path of `m` edges (the leg) attached at one vertex `v` of `H`.
//! A state of the game is, up to state isomorphism, its unmarked subgraph
//! with every vertex labelled by what it still needs ([`Need`]); this
//! module keeps the part of it that lies in `H` as a [`Piece`]: the set of
//! unmarked edges of `H` (a bit mask) and the labels (two bits a vertex).
//!
//! Two reductions keep the pieces few, both exact:
//!
//! * **dead edges**: an unmarked edge that neither direction may ever mark
//!   (a leaf that needs both arrows, as every leaf in the Game of Arrows)
//!   stays unmarked forever, so its other end can never become a sink or a
//!   source: the edge is dropped and both its ends become [`Need::Free`]
//!   ([`Fixed::normalize`]);
//! * **free vertices split**: a vertex that needs nothing constrains no
//!   move, so the game is the sum of the components of the unmarked edges
//!   joined only through vertices that need something
//!   ([`Fixed::components`]); the value of a sum is the nim-sum.
//!
//! So with the leg present, the game is `(component of v, with the leg) +
//! (the rest of H)`. The rest is a finite game whose value [`Solver`]
//! computes by the same rules, memoized; the component of `v` is the
//! *state* of the fixed part, and there are finitely many.

use crate::error::FamilyError;
use arrows_solve::canonical::Need;
use hashbrown::HashMap;

/// Unmarked edges of the fixed part and the labels of its vertices.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Piece {
    /// Bit `e` set: edge `e` of `H` is unmarked (and alive).
    pub mask: u64,
    /// Bits `2v..2v+2`: the [`Need`] of vertex `v`.
    pub labels: u128,
}

/// The fixed part `H` and the vertex `v` where the leg is attached.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Fixed {
    edges: Vec<(u8, u8)>,
    /// Per vertex, the mask of its edges.
    incident: Vec<u64>,
    /// Per edge, the label bits of its two ends.
    ends: Vec<u128>,
    attach: u8,
}

impl Fixed {
    /// The fixed part with `vertices` vertices and these edges, the leg at `attach`.
    pub fn new(vertices: usize, edges: &[(usize, usize)], attach: usize) -> Result<Fixed, FamilyError> {
        if vertices > 64 || edges.len() > 63 {
            return Err(FamilyError::FixedTooLarge { vertices, edges: edges.len() });
        }
        let mut incident = vec![0u64; vertices];
        let mut ends = Vec::with_capacity(edges.len());
        for (e, &(u, w)) in edges.iter().enumerate() {
            incident[u] |= 1 << e;
            incident[w] |= 1 << e;
            ends.push((3u128 << (2 * u)) | (3u128 << (2 * w)));
        }
        let edges = edges.iter().map(|&(u, w)| (u as u8, w as u8)).collect();
        Ok(Fixed { edges, incident, ends, attach: attach as u8 })
    }

    /// The vertex where the leg is attached.
    pub fn attach(&self) -> usize {
        self.attach as usize
    }

    /// The piece with every edge unmarked and these labels.
    pub fn whole(&self, labels: &[Need]) -> Piece {
        let mask = if self.edges.len() == 64 { u64::MAX } else { (1u64 << self.edges.len()) - 1 };
        let labels = labels.iter().enumerate().fold(0u128, |acc, (v, n)| acc | ((*n as u128) << (2 * v)));
        Piece { mask, labels }
    }

    /// The flip of `p`: every arrow reversed, so `In` and `Out` swap.
    pub fn flip(p: Piece) -> Piece {
        const LOW: u128 = 0x5555_5555_5555_5555_5555_5555_5555_5555;
        let (lo, hi) = (p.labels & LOW, (p.labels >> 1) & LOW);
        let differ = lo ^ hi;
        Piece { mask: p.mask, labels: p.labels ^ (differ | (differ << 1)) }
    }

    /// The label of `v` in `p`.
    pub fn label(p: Piece, v: usize) -> Need {
        Need::from_bits((p.labels >> (2 * v)) as u8)
    }

    /// `p` with vertex `v` labelled `n`.
    pub fn relabel(p: Piece, v: usize, n: Need) -> Piece {
        Piece { mask: p.mask, labels: (p.labels & !(3u128 << (2 * v))) | ((n as u128) << (2 * v)) }
    }

    /// The unmarked degree of `v`, the leg's first edge counted at `v` when `leg`.
    fn degree(&self, mask: u64, v: usize, leg: bool) -> usize {
        (mask & self.incident[v]).count_ones() as usize + usize::from(leg && v == self.attach as usize)
    }

    /// `true` when marking edge `e` (from its first end to its second when
    /// `forward`) is legal: neither end becomes a sink or a source.
    pub fn legal(&self, p: Piece, e: usize, forward: bool, leg: bool) -> bool {
        let (u, w) = self.edges[e];
        let (tail, head) = if forward { (u as usize, w as usize) } else { (w as usize, u as usize) };
        !Fixed::label(p, tail).blocks_out(self.degree(p.mask, tail, leg))
            && !Fixed::label(p, head).blocks_in(self.degree(p.mask, head, leg))
    }

    /// The piece after marking edge `e`.
    pub fn play(&self, p: Piece, e: usize, forward: bool) -> Piece {
        let (u, w) = self.edges[e];
        let (tail, head) = if forward { (u as usize, w as usize) } else { (w as usize, u as usize) };
        let p = Fixed::relabel(p, tail, Fixed::label(p, tail).after_out());
        let p = Fixed::relabel(p, head, Fixed::label(p, head).after_in());
        Piece { mask: p.mask & !(1 << e), labels: p.labels }
    }

    /// Drops the dead edges, freeing their ends (see the module documentation).
    pub fn normalize(&self, mut p: Piece, leg: bool) -> Piece {
        loop {
            let mut changed = false;
            let mut rest = p.mask;
            while rest != 0 {
                let e = rest.trailing_zeros() as usize;
                rest &= rest - 1;
                if !self.legal(p, e, true, leg) && !self.legal(p, e, false, leg) {
                    let (u, w) = self.edges[e];
                    p = Fixed::relabel(p, u as usize, Need::Free);
                    p = Fixed::relabel(p, w as usize, Need::Free);
                    p.mask &= !(1 << e);
                    changed = true;
                }
            }
            if !changed {
                return p;
            }
        }
    }

    /// The edges of `mask` reachable from the edges `seed` through vertices
    /// that need something.
    fn grow(&self, p: Piece, mask: u64, seed: u64) -> u64 {
        let mut comp = seed & mask;
        loop {
            let mut next = comp;
            let mut rest = comp;
            while rest != 0 {
                let e = rest.trailing_zeros() as usize;
                rest &= rest - 1;
                let (u, w) = self.edges[e];
                for x in [u as usize, w as usize] {
                    if Fixed::label(p, x) != Need::Free {
                        next |= mask & self.incident[x];
                    }
                }
            }
            if next == comp {
                return comp;
            }
            comp = next;
        }
    }

    /// The component of the attachment vertex: its edges, none when it is free.
    pub fn attach_component(&self, p: Piece) -> u64 {
        if Fixed::label(p, self.attach as usize) == Need::Free {
            return 0;
        }
        self.grow(p, p.mask, self.incident[self.attach as usize])
    }

    /// The components of `p`'s edges, joined through vertices that need something.
    pub fn components(&self, p: Piece) -> Vec<u64> {
        let mut out = Vec::new();
        let mut rest = p.mask;
        while rest != 0 {
            let e = rest.trailing_zeros();
            let comp = self.grow(p, p.mask, 1 << e);
            out.push(comp);
            rest &= !comp;
        }
        out
    }

    /// `p` restricted to the edges `comp`: the labels of other vertices
    /// cleared, except the attachment vertex's when `keep_attach`.
    pub fn restrict(&self, p: Piece, comp: u64, keep_attach: bool) -> Piece {
        let mut keep = 0u128;
        let mut rest = comp;
        while rest != 0 {
            let e = rest.trailing_zeros() as usize;
            rest &= rest - 1;
            keep |= self.ends[e];
        }
        if keep_attach {
            keep |= 3u128 << (2 * self.attach as usize);
        }
        Piece { mask: comp, labels: p.labels & keep }
    }

    /// The number of edges.
    pub fn edge_count(&self) -> usize {
        self.edges.len()
    }
}

/// Values of pieces of the fixed part with no leg, memoized by component.
#[derive(Debug)]
pub struct Solver<'a> {
    fixed: &'a Fixed,
    memo: HashMap<Piece, u32>,
}

impl<'a> Solver<'a> {
    /// A solver with an empty memo.
    pub fn new(fixed: &'a Fixed) -> Solver<'a> {
        Solver { fixed, memo: HashMap::new() }
    }

    /// The Grundy value of `p` (no leg attached): the nim-sum of its components'.
    pub fn value(&mut self, p: Piece) -> u32 {
        let p = self.fixed.normalize(p, false);
        self.fixed
            .components(p)
            .into_iter()
            .map(|c| self.component(self.fixed.restrict(p, c, false)))
            .fold(0, |a, b| a ^ b)
    }

    fn component(&mut self, c: Piece) -> u32 {
        if let Some(&v) = self.memo.get(&c) {
            return v;
        }
        let mut seen = vec![false; 2 * c.mask.count_ones() as usize + 2];
        let mut rest = c.mask;
        while rest != 0 {
            let e = rest.trailing_zeros() as usize;
            rest &= rest - 1;
            for forward in [true, false] {
                if self.fixed.legal(c, e, forward, false) {
                    let v = self.value(self.fixed.play(c, e, forward)) as usize;
                    if v < seen.len() {
                        seen[v] = true;
                    }
                }
            }
        }
        let v = seen.iter().position(|&s| !s).unwrap_or(seen.len()) as u32;
        self.memo.insert(c, v);
        v
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use arrows_solve::canonical::PathFamily;

    fn path(n: usize) -> Fixed {
        let edges: Vec<(usize, usize)> = (0..n).map(|i| (i, i + 1)).collect();
        Fixed::new(n + 1, &edges, 0).unwrap()
    }

    /// The solver against the closed forms of Section 5 on labelled paths.
    #[test]
    fn labelled_paths_have_their_closed_forms() {
        use Need::*;
        for n in 1..9 {
            let f = path(n);
            for (a, b) in [(Out, In), (Out, Out), (Out, Free), (Free, Free)] {
                let mut labels = vec![Both; n + 1];
                labels[0] = a;
                labels[n] = b;
                let want = PathFamily::of(a, b).unwrap().grundy(n as u32);
                assert_eq!(Solver::new(&f).value(f.whole(&labels)), want, "{a:?} {b:?} {n}");
            }
        }
    }

    #[test]
    fn the_flip_swaps_in_and_out() {
        let f = path(3);
        let p = f.whole(&[Need::In, Need::Both, Need::Out, Need::Free]);
        let q = Fixed::flip(p);
        let labels: Vec<Need> = (0..4).map(|v| Fixed::label(q, v)).collect();
        assert_eq!(labels, [Need::Out, Need::Both, Need::In, Need::Free]);
        assert_eq!(Fixed::flip(q), p);
    }

    /// In the Game of Arrows every leaf needs both arrows: its edge is dead
    /// and its neighbour is freed, so P_n plays as the rod R_{n-2}.
    #[test]
    fn dead_leaf_edges_are_dropped() {
        for n in 2..9 {
            let f = path(n);
            let p = f.whole(&vec![Need::Both; n + 1]);
            let q = f.normalize(p, false);
            assert_eq!(q.mask.count_ones() as usize, n - 2);
            assert_eq!(Solver::new(&f).value(p), PathFamily::Rod.grundy(n as u32 - 2) * u32::from(n > 2));
        }
    }
}
