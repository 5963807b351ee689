//! The canonical engine: states split into components, components reduced
//! and canonicalized up to state isomorphism and flip, values memoized.
//!
//! * [`need`]: the label of each vertex (free, needs-in, needs-out, needs-both);
//! * [`component`]: the decomposition and its two reductions (dead edges,
//!   ramification at free vertices);
//! * [`spider`]: spider-shaped components (every component of a spider
//!   state) described by their legs, with followers computed directly;
//! * [`rows`]: the memo of spider classes, in rows read without hashing;
//!   `legs`: a spider's moves, one leg per orbit, read off the rows in one pass;
//! * [`canon`]: canonical keys of other components (AHU for trees,
//!   individualization-refinement for graphs with cycles);
//! * [`measure`]: what is computed (Grundy values, terminal parities);
//! * [`closed`]: the closed forms of Section 5 for path components;
//! * [`cycle`]: linear-time keys of cycle components;
//! * [`small`]: trees of at most 32 vertices on bitmasks (`u128` keys,
//!   orbits of moves); `descent`: their recursion, followers derived from
//!   the parent, one move per orbit; [`treememo`]: their memo;
//! * [`estimate`]: the memo a state needs, estimated up front, component by
//!   component; [`reach`]: the classes of components that are not
//!   spider-shaped, counted for the estimate; `enumerate`: the connected
//!   pieces of a component with cycles, one by one; [`orbits`]: a piece's
//!   classes up to its symmetries, by Burnside's lemma; `directed`: the
//!   pieces of a dense component counted by vertex set and direction;
//! * [`engine`]: the entry points; [`memo`]: the memo, one table shared by
//!   every worker, bounded by evicting; `recursion`: the memoized
//!   recursion itself;
//! * [`persist`]: the memo saved to a file and loaded back, so that
//!   another run reuses the classes solved;
//! * [`cells`]: the Game of Cycles under normal play: components joined
//!   through live cells, their moves, keys, recursion and estimate.
//!
//! The Grundy value of a state is the nim-sum of its components' values,
//! because the game is their disjunctive sum (in the Game of Cycles, the
//! reduced game of [`arrows_core::play`] is; see [`cells`]).

pub mod canon;
pub mod cells;
pub mod closed;
pub mod component;
pub mod cycle;
mod descent;
mod directed;
pub mod engine;
mod enumerate;
pub mod estimate;
mod legs;
pub mod measure;
pub mod memo;
pub mod need;
pub mod orbits;
pub mod persist;
pub mod reach;
mod recursion;
pub mod rows;
pub mod scratch;
pub mod small;
pub mod spider;
pub mod treememo;

pub use cells::{CellComponent, LiveCell};
pub use closed::PathFamily;
pub use component::Component;
pub use engine::{CanonicalEngine, CanonicalStats, StateComponent, decompose, unsupported};
pub use measure::{Grundy, Measure, Parity};
pub use memo::{Memo, MemoFigures};
pub use need::Need;
pub use persist::{MemoFileError, MemoSummary, RuleSet};
pub use spider::{EdgePlace, Leg, Spider};
