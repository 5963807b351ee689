//! Where graphs come from: a family with its parameters, an edge list, a
//! graph6/sparse6 line, or a file of them (one per line, `-` for stdin).
//!
//! Every graph is sized before it is built (the library refuses a graph
//! past its size limit, and, when a budget is given, one whose memory would
//! not fit); this module words each refusal as one line of advice.

use crate::commands::input;
use crate::error::{CliError, CliResult};
use crate::flags::source::*;
use arrows_core::describe::DescribeError;
use arrows_core::formats::{self, GraphLines, ParseProblem, ReadError};
use arrows_core::plane::{self, Board, Drawing, DrawingError, PlaneFamily, WalkError};
use arrows_core::{FamilyError, Graph, GraphError, Member, SpiderLayout};
use arrows_work::Budget;
use std::io::BufRead;
use std::path::Path;

/// A graph with a name to print, and its spider layout when it is a spider.
pub struct Named {
    /// `S(4,6,8)`, `P_5`, the graph6 string, ...
    pub name: String,
    /// The graph. Its isolated vertices ([`Graph::isolated_count`]) take no
    /// part in the game; a report says how many were ignored.
    pub graph: Graph,
    /// Leg coordinates, for spiders.
    pub spider: Option<SpiderLayout>,
    /// Line of the input file, for graphs read from a file.
    pub line: Option<usize>,
    /// The plane family whose embedding the graph has, numbering and all,
    /// when the graph was built without its cells (`arrows cycle N`): the
    /// Game of Cycles takes the cells from it.
    pub embedding: Option<PlaneFamily>,
    /// Where the vertices go in a picture: a plane family's own drawing,
    /// or the straight-line drawing given with `--positions`.
    pub drawing: Option<Drawing>,
}

impl Named {
    fn new(name: String, graph: Graph) -> Named {
        Named { name, graph, spider: None, line: None, embedding: None, drawing: None }
    }

    /// The graph with the cells of its natural embedding, when it has one
    /// and carries no cells yet.
    pub fn embed(&mut self) -> CliResult {
        if let (Some(family), false) = (self.embedding, self.graph.is_plane()) {
            let embedded = family.build().map_err(plane_family_error)?;
            self.graph = embedded.graph;
            self.drawing = Some(embedded.drawing);
        }
        Ok(())
    }
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
    /// With a `budget` (bytes, the analysis's `--max-memory`), a graph whose
    /// own memory would not fit is refused before it is built.
    fn for_each_within(&self, budget: Option<u64>, each: impl FnMut(Named) -> CliResult) -> CliResult;

    /// Calls `each` on every graph, in order, held only to the size limit
    /// every graph has; stops at the first error.
    fn for_each(&self, each: impl FnMut(Named) -> CliResult) -> CliResult {
        self.for_each_within(None, each)
    }
}

/// Runs `each` on the graph of a family member, refused before it is built
/// when it does not exist, is past the limit, or would not fit the budget.
fn member(m: Member, budget: Option<u64>, mut each: impl FnMut(Named) -> CliResult) -> CliResult {
    let graph = match budget {
        Some(b) => m.graph_within(Budget::bytes(b)),
        None => m.graph().map_err(GraphError::from),
    };
    let graph = graph.map_err(graph_error)?;
    let spider = match &m {
        Member::Spider { legs } => Some(SpiderLayout::new(legs).map_err(|e| graph_error(e.into()))?),
        _ => None,
    };
    let embedding = match m {
        Member::Cycle { edges } => Some(PlaneFamily::Cycle(edges)),
        _ => None,
    };
    each(Named { name: m.name(), graph, spider, line: None, embedding, drawing: None })
}

/// Runs `each` on a plane family member, with its cells.
fn plane_member(family: PlaneFamily, mut each: impl FnMut(Named) -> CliResult) -> CliResult {
    let embedded = family.build().map_err(plane_family_error)?;
    let named = Named::new(family.to_string(), embedded.graph);
    each(Named { drawing: Some(embedded.drawing), ..named })
}

/// Words a plane family member that does not exist.
fn plane_family_error(e: FamilyError) -> CliError {
    // The message already says what the family needs; past the size limit, say what to do.
    let message = match &e {
        FamilyError::TooLarge { family, .. } => format!("{e}; give a smaller {family}"),
        _ => e.to_string(),
    };
    CliError::usage(message).caused_by(e)
}

impl Source for WheelSpec {
    fn for_each_within(&self, _budget: Option<u64>, each: impl FnMut(Named) -> CliResult) -> CliResult {
        plane_member(PlaneFamily::Wheel(self.n), each)
    }
}

impl Source for FanSpec {
    fn for_each_within(&self, _budget: Option<u64>, each: impl FnMut(Named) -> CliResult) -> CliResult {
        plane_member(PlaneFamily::Fan(self.n), each)
    }
}

impl Source for ThetaSpec {
    fn for_each_within(&self, _budget: Option<u64>, each: impl FnMut(Named) -> CliResult) -> CliResult {
        plane_member(PlaneFamily::Theta(self.a, self.b, self.c), each)
    }
}

impl Source for GridSpec {
    fn for_each_within(&self, _budget: Option<u64>, each: impl FnMut(Named) -> CliResult) -> CliResult {
        plane_member(PlaneFamily::Grid(self.m, self.n), each)
    }
}

impl Source for LadderSpec {
    fn for_each_within(&self, _budget: Option<u64>, each: impl FnMut(Named) -> CliResult) -> CliResult {
        plane_member(PlaneFamily::Ladder(self.n), each)
    }
}

impl Source for PrismSpec {
    fn for_each_within(&self, _budget: Option<u64>, each: impl FnMut(Named) -> CliResult) -> CliResult {
        plane_member(PlaneFamily::Prism(self.n), each)
    }
}

impl Source for K4Spec {
    fn for_each_within(&self, _budget: Option<u64>, each: impl FnMut(Named) -> CliResult) -> CliResult {
        plane_member(PlaneFamily::K4, each)
    }
}

impl Source for BoardSpec {
    fn for_each_within(&self, _budget: Option<u64>, mut each: impl FnMut(Named) -> CliResult) -> CliResult {
        let name = input_name(&self.file);
        let text = input::read_text(&self.file, "a board")?;
        let board = Board::parse(&text).map_err(|e| {
            CliError::usage(format!("{name}, {e}; see `arrows board --help` for the board format")).caused_by(e)
        })?;
        // The name is the file's text: printed with its control characters escaped.
        let title = if board.name().trim().is_empty() {
            name
        } else {
            crate::commands::checked::printable(board.name().trim()).into_owned()
        };
        each(Named::new(title, board.into_graph()))
    }
}

impl PlaneOpts {
    /// `graph` with the cells these options give (none given: unchanged),
    /// and the drawing `--positions` gives.
    pub fn apply(&self, graph: Graph) -> Result<(Graph, Option<Drawing>), CliError> {
        if let Some(text) = &self.cells {
            let cells = plane::parse_cell_walks(&graph, text).map_err(walk_error)?;
            return Ok((graph.with_cells(cells).map_err(|e| walk_error(WalkError::Cells(e)))?, None));
        }
        if let Some(text) = &self.positions {
            let text = match text.strip_prefix('@') {
                Some(file) => input::read_text(Path::new(file), "positions")?,
                None => text.clone(),
            };
            let drawing = Drawing::parse(&text, graph.vertex_count()).map_err(drawing_error)?;
            let plane = drawing.plane_graph(graph).map_err(drawing_error)?;
            return Ok((plane, Some(drawing)));
        }
        Ok((graph, None))
    }
}

/// Words cells that are not cells of the graph.
fn walk_error(e: WalkError) -> CliError {
    let message = match &e {
        WalkError::Cells(p) => format!("--cells: {p}; see `arrows graph --help` for what is checked"),
        _ => format!("--cells: {e}"),
    };
    CliError::usage(message).caused_by(e)
}

/// Words a drawing that is not a plane drawing of the graph.
fn drawing_error(e: DrawingError) -> CliError {
    let advice = match &e {
        DrawingError::Cross { .. } | DrawingError::Overlap { .. } | DrawingError::VertexOnEdge { .. } => {
            "; move a vertex so that no two edges meet, or give the cells with --cells"
        }
        _ => "",
    };
    CliError::usage(format!("--positions: {e}{advice}")).caused_by(e)
}

impl Source for SpiderSpec {
    fn for_each_within(&self, budget: Option<u64>, each: impl FnMut(Named) -> CliResult) -> CliResult {
        member(Member::Spider { legs: self.legs.clone() }, budget, each)
    }
}

impl Source for PathSpec {
    fn for_each_within(&self, budget: Option<u64>, each: impl FnMut(Named) -> CliResult) -> CliResult {
        member(Member::Path { edges: self.n }, budget, each)
    }
}

impl Source for CycleSpec {
    fn for_each_within(&self, budget: Option<u64>, each: impl FnMut(Named) -> CliResult) -> CliResult {
        member(Member::Cycle { edges: self.n }, budget, each)
    }
}

impl Source for StarSpec {
    fn for_each_within(&self, budget: Option<u64>, each: impl FnMut(Named) -> CliResult) -> CliResult {
        member(Member::Star { leaves: self.k }, budget, each)
    }
}

impl Source for CaterpillarSpec {
    fn for_each_within(&self, budget: Option<u64>, each: impl FnMut(Named) -> CliResult) -> CliResult {
        member(Member::Caterpillar { leaves: self.leaves.clone() }, budget, each)
    }
}

impl Source for BroomSpec {
    fn for_each_within(&self, budget: Option<u64>, each: impl FnMut(Named) -> CliResult) -> CliResult {
        member(Member::Broom { handle: self.handle, bristles: self.bristles }, budget, each)
    }
}

impl Source for GraphSpec {
    fn for_each_within(&self, budget: Option<u64>, mut each: impl FnMut(Named) -> CliResult) -> CliResult {
        let budget = budget.map(Budget::bytes);
        if let Some(e) = &self.edges {
            let g = match budget {
                Some(b) => formats::parse_edge_list_within(e, b),
                None => formats::parse_edge_list(e),
            };
            let (g, drawing) = self.plane.apply(g.map_err(graph_error)?)?;
            let name = if g.is_empty() { "(no edges)".into() } else { g.edge_list() };
            return each(Named { drawing, ..Named::new(name, g) });
        }
        if let Some(line) = &self.graph6 {
            let g = match budget {
                Some(b) => formats::parse_graph_line_within(line, b),
                None => formats::parse_graph_line(line),
            };
            let (g, drawing) = self.plane.apply(g.map_err(graph_error)?)?;
            return each(Named { drawing, ..Named::new(line.trim().to_string(), g) });
        }
        let Some(path) = &self.file else {
            return Err(CliError::usage(
                "no graph given; pass --edges \"0-1,1-2\", --graph6 LINE, or a FILE (- for standard input)",
            ));
        };
        // A graph written where its file belongs: name the flag that takes it.
        let given = path.to_string_lossy();
        if given != "-" && !path.exists() && formats::parse_graph_line(&given).is_ok() {
            let flag = if given.starts_with(|c: char| c.is_ascii_digit()) { "--edges" } else { "--graph6" };
            return Err(CliError::usage(format!(
                "there is no file {given:?}; to give the graph itself, write {flag} \"{given}\""
            )));
        }
        let mut count = 0;
        read_graph_lines(path, budget, |line, text, g| {
            count += 1;
            let (graph, drawing) = self.plane.apply(g).map_err(|mut e| {
                e.message = format!("line {line}: {}", e.message);
                e
            })?;
            each(Named { name: text.to_string(), graph, spider: None, line: Some(line), embedding: None, drawing })
        })?;
        if count == 0 {
            return Err(CliError::usage(format!(
                "{} holds no graph; give one graph per line (graph6, sparse6 or an edge list)",
                input_name(path)
            )));
        }
        Ok(())
    }
}

/// Calls `each` with the line number, the text and the graph of every graph
/// line of `path` (`-` is standard input), one graph per line in graph6,
/// sparse6 or edge-list form; blank lines and `#` comments are skipped. A
/// line that is not a graph stops the reading with an error naming the
/// file and the line.
pub fn for_each_graph_line(path: &Path, each: impl FnMut(usize, &str, Graph) -> CliResult) -> CliResult {
    read_graph_lines(path, None, each)
}

/// [`for_each_graph_line`], refusing with a budget each graph whose memory would not fit.
fn read_graph_lines(
    path: &Path,
    budget: Option<Budget>,
    mut each: impl FnMut(usize, &str, Graph) -> CliResult,
) -> CliResult {
    let name = input_name(path);
    let reader: Box<dyn BufRead> = if path.as_os_str() == "-" {
        Box::new(std::io::stdin().lock())
    } else {
        if path.is_dir() {
            return Err(CliError::usage(format!(
                "{name} is a directory; give a file with one graph per line, or - for standard input"
            )));
        }
        let f = std::fs::File::open(path)
            .map_err(|e| CliError::usage(format!("cannot open {name}: {e}; check the path")).caused_by(e))?;
        Box::new(std::io::BufReader::new(f))
    };
    let lines = GraphLines::new(reader);
    let lines = match budget {
        Some(b) => lines.within(b),
        None => lines,
    };
    for read in lines {
        match read {
            Ok(g) => each(g.line, &g.text, g.graph)?,
            Err(e) => return Err(read_error(&name, e)),
        }
    }
    Ok(())
}

/// How a file is named in messages: its path, or `standard input` for `-`.
fn input_name(path: &Path) -> String {
    if path.as_os_str() == "-" { "standard input".into() } else { path.display().to_string() }
}

/// Words a failure to read a graph file, naming the file and the line.
fn read_error(name: &str, e: ReadError) -> CliError {
    let line = e.line();
    match e {
        ReadError::Graph { source, .. } => {
            let advice = graph_error(source);
            CliError::usage(format!("{name}, line {line}: {}", advice.message)).caused_by(advice)
        }
        ReadError::NotText { byte, .. } => CliError::usage(format!(
            "{name}, line {line}, byte {byte}: not UTF-8 text; give graph6, sparse6 or edge lists, one graph per line"
        ))
        .caused_by(e),
        ReadError::LineTooLong { .. } => {
            CliError::usage(format!("{name}, {e}; give one graph per line, each line ending with a line break"))
                .caused_by(e)
        }
        ReadError::Io { ref source, .. } if source.kind() == std::io::ErrorKind::IsADirectory => {
            CliError::usage(format!("{name} is a directory; give a file with one graph per line")).caused_by(e)
        }
        ReadError::Io { ref source, .. } => {
            CliError::failure(format!("{name}, line {line}: cannot read: {source}")).caused_by(e)
        }
    }
}

/// Words a graph description that names no graph (`arrows play GRAPH`).
pub fn describe_error(e: DescribeError) -> CliError {
    match e {
        DescribeError::Graph(g) => graph_error(g),
        e => CliError::usage(e.to_string()).caused_by(e),
    }
}

/// Words a graph error as one line of advice.
pub fn graph_error(e: GraphError) -> CliError {
    let message = match &e {
        GraphError::SelfLoop { .. } => format!("{e}; remove the loop"),
        GraphError::RepeatedEdge { .. } => format!("{e}; list each edge once"),
        GraphError::VertexOutOfRange { .. } => e.to_string(),
        GraphError::TooLarge { size, limit } if size.edges <= limit.edges => format!(
            "{e}; give fewer vertices (isolated vertices count, and an edge list's largest vertex number sets the count)"
        ),
        GraphError::TooLarge { .. } => format!("{e}; give a smaller graph"),
        GraphError::OverBudget { .. } => format!("{e}; raise --max-memory"),
        GraphError::Family(f) => family_advice(f),
        GraphError::Parse(p) => {
            let advice = match p.problem {
                ParseProblem::ExpectedVertex { .. }
                | ParseProblem::ExpectedDash { .. }
                | ParseProblem::ExpectedSeparator { .. }
                | ParseProblem::NumberTooLarge { .. } => {
                    "write edges as U-V (or U V, as networkx writes them, one a line or comma separated) \
                     with vertex numbers from 0, e.g. \"0-1,1-2,1-3\""
                }
                ParseProblem::OutOfRange { .. }
                | ParseProblem::Empty
                | ParseProblem::ShortVertexCount
                | ParseProblem::EdgeBits { .. } => {
                    "check that the line is complete and is graph6 (sparse6 lines start with ':', edge lists with a digit)"
                }
                ParseProblem::ExpectedColon { .. } => "start a sparse6 line with ':'",
                ParseProblem::Incremental => "write each graph in full",
                ParseProblem::Directed => "give an undirected graph in graph6 or sparse6",
            };
            format!("{e}; {advice}")
        }
    };
    CliError::usage(message).caused_by(e)
}

/// Words a family member that does not exist, with the arguments to change.
fn family_advice(e: &FamilyError) -> String {
    let advice = match e {
        FamilyError::OutOfRange { family: "star", least, .. } => format!("give K >= {least}"),
        FamilyError::OutOfRange { least, .. } => format!("give N >= {least}"),
        FamilyError::NoEdge { family: "spider", .. } => "give a positive leg, e.g. `arrows spider 4 6 8`".into(),
        FamilyError::NoEdge { family: "broom", .. } => "give a handle or a bristle, e.g. `arrows broom 4 3`".into(),
        FamilyError::NoEdge { .. } => "give two spine vertices or a leaf, e.g. `arrows caterpillar 2,0,3`".into(),
        FamilyError::TooLarge { family, .. } => format!("give a smaller {family}"),
        _ => return e.to_string(),
    };
    format!("{e}; {advice}")
}
