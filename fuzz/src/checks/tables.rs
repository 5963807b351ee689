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
