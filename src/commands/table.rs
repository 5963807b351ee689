//! `arrows table`: Grundy values over a family of graphs, as a table, a
//! picture or a list of patterns; `arrows table merge` joins shards.
//!
//! The library's errors are data; this file words them as advice with the
//! flags a user can change ([`family_error`], [`sweep_error`],
//! [`layout_error`], [`read_error`], [`merge_error`]).

use crate::commands::memo::{self, Memo};
use crate::commands::memory;
use crate::commands::progress::{self, Bar};
use crate::error::{CliError, CliResult};
use crate::flags::table::*;
use arrows_core::FamilyError;
use arrows_core::{Graph, Variant};
use arrows_solve::SolveError;
use arrows_solve::canonical::{CanonicalEngine, Grundy};
use arrows_tables::format::{self, Format, Layout, LayoutError, ReadError, WriteError};
use arrows_tables::panels::PanelError;
use arrows_tables::plane::Plane;
use arrows_tables::store::{self, Part};
use arrows_tables::{Family, MergeError, Shard, Span, Spec, SpecError, SweepError, SweepOptions, Table, patterns};

pub(crate) mod out;
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
        TableFamily::Wheel { spokes, opts } => (plane(Plane::Wheel, vec![spokes])?, opts),
        TableFamily::Fan { vertices, opts } => (plane(Plane::Fan, vec![vertices])?, opts),
        TableFamily::Theta { paths, opts } => {
            let ranges = match paths.0.as_slice() {
                [one] => vec![*one; 3],
                many => many.to_vec(),
            };
            (plane(Plane::Theta, ranges)?, opts)
        }
        TableFamily::Grid { m, n, opts } => (plane(Plane::Grid, vec![m, n])?, opts),
        TableFamily::Ladder { rungs, opts } => (plane(Plane::Ladder, vec![rungs])?, opts),
        TableFamily::Prism { sides, opts } => (plane(Plane::Prism, vec![sides])?, opts),
        TableFamily::Graphs { file, opts } => {
            let file = file.ok_or_else(|| {
                CliError::usage(
                    "`arrows table graphs` reads a FILE of graphs, one per line; give its path, or - for \
                     standard input (nauty-geng 5 | arrows table graphs -)",
                )
            })?;
            let graphs = read_graphs(&file)?;
            (Family::graphs(graphs).map_err(|e| in_file(&file, family_error(e)))?, opts)
        }
    };
    check_output(&opts.output)?;
    crate::commands::analysis::check_threads(opts.threads, "a sweep")?;
    let (shard, shard_from) = shard_of(&opts)?;
    let options = SweepOptions {
        variant: opts.rules.variant(),
        play: opts.rules.play(),
        engine: opts.engine.map(Into::into),
        shard,
        threads: opts.threads,
    };
    if opts.shard_of_input.is_some() && !matches!(family.spec(), Spec::Graphs { .. }) {
        return Err(CliError::usage("--shard-of-input describes input graphs; use it with `arrows table graphs`"));
    }
    let budget = memory::budget(opts.max_memory);
    progress::limit_time(opts.max_time);
    if let Some(dir) = &opts.out {
        return out::run(&family, &options, &opts, dir, shard_from, budget);
    }
    if opts.shard_of_input.is_some() {
        return Err(CliError::usage("--shard-of-input is recorded in a shard's manifest; add --out DIR"));
    }
    if opts.shard.is_none() && !shard.is_whole() && !opts.quiet {
        eprintln!("{shard_from}");
    }
    let mut engine = CanonicalEngine::<Grundy>::new();
    let mut memo = open_memo(&opts, &family, &options, budget, &mut engine)?;
    let bar = Bar::new("graphs", opts.quiet);
    let control = progress::control(budget, bar.clone());
    let table = arrows_tables::sweep_with(&family, &options, &control, Some(&mut engine));
    bar.finish();
    if opts.stats {
        print_stats(&engine, budget);
    }
    let result = table.map_err(sweep_error).and_then(|table| emit(&table, &opts.output));
    match memo.as_mut() {
        Some(m) => m.finish(&mut engine, result),
        None => result,
    }
}

/// `--stats`: the memo's figures and the peak memory, on standard error.
fn print_stats(engine: &CanonicalEngine<Grundy>, budget: arrows_work::Budget) {
    let f = engine.memo_figures();
    eprintln!(
        "memo           {} in {} of --max-memory {}",
        arrows_text::count(f.entries, "class|classes"),
        arrows_text::bytes(f.bytes),
        arrows_text::bytes(budget.get())
    );
    eprintln!("memo evicted   {} (to stay within --max-memory)", arrows_text::count(f.evicted, "class|classes"));
    if let Some(peak) = arrows_work::peak_resident() {
        eprintln!("peak memory    {}", arrows_text::bytes(peak));
    }
}

/// The memo file of `--memo`, read into `engine`; refused when the sweep
/// does not use the canonical engine.
fn open_memo(
    opts: &SweepArgs,
    family: &Family,
    options: &SweepOptions,
    budget: arrows_work::Budget,
    engine: &mut CanonicalEngine<Grundy>,
) -> CliResult<Option<Memo>> {
    let Some(path) = &opts.memo else { return Ok(None) };
    memo::check_engine(options.engine_for(family), options.play)?;
    Memo::open(path, options.variant, options.play, budget, engine).map(Some)
}

/// The shard to compute and why: `--shard`, else a Slurm array task's
/// variables, else the whole sweep.
fn shard_of(opts: &SweepArgs) -> CliResult<(Shard, String)> {
    if let Some(shard) = opts.shard {
        return Ok((shard, format!("shard {shard}, from --shard")));
    }
    match arrows_tables::shard::from_environment(|name| std::env::var(name).ok()) {
        Ok(Some(found)) => Ok((found.shard, found.to_string())),
        Ok(None) => Ok((Shard::WHOLE, "the whole sweep".into())),
        Err(e) => Err(CliError::usage(format!(
            "{e}; the shard of a Slurm array task is read from its variables: number the array's tasks \
             consecutively (--array=0-7), or give --shard R/M"
        ))
        .caused_by(e)),
    }
}

fn plane(plane: Plane, ranges: Vec<Span>) -> CliResult<Family> {
    family(Spec::Plane { plane, ranges })
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
        SpecError::BelowLeast { parameter, least, range, .. } => {
            let flag = match *parameter {
                "A" | "B" | "C" => "paths",
                p => p,
            };
            format!("start --{flag} at {least}, e.g. --{flag} {least}..{}", range.hi.max(*least))
        }
        SpecError::Ranges { .. } => "give one range for all three paths, or three comma separated".into(),
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
            SolveError::TooLarge { limit, .. } => {
                let advice = format!("narrow the ranges to graphs of at most {limit} edges");
                CliError::usage(format!("{e}; {advice}")).caused_by(e)
            }
            _ => CliError::usage(e.to_string()).caused_by(e),
        },
        SweepError::TooManyThreads { .. } => {
            CliError::usage(format!("{e}; give fewer --threads (the default is one per core)")).caused_by(e)
        }
        SweepError::Threads(_) | SweepError::Sink(_) => CliError::failure(e.to_string()).caused_by(e),
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
        LayoutError::Panel(p @ PanelError::TooLarge { .. }) => {
            format!("{p}; pick one panel with --fix, or write one row per graph (drop --grid, or --format csv)")
        }
    };
    CliError::usage(message).caused_by(e)
}

/// The bytes of a table file, or of standard input for `-`, bounded.
fn read_file(path: &Path) -> CliResult<Vec<u8>> {
    crate::commands::input::read_bytes(path, "a table file (CSV or JSON)")
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

fn merge(given: &[PathBuf], o: &OutputArgs) -> CliResult {
    check_output(o)?;
    let mut files = Vec::with_capacity(given.len());
    let mut parts = Vec::with_capacity(given.len());
    let mut sweeps = Vec::with_capacity(given.len());
    for f in given {
        if f.is_dir() {
            for manifest in store::list(f).map_err(out::store_error)? {
                let stored = store::read(&manifest).map_err(out::store_error)?;
                sweeps.push(Some(stored.manifest.command.clone()));
                parts.push(Part::Stored(stored));
                files.push(manifest);
            }
            continue;
        }
        let bytes = read_file(f)?;
        if out::is_manifest(&bytes) {
            let stored = store::read(f).map_err(out::store_error)?;
            sweeps.push(Some(stored.manifest.command.clone()));
            parts.push(Part::Stored(stored));
        } else {
            let table = format::read_shard(&bytes).map_err(|e| read_error(f, e))?;
            sweeps.push(command_line(&table));
            parts.push(Part::Table(table));
        }
        files.push(f.clone());
    }
    let table = store::merge(parts).map_err(|e| merge_error(e, &files, &sweeps))?;
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
            format!("shard {shard} is missing; give every shard 0/{0} to {1}/{0}", shard.modulus, shard.modulus - 1)
        }
        MergeError::Incomplete { part, shard, done, rows } => format!(
            "{} (shard {shard}) is incomplete: {done} of {} are written; run its shard again to finish it (it resumes)",
            file(*part),
            arrows_text::count(*rows as u64, "row")
        ),
        MergeError::OtherVersion { part, found, first, expected } => format!(
            "{} was written by arrows {found} but {} by arrows {expected}; rerun the shards with one version",
            file(*part),
            file(*first)
        ),
        MergeError::MixedInput { part } => format!(
            "{} and {} disagree on --shard-of-input; merge the parts of one split input, or shards of one sweep",
            file(*part),
            file(1)
        ),
        MergeError::OtherInputSplit { part, shard, first } => format!(
            "{} is of input part {shard} but {} of input part {first}; split the input one way",
            file(*part),
            file(1)
        ),
        MergeError::InputMissing { shard } => format!(
            "input part {shard} is missing; give the shards of every input part 0/{0} to {1}/{0}",
            shard.modulus,
            shard.modulus - 1
        ),
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
        Spec::Plane { plane, ranges } => {
            let flags = match plane {
                Plane::Wheel => vec!["spokes"],
                Plane::Fan => vec!["vertices"],
                Plane::Theta => vec!["paths"],
                Plane::Grid => vec!["m", "n"],
                Plane::Ladder => vec!["rungs"],
                Plane::Prism => vec!["sides"],
            };
            let values: Vec<String> = match plane {
                Plane::Theta => match arrows_tables::family::uniform(ranges) {
                    Some(span) => vec![span.to_string()],
                    None => vec![arrows_tables::family::join_spans(ranges)],
                },
                _ => ranges.iter().map(Span::to_string).collect(),
            };
            let given: Vec<String> = flags.iter().zip(values).map(|(f, v)| format!("--{f} {v}")).collect();
            format!("{plane} {}", given.join(" "))
        }
        Spec::Graphs { .. } => return None,
    };
    let mut c = format!("arrows table {family}");
    match table.variant {
        Some(Variant::Untrimmed) => c.push_str(" --untrimmed"),
        Some(Variant::Cycles) => c.push_str(" --cycles"),
        _ => {}
    }
    if table.play == arrows_core::Play::Misere {
        c.push_str(" --misere");
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
