//! Periodicity along one parameter, the others fixed.
//!
//! A *line* fixes every parameter but one and reads G along the remaining
//! one over its whole range. A line is eventually arithmetic-periodic with
//! period `p`, saltus `d` and preperiod `q` when `G(x + p) = G(x) + d` for
//! every `x >= q` in the range (`d = 0`: plain periodicity). For each line
//! the smallest such `p <= MAX_PERIOD` is taken, with the smallest `q`, and
//! it is only counted when the periodic part covers at least three periods,
//! [`MIN_TAIL`] values, and as many values as the preperiod; otherwise the
//! line shows no period in the range (which says the range is too short,
//! not that there is none).

use super::{Hypothesis, Report, SHOWN_EXCEPTIONS, Topic, parameter_word};
use crate::table::{KeyKind, Table};
use std::collections::BTreeMap;

/// The largest period looked for.
pub const MAX_PERIOD: usize = 64;
/// The fewest values the periodic part of a line must have.
pub const MIN_TAIL: usize = 12;

/// The period found on a line.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Periodicity {
    /// The period.
    pub period: usize,
    /// The saltus: the value grows by this much per period.
    pub saltus: i64,
    /// The first parameter value from which the line repeats.
    pub from: usize,
}

/// The smallest period of `seq` (values at `start, start+1, ...`), if it shows in the range.
pub fn periodicity(seq: &[i64], start: usize) -> Option<Periodicity> {
    let len = seq.len();
    (1..=MAX_PERIOD.min(len.saturating_sub(1))).find_map(|p| {
        let saltus = seq[len - 1] - seq[len - 1 - p];
        let mut q = len - p;
        while q > 0 && seq[q - 1 + p] - seq[q - 1] == saltus {
            q -= 1;
        }
        // Confirmed over three periods, MIN_TAIL values, and no fewer values
        // than come before it (a short run at the end of a long line proves little).
        (len - q >= (3 * p).max(MIN_TAIL).max(q)).then_some(Periodicity { period: p, saltus, from: start + q })
    })
}

/// The statement's wording of a (period, saltus) pair.
fn kind(period: usize, saltus: i64, column: &str) -> String {
    match saltus {
        0 => format!("period {period}"),
        d => format!(
            "period {period} and saltus {d} (G({column}+{period}) = G({column}) {} {})",
            if d > 0 { "+" } else { "-" },
            d.abs()
        ),
    }
}

/// A line (the values of the fixed parameters) and the period seen on it.
type Line = (Vec<usize>, Periodicity);

/// Adds the periodicity hypotheses of `table` to `report`.
pub fn detect(table: &Table, report: &mut Report) {
    if table.key_kind() != KeyKind::Numbers || table.rows.is_empty() {
        return;
    }
    let ranges = table.column_ranges();
    let k = table.columns.len();
    let index = table.numeric_index();
    let symmetric = table.symmetric();
    // By symmetry a spider's lines along its last leg are all of them.
    let varying: Vec<usize> = if symmetric { vec![k - 1] } else { (0..k).collect() };
    let word = parameter_word(table);
    for j in varying {
        let values = &ranges[j];
        if values.len() < MIN_TAIL || values.windows(2).any(|w| w[1] != w[0] + 1) {
            continue;
        }
        let others: Vec<usize> = (0..k).filter(|&i| i != j).collect();
        let mut found: Vec<Line> = Vec::new();
        let mut silent: Vec<Vec<usize>> = Vec::new();
        // Permuted lines are the same line only when the fixed legs share their range.
        let same_range = others.iter().all(|&i| ranges[i] == ranges[others[0]]);
        for fixed in combinations(&others, &ranges, symmetric && same_range) {
            let mut seq = Vec::new();
            let mut start = None;
            let mut broken = false;
            for &x in values {
                let mut key = vec![0; k];
                for (&i, &v) in others.iter().zip(&fixed) {
                    key[i] = v;
                }
                key[j] = x;
                match index.get(&key) {
                    Some(g) => {
                        start.get_or_insert(x);
                        seq.push(i64::from(g));
                    }
                    None if start.is_none() => {}
                    None => broken = true,
                }
            }
            let Some(start) = start else { continue };
            if broken {
                continue;
            }
            match periodicity(&seq, start) {
                Some(p) => found.push((fixed, p)),
                None => silent.push(fixed),
            }
        }
        let column = &table.columns[j];
        let lines = found.len() + silent.len();
        if lines == 0 {
            continue;
        }
        let name_line = |fixed: &[usize]| -> String {
            if others.is_empty() {
                "the line".into()
            } else {
                others
                    .iter()
                    .zip(fixed)
                    .map(|(&i, v)| format!("{}={v}", table.columns[i]))
                    .collect::<Vec<_>>()
                    .join(",")
            }
        };
        let along = if others.is_empty() {
            format!("Along {column}")
        } else {
            let names: Vec<&str> = others.iter().map(|&i| table.columns[i].as_str()).collect();
            format!("Along {column}, with {} fixed", names.join(", "))
        };
        let mut kinds: BTreeMap<(usize, i64), Vec<&Line>> = BTreeMap::new();
        for f in &found {
            kinds.entry((f.1.period, f.1.saltus)).or_default().push(f);
        }
        let Some((&(p, d), members)) = kinds.iter().max_by_key(|(pd, m)| (m.len(), std::cmp::Reverse(**pd))) else {
            report.notes.push(format!(
                "{along}: none of the {lines} lines shows a period up to {MAX_PERIOD} within the range (try a longer range)"
            ));
            continue;
        };
        let froms: Vec<usize> = members.iter().map(|m| m.1.from).collect();
        let (lo, hi) = (froms.iter().min().copied().unwrap_or(0), froms.iter().max().copied().unwrap_or(0));
        let seen: Vec<String> = kinds
            .iter()
            .map(|((p, d), m)| {
                let lines = if m.len() == 1 { "line" } else { "lines" };
                format!("{} ({} {lines})", kind(*p, *d, column), m.len())
            })
            .collect();
        let mut note = format!("periods seen: {}", seen.join(", "));
        note.push_str(&format!("\nthe period {p} starts at {column} = {lo} to {column} = {hi}, depending on the line"));
        if !others.is_empty() {
            let excess = members.iter().map(|m| m.1.from as i64 - m.0.iter().sum::<usize>() as i64).max().unwrap_or(0);
            note.push_str(&format!(
                "\non every such line the periodic part starts by {column} = (sum of the fixed {word}s) {} {}",
                if excess >= 0 { "+" } else { "-" },
                excess.abs()
            ));
        }
        if !silent.is_empty() {
            let shown: Vec<String> = silent.iter().take(4).map(|f| name_line(f)).collect();
            note.push_str(&format!(
                "\n{} of the {lines} lines show no period up to {MAX_PERIOD} within the range (e.g. {}): the range is too short to see theirs, if any",
                silent.len(),
                shown.join("; ")
            ));
        }
        let exceptions: Vec<String> = found
            .iter()
            .filter(|f| (f.1.period, f.1.saltus) != (p, d))
            .take(SHOWN_EXCEPTIONS)
            .map(|f| {
                format!("{}: {} from {column} = {}", name_line(&f.0), kind(f.1.period, f.1.saltus, column), f.1.from)
            })
            .collect();
        report.hypotheses.push(Hypothesis {
            topic: Topic::Period,
            statement: format!("{along}, G is eventually periodic with {}.", kind(p, d, column)),
            checked: found.len(),
            supported: members.len(),
            exceptions,
            note: Some(note),
        });
    }
}

/// Every assignment of values to the columns `others`; for a symmetric
/// table only the non-decreasing ones.
fn combinations(others: &[usize], ranges: &[Vec<usize>], symmetric: bool) -> Vec<Vec<usize>> {
    let lists: Vec<Vec<usize>> = others.iter().map(|&i| ranges[i].clone()).collect();
    crate::panels::cartesian(&lists, symmetric)
}
