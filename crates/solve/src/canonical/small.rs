//! Trees of at most 32 vertices on bitmasks: their shape, their canonical
//! code in one `u128`, and the orbits of their moves.
//!
//! A tree component and every class reached from it live on the vertices
//! of the first one: a move only changes two labels and removes one edge
//! (and possibly a dead edge next to it), and each piece of the follower is
//! a set of the parent's vertices with the parent's edges between them (a
//! free vertex that ramifies stays, as a free leaf, in each piece around
//! it). So a piece is a vertex mask over one fixed adjacency
//! ([`Adjacency`], a `u32` of neighbours per vertex) and a labels array:
//! no graph is built for any follower (see `super::descent`).
//!
//! **Codes.** The code of a vertex rooted away from its parent is the bit
//! string `1`, its label (two bits), its children's codes in increasing
//! order, `0`: four bits a vertex, with a leading 1, so numeric order is
//! length first, then lexicographic, a total order fixed by the rooted
//! tree alone. The key of a tree is the code rooted at its centre, or for
//! two centres the two codes rooted at them (away from each other)
//! concatenated, the smaller first; the two cases cannot meet, since in the
//! first the root's closing bit is the last one. It is read from the
//! labels or from their flip by the rule of [`super::canon::orientation`]
//! (both and the smaller when the two counts are equal), so two trees get
//! the same key exactly when they are isomorphic up to flip, the partition
//! of [`super::canon::key`]; the keys themselves differ (and live in
//! their own map).
//!
//! **Orbits.** Every automorphism of a tree fixes its centre (or the set
//! of its two centres) and so maps each edge's child (rooted at the
//! centre) to the child of the image edge, keeping which way an arrow
//! points. Two vertices are exchanged by an automorphism exactly when
//! their codes are equal and their parents are exchanged by one (the
//! roots: one centre, or two centres whose codes are equal): given the
//! parents' automorphism, the two subtrees with equal codes are swapped.
//! So the moves of a tree fall into orbits named by a representative child
//! and a direction, and [`Rooted::representatives`] names the first child
//! of each orbit in breadth-first order.

use super::need::Need;

/// The most vertices a tree on bitmasks holds (its code takes four bits a vertex).
pub const MAX_VERTICES: usize = 32;

/// The neighbours of each vertex, as bits.
pub type Adjacency = [u32; MAX_VERTICES];

/// The label of each vertex.
pub type Labels = [Need; MAX_VERTICES];

/// The vertices of a mask, in increasing order.
#[inline]
pub fn vertices(mut m: u32) -> impl Iterator<Item = usize> {
    std::iter::from_fn(move || {
        if m == 0 {
            return None;
        }
        let v = m.trailing_zeros() as usize;
        m &= m - 1;
        Some(v)
    })
}

/// The bit of vertex `v`.
#[inline]
pub fn bit(v: usize) -> u32 {
    1 << v
}

/// The shape of a piece, for the memo it is looked up in.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Shape {
    /// A path whose interior vertices all need both: ends and length.
    Path(Need, u32, Need),
    /// Any other tree, with its key (see the module documentation).
    Tree(u128),
}

/// Reusable buffers for [`Coder::shape`]: reading a piece writes only
/// the entries of its own vertices.
#[derive(Clone)]
pub struct Coder {
    narrow: [u64; MAX_VERTICES],
    wide: [u128; MAX_VERTICES],
    narrow_kids: [u64; MAX_VERTICES],
    wide_kids: [u128; MAX_VERTICES],
}

impl Default for Coder {
    fn default() -> Self {
        Coder {
            narrow: [0; MAX_VERTICES],
            wide: [0; MAX_VERTICES],
            narrow_kids: [0; MAX_VERTICES],
            wide_kids: [0; MAX_VERTICES],
        }
    }
}

/// The labels as they are, on the two-bit codes.
const SAME: [u8; 4] = [0, 1, 2, 3];

impl Coder {
    /// The shape of the piece `mask` (a tree with at least one edge): a
    /// path whose interior vertices need both, or another tree and its key.
    pub fn shape(&mut self, adj: &Adjacency, labels: &Labels, mask: u32) -> Shape {
        // (Bit tricks rather than `count_ones`: the baseline x86-64 target
        // has no popcount instruction.)
        let mut hubs = 0u32;
        let mut leaves = 0u32;
        let (mut n, mut ins, mut outs) = (0u32, 0u32, 0u32);
        for v in vertices(mask) {
            n += 1;
            let x = adj[v] & mask;
            let two = x & x.wrapping_sub(1);
            let three = two & two.wrapping_sub(1);
            let l = labels[v] as u8;
            if three != 0 || (two != 0 && l != Need::Both as u8) {
                hubs |= bit(v);
            } else if two == 0 {
                leaves |= bit(v);
            }
            ins += (l == Need::In as u8) as u32;
            outs += (l == Need::Out as u8) as u32;
        }
        if hubs == 0 {
            let (a, b) = (leaves.trailing_zeros() as usize, 31 - leaves.leading_zeros() as usize);
            return Shape::Path(labels[a], n - 1, labels[b]);
        }
        let mut key = |map: &[u8; 4]| {
            if n <= 16 {
                peel_code(adj, labels, mask, n, leaves, map, &mut self.narrow, &mut self.narrow_kids)
            } else {
                peel_code(adj, labels, mask, n, leaves, map, &mut self.wide, &mut self.wide_kids)
            }
        };
        Shape::Tree(match ins.cmp(&outs) {
            std::cmp::Ordering::Greater => key(&SAME),
            std::cmp::Ordering::Less => key(&FLIPPED),
            // No vertex needs exactly one arrow: the flip changes nothing.
            std::cmp::Ordering::Equal if ins == 0 => key(&SAME),
            std::cmp::Ordering::Equal => key(&SAME).min(key(&FLIPPED)),
        })
    }
}

/// A code word: `u64` for trees of at most 16 vertices, `u128` for more.
trait Word: Copy + Ord + Default {
    /// The code `1`, `label`: a vertex's opening.
    fn open(label: u8) -> Self;
    /// `self` followed by the code `c`.
    fn then(self, c: Self) -> Self;
    /// `self` followed by a closing `0`.
    fn close(self) -> Self;
    fn wide(self) -> u128;
}

impl Word for u64 {
    #[inline]
    fn open(label: u8) -> u64 {
        4 | label as u64
    }
    #[inline]
    fn then(self, c: u64) -> u64 {
        self << (64 - c.leading_zeros()) | c
    }
    #[inline]
    fn close(self) -> u64 {
        self << 1
    }
    #[inline]
    fn wide(self) -> u128 {
        self as u128
    }
}

impl Word for u128 {
    #[inline]
    fn open(label: u8) -> u128 {
        4 | label as u128
    }
    #[inline]
    fn then(self, c: u128) -> u128 {
        self << (128 - c.leading_zeros()) | c
    }
    #[inline]
    fn close(self) -> u128 {
        self << 1
    }
    #[inline]
    fn wide(self) -> u128 {
        self
    }
}

/// The key of the tree `mask` (`n` vertices, `leaves` its leaves), its
/// labels read through `map` (as they are, or flipped), coding each vertex
/// as its layer of leaves is peeled: a vertex peeled has exactly one
/// neighbour left, its parent when the tree is rooted at the centre (what
/// is left at the end), so its children are its neighbours peeled before it.
#[allow(clippy::too_many_arguments)]
fn peel_code<W: Word>(
    adj: &Adjacency,
    labels: &Labels,
    mask: u32,
    n: u32,
    leaves: u32,
    map: &[u8; 4],
    code: &mut [W; MAX_VERTICES],
    kids: &mut [W; MAX_VERTICES],
) -> u128 {
    let mut removed = 0u32;
    let mut layer = leaves;
    let mut left = n;
    while left > 2 {
        for v in vertices(layer) {
            code[v] = vertex_code(map[labels[v] as usize], adj[v] & removed, code, kids);
            left -= 1;
        }
        removed |= layer;
        let rest = mask & !removed;
        let mut next = 0;
        // Each vertex peeled has one neighbour left; it is a leaf now when
        // it has at most one neighbour left itself.
        for v in vertices(layer) {
            let w = adj[v] & rest;
            let y = adj[w.trailing_zeros() as usize] & rest;
            if y & y.wrapping_sub(1) == 0 {
                next |= w;
            }
        }
        layer = next;
    }
    let centre = mask & !removed;
    let a = centre.trailing_zeros() as usize;
    let b = 31 - centre.leading_zeros() as usize;
    let x = vertex_code(map[labels[a] as usize], adj[a] & removed, code, kids);
    if a == b {
        return x.wide();
    }
    let y = vertex_code(map[labels[b] as usize], adj[b] & removed, code, kids);
    let (lo, hi) = if x <= y { (x.wide(), y.wide()) } else { (y.wide(), x.wide()) };
    lo << (128 - hi.leading_zeros()) | hi
}

/// The code of a vertex labelled `label` whose children are `below`, coded already.
#[inline(always)]
fn vertex_code<W: Word>(label: u8, below: u32, code: &[W; MAX_VERTICES], kids: &mut [W; MAX_VERTICES]) -> W {
    let open = W::open(label);
    if below == 0 {
        return open.close();
    }
    if below & (below - 1) == 0 {
        return open.then(code[below.trailing_zeros() as usize]).close();
    }
    // Two or more children: their codes in increasing order (insertion sort).
    let mut count = 0;
    for w in vertices(below) {
        let c = code[w];
        let mut i = count;
        while i > 0 && kids[i - 1] > c {
            kids[i] = kids[i - 1];
            i -= 1;
        }
        kids[i] = c;
        count += 1;
    }
    let mut c = open;
    for &k in &kids[..count] {
        c = c.then(k);
    }
    c.close()
}

/// `In` and `Out` swapped, on the two-bit codes.
const FLIPPED: [u8; 4] = [0, 2, 1, 3];

const NONE: u8 = u8::MAX;

/// A tree rooted at its centre: breadth-first order, parents, subtree
/// masks and codes (of the labels as they are, or flipped).
pub struct Rooted {
    /// Vertices in breadth-first order from the centre (both centres first).
    pub order: [u8; MAX_VERTICES],
    /// Number of vertices.
    pub n: usize,
    /// Parent of each vertex (for two centres, each is the other's parent).
    pub parent: [u8; MAX_VERTICES],
    /// The vertices below each vertex, itself included.
    pub sub: [u32; MAX_VERTICES],
    code: [u128; MAX_VERTICES],
    size: [u8; MAX_VERTICES],
    /// Two centres.
    pub bicentral: bool,
}

impl Rooted {
    /// Roots the tree `mask` at its centre and codes it, labels flipped or not.
    pub fn new(adj: &Adjacency, labels: &Labels, mask: u32, flip: bool) -> Rooted {
        let mut r = Rooted {
            order: [0; MAX_VERTICES],
            n: 0,
            parent: [NONE; MAX_VERTICES],
            sub: [0; MAX_VERTICES],
            code: [0; MAX_VERTICES],
            size: [0; MAX_VERTICES],
            bicentral: false,
        };
        // The centre, by peeling leaves.
        let mut rest = mask;
        while rest.count_ones() > 2 {
            let mut leaves = 0;
            for v in vertices(rest) {
                if (adj[v] & rest).count_ones() <= 1 {
                    leaves |= bit(v);
                }
            }
            rest &= !leaves;
        }
        let a = rest.trailing_zeros() as usize;
        r.order[0] = a as u8;
        r.n = 1;
        if rest.count_ones() == 2 {
            let b = (rest & !bit(a)).trailing_zeros() as usize;
            r.order[1] = b as u8;
            r.n = 2;
            r.parent[a] = b as u8;
            r.parent[b] = a as u8;
            r.bicentral = true;
        }
        let mut i = 0;
        while i < r.n {
            let v = r.order[i] as usize;
            i += 1;
            for w in vertices(adj[v] & mask & !r.parent_bit(v)) {
                r.parent[w] = v as u8;
                r.order[r.n] = w as u8;
                r.n += 1;
            }
        }
        // Codes, children first.
        let mut kids = [0u128; MAX_VERTICES];
        for k in (0..r.n).rev() {
            let v = r.order[k] as usize;
            let mut count = 0;
            let mut size = 1u8;
            let mut sub = bit(v);
            for w in vertices(adj[v] & mask & !r.parent_bit(v)) {
                kids[count] = r.code[w];
                count += 1;
                size += r.size[w];
                sub |= r.sub[w];
            }
            kids[..count].sort_unstable();
            let label = if flip { FLIPPED[labels[v] as usize] } else { labels[v] as u8 };
            let mut code = 4 | label as u128;
            for &c in &kids[..count] {
                code = code << (128 - c.leading_zeros()) | c;
            }
            r.code[v] = code << 1;
            r.size[v] = size;
            r.sub[v] = sub;
        }
        r
    }

    fn parent_bit(&self, v: usize) -> u32 {
        if self.parent[v] == NONE { 0 } else { bit(self.parent[v] as usize) }
    }

    /// The key: the root's code, or the two centres' codes, smaller first.
    pub fn key(&self) -> u128 {
        let a = self.code[self.order[0] as usize];
        if !self.bicentral {
            return a;
        }
        let b = self.code[self.order[1] as usize];
        let (lo, hi) = if a <= b { (a, b) } else { (b, a) };
        lo << (128 - hi.leading_zeros()) | hi
    }

    /// The vertices on `x`'s side of the edge `xy`, `x` included.
    pub fn side(&self, mask: u32, x: usize, y: usize) -> u32 {
        if self.parent[x] as usize == y { self.sub[x] } else { mask & !self.sub[y] }
    }

    /// For each vertex, the first vertex of its orbit in breadth-first order
    /// (see the module documentation); the codes must be of the labels as
    /// they are.
    pub fn representatives(&self) -> [u8; MAX_VERTICES] {
        let mut rep = [NONE; MAX_VERTICES];
        let first = self.order[0] as usize;
        rep[first] = first as u8;
        let mut start = 1;
        if self.bicentral {
            let second = self.order[1] as usize;
            rep[second] = if self.code[first] == self.code[second] { first as u8 } else { second as u8 };
            start = 2;
        }
        for k in start..self.n {
            let v = self.order[k] as usize;
            let pv = rep[self.parent[v] as usize];
            rep[v] = v as u8;
            for &u in &self.order[start..k] {
                let u = u as usize;
                if rep[self.parent[u] as usize] == pv && self.code[u] == self.code[v] {
                    rep[v] = rep[u];
                    break;
                }
            }
        }
        rep
    }
}

/// The key of the tree `mask` up to isomorphism and flip (see the module
/// documentation), whatever its shape (paths included).
pub fn key(adj: &Adjacency, labels: &Labels, mask: u32) -> u128 {
    let leaves = vertices(mask).filter(|&v| (adj[v] & mask).count_ones() == 1).fold(0, |m, v| m | bit(v));
    let ins = vertices(mask).filter(|&v| labels[v] == Need::In).count();
    let outs = vertices(mask).filter(|&v| labels[v] == Need::Out).count();
    let key = |map: &[u8; 4]| {
        let (mut code, mut kids) = ([0u128; MAX_VERTICES], [0u128; MAX_VERTICES]);
        peel_code(adj, labels, mask, mask.count_ones(), leaves, map, &mut code, &mut kids)
    };
    match ins.cmp(&outs) {
        std::cmp::Ordering::Greater => key(&SAME),
        std::cmp::Ordering::Less => key(&FLIPPED),
        std::cmp::Ordering::Equal => key(&SAME).min(key(&FLIPPED)),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::canonical::canon;
    use crate::canonical::component::Component;
    use Need::*;

    fn load(c: &Component) -> (Adjacency, Labels, u32) {
        let mut adj = [0; MAX_VERTICES];
        let mut labels = [Free; MAX_VERTICES];
        labels[..c.labels.len()].copy_from_slice(&c.labels);
        for &(u, v) in &c.edges {
            adj[u as usize] |= bit(v as usize);
            adj[v as usize] |= bit(u as usize);
        }
        (adj, labels, ((1u64 << c.labels.len()) - 1) as u32)
    }

    fn random_tree(n: u32, x: &mut u64) -> Component {
        let mut labels = Vec::new();
        let mut edges = Vec::new();
        for v in 0..n {
            *x = x.wrapping_mul(6364136223846793005).wrapping_add(1442695040888963407);
            labels.push(Need::from_bits((*x >> 40) as u8));
            if v > 0 {
                edges.push(((*x >> 20) as u32 % v, v));
            }
        }
        Component { labels, edges }
    }

    /// Equal small keys exactly when the reference keys are equal.
    #[test]
    fn keys_partition_as_the_reference_keys() {
        let mut x = 11u64;
        let mut seen: hashbrown::HashMap<u128, Vec<u8>> = hashbrown::HashMap::new();
        let mut back: hashbrown::HashMap<Vec<u8>, u128> = hashbrown::HashMap::new();
        for n in 2..=MAX_VERTICES as u32 {
            for _ in 0..40 {
                let c = random_tree(n, &mut x);
                let (adj, labels, mask) = load(&c);
                let small = key(&adj, &labels, mask);
                // The coder's words (u64 up to 16 vertices) give the same key.
                if let Shape::Tree(k) = Coder::default().shape(&adj, &labels, mask) {
                    assert_eq!(k, small, "{c:?}");
                }
                let reference = canon::key(&c);
                // The same key for a renumbering and for the flip.
                if n % 7 != 0 {
                    let p: Vec<u32> = (0..n).map(|v| (v * 7 + 3) % n).collect();
                    let mut labels = vec![Free; n as usize];
                    for (v, &l) in c.labels.iter().enumerate() {
                        labels[p[v] as usize] = l;
                    }
                    let edges = c.edges.iter().map(|&(u, v)| (p[v as usize], p[u as usize])).collect();
                    let (a, l, m) = load(&Component { labels, edges });
                    assert_eq!(key(&a, &l, m), small, "{c:?}");
                }
                let (a, l, m) = load(&c.flip());
                assert_eq!(key(&a, &l, m), small, "{c:?}");
                assert_eq!(*seen.entry(small).or_insert_with(|| reference.clone()), reference, "{c:?}");
                assert_eq!(*back.entry(reference).or_insert(small), small, "{c:?}");
            }
        }
    }

    #[test]
    fn orbits_are_the_automorphism_classes_of_small_trees() {
        // u and v are exchanged by an automorphism exactly when hanging a
        // long path at u gives the tree hanging it at v (labels as they are).
        let mut x = 3u64;
        for n in 3..12u32 {
            for _ in 0..30 {
                let c = random_tree(n, &mut x);
                let (adj, labels, mask) = load(&c);
                let rep = Rooted::new(&adj, &labels, mask, false).representatives();
                let marked = |v: usize| {
                    let mut m = c.clone();
                    let mut prev = v as u32;
                    for i in 0..n + 2 {
                        m.labels.push(Both);
                        m.edges.push((prev, n + i));
                        prev = n + i;
                    }
                    let (adj, labels, mask) = load(&m);
                    Rooted::new(&adj, &labels, mask, false).key()
                };
                let keys: Vec<u128> = (0..n as usize).map(marked).collect();
                for u in 0..n as usize {
                    for v in 0..n as usize {
                        assert_eq!(rep[u] == rep[v], keys[u] == keys[v], "{c:?} {u} {v}");
                    }
                }
            }
        }
    }

    #[test]
    fn shapes_read_paths_and_spiders() {
        let c = Component { labels: vec![Free, Both, Both, In], edges: vec![(0, 1), (1, 2), (2, 3)] };
        let (adj, labels, mask) = load(&c);
        assert_eq!(Coder::default().shape(&adj, &labels, mask), Shape::Path(Free, 3, In));
        let c = Component { labels: vec![Both, Free, Free, Free], edges: vec![(0, 1), (0, 2), (0, 3)] };
        let (adj, labels, mask) = load(&c);
        assert_eq!(Coder::default().shape(&adj, &labels, mask), Shape::Tree(key(&adj, &labels, mask)));
        let c = Component {
            labels: vec![Both, Both, Free, Free, Free, Free],
            edges: vec![(0, 1), (0, 2), (0, 3), (1, 4), (1, 5)],
        };
        let (adj, labels, mask) = load(&c);
        assert_eq!(Coder::default().shape(&adj, &labels, mask), Shape::Tree(key(&adj, &labels, mask)));
    }
}
