//! Witnesses: `docs/certificates.md`, section "Witnesses", conditions 1 to 3.

use crate::board::{Board, Rules, Symmetry};
use crate::game::{allowed, has_in, has_out, live};

/// One side of a witness: a component (its edges) of a position.
pub struct Side<'a> {
    /// The position.
    pub position: &'a [u8],
    /// The component's edges.
    pub edges: &'a [usize],
}

/// Checks the witness `w = 2 s + f` from component `F` of `Q` to
/// component `C` of `R` ("Witnesses", conditions 1 to 3); the error says
/// which condition fails.
pub fn check_witness(
    board: &Board,
    symmetries: &[Symmetry],
    w: u64,
    from: &Side<'_>,
    to: &Side<'_>,
) -> Result<(), String> {
    let s = w / 2;
    let flip = w % 2 == 1;
    let sigma = usize::try_from(s)
        .ok()
        .and_then(|s| symmetries.get(s))
        .ok_or_else(|| format!("witness {w} names symmetry {s}, but the header lists {}", symmetries.len()))?;
    // Condition 1: sigma maps the edges of F onto the edges of C.
    if from.edges.len() != to.edges.len() {
        return Err(format!(
            "witness {w}: the component has {} edges, the record's has {}",
            from.edges.len(),
            to.edges.len()
        ));
    }
    let mut in_c = vec![false; board.edge_count()];
    for &y in to.edges {
        if let Some(slot) = in_c.get_mut(y) {
            *slot = true;
        }
    }
    for &x in from.edges {
        let image = sigma.edges.get(x).copied();
        if image.is_none_or(|y| in_c.get(y) != Some(&true)) {
            return Err(format!("witness {w}: edge {x} goes to an edge outside the record's component"));
        }
    }
    // Condition 2: the arrows at every constrained endpoint.
    for &x in from.edges {
        let ends = board.edges.get(x).copied().unwrap_or_default();
        for v in ends.into_iter().filter(|&v| board.constrained(v)) {
            let image = sigma.vertices.get(v).copied().unwrap_or(usize::MAX);
            let (q_in, q_out) = (has_in(board, from.position, v), has_out(board, from.position, v));
            let (mut r_in, mut r_out) = (has_in(board, to.position, image), has_out(board, to.position, image));
            if flip {
                std::mem::swap(&mut r_in, &mut r_out);
            }
            if (q_in, q_out) != (r_in, r_out) {
                return Err(format!(
                    "witness {w}: vertex {v} (arrow in: {q_in}, out: {q_out}) does not match vertex {image} \
                     (arrow in: {r_in}, out: {r_out}{})",
                    if flip { ", flipped" } else { "" }
                ));
            }
        }
    }
    // Condition 3: the cells through the component's edges.
    if board.rules == Rules::Cycles {
        let mut cells: Vec<usize> =
            from.edges.iter().flat_map(|&x| board.cells_at.get(x).cloned().unwrap_or_default()).collect();
        cells.sort_unstable();
        cells.dedup();
        for c in cells {
            check_cell(board, sigma, flip, c, from.position, to.position)
                .map_err(|why| format!("witness {w}: {why}"))?;
        }
    }
    Ok(())
}

/// Condition 3 for one cell `c`: `c` is live in `Q` exactly when `sigma(c)`
/// is live in `R`, and each orientation of `c` is allowed in `Q` exactly
/// when its image is allowed in `R`. The image of the forward orientation
/// is read from the first arrow of the walk, `w_0 -> w_1` on `e_0`, mapped
/// to `pi(w_0) -> pi(w_1)` on `sigma(e_0)` (reversed by the flip).
fn check_cell(board: &Board, sigma: &Symmetry, flip: bool, c: usize, q: &[u8], r: &[u8]) -> Result<(), String> {
    let d = sigma.cells.get(c).copied().ok_or("a cell without an image")?;
    let (cell, walk) = (board.cells.get(c).ok_or("no cell")?, board.cell_walks.get(c).ok_or("no cell")?);
    let (image_cell, image_walk) = (board.cells.get(d).ok_or("no cell")?, board.cell_walks.get(d).ok_or("no cell")?);
    let (e0, w0, w1) =
        (*cell.first().ok_or("empty cell")?, *walk.first().ok_or("empty cell")?, *walk.get(1).ok_or("short cell")?);
    let image_edge = *sigma.edges.get(e0).ok_or("edge out of range")?;
    // The image arrow's tail: pi(w_0), or pi(w_1) when flipped.
    let tail = sigma.vertices.get(if flip { w1 } else { w0 }).copied();
    // The forward orientation of sigma(c) on sigma(e_0) is w'_j -> w'_{j+1}.
    let j = image_cell.iter().position(|&e| e == image_edge).ok_or("the image edge is not on the image cell")?;
    let forward_tail = image_walk.get(j).copied();
    let forward_goes_to_backward = tail != forward_tail;
    if live(board, q, c) != live(board, r, d) {
        return Err(format!("cell {c} is live in one position and its image, cell {d}, is not in the other"));
    }
    for backward in [false, true] {
        let image_backward = backward != forward_goes_to_backward;
        if allowed(board, q, c, backward) != allowed(board, r, d, image_backward) {
            let which = if backward { "backward" } else { "forward" };
            return Err(format!(
                "the {which} orientation of cell {c} and its image on cell {d} differ in being allowed"
            ));
        }
    }
    Ok(())
}
