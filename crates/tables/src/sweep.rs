//! Sweeping a family in parallel with the canonical engine.
//!
//! Each rayon worker owns one engine for the whole sweep, so the classes it
//! solves serve every later graph it is given. The workers' engines start
//! as clones of one seeded engine: for spiders, paths and brooms the
//! largest member is solved first, and its classes are those of most rows.
//! Graphs are taken in batches in table order, and the values come back
//! in that order, so the table does not depend on the number of threads.

use crate::family::{Family, FamilyError, Key};
use crate::shard::Shard;
use crate::table::{Row, Table};
use arrows_core::{Decoration, Graph, Position, Variant};
use arrows_solve::SolveError;
use arrows_solve::canonical::{CanonicalEngine, Grundy};
use arrows_work::{Budget, Control};
use rayon::prelude::*;
use std::fmt;
use std::sync::Mutex;

/// How to run a sweep.
#[derive(Debug, Clone, Copy)]
pub struct SweepOptions {
    /// The rule set.
    pub variant: Variant,
    /// Which part of the sweep to compute.
    pub shard: Shard,
    /// Memory budget in bytes for all the engines together.
    pub budget: u64,
    /// Worker threads (`None`: one per core).
    pub threads: Option<usize>,
}

/// Stack of each worker: the engine recurses once per edge of a component.
const WORKER_STACK: usize = 256 << 20;

/// Why a sweep stopped.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum SweepError {
    /// The family cannot be swept as asked.
    Family(FamilyError),
    /// The engine refused a graph (usually: over the memory budget).
    Engine {
        /// The row's key.
        key: String,
        /// The engine's reason.
        error: SolveError,
    },
}

impl fmt::Display for SweepError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            SweepError::Family(e) => e.fmt(f),
            SweepError::Engine { key, error } => write!(f, "at the graph {key}: {error}"),
        }
    }
}

impl std::error::Error for SweepError {}

impl From<FamilyError> for SweepError {
    fn from(e: FamilyError) -> SweepError {
        SweepError::Family(e)
    }
}

/// Graphs handed to the workers at a time.
const BATCH: usize = 2048;

/// Computes the shard's rows of the family's table with the canonical
/// engine, on a pool of `options.threads` workers. `progress` is called
/// with the number of the shard's rows done so far and their number.
pub fn sweep(
    family: &Family,
    options: &SweepOptions,
    progress: &(dyn Fn(usize, usize) + Sync),
) -> Result<Table, SweepError> {
    let mut pool = rayon::ThreadPoolBuilder::new().stack_size(WORKER_STACK);
    if let Some(n) = options.threads {
        pool = pool.num_threads(n.max(1));
    }
    let pool =
        pool.build().map_err(|e| SweepError::Family(FamilyError(format!("cannot start the worker threads: {e}"))))?;
    pool.install(|| sweep_here(family, options, progress))
}

fn sweep_here(
    family: &Family,
    options: &SweepOptions,
    progress: &(dyn Fn(usize, usize) + Sync),
) -> Result<Table, SweepError> {
    let total = family.count();
    let threads = rayon::current_num_threads().max(1);
    let control = Control::new(Budget::bytes(options.budget / (threads as u64 + 1)));
    let mut seed = CanonicalEngine::<Grundy>::new();
    if let Some(g) = family.seed() {
        let empty = Decoration::empty(g.edge_count());
        seed.state_value(Position::new(&g, options.variant, &empty), &control)
            .map_err(|error| SweepError::Engine { key: "(the seed graph)".into(), error })?;
    }
    let engines: Vec<Mutex<CanonicalEngine<Grundy>>> = (0..threads).map(|_| Mutex::new(seed.clone())).collect();
    drop(seed);
    let share = options.shard.share(total);
    progress(0, share);
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
                let empty = Decoration::empty(g.edge_count());
                engine.state_value(Position::new(g, options.variant, &empty), &control)
            })
            .collect();
        for ((position, key, _), value) in batch.drain(..).zip(values) {
            let grundy = value.map_err(|error| SweepError::Engine { key: key.to_string(), error })?;
            rows.push(Row { position, key, grundy });
        }
        progress(rows.len(), share);
        Ok(())
    };
    family.for_each(|key, graph| {
        let p = position;
        position += 1;
        if failure.is_some() || !options.shard.owns(p) {
            return;
        }
        batch.push((p, key, graph));
        if batch.len() == BATCH {
            if let Err(e) = flush(&mut batch, &mut rows) {
                failure = Some(e);
            }
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
