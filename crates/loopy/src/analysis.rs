//! Solving a game digraph some of whose moves were cut off by a bound, and
//! saying exactly which results the missing moves could change.
//!
//! A *cut-off* position is one with at least one follower outside the bound.
//! The real game extends the explored digraph in some unknown way beyond those
//! followers. A result is reported as exact only if it holds for *every*
//! possible extension (every completion):
//!
//! * **certain wins and losses** come from the retrograde analysis in which
//!   each cut-off position keeps one extra move that is never resolved: it can
//!   still be N through a known P-follower, but never P. What this labels holds
//!   in every completion, and its remoteness is an upper bound.
//! * **possible wins and losses** come from the retrograde analysis in which
//!   each missing follower may be either a loss or a win (of remoteness 0 or
//!   1). In every completion the N-positions are possibly-N and the
//!   P-positions possibly-P (by induction on the remoteness), and the
//!   remoteness computed is a lower bound. A position that is neither possibly
//!   N nor possibly P is a draw in every completion.
//! * when both bounds on the remoteness agree, the remoteness is exact.
//! * a **gamma** value is exact when no cut-off position is reachable from the
//!   position: gamma is a function of the subdigraph reachable from it.
//!
//! On a digraph with no cut-off position every result is exact.

use crate::cost::Cost;
use crate::digraph::{Digraph, VertexId};
use crate::gamma::{Gamma, GammaLabels, gamma_with};
use crate::outcome::{NO_REMOTENESS, Outcome, Outcomes, retrograde};
use crate::work::Ticker;
use arrows_work::{Cancelled, Control};

/// What is known of the remoteness of a position.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Remoteness {
    /// The remoteness is exactly this.
    Exact(u32),
    /// The outcome is certain but the bound leaves the remoteness between
    /// `low` and `high` (inclusive, `low < high`).
    Between {
        /// A lower bound valid in every completion.
        low: u32,
        /// An upper bound valid in every completion.
        high: u32,
    },
    /// A draw (no remoteness), or an outcome the bound leaves open.
    None,
}

/// The solution of a digraph with cut-off positions: outcomes, remoteness and
/// gamma, each with what the bound leaves open.
#[derive(Debug, Clone)]
pub struct Analysis {
    certain: Outcomes,
    possibly_n: Vec<bool>,
    possibly_p: Vec<bool>,
    low_n: Vec<u32>,
    low_p: Vec<u32>,
    labels: GammaLabels,
    reaches_cut: Vec<bool>,
}

impl Analysis {
    /// Solves `graph`, where `cut_off[v]` says that position `v` has followers
    /// missing from the digraph. An empty `cut_off` means none are missing.
    ///
    /// Time O(positions + moves) plus the time of [`gamma`](crate::gamma()).
    ///
    /// # Panics
    /// If `cut_off` is neither empty nor one flag per position.
    pub fn new(graph: &Digraph, cut_off: &[bool]) -> Analysis {
        Analysis::with_control(graph, cut_off, &crate::work::unlimited())
            .expect("an unlimited control is never cancelled")
    }

    /// [`Analysis::new`] under `control`: progress in positions handled (each
    /// position at most once in each of four passes, twice in one), and a
    /// stop with [`Cancelled`] when its token is set. Its peak memory beyond
    /// `graph` is [`Analysis::peak_bytes`].
    ///
    /// # Panics
    /// If `cut_off` is neither empty nor one flag per position.
    pub fn with_control(graph: &Digraph, cut_off: &[bool], control: &Control) -> Result<Analysis, Cancelled> {
        let n = graph.position_count();
        assert!(cut_off.is_empty() || cut_off.len() == n, "one cut-off flag per position");
        let cut = |v: VertexId| cut_off.get(v as usize).copied().unwrap_or(false);
        let certain = retrograde(graph, |v| u32::from(cut(v)), control)?;
        let (possibly_n, possibly_p, low_n, low_p) = optimistic(graph, &cut, control)?;
        let labels = gamma_with(graph, control)?;
        let reaches_cut = reaches(graph, &cut, control)?;
        Ok(Analysis { certain, possibly_n, possibly_p, low_n, low_p, labels, reaches_cut })
    }

    /// The most heap memory [`Analysis::new`] holds at once while solving
    /// `graph`, beyond `graph` itself, in bytes: [`Cost::ANALYSIS`] and a
    /// list as long as the most moves into or out of a position.
    pub fn peak_bytes(graph: &Digraph) -> u64 {
        let n = graph.position_count() as VertexId;
        let most = (0..n).map(|v| graph.in_degree(v).max(graph.out_degree(v))).max().unwrap_or(0);
        Cost::ANALYSIS.bytes(u64::from(n), graph.move_count() as u64) + 4 * most as u64
    }

    /// The outcome of `v` if the bound cannot change it, else `None`.
    pub fn outcome(&self, v: VertexId) -> Option<Outcome> {
        match self.certain.outcome(v) {
            Outcome::D => {
                let v = v as usize;
                (!self.possibly_n[v] && !self.possibly_p[v]).then_some(Outcome::D)
            }
            o => Some(o),
        }
    }

    /// What is known of the remoteness of `v`.
    pub fn remoteness(&self, v: VertexId) -> Remoteness {
        match self.certain.remoteness(v) {
            None => Remoteness::None,
            Some(high) => {
                let low = match self.certain.outcome(v) {
                    Outcome::N => self.low_n[v as usize],
                    _ => self.low_p[v as usize],
                };
                if low >= high { Remoteness::Exact(high) } else { Remoteness::Between { low, high } }
            }
        }
    }

    /// The gamma value of `v` if the bound cannot change it, else `None`.
    pub fn gamma(&self, v: VertexId) -> Option<Gamma> {
        (!self.reaches_cut[v as usize]).then(|| self.labels.get(v))
    }

    /// The gamma values of the explored digraph itself (exact only where
    /// [`Analysis::gamma`] is `Some`).
    pub fn gamma_labels(&self) -> &GammaLabels {
        &self.labels
    }

    /// The gamma values of the explored digraph (see
    /// [`Analysis::gamma_labels`]), keeping nothing else.
    pub fn into_gamma_labels(self) -> GammaLabels {
        self.labels
    }

    /// Whether a cut-off position can be reached from `v` (then its gamma
    /// value, and possibly its outcome, depend on the bound).
    pub fn reaches_cut_off(&self, v: VertexId) -> bool {
        self.reaches_cut[v as usize]
    }

    /// Whether outcome, remoteness and gamma of `v` are all exact.
    pub fn is_exact(&self, v: VertexId) -> bool {
        !self.reaches_cut[v as usize]
    }

    /// A best move from `v` whose quality the bound cannot change, or `None`
    /// (from a terminal position, or where the outcome is not certain):
    /// from N a winning move (within the remoteness upper bound), from P a
    /// delaying move, from D a move to a certain draw.
    pub fn best_move(&self, graph: &Digraph, v: VertexId) -> Option<VertexId> {
        match self.outcome(v)? {
            Outcome::D => graph.followers(v).iter().copied().find(|&w| self.outcome(w) == Some(Outcome::D)),
            _ => self.certain.best_move(graph, v),
        }
    }
}

/// Possibly N, possibly P, and the lower bounds of the remoteness as N and as P.
type Optimistic = (Vec<bool>, Vec<bool>, Vec<u32>, Vec<u32>);

/// The optimistic retrograde analysis: every missing follower may be a loss
/// (remoteness 0) or a win (remoteness 1) for the player to move there.
/// Returns (possibly N, possibly P, lower bounds of the remoteness as an N-
/// and as a P-position).
fn optimistic(graph: &Digraph, cut: &impl Fn(VertexId) -> bool, control: &Control) -> Result<Optimistic, Cancelled> {
    let mut ticker = Ticker::new(control);
    let n = graph.position_count();
    let mut pn = vec![false; n];
    let mut pp = vec![false; n];
    let mut low_n = vec![NO_REMOTENESS; n];
    let mut low_p = vec![NO_REMOTENESS; n];
    // Known followers not yet possibly-N (the missing ones are, at time 1).
    let mut counter: Vec<u32> = (0..n as VertexId).map(|v| graph.out_degree(v) as u32).collect();
    // Bucket queue by remoteness: entries (vertex, is_p).
    let mut levels = Levels::new(n);
    for v in 0..n as VertexId {
        let i = v as usize;
        if cut(v) {
            // A missing follower that is a loss makes v possibly N at 1; all
            // followers possibly N makes v possibly P at >= 2.
            pn[i] = true;
            low_n[i] = 1;
            levels.push(1, (v, false));
            if counter[i] == 0 {
                pp[i] = true;
                low_p[i] = 2;
                levels.push(2, (v, true));
            }
        } else if counter[i] == 0 {
            pp[i] = true;
            low_p[i] = 0;
            levels.push(0, (v, true));
        }
    }
    let mut r = 0;
    while !levels.is_empty() {
        let mut k = levels.first(r);
        while k != END {
            ticker.tick()?;
            let (w, is_p) = levels.entry[k];
            k = levels.link[k];
            for &p in graph.predecessors(w) {
                let p = p as usize;
                if is_p {
                    if !pn[p] {
                        pn[p] = true;
                        low_n[p] = r as u32 + 1;
                        levels.push(r + 1, (p as VertexId, false));
                    }
                } else if !pp[p] {
                    counter[p] -= 1;
                    if counter[p] == 0 {
                        // The missing followers were possibly N at time 1.
                        let t = if cut(p as VertexId) { (r + 1).max(2) } else { r + 1 };
                        pp[p] = true;
                        low_p[p] = t as u32;
                        levels.push(t, (p as VertexId, true));
                    }
                }
            }
        }
        levels.close(r);
        r += 1;
    }
    ticker.flush()?;
    Ok((pn, pp, low_n, low_p))
}

/// The end of a list of [`Levels`].
const END: usize = usize::MAX;

/// The entries `(vertex, is_p)` of the optimistic analysis by level (the
/// remoteness bound they get), as lists threaded through one array. An
/// entry is only ever added one or two levels above the level being taken,
/// so three lists, reused in turn, hold every level still to come; and as
/// each vertex enters at most twice (possibly N, possibly P) the array is
/// allocated once: 2 entries of 16 bytes per position.
struct Levels {
    entry: Vec<(VertexId, bool)>,
    link: Vec<usize>,
    head: [usize; 3],
    tail: [usize; 3],
}

impl Levels {
    fn new(positions: usize) -> Levels {
        let room = 2 * positions;
        Levels { entry: Vec::with_capacity(room), link: Vec::with_capacity(room), head: [END; 3], tail: [END; 3] }
    }

    /// Adds `entry` at the end of `level`'s list.
    fn push(&mut self, level: usize, entry: (VertexId, bool)) {
        let k = self.entry.len();
        self.entry.push(entry);
        self.link.push(END);
        let s = level % 3;
        if self.head[s] == END {
            self.head[s] = k;
        } else {
            self.link[self.tail[s]] = k;
        }
        self.tail[s] = k;
    }

    /// The first entry of `level`'s list (follow `link` for the rest).
    fn first(&self, level: usize) -> usize {
        self.head[level % 3]
    }

    /// Empties `level`'s list, for the level three above it.
    fn close(&mut self, level: usize) {
        self.head[level % 3] = END;
        self.tail[level % 3] = END;
    }

    /// Whether no level has an entry left.
    fn is_empty(&self) -> bool {
        self.head.iter().all(|&h| h == END)
    }
}

/// For each position, whether it can reach (in zero or more moves) a position
/// for which `cut` holds.
fn reaches(graph: &Digraph, cut: &impl Fn(VertexId) -> bool, control: &Control) -> Result<Vec<bool>, Cancelled> {
    let mut ticker = Ticker::new(control);
    let n = graph.position_count();
    let mut seen = vec![false; n];
    let mut stack: Vec<VertexId> = (0..n as VertexId).filter(|&v| cut(v)).collect();
    for &v in &stack {
        seen[v as usize] = true;
    }
    while let Some(w) = stack.pop() {
        ticker.tick()?;
        for &p in graph.predecessors(w) {
            if !seen[p as usize] {
                seen[p as usize] = true;
                stack.push(p);
            }
        }
    }
    ticker.flush()?;
    Ok(seen)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn complete_digraph_is_exact() {
        let g = Digraph::from_moves(4, [(1, 0), (2, 1), (3, 3)]).unwrap();
        let a = Analysis::new(&g, &[]);
        assert_eq!(a.outcome(2), Some(Outcome::P));
        assert_eq!(a.remoteness(2), Remoteness::Exact(2));
        assert_eq!(a.outcome(3), Some(Outcome::D));
        assert_eq!(a.gamma(1), Some(Gamma::Finite(1)));
        assert!(a.is_exact(3));
    }

    #[test]
    fn cut_off_leaves_open_what_it_can_change() {
        // 0 terminal, 1 -> 0, 2 -> 1 and 2 is cut off; 3 -> 2; 4 -> 0 and cut off;
        // 5 <-> 6 with 6 cut off.
        let g = Digraph::from_moves(7, [(1, 0), (2, 1), (3, 2), (4, 0), (5, 6), (6, 5)]).unwrap();
        let cut = [false, false, true, false, true, false, true];
        let a = Analysis::new(&g, &cut);
        assert_eq!(a.outcome(1), Some(Outcome::N));
        // 2 would be P, but its missing follower may be P.
        assert_eq!(a.outcome(2), None);
        assert_eq!(a.outcome(3), None);
        // 4 wins at once whatever lies beyond.
        assert_eq!(a.outcome(4), Some(Outcome::N));
        assert_eq!(a.remoteness(4), Remoteness::Exact(1));
        assert_eq!(a.gamma(4), None);
        assert_eq!(a.outcome(5), None);
        assert_eq!(a.best_move(&g, 4), Some(0));
    }
}
