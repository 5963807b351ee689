//! The plain-text picture, for terminals: a spider one line per leg from
//! the hub, paths one line each, any other graph as lists of edges; then
//! the cells of a plane graph and the highlighted moves.
//!
//! ```text
//! hub 0 ─▶ 1 ─ 2 ◀─ 3
//! hub 0 ─ 4 ─ 5
//! hub 0 ◀─ 6
//! highlighted  1>2
//! ```

use crate::picture::{Marks, Picture};
use arrows_core::plane::CellStatus;
use arrows_core::shape::{Spider, Walk, linear_forest};
use arrows_core::{EdgeId, Graph, Vertex};
use std::fmt::Write;

/// Lines of lists wrap before this many characters.
const WIDTH: usize = 80;
/// The labels of the list lines, padded to one width.
const LABEL: usize = 12;

/// The glyph between `from` and the next vertex along edge `e`.
fn link(graph: &Graph, picture: &Picture, e: EdgeId, from: Vertex) -> &'static str {
    match picture.state.get(e) {
        None => " ─ ",
        Some(forward) => {
            let tail = if forward { graph.ends(e).0 } else { graph.ends(e).1 };
            if tail == from { " ─▶ " } else { " ◀─ " }
        }
    }
}

/// A walk as one line: `0 ─▶ 1 ─ 2`.
fn walk_line(graph: &Graph, picture: &Picture, w: &Walk, prefix: &str) -> String {
    let mut line = format!("{prefix}{}", w.start);
    let mut at = w.start;
    for (&e, &v) in w.edges.iter().zip(&w.vertices) {
        line.push_str(link(graph, picture, e, at));
        let _ = write!(line, "{v}");
        at = v;
    }
    line
}

/// `label` then `items` separated by commas, wrapped under the label's width.
fn list(out: &mut String, label: &str, items: &[String]) {
    if items.is_empty() {
        return;
    }
    let mut line = format!("{label:<LABEL$}");
    let mut first = true;
    for item in items {
        let piece = if first { item.clone() } else { format!(", {item}") };
        if !first && arrows_text::width(&line) + arrows_text::width(&piece) > WIDTH {
            out.push_str(line.trim_end());
            out.push_str(",\n");
            line = format!("{:LABEL$}{item}", "");
        } else {
            line.push_str(&piece);
        }
        first = false;
    }
    out.push_str(&line);
    out.push('\n');
}

/// The text picture of a checked picture.
pub(crate) fn write(picture: &Picture, marks: &Marks) -> String {
    let graph = &picture.graph;
    let mut out = String::new();
    if let Some(t) = &picture.title {
        out.push_str(t);
        out.push('\n');
    }
    let edge = |e: EdgeId| {
        let (s, t) = graph.ends(e);
        match picture.state.get(e) {
            Some(true) => format!("{s} ─▶ {t}"),
            Some(false) => format!("{t} ─▶ {s}"),
            None => format!("{} ─ {}", s.min(t), s.max(t)),
        }
    };
    if let Some(spider) = Spider::recognize(graph) {
        for leg in &spider.legs {
            out.push_str(&walk_line(graph, picture, leg, "hub "));
            out.push('\n');
        }
    } else if let Some(paths) = linear_forest(graph).filter(|p| !p.is_empty()) {
        for path in &paths {
            out.push_str(&walk_line(graph, picture, path, ""));
            out.push('\n');
        }
    } else {
        let arrows: Vec<String> = graph
            .edges()
            .iter()
            .enumerate()
            .filter(|(e, _)| picture.state.is_marked(*e))
            .map(|(e, _)| edge(e))
            .collect();
        list(&mut out, "arrows", &arrows);
        if picture.components.is_empty() {
            let unmarked: Vec<String> = picture.state.unmarked_edges().map(edge).collect();
            list(&mut out, "unmarked", &unmarked);
        } else {
            for (c, edges) in picture.components.iter().enumerate() {
                let mut sorted = edges.clone();
                sorted.sort_unstable();
                list(&mut out, &format!("component {}", c + 1), &sorted.into_iter().map(edge).collect::<Vec<_>>());
            }
            let dead: Vec<String> =
                picture.state.unmarked_edges().filter(|&e| marks.component[e].is_none()).map(edge).collect();
            list(&mut out, "dead", &dead);
        }
        if graph.is_empty() {
            out.push_str("no edges\n");
        }
    }
    let isolated: Vec<String> = graph.isolated_vertices().iter().map(|v| v.to_string()).collect();
    if !graph.is_empty() {
        list(&mut out, "isolated", &isolated);
    }
    if let Some(cells) = graph.cells() {
        let described: Vec<String> = cells
            .as_slice()
            .iter()
            .map(|c| {
                let status = match c.status(&picture.state) {
                    CellStatus::Completed(_) => "completed",
                    CellStatus::Dead => "dead",
                    CellStatus::Live { .. } => "live",
                };
                format!("{} {status}", c.walk_text(graph))
            })
            .collect();
        list(&mut out, "cells", &described);
    }
    let moves: Vec<String> = picture.highlights.iter().map(|a| a.to_string()).collect();
    list(&mut out, "highlighted", &moves);
    out
}
