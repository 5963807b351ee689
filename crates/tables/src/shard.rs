//! Deterministic shards of a sweep: residue `res` modulo `mod`, nauty's
//! `res/mod`.
//!
//! A shard owns the rows whose position in the full table (from 0) is
//! `res` modulo `mod`, `0 <= res < mod`: the split of nauty's `geng n
//! res/mod` and `gentreeg n res/mod`, and of a Slurm job array
//! `--array=0-7` (task `SLURM_ARRAY_TASK_ID` is residue `ID - MIN`).
//! Interleaving keeps the shards balanced when the graphs grow along the
//! table.
//!
//! Two spellings are read, and they agree: nauty's `R/M` (0-based, `0/8 ..
//! 7/8`) and the 1-based `I/N` (`1/8 .. 8/8`), part `I` being residue `I
//! mod N`. So `1/8 .. 7/8` mean the same in both and `8/8` is `0/8`. A
//! shard is always shown as `res/mod`.
//!
//! (Up to arrows 0.1.0, part `I/N` was residue `I - 1`; JSON tables of that
//! version are read with that meaning, see [`crate::format::json`].)
//!
//! [`from_environment`] reads the shard of a Slurm array task from its
//! variables, through a look-up function so that it is testable without
//! the process's environment.

use std::fmt;
use std::str::FromStr;

/// The rows whose position in the full table is `residue` modulo `modulus`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, serde::Serialize, serde::Deserialize)]
pub struct Shard {
    /// Which residue, from 0 to `modulus - 1`.
    pub residue: usize,
    /// How many shards split the sweep (at least 1).
    pub modulus: usize,
}

impl Shard {
    /// The whole sweep as a single shard, `0/1`.
    pub const WHOLE: Shard = Shard { residue: 0, modulus: 1 };

    /// Residue `residue` modulo `modulus`; `None` unless `residue < modulus`.
    pub fn new(residue: usize, modulus: usize) -> Option<Shard> {
        (residue < modulus).then_some(Shard { residue, modulus })
    }

    /// Every shard of a split into `modulus` parts, by residue.
    pub fn all(modulus: usize) -> impl Iterator<Item = Shard> {
        (0..modulus).map(move |residue| Shard { residue, modulus })
    }

    /// Whether the row at `position` (from 0) of the full table belongs to this shard.
    pub fn owns(&self, position: usize) -> bool {
        position % self.modulus == self.residue
    }

    /// How many of the first `total` rows this shard owns.
    pub fn share(&self, total: usize) -> usize {
        total / self.modulus + usize::from(total % self.modulus > self.residue)
    }

    /// Whether this is the whole sweep.
    pub fn is_whole(&self) -> bool {
        self.modulus == 1
    }
}

impl fmt::Display for Shard {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}/{}", self.residue, self.modulus)
    }
}

/// Why a text is not a shard.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum ShardError {
    /// The text is not two whole numbers separated by `/`.
    #[error(
        "cannot read the shard {text:?}; write R/M with 0 <= R < M (nauty's res/mod, e.g. 3/8), or I/N with 1 <= I <= N"
    )]
    Syntax {
        /// The text given.
        text: String,
    },
    /// `R/M` with `M = 0` or `R > M`.
    #[error(
        "the shard {residue}/{modulus} does not exist; write R/M with 0 <= R < M, e.g. 0/{} (or I/N with 1 <= I <= N)",
        (*.modulus).max(1)
    )]
    NoSuchShard {
        /// The residue (or 1-based part) asked for.
        residue: usize,
        /// The number of shards.
        modulus: usize,
    },
}

impl FromStr for Shard {
    type Err = ShardError;

    /// Reads `R/M` (0-based) or `I/N` (1-based); `N/N` is `0/N`.
    fn from_str(text: &str) -> Result<Shard, ShardError> {
        let bad = || ShardError::Syntax { text: text.into() };
        let (r, m) = text.trim().split_once('/').ok_or_else(bad)?;
        let residue: usize = r.trim().parse().map_err(|_| bad())?;
        let modulus: usize = m.trim().parse().map_err(|_| bad())?;
        if modulus == 0 || residue > modulus {
            return Err(ShardError::NoSuchShard { residue, modulus });
        }
        Ok(Shard { residue: residue % modulus, modulus })
    }
}

/// The variables of a Slurm array task that name its shard.
pub const SLURM_VARIABLES: [&str; 4] =
    ["SLURM_ARRAY_TASK_ID", "SLURM_ARRAY_TASK_COUNT", "SLURM_ARRAY_TASK_MIN", "SLURM_ARRAY_TASK_MAX"];

/// A shard read from a Slurm array task's variables, with the values that
/// gave it (to say why).
#[derive(Debug, Clone, PartialEq, Eq, serde::Serialize)]
pub struct FromEnvironment {
    /// The shard.
    pub shard: Shard,
    /// The variables used, with their values, in the order read.
    pub variables: Vec<(String, String)>,
}

impl fmt::Display for FromEnvironment {
    /// `shard 3/8, from SLURM_ARRAY_TASK_ID=3 and SLURM_ARRAY_TASK_COUNT=8`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let names: Vec<String> = self.variables.iter().map(|(k, v)| format!("{k}={v}")).collect();
        let names = match names.split_last() {
            Some((last, [])) => last.clone(),
            Some((last, rest)) => format!("{} and {last}", rest.join(", ")),
            None => String::new(),
        };
        write!(f, "shard {}, from {names}", self.shard)
    }
}

/// Why a Slurm array task's variables name no shard.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum EnvironmentError {
    /// A variable is not a whole number.
    #[error("{name}={value:?} is not a whole number")]
    NotANumber {
        /// The variable.
        name: &'static str,
        /// Its value.
        value: String,
    },
    /// The task id is set, but neither the count nor the bounds of the array.
    #[error(
        "SLURM_ARRAY_TASK_ID={id} is set but neither SLURM_ARRAY_TASK_COUNT nor SLURM_ARRAY_TASK_MIN and SLURM_ARRAY_TASK_MAX, so the number of shards is unknown"
    )]
    NoCount {
        /// The task id.
        id: usize,
    },
    /// A count of 0.
    #[error("SLURM_ARRAY_TASK_COUNT=0: an array of no task")]
    ZeroCount,
    /// The task id is outside the array.
    #[error("SLURM_ARRAY_TASK_ID={id} is outside the array {min}..{max}")]
    Outside {
        /// The task id.
        id: usize,
        /// The smallest id of the array.
        min: usize,
        /// The largest id.
        max: usize,
    },
    /// The bounds are reversed.
    #[error("SLURM_ARRAY_TASK_MIN={min} is larger than SLURM_ARRAY_TASK_MAX={max}")]
    Reversed {
        /// The smallest id.
        min: usize,
        /// The largest id.
        max: usize,
    },
    /// The bounds span more tasks than a number counts (`0` to `2^64 - 1`).
    #[error(
        "SLURM_ARRAY_TASK_MIN={min} and SLURM_ARRAY_TASK_MAX={max} make an array of more tasks than can be counted"
    )]
    TooManyTasks {
        /// The smallest id.
        min: usize,
        /// The largest id.
        max: usize,
    },
    /// The count disagrees with the bounds: an array with a step or a list of ids.
    #[error(
        "SLURM_ARRAY_TASK_COUNT={count} but the ids run from {min} to {max}; a shard array must number its tasks consecutively, e.g. 0-{}",
        .count.saturating_sub(1)
    )]
    NotConsecutive {
        /// The number of tasks.
        count: usize,
        /// The smallest id.
        min: usize,
        /// The largest id.
        max: usize,
    },
}

/// The shard of a Slurm array task, read through `lookup` (the process's
/// environment in the command-line tool, a map in tests); `Ok(None)` when
/// `SLURM_ARRAY_TASK_ID` is not set.
///
/// With `SLURM_ARRAY_TASK_MIN` and `SLURM_ARRAY_TASK_MAX` the shard is
/// residue `ID - MIN` modulo `MAX - MIN + 1` (and a `SLURM_ARRAY_TASK_COUNT`
/// must agree); with only the count it is residue `ID mod COUNT`, so the
/// ids `0..COUNT-1` and `1..COUNT` both give every shard once.
pub fn from_environment(lookup: impl Fn(&str) -> Option<String>) -> Result<Option<FromEnvironment>, EnvironmentError> {
    let read = |name: &'static str| -> Result<Option<(usize, String)>, EnvironmentError> {
        match lookup(name) {
            None => Ok(None),
            Some(value) => match value.trim().parse::<usize>() {
                Ok(n) => Ok(Some((n, value))),
                Err(_) => Err(EnvironmentError::NotANumber { name, value }),
            },
        }
    };
    let [id_name, count_name, min_name, max_name] = SLURM_VARIABLES;
    let Some((id, id_text)) = read(id_name)? else {
        return Ok(None);
    };
    let (count, min, max) = (read(count_name)?, read(min_name)?, read(max_name)?);
    let mut variables = vec![(id_name.to_string(), id_text)];
    let shard = match (min, max) {
        (Some((min, min_text)), Some((max, max_text))) => {
            if min > max {
                return Err(EnvironmentError::Reversed { min, max });
            }
            if !(min..=max).contains(&id) {
                return Err(EnvironmentError::Outside { id, min, max });
            }
            // An array of every id a word holds has one task too many to count.
            let Some(tasks) = (max - min).checked_add(1) else {
                return Err(EnvironmentError::TooManyTasks { min, max });
            };
            if let Some((count, _)) = count
                && count != tasks
            {
                return Err(EnvironmentError::NotConsecutive { count, min, max });
            }
            variables.push((min_name.to_string(), min_text));
            variables.push((max_name.to_string(), max_text));
            Shard { residue: id - min, modulus: tasks }
        }
        _ => {
            let Some((count, count_text)) = count else {
                return Err(EnvironmentError::NoCount { id });
            };
            if count == 0 {
                return Err(EnvironmentError::ZeroCount);
            }
            if id > count {
                return Err(EnvironmentError::Outside { id, min: 0, max: count });
            }
            variables.push((count_name.to_string(), count_text));
            Shard { residue: id % count, modulus: count }
        }
    };
    Ok(Some(FromEnvironment { shard, variables }))
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::collections::HashMap;

    #[test]
    fn shards_partition_the_rows() {
        for modulus in 1..6 {
            for total in 0..20 {
                let mut owners = vec![0; total];
                for s in Shard::all(modulus) {
                    let mine = (0..total).filter(|&p| s.owns(p)).count();
                    assert_eq!(mine, s.share(total));
                    (0..total).filter(|&p| s.owns(p)).for_each(|p| owners[p] += 1);
                }
                assert!(owners.iter().all(|&o| o == 1));
            }
        }
    }

    #[test]
    fn both_spellings_read() {
        assert_eq!("3/8".parse(), Ok(Shard { residue: 3, modulus: 8 }));
        assert_eq!("0/8".parse(), Ok(Shard { residue: 0, modulus: 8 }));
        assert_eq!("8/8".parse(), Ok(Shard { residue: 0, modulus: 8 }));
        assert_eq!("1/1".parse(), Ok(Shard::WHOLE));
        assert_eq!("3/2".parse::<Shard>(), Err(ShardError::NoSuchShard { residue: 3, modulus: 2 }));
        assert!("3/2".parse::<Shard>().unwrap_err().to_string().contains("does not exist"));
        assert!("0/0".parse::<Shard>().is_err());
        assert!("x".parse::<Shard>().is_err());
        assert!("-1/2".parse::<Shard>().is_err());
        assert_eq!(Shard { residue: 2, modulus: 5 }.to_string(), "2/5");
        assert_eq!("8/8".parse::<Shard>().unwrap().to_string(), "0/8");
    }

    fn env(pairs: &[(&str, &str)]) -> impl Fn(&str) -> Option<String> + use<> {
        let map: HashMap<String, String> = pairs.iter().map(|(k, v)| (k.to_string(), v.to_string())).collect();
        move |name| map.get(name).cloned()
    }

    #[test]
    fn slurm_variables_give_the_shard() {
        assert_eq!(from_environment(env(&[])), Ok(None));
        let s = from_environment(env(&[("SLURM_ARRAY_TASK_ID", "3"), ("SLURM_ARRAY_TASK_COUNT", "8")])).unwrap();
        let s = s.unwrap();
        assert_eq!(s.shard, Shard { residue: 3, modulus: 8 });
        assert_eq!(s.to_string(), "shard 3/8, from SLURM_ARRAY_TASK_ID=3 and SLURM_ARRAY_TASK_COUNT=8");
        // --array=1-8: task 8 is residue 0, with or without the bounds.
        let all = [
            ("SLURM_ARRAY_TASK_ID", "8"),
            ("SLURM_ARRAY_TASK_COUNT", "8"),
            ("SLURM_ARRAY_TASK_MIN", "1"),
            ("SLURM_ARRAY_TASK_MAX", "8"),
        ];
        let s = from_environment(env(&all)).unwrap().unwrap();
        assert_eq!(s.shard, Shard { residue: 7, modulus: 8 });
        assert_eq!(
            s.to_string(),
            "shard 7/8, from SLURM_ARRAY_TASK_ID=8, SLURM_ARRAY_TASK_MIN=1 and SLURM_ARRAY_TASK_MAX=8"
        );
        let s = from_environment(env(&all[..2])).unwrap().unwrap();
        assert_eq!(s.shard, Shard { residue: 0, modulus: 8 });
        // Every task of an array 0-4 or 5-9 gets a shard of 5, each once.
        for min in [0, 5] {
            let mut seen: Vec<usize> = (min..min + 5)
                .map(|id| {
                    let (id, lo, hi) = (id.to_string(), min.to_string(), (min + 4).to_string());
                    let e = env(&[
                        ("SLURM_ARRAY_TASK_ID", &id),
                        ("SLURM_ARRAY_TASK_MIN", &lo),
                        ("SLURM_ARRAY_TASK_MAX", &hi),
                    ]);
                    from_environment(e).unwrap().unwrap().shard.residue
                })
                .collect();
            seen.sort_unstable();
            assert_eq!(seen, [0, 1, 2, 3, 4]);
        }
    }

    #[test]
    fn inconsistent_slurm_variables_are_refused() {
        use EnvironmentError::*;
        let id = |v| ("SLURM_ARRAY_TASK_ID", v);
        let count = |v| ("SLURM_ARRAY_TASK_COUNT", v);
        let min = |v| ("SLURM_ARRAY_TASK_MIN", v);
        let max = |v| ("SLURM_ARRAY_TASK_MAX", v);
        let cases: Vec<(Vec<(&str, &str)>, EnvironmentError)> = vec![
            (vec![id("x"), count("4")], NotANumber { name: "SLURM_ARRAY_TASK_ID", value: "x".into() }),
            (vec![id("1"), count("-4")], NotANumber { name: "SLURM_ARRAY_TASK_COUNT", value: "-4".into() }),
            (vec![id("1")], NoCount { id: 1 }),
            (vec![id("1"), min("0")], NoCount { id: 1 }),
            (vec![id("0"), count("0")], ZeroCount),
            (vec![id("9"), count("4")], Outside { id: 9, min: 0, max: 4 }),
            (vec![id("9"), min("0"), max("3")], Outside { id: 9, min: 0, max: 3 }),
            (vec![id("2"), min("4"), max("3")], Reversed { min: 4, max: 3 }),
            (vec![id("2"), count("3"), min("0"), max("6")], NotConsecutive { count: 3, min: 0, max: 6 }),
            // Every id of a word: one task more than a word counts (was a division by zero).
            (vec![id("0"), min("0"), max("18446744073709551615")], TooManyTasks { min: 0, max: usize::MAX }),
        ];
        for (vars, expected) in cases {
            let e = from_environment(env(&vars)).unwrap_err();
            assert_eq!(e, expected, "{vars:?}");
            assert!(!e.to_string().contains("--"), "{e}");
        }
    }
}
