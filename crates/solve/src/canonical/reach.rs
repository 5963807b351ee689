//! How many memo classes a component that is not spider-shaped reaches,
//! estimated before any work (see [`super::estimate`] for the derivation
//! and the measured factors).

use super::canon::{adjacency, rank, refine};
use super::component::Component;
use super::directed::log2_directed;
use super::enumerate::enumerated;
use super::need::Need;

/// Components with more vertices than this get no symmetry estimate (it
/// costs a refinement per vertex): their estimate is not divided by it.
const MAX_SYMMETRY_VERTICES: usize = 256;

/// The ways of a vertex that is in a piece to be labelled, with `free`
/// pendant free edges and `closed` when none of its edges to constrained
/// vertices leaves the piece (those that do are marked, all the same way,
/// or the vertex would be satisfied and out of the piece). A vertex that
/// needs both keeps no arrow (closed only) or gets its first ones, in or
/// out, with `0..=free` pendant edges still unmarked (`free` at most when
/// closed, as one must be marked): `1 + 2 free` closed, `2 + 2 free`
/// otherwise. One that needs in or out already stays so with `0..=free`
/// pendant edges unmarked: `1 + free`.
pub(super) fn ways(label: Need, free: usize, closed: bool) -> f64 {
    let free = free as f64;
    match (label, closed) {
        (Need::Both, true) => 1.0 + 2.0 * free,
        (Need::Both, false) => 2.0 + 2.0 * free,
        _ => 1.0 + free,
    }
}

/// A spanning forest of the component's constrained vertices (those not
/// [`Need::Free`]) and their edges, in breadth-first order, with each
/// vertex's pendant free edges.
struct Forest {
    /// Every constrained vertex, each tree's root first, parents before children.
    order: Vec<usize>,
    /// The parent of each vertex in the forest (`usize::MAX` at a root and
    /// off the forest).
    parent: Vec<usize>,
    /// The number of free neighbours of each vertex (pendant free edges).
    free: Vec<usize>,
}

impl Forest {
    fn new(c: &Component, adj: &[Vec<usize>]) -> Forest {
        let n = c.labels.len();
        let constrained = |v: usize| c.labels[v] != Need::Free;
        let mut parent = vec![usize::MAX; n];
        let mut seen = vec![false; n];
        let mut order = Vec::with_capacity(n);
        for root in 0..n {
            if seen[root] || !constrained(root) {
                continue;
            }
            seen[root] = true;
            let start = order.len();
            order.push(root);
            let mut i = start;
            while i < order.len() {
                let v = order[i];
                i += 1;
                for &w in &adj[v] {
                    if !seen[w] && constrained(w) {
                        seen[w] = true;
                        parent[w] = v;
                        order.push(w);
                    }
                }
            }
        }
        let free = adj.iter().map(|ns| ns.iter().filter(|&&w| !constrained(w)).count()).collect();
        Forest { order, parent, free }
    }

    /// The weighted pieces ([`pieces`]): children first, `product[v]` is
    /// the product over the children of `1 + g(child)` and `all[v]` of
    /// `g(child)`, where `g(c)` counts the pieces topped by `c` that hold
    /// its parent too.
    fn weighted(&self, c: &Component, deg: &[usize]) -> f64 {
        let n = c.labels.len();
        let mut product = vec![1.0f64; n];
        let mut all = vec![1.0f64; n];
        let mut children = vec![0usize; n];
        let mut total = 0.0f64;
        for &v in self.order.iter().rev() {
            let free = self.free[v];
            let constrained = deg[v] - free;
            let value = |with_parent: bool| {
                // The sum over the children in the piece of the vertex's
                // ways: none of its constrained edges leaves the piece
                // only when all its children (and its parent) are in.
                let closed = constrained == usize::from(with_parent) + children[v];
                let full = ways(c.labels[v], free, false);
                full * product[v] - if closed { (full - ways(c.labels[v], free, true)) * all[v] } else { 0.0 }
            };
            total += value(false);
            let p = self.parent[v];
            if p != usize::MAX {
                let g = value(true);
                product[p] *= 1.0 + g;
                all[p] *= g;
                children[p] += 1;
            }
        }
        total
    }
}

/// The number of connected pieces of the component's constrained vertices
/// along a spanning forest of its constrained edges, each piece weighted
/// by its vertices' ways to be labelled (see [`super::estimate`]): the labelled pieces a
/// tree component can be cut into, counted with their pendant free edges
/// up to number. Exact on trees up to isomorphism of the pieces; computed
/// in linear time, in floating point (saturating to infinity).
pub fn pieces(c: &Component, deg: &[usize], adj: &[Vec<usize>]) -> f64 {
    Forest::new(c, adj).weighted(c, deg)
}

/// An upper estimate of the number of automorphisms of the component's
/// constrained vertices (coloured by label and degree, so that pendant
/// free edges count by their number), as `log2`: the product of the cell
/// sizes met while individualizing one vertex of the first non-singleton
/// cell and refining, until the partition is discrete. Exact when every
/// cell so met is an orbit (complete graphs, complete graphs less an edge,
/// cycles, trees); `0` (one automorphism) past `MAX_SYMMETRY_VERTICES`.
pub fn log2_symmetry(c: &Component, deg: &[usize], adj: &[Vec<usize>]) -> f64 {
    let constrained: Vec<usize> = (0..adj.len()).filter(|&v| c.labels[v] != Need::Free).collect();
    let n = constrained.len();
    if n > MAX_SYMMETRY_VERTICES {
        return 0.0;
    }
    let mut local = vec![usize::MAX; adj.len()];
    for (i, &v) in constrained.iter().enumerate() {
        local[v] = i;
    }
    let core: Vec<Vec<usize>> =
        constrained.iter().map(|&v| adj[v].iter().map(|&w| local[w]).filter(|&w| w != usize::MAX).collect()).collect();
    let colour: Vec<u64> = constrained.iter().map(|&v| (c.labels[v] as u64) << 32 | deg[v] as u64).collect();
    let mut cell = refine(&core, rank(&colour));
    let mut log2 = 0.0;
    loop {
        let mut size = vec![0usize; n];
        for &x in &cell {
            size[x] += 1;
        }
        let Some(target) = (0..n).find(|&x| size[x] >= 2) else { return log2 };
        log2 += (size[target] as f64).log2();
        let v = (0..n).find(|&v| cell[v] == target).expect("a vertex of the cell");
        let split: Vec<usize> = (0..n).map(|w| 2 * cell[w] + usize::from(w != v || cell[w] != target)).collect();
        cell = refine(&core, rank(&split));
    }
}

/// The placements of [`log2_directed`] over the automorphisms fall short
/// of the classes where symmetries fix many of them, the more so the more
/// automorphisms: priced at the whole component's entry, `K7` less an
/// edge (240 automorphisms) comes to 1.9 times its memo, `K8` less a
/// perfect matching (384) to 2.0, `K5` (120) to 1.06, `K6` (720) to 0.85
/// (the last two never get this count: their pieces are few enough to
/// list) and `K7` (5,040) lower still. Past `2^10` automorphisms the count
/// is not used.
const MAX_DIRECTED_SYMMETRY: f64 = 10.0;

/// The number of labelled states of the component up to the pendant free
/// edges' order, as `log2`, estimated by a mean field: each constrained
/// vertex needs nothing more (free), both, in or out with probabilities
/// `(f, b, x, x)`, and each constrained edge contributes the expected
/// number of ways its two ends allow it (unmarked; or marked from a vertex
/// needing in to one needing out or to a free one), maximized over the
/// probabilities on a grid.
pub fn log2_states(c: &Component, deg: &[usize], adj: &[Vec<usize>]) -> f64 {
    // Ways for an edge whose ends are labelled (free, both, in, out).
    const WAYS: [[f64; 4]; 4] =
        [[1.0, 1.0, 2.0, 2.0], [1.0, 1.0, 1.0, 1.0], [2.0, 1.0, 1.0, 2.0], [2.0, 1.0, 2.0, 1.0]];
    let constrained = |v: usize| c.labels[v] != Need::Free;
    let vertices = (0..deg.len()).filter(|&v| constrained(v)).count() as f64;
    let mut edges = 0.0;
    // Pendant free edges at a vertex needing in or out: how many are still unmarked.
    let mut pendant = 0.0;
    for v in (0..deg.len()).filter(|&v| constrained(v)) {
        let free = adj[v].iter().filter(|&&w| !constrained(w)).count();
        edges += (deg[v] - free) as f64 / 2.0;
        pendant += ((free + 1) as f64).log2();
    }
    const GRID: usize = 24;
    let entropy = |p: f64| if p > 0.0 { -p * p.log2() } else { 0.0 };
    let mut best = f64::NEG_INFINITY;
    for i in 0..=GRID {
        for j in 0..=GRID - i {
            let (f, b) = (i as f64 / GRID as f64, j as f64 / GRID as f64);
            let x = (1.0 - f - b) / 2.0;
            let p = [f, b, x, x];
            let mut edge = 0.0;
            for s in 0..4 {
                for t in 0..4 {
                    edge += p[s] * p[t] * WAYS[s][t];
                }
            }
            let h = entropy(f) + entropy(b) + 2.0 * entropy(x);
            let value = vertices * h + 2.0 * x * pendant + edges * edge.log2();
            best = best.max(value);
        }
    }
    best
}

/// The estimated number of memo classes reached from a component that is
/// not spider-shaped (nor a cycle), as `log2` ([`classes`]).
pub fn log2_classes(c: &Component) -> f64 {
    classes(c, true).total()
}

/// The memo classes a component reaches, estimated ([`classes`]).
#[derive(Debug, Clone, Copy)]
pub struct Classes {
    /// The classes that are tree pieces of a graph with cycles shaped as a
    /// spider or a path (most of their classes are kept in the rows of
    /// [`super::rows`]), as `log2`.
    pub spiders: f64,
    /// The other classes that are trees (the memo of small trees holds them at a
    /// fraction of the bytes), as `log2`.
    pub trees: f64,
    /// The classes with a cycle, as `log2`.
    pub cyclic: f64,
    /// Their mean `vertices + 8 edges` (what their keys grow by).
    pub cyclic_size: f64,
    /// `true` for the fine count (pieces keyed by shape): classes counted up to
    /// isomorphism (else pieces at different places count apart).
    pub fine: bool,
}

impl Classes {
    /// All the classes, as `log2`.
    pub fn total(&self) -> f64 {
        (self.spiders.exp2() + self.trees.exp2() + self.cyclic.exp2()).log2()
    }
}

/// The classes a component that is not spider-shaped (nor a cycle)
/// reaches: on a tree, the labelled pieces ([`pieces`]) halved for the
/// flip. With cycles and at most `2^18` connected pieces of the
/// constrained edges, their fine count when `fine` (each piece's shape
/// keyed, its classes counted up to symmetry);
/// otherwise the smaller of two counts: the sparse one, those pieces
/// weighed by their labellings (the quick count) or,
/// past `2^18` of them, the pieces of a spanning forest each with `2^r -
/// 1` more with a cycle; and the dense one, the states over the symmetries
/// ([`log2_states`], [`log2_symmetry`]), all counted as classes with a
/// cycle, halved for the flip.
pub fn classes(c: &Component, fine: bool) -> Classes {
    let adj = adjacency(c);
    let deg: Vec<usize> = adj.iter().map(Vec::len).collect();
    let forest = Forest::new(c, &adj);
    let whole = (c.labels.len() + 8 * c.edges.len()) as f64;
    let none = f64::NEG_INFINITY;
    if c.is_tree() {
        let trees = forest.weighted(c, &deg).log2() - 1.0;
        return Classes { spiders: none, trees, cyclic: none, cyclic_size: whole, fine: false };
    }
    let sparse = match enumerated(c, &adj, &deg, &forest.free, fine) {
        Some(p) => Classes {
            spiders: p.spiders.log2(),
            trees: p.trees.log2(),
            cyclic: p.cyclic.log2(),
            cyclic_size: if p.cyclic > 0.0 { p.cyclic_size / p.cyclic } else { whole },
            fine,
        },
        None => {
            let trees = forest.weighted(c, &deg).log2() - 1.0;
            let cycle_rank = (c.edges.len() + 1) as f64 - c.labels.len() as f64;
            let cyclic = trees + (cycle_rank.exp2() - 1.0).log2();
            Classes { spiders: none, trees, cyclic, cyclic_size: whole, fine: false }
        }
    };
    if sparse.fine {
        return sparse;
    }
    let symmetry = log2_symmetry(c, &deg, &adj);
    let mut dense = log2_states(c, &deg, &adj) - symmetry - 1.0;
    if fine
        && symmetry <= MAX_DIRECTED_SYMMETRY
        && let Some(directed) = log2_directed(c, &deg, &adj)
    {
        dense = dense.min(directed - symmetry - 1.0);
    }
    if sparse.total() <= dense {
        sparse
    } else {
        Classes { spiders: none, trees: none, cyclic: dense, cyclic_size: whole, fine: false }
    }
}
