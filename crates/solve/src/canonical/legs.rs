//! The moves of a spider class, fast: one move per orbit of equal legs, and
//! the moves inside a leg read off the rows in one pass when the outer
//! pieces are paths with a closed form.
//!
//! **Orbits.** Two legs of a spider with the same length and end are
//! exchanged by an automorphism that fixes the hub, which maps the moves on
//! one onto the moves on the other and each follower onto an isomorphic
//! one (Proposition 4.6): the values of the followers, a set, are those of
//! the moves on the first of the equal legs (legs are sorted in the normal
//! form, so equal legs are neighbours). The mex (or the union of terminal
//! parities) of that set is the class's value.
//!
//! **One pass.** A move on edge `p >= 2` of leg `j` leaves the rest of the
//! spider with leg `j` cut to `p - 1` edges (an entry of `j`'s row) and the
//! outer path of `len - p` edges, valued by a closed form of Section 5. The
//! entries are read in order; at the first missing one the pass stops,
//! solves that class (which fills the entry), counts its move, and reads
//! the row again from the next entry (under the memo's lock each time:
//! another worker may have grown the row meanwhile).

use super::engine::CanonicalEngine;
use super::measure::Measure;
use super::need::Need;
use super::rows::{Slot, Stored};
use super::spider::{HubMove, Leg, Spider};
use crate::error::SolveError;

impl<M: Measure> CanonicalEngine<M> {
    /// `true` when orbit pruning is on and leg `j` equals leg `j - 1`.
    pub(super) fn same_leg_before(&self, s: &Spider, j: usize) -> bool {
        self.orbits && s.legs.len() > 1 && j > 0 && s.legs[j - 1] == s.legs[j]
    }

    /// Pushes the values of the followers that mark an edge at the hub,
    /// one leg per orbit.
    pub(super) fn hub_moves(&mut self, s: &Spider, acc: &mut M::Acc) -> Result<(), SolveError> {
        let mut pieces = Vec::with_capacity(s.legs.len() + 1);
        for j in 0..s.legs.len() {
            if self.same_leg_before(s, j) {
                continue;
            }
            for outward in [true, false] {
                if let Some(value) = self.hub_move_known(s, j, outward) {
                    if let Some(value) = value {
                        M::push(acc, value);
                    }
                    continue;
                }
                if !s.hub_follower(j, outward, &mut pieces) {
                    continue;
                }
                let mut value = M::empty();
                for p in &pieces {
                    value = M::sum(value, self.spider_value_here(p)?);
                }
                M::push(acc, value);
            }
        }
        Ok(())
    }

    /// The value of the hub move on leg `j` when it can be read without
    /// building the follower's normal form: the rest keeps at least two legs
    /// and a hub needing one arrow, its class is in the memo, and the outer
    /// path has a closed form. `Some(None)` for an illegal move; `None`
    /// when the general rule ([`Spider::hub_follower`]) must decide.
    ///
    /// The rest is looked up as it lies (legs still sorted, not flipped):
    /// rows are kept up to the flip ([`super::rows`]), so any view of a
    /// class or of its flip finds the entry its normal form stored.
    fn hub_move_known(&mut self, s: &Spider, j: usize, outward: bool) -> Option<Option<M::Value>> {
        let k = s.legs.len();
        if !self.closed_forms || k < 3 {
            return None;
        }
        let Some(HubMove { hub, outer }) = s.hub_move(j, outward) else { return Some(None) };
        if !matches!(hub, Need::In | Need::Out) {
            return None;
        }
        let outer = match outer {
            None => M::empty(),
            Some((label, leg)) if Spider::path(label, leg.len, leg.end).is_dead() => M::empty(),
            Some((label, leg)) => M::path_value(label, leg.len, leg.end)?,
        };
        let legs = s.legs.iter().enumerate().filter(|&(i, _)| i != j).map(|(_, l)| *l).collect();
        let rest = self.memo.get_spider(&Spider { hub, legs })?;
        self.stats.hits += 1;
        Some(Some(M::sum(outer, rest)))
    }

    /// Pushes the values of the moves on edges `2..=len` of leg `j` (whose
    /// rest is in `slot`) in one pass over the row, when the engine uses
    /// closed forms and they value every outer piece; `false` (nothing
    /// pushed) otherwise, and for a path (whose inner piece is a path too).
    pub(super) fn leg_moves_closed(
        &mut self,
        s: &Spider,
        j: usize,
        slot: &Slot,
        acc: &mut M::Acc,
    ) -> Result<bool, SolveError> {
        let leg = s.legs[j];
        if !self.closed_forms || s.legs.len() < 2 {
            return Ok(false);
        }
        let (Some(_), Some(_)) = (M::path_value(Need::Out, 1, leg.end), M::path_value(Need::In, 1, leg.end)) else {
            return Ok(false);
        };
        // The inner leg ends needing an in-arrow (the edge marked away from
        // the hub) or an out-arrow: one lane of the row each, by length.
        let lanes = [slot.index(Leg { len: 0, end: Need::In }), slot.index(Leg { len: 0, end: Need::Out })];
        let blocked = [leg.end.blocks_in(1), leg.end.blocks_out(1)];
        let len = leg.len as usize;
        let mut outer = self.leg_buffers.pop().unwrap_or_default();
        let mut closed = 0;
        for (o, label) in [Need::Out, Need::In].into_iter().enumerate() {
            // The outer path's value by its number of edges; a move on the
            // last edge leaves none (the empty sum).
            outer.clear();
            outer.resize(len, M::empty());
            M::path_values(label, leg.end, &mut outer);
            outer[0] = M::empty();
            let last = if blocked[o] { len - 1 } else { len };
            let mut p = 2;
            while p <= last {
                // The moves p.. whose inner entries are filled go straight
                // into the accumulator, up to the first missing entry: move
                // q reads entry q - 1 of the lane and outer[len - q].
                let taken = self.memo.with_row(slot, |row| {
                    let lane = row.end(lanes[o]);
                    let cells = lane.get(p - 1..last.min(lane.len())).unwrap_or(&[]);
                    let pieces = &outer[len + 1 - p - cells.len()..=len - p];
                    let mut taken = 0;
                    let moves = cells.iter().zip(pieces.iter().rev());
                    M::push_iter(
                        acc,
                        moves.map_while(|(&cell, &piece)| {
                            let inner = M::Value::read(cell)?;
                            taken += 1;
                            Some(M::sum(inner, piece))
                        }),
                    );
                    taken
                });
                p += taken;
                if p <= last {
                    // Missing: solve it (which fills the entry, unless the
                    // memo evicts it at once), count the move, read on.
                    let mut legs = s.legs.clone();
                    legs[j] = Leg { len: p as u32 - 1, end: label.flip() };
                    match self.spider_value_here(&Spider { hub: s.hub, legs }.normalize()) {
                        Ok(inner) => M::push(acc, M::sum(inner, outer[len - p])),
                        Err(e) => {
                            self.leg_buffers.push(outer);
                            return Err(e);
                        }
                    }
                    p += 1;
                }
            }
            closed += (last.min(len - 1) + 1).saturating_sub(2) as u64;
        }
        self.leg_buffers.push(outer);
        self.stats.closed_forms += closed;
        Ok(true)
    }
}
