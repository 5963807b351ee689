//! Graphs as text (graph6, sparse6, edge lists, streams of them) and states
//! in the arrow notation.

use super::{first_line, text};
use arrows_core::formats::{self, Format, GraphLines, ParseError, ReadError};
use arrows_core::{Decoration, DecorationError, Graph, GraphError, Position, Variant, families};
use arrows_work::Budget;

/// The longest graph6 text a round trip writes (a graph of about 1,100 vertices).
const GRAPH6_WRITTEN: u128 = 1 << 16;

/// A graph's vertex count and its edges, each as `(smaller, larger)`, sorted.
fn shape(g: &Graph) -> (usize, Vec<(usize, usize)>) {
    let mut edges: Vec<(usize, usize)> = g.edges().iter().map(|&(u, v)| (u.min(v), u.max(v))).collect();
    edges.sort_unstable();
    (g.vertex_count(), edges)
}

/// A parse error of `format` whose column lies inside the text read (or
/// one past its end). The text counts as one line: an edge list may run
/// over several, and its columns count every character.
fn parse_error_inside(e: &GraphError, text: &str, format: Option<Format>) {
    if let GraphError::Parse(ParseError { format: f, column, .. }) = e {
        if let Some(format) = format {
            assert_eq!(*f, format, "{e}");
        }
        let width = text.chars().count();
        assert!(*column >= 1 && *column <= width + 1, "column {column} outside a text of {width} characters");
    }
    assert!(!e.to_string().is_empty());
}

/// The graph is within the size limit, and every writer's text reads back
/// as the same graph: graph6 (when short enough to write), sparse6, the
/// shortest of the two, and the edge list (same edges in the same order).
fn writers_round_trip(g: &Graph) {
    assert!(g.size().within_limit(), "{}", g.size());
    let want = shape(g);
    if formats::graph6_len(g.vertex_count()) <= GRAPH6_WRITTEN {
        let s = formats::to_graph6(g);
        assert_eq!(s.len() as u128, formats::graph6_len(g.vertex_count()));
        assert_eq!(shape(&formats::parse_graph6(&s).expect("graph6 reads back")), want, "{s}");
        assert_eq!(shape(&formats::parse_graph_line(&s).expect("graph6 reads back as a line")), want, "{s}");
    }
    let s = formats::to_sparse6(g);
    assert_eq!(shape(&formats::parse_sparse6(&s).expect("sparse6 reads back")), want, "{s}");
    if formats::graph6_len(g.vertex_count()) <= GRAPH6_WRITTEN {
        let s = formats::to_shortest(g);
        assert_eq!(shape(&formats::parse_graph_line(&s).expect("the shortest text reads back")), want, "{s}");
    }
    if !g.is_empty() {
        let s = g.edge_list();
        let back = formats::parse_edge_list(&s).expect("the edge list reads back");
        assert_eq!(back.edges(), g.edges(), "{s}");
    }
}

/// `formats::parse_graph6`.
pub fn graph6(data: &[u8]) {
    let t = text(data);
    match formats::parse_graph6(&t) {
        Ok(g) => writers_round_trip(&g),
        Err(e) => parse_error_inside(&e, &t, Some(Format::Graph6)),
    }
}

/// `formats::parse_sparse6`.
pub fn sparse6(data: &[u8]) {
    let t = text(data);
    match formats::parse_sparse6(&t) {
        Ok(g) => writers_round_trip(&g),
        Err(e) => parse_error_inside(&e, &t, Some(Format::Sparse6)),
    }
}

/// `formats::parse_edge_list`, and `parse_graph_line` on the same text when
/// it reads it as an edge list (same graph, or an error both ways).
pub fn edge_list(data: &[u8]) {
    let t = text(data);
    let read = formats::parse_edge_list(&t);
    match &read {
        Ok(g) => writers_round_trip(g),
        Err(e) => parse_error_inside(e, &t, Some(Format::EdgeList)),
    }
    if t.trim_start().starts_with(|c: char| c.is_ascii_digit()) && !t.contains('\n') {
        let line = formats::parse_graph_line(&t);
        assert_eq!(line.as_ref().map(shape).ok(), read.as_ref().map(shape).ok(), "{t:?}");
        if let Err(e) = line {
            parse_error_inside(&e, &t, Some(Format::EdgeList));
        }
    }
}

/// `GraphLines` on the bytes as a stream: lines numbered in increasing
/// order, errors inside the input; on UTF-8 text the same graphs as
/// `parse_graphs`, and the same again under a budget that fits them.
pub fn graph_lines(data: &[u8]) {
    let lines: Vec<&[u8]> = data.split(|&b| b == b'\n').collect();
    let mut read = Vec::new();
    let mut last = 0;
    for item in GraphLines::new(data) {
        let line = match &item {
            Ok(g) => g.line,
            Err(e) => e.line(),
        };
        assert!(line > last && line <= lines.len(), "line {line} after {last}, of {}", lines.len());
        last = line;
        match item {
            Ok(g) => {
                assert!(g.graph.size().within_limit());
                read.push((line, Some(shape(&g.graph))));
            }
            Err(ReadError::Graph { source, .. }) => {
                // The line is text (else the error would be NotText), and
                // its error is the one of the line alone: columns count
                // from the start of the line as written.
                let raw = std::str::from_utf8(lines[line - 1]).expect("a line read as text");
                parse_error_inside(&source, raw, None);
                assert_eq!(Some(&source), formats::parse_graph_line(raw).err().as_ref(), "{raw:?}");
                read.push((line, None));
            }
            Err(ReadError::NotText { byte, .. }) => assert!(byte >= 1 && byte <= lines[line - 1].len()),
            Err(e) => panic!("{e}"),
        }
    }
    if let Ok(t) = std::str::from_utf8(data) {
        let parsed: Vec<(usize, Option<_>)> =
            formats::parse_graphs(t).map(|(l, g)| (l, g.ok().map(|g| shape(&g)))).collect();
        assert_eq!(parsed, read);
        let budget = Budget::bytes(64 << 20);
        let within: Vec<(usize, Option<_>)> = GraphLines::new(data)
            .within(budget)
            .map(|r| match r {
                Ok(g) => (g.line, Some(shape(&g.graph))),
                Err(e) => (e.line(), None),
            })
            .collect();
        assert_eq!(within, read);
    }
}

/// The graphs a state is read against when the first line is not a small graph.
fn fallback_graph(selector: u8) -> Graph {
    match selector % 4 {
        0 => families::spider(&[2, 2, 3]).expect("a spider"),
        1 => families::cycle(5).expect("a cycle"),
        2 => formats::parse_edge_list("0-1,0-2,0-3,1-2,1-3,2-3").expect("K4"),
        _ => families::caterpillar(&[2, 0, 3]).expect("a caterpillar"),
    }
}

/// The most edges of a graph a state is read against.
const STATE_EDGES: usize = 200;

/// `Decoration::parse` (the arrow notation, `0>1,5>4`) against the graph on
/// the first line (or a fixed small graph): a decoration read back from its
/// own notation is the same; its flip is an involution; when it is a state
/// of a rule set, each follower adds one arrow to it.
pub fn state(data: &[u8]) {
    let t = text(data);
    let (head, arrows) = first_line(&t);
    let graph = match formats::parse_graph_line(head) {
        Ok(g) if g.edge_count() <= STATE_EDGES => g,
        _ => fallback_graph(data.first().copied().unwrap_or(0)),
    };
    match Decoration::parse(&graph, arrows) {
        Ok(d) => {
            assert_eq!(d.edge_count(), graph.edge_count());
            let written = d.display(&graph).to_string();
            assert_eq!(Decoration::parse(&graph, &written).as_ref(), Ok(&d), "{written}");
            assert_eq!(d.flip().flip(), d);
            for variant in [Variant::Trimmed, Variant::Untrimmed] {
                let position = Position::new(&graph, variant, &d);
                if position.violation().is_some() {
                    continue;
                }
                for follower in position.followers() {
                    assert!(d.is_subset(&follower) && follower.len() == d.len() + 1);
                }
            }
        }
        Err(DecorationError::Syntax(part)) => assert!(arrows.contains(part.as_str()), "{part:?}"),
        Err(DecorationError::NotAnEdge(a)) => assert_eq!(graph.edge_between(a.tail, a.head), None),
        Err(DecorationError::TwoArrowsOnEdge(a, b)) => {
            assert!(graph.edge_between(a.tail, a.head).is_some());
            assert_eq!(graph.edge_between(a.tail, a.head), graph.edge_between(b.tail, b.head));
        }
    }
}
