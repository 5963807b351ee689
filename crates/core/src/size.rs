//! How large a graph may be, and the memory it takes, known before it is built.
//!
//! Every graph, from a family or from text, is held to one limit
//! ([`GraphSize::LIMIT`]: a million edges and two million vertices, isolated
//! vertices included), checked with arithmetic that cannot overflow before
//! anything is allocated. [`GraphSize::bytes`] estimates the memory of a
//! [`Graph`](crate::Graph) from its vertex and edge counts alone, so a front
//! door can compare it with a memory budget before the graph exists.

use arrows_work::{Budget, OverBudget};
use serde::{Deserialize, Serialize};
use std::fmt;

/// The most edges a graph may have.
pub const MAX_EDGES: usize = 1_000_000;

/// The most vertices a graph may have, isolated vertices included (a
/// matching of [`MAX_EDGES`] edges has twice as many vertices).
pub const MAX_VERTICES: usize = 2 * MAX_EDGES;

/// The number of vertices and edges of a graph, counted before it is built.
///
/// The counts are `u128` so that the size of any member of a family whose
/// parameters are `usize` (a path of `usize::MAX` edges has `2^64` vertices)
/// is exact, never wrapped or truncated.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
pub struct GraphSize {
    /// Number of vertices, isolated vertices included.
    pub vertices: u128,
    /// Number of edges.
    pub edges: u128,
}

/// Bytes of the graph per vertex: the petgraph node (8), the vertex's
/// offset into the incidence array (8), and its fill cursor while the
/// graph is built (8).
const BYTES_PER_VERTEX: u128 = 24;

/// Bytes of the graph per edge: the petgraph edge (16), its ends (16), its
/// two incidence entries (32), the list of edges it is built from (16), and
/// the sorted copy the validation of a graph read from outside holds while
/// it looks for repeated edges (24).
const BYTES_PER_EDGE: u128 = 104;

/// Fixed bytes of a graph: the headers of its vectors, and slack.
const BYTES_FIXED: u128 = 256;

impl GraphSize {
    /// The limit every graph is held to: [`MAX_VERTICES`] and [`MAX_EDGES`].
    pub const LIMIT: GraphSize = GraphSize { vertices: MAX_VERTICES as u128, edges: MAX_EDGES as u128 };

    /// The size of a graph with these counts.
    pub fn new(vertices: u128, edges: u128) -> GraphSize {
        GraphSize { vertices, edges }
    }

    /// `true` when neither count is past [`GraphSize::LIMIT`].
    pub fn within_limit(self) -> bool {
        self.vertices <= GraphSize::LIMIT.vertices && self.edges <= GraphSize::LIMIT.edges
    }

    /// An upper estimate of the bytes a [`Graph`](crate::Graph) of this size
    /// holds, counting the peak while it is built and validated; saturates
    /// at `u64::MAX`.
    pub fn bytes(self) -> u64 {
        let b = self
            .vertices
            .saturating_mul(BYTES_PER_VERTEX)
            .saturating_add(self.edges.saturating_mul(BYTES_PER_EDGE))
            .saturating_add(BYTES_FIXED);
        u64::try_from(b).unwrap_or(u64::MAX)
    }

    /// `Err(OverBudget)` when the graph's [`bytes`](GraphSize::bytes) do not fit in `budget`.
    pub fn check_budget(self, budget: Budget) -> Result<(), OverBudget> {
        budget.check(self.bytes())
    }
}

impl fmt::Display for GraphSize {
    /// `5 vertices and 4 edges`, with thousands separators.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{} and {}", counted(self.vertices, "vertex|vertices"), counted(self.edges, "edge"))
    }
}

/// The count past the limit and the limit it passes: the edges when they
/// are past it (the vertices then matter less), else the vertices.
pub(crate) fn over_limit(size: GraphSize, limit: GraphSize) -> (String, String) {
    if size.edges > limit.edges || size.vertices <= limit.vertices {
        (counted(size.edges, "edge"), counted(limit.edges, "edge"))
    } else {
        (counted(size.vertices, "vertex|vertices"), counted(limit.vertices, "vertex|vertices"))
    }
}

/// A count and its noun (`2 edges`, `1 vertex`), for counts that may pass `u64`.
pub(crate) fn counted(n: u128, noun: &str) -> String {
    match u64::try_from(n) {
        Ok(n) => arrows_text::count(n, noun),
        Err(_) => {
            let plural = noun.split_once('|').map_or_else(|| format!("{noun}s"), |(_, many)| many.to_string());
            format!("{} {plural}", number(n))
        }
    }
}

/// A number with thousands separators, for numbers that may pass `u64`.
pub(crate) fn number(n: u128) -> String {
    arrows_text::thousands(n)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_limit_and_its_edges() {
        assert!(GraphSize::new(1_000_001, 1_000_000).within_limit());
        assert!(GraphSize::LIMIT.within_limit());
        assert!(!GraphSize::new(1_000_002, 1_000_001).within_limit());
        assert!(!GraphSize::new(2_000_001, 3).within_limit());
        assert!(!GraphSize::new(u128::MAX, u128::MAX).within_limit());
    }

    #[test]
    fn bytes_saturate_and_grow_with_both_counts() {
        assert_eq!(GraphSize::new(u128::MAX, 0).bytes(), u64::MAX);
        let small = GraphSize::new(10, 9).bytes();
        assert!(small < GraphSize::new(11, 9).bytes() && small < GraphSize::new(10, 10).bytes());
        assert!(GraphSize::new(10, 9).check_budget(Budget::bytes(1 << 20)).is_ok());
        let over = GraphSize::LIMIT.check_budget(Budget::bytes(1 << 20)).unwrap_err();
        assert_eq!(over.needed, GraphSize::LIMIT.bytes());
    }

    #[test]
    fn sizes_read_as_counted_nouns() {
        assert_eq!(GraphSize::new(1, 0).to_string(), "1 vertex and 0 edges");
        assert_eq!(GraphSize::new(1_000_001, 1_000_000).to_string(), "1,000,001 vertices and 1,000,000 edges");
        let huge = GraphSize::new(u64::MAX as u128 + 1, u64::MAX as u128);
        assert_eq!(huge.to_string(), "18,446,744,073,709,551,616 vertices and 18,446,744,073,709,551,615 edges");
    }
}
