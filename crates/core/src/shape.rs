//! What a graph looks like: the empty graph, paths, a spider, a caterpillar.
//!
//! One recognizer for every place that names graphs: the tables name the
//! trees of a graph table with it, the paper checks compare trimmings with
//! it, and an explanation names the pieces of a position with it.
//!
//! * [`Shape::of`] classifies a graph and gives its parameters: the lengths
//!   of its paths, a spider's legs, a caterpillar's leaves;
//! * [`Spider::recognize`] finds a spider's hub and walks each leg, with
//!   the vertices and edges of the graph it passes (for drawing or naming
//!   the parts of a position);
//! * [`linear_forest`] walks each path of a graph whose components are all paths.
//!
//! The names follow the paper: a spider `S(l_1, ..., l_k)` is a tree with
//! exactly one vertex of degree at least 3, its hub, whose legs are paths
//! of the given lengths; a star `K_{1,k}` is the spider whose legs all
//! have length 1. A path is not a spider here (it has no hub), so a
//! spider has at least three legs.

use crate::graph::{EdgeId, Graph, Vertex};
use std::fmt;

/// A walk along a path of the graph through vertices of degree 2: the
/// vertices after the start and the edges between, in order.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Walk {
    /// The vertex the walk starts from (a hub or an end of a path).
    pub start: Vertex,
    /// The vertices passed, the start left out; the last is the far end.
    pub vertices: Vec<Vertex>,
    /// The edges walked, `edges[i]` ending at `vertices[i]`.
    pub edges: Vec<EdgeId>,
}

impl Walk {
    /// The number of edges walked.
    pub fn len(&self) -> usize {
        self.edges.len()
    }

    /// `true` for a walk of no edge (never returned by this module).
    pub fn is_empty(&self) -> bool {
        self.edges.is_empty()
    }

    /// The vertex where the walk ends.
    pub fn end(&self) -> Vertex {
        self.vertices.last().copied().unwrap_or(self.start)
    }
}

/// Walks from `start` along `first` (an edge at `start`) while the vertex
/// reached has degree 2; stops at a vertex of any other degree (a leaf or
/// a branch vertex) or back at `start` (on a cycle).
pub fn walk(g: &Graph, start: Vertex, first: EdgeId) -> Walk {
    let (s, t) = g.ends(first);
    let mut at = if s == start { t } else { s };
    let mut w = Walk { start, vertices: vec![at], edges: vec![first] };
    let mut came_by = first;
    while g.degree(at) == 2 && at != start {
        let &(e, next) =
            g.incidence(at).iter().find(|&&(e, _)| e != came_by).expect("a vertex of degree 2 has two edges");
        (at, came_by) = (next, e);
        w.vertices.push(at);
        w.edges.push(e);
    }
    w
}

/// A spider found in a graph: its hub and its legs, each walked from the
/// hub to its foot (the leaf at its end).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Spider {
    /// The vertex of degree at least 3.
    pub hub: Vertex,
    /// The legs, in the order of the hub's edges.
    pub legs: Vec<Walk>,
}

impl Spider {
    /// The spider `g` is: a tree with exactly one vertex of degree at least
    /// 3; `None` for any other graph (paths included).
    pub fn recognize(g: &Graph) -> Option<Spider> {
        if g.is_empty() || !g.is_forest() || !g.is_connected() {
            return None;
        }
        let mut branch = (0..g.vertex_count()).filter(|&v| g.degree(v) >= 3);
        let hub = branch.next()?;
        if branch.next().is_some() {
            return None;
        }
        let legs = g.incidence(hub).iter().map(|&(e, _)| walk(g, hub, e)).collect();
        Some(Spider { hub, legs })
    }

    /// The leg lengths in non-decreasing order, as in `S(1,3,7)`.
    pub fn lengths(&self) -> Vec<usize> {
        let mut l: Vec<usize> = self.legs.iter().map(Walk::len).collect();
        l.sort_unstable();
        l
    }
}

/// The paths of a graph whose every component is a path (a linear forest),
/// each walked from its end of smaller number; `None` for any other graph.
pub fn linear_forest(g: &Graph) -> Option<Vec<Walk>> {
    if !g.is_forest() || (0..g.vertex_count()).any(|v| g.degree(v) > 2) {
        return None;
    }
    let paths = (0..g.vertex_count())
        .filter(|&v| g.degree(v) == 1)
        .map(|v| walk(g, v, g.incidence(v)[0].0))
        .filter(|w| w.start < w.end())
        .collect();
    Some(paths)
}

/// The leaves at each spine vertex of a caterpillar: a tree whose vertices
/// of degree at least 2 form a path (the spine). Read from the end that
/// gives the smaller list, so a caterpillar and its reversal agree.
fn caterpillar(g: &Graph) -> Option<Vec<usize>> {
    if !g.is_forest() || !g.is_connected() {
        return None;
    }
    let internal: Vec<Vertex> = (0..g.vertex_count()).filter(|&v| g.degree(v) >= 2).collect();
    let inner_degree = |v: Vertex| g.incidence(v).iter().filter(|&&(_, w)| g.degree(w) >= 2).count();
    if internal.iter().any(|&v| inner_degree(v) > 2) {
        return None;
    }
    let start = *internal.iter().find(|&&v| inner_degree(v) <= 1)?;
    let mut spine = vec![start];
    let (mut prev, mut at) = (usize::MAX, start);
    while let Some(next) = g.incidence(at).iter().map(|&(_, w)| w).find(|&w| w != prev && g.degree(w) >= 2) {
        (prev, at) = (at, next);
        spine.push(at);
    }
    if spine.len() != internal.len() {
        return None;
    }
    let leaves: Vec<usize> = spine.iter().map(|&v| g.degree(v) - inner_degree(v)).collect();
    let reversed: Vec<usize> = leaves.iter().rev().copied().collect();
    Some(leaves.min(reversed))
}

/// The shape of a graph, with its parameters.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub enum Shape {
    /// No edge at all (the trimming of `P_2`, say).
    Empty,
    /// Disjoint paths (one or more), with these numbers of edges, sorted.
    Paths(Vec<usize>),
    /// A spider: one vertex of degree at least 3, with these leg lengths,
    /// sorted (a star when every leg has length 1).
    Spider(Vec<usize>),
    /// A caterpillar with at least two vertices of degree 3 or more: the
    /// leaves at each spine vertex, read from the end giving the smaller list.
    Caterpillar(Vec<usize>),
    /// Any other graph (a tree with a vertex off the spine, a graph with a
    /// cycle, a forest that is not a linear forest).
    Other,
}

impl Shape {
    /// The shape of `g`.
    pub fn of(g: &Graph) -> Shape {
        if g.is_empty() {
            return Shape::Empty;
        }
        if let Some(paths) = linear_forest(g) {
            let mut lengths: Vec<usize> = paths.iter().map(Walk::len).collect();
            lengths.sort_unstable();
            return Shape::Paths(lengths);
        }
        if let Some(spider) = Spider::recognize(g) {
            return Shape::Spider(spider.lengths());
        }
        caterpillar(g).map_or(Shape::Other, Shape::Caterpillar)
    }

    /// `true` for a star `K_{1,k}`, `k >= 3` (a spider whose legs all have length 1).
    pub fn is_star(&self) -> bool {
        matches!(self, Shape::Spider(legs) if legs.iter().all(|&l| l == 1))
    }

    /// A short name in the paper's notation: `P_5`, `P_1 ⊔ P_3`,
    /// `S(1,3,7)`, `caterpillar(2,0,3)`; `None` for the empty graph and
    /// for [`Shape::Other`].
    pub fn name(&self) -> Option<String> {
        let list = |v: &[usize]| v.iter().map(usize::to_string).collect::<Vec<_>>().join(",");
        match self {
            Shape::Empty | Shape::Other => None,
            Shape::Paths(p) => Some(p.iter().map(|n| format!("P_{n}")).collect::<Vec<_>>().join(" ⊔ ")),
            Shape::Spider(legs) => Some(format!("S({})", list(legs))),
            Shape::Caterpillar(leaves) => Some(format!("caterpillar({})", list(leaves))),
        }
    }
}

impl fmt::Display for Shape {
    /// The shape in words, for a sentence: `one path P_4`, `2 paths with
    /// 1,2 edges`, `the spider S(1,2,3)`, `the empty graph`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let list = |v: &[usize]| v.iter().map(usize::to_string).collect::<Vec<_>>().join(",");
        match self {
            Shape::Empty => f.write_str("the empty graph"),
            Shape::Paths(p) if p.len() == 1 => write!(f, "one path P_{}", p[0]),
            Shape::Paths(p) => write!(f, "{} paths with {} edges", p.len(), list(p)),
            Shape::Spider(legs) => write!(f, "the spider S({})", list(legs)),
            Shape::Caterpillar(leaves) => write!(f, "the caterpillar with leaves {} along its spine", list(leaves)),
            Shape::Other => f.write_str("neither paths, nor a spider, nor a caterpillar"),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::families::{broom, caterpillar as cat, cycle, path, spider, star};

    #[test]
    fn paths_and_linear_forests() {
        assert_eq!(Shape::of(&path(5).unwrap()), Shape::Paths(vec![5]));
        assert_eq!(Shape::of(&path(1).unwrap()), Shape::Paths(vec![1]));
        let two = Graph::from_edges(&[(0, 1), (2, 3), (3, 4)]).unwrap();
        assert_eq!(Shape::of(&two), Shape::Paths(vec![1, 2]));
        assert_eq!(Shape::of(&two).name().as_deref(), Some("P_1 ⊔ P_2"));
        assert_eq!(Shape::of(&two).to_string(), "2 paths with 1,2 edges");
        // Each path is walked once, from its smaller end, through every edge.
        let walks = linear_forest(&two).unwrap();
        assert_eq!(walks.len(), 2);
        assert_eq!(walks[0], Walk { start: 0, vertices: vec![1], edges: vec![0] });
        assert_eq!(walks[1], Walk { start: 2, vertices: vec![3, 4], edges: vec![1, 2] });
        assert_eq!(Shape::of(&Graph::empty()), Shape::Empty);
        assert_eq!(Shape::of(&Graph::empty()).name(), None);
    }

    #[test]
    fn spiders_with_their_legs() {
        let g = spider(&[7, 1, 3]).unwrap();
        assert_eq!(Shape::of(&g), Shape::Spider(vec![1, 3, 7]));
        assert_eq!(Shape::of(&g).name().as_deref(), Some("S(1,3,7)"));
        assert_eq!(Shape::of(&g).to_string(), "the spider S(1,3,7)");
        let s = Spider::recognize(&g).unwrap();
        assert_eq!(s.hub, 0);
        // The legs in the family's numbering: leg j walks outward from the hub.
        let layout = crate::families::SpiderLayout::new(&[7, 1, 3]).unwrap();
        for (j, leg) in s.legs.iter().enumerate() {
            let l = layout.legs()[j];
            assert_eq!(leg.edges, (1..=l).map(|i| layout.edge(j, i)).collect::<Vec<_>>());
            assert_eq!(leg.vertices, (1..=l).map(|i| layout.vertex(j, i)).collect::<Vec<_>>());
            assert_eq!(g.degree(leg.end()), 1);
        }
        // A broom is a spider with the hub at the handle's end; a star has legs of length 1.
        let b = broom(4, 3).unwrap();
        assert_eq!(Spider::recognize(&b).unwrap().hub, 4);
        assert_eq!(Shape::of(&b), Shape::Spider(vec![1, 1, 1, 4]));
        assert!(Shape::of(&star(3).unwrap()).is_star());
        assert!(!Shape::of(&b).is_star());
        // A path has no hub.
        assert_eq!(Spider::recognize(&path(4).unwrap()), None);
        assert_eq!(Spider::recognize(&cycle(5).unwrap()), None);
    }

    #[test]
    fn caterpillars_and_other_graphs() {
        assert_eq!(Shape::of(&cat(&[3, 0, 2]).unwrap()), Shape::Caterpillar(vec![2, 0, 3]));
        // Two branch vertices joined through a path of length 2.
        let g = Graph::from_edges(&[(0, 1), (0, 2), (0, 3), (3, 4), (4, 5), (4, 6)]).unwrap();
        assert_eq!(Shape::of(&g).name().as_deref(), Some("caterpillar(2,0,2)"));
        // Three internal neighbours around vertex 0: not a caterpillar.
        let g = Graph::from_edges(&[(0, 1), (0, 2), (0, 3), (1, 4), (1, 7), (2, 5), (3, 6)]).unwrap();
        assert_eq!(Shape::of(&g), Shape::Other);
        assert_eq!(Shape::of(&cycle(4).unwrap()), Shape::Other);
        // A spider and a path side by side: not a linear forest, not connected.
        let g = Graph::from_edges(&[(0, 1), (0, 2), (0, 3), (4, 5)]).unwrap();
        assert_eq!(Shape::of(&g), Shape::Other);
        // A cycle is walked back to its start.
        let c = cycle(4).unwrap();
        assert_eq!(walk(&c, 0, 0).end(), 0);
        assert_eq!(walk(&c, 0, 0).len(), 4);
    }
}
