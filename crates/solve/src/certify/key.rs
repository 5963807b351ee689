//! Witnesses: the board's symmetries as the file lists them, and the key
//! of a component under every symmetry and the flip.
//!
//! The *descriptor* of a component `F` of a position is what the checker's
//! witness conditions compare (`docs/certificates.md`, "Witnesses"): `F`'s
//! edges, the arrows in and out of each constrained endpoint of an edge of
//! `F`, and which orientations each cell through `F` allows. Two components
//! with equal descriptors (on the same board) play the same game. The
//! *key* of `F` is the least descriptor of its images under every symmetry,
//! with and without the flip; the image that gives it is the witness, and
//! a class or a node stores its component as that image, so that every
//! component with the same key is mapped onto it by its own witness.

use super::rules::{Pos, Rules, bits};
use crate::search::board::Board;
use crate::search::symmetry::Symmetries;
use arrows_core::{Graph, Position};

/// A permutation of the board: vertices and edges.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Sym {
    /// The image of each vertex.
    pub vertex: Vec<usize>,
    /// The image of each edge.
    pub edge: Vec<usize>,
    /// The edges whose stored `s` end maps to their image's `t` end.
    reversed: u64,
}

impl Sym {
    /// The identity of a board.
    fn identity(rules: &Rules) -> Sym {
        Sym { vertex: (0..rules.vertex_count()).collect(), edge: (0..rules.edges).collect(), reversed: 0 }
    }

    /// The image of an edge mask.
    pub fn map(&self, x: u64) -> u64 {
        bits(x).fold(0, |acc, e| acc | 1 << self.edge[e])
    }

    /// The image of a position.
    pub fn map_pos(&self, p: Pos) -> Pos {
        Pos { m: self.map(p.m), f: self.map(p.f ^ (self.reversed & p.m)) }
    }

    /// `true` when the permutation is an automorphism of the board that
    /// maps cells onto cells (what the checker verifies).
    fn is_automorphism(&self, rules: &Rules) -> bool {
        let n = rules.vertex_count();
        let mut seen = vec![false; n];
        for &v in &self.vertex {
            if v >= n || std::mem::replace(&mut seen[v], true) {
                return false;
            }
        }
        let mut seen = vec![false; rules.edges];
        for (e, &(s, t)) in rules.ends.iter().enumerate() {
            let j = self.edge[e];
            if j >= rules.edges || std::mem::replace(&mut seen[j], true) {
                return false;
            }
            let (a, b) = rules.ends[j];
            let (ps, pt) = (self.vertex[s], self.vertex[t]);
            if !((ps, pt) == (a, b) || (ps, pt) == (b, a)) {
                return false;
            }
        }
        rules.cells.iter().all(|c| {
            let image = self.map(c.edges);
            rules.cells.iter().any(|d| d.edges == image)
        })
    }
}

/// The symmetries of `position`'s board: those the outcome search finds
/// (every automorphism of the plane map for the Game of Cycles, of the
/// graph otherwise, up to its step limit), the identity first. Each is
/// verified as the checker will before it is used.
pub fn symmetries(position: Position<'_>, rules: &Rules) -> Vec<Sym> {
    let mut out = vec![Sym::identity(rules)];
    let Some(board) = Board::new(position) else { return out };
    let graph: &Graph = position.graph;
    let found = Symmetries::of(graph, &board);
    for s in found.all.iter().filter(|s| !s.is_identity()) {
        let edge: Vec<usize> = s.edge.iter().map(|&e| e as usize).collect();
        let mut vertex: Vec<usize> = (0..rules.vertex_count()).collect();
        for (e, &(a, b)) in rules.ends.iter().enumerate() {
            let (x, y) = rules.ends[edge[e]];
            let (ia, ib) = if s.reversed >> e & 1 == 1 { (y, x) } else { (x, y) };
            vertex[a] = ia;
            vertex[b] = ib;
        }
        // An edge is reversed when its `s` end goes to its image's `t` end
        // (read from the vertex map, which is what the checker sees).
        let reversed = rules
            .ends
            .iter()
            .enumerate()
            .filter(|&(e, &(a, _))| vertex[a] != rules.ends[edge[e]].0)
            .fold(0u64, |acc, (e, _)| acc | 1 << e);
        let sym = Sym { vertex, edge, reversed };
        if sym.is_automorphism(rules) && !out.contains(&sym) {
            out.push(sym);
        }
    }
    out
}

/// What the witness conditions compare: a component's edges, the arrows
/// in and out of its constrained endpoints, and the orientations each cell
/// through it allows.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Key {
    part: u64,
    into: u128,
    out: u128,
    along: u64,
    against: u64,
}

impl Key {
    /// The descriptor of component `part` of `p`.
    fn describe(rules: &Rules, p: Pos, part: u64) -> Key {
        let (mut into, mut out) = (0u128, 0u128);
        let (mut along, mut against) = (0u64, 0u64);
        let mut cells = 0u64;
        for e in bits(part) {
            let (s, t) = rules.ends[e];
            for v in [s, t] {
                if rules.constrained[v] {
                    let (i, o) = rules.arrows_at(p, v);
                    into |= u128::from(i) << v;
                    out |= u128::from(o) << v;
                }
            }
            cells |= rules.through[e];
        }
        for c in bits(cells) {
            let (a, b) = rules.cells[c].allowed(p);
            along |= u64::from(a) << c;
            against |= u64::from(b) << c;
        }
        Key { part, into, out, along, against }
    }

    /// The descriptor of the flipped position: in and out exchanged, and
    /// the two orientations of every cell.
    fn flipped(self) -> Key {
        Key { part: self.part, into: self.out, out: self.into, along: self.against, against: self.along }
    }
}

/// A witness: a symmetry's index and the flip.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Witness {
    /// The index of the symmetry in the header's list.
    pub sym: usize,
    /// Every arrow reversed.
    pub flip: bool,
}

impl Witness {
    /// The number the file writes: `2 s + f`.
    pub fn code(self) -> usize {
        2 * self.sym + usize::from(self.flip)
    }
}

/// The key of component `part` of `p`, the witness that gives it, and the
/// image of the position and the component under that witness.
pub fn canonical(rules: &Rules, syms: &[Sym], p: Pos, part: u64) -> (Key, Witness, Pos, u64) {
    let mut best: Option<(Key, Witness, Pos, u64)> = None;
    for (i, s) in syms.iter().enumerate() {
        let q = s.map_pos(p);
        let image = s.map(part);
        let key = Key::describe(rules, q, image);
        for (flip, k) in [(false, key), (true, key.flipped())] {
            if best.as_ref().is_none_or(|b| k < b.0) {
                let q = if flip { q.flipped() } else { q };
                best = Some((k, Witness { sym: i, flip }, q, image));
            }
        }
    }
    best.expect("the identity is always there")
}

/// `true` when a symmetry other than the identity, with or without the
/// flip, maps component `part` of `p` onto itself with the same arrows
/// around it (a position the mirror strategy leaves).
pub fn symmetric(rules: &Rules, syms: &[Sym], p: Pos, part: u64) -> bool {
    let own = Key::describe(rules, p, part);
    syms.iter().skip(1).any(|s| {
        let image = s.map(part);
        if image != part {
            return false;
        }
        let k = Key::describe(rules, s.map_pos(p), image);
        k == own || k.flipped() == own
    })
}
