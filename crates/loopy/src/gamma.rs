//! The generalized Sprague-Grundy function `gamma` (Smith 1966; Fraenkel's
//! labelling) and its counter function.
//!
//! Every position of a finite digraph gets either a finite value `n` or
//! `∞(K)`, where `K` is the set of finite values of its followers. Fraenkel's
//! labelling, as stated in *Fraenkel*:
//!
//! 1. Put `i = 0`.
//! 2. As long as there is an unlabelled position `u` such that no follower of
//!    `u` is labelled `i`, and every follower of `u` that is unlabelled or
//!    labelled `∞` has a follower labelled `i`, label `u` by `i`.
//! 3. Label `∞` every unlabelled position that has no follower labelled `i`.
//! 4. If a position is still unlabelled, put `i = i + 1` and go to 2.
//!
//! Finally every `∞` gets the set `K` of the finite labels of its followers.
//!
//! # How it is computed here
//!
//! Stage `i` (steps 2 and 3) is a retrograde analysis on the positions that
//! are unlabelled or `∞` at the start of the stage, with the moves to
//! positions of value `< i` deleted: a position *labelled `i`* plays the part
//! of a loss, a position *with a follower labelled `i`* (a "reversible" one)
//! the part of a win, and `∞` positions can be reversible but are never
//! labelled. Step 2's result does not depend on the order in which positions
//! are labelled.
//!
//! Instead of a counter per position, each unlabelled position *watches* one
//! of its followers that is not yet known to be reversible (as in watched
//! literals): when the watched follower becomes reversible, the watch moves
//! on along the follower list, skipping reversible followers and dropping for
//! good those whose value is below the stage; when it runs off the end, every
//! follower is reversible and the position is labelled `i`. When a position
//! is labelled, all its predecessors are first marked reversible and only
//! then are their watchers moved on, so that a watcher that is itself one of
//! those predecessors costs nothing. So per stage:
//!
//! * each position still unlabelled costs O(1) plus the moves it drops
//!   (each move is dropped once in the whole run);
//! * each labelled position scans its predecessors once in the whole run;
//! * the rest is the walking of the watches.
//!
//! A position that is still unlabelled at stage `i` has followers of every
//! value `0..i` (otherwise step 3 would have labelled it `∞`), so it has at
//! least `i` moves, and the positions still unlabelled at the stages add up to
//! at most `n + m`. A watch walks at most the follower list once per stage,
//! so the running time is at worst `O(n + m + Σ_u outdeg(u)·(s(u)+1))`, where
//! `s(u) ≤ outdeg(u)` is the stage at which `u` is labelled (its finite value,
//! or the stage it became `∞`): `O((n + m)(g + 2))` with `g` the largest
//! finite value. In practice the watches rarely walk far: on random digraphs
//! and on Nim (values up to the heap size, so `g ≈ √m`) the run visits 3 to
//! 5 moves per move, i.e. linear time; [`GammaStats`] reports the stages and
//! the visits of each run. Extra memory is O(n + m).
//!
//! # Counter function
//!
//! Within stage `i` positions are labelled in rounds: round 0 holds the
//! positions all of whose followers have smaller values; a position labelled
//! in round `r + 1` has every follower of larger (or infinite) value reversible
//! through a position of round `≤ r`. The round is the *counter* `c(u)`. With
//! it, gamma satisfies Fraenkel's conditions:
//!
//! * A. if `γ(u)` is finite, `γ(u) = mex γ(F(u))`;
//! * B. if `γ(u)` is finite and `v ∈ F(u)` has `γ(v) > γ(u)` (possibly
//!   infinite), then some `w ∈ F(v)` has `γ(w) = γ(u)` and `c(w) < c(u)`;
//! * C. if `γ(u) = ∞(K)`, then some `v ∈ F(u)` has `γ(v) = ∞(L)` with
//!   `mex K ∉ L`.
//!
//! B is what makes a winning strategy terminate: reverse every move of the
//! opponent that raises a value by a move to the same value with a smaller
//! counter ([`GammaLabels::move_to_value`] picks the smallest).

use crate::digraph::{Digraph, VertexId};
use crate::outcome::Outcome;
use crate::work::Ticker;
use arrows_work::{Cancelled, Control};
use std::fmt;

/// A value of the generalized Sprague-Grundy function.
///
/// Invariant: the set of an `Infinite` value is sorted increasing, without
/// repetitions.
#[derive(Debug, Clone, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Gamma {
    /// A finite value `n`: the position behaves like a Nim heap of size `n`.
    Finite(u32),
    /// `∞(K)`: an infinite value with the set `K` of the finite values of the
    /// followers.
    Infinite(Vec<u32>),
}

impl Gamma {
    /// `∞(K)` from any list of finite values (sorted and deduplicated here).
    pub fn infinite(k: impl IntoIterator<Item = u32>) -> Gamma {
        let mut k: Vec<u32> = k.into_iter().collect();
        k.sort_unstable();
        k.dedup();
        Gamma::Infinite(k)
    }

    /// The outcome of a single token at a position of this value: P iff
    /// `γ = 0`; N iff `γ` is finite and positive or `γ = ∞(K)` with `0 ∈ K`;
    /// D otherwise.
    pub fn outcome(&self) -> Outcome {
        match self {
            Gamma::Finite(0) => Outcome::P,
            Gamma::Finite(_) => Outcome::N,
            Gamma::Infinite(k) if k.first() == Some(&0) => Outcome::N,
            Gamma::Infinite(_) => Outcome::D,
        }
    }

    /// The finite value, if finite.
    pub fn finite(&self) -> Option<u32> {
        match self {
            Gamma::Finite(n) => Some(*n),
            Gamma::Infinite(_) => None,
        }
    }

    /// Whether the value is infinite.
    pub fn is_infinite(&self) -> bool {
        matches!(self, Gamma::Infinite(_))
    }

    /// The set `K` of an infinite value, `None` for a finite one.
    pub fn infinity_set(&self) -> Option<&[u32]> {
        match self {
            Gamma::Finite(_) => None,
            Gamma::Infinite(k) => Some(k),
        }
    }
}

impl serde::Serialize for Gamma {
    /// A finite value as a number, `∞(K)` as `{"infinity": [K...]}`.
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        use serde::ser::SerializeMap;
        match self {
            Gamma::Finite(n) => serializer.serialize_u32(*n),
            Gamma::Infinite(k) => {
                let mut map = serializer.serialize_map(Some(1))?;
                map.serialize_entry("infinity", k)?;
                map.end()
            }
        }
    }
}

impl fmt::Display for Gamma {
    /// `3`, or `∞{0,2}` for `∞(K)` with `K = {0, 2}` (`∞{}` for an empty `K`).
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Gamma::Finite(n) => write!(f, "{n}"),
            Gamma::Infinite(k) => {
                f.write_str("∞{")?;
                for (i, x) in k.iter().enumerate() {
                    if i > 0 {
                        f.write_str(",")?;
                    }
                    write!(f, "{x}")?;
                }
                f.write_str("}")
            }
        }
    }
}

/// Marker of an infinite value in the value vector.
const INF: u32 = u32::MAX - 1;
/// Marker of a position not yet labelled.
const UNLABELLED: u32 = u32::MAX;
/// End of a watcher chain.
const NONE: u32 = u32::MAX;

/// The watches of the unlabelled positions during one stage: each watches
/// one follower not yet known reversible, and each follower keeps the chain
/// of positions watching it, so that marking it reversible wakes exactly
/// those. Invariant: `head[v]` is valid only when `head_stage[v]` is the
/// current stage; chains run through `watcher`/`next`, cleared each stage.
struct Watches {
    /// The follower a position watches.
    watching: Vec<u32>,
    /// Where that follower sits in the position's live list.
    watch_at: Vec<u32>,
    /// The first link of a follower's chain of watchers.
    head: Vec<u32>,
    /// The stage in which `head` was last written.
    head_stage: Vec<u32>,
    /// The watching position of each link.
    watcher: Vec<u32>,
    /// The next link of each link's chain.
    next: Vec<u32>,
}

impl Watches {
    /// Watches for `n` positions and `m` moves: a stage never makes more
    /// than `m` watches (a position's watch only moves forward along its
    /// follower list), so the chains are allocated once, at their largest.
    fn new(n: usize, m: usize) -> Self {
        Watches {
            watching: vec![UNLABELLED; n],
            watch_at: vec![0; n],
            head: vec![NONE; n],
            head_stage: vec![UNLABELLED; n],
            watcher: Vec::with_capacity(m),
            next: Vec::with_capacity(m),
        }
    }

    /// Forgets every chain: a new stage starts.
    fn new_stage(&mut self) {
        self.watcher.clear();
        self.next.clear();
    }

    /// Position `q` now watches follower `x`, at place `k` of its live list.
    fn watch(&mut self, q: usize, x: u32, k: usize, stage: u32) {
        self.watching[q] = x;
        self.watch_at[q] = k as u32;
        let x = x as usize;
        if self.head_stage[x] != stage {
            self.head_stage[x] = stage;
            self.head[x] = NONE;
        }
        self.watcher.push(q as u32);
        self.next.push(self.head[x]);
        self.head[x] = (self.watcher.len() - 1) as u32;
    }

    /// The chain of watchers of `p` in this stage (its first link, or
    /// [`NONE`]), detached from `p`.
    fn take_chain(&mut self, p: usize, stage: u32) -> u32 {
        let e = if self.head_stage[p] == stage { self.head[p] } else { NONE };
        self.head[p] = NONE;
        e
    }
}

/// Measurements of one run of [`gamma`].
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct GammaStats {
    /// The number of stages (values of `i`) the labelling went through.
    pub stages: u32,
    /// The number of elementary steps: a position set up at a stage, a
    /// predecessor scanned, a watcher woken, a follower passed by a watch,
    /// a follower read for a set `K`. The cost of the run is proportional to
    /// this plus the number of positions.
    pub move_visits: u64,
}

/// The generalized Sprague-Grundy values of all positions of a [`Digraph`],
/// with the counter function, as computed by [`gamma`].
///
/// Invariants: see the module documentation (conditions A, B and C).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct GammaLabels {
    /// Finite value, or `INF`.
    value: Vec<u32>,
    /// Counter of a finite value; stage (= mex K) of an infinite one.
    counter: Vec<u32>,
    /// Compressed rows of the sets K (empty rows for finite values).
    k_start: Vec<u32>,
    k_list: Vec<u32>,
    stats: GammaStats,
}

impl GammaLabels {
    /// The value of position `v`.
    pub fn get(&self, v: VertexId) -> Gamma {
        match self.finite(v) {
            Some(n) => Gamma::Finite(n),
            None => Gamma::Infinite(self.infinity_set(v).unwrap_or(&[]).to_vec()),
        }
    }

    /// The finite value of `v`, or `None` if it is infinite.
    pub fn finite(&self, v: VertexId) -> Option<u32> {
        let x = self.value[v as usize];
        (x != INF).then_some(x)
    }

    /// Whether the value of `v` is infinite.
    pub fn is_infinite(&self, v: VertexId) -> bool {
        self.value[v as usize] == INF
    }

    /// The set `K` of `v`'s value `∞(K)` (sorted), or `None` if it is finite.
    pub fn infinity_set(&self, v: VertexId) -> Option<&[u32]> {
        let v = v as usize;
        (self.value[v] == INF).then(|| &self.k_list[self.k_start[v] as usize..self.k_start[v + 1] as usize])
    }

    /// Whether `x` is a finite value of a follower of `v`, for an infinite `v`.
    fn k_contains(&self, v: VertexId, x: u32) -> bool {
        self.infinity_set(v).is_some_and(|k| k.binary_search(&x).is_ok())
    }

    /// The counter `c(v)` of a finite value (the round of its stage in which it
    /// was labelled), or `None` for an infinite value.
    pub fn counter(&self, v: VertexId) -> Option<u32> {
        self.finite(v).map(|_| self.counter[v as usize])
    }

    /// The outcome of a single token at `v` (see [`Gamma::outcome`]).
    pub fn outcome(&self, v: VertexId) -> Outcome {
        match self.value[v as usize] {
            0 => Outcome::P,
            INF if self.k_contains(v, 0) => Outcome::N,
            INF => Outcome::D,
            _ => Outcome::N,
        }
    }

    /// The number of positions.
    pub fn len(&self) -> usize {
        self.value.len()
    }

    /// Whether there are no positions.
    pub fn is_empty(&self) -> bool {
        self.value.is_empty()
    }

    /// The largest finite value, if any position has one.
    pub fn max_finite(&self) -> Option<u32> {
        self.value.iter().copied().filter(|&x| x != INF).max()
    }

    /// Stages and work of the run that computed these labels.
    pub fn stats(&self) -> GammaStats {
        self.stats
    }

    /// A follower `w` of `v` on `graph` with finite `γ(w) = target` and the
    /// smallest counter among such followers, or `None` if there is none.
    ///
    /// This is the move that reverses an opponent's move from a position `u`
    /// of value `target` to `v`: by condition B, `c(w) < c(u)`.
    pub fn move_to_value(&self, graph: &Digraph, v: VertexId, target: u32) -> Option<VertexId> {
        graph
            .followers(v)
            .iter()
            .copied()
            .filter(|&w| self.value[w as usize] == target)
            .min_by_key(|&w| self.counter[w as usize])
    }

    /// A follower `w` of an infinite-valued `v` whose value is `∞(L)` with
    /// `x ∉ L`, or `None`. For `x = mex K(v)` one always exists (condition C).
    pub fn infinite_move_avoiding(&self, graph: &Digraph, v: VertexId, x: u32) -> Option<VertexId> {
        graph.followers(v).iter().copied().find(|&w| self.value[w as usize] == INF && !self.k_contains(w, x))
    }

    /// The best move for a single token at `v`, or `None` from a P-position
    /// (and from a terminal one):
    /// * from an N-position, a winning move to a follower of value 0 with the
    ///   smallest counter;
    /// * from a D-position, a draw-keeping move to a follower `∞(L)` with
    ///   `0 ∉ L`, which is again a draw.
    pub fn best_move(&self, graph: &Digraph, v: VertexId) -> Option<VertexId> {
        match self.outcome(v) {
            Outcome::P => None,
            Outcome::N => self.move_to_value(graph, v, 0),
            Outcome::D => self.infinite_move_avoiding(graph, v, 0),
        }
    }
}

/// The generalized Sprague-Grundy function of every position of `graph`, with
/// its counter function.
///
/// Time `O(n + m + Σ_u outdeg(u)·(s(u)+1))` at worst (see the module
/// documentation), extra memory O(n + m).
pub fn gamma(graph: &Digraph) -> GammaLabels {
    gamma_with(graph, &crate::work::unlimited()).expect("an unlimited control is never cancelled")
}

/// [`gamma`] under `control`: progress in positions labelled, and a stop with [`Cancelled`] when its token is
/// set. Its peak memory beyond `graph` is at most
/// [`Cost::GAMMA`](crate::Cost::GAMMA).
pub fn gamma_with(graph: &Digraph, control: &Control) -> Result<GammaLabels, Cancelled> {
    let mut ticker = Ticker::new(control);
    let n = graph.position_count();
    let mut value = vec![UNLABELLED; n];
    let mut counter = vec![0u32; n];
    // reversible_at[v] == i: v has a follower labelled i (during stage i).
    let mut reversible_at = vec![UNLABELLED; n];
    // Followers not known to carry a value below the stage:
    // live[start[v]..end[v]], where start[v] is the follower-list start.
    let mut live: Vec<u32> = Vec::with_capacity(graph.move_count());
    let mut start: Vec<u32> = Vec::with_capacity(n + 1);
    for v in 0..n as VertexId {
        start.push(live.len() as u32);
        live.extend_from_slice(graph.followers(v));
    }
    start.push(live.len() as u32);
    let mut end: Vec<u32> = start[1..].to_vec();
    let mut watches = Watches::new(n, graph.move_count());
    let mut unlabelled: Vec<VertexId> = (0..n as VertexId).collect();
    let mut queue: Vec<VertexId> = Vec::with_capacity(n);
    let most_predecessors = (0..n as VertexId).map(|v| graph.in_degree(v)).max().unwrap_or(0);
    let mut fresh: Vec<VertexId> = Vec::with_capacity(most_predecessors);
    let mut visits: u64 = 0;
    let mut stage: u32 = 0;
    let mut infinite: u64 = 0;

    // Moves the watch of q forward from position k of its live list: past
    // followers with a value below the stage (dropped for good) and
    // followers already reversible. Returns the follower now watched, or
    // None when every remaining follower is reversible.
    #[allow(clippy::too_many_arguments)]
    fn advance(
        q: usize,
        mut k: usize,
        i: u32,
        live: &mut [u32],
        end: &mut [u32],
        value: &[u32],
        reversible_at: &[u32],
        visits: &mut u64,
    ) -> Option<(u32, usize)> {
        let mut e = end[q] as usize;
        let found = loop {
            if k >= e {
                break None;
            }
            *visits += 1;
            let x = live[k];
            let vx = value[x as usize];
            if vx < i {
                e -= 1;
                live.swap(k, e);
            } else if reversible_at[x as usize] == i && vx != i {
                k += 1;
            } else {
                break Some((x, k));
            }
        };
        end[q] = e as u32;
        found
    }

    while !unlabelled.is_empty() {
        let i = stage;
        queue.clear();
        watches.new_stage();
        visits += unlabelled.len() as u64;
        for &q in &unlabelled {
            ticker.poll()?;
            let q = q as usize;
            let from = start[q] as usize;
            match advance(q, from, i, &mut live, &mut end, &value, &reversible_at, &mut visits) {
                None => {
                    value[q] = i;
                    counter[q] = 0;
                    queue.push(q as VertexId);
                }
                Some((x, k)) => watches.watch(q, x, k, i),
            }
        }
        let mut h = 0;
        while h < queue.len() {
            // A position labelled with a finite value.
            ticker.tick()?;
            let w = queue[h] as usize;
            h += 1;
            let round = counter[w] + 1;
            let preds = graph.predecessors(w as VertexId);
            visits += preds.len() as u64;
            // First mark every predecessor reversible, then move the
            // watchers on: a watcher that is itself a predecessor of w is
            // then skipped at once instead of walking its list.
            fresh.clear();
            for &p in preds {
                let vp = value[p as usize];
                if (vp == UNLABELLED || vp == INF) && reversible_at[p as usize] != i {
                    reversible_at[p as usize] = i;
                    fresh.push(p);
                }
            }
            for &p in &fresh {
                let p = p as usize;
                let mut e = watches.take_chain(p, i);
                while e != NONE {
                    let q = watches.watcher[e as usize] as usize;
                    e = watches.next[e as usize];
                    visits += 1;
                    if value[q] != UNLABELLED || reversible_at[q] == i || watches.watching[q] != p as u32 {
                        continue;
                    }
                    let from = watches.watch_at[q] as usize + 1;
                    match advance(q, from, i, &mut live, &mut end, &value, &reversible_at, &mut visits) {
                        None => {
                            value[q] = i;
                            counter[q] = round;
                            queue.push(q as VertexId);
                        }
                        Some((x, k)) => watches.watch(q, x, k, i),
                    }
                }
            }
        }
        // Step 3, and the positions left for the next stage.
        unlabelled.retain(|&u| {
            let u = u as usize;
            if value[u] != UNLABELLED {
                false
            } else if reversible_at[u] == i {
                true
            } else {
                value[u] = INF;
                counter[u] = i;
                infinite += 1;
                false
            }
        });
        ticker.advance(std::mem::take(&mut infinite))?;
        stage += 1;
    }
    drop(live);
    drop(watches);
    drop(fresh);

    // The sets K of the infinite values, at most the follower lists of the
    // infinite positions.
    let mut k_start = vec![0u32; n + 1];
    let room: usize = (0..n).filter(|&v| value[v] == INF).map(|v| graph.out_degree(v as VertexId)).sum();
    let mut k_list: Vec<u32> = Vec::with_capacity(room);
    let mut scratch: Vec<u32> = Vec::new();
    for v in 0..n {
        if value[v] == INF {
            scratch.clear();
            let followers = graph.followers(v as VertexId);
            visits += followers.len() as u64;
            scratch.extend(followers.iter().map(|&w| value[w as usize]).filter(|&x| x != INF));
            scratch.sort_unstable();
            scratch.dedup();
            k_list.extend_from_slice(&scratch);
        }
        k_start[v + 1] = k_list.len() as u32;
    }
    k_list.shrink_to_fit();
    ticker.flush()?;
    Ok(GammaLabels { value, counter, k_start, k_list, stats: GammaStats { stages: stage, move_visits: visits } })
}

/// The mex (minimum excludant) of a set of values: the least value not in it.
pub fn mex(values: impl IntoIterator<Item = u32>) -> u32 {
    let mut seen: Vec<u32> = values.into_iter().collect();
    seen.sort_unstable();
    seen.dedup();
    seen.iter().enumerate().find(|&(i, &x)| x != i as u32).map_or(seen.len() as u32, |(i, _)| i as u32)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn display() {
        assert_eq!(Gamma::Finite(3).to_string(), "3");
        assert_eq!(Gamma::infinite([2, 0, 2]).to_string(), "∞{0,2}");
        assert_eq!(Gamma::infinite([]).to_string(), "∞{}");
    }

    #[test]
    fn mex_of_sets() {
        assert_eq!(mex([0, 1, 2, 4]), 3);
        assert_eq!(mex([1, 4]), 0);
        assert_eq!(mex([]), 0);
    }

    #[test]
    fn small_loopy_graph() {
        // 0 terminal; 1 -> 0; 2 <-> 3, 2 -> 1; 4 -> 4, 4 -> 0.
        let g = Digraph::from_moves(5, [(1, 0), (2, 3), (3, 2), (2, 1), (4, 4), (4, 0)]).unwrap();
        let l = gamma(&g);
        assert_eq!(l.get(0), Gamma::Finite(0));
        assert_eq!(l.get(1), Gamma::Finite(1));
        // 3's only follower 2 has no follower 0; 2 has follower 1 of value 1.
        assert_eq!(l.get(2), Gamma::infinite([1]));
        assert_eq!(l.get(3), Gamma::infinite([]));
        assert_eq!(l.get(4), Gamma::infinite([0]));
        assert_eq!(l.outcome(4), Outcome::N);
        assert_eq!(l.outcome(2), Outcome::D);
        assert_eq!(l.best_move(&g, 4), Some(0));
        assert_eq!(l.best_move(&g, 2), Some(3));
    }
}
