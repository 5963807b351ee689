//! What goes wrong with a request to the catalog.

use crate::explore::ExploreError;
use crate::games::policeman::BoardError;
use crate::games::{GameError, PositionError};
use crate::gamma::Gamma;
use arrows_work::Cancelled;

/// Why a request to the catalog has no answer. Each variant carries the data
/// a front door needs to word its own advice.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum CatalogError {
    /// No game of the catalog has this name.
    #[error("no game is named '{name}'")]
    UnknownGame {
        /// The name asked for.
        name: String,
    },
    /// The game needs a parameter that was not given.
    #[error("{game} needs its {parameter}")]
    MissingParameter {
        /// The game's name.
        game: &'static str,
        /// The parameter's name.
        parameter: &'static str,
    },
    /// The game cannot list positions that way.
    #[error("{game} lists only positions given one by one")]
    PositionsNeeded {
        /// The game's name.
        game: &'static str,
    },
    /// The game's rules cannot be built.
    #[error(transparent)]
    Game(#[from] GameError),
    /// The policeman's board cannot be read.
    #[error(transparent)]
    Board(#[from] BoardError),
    /// A position cannot be read.
    #[error(transparent)]
    Position(#[from] PositionError),
    /// More positions were asked for than are listed at once.
    #[error("{asked} {what} to list, more than the {max} listed at once")]
    TooManyListed {
        /// What is listed: `heaps`, `pairs`, `rows`.
        what: &'static str,
        /// How many were asked for.
        asked: u64,
        /// The most that are listed.
        max: u64,
    },
    /// A game that adds stones, explored to a bound below a heap asked for.
    #[error("the bound {bound} is below the heap {heap}")]
    BoundBelowHeap {
        /// The bound.
        bound: u64,
        /// The largest heap asked for.
        heap: u64,
    },
    /// The exploration stopped (too large, past the budget, cancelled).
    #[error(transparent)]
    Explore(#[from] ExploreError),
    /// A term of a sum whose value the bound leaves open.
    #[error("its value depends on positions beyond the bound {bound}")]
    ValueBeyondBound {
        /// The bound it was explored to.
        bound: u64,
    },
    /// A digraph without a position.
    #[error("the digraph has no position")]
    EmptyDigraph,
    /// A vertex name that is not in the digraph.
    #[error("the digraph has no vertex named '{name}'")]
    UnknownVertex {
        /// The name asked for.
        name: String,
    },
    /// A sum's term that is neither `GAME:POSITION` nor, with a digraph, a
    /// vertex of it.
    #[error("'{term}' is not GAME:POSITION with a game of the catalog")]
    NotATerm {
        /// The term.
        term: String,
    },
    /// A game whose positions cannot be terms of a sum.
    #[error("a position of {game} cannot be a term of a sum")]
    NotInSums {
        /// The game's name.
        game: &'static str,
    },
    /// What went wrong with one term of a sum.
    #[error("{term}: {source}")]
    Term {
        /// The term.
        term: String,
        /// What went wrong.
        #[source]
        source: Box<CatalogError>,
    },
    /// The product digraph that checks a sum cannot be built.
    #[error("the product digraph of the sum: {0}")]
    Product(#[source] ExploreError),
    /// The sum's value computed two ways disagrees: a bug.
    #[error("the product digraph gives {direct}, the components {components}: the two computations disagree")]
    SumDisagrees {
        /// The value on the product digraph.
        direct: Gamma,
        /// The value from the components.
        components: Gamma,
    },
    /// Cop-win by dismantling and by play disagree: a bug.
    #[error("dismantling says cop-win {dismantling}, playing the game out says {play}: the two computations disagree")]
    CopWinDisagrees {
        /// The verdict of dismantling.
        dismantling: bool,
        /// The verdict of play.
        play: bool,
    },
    /// The control's cancel token was set.
    #[error(transparent)]
    Cancelled(#[from] Cancelled),
}

impl CatalogError {
    /// The error inside any [`CatalogError::Term`] wrappers.
    pub fn innermost(&self) -> &CatalogError {
        match self {
            CatalogError::Term { source, .. } => source.innermost(),
            e => e,
        }
    }

    /// Whether the request was cancelled (directly or while exploring).
    pub fn is_cancelled(&self) -> bool {
        matches!(
            self.innermost(),
            CatalogError::Cancelled(_)
                | CatalogError::Explore(ExploreError::Cancelled(_))
                | CatalogError::Product(ExploreError::Cancelled(_))
        )
    }

    pub(crate) fn in_term(self, term: &str) -> CatalogError {
        CatalogError::Term { term: term.to_string(), source: Box::new(self) }
    }
}
