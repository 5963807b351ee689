//! Impartial games on finite digraphs, loopy ones included: who wins, how
//! fast, and the generalized Sprague-Grundy function.
//!
//! A game is a digraph: its vertices are *positions*, its arcs *moves*. Two
//! players move a token alternately; the player who cannot move loses (normal
//! play). When the digraph has cycles play may go on forever: a *draw*.
//!
//! # Building a game digraph
//!
//! * directly: [`DigraphBuilder`] (`add_position`, `add_move`, `build`),
//!   [`Digraph::from_moves`], or [`Digraph::from_petgraph`];
//! * from rules: implement [`Game`] (positions and their followers) and call
//!   [`explore()`] from the start positions, with [`Limits`] on the size, or
//!   [`explore_with`] under an [`arrows_work::Control`] (a memory budget it
//!   refuses to outgrow, progress, cancellation); games whose positions are
//!   unbounded cut moves off with [`Game::in_bounds`];
//! * from text: [`read_digraph`] (edge list or DOT).
//!
//! # Solving it
//!
//! * [`outcomes`]: P/N/D ([`Outcome`]) and remoteness of every position, by
//!   retrograde analysis in O(positions + moves);
//! * [`gamma()`]: the generalized Sprague-Grundy value ([`Gamma`]: `n` or
//!   `∞(K)`) and counter function of every position, with winning and
//!   draw-keeping moves;
//! * [`Analysis`]: both, on a digraph explored up to a bound, marking each
//!   result the bound could change;
//! * sums: [`sum_value`], [`sum_best_move`] and the [`product`] digraph.
//!
//! ```
//! use arrows_loopy::{Digraph, Gamma, Outcome, gamma, outcomes};
//!
//! // 0 is terminal, 1 -> 0, and 2 <-> 3 with 2 -> 1: a draw at 2 and 3.
//! let mut b = Digraph::builder();
//! for _ in 0..4 {
//!     b.add_position();
//! }
//! for (from, to) in [(1, 0), (2, 3), (3, 2), (2, 1)] {
//!     b.add_move(from, to).unwrap();
//! }
//! let g = b.build();
//! let o = outcomes(&g);
//! assert_eq!(o.outcome(1), Outcome::N);
//! assert_eq!(o.remoteness(1), Some(1));
//! assert_eq!(o.outcome(2), Outcome::D);
//! let labels = gamma(&g);
//! assert_eq!(labels.get(2), Gamma::infinite([1]));
//! assert_eq!(labels.get(2).to_string(), "∞{1}");
//! ```
//!
//! The classic games of the sources below are in [`games`]; the [`catalog`]
//! names them all, builds them from their parameters and answers requests
//! about them (reports of rows, sums, cop-win) for every front door.
//!
//! # Sources
//!
//! The documentation cites these texts by their short names:
//!
//! * *Fraenkel*: A. S. Fraenkel, "The Cyclic Butler University Game" (2006):
//!   the generalized Sprague-Grundy function on cyclic digraphs, sums with
//!   infinities, the coin game on the Butler University map.
//! * *Zeilberger*: "Combinatorial Games", handout for Math 428 (Rutgers):
//!   games as digraphs, the P/N labelling.
//! * *CGT V*: "Combinatorial Game Theory V", lesson 5 (loopy games):
//!   Square-But-One, Fair Shares and Varied Pairs, Put-or-Take-a-Square,
//!   Nim's Island.
//! * *Games on Arbitrary Graphs*: lecture notes on retrograde analysis
//!   (the O(m) win/lose/draw labelling, policeman and thief, cop-win graphs,
//!   rectangle slicing, Nimble, Turning Turtles, At-Least-Half).
//!
//! # Memory
//!
//! The solvers' peak memory per position and per move is [`Cost`]; an
//! exploration counts its tables and the solving to come against the budget
//! of its control, and refuses before it would outgrow it
//! ([`ExploreError::MemoryBudget`]).

pub mod analysis;
pub mod catalog;
pub mod cost;
pub mod digraph;
pub mod explore;
pub mod games;
pub mod gamma;
pub mod outcome;
pub mod rng;
pub mod sum;
pub mod text;
mod work;

pub use analysis::{Analysis, Remoteness};
pub use cost::Cost;
pub use digraph::{Digraph, DigraphBuilder, DigraphError, MAX_SIZE, VertexId};
pub use explore::{ExploreError, Explored, Game, Limits, SizeHint, check_size, explore, explore_with};
pub use gamma::{Gamma, GammaLabels, GammaStats, gamma, gamma_with, mex};
pub use outcome::{Outcome, Outcomes, outcomes, outcomes_with};
pub use sum::{Product, SumMove, Token, nim_sum, product, product_with, sum_best_move, sum_value, tokens_value};
pub use text::{NamedDigraph, ParseError, ParseErrorKind, read_digraph, read_graph};
