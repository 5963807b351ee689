//! The outcome search past one process: `--engine search --out DIR`
//! answers one shard of a search's tasks into DIR (resumable), and
//! `arrows search merge DIR...` joins the shards into the answer of a
//! single run.

use crate::commands::analysis::{refusal, write_text};
use crate::commands::memory;
use crate::commands::progress::{self, Bar};
use crate::commands::source::Source;
use crate::commands::table::out::{command_line, store_error};
use crate::error::{CliError, CliResult};
use crate::flags::analysis::PlayOpts;
use crate::flags::search::{SearchArgs, SearchCommand};
use arrows_core::{Decoration, Position};
use arrows_solve::report::Report;
use arrows_solve::search::shard::{Combined, Plan};
use arrows_solve::search::{SearchOptions, SearchStats};
use arrows_solve::study::StudyError;
use arrows_solve::{Analysis, Engine, SolveError, Stats};
use arrows_tables::Shard;
use arrows_tables::search_store::{SearchAnswer, SearchBoard, SearchMergeError, SearchWriter, merge};
use arrows_text::count;
use std::io::Write;
use std::path::{Path, PathBuf};
use std::sync::Mutex;
use std::time::Instant;

/// `arrows search ...`.
pub fn run(args: &SearchArgs) -> CliResult {
    match &args.command {
        SearchCommand::Merge { paths, json } => run_merge(paths, *json),
    }
}

/// The shard to answer and why: `--shard`, else a Slurm array task's
/// variables, else the whole search.
fn shard_of(given: Option<Shard>) -> CliResult<(Shard, String)> {
    if let Some(shard) = given {
        return Ok((shard, format!("shard {shard}, from --shard")));
    }
    match arrows_tables::shard::from_environment(|name| std::env::var(name).ok()) {
        Ok(Some(found)) => Ok((found.shard, found.to_string())),
        Ok(None) => Ok((Shard::WHOLE, "the whole search".into())),
        Err(e) => Err(CliError::usage(format!(
            "{e}; the shard of a Slurm array task is read from its variables: number the array's tasks \
             consecutively (--array=0-3), or give --shard R/M"
        ))
        .caused_by(e)),
    }
}

/// `--engine search --out DIR [--shard R/M]`: answers the shard's tasks of
/// the search of the one board `source` names, saving each answer in DIR.
pub fn run_shard(source: &impl Source, opts: &PlayOpts) -> CliResult {
    let dir = opts.draw.out.clone().expect("the caller checked --out");
    // What a shard cannot honour is refused, not ignored: it decides who
    // wins each of its tasks, and the merge combines those alone.
    for (given, flag, why) in [
        (opts.grundy, "--grundy", "the value needs the whole search"),
        (opts.first_win, "--first-win", "the merge lists every winning move"),
        (opts.moves, "--moves", "each move's value needs the whole search"),
        (opts.literal, "--literal", "the literal nimber needs the whole game graph"),
        (opts.explain, "--explain", "the explanation needs the whole search"),
        (opts.memo.is_some(), "--memo", "the search keeps no memo file"),
    ] {
        if given {
            return Err(CliError::usage(format!(
                "{flag} is not kept by a shard of a search (--out DIR): a shard decides who wins its tasks, and \
                 {why}; drop {flag}, or drop --out to search in one run"
            )));
        }
    }
    crate::commands::checked::writable_dir(&dir, "--out")?;
    let (shard, shard_from) = shard_of(opts.shard)?;
    let budget = memory::budget(opts.max_memory);
    progress::limit_time(opts.max_time);
    let bar = Bar::new(Engine::Search.unit(), false);
    let control = progress::control(budget, bar.clone());
    let mut boards = 0;
    let clock = Instant::now();
    source.for_each_within(Some(budget.get()), |mut named| {
        boards += 1;
        if boards > 1 {
            return Err(CliError::usage(
                "a search with --out takes one board, and the input holds more; give one graph",
            ));
        }
        if opts.rules.cycles {
            named.embed()?;
        }
        let start = match &opts.state {
            None => Decoration::empty(named.graph.edge_count()),
            Some(text) => {
                Decoration::parse(&named.graph, text).map_err(|e| CliError::usage(e.to_string()).caused_by(e))?
            }
        };
        let position = Position::new(&named.graph, opts.variant(), &start).with_play(opts.play());
        crate::commands::analysis::search_decides(position)?;
        let refuse = |e: SolveError| refusal(position, StudyError::Solve(e), budget.get());
        if let Some(v) = position.violation() {
            return Err(refuse(SolveError::NotAState(v)));
        }
        if position.lacks_cells() {
            return Err(refuse(SolveError::NoCells));
        }
        let plan = Plan::new(position, &SearchOptions::default(), &control).map_err(refuse)?;
        let board = SearchBoard::of(&named.name, position);
        let writer = SearchWriter::open(&dir, board, shard, plan.tasks(), command_line(), shard_from.clone())
            .map_err(store_error)?;
        let todo: Vec<usize> = (0..plan.tasks()).filter(|&t| shard.owns(t) && !writer.answered(t)).collect();
        let owned = writer.manifest().owned;
        say(
            opts,
            format!(
                "{shard_from}: {} of its {} to answer ({} in the search), in {}",
                todo.len(),
                count(owned as u64, "task"),
                plan.tasks(),
                dir.display()
            ),
        );
        let writer = Mutex::new(writer);
        let answered = plan.run_each(&todo, |task, a| {
            let mut w = writer.lock().expect("the writer is never poisoned");
            w.record(task, a.win, a.nodes).map_err(Stopped::Store)
        });
        bar.finish();
        let writer = writer.into_inner().expect("the writer is never poisoned");
        let m = writer.manifest();
        if let Err(e) = answered {
            let mut e = match e {
                Stopped::Solve(e) => refuse(e),
                Stopped::Store(e) => store_error(e),
            };
            e.message = format!(
                "{}; {} of the shard's {} are saved in {}, and the same command resumes after them",
                e.message,
                m.answers.len(),
                count(m.owned as u64, "task"),
                dir.display()
            );
            return Err(e);
        }
        if shard.is_whole() {
            // The whole search: the answer at once, as merge would give it.
            let answers = all_answers(m.tasks, &m.answers);
            let combined = plan.combine(&answers).map_err(|t| missing(t, &dir))?;
            let stats = SearchStats { nodes: m.nodes(), ..plan.stats() };
            let report = report(&named.name, position, &combined, stats, clock.elapsed());
            return print(&report, opts.json, opts.stats);
        }
        let mut out = std::io::stdout().lock();
        if opts.json {
            let v = serde_json::json!({
                "graph": named.name,
                "shard": shard.to_string(),
                "shard_from": shard_from,
                "tasks": m.tasks,
                "owned": m.owned,
                "answered": m.answers.len(),
                "complete": m.complete,
                "nodes": m.nodes(),
                "directory": dir.display().to_string(),
            });
            writeln!(out, "{v}")?;
        } else {
            writeln!(
                out,
                "{shard_from}: {} answered ({} searched) in {}; when every shard is done: arrows search merge {}",
                count(m.answers.len() as u64, "task"),
                count(m.nodes(), "node"),
                dir.display(),
                dir.display()
            )?;
        }
        Ok(())
    })
}

/// Why a shard stopped: the engine, or its manifest.
enum Stopped {
    Solve(SolveError),
    Store(arrows_tables::StoreError),
}

impl From<SolveError> for Stopped {
    fn from(e: SolveError) -> Stopped {
        Stopped::Solve(e)
    }
}

/// A line on standard error, unless JSON is asked for.
fn say(opts: &PlayOpts, line: String) {
    if !opts.json {
        eprintln!("{line}");
    }
}

/// Every task's answer from a manifest's list.
fn all_answers(tasks: usize, answers: &[SearchAnswer]) -> Vec<Option<bool>> {
    let mut all = vec![None; tasks];
    for a in answers {
        all[a.task] = Some(a.win);
    }
    all
}

fn missing(task: usize, dir: &Path) -> CliError {
    CliError::usage(format!(
        "task {task} of the search has no answer in {}; run its shard again to finish it",
        dir.display()
    ))
}

/// The report of a combined search: the winner and every winning move.
fn report(
    name: &str,
    position: Position<'_>,
    c: &Combined,
    stats: SearchStats,
    elapsed: std::time::Duration,
) -> Report {
    let analysis = Analysis {
        grundy: if c.first_wins { None } else { Some(0) },
        first_wins: c.first_wins,
        winning_moves: c.winning_moves.clone(),
        move_count: c.move_count,
        engine: Engine::Search,
        stats: Stats { solved: stats.nodes, memo_hits: stats.table_hits, memo_evicted: stats.table_evictions },
        search: Some(stats),
    };
    Report::new(name, position, &analysis, elapsed)
}

fn print(report: &Report, json: bool, stats: bool) -> CliResult {
    let mut out = std::io::stdout().lock();
    if json {
        writeln!(out, "{}", serde_json::to_string(report).expect("a report serializes"))?;
    } else {
        write_text(report, &mut out, stats)?;
    }
    Ok(())
}

/// `arrows search merge PATHS`: the shards' answers, checked and combined.
fn run_merge(paths: &[PathBuf], json: bool) -> CliResult {
    let clock = Instant::now();
    let merged = merge(paths).map_err(merge_error)?;
    let (graph, state) = merged.board.rebuild().map_err(|e| {
        CliError::usage(format!("the shards' board cannot be rebuilt ({e}); were the manifests edited?"))
    })?;
    let position = Position::new(&graph, merged.board.variant, &state).with_play(merged.board.play);
    let control = progress::control(memory::budget(None), Bar::new(Engine::Search.unit(), true));
    let plan = Plan::new(position, &SearchOptions::default(), &control)
        .map_err(|e| refusal(position, StudyError::Solve(e), control.budget.get()))?;
    if plan.tasks() != merged.answers.len() {
        return Err(CliError::usage(format!(
            "the shards answer {} but this version of arrows splits the search into {}; merge them with the \
             version that wrote them",
            count(merged.answers.len() as u64, "task"),
            plan.tasks()
        )));
    }
    let dir = paths.first().cloned().unwrap_or_default();
    let combined = plan.combine(&merged.answers).map_err(|t| missing(t, &dir))?;
    let stats = SearchStats { nodes: merged.nodes, ..SearchStats::default() };
    let name = crate::commands::checked::printable(&merged.board.name);
    let report = report(&name, position, &combined, stats, clock.elapsed());
    print(&report, json, false)
}

/// A merge refused, as advice.
fn merge_error(e: SearchMergeError) -> CliError {
    let e = match e {
        SearchMergeError::Store(inner) => return store_error(inner),
        e => e,
    };
    let advice = match &e {
        SearchMergeError::Store(_) => unreachable!("answered above"),
        SearchMergeError::Nothing => "give the directories of every shard".to_string(),
        SearchMergeError::Foreign { .. } => "merge the shards of one search at a time".to_string(),
        SearchMergeError::OtherVersion { .. } => "merge shards written by one version of arrows".to_string(),
        SearchMergeError::OtherSplit { .. } => "merge the shards of one split (one M in R/M)".to_string(),
        SearchMergeError::Twice { .. } => "give each shard once".to_string(),
        SearchMergeError::Missing { shard, .. } => {
            format!("run shard {shard} (--shard {shard} --out DIR) and give its directory too")
        }
        SearchMergeError::Incomplete { shard, .. } => {
            format!("run shard {shard} again with the same command: it resumes after the tasks answered")
        }
    };
    CliError::usage(format!("{e}; {advice}")).caused_by(e)
}
