//! A shard on disk: its rows appended as they are computed, and a manifest
//! that records the sweep and the progress, so that an interrupted shard
//! resumes where it stopped and the shards of a sweep merge only when
//! every one is there, complete and unchanged.
//!
//! A shard `res/mod` of a sweep lives in a directory as two files, named
//! after the shard so that the shards of one sweep (the tasks of a Slurm
//! array) can share the directory:
//!
//! * `shard-R-of-M.rows`: one line per row, in table order, each `position
//!   key grundy` and `\n` (the key is the row's numbers comma separated, or
//!   its graph6 string): the row lines of [`crate::checksum`]'s canonical
//!   text. Rows are appended after each batch of the sweep and flushed.
//! * `shard-R-of-M.json`: the [`Manifest`], replaced atomically (written to
//!   `shard-R-of-M.json.tmp`, then renamed) after each batch: the command
//!   line, the family, the rule set, the shard and why it was chosen, the
//!   rows of the full table and of the shard, the rows done, the SHA-256 of
//!   the first `rows_done` lines of the rows file, the arrows version, and
//!   whether the shard is complete.
//!
//! When the input itself is one part of a split (`nauty-geng n r/m | arrows
//! table graphs -`), the manifest records that part too (`input_shard`),
//! and the names start with it: `input-R-of-M.shard-R-of-M.json`.
//!
//! Run again, a shard resumes ([`Writer::open`]): the first `rows_done`
//! lines must match the manifest's checksum (otherwise the shard is
//! refused, never used), anything after them (a torn line, rows written
//! after the last manifest) is cut off, and the sweep goes on after them.
//! A manifest of another sweep in the same place is refused. [`read`] and
//! [`merge`] check every manifest before joining the shards.

mod merge;
mod read;
mod write;

pub use merge::{Part, merge};
pub use read::{Stored, list, read};
pub use write::Writer;

use crate::checksum::Checksum;
use crate::family::{Key, Spec};
use crate::shard::Shard;
use crate::table::{KeyKind, Row, kind_of_columns};
use arrows_core::{Play, Variant};
use std::path::{Path, PathBuf};

/// The value of a manifest's `format` field.
pub const FORMAT_NAME: &str = "arrows-shard";

/// The layout of the files this version writes.
pub const LAYOUT: u32 = 1;

/// The version of arrows that writes the shards.
pub const VERSION: &str = env!("CARGO_PKG_VERSION");

/// Which sweep a shard is part of, and which part: what a resumed run and
/// a merge compare.
#[derive(Debug, Clone, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub struct Sweep {
    /// The family swept.
    pub family: Spec,
    /// The rule set.
    pub variant: Variant,
    /// Normal or misère play (absent, normal, in manifests written before
    /// misère tables existed).
    #[serde(default, skip_serializing_if = "is_normal")]
    pub play: Play,
    /// The engine that computes the values (absent, canonical, in
    /// manifests written before tables recorded it).
    #[serde(default = "canonical", skip_serializing_if = "is_canonical")]
    pub engine: arrows_solve::Engine,
    /// The key columns (`grundy` follows them).
    pub columns: Vec<String>,
    /// The rows of the full table.
    pub total: usize,
    /// Which rows this shard computes.
    pub shard: Shard,
    /// When the input graphs are one part of a split input (a nauty
    /// `res/mod`), which part.
    pub input_shard: Option<Shard>,
}

/// `true` for normal play (left out of a manifest, as before misère tables).
fn is_normal(play: &Play) -> bool {
    *play == Play::Normal
}

/// The engine of manifests that do not name one.
fn canonical() -> arrows_solve::Engine {
    arrows_solve::Engine::Canonical
}

/// `true` for the canonical engine (left out of a manifest).
fn is_canonical(e: &arrows_solve::Engine) -> bool {
    *e == arrows_solve::Engine::Canonical
}

impl Sweep {
    /// The rows this shard owns.
    pub fn rows(&self) -> usize {
        self.shard.share(self.total)
    }

    /// The sweep in words: family, rule set, input part.
    pub fn describe(&self) -> String {
        let input = self.input_shard.map_or_else(String::new, |s| format!(", input part {s}"));
        let play = if self.play == Play::Misere { ", misère play" } else { "" };
        format!("{}, {}{play}{input}", self.family.describe(), self.variant.title())
    }
}

/// The manifest of a shard on disk (`shard-R-of-M.json`).
#[derive(Debug, Clone, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub struct Manifest {
    /// Always [`FORMAT_NAME`].
    pub format: String,
    /// The layout of the files, [`LAYOUT`].
    pub layout: u32,
    /// The version of arrows that wrote the shard.
    pub arrows: String,
    /// The command line that computes the shard.
    pub command: String,
    /// Why this shard was computed (`--shard 3/8`, or the Slurm variables).
    pub shard_from: String,
    /// The sweep and the part of it.
    #[serde(flatten)]
    pub sweep: Sweep,
    /// The rows the shard owns.
    pub rows: usize,
    /// The rows written so far, the first lines of the rows file.
    pub rows_done: usize,
    /// The SHA-256 of those lines.
    pub rows_checksum: Checksum,
    /// Whether every row of the shard is written.
    pub complete: bool,
}

/// The file names of a shard in its directory, without the extension.
pub fn stem(shard: Shard, input_shard: Option<Shard>) -> String {
    let part = format!("shard-{}-of-{}", shard.residue, shard.modulus);
    match input_shard {
        None => part,
        Some(i) => format!("input-{}-of-{}.{part}", i.residue, i.modulus),
    }
}

/// The manifest's path for a shard in `dir`.
pub fn manifest_path(dir: &Path, shard: Shard, input_shard: Option<Shard>) -> PathBuf {
    dir.join(format!("{}.json", stem(shard, input_shard)))
}

/// The rows file beside a manifest.
pub fn rows_path(manifest: &Path) -> PathBuf {
    manifest.with_extension("rows")
}

/// The lock file beside a manifest: held (an advisory lock of the
/// operating system) by the one process writing the shard, and let go when
/// that process ends, however it ends, so a killed shard resumes freely.
pub fn lock_path(manifest: &Path) -> PathBuf {
    manifest.with_extension("lock")
}

/// Why a shard on disk cannot be written, resumed or read.
#[derive(Debug, thiserror::Error)]
pub enum StoreError {
    /// A file could not be read or written.
    #[error("{}: {source}", .path.display())]
    Io {
        /// The file.
        path: PathBuf,
        /// The system's reason.
        source: std::io::Error,
    },
    /// The manifest is not one arrows wrote, or is malformed.
    #[error("{}: not a shard manifest: {problem}", .path.display())]
    Manifest {
        /// The manifest.
        path: PathBuf,
        /// What is wrong.
        problem: String,
    },
    /// The manifest in the shard's place is of another sweep.
    #[error("{} holds a shard of another sweep ({found}), not of {expected}", .path.display())]
    OtherSweep {
        /// The manifest.
        path: PathBuf,
        /// Its sweep, described.
        found: String,
        /// The sweep asked for, described.
        expected: String,
    },
    /// The search shard in the shard's place is of another search.
    #[error("{} holds a shard of another search ({found}), not of {expected}", .path.display())]
    OtherSearch {
        /// The manifest.
        path: PathBuf,
        /// Its search, described.
        found: String,
        /// The search asked for, described.
        expected: String,
    },
    /// A directory holds no search shard.
    #[error("{} holds no search shard (search-R-of-M.json)", .path.display())]
    NoSearch {
        /// The directory.
        path: PathBuf,
    },
    /// The shard was written by another version of arrows.
    #[error("{} was written by arrows {found}, and this is arrows {expected}", .path.display())]
    OtherVersion {
        /// The manifest.
        path: PathBuf,
        /// The version that wrote it.
        found: String,
        /// This version.
        expected: String,
    },
    /// The rows file does not hold the rows the manifest records.
    #[error("{}: {problem}", .path.display())]
    Corrupt {
        /// The rows file.
        path: PathBuf,
        /// What does not match.
        problem: String,
    },
    /// Another process is writing the same shard.
    #[error("another process is writing this shard: {} is locked", .path.display())]
    Busy {
        /// The lock file.
        path: PathBuf,
    },
    /// A rows file without its manifest.
    #[error("{} has no manifest beside it, so its rows cannot be checked", .path.display())]
    Orphan {
        /// The rows file.
        path: PathBuf,
    },
    /// A directory holds no shard.
    #[error("{} holds no shard manifest (shard-R-of-M.json)", .path.display())]
    Empty {
        /// The directory.
        path: PathBuf,
    },
}

impl StoreError {
    fn io(path: &Path) -> impl FnOnce(std::io::Error) -> StoreError + '_ {
        move |source| StoreError::Io { path: path.to_path_buf(), source }
    }
}

/// Writes `value` as pretty JSON, ended by a line break, to a temporary
/// file beside `path`, flushed to disk, then renamed over `path`: a reader
/// (or a run after a kill) sees the old file or the whole new one.
pub(crate) fn save_json(path: &Path, value: &impl serde::Serialize) -> Result<(), StoreError> {
    use std::io::Write;
    let tmp = path.with_extension("json.tmp");
    let mut text = serde_json::to_string_pretty(value).expect("a manifest serializes");
    text.push('\n');
    let write = || -> std::io::Result<()> {
        let mut f = std::fs::File::create(&tmp)?;
        f.write_all(text.as_bytes())?;
        f.sync_data()?;
        std::fs::rename(&tmp, path)
    };
    write().map_err(StoreError::io(path))
}

/// The line of a row in the rows file, `\n` included.
fn row_line(row: &Row) -> String {
    format!("{} {} {}\n", row.position, row.key, row.grundy)
}

/// Reads a row line (without its `\n`) of a table with these key columns.
fn parse_row(line: &str, kind: KeyKind) -> Option<Row> {
    let mut fields = line.split(' ');
    let (position, key, grundy) = (fields.next()?, fields.next()?, fields.next()?);
    if fields.next().is_some() {
        return None;
    }
    let numbers = || -> Option<Vec<usize>> {
        if key.is_empty() { Some(Vec::new()) } else { key.split(',').map(|x| x.parse().ok()).collect() }
    };
    let key = match kind {
        KeyKind::Numbers => Key::Numbers(numbers()?),
        KeyKind::List => Key::List(numbers()?),
        KeyKind::Graph6 if !key.is_empty() => Key::Graph6(key.to_string()),
        KeyKind::Graph6 => return None,
    };
    Some(Row { position: position.parse().ok()?, key, grundy: grundy.parse().ok()? })
}

/// The kind of keys of a sweep's rows.
fn key_kind(sweep: &Sweep) -> KeyKind {
    kind_of_columns(&sweep.columns)
}
