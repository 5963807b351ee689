//! graph6 and sparse6 against an independent implementation (networkx's
//! vectors in tests/data), and round trips on random graphs.

use arrows_core::formats::{
    GraphLines, parse_edge_list, parse_graph_line, parse_graph6, parse_sparse6, to_graph6, to_sparse6,
};
use arrows_core::{Graph, families};
use proptest::prelude::*;

fn edge_set(g: &Graph) -> Vec<(usize, usize)> {
    let mut e: Vec<_> = g.edges().iter().map(|&(u, v)| (u.min(v), u.max(v))).collect();
    e.sort();
    e
}

#[test]
fn networkx_vectors() {
    let text = include_str!("../data/networkx_graph6.txt");
    let mut count = 0;
    for line in text.lines().filter(|l| !l.starts_with('#')) {
        let parts: Vec<&str> = line.split(' ').collect();
        let (g6, s6, edges) = (parts[0], parts[1], parts[2]);
        let want = edge_set(&parse_edge_list(edges).unwrap());
        let from_g6 = parse_graph6(g6).unwrap();
        let from_s6 = parse_sparse6(s6).unwrap();
        assert_eq!(edge_set(&from_g6), want, "{g6}");
        assert_eq!(edge_set(&from_s6), want, "{s6}");
        assert_eq!(to_graph6(&from_g6), g6);
        assert_eq!(to_sparse6(&from_s6), s6);
        count += 1;
    }
    assert_eq!(count, 60);
}

proptest! {
    #[test]
    fn round_trips(n in 2usize..80, seed in any::<u64>(), density in 1u64..10) {
        // A path through every vertex (no isolated vertex) plus random chords.
        let mut edges: Vec<(usize, usize)> = (1..n).map(|v| (v - 1, v)).collect();
        let mut x = seed;
        for u in 0..n {
            for v in u + 2..n {
                x = x.wrapping_mul(6364136223846793005).wrapping_add(1442695040888963407);
                if (x >> 33) % 10 < density {
                    edges.push((u, v));
                }
            }
        }
        let g = Graph::from_edges(&edges).unwrap();
        prop_assert_eq!(edge_set(&parse_graph6(&to_graph6(&g)).unwrap()), edge_set(&g));
        prop_assert_eq!(edge_set(&parse_sparse6(&to_sparse6(&g)).unwrap()), edge_set(&g));
    }

    /// Graphs with isolated vertices, or no edge at all, keep their vertex
    /// count and the numbers of their isolated vertices through both formats.
    #[test]
    fn isolated_vertices_round_trip(n in 1usize..80, seed in any::<u64>(), density in 0u64..4) {
        let mut edges: Vec<(usize, usize)> = Vec::new();
        let mut x = seed;
        for u in 0..n {
            for v in u + 1..n {
                x = x.wrapping_mul(6364136223846793005).wrapping_add(1442695040888963407);
                if (x >> 33) % 40 < density {
                    edges.push((u, v));
                }
            }
        }
        let g = Graph::new(n, &edges).unwrap();
        for back in [parse_graph6(&to_graph6(&g)).unwrap(), parse_sparse6(&to_sparse6(&g)).unwrap()] {
            prop_assert_eq!(back.vertex_count(), n);
            prop_assert_eq!(edge_set(&back), edge_set(&g));
            prop_assert_eq!(back.isolated_vertices(), g.isolated_vertices());
        }
    }

    #[test]
    fn garbage_never_panics(line in "[ -~]{0,40}") {
        let _ = parse_graph6(&line);
        let _ = parse_sparse6(&line);
        let _ = parse_edge_list(&line);
    }

    /// Any text, and any bytes as a stream, give graphs or errors, never a panic.
    #[test]
    fn any_text_or_bytes_never_panic(line in any::<String>(), bytes in prop::collection::vec(any::<u8>(), 0..200)) {
        let _ = parse_graph_line(&line);
        let _ = parse_edge_list(&line);
        for read in GraphLines::new(&bytes[..]) {
            let _ = read.map(|g| g.graph.edge_count());
        }
    }
}

#[test]
fn spiders_round_trip_through_both_formats() {
    for legs in [[1, 1, 1], [2, 3, 4], [10, 20, 30]] {
        let g = families::spider(&legs).unwrap();
        assert_eq!(edge_set(&parse_graph6(&to_graph6(&g)).unwrap()), edge_set(&g));
        assert_eq!(edge_set(&parse_sparse6(&to_sparse6(&g)).unwrap()), edge_set(&g));
    }
}
