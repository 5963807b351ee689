//! Cop-win recognition of a graph read from text, by dismantling and,
//! optionally, by playing cops and robbers out.

use super::CatalogError;
use crate::explore::Limits;
use crate::games::copwin::{SimpleGraph, cop_wins_by_play_with, dismantle};
use crate::text::NamedDigraph;
use arrows_work::Control;
use serde::Serialize;

/// Whether a graph is cop-win, and why. Serialized with its fields in
/// alphabetical order (the vertex count left out).
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct CopWinReport {
    /// Cop-win by dismantling: one vertex is left.
    pub cop_win: bool,
    /// Cop-win by playing the game out, when asked for.
    pub cop_win_by_play: Option<bool>,
    /// The vertices removed, in order, each with a vertex dominating it.
    pub dismantling: Vec<[String; 2]>,
    /// The vertices left, none dominated.
    pub left: Vec<String>,
    /// The vertices of the graph.
    #[serde(skip)]
    pub vertices: usize,
}

impl CopWinReport {
    /// The verdict, `cop-win` or `robber-win`.
    pub fn verdict(win: bool) -> &'static str {
        if win { "cop-win" } else { "robber-win" }
    }

    /// The dismantling, one line per step, then what is left (indented two
    /// spaces), and the verdict of play when there is one.
    pub fn lines(&self) -> Vec<String> {
        let mut lines: Vec<String> = self
            .dismantling
            .iter()
            .map(|[a, b]| format!("  remove {a} (dominated by {b}: N[{a}] inside N[{b}])"))
            .collect();
        if self.cop_win {
            lines.push(format!("  left: {} (dismantled to one vertex)", self.left[0]));
        } else {
            lines.push(format!("  left, none dominated: {}", self.left.join(" ")));
        }
        if let Some(p) = self.cop_win_by_play {
            lines.push(format!("by play: {}", CopWinReport::verdict(p)));
        }
        lines
    }
}

/// Decides whether `graph` (its moves taken both ways) is cop-win by
/// dismantling and, with `play`, also by playing cops and robbers out within
/// `limits` and `control`'s budget; the two must agree.
pub fn cop_win(
    graph: &NamedDigraph,
    play: bool,
    limits: Limits,
    control: &Control,
) -> Result<CopWinReport, CatalogError> {
    if graph.names.is_empty() {
        return Err(CatalogError::EmptyDigraph);
    }
    let simple = SimpleGraph::from_digraph(&graph.graph);
    let d = dismantle(&simple);
    let by_play = if play { Some(cop_wins_by_play_with(&simple, limits, control)?) } else { None };
    if let Some(p) = by_play.filter(|&p| p != d.is_cop_win()) {
        return Err(CatalogError::CopWinDisagrees { dismantling: d.is_cop_win(), play: p });
    }
    let name = |v: u32| graph.name(v).to_string();
    Ok(CopWinReport {
        cop_win: d.is_cop_win(),
        cop_win_by_play: by_play,
        dismantling: d.removed.iter().map(|&(a, b)| [name(a), name(b)]).collect(),
        left: d.left.iter().map(|&v| name(v)).collect(),
        vertices: simple.vertex_count(),
    })
}
