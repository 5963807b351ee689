//! A file or stream of graphs, one per line, read with bounded memory.

use super::{parse_graph_line, parse_graph_line_within};
use crate::graph::{Graph, GraphError};
use arrows_work::Budget;
use std::io::{self, BufRead, Read};

/// The longest line read: 64 MiB, room for an edge list of a million
/// edges with spaces, or a graph6 line of 28,000 vertices. A longer line
/// (binary data with no line break, say) is refused after that many bytes.
pub const MAX_LINE_BYTES: usize = 64 << 20;

/// One graph of a stream, with the line it was on.
#[derive(Debug, Clone)]
pub struct GraphLine {
    /// The line number, from 1.
    pub line: usize,
    /// The line's text, trimmed.
    pub text: String,
    /// The graph.
    pub graph: Graph,
}

/// Why a line of a stream gave no graph.
#[derive(Debug, thiserror::Error)]
pub enum ReadError {
    /// Reading failed.
    #[error("line {line}: {source}")]
    Io {
        /// The line being read.
        line: usize,
        /// The error of the reader.
        source: io::Error,
    },
    /// The bytes are not UTF-8 text.
    #[error("line {line}, byte {byte}: not UTF-8 text")]
    NotText {
        /// The line.
        line: usize,
        /// The first byte of the line that is not UTF-8, from 1.
        byte: usize,
    },
    /// The line is longer than [`MAX_LINE_BYTES`].
    #[error("line {line} is longer than {}", arrows_text::bytes(*limit as u64))]
    LineTooLong {
        /// The line.
        line: usize,
        /// The longest line read.
        limit: usize,
    },
    /// The line is not a graph, or not one the game can be played on.
    #[error("line {line}: {source}")]
    Graph {
        /// The line.
        line: usize,
        /// Why.
        source: GraphError,
    },
}

impl ReadError {
    /// The line the error is on, from 1.
    pub fn line(&self) -> usize {
        match self {
            ReadError::Io { line, .. }
            | ReadError::NotText { line, .. }
            | ReadError::LineTooLong { line, .. }
            | ReadError::Graph { line, .. } => *line,
        }
    }
}

/// The graphs of a stream, one per line (graph6, sparse6 or an edge list);
/// blank lines and lines starting with `#` are skipped.
///
/// After a line that is not a graph ([`ReadError::Graph`]) reading goes on;
/// after a failure to read, text that is not UTF-8, or a line past
/// [`MAX_LINE_BYTES`], the stream ends.
pub struct GraphLines<R> {
    reader: R,
    line: usize,
    buffer: Vec<u8>,
    budget: Option<Budget>,
    done: bool,
}

impl<R: BufRead> GraphLines<R> {
    /// The graphs of `reader`.
    pub fn new(reader: R) -> GraphLines<R> {
        GraphLines { reader, line: 0, buffer: Vec::new(), budget: None, done: false }
    }

    /// The same, refusing each graph whose memory would pass `budget` before it is built.
    pub fn within(mut self, budget: Budget) -> GraphLines<R> {
        self.budget = Some(budget);
        self
    }

    /// The next line's text, or `None` at the end of the stream.
    fn next_line(&mut self) -> Option<Result<&str, ReadError>> {
        self.buffer.clear();
        self.line += 1;
        let line = self.line;
        let read = (&mut self.reader).take(MAX_LINE_BYTES as u64 + 1).read_until(b'\n', &mut self.buffer);
        match read {
            Err(source) => return Some(Err(ReadError::Io { line, source })),
            Ok(0) => return None,
            Ok(_) => {}
        }
        if self.buffer.last() == Some(&b'\n') {
            self.buffer.pop();
        } else if self.buffer.len() > MAX_LINE_BYTES {
            return Some(Err(ReadError::LineTooLong { line, limit: MAX_LINE_BYTES }));
        }
        Some(std::str::from_utf8(&self.buffer).map_err(|e| ReadError::NotText { line, byte: e.valid_up_to() + 1 }))
    }
}

impl<R: BufRead> Iterator for GraphLines<R> {
    type Item = Result<GraphLine, ReadError>;

    fn next(&mut self) -> Option<Self::Item> {
        while !self.done {
            let budget = self.budget;
            let written = match self.next_line() {
                None => break,
                Some(Err(e)) => {
                    self.done = true;
                    return Some(Err(e));
                }
                Some(Ok(written)) => written,
            };
            let text = written.trim();
            if text.is_empty() || text.starts_with('#') {
                continue;
            }
            // The line as written, so that columns in errors count from its start.
            let graph = match budget {
                Some(b) => parse_graph_line_within(written, b),
                None => parse_graph_line(written),
            };
            let text = text.to_string();
            let line = self.line;
            return Some(match graph {
                Ok(graph) => Ok(GraphLine { line, text, graph }),
                Err(source) => Err(ReadError::Graph { line, source }),
            });
        }
        self.done = true;
        None
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn read(bytes: &[u8]) -> Vec<Result<(usize, usize), String>> {
        GraphLines::new(bytes).map(|r| r.map(|g| (g.line, g.graph.edge_count())).map_err(|e| e.to_string())).collect()
    }

    #[test]
    fn lines_comments_and_errors() {
        let got = read(b"# two graphs\n:An\r\n\n0-1,1-2\nnot a graph\nDQc");
        assert_eq!(got[0], Ok((2, 1)));
        assert_eq!(got[1], Ok((4, 2)));
        assert!(got[2].as_ref().unwrap_err().starts_with("line 5: graph6 column 4"), "{:?}", got[2]);
        assert_eq!(got[3], Ok((6, 4)));
        assert_eq!(got.len(), 4);
    }

    #[test]
    fn columns_count_from_the_start_of_the_line() {
        // Found by fuzzing (fuzz/corpus/graph_lines): the column counted from
        // the line with its leading spaces trimmed, unlike parse_graph_line.
        let got = read(b"  P\n\t0-1,x\n");
        assert!(got[0].as_ref().unwrap_err().starts_with("line 1: graph6 column 4"), "{:?}", got[0]);
        assert!(got[1].as_ref().unwrap_err().starts_with("line 2: edge list column 6"), "{:?}", got[1]);
    }

    #[test]
    fn bytes_that_are_not_text_end_the_stream() {
        let got = read(b":An\nD\xffQc\n:An\n");
        assert_eq!(got, vec![Ok((1, 1)), Err("line 2, byte 2: not UTF-8 text".into())]);
    }

    #[test]
    fn empty_input_has_no_graph() {
        assert!(read(b"").is_empty());
        assert!(read(b"\n# nothing\n").is_empty());
    }
}
