//! Where a graph comes from: a family with its parameters, an edge list, a
//! graph6/sparse6 line, or a file of them.

use clap::{Args, Subcommand};
use std::path::PathBuf;

/// The spider S(l1, ..., lk).
#[derive(Args, Debug, Clone)]
pub struct SpiderSpec {
    /// Leg lengths (any number of legs; a leg may be 0, not all; at most a
    /// million edges in all).
    #[arg(required = true, value_name = "LEG", allow_negative_numbers = true, value_parser = leg)]
    pub legs: Vec<usize>,
}

/// The path P_n.
#[derive(Args, Debug, Clone)]
pub struct PathSpec {
    /// Number of edges (at least 1, at most a million).
    #[arg(value_name = "N", allow_negative_numbers = true, value_parser = edges)]
    pub n: usize,
}

/// The cycle C_n.
#[derive(Args, Debug, Clone)]
pub struct CycleSpec {
    /// Number of edges (at least 3, at most a million).
    #[arg(value_name = "N", allow_negative_numbers = true, value_parser = edges)]
    pub n: usize,
}

/// The star K_{1,k}.
#[derive(Args, Debug, Clone)]
pub struct StarSpec {
    /// Number of leaves (at least 1, at most a million).
    #[arg(value_name = "K", allow_negative_numbers = true, value_parser = leaves)]
    pub k: usize,
}

/// A caterpillar: a spine path with pendant leaves.
#[derive(Args, Debug, Clone)]
pub struct CaterpillarSpec {
    /// Leaves at each spine vertex, comma separated: `2,0,3` is a spine of
    /// three vertices with 2, 0 and 3 leaves (at most a million edges in all).
    #[arg(value_name = "LEAVES", value_delimiter = ',', required = true, allow_negative_numbers = true, value_parser = leaves)]
    pub leaves: Vec<usize>,
}

/// A broom: a handle path with bristles (leaves) at its end.
#[derive(Args, Debug, Clone)]
pub struct BroomSpec {
    /// Edges in the handle.
    #[arg(value_name = "HANDLE", allow_negative_numbers = true, value_parser = handle)]
    pub handle: usize,
    /// Leaves at the end of the handle (handle and bristles at most a million edges in all).
    #[arg(value_name = "BRISTLES", allow_negative_numbers = true, value_parser = bristles)]
    pub bristles: usize,
}

/// Any graph: an edge list, a graph6/sparse6 line, or a file of graphs.
#[derive(Args, Debug, Clone)]
pub struct GraphSpec {
    /// A file with one graph per line (graph6, sparse6 or an edge list;
    /// `#` starts a comment); `-` reads standard input.
    #[arg(value_name = "FILE", conflicts_with_all = ["edges", "graph6"])]
    pub file: Option<PathBuf>,
    /// An edge list, e.g. "0-1,1-2,1-3".
    #[arg(long, value_name = "EDGES", conflicts_with = "graph6", allow_hyphen_values = true)]
    pub edges: Option<String>,
    /// One graph6 or sparse6 line, e.g. "DQc" or ":An".
    #[arg(long, value_name = "LINE", allow_hyphen_values = true)]
    pub graph6: Option<String>,
}

/// A graph source as a subcommand (used by `arrows trim`).
#[derive(Subcommand, Debug, Clone)]
pub enum SourceCommand {
    /// The spider S(l1,...,lk).
    Spider(SpiderSpec),
    /// The path P_n.
    Path(PathSpec),
    /// The cycle C_n.
    Cycle(CycleSpec),
    /// The star K_{1,k}.
    Star(StarSpec),
    /// A caterpillar.
    Caterpillar(CaterpillarSpec),
    /// A broom.
    Broom(BroomSpec),
    /// Any graph, from an edge list, a graph6 line or a file.
    Graph(GraphSpec),
}

/// Reads a leg length.
fn leg(text: &str) -> Result<usize, String> {
    whole_number(text, "leg lengths")
}

/// Reads a number of edges.
fn edges(text: &str) -> Result<usize, String> {
    whole_number(text, "numbers of edges")
}

/// Reads a number of leaves.
fn leaves(text: &str) -> Result<usize, String> {
    whole_number(text, "numbers of leaves")
}

/// Reads the length of a broom's handle.
fn handle(text: &str) -> Result<usize, String> {
    whole_number(text, "handle lengths")
}

/// Reads a number of bristles.
fn bristles(text: &str) -> Result<usize, String> {
    whole_number(text, "numbers of bristles")
}

/// Reads a non-negative integer; `what` names the kind of number in the
/// refusal: "leg lengths are non-negative integers".
fn whole_number(text: &str, what: &str) -> Result<usize, String> {
    let t = text.trim();
    let digits = |s: &str| !s.is_empty() && s.bytes().all(|b| b.is_ascii_digit());
    if let Some(t) = Some(t.strip_prefix('+').unwrap_or(t)).filter(|t| digits(t)) {
        return t.parse().map_err(|_| {
            format!(
                "{what} past {} cannot be read, and a graph has at most {} edges",
                usize::MAX,
                arrows_core::MAX_EDGES
            )
        });
    }
    match t.strip_prefix('-') {
        Some(rest) if digits(rest) => Err(format!("{what} are non-negative integers")),
        _ => Err(format!("{what} are non-negative integers, such as 4")),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn numbers_name_their_kind() {
        assert_eq!(leg("4"), Ok(4));
        assert_eq!(leg(" 7 "), Ok(7));
        assert_eq!(leg("-1"), Err("leg lengths are non-negative integers".into()));
        assert_eq!(edges("x"), Err("numbers of edges are non-negative integers, such as 4".into()));
        assert_eq!(leaves("+3"), Ok(3));
        assert_eq!(leaves("3.5"), Err("numbers of leaves are non-negative integers, such as 4".into()));
        assert!(handle("18446744073709551616").unwrap_err().contains("past 18446744073709551615"));
        assert_eq!(bristles("18446744073709551615"), Ok(usize::MAX));
    }
}
