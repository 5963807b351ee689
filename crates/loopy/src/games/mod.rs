//! The classic games of the crate's sources, each a rule-defined [`Game`] with
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
//!
//! The [`catalog`](crate::catalog) names them all for the front doors.

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

    /// Reads a position.
    fn parse(&self, text: &str) -> Result<Self::Position, PositionError>;
}

/// Why a game cannot be built with the parameters given.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum GameError {
    /// A subtraction game needs at least one number to subtract.
    #[error("the subtraction set is empty; it needs at least one positive number, e.g. 1,3,4")]
    EmptySubtractionSet,
    /// Every number of a subtraction set is positive.
    #[error("the subtraction set contains 0; every number in it must be positive")]
    ZeroInSubtractionSet,
    /// A number of the subtraction set is not a number.
    #[error("a subtraction set is positive numbers separated by commas, e.g. 1,3,4; got '{text}'")]
    SubtractionSetSyntax {
        /// The text given.
        text: String,
    },
    /// Fair Shares is played with 1 to `max` almonds.
    #[error("the number of almonds must be 1 to {max}, got {almonds}")]
    Almonds {
        /// The number asked for.
        almonds: u64,
        /// The largest number supported.
        max: u32,
    },
    /// Turning Turtles is played on rows of at most `max` coins.
    #[error("rows of at most {max} coins are supported, got {coins}")]
    Coins {
        /// The length asked for.
        coins: u64,
        /// The longest row supported.
        max: u32,
    },
}

/// Why a text is not a position of a game.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum PositionError {
    /// A number was expected.
    #[error("{what} must be a non-negative integer, got '{text}'")]
    NotANumber {
        /// What the number is, e.g. `a heap`.
        what: &'static str,
        /// The text read.
        text: String,
    },
    /// A number past what the game supports.
    #[error("{what} up to {max} are supported, got {value}")]
    TooLarge {
        /// What the numbers are, e.g. `heap sizes`.
        what: &'static str,
        /// The number read.
        value: u64,
        /// The largest supported.
        max: u64,
    },
    /// Nothing was given where a list was expected.
    #[error("give {what} separated by commas, e.g. {example}")]
    Empty {
        /// What the list holds.
        what: &'static str,
        /// An example of a position.
        example: &'static str,
    },
    /// The text does not have the form of a position.
    #[error("expected a position of the form {form}, got '{text}'")]
    Form {
        /// The form expected, with an example.
        form: &'static str,
        /// The text read.
        text: String,
    },
    /// A heap below the smallest position of the game.
    #[error("the smallest heap of this game is {smallest}, got {heap}")]
    BelowSmallest {
        /// The heap read.
        heap: u64,
        /// The smallest heap that is a position.
        smallest: u64,
    },
    /// A heap beyond the bound the game is explored to.
    #[error("the heap {heap} lies beyond the bound {bound}")]
    BeyondBound {
        /// The heap read.
        heap: u64,
        /// The bound of the game.
        bound: u64,
    },
    /// A box of Empty and Divide without chips.
    #[error("both boxes hold at least one chip, got '{text}'")]
    EmptyBox {
        /// The text read.
        text: String,
    },
    /// A heap of Fair Shares without almonds.
    #[error("heaps hold at least one almond, got '{text}'")]
    EmptyHeap {
        /// The text read.
        text: String,
    },
    /// Heaps that do not hold the game's almonds.
    #[error("the heaps '{text}' hold {total} almonds, but the game has {almonds}")]
    Almonds {
        /// The text read.
        text: String,
        /// The almonds in those heaps.
        total: u64,
        /// The almonds of the game.
        almonds: u32,
    },
    /// A row of Turning Turtles of the wrong length.
    #[error("expected a row of {coins} coins written with H and T, got '{text}'")]
    RowLength {
        /// The coins of the game.
        coins: u32,
        /// The text read.
        text: String,
    },
    /// A coin that is neither heads nor tails.
    #[error("coins are written H (heads) or T (tails), got '{found}' in '{text}'")]
    Coin {
        /// The character read.
        found: char,
        /// The text read.
        text: String,
    },
    /// A cell of the policeman's board that is a wall or off the board.
    #[error("{cell} is not a free cell of the board")]
    NotFree {
        /// The cell as written.
        cell: String,
    },
}

/// Reads a non-negative integer, naming `what` in the error.
pub(crate) fn parse_number(text: &str, what: &'static str) -> Result<u64, PositionError> {
    let t = text.trim();
    t.parse::<u64>().map_err(|_| PositionError::NotANumber { what, text: t.to_string() })
}

/// Reads a comma-separated list of non-negative integers (empty allowed).
pub(crate) fn parse_list(text: &str, what: &'static str) -> Result<Vec<u64>, PositionError> {
    let t = text.trim();
    if t.is_empty() {
        return Ok(Vec::new());
    }
    t.split(',').map(|x| parse_number(x, what)).collect()
}

/// The heap bytes the allocator hands out for a request of `bytes` (a
/// glibc-style allocator: 8 bytes of header, 16-byte granules, 32 bytes at
/// least), 0 for no request. Positions that own a heap block report it
/// through [`Game::position_bytes`].
pub fn heap_block(bytes: usize) -> usize {
    if bytes == 0 { 0 } else { (bytes + 8).next_multiple_of(16).max(32) }
}
