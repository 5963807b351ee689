//! The memo a component with live cells needs, estimated before any work.
//!
//! The classes reached from a component with cells are, on the boards
//! measured, connected pieces of the board in their local states, and
//! their number grows by a factor per vertex that rises with its degree.
//! The estimate is that model, fitted to the truth: `log2` of the classes
//! is the sum over the component's vertices of a weight by degree (0.3 for
//! a leaf, 1 for degree 2, 1.9 for degree 3, 2.5 for degree 4 or more),
//! except that a chain of `L` vertices of degree 2 counts `4.5 log2(L + 1)`
//! when that is less than `L` (the pieces of a long chain are told apart
//! by their lengths, so they grow slower than any power), less the `log2`
//! of the symmetries ([`crate::canonical::reach::log2_symmetry`]: classes
//! are counted up to isomorphism), plus 2 (a factor of 4 to spare). Each
//! class is counted at the bytes of a key as large as the component's,
//! plus the memo's overhead per entry.
//!
//! **Measured factors** (estimate over the memo filled from the empty
//! state; `tests/it/cycles_canonical.rs` checks the bound on every plane
//! family member up to 12 edges and on random plane graphs): wheels with 3
//! to 9 spokes 2.3 to 10, fans 2.7 to 12, ladders and grids `2 x N` 2.1 to
//! 10, prisms 1.1 to 3.6, grids `3 x N` 4.1 to 5.5, theta graphs `(a, a,
//! a)` 1.2 to 4.9, random plane graphs of up to 14 edges 1.6 to 33, cycles
//! of 3 to 23 edges 2 to 200 (their classes are few). No board measured is
//! estimated low, but the per-spoke growth of wheels and fans is a little
//! above the model's (1.93 and 2.05 bits against 1.9), so past about 20
//! spokes the estimate of a fan may fall below the truth. The estimate is
//! a model, not a proof: the engine checks the budget as the memo grows in
//! any case.

use super::CellComponent;
use crate::canonical::reach;
use crate::size::saturate;

/// `log2` of the factor each vertex contributes, by degree (0 to 4).
const WEIGHT: [f64; 5] = [0.0, 0.3, 1.0, 1.9, 2.5];
/// `log2` of the factor a vertex of degree 5 or more contributes.
const HUB: f64 = 2.5;
/// `log2` of the factor to spare.
const SPARE: f64 = 2.0;

/// An estimate of the memo bytes that solving the component `c` (with
/// cells) from an empty memo needs: its classes ([`log2_classes`]) times
/// the bytes of a key as large as `c`'s and `overhead` per entry.
pub fn component_bytes(c: &CellComponent, overhead: u64) -> u64 {
    let (n, m) = (c.component.labels.len() as f64, c.component.edges.len() as f64);
    let steps: usize = c.cells.iter().map(|cell| cell.steps.len() + 2).sum();
    let entry = overhead as f64 + 5.0 + n + 2.0 * m + steps as f64;
    saturate(log2_classes(c).exp2() * entry)
}

/// The estimated number of classes reached from `c`, as `log2` (see the
/// module documentation).
pub fn log2_classes(c: &CellComponent) -> f64 {
    let comp = &c.component;
    let mut adj = vec![Vec::new(); comp.labels.len()];
    for &(u, v) in &comp.edges {
        adj[u as usize].push(v as usize);
        adj[v as usize].push(u as usize);
    }
    let deg: Vec<usize> = adj.iter().map(Vec::len).collect();
    let vertices: f64 = deg.iter().filter(|&&d| d != 2).map(|&d| WEIGHT.get(d).copied().unwrap_or(HUB)).sum();
    let chains: f64 = chains(&deg, &adj).into_iter().map(|l| (l as f64).min(CHAIN * (l as f64 + 1.0).log2())).sum();
    (vertices + chains - reach::log2_symmetry(comp, &deg, &adj) + SPARE).max(0.0)
}

/// `log2` of the factor a chain of `L` vertices of degree 2 contributes at
/// most, per `log2(L + 1)`.
const CHAIN: f64 = 4.5;

/// The number of vertices of each maximal chain of vertices of degree 2.
fn chains(deg: &[usize], adj: &[Vec<usize>]) -> Vec<usize> {
    let mut seen = vec![false; deg.len()];
    let mut out = Vec::new();
    for v in 0..deg.len() {
        if deg[v] != 2 || seen[v] {
            continue;
        }
        seen[v] = true;
        let (mut stack, mut size) = (vec![v], 0);
        while let Some(x) = stack.pop() {
            size += 1;
            for &y in &adj[x] {
                if deg[y] == 2 && !seen[y] {
                    seen[y] = true;
                    stack.push(y);
                }
            }
        }
        out.push(size);
    }
    out
}
