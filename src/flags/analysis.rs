//! Flags shared by every analysis command (`arrows spider`, `path`, `graph`, ...).

use arrows_core::Variant;
use arrows_solve::Engine;
use clap::{Args, ValueEnum};

/// The engine to compute with.
#[derive(ValueEnum, Debug, Clone, Copy, PartialEq, Eq)]
pub enum EngineChoice {
    /// Components up to state isomorphism, memoized: spiders with hundreds of edges.
    Canonical,
    /// Every descendant state as a bitmask pair; exact up to 28 unmarked edges.
    Brute,
    /// The whole game graph, solved by the loopy solver (gamma labels).
    Explicit,
}

impl From<EngineChoice> for Engine {
    fn from(e: EngineChoice) -> Engine {
        match e {
            EngineChoice::Brute => Engine::Brute,
            EngineChoice::Canonical => Engine::Canonical,
            EngineChoice::Explicit => Engine::Explicit,
        }
    }
}

/// Options shared by every analysis command.
#[derive(Args, Debug, Clone)]
pub struct PlayOpts {
    /// Play the Game of Arrows (no vertex, leaves included, may become a sink
    /// or a source) instead of the Trimmed Game of Arrows.
    #[arg(long)]
    pub untrimmed: bool,
    /// Start from this state instead of the empty one: arrows TAIL>HEAD,
    /// comma separated, e.g. "0>1,5>4".
    #[arg(long, value_name = "ARROWS")]
    pub state: Option<String>,
    /// The engine to compute with.
    #[arg(long, value_enum, default_value_t = EngineChoice::Canonical)]
    pub engine: EngineChoice,
    /// Print one JSON object per graph instead of text.
    #[arg(long)]
    pub json: bool,
    /// Print the engine's memo statistics too.
    #[arg(long)]
    pub stats: bool,
    /// Memory budget for the engine's tables, e.g. 512M or 8G (default:
    /// three quarters of the available memory). A game that needs more is
    /// refused with a message instead of exhausting memory.
    #[arg(long, value_name = "SIZE", value_parser = crate::flags::values::budget)]
    pub max_memory: Option<arrows_work::Budget>,
}

impl PlayOpts {
    /// The rule set the flags choose.
    pub fn variant(&self) -> Variant {
        if self.untrimmed { Variant::Untrimmed } else { Variant::Trimmed }
    }
}
