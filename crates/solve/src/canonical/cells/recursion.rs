//! The memoized recursion over classes of components with live cells, and
//! the positions the cell rules decide.
//!
//! A component without cells is valued as any other (spiders, paths,
//! trees, cycles, graphs: the same memo); one with cells is keyed by
//! [`super::key`] in the memo of general classes and computed from the
//! moves of the reduced game ([`super::CellComponent::moves`]).

use super::CellComponent;
use super::key::CellCanonizer;
use super::split::CellSplitter;
use crate::canonical::engine::CanonicalEngine;
use crate::canonical::measure::Measure;
use crate::error::SolveError;
use crate::stack::deep;
use arrows_core::{Arrow, Position, Standing};

/// The canonical engine's buffers for components with cells: the
/// canonizer, and a pool of splitters and move lists, one per level of
/// the recursion in use.
#[derive(Default)]
pub struct CellScratch {
    pub(in crate::canonical) canonizer: CellCanonizer,
    pool: Vec<(CellSplitter, Vec<(usize, bool)>)>,
}

impl CellScratch {
    fn take(&mut self) -> (CellSplitter, Vec<(usize, bool)>) {
        self.pool.pop().unwrap_or_default()
    }

    fn give_back(&mut self, splitter: CellSplitter, moves: Vec<(usize, bool)>) {
        self.pool.push((splitter, moves));
    }
}

impl<M: Measure> CanonicalEngine<M> {
    /// The value of a component with cells, within the call's control.
    pub(in crate::canonical) fn cell_value_here(&mut self, c: &CellComponent) -> Result<M::Value, SolveError> {
        if c.cells.is_empty() {
            return self.component_value_here(&c.component);
        }
        deep(|| self.cell_class_value(c))
    }

    fn cell_class_value(&mut self, c: &CellComponent) -> Result<M::Value, SolveError> {
        let key: Box<[u8]> = {
            let key = self.cells.canonizer.key(c);
            if let Some(v) = self.memo.get_general(key) {
                self.stats.hits += 1;
                return Ok(v);
            }
            key.into()
        };
        debug_assert!(c.cells.iter().all(|cell| cell.steps.len() >= 2), "no completable cell in the recursion");
        // This level's splitter and move list come from the pool and go
        // back to it, so deeper levels reuse their buffers.
        let (mut splitter, mut moves) = self.cells.take();
        splitter.moves(c, &mut moves);
        let mut acc = M::start(moves.len());
        let mut failure = None;
        for &(e, forward) in &moves {
            if let Err(e) = self.control.cancel.check() {
                failure = Some(e.into());
                break;
            }
            let mut value = M::empty();
            for p in splitter.play(c, e, forward) {
                match self.cell_value_here(p) {
                    Ok(v) => value = M::sum(value, v),
                    Err(err) => failure = Some(err),
                }
                if failure.is_some() {
                    break;
                }
            }
            if failure.is_some() {
                break;
            }
            M::push(&mut acc, value);
        }
        self.cells.give_back(splitter, moves);
        if let Some(err) = failure {
            return Err(err);
        }
        let value = M::finish(acc);
        self.memo.insert_general(key, value);
        self.stats.general += 1;
        self.solved()?;
        Ok(value)
    }

    /// The followers of a position the cell rules decide
    /// ([`Standing::Completed`] or [`Standing::Completable`]), as the
    /// brute-force engine counts them: none after a completed cell; from a
    /// completable one, each move of [`Position::reduced_moves`], a move
    /// that completes a cell to a terminal position, any other to a
    /// position without a completable cell, valued by its components.
    pub(in crate::canonical) fn ruled_followers(
        &mut self,
        position: Position<'_>,
    ) -> Result<Vec<(Arrow, M::Value)>, SolveError> {
        if matches!(position.standing(), Standing::Completed(_)) {
            return Ok(Vec::new());
        }
        let graph = position.graph;
        let mut out = Vec::new();
        for a in position.reduced_moves() {
            let e = graph.edge_between(a.tail, a.head).expect("a move lies on an edge");
            let mut d = position.state.clone();
            d.mark(e, graph.ends(e).0 == a.tail);
            let follower = position.with_state(&d);
            let value = if follower.completed_cell().is_some() {
                M::empty()
            } else {
                debug_assert_eq!(follower.standing(), Standing::Open);
                let mut value = M::empty();
                for c in crate::canonical::decompose(follower) {
                    value = M::sum(value, self.state_component_value(&c)?);
                }
                value
            };
            out.push((a, value));
        }
        Ok(out)
    }
}
