//! The second-player wins: the graphs of value 0.
//!
//! The rows are split into classes (parity classes of the parameters for a
//! table of numbers, the parity of the number of edges otherwise). The
//! classes where at least two thirds of the graphs have value 0 are
//! proposed as exactly the second-player wins; the graphs on the wrong side
//! of that line are the exceptions. When no class qualifies, a note gives
//! the counts instead.

use super::parity::{class_of, describe_class};
use super::{Hypothesis, Report, SHOWN_EXCEPTIONS, Topic, edges_of, named_value};
use crate::family::Key;
use crate::table::{KeyKind, Table};
use std::collections::BTreeMap;

/// A row's class, and the words for it.
fn classify(table: &Table, key: &Key) -> Option<(Vec<usize>, String)> {
    match key {
        Key::Numbers(v) if table.key_kind() == KeyKind::Numbers => {
            let c = class_of(v, table.symmetric());
            let words = describe_class(&c, table);
            Some((c, words))
        }
        _ => {
            let e = edges_of(table, key)?;
            Some((vec![e % 2], format!("the number of edges is {}", if e % 2 == 0 { "even" } else { "odd" })))
        }
    }
}

/// Adds the second-player-win hypothesis of `table` to `report`.
pub fn detect(table: &Table, report: &mut Report) {
    let mut classes: BTreeMap<Vec<usize>, (String, usize, usize)> = BTreeMap::new();
    let mut keyed = Vec::with_capacity(table.rows.len());
    for r in &table.rows {
        let Some((c, words)) = classify(table, &r.key) else { return };
        let e = classes.entry(c.clone()).or_insert((words, 0, 0));
        e.1 += 1;
        e.2 += usize::from(r.grundy == 0);
        keyed.push((c, r));
    }
    let total = table.rows.len();
    let zeros: usize = classes.values().map(|c| c.2).sum();
    let tally: Vec<String> = classes.values().map(|(w, n, z)| format!("{w}: {z} of {n}")).collect();
    if zeros == 0 {
        report.notes.push(format!("second-player wins: none among the {}", arrows_text::count(total as u64, "graph")));
        return;
    }
    let by_class = format!(
        "G = 0 in {zeros} of the {}, by class:\n{}",
        arrows_text::count(total as u64, "graph"),
        tally.join("\n")
    );
    // A class is proposed when at least two thirds of it has G = 0.
    let chosen: Vec<&Vec<usize>> = classes.iter().filter(|(_, (_, n, z))| 3 * z >= 2 * n).map(|(c, _)| c).collect();
    if chosen.is_empty() {
        report.notes.push(format!("second-player wins: no class has G = 0 in two thirds of its graphs; {by_class}"));
        return;
    }
    let wrong: Vec<_> = keyed.iter().filter(|(c, r)| chosen.contains(&c) != (r.grundy == 0)).collect();
    let words: Vec<&str> = chosen.iter().map(|c| classes[*c].0.as_str()).collect();
    let statement = format!("The second player wins (G = 0) exactly when {}.", words.join(", or when "));
    report.hypotheses.push(Hypothesis {
        topic: Topic::SecondPlayer,
        statement,
        checked: total,
        supported: total - wrong.len(),
        exceptions: wrong.iter().take(SHOWN_EXCEPTIONS).map(|(_, r)| named_value(table, &r.key, r.grundy)).collect(),
        note: Some(by_class),
    });
}
