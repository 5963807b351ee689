//! Ramification and trimming (Definitions 3.2 and 3.3).
//!
//! The ramification of `H` at a vertex set `W` replaces each `w` in `W` by
//! one copy `w_u` for each edge `{w, u}` of `H`, so every copy is a leaf.
//! The trimming `trim(G)` deletes the leaves of `G` with their edges, giving
//! `H0 = G[I(G)]`, and ramifies `H0` at the internal vertices adjacent to a
//! leaf. Theorem 3.4: the Game of Arrows on `G` is the Trimmed Game of
//! Arrows on `trim(G)`.
//!
//! Both operations return a [`Ramification`]: the new graph with, for each
//! new vertex, the vertex of the old graph it comes from, and for each new
//! edge, the old edge. Edge `j` of the new graph is stored in the orientation
//! of its old edge, so arrows correspond by keeping the forward bit: this is
//! the bijection of arrows induced by the homomorphism that drops subscripts.

use crate::decoration::{Arrow, Decoration};
use crate::graph::{EdgeId, Graph, Vertex};

/// A graph obtained from another by dropping edges and splitting vertices,
/// with the map back to the original.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Ramification {
    /// The new graph (may be empty).
    pub graph: Graph,
    /// `origin[v]`: the vertex of the original graph that new vertex `v` comes from.
    pub origin: Vec<Vertex>,
    /// `edge_origin[j]`: the original edge of new edge `j` (same orientation).
    pub edge_origin: Vec<EdgeId>,
    /// Number of edges of the original graph.
    pub original_edges: usize,
}

impl Ramification {
    /// The decoration of the original graph with the arrows of `d` (a
    /// decoration of the new graph) carried back.
    pub fn to_original(&self, d: &Decoration) -> Decoration {
        let mut out = Decoration::empty(self.original_edges);
        for j in d.marked_edges() {
            out.mark(self.edge_origin[j], d.get(j).expect("marked"));
        }
        out
    }

    /// The decoration of the new graph carried over from a decoration of the
    /// original graph, or `None` when it marks an edge the new graph dropped.
    pub fn from_original(&self, d: &Decoration) -> Option<Decoration> {
        let mut index = vec![None; self.original_edges];
        for (j, &e) in self.edge_origin.iter().enumerate() {
            index[e] = Some(j);
        }
        let mut out = Decoration::empty(self.graph.edge_count());
        for e in d.marked_edges() {
            out.mark(index[e]?, d.get(e).expect("marked"));
        }
        Some(out)
    }

    /// The original arrow of an arrow of the new graph.
    pub fn arrow_to_original(&self, a: Arrow) -> Arrow {
        Arrow::new(self.origin[a.tail], self.origin[a.head])
    }

    /// A readable name for new vertex `v`: `5` when it is the only copy of
    /// original vertex 5, `5_3` for the copy of 5 on its edge toward 3.
    pub fn vertex_name(&self, v: Vertex) -> String {
        let o = self.origin[v];
        // New vertices are numbered in order of their original vertex, so
        // the copies of `o` sit next to each other.
        let copied = (v > 0 && self.origin[v - 1] == o) || self.origin.get(v + 1) == Some(&o);
        if !copied {
            return o.to_string();
        }
        let (e, _) = self.graph.incidence(v)[0];
        let (s, t) = self.graph.ends(e);
        let other = if s == v { t } else { s };
        format!("{o}_{}", self.origin[other])
    }
}

/// The ramification of `graph` at the vertex set `w` (Definition 3.2).
pub fn ramify(graph: &Graph, w: &[Vertex]) -> Ramification {
    let mut in_w = vec![false; graph.vertex_count()];
    for &v in w {
        in_w[v] = true;
    }
    let all: Vec<EdgeId> = (0..graph.edge_count()).collect();
    ramify_edges(graph, &all, &in_w)
}

/// The trimming of `graph` (Definition 3.3).
pub fn trim(graph: &Graph) -> Ramification {
    let n = graph.vertex_count();
    let internal: Vec<bool> = (0..n).map(|v| !graph.is_leaf(v)).collect();
    let h0: Vec<EdgeId> = (0..graph.edge_count())
        .filter(|&e| {
            let (s, t) = graph.ends(e);
            internal[s] && internal[t]
        })
        .collect();
    let w: Vec<bool> =
        (0..n).map(|v| internal[v] && graph.incidence(v).iter().any(|&(_, u)| graph.is_leaf(u))).collect();
    ramify_edges(graph, &h0, &w)
}

/// Ramifies the subgraph made of `edges` at the vertices marked in `in_w`.
/// Vertices with no edge among `edges` disappear; new vertices are numbered
/// in order of their original vertex, copies in order of their edge.
fn ramify_edges(graph: &Graph, edges: &[EdgeId], in_w: &[bool]) -> Ramification {
    let n = graph.vertex_count();
    let mut keep = vec![false; n];
    for &e in edges {
        let (s, t) = graph.ends(e);
        keep[s] = true;
        keep[t] = true;
    }
    // Each kept vertex outside W gets one new vertex; each copy w_u is
    // allotted per (w, edge) pair.
    let mut single = vec![usize::MAX; n];
    let mut copy_of_edge_end = std::collections::HashMap::new();
    let mut origin = Vec::new();
    let edge_set: std::collections::HashSet<EdgeId> = edges.iter().copied().collect();
    for v in 0..n {
        if !keep[v] {
            continue;
        }
        if in_w[v] {
            for &(e, _) in graph.incidence(v) {
                if edge_set.contains(&e) {
                    copy_of_edge_end.insert((v, e), origin.len());
                    origin.push(v);
                }
            }
        } else {
            single[v] = origin.len();
            origin.push(v);
        }
    }
    let image = |v: Vertex, e: EdgeId| if in_w[v] { copy_of_edge_end[&(v, e)] } else { single[v] };
    let new_edges: Vec<(Vertex, Vertex)> = edges
        .iter()
        .map(|&e| {
            let (s, t) = graph.ends(e);
            (image(s, e), image(t, e))
        })
        .collect();
    Ramification {
        graph: Graph::build(origin.len(), &new_edges),
        origin,
        edge_origin: edges.to_vec(),
        original_edges: graph.edge_count(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::families::{path, spider};
    use crate::rules::Variant;

    #[test]
    fn trimming_a_spider_with_long_legs_shortens_each_leg() {
        let t = trim(&spider(&[2, 3, 4]).unwrap());
        assert_eq!(t.graph.edge_count(), 1 + 2 + 3);
        assert_eq!(t.graph.degree(0), 3);
        assert!(t.graph.is_connected());
    }

    #[test]
    fn trimming_small_paths() {
        assert!(trim(&path(1).unwrap()).graph.is_empty());
        assert!(trim(&path(2).unwrap()).graph.is_empty());
        let t = trim(&path(3).unwrap());
        assert_eq!(t.graph.edge_count(), 1);
        assert_eq!(t.edge_origin, vec![1]);
        // S(1,1,c): the hub is adjacent to leaves, so it splits; two legs of
        // length 1 vanish and one path of c-1 edges remains.
        let t = trim(&spider(&[1, 1, 5]).unwrap());
        assert_eq!(t.graph.edge_count(), 4);
        assert!(t.graph.is_connected());
    }

    #[test]
    fn ramification_splits_the_vertex() {
        let g = spider(&[1, 1, 1]).unwrap();
        let r = ramify(&g, &[0]);
        assert_eq!(r.graph.vertex_count(), 6);
        assert_eq!(r.graph.edge_count(), 3);
        assert!(!r.graph.is_connected());
        assert_eq!(r.vertex_name(0), "0_1");
    }

    #[test]
    fn decorations_carry_across() {
        let g = spider(&[3, 3, 3]).unwrap();
        let t = trim(&g);
        let d = Decoration::parse(&t.graph, "0>1").unwrap();
        let back = t.to_original(&d);
        assert_eq!(back.display(&g).to_string(), "0>1");
        assert_eq!(t.from_original(&back), Some(d.clone()));
        assert!(Variant::Untrimmed.is_state(&g, &back));
        assert!(Variant::Trimmed.is_state(&t.graph, &d));
        let leaf_marked = Decoration::parse(&g, "2>3").unwrap();
        assert_eq!(t.from_original(&leaf_marked), None);
    }
}
