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
use super::engine::{CanonicalEngine, ENTRY_OVERHEAD};
use super::measure::Measure;
use super::need::Need;
use super::rows::{RowView, Slot};
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
        if let Some(v) = self.spiders.get_spider(s) {
            self.stats.hits += 1;
            return Ok(v);
        }
        let value = deep(|| self.compute_spider(s))?;
        let bytes = self.spiders.store(s, value);
        self.stats.spiders += 1;
        self.solved(bytes)?;
        Ok(value)
    }

    /// The value of a spider from its followers. Moves at the hub go
    /// through the general follower rule; a move inside leg `j` keeps the
    /// rest of the spider, so its inner piece is an entry of leg `j`'s row
    /// and its outer piece an entry of a path row. A first pass computes
    /// the missing entries; the second reads the rows without hashing.
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
                let label = if outward { Need::Out } else { Need::In };
                if closed { M::path_value(label, leg.len - p, leg.end) } else { None }
            };
            // First pass: find the entries not yet computed, reading the rows.
            let mut missing_inner = Vec::new();
            let mut missing_outer = Vec::new();
            {
                let row = self.spiders.row(&slot);
                let paths = [self.spiders.row(&path_slot[0]), self.spiders.row(&path_slot[1])];
                let known = |r: RowView<M::Value>, i: usize| r.get(i).is_some();
                for p in 2..=leg.len {
                    for (o, outward) in [true, false].into_iter().enumerate() {
                        if blocked(p, outward) {
                            continue;
                        }
                        if inner_closed(p, outward).is_none() && !known(row, slot.index(inner(p, outward))) {
                            missing_inner.push(inner(p, outward));
                        }
                        if p < leg.len
                            && outer_closed(p, outward).is_none()
                            && !known(paths[o], path_slot[o].index(outer(p)))
                        {
                            let label = if outward { Need::Out } else { Need::In };
                            missing_outer.push(Spider::path(label, leg.len - p, leg.end).normalize());
                        }
                    }
                }
            }
            for inner_leg in missing_inner {
                let mut legs = s.legs.clone();
                legs[j] = inner_leg;
                self.spider_value_here(&Spider { hub: s.hub, legs }.normalize())?;
            }
            for path in missing_outer {
                self.spider_value_here(&path)?;
            }
            let row = self.spiders.row(&slot);
            let paths = [self.spiders.row(&path_slot[0]), self.spiders.row(&path_slot[1])];
            let mut closed_count = 0;
            for p in 2..=leg.len {
                for (o, outward) in [true, false].into_iter().enumerate() {
                    if blocked(p, outward) {
                        continue;
                    }
                    let mut value = match inner_closed(p, outward) {
                        Some(v) => {
                            closed_count += 1;
                            v
                        }
                        None => row.get(slot.index(inner(p, outward))).expect("filled by the first pass"),
                    };
                    if p < leg.len {
                        let piece = match outer_closed(p, outward) {
                            Some(v) => {
                                closed_count += 1;
                                v
                            }
                            None => paths[o].get(path_slot[o].index(outer(p))).expect("filled by the first pass"),
                        };
                        value = M::sum(value, piece);
                    }
                    M::push(&mut acc, value);
                }
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
            if let Some(&v) = self.general.get(key) {
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
            let mut value = M::empty();
            for p in splitter.play(c, e, forward) {
                value = M::sum(value, self.component_value_here(p)?);
            }
            M::push(&mut acc, value);
        }
        self.splitter = splitter;
        let value = M::finish(acc);
        let bytes = ENTRY_OVERHEAD + key.len() as u64;
        self.general.insert(key, value);
        self.stats.general += 1;
        self.solved(bytes)?;
        Ok(value)
    }
}
