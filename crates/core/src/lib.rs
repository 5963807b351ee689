//! The Game of Arrows: graphs, arrows, decorations, states and the two rule sets.
//!
//! Vocabulary from Mathews, *The Game of Arrows on 3-legged spider graphs*:
//!
//! * a [`Graph`] is simple with no isolated vertex; its edges are numbered,
//!   and edge `i` is bit `i` of a [`Decoration`];
//! * an [`Arrow`] is an oriented edge, written `tail>head`;
//! * a decoration is a set of arrows, at most one per edge;
//! * a *state* of the Trimmed Game of Arrows has no internal sink or source;
//!   a *dormant state* (the Game of Arrows; on a tree, the Game of Cycles)
//!   has no sink or source at all ([`Variant`]);
//! * a *follower* adds one arrow; the *flip* reverses every arrow;
//! * [`trim`] turns the Game of Arrows on `G` into the Trimmed Game of Arrows
//!   on `trim(G)` (Theorem 3.4).

pub mod decoration;
pub mod families;
pub mod formats;
pub mod graph;
pub mod position;
pub mod rules;
pub mod trees;
pub mod trim;

pub use decoration::{Arrow, Decoration, DecorationError, arrow_on, parse_arrows};
pub use families::SpiderLayout;
pub use graph::{EdgeId, Graph, GraphError, Vertex};
pub use position::Position;
pub use rules::{Variant, VertexCount, Violation};
pub use trim::{Ramification, ramify, trim};
