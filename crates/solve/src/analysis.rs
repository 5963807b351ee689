//! One entry point for every engine: the Grundy value of a state, who wins,
//! and the winning moves, under normal or misère play, in every rule set.
//!
//! What the rules alone decide is answered before any engine runs
//! ([`Position::standing`]): a position with a completed cell is terminal,
//! and under normal play a position with a completable cell is a win for
//! the player to move, who completes it (it has no Grundy value; see
//! [`arrows_core::play`]).

use crate::brute::BruteForce;
use crate::canonical::{CanonicalEngine, Grundy, Measure};
use crate::error::SolveError;
use crate::explicit::GameGraph;
use crate::search::SearchOptions;
use arrows_core::{Arrow, Position, Standing};
use arrows_work::Control;
use serde::Serialize;
use std::fmt;

/// Moves between two looks at the cancel token, where each move costs
/// little (its value read from a list).
const CHECK_EVERY: usize = 4096;

/// The engines that compute Grundy values of Game of Arrows states.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, serde::Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Engine {
    /// Every descendant as a bitmask pair ([`crate::brute`]).
    Brute,
    /// Components up to isomorphism, memoized ([`crate::canonical`]).
    Canonical,
    /// The game graph solved by the loopy solver ([`crate::explicit`]).
    Explicit,
    /// Who wins, by the outcome search ([`crate::search`]); the Grundy
    /// value only when asked.
    Search,
}

impl Engine {
    /// The engine's name, as in JSON: `brute`, `canonical`, `explicit`.
    pub fn as_str(self) -> &'static str {
        match self {
            Engine::Brute => "brute",
            Engine::Canonical => "canonical",
            Engine::Explicit => "explicit",
            Engine::Search => "search",
        }
    }

    /// What the engine counts as its work: `states` (brute force),
    /// `classes` (canonical), `positions` (explicit), `nodes` (search).
    pub fn unit(self) -> &'static str {
        match self {
            Engine::Brute => "states",
            Engine::Canonical => "classes",
            Engine::Explicit => "positions",
            Engine::Search => "nodes",
        }
    }

    /// The memory the engine would need for `position`, estimated before
    /// any work (for the canonical engine: its spider-shaped components
    /// only, from an empty memo; for the search, the least table it runs
    /// with: its table is bounded and evicts past the budget).
    pub fn estimated_bytes(self, position: Position<'_>) -> u64 {
        match self {
            Engine::Brute => crate::brute::estimated_bytes(position),
            Engine::Explicit => crate::explicit::estimated_bytes(position),
            Engine::Canonical => CanonicalEngine::<Grundy>::new().estimate(position),
            Engine::Search => crate::search::LEAST_BYTES,
        }
    }

    /// `true` when the engine computes the position's game: the brute-force
    /// and explicit engines compute every rule set under both plays; the
    /// canonical engine every rule set under normal play (the Game of
    /// Cycles included), but not misère play; the search every rule set
    /// under normal play on graphs of at most 64 edges.
    pub fn computes(self, position: Position<'_>) -> bool {
        match self {
            Engine::Canonical => crate::canonical::unsupported(position).is_none(),
            Engine::Search => crate::search::refusal(position).is_none(),
            Engine::Brute | Engine::Explicit => true,
        }
    }
}

impl fmt::Display for Engine {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

/// What an engine reports about a state.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Analysis {
    /// The Grundy value of the state under the position's play (the misère
    /// Grundy value under misère play; in the normal-play Game of Cycles,
    /// the reduced game's value). `None` when the state has no Grundy
    /// value (under normal play, the player to move completes a cell,
    /// [`Standing::Completable`], and wins) or when the outcome search was
    /// not asked for it.
    pub grundy: Option<u32>,
    /// `true` when the player to move wins: the Grundy value is not 0, or
    /// the player to move completes a cell (the outcome search decides
    /// this without the value).
    pub first_wins: bool,
    /// The winning moves, in edge order: every move to a follower of value
    /// 0; when `grundy` is `None`, also every move that completes a cell
    /// (empty for a second-player win).
    pub winning_moves: Vec<Arrow>,
    /// Number of legal moves from the state.
    pub move_count: usize,
    /// The engine that computed it.
    pub engine: Engine,
    /// How much work it took.
    pub stats: Stats,
    /// The outcome search's own counters (its engine only).
    pub search: Option<crate::search::SearchStats>,
}

impl Analysis {
    /// `true` when the player to move wins (the Grundy value is not 0, or
    /// the player to move completes a cell).
    pub fn first_player_wins(&self) -> bool {
        self.first_wins
    }
}

/// Work done by an engine.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Serialize)]
pub struct Stats {
    /// Distinct states (brute force) or canonical components (canonical) whose value was computed.
    pub solved: u64,
    /// Look-ups answered from the memo.
    pub memo_hits: u64,
    /// Classes the canonical engine's memo evicted to stay within the
    /// budget during the analysis ([`crate::canonical::memo`]).
    pub memo_evicted: u64,
}

/// Analyses a position with the chosen engine, on a fresh engine, within
/// the control's budget (see [`Analyzer::analyze`]).
pub fn analyze(position: Position<'_>, engine: Engine, control: &Control) -> Result<Analysis, SolveError> {
    Analyzer::new().analyze(position, engine, control)
}

/// Analyses many positions with engines that keep what they learn: the
/// canonical engine's memo is shared by every position (its classes do not
/// depend on the rule set). Safe on any thread: the engines' deep
/// recursions move to fresh stack segments by themselves.
///
/// The canonical engine solves a position's followers with every thread of
/// the current rayon pool (`RAYON_NUM_THREADS`), on its one memo.
pub struct Analyzer {
    canonical: CanonicalEngine<Grundy>,
    search: SearchOptions,
}

impl Default for Analyzer {
    fn default() -> Self {
        Analyzer { canonical: CanonicalEngine::new().with_parallel_followers(true), search: SearchOptions::default() }
    }
}

impl Analyzer {
    /// An analyzer with an empty canonical memo.
    pub fn new() -> Analyzer {
        Analyzer::default()
    }

    /// What the outcome search is asked from now on (the Grundy value,
    /// the first winning move only, its table's bytes, ...).
    pub fn set_search(&mut self, options: SearchOptions) {
        self.search = options;
    }

    /// What the outcome search is asked.
    pub fn search_options(&self) -> SearchOptions {
        self.search
    }

    /// The shared canonical engine.
    pub fn canonical(&mut self) -> &mut CanonicalEngine<Grundy> {
        &mut self.canonical
    }

    /// Every legal move from the position, in edge order, with the value
    /// of the position it leads to under the position's play: `None` when
    /// the follower leaves the opponent a cell to complete (normal-play
    /// Game of Cycles), the terminal value when the move completes a cell.
    /// One engine serves every follower (its memo is shared).
    pub fn move_values(
        &mut self,
        position: Position<'_>,
        engine: Engine,
        control: &Control,
    ) -> Result<Vec<(Arrow, Option<u32>)>, SolveError> {
        if let Some(v) = position.violation() {
            return Err(SolveError::NotAState(v));
        }
        let moves = position.moves();
        let follower = |a: Arrow| {
            let e = position.graph.edge_between(a.tail, a.head).expect("a move lies on an edge");
            let mut d = position.state.clone();
            d.mark(e, position.graph.ends(e).0 == a.tail);
            d
        };
        // What the rules decide before any engine: completed and completable
        // cells, read move by move from one tally of the cells.
        let standings = position.follower_standings();
        let ruled = |a: Arrow| match standings.standing_after(a) {
            Standing::Completed(_) => Some(Some(position.play.terminal_value())),
            Standing::Completable(_) => Some(None),
            Standing::Open => None,
        };
        match engine {
            Engine::Canonical => {
                // The engine values the moves of the reduced game; the rules
                // decide the others (they leave a completable cell).
                let values = self.canonical.follower_values(position, control)?;
                let mut valued = values.into_iter();
                let mut out = Vec::with_capacity(moves.len());
                for (i, a) in moves.into_iter().enumerate() {
                    if i % CHECK_EVERY == 0 {
                        control.cancel.check()?;
                    }
                    let ruled = ruled(a);
                    let v = ruled.is_none().then(|| valued.find(|&(b, _)| b == a).map(|(_, v)| v));
                    out.push((a, ruled.unwrap_or_else(|| v.flatten())));
                }
                Ok(out)
            }
            Engine::Brute => {
                let mut b = BruteForce::new(position, control)?;
                let mut out = Vec::with_capacity(moves.len());
                for a in moves {
                    control.cancel.check()?;
                    let v = match ruled(a) {
                        Some(v) => v,
                        None => Some(b.grundy(&follower(a))?),
                    };
                    out.push((a, v));
                }
                Ok(out)
            }
            Engine::Search => {
                let options = SearchOptions { grundy: true, first_win: false, ..self.search };
                crate::search::follower_values(position, &options, control)
            }
            Engine::Explicit => {
                let game = GameGraph::new(position, control)?;
                let mut out = Vec::with_capacity(moves.len());
                for a in moves {
                    control.cancel.check()?;
                    out.push((a, ruled(a).unwrap_or_else(|| Some(game.grundy(&follower(a))))));
                }
                Ok(out)
            }
        }
    }

    /// Analyses a position: its Grundy value, its moves and the winning
    /// ones. Progress goes to the control in the engine's unit (states,
    /// classes or positions); a set cancel token stops the work with
    /// [`SolveError::Cancelled`]. The statistics are this call's own work.
    pub fn analyze(
        &mut self,
        position: Position<'_>,
        engine: Engine,
        control: &Control,
    ) -> Result<Analysis, SolveError> {
        control.progress.set_unit(engine.unit());
        if let Some(v) = position.violation() {
            return Err(SolveError::NotAState(v));
        }
        if position.lacks_cells() {
            return Err(SolveError::NoCells);
        }
        match position.standing() {
            Standing::Completed(_) => {
                let grundy = position.play.terminal_value();
                return Ok(Analysis {
                    grundy: Some(grundy),
                    first_wins: grundy != 0,
                    winning_moves: Vec::new(),
                    move_count: 0,
                    engine,
                    stats: Stats::default(),
                    search: None,
                });
            }
            Standing::Completable(_) => {
                // No value, but the winning moves are every move to a
                // position the opponent loses: each move that completes a
                // cell (to a terminal position, value 0) and each move to
                // an open position of value 0 (one that spoils every
                // completable cell, for one).
                let before = self.canonical.stats();
                let evicted_before = self.canonical.memo_figures().evicted;
                // The outcome search decides each follower without its value.
                let losses: Vec<(Arrow, bool)> = if engine == Engine::Search {
                    crate::search::follower_losses(position, &self.search, control)?
                } else {
                    let values = self.move_values(position, engine, control)?;
                    values.into_iter().map(|(a, v)| (a, v == Some(0))).collect()
                };
                let after = self.canonical.stats();
                return Ok(Analysis {
                    grundy: None,
                    first_wins: true,
                    winning_moves: losses.iter().filter(|&&(_, loses)| loses).map(|&(a, _)| a).collect(),
                    move_count: losses.len(),
                    engine,
                    stats: Stats {
                        solved: after.spiders + after.general - before.spiders - before.general,
                        memo_hits: after.hits - before.hits,
                        memo_evicted: self.canonical.memo_figures().evicted - evicted_before,
                    },
                    search: None,
                });
            }
            Standing::Open => {}
        }
        match engine {
            Engine::Brute => {
                let mut b = BruteForce::new(position, control)?;
                let grundy = b.start_grundy()?;
                let winning_moves = if grundy == 0 { Vec::new() } else { b.winning_moves()? };
                Ok(Analysis {
                    grundy: Some(grundy),
                    first_wins: grundy != 0,
                    winning_moves,
                    move_count: position.moves().len(),
                    engine,
                    stats: Stats { solved: b.explored() as u64, memo_hits: b.memo_hits(), memo_evicted: 0 },
                    search: None,
                })
            }
            Engine::Explicit => {
                let game = GameGraph::new(position, control)?;
                let grundy = game.grundy(position.state);
                let winning_moves = if grundy == 0 { Vec::new() } else { game.winning_moves(position) };
                Ok(Analysis {
                    grundy: Some(grundy),
                    first_wins: grundy != 0,
                    winning_moves,
                    move_count: position.moves().len(),
                    engine,
                    stats: Stats { solved: game.positions() as u64, memo_hits: 0, memo_evicted: 0 },
                    search: None,
                })
            }
            Engine::Canonical => {
                let before = self.canonical.stats();
                let evicted_before = self.canonical.memo_figures().evicted;
                let followers = self.canonical.follower_values(position, control)?;
                let mut acc = Grundy::start(followers.len());
                for &(_, v) in &followers {
                    Grundy::push(&mut acc, v);
                }
                let grundy = Grundy::finish(acc);
                let winning_moves =
                    if grundy == 0 { Vec::new() } else { followers.iter().filter(|f| f.1 == 0).map(|f| f.0).collect() };
                let after = self.canonical.stats();
                let evicted = self.canonical.memo_figures().evicted - evicted_before;
                Ok(Analysis {
                    grundy: Some(grundy),
                    first_wins: grundy != 0,
                    winning_moves,
                    move_count: position.moves().len(),
                    engine,
                    stats: Stats {
                        solved: after.spiders + after.general - before.spiders - before.general,
                        memo_hits: after.hits - before.hits,
                        memo_evicted: evicted,
                    },
                    search: None,
                })
            }
            Engine::Search => {
                let o = crate::search::search(position, &self.search, control)?;
                Ok(Analysis {
                    grundy: o.grundy,
                    first_wins: o.first_wins,
                    winning_moves: o.winning_moves,
                    move_count: o.move_count,
                    engine,
                    stats: Stats {
                        solved: o.stats.nodes,
                        memo_hits: o.stats.table_hits,
                        memo_evicted: o.stats.table_evictions,
                    },
                    search: Some(o.stats),
                })
            }
        }
    }
}
