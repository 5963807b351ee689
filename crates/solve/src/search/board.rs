//! The board on 64-bit masks: its edges, the constrained vertices, the
//! cells, and what a position `(marked, forward)` allows.
//!
//! Edge `i` of the graph is bit `i` (at most [`MAX_EDGES`] edges); a
//! position is the pair of masks `(m, f)`, `m` marking edges and `f`
//! making a marked edge's arrow forward (from its stored `s` end to its
//! `t` end), `f ⊆ m`.
//!
//! # Components
//!
//! A *scope* is a set of unmarked edges played on together. The scope
//! splits into components (`Board::components`) joined through
//!
//! * a *joining* vertex: constrained by the rule set, without both an
//!   in-arrow and an out-arrow yet, and without a *dead* unmarked edge (an
//!   edge with no legal direction now has none ever, so a vertex holding
//!   one can never be a sink or a source: it constrains nothing);
//! * a *live* cell without a dead edge (a cell through a dead edge can
//!   never become completable: the arrow that completes a completable
//!   cell is always legal).
//!
//! Moves on one component never change the moves, legal or removed, of
//! another (the argument of [`crate::canonical::cells`]), so the reduced
//! game on a scope is the sum of the games on its components. Dead edges
//! belong to no component.
//!
//! # The neighbourhood of a component
//!
//! The game on a component `C` with everything else frozen depends only on
//! `C` and the arrows of its *neighbourhood* `N(C)` ([`Board::neighbourhood`]):
//! every edge at a vertex of an edge of `C` or of an edge of a cell that
//! meets `C`. The legality of a move on `C` reads the arrows and the
//! unmarked edges at its ends, and whether a move is removed reads the
//! cells through its edge; all of them lie in `N(C)`. `N(C)` is a function
//! of `C` alone, so `(C, the arrows on N(C))` determines the component's
//! game: that pair is what the transposition table keys
//! ([`super::symmetry`]).

use arrows_core::{Graph, Position};
use smallvec::SmallVec;

/// The most edges a board of the outcome search may have (one bit each).
pub const MAX_EDGES: usize = 64;

/// A move: an edge and its direction (`forward`: from the edge's stored
/// `s` end to its `t` end).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Move {
    /// The edge.
    pub edge: u8,
    /// The arrow is forward.
    pub forward: bool,
}

impl Move {
    /// The edge's bit.
    #[inline]
    pub fn bit(self) -> u64 {
        1u64 << self.edge
    }

    /// The position after the move.
    #[inline]
    pub fn play(self, m: u64, f: u64) -> (u64, u64) {
        (m | self.bit(), if self.forward { f | self.bit() } else { f })
    }
}

/// The moves of a node: at most two per edge.
pub type Moves = SmallVec<[Move; 64]>;

/// The components of a scope: disjoint edge masks.
pub type Parts = SmallVec<[u64; 8]>;

/// A cell on the board's edge bits.
#[derive(Debug, Clone, Copy)]
pub struct CellBits {
    /// The cell's edges.
    pub edges: u64,
    /// The edges walked forward by the cell's `Along` orientation.
    pub along: u64,
}

impl CellBits {
    /// `(along allowed, against allowed)`, or `None` when dead.
    #[inline]
    pub fn allowed(self, m: u64, f: u64) -> Option<(bool, bool)> {
        let marked = m & self.edges;
        let disagree = marked & (f ^ self.along);
        let agree = marked & !disagree;
        match (agree != 0, disagree != 0) {
            (true, true) => None,
            (a, d) => Some((!d, !a)),
        }
    }
}

/// A constrained vertex on the edge bits.
#[derive(Debug, Clone, Copy)]
struct Vertex {
    /// Edges of which it is the `s` end.
    low: u64,
    /// Edges of which it is the `t` end.
    high: u64,
}

impl Vertex {
    /// `(has an in-arrow, has an out-arrow)` in `(m, f)`.
    #[inline]
    fn arrows(self, m: u64, f: u64) -> (bool, bool) {
        let ins = m & ((self.low & !f) | (self.high & f)) != 0;
        let outs = m & ((self.low & f) | (self.high & !f)) != 0;
        (ins, outs)
    }
}

/// The board: edges, constrained vertices and cells on masks.
#[derive(Debug, Clone)]
pub struct Board {
    /// Number of edges.
    pub edges: usize,
    /// Every edge.
    pub all: u64,
    /// The stored ends `(s, t)` of each edge.
    pub ends: Vec<(usize, usize)>,
    /// The constrained vertices that have edges, by their graph number in `ids`.
    vertices: Vec<Vertex>,
    /// The graph vertex of each entry of `vertices`.
    ids: Vec<usize>,
    /// The cells (empty when the cells take no part in the game).
    pub cells: Vec<CellBits>,
    /// For each edge, the cells through it (at most two), as a mask of cell numbers.
    through: Vec<u64>,
    /// For each edge, every edge sharing an end with it (itself included).
    near: Vec<u64>,
    /// For each cell, every edge sharing an end with one of its edges.
    cell_near: Vec<u64>,
    /// For each edge, the constrained vertices at its ends (indices into `vertices`).
    at: Vec<[u8; 2]>,
    /// For each graph vertex, its index into `vertices` ([`NONE`] when unconstrained).
    index: Vec<u8>,
}

/// What determines the game on a component `C` of a position: `C`, the
/// vertices of `C` that still need an in-arrow or an out-arrow (a vertex
/// with an unmarked edge outside `C` needs nothing: it is free, or holds a
/// dead edge), and the live cells meeting `C` whose unmarked edges all lie
/// in `C` (the others hold a dead edge and can never be completed), with
/// the orientations each allows. Legality reads the first two, removal
/// the third. Vertices are numbered among the constrained ones
/// ([`Board::vertex_index`]).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Description {
    /// The component's edges.
    pub part: u64,
    /// Vertices of `C` without an in-arrow (bit per constrained vertex).
    pub need_in: u64,
    /// Vertices of `C` without an out-arrow.
    pub need_out: u64,
    /// Cells of `C` completable along their walk (bit per cell number).
    pub along: u64,
    /// Cells of `C` completable against their walk.
    pub against: u64,
}

/// A position scanned once: the legal directions and dead edges, what
/// each constrained vertex needs and which of them join their edges, and
/// the live cells (without a dead edge) with the orientations they allow.
#[derive(Debug, Clone, Default)]
pub struct Scan {
    /// The marked edges.
    pub m: u64,
    /// Legal directions and dead edges.
    pub look: Look,
    /// The unmarked edges of each constrained vertex.
    open: SmallVec<[u64; 48]>,
    /// Constrained vertices without an in-arrow (bit per vertex index).
    need_in: u128,
    /// Constrained vertices without an out-arrow.
    need_out: u128,
    /// Vertices that join their unmarked edges into one component.
    joining: u128,
    /// Live cells without a dead edge and with an unmarked edge.
    live: u64,
    /// Those completable along their walk.
    along: u64,
    /// Those completable against their walk.
    against: u64,
}

/// What a position makes of the board's vertices and cells.
#[derive(Debug, Clone, Copy, Default)]
pub struct Look {
    /// Unmarked edges on which a forward arrow is illegal.
    pub no_fwd: u64,
    /// Unmarked edges on which a backward arrow is illegal.
    pub no_bwd: u64,
    /// Unmarked edges with no legal direction (never markable).
    pub dead: u64,
}

/// No constrained vertex at this end of an edge.
const NONE: u8 = u8::MAX;

impl Board {
    /// The board of `position`'s graph, its rule set and cells; `None` past
    /// [`MAX_EDGES`] edges.
    pub fn new(position: Position<'_>) -> Option<Board> {
        let graph: &Graph = position.graph;
        let edges = graph.edge_count();
        if edges > MAX_EDGES {
            return None;
        }
        let all = if edges == 64 { u64::MAX } else { (1u64 << edges) - 1 };
        let ends: Vec<(usize, usize)> = (0..edges).map(|e| graph.ends(e)).collect();
        let mut vertices = Vec::new();
        let mut ids = Vec::new();
        let mut index = vec![NONE; graph.vertex_count()];
        for (v, slot) in index.iter_mut().enumerate() {
            if graph.degree(v) == 0 || !position.variant.is_constrained(graph, v) {
                continue;
            }
            let (mut low, mut high) = (0u64, 0u64);
            for (e, &(s, t)) in ends.iter().enumerate() {
                if s == v {
                    low |= 1 << e;
                }
                if t == v {
                    high |= 1 << e;
                }
            }
            *slot = vertices.len() as u8;
            vertices.push(Vertex { low, high });
            ids.push(v);
        }
        let at = ends.iter().map(|&(s, t)| [index[s], index[t]]).collect();
        debug_assert!(vertices.len() <= 128, "a graph of at most 64 edges");
        let mut incident = vec![0u64; graph.vertex_count()];
        for (e, &(s, t)) in ends.iter().enumerate() {
            incident[s] |= 1 << e;
            incident[t] |= 1 << e;
        }
        let near: Vec<u64> = ends.iter().map(|&(s, t)| incident[s] | incident[t]).collect();
        let mut cells = Vec::new();
        if position.plays_cells() {
            for cell in graph.cell_list() {
                let mask = cell.mask().expect("a board has at most 64 edges");
                cells.push(CellBits { edges: mask.edges, along: mask.along });
            }
        }
        let mut through = vec![0u64; edges];
        for (i, c) in cells.iter().enumerate() {
            for e in bits(c.edges) {
                through[e] |= 1 << i;
            }
        }
        let cell_near = cells.iter().map(|c| bits(c.edges).fold(0, |acc, e| acc | near[e])).collect();
        Some(Board { edges, all, ends, vertices, ids, cells, through, near, cell_near, at, index })
    }

    /// The graph vertices that are constrained, with their masks of edges
    /// as `s` end and as `t` end (for building components elsewhere).
    pub fn constrained(&self) -> impl Iterator<Item = (usize, u64, u64)> + '_ {
        self.ids.iter().zip(&self.vertices).map(|(&v, x)| (v, x.low, x.high))
    }

    /// The forbidden directions and the dead edges of `(m, f)`: the last
    /// unmarked edge of a constrained vertex may not point away from it
    /// when it has no in-arrow, nor into it when it has no out-arrow.
    #[inline]
    pub fn look(&self, m: u64, f: u64) -> Look {
        let (mut no_fwd, mut no_bwd) = (0u64, 0u64);
        for v in &self.vertices {
            let open = (v.low | v.high) & !m;
            if open == 0 || open & (open - 1) != 0 {
                continue;
            }
            let (ins, outs) = v.arrows(m, f);
            // Forward on an edge whose `s` end is the vertex points away from it.
            let (low, high) = (open & v.low, open & v.high);
            if !ins {
                no_fwd |= low;
                no_bwd |= high;
            }
            if !outs {
                no_fwd |= high;
                no_bwd |= low;
            }
        }
        Look { no_fwd, no_bwd, dead: no_fwd & no_bwd & !m & self.all }
    }

    /// `true` when the move leaves a cell through its edge completable
    /// (one unmarked edge left, every arrow agreeing with one orientation):
    /// the move is removed from the reduced game.
    #[inline]
    fn leaves_completable(&self, m: u64, f: u64, mv: Move) -> bool {
        let (m2, f2) = mv.play(m, f);
        let mut cells = self.through[mv.edge as usize];
        while cells != 0 {
            let c = self.cells[cells.trailing_zeros() as usize];
            cells &= cells - 1;
            let open = c.edges & !m2;
            if open != 0 && open & (open - 1) == 0 && c.allowed(m2, f2).is_some() {
                return true;
            }
        }
        false
    }

    /// The moves of the reduced game on the edges of `scope`: legal (no
    /// sink, no source) and leaving no completable cell. Forward first on
    /// each edge, edges in increasing order.
    pub fn moves(&self, m: u64, f: u64, scope: u64, look: &Look) -> Moves {
        let mut out = Moves::new();
        for e in bits(scope & !m) {
            for forward in [true, false] {
                let banned = if forward { look.no_fwd } else { look.no_bwd };
                if banned >> e & 1 == 1 {
                    continue;
                }
                let mv = Move { edge: e as u8, forward };
                if !self.leaves_completable(m, f, mv) {
                    out.push(mv);
                }
            }
        }
        out
    }

    /// The neighbourhood `N(part)`: every edge at a vertex of an edge of
    /// `part` or of a cell meeting `part`.
    pub fn neighbourhood(&self, part: u64) -> u64 {
        let mut n = 0u64;
        let mut cells = 0u64;
        for e in bits(part) {
            n |= self.near[e];
            cells |= self.through[e];
        }
        while cells != 0 {
            n |= self.cell_near[cells.trailing_zeros() as usize];
            cells &= cells - 1;
        }
        n
    }

    /// Everything a position makes of the vertices and cells, in one pass
    /// over each (see [`Scan`]).
    pub fn scan(&self, m: u64, f: u64) -> Scan {
        let mut scan = Scan::default();
        self.scan_into(m, f, &mut scan);
        scan
    }

    /// [`Board::scan`] into a scan already allocated (a scan is a few
    /// hundred bytes, and the search makes one per follower).
    pub fn scan_into(&self, m: u64, f: u64, scan: &mut Scan) {
        let (mut no_fwd, mut no_bwd) = (0u64, 0u64);
        let open = &mut scan.open;
        open.clear();
        let (mut need_in, mut need_out) = (0u128, 0u128);
        for (i, v) in self.vertices.iter().enumerate() {
            let o = (v.low | v.high) & !m;
            open.push(o);
            if o == 0 {
                continue;
            }
            let (ins, outs) = v.arrows(m, f);
            need_in |= u128::from(!ins) << i;
            need_out |= u128::from(!outs) << i;
            if o & (o - 1) == 0 {
                let (low, high) = (o & v.low, o & v.high);
                if !ins {
                    no_fwd |= low;
                    no_bwd |= high;
                }
                if !outs {
                    no_fwd |= high;
                    no_bwd |= low;
                }
            }
        }
        let dead = no_fwd & no_bwd & !m & self.all;
        // A vertex joins its unmarked edges while it needs an arrow and
        // holds no dead edge.
        let mut joining = 0u128;
        for (i, &o) in open.iter().enumerate() {
            if o != 0 && o & dead == 0 && (need_in | need_out) >> i & 1 == 1 {
                joining |= 1 << i;
            }
        }
        let (mut live, mut along, mut against) = (0u64, 0u64, 0u64);
        for (i, c) in self.cells.iter().enumerate() {
            if c.edges & !m == 0 || c.edges & dead != 0 {
                continue;
            }
            if let Some((a, b)) = c.allowed(m, f) {
                live |= 1 << i;
                along |= u64::from(a) << i;
                against |= u64::from(b) << i;
            }
        }
        scan.m = m;
        scan.look = Look { no_fwd, no_bwd, dead };
        scan.need_in = need_in;
        scan.need_out = need_out;
        scan.joining = joining;
        scan.live = live;
        scan.along = along;
        scan.against = against;
    }

    /// The components of `scope` (unmarked edges) in a scanned position,
    /// dead edges left out.
    pub fn parts(&self, scan: &Scan, scope: u64) -> Parts {
        let open = scope & !scan.m & !scan.look.dead;
        let mut parts = Parts::new();
        if open == 0 {
            return parts;
        }
        // What ties edges together: the unmarked edges of each joining
        // vertex, and of each live cell.
        let mut joins: SmallVec<[u64; 64]> = SmallVec::new();
        let mut j = scan.joining;
        while j != 0 {
            let i = j.trailing_zeros() as usize;
            j &= j - 1;
            let x = scan.open[i] & open;
            if x & x.wrapping_sub(1) != 0 {
                joins.push(x);
            }
        }
        let mut live = scan.live;
        while live != 0 {
            let i = live.trailing_zeros() as usize;
            live &= live - 1;
            let x = self.cells[i].edges & open;
            if x & x.wrapping_sub(1) != 0 {
                joins.push(x);
            }
        }
        grow(open, &joins, |part| parts.push(part));
        parts
    }

    /// `true` when a live cell without a dead edge meets `part`, in a
    /// scanned position.
    pub fn meets_live_cell(&self, scan: &Scan, part: u64) -> bool {
        let mut live = scan.live;
        while live != 0 {
            let i = live.trailing_zeros() as usize;
            live &= live - 1;
            if self.cells[i].edges & part != 0 {
                return true;
            }
        }
        false
    }

    /// The [`Description`] of component `part` of a scanned position.
    pub fn describe(&self, scan: &Scan, part: u64) -> Description {
        let (mut need_in, mut need_out) = (0u64, 0u64);
        for (i, &o) in scan.open.iter().enumerate().take(64) {
            if o & part == 0 || o & !part != 0 {
                continue;
            }
            need_in |= ((scan.need_in >> i) as u64 & 1) << i;
            need_out |= ((scan.need_out >> i) as u64 & 1) << i;
        }
        let (mut along, mut against) = (0u64, 0u64);
        let mut live = scan.live;
        while live != 0 {
            let i = live.trailing_zeros() as usize;
            live &= live - 1;
            let c = self.cells[i].edges;
            if c & part != 0 && c & !scan.m & !part == 0 {
                along |= scan.along & 1 << i;
                against |= scan.against & 1 << i;
            }
        }
        Description { part, need_in, need_out, along, against }
    }

    /// The index of graph vertex `v` among the constrained vertices (the
    /// bit of its [`Description`]).
    pub fn vertex_index(&self, v: usize) -> Option<usize> {
        self.index.get(v).copied().filter(|&i| i != NONE).map(usize::from)
    }

    /// Number of constrained vertices.
    pub fn constrained_count(&self) -> usize {
        self.vertices.len()
    }

    /// The constrained vertex indices at the ends of edge `e` (for move ordering).
    pub fn constrained_ends(&self, e: usize) -> [u8; 2] {
        self.at[e]
    }

    /// The cells through edge `e`, as a mask of cell numbers.
    pub fn cells_through(&self, e: usize) -> u64 {
        self.through[e]
    }
}

/// The set bits of a mask, lowest first.
#[inline]
pub fn bits(mut x: u64) -> impl Iterator<Item = usize> {
    std::iter::from_fn(move || {
        if x == 0 {
            return None;
        }
        let i = x.trailing_zeros() as usize;
        x &= x - 1;
        Some(i)
    })
}

/// The status of a cell of `graph` under masks, as the core computes it
/// (for tests of this module).
#[cfg(test)]
pub fn status(c: CellBits, m: u64, f: u64) -> arrows_core::plane::CellStatus {
    arrows_core::plane::CellMask { edges: c.edges, along: c.along }.status(m, f)
}

/// The classes of the edges of `open` under `joins` (sets of edges that
/// belong together), each grown from its lowest edge until no join adds to
/// it, handed to `push` lowest first.
pub fn grow(open: u64, joins: &[u64], mut push: impl FnMut(u64)) {
    let mut rest = open;
    while rest != 0 {
        let mut part = rest & rest.wrapping_neg();
        loop {
            let before = part;
            for &x in joins {
                if x & part != 0 {
                    part |= x;
                }
            }
            if part == before {
                break;
            }
        }
        push(part);
        rest &= !part;
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use arrows_core::plane::PlaneFamily;
    use arrows_core::{Decoration, Variant};

    /// The reduced moves agree with the core's on every position of a
    /// random walk on several boards.
    #[test]
    fn moves_agree_with_the_core() {
        let mut seed = 7u64;
        let mut next = move || {
            seed ^= seed << 13;
            seed ^= seed >> 7;
            seed ^= seed << 17;
            seed
        };
        for family in
            [PlaneFamily::Wheel(5), PlaneFamily::Grid(3, 3), PlaneFamily::Theta(2, 3, 3), PlaneFamily::Prism(4)]
        {
            let g = family.build().unwrap().graph;
            for _ in 0..40 {
                let mut d = Decoration::empty(g.edge_count());
                loop {
                    let p = Position::new(&g, Variant::Cycles, &d);
                    let board = Board::new(p).unwrap();
                    let (m, f) = d.to_masks().unwrap();
                    let look = board.look(m, f);
                    let ours: Vec<_> = board
                        .moves(m, f, board.all, &look)
                        .into_iter()
                        .map(|mv| arrows_core::arrow_on(&g, mv.edge as usize, mv.forward))
                        .collect();
                    let mut core = p.reduced_moves();
                    core.sort_by_key(|a| {
                        let e = g.edge_between(a.tail, a.head).unwrap();
                        (e, g.ends(e).0 != a.tail)
                    });
                    assert_eq!(ours, core, "{family} {}", d.display(&g));
                    for (i, c) in board.cells.iter().enumerate() {
                        assert_eq!(status(*c, m, f), g.cell_list()[i].status(&d));
                    }
                    if core.is_empty() {
                        break;
                    }
                    let a = core[(next() % core.len() as u64) as usize];
                    let e = g.edge_between(a.tail, a.head).unwrap();
                    d.mark(e, g.ends(e).0 == a.tail);
                }
            }
        }
    }

    #[test]
    fn a_wheel_splits_once_its_hub_is_free_and_its_cells_dead() {
        let g = PlaneFamily::Wheel(4).build().unwrap().graph;
        // Spokes 4..8 from hub 0 to rim 1..4; mark 0>1 and 2>0: the hub is free.
        let d = Decoration::parse(&g, "0>1,2>0").unwrap();
        let p = Position::new(&g, Variant::Cycles, &d);
        let board = Board::new(p).unwrap();
        let (m, f) = d.to_masks().unwrap();
        let look = board.look(m, f);
        let parts = board.parts(&board.scan(m, f), board.all & !m);
        assert_eq!(parts.iter().fold(0, |a, &p| a | p), board.all & !m & !look.dead);
        assert!(parts.iter().all(|&p| p != 0));
        for (i, &a) in parts.iter().enumerate() {
            for &b in &parts[i + 1..] {
                assert_eq!(a & b, 0);
            }
        }
    }
}
