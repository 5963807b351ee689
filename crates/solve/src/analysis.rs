//! One entry point for every engine: the Grundy value of a state, who wins,
//! and the winning moves.

use crate::brute::BruteForce;
use crate::canonical::{CanonicalEngine, Grundy, Measure};
use crate::error::SolveError;
use crate::explicit::GameGraph;
use arrows_core::{Arrow, Decoration, Graph, Variant};
use serde::Serialize;
use std::fmt;

/// The engines that compute Grundy values of Game of Arrows states.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize)]
#[serde(rename_all = "lowercase")]
pub enum Engine {
    /// Every descendant as a bitmask pair ([`crate::brute`]).
    Brute,
    /// Components up to isomorphism, memoized ([`crate::canonical`]).
    Canonical,
    /// The game graph solved by the loopy solver ([`crate::explicit`]).
    Explicit,
}

impl Engine {
    /// The name used on the command line and in JSON.
    pub fn as_str(self) -> &'static str {
        match self {
            Engine::Brute => "brute",
            Engine::Canonical => "canonical",
            Engine::Explicit => "explicit",
        }
    }
}

impl fmt::Display for Engine {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

/// A game to analyse: a state of a graph under a rule set.
#[derive(Debug, Clone, Copy)]
pub struct Request<'a> {
    /// The graph.
    pub graph: &'a Graph,
    /// The rule set.
    pub variant: Variant,
    /// The state to start from.
    pub start: &'a Decoration,
    /// Memory budget in bytes for the engine's tables.
    pub budget: u64,
}

/// What an engine reports about a state.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Analysis {
    /// The Grundy value of the state.
    pub grundy: u32,
    /// The moves to a follower of value 0 (empty when the value is 0).
    pub winning_moves: Vec<Arrow>,
    /// Number of legal moves from the state.
    pub move_count: usize,
    /// The engine that computed it.
    pub engine: Engine,
    /// How much work it took.
    pub stats: Stats,
}

impl Analysis {
    /// `true` when the player to move wins (the Grundy value is not 0).
    pub fn first_player_wins(&self) -> bool {
        self.grundy != 0
    }
}

/// Work done by an engine.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Serialize)]
pub struct Stats {
    /// Distinct states (brute force) or canonical components (canonical) whose value was computed.
    pub solved: u64,
    /// Look-ups answered from the memo.
    pub memo_hits: u64,
}

/// Stack for the engines' recursions, whose depth grows with the number of
/// edges (reserved address space; only the pages used are committed).
const STACK_BYTES: usize = 1 << 30;

/// Runs `f` on a thread with a stack large enough for the engines'
/// recursions on graphs with many thousands of edges, and returns its result.
pub fn with_stack<T: Send>(f: impl FnOnce() -> T + Send) -> T {
    std::thread::scope(|s| {
        std::thread::Builder::new()
            .stack_size(STACK_BYTES)
            .spawn_scoped(s, f)
            .expect("the analysis thread starts")
            .join()
            .unwrap_or_else(|p| std::panic::resume_unwind(p))
    })
}

/// Analyses a state with the chosen engine, on a fresh engine and a large stack.
pub fn analyze(request: Request<'_>, engine: Engine) -> Result<Analysis, SolveError> {
    with_stack(|| Analyzer::new(request.budget).analyze(request, engine))
}

/// Analyses many states with engines that keep what they learn: the
/// canonical engine's memo is shared by every request (its classes do not
/// depend on the rule set). Call it from [`with_stack`] for large graphs.
pub struct Analyzer {
    canonical: CanonicalEngine<Grundy>,
}

impl Analyzer {
    /// An analyzer whose canonical memo may use `budget` bytes.
    pub fn new(budget: u64) -> Analyzer {
        Analyzer { canonical: CanonicalEngine::new(budget) }
    }

    /// The shared canonical engine.
    pub fn canonical(&mut self) -> &mut CanonicalEngine<Grundy> {
        &mut self.canonical
    }

    /// Analyses a state. The statistics are this request's own work.
    pub fn analyze(&mut self, request: Request<'_>, engine: Engine) -> Result<Analysis, SolveError> {
        match engine {
            Engine::Brute => {
                let mut b = BruteForce::new(request.graph, request.variant, request.start, request.budget)?;
                let grundy = b.start_grundy()?;
                let winning_moves = if grundy == 0 { Vec::new() } else { b.winning_moves()? };
                let move_count = request.variant.moves(request.graph, request.start).len();
                Ok(Analysis {
                    grundy,
                    winning_moves,
                    move_count,
                    engine,
                    stats: Stats { solved: b.explored() as u64, memo_hits: b.memo_hits() },
                })
            }
            Engine::Explicit => {
                let game = GameGraph::new(request.graph, request.variant, request.start, request.budget)?;
                let grundy = game.grundy(request.start);
                let winning_moves =
                    if grundy == 0 { Vec::new() } else { game.winning_moves(request.graph, request.variant) };
                Ok(Analysis {
                    grundy,
                    winning_moves,
                    move_count: request.variant.moves(request.graph, request.start).len(),
                    engine,
                    stats: Stats { solved: game.positions() as u64, memo_hits: 0 },
                })
            }
            Engine::Canonical => {
                let before = self.canonical.stats();
                let followers = self.canonical.follower_values(request.graph, request.variant, request.start)?;
                let mut acc = Grundy::start(followers.len());
                for &(_, v) in &followers {
                    Grundy::push(&mut acc, v);
                }
                let grundy = Grundy::finish(acc);
                let winning_moves =
                    if grundy == 0 { Vec::new() } else { followers.iter().filter(|f| f.1 == 0).map(|f| f.0).collect() };
                let after = self.canonical.stats();
                Ok(Analysis {
                    grundy,
                    winning_moves,
                    move_count: followers.len(),
                    engine,
                    stats: Stats {
                        solved: after.spiders + after.general - before.spiders - before.general,
                        memo_hits: after.hits - before.hits,
                    },
                })
            }
        }
    }
}
