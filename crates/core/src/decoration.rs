//! Arrows and decorations (Definition 2.1), stored as bitmasks.
//!
//! A [`Decoration`] is a pair of bitsets over the edges of a graph:
//! `marked` (bit `i` set when edge `i` carries an arrow) and `forward`
//! (bit `i` set when that arrow is the forward arrow `s>t` of edge `i = (s, t)`).
//! Invariant: `forward ⊆ marked`, so a decoration has at most one arrow per edge.

use crate::graph::{EdgeId, Graph, Vertex};
use fixedbitset::FixedBitSet;
use std::fmt;

/// An arrow: an oriented edge, written `tail>head`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Arrow {
    /// The vertex the arrow leaves.
    pub tail: Vertex,
    /// The vertex the arrow enters.
    pub head: Vertex,
}

impl Arrow {
    /// The arrow `tail>head`.
    pub fn new(tail: Vertex, head: Vertex) -> Arrow {
        Arrow { tail, head }
    }

    /// The flip of the arrow (Definition 4.4): `head>tail`.
    pub fn flip(self) -> Arrow {
        Arrow { tail: self.head, head: self.tail }
    }
}

impl serde::Serialize for Arrow {
    /// An arrow serializes as its notation, `"3>4"`.
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.collect_str(self)
    }
}

impl<'de> serde::Deserialize<'de> for Arrow {
    /// An arrow deserializes from its notation, `"3>4"` or `"4<3"`.
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<Arrow, D::Error> {
        let text = String::deserialize(d)?;
        match parse_arrows(&text).map_err(serde::de::Error::custom)?.as_slice() {
            [a] => Ok(*a),
            _ => Err(serde::de::Error::custom(format!("expected one arrow, got {text:?}"))),
        }
    }
}

impl fmt::Display for Arrow {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}>{}", self.tail, self.head)
    }
}

/// Why a set of arrows is not a decoration of a graph.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum DecorationError {
    /// The text is not in the arrow notation.
    Syntax(String),
    /// The arrow's two vertices are not joined by an edge.
    NotAnEdge(Arrow),
    /// Two arrows lie on the same edge.
    TwoArrowsOnEdge(Arrow, Arrow),
}

impl fmt::Display for DecorationError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            DecorationError::Syntax(t) => write!(
                f,
                "cannot read the arrow {t:?}; write arrows as TAIL>HEAD (or HEAD<TAIL) separated by commas, e.g. \"0>1,5>4\""
            ),
            DecorationError::NotAnEdge(a) => {
                write!(f, "the arrow {a} is not on an edge of the graph; use two adjacent vertices")
            }
            DecorationError::TwoArrowsOnEdge(a, b) => {
                write!(f, "the arrows {a} and {b} lie on the same edge; mark each edge at most once")
            }
        }
    }
}

impl std::error::Error for DecorationError {}

/// A decoration of a graph: at most one arrow per edge, as bitmasks.
#[derive(Clone, PartialEq, Eq, Hash)]
pub struct Decoration {
    marked: FixedBitSet,
    forward: FixedBitSet,
}

impl Decoration {
    /// The empty decoration of a graph with `edge_count` edges.
    pub fn empty(edge_count: usize) -> Decoration {
        Decoration { marked: FixedBitSet::with_capacity(edge_count), forward: FixedBitSet::with_capacity(edge_count) }
    }

    /// The decoration of `graph` made of `arrows`.
    pub fn from_arrows(graph: &Graph, arrows: &[Arrow]) -> Result<Decoration, DecorationError> {
        let mut d = Decoration::empty(graph.edge_count());
        let mut on_edge: Vec<Option<Arrow>> = vec![None; graph.edge_count()];
        for &a in arrows {
            let e = graph.edge_between(a.tail, a.head).ok_or(DecorationError::NotAnEdge(a))?;
            if let Some(b) = on_edge[e] {
                return Err(DecorationError::TwoArrowsOnEdge(b, a));
            }
            on_edge[e] = Some(a);
            d.mark(e, graph.ends(e).0 == a.tail);
        }
        Ok(d)
    }

    /// Reads the arrow notation (`"0>1,5>4"`, or `"1<0"`; empty text is the
    /// empty decoration) as a decoration of `graph`.
    pub fn parse(graph: &Graph, text: &str) -> Result<Decoration, DecorationError> {
        Decoration::from_arrows(graph, &parse_arrows(text)?)
    }

    /// The decoration with the given masks: bit `i` of `marked` marks edge
    /// `i`, bit `i` of `forward` makes its arrow forward.
    ///
    /// # Panics
    /// If `edge_count > 64` or `forward` has a bit outside `marked`.
    pub fn from_masks(edge_count: usize, marked: u64, forward: u64) -> Decoration {
        assert!(edge_count <= 64 && forward & !marked == 0);
        let mut d = Decoration::empty(edge_count);
        for e in 0..edge_count {
            if marked >> e & 1 == 1 {
                d.mark(e, forward >> e & 1 == 1);
            }
        }
        d
    }

    /// The `(marked, forward)` masks, when the graph has at most 64 edges.
    pub fn to_masks(&self) -> Option<(u64, u64)> {
        if self.marked.len() > 64 {
            return None;
        }
        let pack = |s: &FixedBitSet| s.ones().fold(0u64, |m, i| m | 1 << i);
        Some((pack(&self.marked), pack(&self.forward)))
    }

    /// Number of edges of the graph this decoration belongs to.
    pub fn edge_count(&self) -> usize {
        self.marked.len()
    }

    /// Marks edge `e` with its forward (`true`) or backward arrow.
    pub fn mark(&mut self, e: EdgeId, forward: bool) {
        self.marked.insert(e);
        self.forward.set(e, forward);
    }

    /// Removes the arrow on edge `e`, if any.
    pub fn unmark(&mut self, e: EdgeId) {
        self.marked.set(e, false);
        self.forward.set(e, false);
    }

    /// The arrow on edge `e`: `Some(true)` forward, `Some(false)` backward, `None` unmarked.
    pub fn get(&self, e: EdgeId) -> Option<bool> {
        self.marked.contains(e).then(|| self.forward.contains(e))
    }

    /// `true` when edge `e` carries an arrow.
    pub fn is_marked(&self, e: EdgeId) -> bool {
        self.marked.contains(e)
    }

    /// Number of arrows.
    pub fn len(&self) -> usize {
        self.marked.count_ones(..)
    }

    /// `true` for the empty decoration.
    pub fn is_empty(&self) -> bool {
        self.marked.is_clear()
    }

    /// The marked edges, in increasing order.
    pub fn marked_edges(&self) -> impl Iterator<Item = EdgeId> + '_ {
        self.marked.ones()
    }

    /// The unmarked edges, in increasing order.
    pub fn unmarked_edges(&self) -> impl Iterator<Item = EdgeId> + '_ {
        self.marked.zeroes()
    }

    /// The arrows, in edge order.
    pub fn arrows(&self, graph: &Graph) -> Vec<Arrow> {
        self.marked_edges().map(|e| arrow_on(graph, e, self.forward.contains(e))).collect()
    }

    /// The flip (Definition 4.4): every arrow reversed.
    pub fn flip(&self) -> Decoration {
        let mut forward = self.marked.clone();
        forward.difference_with(&self.forward);
        Decoration { marked: self.marked.clone(), forward }
    }

    /// `true` when every arrow of `self` is an arrow of `other` (`self ⊆ other`).
    pub fn is_subset(&self, other: &Decoration) -> bool {
        self.marked.is_subset(&other.marked)
            && self.marked.ones().all(|e| self.forward.contains(e) == other.forward.contains(e))
    }

    /// The decoration in arrow notation, in edge order: `0>1,5>4`.
    pub fn display<'a>(&'a self, graph: &'a Graph) -> impl fmt::Display + 'a {
        DisplayDecoration { d: self, g: graph }
    }
}

struct DisplayDecoration<'a> {
    d: &'a Decoration,
    g: &'a Graph,
}

impl fmt::Display for DisplayDecoration<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for (i, a) in self.d.arrows(self.g).into_iter().enumerate() {
            if i > 0 {
                f.write_str(",")?;
            }
            write!(f, "{a}")?;
        }
        Ok(())
    }
}

impl fmt::Debug for Decoration {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let marks: String = (0..self.edge_count())
            .map(|e| match self.get(e) {
                None => '.',
                Some(true) => '>',
                Some(false) => '<',
            })
            .collect();
        write!(f, "Decoration[{marks}]")
    }
}

/// The arrow on edge `e` of `graph`, forward or backward.
pub fn arrow_on(graph: &Graph, e: EdgeId, forward: bool) -> Arrow {
    let (s, t) = graph.ends(e);
    if forward { Arrow::new(s, t) } else { Arrow::new(t, s) }
}

/// Reads a comma-separated list of arrows, each `TAIL>HEAD` or `HEAD<TAIL`.
pub fn parse_arrows(text: &str) -> Result<Vec<Arrow>, DecorationError> {
    let mut out = Vec::new();
    for part in text.split(',').map(str::trim).filter(|p| !p.is_empty()) {
        let bad = || DecorationError::Syntax(part.to_string());
        let num = |s: &str| s.trim().parse::<Vertex>().map_err(|_| bad());
        let arrow = if let Some((t, h)) = part.split_once('>') {
            Arrow::new(num(t)?, num(h)?)
        } else if let Some((h, t)) = part.split_once('<') {
            Arrow::new(num(t)?, num(h)?)
        } else {
            return Err(bad());
        };
        out.push(arrow);
    }
    Ok(out)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn p3() -> Graph {
        Graph::from_edges(&[(0, 1), (1, 2), (2, 3)]).unwrap()
    }

    #[test]
    fn notation_round_trips() {
        let g = p3();
        let d = Decoration::parse(&g, "0>1, 3>2").unwrap();
        assert_eq!(d.display(&g).to_string(), "0>1,3>2");
        assert_eq!(Decoration::parse(&g, "1<0,2<3").unwrap(), d);
        assert_eq!(d.get(0), Some(true));
        assert_eq!(d.get(1), None);
        assert_eq!(d.get(2), Some(false));
        assert!(Decoration::parse(&g, "").unwrap().is_empty());
    }

    #[test]
    fn parse_errors_are_named() {
        let g = p3();
        assert!(matches!(Decoration::parse(&g, "0-1"), Err(DecorationError::Syntax(_))));
        assert!(matches!(Decoration::parse(&g, "a>1"), Err(DecorationError::Syntax(_))));
        assert_eq!(Decoration::parse(&g, "0>2"), Err(DecorationError::NotAnEdge(Arrow::new(0, 2))));
        assert!(matches!(Decoration::parse(&g, "0>1,1>0"), Err(DecorationError::TwoArrowsOnEdge(..))));
    }

    #[test]
    fn flip_reverses_every_arrow_and_is_an_involution() {
        let g = p3();
        let d = Decoration::parse(&g, "0>1,3>2").unwrap();
        let f = d.flip();
        assert_eq!(f.display(&g).to_string(), "1>0,2>3");
        assert_eq!(f.flip(), d);
    }

    #[test]
    fn masks_round_trip() {
        let d = Decoration::from_masks(3, 0b101, 0b001);
        assert_eq!(d.to_masks(), Some((0b101, 0b001)));
        assert!(Decoration::from_masks(3, 0b001, 0b001).is_subset(&d));
        assert!(!Decoration::from_masks(3, 0b001, 0).is_subset(&d));
    }
}
