//! JSON: the sweep's description (family with its ranges, rule set,
//! engine, shard, total), a checksum of the table, and the rows, one
//! object per line, each with its position `index` in the full table.
//! `arrows table merge` reads it, and refuses a table whose rows or
//! description no longer match its checksum ([`crate::checksum`]).
//!
//! The shard is written `"shard": {"residue": R, "modulus": M}` (nauty's
//! `res/mod`, [`Shard`]). Tables of arrows 0.1.0 wrote it as a string
//! `"I/N"` meaning residue `I - 1`: they are read with that meaning, and
//! checked against the checksum that version computed
//! ([`checksum::of_version_1`]).

use super::ReadError;
use crate::checksum::{self, Checksum};
use crate::family::{Key, Spec};
use crate::shard::Shard;
use crate::table::{KeyKind, Row, Table, kind_of_columns};
use arrows_core::{Play, Variant};
use arrows_solve::Engine;
use serde_json::{Value, json};
use std::io::{self, Write};

/// The value of the `format` field, naming this layout.
pub const FORMAT_NAME: &str = "arrows-table";

/// Writes the table as JSON.
pub fn write(table: &Table, out: &mut dyn Write) -> io::Result<()> {
    let mut columns = table.columns.clone();
    columns.push("grundy".into());
    let mut head = json!({
        "format": FORMAT_NAME,
        "family": table.spec,
        "variant": table.variant,
        "engine": table.engine,
        "shard": table.shard,
        "total": table.total,
        "columns": columns,
        "checksum": checksum::of(table),
    });
    // Normal play is the default, left out as in tables written before
    // misère tables existed.
    if table.play == Play::Misere {
        head["play"] = json!(table.play);
    }
    // The header fields, then the rows one per line (stable, diff-friendly).
    let head = serde_json::to_string(&head).expect("JSON values serialize");
    writeln!(out, "{},\"rows\":[", &head[..head.len() - 1])?;
    for (i, r) in table.rows.iter().enumerate() {
        let mut fields = vec![format!("\"index\":{}", r.position)];
        match &r.key {
            Key::Numbers(v) => {
                for (name, x) in table.columns.iter().zip(v) {
                    fields.push(format!("{}:{x}", Value::from(name.as_str())));
                }
            }
            Key::List(v) => fields.push(format!("{}:{}", Value::from(table.columns[0].as_str()), json!(v))),
            Key::Graph6(s) => fields.push(format!("\"graph6\":{}", Value::from(s.as_str()))),
        }
        fields.push(format!("\"grundy\":{}", r.grundy));
        let comma = if i + 1 < table.rows.len() { "," } else { "" };
        writeln!(out, "{{{}}}{comma}", fields.join(","))?;
    }
    writeln!(out, "]}}")
}

/// serde_json counts an error's column in bytes; the column of a
/// [`ReadError::Json`] counts characters, like every other reader of the
/// project, so that it points into the line as a person sees it.
fn char_column(text: &str, line: usize, byte_column: usize) -> usize {
    let Some(l) = line.checked_sub(1).and_then(|i| text.split('\n').nth(i)) else { return byte_column };
    l.char_indices().take_while(|&(i, _)| i < byte_column).count() + byte_column.saturating_sub(l.len())
}

/// Reads a table written by [`write`](fn@write), with the checksum it records (if
/// any), which its contents must match.
pub fn read(text: &str) -> Result<(Table, Option<Checksum>), ReadError> {
    let v: Value = serde_json::from_str(text).map_err(|e| ReadError::Json {
        line: e.line(),
        column: char_column(text, e.line(), e.column()),
        message: e.to_string().split(" at line ").next().unwrap_or_default().to_string(),
    })?;
    if v.get("format").and_then(Value::as_str) != Some(FORMAT_NAME) {
        return Err(ReadError::NotATable);
    }
    let bad = |field: &'static str, problem: String| ReadError::Field { field, problem };
    let field = |name: &'static str| v.get(name).ok_or_else(|| bad(name, "is missing".into()));
    let spec: Option<Spec> =
        serde_json::from_value(field("family")?.clone()).map_err(|e| bad("family", format!("is not a family: {e}")))?;
    let variant: Option<Variant> = serde_json::from_value(field("variant")?.clone())
        .map_err(|e| bad("variant", format!("is not a rule set: {e}")))?;
    let play: Play = match v.get("play") {
        None => Play::Normal,
        Some(p) => {
            serde_json::from_value(p.clone()).map_err(|e| bad("play", format!("is not normal or misere: {e}")))?
        }
    };
    let engine: Engine = match v.get("engine") {
        None => Engine::Canonical,
        Some(p) => serde_json::from_value(p.clone()).map_err(|e| bad("engine", format!("is not an engine: {e}")))?,
    };
    let (shard, version_1) = read_shard_field(field("shard")?)?;
    let total = field("total")?.as_u64().ok_or_else(|| bad("total", "must be a whole number".into()))? as usize;
    let mut columns: Vec<String> = serde_json::from_value(field("columns")?.clone())
        .map_err(|e| bad("columns", format!("is not a list of names: {e}")))?;
    if columns.pop().as_deref() != Some("grundy") || columns.is_empty() {
        return Err(bad("columns", "must list the key columns, then \"grundy\"".into()));
    }
    if columns.iter().any(|c| c.contains('\n')) {
        return Err(bad("columns", "must name each column on one line".into()));
    }
    if let Some(name) = super::column_clash(&columns) {
        return Err(bad("columns", format!("names the key column {name:?} twice, or like the grundy or index field")));
    }
    let recorded: Option<Checksum> = match v.get("checksum") {
        None | Some(Value::Null) => None,
        Some(c) => Some(
            c.as_str()
                .ok_or_else(|| bad("checksum", "must be a string".into()))?
                .parse()
                .map_err(|e| bad("checksum", format!("is malformed: {e}")))?,
        ),
    };
    let kind = kind_of_columns(&columns);
    let list = field("rows")?.as_array().ok_or_else(|| bad("rows", "must be an array".into()))?;
    let mut rows = Vec::with_capacity(list.len());
    for (i, r) in list.iter().enumerate() {
        let at = |problem: String| ReadError::Row { row: i + 1, problem };
        let number =
            |name: &str| r.get(name).and_then(Value::as_u64).ok_or_else(|| at(format!("no whole number {name:?}")));
        let key = match kind {
            KeyKind::Numbers => {
                Key::Numbers(columns.iter().map(|c| number(c).map(|x| x as usize)).collect::<Result<_, _>>()?)
            }
            KeyKind::List => Key::List(
                r.get(&columns[0])
                    .and_then(Value::as_array)
                    .and_then(|a| a.iter().map(|x| x.as_u64().map(|x| x as usize)).collect::<Option<Vec<_>>>())
                    .ok_or_else(|| at(format!("no list of whole numbers {:?}", columns[0])))?,
            ),
            KeyKind::Graph6 => Key::Graph6(
                r.get("graph6").and_then(Value::as_str).ok_or_else(|| at("no string \"graph6\"".into()))?.to_string(),
            ),
        };
        let grundy = u32::try_from(number("grundy")?).map_err(|_| at("the Grundy value is too large".into()))?;
        rows.push(Row { position: number("index")? as usize, key, grundy });
    }
    let table = Table { spec, variant, play, engine, shard, total, columns, rows };
    if let Some(recorded) = &recorded {
        let computed = if version_1 { checksum::of_version_1(&table) } else { checksum::of(&table) };
        if computed != *recorded {
            return Err(ReadError::Checksum { recorded: recorded.clone(), computed });
        }
    }
    Ok((table, recorded))
}

/// The shard of a table: `{"residue": R, "modulus": M}`, or the string
/// `"I/N"` of arrows 0.1.0 (part `I`, residue `I - 1`; `true` is returned
/// with it, as its checksum is that version's).
fn read_shard_field(v: &Value) -> Result<(Shard, bool), ReadError> {
    let bad = |problem: String| ReadError::Field { field: "shard", problem };
    if let Some(old) = v.as_str() {
        let parts = old.split_once('/').and_then(|(i, n)| Some((i.trim().parse().ok()?, n.trim().parse().ok()?)));
        return match parts {
            Some((index, count)) if (1..=count).contains(&index) => {
                Ok((Shard { residue: index - 1, modulus: count }, true))
            }
            _ => Err(bad(format!("{old:?} is not a part I/N with 1 <= I <= N"))),
        };
    }
    let shard: Shard = serde_json::from_value(v.clone())
        .map_err(|e| bad(format!("is not a shard {{\"residue\": R, \"modulus\": M}}: {e}")))?;
    match Shard::new(shard.residue, shard.modulus) {
        Some(shard) => Ok((shard, false)),
        None => Err(bad(format!("{shard} does not exist: the residue must be below the modulus"))),
    }
}
