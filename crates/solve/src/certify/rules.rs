//! The rules on 64-bit masks, as `docs/certificates.md` states them:
//! constrained vertices, states, cells (live, completable), legal moves of
//! the reduced game, and components (linked unmarked edges).
//!
//! This is the writer's own reading of the definitions, kept apart from
//! the outcome search's board on purpose: the components here are exactly
//! the components of the certificate format (no dead-edge refinement), so
//! that every list of parts the writer emits covers the components the
//! checker computes.

pub use crate::search::board::bits;
use crate::search::board::grow;
use arrows_core::{Graph, Position};

/// The most edges a certified board may have (one bit each).
pub const MAX_EDGES: usize = 64;

/// The most vertices a certified board may have (one bit each in a key).
pub const MAX_VERTICES: usize = 128;

/// The most cells a certified board may have (one bit each in a key).
pub const MAX_CELLS: usize = 64;

/// A position: `m` the marked edges, `f ⊆ m` those whose arrow is
/// forward (`s -> t` for the edge stored as `(s, t)`).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Pos {
    /// Marked edges.
    pub m: u64,
    /// Marked edges carrying their forward arrow.
    pub f: u64,
}

impl Pos {
    /// The position after marking edge `e`, forward or backward.
    pub fn play(self, e: usize, forward: bool) -> Pos {
        let b = 1u64 << e;
        Pos { m: self.m | b, f: if forward { self.f | b } else { self.f } }
    }

    /// Every arrow reversed (the flip).
    pub fn flipped(self) -> Pos {
        Pos { m: self.m, f: self.m & !self.f }
    }
}

/// A cell: its edges and those its forward walk crosses `s -> t`.
#[derive(Debug, Clone, Copy)]
pub struct CellMask {
    /// The cell's edges.
    pub edges: u64,
    /// The edges the forward orientation marks `s -> t`.
    pub along: u64,
}

impl CellMask {
    /// Which orientations (forward, backward) the arrows of `p` allow.
    pub fn allowed(self, p: Pos) -> (bool, bool) {
        let marked = p.m & self.edges;
        let along = (p.f ^ self.along) & marked == 0;
        let against = (!p.f ^ self.along) & marked == 0;
        (along, against)
    }

    /// At least one orientation allowed.
    pub fn is_live(self, p: Pos) -> bool {
        let (a, b) = self.allowed(p);
        a || b
    }

    /// Exactly one edge unmarked and an orientation allowed.
    pub fn is_completable(self, p: Pos) -> bool {
        (self.edges & !p.m).count_ones() == 1 && self.is_live(p)
    }

    /// Every edge marked and an orientation allowed.
    pub fn is_completed(self, p: Pos) -> bool {
        self.edges & !p.m == 0 && self.is_live(p)
    }
}

/// A board as the certificate's rules see it.
#[derive(Debug, Clone)]
pub struct Rules {
    /// Number of edges.
    pub edges: usize,
    /// Every edge.
    pub all: u64,
    /// Edge `i` as stored, `(s, t)`.
    pub ends: Vec<(usize, usize)>,
    /// Whether each vertex may never be a sink or a source.
    pub constrained: Vec<bool>,
    /// The edges whose stored `s` end is the vertex.
    pub low: Vec<u64>,
    /// The edges whose stored `t` end is the vertex.
    pub high: Vec<u64>,
    /// The cells (empty unless the rules play them).
    pub cells: Vec<CellMask>,
    /// The cells through each edge, as a mask of cell numbers.
    pub through: Vec<u64>,
    /// The cells' walks, as lists of edges (for the file's header).
    pub walks: Vec<Vec<usize>>,
}

/// Why a board cannot be certified.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum TooLarge {
    /// More than [`MAX_EDGES`] edges.
    Edges(usize),
    /// More than [`MAX_VERTICES`] vertices.
    Vertices(usize),
    /// More than [`MAX_CELLS`] cells.
    Cells(usize),
}

impl Rules {
    /// The rules of `position`'s graph and rule set.
    pub fn new(position: Position<'_>) -> Result<Rules, TooLarge> {
        let graph: &Graph = position.graph;
        let edges = graph.edge_count();
        if edges > MAX_EDGES {
            return Err(TooLarge::Edges(edges));
        }
        let n = graph.vertex_count();
        if n > MAX_VERTICES {
            return Err(TooLarge::Vertices(n));
        }
        let all = if edges == 64 { u64::MAX } else { (1u64 << edges) - 1 };
        let ends: Vec<(usize, usize)> = (0..edges).map(|e| graph.ends(e)).collect();
        let constrained = (0..n).map(|v| graph.degree(v) > 0 && position.variant.is_constrained(graph, v)).collect();
        let (mut low, mut high) = (vec![0u64; n], vec![0u64; n]);
        for (e, &(s, t)) in ends.iter().enumerate() {
            low[s] |= 1 << e;
            high[t] |= 1 << e;
        }
        let mut cells = Vec::new();
        let mut walks = Vec::new();
        if position.plays_cells() {
            let list = graph.cell_list();
            if list.len() > MAX_CELLS {
                return Err(TooLarge::Cells(list.len()));
            }
            for cell in list {
                let (mut mask, mut along) = (0u64, 0u64);
                let mut walk = Vec::new();
                for step in cell.steps() {
                    mask |= 1 << step.edge;
                    if step.forward {
                        along |= 1 << step.edge;
                    }
                    walk.push(step.edge);
                }
                cells.push(CellMask { edges: mask, along });
                walks.push(walk);
            }
        }
        let mut through = vec![0u64; edges];
        for (i, c) in cells.iter().enumerate() {
            for e in bits(c.edges) {
                through[e] |= 1 << i;
            }
        }
        Ok(Rules { edges, all, ends, constrained, low, high, cells, through, walks })
    }

    /// The number of vertices.
    pub fn vertex_count(&self) -> usize {
        self.constrained.len()
    }

    /// Whether vertex `v` has an arrow into it and an arrow out of it.
    pub fn arrows_at(&self, p: Pos, v: usize) -> (bool, bool) {
        let (lo, hi) = (self.low[v] & p.m, self.high[v] & p.m);
        // Forward arrows leave their `s` end and enter their `t` end.
        let into = (lo & !p.f) | (hi & p.f) != 0;
        let out = (lo & p.f) | (hi & !p.f) != 0;
        (into, out)
    }

    /// `true` when constrained vertex `v` is a sink or a source.
    fn violated(&self, p: Pos, v: usize) -> bool {
        if !self.constrained[v] || (self.low[v] | self.high[v]) & !p.m != 0 {
            return false;
        }
        let (into, out) = self.arrows_at(p, v);
        !(into && out)
    }

    /// A proper position: a state without a completed or completable cell.
    pub fn is_proper(&self, p: Pos) -> bool {
        (0..self.vertex_count()).all(|v| !self.violated(p, v))
            && self.cells.iter().all(|c| !c.is_completable(p) && !c.is_completed(p))
    }

    /// Whether marking edge `e` (unmarked in proper position `p`) with its
    /// forward or backward arrow is a legal move of the reduced game.
    pub fn is_legal(&self, p: Pos, e: usize, forward: bool) -> bool {
        let q = p.play(e, forward);
        let (s, t) = self.ends[e];
        if self.violated(q, s) || self.violated(q, t) {
            return false;
        }
        bits(self.through[e]).all(|c| {
            let cell = self.cells[c];
            !cell.is_completable(q) && !cell.is_completed(q)
        })
    }

    /// The legal moves on the edges of `scope`, in move order (edge by
    /// edge, forward first).
    pub fn moves(&self, p: Pos, scope: u64) -> Vec<(usize, bool)> {
        let mut out = Vec::new();
        for e in bits(scope & !p.m) {
            for forward in [true, false] {
                if self.is_legal(p, e, forward) {
                    out.push((e, forward));
                }
            }
        }
        out
    }

    /// The components of the unmarked edges of `scope`, each as a mask,
    /// ordered by least edge. `scope` must be a union of components of
    /// `p` (or of their remains after a move on them), so that no edge
    /// outside it is linked to one inside.
    pub fn components(&self, p: Pos, scope: u64) -> Vec<u64> {
        let open = scope & !p.m;
        let mut joins: Vec<u64> = Vec::new();
        for v in 0..self.vertex_count() {
            if !self.constrained[v] {
                continue;
            }
            let x = (self.low[v] | self.high[v]) & open;
            if x & x.wrapping_sub(1) == 0 {
                continue;
            }
            let (into, out) = self.arrows_at(p, v);
            if !(into && out) {
                joins.push(x);
            }
        }
        for c in &self.cells {
            let x = c.edges & open;
            if x & x.wrapping_sub(1) != 0 && c.is_live(p) {
                joins.push(x);
            }
        }
        let mut parts = Vec::new();
        grow(open, &joins, |part| parts.push(part));
        parts
    }

    /// The position after a move on component `part` of `p`, and the
    /// components of what is left of `part`.
    pub fn after(&self, p: Pos, part: u64, e: usize, forward: bool) -> (Pos, Vec<u64>) {
        let q = p.play(e, forward);
        (q, self.components(q, part & !(1 << e)))
    }

    /// `true` when a live cell runs through an edge of `part`.
    pub fn meets_live_cell(&self, p: Pos, part: u64) -> bool {
        bits(part).any(|e| bits(self.through[e]).any(|c| self.cells[c].is_live(p)))
    }

    /// The position string of the file: `.`, `>` or `<` per edge.
    pub fn text(&self, p: Pos) -> String {
        (0..self.edges)
            .map(|e| match (p.m >> e & 1, p.f >> e & 1) {
                (0, _) => '.',
                (_, 1) => '>',
                _ => '<',
            })
            .collect()
    }
}
