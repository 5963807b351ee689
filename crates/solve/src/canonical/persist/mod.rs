//! The canonical engine's memo on disk: classes solved by one run, loaded
//! by the next.
//!
//! [`CanonicalEngine::save`] writes every class the engine has solved to a
//! file; [`CanonicalEngine::load`] reads them back into an engine, which
//! then answers them from its memo instead of solving them again. A second
//! sweep of a family, a larger family, or another shard of a sweep starts
//! where the first one stopped.
//!
//! # What is kept
//!
//! Every memo of the engine whose keys are canonical, that is, depend on
//! the class alone (not on the numbering of a graph, on the order classes
//! were met, on a hash seed, or on the machine):
//!
//! * the spider rows ([`super::rows`]): keyed by the normal form of a
//!   spider's rest, each entry by its leg's length and end label;
//! * the general classes: the byte strings of [`super::canon`] (AHU codes
//!   of trees, individualization-refinement codes of graphs with cycles),
//!   of [`super::cycle`] and of [`super::cells::key`] (components with
//!   live cells), each tagged by its kind, big-endian where wider than a
//!   byte;
//! * the small trees ([`super::small`]): their `u128` codes, four bits a
//!   vertex.
//!
//! Left out: the scratch buffers (nothing is solved there), the counters of
//! [`CanonicalEngine::stats`] (they count this run's work) and the
//! engine's switches (closed forms, orbit pruning), which change the work
//! and never a value. Every class stored is exact: a class enters the memo
//! only once all its followers are valued, so the memo of a run stopped
//! half-way (Ctrl-C, a time limit, the memory budget) holds exact classes
//! only, and may be saved.
//!
//! # The rule set
//!
//! A file records the rule set its classes were solved under
//! ([`RuleSet`]: the variant, the play and the measure) and is read only
//! under the same one. The measure decides the values (a Grundy value and
//! the parities of terminal descendants are different quantities). A
//! class's value is fixed by its labelled graph (and live cells) alone, so
//! the classes met in the Game of Arrows and in its trimmed form would
//! agree; a file still answers for the rule set it was made under, so that
//! a memo stays the record of one sweep's rules and a file given to the
//! wrong command is caught rather than trusted.
//!
//! # The format (version 1)
//!
//! A header of [`HEADER_LEN`] bytes, integers little-endian:
//!
//! | bytes   | field |
//! |---------|-------|
//! | 0..16   | magic: `\x89arrows memo\r\n\x1a\n` |
//! | 16..20  | format version (`u32`, 1) |
//! | 20..24  | rule set: variant (0 trimmed, 1 untrimmed, 2 cycles), play (0 normal, 1 misère), measure (0 Grundy values, 1 parities), a zero byte |
//! | 24..32  | the engine's fingerprint (see below) |
//! | 32..72  | counts: spider rows, spider row entries, general classes, small trees of at most 16 vertices, larger small trees (`u64` each) |
//! | 72..80  | the bytes the classes take in the memo once loaded, as the budget counts them |
//! | 80..88  | the length of the body |
//! | 88..96  | the body's checksum (XXH3, 64 bits) |
//! | 96..104 | the checksum of bytes 0..96 (XXH3, 64 bits) |
//!
//! The body follows, in four sections whose lengths the counts give; every
//! number is an unsigned LEB128 varint, and every section is sorted, so
//! the same memo always gives the same bytes:
//!
//! 1. spider rows by key: the key (0 and the packed `u128` of a rest with
//!    at most three legs, or 1, the number of words and the words), then
//!    for each of the four end labels the number of cells up to the last
//!    filled one and the cells (0 for an empty cell, else the value's code
//!    plus one);
//! 2. general classes by key: the length of the prefix shared with the
//!    previous key, the length of the rest, the rest's bytes, the value;
//! 3. small trees with keys of at most 64 bits: the first key, then each
//!    key's difference from the previous one, each with its value;
//! 4. the other small trees, likewise.
//!
//! A value's code is the Grundy value itself, or `even | odd << 1` for
//! parities ([`Persisted`]).
//!
//! The **fingerprint** is a hash of the memo a fresh engine builds on a
//! fixed set of small components (trees, spiders, a cycle, a graph with
//! cycles, a wheel with its cells), together with the keys of a few larger
//! ones: it changes whenever the keys or the values of the engine change,
//! so a file written by an engine that keys or values classes otherwise is
//! refused even if the format version was not raised.
//!
//! # Refusals
//!
//! A file is used whole or not at all: another format version, another
//! rule set, another fingerprint, a truncated or corrupted file (a header
//! or body checksum that does not match, or contents that do not parse),
//! or classes past the memory budget give a [`MemoFileError`] naming the
//! file and what is wrong, and leave the engine as it was.
//!
//! # Saving
//!
//! [`CanonicalEngine::save`] writes to a temporary file in the same
//! directory, syncs it to disk, and renames it over the memo file (then
//! syncs the directory): the file at the path is always either the old
//! one or the complete new one, whenever the process stops. A path that
//! is a symbolic link is followed: its target is replaced, the link kept.
//! The temporary file is locked while it is written, so that the next
//! run can tell one left by a killed save (unlocked) from one being
//! written (locked), and remove it ([`remove_leftovers`]).

mod body;
mod fingerprint;
mod header;

use super::engine::CanonicalEngine;
use super::measure::{Grundy, Measure, Parity};
use crate::brute::Parities;
use arrows_core::{Play, Variant};
use arrows_text::bytes;
use arrows_work::Budget;
use std::fmt;
use std::fs::File;
use std::io::{self, BufReader, BufWriter, Read, Seek, SeekFrom, Write};
use std::path::{Path, PathBuf};

pub use fingerprint::fingerprint;
pub use header::{HEADER_LEN, MAGIC, VERSION};

/// What the values in a memo file are: the measure of the engine.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum MeasureId {
    /// Grundy values ([`Grundy`]).
    Grundy,
    /// Parities of the move counts to terminal descendants ([`Parity`]).
    Parity,
}

impl MeasureId {
    /// The measure in words.
    pub fn title(self) -> &'static str {
        match self {
            MeasureId::Grundy => "Grundy values",
            MeasureId::Parity => "parities of terminal descendants",
        }
    }
}

/// A measure whose values a memo file can hold: its name in the header,
/// and each value as a number.
pub trait Persisted: Measure {
    /// The measure's name in the header.
    const MEASURE: MeasureId;
    /// A value as a number.
    fn encode(v: Self::Value) -> u64;
    /// The value of a number, `None` when no value has that code.
    fn decode(code: u64) -> Option<Self::Value>;
}

impl Persisted for Grundy {
    const MEASURE: MeasureId = MeasureId::Grundy;

    fn encode(v: u32) -> u64 {
        v as u64
    }

    fn decode(code: u64) -> Option<u32> {
        // A row stores a value as `v + 1` in a `u32`: `u32::MAX` is no value.
        (code < u32::MAX as u64).then_some(code as u32)
    }
}

impl Persisted for Parity {
    const MEASURE: MeasureId = MeasureId::Parity;

    fn encode(v: Parities) -> u64 {
        u64::from(v.even) | u64::from(v.odd) << 1
    }

    fn decode(code: u64) -> Option<Parities> {
        (code < 4).then_some(Parities { even: code & 1 != 0, odd: code & 2 != 0 })
    }
}

/// The rules a memo file's classes were solved under.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct RuleSet {
    /// The game.
    pub variant: Variant,
    /// Normal or misère play.
    pub play: Play,
    /// What the values are.
    pub measure: MeasureId,
}

impl RuleSet {
    /// The rule set of an engine of measure `M` playing `variant` under `play`.
    pub fn of<M: Persisted>(variant: Variant, play: Play) -> RuleSet {
        RuleSet { variant, play, measure: M::MEASURE }
    }
}

impl fmt::Display for RuleSet {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "the {} ({}, {})", self.variant.title(), self.play.title(), self.measure.title())
    }
}

/// What a memo file held or holds.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, serde::Serialize)]
pub struct MemoSummary {
    /// Its entries: spider row entries (a spider class once per view of
    /// it), general classes and small trees.
    pub entries: u64,
    /// The bytes of the file.
    pub file_bytes: u64,
    /// The bytes its classes take in the memo, as the budget counts them.
    pub memo_bytes: u64,
}

/// What is wrong with a file's contents.
#[derive(Debug, Clone, Copy, PartialEq, Eq, thiserror::Error)]
pub enum Corruption {
    /// The header's checksum does not match the header.
    #[error("its header does not match its checksum")]
    Header,
    /// The body's checksum does not match the body.
    #[error("its contents do not match their checksum")]
    Body,
    /// The contents do not parse.
    #[error("{0}")]
    Malformed(&'static str),
    /// Bytes follow the body.
    #[error("{0} bytes follow its contents")]
    Trailing(u64),
}

/// Why a memo file could not be loaded or saved. Every variant names the file.
#[derive(Debug, thiserror::Error)]
#[non_exhaustive]
pub enum MemoFileError {
    /// The file exists but could not be read.
    #[error("cannot read the memo file {}: {source}", path.display())]
    Read {
        /// The file.
        path: PathBuf,
        /// The cause.
        #[source]
        source: io::Error,
    },
    /// The file (or its temporary sibling) could not be written.
    #[error("cannot write the memo file {}: {source}", path.display())]
    Write {
        /// The file.
        path: PathBuf,
        /// The cause.
        #[source]
        source: io::Error,
    },
    /// The file does not start with the magic bytes of a memo file.
    #[error("{} is not a memo file of the canonical engine", path.display())]
    NotAMemo {
        /// The file.
        path: PathBuf,
    },
    /// The file is in another format version.
    #[error("the memo file {} is in format version {found}; this build reads version {supported}", path.display())]
    Version {
        /// The file.
        path: PathBuf,
        /// The file's version.
        found: u32,
        /// The version this build reads and writes.
        supported: u32,
    },
    /// The file holds classes of another rule set.
    #[error("the memo file {} holds classes of {found}, not of {expected}", path.display())]
    OtherRules {
        /// The file.
        path: PathBuf,
        /// The file's rule set.
        found: RuleSet,
        /// The rule set asked for.
        expected: RuleSet,
    },
    /// The file was written by an engine that keys or values classes otherwise.
    #[error(
        "the memo file {} was written by an engine whose class keys or values differ from this one's \
         (fingerprint {found:016x}, this engine's {expected:016x})",
        path.display()
    )]
    OtherEngine {
        /// The file.
        path: PathBuf,
        /// The file's fingerprint.
        found: u64,
        /// This engine's fingerprint.
        expected: u64,
    },
    /// The file is shorter than its header says.
    #[error("the memo file {} is truncated: {found} bytes where a complete one has {expected}", path.display())]
    Truncated {
        /// The file.
        path: PathBuf,
        /// Its length.
        found: u64,
        /// The length it should have (at least a header when the header is cut).
        expected: u64,
    },
    /// The file's contents are damaged.
    #[error("the memo file {} is corrupted: {problem}", path.display())]
    Corrupted {
        /// The file.
        path: PathBuf,
        /// What is wrong.
        problem: Corruption,
    },
    /// The file's classes do not fit the memory budget.
    #[error(
        "the memo file {} holds classes that need about {} of memory, past the budget of {}",
        path.display(), bytes(*needed), bytes(*budget)
    )]
    MemoryBudget {
        /// The file.
        path: PathBuf,
        /// The bytes the engine's memo would hold with the file's classes.
        needed: u64,
        /// The budget.
        budget: u64,
    },
}

impl MemoFileError {
    /// The file the error is about.
    pub fn path(&self) -> &Path {
        match self {
            MemoFileError::Read { path, .. }
            | MemoFileError::Write { path, .. }
            | MemoFileError::NotAMemo { path }
            | MemoFileError::Version { path, .. }
            | MemoFileError::OtherRules { path, .. }
            | MemoFileError::OtherEngine { path, .. }
            | MemoFileError::Truncated { path, .. }
            | MemoFileError::Corrupted { path, .. }
            | MemoFileError::MemoryBudget { path, .. } => path,
        }
    }
}

/// What went wrong reading a file, before the path is attached.
#[derive(Debug)]
pub(super) enum Fault {
    Io(io::Error),
    NotAMemo,
    Version(u32),
    OtherRules(RuleSet),
    OtherEngine(u64),
    Truncated { found: u64, expected: u64 },
    Corrupted(Corruption),
    Budget(u64),
}

impl Fault {
    fn at(self, path: &Path, expected: RuleSet, fingerprint: u64, budget: u64) -> MemoFileError {
        let path = path.to_path_buf();
        match self {
            Fault::Io(source) => MemoFileError::Read { path, source },
            Fault::NotAMemo => MemoFileError::NotAMemo { path },
            Fault::Version(found) => MemoFileError::Version { path, found, supported: VERSION },
            Fault::OtherRules(found) => MemoFileError::OtherRules { path, found, expected },
            Fault::OtherEngine(found) => MemoFileError::OtherEngine { path, found, expected: fingerprint },
            Fault::Truncated { found, expected } => MemoFileError::Truncated { path, found, expected },
            Fault::Corrupted(problem) => MemoFileError::Corrupted { path, problem },
            Fault::Budget(needed) => MemoFileError::MemoryBudget { path, needed, budget },
        }
    }
}

impl From<io::Error> for Fault {
    fn from(e: io::Error) -> Fault {
        Fault::Io(e)
    }
}

/// The file a memo path names: the path itself, or where its symbolic
/// links lead (a link is followed, never replaced, so that its target
/// keeps being the memo). A link that leads nowhere yet names the file
/// to create.
pub fn resolved(path: &Path) -> PathBuf {
    let mut at = path.to_path_buf();
    // As many links as the system itself follows before giving up.
    for _ in 0..40 {
        match std::fs::symlink_metadata(&at) {
            Ok(m) if m.file_type().is_symlink() => match std::fs::read_link(&at) {
                Ok(to) => at = at.parent().map_or_else(|| to.clone(), |dir| dir.join(&to)),
                Err(_) => break,
            },
            _ => break,
        }
    }
    at
}

/// The random part of a temporary file's name.
const RANDOM_CHARS: usize = 6;

/// How long a temporary file lies unlocked before it counts as left over
/// (it is locked at once by the run that made it; this covers the instant
/// between making and locking).
const LEFT_FOR: std::time::Duration = std::time::Duration::from_secs(10);

/// A new temporary file beside the memo file at `path` (already
/// [`resolved`]), named after it, hidden, ending in `.tmp`, and locked
/// (an advisory lock of the operating system, let go however the process
/// ends); and the directory both are in.
fn temporary(path: &Path) -> io::Result<(tempfile::NamedTempFile, &Path)> {
    let dir = directory(path);
    let prefix = format!(".{}.", file_name(path));
    let mut builder = tempfile::Builder::new();
    builder.prefix(&prefix).suffix(".tmp").rand_bytes(RANDOM_CHARS);
    #[cfg(unix)]
    {
        use std::os::unix::fs::PermissionsExt;
        // As a file created afresh: read and write for all, less the umask.
        builder.permissions(std::fs::Permissions::from_mode(0o666));
    }
    let tmp = builder.tempfile_in(dir)?;
    tmp.as_file().try_lock().map_err(io::Error::from)?;
    Ok((tmp, dir))
}

fn directory(path: &Path) -> &Path {
    match path.parent() {
        Some(d) if !d.as_os_str().is_empty() => d,
        _ => Path::new("."),
    }
}

fn file_name(path: &Path) -> String {
    path.file_name().map_or_else(|| "memo".into(), |n| n.to_string_lossy().into_owned())
}

/// Removes the temporary files a save of the memo at `path` (already
/// [`resolved`]) left when its process was killed: named as
/// `temporary` names them, older than a few seconds, and locked by no
/// process (a save in progress, in this process or another, holds its
/// lock). Returns how many were removed; a file that cannot be looked at
/// is left alone.
pub fn remove_leftovers(path: &Path) -> usize {
    let dir = directory(path);
    let prefix = format!(".{}.", file_name(path));
    let Ok(entries) = std::fs::read_dir(dir) else { return 0 };
    let mut removed = 0;
    for entry in entries.flatten() {
        let name = entry.file_name();
        let Some(name) = name.to_str() else { continue };
        let random = name.strip_prefix(&prefix).and_then(|rest| rest.strip_suffix(".tmp"));
        if !random.is_some_and(|r| r.len() == RANDOM_CHARS && r.bytes().all(|b| b.is_ascii_alphanumeric())) {
            continue;
        }
        let Ok(meta) = entry.path().symlink_metadata() else { continue };
        let old = meta.modified().ok().and_then(|m| m.elapsed().ok()).is_some_and(|age| age >= LEFT_FOR);
        if !meta.is_file() || !old {
            continue;
        }
        let Ok(file) = File::options().write(true).open(entry.path()) else { continue };
        if file.try_lock().is_ok() && std::fs::remove_file(entry.path()).is_ok() {
            removed += 1;
        }
    }
    removed
}

/// Checks, before any work, that a memo file can be saved at `path`: a
/// temporary file is made beside the file it names, as
/// [`CanonicalEngine::save`] makes one, and removed; the temporary files
/// of saves killed midway are removed too ([`remove_leftovers`]).
pub fn check_writable(path: &Path) -> Result<(), MemoFileError> {
    let failed = |source: io::Error| MemoFileError::Write { path: path.to_path_buf(), source };
    let target = resolved(path);
    remove_leftovers(&target);
    let (tmp, _) = temporary(&target).map_err(failed)?;
    tmp.close().map_err(failed)
}

impl<M: Persisted> CanonicalEngine<M> {
    /// Writes every class of the memo to `path` under `rules`, atomically:
    /// to a temporary file beside it, synced, then renamed over it. The
    /// file at `path` is at every moment the old one or the new one.
    pub fn save(&self, path: &Path, rules: RuleSet) -> Result<MemoSummary, MemoFileError> {
        let failed = |source: io::Error| MemoFileError::Write { path: path.to_path_buf(), source };
        // A symbolic link keeps leading to the memo: its target is replaced.
        let target = resolved(path);
        let (mut tmp, dir) = temporary(&target).map_err(failed)?;
        let summary = self.write_to(tmp.as_file_mut(), rules).map_err(failed)?;
        tmp.as_file().sync_all().map_err(failed)?;
        tmp.persist(&target).map_err(|e| failed(e.error))?;
        // The rename is durable once the directory is synced (where a
        // directory can be opened to be synced).
        #[cfg(unix)]
        if let Ok(d) = File::open(dir) {
            d.sync_all().map_err(failed)?;
        }
        Ok(summary)
    }

    /// Writes the memo file (header and body) to `file` from its start.
    fn write_to(&self, file: &mut File, rules: RuleSet) -> io::Result<MemoSummary> {
        let mut out = BufWriter::with_capacity(1 << 20, &mut *file);
        out.write_all(&[0; HEADER_LEN])?;
        let written = body::write(self, &mut out)?;
        out.flush()?;
        drop(out);
        let header = header::Header {
            version: VERSION,
            rules,
            fingerprint: fingerprint::<M>(),
            counts: written.counts,
            body_len: written.len,
            body_hash: written.hash,
        };
        file.seek(SeekFrom::Start(0))?;
        file.write_all(&header.encode())?;
        Ok(MemoSummary {
            entries: written.counts.entries(),
            file_bytes: HEADER_LEN as u64 + written.len,
            memo_bytes: written.counts.memo_bytes,
        })
    }

    /// Reads the memo file at `path` into this engine's memo (joined with
    /// what it holds, as [`CanonicalEngine::merge`] joins). `Ok(None)` when
    /// no file is at `path` (a first run). Refused with the file's name and
    /// what is wrong, leaving the engine as it was: a file of another
    /// format version, rule set or engine, a truncated or corrupted file,
    /// or one whose classes, with the memo's own, need more than `budget`.
    pub fn load(&mut self, path: &Path, rules: RuleSet, budget: Budget) -> Result<Option<MemoSummary>, MemoFileError> {
        let fingerprint = fingerprint::<M>();
        let refused = |f: Fault| f.at(path, rules, fingerprint, budget.get());
        let file = match File::open(path) {
            Ok(f) => f,
            Err(e) if e.kind() == io::ErrorKind::NotFound => return Ok(None),
            Err(e) => return Err(refused(Fault::Io(e))),
        };
        let len = file.metadata().map_err(|e| refused(Fault::Io(e)))?.len();
        let mut input = BufReader::with_capacity(1 << 20, file);
        let mut head = Vec::with_capacity(HEADER_LEN);
        (&mut input).take(HEADER_LEN as u64).read_to_end(&mut head).map_err(|e| refused(Fault::Io(e)))?;
        let header = header::Header::decode(&head).map_err(refused)?;
        if header.rules != rules {
            return Err(refused(Fault::OtherRules(header.rules)));
        }
        if header.fingerprint != fingerprint {
            return Err(refused(Fault::OtherEngine(header.fingerprint)));
        }
        let expected = HEADER_LEN as u64 + header.body_len;
        if len < expected {
            return Err(refused(Fault::Truncated { found: len, expected }));
        }
        if len > expected {
            return Err(refused(Fault::Corrupted(Corruption::Trailing(len - expected))));
        }
        let needed = self.memo.bytes().saturating_add(header.counts.memo_bytes);
        if needed > budget.get() {
            return Err(refused(Fault::Budget(needed)));
        }
        let mut fresh = CanonicalEngine::<M>::new();
        body::read(&mut fresh, &mut input, &header, self.memo.bytes(), budget.get()).map_err(refused)?;
        let summary =
            MemoSummary { entries: header.counts.entries(), file_bytes: len, memo_bytes: header.counts.memo_bytes };
        if self.memo_len() == 0 {
            self.memo.take_from(&fresh.memo);
        } else {
            self.merge(&fresh);
        }
        Ok(Some(summary))
    }
}

#[cfg(test)]
mod tests;
