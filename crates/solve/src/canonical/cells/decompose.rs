//! The components of a Game of Cycles position: its unmarked edges, the
//! labels of their ends, and its live cells, split as [`super::split`] does.

use super::LiveCell;
use super::split::pieces_indexed;
use crate::canonical::engine::StateComponent;
use crate::canonical::need::Need;
use arrows_core::plane::CellStatus;
use arrows_core::{EdgeId, Position};

/// The components of `position`'s state with the live cells that tie them
/// (the Game of Cycles on a plane graph). Cells completed or dead take no
/// part; so does a live cell through a dead edge.
pub fn decompose(position: Position<'_>) -> Vec<StateComponent> {
    let (graph, d) = (position.graph, position.state);
    let labels: Vec<Need> = (0..graph.vertex_count()).map(|v| Need::of(graph, position.variant, d, v)).collect();
    let unmarked: Vec<EdgeId> = d.unmarked_edges().collect();
    let mut index = vec![u32::MAX; graph.edge_count()];
    for (i, &e) in unmarked.iter().enumerate() {
        index[e] = i as u32;
    }
    let edges: Vec<(u32, u32)> = unmarked
        .iter()
        .map(|&e| {
            let (s, t) = graph.ends(e);
            (s as u32, t as u32)
        })
        .collect();
    let mut cells = Vec::new();
    let mut ids = Vec::new();
    for (id, cell) in graph.cell_list().iter().enumerate() {
        let CellStatus::Live { along, against } = cell.status(d) else { continue };
        let steps =
            cell.steps().iter().filter(|s| index[s.edge] != u32::MAX).map(|s| (index[s.edge], s.forward)).collect();
        cells.push(LiveCell { steps, along, against });
        ids.push(id);
    }
    pieces_indexed(&labels, &edges, &cells)
        .into_iter()
        .map(|p| StateComponent {
            component: p.component.component,
            graph_edges: p.edges.into_iter().map(|i| unmarked[i]).collect(),
            cells: p.component.cells,
            graph_cells: p.cells.into_iter().map(|i| ids[i]).collect(),
        })
        .collect()
}
