//! The canonical engine: its memo, its counters and its entry points.
//!
//! The recursion itself is in `super::recursion`; the up-front memo
//! estimate in [`super::estimate`].

use super::canon::TreeCanonizer;
use super::cells::CellScratch;
use super::cells::{CellComponent, LiveCell};
use super::component::{Component, Splitter, pieces_indexed};
use super::descent::Batch;
use super::estimate;
use super::measure::Measure;
use super::memo::{Memo, MemoFigures};
use super::need::Need;
use super::rows::Stored;
use super::scratch::Scratch;
use super::small::Coder;
use super::spider::{EdgePlace, Spider};
use crate::analysis::Engine;
use crate::error::{SolveError, Unsupported};
use arrows_core::plane::CellId;
use arrows_core::{Arrow, EdgeId, Play, Position, Standing, arrow_on};
use arrows_work::{Budget, Control};
use std::sync::Arc;

/// A component of a state, with the graph edge of each of its edges (and
/// in the Game of Cycles, its live cells and the graph cell of each).
#[derive(Debug, Clone)]
pub struct StateComponent {
    /// The component (edges in the orientation of the graph's edges).
    pub component: Component,
    /// `edges[i]` of the component is this edge of the graph.
    pub graph_edges: Vec<EdgeId>,
    /// The live cells that tie the component's edges (Game of Cycles;
    /// empty otherwise), their steps over the component's edges.
    pub cells: Vec<LiveCell>,
    /// `cells[i]` is this cell of the graph.
    pub graph_cells: Vec<CellId>,
}

impl StateComponent {
    /// The component with its live cells.
    pub fn with_cells(&self) -> CellComponent {
        CellComponent { component: self.component.clone(), cells: self.cells.clone() }
    }
}

/// The components of a position's state: in the Game of Cycles on a plane
/// graph, joined through live cells too ([`super::cells`]).
pub fn decompose(position: Position<'_>) -> Vec<StateComponent> {
    if position.plays_cells() {
        return super::cells::decompose::decompose(position);
    }
    let (graph, d) = (position.graph, position.state);
    let labels: Vec<Need> = (0..graph.vertex_count()).map(|v| Need::of(graph, position.variant, d, v)).collect();
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
            cells: Vec::new(),
            graph_cells: Vec::new(),
        })
        .collect()
}

/// Counters of the canonical engine.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct CanonicalStats {
    /// Spider-shaped classes solved.
    pub spiders: u64,
    /// Other classes (trees, graphs with cycles, components with live cells) solved.
    pub general: u64,
    /// Look-ups answered from the memo.
    pub hits: u64,
    /// Path components valued by a closed form of the paper (no memo).
    pub closed_forms: u64,
}

/// The canonical engine for one [`Measure`]: a memo from canonical
/// component classes to their values, shared by every state asked about.
///
/// Every entry point takes a [`Control`]: the memo is checked against its
/// budget as it grows, progress is reported in classes solved, and the
/// cancel token stops the work. Recursion depth is no concern of the
/// caller: deep recursions move to fresh stack segments by themselves.
///
/// The memo ([`super::memo`]) is shared: a clone of an engine is another
/// worker on the same memo (its own buffers and counters, the same
/// classes), so that the workers of a sweep or of one analysis solve each
/// class once between them and count it once against the budget.
/// [`CanonicalEngine::merge`] joins the memo of an engine that shares
/// nothing with this one (loaded from another file, say).
pub struct CanonicalEngine<M: Measure> {
    pub(super) splitter: Splitter,
    pub(super) scratch: Scratch,
    pub(super) canonizer: TreeCanonizer,
    pub(super) cells: CellScratch,
    pub(super) coder: Box<Coder>,
    pub(super) batches: Vec<Batch<M::Value>>,
    /// Buffers of the one-pass leg moves ([`super::legs`]), for reuse.
    pub(super) leg_buffers: Vec<LegBuffers<M::Value>>,
    /// The classes solved, shared with every clone of this engine.
    pub(super) memo: Arc<Memo<M::Value>>,
    pub(super) stats: CanonicalStats,
    /// Path components are valued by the closed forms of Section 5.
    pub(super) closed_forms: bool,
    /// One move per orbit of the component's automorphisms ([`super::descent`]).
    pub(super) orbits: bool,
    /// The control of the call in progress.
    pub(super) control: Control,
    /// Classes solved since the last checkpoint.
    pub(super) pending: u64,
    /// The memo's bound when it is lower than the call's budget
    /// ([`CanonicalEngine::with_memo_bound`]).
    pub(super) memo_bound: u64,
    /// The followers of a position are solved by the threads of the rayon
    /// pool together ([`CanonicalEngine::with_parallel_followers`]).
    pub(super) parallel: bool,
}

/// The outer paths' values of one leg's moves, by their number of edges.
pub(super) type LegBuffers<V> = Vec<V>;

/// Approximate bytes per general memo entry beyond its key's heap part:
/// the slot, a control byte and hashbrown's spare capacity.
pub(super) const ENTRY_OVERHEAD: u64 = 48;

/// Classes solved between two checkpoints of the control.
const CHECKPOINT_EVERY: u64 = 1024;

impl<M: Measure> Default for CanonicalEngine<M> {
    fn default() -> Self {
        CanonicalEngine::new()
    }
}

impl<M: Measure> CanonicalEngine<M> {
    /// An engine with an empty memo, valuing path components by the closed
    /// forms of Section 5 ([`super::closed`]).
    pub fn new() -> Self {
        CanonicalEngine {
            splitter: Splitter::default(),
            scratch: Scratch::default(),
            canonizer: TreeCanonizer::default(),
            cells: CellScratch::default(),
            coder: Box::default(),
            batches: Vec::new(),
            leg_buffers: Vec::new(),
            memo: Arc::new(Memo::new()),
            stats: CanonicalStats::default(),
            closed_forms: true,
            orbits: true,
            control: Control::new(Budget::bytes(u64::MAX)),
            pending: 0,
            memo_bound: u64::MAX,
            parallel: false,
        }
    }

    /// An engine that computes every class from its followers, path
    /// components included: what checks the closed forms themselves.
    pub fn without_closed_forms() -> Self {
        CanonicalEngine { closed_forms: false, ..CanonicalEngine::new() }
    }

    /// An engine that evaluates every move of a class, not one per orbit
    /// of its automorphisms: what checks the orbit pruning.
    pub fn without_orbit_pruning() -> Self {
        CanonicalEngine { orbits: false, ..CanonicalEngine::new() }
    }

    /// The same engine with its memo bounded at `bytes` even when a call's
    /// budget is larger: the memo evicts past the lower of the two (the
    /// up-front estimate is still checked against the call's budget).
    pub fn with_memo_bound(mut self, bytes: u64) -> Self {
        self.memo_bound = bytes;
        self
    }

    /// The same engine solving the followers of the positions it is asked
    /// about ([`CanonicalEngine::follower_values`]) with every thread of
    /// the current rayon pool, or with one. The threads work on this
    /// engine's memo, so that a class one of them solves serves all; the
    /// values do not depend on the number of threads.
    pub fn with_parallel_followers(mut self, on: bool) -> Self {
        self.parallel = on;
        self
    }

    /// The same engine with orbit pruning on or off.
    pub fn with_orbit_pruning(mut self, on: bool) -> Self {
        self.orbits = on;
        self
    }

    /// Joins into this engine's memo every class `other` has solved (nothing
    /// when both share one memo). The counters of
    /// [`CanonicalEngine::stats`] are left as they are.
    pub fn merge(&mut self, other: &CanonicalEngine<M>) {
        self.memo.merge(&other.memo);
    }

    /// An engine on a memo of its own, a copy of this one's: what it solves
    /// is not seen by this engine.
    pub fn detached(&self) -> Self {
        CanonicalEngine { memo: Arc::new(self.memo.deep_copy()), ..self.clone() }
    }

    /// `true` when both engines work on one memo.
    pub fn shares_memo_with(&self, other: &CanonicalEngine<M>) -> bool {
        Arc::ptr_eq(&self.memo, &other.memo)
    }

    /// Bytes the memo is counted as holding (what the budget is checked against).
    pub fn memo_bytes(&self) -> u64 {
        self.memo.bytes()
    }

    /// Number of classes in the memo (spider classes counted once per view).
    pub fn memo_len(&self) -> usize {
        self.memo.figures().entries as usize
    }

    /// Rows of the spider memo, and their entries in all.
    pub fn spider_rows(&self) -> (usize, usize) {
        self.memo.figures().rows
    }

    /// What the memo holds, its bytes, and the classes it evicted.
    pub fn memo_figures(&self) -> MemoFigures {
        self.memo.figures()
    }

    /// Checks the memo's invariants ([`super::memo`]).
    pub fn validate(&self) -> Result<(), String> {
        self.memo.validate()
    }

    /// The counters so far.
    pub fn stats(&self) -> CanonicalStats {
        self.stats
    }

    /// An estimate of the memo bytes that solving `position` from an empty
    /// memo needs, summed over its components (see [`super::estimate`]
    /// for how each is estimated and how close it comes). Components with
    /// cycles get the fine count, which keys up to `2^18` pieces of each.
    pub fn estimate(&self, position: Position<'_>) -> u64 {
        self.estimate_components(&decompose(position), true)
    }

    /// The quick estimate: as [`CanonicalEngine::estimate`], but with
    /// cycles the pieces of a component are weighed by their labellings,
    /// not keyed, so that isomorphic pieces count apart. It takes at most
    /// `2^18` steps of arithmetic per component and is coarser: measured
    /// at 0.78 to 489 times the memo.
    pub fn quick_estimate(&self, position: Position<'_>) -> u64 {
        self.estimate_components(&decompose(position), false)
    }

    /// The estimate of [`CanonicalEngine::estimate`] for one component.
    pub fn estimate_component(&self, c: &Component) -> u64 {
        self.component_estimate(c, true)
    }

    fn component_estimate(&self, c: &Component, fine: bool) -> u64 {
        let entry = std::mem::size_of::<<M::Value as Stored>::Cell>() as u64;
        let closed = self.closed_forms && M::path_value(Need::Free, 1, Need::Free).is_some();
        estimate::component_bytes(c, entry, ENTRY_OVERHEAD, closed, fine)
    }

    fn estimate_components(&self, comps: &[StateComponent], fine: bool) -> u64 {
        comps
            .iter()
            .map(|c| match c.cells.is_empty() {
                true => self.component_estimate(&c.component, fine),
                false => super::cells::estimate::component_bytes(&c.with_cells(), ENTRY_OVERHEAD),
            })
            .fold(0u64, u64::saturating_add)
    }

    /// Starts a call: checks the state and the game, takes the control, and refuses up
    /// front a game whose estimated memo is past the budget.
    fn begin(&mut self, position: Position<'_>, control: &Control) -> Result<Vec<StateComponent>, SolveError> {
        if let Some(v) = position.violation() {
            return Err(SolveError::NotAState(v));
        }
        if let Some(game) = unsupported(position) {
            return Err(SolveError::Unsupported { engine: Engine::Canonical, game });
        }
        control.cancel.check()?;
        self.take_control(control);
        let comps = decompose(position);
        let budget = control.budget.get();
        // What the memo already holds is not needed again, so the estimate
        // is compared with the budget alone. The quick estimate, never
        // measured below 0.78 of the memo, admits a game at once when twice
        // it fits; any other game is refused only if the fine estimate is
        // past the budget.
        if self.estimate_components(&comps, false).saturating_mul(2) > budget {
            let needed = self.estimate_components(&comps, true);
            if needed > budget {
                return Err(SolveError::MemoryBudget { engine: Engine::Canonical, needed, budget });
            }
        }
        Ok(comps)
    }

    /// Ends a call: reports the classes solved since the last checkpoint.
    fn end(&mut self) {
        if self.pending > 0 {
            self.control.progress.advance(self.pending);
            self.pending = 0;
        }
    }

    /// The value of the position's state.
    pub fn state_value(&mut self, position: Position<'_>, control: &Control) -> Result<M::Value, SolveError> {
        let comps = self.begin(position, control)?;
        if position.standing() != Standing::Open {
            let followers = self.ruled_followers(position);
            self.end();
            let followers = followers?;
            let mut acc = M::start(followers.len());
            for (_, v) in followers {
                M::push(&mut acc, v);
            }
            return Ok(M::finish(acc));
        }
        let mut total = M::empty();
        let mut result = Ok(());
        for c in comps {
            match self.state_component_value(&c) {
                Ok(v) => total = M::sum(total, v),
                Err(e) => {
                    result = Err(e);
                    break;
                }
            }
        }
        self.end();
        result.map(|()| total)
    }

    /// For each move from the position, the arrow and the value of the
    /// follower, in edge order (forward arrow first, as
    /// [`Position::moves`]): every legal move, but in the normal-play Game
    /// of Cycles the moves of the reduced game only
    /// ([`Position::reduced_moves`]; the others leave a completable cell and
    /// have no value). From a position with a completable cell, a move
    /// that completes it leads to a terminal position.
    pub fn follower_values(
        &mut self,
        position: Position<'_>,
        control: &Control,
    ) -> Result<Vec<(Arrow, M::Value)>, SolveError> {
        let comps = self.begin(position, control)?;
        let result = match position.standing() {
            Standing::Open => self.follower_values_of(position, &comps),
            _ => self.ruled_followers(position),
        };
        self.end();
        result
    }

    fn follower_values_of(
        &mut self,
        position: Position<'_>,
        comps: &[StateComponent],
    ) -> Result<Vec<(Arrow, M::Value)>, SolveError> {
        let graph = position.graph;
        if self.parallel {
            self.solve_followers_in_parallel(comps)?;
        }
        let values = comps.iter().map(|c| self.state_component_value(c)).collect::<Result<Vec<_>, _>>()?;
        let mut out = Vec::new();
        // The nim-sum of every component but one, for each one: prefix and
        // suffix sums, so that many components cost linear time.
        let mut before = Vec::with_capacity(values.len() + 1);
        before.push(M::empty());
        for &v in &values {
            before.push(M::sum(*before.last().expect("one sum at least"), v));
        }
        let mut after = vec![M::empty(); values.len() + 1];
        for (i, &v) in values.iter().enumerate().rev() {
            after[i] = M::sum(after[i + 1], v);
        }
        for (i, c) in comps.iter().enumerate() {
            // Every component but this one keeps its value.
            let rest = M::sum(before[i], after[i + 1]);
            let mover = Mover::of(c, &mut self.scratch);
            let moves = mover.moves_of(c);
            // Every follower of a cycle whose labels are all equal (with no
            // live cell, or one that is the whole cycle and allows both
            // ways) is the same up to isomorphism: the rotations, the
            // reflections and the flip act on its moves transitively. For an
            // empty cycle it is a flow of Section 5, valued by its closed
            // form. One follower tells them all: a cycle of n edges costs one
            // split of n edges, not 2n.
            if one_follower_tells_all(c) {
                let Some(&(e, forward)) = moves.first() else { continue };
                let value = M::sum(rest, self.move_value(c, &mover, e, forward)?);
                out.extend(moves.into_iter().map(|(e, forward)| (arrow_on(graph, c.graph_edges[e], forward), value)));
                continue;
            }
            for (e, forward) in moves {
                self.control.cancel.check()?;
                let value = M::sum(rest, self.move_value(c, &mover, e, forward)?);
                out.push((arrow_on(graph, c.graph_edges[e], forward), value));
            }
        }
        // Edge order, forward first, as the core's `Variant::moves`.
        let position_of = |a: &Arrow| {
            let e = graph.edge_between(a.tail, a.head).expect("on an edge");
            (e, graph.ends(e).0 != a.tail)
        };
        out.sort_by_key(|(a, _)| position_of(a));
        Ok(out)
    }

    /// The value of the follower of component `c` after the move on its
    /// edge `e` (forward or not): the nim-sum of the pieces it leaves.
    fn move_value(
        &mut self,
        c: &StateComponent,
        mover: &Mover,
        e: usize,
        forward: bool,
    ) -> Result<M::Value, SolveError> {
        let mut value = M::empty();
        match mover {
            Mover::Cells(cc) => {
                for p in cc.play(e, forward) {
                    value = M::sum(value, self.cell_value_here(&p)?);
                }
            }
            // A spider-shaped component: each follower's pieces straight
            // from the spider, no graph rebuilt (linear on paths).
            Mover::Spider(spider, places) => {
                let place = places[e];
                let outward = forward == place.forward_is_outward;
                let mut pieces = Vec::new();
                let legal = spider.follower(place.leg as usize, place.place, outward, &mut pieces);
                debug_assert!(legal, "the component's move is legal on the spider");
                for p in &pieces {
                    value = M::sum(value, self.spider_value_here(p)?);
                }
            }
            Mover::General => {
                for p in c.component.play(e, forward) {
                    value = M::sum(value, self.component_value_here(&p)?);
                }
            }
        }
        Ok(value)
    }

    /// Solves the followers of every component whose class the memo lacks,
    /// their moves shared out among the threads of the rayon pool, each
    /// thread with an engine of its own on this engine's memo: what the
    /// serial pass that follows then reads from the memo. The threads'
    /// counters are added to this engine's.
    fn solve_followers_in_parallel(&mut self, comps: &[StateComponent]) -> Result<(), SolveError> {
        use rayon::prelude::*;
        if rayon::current_num_threads() < 2 {
            return Ok(());
        }
        for c in comps {
            if c.component.edges.len() < PARALLEL_EDGES || one_follower_tells_all(c) {
                continue;
            }
            let mover = Mover::of(c, &mut self.scratch);
            let moves = mover.moves_of(c);
            let worker = CanonicalEngine { parallel: false, ..self.clone() };
            let stats = moves
                .par_iter()
                .map(|&(e, forward)| {
                    worker.control.cancel.check()?;
                    let mut w = worker.clone();
                    w.move_value(c, &mover, e, forward)?;
                    w.end();
                    Ok(w.stats)
                })
                .collect::<Result<Vec<CanonicalStats>, SolveError>>()?;
            for s in stats {
                self.stats.spiders += s.spiders;
                self.stats.general += s.general;
                self.stats.hits += s.hits;
                self.stats.closed_forms += s.closed_forms;
            }
        }
        Ok(())
    }

    /// The value of one component of a state, with its live cells if any.
    pub(super) fn state_component_value(&mut self, c: &StateComponent) -> Result<M::Value, SolveError> {
        if c.cells.is_empty() { self.component_value_here(&c.component) } else { self.cell_value_here(&c.with_cells()) }
    }

    /// The value of one component with its live cells (see [`super::cells`]).
    pub fn cell_component_value(&mut self, c: &CellComponent, control: &Control) -> Result<M::Value, SolveError> {
        control.cancel.check()?;
        self.take_control(control);
        let v = self.cell_value_here(c);
        self.end();
        v
    }

    /// The value of one component.
    pub fn component_value(&mut self, c: &Component, control: &Control) -> Result<M::Value, SolveError> {
        control.cancel.check()?;
        self.take_control(control);
        let v = self.component_value_here(c);
        self.end();
        v
    }

    /// The value of a normalized spider-shaped component.
    pub fn spider_value(&mut self, s: &Spider, control: &Control) -> Result<M::Value, SolveError> {
        control.cancel.check()?;
        self.take_control(control);
        let v = self.spider_value_here(s);
        self.end();
        v
    }

    /// Takes the control of a call: its cancel token and progress, and its
    /// budget as the memo's bound.
    fn take_control(&mut self, control: &Control) {
        self.control = control.clone();
        self.memo.set_budget(control.budget.get().min(self.memo_bound));
    }

    /// Counts one more class solved, and checks the control every few
    /// classes. (The memo keeps within the budget by itself, evicting.)
    pub(super) fn solved(&mut self) -> Result<(), SolveError> {
        // A class of a large component may take long by itself: the token
        // is read after every class (one load), progress every few.
        self.control.cancel.check()?;
        self.pending += 1;
        if self.pending >= CHECKPOINT_EVERY {
            let n = std::mem::take(&mut self.pending);
            self.control.checkpoint(n)?;
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
            cells: CellScratch::default(),
            coder: Box::default(),
            batches: Vec::new(),
            leg_buffers: Vec::new(),
            memo: Arc::clone(&self.memo),
            stats: CanonicalStats::default(),
            closed_forms: self.closed_forms,
            orbits: self.orbits,
            control: self.control.clone(),
            pending: 0,
            memo_bound: self.memo_bound,
            parallel: self.parallel,
        }
    }
}

/// Components with fewer unmarked edges than this are solved on one
/// thread: splitting their few moves costs more than it gains.
const PARALLEL_EDGES: usize = 12;

/// `true` when every move of the component is the image of every other
/// under one of its symmetries (see [`CellComponent::is_uniform_cycle`]).
fn one_follower_tells_all(c: &StateComponent) -> bool {
    if c.cells.is_empty() { c.component.is_uniform_cycle() } else { c.with_cells().is_uniform_cycle() }
}

/// How the moves of a state's component are played: on its live cells, on
/// its spider's legs, or on the component's graph.
enum Mover {
    Cells(CellComponent),
    Spider(Spider, Vec<EdgePlace>),
    General,
}

impl Mover {
    fn of(c: &StateComponent, scratch: &mut Scratch) -> Mover {
        if !c.cells.is_empty() {
            return Mover::Cells(c.with_cells());
        }
        match Spider::layout(&c.component, scratch) {
            Some((spider, places)) => Mover::Spider(spider, places),
            None => Mover::General,
        }
    }

    /// The component's moves, as (edge, forward) pairs.
    fn moves_of(&self, c: &StateComponent) -> Vec<(usize, bool)> {
        match self {
            Mover::Cells(cc) => cc.moves(),
            _ => c.component.moves(),
        }
    }
}

/// What the canonical engine does not compute: misère play (no nim-sum;
/// brute force and the explicit engine compute it). `None` when it
/// computes the position: every rule set under normal play, the Game of
/// Cycles on plane graphs included.
pub fn unsupported(position: Position<'_>) -> Option<Unsupported> {
    (position.play == Play::Misere).then_some(Unsupported::Misere)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::canonical::Grundy;
    use arrows_core::Decoration;
    use arrows_core::families::spider;

    fn control(budget: u64) -> Control {
        Control::new(Budget::bytes(budget))
    }

    #[test]
    fn a_spider_too_large_for_the_budget_is_refused_before_any_work() {
        let g = spider(&[3000, 3000, 3000]).unwrap();
        let empty = Decoration::empty(9000);
        let mut e = CanonicalEngine::<Grundy>::new();
        let err = e.state_value(Position::trimmed(&g, &empty), &control(1 << 30)).unwrap_err();
        assert!(matches!(err, SolveError::MemoryBudget { engine: Engine::Canonical, .. }), "{err:?}");
        assert_eq!(e.memo_len(), 0);
        // The estimate is an upper bound: S(60,60,60) fits in it.
        let g = spider(&[60, 60, 60]).unwrap();
        let empty = Decoration::empty(180);
        let p = Position::trimmed(&g, &empty);
        let mut e = CanonicalEngine::<Grundy>::new();
        let estimate = e.estimate(p);
        e.state_value(p, &control(estimate)).unwrap();
    }

    #[test]
    fn merged_memos_answer_without_recomputing() {
        let (a, b) = (spider(&[5, 6, 7]).unwrap(), spider(&[3, 4, 9]).unwrap());
        let (da, db) = (Decoration::empty(18), Decoration::empty(16));
        let (pa, pb) = (Position::trimmed(&a, &da), Position::trimmed(&b, &db));
        let c = control(1 << 30);
        let mut one = CanonicalEngine::<Grundy>::new();
        let mut two = CanonicalEngine::<Grundy>::new();
        let va = one.state_value(pa, &c).unwrap();
        let vb = two.state_value(pb, &c).unwrap();
        one.merge(&two);
        let solved = one.stats();
        assert_eq!(one.state_value(pb, &c).unwrap(), vb);
        assert_eq!(one.state_value(pa, &c).unwrap(), va);
        assert_eq!((one.stats().spiders, one.stats().general), (solved.spiders, solved.general));
    }

    #[test]
    fn a_cancelled_control_stops_the_engine() {
        let g = spider(&[30, 30, 30]).unwrap();
        let empty = Decoration::empty(90);
        let c = control(1 << 30);
        c.cancel.cancel();
        let err = CanonicalEngine::<Grundy>::new().state_value(Position::trimmed(&g, &empty), &c).unwrap_err();
        assert!(matches!(err, SolveError::Cancelled(_)), "{err:?}");
    }

    #[test]
    fn deep_recursion_needs_no_large_stack_from_the_caller() {
        // A thread with a small stack: the engine moves to new stack segments itself.
        let handle = std::thread::Builder::new()
            .stack_size(256 << 10)
            .spawn(|| {
                let g = spider(&[2000, 1, 1]).unwrap();
                let empty = Decoration::empty(2002);
                let p = Position::trimmed(&g, &empty);
                let mut e = CanonicalEngine::<Grundy>::without_closed_forms();
                e.state_value(p, &control(1 << 32)).unwrap()
            })
            .unwrap();
        handle.join().unwrap();
    }
}
