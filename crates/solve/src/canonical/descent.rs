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

use super::engine::CanonicalEngine;
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
            Shape::Path(left, len, right) => match self.path_value(left, len, right) {
                Some(v) => Ok(v),
                None => self.spider_value_here(&Spider::path(left, len, right).normalize()),
            },
            Shape::Tree(key) => {
                if let Some(v) = self.memo.get_small(key) {
                    self.stats.hits += 1;
                    return Ok(v);
                }
                let value = deep(|| self.compute_piece(adj, labels, mask))?;
                self.memo.insert_small(key, value);
                self.stats.general += 1;
                self.solved()?;
                Ok(value)
            }
        }
    }

    /// The value of the piece from its followers, one move per orbit.
    ///
    /// In three passes: the pieces of every follower are keyed first, then
    /// all keys are looked up in one run (independent look-ups, whose
    /// cache misses overlap), and last the missing ones are computed and
    /// the followers' values summed.
    fn compute_piece(&mut self, adj: &Adjacency, labels: &Labels, mask: u32) -> Result<M::Value, SolveError> {
        let rooted = Rooted::new(adj, labels, mask, false);
        let rep = if self.orbits { Some(rooted.representatives()) } else { None };
        let mut batch = self.batches.pop().unwrap_or_default();
        let value = self.compute_batched(adj, labels, mask, &rooted, rep.as_ref(), &mut batch);
        batch.slots.clear();
        batch.moves.clear();
        batch.refs.clear();
        self.batches.push(batch);
        value
    }

    fn compute_batched(
        &mut self,
        adj: &Adjacency,
        labels: &Labels,
        mask: u32,
        rooted: &Rooted,
        rep: Option<&[u8; MAX_VERTICES]>,
        batch: &mut Batch<M::Value>,
    ) -> Result<M::Value, SolveError> {
        let deg = |v: usize| degree(adj[v] & mask);
        // The slot of each branch met so far (see `Follower::branch`).
        let mut branches = [NO_SLOT; 2 * MAX_VERTICES];
        // Each edge once, as its child (the second centre stands for the central edge).
        for k in 1..rooted.n {
            let c = rooted.order[k] as usize;
            let p = rooted.parent[c] as usize;
            // (The central edge of two centres is an orbit of its own.)
            if let Some(rep) = rep
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
                let f = Follower::of(adj, labels, mask, rooted, t, h);
                batch.moves.push((t as u8, h as u8, batch.refs.len() as u16));
                for (i, &piece) in f.pieces().iter().enumerate() {
                    let b = f.branch[i];
                    if b != NO_BRANCH && branches[b as usize] != NO_SLOT {
                        batch.refs.push((branches[b as usize], i as u8));
                        continue;
                    }
                    let slot = match self.coder.shape(adj, &f.labels, piece) {
                        Shape::Path(left, len, right) => match self.path_value(left, len, right) {
                            Some(v) => Slot::Known(v),
                            None => Slot::Known(self.piece_value(adj, &f.labels, piece)?),
                        },
                        Shape::Tree(key) => Slot::Key(key),
                    };
                    let index = batch.slots.len() as u16;
                    batch.slots.push(slot);
                    if b != NO_BRANCH {
                        branches[b as usize] = index;
                    }
                    batch.refs.push((index, i as u8));
                }
            }
        }
        // All look-ups in one run.
        let mut hits = 0;
        for slot in &mut batch.slots {
            if let Slot::Key(key) = *slot
                && let Some(v) = self.memo.get_small(key)
            {
                *slot = Slot::Known(v);
                hits += 1;
            }
        }
        self.stats.hits += hits;
        let mut acc = M::start(batch.moves.len());
        for m in 0..batch.moves.len() {
            let (t, h, first) = batch.moves[m];
            let last = batch.moves.get(m + 1).map_or(batch.refs.len(), |x| x.2 as usize);
            let mut value = M::empty();
            for r in first as usize..last {
                let (index, i) = batch.refs[r];
                let v = match batch.slots[index as usize] {
                    Slot::Known(v) => v,
                    Slot::Key(_) => {
                        // Missing (or solved since by another follower): this follower again.
                        let f = Follower::of(adj, labels, mask, rooted, t as usize, h as usize);
                        let v = self.piece_value(adj, &f.labels, f.pieces()[i as usize])?;
                        batch.slots[index as usize] = Slot::Known(v);
                        v
                    }
                };
                value = M::sum(value, v);
            }
            M::push(&mut acc, value);
        }
        Ok(M::finish(acc))
    }

    /// The value of a path by a closed form, when the engine uses them and one applies.
    fn path_value(&mut self, left: Need, len: u32, right: Need) -> Option<M::Value> {
        if !self.closed_forms {
            return None;
        }
        let v = M::path_value(left, len, right)?;
        self.stats.closed_forms += 1;
        Some(v)
    }
}

/// The pieces of one class's followers, keyed before they are looked up
/// (the engine keeps a few for reuse, one per level of the recursion).
pub(super) struct Batch<V> {
    /// Each distinct piece: its value, or its key until it is known.
    slots: Vec<Slot<V>>,
    /// Each move: its arrow and its first entry in `refs`.
    moves: Vec<(u8, u8, u16)>,
    /// The pieces of the moves in order: a slot, and the piece's place in its follower.
    refs: Vec<(u16, u8)>,
}

impl<V> Default for Batch<V> {
    fn default() -> Self {
        Batch { slots: Vec::with_capacity(64), moves: Vec::with_capacity(64), refs: Vec::with_capacity(96) }
    }
}

/// A piece's value, or its key while it is not known.
#[derive(Clone, Copy)]
enum Slot<V> {
    Known(V),
    Key(u128),
}

/// A degree as far as blocking goes (1, or 2 for two or more), from the
/// neighbours' bits (not empty).
#[inline]
fn degree(neighbours: u32) -> usize {
    if neighbours & (neighbours - 1) == 0 { 1 } else { 2 }
}

/// No slot yet.
const NO_SLOT: u16 = u16::MAX;

/// The pieces of a follower: vertex masks over the parent's adjacency, all
/// read with one labels array.
///
/// A piece made of one side of an edge `sr` of the parent, `r`'s side,
/// with `s` as a free leaf, is a *branch*: it holds neither end of the move
/// (the end freed is `s`, or vanished with a dead edge next to `s`), so its
/// labels are the parent's with `s` free, whatever the move. Every move
/// that frees `s` has it among its pieces: the recursion values each
/// branch once per class, by its number (`r` when `r` is `s`'s child in the
/// rooting, `32 + s` when `s` is `r`'s).
pub(super) struct Follower {
    /// The labels after the move (and after freeing the end of a dead edge).
    pub labels: Labels,
    masks: [u32; MAX_VERTICES],
    /// The branch number of each piece, or [`NO_BRANCH`].
    pub branch: [u8; MAX_VERTICES],
    count: usize,
}

/// A piece that is no branch.
pub(super) const NO_BRANCH: u8 = u8::MAX;

impl Follower {
    /// The follower of the piece `mask` by the move `t -> h` (see the module documentation).
    pub fn of(adj: &Adjacency, labels: &Labels, mask: u32, rooted: &Rooted, t: usize, h: usize) -> Follower {
        let mut f = Follower { labels: *labels, masks: [0; MAX_VERTICES], branch: [NO_BRANCH; MAX_VERTICES], count: 0 };
        f.labels[t] = labels[t].after_out();
        f.labels[h] = labels[h].after_in();
        for (x, y) in [(t, h), (h, t)] {
            let others = adj[x] & mask & !bit(y);
            if others == 0 {
                continue;
            }
            if f.labels[x] == Need::Free {
                for w in vertices(others) {
                    f.push_branch(mask, rooted, x, w);
                }
                continue;
            }
            if others & (others - 1) == 0 {
                let w = others.trailing_zeros() as usize;
                let dw = degree(adj[w] & mask);
                let out_blocked = f.labels[x].blocks_out(1) || labels[w].blocks_in(dw);
                let in_blocked = labels[w].blocks_out(dw) || f.labels[x].blocks_in(1);
                if out_blocked && in_blocked {
                    // The edge xw is dead: it goes, and w is freed and ramifies.
                    f.labels[w] = Need::Free;
                    for u in vertices(adj[w] & mask & !bit(x)) {
                        f.push_branch(mask, rooted, w, u);
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

    /// Pushes the branch of `r`'s side of the edge `sr`, with `s` a free leaf.
    fn push_branch(&mut self, mask: u32, rooted: &Rooted, s: usize, r: usize) {
        self.branch[self.count] = if rooted.parent[r] as usize == s { r as u8 } else { (MAX_VERTICES + s) as u8 };
        self.push(rooted.side(mask, r, s) | bit(s));
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
