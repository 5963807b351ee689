//! The recursion over trees of at most 32 vertices, on bitmasks
//! ([`super::small`]): each follower's pieces are derived from the parent's
//! rooted structure, never split from scratch.
//!
//! A move `t -> h` on the edge `th` changes the labels of `t` and `h` and
//! removes the edge; everything else keeps its label and its degree. So the
//! follower's pieces are found at `t` and `h` alone. For each end `x` (the
//! other end `y`) of degree `d` left:
//!
//! * `d = 0`: `x` vanishes;
//! * `x` now free: it ramifies (it is no leaf, else it was free before and
//!   had degree 1); each other edge `xw` starts a piece, `w`'s side of it
//!   with `x` as a free leaf. None of these edges is dead: `x` blocks
//!   nothing, and `w` blocks both directions of `xw` now only if it did
//!   before, when `x` did not block either (it had degree 2 or more);
//! * `d = 1` with the last edge `xw` dead (both directions blocked, by `x`
//!   at degree 1 or by `w`): the edge goes, `w` becomes free and each of its
//!   other edges starts a piece, as above;
//! * otherwise `x`'s side of `th` is one piece.
//!
//! A vertex's side of an edge is a subtree mask of the parent rooted at its
//! centre, read in constant time ([`super::small::Rooted::side`]). This is
//! the rule of [`super::component::Splitter`], applied where a move can
//! change anything; a unit test compares the pieces of both move by move.
//!
//! A piece that is a path (interior vertices needing both) is valued by the
//! closed forms of Section 5 when the engine uses them; every other piece,
//! spider-shaped or not, is looked up by its `u128` key in the map of small
//! trees, so that no piece of a tree is read twice (a spider-shaped
//! component met first as a whole is still valued by [`super::spider`];
//! the class may then sit in both maps, with the same value).
//!
//! **One move per orbit.** Moves that an automorphism of the tree maps onto
//! each other lead to followers that the same automorphism maps onto each
//! other: isomorphic labelled trees, so equal values (Proposition 4.6). The
//! value of a class depends only on the *set* of its followers' values (the
//! mex for Grundy values, the union for terminal parities), and every
//! orbit keeps one move, so evaluating one move per orbit gives the same
//! set and the same value. The orbits are read off the canonical code
//! ([`super::small::Rooted::representatives`]).

use super::engine::{CanonicalEngine, SMALL_ENTRY_BYTES};
use super::measure::Measure;
use super::need::Need;
use super::small::{Adjacency, Labels, MAX_VERTICES, Rooted, Shape, bit, vertices};
use super::spider::Spider;
use crate::error::SolveError;
use crate::stack::deep;

impl<M: Measure> CanonicalEngine<M> {
    /// The value of a tree component of at most [`MAX_VERTICES`] vertices,
    /// whose vertices are `0..labels.len()`.
    pub(super) fn small_tree_value(&mut self, labels: &[Need], edges: &[(u32, u32)]) -> Result<M::Value, SolveError> {
        debug_assert!(labels.len() <= MAX_VERTICES && edges.len() + 1 == labels.len());
        let mut adj = [0u32; MAX_VERTICES];
        let mut all = [Need::Free; MAX_VERTICES];
        all[..labels.len()].copy_from_slice(labels);
        for &(u, v) in edges {
            adj[u as usize] |= bit(v as usize);
            adj[v as usize] |= bit(u as usize);
        }
        let mask = (u64::MAX >> (64 - labels.len())) as u32;
        self.piece_value(&adj, &all, mask)
    }

    /// The value of the piece `mask` (a tree with an edge at least).
    fn piece_value(&mut self, adj: &Adjacency, labels: &Labels, mask: u32) -> Result<M::Value, SolveError> {
        match self.coder.shape(adj, labels, mask) {
            Shape::Path(left, len, right) => {
                if self.closed_forms
                    && let Some(v) = M::path_value(left, len, right)
                {
                    self.stats.closed_forms += 1;
                    return Ok(v);
                }
                self.spider_value_here(&Spider::path(left, len, right).normalize())
            }
            Shape::Tree(key) => {
                if let Some(&v) = self.small.get(&key) {
                    self.stats.hits += 1;
                    return Ok(v);
                }
                let value = deep(|| self.compute_piece(adj, labels, mask))?;
                self.small.insert(key, value);
                self.stats.general += 1;
                self.solved(SMALL_ENTRY_BYTES)?;
                Ok(value)
            }
        }
    }

    /// The value of the piece from its followers, one move per orbit.
    fn compute_piece(&mut self, adj: &Adjacency, labels: &Labels, mask: u32) -> Result<M::Value, SolveError> {
        let rooted = Rooted::new(adj, labels, mask, false);
        let rep = if self.orbits { Some(rooted.representatives()) } else { None };
        let edges = mask.count_ones() as usize - 1;
        let mut acc = M::start(2 * edges);
        let deg = |v: usize| (adj[v] & mask).count_ones() as usize;
        // Each edge once, as its child (the second centre stands for the central edge).
        for k in 1..rooted.n {
            let c = rooted.order[k] as usize;
            let p = rooted.parent[c] as usize;
            // (The central edge of two centres is an orbit of its own.)
            if let Some(rep) = &rep
                && !(k == 1 && rooted.bicentral)
                && rep[c] as usize != c
            {
                continue;
            }
            for (t, h) in [(p, c), (c, p)] {
                // The two centres exchanged: one direction stands for both.
                if k == 1 && rooted.bicentral && t == c && rep.is_some_and(|r| r[c] as usize == p) {
                    continue;
                }
                if labels[t].blocks_out(deg(t)) || labels[h].blocks_in(deg(h)) {
                    continue;
                }
                let value = self.follower_value(adj, labels, mask, &rooted, t, h)?;
                M::push(&mut acc, value);
            }
        }
        Ok(M::finish(acc))
    }

    /// The value of the follower of the piece by the move `t -> h`.
    fn follower_value(
        &mut self,
        adj: &Adjacency,
        labels: &Labels,
        mask: u32,
        rooted: &Rooted,
        t: usize,
        h: usize,
    ) -> Result<M::Value, SolveError> {
        let f = Follower::of(adj, labels, mask, rooted, t, h);
        let mut value = M::empty();
        for &piece in f.pieces() {
            value = M::sum(value, self.piece_value(adj, &f.labels, piece)?);
        }
        Ok(value)
    }
}

/// The pieces of a follower: vertex masks over the parent's adjacency, all
/// read with one labels array.
pub(super) struct Follower {
    /// The labels after the move (and after freeing the end of a dead edge).
    pub labels: Labels,
    masks: [u32; MAX_VERTICES],
    count: usize,
}

impl Follower {
    /// The follower of the piece `mask` by the move `t -> h` (see the module documentation).
    pub fn of(adj: &Adjacency, labels: &Labels, mask: u32, rooted: &Rooted, t: usize, h: usize) -> Follower {
        let mut f = Follower { labels: *labels, masks: [0; MAX_VERTICES], count: 0 };
        f.labels[t] = labels[t].after_out();
        f.labels[h] = labels[h].after_in();
        for (x, y) in [(t, h), (h, t)] {
            let others = adj[x] & mask & !bit(y);
            if others == 0 {
                continue;
            }
            if f.labels[x] == Need::Free {
                for w in vertices(others) {
                    f.push(rooted.side(mask, w, x) | bit(x));
                }
                continue;
            }
            if others.count_ones() == 1 {
                let w = others.trailing_zeros() as usize;
                let dw = (adj[w] & mask).count_ones() as usize;
                let out_blocked = f.labels[x].blocks_out(1) || labels[w].blocks_in(dw);
                let in_blocked = labels[w].blocks_out(dw) || f.labels[x].blocks_in(1);
                if out_blocked && in_blocked {
                    // The edge xw is dead: it goes, and w is freed and ramifies.
                    f.labels[w] = Need::Free;
                    for u in vertices(adj[w] & mask & !bit(x)) {
                        f.push(rooted.side(mask, u, w) | bit(w));
                    }
                    continue;
                }
            }
            f.push(rooted.side(mask, x, y));
        }
        f
    }

    fn push(&mut self, piece: u32) {
        self.masks[self.count] = piece;
        self.count += 1;
    }

    /// The pieces' vertex masks.
    pub fn pieces(&self) -> &[u32] {
        &self.masks[..self.count]
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::canonical::component::{Component, pieces};
    use crate::canonical::small::key;

    fn load(c: &Component) -> (Adjacency, Labels, u32) {
        let mut adj = [0; MAX_VERTICES];
        let mut labels = [Need::Free; MAX_VERTICES];
        labels[..c.labels.len()].copy_from_slice(&c.labels);
        for &(u, v) in &c.edges {
            adj[u as usize] |= bit(v as usize);
            adj[v as usize] |= bit(u as usize);
        }
        (adj, labels, (u64::MAX >> (64 - c.labels.len())) as u32)
    }

    /// Tree components as the decomposition leaves them, from random labelled trees.
    fn components(count: usize) -> Vec<Component> {
        let mut x = 19u64;
        let mut out = Vec::new();
        while out.len() < count {
            x = x.wrapping_mul(6364136223846793005).wrapping_add(1442695040888963407);
            let n = 2 + (x >> 59) as u32 % 20;
            let mut labels = Vec::new();
            let mut edges = Vec::new();
            for v in 0..n {
                x = x.wrapping_mul(6364136223846793005).wrapping_add(1442695040888963407);
                // Mostly needs-both, as in the trees of a sweep.
                labels.push(if x >> 61 == 0 { Need::from_bits((x >> 40) as u8) } else { Need::Both });
                if v > 0 {
                    edges.push(((x >> 20) as u32 % v, v));
                }
            }
            out.extend(pieces(&labels, &edges).into_iter().filter(|c| c.labels.len() <= MAX_VERTICES));
        }
        out
    }

    /// The pieces derived from the parent are, up to isomorphism and flip,
    /// the pieces the splitter finds, move by move.
    #[test]
    fn derived_followers_are_the_split_followers() {
        for c in components(400) {
            let (adj, labels, mask) = load(&c);
            let rooted = Rooted::new(&adj, &labels, mask, false);
            for (e, forward) in c.moves() {
                let (u, v) = c.edges[e];
                let (t, h) = if forward { (u as usize, v as usize) } else { (v as usize, u as usize) };
                let f = Follower::of(&adj, &labels, mask, &rooted, t, h);
                let mut got: Vec<u128> = f.pieces().iter().map(|&p| key(&adj, &f.labels, p)).collect();
                let mut want: Vec<u128> = c
                    .play(e, forward)
                    .iter()
                    .map(|p| {
                        let (a, l, m) = load(p);
                        key(&a, &l, m)
                    })
                    .collect();
                got.sort_unstable();
                want.sort_unstable();
                assert_eq!(got, want, "{c:?} edge {e} forward {forward}");
            }
        }
    }
}
