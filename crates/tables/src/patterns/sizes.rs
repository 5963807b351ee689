//! Values by number of edges, for tables of graphs and of caterpillars.
//!
//! For each number of edges: how many graphs, how many with G = 0, the
//! largest G. Then, as for the parity classes of [`super::parity`], the
//! value (or the parity of the value) shared by most graphs with an even,
//! and with an odd, number of edges.

use super::{Hypothesis, Report, SHOWN_EXCEPTIONS, Topic, edges_of, name, named_value};
use crate::table::{KeyKind, Row, Table};
use std::collections::BTreeMap;

/// Every table: the values that occur, and the hypothesis that G stays
/// below 2 when no graph of the table goes higher.
fn value_range(table: &Table, report: &mut Report) {
    let mut counts: BTreeMap<u32, usize> = BTreeMap::new();
    for r in &table.rows {
        *counts.entry(r.grundy).or_default() += 1;
    }
    let Some((&max, _)) = counts.last_key_value() else { return };
    let at: Vec<String> = table.rows.iter().filter(|r| r.grundy == max).take(3).map(|r| name(table, &r.key)).collect();
    let shares: Vec<String> = counts.iter().map(|(v, c)| format!("{v} ({c})")).collect();
    report.notes.push(format!(
        "values of G, with the number of graphs: {}\nthe largest, {max}, at {}",
        shares.join(", "),
        at.join(", ")
    ));
    // At most one graph in a hundred above 1: propose that G is 0 or 1.
    let n = table.rows.len();
    let small = counts.range(..=1).map(|(_, c)| c).sum::<usize>();
    if n >= super::parity::MIN_CLASS && small * 100 >= n * 99 {
        let wrong: Vec<_> = table.rows.iter().filter(|r| r.grundy > 1).collect();
        let smallest = wrong.iter().filter_map(|r| edges_of(table, &r.key)).min();
        report.hypotheses.push(Hypothesis {
            topic: Topic::Size,
            statement: "G is 0 or 1 on every graph of the family.".into(),
            checked: n,
            supported: small,
            exceptions: wrong.iter().take(SHOWN_EXCEPTIONS).map(|r| named_value(table, &r.key, r.grundy)).collect(),
            note: smallest.map(|e| format!("the smallest exception has {}", arrows_text::count(e as u64, "edge"))),
        });
    }
}

/// The share of a class that must agree before a value or parity is proposed.
const SHARE: f64 = super::parity::SHARE;

/// Adds the by-size observations of `table` to `report`.
pub fn detect(table: &Table, report: &mut Report) {
    value_range(table, report);
    if table.key_kind() == KeyKind::Numbers {
        return;
    }
    let mut by_edges: BTreeMap<usize, Vec<&Row>> = BTreeMap::new();
    for r in &table.rows {
        let Some(e) = edges_of(table, &r.key) else { return };
        by_edges.entry(e).or_default().push(r);
    }
    let lines: Vec<String> = by_edges
        .iter()
        .map(|(e, rows)| {
            let zeros = rows.iter().filter(|r| r.grundy == 0).count();
            let max = rows.iter().map(|r| r.grundy).max().unwrap_or(0);
            let s = if *e == 1 { "" } else { "s" };
            format!("{e} edge{s}: {zeros} of {} with G = 0, largest G {max}", rows.len())
        })
        .collect();
    report.notes.push(format!("by number of edges:\n{}", lines.join("\n")));
    for parity in [0, 1] {
        let members: Vec<(&Row, usize)> = by_edges
            .iter()
            .filter(|(e, _)| *e % 2 == parity)
            .flat_map(|(e, rows)| rows.iter().map(move |r| (*r, *e)))
            .collect();
        if members.len() < super::parity::MIN_CLASS {
            continue;
        }
        let when = format!("the number of edges is {}", if parity == 0 { "even" } else { "odd" });
        let n = members.len();
        let mut counts: BTreeMap<u32, usize> = BTreeMap::new();
        for (r, _) in &members {
            *counts.entry(r.grundy).or_default() += 1;
        }
        let (&top, &top_n) = counts.iter().max_by_key(|&(v, c)| (*c, std::cmp::Reverse(*v))).expect("a member");
        let odd = members.iter().filter(|(r, _)| r.grundy % 2 == 1).count();
        let (statement, holds): (String, Box<dyn Fn(u32) -> bool>) = if top_n as f64 >= SHARE * n as f64 {
            (format!("When {when}, G = {top}."), Box::new(move |v| v == top))
        } else if odd as f64 >= SHARE * n as f64 {
            (format!("When {when}, G is odd."), Box::new(|v| v % 2 == 1))
        } else if (n - odd) as f64 >= SHARE * n as f64 {
            (format!("When {when}, G is even."), Box::new(|v| v % 2 == 0))
        } else {
            continue;
        };
        let wrong: Vec<_> = members.iter().filter(|(r, _)| !holds(r.grundy)).collect();
        let smallest = wrong.iter().map(|(_, e)| *e).min();
        report.hypotheses.push(Hypothesis {
            topic: Topic::Size,
            statement,
            checked: n,
            supported: n - wrong.len(),
            exceptions: wrong
                .iter()
                .take(SHOWN_EXCEPTIONS)
                .map(|(r, e)| {
                    format!("{} ({})", named_value(table, &r.key, r.grundy), arrows_text::count(*e as u64, "edge"))
                })
                .collect(),
            note: smallest.map(|e| format!("the smallest exception has {}", arrows_text::count(e as u64, "edge"))),
        });
    }
}
