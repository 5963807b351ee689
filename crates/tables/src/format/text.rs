//! Aligned text and Markdown tables.

use super::WriteError;
use crate::family::Key;
use crate::panels::panels;
use crate::table::Table;
use arrows_text::Columns;
use std::io::{self, Write};

/// The cell of a key column: numbers, a list `2,0,3`, or a graph6 string.
pub fn key_cells(key: &Key, columns: usize) -> Vec<String> {
    match key {
        Key::Numbers(v) => v.iter().map(usize::to_string).collect(),
        Key::List(v) => vec![v.iter().map(usize::to_string).collect::<Vec<_>>().join(",")],
        Key::Graph6(s) => {
            debug_assert_eq!(columns, 1);
            vec![s.clone()]
        }
    }
}

/// One row per graph: the key columns, then `grundy`, right-aligned.
pub fn write_rows(table: &Table, markdown: bool, out: &mut dyn Write) -> io::Result<()> {
    let mut header = table.columns.clone();
    header.push("grundy".into());
    let body: Vec<Vec<String>> = table
        .rows
        .iter()
        .map(|r| {
            let mut cells = key_cells(&r.key, table.columns.len());
            cells.push(r.grundy.to_string());
            cells
        })
        .collect();
    write_aligned(&header, &body, markdown, out)
}

/// Grids over the last two parameters, one per value of the leading ones.
pub fn write_grids(
    table: &Table,
    fix: Option<&[usize]>,
    markdown: bool,
    out: &mut dyn Write,
) -> Result<(), WriteError> {
    let panels = panels(table, fix)?;
    for (i, p) in panels.iter().enumerate() {
        if i > 0 {
            writeln!(out)?;
        }
        let corner = match &p.row_name {
            Some(r) => format!("{r} \\ {}", p.col_name),
            None => p.col_name.clone(),
        };
        let title = p.title();
        if !title.is_empty() {
            if markdown {
                writeln!(out, "**{title}**\n")?;
            } else {
                writeln!(out, "{title}")?;
            }
        }
        let mut header = vec![corner];
        header.extend(p.cols.iter().map(usize::to_string));
        let body: Vec<Vec<String>> = p
            .rows
            .iter()
            .zip(&p.cells)
            .map(|(y, cells)| {
                let mut line = vec![if p.row_name.is_some() { y.to_string() } else { "grundy".into() }];
                line.extend(cells.iter().map(|c| c.map_or_else(|| ".".into(), |v| v.to_string())));
                line
            })
            .collect();
        write_aligned(&header, &body, markdown, out)?;
    }
    Ok(())
}

/// Writes a header and rows with every column right-aligned to its widest cell.
fn write_aligned(header: &[String], body: &[Vec<String>], markdown: bool, out: &mut dyn Write) -> io::Result<()> {
    let mut columns = Columns::new().all_right(header.len()).markdown(markdown).header(header.iter().cloned());
    for row in body {
        columns.push(row.iter().cloned());
    }
    columns.write(out)
}
