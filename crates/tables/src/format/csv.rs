//! CSV: a header row (the key columns, then `grundy`) and one row per graph.
//!
//! A caterpillar's leaf list is one quoted field, `"2,0,3"`. CSV records
//! neither the family's ranges nor the rule set; JSON does.

use super::{CsvProblem, ReadError};
use crate::family::Key;
use crate::shard::Shard;
use crate::table::{KeyKind, Row, Table, kind_of_columns};
use std::io::{self, Write};

/// Writes the table as CSV.
pub fn write(table: &Table, out: &mut dyn Write) -> io::Result<()> {
    let names: Vec<String> = table.columns.iter().map(|c| quote(c)).collect();
    writeln!(out, "{},grundy", names.join(","))?;
    for r in &table.rows {
        let key = match &r.key {
            Key::Numbers(v) => v.iter().map(usize::to_string).collect::<Vec<_>>().join(","),
            Key::List(v) => format!("\"{}\"", v.iter().map(usize::to_string).collect::<Vec<_>>().join(",")),
            Key::Graph6(s) => quote(s),
        };
        writeln!(out, "{key},{}", r.grundy)?;
    }
    Ok(())
}

/// graph6 uses the printable bytes 63..=126, which never need quoting;
/// anything else (a graph's line as given, a column name read from a file)
/// is quoted to stay a single field, and so is a field opening with `{`,
/// which would make the file read as JSON.
fn quote(s: &str) -> String {
    if s.contains([',', '"', '\n']) || s.trim_start().starts_with('{') {
        format!("\"{}\"", s.replace('"', "\"\""))
    } else {
        s.to_string()
    }
}

/// Reads a CSV table (header row, then rows). Positions are the row order.
pub fn read(text: &str) -> Result<Table, ReadError> {
    let mut lines = text.lines().enumerate().filter(|(_, l)| !l.trim().is_empty());
    let Some((h, header)) = lines.next() else {
        return Err(ReadError::Empty);
    };
    let names = fields(header).map_err(|problem| ReadError::Csv { line: h + 1, problem })?;
    if names.len() < 2 || names.last().map(String::as_str) != Some("grundy") {
        return Err(ReadError::Csv { line: h + 1, problem: CsvProblem::Header { header: header.into() } });
    }
    let columns: Vec<String> = names[..names.len() - 1].to_vec();
    if let Some(name) = super::column_clash(&columns) {
        return Err(ReadError::Csv { line: h + 1, problem: CsvProblem::Column { name: name.into() } });
    }
    let kind = kind_of_columns(&columns);
    let mut rows = Vec::new();
    for (i, line) in lines {
        let at = |problem| ReadError::Csv { line: i + 1, problem };
        let cells = fields(line).map_err(at)?;
        if cells.len() != names.len() {
            return Err(at(CsvProblem::Fields { found: cells.len(), expected: names.len() }));
        }
        let last = &cells[cells.len() - 1];
        let grundy: u32 = last.trim().parse().map_err(|_| at(CsvProblem::Grundy { text: last.clone() }))?;
        let number = |s: &str| s.trim().parse::<usize>().map_err(|_| at(CsvProblem::Number { text: s.into() }));
        let key = match kind {
            KeyKind::Numbers => {
                Key::Numbers(cells[..cells.len() - 1].iter().map(|s| number(s)).collect::<Result<_, _>>()?)
            }
            KeyKind::List => Key::List(cells[0].split(',').map(number).collect::<Result<_, _>>()?),
            KeyKind::Graph6 => Key::Graph6(cells[0].trim().to_string()),
        };
        rows.push(Row { position: rows.len(), key, grundy });
    }
    Ok(Table {
        spec: None,
        variant: None,
        play: Default::default(),
        engine: arrows_solve::Engine::Canonical,
        shard: Shard::WHOLE,
        total: rows.len(),
        columns,
        rows,
    })
}

/// The fields of one CSV line, with `"..."` quoting and `""` for a quote.
fn fields(line: &str) -> Result<Vec<String>, CsvProblem> {
    let mut out = Vec::new();
    let mut cur = String::new();
    let mut chars = line.trim_end_matches('\r').chars().peekable();
    let mut quoted = false;
    let mut was_quoted = false;
    while let Some(c) = chars.next() {
        match c {
            '"' if quoted => {
                if chars.peek() == Some(&'"') {
                    chars.next();
                    cur.push('"');
                } else {
                    quoted = false;
                }
            }
            '"' if cur.is_empty() && !was_quoted => {
                quoted = true;
                was_quoted = true;
            }
            ',' if !quoted => {
                out.push(std::mem::take(&mut cur));
                was_quoted = false;
            }
            _ => cur.push(c),
        }
    }
    if quoted {
        return Err(CsvProblem::Unclosed);
    }
    out.push(cur);
    Ok(out)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn quoted_fields() {
        assert_eq!(fields("\"2,0,3\",1").unwrap(), ["2,0,3", "1"]);
        assert_eq!(fields("a,\"x\"\"y\",3").unwrap(), ["a", "x\"y", "3"]);
        assert!(fields("\"open,1").is_err());
    }
}
