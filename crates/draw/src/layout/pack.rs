//! The components of a graph side by side: shelf packing of their boxes,
//! in order, wrapping to a width near the square root of their total area.

use arrows_core::plane::Point;

/// The gap between two components' boxes, in units.
const GAP: f64 = 1.0;

/// The bounding box `(min x, min y, max x, max y)` of some points.
pub(crate) fn bounds(points: impl IntoIterator<Item = Point>) -> (f64, f64, f64, f64) {
    points.into_iter().fold((f64::MAX, f64::MAX, f64::MIN, f64::MIN), |(a, b, c, d), p| {
        (a.min(p.x), b.min(p.y), c.max(p.x), d.max(p.y))
    })
}

/// Places each piece (its points, in its own coordinates) so that no two
/// boxes come within [`GAP`]: rows from the top down, pieces left to right.
/// Returns the translation of each piece.
pub(crate) fn pack(pieces: &[Vec<Point>]) -> Vec<(f64, f64)> {
    let boxes: Vec<(f64, f64, f64, f64)> = pieces.iter().map(|p| bounds(p.iter().copied())).collect();
    let size = |b: &(f64, f64, f64, f64)| (b.2 - b.0, b.3 - b.1);
    let area: f64 = boxes.iter().map(|b| (size(b).0 + GAP) * (size(b).1 + GAP)).sum();
    let widest = boxes.iter().map(|b| size(b).0).fold(0.0, f64::max);
    let row_width = widest.max(1.5 * area.sqrt());
    let mut moves = Vec::with_capacity(pieces.len());
    let (mut x, mut top, mut row_height) = (0.0, 0.0, 0.0f64);
    for b in &boxes {
        let (w, h) = size(b);
        if x > 0.0 && x + w > row_width {
            x = 0.0;
            top -= row_height + GAP;
            row_height = 0.0;
        }
        // The box's top left corner goes to (x, top).
        moves.push((x - b.0, top - b.3));
        x += w + GAP;
        row_height = row_height.max(h);
    }
    moves
}
