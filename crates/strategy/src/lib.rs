//! Playing through a proof: the winner's side of a game, played from a
//! certificate that `arrows-verify` has accepted (`docs/certificates.md`).
//!
//! A [`Strategy`] follows the game on the certificate's board. Each
//! component of the current position is *bound* to a class or node record
//! by a map of vertices and edges (the composition of the witnesses met on
//! the way) and a flip, so that a move on the component is a move of the
//! record's component, and the record's options say what the position
//! after it is bound to. The player the certificate proves to win then
//! always has a reply read from the records, by the argument the checker
//! verified:
//!
//! * only classes, nim-sum `x != 0`: a component whose value `g` has
//!   `g ^ x < g` moves to an option of value `g ^ x` (one exists: `g` is
//!   the mex of its options);
//! * a node `K + *h` with `x` the nim-sum of the classes: when `x = h`
//!   and the node wins, its proof names the move (on `K`, or on the heap,
//!   which is played as a class moving the nim-sum from `h` down to the
//!   heap's new size); when the node loses and `x < h`, its heap option
//!   `j = x` is a winning node for `K + *x`; when `x > h`, a class moves
//!   the nim-sum back to `h`.
//!
//! The loser's moves are followed through the records' option lists,
//! which cover every legal move. Nothing here searches: each reply is a
//! lookup, and names the record that justifies it.

use arrows_verify::board::Board;
use arrows_verify::game::{self, Move};
use arrows_verify::read::{Body, Certificate, ClaimWhat, NodeProof, Ref};
use arrows_verify::{ClaimResult, Failure};
use std::fmt;
use std::io::Read;

/// A map of the board onto itself: where each vertex and edge goes, and
/// whether every arrow is reversed.
#[derive(Clone, Debug)]
struct Frame {
    vertices: Vec<usize>,
    edges: Vec<usize>,
    flip: bool,
}

impl Frame {
    /// The identity.
    fn identity(board: &Board) -> Frame {
        Frame { vertices: (0..board.vertices).collect(), edges: (0..board.edge_count()).collect(), flip: false }
    }

    /// This map followed by symmetry `w / 2` of the certificate, and the
    /// flip when `w` is odd (a witness, "Witnesses").
    fn then(&self, cert: &Certificate, w: u64) -> Frame {
        let s = &cert.symmetries[usize::try_from(w / 2).expect("a checked witness")];
        Frame {
            vertices: self.vertices.iter().map(|&v| s.vertices[v]).collect(),
            edges: self.edges.iter().map(|&e| s.edges[e]).collect(),
            flip: self.flip ^ (w % 2 == 1),
        }
    }

    /// The image of move `m` (on the board, from this frame's domain).
    fn forward(&self, board: &Board, m: Move) -> Move {
        let [s, t] = board.edges[m.edge];
        let (tail, head) = if m.backward { (t, s) } else { (s, t) };
        let (mut a, mut b) = (self.vertices[tail], self.vertices[head]);
        if self.flip {
            std::mem::swap(&mut a, &mut b);
        }
        let edge = self.edges[m.edge];
        Move { edge, backward: board.edges[edge][0] != a || board.edges[edge][1] != b }
    }

    /// The move whose image is `m`.
    fn back(&self, board: &Board, m: Move) -> Move {
        let edge = self.edges.iter().position(|&y| y == m.edge).expect("a permutation");
        [false, true]
            .into_iter()
            .map(|backward| Move { edge, backward })
            .find(|&x| self.forward(board, x) == m)
            .expect("an automorphism maps the two arrows of an edge onto the two of its image")
    }
}

/// A component of the current position and the record it is bound to.
#[derive(Clone, Debug)]
struct Part {
    /// The component's edges, in increasing order.
    edges: Vec<usize>,
    /// The record (class or node) whose component plays the same game.
    record: usize,
    /// The map from this position onto the record's.
    frame: Frame,
}

/// What the position is bound to.
#[derive(Clone, Debug)]
enum Binding {
    /// Every component to a record.
    Parts(Vec<Part>),
    /// A claim of one winning move: the move, then the parts after it.
    Opening(Move, Vec<Ref>),
    /// A claim of every move of its position: the parts after each legal
    /// move, in move order.
    Options(Vec<Vec<Ref>>),
}

/// The record that justifies a reply, and how.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Justification {
    /// The record's id (class and node records numbered together from 0),
    /// or `None` for a move read from a claim.
    pub record: Option<usize>,
    /// The line in the file, from 1.
    pub line: u64,
    /// How the record gives the move, in words.
    pub reason: String,
}

impl fmt::Display for Justification {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.record {
            Some(r) => write!(f, "record {r} (line {}): {}", self.line, self.reason),
            None => write!(f, "the claim (line {}): {}", self.line, self.reason),
        }
    }
}

/// Why a strategy cannot go on.
#[derive(Debug)]
pub enum StrategyError {
    /// The certificate is unreadable or invalid.
    Certificate(Failure),
    /// The certificate is valid but proves no winner (its claims are about
    /// losing moves only).
    NoWinner,
    /// A move that is not legal in the current position.
    Illegal(Move),
    /// A move asked of the side that is not to move.
    NotYourTurn,
}

impl fmt::Display for StrategyError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            StrategyError::Certificate(e) => write!(f, "the certificate is {e}"),
            StrategyError::NoWinner => {
                write!(f, "the certificate proves no winner (its claims are about losing moves only)")
            }
            StrategyError::Illegal(m) => {
                let d = if m.backward { "t -> s" } else { "s -> t" };
                write!(f, "the arrow {d} on edge {} is not a legal move here", m.edge)
            }
            StrategyError::NotYourTurn => write!(f, "it is the other side's turn"),
        }
    }
}

impl std::error::Error for StrategyError {
    fn source(&self) -> Option<&(dyn std::error::Error + 'static)> {
        match self {
            StrategyError::Certificate(e) => Some(e),
            _ => None,
        }
    }
}

/// What a record says about its component.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Statement {
    /// A class: the component's value.
    Class(u64),
    /// A node: whether the player to move wins the component plus `*heap`.
    Node { heap: u64, wins: bool },
}

/// The winner's side of the game a verified certificate proves, from the
/// position of its first claim that names a winner.
pub struct Strategy {
    cert: Certificate,
    position: Vec<u8>,
    binding: Binding,
    winner_to_move: bool,
    claim_line: u64,
}

impl Strategy {
    /// Reads a certificate (plain or gzip), checks it with `arrows-verify`
    /// and starts from the position of its first claim that names a
    /// winner (a winner, a value, a winning move, or every move).
    pub fn read(input: impl Read) -> Result<Strategy, StrategyError> {
        let (cert, results) = arrows_verify::read_checked(input).map_err(StrategyError::Certificate)?;
        Strategy::new(cert, &results)
    }

    /// Starts from a checked certificate and what its claims prove.
    fn new(cert: Certificate, results: &[ClaimResult]) -> Result<Strategy, StrategyError> {
        let whole = Frame::identity(&cert.board);
        let all: Vec<usize> = (0..cert.board.edge_count()).collect();
        let mut start = None;
        for (claim, result) in cert.claims.iter().zip(results) {
            let q = &claim.position;
            let found = match (&claim.what, result) {
                (ClaimWhat::Winner { parts, .. }, ClaimResult::Winner(first)) => {
                    Some((Binding::Parts(bind(&cert, q, &all, &whole, q, &all, parts)), *first))
                }
                (ClaimWhat::Value { parts, .. }, ClaimResult::Value(v)) => {
                    Some((Binding::Parts(bind(&cert, q, &all, &whole, q, &all, parts)), *v != 0))
                }
                (ClaimWhat::Move { mv, parts, .. }, ClaimResult::Move(_, true)) => {
                    Some((Binding::Opening(*mv, parts.clone()), true))
                }
                (ClaimWhat::Moves { options }, ClaimResult::Moves(moves)) => {
                    Some((Binding::Options(options.clone()), moves.iter().any(|&(_, wins)| wins)))
                }
                _ => None,
            };
            if let Some((binding, first)) = found {
                start = Some((q.clone(), binding, first, claim.line));
                break;
            }
        }
        let (position, binding, winner_to_move, claim_line) = start.ok_or(StrategyError::NoWinner)?;
        Ok(Strategy { cert, position, binding, winner_to_move, claim_line })
    }

    /// The certificate's board.
    pub fn board(&self) -> &Board {
        &self.cert.board
    }

    /// The current position: byte `i` is `.`, `>` or `<` for edge `i`.
    pub fn position(&self) -> &[u8] {
        &self.position
    }

    /// Whether the winner is to move now.
    pub fn winner_to_move(&self) -> bool {
        self.winner_to_move
    }

    /// The legal moves of the current position, in move order.
    pub fn legal_moves(&self) -> Vec<Move> {
        let all: Vec<usize> = (0..self.cert.board.edge_count()).collect();
        game::legal_moves(&self.cert.board, &self.position, &all)
    }

    /// The number of class and node records.
    pub fn records(&self) -> usize {
        self.cert.records.len()
    }

    /// The winner's move: played, with the record that justifies it.
    /// `None` when the loser is to move or no move is left.
    pub fn reply(&mut self) -> Option<(Move, Justification)> {
        if !self.winner_to_move || self.legal_moves().is_empty() {
            return None;
        }
        let board = &self.cert.board;
        let all: Vec<usize> = (0..board.edge_count()).collect();
        let whole = Frame::identity(board);
        let (m, why, parts) = match &self.binding {
            Binding::Opening(mv, refs) => {
                let after = game::play(&self.position, *mv);
                let parts = bind(&self.cert, &after, &all, &whole, &after, &all, refs);
                let why = Justification {
                    record: None,
                    line: self.claim_line,
                    reason: "the claim's winning move".to_string(),
                };
                (*mv, why, parts)
            }
            Binding::Options(options) => {
                let moves = self.legal_moves();
                let i = options.iter().position(|refs| !self.mover_wins(refs))?;
                let mv = moves[i];
                let after = game::play(&self.position, mv);
                let parts = bind(&self.cert, &after, &all, &whole, &after, &all, &options[i]);
                let why = Justification {
                    record: None,
                    line: self.claim_line,
                    reason: format!("move {} of the claim's list leaves a loss", i + 1),
                };
                (mv, why, parts)
            }
            Binding::Parts(parts) => self.decide(parts.clone())?,
        };
        self.position = game::play(&self.position, m);
        self.binding = Binding::Parts(parts);
        self.winner_to_move = false;
        Some((m, why))
    }

    /// The loser's move `m`, followed through the records.
    pub fn play(&mut self, m: Move) -> Result<(), StrategyError> {
        if self.winner_to_move {
            return Err(StrategyError::NotYourTurn);
        }
        let board = &self.cert.board;
        if !game::legal(board, &self.position, m) {
            return Err(StrategyError::Illegal(m));
        }
        let after = game::play(&self.position, m);
        let all: Vec<usize> = (0..board.edge_count()).collect();
        let parts = match &self.binding {
            Binding::Options(options) => {
                let i = self.legal_moves().iter().position(|&x| x == m).expect("a legal move");
                bind(&self.cert, &after, &all, &Frame::identity(board), &after, &all, &options[i])
            }
            Binding::Opening(..) => return Err(StrategyError::NotYourTurn),
            Binding::Parts(parts) => {
                let k = parts.iter().position(|p| p.edges.contains(&m.edge)).expect("every unmarked edge is in a part");
                let part = &parts[k];
                let record = &self.cert.records[part.record];
                let rm = part.frame.forward(board, m);
                let r_edges = game::component_of(board, &record.position, record.edge);
                let i = game::legal_moves(board, &record.position, &r_edges)
                    .iter()
                    .position(|&x| x == rm)
                    .expect("a witness maps legal moves onto legal moves");
                let options = match &record.body {
                    Body::Class { options, .. } => options,
                    Body::Node { proof: NodeProof::Loses { options, .. }, .. } => options,
                    Body::Node { .. } => unreachable!("the loser never moves in a winning node"),
                };
                let r_after = game::play(&record.position, rm);
                let new = bind(&self.cert, &after, &part.edges, &part.frame, &r_after, &r_edges, &options[i]);
                let mut parts = parts.clone();
                parts.splice(k..=k, new);
                parts
            }
        };
        self.position = after;
        self.binding = Binding::Parts(parts);
        self.winner_to_move = true;
        Ok(())
    }

    /// What record `id` says.
    fn statement(&self, id: usize) -> Statement {
        match &self.cert.records[id].body {
            Body::Class { value, .. } => Statement::Class(*value),
            Body::Node { heap, wins, .. } => Statement::Node { heap: *heap, wins: *wins },
        }
    }

    /// Whether the player to move wins the sum of the records `refs` name
    /// ("Node": the outcome of a sum of parts).
    fn mover_wins(&self, refs: &[Ref]) -> bool {
        let mut x = 0;
        let mut node = None;
        for &[id, _] in refs {
            match self.statement(id as usize) {
                Statement::Class(v) => x ^= v,
                Statement::Node { wins, .. } => node = Some(wins),
            }
        }
        node.unwrap_or(x != 0)
    }

    /// The winner's move from `parts`, the parts after it, and why.
    fn decide(&self, mut parts: Vec<Part>) -> Option<(Move, Justification, Vec<Part>)> {
        let board = &self.cert.board;
        // Heap options followed so far, for the justification.
        let mut via = String::new();
        loop {
            let mut x = 0;
            let mut node = None;
            for (i, p) in parts.iter().enumerate() {
                match self.statement(p.record) {
                    Statement::Class(v) => x ^= v,
                    Statement::Node { heap, wins } => node = Some((i, heap, wins)),
                }
            }
            let Some((n, h, wins)) = node else {
                // Nim: a class whose value g has g ^ x < g moves to g ^ x.
                let i =
                    parts.iter().position(|p| matches!(self.statement(p.record), Statement::Class(g) if g ^ x < g))?;
                return Some(self.class_to(&parts, i, x, &via));
            };
            let record = &self.cert.records[parts[n].record];
            match (&record.body, wins) {
                (Body::Node { proof: NodeProof::Move { mv, parts: refs }, .. }, true) if x == h => {
                    let part = &parts[n];
                    let m = part.frame.back(board, *mv);
                    let after = game::play(&self.position, m);
                    let r_edges = game::component_of(board, &record.position, record.edge);
                    let r_after = game::play(&record.position, *mv);
                    let new = bind(&self.cert, &after, &part.edges, &part.frame, &r_after, &r_edges, refs);
                    let why = Justification {
                        record: Some(part.record),
                        line: record.line,
                        reason: format!("{via}node K + *{h}, won by this move on K"),
                    };
                    parts.splice(n..=n, new);
                    return Some((m, why, parts));
                }
                (Body::Node { proof: NodeProof::Heap { to, parts: refs }, .. }, true) if x == h => {
                    // The heap's move: a class takes the nim-sum from h down to `to`.
                    let part = parts[n].clone();
                    let new = bind(
                        &self.cert,
                        &self.position,
                        &part.edges,
                        &part.frame,
                        &record.position,
                        &part_edges(&self.cert, part.record),
                        refs,
                    );
                    via.push_str(&format!(
                        "node K + *{h} (record {}, line {}) moves the heap to *{to}; ",
                        part.record, record.line
                    ));
                    parts.splice(n..=n, new);
                    let d = h ^ to;
                    let i = parts
                        .iter()
                        .position(|p| matches!(self.statement(p.record), Statement::Class(g) if g ^ d < g))?;
                    return Some(self.class_to(&parts, i, d, &via));
                }
                (Body::Node { proof: NodeProof::Loses { heap_options, .. }, .. }, false) if x < h => {
                    // K + *x wins: the node's heap option x says how.
                    let part = parts[n].clone();
                    let refs = [heap_options[x as usize]];
                    let new = bind(
                        &self.cert,
                        &self.position,
                        &part.edges,
                        &part.frame,
                        &record.position,
                        &part_edges(&self.cert, part.record),
                        &refs,
                    );
                    via.push_str(&format!(
                        "node K + *{h} (record {}, line {}) has heap option *{x}; ",
                        part.record, record.line
                    ));
                    parts.splice(n..=n, new);
                }
                (Body::Node { .. }, false) if x > h => {
                    // A class brings the nim-sum back to h.
                    let d = x ^ h;
                    let i = parts
                        .iter()
                        .position(|p| matches!(self.statement(p.record), Statement::Class(g) if g ^ d < g))?;
                    return Some(self.class_to(&parts, i, d, &via));
                }
                _ => return None,
            }
        }
    }

    /// Class part `i` (value `g`) moves to an option of value `g ^ d`.
    fn class_to(&self, parts: &[Part], i: usize, d: u64, via: &str) -> (Move, Justification, Vec<Part>) {
        let board = &self.cert.board;
        let part = &parts[i];
        let record = &self.cert.records[part.record];
        let Body::Class { value: g, options } = &record.body else { unreachable!("a class part") };
        let target = g ^ d;
        let r_edges = game::component_of(board, &record.position, record.edge);
        let moves = game::legal_moves(board, &record.position, &r_edges);
        let j = options
            .iter()
            .position(|refs| refs.iter().fold(0, |acc, &[id, _]| acc ^ self.class_value(id as usize)) == target)
            .expect("a class's value is the mex of its options' values");
        let m = part.frame.back(board, moves[j]);
        let after = game::play(&self.position, m);
        let r_after = game::play(&record.position, moves[j]);
        let new = bind(&self.cert, &after, &part.edges, &part.frame, &r_after, &r_edges, &options[j]);
        let why = Justification {
            record: Some(part.record),
            line: record.line,
            reason: format!("{via}a component of value {g} moves to value {target}"),
        };
        let mut parts = parts.to_vec();
        parts.splice(i..=i, new);
        (m, why, parts)
    }

    fn class_value(&self, id: usize) -> u64 {
        match self.statement(id) {
            Statement::Class(v) => v,
            Statement::Node { .. } => unreachable!("a class's options are classes"),
        }
    }
}

/// The edges of record `id`'s component.
fn part_edges(cert: &Certificate, id: usize) -> Vec<usize> {
    let r = &cert.records[id];
    game::component_of(&cert.board, &r.position, r.edge)
}

/// Binds the components of `q` inside `f_edges` (carried onto the record
/// frame by `frame`) to the records that `refs` name for the components of
/// `r` inside `k_edges`, listed in the order of their least edges.
fn bind(
    cert: &Certificate,
    q: &[u8],
    f_edges: &[usize],
    frame: &Frame,
    r: &[u8],
    k_edges: &[usize],
    refs: &[Ref],
) -> Vec<Part> {
    let r_parts = game::components_inside(&cert.board, r, k_edges);
    game::components_inside(&cert.board, q, f_edges)
        .into_iter()
        .map(|edges| {
            let image = frame.edges[edges[0]];
            let i = r_parts.iter().position(|c| c.contains(&image)).expect("a checked certificate covers every part");
            let [id, w] = refs[i];
            Part { edges, record: usize::try_from(id).expect("a record id"), frame: frame.then(cert, w) }
        })
        .collect()
}
