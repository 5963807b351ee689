//! Components with live cells: the canonical engine for the Game of Cycles
//! under normal play.
//!
//! # The reduced game
//!
//! The engine values the reduced game of [`arrows_core::play`]: a move that
//! leaves a completable cell (every edge but one marked, the arrows agreeing
//! with one orientation) is removed, so that from a position without a
//! completable cell no cell is ever completed, the game ends only when no
//! move is left, and it is an ordinary impartial game under normal play.
//!
//! # Dead cells, live cells and components
//!
//! A cell is *dead* when two of its arrows disagree with both of its
//! orientations: it can never be completed, never makes a move removed, and
//! is forgotten. So is a live cell through a *dead edge* (an unmarked edge
//! no player can ever mark, see [`super::component`]): it could only become
//! completable with the dead edge as its last unmarked edge, but the arrow
//! that completes a completable cell is always legal, and a dead edge has
//! no legal arrow, ever. Every other live cell is kept, with
//!
//! * its unmarked edges in walk order, each with the direction the walk
//!   takes it (its marked edges are outside every component);
//! * the orientation(s) it still allows: both when none of its edges is
//!   marked, otherwise the one its arrows agree with (so whether it has
//!   marked edges is implied: exactly when it allows one orientation).
//!
//! The *components* of a position are the connected pieces of its unmarked
//! edges (dead edges deleted, free vertices ramified into free leaves, as in
//! [`super::component`]) joined through shared constrained vertices **or**
//! shared live cells: each live cell lies in one component
//! ([`CellComponent`]).
//!
//! # Why the value is the nim-sum of the components' values
//!
//! Let a position have no completable cell, and let a move mark edge `e` of
//! component `C`. Whether the move is legal depends on the labels and the
//! unmarked degrees of `e`'s ends: a constrained end has all its unmarked
//! edges in `C`, and a free end constrains nothing (vertex labels as in the
//! untrimmed game). Whether the move is removed depends on the cells
//! through `e` only (the others do not change, and none was completable):
//! a dead or forgotten cell never becomes completable, and a live one lies
//! in `C` with all its unmarked edges. The move changes the labels of `e`'s
//! ends and the cells through `e`, that is `C` alone. So the moves of one
//! component never change the moves, legal or removed, of another: the
//! reduced game on the position is the disjunctive sum of the reduced games
//! on its components, and its Grundy value is the nim-sum of theirs
//! (Sprague–Grundy). Inside the recursion no position has a completable
//! cell (the moves that would make one are removed), so the argument holds
//! at every step; at the top, [`arrows_core::Position::standing`] answers a
//! position with a completed or completable cell before any component is
//! formed.
//!
//! # Classes
//!
//! Two components are in the same class when a bijection maps edges onto
//! edges, vertices onto vertices with the same label, and live cells onto
//! live cells, each cell's edges onto the image cell's edges with their
//! directions along the cell, and its allowed orientations onto the image's
//! ([`key`]); or when it does so onto the *flip* of the other: reversing
//! every arrow swaps the labels needs-in and needs-out and the orientation
//! each cell allows (its arrows now agree with the other one). Such a map
//! sends legal moves to legal moves and removed moves to removed moves, so
//! the two game trees are isomorphic and the values equal.
//!
//! * [`split`]: the components of a labelled graph with live cells;
//! * [`key`]: canonical keys by individualization and refinement
//!   ([`refine`]) on the incidence structure of vertices, edges and cells;
//! * [`decompose`]: the components of a position;
//! * `recursion`: the memoized recursion over classes with cells;
//! * [`estimate`]: the memo a component with cells needs, estimated.

pub mod decompose;
pub mod estimate;
pub mod key;
mod recursion;
pub mod refine;
pub mod split;

pub use recursion::CellScratch;

use super::component::Component;
use super::need::Need;
use arrows_core::plane::Orientation;

/// A live cell of a component: its unmarked edges (every one in the
/// component) and the orientations it still allows.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct LiveCell {
    /// The unmarked edges in walk order, as `(edge, forward)`: `edge` indexes
    /// the component's edges, and `forward` is `true` when the walk
    /// ([`Orientation::Along`]) goes from `edges[edge].0` to `edges[edge].1`.
    pub steps: Vec<(u32, bool)>,
    /// Every arrow on the cell agrees with [`Orientation::Along`] (`true`
    /// when it has none).
    pub along: bool,
    /// Every arrow on the cell agrees with [`Orientation::Against`].
    pub against: bool,
}

impl LiveCell {
    /// `true` when some edge of the cell is marked: it then allows one
    /// orientation only.
    pub fn has_marked(&self) -> bool {
        !(self.along && self.against)
    }

    /// The orientation the cell must be completed in, when it allows one only.
    pub fn allowed(&self) -> Option<Orientation> {
        match (self.along, self.against) {
            (true, false) => Some(Orientation::Along),
            (false, true) => Some(Orientation::Against),
            _ => None,
        }
    }

    /// The cell after an arrow on one of its edges: `agrees_along` when the
    /// arrow agrees with [`Orientation::Along`]. `None` when it dies.
    pub fn after(&self, agrees_along: bool) -> Option<(bool, bool)> {
        let along = self.along && agrees_along;
        let against = self.against && !agrees_along;
        (along || against).then_some((along, against))
    }
}

/// A component with its live cells: a labelled graph as
/// [`Component`], and the live cells that tie its edges together.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct CellComponent {
    /// The labelled graph.
    pub component: Component,
    /// Its live cells (every one with at least two edges, inside the
    /// recursion: a cell with one would be completable).
    pub cells: Vec<LiveCell>,
}

impl CellComponent {
    /// `true` when every move is the image of every other under a symmetry
    /// of the component: a cycle whose vertices all carry the same label,
    /// with no live cell or with one live cell that is the whole cycle
    /// and still allows both orientations. The followers then all have
    /// the same value.
    pub fn is_uniform_cycle(&self) -> bool {
        self.component.is_uniform_cycle()
            && match self.cells.as_slice() {
                [] => true,
                [cell] => cell.steps.len() == self.component.edges.len() && !cell.has_marked(),
                _ => false,
            }
    }

    /// For each edge, the cells through it and the cell's step direction
    /// (at most two).
    fn through(&self) -> Vec<smallvec::SmallVec<[(u32, bool); 2]>> {
        let mut out = vec![smallvec::SmallVec::new(); self.component.edges.len()];
        for (i, cell) in self.cells.iter().enumerate() {
            for &(e, forward) in &cell.steps {
                out[e as usize].push((i as u32, forward));
            }
        }
        out
    }

    /// The moves of the reduced game, `(edge, forward)` (`forward` marks
    /// `edges[e].0 > edges[e].1`): legal by the labels (no sink, no
    /// source), and leaving no completable cell.
    pub fn moves(&self) -> Vec<(usize, bool)> {
        let c = &self.component;
        let deg = c.degrees();
        let through = self.through();
        let mut out = Vec::with_capacity(2 * c.edges.len());
        for (e, &(u, v)) in c.edges.iter().enumerate() {
            for forward in [true, false] {
                let (t, h) = if forward { (u as usize, v as usize) } else { (v as usize, u as usize) };
                if c.labels[t].blocks_out(deg[t]) || c.labels[h].blocks_in(deg[h]) {
                    continue;
                }
                let removed = through[e].iter().any(|&(i, step)| {
                    let cell = &self.cells[i as usize];
                    cell.steps.len() == 2 && cell.after(forward == step).is_some()
                });
                if !removed {
                    out.push((e, forward));
                }
            }
        }
        out
    }

    /// The components of the follower reached by marking edge `e`
    /// (`forward` or not): the ends' labels change, the edge leaves its
    /// cells, a cell that the arrow disagrees with dies.
    pub fn play(&self, e: usize, forward: bool) -> Vec<CellComponent> {
        let (labels, edges, cells) = self.after(e, forward);
        split::pieces(&labels, &edges, &cells)
    }

    /// The labelled graph and cells after marking edge `e`, before splitting.
    pub(super) fn after(&self, e: usize, forward: bool) -> (Vec<Need>, Vec<(u32, u32)>, Vec<LiveCell>) {
        let c = &self.component;
        let (u, v) = c.edges[e];
        let (t, h) = if forward { (u, v) } else { (v, u) };
        let mut labels = c.labels.clone();
        labels[t as usize] = labels[t as usize].after_out();
        labels[h as usize] = labels[h as usize].after_in();
        let mut edges = c.edges.clone();
        edges.swap_remove(e);
        // Edge `last` now sits at index `e`.
        let last = edges.len() as u32;
        let mut cells = Vec::with_capacity(self.cells.len());
        for cell in &self.cells {
            let mut steps = Vec::with_capacity(cell.steps.len());
            let mut state = (cell.along, cell.against);
            let mut alive = true;
            for &(x, step) in &cell.steps {
                if x as usize == e {
                    match cell.after(forward == step) {
                        Some(s) => state = s,
                        None => alive = false,
                    }
                } else {
                    steps.push((if x == last { e as u32 } else { x }, step));
                }
            }
            if alive {
                cells.push(LiveCell { steps, along: state.0, against: state.1 });
            }
        }
        (labels, edges, cells)
    }

    /// The flip: every arrow reversed, so `In` and `Out` swap and each
    /// cell allows the other orientation.
    pub fn flip(&self) -> CellComponent {
        CellComponent {
            component: self.component.flip(),
            cells: self
                .cells
                .iter()
                .map(|c| LiveCell { steps: c.steps.clone(), along: c.against, against: c.along })
                .collect(),
        }
    }
}
