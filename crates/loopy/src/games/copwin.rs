//! Cops and robbers on an undirected graph, and cop-win graphs (*Games on
//! Arbitrary Graphs*).
//!
//! The cop chooses a vertex, then the robber; then they move in turns, the
//! cop first, each along an edge or staying put. The cop wins if she reaches
//! the robber's vertex; the robber wins by evading her forever.
//!
//! A vertex `v` is *dominated* by a vertex `w ≠ v` when the closed
//! neighbourhoods satisfy `N[v] ⊆ N[w]` (so `v` and `w` are adjacent). A
//! graph is cop-win iff it can be dismantled to a single vertex by removing
//! dominated vertices one at a time ([`dismantle`]). The recognition keeps,
//! for every edge `vw`, the number of triangles on it: `v` is dominated by its
//! neighbour `w` iff that number is `deg(v) − 1`. Removing a vertex updates
//! the counts of the edges among its neighbours, and only its neighbours can
//! become dominated. Which dominated vertex is removed first does not change
//! whether the graph dismantles.
//!
//! [`CopsAndRobbers`] is the game itself as a digraph, so the same question
//! can be answered by retrograde analysis ([`cop_wins_by_play`]).

use crate::cost::Cost;
use crate::digraph::{Digraph, VertexId};
use crate::explore::{ExploreError, Game, Limits, explore_with};
use crate::outcome::{Outcome, outcomes_with};
use arrows_work::Control;
use hashbrown::{HashMap, HashSet};

/// A simple undirected graph: adjacency lists, no loops, no repeated edges.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct SimpleGraph {
    adj: Vec<Vec<u32>>,
}

impl SimpleGraph {
    /// The undirected graph underlying a digraph: `v` and `w ≠ v` are adjacent
    /// iff there is a move between them in either direction. Loops are dropped.
    pub fn from_digraph(g: &Digraph) -> SimpleGraph {
        SimpleGraph::from_edges(g.position_count(), g.moves())
    }

    /// The graph on `n` vertices with these edges (loops dropped, repeats merged).
    pub fn from_edges(n: usize, edges: impl IntoIterator<Item = (u32, u32)>) -> SimpleGraph {
        let mut adj: Vec<Vec<u32>> = vec![Vec::new(); n];
        for (a, b) in edges {
            if a != b {
                adj[a as usize].push(b);
                adj[b as usize].push(a);
            }
        }
        for list in &mut adj {
            list.sort_unstable();
            list.dedup();
        }
        SimpleGraph { adj }
    }

    /// The number of vertices.
    pub fn vertex_count(&self) -> usize {
        self.adj.len()
    }

    /// The neighbours of `v`, sorted.
    pub fn neighbours(&self, v: u32) -> &[u32] {
        &self.adj[v as usize]
    }

    /// Whether `v` and `w` are adjacent.
    pub fn adjacent(&self, v: u32, w: u32) -> bool {
        self.adj[v as usize].binary_search(&w).is_ok()
    }
}

/// The result of dismantling a graph.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Dismantling {
    /// The vertices removed, in order, each with a vertex that dominated it
    /// at the time: `(removed, dominator)`.
    pub removed: Vec<(u32, u32)>,
    /// The vertices left when no vertex is dominated.
    pub left: Vec<u32>,
}

impl Dismantling {
    /// Whether the graph is cop-win: it dismantled to a single vertex.
    pub fn is_cop_win(&self) -> bool {
        self.left.len() == 1
    }
}

fn key(a: u32, b: u32) -> (u32, u32) {
    (a.min(b), a.max(b))
}

/// Dismantles `graph` by removing dominated vertices while there are any, in
/// time `O(Σ_v deg(v)²)` with hashing (the triangle counts per edge).
pub fn dismantle(graph: &SimpleGraph) -> Dismantling {
    let n = graph.vertex_count();
    let mut alive = vec![true; n];
    let mut deg: Vec<usize> = (0..n).map(|v| graph.adj[v].len()).collect();
    let edges: HashSet<(u32, u32)> =
        (0..n as u32).flat_map(|v| graph.adj[v as usize].iter().map(move |&w| key(v, w))).collect();
    // Triangles on each edge: common neighbours of its ends.
    let mut tri: HashMap<(u32, u32), usize> = HashMap::with_capacity(edges.len());
    for &(a, b) in &edges {
        let (na, nb) = (&graph.adj[a as usize], &graph.adj[b as usize]);
        let (mut i, mut j, mut c) = (0, 0, 0);
        while i < na.len() && j < nb.len() {
            match na[i].cmp(&nb[j]) {
                std::cmp::Ordering::Less => i += 1,
                std::cmp::Ordering::Greater => j += 1,
                std::cmp::Ordering::Equal => {
                    c += 1;
                    i += 1;
                    j += 1;
                }
            }
        }
        tri.insert((a, b), c);
    }
    let dominator = |v: u32, alive: &[bool], deg: &[usize], tri: &HashMap<(u32, u32), usize>| {
        graph.adj[v as usize].iter().copied().find(|&w| alive[w as usize] && tri[&key(v, w)] + 1 == deg[v as usize])
    };
    let mut left = n;
    let mut removed = Vec::new();
    let mut stack: Vec<u32> = (0..n as u32).rev().collect();
    while let Some(v) = stack.pop() {
        if left <= 1 || !alive[v as usize] {
            continue;
        }
        let Some(w) = dominator(v, &alive, &deg, &tri) else {
            continue;
        };
        alive[v as usize] = false;
        left -= 1;
        removed.push((v, w));
        let nbrs: Vec<u32> = graph.adj[v as usize].iter().copied().filter(|&a| alive[a as usize]).collect();
        for (i, &a) in nbrs.iter().enumerate() {
            deg[a as usize] -= 1;
            for &b in &nbrs[i + 1..] {
                if let Some(t) = tri.get_mut(&key(a, b)) {
                    *t -= 1;
                }
            }
        }
        stack.extend(nbrs);
    }
    Dismantling { removed, left: (0..n as u32).filter(|&v| alive[v as usize]).collect() }
}

/// A position of cops and robbers.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Pursuit {
    /// The cop on `cop`, the robber on `robber`, and whose turn it is.
    At {
        /// The cop's vertex.
        cop: u32,
        /// The robber's vertex.
        robber: u32,
        /// Whether the cop moves next.
        cop_to_move: bool,
    },
    /// The cop has caught the robber (the robber, to move, has lost).
    Caught,
}

/// Cops and robbers on a graph, as a game digraph: the player to move at a
/// position wins (N), loses (P) or draws (D, the robber evades forever).
#[derive(Debug, Clone, Copy)]
pub struct CopsAndRobbers<'a> {
    graph: &'a SimpleGraph,
}

impl<'a> CopsAndRobbers<'a> {
    /// The game on `graph`.
    pub fn new(graph: &'a SimpleGraph) -> CopsAndRobbers<'a> {
        CopsAndRobbers { graph }
    }
}

impl Game for CopsAndRobbers<'_> {
    type Position = Pursuit;

    fn followers(&self, p: &Pursuit, out: &mut Vec<Pursuit>) {
        let Pursuit::At { cop, robber, cop_to_move } = *p else {
            return;
        };
        if cop == robber {
            // Caught: the cop has won. If it is the cop's turn (the robber
            // walked in), she wins by moving to Caught; otherwise the robber
            // is at a terminal position.
            if cop_to_move {
                out.push(Pursuit::Caught);
            }
            return;
        }
        let mover = if cop_to_move { cop } else { robber };
        for &to in std::iter::once(&mover).chain(self.graph.neighbours(mover)) {
            out.push(if cop_to_move {
                Pursuit::At { cop: to, robber, cop_to_move: false }
            } else {
                Pursuit::At { cop, robber: to, cop_to_move: true }
            });
        }
    }
}

/// Whether the cop wins on `graph`, decided by playing: some start of the cop
/// wins against every start of the robber, by retrograde analysis of the
/// game digraph (`O(n² · average degree)` positions and moves). An empty graph
/// is not cop-win.
pub fn cop_wins_by_play(graph: &SimpleGraph) -> bool {
    cop_wins_by_play_with(graph, Limits::DEFAULT, &Control::default()).expect("graph small enough to play out")
}

/// [`cop_wins_by_play`] within `limits` and `control`'s budget, reporting
/// progress to it; fails when the game digraph does not fit or `control` is
/// cancelled.
pub fn cop_wins_by_play_with(graph: &SimpleGraph, limits: Limits, control: &Control) -> Result<bool, ExploreError> {
    let n = graph.vertex_count() as u32;
    if n == 0 {
        return Ok(false);
    }
    let starts = (0..n).flat_map(|c| (0..n).map(move |r| Pursuit::At { cop: c, robber: r, cop_to_move: true }));
    let game = CopsAndRobbers::new(graph);
    let e = explore_with(&game, starts, limits, Cost::OUTCOMES, control)?;
    let o = outcomes_with(e.graph(), control)?;
    Ok((0..n).any(|c| {
        (0..n).all(|r| {
            let v: VertexId = e.vertex(&Pursuit::At { cop: c, robber: r, cop_to_move: true }).expect("explored");
            o.outcome(v) == Outcome::N
        })
    }))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn cycle(n: u32) -> SimpleGraph {
        SimpleGraph::from_edges(n as usize, (0..n).map(|i| (i, (i + 1) % n)))
    }

    #[test]
    fn cycles_longer_than_three_are_robber_win() {
        assert!(dismantle(&cycle(3)).is_cop_win());
        assert!(cop_wins_by_play(&cycle(3)));
        for n in 4..8 {
            assert!(!dismantle(&cycle(n)).is_cop_win(), "C{n}");
            assert!(!cop_wins_by_play(&cycle(n)), "C{n}");
        }
    }

    #[test]
    fn trees_are_cop_win_and_two_components_are_not() {
        let tree = SimpleGraph::from_edges(6, [(0, 1), (1, 2), (1, 3), (3, 4), (3, 5)]);
        let d = dismantle(&tree);
        assert!(d.is_cop_win());
        assert_eq!(d.removed.len(), 5);
        assert!(cop_wins_by_play(&tree));
        let two = SimpleGraph::from_edges(3, [(0, 1)]);
        assert!(!dismantle(&two).is_cop_win());
        assert!(!cop_wins_by_play(&two));
        assert!(dismantle(&SimpleGraph::from_edges(1, [])).is_cop_win());
    }
}
