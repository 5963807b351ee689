//! The canonical engine's up-front memo estimate against the memo it
//! really fills, per family: the tables' families (spiders, brooms,
//! caterpillars), seeded random trees and graphs, cycles with chords and
//! complete graphs. Each family has the factor bounds measured for it (see
//! the module documentation of `arrows_solve::canonical::estimate`).
//!
//! Sizes are kept small for CI; `ARROWS_ESTIMATE_DEPTH=2` (or more) adds
//! larger members, and `--nocapture` prints the table.

use arrows_core::{Decoration, Graph, Position, families};
use arrows_solve::canonical::{CanonicalEngine, Grundy};
use arrows_work::{Budget, Control};

/// A seeded generator (SplitMix64), so every run measures the same graphs.
struct Rng(u64);

impl Rng {
    fn next(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    }

    fn below(&mut self, n: usize) -> usize {
        (self.next() % n as u64) as usize
    }

    fn chance(&mut self, p: f64) -> bool {
        (self.next() >> 11) as f64 / (1u64 << 53) as f64 <= p
    }
}

/// A random recursive tree: vertex `v` joins a uniform earlier vertex.
fn random_tree(rng: &mut Rng, edges: usize) -> Graph {
    let e: Vec<(usize, usize)> = (1..=edges).map(|v| (rng.below(v), v)).collect();
    Graph::from_edges(&e).unwrap()
}

/// The Erdős–Rényi graph G(n, p).
fn gnp(rng: &mut Rng, n: usize, p: f64) -> Graph {
    let mut e = Vec::new();
    for u in 0..n {
        for v in u + 1..n {
            if rng.chance(p) {
                e.push((u, v));
            }
        }
    }
    Graph::new(n, &e).unwrap()
}

fn complete(n: usize, less: usize) -> Graph {
    let mut e = Vec::new();
    for u in 0..n {
        for v in u + 1..n {
            e.push((u, v));
        }
    }
    Graph::new(n, &e[less..]).unwrap()
}

/// The cycle `C_n` with chords from `5c` to `5c + n/2 + c`.
fn chorded_cycle(n: usize, chords: usize) -> Graph {
    let mut e: Vec<(usize, usize)> = (0..n).map(|i| (i, (i + 1) % n)).collect();
    for c in 0..chords {
        let a = (c * 5) % n;
        e.push((a, (a + n / 2 + c) % n));
    }
    Graph::new(n, &e).unwrap()
}

fn depth() -> usize {
    std::env::var("ARROWS_ESTIMATE_DEPTH").ok().and_then(|d| d.parse().ok()).unwrap_or(1)
}

/// Estimate over memo for one graph's empty state, or `None` when the memo
/// stays empty (every component valued by a closed form).
fn factor(g: &Graph) -> Option<(u64, u64)> {
    let d = Decoration::empty(g.edge_count());
    let p = Position::trimmed(g, &d);
    let mut e = CanonicalEngine::<Grundy>::new();
    let estimate = e.estimate(p);
    e.state_value(p, &Control::new(Budget::bytes(u64::MAX))).unwrap();
    (e.memo_bytes() > 0).then(|| (estimate, e.memo_bytes()))
}

/// Checks every graph of a family against `[low, high]` and prints its factors.
fn family(name: &str, graphs: Vec<(String, Graph)>, low: f64, high: f64) {
    let mut failures = Vec::new();
    for (member, g) in graphs {
        let Some((estimate, memo)) = factor(&g) else { continue };
        let f = estimate as f64 / memo as f64;
        println!("{name:<16} {member:<28} memo {memo:>10} estimate {estimate:>12} factor {f:>7.2}");
        if !(low..=high).contains(&f) {
            failures.push(format!("{member}: estimate {estimate}, memo {memo}, factor {f:.2}"));
        }
    }
    assert!(failures.is_empty(), "{name}: factors outside [{low}, {high}]:\n{}", failures.join("\n"));
}

#[test]
fn spiders_brooms_and_stars_within_a_factor_of_4() {
    let mut graphs = Vec::new();
    for legs in [vec![10, 20, 30], vec![5, 5, 5, 5, 5], vec![1; 40], vec![3, 4, 5, 6, 7, 8]] {
        graphs.push((format!("S{legs:?}"), families::spider(&legs).unwrap()));
    }
    for (h, b) in [(5, 5), (20, 10), (10 * depth(), 3 * depth())] {
        graphs.push((format!("broom({h}, {b})"), families::broom(h, b).unwrap()));
    }
    family("spider-shaped", graphs, 1.0, 4.0);
}

#[test]
fn caterpillars_and_random_trees_within_a_factor_of_8() {
    let mut graphs = Vec::new();
    for leaves in [vec![1; 5], vec![2; 5], vec![1, 2, 3, 1, 2], vec![3, 1, 2, 1, 3]] {
        graphs.push((format!("caterpillar{leaves:?}"), families::caterpillar(&leaves).unwrap()));
    }
    if depth() >= 2 {
        graphs.push(("caterpillar[2; 7]".into(), families::caterpillar(&[2; 7]).unwrap()));
    }
    let mut rng = Rng(1);
    for edges in [8, 10, 12, 14].into_iter().chain((depth() >= 2).then_some(18)) {
        for i in 0..3 {
            graphs.push((format!("tree {edges} edges #{i}"), random_tree(&mut rng, edges)));
        }
    }
    family("trees", graphs, 1.0, 8.0);
}

/// Complete graphs within 6; less an edge, the symmetry estimate is looser
/// (K6 less an edge: 12.6; K8 less an edge: 1.35).
#[test]
fn complete_graphs_within_a_factor_of_16() {
    let mut graphs: Vec<(String, Graph)> = (4..=5 + depth()).map(|n| (format!("K{n}"), complete(n, 0))).collect();
    graphs.push(("K6 less an edge".into(), complete(6, 1)));
    family("complete", graphs, 1.0, 16.0);
}

/// Sparse graphs with cycles: every connected piece is counted at every
/// place it fits. Measured 1.3 to 6.8.
#[test]
fn sparse_graphs_with_cycles_within_a_factor_of_8() {
    let mut graphs = Vec::new();
    for (n, chords) in [(6, 1), (6, 2), (8, 1), (8, 2), (10, 1)] {
        graphs.push((format!("C{n} + {chords} chords"), chorded_cycle(n, chords)));
    }
    let mut rng = Rng(7);
    for (n, p) in [(8, 0.3), (12, 0.15), (16, 0.1), (20, 0.08)] {
        for i in 0..2 {
            graphs.push((format!("G({n}, {p}) #{i}"), gnp(&mut rng, n, p)));
        }
    }
    family("sparse cyclic", graphs, 1.0, 8.0);
}

/// Smaller, denser random graphs: many chords, and pieces counted at every
/// place they fit. Measured 1.7 to 29.
#[test]
fn denser_small_graphs_within_a_factor_of_32() {
    let mut graphs = Vec::new();
    let mut rng = Rng(99);
    for (n, p) in [(8, 0.3), (10, 0.25)] {
        for i in 0..5 {
            graphs.push((format!("G({n}, {p}) #{i}"), gnp(&mut rng, n, p)));
        }
    }
    family("denser", graphs, 1.0, 32.0);
}
