//! Engines for the Game of Arrows.
//!
//! * [`brute`]: every descendant of a state as a pair of bitmasks, with a
//!   memo; ground truth for small games.
//! * [`canonical`]: the state split into components, each canonicalized up
//!   to state isomorphism and flip, values memoized; polynomial on spiders.
//! * [`explicit`]: the whole game graph handed to the loopy solver of
//!   `arrows-loopy`, whose gamma labels are the Grundy values.

pub mod analysis;
pub mod brute;
pub mod canonical;
pub mod error;
pub mod explicit;

pub use analysis::{Analysis, Engine, Request, Stats, analyze};
pub use brute::{BruteForce, Parities};
pub use error::SolveError;
