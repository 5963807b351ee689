//! The explicit engine: the game graph of a small instance, solved by the
//! general loopy solver.
//!
//! The Game of Arrows is a [`Game`] of `arrows-loopy` whose positions are
//! decorations and whose moves are [`Position::reduced_moves`] (every legal
//! move, but in the normal-play Game of Cycles the moves that leave a
//! completable cell; a completed cell ends the game); [`explore`](mod@explore) builds
//! its digraph from the starting state, and the generalized Sprague-Grundy
//! function `gamma` labels it. The game is finite and acyclic (each move adds
//! an arrow), so every label is finite and equals the Grundy value: a third
//! computation, independent of both the bitmask recursion and the
//! decomposition.
//!
//! Misère play is reduced to normal play on a slightly larger digraph:
//! every terminal position (no move, or a completed cell) gets one move to
//! a fresh terminal position, [`Node::End`]. Gamma there is the mex rule
//! again, so a terminal state gets label 1 and every label is the misère
//! Grundy value; the digraph has one more position than the game has states.

use crate::analysis::Engine;
use crate::error::SolveError;
use crate::size::{estimated_states, saturate};
use arrows_core::{Arrow, Decoration, Graph, Play, Position, Variant};
use arrows_loopy::{Explored, Game, Gamma, GammaLabels, Limits, explore, gamma};
use arrows_work::Control;
use std::cell::Cell;

/// A position of the explicit game: a state, or the fresh terminal
/// position that misère play adds after every terminal state.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub enum Node {
    /// A state of the game.
    State(Decoration),
    /// The one position after a terminal state, under misère play.
    End,
}

/// The Game of Arrows (any rule set, either play) on one graph, as a
/// rule-defined game.
pub struct ArrowsGame<'g> {
    /// The graph.
    pub graph: &'g Graph,
    /// The rule set.
    pub variant: Variant,
    /// The play convention.
    pub play: Play,
}

impl Game for ArrowsGame<'_> {
    type Position = Node;

    fn followers(&self, position: &Node, out: &mut Vec<Node>) {
        let Node::State(d) = position else { return };
        let here = Position::new(self.graph, self.variant, d).with_play(self.play);
        let start = out.len();
        for a in here.reduced_moves() {
            let e = self.graph.edge_between(a.tail, a.head).expect("a move lies on an edge");
            let mut f = d.clone();
            f.mark(e, self.graph.ends(e).0 == a.tail);
            out.push(Node::State(f));
        }
        if self.play == Play::Misere && out.len() == start {
            out.push(Node::End);
        }
    }
}

/// The game as the exploration sees it: progress reported every few
/// thousand positions, and no follower at all once the control is
/// cancelled, so that the exploration winds down at once.
struct Watched<'a, G> {
    game: G,
    control: &'a Control,
    expanded: Cell<u64>,
    cancelled: Cell<bool>,
}

/// Positions expanded between two checkpoints of the control.
const CHECKPOINT_EVERY: u64 = 1 << 12;

impl<G: Game<Position = Node>> Game for Watched<'_, G> {
    type Position = Node;

    fn followers(&self, position: &Node, out: &mut Vec<Node>) {
        if self.cancelled.get() {
            return;
        }
        let n = self.expanded.get() + 1;
        self.expanded.set(n);
        if n.is_multiple_of(CHECKPOINT_EVERY) && self.control.checkpoint(CHECKPOINT_EVERY).is_err() {
            self.cancelled.set(true);
            return;
        }
        self.game.followers(position, out);
    }

    fn in_bounds(&self, _position: &Node) -> bool {
        !self.cancelled.get()
    }
}

/// The explicit game graph of a state and its gamma labels.
pub struct GameGraph {
    /// Every descendant of the starting state; vertex 0 is the start.
    pub explored: Explored<Node>,
    /// The generalized Sprague-Grundy labels of the digraph.
    pub labels: GammaLabels,
}

/// Bytes a position costs at the peak of an exploration: the decoration
/// twice (the position list and the index, each with its two bit sets on
/// the heap), their tables' spare and doubling room, its label. Measured:
/// 446 bytes per position, moves included, on the path of 18 edges.
const BYTES_PER_POSITION: u64 = 320;
/// Bytes a move costs: its two ends while the digraph is built, then its
/// compressed row, with doubling room.
const BYTES_PER_MOVE: u64 = 24;

/// The bytes the explicit engine would need for a position: its estimated
/// number of states ([`crate::size`]), each with its share of moves (about
/// two thirds of one per unmarked edge).
pub fn estimated_bytes(position: Position<'_>) -> u64 {
    let per_position = BYTES_PER_POSITION as f64 + BYTES_PER_MOVE as f64 * 2.0 / 3.0 * position.unmarked() as f64;
    saturate(estimated_states(position) * per_position)
}

impl GameGraph {
    /// Builds and solves the game graph of `position`, within the
    /// control's budget: refused up front when the estimate is past it,
    /// stopped when the exploration outgrows it.
    pub fn new(position: Position<'_>, control: &Control) -> Result<GameGraph, SolveError> {
        let game = ArrowsGame { graph: position.graph, variant: position.variant, play: position.play };
        GameGraph::of(game, position, control)
    }

    /// Builds and solves the game graph of `game` from the state of
    /// `position` (whose rules `game` plays), as [`GameGraph::new`] does.
    pub(crate) fn of(
        game: impl Game<Position = Node>,
        position: Position<'_>,
        control: &Control,
    ) -> Result<GameGraph, SolveError> {
        if let Some(v) = position.violation() {
            return Err(SolveError::NotAState(v));
        }
        let budget = control.budget.get();
        let needed = estimated_bytes(position);
        if needed > budget {
            return Err(SolveError::MemoryBudget { engine: Engine::Explicit, needed, budget });
        }
        control.cancel.check()?;
        // Five eighths of the budget for the positions, the rest for the moves.
        let max_positions = usize::try_from(budget / 8 * 5 / BYTES_PER_POSITION).unwrap_or(usize::MAX);
        let max_moves = usize::try_from(budget / 8 * 3 / BYTES_PER_MOVE).unwrap_or(usize::MAX);
        let limits = Limits { max_positions, max_moves };
        let game = Watched { game, control, expanded: Cell::new(0), cancelled: Cell::new(false) };
        let explored = explore(&game, [Node::State(position.state.clone())], limits)
            .map_err(|_| SolveError::OutOfBudget { engine: Engine::Explicit, entries: max_positions as u64, budget })?;
        if game.cancelled.get() {
            return Err(SolveError::Cancelled(arrows_work::Cancelled));
        }
        control.progress.advance(game.expanded.get() % CHECKPOINT_EVERY);
        let labels = gamma(explored.graph());
        Ok(GameGraph { explored, labels })
    }

    /// Number of positions (descendants of the start, the start included,
    /// and under misère play the one fresh terminal position).
    pub fn positions(&self) -> usize {
        self.explored.positions().len()
    }

    /// The Grundy value of a descendant of the start.
    ///
    /// # Panics
    /// If `d` is not a descendant, or if its label is infinite (impossible on
    /// this acyclic game; the explicit engine's tests confirm it).
    pub fn grundy(&self, d: &Decoration) -> u32 {
        let v = self.explored.vertex(&Node::State(d.clone())).expect("a descendant of the start");
        match self.labels.get(v) {
            Gamma::Finite(g) => g,
            Gamma::Infinite(k) => panic!("an acyclic game has no infinite label, got infinity{k:?}"),
        }
    }

    /// The moves from the start to a follower of value 0, in edge order
    /// (among [`Position::reduced_moves`]); `position` is the start.
    pub fn winning_moves(&self, position: Position<'_>) -> Vec<Arrow> {
        let graph = position.graph;
        position
            .reduced_moves()
            .into_iter()
            .filter(|a| {
                let e = graph.edge_between(a.tail, a.head).expect("on an edge");
                let mut f = position.state.clone();
                f.mark(e, graph.ends(e).0 == a.tail);
                self.grundy(&f) == 0
            })
            .collect()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::brute::BruteForce;
    use arrows_core::families::{cycle, spider};
    use arrows_work::Budget;

    fn control() -> Control {
        Control::new(Budget::bytes(1 << 30))
    }

    #[test]
    fn gamma_is_finite_and_equals_the_brute_force_value_on_every_descendant() {
        for g in [spider(&[2, 2, 3]).unwrap(), cycle(5).unwrap()] {
            for v in [Variant::Trimmed, Variant::Untrimmed] {
                let empty = Decoration::empty(g.edge_count());
                let explicit = GameGraph::new(Position::new(&g, v, &empty), &control()).unwrap();
                let mut brute = BruteForce::new(Position::new(&g, v, &empty), &control()).unwrap();
                brute.start_grundy().unwrap();
                assert_eq!(explicit.positions(), brute.explored());
                brute.for_each_solved(|d, want| assert_eq!(explicit.grundy(d), want));
            }
        }
    }

    #[test]
    fn refuses_past_its_budget() {
        let g = spider(&[5, 5, 5]).unwrap();
        let empty = Decoration::empty(15);
        let small = Control::new(Budget::bytes(1 << 16));
        let err = GameGraph::new(Position::trimmed(&g, &empty), &small).err().unwrap();
        assert!(matches!(err, SolveError::MemoryBudget { engine: Engine::Explicit, .. }), "{err:?}");
    }

    #[test]
    fn a_cancelled_control_stops_it() {
        let g = spider(&[3, 3, 3]).unwrap();
        let empty = Decoration::empty(9);
        let c = control();
        c.cancel.cancel();
        let err = GameGraph::new(Position::trimmed(&g, &empty), &c).err().unwrap();
        assert!(matches!(err, SolveError::Cancelled(_)), "{err:?}");
    }
}
