//! The explicit engine: the game graph of a small instance, solved by the
//! general loopy solver.
//!
//! The Game of Arrows is a [`Game`] of `arrows-loopy` whose positions are
//! decorations and whose moves are [`Variant::followers`]; [`explore`] builds
//! its digraph from the starting state, and the generalized Sprague-Grundy
//! function `gamma` labels it. The game is finite and acyclic (each move adds
//! an arrow), so every label is finite and equals the Grundy value: a third
//! computation, independent of both the bitmask recursion and the
//! decomposition.

use crate::error::SolveError;
use arrows_core::{Arrow, Decoration, Graph, Variant};
use arrows_loopy::{Explored, Game, Gamma, GammaLabels, Limits, explore, gamma};

/// The Game of Arrows on one graph, as a rule-defined game.
pub struct ArrowsGame<'g> {
    /// The graph.
    pub graph: &'g Graph,
    /// The rule set.
    pub variant: Variant,
}

impl Game for ArrowsGame<'_> {
    type Position = Decoration;

    fn followers(&self, position: &Decoration, out: &mut Vec<Decoration>) {
        out.extend(self.variant.followers(self.graph, position));
    }
}

/// The explicit game graph of a state and its gamma labels.
pub struct GameGraph {
    /// Every descendant of the starting state; vertex 0 is the start.
    pub explored: Explored<Decoration>,
    /// The generalized Sprague-Grundy labels of the digraph.
    pub labels: GammaLabels,
}

/// Bytes per position and per move that an exploration may hold (the
/// decoration, the index entry, the digraph's arrays).
const BYTES_PER_POSITION: u64 = 160;
const BYTES_PER_MOVE: u64 = 16;

impl GameGraph {
    /// Builds and solves the game graph of `start`, refusing more than the
    /// budget allows.
    pub fn new(graph: &Graph, variant: Variant, start: &Decoration, budget: u64) -> Result<GameGraph, SolveError> {
        if let Some(v) = variant.violation(graph, start) {
            return Err(SolveError::NotAState(v));
        }
        let max_positions = (budget / (BYTES_PER_POSITION + 4 * BYTES_PER_MOVE)) as usize;
        let limits = Limits { max_positions, max_moves: 4 * max_positions };
        let game = ArrowsGame { graph, variant };
        let explored = explore(&game, [start.clone()], limits).map_err(|_| SolveError::TooLarge {
            engine: "explicit",
            size: "more positions or moves than fit".into(),
            limit: format!("at most {max_positions} positions and {} moves within --max-memory", limits.max_moves),
            instead: "use --engine canonical, or raise --max-memory".into(),
        })?;
        let labels = gamma(explored.graph());
        Ok(GameGraph { explored, labels })
    }

    /// Number of positions (descendants of the start, the start included).
    pub fn positions(&self) -> usize {
        self.explored.positions().len()
    }

    /// The Grundy value of a descendant of the start.
    ///
    /// # Panics
    /// If `d` is not a descendant, or if its label is infinite (impossible on
    /// this acyclic game; the explicit engine's tests confirm it).
    pub fn grundy(&self, d: &Decoration) -> u32 {
        let v = self.explored.vertex(d).expect("a descendant of the start");
        match self.labels.get(v) {
            Gamma::Finite(g) => g,
            Gamma::Infinite(k) => panic!("an acyclic game has no infinite label, got infinity{k:?}"),
        }
    }

    /// The moves from the start to a follower of value 0, in edge order.
    pub fn winning_moves(&self, graph: &Graph, variant: Variant) -> Vec<Arrow> {
        let start = self.explored.position(0);
        variant
            .moves(graph, start)
            .into_iter()
            .filter(|a| {
                let e = graph.edge_between(a.tail, a.head).expect("on an edge");
                let mut f = start.clone();
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

    #[test]
    fn gamma_is_finite_and_equals_the_brute_force_value_on_every_descendant() {
        for g in [spider(&[2, 2, 3]).unwrap(), cycle(5).unwrap()] {
            for v in [Variant::Trimmed, Variant::Untrimmed] {
                let empty = Decoration::empty(g.edge_count());
                let explicit = GameGraph::new(&g, v, &empty, 1 << 30).unwrap();
                let mut brute = BruteForce::new(&g, v, &empty, 1 << 30).unwrap();
                brute.start_grundy().unwrap();
                assert_eq!(explicit.positions(), brute.explored());
                brute.for_each_solved(|d, want| assert_eq!(explicit.grundy(d), want));
            }
        }
    }

    #[test]
    fn refuses_past_its_budget() {
        let g = spider(&[5, 5, 5]).unwrap();
        let err = GameGraph::new(&g, Variant::Trimmed, &Decoration::empty(15), 1 << 16).err().unwrap();
        assert!(err.to_string().contains("--engine canonical"), "{err}");
    }
}
