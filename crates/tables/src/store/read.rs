//! Reading a shard on disk, checked against its manifest.

use super::{FORMAT_NAME, LAYOUT, Manifest, StoreError, key_kind, parse_row, rows_path};
use crate::checksum::Running;
use crate::table::Row;
use std::fs::File;
use std::io::{BufRead, BufReader, Read};
use std::path::{Path, PathBuf};

/// A shard read from disk: its manifest and the rows it records as done.
#[derive(Debug, Clone)]
pub struct Stored {
    /// The manifest's path.
    pub path: PathBuf,
    /// The manifest.
    pub manifest: Manifest,
    /// The first `rows_done` rows, checked against the manifest's checksum.
    pub rows: Vec<Row>,
}

/// The manifests of the shards in a directory, sorted by name.
pub fn list(dir: &Path) -> Result<Vec<PathBuf>, StoreError> {
    let mut found = Vec::new();
    for entry in std::fs::read_dir(dir).map_err(StoreError::io(dir))? {
        let path = entry.map_err(StoreError::io(dir))?.path();
        let name = path.file_name().and_then(|n| n.to_str()).unwrap_or_default();
        if (name.starts_with("shard-") || name.starts_with("input-")) && name.ends_with(".json") {
            found.push(path);
        }
    }
    if found.is_empty() {
        return Err(StoreError::Empty { path: dir.to_path_buf() });
    }
    found.sort();
    Ok(found)
}

/// Reads a manifest.
pub(super) fn manifest(path: &Path) -> Result<Manifest, StoreError> {
    let bad = |problem: String| StoreError::Manifest { path: path.to_path_buf(), problem };
    // A manifest is a few hundred bytes; anything past the limit of every
    // input (64 MiB) is not one, whatever the path leads to.
    let limit = arrows_core::formats::MAX_LINE_BYTES as u64;
    let mut text = Vec::new();
    File::open(path).and_then(|f| f.take(limit + 1).read_to_end(&mut text)).map_err(StoreError::io(path))?;
    if text.len() as u64 > limit {
        return Err(bad(format!("larger than {}, so not a manifest", arrows_text::bytes(limit))));
    }
    let value: serde_json::Value =
        serde_json::from_slice(&text).map_err(|e| bad(format!("not JSON ({e}); was it edited?")))?;
    if value.get("format").and_then(serde_json::Value::as_str) != Some(FORMAT_NAME) {
        return Err(bad(format!("no \"format\": \"{FORMAT_NAME}\"")));
    }
    let layout = value.get("layout").and_then(serde_json::Value::as_u64);
    if layout != Some(u64::from(LAYOUT)) {
        return Err(bad(format!("layout {layout:?}, but this version reads layout {LAYOUT}")));
    }
    let m: Manifest = serde_json::from_value(value).map_err(|e| bad(e.to_string()))?;
    let exists = |s: crate::shard::Shard| crate::shard::Shard::new(s.residue, s.modulus).is_some();
    if !exists(m.sweep.shard)
        || m.sweep.input_shard.is_some_and(|s| !exists(s))
        || m.rows != m.sweep.rows()
        || m.rows_done > m.rows
        || m.complete != (m.rows_done == m.rows)
    {
        return Err(bad("its shard, rows, rows done and completeness disagree; was it edited?".into()));
    }
    Ok(m)
}

/// Reads the shard whose manifest is at `path`: the manifest, and the rows
/// it records as done, which must match its checksum, belong to the shard
/// and come in table order. A complete shard's rows file must hold
/// nothing more.
pub fn read(path: &Path) -> Result<Stored, StoreError> {
    let manifest = manifest(path)?;
    let rows_file = rows_path(path);
    let (_, length, size) = checked_prefix(&rows_file, &manifest)?;
    let corrupt = |problem: String| StoreError::Corrupt { path: rows_file.clone(), problem };
    if manifest.complete && size != length {
        return Err(corrupt(format!("{} bytes follow the shard's last row; was it edited?", size - length)));
    }
    let mut bytes = Vec::with_capacity(length as usize);
    File::open(&rows_file)
        .map_err(StoreError::io(&rows_file))?
        .take(length)
        .read_to_end(&mut bytes)
        .map_err(StoreError::io(&rows_file))?;
    let text = std::str::from_utf8(&bytes).map_err(|_| corrupt("the rows are not UTF-8 text".into()))?;
    let kind = key_kind(&manifest.sweep);
    let shard = manifest.sweep.shard;
    let mut rows = Vec::with_capacity(manifest.rows_done);
    for (i, line) in text.lines().enumerate() {
        let row = parse_row(line, kind)
            .filter(|r| shard.owns(r.position) && r.position < manifest.sweep.total)
            .filter(|r| rows.last().is_none_or(|last: &Row| last.position < r.position))
            .ok_or_else(|| corrupt(format!("line {} is not a row of shard {shard}: {line:?}", i + 1)))?;
        rows.push(row);
    }
    Ok(Stored { path: path.to_path_buf(), manifest, rows })
}

/// Hashes the first `rows_done` lines of a rows file and checks them
/// against the manifest; returns the running hash, their length in bytes,
/// and the file's size.
pub(super) fn checked_prefix(path: &Path, manifest: &Manifest) -> Result<(Running, u64, u64), StoreError> {
    let file = File::open(path).map_err(|e| match e.kind() {
        std::io::ErrorKind::NotFound => StoreError::Corrupt {
            path: path.to_path_buf(),
            problem: format!("the rows file is missing, but the manifest records {} rows", manifest.rows_done),
        },
        _ => StoreError::Io { path: path.to_path_buf(), source: e },
    })?;
    let size = file.metadata().map_err(StoreError::io(path))?.len();
    let mut reader = BufReader::new(file);
    let (mut hash, mut length, mut line) = (Running::new(), 0u64, Vec::new());
    for n in 0..manifest.rows_done {
        line.clear();
        let read = (&mut reader).take(1 << 20).read_until(b'\n', &mut line).map_err(StoreError::io(path))?;
        if read == 0 || line.last() != Some(&b'\n') {
            return Err(StoreError::Corrupt {
                path: path.to_path_buf(),
                problem: format!(
                    "the manifest records {} rows but the rows file holds only {n} whole lines",
                    manifest.rows_done
                ),
            });
        }
        hash.update(&line);
        length += read as u64;
    }
    if hash.checksum() != manifest.rows_checksum {
        return Err(StoreError::Corrupt {
            path: path.to_path_buf(),
            problem: format!(
                "its first {} rows do not match the manifest's checksum {}; they were changed after they were written",
                manifest.rows_done, manifest.rows_checksum
            ),
        });
    }
    Ok((hash, length, size))
}
