//! Where each leg of a spider lies in the numbering of [`spider`](super::spider).

use super::FamilyError;
use super::member::Member;
use crate::graph::{EdgeId, Graph, Vertex};
use crate::size::GraphSize;

/// Where each leg of a spider lies in the numbering of [`spider`](super::spider).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct SpiderLayout {
    legs: Vec<usize>,
    offsets: Vec<usize>,
}

impl SpiderLayout {
    /// The layout of the spider with these legs; legs may be 0 but not all,
    /// and the spider must be within [`GraphSize::LIMIT`].
    pub fn new(legs: &[usize]) -> Result<SpiderLayout, FamilyError> {
        Member::Spider { legs: legs.to_vec() }.size()?;
        // Within the limit, so no sum below overflows.
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

    /// The spider's size: one vertex more than its edges.
    pub fn size(&self) -> GraphSize {
        let edges: usize = self.legs.iter().sum();
        GraphSize::new(edges as u128 + 1, edges as u128)
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
        Member::Spider { legs: self.legs.clone() }.name()
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
        assert_eq!(s.size(), g.size());
        assert_eq!(s.name(), "S(2,0,3)");
        assert!(SpiderLayout::new(&[0, 0]).is_err());
        assert!(matches!(SpiderLayout::new(&[usize::MAX, 1]), Err(FamilyError::TooLarge { .. })));
    }
}
