//! Progress reporting: units of work done, for a front door to show.

/// Where a long computation reports its progress. Implementations must be
/// cheap: `advance` is called from hot loops (every few thousand steps).
pub trait Progress: Send + Sync {
    /// The total number of units, when known (a sweep's graph count).
    fn set_total(&self, _total: u64) {}
    /// What is being counted, e.g. `states`, `classes`, `graphs`.
    fn set_unit(&self, _unit: &'static str) {}
    /// `units` more units are done.
    fn advance(&self, units: u64);
    /// Something the computation has decided, worth showing at once to a
    /// person watching (a winning move); ignored unless implemented.
    fn found(&self, _finding: Finding) {}
}

/// What a long search has decided on its way, before its answer
/// ([`Progress::found`]). Moves are named by their edge (the graph's
/// edge number) and direction (`forward`: from the edge's first end).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Finding {
    /// The search decides the root position's moves one by one: `total` of them.
    RootMoves {
        /// Legal moves of the root position.
        total: usize,
    },
    /// One root move is decided: it wins for the player to move or not.
    RootMove {
        /// The move's edge.
        edge: usize,
        /// The move's direction along its edge.
        forward: bool,
        /// The move leads to a position its player loses.
        winning: bool,
    },
    /// The search's transposition table holds `entries` of at most `capacity`.
    Table {
        /// Entries held now.
        entries: u64,
        /// The most entries the table holds.
        capacity: u64,
    },
}

/// Progress that goes nowhere.
#[derive(Debug, Clone, Copy, Default)]
pub struct NoProgress;

impl Progress for NoProgress {
    fn advance(&self, _units: u64) {}
}
