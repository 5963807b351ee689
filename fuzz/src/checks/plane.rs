//! The Game of Cycles inputs: board files, cells as vertex walks, and
//! straight-line drawings with their traced faces.

use super::{first_line, place_inside, text};
use arrows_core::plane::{self, Board, Drawing, DrawingError, WalkError, format_cell_walks, parse_cell_walks};
use arrows_core::{Graph, formats};

/// `Board::parse`: a board reads back from its own text as the same board,
/// its cells read back from their vertex walks; an error's line is inside
/// the text.
pub fn board(data: &[u8]) {
    let t = text(data);
    match Board::parse(&t) {
        Ok(b) => {
            let written = b.to_text();
            assert_eq!(Board::parse(&written).as_ref(), Ok(&b), "{written}");
            let g = b.graph();
            assert!(g.is_plane());
            let walks = format_cell_walks(g);
            let cells = parse_cell_walks(&g.clone().without_cells(), &walks).unwrap_or_else(|e| panic!("{e}: {walks}"));
            assert_eq!(cells, g.cell_list(), "{walks}");
        }
        Err(e) => {
            place_inside(&t, e.line, 1);
            assert!(!e.to_string().is_empty());
        }
    }
}

/// The graphs cells and drawings are read against when the first line is
/// not a small graph: the plane families without their cells.
fn fallback_graph(selector: u8) -> Graph {
    let family = match selector % 4 {
        0 => plane::families::k4(),
        1 => plane::families::wheel(5).expect("a wheel"),
        2 => plane::families::grid(3, 3).expect("a grid"),
        _ => plane::families::theta(1, 2, 3).expect("a theta graph"),
    };
    family.graph.without_cells()
}

/// The graph on the first line when it is small, else a fixed plane graph.
fn graph_of(data: &[u8], head: &str, max_edges: usize) -> Graph {
    match formats::parse_graph_line(head) {
        Ok(g) if g.edge_count() <= max_edges && g.vertex_count() <= 2 * max_edges + 2 => g,
        _ => fallback_graph(data.first().copied().unwrap_or(0)),
    }
}

/// `parse_cell_walks` against the graph on the first line (or a fixed
/// plane graph): cells read are accepted by `with_cells`, and read back
/// from their own walks as the same cells.
pub fn cell_walks(data: &[u8]) {
    let t = text(data);
    let (head, walks) = first_line(&t);
    let g = graph_of(data, head, 500);
    match parse_cell_walks(&g, walks) {
        Ok(cells) => {
            let plane = g.clone().with_cells(cells.clone()).expect("cells read are valid cells");
            let written = format_cell_walks(&plane);
            assert_eq!(parse_cell_walks(&g, &written).as_ref(), Ok(&cells), "{written}");
        }
        Err(WalkError::Syntax { text, token, .. }) => {
            assert!(walks.contains(text.as_str()) && text.contains(token.as_str()), "{text:?} {token:?}");
        }
        Err(e) => assert!(!e.to_string().is_empty()),
    }
}

/// The number of connected components of a graph, isolated vertices included.
fn components(g: &Graph) -> usize {
    let mut parent: Vec<usize> = (0..g.vertex_count()).collect();
    fn root(parent: &mut [usize], mut v: usize) -> usize {
        while parent[v] != v {
            parent[v] = parent[parent[v]];
            v = parent[v];
        }
        v
    }
    let mut count = g.vertex_count();
    for &(u, v) in g.edges() {
        let (a, b) = (root(&mut parent, u), root(&mut parent, v));
        if a != b {
            parent[a] = b;
            count -= 1;
        }
    }
    count
}

/// `Drawing::parse` for the graph on the first line (or a fixed plane
/// graph), then the checks and face tracing of `Drawing::cells`: a drawing
/// reads back exactly from its own text; a plane drawing's faces are
/// accepted as cells, and there are as many as Euler's formula says
/// (edges - vertices + components).
pub fn drawing(data: &[u8]) {
    let t = text(data);
    let (head, points) = first_line(&t);
    let g = graph_of(data, head, 300);
    let n = g.vertex_count();
    match Drawing::parse(points, n) {
        Ok(d) => {
            let written = d.to_text();
            assert_eq!(Drawing::parse(&written, n).as_ref(), Ok(&d), "{written}");
            match d.cells(&g) {
                Ok(cells) => {
                    assert_eq!(cells.len() + n, g.edge_count() + components(&g), "{written}");
                    let plane = d.plane_graph(g.clone()).expect("traced faces are valid cells");
                    assert_eq!(plane.cell_list(), cells);
                }
                Err(DrawingError::Cells(e)) => panic!("traced faces refused: {e}"),
                Err(e) => {
                    assert!(!e.to_string().is_empty());
                    // A crossing or an overlap names the smaller edge first; a
                    // vertex on an edge names the edge at the vertex first.
                    if let Some((a, b)) = e.edges() {
                        assert!(a != b && a.max(b) < g.edge_count(), "{e}");
                        if !matches!(e, DrawingError::VertexOnEdge { .. }) {
                            assert!(a < b, "{e}");
                        }
                    }
                }
            }
        }
        Err(DrawingError::Syntax { entry }) => assert!(points.contains(entry.as_str()), "{entry:?}"),
        Err(DrawingError::UnknownVertex { vertex, vertex_count }) => {
            assert!(vertex >= vertex_count && vertex_count == n)
        }
        Err(e) => assert!(!e.to_string().is_empty()),
    }
}
