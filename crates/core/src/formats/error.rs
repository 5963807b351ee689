//! Why a line of text is not a graph: the format, the column, and what the
//! reader expected there.

use serde::Serialize;
use std::fmt;

/// The syntaxes a graph can be written in.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize)]
#[serde(rename_all = "lowercase")]
pub enum Format {
    /// `0-1,1-2,1-3`.
    EdgeList,
    /// nauty's graph6.
    Graph6,
    /// nauty's sparse6 (a line starting with `:`).
    Sparse6,
    /// nauty's digraph6 (a line starting with `&`), recognised to be refused.
    Digraph6,
}

impl fmt::Display for Format {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Format::EdgeList => "edge list",
            Format::Graph6 => "graph6",
            Format::Sparse6 => "sparse6",
            Format::Digraph6 => "digraph6",
        })
    }
}

/// What a reader found where it expected something else.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "lowercase")]
pub enum Found {
    /// The line ended.
    End,
    /// This character.
    Char(char),
}

impl fmt::Display for Found {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Found::End => f.write_str("the end of the line"),
            Found::Char(c) => write!(f, "{c:?}"),
        }
    }
}

impl From<Option<char>> for Found {
    fn from(c: Option<char>) -> Found {
        c.map_or(Found::End, Found::Char)
    }
}

/// What is wrong at the column of a [`ParseError`].
#[derive(Debug, Clone, PartialEq, Eq, Serialize, thiserror::Error)]
#[serde(tag = "problem", rename_all = "snake_case")]
pub enum ParseProblem {
    /// An edge list needs a vertex number here.
    #[error("expected a vertex number, found {found}")]
    ExpectedVertex {
        /// What was there.
        found: Found,
    },
    /// An edge list needs the `-` between the two ends of an edge here.
    #[error("expected '-' between the two vertices of an edge, found {found}")]
    ExpectedDash {
        /// What was there.
        found: Found,
    },
    /// An edge list needs a separator after an edge: `,`, `;` or a space
    /// after `U-V`; `,`, `;` or a line break after `U V`.
    #[error(
        "expected ',', ';' or a space after an edge (',', ';' or a line break after one written U V), found {found}"
    )]
    ExpectedSeparator {
        /// What was there.
        found: Found,
    },
    /// A vertex number too long to be read as a number at all.
    #[error("the vertex number {digits} is too large to read")]
    NumberTooLarge {
        /// The digits.
        digits: String,
    },
    /// graph6 and sparse6 use only the characters `?` to `~`.
    #[error("expected a character from '?' to '~', found {found}")]
    OutOfRange {
        /// What was there.
        found: Found,
    },
    /// The line is empty.
    #[error("the line is empty")]
    Empty,
    /// The line ends inside its vertex count (a count past 62 takes 4 or 8 characters).
    #[error("the line ends inside its vertex count")]
    ShortVertexCount,
    /// A graph6 line holds one bit per pair of vertices: this many characters, not more, not fewer.
    #[error("the line says {vertices} vertices, whose edge bits take {expected} characters, but it has {found}")]
    EdgeBits {
        /// The vertex count the line gives.
        vertices: usize,
        /// Characters of edge bits that count needs.
        expected: usize,
        /// Characters of edge bits the line has.
        found: usize,
    },
    /// A sparse6 line starts with `:`.
    #[error("expected ':' at the start of a sparse6 line, found {found}")]
    ExpectedColon {
        /// What was there.
        found: Found,
    },
    /// Incremental sparse6 (`;`) speaks of the previous graph; it is not read.
    #[error("incremental sparse6 (a line starting with ';') is not read")]
    Incremental,
    /// digraph6 describes a directed graph.
    #[error("digraph6 describes a directed graph, and the Game of Arrows is played on undirected graphs")]
    Directed,
}

/// A line that is not a graph: its format, where, and what was expected.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, thiserror::Error)]
#[error("{format} column {column}: {problem}")]
pub struct ParseError {
    /// The format the line was read as.
    pub format: Format,
    /// The column of the problem: the character of the line, from 1 (one
    /// past the last character when the line stops short).
    pub column: usize,
    /// What is wrong there.
    pub problem: ParseProblem,
}

impl ParseError {
    /// A problem at a column.
    pub fn new(format: Format, column: usize, problem: ParseProblem) -> ParseError {
        ParseError { format, column, problem }
    }

    /// The same error, `chars` columns further right (for a line read after
    /// a prefix such as leading spaces or a `>>graph6<<` header).
    pub fn shifted(mut self, chars: usize) -> ParseError {
        self.column += chars;
        self
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn one_line_with_format_and_column() {
        let e = ParseError::new(Format::EdgeList, 3, ParseProblem::ExpectedDash { found: Found::Char('x') });
        assert_eq!(e.to_string(), "edge list column 3: expected '-' between the two vertices of an edge, found 'x'");
        let e = ParseError::new(Format::Graph6, 2, ParseProblem::OutOfRange { found: Found::Char('\n') });
        assert_eq!(e.to_string(), "graph6 column 2: expected a character from '?' to '~', found '\\n'");
        assert_eq!(e.shifted(10).column, 12);
    }
}
