//! Deterministic shards of a sweep: part `i` of `n`, written `i/n`.

use std::fmt;
use std::str::FromStr;

/// Part `index` of `count` (both from 1): the rows whose position in the
/// full table is `index - 1` modulo `count`. Interleaving keeps the shards
/// balanced when the graphs grow along the table.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, serde::Serialize, serde::Deserialize)]
pub struct Shard {
    /// Which part, from 1 to `count`.
    pub index: usize,
    /// How many parts.
    pub count: usize,
}

impl Shard {
    /// The whole sweep as a single part.
    pub const WHOLE: Shard = Shard { index: 1, count: 1 };

    /// Whether the row at `position` (from 0) of the full table belongs to this shard.
    pub fn owns(&self, position: usize) -> bool {
        position % self.count == self.index - 1
    }

    /// How many of the first `total` rows this shard owns.
    pub fn share(&self, total: usize) -> usize {
        total / self.count + usize::from(total % self.count >= self.index)
    }

    /// Whether this is the whole sweep.
    pub fn is_whole(&self) -> bool {
        self.count == 1
    }
}

impl fmt::Display for Shard {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}/{}", self.index, self.count)
    }
}

/// Why a text is not a shard.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum ShardError {
    /// The text is not `I/N` with whole numbers.
    #[error("cannot read the shard {text:?}; write I/N with 1 <= I <= N, e.g. 3/8")]
    Syntax {
        /// The text given.
        text: String,
    },
    /// `I/N` with `I = 0`, `N = 0` or `I > N`.
    #[error("the shard {index}/{count} does not exist; write I/N with 1 <= I <= N, e.g. 1/{}", (*.count).max(1))]
    NoSuchShard {
        /// The part asked for.
        index: usize,
        /// The number of parts.
        count: usize,
    },
}

impl FromStr for Shard {
    type Err = ShardError;

    fn from_str(text: &str) -> Result<Shard, ShardError> {
        let bad = || ShardError::Syntax { text: text.into() };
        let (i, n) = text.trim().split_once('/').ok_or_else(bad)?;
        let index: usize = i.trim().parse().map_err(|_| bad())?;
        let count: usize = n.trim().parse().map_err(|_| bad())?;
        if count == 0 || index == 0 || index > count {
            return Err(ShardError::NoSuchShard { index, count });
        }
        Ok(Shard { index, count })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn shards_partition_the_rows() {
        for count in 1..6 {
            for total in 0..20 {
                let mut owners = vec![0; total];
                for index in 1..=count {
                    let s = Shard { index, count };
                    let mine = (0..total).filter(|&p| s.owns(p)).count();
                    assert_eq!(mine, s.share(total));
                    (0..total).filter(|&p| s.owns(p)).for_each(|p| owners[p] += 1);
                }
                assert!(owners.iter().all(|&o| o == 1));
            }
        }
    }

    #[test]
    fn shards_read() {
        assert_eq!("3/8".parse(), Ok(Shard { index: 3, count: 8 }));
        assert_eq!("3/2".parse::<Shard>(), Err(ShardError::NoSuchShard { index: 3, count: 2 }));
        assert!("3/2".parse::<Shard>().unwrap_err().to_string().contains("does not exist"));
        assert!("0/2".parse::<Shard>().is_err());
        assert!("1/0".parse::<Shard>().is_err());
        assert!("x".parse::<Shard>().is_err());
        assert_eq!(Shard { index: 2, count: 5 }.to_string(), "2/5");
    }
}
