//! The picture of a solved position, as every front door draws it: the
//! components of its unmarked edges coloured, its winning moves
//! highlighted, and a title line with the graph, the rule set, the value
//! and the winner, all taken from the position's [`Report`]; and the
//! picture of a position left unsolved ([`unsolved`]: a game too large
//! for the engines is still drawn, and played on).

use crate::Picture;
use arrows_core::{Drawing, Play, Position};
use arrows_solve::canonical::decompose;
use arrows_solve::report::Report;

/// The picture of `position` as `report` describes it, its vertices where
/// `drawing` puts them (a plane family's own drawing, or the positions a
/// user gave) or, without one, where the layout for the graph's shape does.
pub fn picture(position: Position<'_>, report: &Report, drawing: Option<Drawing>) -> Picture {
    let components = decompose(position).into_iter().map(|c| c.graph_edges).collect();
    let winner = if report.winner == "first" { "first player wins" } else { "second player wins" };
    let value = match (report.grundy, report.search) {
        (Some(g), _) => format!("value {g}"),
        // The outcome search decided the winner without the value.
        (None, Some(s)) if !s.grundy_asked => "value not computed".to_string(),
        (None, _) => "a cell to complete".to_string(),
    };
    let play = if position.play == Play::Misere { " (misère)" } else { "" };
    let title = format!("{} · {}{play} · {value} · {winner}", report.graph, position.variant.title());
    let picture = Picture::new(position.graph.clone(), position.state.clone())
        .with_components(components)
        .with_highlights(report.winning_moves.clone())
        .with_title(title);
    match drawing {
        Some(d) => picture.with_drawing(d),
        None => picture,
    }
}

/// The picture of `position` without its analysis: the components of its
/// unmarked edges coloured (finding them solves nothing), no move
/// highlighted, and a title line with the graph named `name` and the rule
/// set, saying that the position is not solved.
pub fn unsolved(position: Position<'_>, name: &str, drawing: Option<Drawing>) -> Picture {
    let components = decompose(position).into_iter().map(|c| c.graph_edges).collect();
    let play = if position.play == Play::Misere { " (misère)" } else { "" };
    let title = format!("{name} · {}{play} · not solved", position.variant.title());
    let picture =
        Picture::new(position.graph.clone(), position.state.clone()).with_components(components).with_title(title);
    match drawing {
        Some(d) => picture.with_drawing(d),
        None => picture,
    }
}
