//! Where a graph comes from: a family with its parameters, an edge list, a
//! graph6/sparse6 line, or a file of them.

use clap::{Args, Subcommand};
use std::path::PathBuf;

/// The spider S(l1, ..., lk).
#[derive(Args, Debug, Clone)]
pub struct SpiderSpec {
    /// Leg lengths (any number of legs; a leg may be 0, not all).
    #[arg(required = true, value_name = "LEG")]
    pub legs: Vec<usize>,
}

/// The path P_n.
#[derive(Args, Debug, Clone)]
pub struct PathSpec {
    /// Number of edges (at least 1).
    #[arg(value_name = "N")]
    pub n: usize,
}

/// The cycle C_n.
#[derive(Args, Debug, Clone)]
pub struct CycleSpec {
    /// Number of edges (at least 3).
    #[arg(value_name = "N")]
    pub n: usize,
}

/// The star K_{1,k}.
#[derive(Args, Debug, Clone)]
pub struct StarSpec {
    /// Number of leaves (at least 1).
    #[arg(value_name = "K")]
    pub k: usize,
}

/// A caterpillar: a spine path with pendant leaves.
#[derive(Args, Debug, Clone)]
pub struct CaterpillarSpec {
    /// Leaves at each spine vertex, comma separated: `2,0,3` is a spine of
    /// three vertices with 2, 0 and 3 leaves.
    #[arg(value_name = "LEAVES", value_delimiter = ',', required = true)]
    pub leaves: Vec<usize>,
}

/// A broom: a handle path with bristles (leaves) at its end.
#[derive(Args, Debug, Clone)]
pub struct BroomSpec {
    /// Edges in the handle.
    #[arg(value_name = "HANDLE")]
    pub handle: usize,
    /// Leaves at the end of the handle.
    #[arg(value_name = "BRISTLES")]
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
    #[arg(long, value_name = "EDGES", conflicts_with = "graph6")]
    pub edges: Option<String>,
    /// One graph6 or sparse6 line, e.g. "DQc" or ":An".
    #[arg(long, value_name = "LINE")]
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
