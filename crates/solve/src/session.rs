//! A game in progress against perfect strategy: the positions played so
//! far, the legal moves, undo, and the computer's best move.
//!
//! The best move is a winning move when there is one (to a follower of
//! value 0, found by the analysis); otherwise the move that keeps the game
//! longest (the follower of the largest remoteness, see
//! [`crate::remoteness`]) when the remoteness search fits the budget, and
//! else the move to the follower with the most legal moves left (a
//! heuristic for long games, said as such in [`Choice::Delaying`]).

use crate::analysis::{Analyzer, Engine};
use crate::error::SolveError;
use crate::remoteness::RemotenessSearch;
use arrows_core::{Arrow, Decoration, Graph, Play, Position, Variant};
use arrows_work::Control;

/// Why a move was refused.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum MoveError {
    /// The two vertices are not joined by an edge.
    #[error("{0} is not on an edge of the graph")]
    NotAnEdge(Arrow),
    /// The edge already carries an arrow.
    #[error("the edge of {0} already carries an arrow")]
    Marked(Arrow),
    /// The move would make a sink or a source (or the game is over).
    #[error("{arrow} is not a legal move: {why}")]
    Illegal {
        /// The move.
        arrow: Arrow,
        /// Why, in words.
        why: String,
    },
}

/// How the computer chose its move.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Choice {
    /// A move to a follower of value 0: the mover wins with perfect play.
    Winning,
    /// No winning move: the move of the largest remoteness, which keeps
    /// the game longest against perfect play.
    Longest,
    /// No winning move, and the remoteness search is past the budget: the
    /// move to the follower with the most legal moves left.
    Delaying,
}

/// A move played, with what the analysis said of the position before it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Ply {
    /// The move.
    pub arrow: Arrow,
    /// The winning moves of the position before it (empty when the player
    /// who moved could not win against perfect play).
    pub winning_moves: Vec<Arrow>,
}

impl Ply {
    /// `true` when the player who made the move could have won.
    pub fn was_winning(&self) -> bool {
        !self.winning_moves.is_empty()
    }

    /// `true` when the move gave a win away: the position was won, the move was not a winning one.
    pub fn gave_the_win_away(&self) -> bool {
        self.was_winning() && !self.winning_moves.contains(&self.arrow)
    }
}

/// A game from a starting position.
#[derive(Debug, Clone)]
pub struct Session<'g> {
    graph: &'g Graph,
    variant: Variant,
    play: Play,
    states: Vec<Decoration>,
    plies: Vec<Ply>,
}

impl<'g> Session<'g> {
    /// A game from `position`, refused when its state is not a state.
    pub fn new(position: Position<'g>) -> Result<Session<'g>, SolveError> {
        if let Some(v) = position.violation() {
            return Err(SolveError::NotAState(v));
        }
        Ok(Session {
            graph: position.graph,
            variant: position.variant,
            play: position.play,
            states: vec![position.state.clone()],
            plies: Vec::new(),
        })
    }

    /// The graph.
    pub fn graph(&self) -> &'g Graph {
        self.graph
    }

    /// The current position.
    pub fn position(&self) -> Position<'_> {
        Position::new(self.graph, self.variant, self.states.last().expect("a session has a state")).with_play(self.play)
    }

    /// The moves played so far, oldest first.
    pub fn plies(&self) -> &[Ply] {
        &self.plies
    }

    /// The legal moves, in edge order.
    pub fn moves(&self) -> Vec<Arrow> {
        self.position().moves()
    }

    /// `true` when the player to move has no move (in the Game of Cycles,
    /// also once a cell is completed).
    pub fn is_over(&self) -> bool {
        self.moves().is_empty()
    }

    /// `true` when the player who made the last move has won: normal play
    /// (the last to move wins, and so does who completes a cell), not misère.
    pub fn last_mover_wins(&self) -> bool {
        self.play == Play::Normal
    }

    /// Checks a move without playing it.
    pub fn check(&self, arrow: Arrow) -> Result<(), MoveError> {
        let p = self.position();
        let e = self.graph.edge_between(arrow.tail, arrow.head).ok_or(MoveError::NotAnEdge(arrow))?;
        if p.state.is_marked(e) {
            return Err(MoveError::Marked(arrow));
        }
        if p.moves().contains(&arrow) {
            return Ok(());
        }
        let mut after = p.state.clone();
        after.mark(e, self.graph.ends(e).0 == arrow.tail);
        let why = match self.variant.violation(self.graph, &after) {
            Some(v) => format!("it makes {v}"),
            None => "the game is over".into(),
        };
        Err(MoveError::Illegal { arrow, why })
    }

    /// Plays a legal move; `analyzer` says whether it kept the win.
    pub fn play(
        &mut self,
        arrow: Arrow,
        analyzer: &mut Analyzer,
        engine: Engine,
        control: &Control,
    ) -> Result<Result<(), MoveError>, SolveError> {
        if let Err(e) = self.check(arrow) {
            return Ok(Err(e));
        }
        let before = analyzer.analyze(self.position(), engine, control)?;
        let e = self.graph.edge_between(arrow.tail, arrow.head).expect("checked");
        let mut after = self.position().state.clone();
        after.mark(e, self.graph.ends(e).0 == arrow.tail);
        self.states.push(after);
        self.plies.push(Ply { arrow, winning_moves: before.winning_moves });
        Ok(Ok(()))
    }

    /// Takes back up to `plies` moves; returns how many were taken back.
    pub fn undo(&mut self, plies: usize) -> usize {
        let n = plies.min(self.plies.len());
        self.states.truncate(self.states.len() - n);
        self.plies.truncate(self.plies.len() - n);
        n
    }

    /// The computer's move from the current position (`None` when the game
    /// is over), and how it was chosen.
    pub fn best_move(
        &self,
        analyzer: &mut Analyzer,
        engine: Engine,
        control: &Control,
    ) -> Result<Option<(Arrow, Choice)>, SolveError> {
        let p = self.position();
        let moves = p.moves();
        if moves.is_empty() {
            return Ok(None);
        }
        let a = analyzer.analyze(p, engine, control)?;
        if let Some(&w) = a.winning_moves.first() {
            return Ok(Some((w, Choice::Winning)));
        }
        match RemotenessSearch::new(p, control) {
            Ok(mut search) => {
                let followers = search.followers()?;
                match followers.iter().max_by_key(|(_, r)| r.moves) {
                    Some(best) => Ok(Some((best.0, Choice::Longest))),
                    // Every move leaves the opponent a cell to complete.
                    None => Ok(Some((moves[0], Choice::Delaying))),
                }
            }
            Err(SolveError::Cancelled(c)) => Err(SolveError::Cancelled(c)),
            Err(_) => {
                let left = |a: &Arrow| {
                    let e = self.graph.edge_between(a.tail, a.head).expect("a move lies on an edge");
                    let mut d = p.state.clone();
                    d.mark(e, self.graph.ends(e).0 == a.tail);
                    p.with_state(&d).moves().len()
                };
                // The last of the moves that leave the most (each costs the
                // whole graph: the token is read between them).
                let mut best: Option<(usize, Arrow)> = None;
                for a in &moves {
                    control.cancel.check()?;
                    let n = left(a);
                    if best.is_none_or(|(most, _)| n >= most) {
                        best = Some((n, *a));
                    }
                }
                Ok(best.map(|(_, a)| (a, Choice::Delaying)))
            }
        }
    }

    /// The first move of the player who moved first (`first = true`) or
    /// second that gave a win away: made from a winning position, to a
    /// follower the opponent wins.
    pub fn first_mistake(&self, first: bool) -> Option<(usize, &Ply)> {
        self.plies.iter().enumerate().filter(|(i, _)| (i % 2 == 0) == first).find(|(_, p)| p.gave_the_win_away())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use arrows_core::{Decoration, Graph, Variant};
    use std::time::{Duration, Instant};

    /// The computer's move and a played move stop within a second of the
    /// token being set, as `arrows play` and the server's `/api/best` ask.
    #[test]
    fn a_move_being_chosen_stops_when_cancelled() {
        // K9: hours of the canonical engine.
        let edges: Vec<(usize, usize)> = (0..9).flat_map(|u| (u + 1..9).map(move |v| (u, v))).collect();
        let g = Graph::from_edges(&edges).unwrap();
        let empty = Decoration::empty(g.edge_count());
        let session = Session::new(Position::new(&g, Variant::Trimmed, &empty)).unwrap();
        for play in [false, true] {
            let control = Control::new(arrows_work::Budget::bytes(4 << 30));
            let token = control.cancel.clone();
            let canceller = std::thread::spawn(move || {
                std::thread::sleep(Duration::from_millis(300));
                token.cancel();
                Instant::now()
            });
            let mut analyzer = Analyzer::new();
            let result = if play {
                let mut session = Session::new(session.position()).unwrap();
                let a = session.moves()[0];
                session.play(a, &mut analyzer, Engine::Canonical, &control).map(|_| ())
            } else {
                session.best_move(&mut analyzer, Engine::Canonical, &control).map(|_| ())
            };
            let stopped = Instant::now();
            let cancelled = canceller.join().unwrap();
            assert!(matches!(result, Err(SolveError::Cancelled(_))), "{result:?}");
            assert!(stopped.duration_since(cancelled) < Duration::from_secs(1));
        }
    }
}
