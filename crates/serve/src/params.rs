//! The query parameters that name a position, and the position they name,
//! read with the library's own parsers.

use crate::wording::{self, ApiError};
use arrows_core::describe::describe;
use arrows_core::plane::{self, Board, Drawing, WalkError};
use arrows_core::{Decoration, Graph, Play, Position, SpiderLayout, Variant};
use arrows_draw::Format;
use arrows_solve::Engine;
use arrows_work::Budget;

/// The query parameters every analysis route reads. Each is text as
/// given; [`Params::subject`] reads them.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Params {
    /// `graph`: a family (`spider 4 6 8`, `wheel 5`), graph6, sparse6 or an edge list.
    pub graph: Option<String>,
    /// `board`: the text of a Game of Cycles board file (instead of `graph`).
    pub board: Option<String>,
    /// `cells`: the cells of `graph` as vertex walks, `0-1-2;0-2-3`.
    pub cells: Option<String>,
    /// `positions`: a straight-line drawing of `graph`, one `x y` per vertex.
    pub positions: Option<String>,
    /// `variant`: `trimmed` (the default), `untrimmed` or `cycles` (the default for a board).
    pub variant: Option<String>,
    /// `play`: `normal` (the default) or `misere`.
    pub play: Option<String>,
    /// `state`: arrows `TAIL>HEAD`, comma separated (empty: no arrow).
    pub state: Option<String>,
    /// `engine`: `canonical`, `brute` or `explicit` (default: canonical where it applies).
    pub engine: Option<String>,
    /// `draw` (on `/api/analyze`) or `format` (on `/api/draw`): `svg` or `tikz`.
    pub format: Option<String>,
}

/// The names a route reads, and the field of [`Params`] each fills.
const NAMES: &[&str] =
    &["graph", "board", "cells", "positions", "variant", "play", "state", "engine", "draw", "format"];

impl Params {
    /// The parameters of a query given as name-value pairs; an unknown
    /// name, or a name given twice, is refused (a misspelt parameter would
    /// otherwise be ignored in silence). `format_name` is the name the
    /// route reads the drawing format from (`draw` or `format`), or `None`
    /// when it draws nothing.
    pub fn from_pairs(pairs: Vec<(String, String)>, format_name: Option<&str>) -> Result<Params, ApiError> {
        let mut p = Params::default();
        for (name, value) in pairs {
            let known = NAMES.contains(&name.as_str())
                && (!matches!(name.as_str(), "draw" | "format") || Some(name.as_str()) == format_name);
            if !known {
                return Err(wording::unknown_parameter(&name, format_name));
            }
            let slot = match name.as_str() {
                "graph" => &mut p.graph,
                "board" => &mut p.board,
                "cells" => &mut p.cells,
                "positions" => &mut p.positions,
                "variant" => &mut p.variant,
                "play" => &mut p.play,
                "state" => &mut p.state,
                "engine" => &mut p.engine,
                _ => &mut p.format,
            };
            if slot.is_some() {
                return Err(ApiError::bad(format!("the parameter {name} is given twice; give it once")));
            }
            *slot = Some(value);
        }
        Ok(p)
    }

    /// The position the parameters name, its graph held within `budget`.
    pub fn subject(&self, budget: Budget) -> Result<Subject, ApiError> {
        let (name, graph, spider, drawing, board) = match (&self.graph, &self.board) {
            (Some(_), Some(_)) => {
                return Err(ApiError::bad("give the graph either as graph= or as board=, not both"));
            }
            (None, None) => return Err(ApiError::bad(wording::NO_GRAPH)),
            (None, Some(text)) => {
                if self.cells.is_some() || self.positions.is_some() {
                    return Err(ApiError::bad("a board carries its cells; drop cells= and positions="));
                }
                let board = Board::parse(text).map_err(wording::board_error)?;
                // The name is the file's own text: shown with its control characters escaped.
                let name = match board.name().trim() {
                    "" => "board".to_string(),
                    name => wording::printable(name).into_owned(),
                };
                (name, board.into_graph(), None, None, true)
            }
            (Some(text), None) => {
                let described = describe(text, budget).map_err(wording::describe_error)?;
                let mut drawing = described.drawing;
                let graph = match (&self.cells, &self.positions) {
                    (Some(_), Some(_)) => {
                        return Err(ApiError::bad("give the cells either as cells= or as positions=, not both"));
                    }
                    (Some(walks), None) => {
                        let cells = plane::parse_cell_walks(&described.graph, walks).map_err(wording::walk_error)?;
                        described.graph.with_cells(cells).map_err(|e| wording::walk_error(WalkError::Cells(e)))?
                    }
                    (None, Some(points)) => {
                        let d =
                            Drawing::parse(points, described.graph.vertex_count()).map_err(wording::drawing_error)?;
                        let graph = d.plane_graph(described.graph).map_err(wording::drawing_error)?;
                        drawing = Some(d);
                        graph
                    }
                    (None, None) => described.graph,
                };
                (wording::printable(&described.name).into_owned(), graph, described.spider, drawing, false)
            }
        };
        let variant = match self.variant.as_deref().map(str::trim) {
            None | Some("") => {
                if board {
                    Variant::Cycles
                } else {
                    Variant::Trimmed
                }
            }
            Some("trimmed") => Variant::Trimmed,
            Some("untrimmed") => Variant::Untrimmed,
            Some("cycles") => Variant::Cycles,
            Some(other) => return Err(wording::choice("variant", other, &["trimmed", "untrimmed", "cycles"])),
        };
        let play = match self.play.as_deref().map(str::trim) {
            None | Some("") | Some("normal") => Play::Normal,
            Some("misere") | Some("misère") => Play::Misere,
            Some(other) => return Err(wording::choice("play", other, &["normal", "misere"])),
        };
        let engine = match self.engine.as_deref().map(str::trim) {
            None | Some("") => None,
            Some("canonical") => Some(Engine::Canonical),
            Some("brute") => Some(Engine::Brute),
            Some("explicit") => Some(Engine::Explicit),
            Some(other) => return Err(wording::choice("engine", other, &["canonical", "brute", "explicit"])),
        };
        let state = match self.state.as_deref().map(str::trim) {
            None | Some("") => Decoration::empty(graph.edge_count()),
            Some(text) => Decoration::parse(&graph, text).map_err(wording::state_error)?,
        };
        Ok(Subject { name, graph, spider, drawing, variant, play, state, engine })
    }

    /// The drawing format asked for, if any.
    pub fn format(&self, name: &str) -> Result<Option<Format>, ApiError> {
        match self.format.as_deref().map(str::trim) {
            None | Some("") => Ok(None),
            Some("svg") => Ok(Some(Format::Svg)),
            Some("tikz") => Ok(Some(Format::Tikz)),
            Some(other) => Err(wording::choice(name, other, &["svg", "tikz"])),
        }
    }
}

/// A position the parameters name, owning everything it is made of.
#[derive(Debug, Clone)]
pub struct Subject {
    /// The graph's name: `S(4,6,8)`, `wheel 5`, the board's name, or the description.
    pub name: String,
    /// The graph, with its cells when it has them.
    pub graph: Graph,
    /// Leg coordinates, for spiders, stars and paths.
    pub spider: Option<SpiderLayout>,
    /// Where the vertices go: a plane family's drawing or the given positions.
    pub drawing: Option<Drawing>,
    /// The rule set.
    pub variant: Variant,
    /// The play convention.
    pub play: Play,
    /// The state.
    pub state: Decoration,
    /// The engine asked for, if any.
    pub engine: Option<Engine>,
}

impl Subject {
    /// The position.
    pub fn position(&self) -> Position<'_> {
        Position::new(&self.graph, self.variant, &self.state).with_play(self.play)
    }
}
