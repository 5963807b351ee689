//! `arrows table`: Grundy values over a family of graphs, as a table, a
//! picture or a list of patterns; `arrows table merge` joins shards.

use crate::commands::memory;
use crate::commands::progress::Bar;
use crate::error::{CliError, CliResult};
use crate::flags::table::*;
use arrows_core::{Graph, Variant};
use arrows_tables::format::{self, Format, Layout};
use arrows_tables::{Family, Shard, Span, Spec, SweepOptions, Table, patterns, sweep};
use arrows_work::Progress;
use std::io::Write;
use std::path::{Path, PathBuf};

/// Runs `arrows table`.
pub fn run(args: TableArgs) -> CliResult {
    let (family, opts) = match args.family {
        TableFamily::Merge { files, output } => return merge(&files, &output),
        TableFamily::Spider { legs, k, opts } => (spider_family(legs.0, k)?, opts),
        TableFamily::Path { edges, opts } => (family(Spec::Path { edges })?, opts),
        TableFamily::Star { leaves, opts } => (family(Spec::Star { leaves })?, opts),
        TableFamily::Caterpillar { spine, leaves, opts } => (family(Spec::Caterpillar { spine, leaves })?, opts),
        TableFamily::Broom { handle, bristles, opts } => (family(Spec::Broom { handle, bristles })?, opts),
        TableFamily::Trees { edges, opts } => (family(Spec::Trees { edges })?, opts),
        TableFamily::Graphs { file, opts } => (Family::graphs(read_graphs(&file)?).map_err(usage)?, opts),
    };
    check_output(&opts.output)?;
    if opts.threads == Some(0) {
        return Err(CliError::usage("--threads must be at least 1"));
    }
    let options = SweepOptions {
        variant: if opts.untrimmed { Variant::Untrimmed } else { Variant::Trimmed },
        shard: opts.shard.unwrap_or(Shard::WHOLE),
        budget: memory::budget(opts.max_memory).get(),
        threads: opts.threads,
    };
    let bar = Bar::new("graphs", opts.quiet);
    let table = sweep(&family, &options, &|done, of| {
        bar.set_total(of as u64);
        bar.set_position(done as u64);
    })
    .map_err(|e| CliError::failure(e.to_string()))?;
    bar.finish();
    emit(&table, &opts.output)
}

fn usage(e: impl std::fmt::Display) -> CliError {
    CliError::usage(e.to_string())
}

fn family(spec: Spec) -> CliResult<Family> {
    Family::new(spec).map_err(usage)
}

fn spider_family(legs: Vec<Span>, k: Option<usize>) -> CliResult<Family> {
    let legs = match (legs.as_slice(), k) {
        ([], _) => return Err(CliError::usage("give the legs' range, e.g. --legs 0..40")),
        ([one], k) => vec![*one; k.unwrap_or(3)],
        (many, Some(k)) if k != many.len() => {
            return Err(CliError::usage(format!(
                "--k {k} but --legs gives {} ranges; give one range for all legs, or one per leg without --k",
                many.len()
            )));
        }
        (many, _) => many.to_vec(),
    };
    family(Spec::Spider { legs })
}

fn read_graphs(path: &Path) -> CliResult<Vec<Graph>> {
    let mut graphs = Vec::new();
    crate::commands::source::for_each_graph_line(path, |_, _, g| {
        graphs.push(g);
        Ok(())
    })?;
    Ok(graphs)
}

/// Refuses option combinations that cannot be written, before any work.
fn check_output(o: &OutputArgs) -> CliResult {
    if o.json && o.format != Format::Text && o.format != Format::Json {
        return Err(CliError::usage(format!("--json and --format {} disagree; give one of them", o.format)));
    }
    Ok(())
}

fn table_format(o: &OutputArgs) -> Format {
    if o.json { Format::Json } else { o.format }
}

/// Writes the table (to --output or standard output) and, with
/// --summarize, the patterns.
fn emit(table: &Table, o: &OutputArgs) -> CliResult {
    let layout = Layout { grid: o.grid, fix: o.fix.clone() };
    if let Some(path) = &o.output {
        let mut buf = Vec::new();
        format::write(table, table_format(o), &layout, &mut buf).map_err(write_error)?;
        std::fs::write(path, buf).map_err(|e| CliError::failure(format!("cannot write {}: {e}", path.display())))?;
    }
    let mut out = std::io::stdout().lock();
    if o.summarize {
        let report = patterns::analyze(table);
        if o.json {
            writeln!(out, "{}", serde_json::to_string_pretty(&report).expect("a report serializes"))?;
        } else {
            patterns::write_text(&report, &mut out)?;
        }
    } else if o.output.is_none() {
        let mut buf = Vec::new();
        format::write(table, table_format(o), &layout, &mut buf).map_err(write_error)?;
        out.write_all(&buf)?;
    }
    Ok(())
}

fn write_error(e: format::WriteError) -> CliError {
    match e {
        format::WriteError::Layout(m) => CliError::usage(m),
        format::WriteError::Io(e) => e.into(),
    }
}

/// Reads a table file (JSON or CSV; `-` for standard input).
pub fn read_table(path: &Path) -> CliResult<Table> {
    let text = if path.as_os_str() == "-" {
        std::io::read_to_string(std::io::stdin())?
    } else {
        std::fs::read_to_string(path)
            .map_err(|e| CliError::usage(format!("cannot read {}: {e}; check the path", path.display())))?
    };
    format::read(&text).map_err(|e| CliError::usage(format!("{}: {e}", path.display())))
}

fn merge(files: &[PathBuf], o: &OutputArgs) -> CliResult {
    check_output(o)?;
    let parts = files.iter().map(|f| read_table(f)).collect::<CliResult<Vec<_>>>()?;
    let table = arrows_tables::merge(parts).map_err(usage)?;
    emit(&table, o)
}
