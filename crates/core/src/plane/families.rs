//! Plane graph families with their natural embedding (the cells) and a
//! straight-line drawing of it.
//!
//! Every family's cells are all of its bounded faces, each walked
//! counterclockwise in the family's own drawing, and the drawing's faces
//! trace back to exactly these cells (the tests check it). Numbering
//! conventions are given per family; "edge `(a, b)`" means the edge is
//! stored as `(a, b)`, so its forward arrow is `a>b`.

use super::cell::{Cell, Step};
use super::drawing::{Drawing, Point};
use crate::families::FamilyError;
use crate::graph::{EdgeId, Graph, Vertex};
use crate::size::GraphSize;
use std::f64::consts::TAU;
use std::fmt;

/// A plane graph (its cells set) with a straight-line drawing of its embedding.
#[derive(Debug, Clone, PartialEq)]
pub struct Embedded {
    /// The graph, with its cells.
    pub graph: Graph,
    /// Positions of its vertices; the drawing's bounded faces are the cells.
    pub drawing: Drawing,
}

/// Refuses `given < least` for the member `member` of `family`.
fn at_least(
    member: PlaneFamily,
    family: &'static str,
    parameter: &'static str,
    least: usize,
    given: usize,
) -> Result<(), FamilyError> {
    if given < least {
        return Err(FamilyError::OutOfRange {
            family,
            member: member.to_string(),
            parameter,
            value: given as u64,
            least: least as u64,
            most: None,
        });
    }
    Ok(())
}

/// Refuses a member past [`GraphSize::LIMIT`], before anything is allocated.
fn limit(member: PlaneFamily, family: &'static str, vertices: u128, edges: u128) -> Result<(), FamilyError> {
    let size = GraphSize::new(vertices, edges);
    if size.within_limit() {
        return Ok(());
    }
    Err(FamilyError::TooLarge { family, member: member.to_string(), size, limit: GraphSize::LIMIT })
}

/// Assembles a family member; its cells are correct by construction.
fn assemble(n: usize, edges: &[(Vertex, Vertex)], cells: Vec<Cell>, points: Vec<Point>) -> Embedded {
    let graph = Graph::build(n, edges).with_cells(cells).expect("a family's cells are valid");
    let drawing = Drawing::new(points).expect("a family's coordinates are in range");
    Embedded { graph, drawing }
}

/// The cell walking `steps` given as `(edge, forward)`.
fn cell(steps: &[(EdgeId, bool)]) -> Cell {
    Cell::new(steps.iter().map(|&(e, f)| Step::new(e, f)).collect())
}

/// The point at angle `2 pi k / n` on the circle of radius `r` about the origin.
fn on_circle(r: f64, k: usize, n: usize) -> Point {
    let a = TAU * k as f64 / n as f64;
    Point::new(r * a.cos(), r * a.sin())
}

/// The cycle `C_n`, `n >= 3`: vertices `0..n`, edge `i = (i, i+1 mod n)`
/// (as [`crate::families::cycle`]), one cell `0-1-...-(n-1)`. Drawn as a
/// regular polygon, vertex `i` at angle `2 pi i / n`.
pub fn cycle(n: usize) -> Result<Embedded, FamilyError> {
    let member = PlaneFamily::Cycle(n);
    at_least(member, "cycle", "number of edges", 3, n)?;
    limit(member, "cycle", n as u128, n as u128)?;
    let edges: Vec<_> = (0..n).map(|i| (i, (i + 1) % n)).collect();
    let cells = vec![cell(&(0..n).map(|i| (i, true)).collect::<Vec<_>>())];
    Ok(assemble(n, &edges, cells, (0..n).map(|i| on_circle(1.0, i, n)).collect()))
}

/// The wheel with `n >= 3` spokes: hub `0`, rim vertices `1..=n`. Edges
/// `0..n` are the rim, edge `i = (i+1, i+2)` (vertex `n+1` read as `1`);
/// edges `n..2n` are the spokes, edge `n+i = (0, i+1)`. Cell `i` is the
/// triangle `0-(i+1)-(i+2)`. Drawn with the hub at the origin and rim
/// vertex `i+1` at angle `2 pi i / n`.
pub fn wheel(n: usize) -> Result<Embedded, FamilyError> {
    let member = PlaneFamily::Wheel(n);
    at_least(member, "wheel", "number of spokes", 3, n)?;
    limit(member, "wheel", n as u128 + 1, 2 * n as u128)?;
    let rim = |i: usize| i % n + 1;
    let mut edges: Vec<_> = (0..n).map(|i| (rim(i), rim(i + 1))).collect();
    edges.extend((0..n).map(|i| (0, rim(i))));
    let cells = (0..n).map(|i| cell(&[(n + i, true), (i, true), (n + (i + 1) % n, false)])).collect();
    let mut points = vec![Point::new(0.0, 0.0)];
    points.extend((0..n).map(|i| on_circle(1.0, i, n)));
    Ok(assemble(n + 1, &edges, cells, points))
}

/// `K_4` as a plane graph: the wheel with 3 spokes, with its numbering
/// (hub `0`, outer triangle `1, 2, 3`) and its 3 triangular cells.
pub fn k4() -> Embedded {
    wheel(3).expect("the wheel with 3 spokes")
}

/// The fan: the path on `n >= 2` vertices joined to a hub. Hub `0`, path
/// vertices `1..=n`. Edges `0..n-1` are the path, edge `i = (i+1, i+2)`;
/// edges `n-1..2n-1` are the spokes, edge `n-1+i = (0, i+1)`. Cell `i`
/// (`i < n-1`) is the triangle `0-(i+1)-(i+2)`. Drawn with path vertex
/// `i+1` at `(i, 0)` and the hub at `((n-1)/2, 1)`.
pub fn fan(n: usize) -> Result<Embedded, FamilyError> {
    let member = PlaneFamily::Fan(n);
    at_least(member, "fan", "number of path vertices", 2, n)?;
    limit(member, "fan", n as u128 + 1, 2 * n as u128 - 1)?;
    let mut edges: Vec<_> = (0..n - 1).map(|i| (i + 1, i + 2)).collect();
    edges.extend((0..n).map(|i| (0, i + 1)));
    let cells = (0..n - 1).map(|i| cell(&[(n - 1 + i, true), (i, true), (n + i, false)])).collect();
    let mut points = vec![Point::new((n - 1) as f64 / 2.0, 1.0)];
    points.extend((0..n).map(|i| Point::new(i as f64, 0.0)));
    Ok(assemble(n + 1, &edges, cells, points))
}

/// The theta graph: poles `0` and `1` joined by three internally disjoint
/// paths of `a`, `b` and `c` edges (each `>= 1`, at most one equal to 1).
/// The inner vertices of path A are `2..=a` from pole 0 towards pole 1,
/// then those of B, then those of C; the edges are path A's from pole 0 to
/// pole 1, each stored in that direction, then B's, then C's. Path B lies
/// between A and C: the cells are the cycles A∪B and B∪C (the outer face
/// is bounded by A∪C). Drawn with pole 0 at `(0, 0)`, pole 1 at `(1, 0)`,
/// A above B above C; a path at height `h != 0` has its inner vertices on
/// the line `y = h` (at `x = 1/2` for two edges, evenly over `[1/4, 3/4]`
/// otherwise), a path at height 0 runs straight along the axis.
pub fn theta(a: usize, b: usize, c: usize) -> Result<Embedded, FamilyError> {
    let member = PlaneFamily::Theta(a, b, c);
    for (name, len) in [("length of path A", a), ("length of path B", b), ("length of path C", c)] {
        at_least(member, "theta graph", name, 1, len)?;
    }
    if [a, b, c].iter().filter(|&&l| l == 1).count() > 1 {
        return Err(FamilyError::RepeatedEdge {
            family: "theta graph",
            member: member.to_string(),
            needs: "at most one path of length 1",
        });
    }
    let edges = a as u128 + b as u128 + c as u128;
    limit(member, "theta graph", edges - 1, edges)?;
    let lens = [a, b, c];
    // Heights of A, B, C: the one-edge path, if any, lies on the axis.
    let heights: [f64; 3] = match lens.iter().position(|&l| l == 1) {
        Some(0) => [0.0, -1.0, -3.0],
        Some(2) => [3.0, 1.0, 0.0],
        _ => [1.0, 0.0, -1.0],
    };
    let mut points = vec![Point::new(0.0, 0.0), Point::new(1.0, 0.0)];
    let (mut edges, mut paths) = (Vec::new(), Vec::new());
    for (p, &len) in lens.iter().enumerate() {
        let first_edge = edges.len();
        let mut prev = 0;
        for k in 1..=len {
            let v = if k == len { 1 } else { points.len() };
            if k < len {
                points.push(theta_point(heights[p], k, len));
            }
            edges.push((prev, v));
            prev = v;
        }
        paths.push(first_edge..first_edge + len);
    }
    // Counterclockwise: along the lower path from pole 0 to pole 1, back along the upper.
    let ring = |upper: usize, lower: usize| {
        let mut steps: Vec<(EdgeId, bool)> = paths[lower].clone().map(|e| (e, true)).collect();
        steps.extend(paths[upper].clone().rev().map(|e| (e, false)));
        cell(&steps)
    };
    let cells = vec![ring(0, 1), ring(1, 2)];
    Ok(assemble(a + b + c - 1, &edges, cells, points))
}

/// Inner vertex `k` (`1..len`) of a theta path at height `h`.
fn theta_point(h: f64, k: usize, len: usize) -> Point {
    let t = k as f64 / len as f64;
    if h == 0.0 {
        Point::new(t, 0.0)
    } else if len == 2 {
        Point::new(0.5, h)
    } else {
        Point::new(0.25 + 0.5 * (k - 1) as f64 / (len - 2) as f64, h)
    }
}

/// The `m x n` grid of vertices (`m` rows, `n` columns, both `>= 2`).
/// Vertex `r*n + c` is in row `r`, column `c`, drawn at `(c, r)`.
/// Horizontal edges come first: edge `r*(n-1) + c = (r*n+c, r*n+c+1)`;
/// then vertical edges: edge `m*(n-1) + r*n + c = (r*n+c, (r+1)*n+c)`.
/// The cells are the unit squares, square `r*(n-1) + c` with lower left
/// corner `(c, r)`.
pub fn grid(m: usize, n: usize) -> Result<Embedded, FamilyError> {
    let member = PlaneFamily::Grid(m, n);
    at_least(member, "grid", "number of rows", 2, m)?;
    at_least(member, "grid", "number of columns", 2, n)?;
    let (mm, nn) = (m as u128, n as u128);
    let edges = mm.saturating_mul(nn - 1).saturating_add((mm - 1).saturating_mul(nn));
    limit(member, "grid", mm.saturating_mul(nn), edges)?;
    let v = |r: usize, c: usize| r * n + c;
    let h = |r: usize, c: usize| r * (n - 1) + c;
    let up = |r: usize, c: usize| m * (n - 1) + r * n + c;
    let mut edges: Vec<_> = (0..m).flat_map(|r| (0..n - 1).map(move |c| (v(r, c), v(r, c + 1)))).collect();
    edges.extend((0..m - 1).flat_map(|r| (0..n).map(move |c| (v(r, c), v(r + 1, c)))));
    let cells = (0..m - 1)
        .flat_map(|r| (0..n - 1).map(move |c| (r, c)))
        .map(|(r, c)| cell(&[(h(r, c), true), (up(r, c + 1), true), (h(r + 1, c), false), (up(r, c), false)]))
        .collect();
    let points = (0..m).flat_map(|r| (0..n).map(move |c| Point::new(c as f64, r as f64))).collect();
    Ok(assemble(m * n, &edges, cells, points))
}

/// The ladder with `n >= 2` rungs: the `2 x n` grid, with the numbering of [`grid`].
pub fn ladder(n: usize) -> Result<Embedded, FamilyError> {
    let member = PlaneFamily::Ladder(n);
    at_least(member, "ladder", "number of rungs", 2, n)?;
    limit(member, "ladder", 2 * n as u128, 3 * n as u128 - 2)?;
    grid(2, n)
}

/// The prism over an `n`-cycle, `n >= 3`: an outer cycle `0..n` and an
/// inner cycle `n..2n`, outer vertex `i` matched to inner vertex `n+i`.
/// Edge `i = (i, i+1 mod n)` (outer), edge `n+i = (n+i, n+(i+1 mod n))`
/// (inner), edge `2n+i = (i, n+i)` (the matching). The cells are every
/// bounded face: the quadrilateral `i-(i+1)-(n+i+1)-(n+i)` as cell `i`
/// (indices mod `n` within each cycle), and the inner `n`-gon as cell
/// `n`. Drawn with outer vertex `i` at radius 2 and inner vertex `n+i` at
/// radius 1, both at angle `2 pi i / n`.
pub fn prism(n: usize) -> Result<Embedded, FamilyError> {
    let member = PlaneFamily::Prism(n);
    at_least(member, "prism", "length of its cycles", 3, n)?;
    limit(member, "prism", 2 * n as u128, 3 * n as u128)?;
    let next = |i: usize| (i + 1) % n;
    let mut edges: Vec<_> = (0..n).map(|i| (i, next(i))).collect();
    edges.extend((0..n).map(|i| (n + i, n + next(i))));
    edges.extend((0..n).map(|i| (i, n + i)));
    let mut cells: Vec<Cell> =
        (0..n).map(|i| cell(&[(i, true), (2 * n + next(i), true), (n + i, false), (2 * n + i, false)])).collect();
    cells.push(cell(&(0..n).map(|i| (n + i, true)).collect::<Vec<_>>()));
    let mut points: Vec<Point> = (0..n).map(|i| on_circle(2.0, i, n)).collect();
    points.extend((0..n).map(|i| on_circle(1.0, i, n)));
    Ok(assemble(2 * n, &edges, cells, points))
}

/// A plane family and its parameters, for front doors that name families.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum PlaneFamily {
    /// [`cycle`]`(n)`.
    Cycle(usize),
    /// [`wheel`]`(n)`.
    Wheel(usize),
    /// [`fan`]`(n)`.
    Fan(usize),
    /// [`theta`]`(a, b, c)`.
    Theta(usize, usize, usize),
    /// [`grid`]`(m, n)`.
    Grid(usize, usize),
    /// [`ladder`]`(n)`.
    Ladder(usize),
    /// [`prism`]`(n)`.
    Prism(usize),
    /// [`k4`]`()`.
    K4,
}

impl PlaneFamily {
    /// The member, with its cells and drawing.
    pub fn build(self) -> Result<Embedded, FamilyError> {
        match self {
            PlaneFamily::Cycle(n) => cycle(n),
            PlaneFamily::Wheel(n) => wheel(n),
            PlaneFamily::Fan(n) => fan(n),
            PlaneFamily::Theta(a, b, c) => theta(a, b, c),
            PlaneFamily::Grid(m, n) => grid(m, n),
            PlaneFamily::Ladder(n) => ladder(n),
            PlaneFamily::Prism(n) => prism(n),
            PlaneFamily::K4 => Ok(k4()),
        }
    }
}

impl fmt::Display for PlaneFamily {
    /// The family as its name and parameters: `wheel 5`, `theta 1 2 3`, `K4`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match *self {
            PlaneFamily::Cycle(n) => write!(f, "cycle {n}"),
            PlaneFamily::Wheel(n) => write!(f, "wheel {n}"),
            PlaneFamily::Fan(n) => write!(f, "fan {n}"),
            PlaneFamily::Theta(a, b, c) => write!(f, "theta {a} {b} {c}"),
            PlaneFamily::Grid(m, n) => write!(f, "grid {m} {n}"),
            PlaneFamily::Ladder(n) => write!(f, "ladder {n}"),
            PlaneFamily::Prism(n) => write!(f, "prism {n}"),
            PlaneFamily::K4 => f.write_str("K4"),
        }
    }
}
