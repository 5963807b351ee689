//! Two-dimensional slices of a table of numbers: the grids of the text layout and
//! the heat maps of the SVG pictures.
//!
//! The last key column runs along a panel's columns, the one before it along
//! its rows, and every earlier column is fixed, one panel per combination
//! (or only the one combination asked for). A table with one key column
//! gives a single panel of one row. For a spider table the full square is
//! shown, each cell read with its legs sorted.

use crate::family::Key;
use crate::table::{KeyKind, NumericIndex, Table};

/// One slice: the fixed leading values and the cells over two parameters.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Panel {
    /// Names and values of the fixed columns, e.g. `[("a", 2)]`.
    pub fixed: Vec<(String, usize)>,
    /// The row parameter's name (`None` for a one-column table).
    pub row_name: Option<String>,
    /// The column parameter's name.
    pub col_name: String,
    /// The row parameter's values, top to bottom.
    pub rows: Vec<usize>,
    /// The column parameter's values, left to right.
    pub cols: Vec<usize>,
    /// `cells[i][j]`: the value at `rows[i]`, `cols[j]`; `None` if not in the table.
    pub cells: Vec<Vec<Option<u32>>>,
}

impl Panel {
    /// A title such as `a = 2`, or an empty string when nothing is fixed.
    pub fn title(&self) -> String {
        self.fixed.iter().map(|(n, v)| format!("{n} = {v}")).collect::<Vec<_>>().join(", ")
    }
}

/// Why a table cannot be cut into panels.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum PanelError {
    /// The table is not keyed by numeric parameters (or has no row).
    #[error(
        "a grid or picture needs a table of numeric parameters (spider, path, star, broom); this one is keyed by {}",
        .columns.join(",")
    )]
    NotNumeric {
        /// The key columns.
        columns: Vec<String>,
    },
    /// The values fixing a panel are not one per leading column.
    #[error(
        "a panel of this table is fixed by {}, for {}, but {} given",
        arrows_text::count(*.expected as u64, "value"),
        describe_lead(.lead),
        arrows_text::count(.given.len() as u64, "was|were")
    )]
    FixArity {
        /// The values given.
        given: Vec<usize>,
        /// How many values fix a panel.
        expected: usize,
        /// The leading columns they are for.
        lead: Vec<String>,
    },
    /// The panels would hold too many cells (a table of many sparse columns).
    #[error("the grids would hold {cells} cells in {panels} panels, too many to lay out")]
    TooLarge {
        /// The panels that hold a row.
        panels: usize,
        /// Their cells in all.
        cells: usize,
    },
    /// No row of the table has the fixed values.
    #[error("no row of the table has {}", describe_fix(.lead, .fix))]
    NotInTable {
        /// The leading columns.
        lead: Vec<String>,
        /// The values given for them.
        fix: Vec<usize>,
    },
}

fn describe_lead(lead: &[String]) -> String {
    if lead.is_empty() { "nothing (the table has at most two parameters)".into() } else { lead.join(",") }
}

fn describe_fix(lead: &[String], fix: &[usize]) -> String {
    lead.iter().zip(fix).map(|(c, x)| format!("{c} = {x}")).collect::<Vec<_>>().join(", ")
}

/// The panels of a table, optionally only the one whose leading columns take the values `fix`.
pub fn panels(table: &Table, fix: Option<&[usize]>) -> Result<Vec<Panel>, PanelError> {
    if table.key_kind() != KeyKind::Numbers || table.rows.is_empty() {
        return Err(PanelError::NotNumeric { columns: table.columns.clone() });
    }
    let k = table.columns.len();
    let lead = k.saturating_sub(2);
    let ranges = table.column_ranges();
    let index = table.numeric_index();
    let combos: Vec<Vec<usize>> = match fix {
        Some(f) => {
            if f.len() != lead {
                return Err(PanelError::FixArity {
                    given: f.to_vec(),
                    expected: lead,
                    lead: table.columns[..lead].to_vec(),
                });
            }
            vec![f.to_vec()]
        }
        // Permuted panels are the same panel only when the fixed legs share their range.
        None => prefixes(table, lead, &ranges, table.symmetric() && ranges[..lead].windows(2).all(|w| w[0] == w[1])),
    };
    let (rows, cols) = (if k >= 2 { ranges[k - 2].len() } else { 1 }, ranges[k - 1].len());
    let cells = combos.len().saturating_mul(rows).saturating_mul(cols);
    if cells > MAX_CELLS.max(table.rows.len().saturating_mul(CELLS_PER_ROW)) {
        return Err(PanelError::TooLarge { panels: combos.len(), cells });
    }
    let mut out = Vec::new();
    for combo in combos {
        let fixed: Vec<(String, usize)> = table.columns[..lead].iter().cloned().zip(combo.iter().copied()).collect();
        let (row_name, rows) =
            if k >= 2 { (Some(table.columns[k - 2].clone()), ranges[k - 2].clone()) } else { (None, vec![0]) };
        let cols = ranges[k - 1].clone();
        let cells = rows
            .iter()
            .map(|&y| {
                cols.iter()
                    .map(|&x| {
                        let mut key = combo.clone();
                        if k >= 2 {
                            key.push(y);
                        }
                        key.push(x);
                        lookup(&index, &key)
                    })
                    .collect()
            })
            .collect();
        out.push(Panel { fixed, row_name, col_name: table.columns[k - 1].clone(), rows, cols, cells });
    }
    if out.iter().all(|p| p.cells.iter().flatten().all(Option::is_none)) {
        return Err(PanelError::NotInTable {
            lead: table.columns[..lead].to_vec(),
            fix: fix.unwrap_or_default().to_vec(),
        });
    }
    Ok(out)
}

fn lookup(index: &NumericIndex, key: &[usize]) -> Option<u32> {
    index.get(key)
}

/// The most cells the panels of a table may hold in all, unless it has
/// more rows than this over [`CELLS_PER_ROW`].
pub const MAX_CELLS: usize = 1 << 22;

/// The cells the panels may hold per row of the table.
pub const CELLS_PER_ROW: usize = 64;

/// The values of the leading columns of the panels that hold at least one
/// row, in increasing order: for a symmetric table each row's key is read
/// in every order (sorted only when `sorted_only`: the leading columns
/// share their range), its last two values along the panel's axes. A
/// product of the leading columns' ranges would grow with the power of
/// their number, nearly all of it empty.
fn prefixes(table: &Table, lead: usize, ranges: &[Vec<usize>], sorted_only: bool) -> Vec<Vec<usize>> {
    let k = table.columns.len();
    let in_range = |p: &[usize]| p.iter().zip(ranges).all(|(x, r)| r.binary_search(x).is_ok());
    let mut found = std::collections::BTreeSet::new();
    for r in &table.rows {
        let Key::Numbers(v) = &r.key else { continue };
        if v.len() != k {
            continue;
        }
        if !table.symmetric() {
            if in_range(&v[..lead]) {
                found.insert(v[..lead].to_vec());
            }
            continue;
        }
        let mut sorted = v.clone();
        sorted.sort_unstable();
        // The two values along the axes, each pair of positions once.
        for a in 0..k {
            for b in a + 1..k {
                let mut p: Vec<usize> =
                    sorted.iter().enumerate().filter(|&(i, _)| i != a && i != b).map(|(_, &x)| x).collect();
                loop {
                    if in_range(&p) {
                        found.insert(p.clone());
                    }
                    if sorted_only || !crate::patterns::period::next_permutation(&mut p) {
                        break;
                    }
                }
            }
        }
    }
    found.into_iter().collect()
}

#[cfg(test)]
pub(crate) mod tests {
    use super::*;
    use crate::family::{Family, Spec};
    use crate::shard::Shard;
    use crate::span::Span;
    use crate::table::Row;

    /// Every combination of one value from each list (non-decreasing ones
    /// only when `symmetric`): the panels once drawn, empty ones included,
    /// and the lines the period detector once read.
    pub(crate) fn cartesian(lists: &[Vec<usize>], symmetric: bool) -> Vec<Vec<usize>> {
        let mut out = vec![Vec::new()];
        for list in lists {
            let mut next = Vec::new();
            for prefix in &out {
                for &x in list {
                    if symmetric && prefix.last().is_some_and(|&p: &usize| p > x) {
                        continue;
                    }
                    let mut v: Vec<usize> = prefix.clone();
                    v.push(x);
                    next.push(v);
                }
            }
            out = next;
        }
        out
    }

    #[test]
    fn the_panels_are_those_of_the_product_that_hold_a_row() {
        let s = |lo, hi| Span::new(lo, hi).unwrap();
        for legs in [vec![s(0, 4); 4], vec![s(0, 3); 5], vec![s(0, 2), s(1, 4), s(0, 3), s(2, 3)]] {
            let spec = Spec::Spider { legs };
            let mut rows = Vec::new();
            Family::new(spec.clone()).unwrap().for_each_key(|key| {
                let grundy = rows.len() as u32 % 3;
                rows.push(Row { position: rows.len(), key, grundy });
            });
            let table = Table {
                spec: Some(spec.clone()),
                variant: None,
                play: Default::default(),
                engine: arrows_solve::Engine::Canonical,
                shard: Shard::WHOLE,
                total: rows.len(),
                columns: spec.columns(),
                rows,
            };
            let k = table.columns.len();
            let ranges = table.column_ranges();
            let symmetric = ranges[..k - 2].windows(2).all(|w| w[0] == w[1]);
            let once: Vec<Panel> = cartesian(&ranges[..k - 2], symmetric)
                .into_iter()
                .map(|fix| panels(&table, Some(&fix)))
                .filter_map(Result::ok)
                .filter(|p| p[0].cells.iter().flatten().any(Option::is_some))
                .map(|mut p| p.remove(0))
                .collect();
            assert_eq!(panels(&table, None).unwrap(), once, "{:?}", spec.columns());
        }
    }

    #[test]
    fn many_sparse_columns_give_few_panels() {
        // Seven columns of forty values along a diagonal: forty panels, not 40^5.
        let rows: Vec<Row> =
            (0..40).map(|i| Row { position: i, key: Key::Numbers(vec![i; 7]), grundy: (i % 3) as u32 }).collect();
        let table = Table {
            spec: None,
            variant: None,
            play: Default::default(),
            engine: arrows_solve::Engine::Canonical,
            shard: Shard::WHOLE,
            total: 40,
            columns: "abcdefg".chars().map(String::from).collect(),
            rows,
        };
        assert_eq!(panels(&table, None).unwrap().len(), 40);
    }
}
