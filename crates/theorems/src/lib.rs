//! Machine-proved periodicity for families of graphs with one growing leg.
//!
//! A spider with one growing leg, a broom whose handle grows, a
//! caterpillar whose spine goes on in a path: each member is a fixed graph
//! with a leg of `n` edges. A move on the leg cuts it in two, the fixed
//! part with a shorter leg (its end now needing an arrow) and an outer
//! path valued by Section 5 of the spider paper; a move elsewhere changes
//! the fixed part's state, of which there are finitely many. So the values
//! of the whole family are one finite *system* of sequences, each the mex
//! of nim-sums of earlier terms, and a finite check proves a statement
//! about every `n`, as Guy and Smith's theorem does for octal games.
//!
//! * [`system`]: systems of sequences and their terms;
//! * [`given`]: the closed forms of Section 5 the systems read;
//! * [`paths`]: the labelled paths as a system of their own (re-deriving
//!   Section 5 from the rules of the game);
//! * [`fixed`]: the fixed part's states (labelled subgraphs, dead edges
//!   dropped, split at free vertices) and the values of its pieces;
//! * [`family`]: the families, their names, members and systems;
//! * [`lemma`]: **the three lemmas, stated and proved**, and the checker;
//! * [`search`]: the search for a truncation and periods the lemmas accept;
//! * [`theorem`]: a family's own period and start, and its statement;
//! * [`prove`](mod@prove): a family in, a theorem and its certificate out.
//!
//! The terms are computed by the system's own recursion, not by the
//! canonical engine's memo; the integration tests check every theorem
//! against the canonical engine (`tests/it/agree.rs` here, and the
//! committed theorems in the `arrows` crate's `tests/it/theorems.rs`).
//!
//! ```
//! use arrows_core::Variant;
//! use arrows_theorems::{Family, Limits, prove};
//! let family = Family::parse("spider", &["1".into(), "4".into(), "n".into()], Variant::Trimmed).unwrap();
//! let outcome = prove(&family[0], &Limits::default()).unwrap();
//! assert_eq!(
//!     outcome.sentence().unwrap(),
//!     "for every n >= 3, G(S(1,4,n)) = 0, 1, 0, 0, 1, 0, 0, 1 for n = 0, 1, ..., 7 mod 8"
//! );
//! ```

pub mod error;
pub mod family;
pub mod fixed;
pub mod given;
pub mod lemma;
pub mod paths;
#[cfg(test)]
mod probe;
pub mod prove;
pub mod search;
pub mod system;
pub mod theorem;

pub use error::{FamilyError, SystemError};
pub use family::Family;
pub use prove::{Certificate, Growth, Member, Outcome, Reason, Theorem, prove, prove_all};
pub use search::Limits;
