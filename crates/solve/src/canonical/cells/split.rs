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

/// Reusable buffers for splitting the followers of components with
/// cells: once grown, listing a component's moves and splitting a follower
/// allocate nothing (the recursion keeps one per level).
#[derive(Debug, Clone, Default)]
pub struct CellSplitter {
    // The follower being split.
    labels_in: Vec<Need>,
    edges_in: Vec<(u32, u32)>,
    cells_in: Vec<LiveCell>,
    // Splitting.
    deg: Vec<usize>,
    labels: Vec<Need>,
    dead: Vec<bool>,
    kept: Vec<usize>,
    parent: Vec<usize>,
    first_at: Vec<usize>,
    group_of_root: Vec<usize>,
    local_vertex: Vec<u32>,
    local_edge: Vec<u32>,
    group_of_edge: Vec<usize>,
    /// The cells through each edge, with the step's direction.
    through: Vec<[(u32, bool); 2]>,
    through_len: Vec<u8>,
    out: Vec<CellComponent>,
    cells_used: Vec<usize>,
    groups: usize,
    /// Cells not in use, kept for their step buffers.
    spare: Vec<LiveCell>,
}

impl CellSplitter {
    /// The moves of the reduced game from `c`, as [`CellComponent::moves`], into `out`.
    pub fn moves(&mut self, c: &CellComponent, out: &mut Vec<(usize, bool)>) {
        let comp = &c.component;
        out.clear();
        self.deg.clear();
        self.deg.resize(comp.labels.len(), 0);
        for &(u, v) in &comp.edges {
            self.deg[u as usize] += 1;
            self.deg[v as usize] += 1;
        }
        self.index_cells(comp.edges.len(), &c.cells);
        for (e, &(u, v)) in comp.edges.iter().enumerate() {
            for forward in [true, false] {
                let (t, h) = if forward { (u as usize, v as usize) } else { (v as usize, u as usize) };
                if comp.labels[t].blocks_out(self.deg[t]) || comp.labels[h].blocks_in(self.deg[h]) {
                    continue;
                }
                let removed = self.through[e][..self.through_len[e] as usize].iter().any(|&(i, step)| {
                    let cell = &c.cells[i as usize];
                    cell.steps.len() == 2 && cell.after(forward == step).is_some()
                });
                if !removed {
                    out.push((e, forward));
                }
            }
        }
    }

    /// Indexes the cells through each edge.
    fn index_cells(&mut self, m: usize, cells: &[LiveCell]) {
        self.through.clear();
        self.through.resize(m, [(0, false); 2]);
        self.through_len.clear();
        self.through_len.resize(m, 0);
        for (i, cell) in cells.iter().enumerate() {
            for &(e, forward) in &cell.steps {
                let k = &mut self.through_len[e as usize];
                if (*k as usize) < 2 {
                    self.through[e as usize][*k as usize] = (i as u32, forward);
                }
                *k += 1;
            }
        }
    }

    /// The components of the follower of `c` reached by marking edge `e`
    /// (`forward` or not), as [`CellComponent::play`].
    pub fn play(&mut self, c: &CellComponent, e: usize, forward: bool) -> &[CellComponent] {
        let comp = &c.component;
        let (u, v) = comp.edges[e];
        let (t, h) = if forward { (u, v) } else { (v, u) };
        let mut labels = std::mem::take(&mut self.labels_in);
        labels.clear();
        labels.extend_from_slice(&comp.labels);
        labels[t as usize] = labels[t as usize].after_out();
        labels[h as usize] = labels[h as usize].after_in();
        let mut edges = std::mem::take(&mut self.edges_in);
        edges.clear();
        edges.extend_from_slice(&comp.edges);
        edges.swap_remove(e);
        let last = edges.len() as u32;
        let mut cells = std::mem::take(&mut self.cells_in);
        let mut used = 0;
        for cell in &c.cells {
            let mut state = (cell.along, cell.against);
            let mut alive = true;
            if used == cells.len() {
                cells.push(LiveCell { steps: Vec::new(), along: true, against: true });
            }
            let into = &mut cells[used];
            into.steps.clear();
            for &(x, step) in &cell.steps {
                if x as usize == e {
                    match cell.after(forward == step) {
                        Some(s) => state = s,
                        None => alive = false,
                    }
                } else {
                    into.steps.push((if x == last { e as u32 } else { x }, step));
                }
            }
            if alive {
                (into.along, into.against) = state;
                used += 1;
            }
        }
        self.split_into(&labels, &edges, &cells[..used]);
        self.labels_in = labels;
        self.edges_in = edges;
        self.cells_in = cells;
        &self.out[..self.groups]
    }

    /// The components of `(labels, edges, cells)`, as [`pieces`].
    pub fn split(&mut self, labels: &[Need], edges: &[(u32, u32)], cells: &[LiveCell]) -> &[CellComponent] {
        self.split_into(labels, edges, cells);
        &self.out[..self.groups]
    }

    fn split_into(&mut self, labels_in: &[Need], edges: &[(u32, u32)], cells: &[LiveCell]) {
        let n = labels_in.len();
        let deg = &mut self.deg;
        deg.clear();
        deg.resize(n, 0);
        for &(u, v) in edges {
            deg[u as usize] += 1;
            deg[v as usize] += 1;
        }
        let blocked = |t: usize, h: usize| labels_in[t].blocks_out(deg[t]) || labels_in[h].blocks_in(deg[h]);
        self.labels.clear();
        self.labels.extend_from_slice(labels_in);
        self.dead.clear();
        self.dead.resize(edges.len(), false);
        for (e, &(u, v)) in edges.iter().enumerate() {
            let (a, b) = (u as usize, v as usize);
            if blocked(a, b) && blocked(b, a) {
                self.dead[e] = true;
                self.labels[a] = Need::Free;
                self.labels[b] = Need::Free;
            }
        }
        self.kept.clear();
        for (i, cell) in cells.iter().enumerate() {
            if !cell.steps.is_empty() && cell.steps.iter().all(|&(e, _)| !self.dead[e as usize]) {
                self.kept.push(i);
            }
        }
        let parent = &mut self.parent;
        parent.clear();
        parent.extend(0..edges.len());
        self.first_at.clear();
        self.first_at.resize(n, usize::MAX);
        for (e, &(u, v)) in edges.iter().enumerate() {
            if self.dead[e] {
                continue;
            }
            for w in [u as usize, v as usize] {
                if self.labels[w] == Need::Free {
                    continue;
                }
                if self.first_at[w] == usize::MAX {
                    self.first_at[w] = e;
                } else {
                    union(parent, self.first_at[w], e);
                }
            }
        }
        for &i in &self.kept {
            let steps = &cells[i].steps;
            for &(e, _) in &steps[1..] {
                union(parent, steps[0].0 as usize, e as usize);
            }
        }
        self.group_of_root.clear();
        self.group_of_root.resize(edges.len(), usize::MAX);
        self.local_vertex.clear();
        self.local_vertex.resize(n, u32::MAX);
        self.local_edge.clear();
        self.local_edge.resize(edges.len(), u32::MAX);
        self.group_of_edge.clear();
        self.group_of_edge.resize(edges.len(), usize::MAX);
        self.groups = 0;
        for (e, &(u, v)) in edges.iter().enumerate() {
            if self.dead[e] {
                continue;
            }
            let r = find(parent, e);
            if self.group_of_root[r] == usize::MAX {
                self.group_of_root[r] = self.groups;
                if self.out.len() == self.groups {
                    self.out.push(CellComponent {
                        component: Component { labels: Vec::new(), edges: Vec::new() },
                        cells: Vec::new(),
                    });
                    self.cells_used.push(0);
                }
                let g = &mut self.out[self.groups];
                g.component.labels.clear();
                g.component.edges.clear();
                self.cells_used[self.groups] = 0;
                self.groups += 1;
            }
            let g = self.group_of_root[r];
            self.group_of_edge[e] = g;
            let comp = &mut self.out[g].component;
            let (labels, local_vertex) = (&self.labels, &mut self.local_vertex);
            let mut id = |w: usize| -> u32 {
                if labels[w] == Need::Free {
                    comp.labels.push(Need::Free);
                    return (comp.labels.len() - 1) as u32;
                }
                if local_vertex[w] == u32::MAX {
                    local_vertex[w] = comp.labels.len() as u32;
                    comp.labels.push(labels[w]);
                }
                local_vertex[w]
            };
            let a = id(u as usize);
            let b = id(v as usize);
            self.local_edge[e] = comp.edges.len() as u32;
            comp.edges.push((a, b));
        }
        for &i in &self.kept {
            let cell = &cells[i];
            let g = self.group_of_edge[cell.steps[0].0 as usize];
            let k = self.cells_used[g];
            let out = &mut self.out[g].cells;
            if out.len() == k {
                out.push(self.spare.pop().unwrap_or(LiveCell { steps: Vec::new(), along: true, against: true }));
            }
            let into = &mut out[k];
            into.steps.clear();
            into.steps.extend(cell.steps.iter().map(|&(e, f)| (self.local_edge[e as usize], f)));
            into.along = cell.along;
            into.against = cell.against;
            self.cells_used[g] = k + 1;
        }
        for g in 0..self.groups {
            // Cells past the used ones go to the spares, buffers and all.
            let used = self.cells_used[g];
            self.spare.extend(self.out[g].cells.drain(used..));
        }
    }
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
