//! Proposition 4.6 checked on the explicit game graphs.

use super::bijection::ArrowBijection;
use crate::error::SolveError;
use crate::explicit::{GameGraph, Node};
use arrows_core::Position;
use arrows_work::Control;
use std::collections::HashSet;

/// Whether `Phi` is an isomorphism of the explicit game graphs.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum GameGraphMatch {
    /// `Phi` maps the positions of one game graph bijectively onto the
    /// other's, followers onto followers, with equal Grundy values.
    Isomorphic {
        /// Positions of each game graph.
        positions: usize,
    },
    /// Where the correspondence breaks.
    Differs(String),
}

/// Builds the explicit game graphs of both states (each within the control's budget
/// each) and checks that `Phi` is an isomorphism between them that keeps
/// Grundy values (Proposition 4.6).
pub fn game_graphs_correspond(
    from: Position<'_>,
    to: Position<'_>,
    phi: &ArrowBijection,
    control: &Control,
) -> Result<GameGraphMatch, SolveError> {
    let ga = GameGraph::new(from, control)?;
    let gb = GameGraph::new(to, control)?;
    let (ea, eb) = (&ga.explored, &gb.explored);
    if ea.positions().len() != eb.positions().len() {
        return Ok(GameGraphMatch::Differs(format!(
            "{} positions against {}",
            ea.positions().len(),
            eb.positions().len()
        )));
    }
    let image = |n: &Node| match n {
        Node::State(d) => eb.vertex(&Node::State(phi.apply(to, d))),
        Node::End => eb.vertex(&Node::End),
    };
    for (v, node) in ea.positions().iter().enumerate() {
        let Some(w) = image(node) else {
            let Node::State(d) = node else { unreachable!("both graphs or neither hold the end position") };
            return Ok(GameGraphMatch::Differs(format!(
                "the descendant {} goes to {}, not a descendant",
                d.display(from.graph),
                phi.apply(to, d).display(to.graph)
            )));
        };
        let mapped: HashSet<u32> =
            ea.graph().followers(v as u32).iter().filter_map(|&x| image(ea.position(x))).collect();
        let theirs: HashSet<u32> = eb.graph().followers(w).iter().copied().collect();
        let Node::State(d) = node else { continue };
        if mapped != theirs || mapped.len() != ea.graph().followers(v as u32).len() {
            return Ok(GameGraphMatch::Differs(format!(
                "the followers of {} do not go to the followers of its image",
                d.display(from.graph)
            )));
        }
        if ga.labels.get(v as u32) != gb.labels.get(w) {
            return Ok(GameGraphMatch::Differs(format!(
                "{} and its image have different Grundy values",
                d.display(from.graph)
            )));
        }
    }
    Ok(GameGraphMatch::Isomorphic { positions: ea.positions().len() })
}
