//! One cell: a bounded face's boundary as a closed walk, and the pure
//! predicates the rules and engines ask of it.

use crate::decoration::{Arrow, Decoration, arrow_on};
use crate::graph::{EdgeId, Graph, Vertex};
use serde::{Deserialize, Serialize};
use std::fmt;

/// One step of a cell's walk: edge `edge`, walked along its forward arrow
/// `s>t` (`forward`) or against it (`t>s`), where `(s, t)` is the edge as
/// stored ([`Graph::ends`]).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
pub struct Step {
    /// The edge.
    pub edge: EdgeId,
    /// `true` when the walk goes `s -> t` along edge `(s, t)`.
    pub forward: bool,
}

impl Step {
    /// The step along `edge`, forward (`s -> t`) or backward.
    pub fn new(edge: EdgeId, forward: bool) -> Step {
        Step { edge, forward }
    }

    /// The vertex this step leaves.
    pub fn tail(self, graph: &Graph) -> Vertex {
        let (s, t) = graph.ends(self.edge);
        if self.forward { s } else { t }
    }

    /// The vertex this step enters.
    pub fn head(self, graph: &Graph) -> Vertex {
        let (s, t) = graph.ends(self.edge);
        if self.forward { t } else { s }
    }
}

/// A cycle cell of a plane graph: the boundary of a bounded face as a
/// closed walk, a cyclic sequence of [`Step`]s.
///
/// A `Cell` alone is data; it becomes part of a plane graph only through
/// [`Graph::with_cells`], which checks it against the graph (see
/// [`CELL_CHECKS`](super::CELL_CHECKS)). The walk has two orientations:
/// [`Orientation::Along`] the steps as stored, [`Orientation::Against`] them.
#[derive(Debug, Clone, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Cell {
    steps: Vec<Step>,
}

/// Which way round a cell is walked.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Orientation {
    /// The cell's steps in their stored order and directions.
    Along,
    /// The reverse walk.
    Against,
}

impl Orientation {
    /// The other orientation.
    pub fn reverse(self) -> Orientation {
        match self {
            Orientation::Along => Orientation::Against,
            Orientation::Against => Orientation::Along,
        }
    }
}

/// What a decoration makes of a cell.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum CellStatus {
    /// Every edge of the cell is marked and the arrows form one directed
    /// cycle, the given way round: the cell is a completed cycle cell.
    Completed(Orientation),
    /// Two arrows on the cell disagree with both of its orientations: it
    /// can never be completed.
    Dead,
    /// Not completed, and completable the way(s) marked `true` (both when
    /// the cell carries no arrow yet). At least one edge is unmarked.
    Live {
        /// Every arrow on the cell agrees with [`Orientation::Along`].
        along: bool,
        /// Every arrow on the cell agrees with [`Orientation::Against`].
        against: bool,
    },
}

impl CellStatus {
    /// `true` for [`CellStatus::Completed`].
    pub fn is_completed(self) -> bool {
        matches!(self, CellStatus::Completed(_))
    }

    /// `true` for [`CellStatus::Dead`].
    pub fn is_dead(self) -> bool {
        self == CellStatus::Dead
    }

    /// `true` for [`CellStatus::Live`].
    pub fn is_live(self) -> bool {
        matches!(self, CellStatus::Live { .. })
    }

    /// The status from what is known of the cell's arrows: some agree with
    /// [`Orientation::Along`], some with [`Orientation::Against`], some edge
    /// is unmarked.
    fn from_counts(agree: bool, disagree: bool, unmarked: bool) -> CellStatus {
        if agree && disagree {
            CellStatus::Dead
        } else if unmarked {
            CellStatus::Live { along: !disagree, against: !agree }
        } else if disagree {
            CellStatus::Completed(Orientation::Against)
        } else {
            CellStatus::Completed(Orientation::Along)
        }
    }
}

impl Cell {
    /// The cell walking `steps` in order (unchecked until
    /// [`Graph::with_cells`]).
    pub fn new(steps: Vec<Step>) -> Cell {
        Cell { steps }
    }

    /// The steps, in walk order.
    pub fn steps(&self) -> &[Step] {
        &self.steps
    }

    /// Number of edges (= steps).
    pub fn len(&self) -> usize {
        self.steps.len()
    }

    /// `true` for a cell with no steps (never a valid cell).
    pub fn is_empty(&self) -> bool {
        self.steps.is_empty()
    }

    /// The edges in walk order.
    pub fn edges(&self) -> impl Iterator<Item = EdgeId> + '_ {
        self.steps.iter().map(|s| s.edge)
    }

    /// The edges in increasing order: two cells with the same edge set are
    /// the same face.
    pub fn edge_set(&self) -> Vec<EdgeId> {
        let mut e: Vec<EdgeId> = self.edges().collect();
        e.sort_unstable();
        e
    }

    /// `true` when edge `e` is on the cell.
    pub fn contains(&self, e: EdgeId) -> bool {
        self.steps.iter().any(|s| s.edge == e)
    }

    /// The same face walked the other way round.
    pub fn reversed(&self) -> Cell {
        Cell { steps: self.steps.iter().rev().map(|s| Step::new(s.edge, !s.forward)).collect() }
    }

    /// The vertices of the walk: the tail of each step, in order (the walk
    /// returns to the first).
    pub fn vertices(&self, graph: &Graph) -> Vec<Vertex> {
        self.steps.iter().map(|s| s.tail(graph)).collect()
    }

    /// The arrows that complete the cell the given way round, in walk order.
    pub fn arrows(&self, graph: &Graph, orientation: Orientation) -> Vec<Arrow> {
        let along = orientation == Orientation::Along;
        self.steps.iter().map(|s| arrow_on(graph, s.edge, s.forward == along)).collect()
    }

    /// What `d` makes of the cell: completed, dead, or live with the
    /// orientations it still allows. Costs one look per edge of the cell.
    pub fn status(&self, d: &Decoration) -> CellStatus {
        let (mut agree, mut disagree, mut unmarked) = (false, false, false);
        for s in &self.steps {
            match d.get(s.edge) {
                None => unmarked = true,
                Some(f) if f == s.forward => agree = true,
                Some(_) => disagree = true,
            }
            if agree && disagree {
                return CellStatus::Dead;
            }
        }
        CellStatus::from_counts(agree, disagree, unmarked)
    }

    /// `true` when `d` completes the cell (either way round).
    pub fn is_completed(&self, d: &Decoration) -> bool {
        self.status(d).is_completed()
    }

    /// The arrow that completes the cell, when the cell is *completable*:
    /// every edge but one is marked and every arrow agrees with one
    /// orientation. The arrow lies on the unmarked edge, along that
    /// orientation; adding it never makes a sink or a source (the walk
    /// enters its tail and leaves its head by arrows of the cell).
    pub fn completing_arrow(&self, graph: &Graph, d: &Decoration) -> Option<Arrow> {
        let mut open: Option<Step> = None;
        for s in &self.steps {
            if d.get(s.edge).is_none() {
                if open.is_some() {
                    return None;
                }
                open = Some(*s);
            }
        }
        let open = open?;
        match self.status(d) {
            CellStatus::Live { along: true, .. } => Some(arrow_on(graph, open.edge, open.forward)),
            CellStatus::Live { against: true, .. } => Some(arrow_on(graph, open.edge, !open.forward)),
            _ => None,
        }
    }

    /// `true` when the cell is completable under `d` (see [`Cell::completing_arrow`]).
    pub fn is_completable(&self, d: &Decoration) -> bool {
        let mut unmarked = 0;
        for s in &self.steps {
            if d.get(s.edge).is_none() {
                unmarked += 1;
                if unmarked > 1 {
                    return false;
                }
            }
        }
        unmarked == 1 && self.status(d).is_live()
    }

    /// The cell as two 64-bit masks over the graph's edges, when every edge
    /// number is below 64.
    pub fn mask(&self) -> Option<CellMask> {
        self.mask_with(|e| (e < 64).then_some(e as u32))
    }

    /// The cell as two 64-bit masks over a renumbering of the edges (an
    /// engine's compact numbering): `bit(e)` is edge `e`'s bit, below 64.
    /// `None` when `bit` refuses an edge.
    pub fn mask_with(&self, mut bit: impl FnMut(EdgeId) -> Option<u32>) -> Option<CellMask> {
        let mut m = CellMask { edges: 0, along: 0 };
        for s in &self.steps {
            let b = bit(s.edge).filter(|&b| b < 64)?;
            m.edges |= 1 << b;
            if s.forward {
                m.along |= 1 << b;
            }
        }
        Some(m)
    }

    /// The walk as vertices, `0-1-2` (the last vertex joins the first).
    pub fn walk_text(&self, graph: &Graph) -> String {
        let parts: Vec<String> = self.vertices(graph).iter().map(Vertex::to_string).collect();
        parts.join("-")
    }
}

impl fmt::Display for Cell {
    /// The cell as signed edge indices, `+0 +2 -1`: `+i` walks edge `i`
    /// along its forward arrow, `-i` against it.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for (i, s) in self.steps.iter().enumerate() {
            if i > 0 {
                f.write_str(" ")?;
            }
            write!(f, "{}{}", if s.forward { '+' } else { '-' }, s.edge)?;
        }
        Ok(())
    }
}

/// A cell as bitmasks, for engines that hold a decoration as the pair of
/// masks `(marked, forward)` (bit `i` marks edge `i`; a set `forward` bit
/// makes its arrow forward).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct CellMask {
    /// The cell's edges.
    pub edges: u64,
    /// The cell's edges walked forward by [`Orientation::Along`]: an arrow
    /// agrees with `Along` exactly when its `forward` bit equals its `along` bit.
    pub along: u64,
}

impl CellMask {
    /// What the decoration `(marked, forward)` makes of the cell.
    #[inline]
    pub fn status(self, marked: u64, forward: u64) -> CellStatus {
        let m = marked & self.edges;
        let disagree = m & (forward ^ self.along);
        let agree = m & !disagree;
        CellStatus::from_counts(agree != 0, disagree != 0, m != self.edges)
    }

    /// `true` when `(marked, forward)` completes the cell.
    #[inline]
    pub fn is_completed(self, marked: u64, forward: u64) -> bool {
        if marked & self.edges != self.edges {
            return false;
        }
        let f = forward & self.edges;
        f == self.along || f == self.edges ^ self.along
    }

    /// `true` when `(marked, forward)` leaves the cell completable: one edge
    /// unmarked, and every arrow agreeing with one orientation.
    #[inline]
    pub fn is_completable(self, marked: u64, forward: u64) -> bool {
        let m = marked & self.edges;
        if (self.edges & !m).count_ones() != 1 {
            return false;
        }
        let disagree = m & (forward ^ self.along);
        disagree == 0 || disagree == m
    }

    /// `true` when `(marked, forward)` makes the cell dead.
    #[inline]
    pub fn is_dead(self, marked: u64, forward: u64) -> bool {
        let m = marked & self.edges;
        let disagree = m & (forward ^ self.along);
        disagree != 0 && m & !disagree != 0
    }
}
