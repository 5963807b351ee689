//! Small graphs, enumerated exhaustively, and the shapes of graphs.
//!
//! * every tree with a given number of edges ([`arrows_core::trees`]);
//! * every graph without isolated vertices on at most 5 vertices, up to
//!   isomorphism ([`small_graphs`]), connected or not, with cycles or not;
//! * every state of a small graph ([`all_states`]);
//! * the shape of a graph (paths, a spider), named by [`arrows_core::shape`].

use arrows_core::{Decoration, Graph, Variant, formats, trees};

/// A graph with a short name (its graph6 code).
#[derive(Debug, Clone)]
pub struct Named {
    /// `graph6 <code>` or `C_5`.
    pub name: String,
    /// The graph.
    pub graph: Graph,
}

impl Named {
    /// The graph named by its graph6 code.
    pub fn graph6(graph: Graph) -> Named {
        Named { name: format!("graph6 {}", formats::to_graph6(&graph)), graph }
    }

    /// Name and edge list.
    pub fn text(&self) -> String {
        format!("{} [{}]", self.name, self.graph.edge_list())
    }
}

/// Every tree with `1..=max_edges` edges.
pub fn trees_up_to(max_edges: usize) -> Vec<Named> {
    (1..=max_edges).flat_map(trees::trees).map(Named::graph6).collect()
}

/// The cycles `C_3 ..= C_max`.
pub fn cycles_up_to(max: usize) -> Vec<Named> {
    (3..=max)
        .map(|n| Named { name: format!("C_{n}"), graph: arrows_core::families::cycle(n).expect("n >= 3") })
        .collect()
}

/// Every graph without isolated vertices on at most `max_vertices <= 6`
/// vertices with at most `max_edges` edges, each once up to isomorphism, in
/// order of edges then of canonical form.
pub fn small_graphs(max_vertices: usize, max_edges: usize) -> Vec<Named> {
    assert!(max_vertices <= 6, "the brute-force canonical form is for at most 6 vertices");
    let mut seen = std::collections::BTreeSet::new();
    for n in 2..=max_vertices {
        let pairs: Vec<(usize, usize)> = (0..n).flat_map(|u| (u + 1..n).map(move |v| (u, v))).collect();
        let perms = permutations(n);
        for mask in 1u32..1 << pairs.len() {
            if mask.count_ones() as usize > max_edges {
                continue;
            }
            let edges: Vec<(usize, usize)> =
                pairs.iter().enumerate().filter(|&(i, _)| mask >> i & 1 == 1).map(|(_, &p)| p).collect();
            let mut touched = vec![false; n];
            for &(u, v) in &edges {
                touched[u] = true;
                touched[v] = true;
            }
            if touched.contains(&false) {
                continue;
            }
            let canon = perms
                .iter()
                .map(|p| {
                    let mut e: Vec<(usize, usize)> =
                        edges.iter().map(|&(u, v)| (p[u].min(p[v]), p[u].max(p[v]))).collect();
                    e.sort_unstable();
                    e
                })
                .min()
                .expect("one permutation at least");
            seen.insert((canon.len(), n, canon));
        }
    }
    seen.into_iter().map(|(_, _, e)| Named::graph6(Graph::from_edges(&e).expect("no isolated vertex"))).collect()
}

fn permutations(n: usize) -> Vec<Vec<usize>> {
    if n == 0 {
        return vec![Vec::new()];
    }
    let mut out = Vec::new();
    for p in permutations(n - 1) {
        for i in 0..n {
            let mut q = p.clone();
            q.insert(i, n - 1);
            out.push(q);
        }
    }
    out
}

/// Every state of `graph` (at most 16 edges) under `variant`, in the order
/// of their masks.
pub fn all_states(graph: &Graph, variant: Variant) -> Vec<Decoration> {
    let m = graph.edge_count();
    assert!(m <= 16, "all states of a graph with at most 16 edges");
    let mut out = Vec::new();
    for marked in 0u64..1 << m {
        let mut f = marked;
        loop {
            let d = Decoration::from_masks(m, marked, f);
            if variant.is_state(graph, &d) {
                out.push(d);
            }
            if f == 0 {
                break;
            }
            f = (f - 1) & marked;
        }
    }
    out
}

/// The shape of a graph: the empty graph, paths, a spider, ... (the
/// recognizer of [`arrows_core::shape`], shared with the tables).
pub use arrows_core::shape::Shape;

/// The shape of `g`.
pub fn shape(g: &Graph) -> Shape {
    Shape::of(g)
}

#[cfg(test)]
mod tests {
    use super::*;
    use arrows_core::families::{path, spider};

    #[test]
    fn graphs_on_at_most_five_vertices() {
        // Graphs without isolated vertices: 1 on 2 vertices, 2 more on 3, 7 on 4 (11 - 4 with an
        // isolated vertex), 23 on 5 (34 - 11).
        assert_eq!(small_graphs(5, 10).len(), 1 + 2 + 7 + 23);
        assert_eq!(small_graphs(4, 3).len(), 1 + 2 + 3);
    }

    #[test]
    fn shapes() {
        assert_eq!(shape(&spider(&[3, 1, 2]).unwrap()), Shape::Spider(vec![1, 2, 3]));
        assert_eq!(shape(&path(4).unwrap()), Shape::Paths(vec![4]));
        let two = Graph::from_edges(&[(0, 1), (2, 3), (3, 4)]).unwrap();
        assert_eq!(shape(&two), Shape::Paths(vec![1, 2]));
        assert_eq!(shape(&Graph::empty()), Shape::Empty);
        assert_eq!(shape(&arrows_core::families::cycle(4).unwrap()), Shape::Other);
    }

    #[test]
    fn states_of_a_path() {
        // P_2: 9 decorations, of which 2 make vertex 1 a sink or a source.
        assert_eq!(all_states(&path(2).unwrap(), Variant::Trimmed).len(), 7);
    }
}
