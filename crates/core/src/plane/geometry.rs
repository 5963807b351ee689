//! Exact geometric predicates on a straight-line drawing: orientation,
//! the angular order of edges around a vertex, and segment intersection.
//!
//! Orientation is Shewchuk's adaptive exact `orient2d` (the `robust`
//! crate); every other test compares coordinates directly, so no decision
//! depends on rounding. The predicates are exact while no intermediate
//! product overflows or underflows, which the coordinate range of
//! [`Drawing`](super::Drawing) guarantees.

use super::drawing::Point;
use std::cmp::Ordering;

/// The sign of the turn `a -> b -> c`: `Greater` counterclockwise, `Less`
/// clockwise, `Equal` collinear. Exact.
pub(crate) fn orient(a: Point, b: Point, c: Point) -> Ordering {
    let det = robust::orient2d(
        robust::Coord { x: a.x, y: a.y },
        robust::Coord { x: b.x, y: b.y },
        robust::Coord { x: c.x, y: c.y },
    );
    det.partial_cmp(&0.0).unwrap_or(Ordering::Equal)
}

/// Lexicographic order by `(x, y)`.
pub(crate) fn lex(a: Point, b: Point) -> Ordering {
    a.x.total_cmp(&b.x).then(a.y.total_cmp(&b.y))
}

/// `true` when the direction from `o` to `p` has angle in `[0, pi)`
/// (measured counterclockwise from the positive x axis).
fn upper(o: Point, p: Point) -> bool {
    p.y > o.y || (p.y == o.y && p.x > o.x)
}

/// Counterclockwise angular order of the directions `o -> a` and `o -> b`,
/// starting from the positive x axis. `Equal` only for the same direction.
pub(crate) fn angle_cmp(o: Point, a: Point, b: Point) -> Ordering {
    match (upper(o, a), upper(o, b)) {
        (true, false) => Ordering::Less,
        (false, true) => Ordering::Greater,
        _ => orient(o, a, b).reverse(),
    }
}

/// How two segments of a drawing meet, beyond a shared endpoint.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Meeting {
    /// They do not meet (or only at their shared endpoint).
    Apart,
    /// They cross at a point inside both.
    Cross,
    /// They are collinear and share more than a point.
    Overlap,
    /// An endpoint of one (0: the first segment's `p`, 1: its `q`; 2, 3:
    /// the second's) lies inside the other.
    Touch(usize),
}

/// `true` when `c`, collinear with `a` and `b`, lies in the closed box of
/// the segment `ab` (hence on the segment).
fn within(a: Point, b: Point, c: Point) -> bool {
    a.x.min(b.x) <= c.x && c.x <= a.x.max(b.x) && a.y.min(b.y) <= c.y && c.y <= a.y.max(b.y)
}

/// `true` when `a` and `b` lie on the same side of `o` along a common line through it.
fn same_ray(o: Point, a: Point, b: Point) -> bool {
    let s = |p: Point| (p.x.total_cmp(&o.x), p.y.total_cmp(&o.y));
    s(a) == s(b)
}

/// How segments `[p0, p1]` and `[q0, q1]` meet. Segments sharing an
/// endpoint pass it as `shared = Some((i, j))`: `p_i == q_j`. The four
/// points are otherwise distinct.
pub(crate) fn meeting(p: [Point; 2], q: [Point; 2], shared: Option<(usize, usize)>) -> Meeting {
    if let Some((i, j)) = shared {
        let (o, a, b) = (p[i], p[1 - i], q[1 - j]);
        let collinear = orient(o, a, b) == Ordering::Equal;
        return if collinear && same_ray(o, a, b) { Meeting::Overlap } else { Meeting::Apart };
    }
    let o = [orient(p[0], p[1], q[0]), orient(p[0], p[1], q[1]), orient(q[0], q[1], p[0]), orient(q[0], q[1], p[1])];
    if o.iter().all(|&x| x == Ordering::Equal) {
        let overlaps = within(p[0], p[1], q[0])
            || within(p[0], p[1], q[1])
            || within(q[0], q[1], p[0])
            || within(q[0], q[1], p[1]);
        return if overlaps { Meeting::Overlap } else { Meeting::Apart };
    }
    let on = [
        o[0] == Ordering::Equal && within(p[0], p[1], q[0]),
        o[1] == Ordering::Equal && within(p[0], p[1], q[1]),
        o[2] == Ordering::Equal && within(q[0], q[1], p[0]),
        o[3] == Ordering::Equal && within(q[0], q[1], p[1]),
    ];
    // Endpoint k lies inside the other segment: report it by its own index.
    if let Some(k) = on.iter().position(|&b| b) {
        return Meeting::Touch([2, 3, 0, 1][k]);
    }
    let opposite = |a: Ordering, b: Ordering| a != Ordering::Equal && b != Ordering::Equal && a != b;
    if opposite(o[0], o[1]) && opposite(o[2], o[3]) { Meeting::Cross } else { Meeting::Apart }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn pt(x: f64, y: f64) -> Point {
        Point { x, y }
    }

    #[test]
    fn angles_go_counterclockwise_from_east() {
        let o = pt(0.0, 0.0);
        let dirs =
            [pt(1.0, 0.0), pt(1.0, 1.0), pt(0.0, 1.0), pt(-1.0, 0.0), pt(-1.0, -1.0), pt(0.0, -2.0), pt(3.0, -1.0)];
        for (i, &a) in dirs.iter().enumerate() {
            for (j, &b) in dirs.iter().enumerate() {
                assert_eq!(angle_cmp(o, a, b), i.cmp(&j), "{a:?} {b:?}");
            }
        }
    }

    #[test]
    fn meetings_of_segments() {
        let s = |a: (f64, f64), b: (f64, f64)| [pt(a.0, a.1), pt(b.0, b.1)];
        assert_eq!(meeting(s((0., 0.), (2., 2.)), s((0., 2.), (2., 0.)), None), Meeting::Cross);
        assert_eq!(meeting(s((0., 0.), (1., 0.)), s((2., 0.), (3., 0.)), None), Meeting::Apart);
        assert_eq!(meeting(s((0., 0.), (2., 0.)), s((1., 0.), (3., 0.)), None), Meeting::Overlap);
        assert_eq!(meeting(s((0., 0.), (2., 0.)), s((1., 0.), (1., 5.)), None), Meeting::Touch(2));
        assert_eq!(meeting(s((1., 0.), (1., 5.)), s((0., 0.), (2., 0.)), None), Meeting::Touch(0));
        assert_eq!(meeting(s((0., 0.), (1., 1.)), s((3., 0.), (2., 1.)), None), Meeting::Apart);
        // Shared endpoint p0 == q0: apart unless the other ends lie on one ray.
        assert_eq!(meeting(s((0., 0.), (2., 0.)), s((0., 0.), (1., 0.)), Some((0, 0))), Meeting::Overlap);
        assert_eq!(meeting(s((0., 0.), (2., 0.)), s((0., 0.), (-1., 0.)), Some((0, 0))), Meeting::Apart);
        assert_eq!(meeting(s((0., 0.), (2., 0.)), s((0., 0.), (1., 1.)), Some((0, 0))), Meeting::Apart);
    }

    #[test]
    fn orientation_is_exact_near_degeneracy() {
        // Classic failure of the naive determinant: points almost on a line.
        let a = pt(0.5, 0.5);
        let b = pt(12.0, 12.0);
        let c = pt(24.0, 24.0);
        assert_eq!(orient(a, b, c), Ordering::Equal);
        let c2 = pt(24.0, 24.000000000000004);
        assert_eq!(orient(a, b, c2), Ordering::Greater);
    }
}
