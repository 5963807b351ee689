//! Where graphs come from: a family with its parameters, an edge list, a
//! graph6/sparse6 line, or a file of them (one per line, `-` for stdin).

use crate::error::{CliError, CliResult};
use arrows_core::{Graph, GraphError, SpiderLayout, families, formats};
use clap::{Args, Subcommand};
use std::io::BufRead;
use std::path::{Path, PathBuf};

/// A graph with a name to print, and its spider layout when it is a spider.
pub struct Named {
    /// `S(4,6,8)`, `P_5`, the graph6 string, ...
    pub name: String,
    /// The graph.
    pub graph: Graph,
    /// Leg coordinates, for spiders.
    pub spider: Option<SpiderLayout>,
    /// Line of the input file, for graphs read from a file.
    pub line: Option<usize>,
}

impl Named {
    fn new(name: String, graph: Graph) -> Named {
        Named { name, graph, spider: None, line: None }
    }
}

/// Turns a graph error into a one-line usage error.
pub fn graph_error(e: GraphError) -> CliError {
    CliError::usage(e.to_string())
}

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

impl SourceCommand {
    /// Calls `each` on every graph of the source, in order; stops at the first error.
    pub fn for_each(&self, each: impl FnMut(Named) -> CliResult) -> CliResult {
        match self {
            SourceCommand::Spider(s) => s.for_each(each),
            SourceCommand::Path(s) => s.for_each(each),
            SourceCommand::Cycle(s) => s.for_each(each),
            SourceCommand::Star(s) => s.for_each(each),
            SourceCommand::Caterpillar(s) => s.for_each(each),
            SourceCommand::Broom(s) => s.for_each(each),
            SourceCommand::Graph(s) => s.for_each(each),
        }
    }
}

/// Something that yields graphs.
pub trait Source {
    /// Calls `each` on every graph, in order; stops at the first error.
    fn for_each(&self, each: impl FnMut(Named) -> CliResult) -> CliResult;
}

/// Runs `each` on the single graph built by `make`.
fn one(make: Result<Named, GraphError>, mut each: impl FnMut(Named) -> CliResult) -> CliResult {
    each(make.map_err(graph_error)?)
}

impl Source for SpiderSpec {
    fn for_each(&self, each: impl FnMut(Named) -> CliResult) -> CliResult {
        one(
            SpiderLayout::new(&self.legs).map(|s| Named {
                name: s.name(),
                graph: s.graph(),
                spider: Some(s),
                line: None,
            }),
            each,
        )
    }
}

impl Source for PathSpec {
    fn for_each(&self, each: impl FnMut(Named) -> CliResult) -> CliResult {
        one(families::path(self.n).map(|g| Named::new(format!("P_{}", self.n), g)), each)
    }
}

impl Source for CycleSpec {
    fn for_each(&self, each: impl FnMut(Named) -> CliResult) -> CliResult {
        one(families::cycle(self.n).map(|g| Named::new(format!("C_{}", self.n), g)), each)
    }
}

impl Source for StarSpec {
    fn for_each(&self, each: impl FnMut(Named) -> CliResult) -> CliResult {
        one(families::star(self.k).map(|g| Named::new(format!("K_1,{}", self.k), g)), each)
    }
}

impl Source for CaterpillarSpec {
    fn for_each(&self, each: impl FnMut(Named) -> CliResult) -> CliResult {
        let list: Vec<String> = self.leaves.iter().map(|l| l.to_string()).collect();
        let name = format!("caterpillar({})", list.join(","));
        one(families::caterpillar(&self.leaves).map(|g| Named::new(name, g)), each)
    }
}

impl Source for BroomSpec {
    fn for_each(&self, each: impl FnMut(Named) -> CliResult) -> CliResult {
        let name = format!("broom({},{})", self.handle, self.bristles);
        one(families::broom(self.handle, self.bristles).map(|g| Named::new(name, g)), each)
    }
}

impl Source for GraphSpec {
    fn for_each(&self, mut each: impl FnMut(Named) -> CliResult) -> CliResult {
        if let Some(e) = &self.edges {
            let g = formats::parse_edge_list(e).map_err(graph_error)?;
            return each(Named::new(g.edge_list(), g));
        }
        if let Some(line) = &self.graph6 {
            let g = formats::parse_graph_line(line).map_err(graph_error)?;
            return each(Named::new(line.trim().to_string(), g));
        }
        let Some(path) = &self.file else {
            return Err(CliError::usage(
                "no graph given; pass --edges \"0-1,1-2\", --graph6 LINE, or a FILE (- for standard input)",
            ));
        };
        let mut count = 0;
        for_each_graph_line(path, |line, text, g| {
            count += 1;
            each(Named { name: text.to_string(), graph: g, spider: None, line: Some(line) })
        })?;
        if count == 0 {
            return Err(CliError::usage(format!("{} holds no graph; give one graph per line", path.display())));
        }
        Ok(())
    }
}

/// Calls `each` with the line number, the text and the graph of every graph
/// line of `path` (`-` is standard input), one graph per line in graph6,
/// sparse6 or edge-list form; blank lines and `#` comments are skipped. A
/// line that is not a graph stops the reading with an error naming it.
pub fn for_each_graph_line(path: &Path, mut each: impl FnMut(usize, &str, Graph) -> CliResult) -> CliResult {
    let reader: Box<dyn BufRead> = if path.as_os_str() == "-" {
        Box::new(std::io::stdin().lock())
    } else {
        let f = std::fs::File::open(path)
            .map_err(|e| CliError::usage(format!("cannot open {}: {e}; check the path", path.display())))?;
        Box::new(std::io::BufReader::new(f))
    };
    for (i, line) in reader.lines().enumerate() {
        let line = line?;
        let t = line.trim();
        if t.is_empty() || t.starts_with('#') {
            continue;
        }
        let g = formats::parse_graph_line(t)
            .map_err(|e| CliError::usage(format!("{}, line {}: {e}", path.display(), i + 1)))?;
        each(i + 1, t, g)?;
    }
    Ok(())
}
