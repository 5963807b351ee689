//! Two-dimensional slices of a table of numbers: the grids of the text layout and
//! the heat maps of the SVG pictures.
//!
//! The last key column runs along a panel's columns, the one before it along
//! its rows, and every earlier column is fixed, one panel per combination
//! (or only the one combination asked for). A table with one key column
//! gives a single panel of one row. For a spider table the full square is
//! shown, each cell read with its legs sorted.

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
        None => cartesian(&ranges[..lead], table.symmetric() && ranges[..lead].windows(2).all(|w| w[0] == w[1])),
    };
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

/// Every combination of one value from each list; for a symmetric table only
/// the non-decreasing ones (the others are the same panels, their axes permuted).
pub(crate) fn cartesian(lists: &[Vec<usize>], symmetric: bool) -> Vec<Vec<usize>> {
    let mut out = vec![Vec::new()];
    for list in lists {
        let mut next = Vec::new();
        for prefix in &out {
            for &x in list {
                if symmetric && prefix.last().is_some_and(|&p: &usize| p > x) {
                    continue;
                }
                let mut v = prefix.clone();
                v.push(x);
                next.push(v);
            }
        }
        out = next;
    }
    out
}
