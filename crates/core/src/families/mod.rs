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
//!
//! Every family is held to one limit, [`GraphSize::LIMIT`](crate::GraphSize::LIMIT)
//! (a million edges): a [`Member`] counts its vertices and edges, with
//! arithmetic that cannot overflow, before anything is allocated, and a
//! member that does not exist or is too large is a [`FamilyError`].

mod error;
mod member;
mod spider;

pub use error::FamilyError;
pub use member::Member;
pub use spider::SpiderLayout;

use crate::graph::Graph;

/// The path `P_n` with `n >= 1` edges.
pub fn path(n: usize) -> Result<Graph, FamilyError> {
    Member::Path { edges: n }.graph()
}

/// The cycle `C_n` with `n >= 3` edges, vertices `0..n`, edge `i = (i, i+1 mod n)`.
pub fn cycle(n: usize) -> Result<Graph, FamilyError> {
    Member::Cycle { edges: n }.graph()
}

/// The spider with the given leg lengths; legs may be 0 but not all.
pub fn spider(legs: &[usize]) -> Result<Graph, FamilyError> {
    Ok(SpiderLayout::new(legs)?.graph())
}

/// The star `K_{1,k}` (the spider with `k` legs of length 1), `k >= 1`.
pub fn star(k: usize) -> Result<Graph, FamilyError> {
    Member::Star { leaves: k }.graph()
}

/// The broom: a handle of `handle` edges from vertex 0 to vertex `handle`,
/// with `bristles` leaves at its end. It is the spider `S(handle, 1, ..., 1)`
/// with the hub relabelled to the handle's end.
pub fn broom(handle: usize, bristles: usize) -> Result<Graph, FamilyError> {
    Member::Broom { handle, bristles }.graph()
}

/// The caterpillar whose spine is the path `0, 1, ..., s-1` (`s = leaves.len()`)
/// and whose spine vertex `i` carries `leaves[i]` pendant leaves, numbered
/// from `s` upward. Spine edges come first.
pub fn caterpillar(leaves: &[usize]) -> Result<Graph, FamilyError> {
    Member::Caterpillar { leaves: leaves.to_vec() }.graph()
}

#[cfg(test)]
mod tests {
    use super::*;

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
        assert!(spider(&[0, 0]).is_err());
    }
}
