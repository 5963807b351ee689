//! Reading and writing graphs: edge lists, graph6 and sparse6.
//!
//! graph6 and sparse6 are the formats of nauty (`geng`, `gentreeg`),
//! networkx and SageMath, as specified in nauty's `formats.txt`: printable
//! bytes 63..=126, each carrying six bits, most significant first; the
//! vertex count `N(n)` takes 1, 4 or 8 bytes. A line may begin with the
//! optional header `>>graph6<<` or `>>sparse6<<`.
//!
//! Every reader checks the sizes it is told before allocating, so a short
//! malicious line cannot ask for unbounded memory.

use crate::graph::{Graph, GraphError, Vertex};

/// Reads an edge list: `0-1,1-2,1-3` (commas, semicolons or whitespace between edges).
pub fn parse_edge_list(text: &str) -> Result<Graph, GraphError> {
    let mut edges = Vec::new();
    for part in text.split(|c: char| c == ',' || c == ';' || c.is_whitespace()).filter(|p| !p.is_empty()) {
        let bad = || {
            GraphError::Parse(format!(
                "cannot read the edge {part:?}; write edges as U-V with vertex numbers, e.g. \"0-1,1-2,1-3\""
            ))
        };
        let (u, v) = part.split_once('-').ok_or_else(bad)?;
        let u: Vertex = u.trim().parse().map_err(|_| bad())?;
        let v: Vertex = v.trim().parse().map_err(|_| bad())?;
        edges.push((u, v));
    }
    check_vertex_numbers(&edges)?;
    Graph::from_edges(&edges)
}

/// Reads one graph6 line (with or without the `>>graph6<<` header).
pub fn parse_graph6(line: &str) -> Result<Graph, GraphError> {
    let body = line.trim_end_matches(['\r', '\n']);
    let body = body.strip_prefix(">>graph6<<").unwrap_or(body).as_bytes();
    check_printable(body, "graph6")?;
    let (n, rest) = read_n(body, "graph6")?;
    let bits = n.checked_mul(n.saturating_sub(1)).map(|b| b / 2).ok_or_else(|| too_large(n))?;
    let want = bits.div_ceil(6);
    if rest.len() != want {
        return Err(GraphError::Parse(format!(
            "this graph6 line says {n} vertices, which needs {want} bytes of edge bits, but it has {}; \
             check that the line is complete and is graph6 (sparse6 lines start with ':')",
            rest.len()
        )));
    }
    let mut reader = BitReader::new(rest);
    let mut edges = Vec::new();
    for j in 1..n {
        for i in 0..j {
            if reader.read(1) == Some(1) {
                edges.push((i, j));
            }
        }
    }
    finish_graph(n, &edges)
}

/// Reads one sparse6 line (starting with `:`, with or without the `>>sparse6<<` header).
pub fn parse_sparse6(line: &str) -> Result<Graph, GraphError> {
    let body = line.trim_end_matches(['\r', '\n']);
    let body = body.strip_prefix(">>sparse6<<").unwrap_or(body);
    if body.starts_with(';') {
        return Err(GraphError::Parse(
            "incremental sparse6 (a line starting with ';') is not supported; write each graph in full".into(),
        ));
    }
    let body = body
        .strip_prefix(':')
        .ok_or_else(|| GraphError::Parse("a sparse6 line must start with ':'".into()))?
        .as_bytes();
    check_printable(body, "sparse6")?;
    let (n, rest) = read_n(body, "sparse6")?;
    let k = bits_for(n.saturating_sub(1));
    let mut reader = BitReader::new(rest);
    let mut edges = Vec::new();
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
            edges.push((x, v));
        }
    }
    finish_graph(n, &edges)
}

/// Reads one line in any supported syntax: sparse6 (`:`...), an edge list
/// (`0-1,...`), or graph6.
pub fn parse_graph_line(line: &str) -> Result<Graph, GraphError> {
    let t = line.trim();
    if t.starts_with(':') || t.starts_with(';') || t.starts_with(">>sparse6<<") {
        parse_sparse6(t)
    } else if t.starts_with('&') || t.starts_with(">>digraph6<<") {
        Err(GraphError::Parse(
            "digraph6 describes a directed graph; give an undirected graph in graph6 or sparse6".into(),
        ))
    } else if t.contains('-') && t.chars().all(|c| c.is_ascii_digit() || "-,; \t".contains(c)) {
        parse_edge_list(t)
    } else {
        parse_graph6(t)
    }
}

/// Reads every graph of a text, one per line; blank lines and lines
/// starting with `#` are skipped. Each item carries its 1-based line number.
pub fn parse_graphs(text: &str) -> impl Iterator<Item = (usize, Result<Graph, GraphError>)> + '_ {
    text.lines()
        .enumerate()
        .filter(|(_, l)| !l.trim().is_empty() && !l.trim_start().starts_with('#'))
        .map(|(i, l)| (i + 1, parse_graph_line(l)))
}

/// The graph6 string of a graph (vertex numbering kept; edge order is not part of graph6).
pub fn to_graph6(graph: &Graph) -> String {
    let n = graph.vertex_count();
    let mut out = write_n(n);
    let mut bits = BitWriter::default();
    for j in 1..n {
        for i in 0..j {
            bits.push(graph.edge_between(i, j).is_some() as u64, 1);
        }
    }
    // graph6 pads with 0-bits.
    out.push_str(&bits.finish(false, false));
    out
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

fn too_large(n: usize) -> GraphError {
    GraphError::Parse(format!("a graph with {n} vertices is too large to read; give a smaller graph"))
}

fn check_printable(body: &[u8], format: &str) -> Result<(), GraphError> {
    match body.iter().position(|&b| !(63..=126).contains(&b)) {
        Some(p) => Err(GraphError::Parse(format!(
            "byte {} of this {format} line is {:?}, outside the allowed range '?'..='~'; check the line is {format}",
            p + 1,
            body[p] as char
        ))),
        None if body.is_empty() => Err(GraphError::Parse(format!("the {format} line is empty; give a graph"))),
        None => Ok(()),
    }
}

fn read_n<'a>(body: &'a [u8], format: &str) -> Result<(usize, &'a [u8]), GraphError> {
    let short = || GraphError::Parse(format!("the {format} line ends inside its vertex count; check it is complete"));
    let value = |bytes: &[u8]| bytes.iter().fold(0usize, |acc, &b| (acc << 6) | (b - 63) as usize);
    match body {
        [126, 126, rest @ ..] => (rest.len() >= 6).then(|| (value(&rest[..6]), &rest[6..])).ok_or_else(short),
        [126, rest @ ..] => (rest.len() >= 3).then(|| (value(&rest[..3]), &rest[3..])).ok_or_else(short),
        [b, rest @ ..] => Ok(((b - 63) as usize, rest)),
        [] => Err(short()),
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

/// Builds the graph, refusing isolated vertices before allocating `n` of anything.
fn finish_graph(n: usize, edges: &[(Vertex, Vertex)]) -> Result<Graph, GraphError> {
    if edges.is_empty() {
        return Err(GraphError::Empty);
    }
    let mut used: Vec<Vertex> = edges.iter().flat_map(|&(u, v)| [u, v]).collect();
    used.sort_unstable();
    used.dedup();
    if let Some(v) = (0..n).zip(used.iter()).find(|(i, u)| i != *u).map(|(i, _)| i) {
        return Err(GraphError::IsolatedVertex { vertex: v });
    }
    if used.len() < n {
        return Err(GraphError::IsolatedVertex { vertex: used.len() });
    }
    Graph::from_edges(edges)
}

/// Refuses vertex numbers so large that the vertex table would not fit:
/// without isolated vertices, `n <= 2 * edges`.
fn check_vertex_numbers(edges: &[(Vertex, Vertex)]) -> Result<(), GraphError> {
    let max = edges.iter().map(|&(u, v)| u.max(v)).max().unwrap_or(0);
    if max >= 2 * edges.len().max(1) {
        let mut used: Vec<Vertex> = edges.iter().flat_map(|&(u, v)| [u, v]).collect();
        used.sort_unstable();
        used.dedup();
        let gap = (0..).zip(used.iter()).find(|(i, u)| i != *u).map_or(used.len(), |(i, _)| i);
        return Err(GraphError::IsolatedVertex { vertex: gap });
    }
    Ok(())
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

    fn sorted_edges(g: &Graph) -> Vec<(usize, usize)> {
        let mut e: Vec<_> = g.edges().iter().map(|&(u, v)| (u.min(v), u.max(v))).collect();
        e.sort();
        e
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
        let s = parse_graph_line(":Fa@x^");
        // That example has isolated vertices 3 and 4, which the game refuses.
        assert_eq!(s.unwrap_err(), GraphError::IsolatedVertex { vertex: 3 });
    }

    #[test]
    fn headers_and_detection() {
        let g = parse_graph_line(">>graph6<<DQc").unwrap();
        assert_eq!(g.edge_count(), 4);
        assert_eq!(parse_graph_line(">>sparse6<<:An").unwrap().edge_count(), 1);
        assert_eq!(parse_graph_line("0-1, 1-2").unwrap().edge_count(), 2);
        assert!(parse_graph_line(";An").is_err());
        assert!(parse_graph_line("&An").is_err());
    }

    #[test]
    fn malformed_lines_are_refused_without_allocating() {
        assert!(parse_graph6("D").is_err());
        assert!(parse_graph6("DQc!").is_err());
        assert!(parse_graph6("~~~~~~~~").is_err());
        assert!(parse_sparse6(":~~~~~~~~An").is_err());
        assert!(parse_edge_list("0-1,5-1000000000000").is_err());
        assert!(parse_edge_list("0-1,1-x").is_err());
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
