//! Closed forms for path components, from Section 5 of the paper.
//!
//! A path component with `n` edges is named by its two end labels (its
//! interior vertices need both arrows, see [`Need`]):
//!
//! | ends             | the paper's state | Grundy value | every terminal descendant |
//! |------------------|-------------------|--------------|---------------------------|
//! | free, free       | the rod `R_n`     | `[n]_2` (Prop. 5.6) | (not given)        |
//! | free, in or out  | the twig `T_n`    | `n` (Prop. 5.4)     | (not given)        |
//! | in, out          | the flow `F_n`    | `[n]_2` (Prop. 5.2) | `[n]` moves away   |
//! | in, in / out, out| the crash `C_n`   | `[n+1]_2` (Prop. 5.2) | `[n+1]` moves away |
//!
//! The twig `T_n` is `P_{n+1}` with `0>1`: vertex 1 has an in-arrow and
//! needs an out-arrow, the far end is a free leaf. The flow and the crash
//! are `P_{n+2}` with `0>1` and one more arrow at the far end, pointing the
//! same way (the far vertex needs an in-arrow) or back (it needs an
//! out-arrow). The flip and the reversal of a path give the same state up
//! to isomorphism, which is why the table reads the ends as an unordered
//! pair up to swapping in and out.
//!
//! The paper checks (`arrows check`) verify these propositions with the
//! canonical engine built [`without closed forms`](super::CanonicalEngine::without_closed_forms),
//! and the engine-agreement tests compare the engine that uses them with
//! brute force.

use super::need::Need;

/// The four families of path states of Section 5.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum PathFamily {
    /// `R_n`: both ends free.
    Rod,
    /// `T_n`: one end free, the other needs one arrow.
    Twig,
    /// `F_n`: one end needs an in-arrow, the other an out-arrow.
    Flow,
    /// `C_n`: both ends need the same arrow.
    Crash,
}

impl PathFamily {
    /// The family of the path whose ends are labelled `left` and `right`;
    /// `None` when an end needs both arrows (such an end edge is dead, and
    /// the decomposition never leaves one).
    pub fn of(left: Need, right: Need) -> Option<PathFamily> {
        use Need::*;
        match (left, right) {
            (Both, _) | (_, Both) => None,
            (Free, Free) => Some(PathFamily::Rod),
            (Free, _) | (_, Free) => Some(PathFamily::Twig),
            (In, Out) | (Out, In) => Some(PathFamily::Flow),
            (In, In) | (Out, Out) => Some(PathFamily::Crash),
        }
    }

    /// The Grundy value of the member with `n` edges (Propositions 5.2, 5.4, 5.6).
    pub fn grundy(self, n: u32) -> u32 {
        match self {
            PathFamily::Rod | PathFamily::Flow => n % 2,
            PathFamily::Twig => n,
            PathFamily::Crash => (n + 1) % 2,
        }
    }

    /// `Some(p)` when every terminal descendant of the member with `n`
    /// edges is `p` moves away, mod 2 (Proposition 5.2 for flows and
    /// crashes); `None` where the paper gives no such statement.
    pub fn moves_parity(self, n: u32) -> Option<u32> {
        match self {
            PathFamily::Flow => Some(n % 2),
            PathFamily::Crash => Some((n + 1) % 2),
            PathFamily::Rod | PathFamily::Twig => None,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use Need::*;

    #[test]
    fn the_families_read_their_ends_up_to_reversal_and_flip() {
        for (a, b) in [(Free, In), (In, Out), (Out, Out), (Free, Free)] {
            let f = PathFamily::of(a, b);
            assert_eq!(f, PathFamily::of(b, a));
            assert_eq!(f, PathFamily::of(a.flip(), b.flip()));
        }
        assert_eq!(PathFamily::of(Both, Free), None);
        assert_eq!(PathFamily::Twig.grundy(7), 7);
        assert_eq!(PathFamily::Crash.moves_parity(1), Some(0));
    }
}
