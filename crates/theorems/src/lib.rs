//! Machine-proved periodicity for families of graphs with one growing leg.
//!
//! See [`lemma`] for the lemmas and their proofs.

pub mod error;
pub mod family;
pub mod fixed;
pub mod given;
pub mod lemma;
pub mod paths;
pub mod prove;
pub mod search;
pub mod system;
pub mod theorem;

pub use error::{FamilyError, SystemError};
pub use family::Family;
pub use prove::{Certificate, Outcome, Reason, Theorem, prove};
pub use search::Limits;
