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

impl FromStr for Format {
    type Err = String;

    fn from_str(s: &str) -> Result<Format, String> {
        let s = s.trim().to_ascii_lowercase();
        let alias = match s.as_str() {
            "md" => "markdown",
            "txt" => "text",
            other => other,
        };
        Format::ALL
            .into_iter()
            .find(|f| f.as_str() == alias)
            .ok_or_else(|| format!("unknown format {s:?}; choose one of text, markdown, csv, json, svg"))
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

/// Why a table cannot be written as asked.
#[derive(Debug)]
pub enum WriteError {
    /// The layout does not fit the table (e.g. a grid of graph6 keys).
    Layout(String),
    /// Writing failed.
    Io(io::Error),
}

impl fmt::Display for WriteError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            WriteError::Layout(m) => f.write_str(m),
            WriteError::Io(e) => write!(f, "I/O error: {e}"),
        }
    }
}

impl std::error::Error for WriteError {}

impl From<io::Error> for WriteError {
    fn from(e: io::Error) -> WriteError {
        WriteError::Io(e)
    }
}

impl From<crate::panels::PanelError> for WriteError {
    fn from(e: crate::panels::PanelError) -> WriteError {
        WriteError::Layout(e.0)
    }
}

/// Writes `table` in `format`.
pub fn write(table: &Table, format: Format, layout: &Layout, out: &mut dyn Write) -> Result<(), WriteError> {
    if (layout.grid || layout.fix.is_some()) && matches!(format, Format::Csv | Format::Json) {
        return Err(WriteError::Layout(format!(
            "--grid and --fix shape text, Markdown and SVG output; {format} always has one row per graph"
        )));
    }
    match format {
        Format::Text | Format::Markdown => {
            let markdown = format == Format::Markdown;
            if layout.grid {
                text::write_grids(table, layout.fix.as_deref(), markdown, out)
            } else if layout.fix.is_some() {
                Err(WriteError::Layout("--fix picks a grid; add --grid (or use --format svg)".into()))
            } else {
                Ok(text::write_rows(table, markdown, out)?)
            }
        }
        Format::Csv => Ok(csv::write(table, out)?),
        Format::Json => Ok(json::write(table, out)?),
        Format::Svg => svg::write(table, layout.fix.as_deref(), out),
    }
}

/// Why a table file cannot be read.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ReadError(pub String);

impl fmt::Display for ReadError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.0)
    }
}

impl std::error::Error for ReadError {}

/// Reads a table written as JSON or CSV (told apart by the first character).
pub fn read(text: &str) -> Result<Table, ReadError> {
    if text.trim_start().starts_with('{') { json::read(text) } else { csv::read(text) }
}
