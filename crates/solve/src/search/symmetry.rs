//! The board's symmetries and the canonical form of a component.
//!
//! A *symmetry* of a board is a permutation of its vertices that maps
//! edges to edges, constrained vertices to constrained vertices, and the
//! set of cells onto itself: the automorphisms of the plane map,
//! reflections included (a map automorphism preserves the faces, so it
//! preserves the cells). It maps a position to a position whose game tree
//! is the same, and so does the *reversal* of every arrow, which swaps a
//! cell's two orientations. [`Symmetries::of`] finds them by backtracking
//! over vertex images (each vertex after the first next to one already
//! mapped); a search that passes [`STEPS`] steps keeps what it has found,
//! which is sound (any set of symmetries gives sound keys, a group gives
//! the most hits).
//!
//! Each symmetry acts on edge masks through byte tables (one look-up per
//! byte of a mask), and on directions through the set of edges it maps
//! against their stored direction.
//!
//! # The key of a component
//!
//! A component `C` of a position `(m, f)` is keyed by two masks over its
//! neighbourhood `N = N(C)` ([`super::board`]): `hi = m ∩ N`, the marked
//! edges there, and `lo = (f ∩ hi) ∪ C`, their forward arrows and the
//! component's edges (disjoint from `hi`). The pair determines the game on
//! `C`. A symmetry `g` maps it to `(g(hi), g(lo ⊕ (R_g ∩ hi)))`, `R_g` the
//! edges `g` reverses; the reversal of every arrow maps `lo` to `lo ⊕ hi`.
//! The *canonical key* is the least image under every symmetry, with and
//! without the reversal ([`Symmetries::canonical`]): two components with
//! the same canonical key have the same game.

use super::board::{Board, Description, bits};
use arrows_core::Graph;
use std::collections::HashMap;

/// The most backtracking steps spent looking for symmetries.
pub const STEPS: u64 = 2_000_000;

/// Steps of the backtracking between two reads of the cancel token.
const CHECK_STEPS: u64 = 1024;

/// The most symmetries kept: a key costs one mask image per symmetry.
pub const MOST: usize = 512;

/// A permutation of bit positions (edges, vertices or cells) acting on
/// masks through byte tables: entry `256 * b + x` is the image of the mask
/// `x << (8 * b)`.
#[derive(Debug, Clone)]
struct Perm {
    table: Vec<u64>,
    bytes: usize,
}

impl Perm {
    /// The permutation sending bit `i` to bit `image[i]` (`None`: dropped).
    fn new(image: &[Option<usize>]) -> Perm {
        let bytes = image.len().div_ceil(8).max(1);
        let mut table = vec![0u64; 256 * bytes];
        for b in 0..bytes {
            for x in 0..256usize {
                let mut out = 0u64;
                for i in 0..8 {
                    if x >> i & 1 == 1
                        && let Some(Some(j)) = image.get(8 * b + i)
                    {
                        out |= 1 << j;
                    }
                }
                table[256 * b + x] = out;
            }
        }
        Perm { table, bytes }
    }

    #[inline]
    fn map(&self, x: u64) -> u64 {
        let mut out = 0;
        for b in 0..self.bytes {
            out |= self.table[256 * b + ((x >> (8 * b)) & 0xff) as usize];
        }
        out
    }
}

/// One symmetry, as it acts on edges, vertices and cells.
#[derive(Debug, Clone)]
pub struct Symmetry {
    /// The image of each edge.
    pub edge: Vec<u8>,
    /// The edges whose image carries their direction reversed (the
    /// symmetry maps the edge's `s` end to its image's `t` end).
    pub reversed: u64,
    /// The cells whose image is walked the other way (a reflection).
    pub turned: u64,
    edges: Perm,
    vertices: Perm,
    cells: Perm,
}

impl Symmetry {
    fn new(edge: Vec<u8>, reversed: u64, vertex: &[Option<usize>], cell: &[usize], turned: u64) -> Symmetry {
        let edges = Perm::new(&edge.iter().map(|&e| Some(e as usize)).collect::<Vec<_>>());
        let vertices = Perm::new(&vertex.iter().map(|v| v.filter(|&v| v < 64)).collect::<Vec<_>>());
        let cells = Perm::new(&cell.iter().map(|&c| (c < 64).then_some(c)).collect::<Vec<_>>());
        Symmetry { edge, reversed, turned, edges, vertices, cells }
    }

    fn identity(board: &Board) -> Symmetry {
        let v: Vec<Option<usize>> = (0..board.constrained_count()).map(Some).collect();
        let c: Vec<usize> = (0..board.cells.len()).collect();
        Symmetry::new((0..board.edges as u8).collect(), 0, &v, &c, 0)
    }

    /// The image of an edge mask.
    #[inline]
    pub fn map(&self, x: u64) -> u64 {
        self.edges.map(x)
    }

    /// The image of a position `(m, f)`.
    #[inline]
    pub fn map_position(&self, m: u64, f: u64) -> (u64, u64) {
        (self.map(m), self.map(f ^ (self.reversed & m)))
    }

    /// The image of a component's description packed as [`Layout`] says,
    /// without and with the reversal of every arrow (which swaps what
    /// vertices need and the orientation cells allow).
    #[inline]
    fn map_description(&self, d: &Description, at: Layout) -> (u128, u128) {
        let need_in = self.vertices.map(d.need_in) as u128;
        let need_out = self.vertices.map(d.need_out) as u128;
        // A cell walked the other way by its image allows the other orientation.
        let along = self.cells.map((d.along & !self.turned) | (d.against & self.turned)) as u128;
        let against = self.cells.map((d.against & !self.turned) | (d.along & self.turned)) as u128;
        let part = self.map(d.part) as u128;
        let pack = |a: u128, b: u128, c: u128, e: u128| {
            part | a << at.need_in | b << at.need_out | c << at.along | e << at.against
        };
        (pack(need_in, need_out, along, against), pack(need_out, need_in, against, along))
    }

    /// `true` for the identity.
    pub fn is_identity(&self) -> bool {
        self.reversed == 0 && self.turned == 0 && self.edge.iter().enumerate().all(|(i, &e)| e as usize == i)
    }

    /// `true` when the symmetry is its own inverse.
    pub fn is_involution(&self) -> bool {
        self.edge.iter().enumerate().all(|(i, &e)| self.edge[e as usize] as usize == i)
    }
}

/// The symmetries of a board (the identity first).
#[derive(Debug, Clone)]
pub struct Symmetries {
    /// Every symmetry found, the identity first.
    pub all: Vec<Symmetry>,
    /// `true` when the backtracking finished (the list is the whole group,
    /// up to [`MOST`]).
    pub complete: bool,
    /// Components are keyed by their [`Description`] packed in 128 bits
    /// when it fits; otherwise by the arrows of their neighbourhood.
    pub describe: bool,
    /// Where each field of a description goes in its 128 bits.
    layout: Layout,
}

/// The bit offsets of a packed [`Description`]: its edges from bit 0,
/// then what each constrained vertex needs (in, then out), then what each
/// cell allows (along, then against). It fits when `E + 2V + 2C <= 128`
/// (every plane family up to 40 edges does).
#[derive(Debug, Clone, Copy, Default)]
struct Layout {
    need_in: u32,
    need_out: u32,
    along: u32,
    against: u32,
}

impl Layout {
    fn of(board: &Board) -> Option<Layout> {
        let (e, v, c) = (board.edges as u32, board.constrained_count() as u32, board.cells.len() as u32);
        (e + 2 * v + 2 * c <= 128 && v <= 64).then_some(Layout {
            need_in: e,
            need_out: e + v,
            along: e + 2 * v,
            against: e + 2 * v + c,
        })
    }
}

/// A vertex's signature, which a symmetry preserves.
fn signature(graph: &Graph, board: &Board, cells_at: &[u32], constrained: &[bool], v: usize) -> (usize, u32, bool) {
    let _ = board;
    (graph.degree(v), cells_at[v], constrained[v])
}

impl Symmetries {
    /// Only the identity.
    pub fn trivial(board: &Board) -> Symmetries {
        let id = Symmetry::identity(board);
        let layout = Layout::of(board);
        Symmetries { all: vec![id], complete: false, describe: layout.is_some(), layout: layout.unwrap_or_default() }
    }

    /// The symmetries of `graph` as `board` plays it.
    pub fn of(graph: &Graph, board: &Board) -> Symmetries {
        Symmetries::within(graph, board, &arrows_work::Cancel::new())
    }

    /// [`Symmetries::of`], stopping early (with the symmetries found so far,
    /// an incomplete set) once `cancel` is set: the backtracking reads it
    /// every `CHECK_STEPS` steps, so a time limit or Ctrl-C is kept while
    /// the group is searched. The caller checks the token after.
    pub fn within(graph: &Graph, board: &Board, cancel: &arrows_work::Cancel) -> Symmetries {
        let n = graph.vertex_count();
        let mut constrained = vec![false; n];
        for (v, _, _) in board.constrained() {
            constrained[v] = true;
        }
        let mut cells_at = vec![0u32; n];
        for c in &board.cells {
            let mut vs: Vec<usize> = bits(c.edges).flat_map(|e| [board.ends[e].0, board.ends[e].1]).collect();
            vs.sort_unstable();
            vs.dedup();
            for v in vs {
                cells_at[v] += 1;
            }
        }
        let cell_set: HashMap<u64, usize> = board.cells.iter().enumerate().map(|(i, c)| (c.edges, i)).collect();
        // Vertices with edges, in an order where each one after the first
        // of its connected piece is next to an earlier one.
        let sig = |v: usize| signature(graph, board, &cells_at, &constrained, v);
        let mut order: Vec<usize> = Vec::new();
        let mut parent: Vec<Option<usize>> = Vec::new();
        let mut seen = vec![false; n];
        let mut starts: Vec<usize> = (0..n).filter(|&v| graph.degree(v) > 0).collect();
        // Rare signatures first: fewer candidates for the piece's first vertex.
        starts.sort_by_key(|&v| (starts_count(&sig, n, graph, v), v));
        for &s in &starts {
            if seen[s] {
                continue;
            }
            seen[s] = true;
            let first = order.len();
            order.push(s);
            parent.push(None);
            let mut i = first;
            while i < order.len() {
                let u = order[i];
                for &(_, w) in graph.incidence(u) {
                    if !seen[w] {
                        seen[w] = true;
                        order.push(w);
                        parent.push(Some(u));
                    }
                }
                i += 1;
            }
        }
        let mut search = Backtrack {
            graph,
            board,
            order: &order,
            parent: &parent,
            sig: &sig,
            image: vec![usize::MAX; n],
            used: vec![false; n],
            steps: 0,
            found: Vec::new(),
            cells: &cell_set,
            cancel,
            cancelled: false,
        };
        search.extend(0);
        let complete = search.steps <= STEPS && search.found.len() <= MOST && !search.cancelled;
        let mut all = search.found;
        all.truncate(MOST);
        // The identity first (it is always found: every vertex maps to itself).
        if let Some(i) = all.iter().position(Symmetry::is_identity) {
            all.swap(0, i);
        } else {
            all.insert(0, Symmetry::identity(board));
        }
        let layout = Layout::of(board);
        Symmetries { all, complete, describe: layout.is_some(), layout: layout.unwrap_or_default() }
    }

    /// Number of symmetries (without the reversal).
    pub fn len(&self) -> usize {
        self.all.len()
    }

    /// `true` when there is none (never: the identity is always there).
    pub fn is_empty(&self) -> bool {
        self.all.is_empty()
    }

    /// The canonical key of a component's description: the least image
    /// under every symmetry, with and without the reversal, the edges
    /// compared first.
    #[inline]
    pub fn canonical_description(&self, d: &Description) -> u128 {
        self.canonical_with(d, |g| g.map(d.part))
    }

    /// The image of `part` under every symmetry, in order (for
    /// [`Symmetries::canonical_after`]).
    pub fn images(&self, part: u64) -> smallvec::SmallVec<[u64; 64]> {
        self.all.iter().map(|g| g.map(part)).collect()
    }

    /// [`Symmetries::canonical_description`] of a component whose edges
    /// are `part` less edge `e`, given the images of `part`: the images of
    /// the edges come from them without a table look-up.
    #[inline]
    pub fn canonical_after(&self, d: &Description, images: &[u64], e: usize) -> u128 {
        let mut i = 0;
        self.canonical_with(d, |g| {
            let p = images[i] & !(1u64 << g.edge[e]);
            i += 1;
            p
        })
    }

    /// The least image of a description, `part_image(g)` giving each
    /// symmetry's image of its edges, in order.
    #[inline]
    fn canonical_with(&self, d: &Description, mut part_image: impl FnMut(&Symmetry) -> u64) -> u128 {
        let mut best_part = u64::MAX;
        let mut reach: smallvec::SmallVec<[u16; 16]> = smallvec::SmallVec::new();
        for (i, g) in self.all.iter().enumerate() {
            let p = part_image(g);
            if p < best_part {
                best_part = p;
                reach.clear();
                reach.push(i as u16);
            } else if p == best_part {
                reach.push(i as u16);
            }
        }
        let mut best = u128::MAX;
        for &i in &reach {
            let (plain, reversed) = self.all[i as usize].map_description(d, self.layout);
            best = best.min(plain).min(reversed);
        }
        best
    }

    /// The canonical key of `(hi, lo)`: the least image, `hi` compared
    /// first, under every symmetry with and without the reversal.
    #[inline]
    pub fn canonical(&self, hi: u64, lo: u64) -> (u64, u64) {
        let mut best_hi = u64::MAX;
        let mut best_lo = u64::MAX;
        // The images of `hi` first: most positions have one least image,
        // and only the symmetries that reach it need the image of `lo`.
        let mut reach: smallvec::SmallVec<[u16; 16]> = smallvec::SmallVec::new();
        for (i, g) in self.all.iter().enumerate() {
            let h = g.map(hi);
            if h < best_hi {
                best_hi = h;
                reach.clear();
                reach.push(i as u16);
            } else if h == best_hi {
                reach.push(i as u16);
            }
        }
        for &i in &reach {
            let g = &self.all[i as usize];
            let l = g.map(lo ^ (g.reversed & hi));
            best_lo = best_lo.min(l).min(l ^ best_hi);
        }
        (best_hi, best_lo)
    }
}

/// How many vertices share `v`'s signature (for ordering the starts).
fn starts_count(sig: &dyn Fn(usize) -> (usize, u32, bool), n: usize, graph: &Graph, v: usize) -> usize {
    let s = sig(v);
    (0..n).filter(|&w| graph.degree(w) > 0 && sig(w) == s).count()
}

/// The backtracking search for symmetries.
struct Backtrack<'a> {
    graph: &'a Graph,
    board: &'a Board,
    order: &'a [usize],
    parent: &'a [Option<usize>],
    sig: &'a dyn Fn(usize) -> (usize, u32, bool),
    image: Vec<usize>,
    used: Vec<bool>,
    steps: u64,
    found: Vec<Symmetry>,
    cells: &'a HashMap<u64, usize>,
    cancel: &'a arrows_work::Cancel,
    /// Set once `cancel` was seen set: the search stops.
    cancelled: bool,
}

impl Backtrack<'_> {
    fn extend(&mut self, i: usize) {
        if self.steps > STEPS || self.found.len() > MOST || self.cancelled {
            return;
        }
        self.steps += 1;
        if self.steps.is_multiple_of(CHECK_STEPS) && self.cancel.is_cancelled() {
            self.cancelled = true;
            return;
        }
        if i == self.order.len() {
            if let Some(s) = self.finish() {
                self.found.push(s);
            }
            return;
        }
        let v = self.order[i];
        let candidates: Vec<usize> = match self.parent[i] {
            Some(p) => self.graph.incidence(self.image[p]).iter().map(|&(_, w)| w).collect(),
            None => (0..self.graph.vertex_count()).filter(|&w| self.graph.degree(w) > 0).collect(),
        };
        let want = (self.sig)(v);
        for w in candidates {
            if self.used[w] || (self.sig)(w) != want {
                continue;
            }
            // Every earlier neighbour of `v` must map to a neighbour of `w`
            // (degrees are equal, so adjacency is then preserved both ways
            // once every vertex is mapped).
            let ok = self.graph.incidence(v).iter().all(|&(_, u)| {
                let iu = self.image[u];
                iu == usize::MAX || self.graph.edge_between(w, iu).is_some()
            });
            if !ok {
                continue;
            }
            self.image[v] = w;
            self.used[w] = true;
            self.extend(i + 1);
            self.image[v] = usize::MAX;
            self.used[w] = false;
        }
    }

    /// The symmetry of a complete vertex map, when it maps cells to cells.
    fn finish(&self) -> Option<Symmetry> {
        let mut edge = Vec::with_capacity(self.board.edges);
        let mut reversed = 0u64;
        for (e, &(s, t)) in self.board.ends.iter().enumerate() {
            let (a, b) = (self.image[s], self.image[t]);
            let image = self.graph.edge_between(a, b)?;
            if self.graph.ends(image).0 != a {
                reversed |= 1 << e;
            }
            edge.push(image as u8);
        }
        let map_edges = |x: u64| bits(x).fold(0u64, |acc, e| acc | 1 << edge[e]);
        let mut cell = Vec::with_capacity(self.board.cells.len());
        let mut turned = 0u64;
        for (i, c) in self.board.cells.iter().enumerate() {
            let j = *self.cells.get(&map_edges(c.edges))?;
            // One edge of the cell, walked by `Along`: does its image walk
            // the image cell's `Along`?
            let e = c.edges.trailing_zeros() as usize;
            let forward = (c.along >> e & 1 == 1) != (reversed >> e & 1 == 1);
            let image = self.board.cells[j];
            if forward != (image.along >> edge[e] & 1 == 1) {
                turned |= 1 << i;
            }
            cell.push(j);
        }
        // On the constrained vertices, by their indices (a symmetry maps
        // constrained vertices to constrained vertices).
        let vertex: Vec<Option<usize>> =
            self.board.constrained().map(|(v, _, _)| self.board.vertex_index(self.image[v])).collect();
        Some(Symmetry::new(edge, reversed, &vertex, &cell, turned))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use arrows_core::plane::PlaneFamily;
    use arrows_core::{Decoration, Position, Variant};

    fn group(family: PlaneFamily) -> usize {
        let g = family.build().unwrap().graph;
        let d = Decoration::empty(g.edge_count());
        let board = Board::new(Position::new(&g, Variant::Cycles, &d)).unwrap();
        let s = Symmetries::of(&g, &board);
        assert!(s.complete);
        s.len()
    }

    /// The orders of the map automorphism groups, reflections included.
    #[test]
    fn the_families_have_their_dihedral_groups() {
        assert_eq!(group(PlaneFamily::Wheel(7)), 14);
        assert_eq!(group(PlaneFamily::Wheel(12)), 24);
        // K4 as a plane graph with its three inner cells: the triangle's symmetries.
        assert_eq!(group(PlaneFamily::K4), 6);
        assert_eq!(group(PlaneFamily::Grid(3, 3)), 8);
        assert_eq!(group(PlaneFamily::Grid(3, 4)), 4);
        assert_eq!(group(PlaneFamily::Prism(5)), 10);
        // The cube drawn as a prism over a square: the outer face is not a cell.
        assert_eq!(group(PlaneFamily::Prism(4)), 8);
        assert_eq!(group(PlaneFamily::Fan(5)), 2);
        assert_eq!(group(PlaneFamily::Theta(3, 4, 3)), 4);
        assert_eq!(group(PlaneFamily::Theta(2, 3, 4)), 2);
        assert_eq!(group(PlaneFamily::Cycle(6)), 12);
    }

    /// Every symmetry maps moves to moves: the reduced moves of a position's
    /// image are the images of its moves.
    #[test]
    fn symmetries_map_moves_to_moves() {
        let g = PlaneFamily::Wheel(6).build().unwrap().graph;
        let d = Decoration::parse(&g, "0>1,1>2,3>0").unwrap();
        let p = Position::new(&g, Variant::Cycles, &d);
        let board = Board::new(p).unwrap();
        let syms = Symmetries::of(&g, &board);
        let (m, f) = d.to_masks().unwrap();
        let look = board.look(m, f);
        let moves = board.moves(m, f, board.all, &look);
        for s in &syms.all {
            let (m2, f2) = s.map_position(m, f);
            let look2 = board.look(m2, f2);
            let mut images: Vec<_> = moves
                .iter()
                .map(|mv| {
                    let e = s.edge[mv.edge as usize];
                    let forward = mv.forward ^ (s.reversed >> mv.edge & 1 == 1);
                    super::super::board::Move { edge: e, forward }
                })
                .collect();
            images.sort();
            let mut theirs: Vec<_> = board.moves(m2, f2, board.all, &look2).into_iter().collect();
            theirs.sort();
            assert_eq!(images, theirs);
        }
    }
}
