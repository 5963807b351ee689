//! Property tests of the core model: graph validation, the state rules of
//! both games, followers, and the flip. Each property is checked against a
//! second, direct reading of the definitions.

use crate::support::*;
use arrows_core::{Decoration, Graph, GraphError, Variant, VertexCount};
use proptest::prelude::*;

proptest! {
    #![proptest_config(ProptestConfig { cases: 400, ..ProptestConfig::default() })]

    /// Validation accepts exactly the simple graphs (edgeless ones too),
    /// keeps every vertex number 0..=max with the unused ones isolated, and
    /// names the first problem.
    #[test]
    fn validation(edges in prop::collection::vec((0usize..7, 0usize..7), 0..12)) {
        let result = Graph::from_edges(&edges);
        let n = edges.iter().map(|&(u, v)| u.max(v) + 1).max().unwrap_or(0);
        let has_loop = edges.iter().any(|&(u, v)| u == v);
        let mut seen = std::collections::HashSet::new();
        let repeats: Vec<bool> = edges.iter().map(|&(u, v)| !seen.insert((u.min(v), u.max(v)))).collect();
        let repeated = repeats.iter().any(|&r| r);
        // The first edge that is a loop or repeats an earlier one.
        let first_bad = (0..edges.len()).find(|&i| edges[i].0 == edges[i].1 || repeats[i]);
        let isolated: Vec<usize> = (0..n).filter(|&w| !edges.iter().any(|&(u, v)| u == w || v == w)).collect();
        match result {
            Ok(g) => {
                prop_assert!(!has_loop && !repeated);
                prop_assert_eq!(g.edge_count(), edges.len());
                prop_assert_eq!(g.vertex_count(), n);
                prop_assert_eq!(g.edges(), &edges[..]);
                prop_assert_eq!(g.isolated_vertices(), isolated.clone());
                prop_assert_eq!(g.isolated_count(), isolated.len());
                // An isolated vertex is never constrained, so never a sink or a source.
                for v in VARIANTS {
                    prop_assert!(isolated.iter().all(|&w| !v.is_constrained(&g, w)));
                }
            }
            Err(GraphError::SelfLoop { edge, .. }) => {
                prop_assert_eq!(Some(edge), first_bad);
                prop_assert!(edges[edge].0 == edges[edge].1);
            }
            Err(GraphError::RepeatedEdge { edge, .. }) => {
                prop_assert_eq!(Some(edge), first_bad);
                prop_assert!(repeats[edge]);
            }
            Err(e) => prop_assert!(false, "unexpected {e}"),
        }
    }

    /// A decoration is a state exactly when no constrained vertex has all its
    /// edges marked in one direction; the flip preserves states; followers
    /// add one arrow, are states, and are all such decorations; the followers
    /// of the flip are the flips of the followers.
    #[test]
    fn states_followers_and_flip(seed in any::<u64>(), n in 2usize..8, extra in 0usize..5) {
        let mut rng = crate::support::Rng::new(seed);
        let m = (n - 1 + extra).min(n * (n - 1) / 2);
        let g = random_connected(&mut rng, n, m);
        // Any decoration, state or not.
        let mut d = Decoration::empty(m);
        for e in 0..m {
            match rng.below(3) {
                0 => {}
                k => d.mark(e, k == 1),
            }
        }
        for v in VARIANTS {
            let direct = (0..n).all(|x| {
                let c = VertexCount::of(&g, &d, x);
                !v.is_constrained(&g, x) || c.unmarked > 0 || (c.ins > 0 && c.outs > 0)
            });
            prop_assert_eq!(v.is_state(&g, &d), direct);
            prop_assert_eq!(v.is_state(&g, &d.flip()), direct);
            if !direct {
                continue;
            }
            let followers = v.followers(&g, &d);
            let mut all = Vec::new();
            for e in d.unmarked_edges() {
                for fwd in [true, false] {
                    let mut f = d.clone();
                    f.mark(e, fwd);
                    if v.is_state(&g, &f) {
                        all.push(f);
                    }
                }
            }
            prop_assert_eq!(&followers, &all);
            let mut flipped: Vec<Decoration> = v.followers(&g, &d.flip());
            let mut expected: Vec<Decoration> = followers.iter().map(Decoration::flip).collect();
            flipped.sort_by_key(|x| format!("{x:?}"));
            expected.sort_by_key(|x| format!("{x:?}"));
            prop_assert_eq!(flipped, expected);
            prop_assert_eq!(v.is_terminal(&g, &d), followers.is_empty());
        }
    }

    /// Isolated vertices change nothing: the same graph with isolated
    /// vertices slipped into its numbering has the same states and the same
    /// moves, read through the renumbering, under both rule sets.
    #[test]
    fn isolated_vertices_change_nothing(seed in any::<u64>(), n in 2usize..7, extra in 0usize..3, gaps in 1usize..4) {
        let mut rng = crate::support::Rng::new(seed);
        let m = (n - 1 + extra).min(n * (n - 1) / 2);
        let g = random_connected(&mut rng, n, m);
        // Vertex v becomes place[v]; the numbers skipped are isolated vertices.
        let mut place = Vec::new();
        let mut next = 0;
        for _ in 0..n {
            next += rng.below(gaps + 1);
            place.push(next);
            next += 1;
        }
        let moved: Vec<(usize, usize)> = g.edges().iter().map(|&(u, v)| (place[u], place[v])).collect();
        let h = Graph::new(next + rng.below(gaps + 1), &moved).unwrap();
        prop_assert_eq!(h.isolated_count(), h.vertex_count() - n);
        let rename = |a: arrows_core::Arrow| arrows_core::Arrow::new(place[a.tail], place[a.head]);
        for v in VARIANTS {
            let d = random_state(&mut rng, &g, v, &Decoration::empty(m));
            // Edge i is edge i in both graphs, so the decoration carries over as it is.
            prop_assert_eq!(v.is_state(&h, &d), v.is_state(&g, &d));
            let want: Vec<_> = v.moves(&g, &d).into_iter().map(rename).collect();
            prop_assert_eq!(v.moves(&h, &d), want);
            prop_assert_eq!(v.is_terminal(&h, &d), v.is_terminal(&g, &d));
        }
    }

    /// Every dormant state is a state of the Trimmed Game of Arrows on the
    /// same graph (the untrimmed rules are stricter).
    #[test]
    fn dormant_states_are_states(seed in any::<u64>(), n in 2usize..8) {
        let mut rng = crate::support::Rng::new(seed);
        let g = random_connected(&mut rng, n, n - 1);
        let d = random_state(&mut rng, &g, Variant::Untrimmed, &Decoration::empty(n - 1));
        prop_assert!(Variant::Trimmed.is_state(&g, &d));
    }
}
