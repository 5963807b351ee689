//! How many memo classes a component that is not spider-shaped reaches,
//! estimated before any work (see [`super::estimate`] for the derivation
//! and the measured factors).

use super::canon::{adjacency, rank, refine};
use super::component::Component;
use super::need::Need;

/// Components with more vertices than this get no symmetry estimate (it
/// costs a refinement per vertex): their estimate is not divided by it.
const MAX_SYMMETRY_VERTICES: usize = 256;

/// The weight of a vertex that is in the piece: its ways to be labelled,
/// with `outside` of its edges leaving the piece (some of them still
/// unmarked, to free ends, counted only by their number). A vertex that
/// needs both may keep all of them unmarked (still needing both) or mark
/// at least one (needing in or out, `0..outside` of them unmarked): `1 +
/// 2 outside`; one that needs in or out already: `1 + outside`.
fn slope(label: Need) -> f64 {
    if label == Need::Both { 2.0 } else { 1.0 }
}

/// A spanning forest of the component's constrained vertices (those not
/// [`Need::Free`]) and their edges, in breadth-first order, with the
/// constrained edges it leaves out.
struct Forest {
    /// Every constrained vertex, each tree's root first, parents before children.
    order: Vec<usize>,
    /// The parent of each vertex in the forest (`usize::MAX` at a root and
    /// off the forest).
    parent: Vec<usize>,
    /// The constrained edges off the forest: each closes one independent cycle.
    chords: Vec<(usize, usize)>,
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
        let chords = c
            .edges
            .iter()
            .map(|&(u, v)| (u as usize, v as usize))
            .filter(|&(u, v)| constrained(u) && constrained(v) && parent[u] != v && parent[v] != u)
            .collect();
        Forest { order, parent, chords }
    }

    /// The weighted pieces ([`pieces`]) that hold every vertex marked in
    /// `required` (all pieces when none is): children first, `product[v]`
    /// is the product over the optional children of `1 + g(child)`,
    /// `ratio[v]` the sum of their `g / (1 + g)`, `forced[v]` the product
    /// of `g` over the children whose subtree holds a required vertex
    /// (those must be in the piece) and `count[v]` their number; `g(c)`
    /// counts the pieces topped by `c` that hold its parent too. A vertex
    /// may top a piece only when its subtree holds every required vertex.
    fn weighted(&self, c: &Component, deg: &[usize], required: &[bool]) -> f64 {
        let n = c.labels.len();
        let wanted = required.iter().filter(|&&r| r).count();
        let mut product = vec![1.0f64; n];
        let mut ratio = vec![0.0f64; n];
        let mut forced = vec![1.0f64; n];
        let mut count = vec![0usize; n];
        let mut below = vec![0usize; n];
        let mut total = 0.0f64;
        for &v in self.order.iter().rev() {
            below[v] += usize::from(required[v]);
            let b = slope(c.labels[v]);
            let value = |with_parent: bool| {
                let outside = (deg[v] - usize::from(with_parent) - count[v]) as f64;
                // Each optional child in the piece takes one edge from outside.
                forced[v] * product[v] * (1.0 + b * outside - b * ratio[v])
            };
            if below[v] == wanted {
                total += value(false);
            }
            let p = self.parent[v];
            if p != usize::MAX {
                let g = value(true);
                if below[v] > 0 {
                    forced[p] *= g;
                    count[p] += 1;
                    below[p] += below[v];
                } else {
                    let r = if g.is_finite() { g / (1.0 + g) } else { 1.0 };
                    product[p] *= 1.0 + g;
                    ratio[p] += r;
                }
            }
        }
        total
    }
}

/// The number of connected pieces of the component's constrained vertices
/// along a spanning forest of its constrained edges, each piece weighted
/// by its vertices' ways to be labelled ([`slope`]): the labelled pieces a
/// tree component can be cut into, counted with their pendant free edges
/// up to number. Exact on trees up to isomorphism of the pieces; computed
/// in linear time, in floating point (saturating to infinity).
pub fn pieces(c: &Component, deg: &[usize], adj: &[Vec<usize>]) -> f64 {
    Forest::new(c, adj).weighted(c, deg, &vec![false; c.labels.len()])
}

/// Past this many vertex visits, [`cyclic_pieces`] gives up its exact sum.
const MAX_CHORD_WORK: usize = 20_000_000;

/// The weighted pieces of a component with cycles that hold a cycle: a
/// piece of the spanning forest ([`pieces`]) with `k` of the forest's
/// chords between its vertices gives `2^k - 1` pieces with a cycle (each
/// nonempty choice of those chords). Summed as, over every nonempty set of
/// chords, the pieces holding their ends ([`Forest::weighted`]); `None`
/// when that takes more than [`MAX_CHORD_WORK`] steps.
fn cyclic_pieces(c: &Component, deg: &[usize], forest: &Forest) -> Option<f64> {
    let r = forest.chords.len();
    if r >= usize::BITS as usize - 1 || (1usize << r).saturating_mul(forest.order.len().max(1)) > MAX_CHORD_WORK {
        return None;
    }
    let mut required = vec![false; c.labels.len()];
    let mut total = 0.0;
    for set in 1usize..1 << r {
        required.iter_mut().for_each(|x| *x = false);
        for (i, &(u, v)) in forest.chords.iter().enumerate() {
            if set >> i & 1 == 1 {
                (required[u], required[v]) = (true, true);
            }
        }
        total += forest.weighted(c, deg, &required);
    }
    Some(total)
}

/// An upper estimate of the number of automorphisms of the component's
/// constrained vertices (coloured by label and degree, so that pendant
/// free edges count by their number), as `log2`: the product of the cell
/// sizes met while individualizing one vertex of the first non-singleton
/// cell and refining, until the partition is discrete. Exact when every
/// cell so met is an orbit (complete graphs, complete graphs less an edge,
/// cycles, trees); `0` (one automorphism) past [`MAX_SYMMETRY_VERTICES`].
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
/// not spider-shaped (nor a cycle), as `log2`: on a tree, the labelled
/// pieces ([`pieces`]) halved for the flip; with cycles, the smaller of
/// those plus the pieces with a cycle ([`cyclic_pieces`]), and the states
/// over the symmetries ([`log2_states`], [`log2_symmetry`]), halved for
/// the flip.
pub fn log2_classes(c: &Component) -> f64 {
    let (trees, cyclic) = classes(c);
    (trees.exp2() + cyclic.exp2()).log2()
}

/// The classes of [`log2_classes`] in two parts, as `log2`: those that are
/// trees (the memo of small trees holds them at a fraction of the bytes)
/// and those with a cycle. On the sparse side the pieces of a spanning
/// forest are trees and each nonempty choice of the chords between a
/// piece's vertices adds a class with a cycle ([`cyclic_pieces`]); on the
/// dense side every class is counted as one with a cycle.
pub fn classes(c: &Component) -> (f64, f64) {
    let adj = adjacency(c);
    let deg: Vec<usize> = adj.iter().map(Vec::len).collect();
    let forest = Forest::new(c, &adj);
    let trees = forest.weighted(c, &deg, &vec![false; c.labels.len()]).log2() - 1.0;
    if c.is_tree() {
        return (trees, f64::NEG_INFINITY);
    }
    // The pieces with a cycle, exactly by chords when there are few, else
    // 2^r - 1 per piece of the forest.
    let cyclic = match cyclic_pieces(c, &deg, &forest) {
        Some(count) => count.log2() - 1.0,
        None => {
            let cycle_rank = (c.edges.len() + 1) as f64 - c.labels.len() as f64;
            trees + (cycle_rank.exp2() - 1.0).log2()
        }
    };
    let sparse = (trees.exp2() + cyclic.exp2()).log2();
    let dense = log2_states(c, &deg, &adj) - log2_symmetry(c, &deg, &adj) - 1.0;
    if sparse <= dense { (trees, cyclic) } else { (f64::NEG_INFINITY, dense) }
}
