//! Writing a shard on disk, and resuming one.

use super::{FORMAT_NAME, LAYOUT, Manifest, StoreError, Sweep, VERSION, manifest_path, row_line, rows_path};
use crate::checksum::Running;
use crate::table::Row;
use std::fs::{File, OpenOptions};
use std::io::Write;
use std::path::{Path, PathBuf};

/// A shard being written: [`Writer::append`] adds a batch of rows and
/// records the progress in the manifest.
#[derive(Debug)]
pub struct Writer {
    manifest: Manifest,
    manifest_path: PathBuf,
    rows_path: PathBuf,
    rows: File,
    hash: Running,
    resumed: usize,
    cut: u64,
    /// The shard's lock, held while the writer lives.
    _lock: File,
}

/// Takes the shard's lock ([`super::lock_path`]), or refuses when another
/// process holds it.
fn lock(manifest_path: &Path) -> Result<File, StoreError> {
    let path = super::lock_path(manifest_path);
    let file =
        OpenOptions::new().create(true).truncate(false).write(true).open(&path).map_err(StoreError::io(&path))?;
    match file.try_lock() {
        Ok(()) => Ok(file),
        Err(std::fs::TryLockError::WouldBlock) => Err(StoreError::Busy { path }),
        Err(std::fs::TryLockError::Error(e)) => Err(StoreError::io(&path)(e)),
    }
}

impl Writer {
    /// Opens the shard of `sweep` in `dir` (which must exist): a new shard
    /// when there is none, else the one there, resumed after its rows
    /// done. `command` and `shard_from` are recorded in the manifest.
    ///
    /// Refuses a manifest of another sweep or of another version of
    /// arrows, a rows file whose first `rows_done` lines do not match the
    /// manifest's checksum, and a rows file without a manifest.
    pub fn open(dir: &Path, sweep: Sweep, command: String, shard_from: String) -> Result<Writer, StoreError> {
        let manifest_path = manifest_path(dir, sweep.shard, sweep.input_shard);
        let rows_path = rows_path(&manifest_path);
        let lock = lock(&manifest_path)?;
        let fresh = Manifest {
            format: FORMAT_NAME.into(),
            layout: LAYOUT,
            arrows: VERSION.into(),
            command,
            shard_from,
            rows: sweep.rows(),
            sweep,
            rows_done: 0,
            rows_checksum: Running::new().checksum(),
            complete: false,
        };
        if !manifest_path.exists() {
            if rows_path.exists() {
                return Err(StoreError::Orphan { path: rows_path });
            }
            let rows = File::create(&rows_path).map_err(StoreError::io(&rows_path))?;
            let writer = Writer {
                manifest: fresh,
                manifest_path,
                rows_path,
                rows,
                hash: Running::new(),
                resumed: 0,
                cut: 0,
                _lock: lock,
            };
            writer.save()?;
            return Ok(writer);
        }
        let old = super::read::manifest(&manifest_path)?;
        if old.sweep != fresh.sweep {
            let (found, expected) = (old.sweep.describe(), fresh.sweep.describe());
            let (found, expected) = if found == expected {
                (format!("{:?}", old.sweep), format!("{:?}", fresh.sweep))
            } else {
                (found, expected)
            };
            return Err(StoreError::OtherSweep { path: manifest_path, found, expected });
        }
        if old.arrows != VERSION {
            return Err(StoreError::OtherVersion { path: manifest_path, found: old.arrows, expected: VERSION.into() });
        }
        let (hash, length, size) = super::read::checked_prefix(&rows_path, &old)?;
        let rows = OpenOptions::new().write(true).open(&rows_path).map_err(StoreError::io(&rows_path))?;
        rows.set_len(length).map_err(StoreError::io(&rows_path))?;
        let mut rows = rows;
        std::io::Seek::seek(&mut rows, std::io::SeekFrom::End(0)).map_err(StoreError::io(&rows_path))?;
        let manifest = Manifest { command: fresh.command, shard_from: fresh.shard_from, ..old };
        let resumed = manifest.rows_done;
        let writer =
            Writer { manifest, manifest_path, rows_path, rows, hash, resumed, cut: size - length, _lock: lock };
        writer.save()?;
        Ok(writer)
    }

    /// The rows of the shard already written (by a previous run, when resumed).
    pub fn done(&self) -> usize {
        self.manifest.rows_done
    }

    /// The rows a previous run had written, which this one skips.
    pub fn resumed(&self) -> usize {
        self.resumed
    }

    /// The bytes cut off the end of the rows file when resuming (a torn
    /// line, or rows written after the last manifest).
    pub fn cut(&self) -> u64 {
        self.cut
    }

    /// The manifest as last saved.
    pub fn manifest(&self) -> &Manifest {
        &self.manifest
    }

    /// The manifest's path.
    pub fn manifest_path(&self) -> &Path {
        &self.manifest_path
    }

    /// Appends rows (the next ones of the shard, in order), flushes them to
    /// the disk, and replaces the manifest with one that records them.
    pub fn append(&mut self, rows: &[Row]) -> std::io::Result<()> {
        let mut text = String::with_capacity(rows.len() * 24);
        for r in rows {
            text.push_str(&row_line(r));
        }
        self.rows.write_all(text.as_bytes())?;
        self.rows.sync_data()?;
        self.hash.update(text.as_bytes());
        self.manifest.rows_done += rows.len();
        self.manifest.rows_checksum = self.hash.checksum();
        self.manifest.complete = self.manifest.rows_done == self.manifest.rows;
        self.save().map_err(|e| match e {
            StoreError::Io { source, .. } => source,
            other => std::io::Error::other(other.to_string()),
        })
    }

    /// Writes the manifest to a temporary file and renames it over the old one.
    fn save(&self) -> Result<(), StoreError> {
        super::save_json(&self.manifest_path, &self.manifest)
    }

    /// The rows file's path.
    pub fn rows_path(&self) -> &Path {
        &self.rows_path
    }
}
