//! Where a graph comes from: a family with its parameters, an edge list, a
//! graph6/sparse6 line, or a file of them.

use clap::{Args, Subcommand};
use std::path::PathBuf;

/// The spider S(l1, ..., lk).
#[derive(Args, Debug, Clone)]
pub struct SpiderSpec {
    /// Leg lengths, any number of legs.
    ///
    /// A leg may be 0, not all; at most a million edges in all.
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
    /// Leaves at each spine vertex, comma separated, e.g. 2,0,3.
    ///
    /// `2,0,3` is a spine of three vertices with 2, 0 and 3 leaves (at most
    /// a million edges in all).
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
    /// A file with one graph per line; `-` reads standard input.
    ///
    /// Each line is graph6, sparse6 or an edge list; `#` starts a comment.
    #[arg(value_name = "FILE", conflicts_with_all = ["edges", "graph6"])]
    pub file: Option<PathBuf>,
    /// An edge list, e.g. "0-1,1-2,1-3".
    #[arg(long, value_name = "EDGES", conflicts_with = "graph6", allow_hyphen_values = true)]
    pub edges: Option<String>,
    /// One graph6 or sparse6 line, e.g. "DQc" or ":An".
    #[arg(long, value_name = "LINE", allow_hyphen_values = true)]
    pub graph6: Option<String>,
    #[command(flatten)]
    pub plane: PlaneOpts,
}

/// The cells of a plane graph given with the graph (for `--cycles`).
#[derive(Args, Debug, Clone)]
pub struct PlaneOpts {
    /// The cycle cells as vertex walks, e.g. "0-1-2;0-2-3".
    #[arg(long, value_name = "WALKS", conflicts_with = "positions", long_help = cells_help())]
    pub cells: Option<String>,
    /// A straight-line drawing, e.g. "0:0,0;1:1,0;2:0,1"; its faces are the cells.
    ///
    /// Positions are "VERTEX:X,Y" separated by ';', or @FILE (one entry per
    /// line): the cells are its bounded faces, each the cycle around the face (a tree drawn
    /// inside a face is not part of its cell, as for --cells). A drawing
    /// with crossing edges is refused.
    #[arg(long, value_name = "POINTS", allow_hyphen_values = true)]
    pub positions: Option<String>,
}

/// The long help of `--cells`: what is checked, as the library says it.
fn cells_help() -> String {
    format!(
        "The cycle cells, each as its boundary walk of vertices, separated by ';', e.g. \"0-1-2;0-2-3\" \
         (the last vertex joins the first). A cell is the cycle around a bounded face: a tree drawn inside \
         the face (a dangling edge, say) lies on no cycle and can never be part of a directed cycle, so a walk \
         that goes around it, walking its edges there and back as the face's boundary does (\"0-1-2-0-4\" for \
         the triangle 0-1-2 with the edge 0-4 inside), gives the triangle alone, as --positions does with the \
         same face; what is left must be one cycle. {}",
        arrows_core::plane::CELL_CHECKS
    )
}

/// The wheel with N spokes.
#[derive(Args, Debug, Clone)]
pub struct WheelSpec {
    /// Number of spokes (at least 3): hub 0, rim 1..=N, N triangular cells.
    #[arg(value_name = "N", allow_negative_numbers = true, value_parser = parameter)]
    pub n: usize,
}

/// The fan: a path on N vertices joined to a hub.
#[derive(Args, Debug, Clone)]
pub struct FanSpec {
    /// Vertices on the path (at least 2): hub 0, path 1..=N, N-1 triangular cells.
    #[arg(value_name = "N", allow_negative_numbers = true, value_parser = parameter)]
    pub n: usize,
}

/// The theta graph: two poles joined by three paths.
#[derive(Args, Debug, Clone)]
pub struct ThetaSpec {
    /// Edges on the first path (poles 0 and 1).
    #[arg(value_name = "A", allow_negative_numbers = true, value_parser = parameter)]
    pub a: usize,
    /// Edges on the middle path (it lies between the other two).
    #[arg(value_name = "B", allow_negative_numbers = true, value_parser = parameter)]
    pub b: usize,
    /// Edges on the third path.
    #[arg(value_name = "C", allow_negative_numbers = true, value_parser = parameter)]
    pub c: usize,
}

/// The grid of M x N vertices.
#[derive(Args, Debug, Clone)]
pub struct GridSpec {
    /// Rows of vertices (at least 2).
    #[arg(value_name = "M", allow_negative_numbers = true, value_parser = parameter)]
    pub m: usize,
    /// Columns of vertices (at least 2).
    #[arg(value_name = "N", allow_negative_numbers = true, value_parser = parameter)]
    pub n: usize,
}

/// The ladder with N rungs (the 2 x N grid).
#[derive(Args, Debug, Clone)]
pub struct LadderSpec {
    /// Rungs (at least 2).
    #[arg(value_name = "N", allow_negative_numbers = true, value_parser = parameter)]
    pub n: usize,
}

/// The prism over an N-cycle.
#[derive(Args, Debug, Clone)]
pub struct PrismSpec {
    /// Vertices on each of its two cycles (at least 3).
    #[arg(value_name = "N", allow_negative_numbers = true, value_parser = parameter)]
    pub n: usize,
}

/// K4 as a plane graph.
#[derive(Args, Debug, Clone)]
pub struct K4Spec {}

/// A board file of the Game of Cycles.
#[derive(Args, Debug, Clone)]
pub struct BoardSpec {
    /// The board file (`-` reads standard input); examples/boards/ has some.
    ///
    /// A name on line 1; `V E` on line 2; `EDGES`, then one `U V` line per
    /// edge (edge i is line i, oriented U>V); `CYCLES`, then one cell per
    /// line as signed edge numbers walked around it, e.g. `+0 +1 -2`. A
    /// cell's signed edges may come in any order (it is the set of them, as
    /// existing Game of Cycles solvers read it); an edge given both ways (a
    /// tree inside the face) is left out; what is left must be one cycle.
    #[arg(value_name = "FILE")]
    pub file: PathBuf,
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

/// Reads a plane family's parameter.
fn parameter(text: &str) -> Result<usize, String> {
    whole_number(text, "family parameters")
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
