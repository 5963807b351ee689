//! The picture as shapes in pixels, y pointing down: what the SVG and the
//! TikZ writers both draw, so that the two agree to the point.
//!
//! An edge is a line between the rims of its two vertices' discs. An arrow
//! ends in a filled head whose tip touches the rim of its head vertex, so
//! no head is ever hidden under a vertex; a highlighted move is a dashed
//! arrow in the accent colour, drawn beside its edge on the left of its
//! direction (the two moves of an edge fall on opposite sides).

use crate::layout::Layout;
use crate::palette::{self, Colour};
use crate::picture::{Marks, Picture};
use arrows_core::plane::{CellStatus, Point};
use arrows_core::{Arrow, EdgeId, Vertex};
use arrows_text::count;

/// Pixels per layout unit (an edge's usual length).
pub(crate) const UNIT: f64 = 60.0;
/// Space around the picture.
const MARGIN: f64 = 16.0;
/// Height of the title line.
const TITLE_HEIGHT: f64 = 26.0;
/// Title font size.
pub(crate) const TITLE_FONT: f64 = 14.0;
/// Gap between a vertex's rim and the end of an edge.
const GAP: f64 = 2.0;
/// Arrowhead length and half width.
const HEAD_LENGTH: f64 = 11.0;
const HEAD_HALF_WIDTH: f64 = 5.0;
/// How far a highlighted move runs beside its edge.
const LANE: f64 = 7.0;

/// A point in pixels.
pub(crate) type Px = (f64, f64);

/// What an edge shows.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum EdgeKind {
    /// An arrow of the state.
    Arrow(Arrow),
    /// An unmarked edge of this component.
    Unmarked(usize),
    /// An unmarked edge in no component.
    Plain,
}

/// An arrow drawn as a line and a filled head.
#[derive(Debug, Clone)]
pub(crate) struct ArrowShape {
    /// The arrow.
    pub arrow: Arrow,
    /// The line, from near the tail to the head's base.
    pub line: (Px, Px),
    /// The head: tip, then the two corners of its base.
    pub head: [Px; 3],
}

/// One edge and everything drawn for it.
#[derive(Debug, Clone)]
pub(crate) struct EdgeShape {
    /// The edge number.
    pub edge: EdgeId,
    /// Its ends, smaller first.
    pub ends: (Vertex, Vertex),
    /// What it shows.
    pub kind: EdgeKind,
    /// Its colour.
    pub colour: Colour,
    /// Its stroke width.
    pub width: f64,
    /// The line (for an arrow, up to the head's base).
    pub line: (Px, Px),
    /// The arrowhead of an arrow.
    pub head: Option<[Px; 3]>,
    /// The highlighted moves on this edge.
    pub moves: Vec<ArrowShape>,
}

/// A vertex: its disc and its label.
#[derive(Debug, Clone)]
pub(crate) struct VertexShape {
    /// The vertex.
    pub vertex: Vertex,
    /// What its disc says: its number, or the caller's label.
    pub label: String,
    /// Its centre.
    pub at: Px,
}

/// A cell of a plane graph, shaded by its status.
#[derive(Debug, Clone)]
pub(crate) struct CellShape {
    /// The cell number.
    pub cell: usize,
    /// `live`, `dead` or `completed`.
    pub status: &'static str,
    /// The fill.
    pub fill: Colour,
    /// The corners, in walk order.
    pub corners: Vec<Px>,
}

/// The whole picture in pixels.
#[derive(Debug, Clone)]
pub(crate) struct Scene {
    /// Width and height.
    pub width: f64,
    /// Height.
    pub height: f64,
    /// Vertex disc radius.
    pub radius: f64,
    /// Label font size.
    pub font: f64,
    /// The title and where its baseline starts.
    pub title: Option<(String, Px)>,
    /// Cells, drawn first.
    pub cells: Vec<CellShape>,
    /// Edges, in edge order.
    pub edges: Vec<EdgeShape>,
    /// Vertices, in order.
    pub vertices: Vec<VertexShape>,
    /// The colours used, each once, for writers that declare them.
    pub colours: Vec<Colour>,
    /// A one-line description of the picture, for readers of the SVG.
    pub description: String,
}

fn sub(a: Px, b: Px) -> Px {
    (a.0 - b.0, a.1 - b.1)
}

fn along(a: Px, d: Px, t: f64) -> Px {
    (a.0 + d.0 * t, a.1 + d.1 * t)
}

/// The unit vector from `a` to `b` and the distance.
fn direction(a: Px, b: Px) -> (Px, f64) {
    let (dx, dy) = sub(b, a);
    let len = dx.hypot(dy);
    if len > 0.0 { ((dx / len, dy / len), len) } else { ((1.0, 0.0), 0.0) }
}

/// The radius of the vertex discs and the size of their labels, for
/// labels of `digits` digits: the label (a digit is about 0.64 of the font
/// size wide in DejaVu Sans and Helvetica) keeps at least 4.5 units of
/// white on each side inside the disc's outline, so that two-digit labels
/// do not touch their circles.
pub(crate) fn disc(digits: usize) -> (f64, f64) {
    let font = match digits {
        0 | 1 => 11.0,
        2 => 10.5,
        3 => 9.5,
        _ => 9.0,
    };
    let label = digits.max(1) as f64 * 0.64 * font;
    ((label / 2.0 + 4.5).max(10.0), font)
}

impl Scene {
    /// The scene of a checked picture on a layout.
    pub(crate) fn new(picture: &Picture, marks: &Marks, layout: &Layout) -> Scene {
        let graph = &picture.graph;
        let label = |v: Vertex| picture.labels.as_ref().map_or_else(|| v.to_string(), |l| l[v].clone());
        // The widest label sizes every disc (labels are counted in characters, as digits).
        let digits = match &picture.labels {
            None => graph.vertex_count().saturating_sub(1).to_string().len(),
            Some(l) => l.iter().map(|t| t.chars().count()).max().unwrap_or(1),
        };
        let (radius, font) = disc(digits);
        let (min_x, min_y, max_x, max_y) = if layout.points().is_empty() {
            (0.0, 0.0, 0.0, 0.0)
        } else {
            crate::layout::bounds(layout.points().iter().copied())
        };
        let top = MARGIN + radius + if picture.title.is_some() { TITLE_HEIGHT } else { 0.0 };
        let title_width = picture.title.as_ref().map_or(0.0, |t| t.chars().count() as f64 * TITLE_FONT * 0.56);
        let drawing_width = (max_x - min_x) * UNIT + 2.0 * (MARGIN + radius);
        let width = drawing_width.max(title_width + 2.0 * MARGIN).ceil();
        // Under a title wider than the drawing, the drawing is centred.
        let left = MARGIN + radius + (width - drawing_width) / 2.0;
        let px = |p: Point| -> Px { (left + (p.x - min_x) * UNIT, top + (max_y - p.y) * UNIT) };
        let at: Vec<Px> = layout.points().iter().map(|&p| px(p)).collect();
        let height = ((max_y - min_y) * UNIT + top + MARGIN + radius).ceil();

        let touches: Vec<Vec<Vertex>> = picture
            .components
            .iter()
            .map(|edges| edges.iter().flat_map(|&e| <[Vertex; 2]>::from(graph.ends(e))).collect())
            .collect();
        let component_colour = palette::colour_components(graph, &touches);
        let trim = radius + GAP;
        let edges = (0..graph.edge_count())
            .map(|e| {
                let (s, t) = graph.ends(e);
                let kind = match (picture.state.get(e), marks.component[e]) {
                    (Some(forward), _) => EdgeKind::Arrow(if forward { Arrow::new(s, t) } else { Arrow::new(t, s) }),
                    (None, Some(c)) => EdgeKind::Unmarked(c),
                    (None, None) => EdgeKind::Plain,
                };
                let (colour, width) = match kind {
                    EdgeKind::Arrow(_) => (palette::INK, 2.0),
                    EdgeKind::Unmarked(c) => (palette::COMPONENTS[component_colour[c]], 3.0),
                    EdgeKind::Plain if picture.components.is_empty() => (palette::INK, 2.0),
                    EdgeKind::Plain => (palette::PLAIN, 1.5),
                };
                let (line, head) = match kind {
                    EdgeKind::Arrow(a) => {
                        let shape = arrow_shape(a, at[a.tail], at[a.head], trim, 0.0);
                        (shape.line, Some(shape.head))
                    }
                    _ => {
                        let (d, len) = direction(at[s], at[t]);
                        let cut = trim.min(len / 2.0);
                        ((along(at[s], d, cut), along(at[t], d, -cut)), None)
                    }
                };
                let moves =
                    marks.moves[e].iter().map(|&a| arrow_shape(a, at[a.tail], at[a.head], trim, LANE)).collect();
                EdgeShape { edge: e, ends: (s.min(t), s.max(t)), kind, colour, width, line, head, moves }
            })
            .collect::<Vec<_>>();

        let cells: Vec<CellShape> = graph
            .cells()
            .map(|cells| {
                cells
                    .as_slice()
                    .iter()
                    .enumerate()
                    .map(|(i, cell)| {
                        let (status, fill) = match cell.status(&picture.state) {
                            CellStatus::Completed(_) => ("completed", palette::CELL_COMPLETED),
                            CellStatus::Dead => ("dead", palette::CELL_DEAD),
                            CellStatus::Live { .. } => ("live", palette::CELL_LIVE),
                        };
                        CellShape {
                            cell: i,
                            status,
                            fill,
                            corners: cell.vertices(graph).iter().map(|&v| at[v]).collect(),
                        }
                    })
                    .collect()
            })
            .unwrap_or_default();

        let vertices =
            (0..graph.vertex_count()).map(|v| VertexShape { vertex: v, label: label(v), at: at[v] }).collect();
        let mut colours: Vec<Colour> = vec![palette::INK];
        let used = cells
            .iter()
            .map(|c: &CellShape| c.fill)
            .chain(edges.iter().map(|e: &EdgeShape| e.colour))
            .chain(edges.iter().filter(|e| !e.moves.is_empty()).map(|_| palette::ACCENT));
        for c in used {
            if !colours.contains(&c) {
                colours.push(c);
            }
        }
        let description = format!(
            "{}a graph with {} and {}, {}{}",
            picture.title.as_ref().map_or(String::new(), |t| format!("{t}: ")),
            count(graph.vertex_count() as u64, "vertex|vertices"),
            count(graph.edge_count() as u64, "edge"),
            count(picture.state.len() as u64, "arrow"),
            if picture.highlights.is_empty() {
                String::new()
            } else {
                format!(
                    "; highlighted moves {}",
                    picture.highlights.iter().map(|a| a.to_string()).collect::<Vec<_>>().join(", ")
                )
            }
        );
        Scene {
            width,
            height,
            radius,
            font,
            title: picture.title.clone().map(|t| (t, (MARGIN, MARGIN + TITLE_FONT))),
            cells,
            edges,
            vertices,
            colours,
            description,
        }
    }
}

/// An arrow from the disc at `tail` to the disc at `head`, moved `lane`
/// pixels to the left of its direction: the line, and a head whose tip
/// stops `trim` short of the head's centre.
fn arrow_shape(arrow: Arrow, tail: Px, head: Px, trim: f64, lane: f64) -> ArrowShape {
    let (d, len) = direction(tail, head);
    let left = (d.1, -d.0);
    let shift = |p: Px| along(p, left, lane);
    // On a very short edge the head takes what room there is.
    let trim = trim.min(len / 2.0);
    let head_length = HEAD_LENGTH.min((len - 2.0 * trim).max(0.0));
    let tip = shift(along(head, d, -trim));
    let base = along(tip, d, -head_length);
    let half = HEAD_HALF_WIDTH * head_length / HEAD_LENGTH;
    let corners = [along(base, left, half), along(base, left, -half)];
    // The line stops inside the head, so its square end never shows past the base.
    let end = along(base, d, head_length * 0.3);
    ArrowShape { arrow, line: (shift(along(tail, d, trim)), end), head: [tip, corners[0], corners[1]] }
}

#[cfg(test)]
mod tests {
    use super::disc;

    #[test]
    fn labels_keep_white_around_them_inside_their_disc() {
        let mut last = 0.0;
        for digits in 1..=7 {
            let (radius, font) = disc(digits);
            let label = digits as f64 * 0.64 * font;
            // The outline is 1.5 wide, centred on the radius.
            assert!(radius - 0.75 - label / 2.0 >= 3.7, "{digits} digits: radius {radius}, label {label}");
            assert!(radius >= last, "discs grow with their labels");
            last = radius;
        }
        assert_eq!(disc(1), (10.0, 11.0), "one-digit drawings are unchanged");
    }
}
