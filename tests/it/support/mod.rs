//! Shared helpers of the integration tests: graph enumerations, the
//! project's seeded random generator, and the binary run from the outside.

pub mod binary;
pub mod plane;

use arrows_core::{Decoration, Graph, Variant, families};
use arrows_loopy::rng::rand::RngExt as _;

/// A memory budget large enough for every test game.
pub const BUDGET: u64 = 4 << 30;

/// A control with [`BUDGET`], no progress reporting, never cancelled.
pub fn control() -> arrows_work::Control {
    arrows_work::Control::new(arrows_work::Budget::bytes(BUDGET))
}

/// The project's one seeded generator (see `arrows_loopy::rng`), with the
/// two draws the tests use.
pub struct Rng(arrows_loopy::rng::SeededRng);

impl Rng {
    /// The generator started from `seed`; the same seed gives the same sequence.
    pub fn new(seed: u64) -> Rng {
        Rng(arrows_loopy::rng::seeded(seed))
    }

    /// A number in `0..n`, uniformly.
    pub fn below(&mut self, n: usize) -> usize {
        self.0.random_range(0..n)
    }
}

/// Every multiset of at least `min_legs` positive leg lengths with sum at most `max_edges`.
pub fn spider_legs(max_edges: usize, min_legs: usize) -> Vec<Vec<usize>> {
    fn rec(left: usize, max_part: usize, cur: &mut Vec<usize>, out: &mut Vec<Vec<usize>>, min_legs: usize) {
        if cur.len() >= min_legs {
            out.push(cur.clone());
        }
        for part in 1..=max_part.min(left) {
            cur.push(part);
            rec(left - part, part, cur, out, min_legs);
            cur.pop();
        }
    }
    let mut out = Vec::new();
    rec(max_edges, max_edges, &mut Vec::new(), &mut out, min_legs);
    out
}

/// A random connected graph with `n` vertices and `m` edges (`n - 1 <= m`),
/// built as a random spanning tree plus random extra edges, so it has
/// `m - n + 1` independent cycles.
pub fn random_connected(rng: &mut Rng, n: usize, m: usize) -> Graph {
    assert!(n >= 2 && m >= n - 1 && m <= n * (n - 1) / 2);
    let mut edges: Vec<(usize, usize)> = (1..n).map(|v| (rng.below(v), v)).collect();
    while edges.len() < m {
        let (u, v) = (rng.below(n), rng.below(n));
        if u != v && !edges.iter().any(|&(a, b)| (a, b) == (u, v) || (a, b) == (v, u)) {
            edges.push((u, v));
        }
    }
    Graph::from_edges(&edges).expect("a simple graph without isolated vertices")
}

/// A random state: a random sequence of legal moves from `start`, of random length.
pub fn random_state(rng: &mut Rng, g: &Graph, v: Variant, start: &Decoration) -> Decoration {
    let mut d = start.clone();
    let steps = rng.below(g.edge_count() + 1);
    for _ in 0..steps {
        let moves = v.followers(g, &d);
        if moves.is_empty() {
            break;
        }
        d = moves[rng.below(moves.len())].clone();
    }
    d
}

/// The spider with these legs.
pub fn spider(legs: &[usize]) -> Graph {
    families::spider(legs).expect("valid legs")
}

/// Both rule sets.
pub const VARIANTS: [Variant; 2] = [Variant::Trimmed, Variant::Untrimmed];
