//! A cell's steps read as a set: what goes once around one cycle.
//!
//! Every reader of cells (vertex walks, boards, the faces of a drawing,
//! networkx embeddings) takes the same reading of a bounded face: its
//! cell is the cycle around the face. A tree drawn inside the face (a
//! dangling edge, say) is walked both ways by the face's boundary walk,
//! lies on no cycle and can never carry an arrow of a directed cycle, so
//! its edges are not part of the cell: a cell is completed when the cycle
//! around its face is one directed cycle, whatever hangs inside. (The
//! spider paper's words: a cycle cell is "a cycle around a bounded face of
//! the graph".) [`one_cycle`] drops the edges walked both ways, refuses
//! what is left unless it is one cycle, and orders the steps along it, so
//! that the steps of a board's cell may come in any order, as existing Game
//! of Cycles solvers accept them.

use super::cell::Step;
use crate::graph::{EdgeId, Graph, Vertex};
use std::collections::HashMap;

/// Why steps do not go once around one cycle.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum CycleProblem {
    /// Every edge is walked both ways: the steps go around no cycle.
    #[error("every edge is walked both ways, so the steps go around no cycle")]
    NoCycle,
    /// An edge walked twice the same way, or more than twice.
    #[error("edge {edge} is walked {times} times{}", if *same_way { " the same way" } else { "" })]
    Repeated {
        /// The edge.
        edge: EdgeId,
        /// How many times.
        times: usize,
        /// `true` when twice the same way.
        same_way: bool,
    },
    /// A vertex with a different number of steps in and out.
    #[error("{into} of the steps enter vertex {vertex} and {out} leave it; around a cycle one enters and one leaves")]
    Unbalanced {
        /// The vertex.
        vertex: Vertex,
        /// Steps entering it.
        into: usize,
        /// Steps leaving it.
        out: usize,
    },
    /// The walk passes a vertex twice: two cycles meeting there.
    #[error("the steps pass vertex {vertex} twice; a cell goes around one cycle, meeting each vertex once")]
    Pinched {
        /// The vertex.
        vertex: Vertex,
    },
    /// The steps make several disjoint cycles.
    #[error("the steps make {cycles} separate cycles, not one")]
    Several {
        /// How many.
        cycles: usize,
    },
}

/// The steps once around one cycle, in walk order from the first step
/// kept: `steps` read as a set of directed steps of `graph` (every step's
/// edge exists), with the edges walked both ways dropped (see the module
/// doc). Steps already in walk order keep their order.
pub fn one_cycle(graph: &Graph, steps: &[Step]) -> Result<Vec<Step>, CycleProblem> {
    let mut ways: HashMap<EdgeId, (usize, usize)> = HashMap::with_capacity(steps.len());
    for s in steps {
        let w = ways.entry(s.edge).or_default();
        if s.forward {
            w.0 += 1;
        } else {
            w.1 += 1;
        }
    }
    for s in steps {
        let (f, b) = ways[&s.edge];
        if f + b > 2 || f == 2 || b == 2 {
            return Err(CycleProblem::Repeated { edge: s.edge, times: f + b, same_way: f + b == 2 });
        }
    }
    let kept: Vec<Step> = steps.iter().copied().filter(|s| ways[&s.edge] != (1, 1)).collect();
    if kept.is_empty() {
        return Err(CycleProblem::NoCycle);
    }
    let mut leaving: HashMap<Vertex, Vec<usize>> = HashMap::with_capacity(kept.len());
    let mut entering: HashMap<Vertex, usize> = HashMap::with_capacity(kept.len());
    for (i, s) in kept.iter().enumerate() {
        leaving.entry(s.tail(graph)).or_default().push(i);
        *entering.entry(s.head(graph)).or_default() += 1;
    }
    // In the order of the steps, so that the problem named is the first one met.
    for s in &kept {
        for vertex in [s.tail(graph), s.head(graph)] {
            let (into, out) = (entering.get(&vertex).copied().unwrap_or(0), leaving.get(&vertex).map_or(0, Vec::len));
            if into != out {
                return Err(CycleProblem::Unbalanced { vertex, into, out });
            }
            if out > 1 {
                return Err(CycleProblem::Pinched { vertex });
            }
        }
    }
    let mut walk = Vec::with_capacity(kept.len());
    let mut at = 0;
    loop {
        walk.push(kept[at]);
        at = leaving[&kept[at].head(graph)][0];
        if at == 0 {
            break;
        }
    }
    if walk.len() < kept.len() {
        let mut seen = vec![false; kept.len()];
        let mut cycles = 0;
        for start in 0..kept.len() {
            if seen[start] {
                continue;
            }
            cycles += 1;
            let mut at = start;
            while !seen[at] {
                seen[at] = true;
                at = leaving[&kept[at].head(graph)][0];
            }
        }
        return Err(CycleProblem::Several { cycles });
    }
    Ok(walk)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The graph of the example: the square 0-1-2-3 with its
    /// diagonal 0-2 and a dangling edge 0-4 inside the triangle 0-1-2.
    fn square() -> Graph {
        Graph::from_edges(&[(0, 1), (1, 2), (2, 0), (2, 3), (3, 0), (0, 4)]).unwrap()
    }

    fn steps(list: &[(EdgeId, bool)]) -> Vec<Step> {
        list.iter().map(|&(e, f)| Step::new(e, f)).collect()
    }

    #[test]
    fn steps_in_any_order_are_put_in_walk_order() {
        let g = square();
        let walk = steps(&[(0, true), (1, true), (2, true)]);
        assert_eq!(one_cycle(&g, &walk).unwrap(), walk);
        let shuffled = steps(&[(0, true), (2, true), (1, true)]);
        assert_eq!(one_cycle(&g, &shuffled).unwrap(), walk);
        let reverse = steps(&[(2, false), (0, false), (1, false)]);
        assert_eq!(one_cycle(&g, &reverse).unwrap(), steps(&[(2, false), (1, false), (0, false)]));
    }

    #[test]
    fn a_tree_inside_the_face_is_dropped() {
        let g = square();
        // 0>1, 1>2, 2>0, 0>4, 4>0: the face's boundary walk around the dangling edge.
        let boundary = steps(&[(0, true), (1, true), (2, true), (5, true), (5, false)]);
        assert_eq!(one_cycle(&g, &boundary).unwrap(), steps(&[(0, true), (1, true), (2, true)]));
        assert_eq!(one_cycle(&g, &steps(&[(5, true), (5, false)])), Err(CycleProblem::NoCycle));
    }

    #[test]
    fn what_is_not_one_cycle_is_named() {
        let g = square();
        assert_eq!(
            one_cycle(&g, &steps(&[(0, true), (0, true), (1, true)])),
            Err(CycleProblem::Repeated { edge: 0, times: 2, same_way: true })
        );
        assert_eq!(
            one_cycle(&g, &steps(&[(0, true), (1, true), (2, false)])),
            Err(CycleProblem::Unbalanced { vertex: 0, into: 0, out: 2 })
        );
        // The triangle and the other triangle of the square, meeting at 0 and 2.
        let both = steps(&[(0, true), (1, true), (3, true), (4, true), (2, false)]);
        assert!(matches!(one_cycle(&g, &both), Err(CycleProblem::Unbalanced { .. })));
        let bowtie = Graph::from_edges(&[(0, 1), (1, 2), (2, 0), (0, 3), (3, 4), (4, 0)]).unwrap();
        let eight = steps(&[(0, true), (1, true), (2, true), (3, true), (4, true), (5, true)]);
        assert_eq!(one_cycle(&bowtie, &eight), Err(CycleProblem::Pinched { vertex: 0 }));
        let two = Graph::from_edges(&[(0, 1), (1, 2), (2, 0), (3, 4), (4, 5), (5, 3)]).unwrap();
        let apart = steps(&[(0, true), (1, true), (2, true), (3, true), (4, true), (5, true)]);
        assert_eq!(one_cycle(&two, &apart), Err(CycleProblem::Several { cycles: 2 }));
    }
}
