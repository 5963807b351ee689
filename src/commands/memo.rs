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
use std::time::{Duration, Instant, SystemTime};

/// A memo file in use: where it is, its rule set, and what was read from it.
pub struct Memo {
    path: PathBuf,
    rules: RuleSet,
    budget: Budget,
    loaded: Option<MemoSummary>,
    took: Duration,
    /// The file as it was read (`None`: there was none), to tell whether
    /// another run has replaced it since.
    seen: Option<Stamp>,
    /// The engine's entries once the file was read (a merge adds only
    /// entries it lacks, so an equal count means nothing new).
    entries: usize,
    /// What another run had saved meanwhile, joined before saving.
    joined: Option<MemoSummary>,
    saved: Option<MemoSummary>,
}

/// A file's length and modification time.
type Stamp = (u64, Option<SystemTime>);

fn stamp(path: &Path) -> Option<Stamp> {
    std::fs::metadata(path).ok().map(|m| (m.len(), m.modified().ok()))
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
        // A FIFO would block the read for ever, a device feed it without end.
        crate::commands::checked::file_or_nothing(path, "--memo")?;
        check_writable(path).map_err(advice)?;
        crate::commands::checked::writable_file(path, "--memo")?;
        let rules = RuleSet::of::<Grundy>(variant, play);
        let start = Instant::now();
        let seen = stamp(path);
        let loaded = engine.load(path, rules, budget).map_err(advice)?;
        Ok(Memo {
            path: path.to_path_buf(),
            rules,
            budget,
            loaded,
            took: start.elapsed(),
            seen,
            entries: engine.memo_len(),
            joined: None,
            saved: None,
        })
    }

    /// Writes the engine's classes back (unless the file holds them all
    /// already), and returns `result`. An interrupted or refused run saves
    /// too: every class it stored is exact. When another run (a shard
    /// running at the same time) has saved the file since it was read, its
    /// classes are joined first, so the file gathers both; a file that
    /// cannot be joined is replaced, with a warning. When the run failed
    /// and the save fails too, the run's error is returned and the save's
    /// printed as a warning.
    pub fn finish<T>(&mut self, engine: &mut CanonicalEngine<Grundy>, result: CliResult<T>) -> CliResult<T> {
        if self.loaded.is_some() && engine.memo_len() == self.entries {
            return result;
        }
        if stamp(&self.path).is_some_and(|now| Some(now) != self.seen) {
            match engine.load(&self.path, self.rules, self.budget) {
                Ok(joined) => self.joined = joined,
                Err(e) => eprintln!("warning: {}; it is replaced by this run's classes", advice(e).message),
            }
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
        let written = match &self.joined {
            Some(j) => format!("{written}, with the {} another run saved meanwhile", count(j.entries, "entry|entries")),
            None => written,
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

#[cfg(test)]
mod tests {
    use super::*;
    use arrows_core::{Decoration, Position, families};
    use arrows_work::Control;

    fn solve(engine: &mut CanonicalEngine<Grundy>, legs: &[usize]) -> u32 {
        let g = families::spider(legs).unwrap();
        let empty = Decoration::empty(g.edge_count());
        engine.state_value(Position::trimmed(&g, &empty), &Control::new(Budget::bytes(1 << 32))).unwrap()
    }

    #[test]
    fn classes_another_run_saved_meanwhile_are_joined() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("shared.memo");
        let rules = RuleSet::of::<Grundy>(Variant::Trimmed, Play::Normal);
        let mut first = CanonicalEngine::new();
        solve(&mut first, &[10, 11, 12]);
        first.save(&path, rules).unwrap();
        // This run reads the file ...
        let mut engine = CanonicalEngine::new();
        let budget = Budget::bytes(1 << 32);
        let mut memo = Memo::open(&path, Variant::Trimmed, Play::Normal, budget, &mut engine).unwrap();
        // ... another one replaces it meanwhile (a later modification time) ...
        std::thread::sleep(Duration::from_millis(20));
        let mut other = CanonicalEngine::new();
        solve(&mut other, &[3, 3, 3, 3]);
        other.save(&path, rules).unwrap();
        // ... and this run's save keeps both.
        let values = [solve(&mut engine, &[5, 6, 7])];
        memo.finish(&mut engine, Ok(())).unwrap();
        assert!(memo.joined.is_some());
        let mut all = CanonicalEngine::new();
        all.load(&path, rules, budget).unwrap();
        let want =
            [solve(&mut CanonicalEngine::new(), &[3, 3, 3, 3]), solve(&mut CanonicalEngine::new(), &[10, 11, 12])];
        assert_eq!([solve(&mut all, &[3, 3, 3, 3]), solve(&mut all, &[10, 11, 12])], want);
        assert_eq!([solve(&mut all, &[5, 6, 7])], values);
        assert_eq!(all.stats().spiders + all.stats().general, 0, "every class from the file");
    }
}
