//! Writes a gallery of pictures (SVG and TikZ) into a folder, to look at:
//! `cargo run -p arrows-draw --example gallery -- DIR`.

use arrows_core::plane::families as plane;
use arrows_core::{Decoration, Graph, Position, Variant, families};
use arrows_draw::{Format, Picture};
use arrows_solve::canonical::decompose;
use arrows_work::{Budget, Control};
use std::path::Path;

/// The picture of a position with its components and winning moves.
fn analysed(graph: Graph, variant: Variant, state: &str, name: &str) -> Picture {
    let started = std::time::Instant::now();
    let d = Decoration::parse(&graph, state).expect("a state of the graph");
    let position = Position::new(&graph, variant, &d);
    let control = Control::new(Budget::bytes(1 << 30));
    let a = arrows_solve::analyze(position, arrows_solve::Engine::Canonical, &control).expect("an analysis");
    let components = decompose(position).into_iter().map(|c| c.graph_edges).collect();
    let title = format!(
        "{name} · {} · value {} · {} player wins",
        variant.title(),
        a.grundy.expect("no cycle cells here"),
        if a.first_player_wins() { "first" } else { "second" }
    );
    eprintln!("{name}: analysed in {:?}", started.elapsed());
    Picture::new(graph.clone(), d.clone())
        .with_components(components)
        .with_highlights(a.winning_moves)
        .with_title(title)
}

/// The picture of a position with its components only (for graphs too
/// large to analyse quickly).
fn coloured(graph: Graph, state: &str, name: &str) -> Picture {
    let d = Decoration::parse(&graph, state).expect("a state of the graph");
    let position = Position::new(&graph, Variant::Trimmed, &d);
    let components = decompose(position).into_iter().map(|c| c.graph_edges).collect();
    Picture::new(graph.clone(), d.clone()).with_components(components).with_title(name)
}

/// A random connected graph: a random tree plus random edges (a fixed generator).
fn random_graph(n: usize, m: usize, mut seed: u64) -> Graph {
    let mut next = |k: usize| {
        seed = seed.wrapping_mul(6364136223846793005).wrapping_add(1442695040888963407);
        ((seed >> 33) as usize) % k
    };
    let mut edges: Vec<(usize, usize)> = (1..n).map(|v| (next(v), v)).collect();
    while edges.len() < m {
        let (a, b) = (next(n), next(n));
        if a != b && !edges.iter().any(|&(x, y)| (x, y) == (a, b) || (x, y) == (b, a)) {
            edges.push((a, b));
        }
    }
    Graph::from_edges(&edges).expect("a simple graph")
}

fn main() {
    let dir = std::env::args().nth(1).unwrap_or_else(|| "gallery".into());
    std::fs::create_dir_all(&dir).expect("a folder");
    let k4 = plane::k4();
    let wheel = plane::wheel(6).unwrap();
    let mut pictures: Vec<(&str, Picture)> = vec![
        ("spider-4-6-8", analysed(families::spider(&[4, 6, 8]).unwrap(), Variant::Trimmed, "0>1", "S(4,6,8)")),
        (
            "spider-4-6-8-more",
            analysed(families::spider(&[4, 6, 8]).unwrap(), Variant::Trimmed, "0>1,3>2,5>0,9>10,14>13", "S(4,6,8)"),
        ),
        ("star-12", analysed(families::star(12).unwrap(), Variant::Trimmed, "0>1,2>0", "K_{1,12}")),
        (
            "tree",
            analysed(
                Graph::from_edges(&[
                    (0, 1),
                    (0, 2),
                    (0, 3),
                    (1, 4),
                    (1, 7),
                    (2, 5),
                    (3, 6),
                    (6, 8),
                    (6, 9),
                    (9, 10),
                    (4, 11),
                ])
                .unwrap(),
                Variant::Trimmed,
                "0>1,6>9",
                "a tree",
            ),
        ),
        ("path-9", analysed(families::path(9).unwrap(), Variant::Untrimmed, "2>3,5>4", "P_9")),
        ("caterpillar", analysed(families::caterpillar(&[2, 0, 3, 1]).unwrap(), Variant::Trimmed, "", "caterpillar")),
        ("random-9-12", analysed(random_graph(9, 12, 7), Variant::Trimmed, "0>1", "a random graph")),
        ("random-12-18", coloured(random_graph(12, 18, 7), "", "a random graph, 18 edges")),
        ("random-20-30", coloured(random_graph(20, 30, 11), "", "a random graph, 30 edges")),
        (
            "k5",
            analysed(
                Graph::from_edges(&[(0, 1), (0, 2), (0, 3), (0, 4), (1, 2), (1, 3), (1, 4), (2, 3), (2, 4), (3, 4)])
                    .unwrap(),
                Variant::Untrimmed,
                "",
                "K5",
            ),
        ),
        (
            "forest",
            analysed(
                Graph::from_edges(&[
                    (0, 1),
                    (1, 2),
                    (3, 4),
                    (4, 5),
                    (4, 6),
                    (4, 7),
                    (8, 9),
                    (9, 10),
                    (10, 8),
                    (10, 11),
                ])
                .unwrap(),
                Variant::Trimmed,
                "",
                "a forest",
            ),
        ),
        ("cycle-7", analysed(families::cycle(7).unwrap(), Variant::Untrimmed, "0>1", "C_7")),
    ];
    let d = Decoration::parse(&k4.graph, "1>2,2>3").unwrap();
    pictures.push((
        "k4-plane",
        Picture::new(k4.graph.clone(), d.clone()).with_drawing(k4.drawing.clone()).with_title("K4 as a plane graph"),
    ));
    pictures.push(("k4-tutte", Picture::new(k4.graph.clone(), d).with_title("K4 from its cells")));
    let d = Decoration::parse(&wheel.graph, "0>1,1>2,2>3,3>4,1>0")
        .unwrap_or_else(|_| Decoration::parse(&wheel.graph, "0>1,1>2,2>0,4>0,0>5").unwrap());
    pictures.push((
        "wheel-6",
        Picture::new(wheel.graph.clone(), d.clone()).with_drawing(wheel.drawing.clone()).with_title("wheel 6"),
    ));
    pictures.push(("wheel-6-tutte", Picture::new(wheel.graph.clone(), d).with_title("wheel 6 from its cells")));
    let grid = plane::grid(3, 4).unwrap();
    let d = Decoration::parse(&grid.graph, "0>1,1>5,5>4,4>0,6>7").unwrap();
    pictures.push((
        "grid-3-4",
        Picture::new(grid.graph.clone(), d).with_drawing(grid.drawing.clone()).with_title("grid 3 4"),
    ));
    let prism = plane::prism(5).unwrap();
    pictures.push((
        "prism-5-tutte",
        Picture::new(prism.graph.clone(), Decoration::empty(prism.graph.edge_count()))
            .with_title("prism 5 from its cells"),
    ));
    for (name, p) in &pictures {
        let started = std::time::Instant::now();
        for format in [Format::Svg, Format::Tikz, Format::Text] {
            let path = Path::new(&dir).join(format!("{name}.{}", format.extension()));
            std::fs::write(&path, p.render(format).expect("a picture")).expect("a file");
        }
        eprintln!("{name}: drawn in {:?}", started.elapsed());
    }
    println!("{} pictures in {dir}", pictures.len());
}
