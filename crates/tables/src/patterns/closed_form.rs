//! Closed forms of the kind of Theorem 8.2: `G = s + ((a-t) xor (b-t) xor ...)`.
//!
//! Every shift `t` in `0..=MAX_SHIFT` and offset `s` in `-MAX_OFFSET..=MAX_OFFSET`
//! is fitted against the rows whose parameters are all at least `t`, over
//! the whole table and over each parity class (see [`super::parity`]). A
//! fit that matches at least [`SHARE`] of its rows is proposed; otherwise
//! a note gives the closest one, so that a reader knows the search was made.

use super::parity::{class_of, describe_class};
use super::{Hypothesis, NumericRow, Report, SHOWN_EXCEPTIONS, Topic, named_value, numeric_rows, parameter_word};
use crate::table::Table;
use std::collections::BTreeMap;

/// The largest shift tried.
pub const MAX_SHIFT: usize = 3;
/// The largest offset tried (both signs).
pub const MAX_OFFSET: i64 = 3;
/// The share of the rows in scope a proposed formula must match.
pub const SHARE: f64 = 0.9;
/// The fewest rows in scope for a proposal.
const MIN_ROWS: usize = 10;

/// The formula's value: `s + xor(p_i - t)`, or `None` if a parameter is below `t`.
pub fn formula(key: &[usize], s: i64, t: usize) -> Option<i64> {
    if key.iter().any(|&x| x < t) {
        return None;
    }
    Some(s + key.iter().fold(0usize, |acc, &x| acc ^ (x - t)) as i64)
}

/// The formula in words, with the table's column names: `2 + ((a-2) xor (b-2) xor (c-2))`.
pub fn render(columns: &[String], s: i64, t: usize) -> String {
    let term = |c: &String| if t == 0 { c.clone() } else { format!("({c}-{t})") };
    let xor = columns.iter().map(term).collect::<Vec<_>>().join(" xor ");
    let body = if columns.len() > 1 { format!("({xor})") } else { xor };
    match s {
        0 => body,
        s if s > 0 => format!("{s} + {body}"),
        s => format!("{body} - {}", -s),
    }
}

/// One candidate's score on a set of rows.
#[derive(Debug, Clone, Copy)]
struct Fit {
    s: i64,
    t: usize,
    checked: usize,
    matched: usize,
}

impl Fit {
    fn rate(&self) -> f64 {
        if self.checked == 0 { 0.0 } else { self.matched as f64 / self.checked as f64 }
    }
}

type Rows<'a> = Vec<NumericRow<'a>>;

fn best_fit(rows: &Rows<'_>) -> Option<Fit> {
    let mut best: Option<Fit> = None;
    for t in 0..=MAX_SHIFT {
        for s in -MAX_OFFSET..=MAX_OFFSET {
            let mut fit = Fit { s, t, checked: 0, matched: 0 };
            for (key, value, _) in rows {
                if let Some(f) = formula(key, s, t) {
                    fit.checked += 1;
                    fit.matched += usize::from(f == i64::from(*value));
                }
            }
            if fit.checked < MIN_ROWS {
                continue;
            }
            let better = match best {
                None => true,
                Some(b) => (fit.rate(), fit.checked) > (b.rate(), b.checked),
            };
            if better {
                best = Some(fit);
            }
        }
    }
    best
}

/// Adds the closed-form hypotheses of `table` to `report`.
pub fn detect(table: &Table, report: &mut Report) {
    let Some(rows) = numeric_rows(table) else { return };
    let symmetric = table.symmetric();
    let mut scopes: Vec<(Option<Vec<usize>>, Rows<'_>)> = vec![(None, rows.clone())];
    let mut classes: BTreeMap<Vec<usize>, Rows<'_>> = BTreeMap::new();
    for r in &rows {
        classes.entry(class_of(r.0, symmetric)).or_default().push(*r);
    }
    if classes.len() > 1 {
        scopes.extend(classes.into_iter().map(|(c, r)| (Some(c), r)));
    }
    let mut closest: Option<(Fit, String)> = None;
    let mut proposed = 0;
    for (class, members) in &scopes {
        let Some(fit) = best_fit(members) else { continue };
        let scope = match class {
            None => "all graphs of the table".to_string(),
            Some(c) => format!("the graphs where {}", describe_class(c, table)),
        };
        if fit.rate() >= SHARE {
            let wrong: Vec<_> = members
                .iter()
                .filter(|(k, v, _)| formula(k, fit.s, fit.t).is_some_and(|f| f != i64::from(*v)))
                .collect();
            let word = parameter_word(table);
            let since = if fit.t == 0 { String::new() } else { format!(" (every {word} at least {})", fit.t) };
            let threshold = wrong.iter().map(|(k, _, _)| k.iter().copied().min().unwrap_or(0)).max().map(|m| {
                let left = members.iter().filter(|(k, _, _)| k.iter().all(|&x| x > m)).count();
                format!(
                    "without exception among the {} whose every {word} is at least {}",
                    arrows_text::count(left as u64, "graph"),
                    m + 1
                )
            });
            report.hypotheses.push(Hypothesis {
                topic: Topic::ClosedForm,
                statement: format!("For {scope}{since}, G = {}.", render(&table.columns, fit.s, fit.t)),
                checked: fit.checked,
                supported: fit.matched,
                exceptions: wrong
                    .iter()
                    .take(SHOWN_EXCEPTIONS)
                    .map(|(k, v, key)| {
                        let f = formula(k, fit.s, fit.t).unwrap_or_default();
                        format!("{} (formula {f})", named_value(table, key, *v))
                    })
                    .collect(),
                note: threshold,
            });
            proposed += 1;
            if class.is_none() {
                // The whole table fits: the classes would only repeat it.
                break;
            }
        } else if closest.as_ref().is_none_or(|(b, _)| fit.rate() > b.rate()) {
            closest = Some((fit, scope));
        }
    }
    if proposed == 0
        && let Some((fit, scope)) = closest
    {
        report.notes.push(format!(
                "closed forms: no formula s + nim-sum of (parameter - t), 0 <= t <= {MAX_SHIFT}, |s| <= {MAX_OFFSET}, matches {:.0}% of the table or of a parity class;\nthe closest, G = {} on {scope}, matches {} of {}",
                SHARE * 100.0,
                render(&table.columns, fit.s, fit.t),
                fit.matched,
                fit.checked
            ));
    }
}
