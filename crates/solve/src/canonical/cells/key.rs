//! Canonical keys of components with live cells, up to isomorphism and flip.
//!
//! A component with cells is read as a coloured graph, its *incidence
//! structure*:
//!
//! * one node per vertex, coloured by its label;
//! * two *half-edge* nodes per edge, joined to each other and each to one
//!   end of the edge;
//! * two *side* nodes per live cell, joined to each other: the tail side,
//!   joined to the half-edge at the tail of each of the cell's edges, and
//!   the head side, joined to the half-edge at the head, tail and head taken
//!   along the orientation the cell allows. A cell that allows one
//!   orientation colours its sides *tail* and *head*; one that allows both
//!   colours both sides alike (its orientation is then the choice of a
//!   side, and swapping them is a symmetry).
//!
//! Isomorphisms of these coloured graphs are exactly the isomorphisms of
//! components with cells (see [`super`]): a half-edge has one vertex
//! neighbour and one half-edge neighbour, so edges map onto edges with their
//! ends, and side nodes pair up by their one side neighbour, so cells map
//! onto cells with their edges, directions and allowed orientations. The
//! flip recolours needs-in as needs-out and tail sides as head sides.
//!
//! The key is found by individualization and refinement, as
//! [`crate::canonical::canon`] does for graphs: colour refinement to a
//! fixpoint; while a colour class has two or more nodes, each node of the
//! first such class is tried as a singleton and the search recurses; each
//! discrete partition numbers the vertices, edges and cells, and writes the
//! component in that numbering; the least such code is the key. Every step
//! is defined by colours alone, so the key does not depend on the input
//! numbering, and the code of one discrete partition describes the
//! component completely, so equal keys mean isomorphic components.

use super::{CellComponent, LiveCell};
use crate::canonical::need::Need;
use crate::stack::{RED_ZONE, STACK_SEGMENT};

/// The key tag of a component with cells (trees, graphs and cycles use 1 to 3).
const CELLS: u8 = 4;

/// Node colours past the four labels.
const HALF_EDGE: u32 = 4;
const TAIL_SIDE: u32 = 5;
const HEAD_SIDE: u32 = 6;
const EITHER_SIDE: u32 = 7;

/// The canonical key of a component with live cells, up to isomorphism and flip.
pub fn key(c: &CellComponent) -> Vec<u8> {
    let mut canonizer = CellCanonizer::default();
    canonizer.key(c).to_vec()
}

/// Which of a component and its flip the key is read from: by the counts
/// of vertices needing in and out, as [`crate::canonical::canon::orientation`];
/// `None` when they are equal and both are tried.
fn orientation(c: &CellComponent) -> Option<bool> {
    let labels = &c.component.labels;
    let ins = labels.iter().filter(|&&l| l == Need::In).count();
    let outs = labels.iter().filter(|&&l| l == Need::Out).count();
    match ins.cmp(&outs) {
        std::cmp::Ordering::Greater => Some(false),
        std::cmp::Ordering::Less => Some(true),
        std::cmp::Ordering::Equal => None,
    }
}

/// The canonical key of components with cells, with reusable buffers.
#[derive(Default, Clone)]
pub struct CellCanonizer {
    /// Neighbours of node `x`: `adj[off[x]..off[x + 1]]`.
    off: Vec<usize>,
    adj: Vec<u32>,
    /// Scratch for refinement: node order, and neighbour colours per node.
    order: Vec<u32>,
    signature: Vec<u32>,
    best: Vec<u8>,
    code: Vec<u8>,
    has_best: bool,
}

/// Nodes of the incidence structure: vertices, then half-edges, then sides.
struct Layout {
    n: usize,
    m: usize,
    k: usize,
}

impl Layout {
    fn of(c: &CellComponent) -> Layout {
        Layout { n: c.component.labels.len(), m: c.component.edges.len(), k: c.cells.len() }
    }
    fn nodes(&self) -> usize {
        self.n + 2 * self.m + 2 * self.k
    }
    /// The half-edge of edge `e` at its end `end` (0: `edges[e].0`, 1: `edges[e].1`).
    fn half(&self, e: usize, end: usize) -> usize {
        self.n + 2 * e + end
    }
    /// Side `side` of cell `i` (0: tail along `Along`, 1: head along `Along`).
    fn side(&self, i: usize, side: usize) -> usize {
        self.n + 2 * self.m + 2 * i + side
    }
}

/// The colours of cell `i`'s two sides (tail and head along `Along`), for the component or its flip.
fn side_colours(cell: &LiveCell, flip: bool) -> (u32, u32) {
    let (along, against) = if flip { (cell.against, cell.along) } else { (cell.along, cell.against) };
    match (along, against) {
        (true, false) => (TAIL_SIDE, HEAD_SIDE),
        (false, true) => (HEAD_SIDE, TAIL_SIDE),
        _ => (EITHER_SIDE, EITHER_SIDE),
    }
}

impl CellCanonizer {
    /// The key of `c` (see the module documentation).
    pub fn key(&mut self, c: &CellComponent) -> &[u8] {
        let layout = Layout::of(c);
        self.load(c, &layout);
        self.has_best = false;
        match orientation(c) {
            Some(flip) => self.search_from(c, &layout, flip),
            None => {
                self.search_from(c, &layout, false);
                self.search_from(c, &layout, true);
            }
        }
        &self.best
    }

    /// The adjacency of the incidence structure.
    fn load(&mut self, c: &CellComponent, l: &Layout) {
        let total = l.nodes();
        let mut pairs: Vec<(u32, u32)> = Vec::with_capacity(3 * l.m + l.k + 4 * l.m);
        for (e, &(u, v)) in c.component.edges.iter().enumerate() {
            pairs.push((u, l.half(e, 0) as u32));
            pairs.push((v, l.half(e, 1) as u32));
            pairs.push((l.half(e, 0) as u32, l.half(e, 1) as u32));
        }
        for (i, cell) in c.cells.iter().enumerate() {
            let (tail, head) = (l.side(i, 0) as u32, l.side(i, 1) as u32);
            pairs.push((tail, head));
            for &(e, forward) in &cell.steps {
                let (t, h) = if forward { (0, 1) } else { (1, 0) };
                pairs.push((tail, l.half(e as usize, t) as u32));
                pairs.push((head, l.half(e as usize, h) as u32));
            }
        }
        self.off.clear();
        self.off.resize(total + 1, 0);
        for &(a, b) in &pairs {
            self.off[a as usize + 1] += 1;
            self.off[b as usize + 1] += 1;
        }
        for x in 0..total {
            self.off[x + 1] += self.off[x];
        }
        let mut fill = self.off.clone();
        self.adj.clear();
        self.adj.resize(2 * pairs.len(), 0);
        for &(a, b) in &pairs {
            self.adj[fill[a as usize]] = b;
            fill[a as usize] += 1;
            self.adj[fill[b as usize]] = a;
            fill[b as usize] += 1;
        }
    }

    fn search_from(&mut self, c: &CellComponent, l: &Layout, flip: bool) {
        let mut colour = vec![0u32; l.nodes()];
        for (v, &label) in c.component.labels.iter().enumerate() {
            colour[v] = if flip { label.flip() } else { label } as u32;
        }
        for e in 0..l.m {
            colour[l.half(e, 0)] = HALF_EDGE;
            colour[l.half(e, 1)] = HALF_EDGE;
        }
        for (i, cell) in c.cells.iter().enumerate() {
            let (t, h) = side_colours(cell, flip);
            colour[l.side(i, 0)] = t;
            colour[l.side(i, 1)] = h;
        }
        let colour = self.refine(rank(&colour));
        self.search(c, l, flip, colour);
    }

    /// Colour refinement to a fixpoint: a node's new colour is its old colour
    /// with the sorted colours of its neighbours, ranked. Classes only split,
    /// in the order of their old colours.
    fn refine(&mut self, mut colour: Vec<u32>) -> Vec<u32> {
        let total = colour.len();
        let mut count = colour.iter().max().map_or(0, |&m| m + 1);
        loop {
            self.signature.clear();
            for x in 0..total {
                let start = self.signature.len();
                self.signature.extend(self.adj[self.off[x]..self.off[x + 1]].iter().map(|&y| colour[y as usize]));
                self.signature[start..].sort_unstable();
            }
            let (off, sig) = (&self.off, &self.signature);
            let neighbours = |x: usize| &sig[off[x]..off[x + 1]];
            self.order.clear();
            self.order.extend(0..total as u32);
            self.order.sort_unstable_by(|&a, &b| {
                let (a, b) = (a as usize, b as usize);
                colour[a].cmp(&colour[b]).then_with(|| neighbours(a).cmp(neighbours(b)))
            });
            let mut next = vec![0u32; total];
            let mut k = 0u32;
            for i in 0..total {
                let x = self.order[i] as usize;
                if i > 0 {
                    let y = self.order[i - 1] as usize;
                    if colour[x] != colour[y] || neighbours(x) != neighbours(y) {
                        k += 1;
                    }
                }
                next[x] = k;
            }
            let next_count = if total == 0 { 0 } else { k + 1 };
            colour = next;
            if next_count == count {
                return colour;
            }
            count = next_count;
        }
    }

    fn search(&mut self, c: &CellComponent, l: &Layout, flip: bool, colour: Vec<u32>) {
        let total = colour.len();
        let mut size = vec![0u32; total];
        for &x in &colour {
            size[x as usize] += 1;
        }
        let Some(target) = (0..total as u32).find(|&x| size[x as usize] >= 2) else {
            self.write_code(c, l, flip, &colour);
            if !self.has_best || self.code < self.best {
                std::mem::swap(&mut self.best, &mut self.code);
                self.has_best = true;
            }
            return;
        };
        for x in (0..total).filter(|&x| colour[x] == target) {
            // x alone just before the rest of its class.
            let split: Vec<u32> = (0..total).map(|y| 2 * colour[y] + u32::from(y != x || colour[y] != target)).collect();
            let refined = self.refine(rank(&split));
            stacker::maybe_grow(RED_ZONE, STACK_SEGMENT, || self.search(c, l, flip, refined));
        }
    }

    /// The code of a discrete partition (`colour` a permutation of the
    /// nodes): the labels of the vertices in their new order, the edges as
    /// sorted pairs of new vertex numbers, and the cells, each as whether
    /// it allows both orientations and its edges (by new number) with
    /// whether each is walked from its smaller end, cells sorted.
    fn write_code(&mut self, c: &CellComponent, l: &Layout, flip: bool, colour: &[u32]) {
        let comp = &c.component;
        // Vertices come first in every partition (their colours are the smallest).
        let at = |v: u32| colour[v as usize];
        let wide = l.n > 255 || 2 * l.m > 255;
        let mut out = std::mem::take(&mut self.code);
        out.clear();
        out.push(CELLS);
        out.extend((l.n as u32).to_be_bytes());
        out.extend((l.m as u32).to_be_bytes());
        out.extend((l.k as u32).to_be_bytes());
        let mut labels = vec![0u8; l.n];
        for (v, &label) in comp.labels.iter().enumerate() {
            labels[at(v as u32) as usize] = if flip { label.flip() } else { label } as u8;
        }
        out.extend(labels);
        // Edges sorted by their ends' new numbers, ties (parallel edges) by
        // their half-edges' places.
        let mut edges: Vec<(u32, u32, u32, usize)> = comp
            .edges
            .iter()
            .enumerate()
            .map(|(e, &(u, v))| {
                let (a, b) = (at(u), at(v));
                let halves = colour[l.half(e, 0)].min(colour[l.half(e, 1)]);
                (a.min(b), a.max(b), halves, e)
            })
            .collect();
        edges.sort_unstable();
        let mut new_edge = vec![0u32; l.m];
        for (i, &(a, b, _, e)) in edges.iter().enumerate() {
            new_edge[e] = i as u32;
            push(&mut out, a, wide);
            push(&mut out, b, wide);
        }
        let mut cells: Vec<Vec<u32>> = c
            .cells
            .iter()
            .enumerate()
            .map(|(i, cell)| {
                let (t, h) = side_colours(cell, flip);
                // The orientation the code walks: the allowed one, or for a
                // cell that allows both, the one whose tail side comes first.
                let along = match (t, h) {
                    (TAIL_SIDE, _) => true,
                    (HEAD_SIDE, _) => false,
                    _ => colour[l.side(i, 0)] < colour[l.side(i, 1)],
                };
                let mut steps: Vec<u32> = cell
                    .steps
                    .iter()
                    .map(|&(e, forward)| {
                        let (u, v) = comp.edges[e as usize];
                        let tail = if forward == along { u } else { v };
                        let (a, b) = (at(u), at(v));
                        2 * new_edge[e as usize] + u32::from(at(tail) == a.min(b))
                    })
                    .collect();
                steps.sort_unstable();
                steps.insert(0, u32::from(t == EITHER_SIDE));
                steps.insert(1, cell.steps.len() as u32);
                steps
            })
            .collect();
        cells.sort_unstable();
        for cell in cells {
            for x in cell {
                push(&mut out, x, wide);
            }
        }
        self.code = out;
    }
}

/// Writes `x` in one byte, or four when the component is wide.
fn push(out: &mut Vec<u8>, x: u32, wide: bool) {
    if wide {
        out.extend(x.to_be_bytes());
    } else {
        out.push(x as u8);
    }
}

/// Replaces sortable colours by their ranks `0..k`.
fn rank(colour: &[u32]) -> Vec<u32> {
    let mut sorted = colour.to_vec();
    sorted.sort_unstable();
    sorted.dedup();
    colour.iter().map(|x| sorted.binary_search(x).expect("present") as u32).collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::canonical::component::Component;
    use Need::*;

    fn comp(labels: &[Need], edges: &[(u32, u32)], cells: &[(&[(u32, bool)], bool, bool)]) -> CellComponent {
        CellComponent {
            component: Component { labels: labels.to_vec(), edges: edges.to_vec() },
            cells: cells
                .iter()
                .map(|&(steps, along, against)| LiveCell { steps: steps.to_vec(), along, against })
                .collect(),
        }
    }

    /// Renumbers vertices by `p`, edges by `q`, reverses each edge where `r`
    /// says, and lists the cells backwards with their steps rotated.
    fn renumber(c: &CellComponent, p: &[u32], q: &[usize], r: &[bool]) -> CellComponent {
        let mut labels = vec![Free; c.component.labels.len()];
        for (v, &l) in c.component.labels.iter().enumerate() {
            labels[p[v] as usize] = l;
        }
        let mut edges = vec![(0, 0); c.component.edges.len()];
        for (e, &(u, v)) in c.component.edges.iter().enumerate() {
            let (a, b) = (p[u as usize], p[v as usize]);
            edges[q[e]] = if r[e] { (b, a) } else { (a, b) };
        }
        let cells = c
            .cells
            .iter()
            .rev()
            .map(|cell| {
                let mut steps: Vec<(u32, bool)> =
                    cell.steps.iter().map(|&(e, f)| (q[e as usize] as u32, f != r[e as usize])).collect();
                steps.rotate_left(1);
                LiveCell { steps, along: cell.along, against: cell.against }
            })
            .collect();
        CellComponent { component: Component { labels, edges }, cells }
    }

    /// Two triangles sharing edge 1-2, vertex 0 and 3 apart.
    fn diamond(first: (bool, bool), second: (bool, bool)) -> CellComponent {
        comp(
            &[Both, Out, In, Both],
            &[(0, 1), (1, 2), (2, 0), (1, 3), (3, 2)],
            &[
                (&[(0, true), (1, true), (2, true)], first.0, first.1),
                (&[(3, true), (4, true), (1, false)], second.0, second.1),
            ],
        )
    }

    #[test]
    fn keys_ignore_numbering_and_flip() {
        let c = diamond((true, false), (true, true));
        let moved = renumber(&c, &[2, 0, 3, 1], &[4, 0, 2, 1, 3], &[true, false, false, true, false]);
        assert_eq!(key(&c), key(&moved));
        assert_eq!(key(&c), key(&c.flip()));
        assert_eq!(key(&c), key(&moved.flip()));
    }

    #[test]
    fn keys_separate_allowed_orientations_and_directions() {
        let keys = [
            key(&diamond((true, false), (true, true))),
            key(&diamond((false, true), (true, true))),
            key(&diamond((true, true), (true, true))),
            key(&diamond((true, false), (true, false))),
            key(&diamond((true, false), (false, true))),
        ];
        for i in 0..keys.len() {
            for j in 0..i {
                assert_ne!(keys[i], keys[j], "{i} and {j}");
            }
        }
        // Without its cells the component is another class again.
        let mut bare = diamond((true, true), (true, true));
        bare.cells.clear();
        assert!(!keys.contains(&key(&bare)));
    }
}
