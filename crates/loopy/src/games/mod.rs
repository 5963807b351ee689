//! The classic games of the seed texts, each a rule-defined [`Game`] with
//! its parameters, and each able to write and read its positions
//! ([`Notation`]).
//!
//! | game | positions | module |
//! | --- | --- | --- |
//! | subtraction games, Nim (one heap), At-Least-Half, At-Most-Half, the divisor game, the Aliquot game, Square-But-One and its variant, Epstein's Put-or-Take-a-Square, Norton's Tribulations | a heap of `n` | [`heap`] |
//! | the rectangle slicing game, Empty and Divide | a pair `(a, b)` | [`pair`] |
//! | Nim, Nimble | heaps / coins | [`nim`] |
//! | Turning Turtles | a row of coins | [`turtles`] |
//! | Fair Shares and Varied Pairs | a partition of the almonds | [`fair_shares`] |
//! | the policeman and the thief | a grid given as text | [`policeman`] |
//! | cops and robbers, cop-win graphs | an undirected graph | [`copwin`] |

use crate::explore::Game;

pub mod copwin;
pub mod fair_shares;
pub mod heap;
pub mod nim;
pub mod pair;
pub mod policeman;
pub mod turtles;

/// A game whose positions can be written as text and read back.
///
/// Invariant: `parse(&format(p)) == Ok(p)` for every position `p` of the game.
pub trait Notation: Game {
    /// The position as text, e.g. `7`, `3x5`, `1,3,3,7` or `THTTH`.
    fn format(&self, position: &Self::Position) -> String;

    /// Reads a position; the error is one line naming the problem and the
    /// expected form.
    fn parse(&self, text: &str) -> Result<Self::Position, String>;
}

/// Reads a non-negative integer, naming `what` in the error.
pub(crate) fn parse_number(text: &str, what: &str) -> Result<u64, String> {
    let t = text.trim();
    t.parse::<u64>().map_err(|_| format!("{what} must be a non-negative integer, got '{t}'"))
}

/// Reads a comma-separated list of non-negative integers (empty allowed).
pub(crate) fn parse_list(text: &str, what: &str) -> Result<Vec<u64>, String> {
    let t = text.trim();
    if t.is_empty() {
        return Ok(Vec::new());
    }
    t.split(',').map(|x| parse_number(x, what)).collect()
}
