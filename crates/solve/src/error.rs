//! Why an engine refuses or stops: data for each front door to word.
//!
//! Every variant carries the numbers behind the refusal: the engine, the
//! size of the game, the engine's limit, the bytes needed and the budget.
//! The messages speak of the game and the engine only; advice that names a
//! command-line flag or a server parameter belongs to the front door that
//! has them.

use crate::analysis::Engine;
use arrows_core::Violation;
use arrows_work::Cancelled;
use std::fmt;

/// A game (or a position) an engine does not compute.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Unsupported {
    /// Misère play (its values do not add over components): the canonical
    /// engine refuses it; brute force and the explicit engine compute it.
    Misere,
    /// The decomposition of a Game of Cycles position with a completable
    /// cell: the player to move completes it and wins, and there is no
    /// Grundy value to split over components.
    CompletableCell,
}

impl fmt::Display for Unsupported {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Unsupported::Misere => "misère play",
            Unsupported::CompletableCell => "a position with a completable cell",
        })
    }
}

/// An engine's refusal, or why it stopped before finishing.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum SolveError {
    /// The starting decoration is not a state of the chosen game.
    #[error("the starting decoration is not a state: {0}")]
    NotAState(Violation),
    /// The game has more unmarked edges than the engine's representation takes.
    #[error("the game has {unmarked_edges} unmarked edges, but the {engine} engine takes at most {limit}")]
    TooLarge {
        /// The engine that refused.
        engine: Engine,
        /// Unmarked edges of the starting state.
        unmarked_edges: usize,
        /// The most the engine takes.
        limit: usize,
    },
    /// The board has more edges than the engine's masks hold (the outcome
    /// search keeps one bit per edge of the board, marked or not).
    #[error("the board has {edges} edges, but the {engine} engine takes boards of at most {limit}")]
    TooManyEdges {
        /// The engine that refused.
        engine: Engine,
        /// Edges of the board.
        edges: usize,
        /// The most the engine takes.
        limit: usize,
    },
    /// Refused up front: the engine's estimate of its tables is past the budget.
    #[error(
        "the {engine} engine would need about {} for this game, past its memory budget of {}",
        arrows_text::bytes(*needed),
        arrows_text::bytes(*budget)
    )]
    MemoryBudget {
        /// The engine that refused.
        engine: Engine,
        /// The estimated bytes.
        needed: u64,
        /// The budget in bytes.
        budget: u64,
    },
    /// Stopped while working: a table outgrew the budget.
    #[error(
        "the {engine} engine stopped after storing {entries} values, at its memory budget of {}",
        arrows_text::bytes(*budget)
    )]
    OutOfBudget {
        /// The engine that stopped.
        engine: Engine,
        /// Entries stored when it stopped.
        entries: u64,
        /// The budget in bytes.
        budget: u64,
    },
    /// The Game of Cycles on a graph that has a cycle but no cells: the
    /// game needs the plane graph's cells.
    #[error("the Game of Cycles needs the cells of a plane graph, and this graph has a cycle but carries no cells")]
    NoCells,
    /// The engine does not compute this game.
    #[error("the {engine} engine does not compute {game}")]
    Unsupported {
        /// The engine that refused.
        engine: Engine,
        /// What it does not compute.
        game: Unsupported,
    },
    /// The computation was cancelled (its cancel token was set).
    #[error("the computation was cancelled before it finished")]
    Cancelled(#[from] Cancelled),
}

impl SolveError {
    /// The engine that refused, when the refusal concerns one engine's limits.
    pub fn engine(&self) -> Option<Engine> {
        match self {
            SolveError::TooLarge { engine, .. }
            | SolveError::TooManyEdges { engine, .. }
            | SolveError::MemoryBudget { engine, .. }
            | SolveError::OutOfBudget { engine, .. }
            | SolveError::Unsupported { engine, .. } => Some(*engine),
            SolveError::NotAState(_) | SolveError::NoCells | SolveError::Cancelled(_) => None,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn messages_name_the_engine_and_no_flag() {
        let errors = [
            SolveError::TooLarge { engine: Engine::Brute, unmarked_edges: 30, limit: 28 },
            SolveError::MemoryBudget { engine: Engine::Explicit, needed: 3 << 30, budget: 1 << 30 },
            SolveError::OutOfBudget { engine: Engine::Canonical, entries: 12, budget: 1 << 20 },
            SolveError::NotAState(Violation::Sink(3)),
            SolveError::Cancelled(Cancelled),
            SolveError::Unsupported { engine: Engine::Canonical, game: Unsupported::Misere },
        ];
        for e in &errors {
            let text = e.to_string();
            assert!(!text.contains("--"), "{text}");
        }
        assert!(errors[0].to_string().contains("brute"));
        assert!(errors[1].to_string().contains("3.0 GiB"), "{}", errors[1]);
        assert_eq!(errors[2].engine(), Some(Engine::Canonical));
    }
}
