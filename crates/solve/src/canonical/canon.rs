//! Canonical forms of labelled components up to isomorphism and flip.
//!
//! [`key`] returns a byte string such that two components get the same
//! string exactly when one is isomorphic, as a labelled graph, to the other
//! or to its flip. Such an isomorphism is a state isomorphism (it maps legal
//! moves to legal moves, since legality depends only on labels and degrees),
//! so equal keys mean equal Grundy values (Proposition 4.6).
//!
//! * Trees: the AHU encoding, rooted at the centre (or at both ends of the
//!   central edge), children sorted; linear up to the sorting of codes.
//! * Graphs with cycles: individualization and refinement. Colour refinement
//!   (labels and degrees, then the multiset of neighbour colours, to a
//!   fixpoint) gives an ordered partition; while it has a cell with two or
//!   more vertices, each vertex of the first such cell is tried as a
//!   singleton and the search recurses; every discrete partition gives an
//!   adjacency code, and the least one is the key. The result does not
//!   depend on the input numbering because every step is defined by colours
//!   alone. The search is exponential only on highly symmetric components.

use super::component::Component;
use super::need::Need;
use super::scratch::Scratch;
use crate::stack::{RED_ZONE, STACK_SEGMENT};

const TREE: u8 = 1;
const GRAPH: u8 = 2;

/// The canonical key of a component, up to isomorphism and flip (the
/// reference implementation; [`TreeCanonizer`] computes the same bytes for
/// trees without allocating).
pub fn key(c: &Component) -> Vec<u8> {
    let code = |c: &Component| if c.is_tree() { tree_code(c) } else { graph_code(c) };
    match orientation(c) {
        Some(false) => code(c),
        Some(true) => code(&c.flip()),
        None => code(c).min(code(&c.flip())),
    }
}

/// Which of a component and its flip the key is read from: `Some(false)`
/// for the component itself when it has more needs-in than needs-out
/// vertices, `Some(true)` for its flip when it has fewer (the flip swaps the
/// two counts), `None` when the counts are equal and both must be tried.
pub fn orientation(c: &Component) -> Option<bool> {
    let ins = c.labels.iter().filter(|&&l| l == Need::In).count();
    let outs = c.labels.iter().filter(|&&l| l == Need::Out).count();
    match ins.cmp(&outs) {
        std::cmp::Ordering::Greater => Some(false),
        std::cmp::Ordering::Less => Some(true),
        std::cmp::Ordering::Equal => None,
    }
}

pub(super) fn adjacency(c: &Component) -> Vec<Vec<usize>> {
    let mut adj = vec![Vec::new(); c.labels.len()];
    for &(u, v) in &c.edges {
        adj[u as usize].push(v as usize);
        adj[v as usize].push(u as usize);
    }
    adj
}

/// AHU code of a labelled tree, rooted at its centre.
fn tree_code(c: &Component) -> Vec<u8> {
    let adj = adjacency(c);
    let mut out = vec![TREE];
    match arrows_core::trees::centres(&adj).as_slice() {
        [r] => out.extend(rooted(&adj, c, *r, usize::MAX)),
        [a, b] => {
            let (x, y) = (rooted(&adj, c, *a, *b), rooted(&adj, c, *b, *a));
            let (lo, hi) = if x <= y { (x, y) } else { (y, x) };
            out.push(2);
            out.extend(lo);
            out.extend(hi);
        }
        _ => unreachable!("a tree has one or two centres"),
    }
    out
}

/// `[label + 4, children codes in sorted order..., 0]`.
fn rooted(adj: &[Vec<usize>], c: &Component, v: usize, parent: usize) -> Vec<u8> {
    let mut kids: Vec<Vec<u8>> = adj[v]
        .iter()
        .filter(|&&w| w != parent)
        .map(|&w| stacker::maybe_grow(RED_ZONE, STACK_SEGMENT, || rooted(adj, c, w, v)))
        .collect();
    kids.sort_unstable();
    let mut out = Vec::with_capacity(2 + kids.iter().map(Vec::len).sum::<usize>());
    out.push(c.labels[v] as u8 + 4);
    for k in kids {
        out.extend(k);
    }
    out.push(0);
    out
}

/// The AHU key of trees with reusable buffers: the bytes of [`key`], with no
/// allocation once the buffers have grown. Subtree codes are written into
/// one arena; a vertex's code is its label, its children's codes in sorted
/// order, and a closing 0.
#[derive(Default, Clone)]
pub struct TreeCanonizer {
    scratch: Scratch,
    layer: Vec<usize>,
    next: Vec<usize>,
    deg: Vec<usize>,
    order: Vec<usize>,
    parent: Vec<usize>,
    span: Vec<(usize, usize)>,
    kids: Vec<(usize, usize)>,
    arena: Vec<u8>,
    best: Vec<u8>,
    out: Vec<u8>,
}

impl TreeCanonizer {
    /// The key of a tree component (the bytes of [`key`]).
    pub fn key(&mut self, c: &Component) -> &[u8] {
        self.scratch.load(c);
        self.key_loaded(c)
    }

    /// The key of a tree component whose adjacency is already in `scratch`
    /// (as [`Scratch::load`] leaves it); saves loading it twice.
    pub fn key_with(&mut self, c: &Component, scratch: &mut Scratch) -> &[u8] {
        std::mem::swap(&mut self.scratch, scratch);
        self.key_loaded(c);
        std::mem::swap(&mut self.scratch, scratch);
        &self.best
    }

    fn key_loaded(&mut self, c: &Component) -> &[u8] {
        debug_assert!(c.is_tree());
        match orientation(c) {
            Some(flip) => {
                self.code(c, flip);
                std::mem::swap(&mut self.best, &mut self.out);
            }
            None => {
                self.code(c, false);
                std::mem::swap(&mut self.best, &mut self.out);
                self.code(c, true);
                if self.out < self.best {
                    std::mem::swap(&mut self.best, &mut self.out);
                }
            }
        }
        &self.best
    }

    /// Writes the code of `c` (labels flipped or not) into `self.out`.
    fn code(&mut self, c: &Component, flip: bool) {
        let n = c.labels.len();
        // Centres, by peeling leaves.
        self.deg.clear();
        self.deg.extend_from_slice(&self.scratch.deg);
        self.layer.clear();
        self.layer.extend((0..n).filter(|&v| self.deg[v] <= 1));
        let mut remaining = n;
        while remaining > 2 {
            remaining -= self.layer.len();
            self.next.clear();
            for &v in &self.layer {
                for &w in self.scratch.neighbours(v) {
                    self.deg[w] -= 1;
                    if self.deg[w] == 1 {
                        self.next.push(w);
                    }
                }
            }
            std::mem::swap(&mut self.layer, &mut self.next);
        }
        self.arena.clear();
        self.out.clear();
        match self.layer.len() {
            1 => {
                let r = self.layer[0];
                let (s, l) = self.rooted(c, r, usize::MAX, flip);
                self.out.push(TREE);
                self.out.extend_from_slice(&self.arena[s..s + l]);
            }
            2 => {
                let (a, b) = (self.layer[0], self.layer[1]);
                let x = self.rooted(c, a, b, flip);
                let y = self.rooted(c, b, a, flip);
                let (lo, hi) = if self.arena[x.0..x.0 + x.1] <= self.arena[y.0..y.0 + y.1] { (x, y) } else { (y, x) };
                self.out.push(TREE);
                self.out.push(2);
                self.out.extend_from_slice(&self.arena[lo.0..lo.0 + lo.1]);
                self.out.extend_from_slice(&self.arena[hi.0..hi.0 + hi.1]);
            }
            _ => unreachable!("a tree has one or two centres"),
        }
    }

    /// Writes the code of the subtree at `root` (away from `avoid`) into the
    /// arena and returns its span.
    fn rooted(&mut self, c: &Component, root: usize, avoid: usize, flip: bool) -> (usize, usize) {
        let n = c.labels.len();
        self.parent.clear();
        self.parent.resize(n, usize::MAX);
        self.span.clear();
        self.span.resize(n, (0, 0));
        self.order.clear();
        self.order.push(root);
        self.parent[root] = avoid;
        let mut i = 0;
        while i < self.order.len() {
            let v = self.order[i];
            i += 1;
            for &w in self.scratch.neighbours(v) {
                if w != self.parent[v] {
                    self.parent[w] = v;
                    self.order.push(w);
                }
            }
        }
        // Children before parents: reverse breadth-first order.
        for k in (0..self.order.len()).rev() {
            let v = self.order[k];
            self.kids.clear();
            for &w in self.scratch.neighbours(v) {
                if w != self.parent[v] {
                    self.kids.push(self.span[w]);
                }
            }
            let arena = &self.arena;
            self.kids.sort_unstable_by(|a, b| arena[a.0..a.0 + a.1].cmp(&arena[b.0..b.0 + b.1]));
            let start = self.arena.len();
            let label = if flip { c.labels[v].flip() } else { c.labels[v] };
            self.arena.push(label as u8 + 4);
            for &(s, l) in &self.kids {
                self.arena.extend_from_within(s..s + l);
            }
            self.arena.push(0);
            self.span[v] = (start, self.arena.len() - start);
        }
        self.span[root]
    }
}

/// Canonical code of a labelled graph by individualization-refinement.
fn graph_code(c: &Component) -> Vec<u8> {
    let adj = adjacency(c);
    let colour: Vec<u64> = (0..adj.len()).map(|v| (c.labels[v] as u64) << 32 | adj[v].len() as u64).collect();
    let cells = refine(&adj, rank(&colour));
    let mut best: Option<Vec<u8>> = None;
    search(&adj, cells, &mut best, &|cell| discrete_code(&adj, c, cell));
    best.expect("the search reaches a discrete partition")
}

/// A canonical key of a graph with coloured vertices: two graphs get the
/// same key exactly when an isomorphism maps each vertex to one of its
/// colour. The same individualization-refinement search as the keys of
/// components; the code lists the colours in the canonical order and the
/// sorted edges.
pub fn coloured_key(adj: &[Vec<usize>], colour: &[u64]) -> Vec<u8> {
    let start: Vec<(u64, usize)> = (0..adj.len()).map(|v| (colour[v], adj[v].len())).collect();
    let code = |cell: &[usize]| {
        let n = adj.len();
        let mut ordered = vec![0u64; n];
        for v in 0..n {
            ordered[cell[v]] = colour[v];
        }
        let mut edges: Vec<(u32, u32)> = (0..n)
            .flat_map(|v| adj[v].iter().filter(move |&&w| v < w).map(move |&w| (v, w)))
            .map(|(v, w)| (cell[v].min(cell[w]) as u32, cell[v].max(cell[w]) as u32))
            .collect();
        edges.sort_unstable();
        let mut out = Vec::with_capacity(4 + 8 * n + 8 * edges.len());
        out.extend((n as u32).to_be_bytes());
        ordered.iter().for_each(|c| out.extend(c.to_be_bytes()));
        edges.iter().for_each(|&(a, b)| out.extend([a.to_be_bytes(), b.to_be_bytes()].concat()));
        out
    };
    let mut best: Option<Vec<u8>> = None;
    search(adj, refine(adj, rank(&start)), &mut best, &code);
    best.expect("the search reaches a discrete partition")
}

/// Replaces arbitrary sortable colours by their ranks `0..k`.
pub(super) fn rank<T: Ord + Clone>(colour: &[T]) -> Vec<usize> {
    let mut sorted: Vec<T> = colour.to_vec();
    sorted.sort();
    sorted.dedup();
    colour.iter().map(|x| sorted.binary_search(x).expect("present")).collect()
}

/// Colour refinement to a fixpoint: a vertex's new colour is its old colour
/// with the sorted colours of its neighbours. Cells only split, and their
/// order is kept because the old colour leads the new one.
pub(super) fn refine(adj: &[Vec<usize>], mut cell: Vec<usize>) -> Vec<usize> {
    let mut count = cell.iter().max().map_or(0, |&m| m + 1);
    loop {
        let sig: Vec<(usize, Vec<usize>)> = (0..adj.len())
            .map(|v| {
                let mut ns: Vec<usize> = adj[v].iter().map(|&w| cell[w]).collect();
                ns.sort_unstable();
                (cell[v], ns)
            })
            .collect();
        let next = rank(&sig);
        let next_count = next.iter().max().map_or(0, |&m| m + 1);
        if next_count == count {
            return next;
        }
        cell = next;
        count = next_count;
    }
}

/// The least code, by `code`, of the discrete partitions that refinement
/// and individualization reach from `cell`.
fn search(adj: &[Vec<usize>], cell: Vec<usize>, best: &mut Option<Vec<u8>>, code: &dyn Fn(&[usize]) -> Vec<u8>) {
    let n = adj.len();
    let mut size = vec![0usize; n];
    for &x in &cell {
        size[x] += 1;
    }
    let Some(target) = (0..n).find(|&x| size[x] >= 2) else {
        let code = code(&cell);
        if best.as_ref().is_none_or(|b| code < *b) {
            *best = Some(code);
        }
        return;
    };
    // A vertex whose transposition with a vertex already tried is an
    // automorphism fixing the partition (a twin: the same neighbours apart
    // from each other; the same cell means the same label) gives the image
    // of that vertex's subtree, hence the same codes: it is skipped. On
    // dense symmetric components this turns a factorial search linear.
    let mut tried: Vec<usize> = Vec::new();
    for v in (0..n).filter(|&v| cell[v] == target) {
        if tried.iter().any(|&u| twins(adj, u, v)) {
            continue;
        }
        tried.push(v);
        // v alone just before the rest of its cell.
        let split: Vec<usize> = (0..n).map(|w| 2 * cell[w] + usize::from(w != v || cell[w] != target)).collect();
        stacker::maybe_grow(RED_ZONE, STACK_SEGMENT, || search(adj, refine(adj, rank(&split)), best, code));
    }
}

/// `true` when `u` and `v` have the same neighbours apart from each other.
fn twins(adj: &[Vec<usize>], u: usize, v: usize) -> bool {
    if adj[u].len() != adj[v].len() {
        return false;
    }
    let others = |x: usize, y: usize| {
        let mut ns: Vec<usize> = adj[x].iter().copied().filter(|&w| w != y).collect();
        ns.sort_unstable();
        ns
    };
    others(u, v) == others(v, u)
}

/// The code of a discrete partition: vertex `v` becomes `cell[v]`; the code
/// lists the labels in the new order and the sorted new edges.
fn discrete_code(adj: &[Vec<usize>], c: &Component, cell: &[usize]) -> Vec<u8> {
    let n = adj.len();
    let mut labels = vec![0u8; n];
    for v in 0..n {
        labels[cell[v]] = c.labels[v] as u8;
    }
    let mut edges: Vec<(u32, u32)> = c
        .edges
        .iter()
        .map(|&(u, v)| {
            let (a, b) = (cell[u as usize] as u32, cell[v as usize] as u32);
            (a.min(b), a.max(b))
        })
        .collect();
    edges.sort_unstable();
    let mut out = Vec::with_capacity(5 + n + 8 * edges.len());
    out.push(GRAPH);
    out.extend((n as u32).to_be_bytes());
    out.extend(labels);
    for (a, b) in edges {
        out.extend(a.to_be_bytes());
        out.extend(b.to_be_bytes());
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::canonical::need::Need::*;

    fn comp(labels: &[Need], edges: &[(u32, u32)]) -> Component {
        Component { labels: labels.to_vec(), edges: edges.to_vec() }
    }

    /// Relabels a component by a permutation.
    fn permute(c: &Component, p: &[u32]) -> Component {
        let mut labels = vec![Free; c.labels.len()];
        for (v, &l) in c.labels.iter().enumerate() {
            labels[p[v] as usize] = l;
        }
        comp(&labels, &c.edges.iter().map(|&(u, v)| (p[v as usize], p[u as usize])).collect::<Vec<_>>())
    }

    #[test]
    fn keys_ignore_numbering_and_flip() {
        let cyc = comp(&[Both, In, Both, Out, Free], &[(0, 1), (1, 2), (2, 3), (3, 0), (0, 4)]);
        let p = [3, 0, 4, 1, 2];
        assert_eq!(key(&cyc), key(&permute(&cyc, &p)));
        assert_eq!(key(&cyc), key(&cyc.flip()));
        let tree = comp(&[Both, In, Free, Out, Both, Free], &[(0, 1), (0, 4), (4, 2), (4, 3), (1, 5)]);
        assert_eq!(key(&tree), key(&permute(&tree, &[5, 2, 0, 1, 3, 4])));
        assert_eq!(key(&tree), key(&tree.flip()));
    }

    #[test]
    fn the_canonizer_writes_the_reference_bytes() {
        let mut canonizer = TreeCanonizer::default();
        let mut x = 7u64;
        for n in 2..40u32 {
            for _ in 0..20 {
                let mut labels = Vec::new();
                let mut edges = Vec::new();
                for v in 0..n {
                    x = x.wrapping_mul(6364136223846793005).wrapping_add(1442695040888963407);
                    labels.push(Need::from_bits((x >> 40) as u8));
                    if v > 0 {
                        edges.push(((x >> 20) as u32 % v, v));
                    }
                }
                let c = comp(&labels, &edges);
                assert_eq!(canonizer.key(&c), key(&c).as_slice(), "{c:?}");
            }
        }
    }

    #[test]
    fn keys_separate_different_components() {
        // Same graph, labels moved to non-equivalent places.
        let a = comp(&[In, Both, Both, Free], &[(0, 1), (1, 2), (2, 0), (2, 3)]);
        let b = comp(&[Both, Both, In, Free], &[(0, 1), (1, 2), (2, 0), (2, 3)]);
        assert_ne!(key(&a), key(&b));
        // A flip is identified, but In and Both are not.
        let c = comp(&[Both, Both, Both, Free], &[(0, 1), (1, 2), (2, 0), (2, 3)]);
        assert_ne!(key(&a), key(&c));
    }
}
