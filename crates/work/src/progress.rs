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
}

/// Progress that goes nowhere.
#[derive(Debug, Clone, Copy, Default)]
pub struct NoProgress;

impl Progress for NoProgress {
    fn advance(&self, _units: u64) {}
}
