//! Merging shards: JSON tables and shards on disk, checked by their
//! manifests, and the parts of a split input.

use super::Stored;
use crate::checksum;
use crate::family::{Key, Spec};
use crate::shard::Shard;
use crate::table::{self, MergeError, Table};
use std::collections::BTreeMap;

/// A shard to merge: a JSON table, or a shard read from disk.
#[derive(Debug, Clone)]
pub enum Part {
    /// A table (written with `--format json`).
    Table(Table),
    /// A shard on disk, with its manifest.
    Stored(Stored),
}

impl Part {
    fn table(self) -> Table {
        match self {
            Part::Table(t) => t,
            Part::Stored(s) => Table {
                spec: Some(s.manifest.sweep.family),
                variant: Some(s.manifest.sweep.variant),
                play: s.manifest.sweep.play,
                engine: s.manifest.sweep.engine,
                shard: s.manifest.sweep.shard,
                total: s.manifest.sweep.total,
                columns: s.manifest.sweep.columns,
                rows: s.rows,
            },
        }
    }

    fn input_shard(&self) -> Option<Shard> {
        match self {
            Part::Table(_) => None,
            Part::Stored(s) => s.manifest.sweep.input_shard,
        }
    }
}

/// Joins shards into the table a single run gives, after checking them:
/// every shard on disk complete and written by the same version of arrows
/// as the others, and then what [`table::merge`] checks (one sweep, every
/// residue once, the rows each shard owns).
///
/// Shards of a split input (each with its `input_shard`) are merged part
/// by part, and the parts joined in the order of their residues: every
/// input residue must be there once. The rows are then renumbered, and
/// the table's family is the graphs of all the parts.
///
/// Parts are numbered from 1 in the order given, in errors.
pub fn merge(parts: Vec<Part>) -> Result<Table, MergeError> {
    let mut version: Option<(usize, &str)> = None;
    for (i, p) in parts.iter().enumerate() {
        let part = i + 1;
        let Part::Stored(s) = p else { continue };
        let m = &s.manifest;
        if !m.complete {
            return Err(MergeError::Incomplete { part, shard: m.sweep.shard, done: m.rows_done, rows: m.rows });
        }
        match version {
            None => version = Some((part, &m.arrows)),
            Some((first, v)) if v != m.arrows => {
                return Err(MergeError::OtherVersion { part, found: m.arrows.clone(), first, expected: v.to_string() });
            }
            Some(_) => {}
        }
    }
    let Some(first_input) = parts.first().map(Part::input_shard) else {
        return Err(MergeError::Nothing);
    };
    if let Some(part) = parts.iter().position(|p| p.input_shard().is_some() != first_input.is_some()) {
        return Err(MergeError::MixedInput { part: part + 1 });
    }
    let Some(first_input) = first_input else {
        return table::merge(parts.into_iter().map(Part::table).collect());
    };
    merge_inputs(parts, first_input)
}

/// Merges the shards of each part of a split input, then joins the parts.
fn merge_inputs(parts: Vec<Part>, first_input: Shard) -> Result<Table, MergeError> {
    let modulus = first_input.modulus;
    // The parts by input residue: as many groups as residues given, never
    // one per residue of the modulus (a manifest may claim any modulus).
    let mut groups: BTreeMap<usize, Vec<(usize, Table)>> = BTreeMap::new();
    for (i, p) in parts.into_iter().enumerate() {
        let input = p.input_shard().expect("every part is of a split input");
        if input.modulus != modulus || input.residue >= modulus {
            return Err(MergeError::OtherInputSplit { part: i + 1, shard: input, first: first_input });
        }
        groups.entry(input.residue).or_default().push((i + 1, p.table()));
    }
    let gap = (0..modulus).zip(groups.keys()).find(|(r, k)| r != *k).map(|(r, _)| r);
    if let Some(missing) = gap.or_else(|| (groups.len() < modulus).then_some(groups.len())) {
        return Err(MergeError::InputMissing { shard: Shard { residue: missing, modulus } });
    }
    let mut joined: Option<Table> = None;
    for group in groups.into_values() {
        let numbers: Vec<usize> = group.iter().map(|(n, _)| *n).collect();
        let first = numbers[0];
        let table = table::merge(group.into_iter().map(|(_, t)| t).collect()).map_err(|e| renumber(e, &numbers))?;
        joined = Some(match joined {
            None => table,
            Some(mut all) => {
                if all.variant != table.variant || all.play != table.play || all.columns != table.columns {
                    let describe = |t: &Table| format!("{} {}", t.variant_title(), t.columns.join(","));
                    return Err(MergeError::OtherSweep {
                        part: first,
                        found: describe(&table),
                        expected: describe(&all),
                    });
                }
                let offset = all.rows.len();
                all.rows.extend(table.rows.into_iter().map(|mut r| {
                    r.position += offset;
                    r
                }));
                all
            }
        });
    }
    let mut all = joined.expect("at least one input part");
    all.total = all.rows.len();
    let keys: Vec<String> = all.rows.iter().map(|r| r.key.to_string()).collect();
    let graph6 = all.rows.iter().all(|r| matches!(r.key, Key::Graph6(_)));
    if graph6 {
        let fingerprint = checksum::of_lines(keys.iter().map(String::as_str)).to_string();
        all.spec = Some(Spec::Graphs { count: all.total, fingerprint });
    }
    Ok(all)
}

/// An error of [`table::merge`] on some of the parts, with the parts' own numbers.
fn renumber(e: MergeError, numbers: &[usize]) -> MergeError {
    let n = |part: usize| numbers.get(part - 1).copied().unwrap_or(part);
    match e {
        MergeError::NoSweep { part } => MergeError::NoSweep { part: n(part) },
        MergeError::OtherSweep { part, found, expected } => MergeError::OtherSweep { part: n(part), found, expected },
        MergeError::OtherSplit { part, shard, first } => MergeError::OtherSplit { part: n(part), shard, first },
        MergeError::Twice { shard, earlier, part } => MergeError::Twice { shard, earlier: n(earlier), part: n(part) },
        MergeError::WrongRows { part, shard, rows, expected } => {
            MergeError::WrongRows { part: n(part), shard, rows, expected }
        }
        other => other,
    }
}
