//! Reusable buffers for reading a component: degrees and adjacency in
//! compressed rows, so that looking a component up in the memo allocates
//! nothing once the buffers have grown.

use super::component::Component;

/// Degrees and compressed adjacency of the last component loaded.
#[derive(Default, Clone)]
pub struct Scratch {
    /// Degree of each vertex.
    pub deg: Vec<usize>,
    /// Neighbours of `v` are `adj[off[v]..off[v + 1]]`.
    pub off: Vec<usize>,
    /// Concatenated neighbour lists.
    pub adj: Vec<usize>,
    fill: Vec<usize>,
}

impl Scratch {
    /// Loads the degrees and adjacency of `c`.
    pub fn load(&mut self, c: &Component) {
        let n = c.labels.len();
        self.deg.clear();
        self.deg.resize(n, 0);
        for &(u, v) in &c.edges {
            self.deg[u as usize] += 1;
            self.deg[v as usize] += 1;
        }
        self.off.clear();
        self.off.push(0);
        for v in 0..n {
            let last = self.off[v];
            self.off.push(last + self.deg[v]);
        }
        self.adj.clear();
        self.adj.resize(2 * c.edges.len(), 0);
        self.fill.clear();
        self.fill.extend_from_slice(&self.off[..n]);
        for &(u, v) in &c.edges {
            let (u, v) = (u as usize, v as usize);
            self.adj[self.fill[u]] = v;
            self.fill[u] += 1;
            self.adj[self.fill[v]] = u;
            self.fill[v] += 1;
        }
    }

    /// The neighbours of `v`.
    pub fn neighbours(&self, v: usize) -> &[usize] {
        &self.adj[self.off[v]..self.off[v + 1]]
    }
}
