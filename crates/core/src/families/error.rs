//! Why a member of a family does not exist.

use crate::decoration::DecorationError;
use crate::rules::Violation;
use crate::size::{GraphSize, number, over_limit};

/// A member of a family of graphs or states that does not exist: a
/// parameter out of the family's range, a member without an edge, one past
/// the size limit every graph is held to, a named decoration that is not a
/// state, or a sweep with no member or too many.
///
/// The family is named in words (`"path"`, `"spider"`, `"rod"`), the member
/// in the paper's notation (`P_0`, `S(0,0)`, `R_0`), so that a front door
/// can word its own advice from the fields.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum FamilyError {
    /// A parameter outside the family's range: the path `P_0` (a path has
    /// at least one edge), the cycle `C_2`, the star `K_1,0`, the rod `R_0`.
    #[error("{member} is not a {family}: its {parameter} is {value}, and a {family} needs {}", range(*least, *most))]
    OutOfRange {
        /// The family, in words.
        family: &'static str,
        /// The member asked for.
        member: String,
        /// The parameter, in words: `number of edges`.
        parameter: &'static str,
        /// The value given.
        value: u64,
        /// The smallest value the family allows.
        least: u64,
        /// The largest value the family allows, when there is one.
        most: Option<u64>,
    },
    /// The parameters name a graph without an edge: a spider whose legs are
    /// all 0, a broom with neither handle nor bristles.
    #[error("{member} has no edge, and a {family} needs {needs}")]
    NoEdge {
        /// The family, in words.
        family: &'static str,
        /// The member asked for.
        member: String,
        /// What the family needs, in words: `a leg of positive length`.
        needs: &'static str,
    },
    /// The parameters name a graph with one edge twice: a theta graph with
    /// two paths of length 1.
    #[error("{member} would have one edge twice, and a {family} needs {needs}")]
    RepeatedEdge {
        /// The family, in words.
        family: &'static str,
        /// The member asked for.
        member: String,
        /// What the family needs, in words: `at most one path of length 1`.
        needs: &'static str,
    },
    /// The member is past the limit every graph is held to
    /// ([`GraphSize::LIMIT`]); its size is exact, never wrapped.
    #[error("{member} would have {}, past the limit of {} a graph may have", over_limit(*size, *limit).0, over_limit(*size, *limit).1)]
    TooLarge {
        /// The family, in words.
        family: &'static str,
        /// The member asked for (long parameter lists shortened with `…`).
        member: String,
        /// The member's size.
        size: GraphSize,
        /// The limit.
        limit: GraphSize,
    },
    /// The decoration a family names is not a state (the crash `C_0`, the
    /// spider decoration `<0^,0^,0^>`).
    #[error("{member} is not a state: {violation}")]
    NotAState {
        /// The member, in the paper's notation.
        member: String,
        /// The sink or source that makes it no state.
        violation: Violation,
    },
    /// The arrows a family names cannot be drawn on its graph.
    #[error("{member} cannot be drawn: {source}")]
    Decoration {
        /// The member, in the paper's notation.
        member: String,
        /// Why its arrows are not a decoration.
        source: DecorationError,
    },
    /// A sweep over a family would hold more members than it can.
    #[error("the sweep of {family} has about {} members, past the {} one sweep may hold", number(*count), number(*limit))]
    TooManyMembers {
        /// The family, in words (plural: `3-legged spiders`).
        family: String,
        /// The number of members, or an upper bound on it.
        count: u128,
        /// The most a sweep holds.
        limit: u128,
    },
    /// A sweep or an input names no member at all.
    #[error("there is no {family} in the range given")]
    NoMembers {
        /// The family, in words (plural).
        family: String,
    },
}

/// `at least 3`, `between 1 and 4`.
fn range(least: u64, most: Option<u64>) -> String {
    match most {
        None => format!("at least {least}"),
        Some(most) => format!("between {least} and {most}"),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::decoration::Arrow;

    #[test]
    fn messages_are_one_line_without_flags() {
        let all = [
            FamilyError::OutOfRange {
                family: "path",
                member: "P_0".into(),
                parameter: "number of edges",
                value: 0,
                least: 1,
                most: None,
            },
            FamilyError::NoEdge { family: "spider", member: "S(0,0)".into(), needs: "a leg of positive length" },
            FamilyError::TooLarge {
                family: "path",
                member: "P_4294967296".into(),
                size: GraphSize::new(4_294_967_297, 4_294_967_296),
                limit: GraphSize::LIMIT,
            },
            FamilyError::RepeatedEdge {
                family: "theta graph",
                member: "theta 1 1 4".into(),
                needs: "at most one path of length 1",
            },
            FamilyError::NotAState { member: "C_0".into(), violation: Violation::Sink(1) },
            FamilyError::Decoration { member: "<1^>".into(), source: DecorationError::NotAnEdge(Arrow::new(0, 5)) },
            FamilyError::TooManyMembers { family: "spiders".into(), count: 60_000_000, limit: 50_000_000 },
            FamilyError::NoMembers { family: "graphs".into() },
        ];
        for e in all {
            let m = e.to_string();
            assert!(!m.contains('\n') && !m.contains("--"), "{m}");
        }
    }

    #[test]
    fn wording() {
        let e = FamilyError::OutOfRange {
            family: "cycle",
            member: "C_2".into(),
            parameter: "number of edges",
            value: 2,
            least: 3,
            most: None,
        };
        assert_eq!(e.to_string(), "C_2 is not a cycle: its number of edges is 2, and a cycle needs at least 3");
        let e = FamilyError::TooLarge {
            family: "path",
            member: "P_4294967296".into(),
            size: GraphSize::new(4_294_967_297, 4_294_967_296),
            limit: GraphSize::LIMIT,
        };
        assert_eq!(
            e.to_string(),
            "P_4294967296 would have 4,294,967,296 edges, past the limit of 1,000,000 edges a graph may have"
        );
        let e = FamilyError::TooManyMembers { family: "spiders".into(), count: 60_000_000, limit: 50_000_000 };
        assert_eq!(
            e.to_string(),
            "the sweep of spiders has about 60,000,000 members, past the 50,000,000 one sweep may hold"
        );
    }
}
