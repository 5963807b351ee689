//! JSON: the sweep's description (family, rule set, engine, shard, the
//! command that makes it) and the rows, one object per line, each with
//! its position `index` in the full table. `arrows table merge` reads it.

use super::ReadError;
use crate::family::{Key, Spec};
use crate::shard::Shard;
use crate::table::{KeyKind, Row, Table, kind_of_columns};
use arrows_core::Variant;
use serde_json::{Value, json};
use std::io::{self, Write};

/// The value of the `format` field, naming this layout.
pub const FORMAT_NAME: &str = "arrows-table";

/// The command line that makes the table (without `--format` and output options).
pub fn command(table: &Table) -> Option<String> {
    let args = table.spec.as_ref()?.arguments()?;
    let mut c = format!("arrows table {args}");
    if table.variant == Some(Variant::Untrimmed) {
        c.push_str(" --untrimmed");
    }
    if !table.shard.is_whole() {
        c.push_str(&format!(" --shard {}", table.shard));
    }
    Some(c)
}

/// Writes the table as JSON.
pub fn write(table: &Table, out: &mut dyn Write) -> io::Result<()> {
    let mut columns = table.columns.clone();
    columns.push("grundy".into());
    let head = json!({
        "format": FORMAT_NAME,
        "family": table.spec,
        "variant": table.variant,
        "engine": "canonical",
        "command": command(table),
        "shard": table.shard.to_string(),
        "total": table.total,
        "columns": columns,
    });
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

/// Reads a table written by [`write`].
pub fn read(text: &str) -> Result<Table, ReadError> {
    let bad = |m: String| ReadError(m);
    let v: Value = serde_json::from_str(text).map_err(|e| bad(format!("not a JSON table: {e}")))?;
    if v.get("format").and_then(Value::as_str) != Some(FORMAT_NAME) {
        return Err(bad(format!("not a table of `arrows table --format json` (no \"format\": \"{FORMAT_NAME}\")")));
    }
    let field = |name: &str| v.get(name).ok_or_else(|| bad(format!("the table has no {name:?} field")));
    let spec: Option<Spec> =
        serde_json::from_value(field("family")?.clone()).map_err(|e| bad(format!("cannot read \"family\": {e}")))?;
    let variant: Option<Variant> =
        serde_json::from_value(field("variant")?.clone()).map_err(|e| bad(format!("cannot read \"variant\": {e}")))?;
    let shard: Shard = field("shard")?
        .as_str()
        .ok_or_else(|| bad("\"shard\" must be a string such as \"1/4\"".into()))?
        .parse()
        .map_err(bad)?;
    let total = field("total")?.as_u64().ok_or_else(|| bad("\"total\" must be a number".into()))? as usize;
    let mut columns: Vec<String> =
        serde_json::from_value(field("columns")?.clone()).map_err(|e| bad(format!("cannot read \"columns\": {e}")))?;
    if columns.pop().as_deref() != Some("grundy") || columns.is_empty() {
        return Err(bad("\"columns\" must list the key columns, then \"grundy\"".into()));
    }
    let kind = kind_of_columns(&columns);
    let list = field("rows")?.as_array().ok_or_else(|| bad("\"rows\" must be an array".into()))?;
    let mut rows = Vec::with_capacity(list.len());
    for (i, r) in list.iter().enumerate() {
        let at = |m: &str| bad(format!("row {}: {m}", i + 1));
        let number = |name: &str| r.get(name).and_then(Value::as_u64).ok_or_else(|| at(&format!("no number {name:?}")));
        let key = match kind {
            KeyKind::Numbers => {
                Key::Numbers(columns.iter().map(|c| number(c).map(|x| x as usize)).collect::<Result<_, _>>()?)
            }
            KeyKind::List => Key::List(
                r.get(&columns[0])
                    .and_then(Value::as_array)
                    .and_then(|a| a.iter().map(|x| x.as_u64().map(|x| x as usize)).collect::<Option<Vec<_>>>())
                    .ok_or_else(|| at(&format!("no list of numbers {:?}", columns[0])))?,
            ),
            KeyKind::Graph6 => Key::Graph6(
                r.get("graph6").and_then(Value::as_str).ok_or_else(|| at("no string \"graph6\""))?.to_string(),
            ),
        };
        let grundy = u32::try_from(number("grundy")?).map_err(|_| at("the Grundy value is too large"))?;
        rows.push(Row { position: number("index")? as usize, key, grundy });
    }
    Ok(Table { spec, variant, shard, total, columns, rows })
}
