//! What a drawing shows, read back from the SVG as XML and from the TikZ
//! and text as lines, and compared with the inputs: one element per edge,
//! every arrow with its head at its head vertex, every highlighted move,
//! every cell with its status.

use arrows_core::plane::{CellStatus, families as plane};
use arrows_core::{Arrow, Decoration, Graph, Position, Variant, families};
use arrows_draw::{BEGIN_MARKER, DrawError, END_MARKER, Format, Picture};
use arrows_solve::canonical::decompose;
use std::collections::{BTreeMap, BTreeSet};

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

/// A connected graph: a random tree on `n` vertices plus `extra` random edges.
fn random_graph(rng: &mut Rng, n: usize, extra: usize) -> Graph {
    let mut edges: Vec<(usize, usize)> = (1..n).map(|v| (rng.below(v), v)).collect();
    let mut tries = 0;
    while edges.len() < n - 1 + extra && tries < 100 * (extra + 1) {
        tries += 1;
        let (a, b) = (rng.below(n), rng.below(n));
        if a != b && !edges.iter().any(|&(x, y)| (x, y) == (a, b) || (x, y) == (b, a)) {
            edges.push((a, b));
        }
    }
    Graph::new(n, &edges).unwrap()
}

/// A random decoration: each edge unmarked, forward or backward.
fn random_state(rng: &mut Rng, graph: &Graph) -> Decoration {
    let mut d = Decoration::empty(graph.edge_count());
    for e in 0..graph.edge_count() {
        match rng.below(3) {
            0 => d.mark(e, true),
            1 => d.mark(e, false),
            _ => {}
        }
    }
    d
}

/// A picture of a random state, with its components and some moves highlighted.
fn random_picture(rng: &mut Rng, graph: Graph) -> (Picture, Vec<Arrow>) {
    let state = random_state(rng, &graph);
    let components = decompose(Position::new(&graph, Variant::Untrimmed, &state)).into_iter().map(|c| c.graph_edges);
    let mut moves = Vec::new();
    for e in state.unmarked_edges() {
        let (s, t) = graph.ends(e);
        match rng.below(4) {
            0 => moves.push(Arrow::new(s, t)),
            1 => moves.push(Arrow::new(t, s)),
            2 => moves.extend([Arrow::new(s, t), Arrow::new(t, s)]),
            _ => {}
        }
    }
    let picture = Picture::new(graph, state).with_components(components.collect()).with_highlights(moves.clone());
    (picture, moves)
}

fn number(node: roxmltree::Node, attribute: &str) -> f64 {
    node.attribute(attribute).unwrap_or_else(|| panic!("{attribute} on {node:?}")).parse().unwrap()
}

/// The points of a `points` attribute.
fn points(node: roxmltree::Node) -> Vec<(f64, f64)> {
    node.attribute("points")
        .unwrap()
        .split_whitespace()
        .map(|p| {
            let (x, y) = p.split_once(',').unwrap();
            (x.parse().unwrap(), y.parse().unwrap())
        })
        .collect()
}

fn distance(a: (f64, f64), b: (f64, f64)) -> f64 {
    (a.0 - b.0).hypot(a.1 - b.1)
}

/// Whether an arrow drawn with this head polygon (tip first) points from
/// `tail` to `head`: its tip is nearer the head's disc, and its tip lies
/// ahead of its base.
fn points_from_to(head_polygon: &[(f64, f64)], tail: (f64, f64), head: (f64, f64)) -> bool {
    let tip = head_polygon[0];
    let base = ((head_polygon[1].0 + head_polygon[2].0) / 2.0, (head_polygon[1].1 + head_polygon[2].1) / 2.0);
    let along = |p: (f64, f64)| (p.0 - tail.0) * (head.0 - tail.0) + (p.1 - tail.1) * (head.1 - tail.1);
    distance(tip, head) < distance(tip, tail) && along(tip) > along(base)
}

/// Checks an SVG against its picture's inputs.
fn check_svg(picture: &Picture, moves: &[Arrow]) {
    let svg = picture.svg().unwrap();
    let doc = roxmltree::Document::parse(&svg).unwrap_or_else(|e| panic!("not XML: {e}\n{svg}"));
    let root = doc.root_element();
    assert_eq!(root.tag_name().name(), "svg");
    assert!(root.attribute("viewBox").is_some());
    // No script, no external reference.
    assert!(doc.descendants().all(|n| n.tag_name().name() != "script" && n.attribute("href").is_none()));
    let graph = picture.graph();
    let state = picture.state();

    let mut centres = BTreeMap::new();
    for v in doc.descendants().filter(|n| n.attribute("data-vertex").is_some()) {
        let circle = v.children().find(|c| c.tag_name().name() == "circle").expect("a vertex has a disc");
        let label = v.children().find(|c| c.tag_name().name() == "text").expect("a vertex has a label");
        assert_eq!(label.text(), v.attribute("data-vertex"));
        let at = (number(circle, "cx"), number(circle, "cy"));
        assert!(centres.insert(v.attribute("data-vertex").unwrap().parse::<usize>().unwrap(), at).is_none());
    }
    assert_eq!(centres.len(), graph.vertex_count(), "one element per vertex");

    let edges: Vec<_> = doc.descendants().filter(|n| n.attribute("data-edge").is_some()).collect();
    let named: BTreeSet<String> = edges.iter().map(|n| n.attribute("data-edge").unwrap().to_string()).collect();
    let expected: BTreeSet<String> = graph.edges().iter().map(|&(s, t)| format!("{}-{}", s.min(t), s.max(t))).collect();
    assert_eq!(edges.len(), graph.edge_count(), "one element per edge");
    assert_eq!(named, expected);

    let mut drawn_moves = BTreeSet::new();
    for node in &edges {
        let (u, v) = node.attribute("data-edge").unwrap().split_once('-').unwrap();
        let (u, v): (usize, usize) = (u.parse().unwrap(), v.parse().unwrap());
        let e = graph.edge_between(u, v).unwrap();
        let heads: Vec<_> = node.children().filter(|c| c.attribute("class") == Some("head")).collect();
        match state.get(e) {
            Some(forward) => {
                let (s, t) = graph.ends(e);
                let (tail, head) = if forward { (s, t) } else { (t, s) };
                assert_eq!(node.attribute("data-arrow"), Some(format!("{tail}>{head}").as_str()));
                assert_eq!(heads.len(), 1, "an arrow has one head");
                assert!(points_from_to(&points(heads[0]), centres[&tail], centres[&head]), "arrow {tail}>{head}");
            }
            None => {
                assert!(heads.is_empty() && node.attribute("data-arrow").is_none(), "an unmarked edge has no head");
            }
        }
        for m in node.children().filter(|c| c.attribute("data-move").is_some()) {
            let (tail, head) = m.attribute("data-move").unwrap().split_once('>').unwrap();
            let (tail, head): (usize, usize) = (tail.parse().unwrap(), head.parse().unwrap());
            assert_eq!(graph.edge_between(tail, head), Some(e));
            let line = m.children().find(|c| c.tag_name().name() == "line").unwrap();
            assert!(line.attribute("stroke-dasharray").is_some(), "a move is dashed");
            let polygon = m.children().find(|c| c.tag_name().name() == "polygon").unwrap();
            assert!(points_from_to(&points(polygon), centres[&tail], centres[&head]), "move {tail}>{head}");
            drawn_moves.insert(Arrow::new(tail, head));
        }
    }
    assert_eq!(drawn_moves, moves.iter().copied().collect::<BTreeSet<_>>(), "every highlighted move, once");

    let cells: Vec<_> = doc.descendants().filter(|n| n.attribute("data-cell").is_some()).collect();
    match graph.cells() {
        None => assert!(cells.is_empty()),
        Some(given) => {
            assert_eq!(cells.len(), given.len(), "one shaded polygon per cell");
            for (node, cell) in cells.iter().zip(given.as_slice()) {
                let status = match cell.status(state) {
                    CellStatus::Completed(_) => "completed",
                    CellStatus::Dead => "dead",
                    CellStatus::Live { .. } => "live",
                };
                assert_eq!(node.attribute("data-cell-status"), Some(status));
                assert!(node.attribute("fill").is_some_and(|f| f != "none"));
                assert_eq!(points(*node).len(), cell.vertices(graph).len());
            }
        }
    }
}

/// Checks the TikZ document: one `\draw` per edge, one head per arrow,
/// one dashed line per move, the picture between the markers.
fn check_tikz(picture: &Picture, moves: &[Arrow]) {
    let doc = picture.tikz().unwrap();
    assert!(doc.starts_with("\\documentclass[tikz"));
    let begin = doc.find(BEGIN_MARKER).unwrap();
    let end = doc.find(END_MARKER).unwrap();
    let inner = &doc[begin + BEGIN_MARKER.len()..end];
    assert_eq!(inner.trim(), picture.tikz_picture().unwrap().trim());
    let m = picture.graph().edge_count();
    assert_eq!(inner.lines().filter(|l| l.contains("% edge ")).count(), m);
    let arrows = picture.state().len();
    let heads = inner.lines().filter(|l| l.starts_with("\\fill[arrowsInk]")).count();
    assert_eq!(heads, arrows);
    assert_eq!(inner.lines().filter(|l| l.contains("dash pattern")).count(), moves.len());
    assert_eq!(inner.matches('{').count(), inner.matches('}').count());
}

#[test]
fn random_states_on_random_graphs_are_drawn_as_given() {
    let mut rng = Rng::new(2024);
    for round in 0..40 {
        let n = 2 + rng.below(14);
        let graph = random_graph(&mut rng, n, round % 6);
        let (picture, moves) = random_picture(&mut rng, graph);
        check_svg(&picture, &moves);
        check_tikz(&picture, &moves);
    }
}

#[test]
fn spiders_trees_and_forests_are_drawn_as_given() {
    let mut rng = Rng::new(7);
    let graphs = [
        families::spider(&[4, 6, 8]).unwrap(),
        families::star(12).unwrap(),
        families::path(7).unwrap(),
        families::cycle(9).unwrap(),
        families::caterpillar(&[2, 0, 3, 1]).unwrap(),
        families::broom(3, 5).unwrap(),
        Graph::new(9, &[(0, 1), (1, 2), (3, 4), (4, 5), (4, 6), (4, 7)]).unwrap(),
    ];
    for graph in graphs {
        let (picture, moves) = random_picture(&mut rng, graph);
        check_svg(&picture, &moves);
        check_tikz(&picture, &moves);
    }
}

#[test]
fn plane_graphs_have_their_cells_shaded_with_and_without_their_drawing() {
    let mut rng = Rng::new(11);
    let boards = [
        plane::k4(),
        plane::wheel(6).unwrap(),
        plane::fan(5).unwrap(),
        plane::theta(1, 2, 3).unwrap(),
        plane::grid(3, 4).unwrap(),
        plane::ladder(4).unwrap(),
        plane::prism(5).unwrap(),
        plane::cycle(6).unwrap(),
    ];
    for board in boards {
        for with_drawing in [true, false] {
            let (picture, moves) = random_picture(&mut rng, board.graph.clone());
            let picture = if with_drawing { picture.with_drawing(board.drawing.clone()) } else { picture };
            check_svg(&picture, &moves);
            check_tikz(&picture, &moves);
        }
    }
}

#[test]
fn the_text_of_a_spider_is_one_line_per_leg_from_the_hub() {
    let graph = families::spider(&[3, 1, 2]).unwrap();
    // Legs 1-2-3, 4, 5-6; arrows 0>1, 3>2 and 5>0.
    let state = Decoration::parse(&graph, "0>1,3>2,5>0").unwrap();
    let text = Picture::new(graph, state).with_highlights(vec![Arrow::new(5, 6)]).text().unwrap();
    assert_eq!(text, "hub 0 ─▶ 1 ─ 2 ◀─ 3\nhub 0 ─ 4\nhub 0 ◀─ 5 ─ 6\nhighlighted 5>6\n");
}

#[test]
fn the_text_of_other_graphs_lists_arrows_and_components() {
    let graph = Graph::from_edges(&[(0, 1), (1, 2), (2, 0), (2, 3)]).unwrap();
    let state = Decoration::parse(&graph, "1>2").unwrap();
    let text = Picture::new(graph, state).with_components(vec![vec![0, 2], vec![3]]).text().unwrap();
    assert_eq!(text, "arrows      1 ─▶ 2\ncomponent 1 0 ─ 1, 0 ─ 2\ncomponent 2 2 ─ 3\n");
}

#[test]
fn every_format_comes_from_its_name() {
    for f in Format::ALL {
        assert_eq!(f.as_str().parse::<Format>(), Ok(f));
    }
    assert!("png".parse::<Format>().unwrap_err().to_string().contains("svg, tikz and text"));
}

#[test]
fn inputs_that_do_not_fit_the_graph_are_refused_with_what_is_wrong() {
    let graph = families::path(3).unwrap();
    let state = Decoration::parse(&graph, "0>1").unwrap();
    let picture = || Picture::new(graph.clone(), state.clone());
    assert_eq!(
        Picture::new(graph.clone(), Decoration::empty(2)).svg().unwrap_err(),
        DrawError::StateEdgeCount { state: 2, graph: 3 }
    );
    assert_eq!(
        picture().with_components(vec![vec![1, 7]]).svg().unwrap_err(),
        DrawError::ComponentEdgeOutOfRange { component: 0, edge: 7, edge_count: 3 }
    );
    assert_eq!(
        picture().with_components(vec![vec![0]]).svg().unwrap_err(),
        DrawError::ComponentEdgeMarked { component: 0, edge: 0 }
    );
    assert_eq!(
        picture().with_components(vec![vec![1], vec![2, 1]]).text().unwrap_err(),
        DrawError::EdgeInTwoComponents { edge: 1, first: 0, second: 1 }
    );
    assert_eq!(
        picture().with_highlights(vec![Arrow::new(0, 2)]).tikz().unwrap_err(),
        DrawError::HighlightNotOnEdge { arrow: Arrow::new(0, 2) }
    );
    assert_eq!(
        picture().with_highlights(vec![Arrow::new(1, 0)]).svg().unwrap_err(),
        DrawError::HighlightOnMarkedEdge { arrow: Arrow::new(1, 0) }
    );
    let wheel = plane::wheel(6).unwrap();
    assert_eq!(
        picture().with_drawing(wheel.drawing).svg().unwrap_err(),
        DrawError::DrawingVertexCount { points: 7, vertices: 4 }
    );
    let long = families::path(arrows_draw::layout::MAX_VERTICES).unwrap();
    let n = long.vertex_count();
    for format in Format::ALL {
        assert_eq!(
            Picture::new(long.clone(), Decoration::empty(n - 1)).render(format).unwrap_err(),
            DrawError::TooLarge { layout: "a picture", vertices: n, limit: arrows_draw::layout::MAX_VERTICES }
        );
    }
}

/// Labels take the place of vertex numbers in the discs (SVG and TikZ),
/// escaped, each disc wide enough for the widest; `data-vertex` keeps the
/// number; a label list of the wrong length is refused.
#[test]
fn labels_name_the_vertices() {
    let graph = arrows_core::Graph::from_edges(&[(0, 1), (1, 2)]).unwrap();
    let state = arrows_core::Decoration::empty(2);
    let labels = vec!["hub".to_string(), "a<b".to_string(), "x_1".to_string()];
    let picture = arrows_draw::Picture::new(graph.clone(), state.clone()).with_labels(labels);
    let svg = picture.svg().unwrap();
    assert!(svg.contains(">hub</text>") && svg.contains(">a&lt;b</text>"), "{svg}");
    assert!(svg.contains("data-vertex=\"0\""));
    let plain = arrows_draw::Picture::new(graph.clone(), state.clone()).svg().unwrap();
    let radius = |s: &str| s.split(" r=\"").nth(1).unwrap().split('"').next().unwrap().parse::<f64>().unwrap();
    assert!(radius(&svg) > radius(&plain), "three-letter labels get wider discs");
    let tikz = picture.tikz().unwrap();
    assert!(tikz.contains("{x\\_1}"), "{tikz}");
    let wrong = arrows_draw::Picture::new(graph, state).with_labels(vec!["a".into()]);
    assert!(matches!(wrong.svg(), Err(arrows_draw::DrawError::LabelCount { labels: 1, vertices: 3 })));
}
