//! `arrows table ... --out DIR`: a shard written to disk as it is
//! computed, resumed when run again (the library's `store` does the work).

use super::sweep_error;
use crate::commands::progress::{self, Bar};
use crate::error::{CliError, CliResult};
use crate::flags::table::SweepArgs;
use arrows_solve::canonical::{CanonicalEngine, Grundy};
use arrows_tables::store::{self, StoreError, Sweep, Writer};
use arrows_tables::{Family, SweepError, SweepOptions};
use std::path::Path;

/// Computes the shard into `dir`, resuming a shard already there.
pub(super) fn run(
    family: &Family,
    options: &SweepOptions,
    opts: &SweepArgs,
    dir: &Path,
    shard_from: String,
    budget: arrows_work::Budget,
) -> CliResult {
    let o = &opts.output;
    if o.output.is_some()
        || o.summarize
        || o.grid
        || o.fix.is_some()
        || o.json
        || o.format != arrows_tables::format::Format::Text
    {
        return Err(CliError::usage(
            "--out writes a shard directory; --format, --output, --summarize, --grid and --fix apply to \
             `arrows table merge DIR`",
        ));
    }
    if dir.exists() && !dir.is_dir() {
        return Err(CliError::usage(format!("{} is a file; give --out a directory", dir.display())));
    }
    std::fs::create_dir_all(dir).map_err(|e| {
        CliError::usage(format!("cannot create the directory {}: {e}; give --out another path", dir.display()))
            .caused_by(e)
    })?;
    let sweep = Sweep {
        family: family.spec().clone(),
        variant: options.variant,
        play: options.play,
        engine: options.engine_for(family),
        columns: family.columns(),
        total: family.count_within(&crate::commands::progress::interrupt())?,
        shard: options.shard,
        input_shard: opts.shard_of_input,
    };
    if sweep.rows() == 0 {
        return Err(sweep_error(SweepError::EmptyShard { shard: options.shard, total: sweep.total }));
    }
    let mut engine = CanonicalEngine::<Grundy>::new();
    let mut memo = super::open_memo(opts, family, options, budget, &mut engine)?;
    let mut writer = Writer::open(dir, sweep, command_line(), shard_from.clone()).map_err(store_error)?;
    let say = |line: String| {
        if !opts.quiet {
            eprintln!("{line}");
        }
    };
    let rows = writer.manifest().rows;
    let place = writer.manifest_path().display().to_string();
    if writer.manifest().complete {
        say(format!("{shard_from}: already complete in {place} ({})", arrows_text::count(rows as u64, "row")));
        return Ok(());
    }
    if writer.resumed() > 0 || writer.cut() > 0 {
        let cut = if writer.cut() > 0 {
            format!(", cutting off {} written after it", arrows_text::count(writer.cut(), "byte"))
        } else {
            String::new()
        };
        say(format!(
            "{shard_from}: resuming {place} after {} of {}{cut}",
            arrows_text::thousands(writer.resumed() as u64),
            arrows_text::count(rows as u64, "row")
        ));
    } else {
        say(format!("{shard_from}: {} into {place}", arrows_text::count(rows as u64, "row")));
    }
    let bar = Bar::new("graphs", opts.quiet);
    let control = progress::control(budget, bar.clone());
    let done = writer.done();
    let result = arrows_tables::sweep_into_with(family, options, done, &control, Some(&mut engine), &mut |rows| {
        writer.append(rows)
    })
    .map_err(sweep_error);
    bar.finish();
    if opts.stats {
        super::print_stats(&engine, budget);
    }
    match memo.as_mut() {
        Some(m) => m.finish(&mut engine, result),
        None => result,
    }?;
    say(format!("{shard_from}: complete, {}", arrows_text::count(rows as u64, "row")));
    Ok(())
}

/// The command line as typed, recorded in the manifest (arguments with
/// spaces or quotes are quoted).
pub(crate) fn command_line() -> String {
    let quote = |a: String| {
        if a.is_empty() || a.contains(|c: char| c.is_whitespace() || "'\"$\\|&;<>()*?".contains(c)) {
            format!("'{}'", a.replace('\'', r"'\''"))
        } else {
            a
        }
    };
    std::env::args().map(quote).collect::<Vec<_>>().join(" ")
}

/// Whether a file is a shard manifest (rather than a JSON or CSV table).
pub(super) fn is_manifest(bytes: &[u8]) -> bool {
    let head = &bytes[..bytes.len().min(200)];
    let needle = format!("\"{}\"", store::FORMAT_NAME);
    head.windows(needle.len()).any(|w| w == needle.as_bytes())
}

/// A shard on disk that cannot be written, resumed or read, as advice.
pub(crate) fn store_error(e: StoreError) -> CliError {
    let advice = match &e {
        StoreError::Io { source, .. } => {
            use std::io::ErrorKind::*;
            return match source.kind() {
                NotFound | PermissionDenied | IsADirectory | NotADirectory | ReadOnlyFilesystem => {
                    CliError::usage(format!("{e}; check the path"))
                }
                _ => CliError::failure(e.to_string()),
            }
            .caused_by(e);
        }
        StoreError::Manifest { .. } => "remove the shard's files to compute it again".to_string(),
        StoreError::OtherSweep { .. } | StoreError::OtherSearch { .. } => {
            "give --out another directory, or remove that shard's files to start over".to_string()
        }
        StoreError::NoSearch { .. } => "give the directories that --engine search --out wrote".to_string(),
        StoreError::OtherVersion { found, .. } => {
            format!("finish or merge it with arrows {found}, or remove the shard's files to compute it again")
        }
        StoreError::Corrupt { .. } => "remove the shard's two files and run the shard again".to_string(),
        StoreError::Busy { .. } => {
            "wait for it to finish (or stop it), or give this run another --shard or --out".to_string()
        }
        StoreError::Orphan { .. } => "remove it, or put its manifest back, and run the shard again".to_string(),
        StoreError::Empty { .. } => "give the directory written with --out, or the shards' JSON files".to_string(),
    };
    CliError::usage(format!("{e}; {advice}")).caused_by(e)
}
