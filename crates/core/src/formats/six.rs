//! graph6 and sparse6, the formats of nauty (`geng`, `gentreeg`), networkx
//! and SageMath, as specified in nauty's `formats.txt`: printable
//! characters `?` to `~`, each carrying six bits, most significant first;
//! the vertex count `N(n)` takes 1, 4 or 8 characters. A line may begin
//! with the optional header `>>graph6<<` or `>>sparse6<<`.
//!
//! Every reader checks the sizes it is told before allocating: a vertex
//! count past the limit is refused as soon as it is read, and edges past
//! the limit are counted without being stored, so a short malicious line
//! cannot ask for unbounded memory.

use super::error::{Format, Found, ParseError, ParseProblem};
use super::finish;
use crate::graph::{Graph, GraphError};
use crate::size::{GraphSize, MAX_EDGES, MAX_VERTICES};
use arrows_work::Budget;

/// Reads one graph6 line (with or without the `>>graph6<<` header).
pub(crate) fn read_graph6(line: &str, budget: Option<Budget>) -> Result<Graph, GraphError> {
    let body = line.trim_end_matches(['\r', '\n']);
    let (body, shift) = match body.strip_prefix(">>graph6<<") {
        Some(rest) => (rest, ">>graph6<<".len()),
        None => (body, 0),
    };
    let at = |column: usize, problem| ParseError::new(Format::Graph6, shift + column, problem);
    let body = printable(body, Format::Graph6).map_err(|e| e.shifted(shift))?;
    let (n, used, rest) = read_n(body).ok_or_else(|| at(body.len() + 1, ParseProblem::ShortVertexCount))?;
    if n > MAX_VERTICES {
        return Err(GraphError::too_large(GraphSize::new(n as u128, 0)));
    }
    // n <= MAX_VERTICES, so n * (n - 1) fits.
    let want = (n * n.saturating_sub(1) / 2).div_ceil(6);
    if rest.len() != want {
        let problem = ParseProblem::EdgeBits { vertices: n, expected: want, found: rest.len() };
        return Err(at(used + rest.len().min(want) + 1, problem).into());
    }
    let mut reader = BitReader::new(rest);
    let mut edges = Vec::new();
    let mut count = 0usize;
    for j in 1..n {
        for i in 0..j {
            if reader.read(1) == Some(1) {
                count += 1;
                if count <= MAX_EDGES {
                    edges.push((i, j));
                }
            }
        }
    }
    if count > MAX_EDGES {
        return Err(GraphError::too_large(GraphSize::new(n as u128, count as u128)));
    }
    finish(n, &edges, budget)
}

/// Reads one sparse6 line (starting with `:`, with or without the `>>sparse6<<` header).
pub(crate) fn read_sparse6(line: &str, budget: Option<Budget>) -> Result<Graph, GraphError> {
    let body = line.trim_end_matches(['\r', '\n']);
    let (body, shift) = match body.strip_prefix(">>sparse6<<") {
        Some(rest) => (rest, ">>sparse6<<".len()),
        None => (body, 0),
    };
    let at = |column: usize, problem| ParseError::new(Format::Sparse6, shift + column, problem);
    let Some(body) = body.strip_prefix(':') else {
        let problem = match body.chars().next() {
            Some(';') => ParseProblem::Incremental,
            c => ParseProblem::ExpectedColon { found: c.into() },
        };
        return Err(at(1, problem).into());
    };
    let body = printable(body, Format::Sparse6).map_err(|e| e.shifted(shift + 1))?;
    let (n, _, rest) = read_n(body).ok_or_else(|| at(body.len() + 2, ParseProblem::ShortVertexCount))?;
    if n > MAX_VERTICES {
        return Err(GraphError::too_large(GraphSize::new(n as u128, 0)));
    }
    let k = bits_for(n.saturating_sub(1));
    let mut reader = BitReader::new(rest);
    let mut edges = Vec::new();
    let mut count = 0usize;
    let mut v = 0usize;
    while reader.remaining() > k {
        let b = reader.read(1).expect("a bit remains");
        let x = reader.read(k).expect("k bits remain") as usize;
        if b == 1 {
            v += 1;
        }
        if v >= n {
            break;
        }
        if x > v {
            v = x;
        } else {
            count += 1;
            if count <= MAX_EDGES {
                edges.push((x, v));
            }
        }
    }
    if count > MAX_EDGES {
        return Err(GraphError::too_large(GraphSize::new(n as u128, count as u128)));
    }
    finish(n, &edges, budget)
}

/// The graph6 string of a graph (vertex numbering kept; edge order is not
/// part of graph6). It holds one bit per pair of vertices, so its length
/// grows with the square of the vertex count ([`graph6_len`]): for large
/// sparse graphs [`to_shortest`] gives sparse6 instead.
pub fn to_graph6(graph: &Graph) -> String {
    let n = graph.vertex_count();
    let mut out = write_n(n);
    // Bit j(j-1)/2 + i stands for the pair i < j, six bits a character,
    // most significant first; graph6 pads with 0-bits.
    let mut body = vec![0u8; (n * n.saturating_sub(1) / 2).div_ceil(6)];
    for &(u, v) in graph.edges() {
        let (i, j) = (u.min(v), u.max(v));
        let bit = j * (j - 1) / 2 + i;
        body[bit / 6] |= 1 << (5 - bit % 6);
    }
    out.extend(body.into_iter().map(|b| char::from(b + 63)));
    out
}

/// The length of the graph6 string of a graph with `vertices` vertices.
pub fn graph6_len(vertices: usize) -> u128 {
    let n = vertices as u128;
    let count = if vertices <= 62 {
        1
    } else if vertices <= 258_047 {
        4
    } else {
        8
    };
    count + (n * n.saturating_sub(1) / 2).div_ceil(6)
}

/// The graph in graph6 or in sparse6, whichever is shorter (graph6 when
/// they are as long); [`parse_graph_line`](super::parse_graph_line) reads
/// both. Large sparse graphs take sparse6, whose length grows with the
/// edges, where graph6's grows with the square of the vertices.
pub fn to_shortest(graph: &Graph) -> String {
    let sparse = to_sparse6(graph);
    if graph6_len(graph.vertex_count()) <= sparse.len() as u128 { to_graph6(graph) } else { sparse }
}

/// The sparse6 string of a graph, with the leading `:`.
pub fn to_sparse6(graph: &Graph) -> String {
    let n = graph.vertex_count();
    let k = bits_for(n.saturating_sub(1));
    let mut edges: Vec<(usize, usize)> = graph.edges().iter().map(|&(u, v)| (u.min(v), u.max(v))).collect();
    edges.sort_by_key(|&(i, j)| (j, i));
    let mut bits = BitWriter::default();
    let mut cur = 0usize;
    for (i, j) in edges {
        if j == cur {
            bits.push(0, 1);
            bits.push(i as u64, k);
        } else if j == cur + 1 {
            bits.push(1, 1);
            bits.push(i as u64, k);
        } else {
            bits.push(1, 1);
            bits.push(j as u64, k);
            bits.push(0, 1);
            bits.push(i as u64, k);
        }
        cur = j;
    }
    // Padding with 1-bits could read as one more edge n-1 ~ n-1 when n = 2^k;
    // formats.txt prescribes a 0-bit first in that case.
    let pad = (6 - bits.len % 6) % 6;
    let special = k < 6 && n == 1 << k && cur + 2 == n && pad > k;
    let mut s = String::from(":");
    s.push_str(&write_n(n));
    s.push_str(&bits.finish(!special, true));
    s
}

/// Number of bits needed to write `x` in binary (0 for 0).
fn bits_for(x: usize) -> usize {
    (usize::BITS - x.leading_zeros()) as usize
}

/// The bytes of a graph6 or sparse6 body, when every character is `?` to `~`.
fn printable(body: &str, format: Format) -> Result<&[u8], ParseError> {
    if body.is_empty() {
        return Err(ParseError::new(format, 1, ParseProblem::Empty));
    }
    match body.chars().enumerate().find(|&(_, c)| !('?'..='~').contains(&c)) {
        Some((i, c)) => Err(ParseError::new(format, i + 1, ParseProblem::OutOfRange { found: Found::Char(c) })),
        None => Ok(body.as_bytes()),
    }
}

/// The vertex count `N(n)`: the count, the characters it took, and the rest;
/// `None` when the body ends inside it.
fn read_n(body: &[u8]) -> Option<(usize, usize, &[u8])> {
    let value = |bytes: &[u8]| bytes.iter().fold(0usize, |acc, &b| (acc << 6) | (b - 63) as usize);
    match body {
        [126, 126, rest @ ..] => (rest.len() >= 6).then(|| (value(&rest[..6]), 8, &rest[6..])),
        [126, rest @ ..] => (rest.len() >= 3).then(|| (value(&rest[..3]), 4, &rest[3..])),
        [b, rest @ ..] => Some(((b - 63) as usize, 1, rest)),
        [] => None,
    }
}

fn write_n(n: usize) -> String {
    let bytes: Vec<u8> = if n <= 62 {
        vec![n as u8 + 63]
    } else if n <= 258_047 {
        std::iter::once(126).chain((0..3).rev().map(|i| ((n >> (6 * i)) & 63) as u8 + 63)).collect()
    } else {
        [126, 126].into_iter().chain((0..6).rev().map(|i| ((n >> (6 * i)) & 63) as u8 + 63)).collect()
    };
    String::from_utf8(bytes).expect("printable ASCII")
}

struct BitReader<'a> {
    bytes: &'a [u8],
    pos: usize,
}

impl<'a> BitReader<'a> {
    fn new(bytes: &'a [u8]) -> Self {
        BitReader { bytes, pos: 0 }
    }

    fn remaining(&self) -> usize {
        self.bytes.len() * 6 - self.pos
    }

    fn read(&mut self, k: usize) -> Option<u64> {
        if k > self.remaining() {
            return None;
        }
        let mut x = 0u64;
        for _ in 0..k {
            let byte = (self.bytes[self.pos / 6] - 63) as u64;
            x = (x << 1) | ((byte >> (5 - self.pos % 6)) & 1);
            self.pos += 1;
        }
        Some(x)
    }
}

#[derive(Default)]
struct BitWriter {
    bits: Vec<bool>,
    len: usize,
}

impl BitWriter {
    fn push(&mut self, value: u64, k: usize) {
        for i in (0..k).rev() {
            self.bits.push((value >> i) & 1 == 1);
        }
        self.len += k;
    }

    /// Pads to a multiple of six, the first padding bit `first` and the rest
    /// `rest`, and encodes six bits a byte.
    fn finish(mut self, first: bool, rest: bool) -> String {
        let pad = (6 - self.len % 6) % 6;
        for i in 0..pad {
            self.bits.push(if i == 0 { first } else { rest });
        }
        self.bits.chunks(6).map(|c| (c.iter().fold(0u8, |a, &b| (a << 1) | b as u8) + 63) as char).collect()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::formats::{parse_graph_line, parse_graph6, parse_sparse6};

    fn sorted_edges(g: &Graph) -> Vec<(usize, usize)> {
        let mut e: Vec<_> = g.edges().iter().map(|&(u, v)| (u.min(v), u.max(v))).collect();
        e.sort();
        e
    }

    fn problem(r: Result<Graph, GraphError>) -> (Format, usize, ParseProblem) {
        match r {
            Err(GraphError::Parse(e)) => (e.format, e.column, e.problem),
            other => panic!("{other:?}"),
        }
    }

    #[test]
    fn sparse6_path_on_two_vertices_is_colon_a_n() {
        let g = parse_sparse6(":An").unwrap();
        assert_eq!(sorted_edges(&g), vec![(0, 1)]);
        assert_eq!(to_sparse6(&g), ":An");
    }

    #[test]
    fn formats_txt_examples() {
        // The examples of nauty's formats.txt.
        let g = parse_graph6("DQc").unwrap();
        assert_eq!(sorted_edges(&g), vec![(0, 2), (0, 4), (1, 3), (3, 4)]);
        assert_eq!(to_graph6(&g), "DQc");
        // The sparse6 example has 7 vertices, 3 and 4 isolated: kept, with their numbers.
        let s = parse_graph_line(":Fa@x^").unwrap();
        assert_eq!(sorted_edges(&s), vec![(0, 1), (0, 2), (1, 2), (5, 6)]);
        assert_eq!((s.vertex_count(), s.isolated_vertices()), (7, vec![3, 4]));
        assert_eq!(to_sparse6(&s), ":Fa@x^");
    }

    #[test]
    fn edgeless_graphs_are_graphs() {
        for (line, n) in [("?", 0), ("@", 1), ("D??", 5), (":@", 1)] {
            let g = parse_graph_line(line).unwrap();
            assert_eq!((g.vertex_count(), g.edge_count(), g.isolated_count()), (n, 0, n), "{line}");
        }
        assert_eq!(to_graph6(&parse_graph6("D??").unwrap()), "D??");
    }

    #[test]
    fn malformed_lines_name_format_column_and_problem() {
        assert_eq!(
            problem(parse_graph6("D")),
            (Format::Graph6, 2, ParseProblem::EdgeBits { vertices: 5, expected: 2, found: 0 })
        );
        assert_eq!(
            problem(parse_graph6("DQc?")),
            (Format::Graph6, 4, ParseProblem::EdgeBits { vertices: 5, expected: 2, found: 3 })
        );
        assert_eq!(
            problem(parse_graph6("DQc!")),
            (Format::Graph6, 4, ParseProblem::OutOfRange { found: Found::Char('!') })
        );
        assert_eq!(
            problem(parse_graph6(">>graph6<<DQ!")),
            (Format::Graph6, 13, ParseProblem::OutOfRange { found: Found::Char('!') })
        );
        assert_eq!(problem(parse_graph6("~?")), (Format::Graph6, 3, ParseProblem::ShortVertexCount));
        assert_eq!(problem(parse_graph6("")), (Format::Graph6, 1, ParseProblem::Empty));
        assert_eq!(
            problem(parse_sparse6("An")),
            (Format::Sparse6, 1, ParseProblem::ExpectedColon { found: Found::Char('A') })
        );
        assert_eq!(problem(parse_sparse6(";An")), (Format::Sparse6, 1, ParseProblem::Incremental));
        assert_eq!(problem(parse_sparse6(":~?")), (Format::Sparse6, 4, ParseProblem::ShortVertexCount));
        assert_eq!(
            problem(parse_sparse6(":A\u{e9}")),
            (Format::Sparse6, 3, ParseProblem::OutOfRange { found: Found::Char('\u{e9}') })
        );
    }

    #[test]
    fn huge_vertex_counts_are_refused_before_allocating() {
        assert_eq!(parse_graph6("~~~~~~~~").unwrap_err(), GraphError::too_large(GraphSize::new((1 << 36) - 1, 0)));
        assert_eq!(parse_sparse6(":~~~~~~~~An").unwrap_err(), GraphError::too_large(GraphSize::new((1 << 36) - 1, 0)));
        // Just past the limit, and just within it (an edgeless graph of two million vertices).
        let past = format!(":{}", write_n(MAX_VERTICES + 1));
        assert!(matches!(parse_sparse6(&past), Err(GraphError::TooLarge { .. })));
        let at = format!(":{}", write_n(MAX_VERTICES));
        assert_eq!(parse_sparse6(&at).unwrap().vertex_count(), MAX_VERTICES);
    }

    #[test]
    fn graph6_lengths_and_the_shortest_text() {
        for n in [0usize, 1, 2, 62, 63, 64, 300] {
            let g = Graph::new(n, &[]).unwrap();
            assert_eq!(to_graph6(&g).len() as u128, graph6_len(n), "n={n}");
        }
        assert_eq!(graph6_len(258_048), 8 + (258_048u128 * 258_047 / 2).div_ceil(6));
        // Small dense graphs keep graph6; a long path takes sparse6.
        let k4 = Graph::from_edges(&[(0, 1), (0, 2), (0, 3), (1, 2), (1, 3), (2, 3)]).unwrap();
        assert_eq!(to_shortest(&k4), to_graph6(&k4));
        let p = crate::families::path(1000).unwrap();
        assert_eq!(to_shortest(&p), to_sparse6(&p));
        assert_eq!(sorted_edges(&parse_graph_line(&to_shortest(&p)).unwrap()), sorted_edges(&p));
    }

    #[test]
    fn many_vertex_counts_round_trip() {
        for n in [2usize, 3, 4, 8, 16, 17, 63, 64, 100] {
            let p = crate::families::path(n - 1).unwrap();
            assert_eq!(sorted_edges(&parse_graph6(&to_graph6(&p)).unwrap()), sorted_edges(&p), "graph6 n={n}");
            assert_eq!(sorted_edges(&parse_sparse6(&to_sparse6(&p)).unwrap()), sorted_edges(&p), "sparse6 n={n}");
        }
    }
}
