//! The components of a labelled graph with live cells.
//!
//! The two reductions of [`crate::canonical::component`] apply unchanged
//! (dead edges deleted, their ends freed; free vertices ramified into one
//! free leaf per edge), and a live cell through a dead edge is forgotten
//! (see the [module documentation](super)). Edges are then joined at
//! constrained vertices and along each live cell; every group is a
//! component. Each edge keeps its orientation, so the cells' step
//! directions stay valid.

use super::{CellComponent, LiveCell};
use crate::canonical::component::Component;
use crate::canonical::need::Need;

/// One component, with the index (in the input) of each of its edges and cells.
#[derive(Debug, Clone)]
pub struct Indexed {
    /// The component.
    pub component: CellComponent,
    /// `edges[i]` of the component is this edge of the input.
    pub edges: Vec<usize>,
    /// `cells[i]` of the component is this cell of the input.
    pub cells: Vec<usize>,
}

/// The components of `(labels, edges, cells)` after the reductions.
/// Vertices without edges vanish.
pub fn pieces(labels: &[Need], edges: &[(u32, u32)], cells: &[LiveCell]) -> Vec<CellComponent> {
    pieces_indexed(labels, edges, cells).into_iter().map(|p| p.component).collect()
}

fn find(p: &mut [usize], mut x: usize) -> usize {
    while p[x] != x {
        p[x] = p[p[x]];
        x = p[x];
    }
    x
}

fn union(p: &mut [usize], a: usize, b: usize) {
    let (a, b) = (find(p, a), find(p, b));
    if a != b {
        p[a] = b;
    }
}

/// As [`pieces`], with where each edge and cell comes from; components in
/// the order of their first edge.
pub fn pieces_indexed(labels_in: &[Need], edges: &[(u32, u32)], cells: &[LiveCell]) -> Vec<Indexed> {
    let n = labels_in.len();
    let mut deg = vec![0usize; n];
    for &(u, v) in edges {
        deg[u as usize] += 1;
        deg[v as usize] += 1;
    }
    let blocked = |t: usize, h: usize| labels_in[t].blocks_out(deg[t]) || labels_in[h].blocks_in(deg[h]);
    let mut labels = labels_in.to_vec();
    let mut dead = vec![false; edges.len()];
    for (e, &(u, v)) in edges.iter().enumerate() {
        let (a, b) = (u as usize, v as usize);
        if blocked(a, b) && blocked(b, a) {
            // Decided on the labels before any change, as in `component`.
            dead[e] = true;
            labels[a] = Need::Free;
            labels[b] = Need::Free;
        }
    }
    let kept: Vec<usize> = (0..cells.len())
        .filter(|&i| !cells[i].steps.is_empty() && cells[i].steps.iter().all(|&(e, _)| !dead[e as usize]))
        .collect();
    let mut parent: Vec<usize> = (0..edges.len()).collect();
    let mut first_at = vec![usize::MAX; n];
    for (e, &(u, v)) in edges.iter().enumerate() {
        if dead[e] {
            continue;
        }
        for w in [u as usize, v as usize] {
            if labels[w] == Need::Free {
                continue;
            }
            if first_at[w] == usize::MAX {
                first_at[w] = e;
            } else {
                union(&mut parent, first_at[w], e);
            }
        }
    }
    for &i in &kept {
        let steps = &cells[i].steps;
        for &(e, _) in &steps[1..] {
            union(&mut parent, steps[0].0 as usize, e as usize);
        }
    }
    // Group the edges by root in input order, vertices numbered in order of
    // first appearance, free ends once per edge.
    let mut group_of_root = vec![usize::MAX; edges.len()];
    let mut local_vertex = vec![u32::MAX; n];
    let mut local_edge = vec![u32::MAX; edges.len()];
    let mut group_of_edge = vec![usize::MAX; edges.len()];
    let mut out: Vec<Indexed> = Vec::new();
    for (e, &(u, v)) in edges.iter().enumerate() {
        if dead[e] {
            continue;
        }
        let r = find(&mut parent, e);
        if group_of_root[r] == usize::MAX {
            group_of_root[r] = out.len();
            out.push(Indexed {
                component: CellComponent {
                    component: Component { labels: Vec::new(), edges: Vec::new() },
                    cells: Vec::new(),
                },
                edges: Vec::new(),
                cells: Vec::new(),
            });
        }
        let g = group_of_root[r];
        group_of_edge[e] = g;
        let piece = &mut out[g];
        let comp = &mut piece.component.component;
        let mut id = |w: usize| -> u32 {
            if labels[w] == Need::Free {
                comp.labels.push(Need::Free);
                return (comp.labels.len() - 1) as u32;
            }
            // A constrained vertex has all its edges in one component.
            if local_vertex[w] == u32::MAX {
                local_vertex[w] = comp.labels.len() as u32;
                comp.labels.push(labels[w]);
            }
            local_vertex[w]
        };
        let a = id(u as usize);
        let b = id(v as usize);
        local_edge[e] = comp.edges.len() as u32;
        comp.edges.push((a, b));
        piece.edges.push(e);
    }
    for &i in &kept {
        let cell = &cells[i];
        let g = group_of_edge[cell.steps[0].0 as usize];
        let steps = cell.steps.iter().map(|&(e, f)| (local_edge[e as usize], f)).collect();
        out[g].component.cells.push(LiveCell { steps, along: cell.along, against: cell.against });
        out[g].cells.push(i);
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use Need::*;

    fn cell(steps: &[(u32, bool)]) -> LiveCell {
        LiveCell { steps: steps.to_vec(), along: true, against: true }
    }

    #[test]
    fn a_live_cell_joins_what_a_free_vertex_splits() {
        // A triangle 0-1-2 whose vertex 0 is free: without the cell its
        // edges 0-1 and 0-2 meet only at the free vertex but through 1-2;
        // with 1 free too, edge 0-1 stands alone unless the cell ties it.
        let labels = [Free, Free, Both];
        let edges = [(0, 1), (1, 2), (2, 0)];
        assert_eq!(pieces(&labels, &edges, &[]).len(), 2);
        let tied = pieces(&labels, &edges, &[cell(&[(0, true), (1, true), (2, true)])]);
        assert_eq!(tied.len(), 1);
        assert_eq!(tied[0].cells.len(), 1);
        assert_eq!(tied[0].component.labels.iter().filter(|&&l| l == Free).count(), 4);
    }

    #[test]
    fn a_cell_through_a_dead_edge_is_forgotten() {
        // Vertex 3 is a leaf needing both: edge 2-3 is dead, frees vertex 2,
        // and the cell through it is forgotten.
        let labels = [Free, Free, Both, Both];
        let edges = [(0, 1), (1, 2), (2, 3)];
        let p = pieces(&labels, &edges, &[cell(&[(0, true), (1, true), (2, true)])]);
        assert_eq!(p.len(), 2);
        assert!(p.iter().all(|c| c.cells.is_empty()));
    }
}
