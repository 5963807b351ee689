//! Win, lose or draw for every position, with remoteness, by retrograde
//! analysis in time O(positions + moves).
//!
//! The labelling is the one of *Zeilberger* and *Games on Arbitrary Graphs*: a terminal position is a loss
//! for the player to move (P); a position with a move to a P-position is a win
//! for the player to move (N); a position all of whose moves go to
//! N-positions is P; every position left unlabelled is a draw (D): neither
//! player can force a win, and each always has a move that does not lose.
//!
//! The analysis walks backwards from the terminal positions along the
//! predecessor lists. Each position keeps a counter that starts at its number
//! of moves *out* (its out-degree) and drops by one for every follower found
//! to be N; at zero the position is P. Positions are settled in a FIFO queue,
//! which settles them in order of remoteness, so that the remoteness comes for
//! free.
//!
//! **Remoteness** (the Winning Ways convention, Smith's for loopy games): a
//! terminal position has remoteness 0; an N-position has
//! `1 + min` of the remoteness of its P-followers (the winner hastens); a
//! P-position has `1 + max` of the remoteness of its followers, all of which
//! are N (the loser delays). The player who wins from a position of remoteness
//! `r` can force the win within `r` moves, and the loser can stop it from
//! happening sooner. N-positions have odd remoteness, P-positions even. Draws
//! have no remoteness.

use crate::digraph::{Digraph, VertexId};
use crate::work::Ticker;
use arrows_work::{Cancelled, Control};
use std::fmt;

/// The outcome class of a position under optimal play.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
#[repr(u8)]
pub enum Outcome {
    /// The previous player (the one who just moved) wins: the player to move
    /// loses. Terminal positions are P.
    P,
    /// The next player (the one to move) wins.
    N,
    /// A draw: neither player can force a win; play goes on forever.
    D,
}

impl Outcome {
    /// The one-letter name: `"P"`, `"N"` or `"D"`.
    pub fn letter(self) -> &'static str {
        match self {
            Outcome::P => "P",
            Outcome::N => "N",
            Outcome::D => "D",
        }
    }
}

impl serde::Serialize for Outcome {
    /// The letter, `"P"`, `"N"` or `"D"`.
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.serialize_str(self.letter())
    }
}

impl fmt::Display for Outcome {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.letter())
    }
}

/// Marker for "no remoteness" in the remoteness vector.
pub(crate) const NO_REMOTENESS: u32 = u32::MAX;

/// The outcome and remoteness of every position of a [`Digraph`], as computed
/// by [`outcomes`].
///
/// Invariants (for the digraph it was computed on):
/// * a position is P iff all its followers are N (in particular if terminal),
///   and some position chain of P/N labels with strictly decreasing remoteness
///   leads from it to a terminal position;
/// * a position is N iff it has a P follower;
/// * a position is D iff it has no P follower and at least one D follower;
/// * `remoteness(v)` is `Some` iff `v` is not a draw, even for P and odd for N.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Outcomes {
    outcome: Vec<Outcome>,
    remoteness: Vec<u32>,
}

impl Outcomes {
    /// The outcome of position `v`.
    pub fn outcome(&self, v: VertexId) -> Outcome {
        self.outcome[v as usize]
    }

    /// The remoteness of `v`, or `None` for a draw.
    pub fn remoteness(&self, v: VertexId) -> Option<u32> {
        let r = self.remoteness[v as usize];
        (r != NO_REMOTENESS).then_some(r)
    }

    /// All outcomes, indexed by position.
    pub fn as_slice(&self) -> &[Outcome] {
        &self.outcome
    }

    /// The number of positions.
    pub fn len(&self) -> usize {
        self.outcome.len()
    }

    /// Whether there are no positions.
    pub fn is_empty(&self) -> bool {
        self.outcome.is_empty()
    }

    /// How many positions are P, N and D, in that order.
    pub fn counts(&self) -> [usize; 3] {
        let mut c = [0; 3];
        for &o in &self.outcome {
            c[o as usize] += 1;
        }
        c
    }

    /// The best move from `v` on `graph` (the digraph these outcomes were
    /// computed on), or `None` if `v` is terminal:
    /// * from an N-position, a winning move: to a P-follower of remoteness
    ///   `remoteness(v) - 1` (the winner hastens);
    /// * from a P-position, a delaying move: to a follower of the largest
    ///   remoteness, `remoteness(v) - 1` (the loser delays);
    /// * from a D-position, a draw-keeping move: to a D-follower.
    ///
    /// Following best moves from both sides ends a won game in exactly
    /// `remoteness(v)` moves.
    pub fn best_move(&self, graph: &Digraph, v: VertexId) -> Option<VertexId> {
        let followers = graph.followers(v);
        match self.outcome(v) {
            Outcome::D => followers.iter().copied().find(|&w| self.outcome(w) == Outcome::D),
            Outcome::N | Outcome::P => {
                let target = self.remoteness[v as usize].checked_sub(1)?;
                followers.iter().copied().find(|&w| self.remoteness[w as usize] == target)
            }
        }
    }
}

/// Win/lose/draw and remoteness of every position, by retrograde analysis in
/// time and extra memory O(positions + moves).
pub fn outcomes(graph: &Digraph) -> Outcomes {
    outcomes_with(graph, &crate::work::unlimited()).expect("an unlimited control is never cancelled")
}

/// [`outcomes`] under `control`: progress in positions decided, and a stop
/// with [`Cancelled`] when its token is set.
pub fn outcomes_with(graph: &Digraph, control: &Control) -> Result<Outcomes, Cancelled> {
    retrograde(graph, |_| 0, control)
}

/// The retrograde analysis with `extra(v)` unresolvable moves added to each
/// position `v`: such a position can still be N (through a P follower) but
/// never P. With `extra = 0` this is the plain analysis.
pub(crate) fn retrograde(
    graph: &Digraph,
    extra: impl Fn(VertexId) -> u32,
    control: &Control,
) -> Result<Outcomes, Cancelled> {
    let mut ticker = Ticker::new(control);
    let n = graph.position_count();
    let mut outcome = vec![Outcome::D; n];
    let mut remoteness = vec![NO_REMOTENESS; n];
    // The counter of moves out of v not yet known to lead to an N-position.
    let mut counter: Vec<u32> = (0..n as VertexId).map(|v| graph.out_degree(v) as u32 + extra(v)).collect();
    let mut queue: Vec<VertexId> = Vec::with_capacity(n);
    for v in 0..n as VertexId {
        if counter[v as usize] == 0 {
            outcome[v as usize] = Outcome::P;
            remoteness[v as usize] = 0;
            queue.push(v);
        }
    }
    let (pred_start, pred) = graph.predecessor_rows();
    let mut head = 0;
    while head < queue.len() {
        ticker.tick()?;
        let w = queue[head] as usize;
        head += 1;
        let r = remoteness[w] + 1;
        let preds = &pred[pred_start[w] as usize..pred_start[w + 1] as usize];
        if outcome[w] == Outcome::P {
            for &p in preds {
                let p = p as usize;
                if remoteness[p] == NO_REMOTENESS {
                    outcome[p] = Outcome::N;
                    remoteness[p] = r;
                    queue.push(p as VertexId);
                }
            }
        } else {
            for &p in preds {
                let p = p as usize;
                if remoteness[p] == NO_REMOTENESS {
                    counter[p] -= 1;
                    if counter[p] == 0 {
                        outcome[p] = Outcome::P;
                        remoteness[p] = r;
                        queue.push(p as VertexId);
                    }
                }
            }
        }
    }
    ticker.flush()?;
    Ok(Outcomes { outcome, remoteness })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn path_cycle_and_loop() {
        // 0 terminal; 1 -> 0; 2 -> 1; 3 <-> 4 and 4 -> 2; 5 -> 5.
        let g = Digraph::from_moves(6, [(1, 0), (2, 1), (3, 4), (4, 3), (4, 2), (5, 5)]).unwrap();
        let o = outcomes(&g);
        assert_eq!(o.as_slice(), &[Outcome::P, Outcome::N, Outcome::P, Outcome::P, Outcome::N, Outcome::D]);
        assert_eq!(o.remoteness(0), Some(0));
        assert_eq!(o.remoteness(2), Some(2));
        assert_eq!(o.remoteness(4), Some(3));
        assert_eq!(o.remoteness(3), Some(4));
        assert_eq!(o.remoteness(5), None);
        assert_eq!(o.best_move(&g, 4), Some(2));
        assert_eq!(o.best_move(&g, 5), Some(5));
        assert_eq!(o.best_move(&g, 0), None);
        assert_eq!(o.counts(), [3, 2, 1]);
    }
}
