//! Theorem 3.4, checked: the Game of Arrows on G is the Trimmed Game of
//! Arrows on trim(G). For every tree with at most 10 edges and for random
//! graphs with cycles, the Grundy values of the empty states agree, and the
//! arrow bijection of the trimming maps every dormant state of G (every
//! descendant of the empty state in the Game of Arrows) to a state of
//! trim(G), bijectively.

use crate::support::*;
use arrows_core::{Decoration, Graph, Position, Variant, trees::for_each_tree, trim};
use arrows_solve::BruteForce;
use std::collections::HashSet;

fn check(g: &Graph) {
    let t = trim(g);
    let empty_g = Decoration::empty(g.edge_count());
    let empty_t = Decoration::empty(t.graph.edge_count());
    let mut on_g = BruteForce::new(Position::new(g, Variant::Untrimmed, &empty_g), &control()).unwrap();
    let mut on_t = BruteForce::new(Position::trimmed(&t.graph, &empty_t), &control()).unwrap();
    assert_eq!(
        on_g.start_grundy().unwrap(),
        on_t.start_grundy().unwrap(),
        "Grundy values differ for G = {} and trim(G) = {}",
        g.edge_list(),
        t.graph.edge_list()
    );
    // Every dormant descendant maps to a state; the images are distinct and
    // are exactly the states reachable in trim(G).
    let mut images = HashSet::new();
    on_g.for_each_solved(|d, _| {
        let image = t.from_original(d).expect("dormant states never mark a leaf edge");
        assert!(
            Variant::Trimmed.is_state(&t.graph, &image),
            "the dormant state \"{}\" of {} maps to a non-state",
            d.display(g),
            g.edge_list()
        );
        assert_eq!(t.to_original(&image), *d);
        images.insert(image);
    });
    let mut reachable = HashSet::new();
    on_t.for_each_solved(|d, _| {
        reachable.insert(d.clone());
    });
    assert_eq!(images, reachable, "the bijection is not onto for {}", g.edge_list());
}

#[test]
fn every_tree_with_at_most_10_edges() {
    let mut count = 0;
    for m in 1..=10 {
        for_each_tree(m, |g| {
            check(&g);
            count += 1;
        });
    }
    assert_eq!(count, 1 + 1 + 2 + 3 + 6 + 11 + 23 + 47 + 106 + 235);
}

#[test]
fn random_graphs_with_cycles() {
    let mut rng = crate::support::Rng::new(3_4);
    for _ in 0..150 {
        let n = 3 + rng.below(9);
        let max_m = (n * (n - 1) / 2).min(12);
        if max_m < n {
            continue;
        }
        let m = n + rng.below(max_m - n + 1);
        let g = random_connected(&mut rng, n, m);
        check(&g);
    }
}

#[test]
fn remark_every_graph_is_a_trimming() {
    // G-hat: G with one pendant edge added at each leaf; trim(G-hat) is G
    // (compared through the Game: same Grundy values from the empty state,
    // and the same numbers of vertices and edges).
    let mut rng = crate::support::Rng::new(0x3_4_1);
    for _ in 0..60 {
        let n = 3 + rng.below(6);
        let m = n - 1 + rng.below(3).min(n * (n - 1) / 2 - (n - 1));
        let g = random_connected(&mut rng, n, m);
        let mut edges = g.edges().to_vec();
        edges.extend(g.leaves().into_iter().zip(g.vertex_count()..));
        let hat = Graph::from_edges(&edges).unwrap();
        let t = trim(&hat);
        assert_eq!((t.graph.vertex_count(), t.graph.edge_count()), (g.vertex_count(), g.edge_count()));
        // The map back to G is the identity on edges: trim(G-hat) is G itself.
        for (j, &e) in t.edge_origin.iter().enumerate() {
            let (s, u) = t.graph.ends(j);
            assert_eq!((t.origin[s], t.origin[u]), hat.ends(e));
            assert!(e < g.edge_count());
        }
    }
}
