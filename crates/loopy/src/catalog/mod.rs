//! The catalog of the games: one place that names every game, says what its
//! positions and parameters are, builds it, and solves requests about it, so
//! that every front door (the command line, a server, a Python module) gives
//! the same answers in the same words and the same JSON.
//!
//! * [`GAMES`] lists the games: name, one-line description, how positions
//!   are written, parameters ([`GameInfo`]); [`game`] finds one by name.
//! * [`solve`] answers a [`Request`]: explores the game from the positions
//!   asked for, solves it, and returns a [`Report`] (rows of outcome,
//!   remoteness, gamma and best move, ready for a table or for JSON).
//! * [`solve_digraph`] does the same for a digraph read from text,
//!   [`solve_sum`] for a sum of positions (`GAME:POSITION` terms, or vertices
//!   of a digraph), [`cop_win`] decides whether a graph is cop-win.
//!
//! Everything runs under an [`arrows_work::Control`]: the memory budget (a
//! request that cannot fit is refused before it is explored, with the
//! positions and bytes it needs), progress in positions, and cancellation.
//! Errors are [`CatalogError`] values; none names a command-line flag.

mod copwin;
mod error;
mod report;
mod rules;
mod sum;

pub use copwin::{CopWinReport, cop_win};
pub use error::CatalogError;
pub use report::{Report, Row, Summary, Tally};
pub use rules::{solve, solve_digraph};
pub use sum::{BestMove, SumReport, SumRequest, TermValue, solve_sum};

use crate::explore::Limits;
use crate::games::GameError;
use crate::games::heap::HeapRule;

/// A game of the catalog.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum GameId {
    /// A subtraction game.
    Subtraction,
    /// Nim.
    Nim,
    /// At-Least-Half.
    AtLeastHalf,
    /// At-Most-Half.
    AtMostHalf,
    /// The divisor game.
    Divisor,
    /// The Aliquot game.
    Aliquot,
    /// Square-But-One.
    SquareButOne,
    /// Square-But-One, the odd variant.
    SquareButOneOdd,
    /// Epstein's Put-or-Take-a-Square.
    PutOrTakeASquare,
    /// Norton's Tribulations.
    Tribulations,
    /// Rectangle slicing.
    Rectangle,
    /// Empty and Divide.
    EmptyAndDivide,
    /// Fair Shares and Varied Pairs.
    FairShares,
    /// Nimble.
    Nimble,
    /// Turning Turtles.
    TurningTurtles,
    /// The policeman and the thief.
    Policeman,
    /// Cop-win recognition.
    CopWin,
    /// Any digraph.
    Digraph,
}

/// A parameter of a game's rules.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Parameter {
    /// Its name (the field of [`Parameters`]).
    pub name: &'static str,
    /// What it is, one line.
    pub about: &'static str,
}

/// What the catalog says of a game.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct GameInfo {
    /// Which game.
    pub id: GameId,
    /// Its name, e.g. `square-but-one`.
    pub name: &'static str,
    /// Its rules in one line.
    pub about: &'static str,
    /// How a position is written, with an example.
    pub position: &'static str,
    /// The parameters of its rules.
    pub parameters: &'static [Parameter],
    /// Whether a position of it can be a term `name:POSITION` of a sum.
    pub in_sums: bool,
}

const SET: Parameter = Parameter { name: "set", about: "the subtraction set, e.g. 1,3,4" };
const BOUND: Parameter = Parameter { name: "bound", about: "the largest heap explored; moves beyond it are cut off" };
const ALMONDS: Parameter = Parameter { name: "almonds", about: "the number of almonds" };
const LENGTH: Parameter = Parameter { name: "length", about: "the number of coins in the row" };

const fn info(
    id: GameId,
    name: &'static str,
    about: &'static str,
    position: &'static str,
    parameters: &'static [Parameter],
) -> GameInfo {
    GameInfo { id, name, about, position, parameters, in_sums: true }
}

const fn not_in_sums(mut game: GameInfo) -> GameInfo {
    game.in_sums = false;
    game
}

/// Every game, in the order they are listed.
pub const GAMES: &[GameInfo] = &[
    info(
        GameId::Subtraction,
        "subtraction",
        "Subtraction game: remove s stones for an s in the subtraction set",
        "a heap, e.g. 9",
        &[SET],
    ),
    info(
        GameId::Nim,
        "nim",
        "Nim: remove any number of stones from one heap (positions 3,4,5 for several heaps)",
        "heaps, e.g. 13,12,8",
        &[],
    ),
    info(
        GameId::AtLeastHalf,
        "at-least-half",
        "At-Least-Half: remove at least half of the heap",
        "a heap, e.g. 9",
        &[],
    ),
    info(
        GameId::AtMostHalf,
        "at-most-half",
        "At-Most-Half: remove at least one and at most half of the heap",
        "a heap, e.g. 9",
        &[],
    ),
    info(
        GameId::Divisor,
        "divisor",
        "Divisor game: remove a divisor of the heap (the whole heap included)",
        "a heap, e.g. 12",
        &[],
    ),
    info(
        GameId::Aliquot,
        "aliquot",
        "Aliquot game: remove a proper divisor of the heap (heaps from 1)",
        "a heap of at least 1, e.g. 12",
        &[],
    ),
    info(
        GameId::SquareButOne,
        "square-but-one",
        "Square-But-One: remove a positive square, or add one stone to a positive even heap",
        "a heap, e.g. 7",
        &[BOUND],
    ),
    info(
        GameId::SquareButOneOdd,
        "square-but-one-odd",
        "Square-But-One, variant: remove a positive square, or add one stone to an odd heap",
        "a heap, e.g. 7",
        &[BOUND],
    ),
    info(
        GameId::PutOrTakeASquare,
        "put-or-take-a-square",
        "Epstein's Put-or-Take-a-Square: add or remove the largest square not above the heap",
        "a heap, e.g. 92",
        &[BOUND],
    ),
    info(
        GameId::Tribulations,
        "tribulations",
        "Norton's Tribulations: add or remove the largest triangular number not above the heap",
        "a heap, e.g. 7",
        &[BOUND],
    ),
    info(
        GameId::Rectangle,
        "rectangle",
        "Rectangle slicing: cut a slice of width 1 off an AxB board (positions AxB)",
        "AxB, e.g. 3x4",
        &[],
    ),
    info(
        GameId::EmptyAndDivide,
        "empty-and-divide",
        "Empty and Divide: empty one box, divide the other between both (positions m,n)",
        "m,n, e.g. 3,5",
        &[],
    ),
    info(
        GameId::FairShares,
        "fair-shares",
        "Fair Shares and Varied Pairs: split a heap into equal heaps, or merge two unequal ones",
        "heaps of almonds, e.g. 3,2,1",
        &[ALMONDS],
    ),
    info(
        GameId::Nimble,
        "nimble",
        "Nimble: coins on squares 0,1,2,...; move a coin to any square to its left",
        "the squares of the coins, e.g. 1,3,3,7",
        &[],
    ),
    info(
        GameId::TurningTurtles,
        "turning-turtles",
        "Turning Turtles: turn a head to tails, and maybe one coin to its left",
        "a row of H and T, coin 1 first, e.g. THTTH",
        &[LENGTH],
    ),
    not_in_sums(info(
        GameId::Policeman,
        "policeman",
        "The policeman and the thief on a board drawn in a file (# . P T E)",
        "P@ROW,COLUMN T@ROW,COLUMN and who moves, e.g. P@2,2 T@2,4 police",
        &[],
    )),
    not_in_sums(info(
        GameId::CopWin,
        "cop-win",
        "Cop-win recognition of an undirected graph by dismantling",
        "a graph: an edge list or DOT, edges taken both ways",
        &[],
    )),
    not_in_sums(info(
        GameId::Digraph,
        "digraph",
        "Any digraph read from a file: an edge list or DOT",
        "a vertex name of the digraph",
        &[],
    )),
];

/// The game named `name`, if the catalog has it.
pub fn game(name: &str) -> Option<&'static GameInfo> {
    GAMES.iter().find(|g| g.name == name)
}

impl std::str::FromStr for GameId {
    type Err = CatalogError;

    /// The game named `name` (`square-but-one`), or [`CatalogError::UnknownGame`].
    fn from_str(name: &str) -> Result<GameId, CatalogError> {
        game(name).map(|g| g.id).ok_or_else(|| CatalogError::UnknownGame { name: name.to_string() })
    }
}

impl GameId {
    /// What the catalog says of this game.
    pub fn info(self) -> &'static GameInfo {
        GAMES.iter().find(|g| g.id == self).expect("every game is in the catalog")
    }

    /// The rule of a one-heap game, `None` for the others (and for the
    /// subtraction game, whose rule needs its set).
    pub fn heap_rule(self) -> Option<HeapRule> {
        Some(match self {
            GameId::Nim => HeapRule::Nim,
            GameId::AtLeastHalf => HeapRule::AtLeastHalf,
            GameId::AtMostHalf => HeapRule::AtMostHalf,
            GameId::Divisor => HeapRule::Divisor,
            GameId::Aliquot => HeapRule::Aliquot,
            GameId::SquareButOne => HeapRule::SquareButOne,
            GameId::SquareButOneOdd => HeapRule::SquareButOneOdd,
            GameId::PutOrTakeASquare => HeapRule::PutOrTakeASquare,
            GameId::Tribulations => HeapRule::Tribulations,
            _ => return None,
        })
    }

    /// The bound a game that adds stones is explored to when none is given,
    /// for listed heaps up to `largest` and at most `max_positions` positions:
    /// the whole game where it is finite (from heaps up to `n`, Square-But-One
    /// and its variant never go beyond `n + 1`), else 1000 times the largest
    /// heap, at least 100000 and at most `max_positions`, never below the
    /// largest heap. `None` for the games that never add stones.
    pub fn default_bound(self, largest: u64, max_positions: usize) -> Option<u64> {
        match self {
            GameId::SquareButOne | GameId::SquareButOneOdd => Some(largest.saturating_add(1)),
            GameId::PutOrTakeASquare | GameId::Tribulations => {
                Some(largest.saturating_mul(1000).max(100_000).min(max_positions as u64).max(largest))
            }
            _ => None,
        }
    }
}

/// The parameters of a game's rules (those a game does not have are ignored).
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Parameters {
    /// The subtraction set of the subtraction game.
    pub set: Option<Vec<u64>>,
    /// The bound of a game that adds stones (default:
    /// [`GameId::default_bound`]); for other one-heap games of a sum, a bound
    /// on the heaps explored.
    pub bound: Option<u64>,
    /// The almonds of Fair Shares (in a sum, the almonds of the term's
    /// position).
    pub almonds: Option<u64>,
    /// The coins of a row of Turning Turtles (default: the length of the first
    /// row listed).
    pub length: Option<u64>,
    /// The policeman's board as text: `#` wall, `.` free, `P`, `T`, `E`.
    pub board: Option<String>,
}

/// Reads a subtraction set written `1,3,4`.
pub fn parse_subtraction_set(text: &str) -> Result<Vec<u64>, GameError> {
    text.split(',')
        .map(|x| x.trim().parse::<u64>())
        .collect::<Result<_, _>>()
        .map_err(|_| GameError::SubtractionSetSyntax { text: text.to_string() })
}

/// Which positions a [`Request`] lists.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Positions {
    /// These positions, written as the game writes them.
    At(Vec<String>),
    /// Every heap up to `n` of a one-heap game (Nim: single heaps), every
    /// pair with both numbers up to `n` of a game on pairs; `None`: the
    /// game's default (30 heaps, 8 for pairs).
    Upto(Option<u64>),
    /// Every position of the game (Fair Shares: every partition of the
    /// almonds; Turning Turtles: every row; the policeman: both players
    /// anywhere).
    All,
    /// The game's own start (the policeman's board as drawn).
    Start,
}

/// A question about a game of the catalog.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Request {
    /// The game.
    pub game: GameId,
    /// Its parameters.
    pub parameters: Parameters,
    /// The positions to list.
    pub positions: Positions,
    /// List every position explored, not only those asked for.
    pub all: bool,
    /// Caps on the exploration.
    pub limits: Limits,
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_game_is_listed_once_and_found_by_name() {
        for (i, g) in GAMES.iter().enumerate() {
            assert_eq!(game(g.name), Some(g));
            assert_eq!(g.id.info(), g);
            assert_eq!(g.name.parse::<GameId>(), Ok(g.id));
            assert!(GAMES[i + 1..].iter().all(|h| h.name != g.name && h.id != g.id), "{}", g.name);
            assert!(!g.about.ends_with('.') && !g.about.contains("--"), "{}", g.about);
        }
        assert_eq!(game("no-such-game"), None);
        assert_eq!("chess".parse::<GameId>(), Err(CatalogError::UnknownGame { name: "chess".into() }));
    }

    #[test]
    fn default_bounds() {
        assert_eq!(GameId::SquareButOne.default_bound(40, 10), Some(41));
        assert_eq!(GameId::PutOrTakeASquare.default_bound(92, 10_000_000), Some(100_000));
        assert_eq!(GameId::Tribulations.default_bound(500, 10_000_000), Some(500_000));
        assert_eq!(GameId::Tribulations.default_bound(500, 1000), Some(1000));
        assert_eq!(GameId::Tribulations.default_bound(5000, 1000), Some(5000));
        assert_eq!(GameId::Nim.default_bound(5, 10), None);
        assert_eq!(parse_subtraction_set("4, 1,3"), Ok(vec![4, 1, 3]));
    }
}
