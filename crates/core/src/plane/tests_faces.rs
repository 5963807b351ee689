//! Tests of drawings: face tracing, Euler's formula, refused drawings.

use super::families;
use super::geometry::{Meeting, meeting};
use super::*;
use crate::graph::{EdgeId, Graph};
use proptest::prelude::*;
use std::collections::{BTreeSet, HashMap};

type EdgeSets = BTreeSet<Vec<EdgeId>>;

fn edge_sets(cells: &[Cell]) -> EdgeSets {
    cells.iter().map(Cell::edge_set).collect()
}

/// `true` when `a` is `b` started at another step.
fn is_rotation(a: &Cell, b: &Cell) -> bool {
    let n = a.len();
    n == b.len() && (0..n).any(|r| (0..n).all(|k| a.steps()[k] == b.steps()[(k + r) % n]))
}

fn drawing(points: &[(f64, f64)]) -> Drawing {
    Drawing::new(points.iter().map(|&(x, y)| Point::new(x, y)).collect()).unwrap()
}

fn traced(edges: &[(usize, usize)], points: &[(f64, f64)]) -> Result<Vec<Cell>, DrawingError> {
    drawing(points).cells(&Graph::from_edges(edges).unwrap())
}

#[test]
fn every_family_traces_back_to_its_cells() {
    let mut members: Vec<(String, Embedded)> = Vec::new();
    for n in 3..40 {
        members.push((format!("cycle {n}"), families::cycle(n).unwrap()));
        members.push((format!("wheel {n}"), families::wheel(n).unwrap()));
        members.push((format!("prism {n}"), families::prism(n).unwrap()));
    }
    for n in 2..40 {
        members.push((format!("fan {n}"), families::fan(n).unwrap()));
        members.push((format!("ladder {n}"), families::ladder(n).unwrap()));
    }
    for m in 2..9 {
        for n in 2..9 {
            members.push((format!("grid {m} {n}"), families::grid(m, n).unwrap()));
        }
    }
    for a in 1..7 {
        for b in 1..7 {
            for c in 1..7 {
                if let Ok(t) = families::theta(a, b, c) {
                    members.push((format!("theta {a} {b} {c}"), t));
                }
            }
        }
    }
    members.push(("K4".into(), families::k4()));
    members.push(("cycle 1000".into(), families::cycle(1000).unwrap()));
    members.push(("wheel 500".into(), families::wheel(500).unwrap()));
    for (name, member) in &members {
        let declared = member.graph.cell_list();
        let cells = member.drawing.cells(&member.graph).unwrap_or_else(|e| panic!("{name}: {e}"));
        assert_eq!(edge_sets(&cells), edge_sets(declared), "{name}");
        // Both are counterclockwise, so each traced cell is its declared cell up to the starting step.
        for c in &cells {
            assert!(declared.iter().any(|d| is_rotation(c, d)), "{name}: {c} is not walked as declared");
        }
        assert_eq!(
            &member.drawing.plane_graph(member.graph.clone().without_cells()).unwrap().cell_list().len(),
            &declared.len()
        );
    }
}

/// Random points in the unit square from integer seeds (general position in practice).
fn points_strategy() -> impl Strategy<Value = Vec<(u32, u32)>> {
    prop::collection::vec((any::<u32>(), any::<u32>()), 3..60)
}

/// Distinct points, the edges and the triangles of their Delaunay triangulation.
struct Triangulation {
    points: Vec<(f64, f64)>,
    edges: Vec<(usize, usize)>,
    triangles: Vec<[usize; 3]>,
}

fn triangulate(seeds: &[(u32, u32)]) -> Triangulation {
    let scale = |v: u32| v as f64 / 4_294_967_296.0;
    let mut pts: Vec<(f64, f64)> = seeds.iter().map(|&(x, y)| (scale(x), scale(y))).collect();
    pts.sort_by(|a, b| a.partial_cmp(b).unwrap());
    pts.dedup();
    let input: Vec<delaunator::Point> = pts.iter().map(|&(x, y)| delaunator::Point { x, y }).collect();
    let t = delaunator::triangulate(&input);
    let triangles: Vec<[usize; 3]> = t.triangles.chunks(3).map(|c| [c[0], c[1], c[2]]).collect();
    let mut edges: BTreeSet<(usize, usize)> = BTreeSet::new();
    for tri in &triangles {
        for k in 0..3 {
            let (u, v) = (tri[k], tri[(k + 1) % 3]);
            edges.insert((u.min(v), u.max(v)));
        }
    }
    Triangulation { points: pts, edges: edges.into_iter().collect(), triangles }
}

/// Keeps the given edges and renumbers away the vertices they do not touch.
fn subgraph(points: &[(f64, f64)], edges: &[(usize, usize)]) -> (Graph, Drawing) {
    let mut id: HashMap<usize, usize> = HashMap::new();
    let mut kept: Vec<(f64, f64)> = Vec::new();
    let mut renamed = Vec::new();
    for &(u, v) in edges {
        let mut name = |w: usize| {
            *id.entry(w).or_insert_with(|| {
                kept.push(points[w]);
                kept.len() - 1
            })
        };
        let (a, b) = (name(u), name(v));
        renamed.push((a, b));
    }
    (Graph::from_edges(&renamed).unwrap(), drawing(&kept))
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(200))]

    #[test]
    fn a_triangulation_traces_to_its_triangles(seeds in points_strategy()) {
        let Triangulation { points: pts, edges, triangles } = triangulate(&seeds);
        prop_assume!(!triangles.is_empty());
        let (g, d) = subgraph(&pts, &edges);
        let cells = d.cells(&g).unwrap();
        // Vertex numbers changed in `subgraph`; compare triangles by their point sets.
        let key = |vs: Vec<usize>, p: &dyn Fn(usize) -> (f64, f64)| {
            let mut k: Vec<(u64, u64)> = vs.into_iter().map(|v| (p(v).0.to_bits(), p(v).1.to_bits())).collect();
            k.sort();
            k
        };
        let want: BTreeSet<_> = triangles.iter().map(|t| key(t.to_vec(), &|v| pts[v])).collect();
        let got: BTreeSet<_> = cells.iter().map(|c| {
            let q = d.points();
            key(c.vertices(&g), &|v| (q[v].x, q[v].y))
        }).collect();
        prop_assert_eq!(got, want);
    }

    #[test]
    fn euler_formula_on_random_plane_graphs(seeds in points_strategy(), removed in prop::collection::vec(any::<bool>(), 200)) {
        let Triangulation { points: pts, edges, .. } = triangulate(&seeds);
        let kept: Vec<(usize, usize)> = edges.iter().enumerate().filter(|(i, _)| !removed[i % removed.len()]).map(|(_, &e)| e).collect();
        prop_assume!(!kept.is_empty());
        let (g, d) = subgraph(&pts, &kept);
        let plane = d.plane_graph(g.clone()).unwrap();
        let components = petgraph::algo::connected_components(g.petgraph());
        let faces = plane.cell_list().len() + 1;
        // V - E + F = 1 + C, the outer face counted once.
        prop_assert_eq!(g.vertex_count() + faces, g.edge_count() + 1 + components);
        for c in plane.cell_list() {
            prop_assert!(c.len() >= 3);
        }
    }
}

#[test]
fn nested_and_pendant_parts_keep_the_enclosing_cycle() {
    let square = [(0.0, 0.0), (4.0, 0.0), (4.0, 4.0), (0.0, 4.0)];
    let ring = [(0, 1), (1, 2), (2, 3), (3, 0)];
    let with = |extra_points: &[(f64, f64)], extra_edges: &[(usize, usize)]| {
        let pts: Vec<_> = square.iter().chain(extra_points).copied().collect();
        let edges: Vec<_> = ring.iter().chain(extra_edges).copied().collect();
        edge_sets(&traced(&edges, &pts).unwrap())
    };
    let sets = |list: &[&[EdgeId]]| list.iter().map(|s| s.to_vec()).collect::<EdgeSets>();
    let inner = [(1.0, 1.0), (2.0, 1.0), (1.0, 2.0)];
    // A triangle inside, apart from the square: two cells.
    assert_eq!(with(&inner, &[(4, 5), (5, 6), (6, 4)]), sets(&[&[0, 1, 2, 3], &[4, 5, 6]]));
    // The same triangle tied to the square by a bridge: the bridge is in no cell.
    assert_eq!(with(&inner, &[(4, 5), (5, 6), (6, 4), (0, 4)]), sets(&[&[0, 1, 2, 3], &[4, 5, 6]]));
    // A triangle hanging from corner 0 inside the square.
    assert_eq!(with(&inner[1..], &[(0, 4), (4, 5), (5, 0)]), sets(&[&[0, 1, 2, 3], &[4, 5, 6]]));
    // A pendant path inside, and one outside.
    assert_eq!(with(&[(1.0, 1.0), (2.0, 1.5), (5.0, 5.0)], &[(0, 4), (4, 5), (2, 6)]), sets(&[&[0, 1, 2, 3]]));
    // A chord splits the square.
    assert_eq!(with(&[], &[(0, 2)]), sets(&[&[0, 1, 4], &[2, 3, 4]]));
    // A tree has no cell; two triangles side by side have one each.
    assert!(traced(&[(0, 1), (1, 2), (1, 3)], &[(0.0, 0.0), (1.0, 0.0), (2.0, 0.0), (1.0, 1.0)]).unwrap().is_empty());
    let two = traced(
        &[(0, 1), (1, 2), (2, 0), (3, 4), (4, 5), (5, 3)],
        &[(0.0, 0.0), (1.0, 0.0), (0.0, 1.0), (5.0, 0.0), (6.0, 0.0), (5.0, 1.0)],
    )
    .unwrap();
    assert_eq!(edge_sets(&two), sets(&[&[0, 1, 2], &[3, 4, 5]]));
}

#[test]
fn isolated_vertices_have_no_face() {
    // Found by fuzzing (fuzz/corpus/drawing): vertex 1, on no edge, has no
    // dart for the outer face of its component, and tracing panicked.
    let cells = traced(&[(0, 2), (2, 3), (3, 0)], &[(0.0, 0.0), (9.0, 9.0), (1.0, 0.0), (0.0, 1.0)]).unwrap();
    assert_eq!(edge_sets(&cells), EdgeSets::from([vec![0, 1, 2]]));
    assert!(traced(&[(0, 2)], &[(0.0, 0.0), (5.0, 0.0), (1.0, 0.0)]).unwrap().is_empty());
}

#[test]
fn traced_cells_run_counterclockwise() {
    // Triangle 0(0,0) 1(1,0) 2(0,1): counterclockwise is 0 -> 1 -> 2.
    let cells = traced(&[(0, 1), (1, 2), (2, 0)], &[(0.0, 0.0), (1.0, 0.0), (0.0, 1.0)]).unwrap();
    assert_eq!(cells, vec![Cell::new(vec![Step::new(0, true), Step::new(1, true), Step::new(2, true)])]);
    let mirrored = traced(&[(0, 1), (1, 2), (2, 0)], &[(0.0, 0.0), (-1.0, 0.0), (0.0, 1.0)]).unwrap();
    assert_eq!(mirrored, vec![Cell::new(vec![Step::new(0, false), Step::new(2, false), Step::new(1, false)])]);
}

#[test]
fn crossing_drawings_are_refused_naming_the_edges() {
    let unit = [(0.0, 0.0), (1.0, 0.0), (1.0, 1.0), (0.0, 1.0)];
    // The square with both diagonals: edges 4 (0-2) and 5 (1-3) cross.
    let err = traced(&[(0, 1), (1, 2), (2, 3), (3, 0), (0, 2), (1, 3)], &unit).unwrap_err();
    assert!(matches!(err, DrawingError::Cross { .. }), "{err}");
    assert_eq!(err.edges(), Some((4, 5)));
    assert_eq!(err.to_string(), "edge 4 (0-2) and edge 5 (1-3) cross; a plane drawing has no crossing edges");
    // Two edges from vertex 1 along one ray.
    let err = traced(&[(0, 1), (1, 2)], &[(0.0, 0.0), (2.0, 0.0), (1.0, 0.0)]).unwrap_err();
    assert!(matches!(err, DrawingError::Overlap { .. }) && err.edges() == Some((0, 1)), "{err}");
    // Collinear edges without a common vertex.
    let err = traced(&[(0, 1), (2, 3)], &[(0.0, 0.0), (2.0, 0.0), (1.0, 0.0), (3.0, 0.0)]).unwrap_err();
    assert!(matches!(err, DrawingError::Overlap { .. }) && err.edges() == Some((0, 1)), "{err}");
    // Vertex 2 lies inside edge 0.
    let err = traced(&[(0, 1), (2, 3)], &[(0.0, 0.0), (2.0, 0.0), (1.0, 0.0), (1.0, 1.0)]).unwrap_err();
    assert!(matches!(err, DrawingError::VertexOnEdge { vertex: 2, .. }), "{err}");
    assert_eq!(err.edges(), Some((1, 0)));
    // Two vertices at one point.
    let err = traced(&[(0, 1), (2, 3)], &[(0.0, 0.0), (2.0, 0.0), (0.0, 0.0), (1.0, 1.0)]).unwrap_err();
    assert_eq!(err, DrawingError::SamePoint { u: 0, v: 2 });
    // Several crossings: the pair with the smallest numbers is named.
    let err = traced(
        &[(0, 1), (2, 3), (4, 5), (6, 7)],
        &[(0.0, 0.0), (9.0, 9.0), (0.0, 9.0), (9.0, 0.0), (4.0, 0.0), (5.0, 9.0), (0.0, 5.0), (9.0, 4.0)],
    )
    .unwrap_err();
    assert_eq!(err.edges(), Some((0, 1)));
    let g = Graph::from_edges(&[(0, 1)]).unwrap();
    assert_eq!(drawing(&[(0.0, 0.0)]).check(&g), Err(DrawingError::WrongVertexCount { points: 1, vertices: 2 }));
}

/// The reference: closed integer segments meet (anywhere) by exact integer arithmetic.
fn int_segments_meet(p: [(i64, i64); 2], q: [(i64, i64); 2]) -> bool {
    let cross =
        |o: (i64, i64), a: (i64, i64), b: (i64, i64)| ((a.0 - o.0) * (b.1 - o.1) - (a.1 - o.1) * (b.0 - o.0)).signum();
    let on = |a: (i64, i64), b: (i64, i64), c: (i64, i64)| {
        cross(a, b, c) == 0 && a.0.min(b.0) <= c.0 && c.0 <= a.0.max(b.0) && a.1.min(b.1) <= c.1 && c.1 <= a.1.max(b.1)
    };
    let (d1, d2, d3, d4) =
        (cross(q[0], q[1], p[0]), cross(q[0], q[1], p[1]), cross(p[0], p[1], q[0]), cross(p[0], p[1], q[1]));
    (d1 * d2 < 0 && d3 * d4 < 0)
        || on(q[0], q[1], p[0])
        || on(q[0], q[1], p[1])
        || on(p[0], p[1], q[0])
        || on(p[0], p[1], q[1])
}

proptest! {
    #[test]
    fn segment_meetings_match_integer_arithmetic(c in prop::collection::vec((0i64..5, 0i64..5), 4)) {
        let (p, q) = ([c[0], c[1]], [c[2], c[3]]);
        let distinct = c.iter().collect::<BTreeSet<_>>().len() == 4;
        prop_assume!(distinct);
        let pt = |a: (i64, i64)| Point::new(a.0 as f64, a.1 as f64);
        let got = meeting([pt(p[0]), pt(p[1])], [pt(q[0]), pt(q[1])], None);
        prop_assert_eq!(got != Meeting::Apart, int_segments_meet(p, q));
        // Sharing an endpoint: they meet elsewhere exactly when the other ends lie on one ray.
        let r = [p[0], q[1]];
        let same_ray = {
            let (a, b) = ((p[1].0 - p[0].0, p[1].1 - p[0].1), (q[1].0 - p[0].0, q[1].1 - p[0].1));
            a.0 * b.1 == a.1 * b.0 && a.0 * b.0 + a.1 * b.1 > 0
        };
        let shared = meeting([pt(p[0]), pt(p[1])], [pt(r[0]), pt(r[1])], Some((0, 0)));
        prop_assert_eq!(shared == Meeting::Overlap, same_ray);
    }

    #[test]
    fn the_sweep_names_the_smallest_meeting_pair(c in prop::collection::vec((0i32..6, 0i32..6), 4..14)) {
        let mut pts: Vec<(i32, i32)> = c.clone();
        pts.sort();
        pts.dedup();
        prop_assume!(pts.len() >= 4);
        let n = pts.len();
        let edges: Vec<(usize, usize)> = (0..n / 2).map(|i| (2 * i, 2 * i + 1)).collect();
        let g = Graph::from_edges(&edges).unwrap();
        let d = drawing(&pts[..2 * (n / 2)].iter().map(|&(x, y)| (x as f64, y as f64)).collect::<Vec<_>>());
        let pt = |v: usize| d.point(v);
        let mut want = None;
        'outer: for e in 0..edges.len() {
            for f in e + 1..edges.len() {
                let (a, b) = (edges[e], edges[f]);
                if meeting([pt(a.0), pt(a.1)], [pt(b.0), pt(b.1)], None) != Meeting::Apart {
                    want = Some((e, f));
                    break 'outer;
                }
            }
        }
        prop_assert_eq!(d.check(&g).err().and_then(|e| e.edges()).map(|(a, b)| (a.min(b), a.max(b))), want);
    }
}

#[test]
fn positions_parse_and_round_trip() {
    let d = Drawing::parse("0:0,0; 2: 0.5 , 1e-3\n1:-1.25,3", 3).unwrap();
    assert_eq!(d.points()[2], Point::new(0.5, 0.001));
    assert_eq!(Drawing::parse(&d.to_text(), 3).unwrap(), d);
    let err = |t: &str| Drawing::parse(t, 3).unwrap_err();
    assert!(matches!(err("0:0;1:1,0;2:2,0"), DrawingError::Syntax { entry } if entry == "0:0"));
    assert!(matches!(err("0:0,0;1:1,0;2:x,0"), DrawingError::Syntax { .. }));
    assert_eq!(err("0:0,0;1:1,0;3:2,0"), DrawingError::UnknownVertex { vertex: 3, vertex_count: 3 });
    assert_eq!(err("0:0,0;1:1,0;1:2,0"), DrawingError::RepeatedVertex { vertex: 1 });
    assert_eq!(err("0:0,0;2:1,0"), DrawingError::MissingVertex { vertex: 1 });
    for bad in ["inf", "NaN", "1e101", "-1e-101"] {
        let e = err(&format!("0:0,0;1:1,{bad};2:2,0"));
        assert!(matches!(e, DrawingError::BadCoordinate { vertex: 1, .. }), "{bad}: {e}");
    }
    assert!(Drawing::parse("0:1e100,-1e-100;1:0,0;2:1,1", 3).is_ok());
    for e in [err("0:0"), err("0:0,0;2:1,0"), err("0:0,0;1:1,inf;2:2,0")] {
        let m = e.to_string();
        assert!(!m.contains('\n') && !m.contains("--"), "{m}");
    }
}
