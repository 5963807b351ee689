//! `--memo FILE`: the canonical engine's classes read from a file before
//! the work and written back after it (the library's
//! [`arrows_solve::canonical::persist`] does both), and its refusals as
//! advice.

use crate::error::{CliError, CliResult};
use arrows_core::{Play, Variant};
use arrows_solve::Engine;
use arrows_solve::canonical::persist::{MemoFileError, check_writable};
use arrows_solve::canonical::{CanonicalEngine, Grundy, MemoSummary, RuleSet};
use arrows_text::{bytes, count};
use arrows_work::Budget;
use std::io::Write;
use std::path::{Path, PathBuf};
use std::time::{Duration, Instant};

/// A memo file in use: where it is, its rule set, and what was read from it.
pub struct Memo {
    path: PathBuf,
    rules: RuleSet,
    loaded: Option<MemoSummary>,
    took: Duration,
    /// The engine's entries once the file was read (a merge adds only
    /// entries it lacks, so an equal count means nothing new).
    entries: usize,
    saved: Option<MemoSummary>,
}

/// Refuses `--memo` where the canonical engine does not compute: `engine`
/// is the engine the command uses, `play` its play.
pub fn check_engine(engine: Engine, play: Play) -> CliResult {
    match (engine, play) {
        (Engine::Canonical, _) => Ok(()),
        (_, Play::Misere) => Err(CliError::usage(format!(
            "--memo keeps the canonical engine's classes, but misère play is computed by the {engine} engine; \
             drop --memo"
        ))),
        _ => Err(CliError::usage(format!(
            "--memo keeps the canonical engine's classes, which the {engine} engine does not use; \
             drop --memo or --engine {engine}"
        ))),
    }
}

impl Memo {
    /// Reads the memo file at `path` (when it exists) into `engine`, for
    /// the rules `variant` and `play`, within `budget`. A path that cannot
    /// hold a file is refused before any work.
    pub fn open(
        path: &Path,
        variant: Variant,
        play: Play,
        budget: Budget,
        engine: &mut CanonicalEngine<Grundy>,
    ) -> CliResult<Memo> {
        if path.is_dir() {
            return Err(CliError::usage(format!("{} is a directory; give --memo a file name", path.display())));
        }
        let parent = path.parent().filter(|p| !p.as_os_str().is_empty());
        if let Some(dir) = parent.filter(|d| !d.is_dir()) {
            return Err(CliError::usage(format!(
                "cannot keep the memo in {}: the folder {} does not exist; create it or give --memo another path",
                path.display(),
                dir.display()
            )));
        }
        check_writable(path).map_err(advice)?;
        let rules = RuleSet::of::<Grundy>(variant, play);
        let start = Instant::now();
        let loaded = engine.load(path, rules, budget).map_err(advice)?;
        Ok(Memo {
            path: path.to_path_buf(),
            rules,
            loaded,
            took: start.elapsed(),
            entries: engine.memo_len(),
            saved: None,
        })
    }

    /// Writes the engine's classes back (unless the file holds them all
    /// already), and returns `result`. An interrupted or refused run saves
    /// too: every class it stored is exact. When the run failed and the
    /// save fails too, the run's error is returned and the save's printed
    /// as a warning.
    pub fn finish<T>(&mut self, engine: &CanonicalEngine<Grundy>, result: CliResult<T>) -> CliResult<T> {
        if self.loaded.is_some() && engine.memo_len() == self.entries {
            return result;
        }
        match (engine.save(&self.path, self.rules), result) {
            (Ok(summary), result) => {
                self.saved = Some(summary);
                result
            }
            (Err(e), Ok(_)) => Err(advice(e)),
            (Err(e), Err(first)) => {
                eprintln!("warning: {}", advice(e).message);
                Err(first)
            }
        }
    }

    /// The memo's line for `--stats`: what was read and what was written.
    pub fn write_stats(&self, out: &mut impl Write) -> std::io::Result<()> {
        let read = match &self.loaded {
            Some(s) => format!(
                "{} read ({}, in {})",
                count(s.entries, "entry|entries"),
                bytes(s.file_bytes),
                arrows_text::duration(self.took)
            ),
            None => "new".to_string(),
        };
        let written = match &self.saved {
            Some(s) => format!("{} written ({})", count(s.entries, "entry|entries"), bytes(s.file_bytes)),
            None => "nothing new to write".to_string(),
        };
        writeln!(out, "memo file      {}: {read}; {written}", self.path.display())
    }
}

/// A memo file refused, as one line of advice with the flags to change.
pub fn advice(e: MemoFileError) -> CliError {
    let replace = "delete it or give another --memo file";
    let message = match &e {
        MemoFileError::Read { .. } => format!("{e}; check its permissions or give another --memo file"),
        MemoFileError::Write { source, .. } => {
            use std::io::ErrorKind::*;
            return match source.kind() {
                NotFound | PermissionDenied | IsADirectory | NotADirectory | ReadOnlyFilesystem => {
                    CliError::usage(format!("{e}; give --memo a path in a folder you can write to"))
                }
                _ => CliError::failure(e.to_string()),
            }
            .caused_by(e);
        }
        MemoFileError::NotAMemo { .. } => format!("{e}; give --memo a new file name (it would be replaced)"),
        MemoFileError::OtherRules { .. } => format!("{e}; give another --memo file for this rule set"),
        MemoFileError::Version { .. }
        | MemoFileError::OtherEngine { .. }
        | MemoFileError::Truncated { .. }
        | MemoFileError::Corrupted { .. } => format!("{e}; {replace}"),
        MemoFileError::MemoryBudget { needed, .. } => {
            format!("{e}; raise --max-memory to more than {}, or give another --memo file", bytes(*needed))
        }
        _ => e.to_string(),
    };
    CliError::usage(message).caused_by(e)
}
