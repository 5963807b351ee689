//! The whole study of one position, as every front door asks for it: the
//! value and the winning moves, and on request every move's value (with
//! remoteness where brute force finishes quickly) and the decomposition.
//!
//! The command line, the HTTP server and the Python module all call
//! [`study`] and serialize the [`Report`] it returns, so the three answer
//! the same question with the same JSON. What is left to a front door is
//! the wording of a refusal: [`StudyError`] is data (which step refused,
//! and the engine's [`SolveError`] as its source), and
//! [`Engine::alternative`] names the engine that would do better.

use crate::analysis::{Analyzer, Engine};
use crate::error::{SolveError, Unsupported};
use crate::explain::explain;
use crate::remoteness::{self, Remoteness, RemotenessSearch};
use crate::report::Report;
use arrows_core::{Arrow, Position};
use arrows_work::Control;
use std::time::Instant;

/// What to compute beside the value.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct Request {
    /// The engine; `None` chooses ([`Engine::default_for_request`]).
    pub engine: Option<Engine>,
    /// Every move with its follower's value (and remoteness when quick).
    pub moves: bool,
    /// The decomposition into components with their values.
    pub explain: bool,
    /// Only who wins: the outcome search skips the Grundy value (the
    /// other engines compute it anyway).
    pub outcome_only: bool,
    /// Only the first winning move found (the outcome search; the other
    /// engines find them all).
    pub first_win: bool,
}

/// Which step of a study refused, with the engine's reason as its source.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum StudyError {
    /// The value (or the moves' values) could not be computed.
    #[error(transparent)]
    Solve(#[from] SolveError),
    /// The remoteness search stopped on the way (it is only tried when
    /// quick, so this is a budget or a cancellation).
    #[error("the remoteness search stopped: {0}")]
    Remoteness(#[source] SolveError),
    /// The decomposition does not exist for this game.
    #[error("there is no decomposition into components for {game}: {why}")]
    NoDecomposition {
        /// The game that has none.
        game: Unsupported,
        /// Why, in words.
        why: &'static str,
        /// The canonical engine's refusal.
        #[source]
        source: SolveError,
    },
    /// The decomposition was refused or stopped for another reason.
    #[error("the decomposition stopped: {0}")]
    Explain(#[source] SolveError),
}

impl StudyError {
    /// The engine's refusal behind the study's.
    pub fn solve_error(&self) -> &SolveError {
        match self {
            StudyError::Solve(e) | StudyError::Remoteness(e) | StudyError::Explain(e) => e,
            StudyError::NoDecomposition { source, .. } => source,
        }
    }
}

impl Engine {
    /// The engine a front door uses when none is asked for: the canonical
    /// engine where it computes the game, brute force otherwise.
    pub fn default_for(position: Position<'_>) -> Engine {
        if Engine::Canonical.computes(position) { Engine::Canonical } else { Engine::Brute }
    }

    /// The engine a front door uses for `request` when it names none: the
    /// outcome search for the Game of Cycles on a board with cells under
    /// normal play (it decides the winner and the winning moves, and the
    /// value when asked, faster than the other engines on every board
    /// measured: `benches/search.rs`), unless the request asks for every
    /// move's value or the decomposition, which the canonical engine gives
    /// at once; [`Engine::default_for`] otherwise.
    pub fn default_for_request(position: Position<'_>, request: &Request) -> Engine {
        let cycles = position.plays_cells() && Engine::Search.computes(position);
        if cycles && !request.moves && !request.explain { Engine::Search } else { Engine::default_for(position) }
    }

    /// Another engine than `refused` that computes `position`, takes its
    /// size, and whose estimate fits `budget` bytes: the canonical engine
    /// first, then the outcome search (on a board with cells), then brute
    /// force, then the explicit engine.
    pub fn alternative(position: Position<'_>, refused: Engine, budget: u64) -> Option<Engine> {
        let fits = |e: Engine| {
            e != refused
                && e.computes(position)
                && (e != Engine::Brute || position.unmarked() <= crate::brute::MAX_UNMARKED)
                && (e != Engine::Search || position.plays_cells())
                && e.estimated_bytes(position) <= budget
        };
        [Engine::Canonical, Engine::Search, Engine::Brute, Engine::Explicit].into_iter().find(|&e| fits(e))
    }
}

/// Studies `position` (whose graph is named `name`) as `request` asks,
/// with `analyzer`'s engines (so a sequence of studies shares the canonical
/// memo) within `control`. The report's moves are named by leg when the
/// caller adds the spider ([`Report::on_spider`]) before serializing;
/// call it first with [`study_on`] to have the moves table use it.
pub fn study(
    name: &str,
    position: Position<'_>,
    request: &Request,
    analyzer: &mut Analyzer,
    control: &Control,
) -> Result<Report, StudyError> {
    study_on(name, None, position, request, analyzer, control)
}

/// [`study`] of a spider-shaped graph whose moves are named by leg.
pub fn study_on(
    name: &str,
    spider: Option<arrows_core::SpiderLayout>,
    position: Position<'_>,
    request: &Request,
    analyzer: &mut Analyzer,
    control: &Control,
) -> Result<Report, StudyError> {
    let engine = request.engine.unwrap_or_else(|| Engine::default_for_request(position, request));
    analyzer.set_search(crate::search::SearchOptions {
        grundy: !request.outcome_only,
        first_win: request.first_win,
        ..analyzer.search_options()
    });
    let clock = Instant::now();
    let analysis = analyzer.analyze(position, engine, control)?;
    let mut report = Report::new(name, position, &analysis, clock.elapsed()).on_spider(spider);
    if request.moves {
        let values = analyzer.move_values(position, engine, control)?;
        report = report.with_moves(values, quick_remoteness(position, control)?);
    }
    // A completable cell decides the position (the report says so): there
    // is nothing to decompose.
    let decided = matches!(position.standing(), arrows_core::Standing::Completable(_));
    if request.explain && !decided {
        let x = explain(position, analyzer.canonical(), control).map_err(|e| match e {
            SolveError::Unsupported { game, .. } => StudyError::NoDecomposition {
                game,
                why: match game {
                    Unsupported::Misere => "misère values do not add over components",
                    Unsupported::CompletableCell => {
                        "the player to move completes a cell, and there is no value to split"
                    }
                },
                source: e,
            },
            SolveError::Cancelled(_) => StudyError::Solve(e),
            e => StudyError::Explain(e),
        })?;
        report = report.with_explanation(x);
    }
    Ok(report)
}

/// The remoteness of the position and of each follower, when the search
/// is quick ([`remoteness::is_quick`]) and fits the budget; `None`
/// otherwise: remoteness is for the games brute force finishes in about a
/// second.
pub fn quick_remoteness(position: Position<'_>, control: &Control) -> Result<Option<Remotenesses>, StudyError> {
    if !remoteness::is_quick(position) {
        return Ok(None);
    }
    let mut search = match RemotenessSearch::new(position, control) {
        Ok(s) => s,
        Err(e @ SolveError::Cancelled(_)) => return Err(StudyError::Solve(e)),
        Err(_) => return Ok(None),
    };
    let own = search.start().map_err(stopped)?;
    let followers = search.followers().map_err(stopped)?;
    Ok(Some((own, followers)))
}

/// The remoteness of a position, and of each of its followers by move.
pub type Remotenesses = (Remoteness, Vec<(Arrow, Remoteness)>);

/// A remoteness search that stopped: a cancellation stays a cancellation.
fn stopped(e: SolveError) -> StudyError {
    match e {
        SolveError::Cancelled(_) => StudyError::Solve(e),
        e => StudyError::Remoteness(e),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use arrows_core::families::Member;
    use arrows_core::{Decoration, Variant};

    #[test]
    fn a_study_carries_what_was_asked_and_agrees_with_the_analysis() {
        let graph = Member::Spider { legs: vec![2, 3, 3] }.graph().unwrap();
        let state = Decoration::empty(graph.edge_count());
        let position = Position::new(&graph, Variant::Trimmed, &state);
        let control = Control::default();
        let plain = crate::analyze(position, Engine::Brute, &control).unwrap();
        let request = Request { engine: None, moves: true, explain: true, ..Request::default() };
        let report = study("S(2,3,3)", position, &request, &mut Analyzer::new(), &control).unwrap();
        assert_eq!(report.grundy, plain.grundy);
        assert_eq!(report.engine, Engine::Canonical);
        let moves = report.move_values.as_ref().unwrap();
        assert_eq!(moves.len(), plain.move_count);
        let zeros: Vec<Arrow> = moves.iter().filter(|m| m.grundy == Some(0)).map(|m| m.arrow).collect();
        assert_eq!(zeros.len(), plain.winning_moves.len());
        assert!(report.remoteness.is_some(), "a 8-edge spider is quick");
        assert!(report.explanation.is_some());
    }

    #[test]
    fn the_decomposition_of_misere_play_is_refused_as_data() {
        let graph = Member::Path { edges: 4 }.graph().unwrap();
        let state = Decoration::empty(graph.edge_count());
        let position = Position::new(&graph, Variant::Trimmed, &state).with_play(arrows_core::Play::Misere);
        let request = Request { engine: None, moves: false, explain: true, ..Request::default() };
        let e = study("P4", position, &request, &mut Analyzer::new(), &Control::default()).unwrap_err();
        assert!(matches!(e, StudyError::NoDecomposition { game: Unsupported::Misere, .. }), "{e:?}");
        assert!(std::error::Error::source(&e).is_some());
    }
}
