//! Flags of `arrows play`: a game in the terminal against perfect strategy.

use crate::flags::analysis::{EngineChoice, RuleOpts};
use crate::flags::source::PlaneOpts;
use arrows_core::{Play, Variant};
use clap::{Args, ValueEnum};

const EXAMPLES: &str = "\
Examples:
  arrows play spider 4 6 8                    you move first on S(4,6,8)
  arrows play path 7 --first arrows           arrows moves first
  arrows play 0-1,1-2,1-3,3-4 --untrimmed     any graph: graph6, sparse6 or an edge list
  arrows play graph --edges 0-1,1-2,2-0 --cells 0-1-2 --cycles
  arrows play board examples/boards/square.txt   a board file (the Game of Cycles)
  arrows play spider 2 3 --state 0>1          from a marked state
  arrows play wheel 5 --cycles                the Game of Cycles on the wheel with 5 spokes
  arrows play path 6 --misere                 misère play: the last player to move loses
  arrows play grid 3 3 --cycles --max-time 30s   arrows thinks at most 30 s a move
  printf '1\\nhint\\n2\\n' | arrows play path 5    scripted: one line per input

At the prompt, type a move in the notation (3>4 or 4<3) or its number in the
list, or one of:
  hint      the winning moves, if there are any
  explain   the components of the position, their values and the nim-sum
  undo      take back your last move and arrows' answer
  draw      the position as text (a spider one line per leg, as --draw text)
  moves     the legal moves again
  help      this list
  quit      stop (so does the end of the input)

Arrows answers with a winning move when there is one, and otherwise with the
move that keeps the game longest. At the end it says who won and, if you
lost from a winning position, which move gave the win away.";

/// Who moves first.
#[derive(ValueEnum, Debug, Clone, Copy, PartialEq, Eq)]
pub enum First {
    /// You.
    Me,
    /// The program.
    Arrows,
}

/// Arguments of `arrows play`.
#[derive(Args, Debug)]
#[command(after_long_help = EXAMPLES)]
pub struct PlayArgs {
    /// The graph: a family (spider 4 6 8), an edge list, `board FILE` or `graph`.
    ///
    /// A family with its parameters (spider 4 6 8, path 7, cycle 5,
    /// star 6, broom 4 3, caterpillar 2,0,3, wheel 5, fan 4, theta 1 2 3,
    /// grid 3 4, ladder 4, prism 5, k4), graph6, sparse6 or an edge list,
    /// `board FILE` (a Game of Cycles board file, as `arrows board` reads it;
    /// it implies --cycles), or `graph` with --edges or --graph6.
    #[arg(value_name = "GRAPH", num_args = 0..)]
    pub graph: Vec<String>,
    /// An edge list, e.g. "0-1,1-2,1-3" (as `arrows graph --edges`).
    #[arg(long, value_name = "EDGES", conflicts_with = "graph6", allow_hyphen_values = true)]
    pub edges: Option<String>,
    /// One graph6 or sparse6 line (as `arrows graph --graph6`).
    #[arg(long, value_name = "LINE", allow_hyphen_values = true)]
    pub graph6: Option<String>,
    /// The cells of a graph given as an edge list, graph6 or sparse6.
    #[command(flatten)]
    pub plane: PlaneOpts,
    /// Who moves first.
    #[arg(long, value_enum, default_value_t = First::Me)]
    pub first: First,
    /// The rule set and the play.
    #[command(flatten)]
    pub rules: RuleOpts,
    /// Start from this state: arrows TAIL>HEAD, e.g. "0>1,5>4".
    #[arg(long, value_name = "ARROWS")]
    pub state: Option<String>,
    /// The engine arrows thinks with.
    ///
    /// The default is canonical where it applies, otherwise brute.
    #[arg(long, value_enum)]
    pub engine: Option<EngineChoice>,
    /// Memory budget for the engines, e.g. 512M.
    ///
    /// The default is three quarters of the available memory.
    #[arg(long, value_name = "SIZE", value_parser = crate::flags::values::budget)]
    pub max_memory: Option<arrows_work::Budget>,
    /// Time limit for each computation of arrows, e.g. 30s or 2m.
    ///
    /// The default is none. Your own thinking time does not count. A hint or an
    /// explanation past it says so and the game goes on; arrows' own move
    /// past it ends the game with a message, exit code 2.
    #[arg(long, value_name = "DURATION", value_parser = crate::flags::values::duration)]
    pub max_time: Option<std::time::Duration>,
}

impl PlayArgs {
    /// The rule set the flags choose.
    pub fn variant(&self) -> Variant {
        self.rules.variant()
    }

    /// The play convention the flags choose.
    pub fn play(&self) -> Play {
        self.rules.play()
    }
}
