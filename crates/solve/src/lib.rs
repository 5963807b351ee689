//! Engines for the Game of Arrows.
//!
//! * [`brute`]: every descendant of a state as a pair of bitmasks, with a
//!   memo; ground truth for small games.
//! * [`canonical`]: the state split into components, each canonicalized up
//!   to state isomorphism and flip, values memoized; polynomial on spiders.
//! * [`explicit`]: the whole game graph handed to the loopy solver of
//!   `arrows-loopy`, whose gamma labels are the Grundy values.
//! * [`search`]: the outcome search for the Game of Cycles: who wins, by a
//!   depth-first search that stops at the first winning move, exact values
//!   only for the small components.
//! * [`isomorphism`]: state isomorphisms (Definition 4.5) by brute force,
//!   flowers and the local criteria (Theorems 4.10, 4.14, Corollary 4.12).

pub mod analysis;
pub mod brute;
pub mod canonical;
pub mod certify;
pub mod error;
pub mod explain;
pub mod explicit;
pub mod isomorphism;
pub mod literal;
pub mod remoteness;
pub mod report;
pub mod search;
pub mod session;
pub mod size;
mod stack;
pub mod study;

pub use analysis::{Analysis, Analyzer, Engine, Stats, analyze};
pub use brute::{BruteForce, Parities};
pub use error::{SolveError, Unsupported};
pub use study::{Request, StudyError, study};
