//! Reading and writing graphs: edge lists, graph6 and sparse6.
//!
//! One graph per line: [`parse_graph_line`] tells the syntax by the line's
//! first character (`:` sparse6, a digit an edge list, else graph6), and
//! [`GraphLines`] reads a whole file or stream of them. A refusal is a
//! [`GraphError`]: a [`ParseError`] (format, column, what was expected), a
//! graph past the size limit, or one whose memory would pass a budget.
//! Vertices without an edge are kept with their numbers (isolated
//! vertices); a line with no edge is the graph with no move.

mod edge_list;
mod error;
mod lines;
mod six;

pub use error::{Format, Found, ParseError, ParseProblem};
pub use lines::{GraphLine, GraphLines, MAX_LINE_BYTES, ReadError};
pub use six::{graph6_len, to_graph6, to_shortest, to_sparse6};

use crate::graph::{Graph, GraphError, Vertex};
use arrows_work::Budget;

/// Reads an edge list: `0-1,1-2,1-3` (commas, semicolons or white space
/// between edges; spaces may stand around the `-`).
pub fn parse_edge_list(text: &str) -> Result<Graph, GraphError> {
    edge_list::read(text, None)
}

/// [`parse_edge_list`], refusing before it is built a graph whose memory would pass `budget`.
pub fn parse_edge_list_within(text: &str, budget: Budget) -> Result<Graph, GraphError> {
    edge_list::read(text, Some(budget))
}

/// Reads one graph6 line (with or without the `>>graph6<<` header).
pub fn parse_graph6(line: &str) -> Result<Graph, GraphError> {
    six::read_graph6(line, None)
}

/// Reads one sparse6 line (starting with `:`, with or without the `>>sparse6<<` header).
pub fn parse_sparse6(line: &str) -> Result<Graph, GraphError> {
    six::read_sparse6(line, None)
}

/// Reads one line in any supported syntax: sparse6 (`:`...), an edge list
/// (`0-1,...`), or graph6. Columns in errors count from the start of `line`.
pub fn parse_graph_line(line: &str) -> Result<Graph, GraphError> {
    read_line(line, None)
}

/// [`parse_graph_line`], refusing before it is built a graph whose memory would pass `budget`.
pub fn parse_graph_line_within(line: &str, budget: Budget) -> Result<Graph, GraphError> {
    read_line(line, Some(budget))
}

fn read_line(line: &str, budget: Option<Budget>) -> Result<Graph, GraphError> {
    let lead = line.chars().take_while(|c| c.is_whitespace()).count();
    let t = line.trim();
    let shift = |e: GraphError| match e {
        GraphError::Parse(p) => GraphError::Parse(p.shifted(lead)),
        e => e,
    };
    let result = if t.starts_with(':') || t.starts_with(';') || t.starts_with(">>sparse6<<") {
        six::read_sparse6(t, budget)
    } else if t.starts_with('&') || t.starts_with(">>digraph6<<") {
        Err(ParseError::new(Format::Digraph6, 1, ParseProblem::Directed).into())
    } else if t.starts_with(|c: char| c.is_ascii_digit() || c == '-') {
        edge_list::read(t, budget)
    } else {
        six::read_graph6(t, budget)
    };
    result.map_err(shift)
}

/// Reads every graph of a text, one per line; blank lines and lines
/// starting with `#` are skipped. Each item carries its 1-based line number.
pub fn parse_graphs(text: &str) -> impl Iterator<Item = (usize, Result<Graph, GraphError>)> + '_ {
    text.lines()
        .enumerate()
        .filter(|(_, l)| !l.trim().is_empty() && !l.trim_start().starts_with('#'))
        .map(|(i, l)| (i + 1, parse_graph_line(l)))
}

/// Builds a graph read from text: the size limit, then the budget when given.
fn finish(n: usize, edges: &[(Vertex, Vertex)], budget: Option<Budget>) -> Result<Graph, GraphError> {
    match budget {
        Some(b) => Graph::new_within(n, edges, b),
        None => Graph::new(n, edges),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn headers_and_detection() {
        let g = parse_graph_line(">>graph6<<DQc").unwrap();
        assert_eq!(g.edge_count(), 4);
        assert_eq!(parse_graph_line(">>sparse6<<:An").unwrap().edge_count(), 1);
        assert_eq!(parse_graph_line("0-1, 1-2").unwrap().edge_count(), 2);
        assert_eq!(parse_graph_line(" 0 - 1 , 1 - 2 ").unwrap().edge_count(), 2);
        for (line, format, problem) in [
            (";An", Format::Sparse6, ParseProblem::Incremental),
            ("&An", Format::Digraph6, ParseProblem::Directed),
            ("-1-2", Format::EdgeList, ParseProblem::ExpectedVertex { found: Found::Char('-') }),
        ] {
            match parse_graph_line(line) {
                Err(GraphError::Parse(e)) => assert_eq!((e.format, e.problem), (format, problem), "{line}"),
                other => panic!("{line}: {other:?}"),
            }
        }
    }

    #[test]
    fn columns_count_from_the_start_of_the_line() {
        match parse_graph_line("  0-1,1-x") {
            Err(GraphError::Parse(e)) => assert_eq!(e.column, 9),
            other => panic!("{other:?}"),
        }
    }

    #[test]
    fn budgets_refuse_before_building() {
        let tight = Budget::bytes(64);
        for line in ["0-1,1-2", "DQc", ":An"] {
            assert!(matches!(parse_graph_line_within(line, tight), Err(GraphError::OverBudget { .. })), "{line}");
            assert!(parse_graph_line_within(line, Budget::bytes(1 << 20)).is_ok(), "{line}");
        }
    }
}
