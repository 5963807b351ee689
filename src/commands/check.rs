//! `arrows check`: the paper's results as machine checks.

use crate::commands::memory;
use crate::error::{CliError, CliResult};
use crate::flags::check::*;
use arrows_paper::registry::{Context, select};
use arrows_paper::scale::{DEFAULT_MAX, Scale};
use arrows_paper::{Entry, Kind, report};
use indicatif::{ProgressBar, ProgressStyle};
use std::io::{IsTerminal, Write};
use std::time::{Duration, Instant};

/// Runs the selected checks and prints the report; fails (exit 1) unless
/// every check passes and every probe and finding shows its counterexample.
pub fn run(args: &CheckArgs) -> CliResult {
    let checks = select(&args.ids).map_err(CliError::usage)?;
    let mut out = std::io::stdout().lock();
    if args.list {
        for c in &checks {
            writeln!(out, "{:<14} {:<8} {}", c.id, kind_word(c.kind), c.result)?;
            writeln!(out, "{:<24}{}", "", c.statement)?;
        }
        return Ok(());
    }
    let max = match &args.max {
        None => DEFAULT_MAX,
        Some(text) => text
            .trim()
            .parse::<usize>()
            .map_err(|_| CliError::usage(format!("--max takes a whole number such as 30 or 60, got {text:?}")))?,
    };
    let scale = Scale::new(max).map_err(CliError::usage)?;
    let threads = std::thread::available_parallelism().map_or(1, |n| n.get()) as u64;
    let budget = memory::budget(args.max_memory).get() / threads.min(checks.len().max(1) as u64);
    let ctx = Context { scale, budget };

    let bar = progress(checks.len(), max);
    let started = Instant::now();
    let done = |e: &Entry| {
        bar.inc(1);
        bar.set_message(format!("{} {}", e.id, e.status));
    };
    let report = report::run(&checks, &ctx, &done);
    bar.finish_and_clear();

    if args.json {
        write!(out, "{}", report.json_lines(true))?;
    } else {
        write!(out, "{}", report.text(true))?;
        writeln!(out, "time {:.1} s", started.elapsed().as_secs_f64())?;
    }
    out.flush()?;
    if report.is_success() { Ok(()) } else { Err(CliError::failure(report.summary())) }
}

fn kind_word(kind: Kind) -> &'static str {
    match kind {
        Kind::Check => "check",
        Kind::Probe => "probe",
        Kind::Finding => "finding",
    }
}

/// A progress bar on standard error, when it is a terminal and the run is long.
fn progress(checks: usize, max: usize) -> ProgressBar {
    let long = checks >= 5 || max > DEFAULT_MAX;
    if !std::io::stderr().is_terminal() || !long {
        return ProgressBar::hidden();
    }
    let bar = ProgressBar::new(checks as u64);
    let style = ProgressStyle::with_template("{spinner} [{elapsed_precise}] {bar:30} {pos}/{len} checks  {msg}")
        .unwrap_or_else(|_| ProgressStyle::default_bar());
    bar.set_style(style);
    bar.enable_steady_tick(Duration::from_millis(120));
    bar
}
