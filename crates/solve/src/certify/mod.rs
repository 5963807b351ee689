//! Certificates: what an analysis found, written so that a small checker
//! (`arrows-verify`, which shares no code with this crate) can confirm it
//! without trusting the engines. The format, and the two lemmas that make
//! a certificate a proof, are in `docs/certificates.md`.
//!
//! The writer is a solver of its own, plain enough to keep the records it
//! writes in step with the format's definitions:
//!
//! * [`rules`]: the rules on masks, with the format's components;
//! * [`key`]: the board's symmetries and the key of a component, whose
//!   witness is the symmetry and flip that give it;
//! * [`prove`]: classes (Grundy values of components) and nodes (outcomes
//!   of a component plus a nim heap, by a depth-first search that stops at
//!   the first winning move), memoized by key;
//! * [`emit`]: the file, written from the memos, every record reachable
//!   from a claim and nothing else.
//!
//! Its answers are independent of the engines', and [`certify`] returns
//! them so that a front door can compare the two before it writes.

pub mod emit;
pub mod key;
pub mod prove;
pub mod rules;

use arrows_core::{Arrow, Play, Position, Variant};
use arrows_work::Control;
use emit::{Claim, Written};
use prove::Prover;
use rules::{Pos, Rules, TooLarge};
use std::io::Write;

/// What to certify about a position.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct Request {
    /// The position's Grundy value (else only who wins).
    pub value: bool,
    /// Which moves' outcomes to prove.
    pub moves: Moves,
}

/// Which moves a certificate proves winning or losing.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub enum Moves {
    /// None.
    #[default]
    None,
    /// Every legal move (so the winning moves are exactly those reported).
    All,
    /// These moves.
    These(Vec<Arrow>),
}

/// What the certifying solver found, to compare with an engine's answer.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Found {
    /// The player to move wins.
    pub first_wins: bool,
    /// The Grundy value, when asked.
    pub value: Option<u32>,
    /// The winning moves among those asked, in move order.
    pub winning_moves: Vec<Arrow>,
    /// Nodes searched.
    pub searched: u64,
}

/// Why a certificate was not written.
#[derive(Debug, thiserror::Error)]
pub enum CertifyError {
    /// Misère play: values do not add, and certificates are for normal play.
    #[error("certificates cover normal play only (misère values do not add over components)")]
    Misere,
    /// The board is past what a certificate's masks hold.
    #[error("{0}")]
    TooLarge(TooLargeMessage),
    /// The position is not a proper position (a cell is completable or
    /// completed, or a vertex is a sink or a source).
    #[error("a certificate starts from a position without a completed or completable cell")]
    NotProper,
    /// A move asked for is not a legal move of the position.
    #[error("the move {0} is not a legal move of the position")]
    NotAMove(Arrow),
    /// Stopped by the user or the time limit.
    #[error("stopped before the certificate was complete")]
    Cancelled,
    /// The memos passed the memory budget.
    #[error("the certificate's search needs more than {budget} bytes of memory (it reached {needed})")]
    OverBudget {
        /// Bytes held.
        needed: u64,
        /// Bytes allowed.
        budget: u64,
    },
    /// More records than a certificate numbers.
    #[error("the certificate would have more than 2^32 records")]
    TooManyRecords,
    /// The file would pass the size cap.
    #[error("the certificate passes its size cap of {cap} bytes (after {written} bytes)")]
    TooBig {
        /// The cap.
        cap: u64,
        /// Bytes that fitted.
        written: u64,
    },
    /// Writing failed.
    #[error("cannot write the certificate: {0}")]
    Io(#[source] std::io::Error),
}

/// A board too large for a certificate, in words.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct TooLargeMessage(TooLarge);

impl std::fmt::Display for TooLargeMessage {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self.0 {
            TooLarge::Edges(n) => {
                write!(f, "the graph has {n} edges; certificates cover boards of at most {} edges", rules::MAX_EDGES)
            }
            TooLarge::Vertices(n) => write!(
                f,
                "the graph has {n} vertices; certificates cover boards of at most {} vertices",
                rules::MAX_VERTICES
            ),
            TooLarge::Cells(n) => {
                write!(f, "the board has {n} cells; certificates cover boards of at most {} cells", rules::MAX_CELLS)
            }
        }
    }
}

/// A position decided, ready to be written as a certificate.
pub struct Certificate<'a> {
    prover: Prover<'a>,
    claims: Vec<Claim>,
    found: Found,
    rules_name: &'static str,
}

/// The board, its symmetries and the limits a certificate is made under.
pub struct Board {
    rules: Rules,
    syms: Vec<key::Sym>,
}

impl Board {
    /// The board of `position` (its graph, rule set and cells).
    pub fn new(position: Position<'_>) -> Result<Board, CertifyError> {
        if position.play == Play::Misere {
            return Err(CertifyError::Misere);
        }
        let rules = Rules::new(position).map_err(|e| CertifyError::TooLarge(TooLargeMessage(e)))?;
        let syms = key::symmetries(position, &rules);
        Ok(Board { rules, syms })
    }

    /// The number of symmetries witnesses may use (the identity included).
    pub fn symmetry_count(&self) -> usize {
        self.syms.len()
    }
}

/// Decides what `request` asks of `position` on `board`, keeping every
/// record a certificate needs.
pub fn certify<'a>(
    board: &'a Board,
    position: Position<'_>,
    request: &Request,
    control: &'a Control,
) -> Result<Certificate<'a>, CertifyError> {
    let rules = &board.rules;
    let (m, f) = position
        .state
        .to_masks()
        .ok_or(CertifyError::TooLarge(TooLargeMessage(TooLarge::Edges(position.graph.edge_count()))))?;
    let at = Pos { m, f };
    if !rules.is_proper(at) {
        return Err(CertifyError::NotProper);
    }
    let mut prover = Prover::new(rules, &board.syms, control);
    let comps = rules.components(at, rules.all);
    let mut claims = Vec::new();
    let (parts, first_wins) = prover.outcome(at, &comps, 0)?;
    claims.push(Claim::Winner { at, first: first_wins, parts });
    let mut value = None;
    if request.value {
        // The value is the nim-sum of the classes and of the least heap
        // that makes the node's component a loss for the player to move.
        let mut g = 0u32;
        loop {
            let (parts, wins) = prover.outcome(at, &comps, g)?;
            if !wins {
                claims.push(Claim::Value { at, value: g, parts });
                value = Some(g);
                break;
            }
            g = g.checked_add(1).ok_or(CertifyError::TooManyRecords)?;
        }
    }
    let mut winning_moves = Vec::new();
    let graph = position.graph;
    let arrow = |e: usize, forward: bool| {
        let (s, t) = graph.ends(e);
        if forward { Arrow::new(s, t) } else { Arrow::new(t, s) }
    };
    match &request.moves {
        Moves::None => {}
        Moves::All => {
            let mut options = Vec::new();
            for (e, forward) in rules.moves(at, rules.all) {
                let q = at.play(e, forward);
                let (parts, wins) = prover.outcome(q, &rules.components(q, rules.all), 0)?;
                if !wins {
                    winning_moves.push(arrow(e, forward));
                }
                options.push(parts);
            }
            claims.push(Claim::Moves { at, options });
        }
        Moves::These(list) => {
            for &a in list {
                let e = graph.edge_between(a.tail, a.head).ok_or(CertifyError::NotAMove(a))?;
                let forward = graph.ends(e).0 == a.tail;
                if at.m >> e & 1 == 1 || !rules.is_legal(at, e, forward) {
                    return Err(CertifyError::NotAMove(a));
                }
                let q = at.play(e, forward);
                let (parts, wins) = prover.outcome(q, &rules.components(q, rules.all), 0)?;
                if !wins {
                    winning_moves.push(a);
                }
                claims.push(Claim::Move { at, edge: e, forward, wins: !wins, parts });
            }
        }
    }
    let searched = prover.searched;
    let rules_name = match position.variant {
        Variant::Trimmed => "trimmed",
        Variant::Untrimmed => "untrimmed",
        Variant::Cycles => "cycles",
    };
    Ok(Certificate { prover, claims, found: Found { first_wins, value, winning_moves, searched }, rules_name })
}

impl Certificate<'_> {
    /// What the certifying solver found.
    pub fn found(&self) -> &Found {
        &self.found
    }

    /// Writes the certificate for the board called `name` to `out`,
    /// refusing past `cap` bytes (uncompressed).
    pub fn write(&mut self, name: &str, cap: u64, out: impl Write) -> Result<Written, CertifyError> {
        emit::write(&mut self.prover, name, self.rules_name, &self.claims, cap, out)
    }

    /// The size the certificate would take, without writing it.
    pub fn size(&mut self, name: &str) -> Result<Written, CertifyError> {
        emit::write(&mut self.prover, name, self.rules_name, &self.claims, u64::MAX, std::io::sink())
    }
}

#[cfg(test)]
mod tests;
