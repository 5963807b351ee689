//! A member of a family named by its parameters, sized before it is built.

use super::FamilyError;
use crate::graph::{Graph, GraphError, Vertex, check_budget};
use crate::size::GraphSize;
use arrows_work::Budget;
use serde::{Deserialize, Serialize};

/// A member of one of the graph families, named by its parameters.
///
/// [`Member::size`] checks the parameters and counts the vertices and edges
/// with arithmetic that cannot overflow, before anything is allocated;
/// [`Member::graph`] builds the graph only after that check, and
/// [`Member::graph_within`] also checks the graph's memory against a budget.
/// Every family is held to the one limit of [`GraphSize::LIMIT`].
#[derive(Debug, Clone, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(tag = "family", rename_all = "lowercase")]
pub enum Member {
    /// The path `P_n`: `edges >= 1` edges, vertices `0..=edges`.
    Path {
        /// Number of edges.
        edges: usize,
    },
    /// The cycle `C_n`: `edges >= 3` edges, vertices `0..edges`.
    Cycle {
        /// Number of edges.
        edges: usize,
    },
    /// The spider `S(l_1, ..., l_k)`: legs may be 0, not all.
    Spider {
        /// The leg lengths.
        legs: Vec<usize>,
    },
    /// The star `K_{1,k}`, `leaves >= 1`.
    Star {
        /// Number of leaves.
        leaves: usize,
    },
    /// The broom: a handle path with bristles at its end, `handle + bristles >= 1`.
    Broom {
        /// Edges in the handle.
        handle: usize,
        /// Leaves at the end of the handle.
        bristles: usize,
    },
    /// The caterpillar: a spine path whose vertex `i` carries `leaves[i]` leaves.
    Caterpillar {
        /// Leaves at each spine vertex.
        leaves: Vec<usize>,
    },
}

/// Parameter lists longer than this are shortened in messages.
const SHOWN: usize = 8;

impl Member {
    /// The family, in words: `path`, `spider`, ...
    pub fn family(&self) -> &'static str {
        match self {
            Member::Path { .. } => "path",
            Member::Cycle { .. } => "cycle",
            Member::Spider { .. } => "spider",
            Member::Star { .. } => "star",
            Member::Broom { .. } => "broom",
            Member::Caterpillar { .. } => "caterpillar",
        }
    }

    /// The member's name: `P_5`, `C_5`, `S(4,6,8)`, `K_1,6`, `broom(4,3)`, `caterpillar(2,0,3)`.
    pub fn name(&self) -> String {
        self.named(usize::MAX)
    }

    /// The name with long parameter lists shortened: `S(1,1,1,1,1,1,1,1,… 1000 legs)`.
    fn short_name(&self) -> String {
        self.named(SHOWN)
    }

    fn named(&self, shown: usize) -> String {
        let list = |v: &[usize], noun: &str| {
            let mut parts: Vec<String> = v.iter().take(shown).map(usize::to_string).collect();
            if v.len() > shown {
                parts.push(format!("… {} {noun}", v.len()));
            }
            parts.join(",")
        };
        match self {
            Member::Path { edges } => format!("P_{edges}"),
            Member::Cycle { edges } => format!("C_{edges}"),
            Member::Spider { legs } => format!("S({})", list(legs, "legs")),
            Member::Star { leaves } => format!("K_1,{leaves}"),
            Member::Broom { handle, bristles } => format!("broom({handle},{bristles})"),
            Member::Caterpillar { leaves } => format!("caterpillar({})", list(leaves, "spine vertices")),
        }
    }

    /// Checks the parameters and counts the member's vertices and edges,
    /// refusing a member that does not exist or is past [`GraphSize::LIMIT`].
    pub fn size(&self) -> Result<GraphSize, FamilyError> {
        let family = self.family();
        let below = |parameter, value: usize, least| FamilyError::OutOfRange {
            family,
            member: self.short_name(),
            parameter,
            value: value as u64,
            least,
            most: None,
        };
        let no_edge = |needs| FamilyError::NoEdge { family, member: self.short_name(), needs };
        let sum = |v: &[usize]| v.iter().fold(0u128, |acc, &x| acc.saturating_add(x as u128));
        let size = match self {
            Member::Path { edges: 0 } => return Err(below("number of edges", 0, 1)),
            &Member::Path { edges } => GraphSize::new(edges as u128 + 1, edges as u128),
            &Member::Cycle { edges } if edges < 3 => return Err(below("number of edges", edges, 3)),
            &Member::Cycle { edges } => GraphSize::new(edges as u128, edges as u128),
            Member::Spider { legs } => match sum(legs) {
                0 => return Err(no_edge("a leg of positive length")),
                edges => GraphSize::new(edges.saturating_add(1), edges),
            },
            Member::Star { leaves: 0 } => return Err(below("number of leaves", 0, 1)),
            &Member::Star { leaves } => GraphSize::new(leaves as u128 + 1, leaves as u128),
            &Member::Broom { handle, bristles } => match handle as u128 + bristles as u128 {
                0 => return Err(no_edge("a handle or a bristle")),
                edges => GraphSize::new(edges + 1, edges),
            },
            Member::Caterpillar { leaves } => {
                let spine = leaves.len() as u128;
                let pendant = sum(leaves);
                match (spine.saturating_sub(1)).saturating_add(pendant) {
                    0 => return Err(no_edge("a spine of two vertices or a leaf")),
                    edges => GraphSize::new(spine.saturating_add(pendant), edges),
                }
            }
        };
        if !size.within_limit() {
            return Err(FamilyError::TooLarge { family, member: self.short_name(), size, limit: GraphSize::LIMIT });
        }
        Ok(size)
    }

    /// The member's graph, after [`Member::size`] has checked it.
    pub fn graph(&self) -> Result<Graph, FamilyError> {
        let size = self.size()?;
        // Within the limit: every count below fits in a usize.
        let n = size.vertices as usize;
        let edges: Vec<(Vertex, Vertex)> = match self {
            Member::Path { edges } => (0..*edges).map(|i| (i, i + 1)).collect(),
            Member::Cycle { edges } => (0..*edges).map(|i| (i, (i + 1) % edges)).collect(),
            Member::Spider { legs } => return Ok(super::SpiderLayout::new(legs)?.graph()),
            Member::Star { leaves } => return Ok(super::SpiderLayout::new(&vec![1; *leaves])?.graph()),
            &Member::Broom { handle, bristles } => {
                (0..handle).map(|i| (i, i + 1)).chain((0..bristles).map(|j| (handle, handle + 1 + j))).collect()
            }
            Member::Caterpillar { leaves } => {
                let s = leaves.len();
                let mut edges: Vec<(Vertex, Vertex)> = (0..s - 1).map(|i| (i, i + 1)).collect();
                let mut next = s;
                for (i, &k) in leaves.iter().enumerate() {
                    edges.extend((next..next + k).map(|leaf| (i, leaf)));
                    next += k;
                }
                edges
            }
        };
        Ok(Graph::build(n, &edges))
    }

    /// The member's graph, refused when it does not exist, is past the
    /// limit, or would need more memory than `budget`.
    pub fn graph_within(&self, budget: Budget) -> Result<Graph, GraphError> {
        check_budget(self.size()?, budget)?;
        Ok(self.graph()?)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn sizes_are_counted_before_building() {
        for m in [
            Member::Path { edges: 4 },
            Member::Cycle { edges: 5 },
            Member::Spider { legs: vec![2, 0, 3] },
            Member::Star { leaves: 4 },
            Member::Broom { handle: 0, bristles: 3 },
            Member::Broom { handle: 3, bristles: 0 },
            Member::Caterpillar { leaves: vec![1, 0, 2] },
            Member::Caterpillar { leaves: vec![3] },
            Member::Caterpillar { leaves: vec![0, 0] },
        ] {
            let g = m.graph().unwrap();
            assert_eq!(m.size().unwrap(), g.size(), "{}", m.name());
            assert_eq!(g.isolated_count(), 0, "{}", m.name());
        }
    }

    #[test]
    fn members_that_do_not_exist() {
        for m in [
            Member::Path { edges: 0 },
            Member::Cycle { edges: 2 },
            Member::Star { leaves: 0 },
            Member::Spider { legs: vec![] },
            Member::Spider { legs: vec![0, 0] },
            Member::Broom { handle: 0, bristles: 0 },
            Member::Caterpillar { leaves: vec![] },
            Member::Caterpillar { leaves: vec![0] },
        ] {
            let e = m.size().unwrap_err();
            assert!(matches!(e, FamilyError::OutOfRange { .. } | FamilyError::NoEdge { .. }), "{e}");
        }
    }

    #[test]
    fn the_limit_holds_for_every_family_without_overflow() {
        let max = crate::size::MAX_EDGES;
        assert!(Member::Path { edges: max }.size().is_ok());
        assert!(Member::Spider { legs: vec![max / 2, max / 2] }.size().is_ok());
        for m in [
            Member::Path { edges: max + 1 },
            Member::Path { edges: usize::MAX },
            Member::Cycle { edges: usize::MAX },
            Member::Spider { legs: vec![usize::MAX, usize::MAX, usize::MAX] },
            Member::Star { leaves: usize::MAX },
            Member::Broom { handle: usize::MAX, bristles: usize::MAX },
            Member::Caterpillar { leaves: vec![usize::MAX, usize::MAX] },
            Member::Spider { legs: vec![1; max + 1] },
        ] {
            match m.size() {
                Err(FamilyError::TooLarge { size, .. }) => assert!(size.edges > max as u128, "{}", m.name()),
                other => panic!("{}: {other:?}", m.name()),
            }
        }
        // Exact sizes, past u64: a path of usize::MAX edges has 2^64 vertices.
        let Err(FamilyError::TooLarge { size, member, .. }) = Member::Path { edges: usize::MAX }.size() else {
            unreachable!()
        };
        assert_eq!((size.vertices, member.as_str()), (1 << 64, "P_18446744073709551615"));
        let Err(FamilyError::TooLarge { member, .. }) = Member::Spider { legs: vec![1; max + 1] }.size() else {
            unreachable!()
        };
        assert_eq!(member, "S(1,1,1,1,1,1,1,1,… 1000001 legs)");
    }

    #[test]
    fn budgets_are_checked_before_building() {
        let e = Member::Path { edges: 100_000 }.graph_within(Budget::bytes(1 << 20)).unwrap_err();
        assert!(matches!(e, GraphError::OverBudget { budget: 1048576, .. }), "{e}");
        assert!(Member::Path { edges: 1000 }.graph_within(Budget::bytes(1 << 20)).is_ok());
    }

    #[test]
    fn members_serialize_with_their_family() {
        let m = Member::Spider { legs: vec![4, 6, 8] };
        let json = serde_json::to_string(&m).unwrap();
        assert_eq!(json, r#"{"family":"spider","legs":[4,6,8]}"#);
        assert_eq!(serde_json::from_str::<Member>(&json).unwrap(), m);
    }
}
