//! The labelled classes of one piece of a component, counted for the memo
//! estimate ([`super::reach`]) up to the piece's symmetries and the flip.
//!
//! A **piece** is a connected set of a component's constrained edges; the
//! classes it gives are the piece labelled as play can leave it (see
//! [`Piece`]). Two pieces related by an automorphism that keeps the
//! piece's edges, its chords, its labels and its edges leaving give the
//! same classes, and so do a labelling and its flip; the number of classes
//! is the number of orbits of the labellings under these symmetries, which
//! Burnside's lemma gives as the mean number of labellings each symmetry
//! fixes.
//!
//! A symmetry is an automorphism `g` that keeps the labels, or one that
//! swaps needing in and needing out followed by the flip. A labelling is
//! fixed by `g` when it is constant on each cycle of `g`, and by `g` and
//! the flip when the label alternates with its flip along each cycle: a
//! cycle of odd length then needs a label equal to its flip (needing
//! both), which only an undirected vertex can take. Directions are bits
//! tied by parities (a chord's ends differ, a vertex already needing in or
//! out is fixed), solved by a union-find with parities: each of its
//! classes not tied to a fixed direction chooses one, and a contradiction
//! fixes nothing.
//!
//! The automorphisms are listed by a backtracking search (each vertex, in
//! breadth-first order along the piece's edges, mapped to a vertex of its
//! colour-refinement cell adjacent to the image of its parent, with the
//! same mapped neighbours and chord ends), which gives up past
//! [`MAX_NODES`] steps.

use super::canon::{rank, refine};
use super::need::Need;

/// Past this many search steps, [`Piece::orbits`] gives up.
pub const MAX_NODES: u64 = 1 << 16;

/// A piece's vertices (at most 64), numbered `0..n`, with the piece's
/// edges, its **chords** (marked edges between two of its vertices) and
/// each vertex's label and **edges leaving** the piece.
///
/// An edge leaving the piece is marked, or unmarked towards a free vertex
/// (a pendant free edge of the class); towards a vertex that cannot be
/// free, it is marked. A vertex's marked edges all point the same way
/// (else it would have both arrows and be out of the piece), so a chord
/// leaves its ends needing opposite directions. A vertex that needs both
/// with no chord and no edge leaving that must be marked is
/// **undirected**: it keeps no arrow (every edge leaving unmarked) or gets
/// its first ones, in or out, with `0..l` of its `l` edges leaving that
/// may stay unmarked unmarked: `1 + 2 l` ways. Any other vertex needs one
/// direction (its own, or one tied by its chords, or a free one) with
/// `0..=l` of those edges unmarked: `1 + l` ways and a direction.
#[derive(Debug, Clone)]
pub struct Piece {
    /// The piece's edges at each vertex, as bits.
    pub edges: Vec<u64>,
    /// The chords at each vertex, as bits.
    pub chords: Vec<u64>,
    /// Each vertex's label: needing both, in or out (never free).
    pub labels: Vec<Need>,
    /// Each vertex's edges leaving the piece that may stay unmarked
    /// (towards a vertex that can be free).
    pub leaving: Vec<usize>,
    /// Whether each vertex has an edge leaving the piece that is marked
    /// in every class (towards a vertex that cannot be free).
    pub marked: Vec<bool>,
}

impl Piece {
    /// The number of vertices.
    pub fn len(&self) -> usize {
        self.edges.len()
    }

    /// `true` when the piece has no vertex.
    pub fn is_empty(&self) -> bool {
        self.edges.is_empty()
    }

    /// `true` when vertex `v` may still need both: it does, and has no
    /// chord nor edge leaving that is marked.
    fn undirected(&self, v: usize) -> bool {
        self.labels[v] == Need::Both && self.chords[v] == 0 && !self.marked[v]
    }

    /// The shares of the labellings (counted as if the vertices' directions
    /// were independent) in which no vertex, and exactly one vertex, is
    /// **special**: of degree 3 or more in the class (the piece's edges and
    /// the unmarked edges leaving), or of degree 2 and needing in or out. A
    /// tree class with no special vertex is a path whose inner vertices
    /// need both, with one a spider: the classes the closed forms value
    /// ([`super::closed`]) and those kept in rows ([`super::rows`]).
    pub fn special_shares(&self) -> (f64, f64) {
        let (mut none, mut one) = (1.0, 0.0);
        for v in 0..self.len() {
            let degree = self.edges[v].count_ones() as usize;
            let special = |u: usize, both: bool| degree + u >= 3 || (degree + u == 2 && !both);
            let (mut plain, mut all) = (0.0, 0.0);
            let mut count = |u: usize, both: bool, ways: f64| {
                all += ways;
                if !special(u, both) {
                    plain += ways;
                }
            };
            let l = self.leaving[v];
            let directions = if matches!(self.labels[v], Need::In | Need::Out) { 1.0 } else { 2.0 };
            if self.undirected(v) {
                count(l, true, 1.0);
                (0..l).for_each(|u| count(u, false, 2.0));
            } else {
                (0..=l).for_each(|u| count(u, false, directions));
            }
            let (p, q) = (plain / all, 1.0 - plain / all);
            one = one * p + none * q;
            none *= p;
        }
        (none, one)
    }

    /// The labellings of the piece that play allows, ignoring symmetry
    /// (the labellings the identity fixes).
    pub fn labellings(&self) -> f64 {
        let identity: Vec<usize> = (0..self.len()).collect();
        self.fixed(&identity, false)
    }

    /// The classes of the piece: its labellings up to its symmetries and
    /// the flip. `None` past [`MAX_NODES`] steps of the search or past 64
    /// vertices, or when the piece is not connected.
    pub fn orbits(&self) -> Option<f64> {
        let n = self.len();
        if n > 64 {
            return None;
        }
        let adj: Vec<Vec<usize>> = self.edges.iter().map(|&b| bits(b).collect()).collect();
        // Needing in and needing out share a colour: a symmetry followed
        // by the flip swaps them.
        let colour: Vec<(bool, bool, usize, u32)> = (0..n)
            .map(|v| {
                let both = self.labels[v] == Need::Both;
                (both, self.marked[v], self.leaving[v], self.chords[v].count_ones())
            })
            .collect();
        let cell = refine(&adj, rank(&colour));
        // Breadth-first order along the piece's edges, with each vertex's parent.
        let mut order = Vec::with_capacity(n);
        let mut parent = vec![usize::MAX; n];
        let mut seen = 0u64;
        if n > 0 {
            order.push(0);
            seen = 1;
        }
        let mut i = 0;
        while i < order.len() {
            let v = order[i];
            i += 1;
            for w in bits(self.edges[v] & !seen) {
                seen |= 1 << w;
                parent[w] = v;
                order.push(w);
            }
        }
        if order.len() != n {
            return None;
        }
        let mut search = Search {
            piece: self,
            cell: &cell,
            order: &order,
            parent: &parent,
            image: vec![0; n],
            used: 0,
            mapped: 0,
            nodes: 0,
            count: 0.0,
            fixed: 0.0,
        };
        search.extend(0).then(|| search.fixed / search.count)
    }

    /// The labellings fixed by the automorphism `image`, followed by the
    /// flip when `flip`.
    fn fixed(&self, image: &[usize], flip: bool) -> f64 {
        let n = self.len();
        // Each vertex's cycle (by its first vertex) and its place on it.
        let mut rep = vec![usize::MAX; n];
        let mut place = vec![0usize; n];
        let mut product = 1.0;
        for v in 0..n {
            if rep[v] != usize::MAX {
                continue;
            }
            let (mut w, mut k) = (v, 0);
            while rep[w] == usize::MAX {
                (rep[w], place[w]) = (v, k);
                w = image[w];
                k += 1;
            }
            let odd = flip && k % 2 == 1;
            let leaving = self.leaving[v] as f64;
            product *= match (self.undirected(v), odd) {
                (true, false) => 1.0 + 2.0 * leaving,
                // Equal to its flip: needing both, every edge leaving unmarked.
                (true, true) => 1.0,
                (false, false) => 1.0 + leaving,
                (false, true) => return 0.0,
            };
        }
        // Directions: bit 0 needs in, 1 needs out; node `n` stands for
        // "needs in" itself. Along a cycle of `g` followed by the flip, the
        // direction alternates with the place.
        let shift = |v: usize| if flip { (place[v] & 1) as u8 } else { 0 };
        let mut links = Parities::new(n + 1);
        for (v, label) in self.labels.iter().enumerate() {
            let own = match label {
                Need::In => 0,
                Need::Out => 1,
                _ => continue,
            };
            if !links.join(rep[v], n, own ^ shift(v)) {
                return 0.0;
            }
        }
        for a in 0..n {
            for b in bits(self.chords[a]).filter(|&b| b > a) {
                if !links.join(rep[a], rep[b], 1 ^ shift(a) ^ shift(b)) {
                    return 0.0;
                }
            }
        }
        let anchor = links.root(n).0;
        let free =
            (0..n).filter(|&v| rep[v] == v && !self.undirected(v) && links.root(v).0 == v && v != anchor).count();
        product * (free as f64).exp2()
    }
}

/// The set bits of a word, lowest first.
pub fn bits(mut b: u64) -> impl Iterator<Item = usize> {
    std::iter::from_fn(move || {
        (b != 0).then(|| {
            let i = b.trailing_zeros() as usize;
            b &= b - 1;
            i
        })
    })
}

/// A union-find whose links carry parities: `root(v)` is `v`'s root and
/// the parity of `v` relative to it.
struct Parities {
    parent: Vec<(usize, u8)>,
}

impl Parities {
    fn new(n: usize) -> Parities {
        Parities { parent: (0..n).map(|v| (v, 0)).collect() }
    }

    fn root(&self, mut v: usize) -> (usize, u8) {
        let mut parity = 0;
        while self.parent[v].0 != v {
            parity ^= self.parent[v].1;
            v = self.parent[v].0;
        }
        (v, parity)
    }

    /// Records that `a` and `b` differ by `parity`; `false` when that
    /// contradicts what is recorded.
    fn join(&mut self, a: usize, b: usize, parity: u8) -> bool {
        let ((ra, pa), (rb, pb)) = (self.root(a), self.root(b));
        if ra == rb {
            return pa ^ pb == parity;
        }
        self.parent[ra] = (rb, pa ^ pb ^ parity);
        true
    }
}

/// The state of the search of [`Piece::orbits`].
struct Search<'a> {
    piece: &'a Piece,
    cell: &'a [usize],
    order: &'a [usize],
    parent: &'a [usize],
    /// The image of each vertex mapped so far.
    image: Vec<usize>,
    /// The images taken, and the vertices mapped, as bits.
    used: u64,
    mapped: u64,
    nodes: u64,
    /// The automorphisms found, and the sum of the labellings that each
    /// fixes, alone and followed by the flip.
    count: f64,
    fixed: f64,
}

impl Search<'_> {
    /// Maps `order[i..]` in every way that extends the mapping so far;
    /// `false` past [`MAX_NODES`] steps.
    fn extend(&mut self, i: usize) -> bool {
        self.nodes += 1;
        if self.nodes > MAX_NODES {
            return false;
        }
        let n = self.order.len();
        if i == n {
            // Keeping the labels, or swapping in and out (with the flip).
            for flip in [false, true] {
                let label = |v: usize| if flip { self.piece.labels[v].flip() } else { self.piece.labels[v] };
                if (0..n).all(|v| self.piece.labels[self.image[v]] == label(v)) {
                    self.count += 1.0;
                    self.fixed += self.piece.fixed(&self.image, flip);
                }
            }
            return true;
        }
        let v = self.order[i];
        let candidates = match self.parent[v] {
            usize::MAX => u64::MAX >> (64 - n),
            p => self.piece.edges[self.image[p]],
        } & !self.used;
        for x in bits(candidates) {
            if self.cell[x] != self.cell[v]
                || !self.keeps(&self.piece.edges, v, x)
                || !self.keeps(&self.piece.chords, v, x)
            {
                continue;
            }
            self.image[v] = x;
            (self.used, self.mapped) = (self.used | 1 << x, self.mapped | 1 << v);
            let ok = self.extend(i + 1);
            (self.used, self.mapped) = (self.used & !(1 << x), self.mapped & !(1 << v));
            if !ok {
                return false;
            }
        }
        true
    }

    /// `true` when mapping `v` to `x` keeps the relation `adj` (edges or
    /// chords) with the vertices mapped so far.
    fn keeps(&self, adj: &[u64], v: usize, x: usize) -> bool {
        let images = bits(adj[v] & self.mapped).fold(0u64, |b, w| b | 1 << self.image[w]);
        adj[x] & self.used == images
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A piece from its edges, chords, labels and edges leaving.
    fn piece(edges: &[(usize, usize)], chords: &[(usize, usize)], labels: &[Need], leaving: &[usize]) -> Piece {
        let marked = leaving.iter().map(|&l| l == 2).collect();
        let n = labels.len();
        let to_bits = |pairs: &[(usize, usize)]| {
            let mut b = vec![0u64; n];
            for &(u, v) in pairs {
                b[u] |= 1 << v;
                b[v] |= 1 << u;
            }
            b
        };
        Piece {
            edges: to_bits(edges),
            chords: to_bits(chords),
            labels: labels.to_vec(),
            leaving: leaving.to_vec(),
            marked,
        }
    }

    /// Every labelling of the piece as [`Piece`] defines it (each vertex's
    /// label and unmarked edges leaving), listed one by one.
    fn all_labellings(p: &Piece) -> Vec<Vec<(Need, usize)>> {
        let mut out = vec![Vec::new()];
        for v in 0..p.len() {
            let l = p.leaving[v];
            let mut choices = Vec::new();
            match p.labels[v] {
                Need::Both if p.chords[v] == 0 && !p.marked[v] => {
                    choices.push((Need::Both, l));
                    choices.extend((0..l).flat_map(|u| [(Need::In, u), (Need::Out, u)]));
                }
                Need::Both => choices.extend((0..=l).flat_map(|u| [(Need::In, u), (Need::Out, u)])),
                own => choices.extend((0..=l).map(|u| (own, u))),
            }
            out = out.into_iter().flat_map(|x| choices.iter().map(move |&c| [x.clone(), vec![c]].concat())).collect();
        }
        out.retain(|x| {
            (0..p.len()).all(|a| bits(p.chords[a]).all(|b| x[a].0 == x[b].0.flip() && x[a].0 != Need::Both))
        });
        out
    }

    /// Every permutation of `0..n`.
    fn permutations(n: usize) -> Vec<Vec<usize>> {
        if n == 0 {
            return vec![Vec::new()];
        }
        let mut out = Vec::new();
        for p in permutations(n - 1) {
            for at in 0..n {
                let mut q = p.clone();
                q.insert(at, n - 1);
                out.push(q);
            }
        }
        out
    }

    /// The orbits counted directly: each labelling taken to the least of
    /// its images under every symmetry, found among all permutations (with
    /// and without the flip).
    fn brute_orbits(p: &Piece) -> f64 {
        let n = p.len();
        let keeps = |g: &[usize], flip: bool| {
            (0..n).all(|v| {
                let label = if flip { p.labels[v].flip() } else { p.labels[v] };
                p.labels[g[v]] == label
                    && p.leaving[g[v]] == p.leaving[v]
                    && p.marked[g[v]] == p.marked[v]
                    && (0..n).all(|w| {
                        (p.edges[v] >> w & 1 == p.edges[g[v]] >> g[w] & 1)
                            && (p.chords[v] >> w & 1 == p.chords[g[v]] >> g[w] & 1)
                    })
            })
        };
        let group: Vec<(Vec<usize>, bool)> = permutations(n)
            .into_iter()
            .flat_map(|g| [(g.clone(), false), (g, true)])
            .filter(|(g, flip)| keeps(g, *flip))
            .collect();
        let mut seen = std::collections::HashSet::new();
        for x in all_labellings(p) {
            let mut least = x.clone();
            for (g, flip) in &group {
                let mut image = vec![(Need::Free, 0); n];
                for v in 0..n {
                    let (label, u) = x[v];
                    image[g[v]] = (if *flip { label.flip() } else { label }, u);
                }
                least = least.min(image);
            }
            seen.insert(least);
        }
        seen.len() as f64
    }

    /// A seeded generator (SplitMix64).
    fn next(state: &mut u64) -> u64 {
        *state = state.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = *state;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    }

    /// Burnside's count equals the orbits found by brute force on pieces
    /// of up to 6 vertices: the symmetric ones (complete graphs, cycles,
    /// stars, a path closed by a chord), where symmetries fix many
    /// labellings, and random connected pieces with random chords, labels
    /// and edges leaving.
    #[test]
    fn burnside_equals_brute_force() {
        use Need::*;
        let mut cases = Vec::new();
        for n in 1..=5 {
            let all: Vec<(usize, usize)> = (0..n).flat_map(|u| (u + 1..n).map(move |v| (u, v))).collect();
            cases.push(piece(&all, &[], &vec![Both; n], &vec![0; n]));
            cases.push(piece(&all, &[], &vec![Both; n], &vec![2; n]));
            let half: Vec<Need> = (0..n).map(|v| if v % 2 == 0 { In } else { Out }).collect();
            cases.push(piece(&all, &[], &half, &vec![1; n]));
            let star: Vec<(usize, usize)> = (1..n).map(|v| (0, v)).collect();
            cases.push(piece(&star, &[], &vec![Both; n], &vec![1; n]));
            if n >= 3 {
                let cycle: Vec<(usize, usize)> = (0..n).map(|v| (v, (v + 1) % n)).collect();
                cases.push(piece(&cycle, &[], &vec![Both; n], &vec![1; n]));
                let path: Vec<(usize, usize)> = (1..n).map(|v| (v - 1, v)).collect();
                cases.push(piece(&path, &[(0, n - 1)], &vec![Both; n], &vec![0; n]));
            }
        }
        let mut state = 5;
        for _ in 0..400 {
            let n = 1 + (next(&mut state) % 6) as usize;
            let mut edges = Vec::new();
            let mut chords = Vec::new();
            for v in 1..n {
                edges.push(((next(&mut state) % v as u64) as usize, v));
            }
            for u in 0..n {
                for v in u + 1..n {
                    if edges.contains(&(u, v)) {
                        continue;
                    }
                    match next(&mut state) % 6 {
                        0 => edges.push((u, v)),
                        1 => chords.push((u, v)),
                        _ => {}
                    }
                }
            }
            let labels: Vec<Need> = (0..n).map(|_| [Both, Both, In, Out][(next(&mut state) % 4) as usize]).collect();
            let leaving: Vec<usize> = (0..n).map(|_| (next(&mut state) % 3) as usize).collect();
            cases.push(piece(&edges, &chords, &labels, &leaving));
        }
        for p in &cases {
            let got = p.orbits().expect("small pieces are searched to the end");
            let expected = brute_orbits(p);
            assert!((got - expected).abs() < 1e-9, "{p:?}: Burnside {got}, brute force {expected}");
            assert_eq!(p.labellings(), all_labellings(p).len() as f64, "{p:?}");
        }
    }
}
