//! The text of a decomposition (`--explain`, and `explain` in `arrows play`).

use arrows_solve::explain::{Explanation, Piece};
use arrows_text::{Columns, count};
use std::io::{self, Write};

/// Edges shown per component before the list is shortened.
const SHOWN: usize = 8;

/// A component's edges, the first few of a long list.
fn edges(p: &Piece) -> String {
    let mut list: Vec<&str> = p.edges.iter().take(SHOWN).map(String::as_str).collect();
    let more;
    if p.edges.len() > SHOWN {
        more = format!("… ({} in all)", count(p.edges.len() as u64, "edge"));
        list.push(&more);
    }
    list.join(", ")
}

/// The vertices that need something other than both arrows (the rest need both).
fn labels(p: &Piece) -> String {
    let special: Vec<String> =
        p.vertices.iter().filter(|l| l.label != "needs-both").map(|l| format!("{} {}", l.vertex, l.label)).collect();
    let both = p.vertices.len() - special.len();
    let mut out = special.join(", ");
    if both > 0 {
        if !out.is_empty() {
            out.push_str("; ");
        }
        out.push_str(&format!("{} needing both", count(both as u64, "vertex|vertices")));
    }
    out
}

/// The live cells (Game of Cycles): each as the one way it may be
/// completed, `0>1>2>0`, or its walk and `either way`.
fn cells(p: &Piece) -> String {
    let each: Vec<String> = p
        .cells
        .iter()
        .map(|c| if c.completes.contains('>') { c.completes.clone() } else { format!("{} {}", c.walk, c.completes) })
        .collect();
    each.join("; ")
}

/// Writes the decomposition: one row per component (with a column of live
/// cells in the Game of Cycles), the nim-sum line, and what each winning
/// move does.
pub fn write_explanation(out: &mut impl Write, x: &Explanation) -> io::Result<()> {
    writeln!(out, "components     {}", x.components.len())?;
    let with_cells = x.components.iter().any(|p| !p.cells.is_empty());
    let mut header = vec!["#", "shape", "value", "edges", "vertices"];
    if with_cells {
        header.push("live cells");
    }
    let mut table = Columns::new().indent(2).header(header);
    for (i, p) in x.components.iter().enumerate() {
        let mut row = vec![(i + 1).to_string(), p.shape.clone(), p.grundy.to_string(), edges(p), labels(p)];
        if with_cells {
            row.push(cells(p));
        }
        table.push(row);
    }
    if !x.components.is_empty() {
        table.write(out)?;
    }
    if !x.dead_edges.is_empty() {
        writeln!(out, "dead edges     {} (no player can ever mark them)", x.dead_edges.join(", "))?;
    }
    writeln!(out, "nim-sum        {}", x.nim_sum_line())?;
    for w in &x.winning_moves {
        let into: Vec<String> = w.into.iter().map(|p| format!("{} ({})", p.shape, p.grundy)).collect();
        let into = if into.is_empty() { "nothing".to_string() } else { into.join(" ⊕ ") };
        writeln!(
            out,
            "winning move   {} in component {}: its value {} becomes {}, leaving {into}",
            w.arrow,
            w.component + 1,
            w.from,
            w.to
        )?;
    }
    if x.effects_left_out > 0 {
        writeln!(
            out,
            "winning move   {} more, as listed under winning moves (what each does is shown for the first {})",
            x.effects_left_out,
            x.winning_moves.len()
        )?;
    }
    Ok(())
}
