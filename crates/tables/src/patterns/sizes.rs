//! Values by number of edges, for tables of graphs and of caterpillars.
//!
//! For each number of edges: how many graphs, how many with G = 0, the
//! largest G. Then, as for the parity classes of [`super::parity`], the
//! value (or the parity of the value) shared by most graphs with an even,
//! and with an odd, number of edges.

use super::{Hypothesis, Report, SHOWN_EXCEPTIONS, Topic, edges_of, named_value};
use crate::table::{KeyKind, Row, Table};
use std::collections::BTreeMap;

/// The share of a class that must agree before a value or parity is proposed.
const SHARE: f64 = super::parity::SHARE;

/// Adds the by-size observations of `table` to `report`.
pub fn detect(table: &Table, report: &mut Report) {
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
            format!("{e} edges: {zeros} of {} with G = 0, largest G {max}", rows.len())
        })
        .collect();
    report.notes.push(format!("by number of edges: {}", lines.join("; ")));
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
                .map(|(r, e)| format!("{} ({e} edges)", named_value(table, &r.key, r.grundy)))
                .collect(),
            note: smallest.map(|e| format!("the smallest exception has {e} edges")),
        });
    }
}
