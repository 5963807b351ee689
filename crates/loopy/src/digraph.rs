//! The game digraph: positions are vertices, moves are arcs.
//!
//! A [`Digraph`] is stored in compressed sparse row form twice, once by
//! followers (the moves out of a position) and once by predecessors (the moves
//! into it), so that both the forward game and the retrograde analyses run in
//! time linear in the number of moves. Build one with a [`DigraphBuilder`]
//! (add positions, add moves), from an arc list with [`Digraph::from_moves`],
//! or from any `petgraph` digraph with [`Digraph::from_petgraph`].

use petgraph::visit::{EdgeRef, IntoEdgeReferences, NodeIndexable};
use std::fmt;

/// The number of a position in a [`Digraph`]: positions are `0..n`.
pub type VertexId = u32;

/// The largest number of positions (and of moves) a [`Digraph`] can hold.
///
/// Position numbers and the solvers' labels are `u32`; a few values near
/// `u32::MAX` are reserved as markers.
pub const MAX_SIZE: usize = (u32::MAX - 8) as usize;

/// Why a digraph could not be built.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum DigraphError {
    /// A move names a position that was never added.
    #[error(
        "a move uses position {position}, but the digraph has only {positions} positions \
         (numbered 0 to {}); add the position before its moves",
        positions.saturating_sub(1)
    )]
    UnknownPosition {
        /// The position number used by the move.
        position: usize,
        /// The number of positions in the digraph.
        positions: usize,
    },
    /// More than [`MAX_SIZE`] positions or moves.
    #[error("too many {what}: a digraph holds at most {MAX_SIZE}")]
    TooLarge {
        /// What overflowed: `"positions"` or `"moves"`.
        what: &'static str,
    },
}

/// A finite game digraph: positions `0..n` and moves between them.
///
/// Invariants:
/// * every move joins two positions `< n`;
/// * self-loops (a move that passes) and parallel moves are allowed; parallel
///   moves change no outcome, value or remoteness, they are only counted twice
///   by [`Digraph::move_count`];
/// * [`Digraph::followers`] lists the moves out of a position in the order they
///   were added; [`Digraph::predecessors`] lists the moves into it.
///
/// A position without followers is *terminal*: the player to move there loses
/// (normal play).
#[derive(Clone, PartialEq, Eq)]
pub struct Digraph {
    succ_start: Vec<u32>,
    succ: Vec<u32>,
    pred_start: Vec<u32>,
    pred: Vec<u32>,
}

impl fmt::Debug for Digraph {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let mut m = f.debug_map();
        for v in 0..self.position_count() as VertexId {
            m.entry(&v, &self.followers(v));
        }
        m.finish()
    }
}

impl Digraph {
    /// A builder for a digraph, to which positions and moves are added one by one.
    pub fn builder() -> DigraphBuilder {
        DigraphBuilder::new()
    }

    /// The digraph with `positions` positions and the given moves `(from, to)`.
    ///
    /// Fails if a move names a position `>= positions` or if there are more
    /// than [`MAX_SIZE`] positions or moves.
    pub fn from_moves(
        positions: usize,
        moves: impl IntoIterator<Item = (usize, usize)>,
    ) -> Result<Digraph, DigraphError> {
        let mut b = DigraphBuilder::with_positions(positions)?;
        for (from, to) in moves {
            b.add_move(from, to)?;
        }
        Ok(b.build())
    }

    /// The digraph of a `petgraph` directed graph: node `i` (by
    /// [`NodeIndexable::to_index`]) becomes position `i`, each edge a move.
    ///
    /// Edge weights are ignored. For a `StableGraph` with removed nodes the
    /// vacant indices become terminal positions with no moves into them.
    ///
    /// # Panics
    /// If the graph has more than [`MAX_SIZE`] nodes or edges.
    pub fn from_petgraph<G>(graph: G) -> Digraph
    where
        G: IntoEdgeReferences + NodeIndexable,
    {
        let n = graph.node_bound();
        let moves = graph.edge_references().map(|e| (graph.to_index(e.source()), graph.to_index(e.target())));
        Digraph::from_moves(n, moves).expect("petgraph indices lie below node_bound")
    }

    /// The digraph whose followers of `v` are `succ[succ_start[v]..succ_start[v + 1]]`,
    /// in that order; the predecessor rows are made by a counting sort, so
    /// that each lists its positions in increasing order (as
    /// [`DigraphBuilder::build`] lists them when moves are added position
    /// by position). Extra memory: 4 bytes per position, besides the
    /// predecessor rows (4 bytes per position and per move).
    ///
    /// # Panics
    /// If `succ_start` is empty, not increasing, does not end at
    /// `succ.len()`, or a follower is not a position.
    pub(crate) fn from_follower_rows(succ_start: Vec<u32>, succ: Vec<u32>) -> Digraph {
        let n = succ_start.len() - 1;
        assert_eq!(succ_start[n] as usize, succ.len(), "the rows end at the last follower");
        let mut pred_start = vec![0u32; n + 1];
        for &w in &succ {
            pred_start[w as usize + 1] += 1;
        }
        for i in 0..n {
            pred_start[i + 1] += pred_start[i];
        }
        let mut fill: Vec<u32> = pred_start[..n].to_vec();
        let mut pred = vec![0u32; succ.len()];
        for v in 0..n {
            for &w in &succ[succ_start[v] as usize..succ_start[v + 1] as usize] {
                let slot = &mut fill[w as usize];
                pred[*slot as usize] = v as u32;
                *slot += 1;
            }
        }
        Digraph { succ_start, succ, pred_start, pred }
    }

    /// This digraph as a `petgraph` graph whose node `i` is position `i` and
    /// carries the weight `i`.
    pub fn to_petgraph(&self) -> petgraph::Graph<VertexId, ()> {
        let mut g = petgraph::Graph::with_capacity(self.position_count(), self.move_count());
        for v in 0..self.position_count() as VertexId {
            g.add_node(v);
        }
        for v in 0..self.position_count() as VertexId {
            for &w in self.followers(v) {
                g.add_edge(
                    petgraph::graph::NodeIndex::new(v as usize),
                    petgraph::graph::NodeIndex::new(w as usize),
                    (),
                );
            }
        }
        g
    }

    /// The number of positions `n`.
    pub fn position_count(&self) -> usize {
        self.succ_start.len() - 1
    }

    /// The number of moves, parallel moves counted separately.
    pub fn move_count(&self) -> usize {
        self.succ.len()
    }

    /// The followers of `v`: the positions one move away, in the order the
    /// moves were added.
    ///
    /// # Panics
    /// If `v` is not a position.
    pub fn followers(&self, v: VertexId) -> &[VertexId] {
        let v = v as usize;
        &self.succ[self.succ_start[v] as usize..self.succ_start[v + 1] as usize]
    }

    /// The predecessors of `v`: the positions with a move to `v`.
    ///
    /// # Panics
    /// If `v` is not a position.
    pub fn predecessors(&self, v: VertexId) -> &[VertexId] {
        let v = v as usize;
        &self.pred[self.pred_start[v] as usize..self.pred_start[v + 1] as usize]
    }

    /// The number of moves out of `v`.
    pub fn out_degree(&self, v: VertexId) -> usize {
        let v = v as usize;
        (self.succ_start[v + 1] - self.succ_start[v]) as usize
    }

    /// The number of moves into `v`.
    pub fn in_degree(&self, v: VertexId) -> usize {
        let v = v as usize;
        (self.pred_start[v + 1] - self.pred_start[v]) as usize
    }

    /// Whether `v` is terminal (has no move).
    pub fn is_terminal(&self, v: VertexId) -> bool {
        self.out_degree(v) == 0
    }

    /// All moves `(from, to)`, grouped by `from` in increasing order.
    pub fn moves(&self) -> impl Iterator<Item = (VertexId, VertexId)> + '_ {
        (0..self.position_count() as VertexId).flat_map(move |v| self.followers(v).iter().map(move |&w| (v, w)))
    }

    /// The predecessor lists as raw compressed rows: `(start, list)` where the
    /// predecessors of `v` are `list[start[v]..start[v + 1]]`.
    pub(crate) fn predecessor_rows(&self) -> (&[u32], &[u32]) {
        (&self.pred_start, &self.pred)
    }

    /// The heap memory held by this digraph, in bytes.
    pub fn heap_bytes(&self) -> usize {
        4 * (self.succ_start.capacity() + self.succ.capacity() + self.pred_start.capacity() + self.pred.capacity())
    }
}

/// Builds a [`Digraph`] by adding positions and moves.
///
/// Positions are numbered in the order they are added, from 0. Moves may be
/// added in any order, before or after other positions are added, but both
/// ends must already exist. [`DigraphBuilder::build`] takes time and memory
/// linear in the number of positions and moves.
#[derive(Debug, Clone, Default)]
pub struct DigraphBuilder {
    positions: usize,
    from: Vec<u32>,
    to: Vec<u32>,
}

impl DigraphBuilder {
    /// An empty builder.
    pub fn new() -> DigraphBuilder {
        DigraphBuilder::default()
    }

    /// A builder that already holds positions `0..positions` and no moves.
    pub fn with_positions(positions: usize) -> Result<DigraphBuilder, DigraphError> {
        if positions > MAX_SIZE {
            return Err(DigraphError::TooLarge { what: "positions" });
        }
        Ok(DigraphBuilder { positions, from: Vec::new(), to: Vec::new() })
    }

    /// Reserves room for `moves` more moves.
    pub fn reserve_moves(&mut self, moves: usize) {
        self.from.reserve(moves);
        self.to.reserve(moves);
    }

    /// Adds a position and returns its number (the number of positions added
    /// before it).
    ///
    /// # Panics
    /// If the digraph already has [`MAX_SIZE`] positions.
    pub fn add_position(&mut self) -> VertexId {
        assert!(self.positions < MAX_SIZE, "a digraph holds at most {MAX_SIZE} positions");
        self.positions += 1;
        (self.positions - 1) as VertexId
    }

    /// Adds `count` positions and returns the number of the first.
    pub fn add_positions(&mut self, count: usize) -> Result<VertexId, DigraphError> {
        let first = self.positions;
        if count > MAX_SIZE - first {
            return Err(DigraphError::TooLarge { what: "positions" });
        }
        self.positions += count;
        Ok(first as VertexId)
    }

    /// The number of positions added so far.
    pub fn position_count(&self) -> usize {
        self.positions
    }

    /// The number of moves added so far.
    pub fn move_count(&self) -> usize {
        self.from.len()
    }

    /// Adds the move `from -> to`. Self-loops and repeated moves are allowed.
    pub fn add_move(&mut self, from: usize, to: usize) -> Result<(), DigraphError> {
        for position in [from, to] {
            if position >= self.positions {
                return Err(DigraphError::UnknownPosition { position, positions: self.positions });
            }
        }
        if self.from.len() >= MAX_SIZE {
            return Err(DigraphError::TooLarge { what: "moves" });
        }
        self.from.push(from as u32);
        self.to.push(to as u32);
        Ok(())
    }

    /// The finished digraph. Followers keep the order in which moves were added.
    pub fn build(self) -> Digraph {
        let n = self.positions;
        let (succ_start, succ) = rows(n, &self.from, &self.to);
        let (pred_start, pred) = rows(n, &self.to, &self.from);
        Digraph { succ_start, succ, pred_start, pred }
    }
}

/// Counting sort of the arcs `key[i] -> val[i]` into compressed rows by key,
/// stable in `i`.
fn rows(n: usize, key: &[u32], val: &[u32]) -> (Vec<u32>, Vec<u32>) {
    let mut start = vec![0u32; n + 1];
    for &k in key {
        start[k as usize + 1] += 1;
    }
    for i in 0..n {
        start[i + 1] += start[i];
    }
    let mut fill: Vec<u32> = start[..n].to_vec();
    let mut list = vec![0u32; key.len()];
    for (&k, &v) in key.iter().zip(val) {
        let slot = &mut fill[k as usize];
        list[*slot as usize] = v;
        *slot += 1;
    }
    (start, list)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn builder_keeps_move_order_and_predecessors() {
        let mut b = Digraph::builder();
        let a = b.add_position();
        let c = b.add_position();
        let d = b.add_position();
        b.add_move(a as usize, d as usize).unwrap();
        b.add_move(a as usize, c as usize).unwrap();
        b.add_move(c as usize, c as usize).unwrap();
        b.add_move(d as usize, a as usize).unwrap();
        let g = b.build();
        assert_eq!(g.position_count(), 3);
        assert_eq!(g.move_count(), 4);
        assert_eq!(g.followers(a), &[d, c]);
        assert_eq!(g.followers(c), &[c]);
        assert_eq!(g.predecessors(c), &[a, c]);
        assert_eq!(g.predecessors(a), &[d]);
        assert!(!g.is_terminal(d));
        assert_eq!(g.moves().count(), 4);
    }

    #[test]
    fn unknown_position_is_an_error() {
        let err = Digraph::from_moves(2, [(0, 2)]).unwrap_err();
        assert_eq!(err, DigraphError::UnknownPosition { position: 2, positions: 2 });
        assert!(err.to_string().contains("numbered 0 to 1"));
    }

    #[test]
    fn follower_rows_give_the_builders_digraph() {
        let moves = [(0, 2), (0, 1), (1, 1), (2, 0), (2, 1), (3, 0)];
        let g = Digraph::from_moves(4, moves).unwrap();
        let rows = Digraph::from_follower_rows(vec![0, 2, 3, 5, 6], vec![2, 1, 1, 0, 1, 0]);
        assert_eq!(rows, g);
        assert_eq!(rows.predecessors(1), &[0, 1, 2]);
    }

    #[test]
    fn petgraph_round_trip() {
        let g = Digraph::from_moves(4, [(0, 1), (1, 2), (2, 0), (3, 3)]).unwrap();
        let pg = g.to_petgraph();
        assert_eq!(Digraph::from_petgraph(&pg), g);
    }
}
