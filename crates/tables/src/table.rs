//! A table: one row per graph, its key and its Grundy value, with what
//! produced it (family, rule set, shard).

use crate::family::{Key, Spec};
use crate::shard::Shard;
use arrows_core::{Play, Variant};
use std::collections::{BTreeMap, HashMap};

/// One graph of a table.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Row {
    /// The row's position in the full (unsharded) table, from 0.
    pub position: usize,
    /// The parameters or graph6 string naming the graph.
    pub key: Key,
    /// The Grundy value of the empty state.
    pub grundy: u32,
}

/// A table of Grundy values.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Table {
    /// The family swept; `None` for a table read from CSV, which does not record it.
    pub spec: Option<Spec>,
    /// The rule set; `None` for a table read from CSV.
    pub variant: Option<Variant>,
    /// Normal or misère play (normal for a table read from CSV, or written
    /// before misère tables existed).
    pub play: Play,
    /// The engine that computed the values (the canonical engine for a
    /// table read from CSV, or written before tables recorded it).
    pub engine: arrows_solve::Engine,
    /// Which part of the full sweep the rows are.
    pub shard: Shard,
    /// The number of rows of the full table.
    pub total: usize,
    /// The key columns (`grundy` follows them).
    pub columns: Vec<String>,
    /// The rows, in table order.
    pub rows: Vec<Row>,
}

/// How a table's keys are laid out.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum KeyKind {
    /// One number per column.
    Numbers,
    /// A list of numbers in one column.
    List,
    /// A graph6 string.
    Graph6,
}

impl Table {
    /// The kind of the keys, read from the column names.
    pub fn key_kind(&self) -> KeyKind {
        kind_of_columns(&self.columns)
    }

    /// Whether permuting the key columns names the same graph (spider legs).
    pub fn symmetric(&self) -> bool {
        match &self.spec {
            Some(spec) => spec.symmetric(),
            None => is_leg_columns(&self.columns),
        }
    }

    /// The values each numeric key column ranges over, in increasing order:
    /// the sweep's ranges when recorded (and no longer than the rows could
    /// fill: a table read from a file may record any range), else the
    /// values in the rows (for a spider table, every leg over all the leg
    /// lengths present).
    pub fn column_ranges(&self) -> Vec<Vec<usize>> {
        let fillable = self.rows.len().saturating_mul(self.shard.modulus).saturating_mul(2).saturating_add(64);
        if let Some(ranges) = self.spec.as_ref().and_then(Spec::column_ranges)
            && ranges.len() == self.columns.len()
            && ranges.iter().map(|s| s.len()).try_fold(0usize, usize::checked_add).is_some_and(|n| n <= fillable)
        {
            return ranges.iter().map(|s| s.values().collect()).collect();
        }
        let k = self.columns.len();
        let mut ranges: Vec<Vec<usize>> = vec![Vec::new(); k];
        for r in &self.rows {
            if let Key::Numbers(v) = &r.key {
                for (i, &x) in v.iter().enumerate() {
                    if self.symmetric() {
                        ranges.iter_mut().for_each(|range| range.push(x));
                    } else if i < k {
                        ranges[i].push(x);
                    }
                }
            }
        }
        for r in &mut ranges {
            r.sort_unstable();
            r.dedup();
        }
        ranges
    }

    /// Whether the table holds every row of its sweep.
    pub fn is_complete(&self) -> bool {
        self.shard.is_whole() && self.rows.len() == self.total
    }

    /// The rule set's title, or a note that it is not recorded.
    pub fn variant_title(&self) -> String {
        let rules = self.variant.map_or("rule set not recorded", Variant::title);
        match self.play {
            Play::Normal => rules.to_string(),
            Play::Misere => format!("{rules}, misère play"),
        }
    }

    /// A one-line caption: rule set, family, number of graphs.
    pub fn caption(&self) -> String {
        let what = self.spec.as_ref().map_or_else(|| self.kind_from_columns(), Spec::describe);
        let part = if self.shard.is_whole() { String::new() } else { format!(", shard {}", self.shard) };
        let rows = arrows_text::count(self.rows.len() as u64, "row");
        format!("{}: Grundy values of the empty state, {what} ({rows}{part})", self.variant_title())
    }

    /// What the rows are, read from the column names (for a table without its sweep).
    fn kind_from_columns(&self) -> String {
        let k = self.columns.len();
        match self.key_kind() {
            KeyKind::Graph6 => "graphs given by graph6".into(),
            KeyKind::List => "caterpillars given by their leaves".into(),
            KeyKind::Numbers if self.columns == ["a", "b", "c"] => "3-legged spiders S(a,b,c)".into(),
            KeyKind::Numbers if is_leg_columns(&self.columns) => format!("{k}-legged spiders"),
            KeyKind::Numbers if self.columns == ["n"] => "paths P_n".into(),
            KeyKind::Numbers if self.columns == ["k"] => "stars K_1,k".into(),
            KeyKind::Numbers if self.columns == ["handle", "bristles"] => "brooms".into(),
            KeyKind::Numbers => format!("graphs given by {}", self.columns.join(", ")),
        }
    }

    /// A map from numeric keys to values; for a symmetric table every
    /// permutation of a key finds its row (ask with the key sorted).
    pub fn numeric_index(&self) -> NumericIndex {
        let mut map = HashMap::with_capacity(self.rows.len());
        for r in &self.rows {
            if let Key::Numbers(v) | Key::List(v) = &r.key {
                map.insert(v.clone(), r.grundy);
            }
        }
        NumericIndex { map, symmetric: self.symmetric() }
    }
}

/// Look-up of a value by its numeric key.
#[derive(Debug, Clone)]
pub struct NumericIndex {
    map: HashMap<Vec<usize>, u32>,
    symmetric: bool,
}

impl NumericIndex {
    /// The value of the graph with these parameters, if the table has it.
    pub fn get(&self, key: &[usize]) -> Option<u32> {
        if self.symmetric {
            let mut k = key.to_vec();
            k.sort_unstable();
            self.map.get(&k).copied()
        } else {
            self.map.get(key).copied()
        }
    }
}

/// The kind of keys named by these columns.
pub fn kind_of_columns(columns: &[String]) -> KeyKind {
    match columns {
        [c] if c == "graph6" => KeyKind::Graph6,
        [c] if c == "leaves" => KeyKind::List,
        _ => KeyKind::Numbers,
    }
}

/// Whether the columns are the legs of a spider (`a,b,c` or `l1,...,lk`).
pub fn is_leg_columns(columns: &[String]) -> bool {
    columns == ["a", "b", "c"]
        || (!columns.is_empty() && columns.iter().enumerate().all(|(i, c)| *c == format!("l{}", i + 1)))
}

/// Why shards cannot be merged. Tables are numbered from 1 in the order given.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum MergeError {
    /// No table was given.
    #[error("no table to merge")]
    Nothing,
    /// A table does not record its sweep (a CSV table).
    #[error("table {part} does not record the sweep that made it, so it cannot be merged")]
    NoSweep {
        /// The table, from 1.
        part: usize,
    },
    /// A table is from another sweep than the first.
    #[error("table {part} is from another sweep than table 1 ({found} vs {expected})")]
    OtherSweep {
        /// The table, from 1.
        part: usize,
        /// Its sweep, described.
        found: String,
        /// The first table's sweep, described.
        expected: String,
    },
    /// A table splits the sweep into another number of shards than the first.
    #[error(
        "table {part} is shard {shard} but table 1 is shard {first}; every shard must split the sweep the same way"
    )]
    OtherSplit {
        /// The table, from 1.
        part: usize,
        /// Its shard.
        shard: Shard,
        /// The first table's shard.
        first: Shard,
    },
    /// Two tables are the same shard.
    #[error("shard {shard} is given twice (tables {earlier} and {part})")]
    Twice {
        /// The shard.
        shard: Shard,
        /// The first table that is this shard, from 1.
        earlier: usize,
        /// The second, from 1.
        part: usize,
    },
    /// A shard does not hold exactly its rows.
    #[error("shard {shard} (table {part}) holds {rows} rows but should hold {expected}; it is incomplete or edited")]
    WrongRows {
        /// The table, from 1.
        part: usize,
        /// Its shard.
        shard: Shard,
        /// The rows it holds (or a row it should not hold, when the count is right).
        rows: usize,
        /// The rows the shard owns.
        expected: usize,
    },
    /// A shard was not given.
    #[error("shard {shard} is missing")]
    Missing {
        /// The shard not given.
        shard: Shard,
    },
    /// A shard on disk that is not complete.
    #[error("shard {shard} (table {part}) is incomplete: {done} of {rows} rows are written")]
    Incomplete {
        /// The table, from 1.
        part: usize,
        /// Its shard.
        shard: Shard,
        /// The rows written.
        done: usize,
        /// The rows it owns.
        rows: usize,
    },
    /// Shards written by different versions of arrows.
    #[error("table {part} was written by arrows {found}, but table {first} by arrows {expected}")]
    OtherVersion {
        /// The table, from 1.
        part: usize,
        /// The version that wrote it.
        found: String,
        /// The first table written by a recorded version.
        first: usize,
        /// That version.
        expected: String,
    },
    /// Some tables are parts of a split input and some are not.
    #[error("table {part} and table 1 disagree on whether the input graphs are one part of a split input")]
    MixedInput {
        /// The table, from 1.
        part: usize,
    },
    /// Tables of inputs split into different numbers of parts.
    #[error("table {part} is of input part {shard} but table 1 of input part {first}; the input must be split one way")]
    OtherInputSplit {
        /// The table, from 1.
        part: usize,
        /// Its input part.
        shard: Shard,
        /// Table 1's input part.
        first: Shard,
    },
    /// A part of a split input has no table.
    #[error("input part {shard} is missing")]
    InputMissing {
        /// The input part not given.
        shard: Shard,
    },
    /// The rows of the shards overlap or leave a gap.
    #[error("the shards' rows do not fill the table exactly once")]
    Overlap,
}

/// Joins the shards of one sweep into the table a single run gives. Every
/// shard `0/m .. m-1/m` must be given exactly once, all of the same sweep
/// (family, rule set) and complete.
pub fn merge(parts: Vec<Table>) -> Result<Table, MergeError> {
    let Some(first) = parts.first() else {
        return Err(MergeError::Nothing);
    };
    let (engine, spec, variant, play, count, total, columns) = (
        first.engine,
        first.spec.clone(),
        first.variant,
        first.play,
        first.shard.modulus,
        first.total,
        first.columns.clone(),
    );
    // The shards given, by residue: as many as the parts, never one per
    // residue of the modulus (a table may claim any modulus).
    let mut given: BTreeMap<usize, usize> = BTreeMap::new();
    for (i, p) in parts.iter().enumerate() {
        let part = i + 1;
        if p.spec.is_none() || p.variant.is_none() {
            return Err(MergeError::NoSweep { part });
        }
        if p.spec != spec || p.variant != variant || p.play != play || p.total != total || p.columns != columns {
            return Err(MergeError::OtherSweep { part, found: describe(p), expected: describe(first) });
        }
        if p.shard.modulus != count {
            return Err(MergeError::OtherSplit { part, shard: p.shard, first: first.shard });
        }
        if p.shard.residue >= count {
            return Err(MergeError::OtherSplit { part, shard: p.shard, first: first.shard });
        }
        if let Some(earlier) = given.insert(p.shard.residue, part) {
            return Err(MergeError::Twice { shard: p.shard, earlier, part });
        }
        let expected = p.shard.share(total);
        if p.rows.len() != expected || p.rows.iter().any(|r| !p.shard.owns(r.position)) {
            return Err(MergeError::WrongRows { part, shard: p.shard, rows: p.rows.len(), expected });
        }
    }
    // The residues given are distinct and below the modulus: the first one
    // missing is the first that differs from its place.
    if let Some(missing) = (0..count).zip(given.keys()).find(|(r, k)| r != *k).map(|(r, _)| r).or_else(|| {
        let n = given.len();
        (n < count).then_some(n)
    }) {
        return Err(MergeError::Missing { shard: Shard { residue: missing, modulus: count } });
    }
    let mut rows: Vec<Row> = parts.into_iter().flat_map(|p| p.rows).collect();
    rows.sort_by_key(|r| r.position);
    if rows.iter().enumerate().any(|(i, r)| r.position != i) {
        return Err(MergeError::Overlap);
    }
    Ok(Table { spec, variant, play, engine, shard: Shard::WHOLE, total, columns, rows })
}

fn describe(t: &Table) -> String {
    format!("{}, {}", t.spec.as_ref().map_or_else(|| "unknown family".into(), Spec::describe), t.variant_title())
}
