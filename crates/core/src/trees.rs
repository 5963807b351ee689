//! Every tree with a given number of edges, up to isomorphism.
//!
//! Rooted trees are generated as canonical level sequences by the
//! Beyer-Hedetniemi successor rule, each rooted tree exactly once. A rooted
//! tree is kept when its root is the centre of the tree, or, for two
//! centres, the centre whose side has the larger AHU code. Each free tree
//! has exactly one such rooting up to rooted isomorphism (when both sides
//! have equal codes the two rootings are isomorphic), so each is produced
//! once; the counts are those of OEIS A000055 (checked in the tests). Each
//! tree is numbered in preorder from its centre.

use crate::graph::Graph;
use std::ops::ControlFlow;

/// Every free tree with `edges` edges (at least 1), each once, in a fixed order.
pub fn trees(edges: usize) -> Vec<Graph> {
    let mut out = Vec::new();
    for_each_tree(edges, |g| out.push(g));
    out
}

/// Calls `each` on every free tree with `edges` edges (at least 1).
pub fn for_each_tree(edges: usize, mut each: impl FnMut(Graph)) {
    let _ = try_for_each_tree(edges, |g| {
        each(g);
        ControlFlow::<()>::Continue(())
    });
}

/// Calls `each` on every free tree with `edges` edges (at least 1), until
/// it breaks.
pub fn try_for_each_tree<B>(edges: usize, each: impl FnMut(Graph) -> ControlFlow<B>) -> ControlFlow<B> {
    try_for_each_tree_until(edges, &|| None, each)
}

/// [`try_for_each_tree`], also broken off with `stop`'s value as soon as
/// it gives one, which it is asked before every rooted tree: a caller can
/// stop the enumeration (of millions of rooted trees for twenty edges,
/// thousands of them in a row rooted off the centre and never given to
/// `each`) when its work is cancelled.
pub fn try_for_each_tree_until<B>(
    edges: usize,
    stop: &dyn Fn() -> Option<B>,
    mut each: impl FnMut(Graph) -> ControlFlow<B>,
) -> ControlFlow<B> {
    let n = edges + 1;
    if edges == 0 {
        return ControlFlow::Continue(());
    }
    try_for_each_rooted(n, |levels| {
        if let Some(b) = stop() {
            return ControlFlow::Break(b);
        }
        let parent = parents(levels);
        if root_is_canonical_centre(&adjacency(&parent)) {
            let edges: Vec<(usize, usize)> = (1..n).map(|v| (parent[v], v)).collect();
            return each(Graph::build(n, &edges));
        }
        ControlFlow::Continue(())
    })
}

/// Every rooted tree on `n` vertices as a canonical level sequence (root at level 0).
pub fn for_each_rooted(n: usize, mut each: impl FnMut(&[usize])) {
    let _ = try_for_each_rooted(n, |l| {
        each(l);
        ControlFlow::<()>::Continue(())
    });
}

/// [`for_each_rooted`], until `each` breaks.
pub fn try_for_each_rooted<B>(n: usize, mut each: impl FnMut(&[usize]) -> ControlFlow<B>) -> ControlFlow<B> {
    let mut l: Vec<usize> = (0..n).collect();
    loop {
        each(&l)?;
        // p: the last vertex deeper than level 1; none left means the star.
        let Some(p) = (1..n).rev().find(|&i| l[i] > 1) else { return ControlFlow::Continue(()) };
        // q: the last vertex before p one level up: p's parent.
        let q = (0..p).rev().find(|&j| l[j] == l[p] - 1).expect("a parent precedes");
        for i in p..n {
            l[i] = l[i - (p - q)];
        }
    }
}

fn parents(levels: &[usize]) -> Vec<usize> {
    let mut parent = vec![0; levels.len()];
    let mut stack: Vec<usize> = Vec::new();
    for (v, &lv) in levels.iter().enumerate() {
        stack.truncate(lv);
        if let Some(&p) = stack.last() {
            parent[v] = p;
        }
        stack.push(v);
    }
    parent
}

fn adjacency(parent: &[usize]) -> Vec<Vec<usize>> {
    let mut adj = vec![Vec::new(); parent.len()];
    for v in 1..parent.len() {
        adj[v].push(parent[v]);
        adj[parent[v]].push(v);
    }
    adj
}

/// The centre of a tree given by adjacency lists: its one or two vertices
/// of least eccentricity, found by peeling leaves layer by layer.
pub fn centres(adj: &[Vec<usize>]) -> Vec<usize> {
    let n = adj.len();
    let mut deg: Vec<usize> = adj.iter().map(Vec::len).collect();
    let mut layer: Vec<usize> = (0..n).filter(|&v| deg[v] <= 1).collect();
    let mut remaining = n;
    while remaining > 2 {
        remaining -= layer.len();
        let mut next = Vec::new();
        for &v in &layer {
            for &w in &adj[v] {
                deg[w] -= 1;
                if deg[w] == 1 {
                    next.push(w);
                }
            }
        }
        layer = next;
    }
    layer
}

/// AHU code of the tree rooted at `v`, away from `parent`.
fn rooted_code(adj: &[Vec<usize>], v: usize, parent: usize) -> Vec<u8> {
    let mut kids: Vec<Vec<u8>> = adj[v].iter().filter(|&&w| w != parent).map(|&w| rooted_code(adj, w, v)).collect();
    kids.sort_unstable();
    let mut out = vec![1];
    for k in kids {
        out.extend(k);
    }
    out.push(0);
    out
}

fn root_is_canonical_centre(adj: &[Vec<usize>]) -> bool {
    match centres(adj).as_slice() {
        [c] => *c == 0,
        [a, b] => {
            // Keep the rooting at the centre whose own side has the larger code.
            let (a, b) = (*a, *b);
            let (ca, cb) = (rooted_code(adj, a, b), rooted_code(adj, b, a));
            (a == 0 && ca >= cb) || (b == 0 && cb >= ca)
        }
        _ => false,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn rooted_tree_counts_are_oeis_a000081() {
        let a000081 = [1, 1, 2, 4, 9, 20, 48, 115, 286, 719, 1842];
        for (i, &want) in a000081.iter().enumerate() {
            let mut count = 0;
            for_each_rooted(i + 1, |_| count += 1);
            assert_eq!(count, want, "rooted trees on {} vertices", i + 1);
        }
    }

    fn free_code(adj: &[Vec<usize>]) -> Vec<u8> {
        match centres(adj).as_slice() {
            [c] => rooted_code(adj, *c, usize::MAX),
            [a, b] => {
                let (x, y) = (rooted_code(adj, *a, *b), rooted_code(adj, *b, *a));
                let (lo, hi) = if x <= y { (x, y) } else { (y, x) };
                let mut out = vec![2];
                out.extend(lo);
                out.extend(hi);
                out
            }
            _ => unreachable!("a tree has one or two centres"),
        }
    }

    #[test]
    fn free_tree_counts_are_oeis_a000055() {
        // Trees with 1..=16 edges (2..=17 vertices).
        let a000055 = [1, 1, 2, 3, 6, 11, 23, 47, 106, 235, 551, 1301, 3159, 7741, 19320, 48629];
        for (i, &want) in a000055.iter().enumerate().take(13) {
            let ts = trees(i + 1);
            assert_eq!(ts.len(), want, "trees with {} edges", i + 1);
            assert!(ts.iter().all(|t| t.is_forest() && t.is_connected() && t.edge_count() == i + 1));
            // No two are isomorphic.
            let codes: std::collections::HashSet<Vec<u8>> = ts
                .iter()
                .map(|t| {
                    free_code(
                        &(0..t.vertex_count())
                            .map(|v| t.incidence(v).iter().map(|&(_, w)| w).collect())
                            .collect::<Vec<_>>(),
                    )
                })
                .collect();
            assert_eq!(codes.len(), want);
        }
    }
}
