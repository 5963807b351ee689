//! Memory in bytes per position and per move: what the solvers need, so that
//! a request is refused before it outgrows its budget.
//!
//! The figures count the tables each solver allocates at its peak (allocated
//! once at their largest, so that no doubling vector adds slack), and are set
//! beside the peak memory the benchmarks measure
//! (`cargo bench -p arrows-loopy -- memory`).

/// Bytes per position and per move of a game digraph.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct Cost {
    /// Bytes for each position.
    pub per_position: u64,
    /// Bytes for each move.
    pub per_move: u64,
}

impl Cost {
    /// Nothing.
    pub const NONE: Cost = Cost { per_position: 0, per_move: 0 };

    /// The peak of [`Analysis::new`](crate::Analysis::new) beyond the digraph
    /// it solves, less a list as long as the most moves into or out of a
    /// position
    /// (see [`Analysis::peak_bytes`](crate::Analysis::peak_bytes)): while
    /// [`gamma`](crate::gamma()) runs, the outcomes and the optimistic
    /// analysis already made (15 bytes a position) and gamma's own tables
    /// ([`Cost::GAMMA`]). The passes before gamma need less: the outcomes 13
    /// bytes a position, the optimistic analysis 51 with the outcomes.
    pub const ANALYSIS: Cost = Cost { per_position: 64, per_move: 12 };

    /// The peak of [`outcomes`](crate::outcomes()): outcome and remoteness
    /// (5 bytes a position), the counters and the queue (4 each).
    pub const OUTCOMES: Cost = Cost { per_position: 13, per_move: 0 };

    /// The peak of [`gamma`](crate::gamma()), less a list as long as the
    /// most moves into or out of a position: eleven tables of 4 bytes a position
    /// (values, counters, stage marks, list starts and ends, the watches,
    /// the unlabelled positions, the queue), the starts of the sets `K` (4),
    /// and per move its working copy of the follower lists and the watch
    /// chains, allocated once at their largest (12 bytes).
    pub const GAMMA: Cost = Cost { per_position: 48, per_move: 12 };

    /// The bytes for `positions` positions and `moves` moves (saturating).
    pub fn bytes(self, positions: u64, moves: u64) -> u64 {
        self.per_position.saturating_mul(positions).saturating_add(self.per_move.saturating_mul(moves))
    }

    /// Both costs together.
    pub fn plus(self, other: Cost) -> Cost {
        Cost {
            per_position: self.per_position.saturating_add(other.per_position),
            per_move: self.per_move.saturating_add(other.per_move),
        }
    }
}

/// The bytes of a hash table of `T` (hashbrown's layout: a power of two of
/// buckets at most 7/8 full, a control byte per bucket and a group of 16
/// more) able to hold `capacity` entries.
pub(crate) fn table_bytes<T>(capacity: usize) -> usize {
    if capacity == 0 {
        return 0;
    }
    let buckets = if capacity < 15 { 16 } else { (capacity.saturating_mul(8) / 7).next_power_of_two() };
    (buckets * size_of::<T>()).next_multiple_of(16) + buckets + 16
}

#[cfg(test)]
mod tests {
    use super::*;
    use hashbrown::HashTable;

    /// The formula is hashbrown's own allocation, at the capacities an
    /// exploration asks for.
    #[test]
    fn table_bytes_is_what_hashbrown_allocates() {
        for capacity in [1024usize, 2048, 5000, 1 << 16, 100_000] {
            let mut t: HashTable<u32> = HashTable::new();
            t.reserve(capacity, |&v| u64::from(v));
            assert!(t.allocation_size() <= table_bytes::<u32>(capacity), "{capacity}");
            assert_eq!(t.allocation_size(), table_bytes::<u32>(t.capacity()), "{capacity}");
        }
    }

    #[test]
    fn costs_saturate() {
        assert_eq!(Cost::ANALYSIS.bytes(u64::MAX, 1), u64::MAX);
        assert_eq!(Cost { per_position: 2, per_move: 3 }.bytes(10, 100), 320);
    }
}
