//! Why an engine refuses a request.

use arrows_core::Violation;
use std::fmt;

/// An engine's refusal, with the fix in its message.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum SolveError {
    /// The starting decoration is not a state of the chosen game.
    NotAState(Violation),
    /// The request is past what the engine can hold.
    TooLarge {
        /// The engine that refused.
        engine: &'static str,
        /// What is too large, e.g. "30 unmarked edges".
        size: String,
        /// The engine's limit, e.g. "at most 28".
        limit: String,
        /// What to do instead.
        instead: String,
    },
    /// The memo outgrew the memory budget.
    OutOfBudget {
        /// The engine that stopped.
        engine: &'static str,
        /// Entries stored when it stopped.
        entries: usize,
        /// The budget in bytes.
        budget: u64,
        /// What to do instead.
        instead: String,
    },
}

impl fmt::Display for SolveError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            SolveError::NotAState(v) => write!(
                f,
                "the starting decoration is not a state: {v}; remove or reverse one of its arrows (or pick the other rule set)"
            ),
            SolveError::TooLarge { engine, size, limit, instead } => {
                write!(f, "this game has {size}, but the {engine} engine handles {limit}; {instead}")
            }
            SolveError::OutOfBudget { engine, entries, budget, instead } => write!(
                f,
                "the {engine} engine stopped after storing {entries} values, at its memory budget of {}; {instead}",
                human_bytes(*budget)
            ),
        }
    }
}

impl std::error::Error for SolveError {}

/// `3.0 GiB`, `512 MiB`, ...
pub fn human_bytes(b: u64) -> String {
    const UNITS: [&str; 5] = ["B", "KiB", "MiB", "GiB", "TiB"];
    let mut x = b as f64;
    let mut i = 0;
    while x >= 1024.0 && i + 1 < UNITS.len() {
        x /= 1024.0;
        i += 1;
    }
    if i == 0 { format!("{b} B") } else { format!("{x:.1} {}", UNITS[i]) }
}
