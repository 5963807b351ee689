//! A position of the Game of Arrows: a state of a graph under a rule set
//! and a play convention.
//!
//! [`Position`] borrows the graph and the state, so it is cheap to copy and
//! to hand to every engine. Build it with [`Position::new`] (or
//! [`Position::trimmed`]), which choose normal play, and
//! [`Position::with_play`] for misère play: the struct may gain fields that
//! its constructors fill in. What the Game of Cycles adds (completed and
//! completable cells, the reduced moves) is in [`crate::play`].

use crate::decoration::{Arrow, Decoration};
use crate::graph::Graph;
use crate::play::Play;
use crate::rules::{Variant, Violation};

/// A state of a graph under a rule set, borrowed.
#[derive(Debug, Clone, Copy)]
#[non_exhaustive]
pub struct Position<'a> {
    /// The graph.
    pub graph: &'a Graph,
    /// The rule set.
    pub variant: Variant,
    /// The play convention.
    pub play: Play,
    /// The state (a decoration of `graph`; see [`Position::violation`]).
    pub state: &'a Decoration,
}

impl<'a> Position<'a> {
    /// The position `state` of `graph` under `variant`, normal play. The
    /// decoration is not checked here; [`Position::violation`] says whether
    /// it is a state.
    pub fn new(graph: &'a Graph, variant: Variant, state: &'a Decoration) -> Position<'a> {
        Position { graph, variant, play: Play::Normal, state }
    }

    /// The same position under the play convention `play`.
    pub fn with_play(self, play: Play) -> Position<'a> {
        Position { play, ..self }
    }

    /// A position of the Trimmed Game of Arrows.
    pub fn trimmed(graph: &'a Graph, state: &'a Decoration) -> Position<'a> {
        Position::new(graph, Variant::Trimmed, state)
    }

    /// The same graph and rule set with another state.
    pub fn with_state<'b>(&self, state: &'b Decoration) -> Position<'b>
    where
        'a: 'b,
    {
        Position::new(self.graph, self.variant, state).with_play(self.play)
    }

    /// Number of unmarked edges.
    pub fn unmarked(&self) -> usize {
        self.state.edge_count() - self.state.len()
    }

    /// The first constrained vertex that is a sink or a source: `None` when
    /// the decoration is a state of the rule set.
    pub fn violation(&self) -> Option<Violation> {
        self.variant.violation(self.graph, self.state)
    }

    /// The legal moves, in edge order (forward arrow first): the literal
    /// moves of the rules, none once a cell is completed in the Game of
    /// Cycles. The moves that count for a value are
    /// [`Position::reduced_moves`].
    pub fn moves(&self) -> Vec<Arrow> {
        self.variant.moves(self.graph, self.state)
    }

    /// The followers: one per legal move, in the order of [`Position::moves`].
    pub fn followers(&self) -> Vec<Decoration> {
        self.variant.followers(self.graph, self.state)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::families::path;

    #[test]
    fn a_position_reads_its_state() {
        let g = path(3).unwrap();
        let d = Decoration::parse(&g, "0>1").unwrap();
        let p = Position::trimmed(&g, &d);
        assert_eq!(p.unmarked(), 2);
        assert_eq!(p.violation(), None);
        assert_eq!(p.moves().len(), p.followers().len());
        let bad = Decoration::parse(&g, "0>1,2>1").unwrap();
        assert!(p.with_state(&bad).violation().is_some());
    }
}
