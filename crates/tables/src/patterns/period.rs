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
use crate::family::Key;
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
        for (fixed, line) in lines_of(table, j, values, &ranges, symmetric && same_range) {
            // A line is read from its first value to the end of the range, with no gap
            // (the values are consecutive, and every x of the line lies among them).
            let Some(&start) = line.keys().next() else { continue };
            let first = values.partition_point(|&x| x < start);
            if line.len() != values.len() - first {
                continue;
            }
            let seq: Vec<i64> = line.into_values().collect();
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

/// The lines along column `j` that hold at least one row: for each, the
/// values of the other columns and the `(x, G)` pairs along `j`, `x` in
/// `values` (the column's range). Only lines the rows reach are visited,
/// so the work is linear in the rows: the product of the other columns'
/// ranges grows with the power of their number (seven columns of forty
/// values are 40^6 lines) and nearly all of it would be empty. In a
/// symmetric table a row's key read in any order is the same graph, so
/// each row lies on a line for each of its values, read with the others
/// in every order the ranges allow (sorted only, when they share one
/// range): the lines a product of the ranges would find.
fn lines_of(table: &Table, j: usize, values: &[usize], ranges: &[Vec<usize>], sorted_only: bool) -> Lines {
    let k = table.columns.len();
    let symmetric = table.symmetric();
    let in_range = |i: usize, x: usize| ranges[i].binary_search(&x).is_ok();
    let others: Vec<usize> = (0..k).filter(|&i| i != j).collect();
    let mut lines: Lines = BTreeMap::new();
    let mut add = |fixed: Vec<usize>, x: usize, g: u32| {
        if values.binary_search(&x).is_ok() && others.iter().zip(&fixed).all(|(&i, &v)| in_range(i, v)) {
            lines.entry(fixed).or_default().insert(x, i64::from(g));
        }
    };
    for r in &table.rows {
        let Key::Numbers(v) = &r.key else { continue };
        if v.len() != k {
            continue;
        }
        if !symmetric {
            add(others.iter().map(|&i| v[i]).collect(), v[j], r.grundy);
            continue;
        }
        let mut sorted = v.clone();
        sorted.sort_unstable();
        for i in 0..k {
            if i > 0 && sorted[i] == sorted[i - 1] {
                continue;
            }
            let mut fixed: Vec<usize> = sorted.iter().enumerate().filter(|&(p, _)| p != i).map(|(_, &x)| x).collect();
            if sorted_only {
                add(fixed, sorted[i], r.grundy);
                continue;
            }
            // Every distinct order of the fixed values, from the sorted one.
            loop {
                add(fixed.clone(), sorted[i], r.grundy);
                if !next_permutation(&mut fixed) {
                    break;
                }
            }
        }
    }
    lines
}

/// The lines of [`lines_of`]: the other columns' values, and G by the value along the line.
type Lines = BTreeMap<Vec<usize>, BTreeMap<usize, i64>>;

/// The next permutation of `v` in lexicographic order; `false` after the last.
pub(crate) fn next_permutation(v: &mut [usize]) -> bool {
    let Some(i) = (1..v.len()).rev().find(|&i| v[i - 1] < v[i]) else { return false };
    let j = (i..v.len()).rev().find(|&j| v[j] > v[i - 1]).expect("a larger value after the pivot");
    v.swap(i - 1, j);
    v[i..].reverse();
    true
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::family::{Family, Spec};
    use crate::shard::Shard;
    use crate::span::Span;
    use crate::table::Row;

    /// The lines the detector once read: every assignment of the other
    /// columns' ranges (non-decreasing ones for a symmetric table whose
    /// fixed columns share a range), each read along `j` through the
    /// numeric index, kept when it holds a row and no gap follows its first.
    fn by_product(table: &Table, j: usize) -> Vec<(Vec<usize>, usize, Vec<i64>)> {
        let ranges = table.column_ranges();
        let k = table.columns.len();
        let others: Vec<usize> = (0..k).filter(|&i| i != j).collect();
        let same = others.iter().all(|&i| ranges[i] == ranges[others[0]]);
        let sorted_only = table.symmetric() && same;
        let lists: Vec<Vec<usize>> = others.iter().map(|&i| ranges[i].clone()).collect();
        let all = crate::panels::tests::cartesian(&lists, sorted_only);
        let index = table.numeric_index();
        let mut out = Vec::new();
        for fixed in all {
            let (mut seq, mut start, mut broken) = (Vec::new(), None, false);
            for &x in &ranges[j] {
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
            if let (Some(start), false) = (start, broken) {
                out.push((fixed, start, seq));
            }
        }
        out
    }

    fn by_rows(table: &Table, j: usize) -> Vec<(Vec<usize>, usize, Vec<i64>)> {
        let ranges = table.column_ranges();
        let k = table.columns.len();
        let others: Vec<usize> = (0..k).filter(|&i| i != j).collect();
        let same = others.iter().all(|&i| ranges[i] == ranges[others[0]]);
        let mut out = Vec::new();
        for (fixed, line) in lines_of(table, j, &ranges[j], &ranges, table.symmetric() && same) {
            let start = *line.keys().next().unwrap();
            let first = ranges[j].partition_point(|&x| x < start);
            if line.len() == ranges[j].len() - first {
                out.push((fixed, start, line.into_values().collect()));
            }
        }
        out
    }

    fn spider(legs: Vec<Span>, f: impl Fn(&[usize]) -> u32) -> Table {
        let spec = Spec::Spider { legs };
        let mut rows = Vec::new();
        Family::new(spec.clone()).unwrap().for_each_key(|key| {
            let Key::Numbers(v) = &key else { unreachable!() };
            let grundy = f(v);
            rows.push(Row { position: rows.len(), key, grundy });
        });
        Table {
            spec: Some(spec.clone()),
            variant: None,
            play: Default::default(),
            engine: arrows_solve::Engine::Canonical,
            shard: Shard::WHOLE,
            total: rows.len(),
            columns: spec.columns(),
            rows,
        }
    }

    #[test]
    fn the_lines_of_the_rows_are_the_lines_of_the_product_of_the_ranges() {
        let hash = |v: &[usize]| (v.iter().fold(7usize, |h, &x| h.wrapping_mul(31).wrapping_add(x)) % 5) as u32;
        let s = |lo, hi| Span::new(lo, hi).unwrap();
        let mut tables = vec![
            spider(vec![s(0, 7); 3], hash),
            spider(vec![s(0, 5); 4], hash),
            // Legs of different ranges: lines are read in every order of the fixed legs.
            spider(vec![s(0, 3), s(2, 8), s(1, 6)], hash),
        ];
        // A table that is not symmetric, with holes, as a CSV file gives it.
        let mut rows = Vec::new();
        for a in 0..6usize {
            for b in 0..5usize {
                for c in 0..9usize {
                    if (a * 7 + b * 3 + c) % 11 != 4 && !(c < 3 && a == 2) {
                        let grundy = hash(&[a, b, c]);
                        rows.push(Row { position: rows.len(), key: Key::Numbers(vec![a, b, c]), grundy });
                    }
                }
            }
        }
        let mut holes = tables[0].clone();
        holes.spec = None;
        holes.columns = vec!["x".into(), "y".into(), "z".into()];
        holes.total = rows.len();
        holes.rows = rows;
        tables.push(holes);
        for t in &tables {
            for j in 0..t.columns.len() {
                let (rows, product) = (by_rows(t, j), by_product(t, j));
                assert!(!product.is_empty());
                assert_eq!(rows, product, "{:?} along {j}", t.columns);
            }
        }
    }
}
