//! Table files: what `arrows conjecture` reads (CSV or JSON) and the shards
//! `arrows table merge` joins (JSON with a checksum).

use super::{place_inside, text};
use arrows_tables::format::{self, Format, Layout, ReadError, json};
use arrows_tables::{Table, merge, patterns};

/// The most rows of a table the target also looks for patterns in.
const ANALYZED: usize = 500;

fn written(table: &Table, format: Format) -> String {
    let mut out = Vec::new();
    format::write(table, format, &Layout::default(), &mut out).expect("a table read can be written");
    String::from_utf8(out).expect("tables are written as UTF-8")
}

fn error(e: &ReadError, text: &str) {
    match e {
        ReadError::Csv { line, .. } => place_inside(text, *line, 1),
        ReadError::Json { line, column, .. } if *line > 0 => place_inside(text, *line, (*column).max(1)),
        _ => {}
    }
    assert!(!e.to_string().is_empty());
}

/// A table read back from its own JSON is the same table, and its CSV
/// holds the same keys and values.
fn round_trip(t: &Table) {
    let j = written(t, Format::Json);
    assert_eq!(format::read(&j).as_ref(), Ok(t), "{j}");
    let c = written(t, Format::Csv);
    let back = format::read(&c).unwrap_or_else(|e| panic!("{e}: {c}"));
    assert_eq!(back.columns, t.columns, "{c}");
    let rows = |t: &Table| t.rows.iter().map(|r| (r.key.clone(), r.grundy)).collect::<Vec<_>>();
    assert_eq!(rows(&back), rows(t), "{c}");
}

/// `format::read`, the reader of `arrows conjecture`, then what conjecture
/// does with the table: the patterns and their text.
pub fn table(data: &[u8]) {
    let t = text(data);
    match format::read(&t) {
        Ok(table) => {
            round_trip(&table);
            if table.rows.len() <= ANALYZED {
                let report = patterns::analyze(&table);
                let mut out = Vec::new();
                patterns::write_text(&report, &mut out).expect("writing to memory");
            }
        }
        Err(e) => error(&e, &t),
    }
    if let Err(e) = format::read_bytes(data) {
        assert!(!e.to_string().is_empty());
    }
}

/// `format::read_shard` and `merge`, the path of `arrows table merge`. A
/// JSON text whose recorded checksum does not match gets the right one, so
/// that what lies behind the checksum is fuzzed too; the shard then merges
/// alone when it is the whole sweep, and with itself never.
pub fn table_merge(data: &[u8]) {
    let mut t = text(data);
    if let Err(ReadError::Checksum { recorded, computed }) = json::read(&t) {
        t = t.replacen(&recorded.to_string(), &computed.to_string(), 1);
    }
    match format::read_shard(t.as_bytes()) {
        Ok(shard) => {
            round_trip(&shard);
            let alone = merge(vec![shard.clone()]);
            if let Ok(m) = &alone {
                assert!(m.is_complete());
                assert_eq!(m.rows, shard.rows);
            }
            assert!(merge(vec![shard.clone(), shard]).is_err());
        }
        Err(e) => error(&e, &t),
    }
}

/// The most rows of a table whose grids the `conjecture` target draws
/// (each row is a panel at most, of at most the rows' values squared).
const GRIDDED: usize = 200;

/// What `arrows conjecture` does with a file, whole: the reader of every
/// table (`format::read_bytes`, CSV or JSON), then the pattern analysis
/// and its text with no cap on the rows, and the grids and pictures a
/// table of numbers is laid out in. Past any number of columns and any
/// recorded ranges, the work stays within the rows (the harness's memory
/// and time limits say so): the hypotheses count what they checked, and
/// a grid holds at most the cells its limit allows.
pub fn conjecture(data: &[u8]) {
    let table = match format::read_bytes(data) {
        Ok(t) => t,
        Err(e) => {
            assert!(!e.to_string().is_empty());
            return;
        }
    };
    let report = patterns::analyze(&table);
    for h in &report.hypotheses {
        assert!(h.supported <= h.checked, "{h:?}");
        assert!(h.exceptions.len() <= patterns::SHOWN_EXCEPTIONS, "{h:?}");
    }
    let mut out = Vec::new();
    patterns::write_text(&report, &mut out).expect("writing to memory");
    if table.rows.len() <= GRIDDED {
        for f in [Format::Text, Format::Svg] {
            let layout = Layout { grid: f == Format::Text, fix: None };
            let mut out = Vec::new();
            if let Err(e) = format::write(&table, f, &layout, &mut out) {
                assert!(!e.to_string().is_empty());
            }
        }
        if let Ok(panels) = arrows_tables::panels::panels(&table, None) {
            let cells: usize = panels.iter().map(|p| p.rows.len() * p.cols.len()).sum();
            assert!(
                cells <= arrows_tables::panels::MAX_CELLS.max(table.rows.len() * arrows_tables::panels::CELLS_PER_ROW)
            );
            // A row is in one panel, or for a symmetric table in one per
            // choice of its two values along the axes (and their order).
            let k = table.columns.len();
            let per_row = if table.symmetric() { (1..=k.saturating_sub(2)).product::<usize>() * k * k } else { 1 };
            assert!(
                panels.len() <= table.rows.len().max(1) * per_row,
                "{} panels for {} rows",
                panels.len(),
                table.rows.len()
            );
        }
    }
}

/// A shard on disk as `arrows table merge DIR` reads it: the bytes before
/// the first NUL are the manifest (`shard-R-of-M.json`), those after it the
/// rows file beside it. Whatever they hold, the shard is read or refused
/// with a message; a shard read merges alone when it is the whole sweep
/// and complete, never with a copy of itself, and never allocates by the
/// numbers it claims (a modulus of 2^60, an input part past its modulus).
pub fn merge_manifest(data: &[u8]) {
    use arrows_tables::store::{self, Part};
    use std::sync::atomic::{AtomicUsize, Ordering};
    static RUN: AtomicUsize = AtomicUsize::new(0);
    let (manifest, rows) = match data.iter().position(|&b| b == 0) {
        Some(i) => (&data[..i], &data[i + 1..]),
        None => (data, &[][..]),
    };
    let dir = std::env::temp_dir().join(format!(
        "arrows-fuzz-manifest-{}-{}",
        std::process::id(),
        RUN.fetch_add(1, Ordering::Relaxed)
    ));
    std::fs::create_dir_all(&dir).expect("a temporary directory");
    let path = dir.join("shard-0-of-1.json");
    std::fs::write(&path, manifest).expect("the manifest written");
    std::fs::write(store::rows_path(&path), rows).expect("the rows written");
    let read = store::read(&path);
    let _ = std::fs::remove_dir_all(&dir);
    let stored = match read {
        Ok(s) => s,
        Err(e) => {
            assert!(!e.to_string().is_empty());
            return;
        }
    };
    let m = &stored.manifest;
    assert!(m.sweep.shard.residue < m.sweep.shard.modulus);
    assert!(m.sweep.input_shard.is_none_or(|s| s.residue < s.modulus));
    assert_eq!(stored.rows.len(), m.rows_done);
    let whole = m.complete && m.sweep.shard.modulus == 1 && m.sweep.input_shard.is_none_or(|s| s.modulus == 1);
    let merged = store::merge(vec![Part::Stored(stored.clone())]);
    if whole {
        let t = merged.unwrap_or_else(|e| panic!("a whole, complete shard merges alone: {e}"));
        assert_eq!(t.rows, stored.rows);
    } else {
        let e = merged.expect_err("a part of a sweep, or an incomplete shard, does not merge alone");
        assert!(!e.to_string().is_empty());
    }
    assert!(store::merge(vec![Part::Stored(stored.clone()), Part::Stored(stored)]).is_err());
}
