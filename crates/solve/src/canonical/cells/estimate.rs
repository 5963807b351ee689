//! The memo a component with live cells needs, estimated before any work.

use super::CellComponent;
use crate::canonical::reach;
use crate::size::saturate;

/// An estimate of the memo bytes that solving the component `c` (with
/// cells) from an empty memo needs: its classes times the bytes of a key
/// as large as `c`'s and `overhead` per entry.
pub fn component_bytes(c: &CellComponent, overhead: u64) -> u64 {
    let (n, m) = (c.component.labels.len() as f64, c.component.edges.len() as f64);
    let steps: usize = c.cells.iter().map(|cell| cell.steps.len() + 2).sum();
    let entry = overhead as f64 + 13.0 + n + 2.0 * m + steps as f64;
    saturate(log2_classes(c).exp2() * entry)
}

/// The estimated number of classes reached from `c`, as `log2`.
pub fn log2_classes(c: &CellComponent) -> f64 {
    reach::log2_classes(&c.component) + c.cells.len() as f64
}
