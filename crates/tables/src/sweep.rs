//! Sweeping a family in parallel with the canonical engine (or, for the
//! games it does not compute, misère play among them, with brute force).
//!
//! Each rayon worker owns one engine for the whole sweep, so the classes it
//! solves serve every later graph it is given. The workers' engines start
//! as clones of one seeded engine: for spiders, paths and brooms the
//! largest member is solved first, and its classes are those of most rows.
//! Graphs are taken in batches in table order, and the values come back
//! in that order, so the table does not depend on the number of threads.
//!
//! The sweep runs under a [`Control`]: its budget is shared by the
//! engines, each batch is reported to its progress sink (in graphs, the
//! total set first), and the sweep stops with [`SweepError::Cancelled`]
//! between batches once its cancel token is set.
//!
//! [`sweep`] returns the shard's rows as a [`Table`]; [`sweep_into`] hands
//! each batch's rows to a sink as they are computed (a shard on disk,
//! [`crate::store`]) and can skip the rows a previous run already wrote.
//!
//! **A memo that outlives the sweep.** [`sweep_with`] and
//! [`sweep_into_with`] start from the classes of a given engine (loaded
//! from a memo file, say: [`CanonicalEngine::load`]) and leave in it every
//! class the sweep's engines hold when the sweep ends, finished or not
//! (every class stored is exact). The given engine seeds the workers: it
//! solves the seed graph, then each worker starts from a copy of it (the
//! last worker takes it over), so its classes count against the budget
//! share of every worker; at the end the workers' memos are merged into
//! one, which goes back to the caller (to be saved once,
//! [`CanonicalEngine::save`]).

use crate::family::{Family, Key, SpecError};
use crate::shard::Shard;
use crate::table::{Row, Table};
use arrows_core::{Decoration, Graph, Play, Position, Variant};
use arrows_solve::canonical::{CanonicalEngine, Grundy};
use arrows_solve::{Engine, SolveError};
use arrows_text::{bytes, count, thousands};
use arrows_work::{Cancelled, Control, NoProgress};
use rayon::prelude::*;
use std::sync::Arc;
use std::sync::Mutex;

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
    /// The worker threads could not be started.
    #[error("cannot start the worker threads: {0}")]
    Threads(#[source] rayon::ThreadPoolBuildError),
    /// The classes the sweep starts from, copied to every worker, do not
    /// fit the budget.
    #[error(
        "the {} classes the sweep starts from take {} in each of {}, past the budget share of {} each",
        thousands(*classes), bytes(*memo_bytes), count(*workers as u64, "worker"), bytes(*share)
    )]
    MemoBudget {
        /// The classes.
        classes: u64,
        /// The bytes they take in one engine.
        memo_bytes: u64,
        /// The worker threads.
        workers: usize,
        /// The bytes each worker's engine may hold.
        share: u64,
        /// The bytes the classes need for the sweep to start: a share of
        /// the budget for each worker and one for the seed.
        needed: u64,
    },
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
    if let Some(n) = options.threads {
        pool = pool.num_threads(n.max(1));
    }
    let pool = pool.build().map_err(SweepError::Threads)?;
    pool.install(move || {
        let mut memo = memo;
        let mut seed = memo.as_deref_mut().map(std::mem::take).unwrap_or_default();
        let mut engines = Vec::new();
        let result = sweep_here(family, options, done, control, &mut seed, &mut engines, sink);
        if let Some(m) = memo {
            *m = gather(seed, engines);
        }
        result
    })
}

/// One engine holding every class of the sweep's engines: the seed when
/// no worker started, else the first worker's with the others' merged in.
fn gather(seed: CanonicalEngine<Grundy>, engines: Vec<Mutex<CanonicalEngine<Grundy>>>) -> CanonicalEngine<Grundy> {
    let mut engines = engines.into_iter().map(|m| m.into_inner().unwrap_or_else(|e| e.into_inner()));
    let Some(mut all) = engines.next() else { return seed };
    for other in engines {
        all.merge(&other);
    }
    all
}

fn sweep_here(
    family: &Family,
    options: &SweepOptions,
    done: usize,
    control: &Control,
    seed: &mut CanonicalEngine<Grundy>,
    engines: &mut Vec<Mutex<CanonicalEngine<Grundy>>>,
    sink: &mut (dyn FnMut(&[Row]) -> std::io::Result<()> + Send),
) -> Result<usize, SweepError> {
    control.cancel.check()?;
    let total = family.count();
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
    // The engines share the budget and the cancel token; their progress
    // (classes solved) is not the sweep's (graphs), so it goes nowhere.
    let work = control.with_budget(control.budget.share(threads as u64 + 1)).with_progress(Arc::new(NoProgress));
    let engine = options.engine_for(family);
    let canonical = engine == Engine::Canonical;
    let share = work.budget.get();
    if canonical && seed.memo_bytes() > share {
        return Err(SweepError::MemoBudget {
            classes: seed.memo_len() as u64,
            memo_bytes: seed.memo_bytes(),
            workers: threads,
            share,
            needed: seed.memo_bytes().saturating_mul(threads as u64 + 1),
        });
    }
    if let Some((key, g)) = family.seed().filter(|_| canonical) {
        grundy(Some(seed), engine, &g, options, &work).map_err(|source| SweepError::Seed {
            graph: family.spec().name(&key),
            key,
            source: Box::new(source),
        })?;
    }
    // Every worker but the last starts from a copy of the seed; the last takes it over.
    engines.extend((1..threads).map(|_| Mutex::new(seed.clone())));
    engines.push(Mutex::new(std::mem::take(seed)));
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
    family.for_each(|key, graph| {
        let p = position;
        position += 1;
        if failure.is_some() || !options.shard.owns(p) {
            return;
        }
        owned += 1;
        if owned <= done {
            return;
        }
        batch.push((p, key, graph));
        if batch.len() == BATCH
            && let Err(e) = flush(&mut batch)
        {
            failure = Some(e);
        }
    });
    if let Some(e) = failure {
        return Err(e);
    }
    if !batch.is_empty() {
        flush(&mut batch)?;
    }
    Ok(total)
}
