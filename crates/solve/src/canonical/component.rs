//! Splitting a state into independent components, and the two reductions.
//!
//! A [`Component`] is a connected labelled graph: the unmarked edges of a
//! state that interact, each vertex labelled with its [`Need`]. The game on
//! a state is the disjunctive sum of the games on its components, so its
//! Grundy value is their nim-sum. [`pieces`] builds the components of any
//! labelled graph after two reductions, each a state isomorphism:
//!
//! * **Dead edges.** An edge with no legal direction now has none ever: a
//!   direction is blocked only by an end whose last unmarked edge it is, and
//!   that end's label cannot change while the edge stays unmarked. The edge
//!   is deleted. Its ends can then never be sinks or sources (that needs
//!   every edge marked), so both become [`Need::Free`]. Deleting it removes
//!   no arrow from any descendant, so the game tree is unchanged.
//! * **Ramification at free vertices.** A free vertex of degree `k` imposes
//!   no condition linking its edges, so it is replaced by `k` free leaves, one
//!   per edge (Definition 3.2); the arrows correspond one to one, and a
//!   decoration is a state before exactly when it is after.
//!
//! Invariants of every component returned: it is connected, has at least one
//! edge, its free vertices are leaves, and none of its edges is dead.

use super::need::Need;

/// A connected labelled graph with local vertex numbers `0..labels.len()`.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct Component {
    /// The label of each vertex.
    pub labels: Vec<Need>,
    /// The edges as pairs of local vertices.
    pub edges: Vec<(u32, u32)>,
}

impl Component {
    /// Degrees of the vertices.
    pub fn degrees(&self) -> Vec<usize> {
        let mut deg = vec![0; self.labels.len()];
        for &(u, v) in &self.edges {
            deg[u as usize] += 1;
            deg[v as usize] += 1;
        }
        deg
    }

    /// `true` when the component is a tree.
    pub fn is_tree(&self) -> bool {
        self.edges.len() + 1 == self.labels.len()
    }

    /// The legal moves: `(edge, forward)`, forward meaning `edges[e].0 > edges[e].1`.
    pub fn moves(&self) -> Vec<(usize, bool)> {
        let deg = self.degrees();
        let mut out = Vec::with_capacity(2 * self.edges.len());
        for (e, &(u, v)) in self.edges.iter().enumerate() {
            for fwd in [true, false] {
                let (t, h) = if fwd { (u as usize, v as usize) } else { (v as usize, u as usize) };
                if !self.labels[t].blocks_out(deg[t]) && !self.labels[h].blocks_in(deg[h]) {
                    out.push((e, fwd));
                }
            }
        }
        out
    }

    /// The components of the follower reached by marking edge `e` (forward or not).
    pub fn play(&self, e: usize, forward: bool) -> Vec<Component> {
        let (u, v) = self.edges[e];
        let (t, h) = if forward { (u, v) } else { (v, u) };
        let mut labels = self.labels.clone();
        labels[t as usize] = labels[t as usize].after_out();
        labels[h as usize] = labels[h as usize].after_in();
        let mut edges = self.edges.clone();
        edges.swap_remove(e);
        pieces(&labels, &edges)
    }

    /// `true` when the component is a cycle (every vertex of degree 2,
    /// at least three of them) whose vertices all carry the same label:
    /// then every move is the image of every other under a rotation, a
    /// reflection and possibly the flip, and the followers all have the
    /// same value.
    pub fn is_uniform_cycle(&self) -> bool {
        self.labels.len() >= 3
            && self.edges.len() == self.labels.len()
            && self.labels.windows(2).all(|w| w[0] == w[1])
            && self.degrees().iter().all(|&d| d == 2)
    }

    /// The flip: every `In` and `Out` label swapped.
    pub fn flip(&self) -> Component {
        Component { labels: self.labels.iter().map(|l| l.flip()).collect(), edges: self.edges.clone() }
    }
}

/// The components of the labelled graph `(labels, edges)` after deleting
/// dead edges and ramifying at free vertices. Vertices without edges vanish.
pub fn pieces(labels: &[Need], edges: &[(u32, u32)]) -> Vec<Component> {
    let mut s = Splitter::default();
    s.split(labels, edges).to_vec()
}

/// As [`pieces`], with, for each component, the index in `edges` of each of
/// its edges. Each edge keeps its orientation: `(u, v)` becomes `(u', v')`.
pub fn pieces_indexed(labels: &[Need], edges: &[(u32, u32)]) -> Vec<(Component, Vec<usize>)> {
    let mut s = Splitter::default();
    let count = s.split(labels, edges).len();
    (0..count).map(|g| (s.out[g].clone(), s.origin[g].clone())).collect()
}

/// Reusable buffers for [`pieces`]: splitting allocates nothing once the
/// buffers have grown, which matters because every follower of every class
/// is split to look its pieces up in the memo.
#[derive(Default, Clone)]
pub struct Splitter {
    /// The follower being split (by [`Splitter::play`]).
    input_labels: Vec<Need>,
    input_edges: Vec<(u32, u32)>,
    /// Labels after the dead edges are freed.
    labels: Vec<Need>,
    deg: Vec<usize>,
    live: Vec<(u32, u32)>,
    live_index: Vec<usize>,
    parent: Vec<usize>,
    first_edge_at: Vec<usize>,
    group_of_root: Vec<usize>,
    local: Vec<u32>,
    out: Vec<Component>,
    origin: Vec<Vec<usize>>,
}

impl Splitter {
    /// The components of the follower of `c` reached by marking edge `e`
    /// (forward or not), as in [`Component::play`].
    pub fn play(&mut self, c: &Component, e: usize, forward: bool) -> &[Component] {
        let (u, v) = c.edges[e];
        let (t, h) = if forward { (u, v) } else { (v, u) };
        let mut labels = std::mem::take(&mut self.input_labels);
        let mut edges = std::mem::take(&mut self.input_edges);
        labels.clear();
        labels.extend_from_slice(&c.labels);
        labels[t as usize] = labels[t as usize].after_out();
        labels[h as usize] = labels[h as usize].after_in();
        edges.clear();
        edges.extend_from_slice(&c.edges);
        edges.swap_remove(e);
        self.split_into(&labels, &edges);
        self.input_labels = labels;
        self.input_edges = edges;
        self.result()
    }

    /// The components of `(labels, edges)`, as in [`pieces`].
    pub fn split(&mut self, labels: &[Need], edges: &[(u32, u32)]) -> &[Component] {
        self.split_into(labels, edges);
        self.result()
    }

    fn result(&self) -> &[Component] {
        &self.out[..self.group_count()]
    }

    fn group_count(&self) -> usize {
        self.origin.iter().take_while(|o| !o.is_empty()).count()
    }

    fn split_into(&mut self, labels_in: &[Need], edges: &[(u32, u32)]) {
        let n = labels_in.len();
        let deg = &mut self.deg;
        deg.clear();
        deg.resize(n, 0);
        for &(u, v) in edges {
            deg[u as usize] += 1;
            deg[v as usize] += 1;
        }
        let mut labels = std::mem::take(&mut self.labels);
        labels.clear();
        labels.extend_from_slice(labels_in);
        let blocked = |t: usize, h: usize| labels_in[t].blocks_out(deg[t]) || labels_in[h].blocks_in(deg[h]);
        self.live.clear();
        self.live_index.clear();
        for (index, &(u, v)) in edges.iter().enumerate() {
            let (a, b) = (u as usize, v as usize);
            if blocked(a, b) && blocked(b, a) {
                // Deciding on the labels before any change: removing a dead
                // edge frees its ends, and a free end blocks nothing, so no
                // other edge's status changes (see the module documentation).
                labels[a] = Need::Free;
                labels[b] = Need::Free;
            } else {
                self.live.push((u, v));
                self.live_index.push(index);
            }
        }
        // Union the edges that meet at a constrained vertex.
        let parent = &mut self.parent;
        parent.clear();
        parent.extend(0..self.live.len());
        fn find(p: &mut [usize], mut x: usize) -> usize {
            while p[x] != x {
                p[x] = p[p[x]];
                x = p[x];
            }
            x
        }
        self.first_edge_at.clear();
        self.first_edge_at.resize(n, usize::MAX);
        for (i, &(u, v)) in self.live.iter().enumerate() {
            for w in [u as usize, v as usize] {
                if labels[w] == Need::Free {
                    continue;
                }
                if self.first_edge_at[w] == usize::MAX {
                    self.first_edge_at[w] = i;
                } else {
                    let (a, b) = (find(parent, self.first_edge_at[w]), find(parent, i));
                    parent[a] = b;
                }
            }
        }
        // Group the edges by root, keeping their order; number the vertices
        // of each component in order of first appearance, free ends once per
        // edge. Buffers of earlier calls are reused: a group's origin list is
        // empty exactly when the group is unused.
        for o in &mut self.origin {
            o.clear();
        }
        self.group_of_root.clear();
        self.group_of_root.resize(self.live.len(), usize::MAX);
        self.local.clear();
        self.local.resize(n, u32::MAX);
        let mut groups = 0;
        for (i, &(u, v)) in self.live.iter().enumerate() {
            let r = find(parent, i);
            if self.group_of_root[r] == usize::MAX {
                self.group_of_root[r] = groups;
                if self.out.len() == groups {
                    self.out.push(Component { labels: Vec::new(), edges: Vec::new() });
                    self.origin.push(Vec::new());
                }
                self.out[groups].labels.clear();
                self.out[groups].edges.clear();
                groups += 1;
            }
            let g = self.group_of_root[r];
            // A constrained vertex has all its edges in one component, so
            // one local number per vertex suffices.
            let local = &mut self.local;
            let mut id = |w: usize, comp: &mut Component| -> u32 {
                if labels[w] == Need::Free {
                    comp.labels.push(Need::Free);
                    return (comp.labels.len() - 1) as u32;
                }
                if local[w] == u32::MAX {
                    local[w] = comp.labels.len() as u32;
                    comp.labels.push(labels[w]);
                }
                local[w]
            };
            let comp = &mut self.out[g];
            let a = id(u as usize, comp);
            let b = id(v as usize, comp);
            comp.edges.push((a, b));
            self.origin[g].push(self.live_index[i]);
        }
        self.labels = labels;
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use Need::*;

    #[test]
    fn a_free_vertex_splits_its_component() {
        // A star whose centre is free: separate edges, except the one to the
        // leaf that needs both, which is dead.
        let p = pieces(&[Free, Both, In, Out, Free], &[(0, 1), (0, 2), (0, 3), (0, 4)]);
        assert_eq!(p.len(), 3);
        assert!(p.iter().all(|c| c.edges.len() == 1 && c.labels[0] == Free));
    }

    #[test]
    fn dead_edges_vanish_and_free_their_ends() {
        // The untrimmed path 0-1-2: both leaf edges are dead, and deleting them
        // frees vertex 1, leaving nothing.
        assert!(pieces(&[Both, Both, Both], &[(0, 1), (1, 2)]).is_empty());
        // P_3 untrimmed: the middle edge survives with free ends.
        let p = pieces(&[Both, Both, Both, Both], &[(0, 1), (1, 2), (2, 3)]);
        assert_eq!(p, vec![Component { labels: vec![Free, Free], edges: vec![(0, 1)] }]);
    }

    #[test]
    fn playing_a_move_updates_labels() {
        let c = Component { labels: vec![Free, Both, Free], edges: vec![(0, 1), (1, 2)] };
        assert_eq!(c.moves().len(), 4);
        // 0>1 leaves vertex 1 needing an out-arrow on its last edge: 1>2 only.
        let f = c.play(0, true);
        assert_eq!(f.len(), 1);
        assert_eq!(f[0].moves().len(), 1);
    }
}
