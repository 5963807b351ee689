//! The board encoding of existing Game of Cycles solvers ([`Board`]).

use super::cell::{Cell, Step};
use super::cells::PlaneError;
use super::cycle::{CycleProblem, one_cycle};
use crate::graph::{EdgeId, Graph, Vertex};
use std::collections::HashMap;
use std::fmt;

/// A named plane graph in the board encoding of existing Game of Cycles solvers:
///
/// ```text
/// K4
/// 4 6
/// EDGES
/// 0 1
/// 2 0
/// 1 2
/// 0 3
/// 3 2
/// 3 1
/// CYCLES
/// +0 +2 +1
/// +3 +4 +1
/// +5 +2 -4
/// ```
///
/// Line 1 is a name (any text); line 2 is `V E`, the numbers of vertices
/// and edges; then a line `EDGES` and exactly `E` lines `U V`: edge `i`
/// joins `U` and `V`, and `U -> V` is its positive orientation (stored as
/// the edge `(U, V)`, so positive is forward). Then a line `CYCLES` and one
/// cell per line to the end of the text, as signed edge indices walked
/// around the cell: `+i` walks edge `i` along its positive orientation,
/// `-i` against it (`-0` is edge 0 reversed). A cell is read as the set of
/// its signed edges, in any order (published boards list `+5 +6 +7 +14 +8`
/// for the walk 5, 6, 7, 8, 14), and put in walk order; an edge given both
/// ways (a tree inside the face) is left out, and what is left must go once
/// around one cycle (see [`one_cycle`]). Tokens on a line are
/// separated by whitespace, and whitespace at either end of a line is
/// ignored; `\r\n` line ends and blank lines at the very end are
/// accepted; nothing else is.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Board {
    name: String,
    graph: Graph,
}

/// A malformed board: the 1-based line and what is wrong there.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("line {line}: {kind}")]
pub struct BoardError {
    /// The line (from 1) where the problem is seen.
    pub line: usize,
    /// What is wrong (its message is part of this error's).
    pub kind: BoardErrorKind,
}

/// What is wrong with a board, at the line a [`BoardError`] names.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum BoardErrorKind {
    /// The text is empty: not even a name.
    #[error("the board is empty; expected a name on the first line")]
    Empty,
    /// Line 2 is not two numbers.
    #[error("expected the numbers of vertices and edges, `V E`, found {found:?}")]
    Counts {
        /// The line as found (empty at the end of the text).
        found: String,
    },
    /// `E` is 0.
    #[error("the board has no edges; a board needs at least one edge")]
    NoEdges,
    /// `V` is more than `2E`, so some vertex would have no edge.
    #[error("{vertices} vertices but only {edges} edges: some vertex would have no edge")]
    TooManyVertices {
        /// `V`.
        vertices: usize,
        /// `E`.
        edges: usize,
    },
    /// A section header is missing.
    #[error("expected the line `{expected}`, found {found:?}")]
    Section {
        /// `EDGES` or `CYCLES`.
        expected: &'static str,
        /// The line as found (empty at the end of the text).
        found: String,
    },
    /// An edge line is not two vertex numbers.
    #[error("expected an edge `U V` (two vertex numbers), found {found:?}")]
    Edge {
        /// The line as found.
        found: String,
    },
    /// The edges ended (at `CYCLES` or the end of the text) before `E` of them.
    #[error("line 2 promises {expected} edges, but only {found} are listed")]
    TooFewEdges {
        /// `E`.
        expected: usize,
        /// Edges listed.
        found: usize,
    },
    /// An edge line follows the `E`-th edge.
    #[error("line 2 promises {expected} edges, but more are listed")]
    TooManyEdges {
        /// `E`.
        expected: usize,
    },
    /// An edge names a vertex outside `0..V`.
    #[error("vertex {vertex} is out of range: line 2 says {vertex_count} vertices, {}", crate::numbered(*vertex_count))]
    VertexOutOfRange {
        /// The vertex.
        vertex: Vertex,
        /// `V`.
        vertex_count: usize,
    },
    /// An edge joins a vertex to itself.
    #[error("the edge {vertex}-{vertex} is a self-loop; a board is a simple graph")]
    SelfLoop {
        /// The vertex.
        vertex: Vertex,
    },
    /// An edge repeats an earlier one.
    #[error("the edge {u}-{v} repeats the edge on line {first_line}; a board is a simple graph")]
    RepeatedEdge {
        /// One end.
        u: Vertex,
        /// The other end.
        v: Vertex,
        /// The line of the first occurrence.
        first_line: usize,
    },
    /// A vertex below `V` has no edge.
    #[error("vertex {vertex} has no edge; every vertex from 0 to V-1 must be on an edge")]
    IsolatedVertex {
        /// The vertex.
        vertex: Vertex,
    },
    /// A cell line holds something other than signed edge indices.
    #[error("expected a signed edge index such as +3 or -0, found {token:?}")]
    SignedIndex {
        /// The token as found.
        token: String,
    },
    /// An empty line among the cells.
    #[error("an empty line among the cells; write one cell per line, with no blank line before the last")]
    EmptyCell,
    /// A signed index names an edge past the last.
    #[error("edge {index} is out of range: the board has {edge_count} edges, {}", crate::numbered(*edge_count))]
    EdgeOutOfRange {
        /// The index.
        index: usize,
        /// `E`.
        edge_count: usize,
    },
    /// A cell's signed edges do not go once around one cycle.
    #[error("the cell {text:?} does not go once around one cycle: {problem}")]
    NotOneCycle {
        /// The cell's line.
        text: String,
        /// What is wrong.
        problem: CycleProblem,
    },
    /// The cells fail a check of [`Graph::with_cells`].
    #[error(transparent)]
    Cell(#[from] PlaneError),
}

/// The lines of a board, each with its 1-based number.
struct Lines<'a> {
    lines: Vec<&'a str>,
    next: usize,
}

impl<'a> Lines<'a> {
    fn new(text: &'a str) -> Lines<'a> {
        let mut lines: Vec<&str> = text.split('\n').map(|l| l.strip_suffix('\r').unwrap_or(l)).collect();
        while lines.last().is_some_and(|l| l.trim().is_empty()) {
            lines.pop();
        }
        Lines { lines, next: 0 }
    }

    /// The next line and its number; `None` past the end (the number is then the line after the last).
    fn take(&mut self) -> (usize, Option<&'a str>) {
        let line = self.lines.get(self.next).copied();
        self.next += 1;
        (self.next, line)
    }

    fn peek(&self) -> Option<&'a str> {
        self.lines.get(self.next).copied()
    }
}

fn at(line: usize, kind: BoardErrorKind) -> BoardError {
    BoardError { line, kind }
}

/// A number written with decimal digits only.
fn number(token: &str) -> Option<usize> {
    if token.is_empty() || !token.bytes().all(|b| b.is_ascii_digit()) {
        return None;
    }
    token.parse().ok()
}

/// Two numbers separated by whitespace, nothing else.
fn pair(line: &str) -> Option<(usize, usize)> {
    let mut tokens = line.split_whitespace();
    let (a, b) = (number(tokens.next()?)?, number(tokens.next()?)?);
    tokens.next().is_none().then_some((a, b))
}

impl Board {
    /// A board of `graph` named `name`. A graph without cells gets the empty
    /// list of cells, so that [`Board::parse`] of [`Board::to_text`] gives the
    /// same board back. Line breaks in the name become spaces.
    pub fn new(name: &str, graph: Graph) -> Board {
        let name = name.replace(['\r', '\n'], " ");
        let graph = if graph.is_plane() { graph } else { graph.with_cells(Vec::new()).expect("no cells are valid") };
        Board { name, graph }
    }

    /// The name (line 1).
    pub fn name(&self) -> &str {
        &self.name
    }

    /// The plane graph.
    pub fn graph(&self) -> &Graph {
        &self.graph
    }

    /// The plane graph, consuming the board.
    pub fn into_graph(self) -> Graph {
        self.graph
    }

    /// Reads a board in the format described at [`Board`].
    pub fn parse(text: &str) -> Result<Board, BoardError> {
        let mut lines = Lines::new(text);
        let name = match lines.take() {
            (_, Some(name)) => name.to_string(),
            (line, None) => return Err(at(line, BoardErrorKind::Empty)),
        };
        let (vertices, edge_count) = read_counts(&mut lines)?;
        expect_section(&mut lines, "EDGES")?;
        let edges = read_edges(&mut lines, vertices, edge_count)?;
        expect_section(&mut lines, "CYCLES")?;
        let graph = Graph::build(vertices, &edges);
        let (cells, cell_lines) = read_cells(&mut lines, &graph)?;
        let graph = graph.with_cells(cells).map_err(|e| at(cell_lines[e.cell()], BoardErrorKind::Cell(e)))?;
        Ok(Board { name, graph })
    }

    /// The board as text, ending with a line break; [`Board::parse`] reads it back.
    pub fn to_text(&self) -> String {
        self.to_string()
    }
}

impl fmt::Display for Board {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        writeln!(f, "{}", self.name)?;
        writeln!(f, "{} {}", self.graph.vertex_count(), self.graph.edge_count())?;
        writeln!(f, "EDGES")?;
        for &(u, v) in self.graph.edges() {
            writeln!(f, "{u} {v}")?;
        }
        writeln!(f, "CYCLES")?;
        for cell in self.graph.cell_list() {
            writeln!(f, "{cell}")?;
        }
        Ok(())
    }
}

fn read_counts(lines: &mut Lines) -> Result<(usize, usize), BoardError> {
    let (line, text) = lines.take();
    let (vertices, edges) =
        text.and_then(pair).ok_or_else(|| at(line, BoardErrorKind::Counts { found: text.unwrap_or("").into() }))?;
    if edges == 0 {
        return Err(at(line, BoardErrorKind::NoEdges));
    }
    if vertices > edges.saturating_mul(2) {
        return Err(at(line, BoardErrorKind::TooManyVertices { vertices, edges }));
    }
    Ok((vertices, edges))
}

fn expect_section(lines: &mut Lines, expected: &'static str) -> Result<(), BoardError> {
    match lines.take() {
        (_, Some(l)) if l.trim() == expected => Ok(()),
        (line, found) => Err(at(line, BoardErrorKind::Section { expected, found: found.unwrap_or("").into() })),
    }
}

fn read_edges(lines: &mut Lines, vertices: usize, expected: usize) -> Result<Vec<(Vertex, Vertex)>, BoardError> {
    let mut edges = Vec::new();
    let mut first: HashMap<(Vertex, Vertex), usize> = HashMap::new();
    while edges.len() < expected {
        let (line, text) = lines.take();
        let text = match text {
            Some(t) if t.trim() != "CYCLES" => t,
            _ => return Err(at(line, BoardErrorKind::TooFewEdges { expected, found: edges.len() })),
        };
        let (u, v) = pair(text).ok_or_else(|| at(line, BoardErrorKind::Edge { found: text.into() }))?;
        if let Some(&vertex) = [u, v].iter().find(|&&x| x >= vertices) {
            return Err(at(line, BoardErrorKind::VertexOutOfRange { vertex, vertex_count: vertices }));
        }
        if u == v {
            return Err(at(line, BoardErrorKind::SelfLoop { vertex: u }));
        }
        if let Some(&first_line) = first.get(&(u.min(v), u.max(v))) {
            return Err(at(line, BoardErrorKind::RepeatedEdge { u, v, first_line }));
        }
        first.insert((u.min(v), u.max(v)), line);
        edges.push((u, v));
    }
    if lines.peek().is_some_and(|t| pair(t).is_some()) {
        return Err(at(lines.next + 1, BoardErrorKind::TooManyEdges { expected }));
    }
    let mut degree = vec![0usize; vertices];
    for &(u, v) in &edges {
        degree[u] += 1;
        degree[v] += 1;
    }
    if let Some(vertex) = degree.iter().position(|&d| d == 0) {
        return Err(at(2, BoardErrorKind::IsolatedVertex { vertex }));
    }
    Ok(edges)
}

/// The cells to the end of the text, with the line of each.
fn read_cells(lines: &mut Lines, graph: &Graph) -> Result<(Vec<Cell>, Vec<usize>), BoardError> {
    let (mut cells, mut cell_lines) = (Vec::new(), Vec::new());
    while let (line, Some(text)) = lines.take() {
        if text.trim().is_empty() {
            return Err(at(line, BoardErrorKind::EmptyCell));
        }
        let steps = text.split_whitespace().map(|t| signed(t, graph.edge_count()).map_err(|k| at(line, k)));
        let steps = steps.collect::<Result<Vec<Step>, BoardError>>()?;
        // Fewer than 3 steps: the check of `with_cells` names it with the cell's number.
        let walk = if steps.len() < 3 {
            steps
        } else {
            one_cycle(graph, &steps)
                .map_err(|problem| at(line, BoardErrorKind::NotOneCycle { text: text.trim().to_string(), problem }))?
        };
        cells.push(Cell::new(walk));
        cell_lines.push(line);
    }
    Ok((cells, cell_lines))
}

fn signed(token: &str, edge_count: usize) -> Result<Step, BoardErrorKind> {
    let bad = || BoardErrorKind::SignedIndex { token: token.into() };
    let (forward, digits) = match token.as_bytes().first() {
        Some(b'+') => (true, &token[1..]),
        Some(b'-') => (false, &token[1..]),
        _ => return Err(bad()),
    };
    let index: EdgeId = number(digits).ok_or_else(bad)?;
    if index >= edge_count {
        return Err(BoardErrorKind::EdgeOutOfRange { index, edge_count });
    }
    Ok(Step::new(index, forward))
}
