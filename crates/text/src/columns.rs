//! Columns of cells aligned by display width.

use crate::width;
use std::io::{self, Write};

/// How a column's cells are placed in its width.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum Align {
    /// Flush left (the default): names, arrows, free text.
    #[default]
    Left,
    /// Flush right: numbers.
    Right,
}

/// A table of text cells: an optional header and rows, each column as wide
/// as its widest cell (by display width).
///
/// Invariants of the output: cells are separated by `gap` spaces (plain
/// text) or ` | ` (Markdown); a plain-text line never ends in spaces; rows
/// shorter than the widest row simply end early.
#[derive(Debug, Clone)]
pub struct Columns {
    header: Option<Vec<String>>,
    rows: Vec<Vec<String>>,
    align: Vec<Align>,
    gap: usize,
    indent: usize,
    markdown: bool,
}

impl Default for Columns {
    fn default() -> Self {
        Columns::new()
    }
}

impl Columns {
    /// An empty table: left-aligned columns two spaces apart.
    pub fn new() -> Columns {
        Columns { header: None, rows: Vec::new(), align: Vec::new(), gap: 2, indent: 0, markdown: false }
    }

    /// Sets the header row.
    pub fn header<S: Into<String>>(mut self, cells: impl IntoIterator<Item = S>) -> Columns {
        self.header = Some(cells.into_iter().map(Into::into).collect());
        self
    }

    /// Sets the alignment of each column, in order; columns past the list are left-aligned.
    pub fn align(mut self, align: &[Align]) -> Columns {
        self.align = align.to_vec();
        self
    }

    /// Aligns every column right (tables of numbers).
    pub fn all_right(mut self, columns: usize) -> Columns {
        self.align = vec![Align::Right; columns];
        self
    }

    /// Sets the number of spaces between plain-text columns.
    pub fn gap(mut self, spaces: usize) -> Columns {
        self.gap = spaces;
        self
    }

    /// Starts every plain-text line with this many spaces.
    pub fn indent(mut self, spaces: usize) -> Columns {
        self.indent = spaces;
        self
    }

    /// Writes a Markdown table (`| a | b |` with a rule after the header)
    /// instead of plain text.
    pub fn markdown(mut self, markdown: bool) -> Columns {
        self.markdown = markdown;
        self
    }

    /// Appends a row.
    pub fn push<S: Into<String>>(&mut self, cells: impl IntoIterator<Item = S>) {
        self.rows.push(cells.into_iter().map(Into::into).collect());
    }

    /// Appends a row, builder style.
    pub fn row<S: Into<String>>(mut self, cells: impl IntoIterator<Item = S>) -> Columns {
        self.push(cells);
        self
    }

    /// Number of rows, the header not counted.
    pub fn len(&self) -> usize {
        self.rows.len()
    }

    /// `true` when there is no row (the header not counted).
    pub fn is_empty(&self) -> bool {
        self.rows.is_empty()
    }

    fn widths(&self) -> Vec<usize> {
        let floor = if self.markdown { 3 } else { 0 };
        let mut widths: Vec<usize> = Vec::new();
        for row in self.header.iter().chain(&self.rows) {
            for (c, cell) in row.iter().enumerate() {
                if widths.len() <= c {
                    widths.push(floor);
                }
                widths[c] = widths[c].max(width(cell));
            }
        }
        widths
    }

    fn line(&self, row: &[String], widths: &[usize]) -> String {
        let mut line = String::new();
        if self.markdown {
            line.push('|');
        } else {
            line.push_str(&" ".repeat(self.indent));
        }
        for (c, w) in widths.iter().enumerate() {
            let cell = row.get(c).map_or("", String::as_str);
            if !self.markdown && c >= row.len() {
                break;
            }
            let pad = w - width(cell).min(*w);
            let right = self.align.get(c).copied().unwrap_or_default() == Align::Right;
            if self.markdown {
                line.push(' ');
            } else if c > 0 {
                line.push_str(&" ".repeat(self.gap));
            }
            if right {
                line.push_str(&" ".repeat(pad));
            }
            line.push_str(cell);
            if !right {
                line.push_str(&" ".repeat(pad));
            }
            if self.markdown {
                line.push_str(" |");
            }
        }
        if !self.markdown {
            line.truncate(line.trim_end().len());
        }
        line
    }

    /// Writes the table, one line per row, each ending in a newline.
    pub fn write(&self, out: &mut dyn Write) -> io::Result<()> {
        let widths = self.widths();
        if let Some(h) = &self.header {
            writeln!(out, "{}", self.line(h, &widths))?;
            if self.markdown {
                let rule: Vec<String> = widths
                    .iter()
                    .enumerate()
                    .map(|(c, &w)| match self.align.get(c).copied().unwrap_or_default() {
                        Align::Right => format!("{}:", "-".repeat(w - 1)),
                        Align::Left => "-".repeat(w),
                    })
                    .collect();
                writeln!(out, "| {} |", rule.join(" | "))?;
            }
        }
        for row in &self.rows {
            writeln!(out, "{}", self.line(row, &widths))?;
        }
        Ok(())
    }

    /// The table as a string (what [`Columns::write`] writes).
    pub fn render(&self) -> String {
        let mut out = Vec::new();
        self.write(&mut out).expect("writing to a vector cannot fail");
        String::from_utf8(out).expect("cells are strings")
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn aligns_by_display_width_not_bytes() {
        // `≅` and `⊔` are three bytes each but one column wide.
        let t = Columns::new().header(["name", "value"]).row(["T_1 ⊔ T_4", "0"]).row(["F_3 ≅ F_3", "12"]);
        let text = t.render();
        let lines: Vec<&str> = text.lines().collect();
        let col = |l: &str| width(&l[..l.rfind(' ').unwrap() + 1]);
        assert_eq!(col(lines[1]), col(lines[2]), "{text}");
        assert_eq!(lines[1], "T_1 ⊔ T_4  0");
    }

    #[test]
    fn right_alignment_and_no_trailing_spaces() {
        let t = Columns::new().all_right(2).header(["n", "grundy"]).row(["10", "1"]).row(["7", "12"]);
        assert_eq!(t.render(), " n  grundy\n10       1\n 7      12\n");
        let left = Columns::new().row(["a", ""]).row(["bbb", "x"]);
        assert!(left.render().lines().all(|l| !l.ends_with(' ')), "{:?}", left.render());
    }

    #[test]
    fn markdown_has_a_rule_after_the_header() {
        let t = Columns::new().markdown(true).align(&[Align::Left, Align::Right]).header(["a", "b"]).row(["xy", "1"]);
        assert_eq!(t.render(), "| a   |   b |\n| --- | --: |\n| xy  |   1 |\n");
    }

    #[test]
    fn short_rows_end_early() {
        let t = Columns::new().row(["a", "b", "c"]).row(["long"]);
        assert_eq!(t.render(), "a     b  c\nlong\n");
    }
}
