//! Equal legs of a spider.
//!
//! For every spider with two legs of the same length `x`, the other legs
//! `r` are its *rest*; the spiders with the same rest form a group, one per
//! `x`. The detector finds the smallest `x0` such that within every group
//! the value does not depend on `x` for `x >= x0`: then a pair of equal legs
//! of length at least `x0` may be lengthened or shortened together (down to
//! `x0`) without changing G. With `x0 = 0` this says that two equal legs
//! cancel: `G(x, x, r) = G(r)`, the value of the spider without them.

use super::{Hypothesis, Report, SHOWN_EXCEPTIONS, Topic, named_value, numeric_rows};
use crate::table::Table;
use std::collections::{BTreeMap, BTreeSet};

/// The fewest graphs with a pair for a hypothesis.
const MIN_SUPPORT: usize = 10;

/// Adds the equal-legs hypothesis of a spider table to `report`.
pub fn detect(table: &Table, report: &mut Report) {
    if !table.symmetric() || table.columns.len() < 2 {
        return;
    }
    let Some(rows) = numeric_rows(table) else { return };
    // rest -> [(x, value, row number)]
    let mut groups: BTreeMap<Vec<usize>, Vec<(usize, u32, usize)>> = BTreeMap::new();
    for (i, (key, value, _)) in rows.iter().enumerate() {
        let distinct: BTreeSet<usize> = key.iter().copied().collect();
        for x in distinct {
            if key.iter().filter(|&&l| l == x).count() >= 2 {
                let mut rest = key.to_vec();
                for _ in 0..2 {
                    let at = rest.iter().position(|&l| l == x).expect("x occurs twice");
                    rest.remove(at);
                }
                groups.entry(rest).or_default().push((x, *value, i));
            }
        }
    }
    let candidates: BTreeSet<usize> = groups.values().flatten().map(|e| e.0).collect();
    // For a threshold x0: the rows checked and the rows disagreeing with
    // their group's value at its smallest x >= x0.
    let tally = |x0: usize| {
        let (mut checked, mut wrong) = (BTreeSet::new(), BTreeSet::new());
        for members in groups.values() {
            let inside: Vec<_> = members.iter().filter(|e| e.0 >= x0).collect();
            if inside.len() < 2 {
                continue;
            }
            let base = inside.iter().min_by_key(|e| e.0).expect("non-empty").1;
            for e in inside {
                checked.insert(e.2);
                if e.1 != base {
                    wrong.insert(e.2);
                }
            }
        }
        (checked, wrong)
    };
    let Some(&lowest) = candidates.first() else { return };
    for &x0 in &candidates {
        let (checked, wrong) = tally(x0);
        if checked.len() < MIN_SUPPORT {
            break;
        }
        if !wrong.is_empty() {
            continue;
        }
        let statement = if x0 == 0 {
            "Two equal legs cancel: G(x, x, r) = G(r), the value of the spider without them.".to_string()
        } else {
            format!(
                "A pair of equal legs of length at least {x0} can be lengthened or shortened together without changing G: G(x, x, r) = G({x0}, {x0}, r) for x >= {x0}."
            )
        };
        let note = (x0 > lowest).then(|| {
            let (c, w) = tally(lowest);
            let shown: Vec<String> =
                w.iter().take(SHOWN_EXCEPTIONS).map(|&i| named_value(table, rows[i].2, rows[i].1)).collect();
            format!(
                "it fails when pairs as short as {lowest} are included: {} of {} graphs disagree, e.g. {}",
                w.len(),
                c.len(),
                shown.join("; ")
            )
        });
        report.hypotheses.push(Hypothesis {
            topic: Topic::EqualLegs,
            statement,
            checked: checked.len(),
            supported: checked.len(),
            exceptions: Vec::new(),
            note,
        });
        return;
    }
    let (c, w) = tally(lowest);
    if c.len() >= MIN_SUPPORT {
        report.notes.push(format!(
            "equal legs: in {} of the {} graphs with two equal legs, G changes when the pair is shortened (e.g. {}); no threshold removes every exception",
            w.len(),
            c.len(),
            w.iter().take(3).map(|&i| named_value(table, rows[i].2, rows[i].1)).collect::<Vec<_>>().join("; ")
        ));
    }
}
