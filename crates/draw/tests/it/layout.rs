//! Layouts on many graphs: no two vertices overlap, no vertex lies on an
//! edge it is not an end of, and each shape is laid out as promised
//! (spiders radially, paths in a line, trees in layers).
//!
//! `ARROWS_DRAW_GRAPHS` raises the number of random graphs (default 150).

use arrows_core::plane::{Point, families as plane};
use arrows_core::shape::Spider;
use arrows_core::{Graph, families};
use arrows_draw::layout::{MIN_EDGE_CLEARANCE, MIN_VERTEX_DISTANCE};
use arrows_draw::{Layout, Method};

/// The project's one seeded generator (`arrows_loopy::rng`).
struct Rng(arrows_loopy::rng::SeededRng);

impl Rng {
    fn new(seed: u64) -> Rng {
        Rng(arrows_loopy::rng::seeded(seed))
    }

    fn below(&mut self, n: usize) -> usize {
        use arrows_loopy::rng::rand::RngExt as _;
        self.0.random_range(0..n)
    }
}

fn random_graphs() -> usize {
    std::env::var("ARROWS_DRAW_GRAPHS").ok().and_then(|v| v.parse().ok()).unwrap_or(150)
}

/// A graph on `n` vertices with about `m` random edges (not always connected).
fn random_graph(rng: &mut Rng, n: usize, m: usize) -> Graph {
    let mut edges = Vec::new();
    for _ in 0..4 * m {
        if edges.len() == m {
            break;
        }
        let (a, b) = (rng.below(n), rng.below(n));
        if a != b && !edges.iter().any(|&(x, y)| (x, y) == (a, b) || (x, y) == (b, a)) {
            edges.push((a, b));
        }
    }
    Graph::new(n, &edges).unwrap()
}

/// A random tree on `n` vertices.
fn random_tree(rng: &mut Rng, n: usize) -> Graph {
    let edges: Vec<(usize, usize)> = (1..n).map(|v| (rng.below(v), v)).collect();
    Graph::new(n, &edges).unwrap()
}

/// The least distances, compared with every pair (not the layout's own measure).
fn assert_clear(graph: &Graph, layout: &Layout, what: &str) {
    let p = layout.points();
    assert_eq!(p.len(), graph.vertex_count(), "{what}");
    let d = |a: Point, b: Point| (a.x - b.x).hypot(a.y - b.y);
    for u in 0..p.len() {
        assert!(p[u].x.is_finite() && p[u].y.is_finite(), "{what}: vertex {u} at {:?}", p[u]);
        for v in u + 1..p.len() {
            assert!(d(p[u], p[v]) >= MIN_VERTEX_DISTANCE, "{what}: vertices {u} and {v} {} apart", d(p[u], p[v]));
        }
        for &(a, b) in graph.edges() {
            if u == a || u == b {
                continue;
            }
            let (dx, dy) = (p[b].x - p[a].x, p[b].y - p[a].y);
            let t = (((p[u].x - p[a].x) * dx + (p[u].y - p[a].y) * dy) / (dx * dx + dy * dy)).clamp(0.0, 1.0);
            let q = Point::new(p[a].x + t * dx, p[a].y + t * dy);
            assert!(d(p[u], q) >= MIN_EDGE_CLEARANCE, "{what}: vertex {u} {} from edge {a}-{b}", d(p[u], q));
        }
    }
    let c = layout.clearance(graph);
    assert!(c.vertex_distance >= MIN_VERTEX_DISTANCE && c.edge_clearance >= MIN_EDGE_CLEARANCE, "{what}: {c:?}");
}

#[test]
fn random_graphs_with_cycles_keep_vertices_apart_and_off_edges() {
    let mut rng = Rng::new(1);
    for i in 0..random_graphs() {
        let n = 3 + rng.below(30);
        let m = n - 1 + rng.below(2 * n);
        let graph = random_graph(&mut rng, n, m);
        let layout = Layout::of(&graph, None).unwrap();
        assert_clear(&graph, &layout, &format!("random graph {i} ({n} vertices, {} edges)", graph.edge_count()));
    }
}

#[test]
fn random_trees_are_layered_and_clear() {
    let mut rng = Rng::new(2);
    for i in 0..random_graphs() {
        let n = 2 + rng.below(60);
        let graph = random_tree(&mut rng, n);
        let layout = Layout::of(&graph, None).unwrap();
        assert_clear(&graph, &layout, &format!("random tree {i}"));
        if layout.method() == Method::Tree {
            // Each edge joins two consecutive layers.
            let p = layout.points();
            let mut levels: Vec<f64> = p.iter().map(|q| q.y).collect();
            levels.sort_by(f64::total_cmp);
            levels.dedup();
            let level = |y: f64| levels.iter().position(|&l| l == y).unwrap();
            for &(a, b) in graph.edges() {
                assert_eq!(level(p[a].y).abs_diff(level(p[b].y)), 1, "tree {i}: edge {a}-{b}");
            }
        }
    }
}

#[test]
fn spiders_are_drawn_radially_with_straight_legs() {
    for legs in [&[4, 6, 8][..], &[1, 1, 1], &[3, 3, 3, 3, 3, 3, 3, 3, 3, 3], &[1; 40], &[5, 0, 2, 7], &[2; 150]] {
        let graph = families::spider(legs).unwrap();
        let layout = Layout::of(&graph, None).unwrap();
        assert_eq!(layout.method(), Method::Spider, "{legs:?}");
        assert_clear(&graph, &layout, &format!("spider {legs:?}"));
        let spider = Spider::recognize(&graph).unwrap();
        let p = layout.points();
        let hub = p[spider.hub];
        for leg in &spider.legs {
            // Every vertex of a leg on one ray from the hub, farther out in order.
            let first = p[leg.vertices[0]];
            let angle = (first.y - hub.y).atan2(first.x - hub.x);
            let mut last = 0.0;
            for &v in &leg.vertices {
                let (dx, dy) = (p[v].x - hub.x, p[v].y - hub.y);
                assert!((dy.atan2(dx) - angle).abs() < 1e-9, "{legs:?}: vertex {v} off its ray");
                assert!(dx.hypot(dy) > last, "{legs:?}: vertex {v} not farther out");
                last = dx.hypot(dy);
            }
        }
    }
}

#[test]
fn paths_lie_on_a_line_and_cycles_on_a_circle() {
    for n in [1, 2, 5, 40] {
        let graph = families::path(n).unwrap();
        let layout = Layout::of(&graph, None).unwrap();
        assert_eq!(layout.method(), Method::Path);
        assert!(layout.points().iter().all(|p| p.y == 0.0));
        assert_clear(&graph, &layout, &format!("P_{n}"));
    }
    for n in [3, 4, 17] {
        let graph = families::cycle(n).unwrap();
        let layout = Layout::of(&graph, None).unwrap();
        assert_eq!(layout.method(), Method::Cycle);
        let r: Vec<f64> = layout.points().iter().map(|p| p.x.hypot(p.y)).collect();
        assert!(r.iter().all(|x| (x - r[0]).abs() < 1e-9));
        assert_clear(&graph, &layout, &format!("C_{n}"));
    }
}

#[test]
fn caterpillars_brooms_and_forests_with_isolated_vertices_are_clear() {
    let graphs = [
        families::caterpillar(&[2, 0, 3, 1]).unwrap(),
        families::caterpillar(&[5; 12]).unwrap(),
        families::broom(4, 9).unwrap(),
        Graph::new(12, &[(0, 1), (1, 2), (3, 4), (4, 5), (4, 6), (4, 7), (8, 9), (9, 10), (10, 8)]).unwrap(),
        Graph::new(5, &[]).unwrap(),
    ];
    for (i, graph) in graphs.iter().enumerate() {
        let layout = Layout::of(graph, None).unwrap();
        assert_clear(graph, &layout, &format!("graph {i}"));
    }
}

#[test]
fn plane_graphs_from_their_cells_are_plane_and_clear() {
    let boards = [
        plane::k4(),
        plane::wheel(3).unwrap(),
        plane::wheel(9).unwrap(),
        plane::fan(6).unwrap(),
        plane::theta(2, 2, 3).unwrap(),
        plane::grid(4, 5).unwrap(),
        plane::ladder(6).unwrap(),
        plane::prism(7).unwrap(),
        plane::cycle(5).unwrap(),
    ];
    for board in boards {
        let layout = Layout::of(&board.graph, None).unwrap();
        assert_clear(&board.graph, &layout, &format!("{:?} from its cells", board.graph.edges()));
        // With its own drawing: the same points, scaled.
        let given = Layout::of(&board.graph, Some(&board.drawing)).unwrap();
        assert_eq!(given.method(), Method::Given);
        let (p, q) = (given.points(), board.drawing.points());
        let scale =
            |i: usize, j: usize| (p[i].x - p[j].x).hypot(p[i].y - p[j].y) / (q[i].x - q[j].x).hypot(q[i].y - q[j].y);
        let s = scale(0, 1);
        for j in 2..p.len() {
            assert!((scale(0, j) - s).abs() < 1e-9 * s);
        }
    }
}
