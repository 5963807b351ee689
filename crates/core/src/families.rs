//! Graph families: paths, cycles, spiders, stars, caterpillars and brooms.
//!
//! Numbering conventions (they make states easy to write by hand):
//!
//! * the path `P_n` has vertices `0..=n` and edge `i = (i, i+1)`;
//! * the spider `S(l_1, ..., l_k)` has hub `0`; leg `j` (counted from 1)
//!   has vertices `o_j + 1, ..., o_j + l_j` going outward, where
//!   `o_j = l_1 + ... + l_{j-1}`, and edge `o_j + i - 1` joins the `(i-1)`-th
//!   vertex of the leg (the hub for `i = 1`) to the `i`-th, stored inward
//!   first, so its forward arrow points *away from the hub*.

use crate::graph::{EdgeId, Graph, GraphError, Vertex};

/// The path `P_n` with `n >= 1` edges.
pub fn path(n: usize) -> Result<Graph, GraphError> {
    if n == 0 {
        return Err(GraphError::Family("a path needs at least one edge; give n >= 1".into()));
    }
    Ok(Graph::build(n + 1, &(0..n).map(|i| (i, i + 1)).collect::<Vec<_>>()))
}

/// The cycle `C_n` with `n >= 3` edges, vertices `0..n`, edge `i = (i, i+1 mod n)`.
pub fn cycle(n: usize) -> Result<Graph, GraphError> {
    if n < 3 {
        return Err(GraphError::Family("a cycle needs at least 3 edges; give n >= 3".into()));
    }
    Ok(Graph::build(n, &(0..n).map(|i| (i, (i + 1) % n)).collect::<Vec<_>>()))
}

/// The spider with the given leg lengths; legs may be 0 but not all.
pub fn spider(legs: &[usize]) -> Result<Graph, GraphError> {
    Ok(SpiderLayout::new(legs)?.graph())
}

/// The star `K_{1,k}` (the spider with `k` legs of length 1), `k >= 1`.
pub fn star(k: usize) -> Result<Graph, GraphError> {
    if k == 0 {
        return Err(GraphError::Family("a star needs at least one leaf; give k >= 1".into()));
    }
    spider(&vec![1; k])
}

/// The broom: a handle of `handle` edges from vertex 0 to vertex `handle`,
/// with `bristles` leaves at its end. It is the spider `S(handle, 1, ..., 1)`
/// with the hub relabelled to the handle's end.
pub fn broom(handle: usize, bristles: usize) -> Result<Graph, GraphError> {
    if handle + bristles == 0 {
        return Err(GraphError::Family("a broom needs a handle or a bristle; give handle + bristles >= 1".into()));
    }
    let mut edges: Vec<(Vertex, Vertex)> = (0..handle).map(|i| (i, i + 1)).collect();
    edges.extend((0..bristles).map(|j| (handle, handle + 1 + j)));
    Ok(Graph::build(handle + bristles + 1, &edges))
}

/// The caterpillar whose spine is the path `0, 1, ..., s-1` (`s = leaves.len()`)
/// and whose spine vertex `i` carries `leaves[i]` pendant leaves, numbered
/// from `s` upward. Spine edges come first.
pub fn caterpillar(leaves: &[usize]) -> Result<Graph, GraphError> {
    let s = leaves.len();
    if s == 0 || (s == 1 && leaves[0] == 0) {
        return Err(GraphError::Family(
            "a caterpillar needs a spine of at least one vertex and at least one edge; e.g. 2,0,3".into(),
        ));
    }
    let mut edges: Vec<(Vertex, Vertex)> = (0..s - 1).map(|i| (i, i + 1)).collect();
    let mut next = s;
    for (i, &k) in leaves.iter().enumerate() {
        for _ in 0..k {
            edges.push((i, next));
            next += 1;
        }
    }
    Ok(Graph::build(next, &edges))
}

/// Where each leg of a spider lies in the numbering of [`spider`].
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct SpiderLayout {
    legs: Vec<usize>,
    offsets: Vec<usize>,
}

impl SpiderLayout {
    /// The layout of the spider with these legs; legs may be 0 but not all.
    pub fn new(legs: &[usize]) -> Result<SpiderLayout, GraphError> {
        if legs.is_empty() || legs.iter().all(|&l| l == 0) {
            return Err(GraphError::Family(
                "a spider needs at least one leg of positive length; e.g. `spider 4 6 8`".into(),
            ));
        }
        let offsets = legs
            .iter()
            .scan(0, |acc, &l| {
                let o = *acc;
                *acc += l;
                Some(o)
            })
            .collect();
        Ok(SpiderLayout { legs: legs.to_vec(), offsets })
    }

    /// The leg lengths.
    pub fn legs(&self) -> &[usize] {
        &self.legs
    }

    /// The hub, vertex 0.
    pub fn hub(&self) -> Vertex {
        0
    }

    /// The `i`-th vertex of leg `leg` (legs counted from 0, `i` from 1; `i = 0` is the hub).
    pub fn vertex(&self, leg: usize, i: usize) -> Vertex {
        assert!(i <= self.legs[leg]);
        if i == 0 { 0 } else { self.offsets[leg] + i }
    }

    /// The `i`-th edge of leg `leg` (`i` from 1 at the hub to the leg's length at its end).
    pub fn edge(&self, leg: usize, i: usize) -> EdgeId {
        assert!(i >= 1 && i <= self.legs[leg]);
        self.offsets[leg] + i - 1
    }

    /// The leg (from 0) and the position on it (from 1 at the hub) of edge `e`.
    pub fn locate(&self, e: EdgeId) -> (usize, usize) {
        // The last leg starting at or before `e`: legs of length 0 share
        // their offset with the next leg, so they are never chosen.
        let leg = self.offsets.partition_point(|&o| o <= e) - 1;
        (leg, e - self.offsets[leg] + 1)
    }

    /// The spider graph.
    pub fn graph(&self) -> Graph {
        let n: usize = self.legs.iter().sum();
        let mut edges = Vec::with_capacity(n);
        for (j, &l) in self.legs.iter().enumerate() {
            for i in 1..=l {
                edges.push((self.vertex(j, i - 1), self.vertex(j, i)));
            }
        }
        Graph::build(n + 1, &edges)
    }

    /// A name such as `S(4,6,8)`.
    pub fn name(&self) -> String {
        let legs: Vec<String> = self.legs.iter().map(|l| l.to_string()).collect();
        format!("S({})", legs.join(","))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn spider_numbering() {
        let s = SpiderLayout::new(&[2, 0, 3]).unwrap();
        let g = s.graph();
        assert_eq!(g.edge_list(), "0-1,1-2,0-3,3-4,4-5");
        assert_eq!(s.vertex(2, 2), 4);
        assert_eq!(s.edge(2, 1), 2);
        for e in 0..g.edge_count() {
            let (leg, i) = s.locate(e);
            assert_eq!(s.edge(leg, i), e);
        }
        assert_eq!(g.degree(0), 2);
        assert!(spider(&[0, 0]).is_err());
    }

    #[test]
    fn family_shapes() {
        assert_eq!(path(3).unwrap().edge_list(), "0-1,1-2,2-3");
        assert_eq!(cycle(3).unwrap().edge_list(), "0-1,1-2,2-0");
        assert_eq!(star(3).unwrap().degree(0), 3);
        assert_eq!(broom(2, 3).unwrap().degree(2), 4);
        let c = caterpillar(&[1, 0, 2]).unwrap();
        assert_eq!(c.edge_list(), "0-1,1-2,0-3,2-4,2-5");
        assert!(caterpillar(&[0]).is_err());
        assert!(path(0).is_err() && cycle(2).is_err());
    }
}
