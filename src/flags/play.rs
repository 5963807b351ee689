//! Flags of `arrows play`: a game in the terminal against perfect strategy.

use crate::flags::analysis::{EngineChoice, RuleOpts};
use arrows_core::{Play, Variant};
use clap::{Args, ValueEnum};

const EXAMPLES: &str = "\
Examples:
  arrows play spider 4 6 8                    you move first on S(4,6,8)
  arrows play path 7 --first arrows           arrows moves first
  arrows play 0-1,1-2,1-3,3-4 --untrimmed     any graph: graph6, sparse6 or an edge list
  arrows play spider 2 3 --state 0>1          from a marked state
  arrows play wheel 5 --cycles                the Game of Cycles on the wheel with 5 spokes
  arrows play path 6 --misere                 misère play: the last player to move loses
  printf '1\\nhint\\n2\\n' | arrows play path 5    scripted: one line per input

At the prompt, type a move in the notation (3>4 or 4<3) or its number in the
list, or one of:
  hint      the winning moves, if there are any
  explain   the components of the position, their values and the nim-sum
  undo      take back your last move and arrows' answer
  draw      the position as text
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
    /// The graph: a family with its parameters (spider 4 6 8, path 7, cycle 5,
    /// star 6, broom 4 3, caterpillar 2,0,3, wheel 5, fan 4, theta 1 2 3,
    /// grid 3 4, ladder 4, prism 5, k4), or graph6, sparse6 or an edge list.
    #[arg(value_name = "GRAPH", required = true, num_args = 1..)]
    pub graph: Vec<String>,
    /// Who moves first.
    #[arg(long, value_enum, default_value_t = First::Me)]
    pub first: First,
    /// The rule set and the play.
    #[command(flatten)]
    pub rules: RuleOpts,
    /// Start from this state instead of the empty one: arrows TAIL>HEAD,
    /// comma separated, e.g. "0>1,5>4".
    #[arg(long, value_name = "ARROWS")]
    pub state: Option<String>,
    /// The engine arrows thinks with [default: canonical where it applies,
    /// otherwise brute].
    #[arg(long, value_enum)]
    pub engine: Option<EngineChoice>,
    /// Memory budget for the engines, e.g. 512M (default: three quarters of
    /// the available memory).
    #[arg(long, value_name = "SIZE", value_parser = crate::flags::values::budget)]
    pub max_memory: Option<arrows_work::Budget>,
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
