//! Edge lists: `0-1,1-2,1-3`.
//!
//! Edges are separated by commas, semicolons or white space, and spaces may
//! stand around the `-` of an edge: `0-1 1-2`, `0 - 1 , 1 - 2` and
//! `0-1;1-2` are the same graph. An edge may also be its two vertices
//! separated by spaces, as networkx writes edge lists (`0 1`), when a
//! comma, a semicolon or a line break ends it: `0 1, 1 2` and the lines
//! `0 1` and `1 2` are the same graph again.

use super::error::{Format, Found, ParseError, ParseProblem};
use super::finish;
use crate::graph::{Graph, GraphError, Vertex};
use crate::size::{GraphSize, MAX_EDGES};
use arrows_work::Budget;
use std::iter::Peekable;
use std::str::Chars;

/// Reads an edge list, with the size limit of every graph and, when given,
/// a memory budget checked before the graph is built. A list past the
/// limit is read to its end, storing nothing more, so that the refusal
/// gives its exact size.
pub(crate) fn read(text: &str, budget: Option<Budget>) -> Result<Graph, GraphError> {
    let mut s = Scanner { chars: text.chars().peekable(), column: 1 };
    let mut edges: Vec<(Vertex, Vertex)> = Vec::new();
    let (mut count, mut max) = (0usize, 0usize);
    loop {
        s.skip(is_separator);
        if s.peek().is_none() {
            break;
        }
        let u = s.vertex()?;
        s.skip(is_space);
        let spaced = s.peek().is_some_and(|c| c.is_ascii_digit());
        if !spaced {
            s.skip(char::is_whitespace);
            if s.peek() != Some('-') {
                let found = s.peek().into();
                return Err(s.error(ParseProblem::ExpectedDash { found }).into());
            }
            s.next();
            s.skip(char::is_whitespace);
        }
        let v = s.vertex()?;
        if spaced {
            // `U V`: a comma, a semicolon, a line break or the end must follow.
            s.skip(is_space);
            if let Some(c) = s.peek().filter(|&c| !matches!(c, ',' | ';' | '\n' | '\r')) {
                return Err(s.error(ParseProblem::ExpectedSeparator { found: Found::Char(c) }).into());
            }
        } else if let Some(c) = s.peek().filter(|&c| !is_separator(c)) {
            return Err(s.error(ParseProblem::ExpectedSeparator { found: Found::Char(c) }).into());
        }
        count += 1;
        max = max.max(u).max(v);
        if count <= MAX_EDGES {
            edges.push((u, v));
        }
    }
    let vertices = if count == 0 { 0 } else { max as u128 + 1 };
    let size = GraphSize::new(vertices, count as u128);
    if !size.within_limit() {
        return Err(GraphError::too_large(size));
    }
    finish(vertices as usize, &edges, budget)
}

/// White space within a line.
fn is_space(c: char) -> bool {
    c.is_whitespace() && c != '\n' && c != '\r'
}

fn is_separator(c: char) -> bool {
    c == ',' || c == ';' || c.is_whitespace()
}

struct Scanner<'a> {
    chars: Peekable<Chars<'a>>,
    /// The column of the next character, from 1.
    column: usize,
}

impl Scanner<'_> {
    fn peek(&mut self) -> Option<char> {
        self.chars.peek().copied()
    }

    fn next(&mut self) -> Option<char> {
        let c = self.chars.next();
        if c.is_some() {
            self.column += 1;
        }
        c
    }

    fn skip(&mut self, class: impl Fn(char) -> bool) {
        while self.peek().is_some_and(&class) {
            self.next();
        }
    }

    fn error(&self, problem: ParseProblem) -> ParseError {
        ParseError::new(Format::EdgeList, self.column, problem)
    }

    /// A vertex number: decimal digits.
    fn vertex(&mut self) -> Result<Vertex, ParseError> {
        let column = self.column;
        let mut digits = String::new();
        while let Some(c) = self.peek().filter(char::is_ascii_digit) {
            digits.push(c);
            self.next();
        }
        if digits.is_empty() {
            let found = self.peek().into();
            return Err(self.error(ParseProblem::ExpectedVertex { found }));
        }
        digits.parse().map_err(|_| ParseError::new(Format::EdgeList, column, ParseProblem::NumberTooLarge { digits }))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn problem(text: &str) -> (usize, ParseProblem) {
        match read(text, None) {
            Err(GraphError::Parse(e)) => (e.column, e.problem),
            other => panic!("{text:?}: {other:?}"),
        }
    }

    #[test]
    fn separators_and_spaces() {
        for text in ["0-1,1-2", " 0 - 1 , 1 - 2 ", "0-1 1-2", "0-1;1-2;", "\t0 -1,,1- 2\n"] {
            assert_eq!(read(text, None).unwrap().edge_list(), "0-1,1-2", "{text:?}");
        }
        for text in ["0 1, 1 2", "0 1\n1 2\n", "0 1;1 2", " 0  1 ,1 2", "0 1\r\n1-2"] {
            assert_eq!(read(text, None).unwrap().edge_list(), "0-1,1-2", "{text:?}");
        }
        assert!(read("", None).unwrap().is_empty());
        assert!(read(" , ", None).unwrap().is_empty());
    }

    #[test]
    fn problems_have_columns() {
        assert_eq!(problem("0-1,1-x"), (7, ParseProblem::ExpectedVertex { found: Found::Char('x') }));
        assert_eq!(problem("0 x"), (3, ParseProblem::ExpectedDash { found: Found::Char('x') }));
        // Two vertices separated by spaces end at a comma, a semicolon or a line break.
        assert_eq!(problem("0 1 2 3"), (5, ParseProblem::ExpectedSeparator { found: Found::Char('2') }));
        assert_eq!(problem("0-1-2"), (4, ParseProblem::ExpectedSeparator { found: Found::Char('-') }));
        assert_eq!(problem("0-"), (3, ParseProblem::ExpectedVertex { found: Found::End }));
        assert_eq!(problem("-1-2"), (1, ParseProblem::ExpectedVertex { found: Found::Char('-') }));
        assert_eq!(problem("é-1"), (1, ParseProblem::ExpectedVertex { found: Found::Char('é') }));
        assert_eq!(problem("0-1,2-3é"), (8, ParseProblem::ExpectedSeparator { found: Found::Char('é') }));
        let digits = "99999999999999999999999".to_string();
        assert_eq!(problem(&format!("0-{digits}")), (3, ParseProblem::NumberTooLarge { digits }));
    }

    #[test]
    fn sizes_are_exact_and_checked_before_building() {
        let e = read("0-1,5-1000000000000", None).unwrap_err();
        assert_eq!(e, GraphError::too_large(GraphSize::new(1_000_000_000_001, 2)));
        let many: String = (0..MAX_EDGES + 2).map(|i| format!("{i}-{} ", i + 1)).collect();
        let e = read(&many, None).unwrap_err();
        assert_eq!(e, GraphError::too_large(GraphSize::new(MAX_EDGES as u128 + 3, MAX_EDGES as u128 + 2)));
        let e = read("0-1,1-2", Some(Budget::bytes(64))).unwrap_err();
        assert!(matches!(e, GraphError::OverBudget { .. }), "{e}");
    }

    #[test]
    fn isolated_vertices_keep_their_numbers() {
        let g = read("0-1,2-3,5-6", None).unwrap();
        assert_eq!(g.vertex_count(), 7);
        assert_eq!(g.isolated_vertices(), vec![4]);
    }
}
