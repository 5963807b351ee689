//! `arrows check`: the paper's results as machine checks.

use crate::commands::memory;
use crate::commands::progress::{self, Bar};
use crate::error::{CliError, CliResult};
use crate::flags::check::*;
use arrows_paper::registry::select;
use arrows_paper::report;
use arrows_paper::scale::{DEFAULT_MAX, MAX_MAX, MIN_MAX, Scale};
use std::io::Write;
use std::time::Instant;

/// Runs the selected checks and prints the report; fails (exit 1) unless
/// every check passes and every probe and finding shows its counterexample.
pub fn run(args: &CheckArgs) -> CliResult {
    let checks = select(&args.ids)
        .map_err(|e| CliError::usage(format!("{e} (`arrows check --list` shows every id)")).caused_by(e))?;
    let mut out = std::io::stdout().lock();
    if args.list {
        let list = if args.json { report::list_json(&checks) } else { report::list_text(&checks) };
        out.write_all(list.as_bytes())?;
        return Ok(());
    }
    let max = match &args.max {
        None => DEFAULT_MAX,
        Some(text) => text
            .trim()
            .parse::<usize>()
            .map_err(|_| CliError::usage(format!("--max takes a whole number such as 30 or 60, got {text:?}")))?,
    };
    let scale = Scale::new(max).map_err(|e| {
        CliError::usage(format!(
            "--max must be between {MIN_MAX} and {MAX_MAX} (the default is {DEFAULT_MAX}), got {}",
            e.max
        ))
        .caused_by(e)
    })?;
    let budget = memory::budget(args.max_memory);
    let bar = Bar::new("checks", false);
    let control = progress::control(budget, bar.clone());
    let started = Instant::now();
    let report = report::run(&checks, scale, &control)?;
    bar.finish();

    if args.json {
        write!(out, "{}", report.json_lines(true))?;
    } else {
        write!(out, "{}", report.text(true))?;
        writeln!(out, "time {:.1} s", started.elapsed().as_secs_f64())?;
    }
    out.flush()?;
    if report.is_success() { Ok(()) } else { Err(CliError::failure(report.summary())) }
}
