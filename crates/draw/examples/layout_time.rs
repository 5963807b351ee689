//! Times the layout and the SVG of some large graphs:
//! `cargo run --release -p arrows-draw --example layout_time`.

use arrows_core::{Decoration, Graph, families};
use arrows_draw::{Layout, Picture};
use std::time::Instant;

/// A connected graph on `n` vertices with `m` edges: a random tree plus random edges (a fixed generator).
fn random_graph(n: usize, m: usize, mut seed: u64) -> Graph {
    let mut next = |k: usize| {
        seed = seed.wrapping_mul(6364136223846793005).wrapping_add(1442695040888963407);
        ((seed >> 33) as usize) % k
    };
    let mut edges: Vec<(usize, usize)> = (1..n).map(|v| (next(v), v)).collect();
    let mut seen: std::collections::HashSet<(usize, usize)> = edges.iter().copied().collect();
    while edges.len() < m {
        let (a, b) = (next(n), next(n));
        if a != b && !seen.contains(&(a, b)) && !seen.contains(&(b, a)) {
            seen.insert((a, b));
            edges.push((a, b));
        }
    }
    Graph::from_edges(&edges).expect("a simple graph")
}

fn main() {
    let graphs = [
        ("spider, 30 legs of 10 (300 edges)", families::spider(&[10; 30]).unwrap()),
        ("spider, 3 legs of 3333 (9999 edges)", families::spider(&[3333; 3]).unwrap()),
        ("random tree, 300 edges", random_graph(301, 300, 3)),
        ("random graph, 120 vertices, 200 edges", random_graph(120, 200, 5)),
        ("random graph, 400 vertices, 600 edges", random_graph(400, 600, 7)),
        ("random graph, 500 vertices, 750 edges", random_graph(500, 750, 9)),
    ];
    for (name, graph) in graphs {
        let started = Instant::now();
        let layout = Layout::of(&graph, None).expect("a layout");
        let laid = started.elapsed();
        let clearance = layout.clearance(&graph);
        let started = Instant::now();
        let svg = Picture::new(graph.clone(), Decoration::empty(graph.edge_count())).svg().expect("an SVG");
        println!(
            "{name:<42} {:?} layout in {laid:.1?}, SVG (layout included) in {:.1?}, {} KB; least vertex distance {:.2}, edge clearance {:.2}",
            layout.method(),
            started.elapsed(),
            svg.len() / 1000,
            clearance.vertex_distance,
            clearance.edge_clearance
        );
    }
}
