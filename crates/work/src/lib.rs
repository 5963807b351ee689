//! Limits on work, shared by every engine and every front door.
//!
//! A computation in arrows runs under a [`Control`]:
//!
//! * a [`Budget`]: the bytes its tables may hold. Engines estimate what a
//!   request needs *before* allocating and refuse with
//!   [`OverBudget`] when it would not fit; tables that grow check the budget
//!   before every growth.
//! * a [`Cancel`] token: set from another thread (Ctrl-C on the command line,
//!   a time limit in the server, a signal in Python); long loops call
//!   [`Control::checkpoint`] and stop with [`Cancelled`].
//! * a [`Progress`] sink: long loops report units of work done, and a front
//!   door shows them (a progress bar on a terminal) or ignores them.
//!
//! Nothing here names a command-line flag: errors are data, and each front
//! door words its own advice.

mod budget;
mod cancel;
mod progress;

pub use budget::{Budget, OverBudget, SizeError, machine_memory, peak_resident};
pub use cancel::{Cancel, Cancelled};
pub use progress::{Finding, NoProgress, Progress};

use std::sync::Arc;

/// The limits a computation runs under: a memory budget, a cancel token
/// and a progress sink. Cloning shares the token and the sink.
#[derive(Clone)]
pub struct Control {
    /// Bytes the computation's tables may hold.
    pub budget: Budget,
    /// Set to stop the computation early.
    pub cancel: Cancel,
    /// Where progress is reported.
    pub progress: Arc<dyn Progress>,
}

impl std::fmt::Debug for Control {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Control").field("budget", &self.budget).field("cancel", &self.cancel).finish_non_exhaustive()
    }
}

impl Control {
    /// A control with this budget, a fresh token and no progress reporting.
    pub fn new(budget: Budget) -> Control {
        Control { budget, cancel: Cancel::new(), progress: Arc::new(NoProgress) }
    }

    /// The same control with another budget (a worker's share of it, say).
    pub fn with_budget(&self, budget: Budget) -> Control {
        Control { budget, ..self.clone() }
    }

    /// The same control reporting to `progress`.
    pub fn with_progress(&self, progress: Arc<dyn Progress>) -> Control {
        Control { progress, ..self.clone() }
    }

    /// Reports `units` of work done, and stops with [`Cancelled`] when the
    /// token is set. Cheap enough to call every few thousand steps.
    pub fn checkpoint(&self, units: u64) -> Result<(), Cancelled> {
        if units > 0 {
            self.progress.advance(units);
        }
        self.cancel.check()
    }
}

impl Default for Control {
    /// The machine's default budget (see [`Budget::default`]), a fresh token, no progress.
    fn default() -> Control {
        Control::new(Budget::default())
    }
}
