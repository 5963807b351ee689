//! The memoized recursion of the canonical engine over component classes.
//!
//! A class is looked up in the memo; a miss computes it from its followers,
//! whose pieces are classes again. Every recursive step goes through
//! [`deep`], so the depth (about one step per edge) is safe on any thread.
//! Path components are valued by the closed forms of Section 5 when the
//! engine uses them ([`super::closed`]), and cycles get linear-time keys
//! ([`super::cycle`]).

use super::canon;
use super::component::Component;
use super::cycle;
use super::engine::CanonicalEngine;
use super::measure::Measure;
use super::need::Need;
use super::rows::Slot;
use super::small::MAX_VERTICES;
use super::spider::{Leg, Legs, Spider};
use crate::error::SolveError;
use crate::stack::deep;

impl<M: Measure> CanonicalEngine<M> {
    /// The value of one component, within the call's control.
    pub(super) fn component_value_here(&mut self, c: &Component) -> Result<M::Value, SolveError> {
        deep(|| match Spider::from_component_with(c, &mut self.scratch) {
            Some(s) => self.spider_value_here(&s),
            None if c.is_tree() && c.labels.len() <= MAX_VERTICES => self.small_tree_value(&c.labels, &c.edges),
            None => self.general_value(c),
        })
    }

    /// The value of a path from a closed form, when the engine uses them and one applies.
    fn closed_form(&mut self, s: &Spider) -> Option<M::Value> {
        if !self.closed_forms {
            return None;
        }
        let [leg] = s.legs.as_slice() else { return None };
        let v = M::path_value(s.hub, leg.len, leg.end)?;
        self.stats.closed_forms += 1;
        Some(v)
    }

    /// The value of a normalized spider-shaped component, within the call's control.
    pub(super) fn spider_value_here(&mut self, s: &Spider) -> Result<M::Value, SolveError> {
        if let Some(v) = self.closed_form(s) {
            return Ok(v);
        }
        if let Some(v) = self.memo.get_spider(s) {
            self.stats.hits += 1;
            return Ok(v);
        }
        // A miss may descend far before any class is solved (a star of
        // k legs goes k levels deep, each building a spider of k legs).
        self.control.cancel.check()?;
        let value = deep(|| self.compute_spider(s))?;
        self.memo.store_spider(s, value);
        self.stats.spiders += 1;
        self.solved()?;
        Ok(value)
    }

    /// The value of a spider from its followers. Moves at the hub go
    /// through the general follower rule; a move inside leg `j` keeps the
    /// rest of the spider, so its inner piece is an entry of leg `j`'s row
    /// and its outer piece an entry of a path row. A first pass computes
    /// the missing entries; the second reads the rows without hashing (and
    /// computes again any entry evicted meanwhile).
    fn compute_spider(&mut self, s: &Spider) -> Result<M::Value, SolveError> {
        let mut acc = M::start(s.move_bound());
        self.hub_moves(s, &mut acc)?;
        let path_slot = [Slot::of(Need::Out, Legs::new()), Slot::of(Need::In, Legs::new())];
        for (j, &leg) in s.legs.iter().enumerate() {
            if leg.len < 2 || self.same_leg_before(s, j) {
                continue;
            }
            let others: Legs = s.legs.iter().enumerate().filter(|&(i, _)| i != j).map(|(_, l)| *l).collect();
            let slot = Slot::of(s.hub, others);
            if self.leg_moves_closed(s, j, &slot, &mut acc)? {
                continue;
            }
            // A move on edge p (2..=len): the inner piece is the rest with leg
            // (p-1, In) when marked outward, (p-1, Out) inward; the outer piece
            // is the path (Out or In, len-p, end) when p < len. At p = len the
            // leg's end may block.
            let blocked = |p: u32, outward: bool| {
                p == leg.len && if outward { leg.end.blocks_in(1) } else { leg.end.blocks_out(1) }
            };
            let inner = |p: u32, outward: bool| Leg { len: p - 1, end: if outward { Need::In } else { Need::Out } };
            let outer = |p: u32| Leg { len: leg.len - p, end: leg.end };
            let label = |outward: bool| if outward { Need::Out } else { Need::In };
            // Pieces that are paths of a family of Section 5 are valued by
            // its closed form, with no memo look-up: the outer piece always
            // is a path, the inner one when this spider is itself a path.
            let closed = self.closed_forms;
            let one_leg = s.legs.len() == 1;
            let inner_closed = |p: u32, outward: bool| -> Option<M::Value> {
                let l = inner(p, outward);
                if closed && one_leg { M::path_value(s.hub, l.len, l.end) } else { None }
            };
            let outer_closed = |p: u32, outward: bool| -> Option<M::Value> {
                if closed { M::path_value(label(outward), leg.len - p, leg.end) } else { None }
            };
            let moves: Vec<(u32, bool)> = (2..=leg.len)
                .flat_map(|p| [(p, true), (p, false)])
                .filter(|&(p, outward)| !blocked(p, outward))
                .collect();
            // Each move's inner and outer values, as far as closed forms and
            // the rows know them (no outer piece at p = len: the empty sum).
            let mut inner_values: Vec<Option<M::Value>> = moves.iter().map(|&(p, o)| inner_closed(p, o)).collect();
            let mut outer_values: Vec<Option<M::Value>> =
                moves.iter().map(|&(p, o)| if p == leg.len { Some(M::empty()) } else { outer_closed(p, o) }).collect();
            let read = |memo: &super::memo::Memo<M::Value>,
                        inner_values: &mut [Option<M::Value>],
                        outer_values: &mut [Option<M::Value>]| {
                memo.with_row(&slot, |row| {
                    for (v, &(p, o)) in inner_values.iter_mut().zip(&moves) {
                        if v.is_none() {
                            *v = row.get(slot.index(inner(p, o)));
                        }
                    }
                });
                for (side, outward) in [true, false].into_iter().enumerate() {
                    memo.with_row(&path_slot[side], |row| {
                        for (v, &(p, o)) in outer_values.iter_mut().zip(&moves) {
                            if v.is_none() && o == outward {
                                *v = row.get(path_slot[side].index(outer(p)));
                            }
                        }
                    });
                }
            };
            // First pass: compute the entries the rows lack.
            read(&self.memo, &mut inner_values, &mut outer_values);
            for (i, &(p, outward)) in moves.iter().enumerate() {
                if inner_values[i].is_none() {
                    let mut legs = s.legs.clone();
                    legs[j] = inner(p, outward);
                    inner_values[i] = Some(self.spider_value_here(&Spider { hub: s.hub, legs }.normalize())?);
                }
                if outer_values[i].is_none() {
                    let path = Spider::path(label(outward), leg.len - p, leg.end).normalize();
                    outer_values[i] = Some(self.spider_value_here(&path)?);
                }
            }
            let closed_count = moves
                .iter()
                .map(|&(p, o)| {
                    inner_closed(p, o).is_some() as u64 + (p < leg.len && outer_closed(p, o).is_some()) as u64
                })
                .sum::<u64>();
            for (inner, outer) in inner_values.into_iter().zip(outer_values) {
                M::push(&mut acc, M::sum(inner.expect("computed above"), outer.expect("computed above")));
            }
            self.stats.closed_forms += closed_count;
        }
        Ok(M::finish(acc))
    }

    fn general_value(&mut self, c: &Component) -> Result<M::Value, SolveError> {
        let tree = c.is_tree();
        if !tree {
            // (`component_value` has loaded trees into the scratch buffers already.)
            self.scratch.load(c);
        }
        let is_cycle = !tree && cycle::is_cycle(c, &self.scratch);
        let key: Box<[u8]> = {
            let key = if tree {
                self.canonizer.key_with(c, &mut self.scratch)
            } else if is_cycle {
                &cycle::key(c, &self.scratch)[..]
            } else {
                &canon::key(c)[..]
            };
            if let Some(v) = self.memo.get_general(key) {
                self.stats.hits += 1;
                return Ok(v);
            }
            key.into()
        };
        let mut moves = c.moves();
        // On a cycle whose labels are all equal every move is the image of
        // every other under an automorphism, so one follower tells them all.
        if is_cycle && cycle::is_uniform(c) {
            moves.truncate(1);
        }
        let mut acc = M::start(moves.len());
        // This level's splitter is taken out of the engine while its pieces
        // are read; a miss computes its class with a splitter of its own.
        let mut splitter = std::mem::take(&mut self.splitter);
        for (e, forward) in moves {
            self.control.cancel.check()?;
            let mut value = M::empty();
            for p in splitter.play(c, e, forward) {
                value = M::sum(value, self.component_value_here(p)?);
            }
            M::push(&mut acc, value);
        }
        self.splitter = splitter;
        let value = M::finish(acc);
        self.memo.insert_general(key, value);
        self.stats.general += 1;
        self.solved()?;
        Ok(value)
    }
}
