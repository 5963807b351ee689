//! Canonical keys of components with live cells, up to isomorphism and flip.
//!
//! A component with cells is read as a coloured graph, its *incidence
//! structure*:
//!
//! * one node per vertex of degree 2 or more, coloured by its label;
//! * two *half-edge* nodes per edge, joined to each other and each to the
//!   node of its end, or, when that end is a leaf, coloured by the leaf's
//!   label instead (a leaf node would hang off its half-edge alone);
//! * two *side* nodes per live cell, joined to each other: the tail side,
//!   joined to the half-edge at the tail of each of the cell's edges, and
//!   the head side, joined to the half-edge at the head, tail and head taken
//!   along the orientation the cell allows. A cell that allows one
//!   orientation colours its sides *tail* and *head*; one that allows both
//!   colours both sides alike (its orientation is then the choice of a
//!   side, and swapping them is a symmetry).
//!
//! Isomorphisms of these coloured graphs are exactly the isomorphisms of
//! components with cells (see [`super`]): a half-edge has one half-edge
//! neighbour and at most one vertex neighbour, so edges map onto edges
//! with their ends, and side nodes pair up by their one side neighbour, so
//! cells map onto cells with their edges, directions and allowed
//! orientations. The flip recolours needs-in as needs-out and tail sides as
//! head sides.
//!
//! The key is found by individualization and refinement, as
//! [`crate::canonical::canon`] does for graphs: refinement to an equitable
//! partition ([`super::refine`]); while a class has two or more nodes, each
//! node of the first such class is tried as a singleton and the search
//! recurses; each discrete partition numbers the vertices, edges and cells,
//! and writes the component in that numbering; the least such code is the
//! key. Every step is defined by colours alone, so the key does not depend
//! on the input numbering, and the code of one discrete partition describes
//! the component completely, so equal keys mean isomorphic components.
//!
//! The component or its flip: the one with more vertices needing in than
//! needing out, else the one with more such vertices at the tails of cell
//! edges, else the one whose refinement has the smaller trace (an
//! invariant, [`super::refine`]); when all of these tie, both are searched.

use super::refine::{Csr, Partition, Refiner, mix};
use super::{CellComponent, LiveCell};
use crate::canonical::need::Need;
use crate::stack::{RED_ZONE, STACK_SEGMENT};
use std::cmp::Ordering;

/// The key tag of a component with cells (trees, graphs and cycles use 1 to 3).
const CELLS: u8 = 4;

/// Node colours: the four labels for vertex nodes, then half-edges (at a
/// vertex node, or at a leaf of each label), then sides.
const HALF_EDGE: u32 = 4;
const TAIL_SIDE: u32 = 9;
const HEAD_SIDE: u32 = 10;
const EITHER_SIDE: u32 = 11;
const COLOURS: usize = 12;

/// The canonical key of a component with live cells, up to isomorphism and flip.
pub fn key(c: &CellComponent) -> Vec<u8> {
    CellCanonizer::default().key(c).to_vec()
}

/// The label as read in the component (`flip: false`) or its flip.
fn seen(label: Need, flip: bool) -> Need {
    if flip { label.flip() } else { label }
}

/// The orientations a cell allows, in the component or its flip.
fn allows(cell: &LiveCell, flip: bool) -> (bool, bool) {
    if flip { (cell.against, cell.along) } else { (cell.along, cell.against) }
}

/// The colours of a cell's two sides (tail and head along `Along`), for the component or its flip.
fn side_colours(cell: &LiveCell, flip: bool) -> (u32, u32) {
    match allows(cell, flip) {
        (true, false) => (TAIL_SIDE, HEAD_SIDE),
        (false, true) => (HEAD_SIDE, TAIL_SIDE),
        _ => (EITHER_SIDE, EITHER_SIDE),
    }
}

/// Which of the component (`Some(false)`) and its flip (`Some(true)`) the
/// key is read from, by two invariants that the flip exchanges; `None` when
/// both tie.
fn orientation(c: &CellComponent) -> Option<bool> {
    let labels = &c.component.labels;
    let ins = labels.iter().filter(|&&l| l == Need::In).count();
    let outs = labels.iter().filter(|&&l| l == Need::Out).count();
    let pick = |o: Ordering| match o {
        Ordering::Greater => Some(false),
        Ordering::Less => Some(true),
        Ordering::Equal => None,
    };
    pick(ins.cmp(&outs)).or_else(|| {
        // Vertices needing in at the tail of an edge of a cell that allows
        // one orientation, against vertices needing out at the head: the
        // flip swaps the two counts.
        let (mut in_tails, mut out_heads) = (0, 0);
        for cell in &c.cells {
            let Some(along) = (cell.along != cell.against).then_some(cell.along) else { continue };
            for &(e, forward) in &cell.steps {
                let (u, v) = c.component.edges[e as usize];
                let (t, h) = if forward == along { (u, v) } else { (v, u) };
                in_tails += usize::from(labels[t as usize] == Need::In);
                out_heads += usize::from(labels[h as usize] == Need::Out);
            }
        }
        pick(in_tails.cmp(&out_heads))
    })
}

/// The canonical key of components with cells, with reusable buffers.
#[derive(Default, Clone)]
pub struct CellCanonizer {
    graph: Csr,
    pairs: Vec<(u32, u32)>,
    /// The node of each vertex (`u32::MAX` for a leaf).
    node: Vec<u32>,
    degree: Vec<u32>,
    colour: Vec<u32>,
    refiner: Refiner,
    best: Vec<u8>,
    code: Vec<u8>,
    has_best: bool,
    /// The orientation and the places of the best leaf.
    best_flip: bool,
    best_places: Vec<u32>,
    /// The first leaf of the current orientation: its code and places.
    has_first: bool,
    first_code: Vec<u8>,
    first_places: Vec<u32>,
    /// The places of the leaf at hand.
    places: Vec<u32>,
    /// The refined root partitions of the component and its flip.
    roots: [Partition; 2],
    /// Automorphisms found (node to node), and the individualized nodes
    /// on the way down.
    generators: Vec<Vec<u32>>,
    prefix: Vec<u32>,
    // Buffers of `write_code`.
    vertex_place: Vec<(u32, u32)>,
    number: Vec<u32>,
    edges: Vec<(u32, u32, u32, u32)>,
    new_edge: Vec<u32>,
    cells: Vec<Vec<u32>>,
}

/// Nodes of the incidence structure: vertex nodes, then half-edges, then sides.
#[derive(Clone, Copy)]
struct Layout {
    /// Vertex nodes (vertices of degree 2 or more).
    inner: usize,
    m: usize,
    k: usize,
}

impl Layout {
    fn nodes(&self) -> usize {
        self.inner + 2 * self.m + 2 * self.k
    }
    /// The half-edge of edge `e` at its end `end` (0: `edges[e].0`, 1: `edges[e].1`).
    fn half(&self, e: usize, end: usize) -> usize {
        self.inner + 2 * e + end
    }
    /// Side `side` of cell `i` (0: tail along `Along`, 1: head along `Along`).
    fn side(&self, i: usize, side: usize) -> usize {
        self.inner + 2 * self.m + 2 * i + side
    }
}

impl CellCanonizer {
    /// The key of `c` (see the module documentation).
    pub fn key(&mut self, c: &CellComponent) -> &[u8] {
        let l = self.load(c);
        self.has_best = false;
        match orientation(c) {
            Some(flip) => {
                self.root(c, l, flip, 0);
                self.search(c, l, flip, 0);
            }
            None => {
                let t = self.root(c, l, false, 0);
                let u = self.root(c, l, true, 1);
                if t <= u {
                    self.search(c, l, false, 0);
                }
                if u <= t {
                    self.search(c, l, true, 1);
                }
            }
        }
        &self.best
    }

    /// The adjacency of the incidence structure.
    fn load(&mut self, c: &CellComponent) -> Layout {
        let comp = &c.component;
        let n = comp.labels.len();
        self.degree.clear();
        self.degree.resize(n, 0);
        for &(u, v) in &comp.edges {
            self.degree[u as usize] += 1;
            self.degree[v as usize] += 1;
        }
        self.node.clear();
        let mut inner = 0u32;
        for v in 0..n {
            if self.degree[v] >= 2 {
                self.node.push(inner);
                inner += 1;
            } else {
                self.node.push(u32::MAX);
            }
        }
        let l = Layout { inner: inner as usize, m: comp.edges.len(), k: c.cells.len() };
        self.pairs.clear();
        for (e, &(u, v)) in comp.edges.iter().enumerate() {
            let (h0, h1) = (l.half(e, 0) as u32, l.half(e, 1) as u32);
            if self.node[u as usize] != u32::MAX {
                self.pairs.push((self.node[u as usize], h0));
            }
            if self.node[v as usize] != u32::MAX {
                self.pairs.push((self.node[v as usize], h1));
            }
            self.pairs.push((h0, h1));
        }
        for (i, cell) in c.cells.iter().enumerate() {
            let (tail, head) = (l.side(i, 0) as u32, l.side(i, 1) as u32);
            self.pairs.push((tail, head));
            for &(e, forward) in &cell.steps {
                let (t, h) = if forward { (0, 1) } else { (1, 0) };
                self.pairs.push((tail, l.half(e as usize, t) as u32));
                self.pairs.push((head, l.half(e as usize, h) as u32));
            }
        }
        self.graph.load(l.nodes(), &self.pairs);
        l
    }

    /// Refines the partition of the coloured structure (of `c` or its
    /// flip) into root partition `slot`; returns its trace.
    fn root(&mut self, c: &CellComponent, l: Layout, flip: bool, slot: usize) -> u64 {
        let comp = &c.component;
        self.colour.clear();
        self.colour.resize(l.nodes(), 0);
        for (v, &label) in comp.labels.iter().enumerate() {
            if self.node[v] != u32::MAX {
                self.colour[self.node[v] as usize] = seen(label, flip) as u32;
            }
        }
        let end_colour = |w: u32| match self.node[w as usize] {
            u32::MAX => HALF_EDGE + 1 + seen(comp.labels[w as usize], flip) as u32,
            _ => HALF_EDGE,
        };
        for (e, &(u, v)) in comp.edges.iter().enumerate() {
            let (a, b) = (end_colour(u), end_colour(v));
            self.colour[l.half(e, 0)] = a;
            self.colour[l.half(e, 1)] = b;
        }
        for (i, cell) in c.cells.iter().enumerate() {
            let (t, h) = side_colours(cell, flip);
            self.colour[l.side(i, 0)] = t;
            self.colour[l.side(i, 1)] = h;
        }
        let p = &mut self.roots[slot];
        p.set_by_colour(&self.colour, COLOURS);
        // The sizes of the colour classes start the trace.
        let mut sizes = [0u64; COLOURS];
        for &x in &self.colour {
            sizes[x as usize] += 1;
        }
        let trace = sizes.iter().fold(0, |h, &s| mix(h, s));
        self.refiner.refine_all(&self.graph, p, trace)
    }

    /// Searches the tree of individualizations below root partition `slot`
    /// for the least code.
    fn search(&mut self, c: &CellComponent, l: Layout, flip: bool, slot: usize) {
        let p = std::mem::take(&mut self.roots[slot]);
        if p.is_discrete() {
            // One leaf, and no automorphism to find.
            self.write_code(c, l, flip, &p);
            self.offer(flip, None);
        } else {
            self.has_first = false;
            self.generators.clear();
            self.prefix.clear();
            self.descend(c, l, flip, &p);
        }
        self.roots[slot] = p;
    }

    /// Keeps the code just written if it is the best so far, with the
    /// places of its leaf when they are given.
    fn offer(&mut self, flip: bool, places: Option<&[u32]>) {
        if !self.has_best || self.code < self.best {
            std::mem::swap(&mut self.best, &mut self.code);
            self.has_best = true;
            self.best_flip = flip;
            self.best_places.clear();
            self.best_places.extend_from_slice(places.unwrap_or(&[]));
        }
    }

    fn descend(&mut self, c: &CellComponent, l: Layout, flip: bool, p: &Partition) {
        let Some((s, e)) = p.first_nontrivial() else {
            self.leaf(c, l, flip, p);
            return;
        };
        let members = p.members(s, e).to_vec();
        let mut tried: Vec<u32> = Vec::new();
        for x in members {
            // A child in the orbit of one tried already, under automorphisms
            // fixing the individualized nodes, roots an isomorphic subtree
            // with the same codes.
            if !tried.is_empty() && self.same_orbit(x, &tried) {
                continue;
            }
            tried.push(x);
            let mut q = p.clone();
            let single = q.individualize(x as usize);
            self.refiner.refine(&self.graph, &mut q, single, 0);
            self.prefix.push(x);
            stacker::maybe_grow(RED_ZONE, STACK_SEGMENT, || self.descend(c, l, flip, &q));
            self.prefix.pop();
        }
    }

    /// A discrete partition: its code, compared with the best; a code equal
    /// to that of the first leaf (or of the best leaf of this orientation)
    /// reveals an automorphism, kept as a generator.
    fn leaf(&mut self, c: &CellComponent, l: Layout, flip: bool, p: &Partition) {
        self.write_code(c, l, flip, p);
        let mut places = std::mem::take(&mut self.places);
        places.clear();
        places.extend((0..l.nodes()).map(|x| p.place(x)));
        let known = if self.has_first && self.first_code == self.code {
            Some(&self.first_places)
        } else if self.has_best && self.best_flip == flip && !self.best_places.is_empty() && self.code == self.best {
            Some(&self.best_places)
        } else {
            None
        };
        if let Some(other) = known {
            let mut node_at = vec![0u32; other.len()];
            for (x, &place) in other.iter().enumerate() {
                node_at[place as usize] = x as u32;
            }
            let generator: Vec<u32> = places.iter().map(|&place| node_at[place as usize]).collect();
            if generator.iter().enumerate().any(|(x, &y)| x as u32 != y) {
                self.generators.push(generator);
            }
        }
        if !self.has_first {
            self.has_first = true;
            self.first_code.clone_from(&self.code);
            self.first_places.clone_from(&places);
        }
        self.offer(flip, Some(&places));
        self.places = places;
    }

    /// `true` when `x` is in the orbit of one of `tried` under the group
    /// generated by the automorphisms found that fix every individualized node.
    fn same_orbit(&mut self, x: u32, tried: &[u32]) -> bool {
        let fixing: Vec<&Vec<u32>> =
            self.generators.iter().filter(|g| self.prefix.iter().all(|&v| g[v as usize] == v)).collect();
        if fixing.is_empty() {
            return false;
        }
        let n = fixing[0].len();
        let mut parent: Vec<u32> = (0..n as u32).collect();
        fn root(p: &mut [u32], mut x: u32) -> u32 {
            while p[x as usize] != x {
                p[x as usize] = p[p[x as usize] as usize];
                x = p[x as usize];
            }
            x
        }
        for g in fixing {
            for (a, &b) in g.iter().enumerate() {
                let (ra, rb) = (root(&mut parent, a as u32), root(&mut parent, b));
                if ra != rb {
                    parent[ra as usize] = rb;
                }
            }
        }
        let rx = root(&mut parent, x);
        tried.iter().any(|&t| root(&mut parent, t) == rx)
    }

    /// The code of a discrete partition: the labels of the vertices in
    /// their new order (vertex nodes by place, then leaves by the place of
    /// their half-edge), the edges as sorted pairs of new vertex numbers,
    /// and the cells, each as whether it allows both orientations, its
    /// length and its edges (by new number) with whether each is walked
    /// from its smaller end, cells sorted.
    fn write_code(&mut self, c: &CellComponent, l: Layout, flip: bool, p: &Partition) {
        let comp = &c.component;
        let n = comp.labels.len();
        // Where each vertex is read: its node, or a leaf's half-edge.
        self.vertex_place.clear();
        self.vertex_place.resize(n, (0, 0));
        for (e, &(u, v)) in comp.edges.iter().enumerate() {
            for (w, end) in [(u, 0), (v, 1)] {
                let place = match self.node[w as usize] {
                    u32::MAX => p.place(l.half(e, end)),
                    x => p.place(x as usize),
                };
                self.vertex_place[w as usize] = (place, w);
            }
        }
        self.vertex_place.sort_unstable();
        self.number.clear();
        self.number.resize(n, 0);
        for (i, &(_, w)) in self.vertex_place.iter().enumerate() {
            self.number[w as usize] = i as u32;
        }
        let wide = n > 255 || 2 * l.m > 255;
        let mut out = std::mem::take(&mut self.code);
        out.clear();
        out.push(CELLS);
        out.push(u8::from(wide));
        for x in [n, l.m, l.k] {
            push(&mut out, x as u32, wide);
        }
        for &(_, w) in &self.vertex_place {
            out.push(seen(comp.labels[w as usize], flip) as u8);
        }
        // Edges sorted by their ends' new numbers, ties (parallel edges) by
        // their half-edges' places.
        self.edges.clear();
        for (e, &(u, v)) in comp.edges.iter().enumerate() {
            let (a, b) = (self.number[u as usize], self.number[v as usize]);
            let halves = p.place(l.half(e, 0)).min(p.place(l.half(e, 1)));
            self.edges.push((a.min(b), a.max(b), halves, e as u32));
        }
        self.edges.sort_unstable();
        self.new_edge.clear();
        self.new_edge.resize(l.m, 0);
        for (i, &(a, b, _, e)) in self.edges.iter().enumerate() {
            self.new_edge[e as usize] = i as u32;
            push(&mut out, a, wide);
            push(&mut out, b, wide);
        }
        self.cells.resize_with(l.k, Vec::new);
        for (i, cell) in c.cells.iter().enumerate() {
            let (t, h) = side_colours(cell, flip);
            // The orientation the code walks: the allowed one, or for a cell
            // that allows both, the one whose tail side comes first.
            let along = match (t, h) {
                (TAIL_SIDE, _) => true,
                (HEAD_SIDE, _) => false,
                _ => p.place(l.side(i, 0)) < p.place(l.side(i, 1)),
            };
            let steps = &mut self.cells[i];
            steps.clear();
            steps.push(u32::from(t == EITHER_SIDE));
            steps.push(cell.steps.len() as u32);
            for &(e, forward) in &cell.steps {
                let (u, v) = comp.edges[e as usize];
                let tail = if forward == along { u } else { v };
                let smaller = self.number[tail as usize] < self.number[if tail == u { v } else { u } as usize];
                steps.push(2 * self.new_edge[e as usize] + u32::from(smaller));
            }
            steps[2..].sort_unstable();
        }
        self.cells[..l.k].sort_unstable();
        for cell in &self.cells[..l.k] {
            for &x in cell {
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

#[cfg(test)]
mod tests {
    use super::*;
    use crate::canonical::component::Component;
    use Need::*;

    /// A live cell as its sides (edge, direction) and its two orientations' status.
    type CellSpec<'a> = (&'a [(u32, bool)], bool, bool);
    /// A component as comparable data: labels, edges, cells.
    type Form = (Vec<u8>, Vec<(u32, u32)>, Vec<(Vec<(u32, u32)>, bool, bool)>);

    fn comp(labels: &[Need], edges: &[(u32, u32)], cells: &[CellSpec<'_>]) -> CellComponent {
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

    /// A cell as a set of directed edges (vertex pairs along `Along`) and
    /// its allowed orientations, written the least of its two ways round.
    fn cell_form(c: &CellComponent, cell: &LiveCell, map: &[u32], flip: bool) -> (Vec<(u32, u32)>, bool, bool) {
        let (along, against) = allows(cell, flip);
        let mut forward: Vec<(u32, u32)> = cell
            .steps
            .iter()
            .map(|&(e, f)| {
                let (u, v) = c.component.edges[e as usize];
                let (t, h) = if f { (u, v) } else { (v, u) };
                (map[t as usize], map[h as usize])
            })
            .collect();
        let mut backward: Vec<(u32, u32)> = forward.iter().map(|&(t, h)| (h, t)).collect();
        forward.sort_unstable();
        backward.sort_unstable();
        (forward, along, against).min((backward, against, along))
    }

    /// The component as data that two components share exactly when the
    /// vertex map `map` (with the flip or not) is an isomorphism onto the
    /// other read with the identity.
    fn form(c: &CellComponent, map: &[u32], flip: bool) -> Form {
        let n = c.component.labels.len();
        let mut labels = vec![0u8; n];
        for (v, &l) in c.component.labels.iter().enumerate() {
            labels[map[v] as usize] = seen(l, flip) as u8;
        }
        let mut edges: Vec<(u32, u32)> = c
            .component
            .edges
            .iter()
            .map(|&(u, v)| (map[u as usize].min(map[v as usize]), map[u as usize].max(map[v as usize])))
            .collect();
        edges.sort_unstable();
        let mut cells: Vec<_> = c.cells.iter().map(|cell| cell_form(c, cell, map, flip)).collect();
        cells.sort_unstable();
        (labels, edges, cells)
    }

    /// Every permutation of `0..n`.
    fn permutations(n: usize) -> Vec<Vec<u32>> {
        if n == 0 {
            return vec![Vec::new()];
        }
        let mut out = Vec::new();
        for p in permutations(n - 1) {
            for i in 0..n {
                let mut q = p.clone();
                q.insert(i, (n - 1) as u32);
                out.push(q);
            }
        }
        out
    }

    /// `true` when some vertex bijection, with or without the flip, maps `a` onto `b`.
    fn isomorphic(a: &CellComponent, b: &CellComponent, perms: &[Vec<u32>]) -> bool {
        if a.component.labels.len() != b.component.labels.len() || a.component.edges.len() != b.component.edges.len() {
            return false;
        }
        let identity: Vec<u32> = (0..b.component.labels.len() as u32).collect();
        let target = form(b, &identity, false);
        perms.iter().any(|p| [false, true].iter().any(|&flip| form(a, p, flip) == target))
    }

    /// A random component on 5 vertices: a spanning path plus random
    /// edges, random labels, and up to three cells on random edge sets.
    fn random(x: &mut u64) -> CellComponent {
        let mut next = |k: u64| {
            *x = x.wrapping_mul(6364136223846793005).wrapping_add(1442695040888963407);
            (*x >> 33) % k
        };
        let n = 5u32;
        let mut edges: Vec<(u32, u32)> = (1..n).map(|v| (v - 1, v)).collect();
        for _ in 0..next(4) {
            let (u, v) = (next(n as u64) as u32, next(n as u64) as u32);
            if u != v && !edges.iter().any(|&(a, b)| (a, b) == (u, v) || (a, b) == (v, u)) {
                edges.push((u, v));
            }
        }
        let labels = (0..n).map(|_| [Both, Both, Both, In, Out, Free][next(6) as usize]).collect();
        let mut uses = vec![0; edges.len()];
        let mut cells = Vec::new();
        for _ in 0..next(4) {
            let mut steps: Vec<(u32, bool)> = Vec::new();
            for e in 0..edges.len() as u32 {
                if uses[e as usize] < 2 && next(2) == 0 {
                    steps.push((e, next(2) == 0));
                }
            }
            if steps.len() < 2 {
                continue;
            }
            for &(e, _) in &steps {
                uses[e as usize] += 1;
            }
            let (along, against) = [(true, true), (true, false), (false, true)][next(3) as usize];
            cells.push(LiveCell { steps, along, against });
        }
        CellComponent { component: Component { labels, edges }, cells }
    }

    #[test]
    fn equal_keys_exactly_for_isomorphic_components() {
        let perms = permutations(5);
        let mut x = 11u64;
        let pool: Vec<CellComponent> = (0..300).map(|_| random(&mut x)).collect();
        let keys: Vec<Vec<u8>> = pool.iter().map(key).collect();
        let mut equal = 0;
        for i in 0..pool.len() {
            // A renumbered copy, with or without the flip, has the same key.
            let p = &perms[(i * 37) % perms.len()];
            let q: Vec<usize> = (0..pool[i].component.edges.len()).rev().collect();
            let r: Vec<bool> = (0..q.len()).map(|e| (e + i) % 3 == 0).collect();
            let mut copy = renumber(&pool[i], p, &q, &r);
            if i % 2 == 1 {
                copy = copy.flip();
            }
            assert_eq!(key(&copy), keys[i], "{:?}", pool[i]);
            for j in 0..i {
                if pool[i].component.edges.len() != pool[j].component.edges.len() {
                    continue;
                }
                let same = isomorphic(&pool[i], &pool[j], &perms);
                assert_eq!(keys[i] == keys[j], same, "{:?} and {:?}", pool[i], pool[j]);
                equal += usize::from(same);
            }
        }
        assert!(equal >= 10, "the pool has isomorphic pairs: {equal}");
    }
}
