//! The value within each class of parameter parities.
//!
//! Rows are grouped by the parities of their parameters (for a spider, by
//! how many legs are odd; a leg of length 0 counts as even). In each class
//! the commonest value is proposed as the value of the class when at least
//! [`SHARE`] of the class has it, else the commonest parity of the value;
//! a class where neither dominates is described in a note.

use super::{Hypothesis, NumericRow, Report, SHOWN_EXCEPTIONS, Topic, named_value, numeric_rows, parameter_word};
use crate::table::Table;
use std::collections::BTreeMap;

/// The share of a class that must agree before a value or a parity is proposed.
pub const SHARE: f64 = 0.85;
/// The smallest class worth a hypothesis.
pub const MIN_CLASS: usize = 5;

/// The parity class of a key: for symmetric tables the number of odd
/// entries, else the parities in column order.
pub fn class_of(key: &[usize], symmetric: bool) -> Vec<usize> {
    if symmetric { vec![key.iter().filter(|&&x| x % 2 == 1).count()] } else { key.iter().map(|x| x % 2).collect() }
}

/// Words for a parity class, e.g. "every leg is even", "handle is odd and bristles is even".
pub fn describe_class(class: &[usize], table: &Table) -> String {
    if table.symmetric() {
        let (odd, k) = (class[0], table.columns.len());
        return match odd {
            0 if k == 1 => "the leg is even".into(),
            0 => "every leg is even (a leg of length 0 counts as even)".into(),
            o if o == k && k == 1 => "the leg is odd".into(),
            o if o == k => "every leg is odd".into(),
            1 => format!("exactly one of the {k} legs is odd"),
            o => format!("exactly {o} of the {k} legs are odd"),
        };
    }
    let parts: Vec<String> = table
        .columns
        .iter()
        .zip(class)
        .map(|(c, p)| format!("{c} is {}", if *p == 0 { "even" } else { "odd" }))
        .collect();
    parts.join(" and ")
}

/// Adds the parity hypotheses of `table` to `report`.
pub fn detect(table: &Table, report: &mut Report) {
    let Some(rows) = numeric_rows(table) else { return };
    let symmetric = table.symmetric();
    if rows.first().is_some_and(|r| super::edges_of(table, r.2).is_some()) {
        parity_of_sum(table, &rows, report);
    }
    let mut classes: BTreeMap<Vec<usize>, Vec<NumericRow<'_>>> = BTreeMap::new();
    for r in rows {
        classes.entry(class_of(r.0, symmetric)).or_default().push(r);
    }
    for (class, members) in &classes {
        if members.len() < MIN_CLASS {
            continue;
        }
        let when = describe_class(class, table);
        let mut counts: BTreeMap<u32, usize> = BTreeMap::new();
        for m in members {
            *counts.entry(m.1).or_default() += 1;
        }
        let (&top, &top_n) = counts.iter().max_by_key(|&(v, n)| (*n, std::cmp::Reverse(*v))).expect("a member");
        let n = members.len();
        if top_n as f64 >= SHARE * n as f64 {
            let exceptions: Vec<_> = members.iter().filter(|m| m.1 != top).collect();
            report.hypotheses.push(Hypothesis {
                topic: Topic::Parity,
                statement: format!("When {when}, G = {top}."),
                checked: n,
                supported: top_n,
                exceptions: exceptions.iter().take(SHOWN_EXCEPTIONS).map(|m| named_value(table, m.2, m.1)).collect(),
                note: threshold_note(members, parameter_word(table), |v| v == top),
            });
            continue;
        }
        let odd = members.iter().filter(|m| m.1 % 2 == 1).count();
        let (parity, agree) = if odd * 2 >= n { (1, odd) } else { (0, n - odd) };
        if agree as f64 >= SHARE * n as f64 {
            let exceptions: Vec<_> = members.iter().filter(|m| m.1 % 2 != parity).collect();
            report.hypotheses.push(Hypothesis {
                topic: Topic::Parity,
                statement: format!("When {when}, G is {}.", if parity == 1 { "odd" } else { "even" }),
                checked: n,
                supported: agree,
                exceptions: exceptions.iter().take(SHOWN_EXCEPTIONS).map(|m| named_value(table, m.2, m.1)).collect(),
                note: threshold_note(members, parameter_word(table), |v| v % 2 == parity),
            });
            continue;
        }
        let mut by_count: Vec<(u32, usize)> = counts.into_iter().collect();
        by_count.sort_by_key(|&(v, c)| (std::cmp::Reverse(c), v));
        let shares: Vec<String> =
            by_count.iter().take(5).map(|(v, c)| format!("{v} ({:.0}%)", 100.0 * *c as f64 / n as f64)).collect();
        report.notes.push(format!(
            "when {when} ({n} graphs), no value or parity of G dominates: {}{}",
            shares.join(", "),
            if by_count.len() > 5 { ", ..." } else { "" }
        ));
    }
}

/// One rule for every class: `G = (sum of the parameters + c) mod 2`.
fn parity_of_sum(table: &Table, rows: &[NumericRow<'_>], report: &mut Report) {
    let n = rows.len();
    for c in [0, 1] {
        let holds = |r: &NumericRow<'_>| r.1 as usize == (r.0.iter().sum::<usize>() + c) % 2;
        let agree = rows.iter().filter(|r| holds(r)).count();
        if n < MIN_CLASS || (agree as f64) < SHARE * n as f64 {
            continue;
        }
        let sum = table.columns.join(" + ");
        let shift = if c == 0 { String::new() } else { format!(" + {c}") };
        let wrong: Vec<_> = rows.iter().filter(|r| !holds(r)).collect();
        report.hypotheses.push(Hypothesis {
            topic: Topic::Parity,
            statement: format!(
                "G = ({sum}{shift}) mod 2: the parity of the number of edges{}.",
                if c == 0 { "" } else { ", plus one" }
            ),
            checked: n,
            supported: agree,
            exceptions: wrong.iter().take(SHOWN_EXCEPTIONS).map(|m| named_value(table, m.2, m.1)).collect(),
            note: None,
        });
    }
}

/// Where the exceptions stop: "without exception among the N graphs whose
/// every leg is at least m" when that leaves a tenth of the class (and at
/// least [`MIN_CLASS`] graphs), else how far the exceptions reach.
fn threshold_note(members: &[NumericRow<'_>], word: &str, holds: impl Fn(u32) -> bool) -> Option<String> {
    let worst = members.iter().filter(|m| !holds(m.1)).map(|m| m.0.iter().copied().min().unwrap_or(0)).max()?;
    let m = worst + 1;
    let left = members.iter().filter(|r| r.0.iter().all(|&x| x >= m)).count();
    Some(if left >= MIN_CLASS && left * 10 >= members.len() {
        format!(
            "without exception among the {} whose every {word} is at least {m}",
            arrows_text::count(left as u64, "graph")
        )
    } else {
        format!("the exceptions reach graphs whose shortest {word} is {worst}")
    })
}
