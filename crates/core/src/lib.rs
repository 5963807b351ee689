//! The Game of Arrows: graphs, arrows, decorations, states, the three rule
//! sets and the two play conventions.
//!
//! Vocabulary from Mathews, *The Game of Arrows on 3-legged spider graphs*:
//!
//! * a [`Graph`] is simple; its edges are numbered, and edge `i` is bit `i`
//!   of a [`Decoration`]; a vertex with no edge (an isolated vertex) takes
//!   no part in the game, and a graph with no edge has no move;
//! * an [`Arrow`] is an oriented edge, written `tail>head`;
//! * a decoration is a set of arrows, at most one per edge;
//! * a *state* of the Trimmed Game of Arrows has no internal sink or source;
//!   a *dormant state* (the Game of Arrows; on a tree, the Game of Cycles)
//!   has no sink or source at all ([`Variant`]);
//! * a *follower* adds one arrow; the *flip* reverses every arrow;
//! * a *plane graph* (the Game of Cycles) is a graph carrying its cycle
//!   cells, the bounded faces of an embedding ([`plane`], [`Graph::with_cells`]);
//! * under normal or misère play ([`Play`]); the Game of Cycles' value
//!   under normal play is that of a reduced game ([`play`]);
//! * [`trim`](mod@trim) turns the Game of Arrows on `G` into the Trimmed Game of Arrows
//!   on `trim(G)` (Theorem 3.4).
//!
//! Every graph, from a family ([`families::Member`]) or from text
//! ([`formats`]), is held to the size limit [`GraphSize::LIMIT`] before it is
//! allocated, and [`GraphSize::bytes`] estimates its memory for a budget.
//! Errors are data: [`GraphError`], [`FamilyError`],
//! [`ParseError`](formats::ParseError), [`DecorationError`].

pub mod decoration;
pub mod describe;
pub mod families;
pub mod formats;
pub mod graph;
pub mod plane;
pub mod play;
pub mod position;
pub mod rules;
pub mod shape;
pub mod size;
pub mod trees;
pub mod trim;

pub use decoration::{Arrow, Decoration, DecorationError, arrow_on, parse_arrows};
pub use families::{FamilyError, Member, SpiderLayout};
pub use graph::{EdgeId, Graph, GraphError, Vertex};
pub use plane::{Cell, CellStatus, Cells, Drawing, PlaneError};
pub use play::{After, FollowerStandings, Play, Standing};
pub use position::Position;
pub use rules::{Variant, VertexCount, Violation};
pub use size::{GraphSize, MAX_EDGES, MAX_VERTICES};
pub use trim::{Ramification, ramify, trim};

/// How the numbers of `count` things numbered from 0 read in a message:
/// `numbered 0 to 3` for four, `numbered 0` for one, `none` for none.
pub fn numbered(count: usize) -> String {
    match count {
        0 => "none".to_string(),
        1 => "numbered 0".to_string(),
        n => format!("numbered 0 to {}", n - 1),
    }
}
