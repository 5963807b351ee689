//! Where graphs come from: a family with its parameters, an edge list, a
//! graph6/sparse6 line, or a file of them (one per line, `-` for stdin).

use crate::error::{CliError, CliResult};
use crate::flags::source::*;
use arrows_core::{Graph, GraphError, SpiderLayout, families, formats};
use std::io::BufRead;
use std::path::Path;

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
