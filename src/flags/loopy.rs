//! Flags of `arrows loopy`: the games, their positions and the output options.

use clap::{Args, Subcommand};

const EXAMPLES: &str = "\
Examples:
  arrows loopy --list                                   the games, one line each
  arrows loopy square-but-one --upto 40                 P, N or D, remoteness and gamma of 0..40
  arrows loopy subtraction --set 1,3,4 --upto 20
  arrows loopy put-or-take-a-square --at 92             remoteness 11
  arrows loopy fair-shares --almonds 6                  all 11 positions
  arrows loopy rectangle --upto 5 --grid                the slicing table
  arrows loopy nim --at 13,12,8                         a winning move
  arrows loopy digraph crates/loopy/tests/data/butler-thaw.txt
                                                        a digraph from a file (- for stdin)
  arrows loopy sum --digraph crates/loopy/tests/data/butler-thaw.txt E R2 I
                                                        coins on three vertices
  arrows loopy sum square-but-one:7 subtraction:9 --set 1,3,4
  arrows loopy cop-win crates/loopy/tests/data/petersen.txt --play
  arrows loopy tribulations --upto 50 --json            one JSON object per line

The files named are in the source tree of arrows (crates/loopy/tests/data/).

Columns: outcome P (the previous player wins: the player to move loses), N (the
next player, to move, wins) or D (a draw: play goes on forever); remoteness in
the Winning Ways sense (the winner hastens, the loser delays; a terminal
position has 0, a draw none); gamma, the generalized Sprague-Grundy value: a
number, or ∞{K} with K the finite values of the followers (Fraenkel's ∞(K));
move: the follower to move to (a win from N, keeping the draw from D). A
position is P iff gamma is 0, N iff gamma is a positive number or ∞{K} with 0
in K, D otherwise.

Games that add stones are explored up to --bound; a result the bound could
change is shown as ? (null in JSON), a remoteness known only within bounds as
LOW..HIGH.

Memory: a game is refused, with the positions and bytes it needs, when it
cannot fit --max-memory (default: three quarters of the available memory);
games whose size is known from the positions listed (Nim, the rectangle, a
listing of heaps or pairs) are refused before any work. Long explorations
show their progress on a terminal; Ctrl-C stops them.";

/// Arguments of `arrows loopy`.
#[derive(Args, Debug)]
#[command(after_long_help = EXAMPLES, arg_required_else_help = true)]
pub struct LoopyArgs {
    /// List the games, one line each.
    #[arg(long)]
    pub list: bool,
    /// The game to solve.
    #[command(subcommand)]
    pub game: Option<LoopyGame>,
}

/// Output options shared by the games.
#[derive(Args, Debug, Clone)]
pub struct Output {
    /// Print one JSON object per position, one per line, instead of a table.
    #[arg(long)]
    pub json: bool,
    /// List every position of the explored game, not only the requested ones.
    #[arg(long)]
    pub all: bool,
    /// Refuse a game with more positions than this (moves: ten times as many).
    #[arg(long, value_name = "N", default_value_t = 10_000_000)]
    pub max_positions: usize,
    /// Memory budget, e.g. 2G (default: three quarters of the available
    /// memory). A game that needs more is refused with what it needs.
    #[arg(long, value_name = "SIZE", value_parser = crate::flags::values::budget)]
    pub max_memory: Option<arrows_work::Budget>,
}

/// Which heaps to list.
#[derive(Args, Debug, Clone)]
pub struct HeapPositions {
    /// List the heaps 0 to N [default: 30].
    #[arg(long, value_name = "N")]
    pub upto: Option<u64>,
    /// List this position only; repeat for several (e.g. --at 7 --at 12).
    #[arg(long = "at", value_name = "POSITION", conflicts_with = "upto")]
    pub at: Vec<String>,
}

/// Which pairs to list.
#[derive(Args, Debug, Clone)]
pub struct PairPositions {
    /// List the pairs with both numbers up to N [default: 8].
    #[arg(long, value_name = "N")]
    pub upto: Option<u64>,
    /// List this position only, AxB or A,B (e.g. --at 5x5); repeat for several.
    #[arg(long = "at", value_name = "POSITION", conflicts_with = "upto")]
    pub at: Vec<String>,
}

/// A one-heap game.
#[derive(Args, Debug, Clone)]
pub struct HeapArgs {
    #[command(flatten)]
    pub positions: HeapPositions,
    #[command(flatten)]
    pub output: Output,
}

/// A one-heap game that can add stones, explored up to a bound.
#[derive(Args, Debug, Clone)]
pub struct GrowingHeapArgs {
    #[command(flatten)]
    pub positions: HeapPositions,
    /// Explore heaps up to B; moves to larger heaps are cut off (default: the
    /// whole game where it is finite, else 1000 times the largest heap listed,
    /// at least 100000 and at most --max-positions).
    #[arg(long, value_name = "B")]
    pub bound: Option<u64>,
    #[command(flatten)]
    pub output: Output,
}

/// A game on pairs of numbers.
#[derive(Args, Debug, Clone)]
pub struct PairArgs {
    #[command(flatten)]
    pub positions: PairPositions,
    /// Print the gamma values as a table, rows the first number and columns
    /// the second.
    #[arg(long, conflicts_with_all = ["json", "at"])]
    pub grid: bool,
    #[command(flatten)]
    pub output: Output,
}

/// A digraph read from a file.
#[derive(Args, Debug, Clone)]
pub struct DigraphArgs {
    /// The file: an edge list (each line a position and its followers) or
    /// Graphviz DOT; - reads standard input.
    #[arg(value_name = "FILE")]
    pub file: String,
    /// List this vertex only; repeat for several.
    #[arg(long = "at", value_name = "VERTEX")]
    pub at: Vec<String>,
    /// Print one JSON object per position, one per line, instead of a table.
    #[arg(long)]
    pub json: bool,
    /// Memory budget, e.g. 2G (default: three quarters of the available memory).
    #[arg(long, value_name = "SIZE", value_parser = crate::flags::values::budget)]
    pub max_memory: Option<arrows_work::Budget>,
}

/// A sum of positions.
#[derive(Args, Debug, Clone)]
pub struct SumArgs {
    /// The components: GAME:POSITION (square-but-one:7, subtraction:10,
    /// rectangle:3x4, nim:5, fair-shares:3,2,1, turning-turtles:THTH, ...) or,
    /// with --digraph, a vertex name. A game can appear several times.
    #[arg(value_name = "TERM", required = true)]
    pub terms: Vec<String>,
    /// A digraph file (edge list or DOT; - for standard input) whose vertices
    /// the terms without a game name are.
    #[arg(long, value_name = "FILE")]
    pub digraph: Option<String>,
    /// The subtraction set of the subtraction:N terms.
    #[arg(long, value_name = "S1,S2,...")]
    pub set: Option<String>,
    /// The bound for terms of games that add stones (default as for the game).
    #[arg(long, value_name = "B")]
    pub bound: Option<u64>,
    /// Also build the sum's product digraph, solve it directly, and check that
    /// its value is the one computed from the components.
    #[arg(long)]
    pub verify: bool,
    /// Print one JSON object instead of text.
    #[arg(long)]
    pub json: bool,
    /// Refuse a component (or, with --verify, a product) with more positions
    /// than this.
    #[arg(long, value_name = "N", default_value_t = 10_000_000)]
    pub max_positions: usize,
    /// Memory budget, e.g. 2G (default: three quarters of the available memory).
    #[arg(long, value_name = "SIZE", value_parser = crate::flags::values::budget)]
    pub max_memory: Option<arrows_work::Budget>,
}

/// The games.
#[derive(Subcommand, Debug)]
pub enum LoopyGame {
    /// Subtraction game: remove s stones for an s in the subtraction set.
    ///
    /// A heap of n stones; a move removes s stones for some s in the set, s <= n.
    ///
    /// Example: arrows loopy subtraction --set 1,3,4 --upto 13
    Subtraction {
        /// The subtraction set, e.g. 1,3,4.
        #[arg(long, value_name = "S1,S2,...", required = true)]
        set: String,
        #[command(flatten)]
        args: HeapArgs,
    },
    /// Nim: remove any number of stones from one heap (positions 3,4,5 for several heaps).
    ///
    /// With --upto, single heaps (gamma n = n). With --at, positions of several
    /// heaps, e.g. --at 13,12,8, with a winning move.
    Nim(HeapArgs),
    /// At-Least-Half: remove at least half of the heap.
    ///
    /// From n stones remove k with 2k >= n, k >= 1. The closed form of the
    /// lecture notes "Games on Arbitrary Graphs" is g(x) = floor(lg x) + 1.
    AtLeastHalf(HeapArgs),
    /// At-Most-Half: remove at least one and at most half of the heap.
    ///
    /// From n stones remove k with 1 <= k <= n/2; 0 and 1 are terminal.
    AtMostHalf(HeapArgs),
    /// Divisor game: remove a divisor of the heap (the whole heap included).
    Divisor(HeapArgs),
    /// Aliquot game: remove a proper divisor of the heap (heaps from 1).
    ///
    /// Silverman's game: from n chips remove c where c divides n and c < n; the
    /// only terminal position is 1.
    Aliquot(HeapArgs),
    /// Square-But-One: remove a positive square, or add one stone to a positive even heap.
    ///
    /// A loopy game: 2 -> 3 -> 2 -> ... From heaps up to N no heap above N + 1
    /// is reachable, so the default bound takes in the whole game.
    ///
    /// Example: arrows loopy square-but-one --upto 40
    SquareButOne(GrowingHeapArgs),
    /// Square-But-One, variant: remove a positive square, or add one stone to an odd heap.
    ///
    /// The exercise of "Combinatorial Game Theory V", lesson 5: analyse it for n < 40
    /// (arrows loopy square-but-one-odd --upto 39).
    SquareButOneOdd(GrowingHeapArgs),
    /// Epstein's Put-or-Take-a-Square: add or remove the largest square not above the heap.
    ///
    /// With m^2 the largest square not above n > 0, move to n - m^2 or n + m^2
    /// (with 7 stones, put or take 4). Heaps grow without limit, so the game is
    /// explored up to --bound; results the bound could change are marked.
    ///
    /// Example: arrows loopy put-or-take-a-square --at 92 (remoteness 11)
    PutOrTakeASquare(GrowingHeapArgs),
    /// Norton's Tribulations: add or remove the largest triangular number not above the heap.
    ///
    /// With t the largest of 1, 3, 6, 10, ... not above n > 0, move to n - t or
    /// n + t. Explored up to --bound, like Put-or-Take-a-Square.
    Tribulations(GrowingHeapArgs),
    /// Rectangle slicing: cut a slice of width 1 off an AxB board (positions AxB).
    ///
    /// AxB goes to (A-1)xB or Ax(B-1); a board with a side 0 is terminal.
    ///
    /// Example: arrows loopy rectangle --upto 5 --grid (the table of the lecture notes "Games on Arbitrary Graphs")
    Rectangle(PairArgs),
    /// Empty and Divide: empty one box, divide the other between both (positions m,n).
    ///
    /// Two boxes of m > 0 and n > 0 chips; empty one, and divide the other's
    /// chips between the two boxes, at least one in each. (1,1) is terminal.
    EmptyAndDivide(PairArgs),
    /// Fair Shares and Varied Pairs: split a heap into equal heaps, or merge two unequal ones.
    ///
    /// The almonds lie in heaps; divide a heap into two or more equal heaps, or
    /// merge two heaps of different sizes. All heaps of 1 is terminal. Lists
    /// every partition of the almonds (6 almonds: 11 positions).
    FairShares {
        /// The number of almonds (all partitions of it are listed).
        #[arg(long, value_name = "A", required = true)]
        almonds: u32,
        /// List this position only (heaps, e.g. 3,2,1); repeat for several.
        #[arg(long = "at", value_name = "POSITION")]
        at: Vec<String>,
        #[command(flatten)]
        output: Output,
    },
    /// Nimble: coins on squares 0,1,2,...; move a coin to any square to its left.
    ///
    /// Several coins may share a square; play ends with every coin on 0.
    ///
    /// Example: arrows loopy nimble --at 1,3,3,7
    Nimble {
        /// The squares of the coins, e.g. 1,3,3,7; repeat for several positions.
        #[arg(long = "at", value_name = "SQUARES", required = true)]
        at: Vec<String>,
        #[command(flatten)]
        output: Output,
    },
    /// Turning Turtles: turn a head to tails, and maybe one coin to its left.
    ///
    /// A row of coins written with H and T, coin 1 first; a move turns one coin
    /// from heads to tails and, if desired, one other coin to its left.
    ///
    /// Example: arrows loopy turning-turtles --at THTTHTTTHHTHT
    TurningTurtles {
        /// List every row of this many coins (at most 16).
        #[arg(long, value_name = "N", required_unless_present = "at", conflicts_with = "at")]
        length: Option<u32>,
        /// List this row only, e.g. THTTH (coin 1 first); repeat for several.
        #[arg(long = "at", value_name = "ROW")]
        at: Vec<String>,
        #[command(flatten)]
        output: Output,
    },
    /// The policeman and the thief on a board drawn in a file (# . P T E).
    ///
    /// The policeman walks in 8 directions, the thief in 4, in turns, the
    /// policeman first; either may stay put. On the same cell the policeman
    /// wins; the thief wins if it is his turn on the exit. A position is the
    /// two cells and who moves next; the outcome is the one of the player to
    /// move, and the winner column says who wins. --all lists every position.
    Policeman {
        /// The board: # a wall, . a free cell, P the policeman, T the thief,
        /// E the exit; - reads standard input.
        #[arg(value_name = "FILE")]
        file: String,
        #[command(flatten)]
        output: Output,
    },
    /// Cop-win recognition of an undirected graph by dismantling.
    ///
    /// Removes dominated vertices (`v` with `N[v]` inside `N[w]`, closed
    /// neighbourhoods) one at a time; the graph is cop-win iff one vertex is
    /// left. The cop picks a vertex, then the robber; the cop moves first and
    /// both may stay put.
    CopWin {
        /// The graph: an edge list or DOT file, edges taken both ways; - reads
        /// standard input.
        #[arg(value_name = "FILE")]
        file: String,
        /// Also decide it by playing cops and robbers out (retrograde analysis).
        #[arg(long)]
        play: bool,
        /// Print one JSON object instead of text.
        #[arg(long)]
        json: bool,
        /// Memory budget of --play, e.g. 2G (default: three quarters of the
        /// available memory).
        #[arg(long, value_name = "SIZE", value_parser = crate::flags::values::budget)]
        max_memory: Option<arrows_work::Budget>,
    },
    /// Any digraph read from a file: an edge list or DOT.
    ///
    /// Edge list: each line a position followed by its followers ("E A1 N2"),
    /// or a chain "a -> b -> c"; # starts a comment. DOT: digraph { a -> b; }
    /// (a game digraph is directed: an undirected DOT graph is refused). A
    /// position with no move loses for the player to move there.
    ///
    /// Example: arrows loopy digraph crates/loopy/tests/data/butler-loop.txt --at E
    Digraph(DigraphArgs),
    /// A sum of positions: one token per component, a move moves one token.
    ///
    /// The value is the nim-sum of the components' gamma values, where
    /// a + ∞(K) = ∞(K + a) and two infinities make a draw. The best move wins
    /// from N (in finitely many moves) and keeps the draw from D.
    ///
    /// Example: arrows loopy sum square-but-one:7 subtraction:9 --set 1,3,4
    ///
    /// Example: arrows loopy sum --digraph crates/loopy/tests/data/butler-thaw.txt E R2 I --verify
    Sum(SumArgs),
}

#[cfg(test)]
mod tests {
    use super::*;
    use arrows_loopy::catalog::GAMES;

    /// The subcommands are the catalog's games and `sum`, in the catalog's
    /// order, each with the catalog's one-line description and a flag for each
    /// parameter of its rules: the two lists cannot drift apart.
    #[test]
    fn the_subcommands_are_the_catalog() {
        let cmd = <LoopyGame as Subcommand>::augment_subcommands(clap::Command::new("loopy"));
        let names: Vec<&str> = cmd.get_subcommands().map(|c| c.get_name()).collect();
        let mut expected: Vec<&str> = GAMES.iter().map(|g| g.name).collect();
        expected.push("sum");
        assert_eq!(names, expected);
        for game in GAMES {
            let sub = cmd.find_subcommand(game.name).expect("listed above");
            let about = sub.get_about().map(|a| a.to_string()).unwrap_or_default();
            assert_eq!(about, game.about, "the description of {}", game.name);
            for p in game.parameters {
                assert!(sub.get_arguments().any(|a| a.get_id() == p.name), "{} has no --{}", game.name, p.name);
            }
        }
    }
}
