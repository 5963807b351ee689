//! The search for a state isomorphism, pruned by the local criterion.

use super::IsomorphismError;
use super::bijection::ArrowBijection;
use super::criteria::preventing_at;
use super::masks::PreparedState;
use arrows_core::{EdgeId, Position};

/// What [`find_state_isomorphism`] found.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Search {
    /// A state isomorphism (it satisfies the local criterion of Theorem 4.10).
    Found(ArrowBijection),
    /// No flip-commuting bijection satisfies the local criterion.
    NotIsomorphic,
    /// The search stopped after visiting its limit of partial maps.
    GaveUp {
        /// Partial maps visited.
        nodes: u64,
    },
}

/// Searches for a state isomorphism from `from` to `to`: a backtracking
/// search over flip-commuting bijections, edge by edge, that rejects a
/// partial map as soon as a vertex whose edges are all mapped fails the
/// local criterion of Theorem 4.10 (on either side). Visits at most
/// `node_limit` partial maps.
pub fn find_state_isomorphism(
    from: Position<'_>,
    to: Position<'_>,
    node_limit: u64,
) -> Result<Search, IsomorphismError> {
    let (a, b) = (PreparedState::new(from)?, PreparedState::new(to)?);
    if a.k() != b.k() {
        return Ok(Search::NotIsomorphic);
    }
    let mut search = Finder::new(&a, &b, node_limit);
    let found = search.extend(0);
    Ok(match found {
        Some(true) => {
            let map = &search.map;
            let image: Vec<(EdgeId, bool)> = (0..a.k()).map(|i| (b.edges[map[i].0 as usize], map[i].1)).collect();
            let phi = ArrowBijection::new(from, to, |e| image[a.index[e].expect("unmarked") as usize])?;
            Search::Found(phi)
        }
        Some(false) => Search::NotIsomorphic,
        None => Search::GaveUp { nodes: search.nodes },
    })
}

struct Finder<'s> {
    a: &'s PreparedState,
    b: &'s PreparedState,
    /// The edges of `a` in the order they are mapped (breadth first).
    order: Vec<u32>,
    /// Locals of `a` whose last edge is `order[p]`.
    complete_a: Vec<Vec<u32>>,
    /// Edges of `b` not yet hit, per local of `b`.
    left_b: Vec<u32>,
    used_b: u32,
    map: Vec<(u32, bool)>,
    inv: Vec<(u32, bool)>,
    nodes: u64,
    limit: u64,
}

impl<'s> Finder<'s> {
    fn new(a: &'s PreparedState, b: &'s PreparedState, limit: u64) -> Finder<'s> {
        let k = a.k();
        // Breadth first over edges sharing a vertex.
        let mut order = Vec::with_capacity(k);
        let mut placed = 0u32;
        for start in 0..k as u32 {
            if placed >> start & 1 == 1 {
                continue;
            }
            placed |= 1 << start;
            order.push(start);
            let mut head = order.len() - 1;
            while head < order.len() {
                let e = order[head] as usize;
                head += 1;
                let (x, y) = a.ends[e];
                let near = (a.locals[x as usize].all() | a.locals[y as usize].all()) & !placed;
                let mut rest = near;
                while rest != 0 {
                    let j = rest.trailing_zeros();
                    rest &= rest - 1;
                    placed |= 1 << j;
                    order.push(j);
                }
            }
        }
        let mut position = vec![0usize; k];
        for (p, &e) in order.iter().enumerate() {
            position[e as usize] = p;
        }
        let mut complete_a = vec![Vec::new(); k];
        for (l, local) in a.locals.iter().enumerate() {
            let last = (0..k).filter(|&i| local.all() >> i & 1 == 1).map(|i| position[i]).max().expect("an edge");
            complete_a[last].push(l as u32);
        }
        let left_b = b.locals.iter().map(|l| l.all().count_ones()).collect();
        Finder {
            a,
            b,
            order,
            complete_a,
            left_b,
            used_b: 0,
            map: vec![(0, true); k],
            inv: vec![(0, true); k],
            nodes: 0,
            limit,
        }
    }

    /// `Some(true)` when the map extends to a complete one, `Some(false)`
    /// when it does not, `None` when the node limit stopped the search.
    fn extend(&mut self, p: usize) -> Option<bool> {
        if p == self.order.len() {
            return Some(true);
        }
        let e = self.order[p] as usize;
        for j in 0..self.b.k() as u32 {
            if self.used_b >> j & 1 == 1 {
                continue;
            }
            for same in [true, false] {
                self.nodes += 1;
                if self.nodes > self.limit {
                    return None;
                }
                self.map[e] = (j, same);
                self.inv[j as usize] = (e as u32, same);
                self.used_b |= 1 << j;
                let (x, y) = self.b.ends[j as usize];
                self.left_b[x as usize] -= 1;
                self.left_b[y as usize] -= 1;
                let fine = self.consistent(p, x, y);
                let result = if fine { self.extend(p + 1) } else { Some(false) };
                self.left_b[x as usize] += 1;
                self.left_b[y as usize] += 1;
                self.used_b &= !(1 << j);
                match result {
                    Some(true) => return Some(true),
                    None => return None,
                    Some(false) => {}
                }
            }
        }
        Some(false)
    }

    /// The local criterion at the vertices completed by mapping `order[p]`
    /// (locals `x`, `y` of `b` are the ends of its image).
    fn consistent(&self, p: usize, x: u32, y: u32) -> bool {
        self.complete_a[p].iter().all(|&l| preventing_at(self.a, self.b, &self.map, l))
            && [x, y].into_iter().all(|l| self.left_b[l as usize] != 0 || preventing_at(self.b, self.a, &self.inv, l))
    }
}
