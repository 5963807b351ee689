//! Sweeping a family in parallel with the canonical engine.
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

use crate::family::{Family, Key, SpecError};
use crate::shard::Shard;
use crate::table::{Row, Table};
use arrows_core::{Decoration, Graph, Position, Variant};
use arrows_solve::SolveError;
use arrows_solve::canonical::{CanonicalEngine, Grundy};
use arrows_work::{Cancelled, Control, NoProgress};
use rayon::prelude::*;
use std::sync::Arc;
use std::sync::Mutex;

/// How to run a sweep (its memory budget is the [`Control`]'s).
#[derive(Debug, Clone, Copy)]
pub struct SweepOptions {
    /// The rule set.
    pub variant: Variant,
    /// Which part of the sweep to compute.
    pub shard: Shard,
    /// Worker threads (`None`: one per core).
    pub threads: Option<usize>,
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
    /// The worker threads could not be started.
    #[error("cannot start the worker threads: {0}")]
    Threads(#[source] rayon::ThreadPoolBuildError),
    /// The control's cancel token was set.
    #[error(transparent)]
    Cancelled(#[from] Cancelled),
}

/// Graphs handed to the workers at a time.
const BATCH: usize = 2048;

/// The one call into the engine: the Grundy value of the empty state of `g`.
fn grundy(
    engine: &mut CanonicalEngine<Grundy>,
    g: &Graph,
    variant: Variant,
    work: &Control,
) -> Result<u32, SolveError> {
    engine.state_value(Position::new(g, variant, &Decoration::empty(g.edge_count())), work)
}

/// Computes the shard's rows of the family's table with the canonical
/// engine, on a pool of `options.threads` workers, within the control's
/// budget; reports the rows done to the control's progress sink.
pub fn sweep(family: &Family, options: &SweepOptions, control: &Control) -> Result<Table, SweepError> {
    let mut pool = rayon::ThreadPoolBuilder::new().stack_size(WORKER_STACK);
    if let Some(n) = options.threads {
        pool = pool.num_threads(n.max(1));
    }
    let pool = pool.build().map_err(SweepError::Threads)?;
    pool.install(|| sweep_here(family, options, control))
}

fn sweep_here(family: &Family, options: &SweepOptions, control: &Control) -> Result<Table, SweepError> {
    control.cancel.check()?;
    let total = family.count();
    let share = options.shard.share(total);
    if share == 0 {
        return Err(SweepError::EmptyShard { shard: options.shard, total });
    }
    let threads = rayon::current_num_threads().max(1);
    // The engines share the budget and the cancel token; their progress
    // (classes solved) is not the sweep's (graphs), so it goes nowhere.
    let work = control.with_budget(control.budget.share(threads as u64 + 1)).with_progress(Arc::new(NoProgress));
    let mut seed = CanonicalEngine::<Grundy>::new();
    if let Some((key, g)) = family.seed() {
        grundy(&mut seed, &g, options.variant, &work).map_err(|source| SweepError::Seed {
            graph: family.spec().name(&key),
            key,
            source: Box::new(source),
        })?;
    }
    let engines: Vec<Mutex<CanonicalEngine<Grundy>>> = (0..threads).map(|_| Mutex::new(seed.clone())).collect();
    drop(seed);
    control.progress.set_unit("graphs");
    control.progress.set_total(share as u64);
    let mut rows = Vec::with_capacity(share);
    let mut batch: Vec<(usize, Key, Graph)> = Vec::with_capacity(BATCH);
    let mut failure: Option<SweepError> = None;
    let mut position = 0;
    let flush = |batch: &mut Vec<(usize, Key, Graph)>, rows: &mut Vec<Row>| -> Result<(), SweepError> {
        let values: Vec<Result<u32, SolveError>> = batch
            .par_iter()
            .map(|(_, _, g)| {
                let slot = rayon::current_thread_index().unwrap_or(0) % engines.len();
                let mut engine = engines[slot].lock().unwrap_or_else(|e| e.into_inner());
                grundy(&mut engine, g, options.variant, &work)
            })
            .collect();
        let done = batch.len() as u64;
        for ((position, key, _), value) in batch.drain(..).zip(values) {
            let grundy = value.map_err(|source| SweepError::Engine {
                graph: family.spec().name(&key),
                key: key.clone(),
                source: Box::new(source),
            })?;
            rows.push(Row { position, key, grundy });
        }
        control.checkpoint(done)?;
        Ok(())
    };
    family.for_each(|key, graph| {
        let p = position;
        position += 1;
        if failure.is_some() || !options.shard.owns(p) {
            return;
        }
        batch.push((p, key, graph));
        if batch.len() == BATCH
            && let Err(e) = flush(&mut batch, &mut rows)
        {
            failure = Some(e);
        }
    });
    if let Some(e) = failure {
        return Err(e);
    }
    flush(&mut batch, &mut rows)?;
    Ok(Table {
        spec: Some(family.spec().clone()),
        variant: Some(options.variant),
        shard: options.shard,
        total,
        columns: family.columns(),
        rows,
    })
}
