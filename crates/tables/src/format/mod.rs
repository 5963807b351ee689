//! Writing and reading tables.
//!
//! * [`text`]: aligned text and Markdown, as one row per graph or as grids;
//! * [`csv`]: a header row, then the key columns and `grundy`; read back too;
//! * [`json`]: the rows with what produced them (family, rule set, shard); read back too;
//! * [`svg`]: a heat map, or a grid of small heat maps.

pub mod csv;
pub mod json;
pub mod svg;
pub mod text;

use crate::table::Table;
use std::fmt;
use std::io::{self, Write};
use std::str::FromStr;

/// An output format.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Format {
    /// Columns aligned with spaces.
    Text,
    /// A Markdown table.
    Markdown,
    /// Comma-separated values with a header row.
    Csv,
    /// One JSON document with the sweep's description and the rows.
    Json,
    /// An SVG heat map.
    Svg,
}

impl Format {
    /// Every format, in the order the help lists them.
    pub const ALL: [Format; 5] = [Format::Text, Format::Markdown, Format::Csv, Format::Json, Format::Svg];

    /// The name on the command line.
    pub fn as_str(self) -> &'static str {
        match self {
            Format::Text => "text",
            Format::Markdown => "markdown",
            Format::Csv => "csv",
            Format::Json => "json",
            Format::Svg => "svg",
        }
    }
}

impl fmt::Display for Format {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

/// A format name that is not one of [`Format::ALL`].
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("unknown format {name:?}; choose one of text, markdown, csv, json, svg")]
pub struct UnknownFormat {
    /// The name given.
    pub name: String,
}

impl FromStr for Format {
    type Err = UnknownFormat;

    fn from_str(s: &str) -> Result<Format, UnknownFormat> {
        let s = s.trim().to_ascii_lowercase();
        let alias = match s.as_str() {
            "md" => "markdown",
            "txt" => "text",
            other => other,
        };
        Format::ALL.into_iter().find(|f| f.as_str() == alias).ok_or(UnknownFormat { name: s })
    }
}

/// How to lay a table out.
#[derive(Debug, Clone, Default)]
pub struct Layout {
    /// Text and Markdown: grids over the last two parameters instead of one row per graph.
    pub grid: bool,
    /// Grids and SVG: only the panel whose leading parameters take these values.
    pub fix: Option<Vec<usize>>,
}

/// Why a layout does not fit a table or a format.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum LayoutError {
    /// Grids and panels asked of a format with one row per graph.
    #[error("grids and panels shape text, Markdown and SVG output; {format} always has one row per graph")]
    OneRowPerGraph {
        /// The format asked for.
        format: Format,
    },
    /// A panel picked for text or Markdown without the grid layout.
    #[error("picking a panel shapes a grid; text and Markdown show the rows unless laid out as grids")]
    PanelWithoutGrid,
    /// The table cannot be cut into panels as asked.
    #[error(transparent)]
    Panel(#[from] crate::panels::PanelError),
}

/// Why a table cannot be written as asked.
#[derive(Debug, thiserror::Error)]
pub enum WriteError {
    /// The layout does not fit the table (e.g. a grid of graph6 keys).
    #[error(transparent)]
    Layout(#[from] LayoutError),
    /// Writing failed.
    #[error("I/O error: {0}")]
    Io(#[from] io::Error),
}

impl From<crate::panels::PanelError> for WriteError {
    fn from(e: crate::panels::PanelError) -> WriteError {
        WriteError::Layout(e.into())
    }
}

/// Writes `table` in `format`.
pub fn write(table: &Table, format: Format, layout: &Layout, out: &mut dyn Write) -> Result<(), WriteError> {
    if (layout.grid || layout.fix.is_some()) && matches!(format, Format::Csv | Format::Json) {
        return Err(LayoutError::OneRowPerGraph { format }.into());
    }
    match format {
        Format::Text | Format::Markdown => {
            let markdown = format == Format::Markdown;
            if layout.grid {
                text::write_grids(table, layout.fix.as_deref(), markdown, out)
            } else if layout.fix.is_some() {
                Err(LayoutError::PanelWithoutGrid.into())
            } else {
                Ok(text::write_rows(table, markdown, out)?)
            }
        }
        Format::Csv => Ok(csv::write(table, out)?),
        Format::Json => Ok(json::write(table, out)?),
        Format::Svg => svg::write(table, layout.fix.as_deref(), out),
    }
}

/// The first key column named twice, or named like a field every row has
/// (`grundy`, `index`): a table keyed by it would not read back.
fn column_clash(columns: &[String]) -> Option<&str> {
    let mut seen = std::collections::HashSet::new();
    columns.iter().find(|c| *c == "grundy" || *c == "index" || !seen.insert(c.as_str())).map(String::as_str)
}

/// What is wrong with a line of a CSV table.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum CsvProblem {
    /// The header does not end with `grundy` after at least one key column.
    #[error("the header {header:?} must list the key columns and end with grundy, e.g. a,b,c,grundy")]
    Header {
        /// The header line.
        header: String,
    },
    /// A key column is named twice, or like a field every row has.
    #[error(
        "the key column {name:?} is named twice, or like the grundy or index field; give each key column its own name"
    )]
    Column {
        /// The column's name.
        name: String,
    },
    /// A quoted field is not closed.
    #[error("a quoted field is not closed; end it with \"")]
    Unclosed,
    /// The line has another number of fields than the header.
    #[error("{found} fields, but the header has {expected}")]
    Fields {
        /// Fields on the line.
        found: usize,
        /// Fields in the header.
        expected: usize,
    },
    /// A key field is not a whole number.
    #[error("cannot read the number {text:?}")]
    Number {
        /// The field.
        text: String,
    },
    /// The value is not a Grundy value.
    #[error("cannot read the Grundy value {text:?}")]
    Grundy {
        /// The field.
        text: String,
    },
}

/// Why a table cannot be read.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum ReadError {
    /// The bytes are not UTF-8.
    #[error("line {line} is not UTF-8 text")]
    NotUtf8 {
        /// The first line with a byte that is not UTF-8, from 1.
        line: usize,
    },
    /// There is nothing but blank lines.
    #[error("the table is empty; expected a header row such as a,b,c,grundy, or a JSON table")]
    Empty,
    /// A line of a CSV table is wrong.
    #[error("line {line}: {problem}")]
    Csv {
        /// The line, from 1.
        line: usize,
        /// What is wrong with it.
        problem: CsvProblem,
    },
    /// The text is not JSON.
    #[error("line {line}, column {column}: not JSON: {message}")]
    Json {
        /// The line, from 1.
        line: usize,
        /// The column, from 1.
        column: usize,
        /// The parser's description.
        message: String,
    },
    /// A JSON document that is not a table of arrows.
    #[error("a JSON document without \"format\": \"{}\", so not a table written by arrows", json::FORMAT_NAME)]
    NotATable,
    /// A field of a JSON table is missing or malformed.
    #[error("the table's \"{field}\" field {problem}")]
    Field {
        /// The field's name.
        field: &'static str,
        /// What is wrong, e.g. `is missing`.
        problem: String,
    },
    /// A row of a JSON table is malformed.
    #[error("row {row}: {problem}")]
    Row {
        /// The row, from 1.
        row: usize,
        /// What is wrong.
        problem: String,
    },
    /// The rows or the sweep's description do not match the recorded checksum.
    #[error(
        "the table was changed after it was written: it records the checksum {recorded}, but its rows and sweep give {computed}"
    )]
    Checksum {
        /// The checksum the table records.
        recorded: crate::checksum::Checksum,
        /// The checksum of what it holds.
        computed: crate::checksum::Checksum,
    },
    /// A shard that records no checksum (CSV, or a JSON table without one).
    #[error("the table records no checksum of its rows, so edits to it cannot be detected")]
    NoChecksum,
    /// A shard that is not JSON (CSV records no sweep).
    #[error("a CSV table records neither its sweep nor a checksum, so it cannot be merged")]
    NotJson,
}

/// Reads a table written as JSON or CSV (told apart by the first
/// character). A JSON table that records a checksum must match it.
pub fn read(text: &str) -> Result<Table, ReadError> {
    if is_json(text) { json::read(text).map(|(table, _)| table) } else { csv::read(text) }
}

/// [`read`] from bytes, refusing bytes that are not UTF-8 with the line where they start.
pub fn read_bytes(bytes: &[u8]) -> Result<Table, ReadError> {
    read(utf8(bytes)?)
}

/// Reads a shard to merge: a JSON table that records its sweep and a
/// checksum its rows match.
pub fn read_shard(bytes: &[u8]) -> Result<Table, ReadError> {
    let text = utf8(bytes)?;
    if !is_json(text) {
        return Err(ReadError::NotJson);
    }
    match json::read(text)? {
        (table, Some(_)) => Ok(table),
        (_, None) => Err(ReadError::NoChecksum),
    }
}

fn is_json(text: &str) -> bool {
    text.trim_start().starts_with('{')
}

fn utf8(bytes: &[u8]) -> Result<&str, ReadError> {
    std::str::from_utf8(bytes).map_err(|e| {
        let line = 1 + bytes[..e.valid_up_to()].iter().filter(|&&b| b == b'\n').count();
        ReadError::NotUtf8 { line }
    })
}
