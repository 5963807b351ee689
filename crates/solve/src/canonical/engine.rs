//! The memoized recursion over canonical components.

use super::canon::{self, TreeCanonizer};
use super::component::{Component, Splitter, pieces_indexed};
use super::measure::Measure;
use super::need::Need;
use super::rows::{RowMemo, Slot};
use super::scratch::Scratch;
use super::spider::{Leg, Legs, Spider};
use crate::error::{SolveError, human_bytes};
use arrows_core::{Arrow, Decoration, EdgeId, Graph, Variant, arrow_on};
use hashbrown::HashMap;

/// A component of a state, with the graph edge of each of its edges.
#[derive(Debug, Clone)]
pub struct StateComponent {
    /// The component (edges in the orientation of the graph's edges).
    pub component: Component,
    /// `edges[i]` of the component is this edge of the graph.
    pub graph_edges: Vec<EdgeId>,
}

/// The components of the state `d` of `graph` under `variant`.
pub fn decompose(graph: &Graph, variant: Variant, d: &Decoration) -> Vec<StateComponent> {
    let labels: Vec<Need> = (0..graph.vertex_count()).map(|v| Need::of(graph, variant, d, v)).collect();
    let unmarked: Vec<EdgeId> = d.unmarked_edges().collect();
    let edges: Vec<(u32, u32)> = unmarked
        .iter()
        .map(|&e| {
            let (s, t) = graph.ends(e);
            (s as u32, t as u32)
        })
        .collect();
    pieces_indexed(&labels, &edges)
        .into_iter()
        .map(|(component, idx)| StateComponent {
            component,
            graph_edges: idx.into_iter().map(|i| unmarked[i]).collect(),
        })
        .collect()
}

/// Counters of the canonical engine.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct CanonicalStats {
    /// Spider-shaped classes solved.
    pub spiders: u64,
    /// Other classes (trees and graphs with cycles) solved.
    pub general: u64,
    /// Look-ups answered from the memo.
    pub hits: u64,
}

/// The canonical engine for one [`Measure`]: a memo from canonical
/// component classes to their values, shared by every state asked about.
///
/// An engine is `Clone`, and [`CanonicalEngine::merge`] joins the memo of
/// another engine into its own: parallel sweeps give each worker its own
/// engine (seeded by a clone) and merge them afterwards.
pub struct CanonicalEngine<M: Measure> {
    splitter: Splitter,
    scratch: Scratch,
    canonizer: TreeCanonizer,
    spiders: RowMemo<M::Value>,
    general: HashMap<Box<[u8]>, M::Value>,
    stats: CanonicalStats,
    bytes: u64,
    budget: u64,
}

/// An upper estimate of the memo bytes needed to solve the spider `s` from
/// scratch. Its classes are spiders whose legs are shortened legs of `s`
/// (each leg: a length up to its own, and an end label: about `2 len + 2`
/// options), with identical legs counted as multisets; each class fills one
/// row entry per leg, and rows hold four slots per length and grow by
/// doubling: a factor 3 over the entries covers what the engine counts
/// (measured from 0.26 to 1.16 of the factor-2 figure on spiders of 3 to 7
/// legs, S(10,10,10) to S(100,100,100)).
pub fn estimated_bytes(s: &Spider, entry_bytes: usize) -> f64 {
    let mut legs: Vec<u32> = s.legs.iter().map(|l| l.len).collect();
    legs.sort_unstable();
    let mut classes = 1.0f64;
    for group in legs.chunk_by(|a, b| a == b) {
        // Multisets of size g from `options` choices: C(options + g - 1, g).
        let options = 2.0 * group[0] as f64 + 2.0;
        let g = group.len();
        classes *= (0..g).map(|i| (options + i as f64) / (i as f64 + 1.0)).product::<f64>();
    }
    classes * s.legs.len() as f64 * entry_bytes as f64 * 3.0
}

/// Approximate bytes per memo entry beyond its key's heap part: the slot,
/// a control byte and hashbrown's spare capacity.
const ENTRY_OVERHEAD: u64 = 48;

impl<M: Measure> CanonicalEngine<M> {
    /// An engine with an empty memo and a memory budget in bytes.
    pub fn new(budget: u64) -> Self {
        CanonicalEngine {
            splitter: Splitter::default(),
            scratch: Scratch::default(),
            canonizer: TreeCanonizer::default(),
            spiders: RowMemo::new(),
            general: HashMap::new(),
            stats: CanonicalStats::default(),
            bytes: 0,
            budget,
        }
    }

    /// Joins into this engine's memo every class `other` has solved. The
    /// counters of [`CanonicalEngine::stats`] are left as they are.
    pub fn merge(&mut self, other: &CanonicalEngine<M>) -> Result<(), SolveError> {
        let bytes = self.spiders.merge(&other.spiders);
        self.bytes += bytes;
        for (k, &v) in &other.general {
            if !self.general.contains_key(k) {
                self.bytes += ENTRY_OVERHEAD + k.len() as u64;
                self.general.insert(k.clone(), v);
            }
        }
        // The counters stay this engine's own work.
        if self.bytes > self.budget {
            return self.charge(0);
        }
        Ok(())
    }

    /// Bytes the memo is counted as holding (what the budget is checked against).
    pub fn memo_bytes(&self) -> u64 {
        self.bytes
    }

    /// Number of classes in the memo (spider classes counted once per view).
    pub fn memo_len(&self) -> usize {
        self.spiders.entries() as usize + self.general.len()
    }

    /// The counters so far.
    pub fn stats(&self) -> CanonicalStats {
        self.stats
    }

    /// Refuses, before any work, a state whose spider-shaped components
    /// would need more memo than the budget (see [`estimated_bytes`]).
    fn check_estimate(&self, comps: &[StateComponent]) -> Result<(), SolveError> {
        let needed: f64 = comps
            .iter()
            .filter_map(|c| Spider::from_component(&c.component))
            .map(|s| estimated_bytes(&s, std::mem::size_of::<Option<M::Value>>()))
            .sum();
        if needed > self.budget as f64 {
            return Err(SolveError::TooLarge {
                engine: "canonical",
                size: format!("an estimated {} of memo", human_bytes(needed as u64)),
                limit: format!("at most {} of memo (--max-memory)", human_bytes(self.budget)),
                instead: "raise --max-memory, or ask about smaller legs".into(),
            });
        }
        Ok(())
    }

    /// The value of the state `d` of `graph` under `variant`.
    pub fn state_value(&mut self, graph: &Graph, variant: Variant, d: &Decoration) -> Result<M::Value, SolveError> {
        if let Some(v) = variant.violation(graph, d) {
            return Err(SolveError::NotAState(v));
        }
        let comps = decompose(graph, variant, d);
        self.check_estimate(&comps)?;
        let mut total = M::empty();
        for c in comps {
            total = M::sum(total, self.component_value(&c.component)?);
        }
        Ok(total)
    }

    /// For each legal move from the state `d`, the arrow and the value of the follower.
    pub fn follower_values(
        &mut self,
        graph: &Graph,
        variant: Variant,
        d: &Decoration,
    ) -> Result<Vec<(Arrow, M::Value)>, SolveError> {
        if let Some(v) = variant.violation(graph, d) {
            return Err(SolveError::NotAState(v));
        }
        let comps = decompose(graph, variant, d);
        self.check_estimate(&comps)?;
        let values = comps.iter().map(|c| self.component_value(&c.component)).collect::<Result<Vec<_>, _>>()?;
        let mut out = Vec::new();
        for (i, c) in comps.iter().enumerate() {
            // Every component but this one keeps its value.
            let rest =
                values.iter().enumerate().filter(|&(j, _)| j != i).fold(M::empty(), |acc, (_, &v)| M::sum(acc, v));
            for (e, forward) in c.component.moves() {
                let mut value = rest;
                for p in c.component.play(e, forward) {
                    value = M::sum(value, self.component_value(&p)?);
                }
                out.push((arrow_on(graph, c.graph_edges[e], forward), value));
            }
        }
        // Edge order, forward first, as the core's `Variant::moves`.
        let position = |a: &Arrow| {
            let e = graph.edge_between(a.tail, a.head).expect("on an edge");
            (e, graph.ends(e).0 != a.tail)
        };
        out.sort_by_key(|(a, _)| position(a));
        Ok(out)
    }

    /// The value of one component.
    pub fn component_value(&mut self, c: &Component) -> Result<M::Value, SolveError> {
        match Spider::from_component_with(c, &mut self.scratch) {
            Some(s) => self.spider_value(&s),
            None => self.general_value(c),
        }
    }

    /// The value of a normalized spider-shaped component.
    pub fn spider_value(&mut self, s: &Spider) -> Result<M::Value, SolveError> {
        if let Some(v) = self.spiders.get_spider(s) {
            self.stats.hits += 1;
            return Ok(v);
        }
        let value = self.compute_spider(s)?;
        let bytes = self.spiders.store(s, value);
        self.charge(bytes)?;
        self.stats.spiders += 1;
        Ok(value)
    }

    /// The value of a spider from its followers. Moves at the hub go
    /// through the general follower rule; a move inside leg `j` keeps the
    /// rest of the spider, so its inner piece is an entry of leg `j`'s row
    /// and its outer piece an entry of a path row. A first pass computes
    /// the missing entries; the second reads the rows without hashing.
    fn compute_spider(&mut self, s: &Spider) -> Result<M::Value, SolveError> {
        let mut acc = M::start(s.move_bound());
        let mut failure = None;
        s.for_each_hub_follower(|pieces| {
            if failure.is_some() {
                return;
            }
            let mut value = M::empty();
            for p in pieces {
                match self.spider_value(p) {
                    Ok(v) => value = M::sum(value, v),
                    Err(e) => failure = Some(e),
                }
            }
            M::push(&mut acc, value);
        });
        if let Some(e) = failure {
            return Err(e);
        }
        let path_slot = [Slot::of(Need::Out, Legs::new()), Slot::of(Need::In, Legs::new())];
        for (j, &leg) in s.legs.iter().enumerate() {
            if leg.len < 2 {
                continue;
            }
            let others: Legs = s.legs.iter().enumerate().filter(|&(i, _)| i != j).map(|(_, l)| *l).collect();
            let slot = Slot::of(s.hub, others);
            // A move on edge p (2..=len): the inner piece is the rest with leg
            // (p-1, In) when marked outward, (p-1, Out) inward; the outer piece
            // is the path (Out or In, len-p, end) when p < len. At p = len the
            // leg's end may block.
            let blocked = |p: u32, outward: bool| {
                p == leg.len && if outward { leg.end.blocks_in(1) } else { leg.end.blocks_out(1) }
            };
            let inner = |p: u32, outward: bool| Leg { len: p - 1, end: if outward { Need::In } else { Need::Out } };
            let outer = |p: u32| Leg { len: leg.len - p, end: leg.end };
            // First pass: find the entries not yet computed, reading the rows.
            let mut missing_inner = Vec::new();
            let mut missing_outer = Vec::new();
            {
                let row = self.spiders.row(&slot).unwrap_or(&[]);
                let paths =
                    [self.spiders.row(&path_slot[0]).unwrap_or(&[]), self.spiders.row(&path_slot[1]).unwrap_or(&[])];
                let known = |r: &[Option<M::Value>], i: usize| r.get(i).is_some_and(Option::is_some);
                for p in 2..=leg.len {
                    for (o, outward) in [true, false].into_iter().enumerate() {
                        if blocked(p, outward) {
                            continue;
                        }
                        if !known(row, slot.index(inner(p, outward))) {
                            missing_inner.push(inner(p, outward));
                        }
                        if p < leg.len && !known(paths[o], path_slot[o].index(outer(p))) {
                            let label = if outward { Need::Out } else { Need::In };
                            missing_outer.push(Spider::path(label, leg.len - p, leg.end).normalize());
                        }
                    }
                }
            }
            for inner_leg in missing_inner {
                let mut legs = s.legs.clone();
                legs[j] = inner_leg;
                self.spider_value(&Spider { hub: s.hub, legs }.normalize())?;
            }
            for path in missing_outer {
                self.spider_value(&path)?;
            }
            let row = self.spiders.row(&slot).expect("filled by the first pass");
            let paths = [self.spiders.row(&path_slot[0]), self.spiders.row(&path_slot[1])];
            for p in 2..=leg.len {
                for (o, outward) in [true, false].into_iter().enumerate() {
                    if blocked(p, outward) {
                        continue;
                    }
                    let mut value = row[slot.index(inner(p, outward))].expect("filled by the first pass");
                    if p < leg.len {
                        let path_row = paths[o].expect("filled by the first pass");
                        let piece = path_row[path_slot[o].index(outer(p))].expect("filled by the first pass");
                        value = M::sum(value, piece);
                    }
                    M::push(&mut acc, value);
                }
            }
        }
        Ok(M::finish(acc))
    }

    fn general_value(&mut self, c: &Component) -> Result<M::Value, SolveError> {
        let key: Box<[u8]> = {
            // `component_value` has just loaded `c` into the scratch buffers.
            let key = if c.is_tree() { self.canonizer.key_with(c, &mut self.scratch) } else { &canon::key(c)[..] };
            if let Some(&v) = self.general.get(key) {
                self.stats.hits += 1;
                return Ok(v);
            }
            key.into()
        };
        let moves = c.moves();
        let mut acc = M::start(moves.len());
        // This level's splitter is taken out of the engine while its pieces
        // are read; a miss computes its class with a splitter of its own.
        let mut splitter = std::mem::take(&mut self.splitter);
        for (e, forward) in moves {
            let mut value = M::empty();
            for p in splitter.play(c, e, forward) {
                value = M::sum(value, self.component_value(p)?);
            }
            M::push(&mut acc, value);
        }
        self.splitter = splitter;
        let value = M::finish(acc);
        self.charge(key.len() as u64)?;
        self.general.insert(key, value);
        self.stats.general += 1;
        Ok(value)
    }

    /// Counts `key_bytes` more memo bytes, refusing past the budget.
    fn charge(&mut self, key_bytes: u64) -> Result<(), SolveError> {
        self.bytes += ENTRY_OVERHEAD + key_bytes;
        if self.bytes > self.budget {
            return Err(SolveError::OutOfBudget {
                engine: "canonical",
                entries: (self.stats.spiders + self.stats.general) as usize,
                budget: self.budget,
                instead: "raise --max-memory, or ask about a smaller graph".into(),
            });
        }
        Ok(())
    }
}

impl<M: Measure> Clone for CanonicalEngine<M> {
    fn clone(&self) -> Self {
        CanonicalEngine {
            splitter: Splitter::default(),
            scratch: Scratch::default(),
            canonizer: TreeCanonizer::default(),
            spiders: self.spiders.clone(),
            general: self.general.clone(),
            stats: self.stats,
            bytes: self.bytes,
            budget: self.budget,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::canonical::Grundy;
    use arrows_core::families::spider;

    #[test]
    fn a_spider_too_large_for_the_budget_is_refused_before_any_work() {
        let g = spider(&[3000, 3000, 3000]).unwrap();
        let mut e = CanonicalEngine::<Grundy>::new(1 << 30);
        let err = e.state_value(&g, Variant::Trimmed, &Decoration::empty(9000)).unwrap_err();
        assert!(err.to_string().contains("--max-memory"), "{err}");
        assert_eq!(e.memo_len(), 0);
        // The estimate is an upper bound in practice: S(60,60,60) fits in it.
        let g = spider(&[60, 60, 60]).unwrap();
        let s = Spider::from_component(&decompose(&g, Variant::Trimmed, &Decoration::empty(180))[0].component).unwrap();
        let mut e = CanonicalEngine::<Grundy>::new(estimated_bytes(&s, 8) as u64);
        e.state_value(&g, Variant::Trimmed, &Decoration::empty(180)).unwrap();
    }

    #[test]
    fn merged_memos_answer_without_recomputing() {
        let (a, b) = (spider(&[5, 6, 7]).unwrap(), spider(&[3, 4, 9]).unwrap());
        let mut one = CanonicalEngine::<Grundy>::new(1 << 30);
        let mut two = CanonicalEngine::<Grundy>::new(1 << 30);
        let va = one.state_value(&a, Variant::Trimmed, &Decoration::empty(18)).unwrap();
        let vb = two.state_value(&b, Variant::Trimmed, &Decoration::empty(16)).unwrap();
        one.merge(&two).unwrap();
        let solved = one.stats();
        assert_eq!(one.state_value(&b, Variant::Trimmed, &Decoration::empty(16)).unwrap(), vb);
        assert_eq!(one.state_value(&a, Variant::Trimmed, &Decoration::empty(18)).unwrap(), va);
        assert_eq!((one.stats().spiders, one.stats().general), (solved.spiders, solved.general));
    }
}
