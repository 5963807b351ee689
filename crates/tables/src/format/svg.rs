//! SVG heat maps of the Grundy value over two parameters.
//!
//! One panel (a table of one or two parameters, or one panel picked) is drawn large,
//! with every value written in its cell when the cells are big enough;
//! several panels (one per value of the leading parameters) are drawn as a
//! grid of small multiples on a shared colour scale. White is 0 (the second
//! player wins); 1, 2, ... run from yellow through green and blue to purple
//! (the viridis scale, reversed), so the rare large values stand out.

use super::WriteError;
use crate::panels::{Panel, panels};
use crate::table::Table;
use std::fmt::Write as _;
use std::io::Write;

/// The viridis scale from its light end to its dark end.
const VIRIDIS: [(u8, u8, u8); 10] = [
    (0xfd, 0xe7, 0x25),
    (0xb5, 0xde, 0x2b),
    (0x6e, 0xce, 0x58),
    (0x35, 0xb7, 0x79),
    (0x1f, 0x9e, 0x89),
    (0x26, 0x82, 0x8e),
    (0x31, 0x68, 0x8e),
    (0x3e, 0x49, 0x89),
    (0x48, 0x28, 0x78),
    (0x44, 0x01, 0x54),
];

/// The fill of a cell of value `v` on a scale whose largest value is `max`.
pub fn colour(v: u32, max: u32) -> (u8, u8, u8) {
    if v == 0 {
        return (0xff, 0xff, 0xff);
    }
    let t = if max <= 1 { 0.0 } else { f64::from(v - 1) / f64::from(max - 1) };
    let x = t * (VIRIDIS.len() - 1) as f64;
    let i = (x.floor() as usize).min(VIRIDIS.len() - 2);
    let f = x - i as f64;
    let mix = |a: u8, b: u8| (f64::from(a) + (f64::from(b) - f64::from(a)) * f).round() as u8;
    let (a, b) = (VIRIDIS[i], VIRIDIS[i + 1]);
    (mix(a.0, b.0), mix(a.1, b.1), mix(a.2, b.2))
}

fn hex((r, g, b): (u8, u8, u8)) -> String {
    format!("#{r:02x}{g:02x}{b:02x}")
}

/// Black or white, whichever reads better on the fill.
fn ink((r, g, b): (u8, u8, u8)) -> &'static str {
    let l = 0.299 * f64::from(r) + 0.587 * f64::from(g) + 0.114 * f64::from(b);
    if l > 140.0 { "#000" } else { "#fff" }
}

fn escape(s: &str) -> String {
    s.replace('&', "&amp;").replace('<', "&lt;").replace('>', "&gt;")
}

/// The line under the title that says how to read the colours.
const LEGEND_LINE: &str =
    "Grundy value of the empty state; white cells (0) are second-player wins, a dot marks a graph not in the table";

const FONT: &str = "font-family=\"DejaVu Sans, Arial, Helvetica, sans-serif\"";

/// Writes the table as an SVG picture.
pub fn write(table: &Table, fix: Option<&[usize]>, out: &mut dyn Write) -> Result<(), WriteError> {
    let ps = panels(table, fix)?;
    let max = ps.iter().flat_map(|p| p.cells.iter().flatten().flatten()).copied().max().unwrap_or(0);
    let single = ps.len() == 1;
    let largest = ps.iter().map(|p| p.rows.len().max(p.cols.len())).max().unwrap_or(1);
    let cell = if single { (640 / largest).clamp(6, 30) } else { (200 / largest).clamp(3, 14) };
    let pw = |p: &Panel| (p.cols.len() * cell, p.rows.len() * cell);
    let per_row = if single { 1 } else { (ps.len() as f64).sqrt().ceil() as usize };
    let gap_x = if single { 0 } else { 48 };
    let gap_y = if single { 0 } else { 60 };
    let (panel_w, panel_h) = ps.iter().map(pw).fold((0, 0), |(a, b), (w, h)| (a.max(w), b.max(h)));
    // Room on the left for the row labels and the row parameter's name above them.
    let row_name = ps[0].row_name.as_ref().map_or(0, |r| r.chars().count() + 2);
    let left = (row_name * 8 + 16).max(64);
    let top = if single { 116 } else { 130 };
    let legend_w = 190;
    let grid_rows = ps.len().div_ceil(per_row);
    let title = title(table, &ps);
    let first = &ps[0];
    let axes = match &first.row_name {
        Some(r) => format!("rows: {r} (top to bottom), columns: {} (left to right)", first.col_name),
        None => format!("columns: {} (left to right)", first.col_name),
    };
    let subtitle = if single {
        let t = first.title();
        if t.is_empty() { axes } else { format!("{t}; {axes}") }
    } else {
        format!("one panel per value of {}; in each panel {axes}", leading_names(first))
    };
    // Wide enough for the title and the two lines under it (about 10, 7.5
    // and 7 pixels a character at their sizes).
    let width = (left + per_row * (panel_w + gap_x) + legend_w)
        .max(32 + title.chars().count() * 10)
        .max(32 + subtitle.chars().count() * 15 / 2)
        .max(32 + LEGEND_LINE.len() * 7);
    let height = (top + grid_rows * (panel_h + gap_y) + 60).max(top + legend_height(max) + 40);

    let mut s = String::new();
    let _ = writeln!(
        s,
        "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"{width}\" height=\"{height}\" viewBox=\"0 0 {width} {height}\" {FONT}>"
    );
    let _ = writeln!(s, "<rect width=\"{width}\" height=\"{height}\" fill=\"#fff\"/>");
    let _ = writeln!(s, "<text x=\"16\" y=\"28\" font-size=\"17\" font-weight=\"bold\">{}</text>", escape(&title));
    let _ = writeln!(s, "<text x=\"16\" y=\"52\" font-size=\"13\" fill=\"#333\">{}</text>", escape(&subtitle));
    let _ = writeln!(s, "<text x=\"16\" y=\"72\" font-size=\"12\" fill=\"#555\">{LEGEND_LINE}</text>");

    for (i, p) in ps.iter().enumerate() {
        let x0 = left + (i % per_row) * (panel_w + gap_x);
        let y0 = top + (i / per_row) * (panel_h + gap_y);
        draw_panel(&mut s, p, x0, y0, cell, max, single);
    }
    draw_legend(&mut s, left + per_row * (panel_w + gap_x) + 20, top, max);
    s.push_str("</svg>\n");
    out.write_all(s.as_bytes())?;
    Ok(())
}

/// `Trimmed Game of Arrows: 3-legged spiders S(a,b,c), legs 0..40, a = 2`.
fn title(table: &Table, ps: &[Panel]) -> String {
    let what =
        table.spec.as_ref().map_or_else(|| arrows_text::count(table.rows.len() as u64, "graph"), |s| s.describe());
    let fixed = if ps.len() == 1 { ps[0].title() } else { String::new() };
    let mut t = format!("{}: {what}", table.variant_title());
    if !fixed.is_empty() {
        t.push_str(&format!(", {fixed}"));
    }
    if !table.shard.is_whole() {
        t.push_str(&format!(" (shard {})", table.shard));
    }
    t
}

fn leading_names(p: &Panel) -> String {
    p.fixed.iter().map(|(n, _)| n.as_str()).collect::<Vec<_>>().join(", ")
}

fn draw_panel(s: &mut String, p: &Panel, x0: usize, y0: usize, cell: usize, max: u32, single: bool) {
    let (w, h) = (p.cols.len() * cell, p.rows.len() * cell);
    if !single {
        let _ = writeln!(
            s,
            "<text x=\"{x0}\" y=\"{}\" font-size=\"12\" font-weight=\"bold\">{}</text>",
            y0 - 30,
            escape(&p.title())
        );
    }
    let show_values = cell >= 16;
    for (i, row) in p.cells.iter().enumerate() {
        for (j, c) in row.iter().enumerate() {
            let (x, y) = (x0 + j * cell, y0 + i * cell);
            match c {
                Some(v) => {
                    let fill = colour(*v, max);
                    let _ = writeln!(
                        s,
                        "<rect x=\"{x}\" y=\"{y}\" width=\"{cell}\" height=\"{cell}\" fill=\"{}\"><title>{}</title></rect>",
                        hex(fill),
                        escape(&cell_title(p, i, j, *v))
                    );
                    if show_values {
                        let _ = writeln!(
                            s,
                            "<text x=\"{}\" y=\"{}\" font-size=\"{}\" text-anchor=\"middle\" fill=\"{}\">{v}</text>",
                            x + cell / 2,
                            y + cell / 2 + cell / 5,
                            cell * 11 / 20,
                            ink(fill)
                        );
                    }
                }
                None => {
                    let _ = writeln!(
                        s,
                        "<circle cx=\"{}\" cy=\"{}\" r=\"{}\" fill=\"#999\"/>",
                        x + cell / 2,
                        y + cell / 2,
                        (cell / 6).max(1)
                    );
                }
            }
        }
    }
    // Grid lines when the cells are large, and a frame.
    if cell >= 10 {
        for j in 1..p.cols.len() {
            let x = x0 + j * cell;
            let _ = writeln!(
                s,
                "<line x1=\"{x}\" y1=\"{y0}\" x2=\"{x}\" y2=\"{}\" stroke=\"#ddd\" stroke-width=\"0.5\"/>",
                y0 + h
            );
        }
        for i in 1..p.rows.len() {
            let y = y0 + i * cell;
            let _ = writeln!(
                s,
                "<line x1=\"{x0}\" y1=\"{y}\" x2=\"{}\" y2=\"{y}\" stroke=\"#ddd\" stroke-width=\"0.5\"/>",
                x0 + w
            );
        }
    }
    let _ = writeln!(s, "<rect x=\"{x0}\" y=\"{y0}\" width=\"{w}\" height=\"{h}\" fill=\"none\" stroke=\"#333\"/>");
    // Tick labels: every value when there is room, else a few.
    let font = if single { 11 } else { 9 };
    // Enough cells between labels for the widest one (digits about 0.62 em wide).
    let digits = p.cols.iter().chain(&p.rows).max().map_or(1, |m| m.to_string().len());
    let need = (digits * font * 62 / 100 + 4).div_ceil(cell.max(1));
    let step = [1, 2, 5, 10, 20, 50, 100].into_iter().find(|&k| k >= need).unwrap_or(need);
    for (j, x) in p.cols.iter().enumerate() {
        if j % step == 0 || j + 1 == p.cols.len() {
            let _ = writeln!(
                s,
                "<text x=\"{}\" y=\"{}\" font-size=\"{font}\" text-anchor=\"middle\" fill=\"#333\">{x}</text>",
                x0 + j * cell + cell / 2,
                y0 - 4
            );
        }
    }
    if p.row_name.is_some() {
        for (i, y) in p.rows.iter().enumerate() {
            if i % step == 0 || i + 1 == p.rows.len() {
                let _ = writeln!(
                    s,
                    "<text x=\"{}\" y=\"{}\" font-size=\"{font}\" text-anchor=\"end\" fill=\"#333\">{y}</text>",
                    x0 - 4,
                    y0 + i * cell + cell / 2 + font / 3
                );
            }
        }
    }
    // Axis names.
    let _ = writeln!(
        s,
        "<text x=\"{}\" y=\"{}\" font-size=\"{}\" text-anchor=\"middle\" font-style=\"italic\">{} \u{2192}</text>",
        x0 + w / 2,
        y0 + h + font + 6,
        font + 2,
        escape(&p.col_name)
    );
    if let Some(r) = &p.row_name {
        // Above the row labels, pointing down the rows.
        let _ = writeln!(
            s,
            "<text x=\"{}\" y=\"{}\" font-size=\"{}\" text-anchor=\"end\" font-style=\"italic\">{} \u{2193}</text>",
            x0 - 4,
            y0 - font - 6,
            font + 2,
            escape(r)
        );
    }
}

fn cell_title(p: &Panel, i: usize, j: usize, v: u32) -> String {
    let mut parts: Vec<String> = p.fixed.iter().map(|(n, x)| format!("{n}={x}")).collect();
    if let Some(r) = &p.row_name {
        parts.push(format!("{r}={}", p.rows[i]));
    }
    parts.push(format!("{}={}", p.col_name, p.cols[j]));
    format!("{}: grundy {v}", parts.join(", "))
}

/// Values listed one swatch each up to this maximum; beyond, a gradient bar.
const SWATCHES: u32 = 24;

fn legend_height(max: u32) -> usize {
    if max <= SWATCHES { (max as usize + 1) * 18 + 30 } else { 300 }
}

fn draw_legend(s: &mut String, x: usize, y: usize, max: u32) {
    let _ = writeln!(s, "<text x=\"{x}\" y=\"{}\" font-size=\"13\" font-weight=\"bold\">Grundy value</text>", y - 6);
    if max <= SWATCHES {
        for v in 0..=max {
            let fill = colour(v, max);
            let yy = y + v as usize * 18;
            let _ = writeln!(
                s,
                "<rect x=\"{x}\" y=\"{yy}\" width=\"16\" height=\"16\" fill=\"{}\" stroke=\"#333\" stroke-width=\"0.5\"/>",
                hex(fill)
            );
            let label = if v == 0 { "0  second player wins".to_string() } else { v.to_string() };
            let _ = writeln!(s, "<text x=\"{}\" y=\"{}\" font-size=\"12\">{label}</text>", x + 22, yy + 12);
        }
    } else {
        let _ = writeln!(
            s,
            "<rect x=\"{x}\" y=\"{y}\" width=\"16\" height=\"16\" fill=\"#fff\" stroke=\"#333\" stroke-width=\"0.5\"/>"
        );
        let _ = writeln!(s, "<text x=\"{}\" y=\"{}\" font-size=\"12\">0  second player wins</text>", x + 22, y + 12);
        let bar = 240;
        let y1 = y + 26;
        for k in 0..bar {
            let v = 1 + (u64::from(max - 1) * k as u64 / (bar as u64 - 1)) as u32;
            let _ = writeln!(
                s,
                "<rect x=\"{x}\" y=\"{}\" width=\"16\" height=\"1.2\" fill=\"{}\"/>",
                y1 + k,
                hex(colour(v, max))
            );
        }
        for (k, v) in [(0, 1), (bar / 2, 1 + (max - 1) / 2), (bar - 1, max)] {
            let _ = writeln!(s, "<text x=\"{}\" y=\"{}\" font-size=\"12\">{v}</text>", x + 22, y1 + k + 4);
        }
    }
}
