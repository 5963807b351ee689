//! The three rule sets: the Trimmed Game of Arrows, the Game of Arrows and
//! the Game of Cycles.
//!
//! A vertex is *constrained* when it may never become a sink or a source:
//! every internal vertex in the Trimmed Game of Arrows (Definition 2.2), and
//! every vertex in the Game of Arrows (dormant states, Definition 3.1) and
//! in the Game of Cycles. A decoration is a state of the variant when no
//! constrained vertex is a sink or a source; a follower adds one arrow and
//! is again a state.
//!
//! The Game of Cycles (Su; Alvarado et al. 2021) is the Game of Arrows on a
//! plane graph with one more rule: a decoration that *completes* a cycle
//! cell (every edge of the cell marked, the arrows one directed cycle) is
//! terminal, and the player who completed it has won (lost, under misère
//! play). On a graph without cells, a forest for instance, it is the Game
//! of Arrows. Who wins at the end, and the value of a Game of Cycles
//! position, are the subject of [`crate::play`].
//!
//! An isolated vertex is never constrained: no edge can ever touch it, so
//! it is never counted as a sink or a source, and a graph with isolated
//! vertices plays as the graph without them.

use crate::decoration::{Arrow, Decoration, arrow_on};
use crate::graph::{EdgeId, Graph, Vertex};
use serde::{Deserialize, Serialize};
use std::fmt;

/// Which game is played on a graph.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Variant {
    /// The Trimmed Game of Arrows: leaves may become sinks or sources.
    Trimmed,
    /// The Game of Arrows: no vertex may become a sink or a source (dormant states).
    Untrimmed,
    /// The Game of Cycles: the Game of Arrows on a plane graph, ended at
    /// once by a move that completes a cycle cell.
    Cycles,
}

impl Variant {
    /// The name used in JSON output: `trimmed`, `untrimmed` or `cycles`.
    pub fn as_str(self) -> &'static str {
        match self {
            Variant::Trimmed => "trimmed",
            Variant::Untrimmed => "untrimmed",
            Variant::Cycles => "cycles",
        }
    }

    /// The paper's name of the game.
    pub fn title(self) -> &'static str {
        match self {
            Variant::Trimmed => "Trimmed Game of Arrows",
            Variant::Untrimmed => "Game of Arrows",
            Variant::Cycles => "Game of Cycles",
        }
    }

    /// `true` when `v` may never become a sink or a source: an internal
    /// vertex (Trimmed Game of Arrows) or any vertex with an edge (Game of
    /// Arrows, Game of Cycles). An isolated vertex never is.
    pub fn is_constrained(self, graph: &Graph, v: Vertex) -> bool {
        match self {
            Variant::Trimmed => graph.degree(v) >= 2,
            Variant::Untrimmed | Variant::Cycles => graph.degree(v) >= 1,
        }
    }

    /// `true` when the graph's cells take part in the game on `graph`: the
    /// Game of Cycles on a graph with at least one cell.
    pub fn plays_cells(self, graph: &Graph) -> bool {
        self == Variant::Cycles && !graph.cell_list().is_empty()
    }

    /// `true` when `d` completes a cell and the cells take part: the game is over.
    pub fn is_over(self, graph: &Graph, d: &Decoration) -> bool {
        self.plays_cells(graph) && graph.cells().is_some_and(|c| c.completed(d).is_some())
    }

    /// The first constrained vertex that is a sink or a source, if any.
    pub fn violation(self, graph: &Graph, d: &Decoration) -> Option<Violation> {
        (0..graph.vertex_count()).filter(|&v| self.is_constrained(graph, v)).find_map(|v| {
            let c = VertexCount::of(graph, d, v);
            if c.unmarked > 0 {
                None
            } else if c.outs == 0 {
                Some(Violation::Sink(v))
            } else if c.ins == 0 {
                Some(Violation::Source(v))
            } else {
                None
            }
        })
    }

    /// `true` when `d` is a state of this variant (a dormant state for
    /// [`Variant::Untrimmed`]).
    pub fn is_state(self, graph: &Graph, d: &Decoration) -> bool {
        self.violation(graph, d).is_none()
    }

    /// `true` when adding the arrow on unmarked edge `e` (forward or backward)
    /// to the state `d` gives a state. Only the two ends of `e` can change.
    pub fn is_legal(self, graph: &Graph, d: &Decoration, e: EdgeId, forward: bool) -> bool {
        debug_assert!(!d.is_marked(e));
        let a = arrow_on(graph, e, forward);
        let tail = VertexCount::of(graph, d, a.tail);
        let head = VertexCount::of(graph, d, a.head);
        self.legal_between(graph, a, tail, head)
    }

    /// [`Variant::is_legal`] for the arrow `a` from the counts at its tail and its head.
    fn legal_between(self, graph: &Graph, a: Arrow, tail: VertexCount, head: VertexCount) -> bool {
        // The tail gains an out-arrow: it becomes a source when this was its
        // last unmarked edge and it had no in-arrow.
        let tail_source = tail.unmarked == 1 && tail.ins == 0 && self.is_constrained(graph, a.tail);
        let head_sink = head.unmarked == 1 && head.outs == 0 && self.is_constrained(graph, a.head);
        !tail_source && !head_sink
    }

    /// The moves from the state `d`: every arrow whose addition gives a
    /// state, in edge order, forward before backward; none when `d`
    /// completes a cell in the Game of Cycles (the game is over).
    ///
    /// Linear in the size of the graph: the arrows at each vertex are
    /// counted once (a star's hub is met by every edge).
    pub fn moves(self, graph: &Graph, d: &Decoration) -> Vec<Arrow> {
        let mut out = Vec::new();
        if self.is_over(graph, d) {
            return out;
        }
        let mut counts = VertexCounts::new(graph, d);
        for e in d.unmarked_edges() {
            let (s, t) = graph.ends(e);
            let (cs, ct) = (counts.get(s), counts.get(t));
            for forward in [true, false] {
                let a = arrow_on(graph, e, forward);
                let (tail, head) = if forward { (cs, ct) } else { (ct, cs) };
                if self.legal_between(graph, a, tail, head) {
                    out.push(a);
                }
            }
        }
        out
    }

    /// The followers of the state `d` (Definition 2.3), in the order of [`Variant::moves`].
    pub fn followers(self, graph: &Graph, d: &Decoration) -> Vec<Decoration> {
        self.moves(graph, d)
            .into_iter()
            .map(|a| {
                let e = graph.edge_between(a.tail, a.head).expect("a move lies on an edge");
                let mut f = d.clone();
                f.mark(e, graph.ends(e).0 == a.tail);
                f
            })
            .collect()
    }

    /// `true` when the state `d` has no follower (in the Game of Cycles,
    /// also when it completes a cell).
    pub fn is_terminal(self, graph: &Graph, d: &Decoration) -> bool {
        if self.is_over(graph, d) {
            return true;
        }
        let mut counts = VertexCounts::new(graph, d);
        d.unmarked_edges().all(|e| {
            let (s, t) = graph.ends(e);
            let (cs, ct) = (counts.get(s), counts.get(t));
            !self.legal_between(graph, arrow_on(graph, e, true), cs, ct)
                && !self.legal_between(graph, arrow_on(graph, e, false), ct, cs)
        })
    }
}

impl fmt::Display for Variant {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

/// A constrained vertex that is a sink or a source.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Violation {
    /// Every edge at the vertex points into it.
    Sink(Vertex),
    /// Every edge at the vertex points out of it.
    Source(Vertex),
}

impl fmt::Display for Violation {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Violation::Sink(v) => write!(f, "vertex {v} is a sink"),
            Violation::Source(v) => write!(f, "vertex {v} is a source"),
        }
    }
}

/// The arrows at one vertex: how many point in, out, and how many edges are unmarked.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct VertexCount {
    /// Arrows whose head is the vertex.
    pub ins: usize,
    /// Arrows whose tail is the vertex.
    pub outs: usize,
    /// Unmarked edges at the vertex.
    pub unmarked: usize,
}

impl VertexCount {
    /// Counts the arrows of `d` at `v`.
    pub fn of(graph: &Graph, d: &Decoration, v: Vertex) -> VertexCount {
        let mut c = VertexCount::default();
        for &(e, _) in graph.incidence(v) {
            match d.get(e) {
                None => c.unmarked += 1,
                Some(fwd) => {
                    if (graph.ends(e).0 == v) == fwd {
                        c.outs += 1;
                    } else {
                        c.ins += 1;
                    }
                }
            }
        }
        c
    }

    /// `true` when every edge points into the vertex.
    pub fn is_sink(self) -> bool {
        self.unmarked == 0 && self.outs == 0 && self.ins > 0
    }

    /// `true` when every edge points out of the vertex.
    pub fn is_source(self) -> bool {
        self.unmarked == 0 && self.ins == 0 && self.outs > 0
    }
}

/// The counts of [`VertexCount::of`], each vertex counted once and kept:
/// what keeps a pass over every edge linear when some vertex is met by
/// many of them.
struct VertexCounts<'a> {
    graph: &'a Graph,
    d: &'a Decoration,
    known: Vec<Option<VertexCount>>,
}

impl<'a> VertexCounts<'a> {
    fn new(graph: &'a Graph, d: &'a Decoration) -> Self {
        VertexCounts { graph, d, known: vec![None; graph.vertex_count()] }
    }

    fn get(&mut self, v: Vertex) -> VertexCount {
        *self.known[v].get_or_insert_with(|| VertexCount::of(self.graph, self.d, v))
    }
}

/// The sinks of a decoration (every vertex, constrained or not).
pub fn sinks(graph: &Graph, d: &Decoration) -> Vec<Vertex> {
    (0..graph.vertex_count()).filter(|&v| VertexCount::of(graph, d, v).is_sink()).collect()
}

/// The sources of a decoration (every vertex, constrained or not).
pub fn sources(graph: &Graph, d: &Decoration) -> Vec<Vertex> {
    (0..graph.vertex_count()).filter(|&v| VertexCount::of(graph, d, v).is_source()).collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn path(n: usize) -> Graph {
        Graph::from_edges(&(0..n).map(|i| (i, i + 1)).collect::<Vec<_>>()).unwrap()
    }

    #[test]
    fn one_edge_path_has_no_move_in_the_game_of_arrows() {
        let g = path(1);
        let empty = Decoration::empty(1);
        assert!(Variant::Untrimmed.moves(&g, &empty).is_empty());
        assert_eq!(Variant::Trimmed.moves(&g, &empty).len(), 2);
    }

    #[test]
    fn internal_sinks_and_sources_are_refused() {
        let g = path(2);
        let d = Decoration::parse(&g, "0>1").unwrap();
        // 2>1 would make vertex 1 a sink.
        assert_eq!(Variant::Trimmed.moves(&g, &d), vec![Arrow::new(1, 2)]);
        let bad = Decoration::parse(&g, "0>1,2>1").unwrap();
        assert_eq!(Variant::Trimmed.violation(&g, &bad), Some(Violation::Sink(1)));
        assert_eq!(sinks(&g, &bad), vec![1]);
        assert_eq!(sources(&g, &bad), vec![0, 2]);
        // Leaves 0 and 2 are sources: fine when trimmed, not in the Game of Arrows.
        let ok = Decoration::parse(&g, "0>1,1>2").unwrap();
        assert!(Variant::Trimmed.is_state(&g, &ok));
        assert_eq!(Variant::Untrimmed.violation(&g, &ok), Some(Violation::Source(0)));
    }

    #[test]
    fn isolated_vertices_are_never_sinks_or_sources() {
        // P_2 with a vertex 3 that no edge touches plays exactly as P_2.
        let p = path(2);
        let g = Graph::new(4, p.edges()).unwrap();
        for v in [Variant::Trimmed, Variant::Untrimmed] {
            assert!(!v.is_constrained(&g, 3));
            for marks in 0..9u32 {
                let mut d = Decoration::empty(2);
                for e in 0..2 {
                    match marks / 3u32.pow(e as u32) % 3 {
                        0 => {}
                        k => d.mark(e, k == 1),
                    }
                }
                assert_eq!(v.violation(&g, &d), v.violation(&p, &d), "{d:?}");
                assert_eq!(v.moves(&g, &d), v.moves(&p, &d), "{d:?}");
            }
        }
        // A graph with no edge: one state, no move.
        let none = Graph::new(3, &[]).unwrap();
        let empty = Decoration::empty(0);
        for v in [Variant::Trimmed, Variant::Untrimmed] {
            assert!(v.is_state(&none, &empty) && v.is_terminal(&none, &empty));
        }
        assert!(sinks(&none, &empty).is_empty() && sources(&none, &empty).is_empty());
    }

    #[test]
    fn moves_are_the_legal_arrows_edge_by_edge() {
        // A star's hub meets every edge: the moves count its arrows once,
        // and must agree with the edge-by-edge rule.
        let star = Graph::from_edges(&(1..=6).map(|i| (0, i)).collect::<Vec<_>>()).unwrap();
        let spider = Graph::from_edges(&[(0, 1), (1, 2), (0, 3), (3, 4), (0, 5), (2, 6)]).unwrap();
        for g in [star, spider, path(5)] {
            for marks in 0..3u32.pow(g.edge_count() as u32) {
                let mut d = Decoration::empty(g.edge_count());
                for e in 0..g.edge_count() {
                    match marks / 3u32.pow(e as u32) % 3 {
                        0 => {}
                        k => d.mark(e, k == 1),
                    }
                }
                for v in [Variant::Trimmed, Variant::Untrimmed] {
                    let by_edge: Vec<Arrow> = d
                        .unmarked_edges()
                        .flat_map(|e| [true, false].map(|f| (e, f)))
                        .filter(|&(e, f)| v.is_legal(&g, &d, e, f))
                        .map(|(e, f)| arrow_on(&g, e, f))
                        .collect();
                    assert_eq!(v.moves(&g, &d), by_edge, "{d:?}");
                    assert_eq!(v.is_terminal(&g, &d), by_edge.is_empty(), "{d:?}");
                }
            }
        }
    }

    #[test]
    fn followers_add_exactly_one_arrow() {
        let g = path(4);
        let d = Decoration::parse(&g, "1>2").unwrap();
        for f in Variant::Trimmed.followers(&g, &d) {
            assert!(d.is_subset(&f));
            assert_eq!(f.len(), 2);
            assert!(Variant::Trimmed.is_state(&g, &f));
        }
    }
}
