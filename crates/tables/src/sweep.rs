//! Sweeping a family in parallel with the canonical engine (or, for the
//! games it does not compute, misère play among them, with brute force).
//!
//! **One memo for every worker.** Each rayon worker has an engine of its
//! own (its buffers and counters), and every engine works on one memo
//! ([`arrows_solve::canonical::memo`]): a class one worker solves serves
//! every later graph of every worker, is counted once against the budget,
//! and the memory of the sweep does not grow with the number of workers.
//! The memo is bounded: past the budget it evicts the classes stored
//! longest ago, so a sweep of any size completes, more slowly when its
//! classes do not fit. For spiders, paths and brooms the largest member is
//! solved first: its classes are those of most rows. Graphs are taken in
//! batches in table order, and the values come back in that order, so the
//! table does not depend on the number of threads.
//!
//! The sweep runs under a [`Control`]: its budget bounds the memo, each
//! batch is reported to its progress sink (in graphs, the total set first),
//! and the sweep stops with [`SweepError::Cancelled`] between batches once
//! its cancel token is set.
//!
//! [`sweep`] returns the shard's rows as a [`Table`]; [`sweep_into`] hands
//! each batch's rows to a sink as they are computed (a shard on disk,
//! [`crate::store`]) and can skip the rows a previous run already wrote.
//!
//! **A memo that outlives the sweep.** [`sweep_with`] and
//! [`sweep_into_with`] work on the memo of a given engine (loaded from a
//! memo file, say: [`CanonicalEngine::load`]), which holds every class of
//! the sweep when it ends, finished or not (every class stored is exact),
//! to be saved once ([`CanonicalEngine::save`]).

use crate::family::{Family, Key, SpecError};
use crate::shard::Shard;
use crate::table::{Row, Table};
use arrows_core::{Decoration, Graph, Play, Position, Variant};
use arrows_solve::canonical::{CanonicalEngine, Grundy};
use arrows_solve::{Engine, SolveError};
use arrows_work::{Cancelled, Control, NoProgress};
use rayon::prelude::*;
use std::ops::ControlFlow;
use std::sync::Arc;
use std::sync::Mutex;

/// The most worker threads a sweep starts: each reserves a stack and a
/// copy of the memo, and far more threads than cores only divide the
/// memory budget (asking for more is refused, not clamped).
pub const MAX_THREADS: usize = 1024;

/// How to run a sweep (its memory budget is the [`Control`]'s).
#[derive(Debug, Clone, Copy)]
pub struct SweepOptions {
    /// The rule set.
    pub variant: Variant,
    /// Normal or misère play.
    pub play: Play,
    /// The engine; `None` chooses the canonical engine where it computes
    /// the game and brute force otherwise ([`SweepOptions::engine_for`]).
    pub engine: Option<Engine>,
    /// Which part of the sweep to compute.
    pub shard: Shard,
    /// Worker threads (`None`: one per core).
    pub threads: Option<usize>,
}

impl SweepOptions {
    /// Options for the whole sweep of `variant` under normal play, the
    /// engine chosen, one worker per core.
    pub fn new(variant: Variant) -> SweepOptions {
        SweepOptions { variant, play: Play::Normal, engine: None, shard: Shard::WHOLE, threads: None }
    }

    /// The engine that computes the sweep of `family`: the one asked for,
    /// else the canonical engine where it computes the game (asked of a
    /// small member of the family: whether it does depends on the play and
    /// on the cells, not on the size), else brute force.
    pub fn engine_for(&self, family: &Family) -> Engine {
        if let Some(e) = self.engine {
            return e;
        }
        let probe = match family.spec() {
            crate::Spec::Plane { plane, .. } => plane.graph(&vec![plane.least(); plane.columns().len()]),
            _ => arrows_core::families::path(1),
        };
        match probe {
            Ok(g) => Engine::default_for(
                Position::new(&g, self.variant, &Decoration::empty(g.edge_count())).with_play(self.play),
            ),
            Err(_) => Engine::Brute,
        }
    }
}

/// Stack of each worker: the engine recurses once per edge of a component.
const WORKER_STACK: usize = 256 << 20;

/// Why a sweep stopped.
#[derive(Debug, thiserror::Error)]
pub enum SweepError {
    /// The family cannot be swept as asked.
    #[error(transparent)]
    Family(#[from] SpecError),
    /// The shard owns no row of the family.
    #[error("shard {shard} of a sweep of {total} graphs holds no graph")]
    EmptyShard {
        /// The shard asked for.
        shard: Shard,
        /// The number of graphs of the whole sweep.
        total: usize,
    },
    /// The engine refused the family's largest graph, which the sweep solves first.
    #[error("at {graph}, the largest graph of the sweep (solved first): {source}")]
    Seed {
        /// The graph's name, e.g. `S(2,2,2,2)`.
        graph: String,
        /// Its key in the table.
        key: Key,
        /// The engine's reason.
        source: Box<SolveError>,
    },
    /// The engine refused a graph of the sweep.
    #[error("at {graph}: {source}")]
    Engine {
        /// The graph's name, e.g. `S(2,5,9)`.
        graph: String,
        /// Its key in the table.
        key: Key,
        /// The engine's reason.
        source: Box<SolveError>,
    },
    /// The sink refused a batch of rows (a shard on disk could not be written).
    #[error("cannot write the rows: {0}")]
    Sink(#[source] std::io::Error),
    /// More worker threads were asked for than a sweep starts.
    #[error("{asked} worker threads are more than the {most} a sweep starts")]
    TooManyThreads {
        /// The threads asked for.
        asked: usize,
        /// The most a sweep starts, [`MAX_THREADS`].
        most: usize,
    },
    /// The worker threads could not be started.
    #[error("cannot start the worker threads: {0}")]
    Threads(#[source] rayon::ThreadPoolBuildError),
    /// The control's cancel token was set.
    #[error(transparent)]
    Cancelled(#[from] Cancelled),
}

/// Graphs handed to the workers at a time: each batch is one step of the
/// progress, one check of the cancel token, and one call of the sink.
const BATCH: usize = 512;

/// The one call into the engine: the Grundy value of the empty state of
/// `g` under the sweep's rules, by the canonical engine when one is given,
/// else by `other` (brute force or the explicit engine) afresh.
fn grundy(
    engine: Option<&mut CanonicalEngine<Grundy>>,
    other: Engine,
    g: &Graph,
    options: &SweepOptions,
    work: &Control,
) -> Result<u32, SolveError> {
    let empty = Decoration::empty(g.edge_count());
    let position = Position::new(g, options.variant, &empty).with_play(options.play);
    match engine {
        Some(engine) => engine.state_value(position, work),
        // The empty state has no cell to complete: it always has a value.
        None => arrows_solve::analyze(position, other, work).map(|a| a.grundy.unwrap_or(0)),
    }
}

/// Computes the shard's rows of the family's table with the canonical
/// engine, on a pool of `options.threads` workers, within the control's
/// budget; reports the rows done to the control's progress sink.
pub fn sweep(family: &Family, options: &SweepOptions, control: &Control) -> Result<Table, SweepError> {
    sweep_with(family, options, control, None)
}

/// Like [`sweep`], starting from the classes of `memo` and leaving in it
/// every class solved (see the module documentation), whether the sweep
/// finishes or not.
pub fn sweep_with(
    family: &Family,
    options: &SweepOptions,
    control: &Control,
    memo: Option<&mut CanonicalEngine<Grundy>>,
) -> Result<Table, SweepError> {
    let mut rows = Vec::new();
    let total = sweep_into_with(family, options, 0, control, memo, &mut |batch: &[Row]| {
        rows.extend_from_slice(batch);
        Ok(())
    })?;
    Ok(Table {
        spec: Some(family.spec().clone()),
        variant: Some(options.variant),
        play: options.play,
        engine: options.engine_for(family),
        shard: options.shard,
        total,
        columns: family.columns(),
        rows,
    })
}

/// Like [`sweep`], but hands each batch of rows, in table order, to `sink`
/// as soon as it is computed, and skips the shard's first `done` rows (a
/// resumed run). Returns the number of rows of the full table.
pub fn sweep_into(
    family: &Family,
    options: &SweepOptions,
    done: usize,
    control: &Control,
    sink: &mut (dyn FnMut(&[Row]) -> std::io::Result<()> + Send),
) -> Result<usize, SweepError> {
    sweep_into_with(family, options, done, control, None, sink)
}

/// Like [`sweep_into`], starting from the classes of `memo` and leaving in
/// it every class solved (see the module documentation), whether the sweep
/// finishes or not.
pub fn sweep_into_with(
    family: &Family,
    options: &SweepOptions,
    done: usize,
    control: &Control,
    memo: Option<&mut CanonicalEngine<Grundy>>,
    sink: &mut (dyn FnMut(&[Row]) -> std::io::Result<()> + Send),
) -> Result<usize, SweepError> {
    let mut pool = rayon::ThreadPoolBuilder::new().stack_size(WORKER_STACK);
    if let Some(asked) = options.threads.filter(|&n| n > MAX_THREADS) {
        return Err(SweepError::TooManyThreads { asked, most: MAX_THREADS });
    }
    if let Some(n) = options.threads {
        pool = pool.num_threads(n.max(1));
    }
    let pool = pool.build().map_err(SweepError::Threads)?;
    pool.install(move || {
        let mut fresh = CanonicalEngine::new();
        let seed = memo.unwrap_or(&mut fresh);
        sweep_here(family, options, done, control, seed, sink)
    })
}

fn sweep_here(
    family: &Family,
    options: &SweepOptions,
    done: usize,
    control: &Control,
    seed: &mut CanonicalEngine<Grundy>,
    sink: &mut (dyn FnMut(&[Row]) -> std::io::Result<()> + Send),
) -> Result<usize, SweepError> {
    control.cancel.check()?;
    let total = family.count_within(&control.cancel)?;
    let share = options.shard.share(total);
    if share == 0 {
        return Err(SweepError::EmptyShard { shard: options.shard, total });
    }
    control.progress.set_unit("graphs");
    control.progress.set_total(share as u64);
    if done >= share {
        control.progress.advance(share as u64);
        return Ok(total);
    }
    let threads = rayon::current_num_threads().max(1);
    // The engines share the memo, its budget and the cancel token; their
    // progress (classes solved) is not the sweep's (graphs), so it goes nowhere.
    let work = control.with_progress(Arc::new(NoProgress));
    let engine = options.engine_for(family);
    let canonical = engine == Engine::Canonical;
    if let Some((key, g)) = family.seed().filter(|_| canonical) {
        grundy(Some(seed), engine, &g, options, &work).map_err(|source| SweepError::Seed {
            graph: family.spec().name(&key),
            key,
            source: Box::new(source),
        })?;
    }
    // One engine a worker, all on the seed's memo.
    let engines: Vec<Mutex<CanonicalEngine<Grundy>>> = (0..threads).map(|_| Mutex::new(seed.clone())).collect();
    let engines = &*engines;
    control.progress.advance(done as u64);
    let mut rows = Vec::with_capacity(BATCH);
    let mut batch: Vec<(usize, Key, Graph)> = Vec::with_capacity(BATCH);
    let mut failure: Option<SweepError> = None;
    let (mut position, mut owned) = (0, 0);
    let mut flush = |batch: &mut Vec<(usize, Key, Graph)>| -> Result<(), SweepError> {
        let values: Vec<Result<u32, SolveError>> = batch
            .par_iter()
            .map(|(_, _, g)| {
                let slot = rayon::current_thread_index().unwrap_or(0) % engines.len();
                if !canonical {
                    return grundy(None, engine, g, options, &work);
                }
                let mut engine = engines[slot].lock().unwrap_or_else(|e| e.into_inner());
                grundy(Some(&mut engine), Engine::Canonical, g, options, &work)
            })
            .collect();
        let computed = batch.len() as u64;
        rows.clear();
        for ((position, key, _), value) in batch.drain(..).zip(values) {
            let grundy = value.map_err(|source| SweepError::Engine {
                graph: family.spec().name(&key),
                key: key.clone(),
                source: Box::new(source),
            })?;
            rows.push(Row { position, key, grundy });
        }
        sink(&rows).map_err(SweepError::Sink)?;
        control.checkpoint(computed)?;
        Ok(())
    };
    // The enumeration stops at a failure or a cancellation (the token is
    // read at every graph: the shard's rows may be far apart, and the
    // graphs between them cost their enumeration).
    let stop = || control.cancel.is_cancelled().then_some(());
    let _ = family.try_for_each(&stop, |key, graph| {
        let p = position;
        position += 1;
        if let Err(e) = control.cancel.check() {
            failure = Some(e.into());
            return ControlFlow::Break(());
        }
        if !options.shard.owns(p) {
            return ControlFlow::Continue(());
        }
        owned += 1;
        if owned <= done {
            return ControlFlow::Continue(());
        }
        batch.push((p, key, graph));
        if batch.len() == BATCH
            && let Err(e) = flush(&mut batch)
        {
            failure = Some(e);
            return ControlFlow::Break(());
        }
        ControlFlow::Continue(())
    });
    if let Some(e) = failure {
        return Err(e);
    }
    control.cancel.check()?;
    if !batch.is_empty() {
        flush(&mut batch)?;
    }
    Ok(total)
}
