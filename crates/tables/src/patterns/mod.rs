//! Patterns in a table, stated as hypotheses with the rows that support
//! them and the rows that do not.
//!
//! Nothing here proves anything: each detector looks at the finite table it
//! is given and reports what holds *in it*, with counts, exceptions, and
//! the scope it checked. The detectors:
//!
//! * [`parity`]: the value within each class of parameter parities;
//! * [`pairs`]: whether two equal legs of a spider change the value;
//! * [`closed_form`]: formulas `s + ((a-t) xor (b-t) xor ...)` fitted to the rows;
//! * [`period`]: periodicity along one parameter, with period, preperiod and saltus;
//! * [`second_player`]: the graphs of value 0, and how they split;
//! * [`sizes`]: for graph tables, the values by number of edges.
//!
//! The trees of a graph table are named by their shape (a path, a spider,
//! a caterpillar) with [`arrows_core::shape`].

pub mod closed_form;
pub mod pairs;
pub mod parity;
pub mod period;
pub mod second_player;
pub mod sizes;

use crate::family::{Key, Spec};
use crate::table::{KeyKind, Table};
use arrows_core::shape::Shape;
use serde::Serialize;
use std::fmt::Write as _;

/// The kind of a pattern.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum Topic {
    /// Dependence on the parities of the parameters.
    Parity,
    /// Equal legs of a spider.
    EqualLegs,
    /// A closed form of nim-sum kind.
    ClosedForm,
    /// Periodicity along one parameter.
    Period,
    /// The second-player wins (value 0).
    SecondPlayer,
    /// Values by size.
    Size,
}

impl Topic {
    /// A short label for the text report.
    pub fn label(self) -> &'static str {
        match self {
            Topic::Parity => "parity",
            Topic::EqualLegs => "equal legs",
            Topic::ClosedForm => "closed form",
            Topic::Period => "period",
            Topic::SecondPlayer => "second player",
            Topic::Size => "size",
        }
    }
}

/// A pattern seen in the table: a statement, how many rows it was checked
/// on, how many agree, and the first few that do not.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Hypothesis {
    /// What kind of pattern.
    pub topic: Topic,
    /// The statement, as a hypothesis about the family.
    pub statement: String,
    /// The rows (or lines, for periodicity) the statement was checked on.
    pub checked: usize,
    /// How many of them agree.
    pub supported: usize,
    /// A few of the exceptions, e.g. `S(2,6,8,10) = 1`.
    pub exceptions: Vec<String>,
    /// Anything the reader needs to weigh it: a threshold, the best rival,
    /// the counts by class (lines separated by newlines).
    pub note: Option<String>,
}

impl Hypothesis {
    /// The number of exceptions.
    pub fn exception_count(&self) -> usize {
        self.checked - self.supported
    }
}

/// Everything found in one table.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Report {
    /// What the table is.
    pub table: String,
    /// The hypotheses, strongest first within each topic.
    pub hypotheses: Vec<Hypothesis>,
    /// Observations that are not hypotheses (e.g. a detector that found
    /// nothing); a note may run over several lines.
    pub notes: Vec<String>,
}

/// How many exceptions a hypothesis lists by name.
pub const SHOWN_EXCEPTIONS: usize = 8;

/// Looks for every kind of pattern the table's keys allow.
pub fn analyze(table: &Table) -> Report {
    let mut report = Report { table: table.caption(), hypotheses: Vec::new(), notes: Vec::new() };
    if table.rows.is_empty() {
        report.notes.push("the table has no rows".into());
        return report;
    }
    if !table.is_complete() {
        report.notes.push(format!(
            "this is shard {} of the sweep: patterns are sought in its {} rows only; merge the shards first",
            table.shard,
            table.rows.len()
        ));
    }
    let parts: [fn(&Table, &mut Report); 6] =
        [parity::detect, pairs::detect, closed_form::detect, period::detect, second_player::detect, sizes::detect];
    for detect in parts {
        detect(table, &mut report);
    }
    report
}

/// The name of a row's graph, e.g. `S(2,6,8,10)`, `P_7`, `broom(3,2)`; the
/// family is the table's sweep, or else is read from the column names.
pub fn name(table: &Table, key: &Key) -> String {
    let list = |v: &[usize]| v.iter().map(usize::to_string).collect::<Vec<_>>().join(",");
    let columns: Vec<&str> = table.columns.iter().map(String::as_str).collect();
    let path = matches!(table.spec, Some(Spec::Path { .. })) || (table.spec.is_none() && columns == ["n"]);
    let star = matches!(table.spec, Some(Spec::Star { .. })) || (table.spec.is_none() && columns == ["k"]);
    let broom =
        matches!(table.spec, Some(Spec::Broom { .. })) || (table.spec.is_none() && columns == ["handle", "bristles"]);
    match key {
        Key::Numbers(v) if path => format!("P_{}", v[0]),
        Key::Numbers(v) if star => format!("K_1,{}", v[0]),
        Key::Numbers(v) if broom => format!("broom({})", list(v)),
        Key::Numbers(v) if table.symmetric() => format!("S({})", list(v)),
        Key::Numbers(v) => {
            let parts: Vec<String> = table.columns.iter().zip(v).map(|(c, x)| format!("{c}={x}")).collect();
            format!("({})", parts.join(", "))
        }
        Key::List(v) => format!("caterpillar({})", list(v)),
        Key::Graph6(s) => match arrows_core::formats::parse_graph_line(s).ok().and_then(|g| Shape::of(&g).name()) {
            Some(shape) => format!("{s} ({shape})"),
            None => s.clone(),
        },
    }
}

/// `name = value`, for listing exceptions.
pub fn named_value(table: &Table, key: &Key, value: u32) -> String {
    format!("{} = {value}", name(table, key))
}

/// A row of a table of numbers: its parameters, its value, its key.
pub type NumericRow<'a> = (&'a [usize], u32, &'a Key);

/// The numeric keys of a table with one number per column, `None` otherwise.
pub fn numeric_rows(table: &Table) -> Option<Vec<NumericRow<'_>>> {
    if table.key_kind() != KeyKind::Numbers {
        return None;
    }
    Some(
        table
            .rows
            .iter()
            .filter_map(|r| match &r.key {
                Key::Numbers(v) => Some((v.as_slice(), r.grundy, &r.key)),
                _ => None,
            })
            .collect(),
    )
}

/// The number of edges of a row's graph, from its key.
pub fn edges_of(table: &Table, key: &Key) -> Option<usize> {
    let columns: Vec<&str> = table.columns.iter().map(String::as_str).collect();
    let sums = match &table.spec {
        // Spiders, paths, stars and brooms: the parameters add up to the edges.
        Some(spec) => spec.column_ranges().is_some(),
        None => table.symmetric() || [&["n"][..], &["k"], &["handle", "bristles"]].contains(&columns.as_slice()),
    };
    match key {
        Key::Numbers(v) => sums.then(|| v.iter().sum()),
        Key::List(v) => Some(v.len() - 1 + v.iter().sum::<usize>()),
        Key::Graph6(s) => arrows_core::formats::parse_graph_line(s).ok().map(|g| g.edge_count()),
    }
}

/// The word for the table's parameters: "leg" for spiders, "parameter" otherwise.
pub fn parameter_word(table: &Table) -> &'static str {
    if table.symmetric() { "leg" } else { "parameter" }
}

/// `prefix` and the first line of `text`, then its other lines indented under it.
fn lines(prefix: &str, text: &str) -> String {
    let indent = " ".repeat(prefix.len() + 4);
    let mut out = String::new();
    for (i, line) in text.lines().enumerate() {
        if i == 0 {
            out.push_str(prefix);
        } else {
            out.push('\n');
            out.push_str(&indent);
        }
        out.push_str(line);
    }
    out
}

/// Writes the report as text.
pub fn write_text(report: &Report, out: &mut dyn std::io::Write) -> std::io::Result<()> {
    let mut s = String::new();
    let _ = writeln!(s, "Patterns in: {}", report.table);
    let _ = writeln!(s, "Each line is a hypothesis about the family, checked on this table only; none is a theorem.");
    for h in &report.hypotheses {
        let _ = writeln!(s);
        let _ = writeln!(s, "[{}] {}", h.topic.label(), h.statement);
        let exceptions = h.exception_count();
        let cases = arrows_text::count(h.checked as u64, "case");
        let tally = if exceptions == 0 {
            format!("holds in all {cases} checked, no exception")
        } else {
            let supported = arrows_text::thousands(h.supported as u64);
            format!("holds in {supported} of {cases} checked, {}", arrows_text::count(exceptions as u64, "exception"))
        };
        let _ = writeln!(s, "    {tally}");
        if !h.exceptions.is_empty() {
            let more = if exceptions > h.exceptions.len() { ", ..." } else { "" };
            let _ = writeln!(s, "    exceptions: {}{more}", h.exceptions.join("; "));
        }
        if let Some(n) = &h.note {
            let _ = writeln!(s, "{}", lines("    ", n));
        }
    }
    if !report.notes.is_empty() {
        let _ = writeln!(s);
        for n in &report.notes {
            let _ = writeln!(s, "{}", lines("note: ", n));
        }
    }
    out.write_all(s.as_bytes())
}
