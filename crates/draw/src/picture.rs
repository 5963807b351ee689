//! What is drawn: the graph, the state, the components of its unmarked
//! edges, the moves to highlight, a drawing and a title, all owned.

use crate::error::DrawError;
use crate::layout::Layout;
use crate::{scene, svg, text, tikz};
use arrows_core::plane::Drawing;
use arrows_core::{Arrow, Decoration, EdgeId, Graph};
use serde::{Deserialize, Serialize};
use std::fmt;
use std::str::FromStr;

/// An output format.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Format {
    /// A self-contained SVG document ([`Picture::svg`]).
    Svg,
    /// A LaTeX document of class `standalone` holding one TikZ picture ([`Picture::tikz`]).
    Tikz,
    /// Plain text for a terminal ([`Picture::text`]).
    Text,
}

impl Format {
    /// Every format, in the order of their names.
    pub const ALL: [Format; 3] = [Format::Svg, Format::Tikz, Format::Text];

    /// The format's name: `svg`, `tikz` or `text`.
    pub fn as_str(self) -> &'static str {
        match self {
            Format::Svg => "svg",
            Format::Tikz => "tikz",
            Format::Text => "text",
        }
    }

    /// The usual file extension: `svg`, `tex` or `txt`.
    pub fn extension(self) -> &'static str {
        match self {
            Format::Svg => "svg",
            Format::Tikz => "tex",
            Format::Text => "txt",
        }
    }
}

impl fmt::Display for Format {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

/// A name that is not a format.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("{name:?} is not a drawing format; the formats are svg, tikz and text")]
pub struct UnknownFormat {
    /// The name given.
    pub name: String,
}

impl FromStr for Format {
    type Err = UnknownFormat;

    fn from_str(s: &str) -> Result<Format, UnknownFormat> {
        Format::ALL.into_iter().find(|f| f.as_str() == s).ok_or_else(|| UnknownFormat { name: s.to_string() })
    }
}

/// A position to draw, with what to show on it. Build it with
/// [`Picture::new`] and the `with_` methods; every input is checked when
/// the picture is drawn.
#[derive(Debug, Clone)]
pub struct Picture {
    pub(crate) graph: Graph,
    pub(crate) state: Decoration,
    pub(crate) drawing: Option<Drawing>,
    pub(crate) components: Vec<Vec<EdgeId>>,
    pub(crate) highlights: Vec<Arrow>,
    pub(crate) title: Option<String>,
    pub(crate) labels: Option<Vec<String>>,
}

/// What each edge is, after the inputs are checked.
pub(crate) struct Marks {
    /// The component of each unmarked edge, `None` for a marked edge or one in no component.
    pub component: Vec<Option<usize>>,
    /// The highlighted moves on each edge.
    pub moves: Vec<Vec<Arrow>>,
}

impl Picture {
    /// The state `state` of `graph`, with no components (unmarked edges
    /// drawn plain), no highlighted move, no title, and a layout made from
    /// the graph's shape.
    pub fn new(graph: Graph, state: Decoration) -> Picture {
        Picture {
            graph,
            state,
            drawing: None,
            components: Vec::new(),
            highlights: Vec::new(),
            title: None,
            labels: None,
        }
    }

    /// Places the vertices where `drawing` puts them (a plane family's
    /// drawing, or positions given by the user).
    pub fn with_drawing(mut self, drawing: Drawing) -> Picture {
        self.drawing = Some(drawing);
        self
    }

    /// Colours the unmarked edges by component: `components[i]` lists the
    /// edges of component `i` (as `arrows_solve::canonical::decompose`
    /// gives them). An unmarked edge in no component (a dead edge, which
    /// no move can ever mark) is drawn thin and grey.
    pub fn with_components(mut self, components: Vec<Vec<EdgeId>>) -> Picture {
        self.components = components;
        self
    }

    /// Highlights these moves (the winning moves, say), each as a dashed
    /// arrow in the accent colour beside its edge.
    pub fn with_highlights(mut self, moves: Vec<Arrow>) -> Picture {
        self.highlights = moves;
        self
    }

    /// A line of text above the picture (graph, rule set, value, winner).
    pub fn with_title(mut self, title: impl Into<String>) -> Picture {
        self.title = Some(title.into());
        self
    }

    /// Writes `labels[v]` in the disc of vertex `v` (a caller's own names of
    /// the vertices) instead of its number; SVG and TikZ only, the text
    /// picture keeps the numbers. `data-vertex` keeps the number.
    pub fn with_labels(mut self, labels: Vec<String>) -> Picture {
        self.labels = Some(labels);
        self
    }

    /// Drops the title line, for a figure whose caption says it all.
    pub fn without_title(mut self) -> Picture {
        self.title = None;
        self
    }

    /// The graph.
    pub fn graph(&self) -> &Graph {
        &self.graph
    }

    /// The state.
    pub fn state(&self) -> &Decoration {
        &self.state
    }

    /// Where each vertex goes ([`Layout::of`]).
    pub fn layout(&self) -> Result<Layout, DrawError> {
        Layout::of(&self.graph, self.drawing.as_ref())
    }

    /// The picture in `format`.
    pub fn render(&self, format: Format) -> Result<String, DrawError> {
        match format {
            Format::Svg => self.svg(),
            Format::Tikz => self.tikz(),
            Format::Text => self.text(),
        }
    }

    /// A self-contained SVG document: every edge one element carrying
    /// `data-edge="u-v"` (smaller end first), every vertex one carrying
    /// `data-vertex="v"`, and a `viewBox`.
    pub fn svg(&self) -> Result<String, DrawError> {
        let marks = self.check()?;
        Ok(svg::write(&scene::Scene::new(self, &marks, &self.layout()?)))
    }

    /// A LaTeX document (`\documentclass[tikz]{standalone}`) holding the
    /// picture of [`Picture::tikz_picture`] between two marker comments.
    pub fn tikz(&self) -> Result<String, DrawError> {
        Ok(tikz::document(&self.tikz_picture()?))
    }

    /// The `tikzpicture` environment alone, for pasting into a paper: it
    /// needs TikZ and no library.
    pub fn tikz_picture(&self) -> Result<String, DrawError> {
        let marks = self.check()?;
        Ok(tikz::picture(&scene::Scene::new(self, &marks, &self.layout()?)))
    }

    /// Plain text: a spider one line per leg (`hub 0 ─▶ 1 ─ 2 ◀─ 3`),
    /// paths one line each, any other graph as lists of its arrows and of
    /// the unmarked edges of each component; then the highlighted moves.
    pub fn text(&self) -> Result<String, DrawError> {
        let marks = self.check()?;
        Ok(text::write(self, &marks))
    }

    /// Checks every input against the graph.
    pub(crate) fn check(&self) -> Result<Marks, DrawError> {
        let n = self.graph.vertex_count();
        if n > crate::layout::MAX_VERTICES {
            return Err(DrawError::TooLarge { layout: "a picture", vertices: n, limit: crate::layout::MAX_VERTICES });
        }
        let m = self.graph.edge_count();
        if self.state.edge_count() != m {
            return Err(DrawError::StateEdgeCount { state: self.state.edge_count(), graph: m });
        }
        if let Some(d) = &self.drawing
            && d.points().len() != self.graph.vertex_count()
        {
            return Err(DrawError::DrawingVertexCount {
                points: d.points().len(),
                vertices: self.graph.vertex_count(),
            });
        }
        if let Some(labels) = &self.labels
            && labels.len() != n
        {
            return Err(DrawError::LabelCount { labels: labels.len(), vertices: n });
        }
        let mut component = vec![None; m];
        for (c, edges) in self.components.iter().enumerate() {
            for &e in edges {
                if e >= m {
                    return Err(DrawError::ComponentEdgeOutOfRange { component: c, edge: e, edge_count: m });
                }
                if self.state.is_marked(e) {
                    return Err(DrawError::ComponentEdgeMarked { component: c, edge: e });
                }
                if let Some(first) = component[e] {
                    return Err(DrawError::EdgeInTwoComponents { edge: e, first, second: c });
                }
                component[e] = Some(c);
            }
        }
        let mut moves = vec![Vec::new(); m];
        for &arrow in &self.highlights {
            let e = self.graph.edge_between(arrow.tail, arrow.head).ok_or(DrawError::HighlightNotOnEdge { arrow })?;
            if self.state.is_marked(e) {
                return Err(DrawError::HighlightOnMarkedEdge { arrow });
            }
            if !moves[e].contains(&arrow) {
                moves[e].push(arrow);
            }
        }
        Ok(Marks { component, moves })
    }
}
