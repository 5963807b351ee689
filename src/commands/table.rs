//! `arrows table`: Grundy values over a family of graphs, as a table, a
//! picture or a list of patterns; `arrows table merge` joins shards.
//!
//! The library's errors are data; this file words them as advice with the
//! flags a user can change ([`family_error`], [`sweep_error`],
//! [`layout_error`], [`read_error`], [`merge_error`]).

use crate::commands::memory;
use crate::commands::progress::{self, Bar};
use crate::error::{CliError, CliResult};
use crate::flags::table::*;
use arrows_core::FamilyError;
use arrows_core::{Graph, Variant};
use arrows_solve::SolveError;
use arrows_tables::format::{self, Format, Layout, LayoutError, ReadError, WriteError};
use arrows_tables::panels::PanelError;
use arrows_tables::{Family, MergeError, Shard, Span, Spec, SpecError, SweepError, SweepOptions, Table, patterns};
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
        TableFamily::Graphs { file, opts } => {
            let graphs = read_graphs(&file)?;
            (Family::graphs(graphs).map_err(|e| in_file(&file, family_error(e)))?, opts)
        }
    };
    check_output(&opts.output)?;
    if opts.threads == Some(0) {
        return Err(CliError::usage("--threads must be at least 1"));
    }
    let options = SweepOptions {
        variant: if opts.untrimmed { Variant::Untrimmed } else { Variant::Trimmed },
        shard: opts.shard.unwrap_or(Shard::WHOLE),
        threads: opts.threads,
    };
    let budget = memory::budget(opts.max_memory);
    let bar = Bar::new("graphs", opts.quiet);
    let control = progress::control(budget, bar.clone());
    let table = arrows_tables::sweep(&family, &options, &control).map_err(sweep_error)?;
    bar.finish();
    emit(&table, &opts.output)
}

fn family(spec: Spec) -> CliResult<Family> {
    Family::new(spec).map_err(family_error)
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

/// A family the library refused, as advice with the flags to change.
fn family_error(e: SpecError) -> CliError {
    let advice = match &e {
        SpecError::NoLegs => "give --k 1 or more".to_string(),
        SpecError::StartsAtZero { parameter, range, .. } => {
            format!("start --{parameter} at 1, e.g. --{parameter} 1..{}", range.hi.max(1))
        }
        SpecError::Empty { spec: Spec::Spider { .. } } => "give a leg a positive length, e.g. --legs 0..4".into(),
        SpecError::Empty { spec: Spec::Broom { .. } } => {
            "give the handle or the bristles a positive length, e.g. --handle 0..4 --bristles 0..3".into()
        }
        SpecError::Empty { spec: Spec::Caterpillar { .. } } => "allow leaves, e.g. --leaves 0..3".into(),
        SpecError::Family(FamilyError::TooManyMembers { .. }) => "narrow the ranges".into(),
        SpecError::Family(FamilyError::NoMembers { .. }) => {
            "give one graph per line (graph6, sparse6 or an edge list)".into()
        }
        _ => return CliError::usage(e.to_string()).caused_by(e),
    };
    CliError::usage(format!("{e}; {advice}")).caused_by(e)
}

/// A sweep that stopped, as advice: exit code 2 for what the user can
/// change (the ranges, the shard, the memory budget), 130 for Ctrl-C.
fn sweep_error(e: SweepError) -> CliError {
    match e {
        SweepError::Family(f) => family_error(f),
        SweepError::EmptyShard { total, .. } => {
            let advice = format!("split it into at most {total} shards, e.g. --shard 1/{total}");
            CliError::usage(format!("{e}; {advice}")).caused_by(e)
        }
        SweepError::Seed { ref source, .. } | SweepError::Engine { ref source, .. } => match **source {
            SolveError::Cancelled(c) => c.into(),
            SolveError::MemoryBudget { .. } | SolveError::OutOfBudget { .. } => {
                let advice = "raise --max-memory, narrow the ranges, or split the sweep with --shard";
                CliError::usage(format!("{e}; {advice}")).caused_by(e)
            }
            _ => CliError::usage(e.to_string()).caused_by(e),
        },
        SweepError::Threads(_) => CliError::failure(e.to_string()).caused_by(e),
        SweepError::Cancelled(c) => c.into(),
    }
}

fn read_graphs(path: &Path) -> CliResult<Vec<Graph>> {
    let mut graphs = Vec::new();
    crate::commands::source::for_each_graph_line(path, |_, _, g| {
        graphs.push(g);
        Ok(())
    })?;
    Ok(graphs)
}

/// Refuses option combinations that cannot be written, and an output file
/// that cannot be created, before any work.
fn check_output(o: &OutputArgs) -> CliResult {
    if o.json && o.format != Format::Text && o.format != Format::Json {
        return Err(CliError::usage(format!("--json and --format {} disagree; give one of them", o.format)));
    }
    if let Some(path) = &o.output {
        if path.is_dir() {
            return Err(CliError::usage(format!("{} is a directory; give --output a file name", path.display())));
        }
        let parent = path.parent().filter(|p| !p.as_os_str().is_empty());
        if let Some(dir) = parent.filter(|d| !d.is_dir()) {
            return Err(CliError::usage(format!(
                "cannot write {}: the folder {} does not exist; create it or give --output another path",
                path.display(),
                dir.display()
            )));
        }
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
        std::fs::write(path, buf).map_err(|e| {
            use std::io::ErrorKind::*;
            let message = format!("cannot write {}: {e}", path.display());
            match e.kind() {
                NotFound | PermissionDenied | IsADirectory | NotADirectory | ReadOnlyFilesystem => {
                    CliError::usage(format!("{message}; give --output another path"))
                }
                _ => CliError::failure(message),
            }
            .caused_by(e)
        })?;
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

fn write_error(e: WriteError) -> CliError {
    match e {
        WriteError::Layout(l) => layout_error(l),
        WriteError::Io(e) => e.into(),
    }
}

/// A layout that does not fit, as advice about --grid, --fix and --format.
fn layout_error(e: LayoutError) -> CliError {
    let message = match &e {
        LayoutError::OneRowPerGraph { format } => {
            format!("--grid and --fix shape text, Markdown and SVG output; {format} always has one row per graph")
        }
        LayoutError::PanelWithoutGrid => "--fix picks a grid; add --grid (or use --format svg)".into(),
        LayoutError::Panel(PanelError::FixArity { expected: 0, .. }) => {
            "--fix takes no value here: this table has at most two parameters, so it is a single panel; drop --fix"
                .into()
        }
        LayoutError::Panel(PanelError::FixArity { expected, lead, .. }) => format!(
            "--fix takes {} here, for {}; e.g. --fix {}",
            arrows_text::count(*expected as u64, "value"),
            lead.join(","),
            vec!["2"; *expected].join(",")
        ),
        LayoutError::Panel(p @ PanelError::NotInTable { .. }) => {
            format!("{p}; give --fix values from the table's ranges")
        }
        LayoutError::Panel(p @ PanelError::NotNumeric { .. }) => {
            format!("{p}; --grid, --fix and --format svg need one of those")
        }
    };
    CliError::usage(message).caused_by(e)
}

/// The bytes of a table file, or of standard input for `-`.
fn read_file(path: &Path) -> CliResult<Vec<u8>> {
    use std::io::{ErrorKind, Read};
    if path.as_os_str() == "-" {
        let mut bytes = Vec::new();
        std::io::stdin().read_to_end(&mut bytes)?;
        return Ok(bytes);
    }
    std::fs::read(path).map_err(|e| {
        let shown = path.display();
        let message = match e.kind() {
            ErrorKind::NotFound => format!("{shown}: no such file; check the path"),
            ErrorKind::IsADirectory => format!("{shown} is a directory; give a table file (CSV or JSON)"),
            _ => format!("cannot read {shown}: {e}; check the path"),
        };
        CliError::usage(message).caused_by(e)
    })
}

/// A table file that cannot be read, named, with the line where it can.
fn read_error(path: &Path, e: ReadError) -> CliError {
    let shown = if path.as_os_str() == "-" { "standard input".to_string() } else { path.display().to_string() };
    let message = match &e {
        ReadError::Csv { line, problem } => format!("{shown}, line {line}: {problem}"),
        ReadError::NotUtf8 { line } => format!("{shown}, line {line}: not UTF-8 text; a table is CSV or JSON text"),
        ReadError::Json { line, column, message } => {
            format!("{shown}, line {line}, column {column}: not JSON: {message}")
        }
        ReadError::NotJson => format!("{shown}: {e}; write the shards with --format json"),
        ReadError::NoChecksum => {
            format!("{shown}: {e}; rerun its shard with --format json (a table of this version records one)")
        }
        ReadError::Checksum { .. } => format!("{shown}: {e}; do not edit shards, rerun this one"),
        _ => format!("{shown}: {e}"),
    };
    CliError::usage(message).caused_by(e)
}

/// Reads a table file (JSON or CSV; `-` for standard input).
pub fn read_table(path: &Path) -> CliResult<Table> {
    let bytes = read_file(path)?;
    format::read_bytes(&bytes).map_err(|e| read_error(path, e))
}

fn merge(files: &[PathBuf], o: &OutputArgs) -> CliResult {
    check_output(o)?;
    let mut parts = Vec::with_capacity(files.len());
    for f in files {
        let bytes = read_file(f)?;
        parts.push(format::read_shard(&bytes).map_err(|e| read_error(f, e))?);
    }
    let sweeps: Vec<Option<String>> = parts.iter().map(command_line).collect();
    let table = arrows_tables::merge(parts).map_err(|e| merge_error(e, files, &sweeps))?;
    emit(&table, o)
}

/// Shards that do not merge, each named by its file.
fn merge_error(e: MergeError, files: &[PathBuf], sweeps: &[Option<String>]) -> CliError {
    let file = |part: usize| files.get(part - 1).map_or_else(|| format!("table {part}"), |f| f.display().to_string());
    let message = match &e {
        MergeError::Nothing => "no table to merge; give the JSON files of every shard".into(),
        MergeError::NoSweep { part } => {
            format!("{} does not record its sweep; write the shards with --format json", file(*part))
        }
        MergeError::OtherSweep { part, found, expected } => {
            let shown = |part: usize, described: &str| match &sweeps[part - 1] {
                Some(c) => format!("`{c}`"),
                None => described.to_string(),
            };
            format!(
                "{} is from another sweep than {} ({} vs {}); merge only the shards of one command",
                file(*part),
                file(1),
                shown(*part, found),
                shown(1, expected)
            )
        }
        MergeError::OtherSplit { part, shard, first } => format!(
            "{} is shard {shard} but {} is shard {first}; every shard must split the sweep the same way",
            file(*part),
            file(1)
        ),
        MergeError::Twice { shard, earlier, part } => {
            format!("shard {shard} is given twice ({} and {}); give each shard once", file(*earlier), file(*part))
        }
        MergeError::WrongRows { part, shard, rows, expected } => format!(
            "{} (shard {shard}) holds {} but should hold {expected}; it is incomplete or edited, so rerun it",
            file(*part),
            arrows_text::count(*rows as u64, "row")
        ),
        MergeError::Missing { shard } => {
            format!("shard {shard} is missing; give every shard 1/{0} to {0}/{0}", shard.count)
        }
        MergeError::Overlap => "the shards' rows do not fill the table exactly once; rerun the shards".into(),
    };
    CliError::usage(message).caused_by(e)
}

/// The command line that makes a table recorded with its sweep (without
/// the output options); `None` for tables of input graphs or without a sweep.
pub fn command_line(table: &Table) -> Option<String> {
    let family = match table.spec.as_ref()? {
        Spec::Spider { legs } => match arrows_tables::family::uniform(legs) {
            Some(span) if legs.len() == 3 => format!("spider --legs {span}"),
            Some(span) => format!("spider --k {} --legs {span}", legs.len()),
            None => format!("spider --legs {}", arrows_tables::family::join_spans(legs)),
        },
        Spec::Path { edges } => format!("path --edges {edges}"),
        Spec::Star { leaves } => format!("star --leaves {leaves}"),
        Spec::Caterpillar { spine, leaves } => format!("caterpillar --spine {spine} --leaves {leaves}"),
        Spec::Broom { handle, bristles } => format!("broom --handle {handle} --bristles {bristles}"),
        Spec::Trees { edges } => format!("trees --edges {edges}"),
        Spec::Graphs { .. } => return None,
    };
    let mut c = format!("arrows table {family}");
    if table.variant == Some(Variant::Untrimmed) {
        c.push_str(" --untrimmed");
    }
    if !table.shard.is_whole() {
        c.push_str(&format!(" --shard {}", table.shard));
    }
    Some(c)
}

/// `file: message` for an error about an input file.
fn in_file(path: &Path, mut e: CliError) -> CliError {
    let shown = if path.as_os_str() == "-" { "standard input".to_string() } else { path.display().to_string() };
    e.message = format!("{shown}: {}", e.message);
    e
}
