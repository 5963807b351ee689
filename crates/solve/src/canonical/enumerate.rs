//! The connected pieces of a component with cycles, listed one by one and
//! counted for the memo estimate ([`super::reach::classes`]; the model is
//! in [`super::estimate`]).
//!
//! Every connected set of the component's constrained edges is listed
//! once: from its lowest edge, by adding at each step one edge of the
//! frontier and banning it from the steps after (the extension scheme of
//! connected-subgraph enumeration). The quick count weighs each piece by
//! its vertices' ways ([`super::reach::ways`]); the fine count keys its
//! shape and counts each shape's classes once ([`Piece::orbits`]).

use super::canon::coloured_key;
use super::component::Component;
use super::need::Need;
use super::orbits::{Piece, bits};
use super::reach::ways;
use xxhash_rust::xxh3::xxh3_128;

/// Whether a vertex labelled `label` with `degree` unmarked edges can be
/// free while one of them stays unmarked: it is free already, or its other
/// edges can bring the arrows it lacks (one when it needs in or out, two
/// when it needs both). An edge of a piece leaving towards any other
/// vertex is marked.
fn may_free(label: Need, degree: usize) -> bool {
    match label {
        Need::Free => true,
        Need::In | Need::Out => degree >= 2,
        Need::Both => degree >= 3,
    }
}

/// Past this many connected pieces, [`enumerated`] gives up.
const MAX_ENUMERATED: u64 = 1 << 18;

/// The classes of the connected pieces of a component with cycles, summed
/// apart for the trees and the pieces with a cycle. `None` past 64
/// constrained edges or [`MAX_ENUMERATED`] pieces.
///
/// The quick count weighs each piece by its vertices' ways to be labelled
/// ([`ways`], with the pendant free edges of the component): isomorphic
/// pieces at different places are counted apart, so it errs high. The
/// fine count (`fine`) keys each piece's shape and counts the classes of
/// each shape once, up to its symmetries ([`Walk::new_shape`]).
pub(super) fn enumerated(
    c: &Component,
    adj: &[Vec<usize>],
    deg: &[usize],
    free: &[usize],
    fine: bool,
) -> Option<Pieces> {
    let constrained = |v: usize| c.labels[v] != Need::Free;
    let core: Vec<(usize, usize)> = c
        .edges
        .iter()
        .map(|&(u, v)| (u as usize, v as usize))
        .filter(|&(u, v)| constrained(u) && constrained(v))
        .collect();
    if core.len() > 64 {
        return None;
    }
    let mut touching = vec![0u64; c.labels.len()];
    for (i, &(u, v)) in core.iter().enumerate() {
        touching[u] |= 1 << i;
        touching[v] |= 1 << i;
    }
    let mut walk = Walk {
        c,
        adj,
        deg,
        free,
        may_free: (0..deg.len()).map(|w| may_free(c.labels[w], deg[w])).collect(),
        neighbours: core.iter().enumerate().map(|(i, &(u, v))| (touching[u] | touching[v]) & !(1 << i)).collect(),
        core: &core,
        inside: vec![0; c.labels.len()],
        visits: 0,
        shaping: false,
        pieces: Pieces::default(),
        shapes: hashbrown::HashSet::new(),
    };
    // The quick count first; the pieces are keyed only when there are
    // not too many.
    for shaping in [false, true].into_iter().take(1 + usize::from(fine)) {
        (walk.shaping, walk.visits, walk.pieces) = (shaping, 0, Pieces::default());
        for (i, &(u, v)) in core.iter().enumerate() {
            let lower = if i == 63 { u64::MAX } else { (1u64 << (i + 1)) - 1 };
            let (mut s, mut vertices) = (0, 0);
            let product = walk.add(i, &mut s, &mut vertices, 1.0);
            if !walk.extend(s, walk.neighbours[i] & !lower, lower, product, vertices, 1) {
                return None;
            }
            (walk.inside[u], walk.inside[v]) = (0, 0);
        }
    }
    Some(walk.pieces)
}

/// The state of [`enumerated`].
struct Walk<'a> {
    c: &'a Component,
    adj: &'a [Vec<usize>],
    deg: &'a [usize],
    /// The pendant free edges of each vertex.
    free: &'a [usize],
    /// Whether each vertex can be free with one of its edges unmarked ([`may_free`]).
    may_free: Vec<bool>,
    core: &'a [(usize, usize)],
    /// The edges sharing an end with each constrained edge, as bits.
    neighbours: Vec<u64>,
    /// Each vertex's edges in the current piece.
    inside: Vec<usize>,
    visits: u64,
    /// Whether pieces are keyed and counted up to symmetry (the fine
    /// count), or weighed by their ways (the quick count).
    shaping: bool,
    pieces: Pieces,
    /// The shapes counted so far, by a 128-bit hash of their keys (up to
    /// `2^18` of them: 4 MiB, where keys of a hundred bytes and more would
    /// take tens; two keys share a hash with odds below `2^-90`).
    shapes: hashbrown::HashSet<u128>,
}

/// What [`Walk::new_shape`] finds of a new shape.
struct Shape {
    /// Its classes ([`Piece::orbits`]).
    classes: f64,
    /// The shares of its labellings with no and with one special vertex
    /// ([`Piece::special_shares`]).
    shares: (f64, f64),
    /// The mean number of its pendant free edges (edges leaving unmarked).
    pendants: f64,
}

/// Weighted counts of pieces ([`enumerated`]).
#[derive(Debug, Default, Clone, Copy)]
pub(super) struct Pieces {
    /// The spider-shaped classes of tree pieces (fine count only).
    pub spiders: f64,
    /// The other classes of tree pieces but paths (quick count: every one).
    pub trees: f64,
    /// The classes of the pieces with a cycle.
    pub cyclic: f64,
    /// The sum over the classes with a cycle of what their keys grow by:
    /// a byte a vertex and 8 an edge, pendant free edges included.
    pub cyclic_size: f64,
}

impl Walk<'_> {
    /// The classes of the piece `s` ([`Piece::orbits`]) and the shares of
    /// them with no and with one special vertex ([`Piece::special_shares`]),
    /// or `None` when a piece of the same shape was counted already. The
    /// shape is keyed as a coloured graph ([`coloured_key`]): the piece's
    /// vertices coloured by label, edges leaving that may stay unmarked and
    /// whether one must be marked, and a vertex of its own colour on each
    /// chord.
    fn new_shape(&mut self, s: u64) -> Option<Shape> {
        let mut local = vec![usize::MAX; self.c.labels.len()];
        let mut vertices = Vec::new();
        for i in bits(s) {
            for w in [self.core[i].0, self.core[i].1] {
                if local[w] == usize::MAX {
                    local[w] = vertices.len();
                    vertices.push(w);
                }
            }
        }
        let n = vertices.len();
        let mut piece = Piece {
            edges: vec![0; n],
            chords: vec![0; n],
            labels: vertices.iter().map(|&w| self.c.labels[w]).collect(),
            leaving: vec![0; n],
            marked: vec![false; n],
        };
        for (a, &w) in vertices.iter().enumerate() {
            for &x in self.adj[w].iter().filter(|&&x| local[x] == usize::MAX) {
                match self.may_free[x] {
                    true => piece.leaving[a] += 1,
                    false => piece.marked[a] = true,
                }
            }
        }
        // The shape as a coloured graph: the piece's vertices coloured by
        // their label, edges leaving and mark, then one vertex per chord.
        let colour_of = |a: usize, flip: bool| {
            let label = if flip { piece.labels[a].flip() } else { piece.labels[a] };
            label as u64 | (piece.leaving[a] as u64) << 2 | u64::from(piece.marked[a]) << 40
        };
        let mut adj: Vec<Vec<usize>> = vec![Vec::new(); n];
        for (i, &(u, v)) in self.core.iter().enumerate() {
            let (a, b) = (local[u], local[v]);
            if a == usize::MAX || b == usize::MAX {
                continue;
            }
            if s & 1 << i != 0 {
                (piece.edges[a], piece.edges[b]) = (piece.edges[a] | 1 << b, piece.edges[b] | 1 << a);
                adj[a].push(b);
                adj[b].push(a);
            } else {
                (piece.chords[a], piece.chords[b]) = (piece.chords[a] | 1 << b, piece.chords[b] | 1 << a);
                let x = adj.len();
                adj.push(vec![a, b]);
                adj[a].push(x);
                adj[b].push(x);
            }
        }
        // A class and its flip are one: so are a shape and its flip.
        let colour = |flip: bool| -> Vec<u64> {
            (0..adj.len()).map(|a| if a < n { colour_of(a, flip) } else { u64::MAX }).collect()
        };
        let directed = piece.labels.iter().any(|&l| l != Need::Both);
        let key = coloured_key(&adj, &colour(false));
        let shape = if directed { key.min(coloured_key(&adj, &colour(true))) } else { key };
        if !self.shapes.insert(xxh3_128(&shape)) {
            return None;
        }
        // Past the search's steps, every labelling (no fewer than the orbits).
        let classes = piece.orbits().unwrap_or_else(|| piece.labellings());
        // A vertex keeps about half its edges leaving unmarked, on average
        // over its ways.
        let pendants = piece.leaving.iter().sum::<usize>() as f64 / 2.0;
        Some(Shape { classes, shares: piece.special_shares(), pendants })
    }

    /// Counts `classes` of a piece (tree or not) whose keys grow by `size`
    /// bytes, `spiders` more of a tree piece that are spider-shaped.
    fn count(&mut self, tree: bool, classes: f64, spiders: f64, size: f64) {
        if tree {
            self.pieces.trees += classes;
            self.pieces.spiders += spiders;
        } else {
            self.pieces.cyclic += classes;
            self.pieces.cyclic_size += classes * size;
        }
    }

    /// A vertex's ways with `inside` of its edges in the piece (the quick count).
    fn ways(&self, v: usize, inside: usize) -> f64 {
        ways(self.c.labels[v], self.free[v], inside == self.deg[v] - self.free[v])
    }

    /// Adds edge `i` to the piece `s`; returns the product of ways updated.
    fn add(&mut self, i: usize, s: &mut u64, vertices: &mut usize, mut product: f64) -> f64 {
        *s |= 1 << i;
        let (u, v) = self.core[i];
        for w in [u, v] {
            let d = self.inside[w];
            product *= if d == 0 { self.ways(w, 1) } else { self.ways(w, d + 1) / self.ways(w, d) };
            *vertices += usize::from(d == 0);
            self.inside[w] = d + 1;
        }
        product
    }

    /// Counts the piece `s` and every piece grown from it by edges of
    /// `frontier` and their neighbours, never by edges of `banned`;
    /// `false` past [`MAX_ENUMERATED`] pieces.
    fn extend(
        &mut self,
        s: u64,
        mut frontier: u64,
        mut banned: u64,
        product: f64,
        vertices: usize,
        edges: usize,
    ) -> bool {
        self.visits += 1;
        if self.visits > MAX_ENUMERATED {
            return false;
        }
        let tree = edges + 1 == vertices;
        let size = (vertices + 8 * edges) as f64;
        if !self.shaping {
            // Halved for the flip.
            self.count(tree, product / 2.0, 0.0, size);
        } else if let Some(shape) = self.new_shape(s) {
            // A pendant edge adds a free leaf and an edge to a class's key.
            let size = size + 9.0 * shape.pendants;
            match tree {
                true => {
                    // Paths (no special vertex) are valued by closed forms.
                    let (none, one) = shape.shares;
                    self.count(true, shape.classes * (1.0 - none - one), shape.classes * one, size);
                }
                false => self.count(false, shape.classes, 0.0, size),
            }
        }
        while frontier != 0 {
            let i = frontier.trailing_zeros() as usize;
            frontier &= frontier - 1;
            let (mut grown, mut count) = (s, vertices);
            let p = self.add(i, &mut grown, &mut count, product);
            let next = frontier | (self.neighbours[i] & !grown & !banned);
            let ok = self.extend(grown, next, banned, p, count, edges + 1);
            let (u, v) = self.core[i];
            self.inside[u] -= 1;
            self.inside[v] -= 1;
            if !ok {
                return false;
            }
            banned |= 1 << i;
        }
        true
    }
}
