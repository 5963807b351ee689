//! Cells given as vertex walks: `0-1-2;0-2-3`.

use super::cell::{Cell, Step};
use super::cells::{CellId, PlaneError, validate_cells};
use super::cycle::{CycleProblem, one_cycle};
use crate::graph::{Graph, Vertex};

/// Why a text of vertex walks does not give the cells of a graph.
///
/// Cells are numbered from 0 in the order written.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum WalkError {
    /// A vertex of a walk is not a number.
    #[error(
        "cell {cell} ({text:?}): cannot read {token:?} as a vertex number; write each cell as its vertices joined by '-', e.g. 0-1-2"
    )]
    Syntax {
        /// The cell.
        cell: CellId,
        /// The cell's text.
        text: String,
        /// The part that is not a vertex number.
        token: String,
    },
    /// A walk has fewer than 3 vertices.
    #[error("cell {cell} ({text:?}) has {vertices} vertices; a cell needs at least 3")]
    TooShort {
        /// The cell.
        cell: CellId,
        /// The cell's text.
        text: String,
        /// Its number of vertices.
        vertices: usize,
    },
    /// Two consecutive vertices of a walk are not joined by an edge.
    #[error("cell {cell} ({text:?}) is not a closed walk along edges: the graph has no edge {u}-{v}")]
    NoEdge {
        /// The cell.
        cell: CellId,
        /// The cell's text.
        text: String,
        /// One end of the missing edge.
        u: Vertex,
        /// The other end.
        v: Vertex,
    },
    /// A walk uses an edge twice the same way, or three times.
    #[error(
        "cell {cell} ({text:?}) walks the edge {u}-{v} twice the same way; a cell goes once around a cycle \
         (an edge walked there and back, a tree inside the face, is left out)"
    )]
    RepeatedEdge {
        /// The cell.
        cell: CellId,
        /// The cell's text.
        text: String,
        /// One end of the edge.
        u: Vertex,
        /// The other end.
        v: Vertex,
    },
    /// The walk, without its edges walked there and back, is not one cycle.
    #[error("cell {cell} ({text:?}) does not go once around one cycle: {problem}")]
    NotOneCycle {
        /// The cell.
        cell: CellId,
        /// The cell's text.
        text: String,
        /// What is wrong.
        problem: CycleProblem,
    },
    /// The cells are fine one by one but not together.
    #[error(transparent)]
    Cells(#[from] PlaneError),
}

/// Reads cells as vertex walks, `"0-1-2;0-2-3"`: cells separated by `;` or
/// line breaks, each the vertices of its boundary walk joined by `-`; the
/// last vertex joins the first (writing the first vertex again at the end
/// is allowed: `0-1-2-0` is `0-1-2`). Whitespace around numbers is ignored.
///
/// Each walk must be a closed walk along edges of `graph`. Its cell is the
/// cycle around it: edges walked there and back (a tree drawn inside the
/// face, as the face's boundary walk goes around it) are left out, as
/// [`one_cycle`] does for every reader of cells, and what is left must be
/// one cycle. The list as a whole is checked as [`Graph::with_cells`] does.
pub fn parse_cell_walks(graph: &Graph, text: &str) -> Result<Vec<Cell>, WalkError> {
    let cells = text
        .split([';', '\n'])
        .map(str::trim)
        .filter(|t| !t.is_empty())
        .enumerate()
        .map(|(i, t)| parse_walk(graph, i, t))
        .collect::<Result<Vec<Cell>, WalkError>>()?;
    validate_cells(graph, &cells)?;
    Ok(cells)
}

/// The cells of a plane graph as vertex walks, `0-1-2;0-2-3` (empty text
/// for a graph without cells); [`parse_cell_walks`] reads it back.
pub fn format_cell_walks(graph: &Graph) -> String {
    let walks: Vec<String> = graph.cell_list().iter().map(|c| c.walk_text(graph)).collect();
    walks.join(";")
}

fn parse_walk(graph: &Graph, cell: CellId, text: &str) -> Result<Cell, WalkError> {
    let mut vertices = text
        .split('-')
        .map(|t| {
            t.trim().parse::<Vertex>().map_err(|_| WalkError::Syntax {
                cell,
                text: text.to_string(),
                token: t.trim().to_string(),
            })
        })
        .collect::<Result<Vec<Vertex>, WalkError>>()?;
    if vertices.len() > 1 && vertices.first() == vertices.last() {
        vertices.pop();
    }
    if vertices.len() < 3 {
        return Err(WalkError::TooShort { cell, text: text.to_string(), vertices: vertices.len() });
    }
    let mut steps: Vec<Step> = Vec::with_capacity(vertices.len());
    for (k, &u) in vertices.iter().enumerate() {
        let v = vertices[(k + 1) % vertices.len()];
        let e = graph.edge_between(u, v).ok_or_else(|| WalkError::NoEdge { cell, text: text.to_string(), u, v })?;
        steps.push(Step::new(e, graph.ends(e).0 == u));
    }
    match one_cycle(graph, &steps) {
        Ok(walk) => Ok(Cell::new(walk)),
        Err(CycleProblem::Repeated { edge, .. }) => {
            let (u, v) = graph.ends(edge);
            Err(WalkError::RepeatedEdge { cell, text: text.to_string(), u, v })
        }
        Err(problem) => Err(WalkError::NotOneCycle { cell, text: text.to_string(), problem }),
    }
}
