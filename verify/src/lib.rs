//! `arrows-verify`: an independent checker of the certificates `arrows`
//! writes, implementing `docs/certificates.md` (format version 1) and
//! nothing else. It shares no code with the engines: it generates moves
//! from the rules' definitions, splits positions into components,
//! recomputes every mex and nim-sum and verifies every witness it is given.
//!
//! ```
//! let cert = br#"{"format":"arrows-certificate","version":1,"board":{"name":"edge","vertices":2,"edges":[[0,1]],"cells":[]},"rules":"trimmed","play":"normal","symmetries":[]}
//! {"claim":{"what":"value","position":">","value":0,"parts":[]}}
//! {"end":{"classes":0,"nodes":0,"claims":1}}
//! "#;
//! let proved = arrows_verify::verify_reader(&cert[..]).expect("a valid certificate");
//! assert_eq!(proved.claims[0].result, arrows_verify::ClaimResult::Value(0));
//! ```

pub mod board;
pub mod check;
pub mod game;
pub mod read;
pub mod witness;

use std::fmt;
use std::io::Read;
use std::path::Path;

pub use board::Rules;
pub use check::ClaimResult;
pub use game::Move;

/// What a valid certificate proves ("Claim" records, in file order).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Proved {
    /// The board's name, from the header.
    pub board: String,
    /// The rule set.
    pub rules: Rules,
    /// The board's edges, to name moves by their vertices.
    pub edges: Vec<[usize; 2]>,
    /// Every claim, with what it proves.
    pub claims: Vec<ProvedClaim>,
    /// The number of class records checked.
    pub classes: u64,
    /// The number of node records checked.
    pub nodes: u64,
}

/// One claim and what it proves.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ProvedClaim {
    /// The position, as its string.
    pub position: String,
    /// What is proved about it.
    pub result: ClaimResult,
}

/// Whether a certificate is false or could not be read.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum FailureKind {
    /// Read in full, but a check failed (exit code 1).
    Invalid,
    /// Not read: I/O, not gzip or JSON, not a certificate, malformed,
    /// truncated or over a cap (exit code 2).
    Unreadable,
}

/// Why a certificate is not valid.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Failure {
    /// Invalid or unreadable.
    pub kind: FailureKind,
    /// The class or node record's id, if the failure is in one.
    pub record: Option<u64>,
    /// The claim's index among the claims, if the failure is in one.
    pub claim: Option<u64>,
    /// The line, from 1 (1 is the header).
    pub line: Option<u64>,
    /// What failed and why.
    pub message: String,
}

impl fmt::Display for Failure {
    /// One line: `invalid: record N (line L): ...` or `unreadable: ...`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let place = match (self.record, self.claim, self.line) {
            (Some(r), _, Some(l)) => format!("record {r} (line {l}): "),
            (_, Some(c), Some(l)) => format!("claim {c} (line {l}): "),
            (None, None, Some(1)) if self.kind == FailureKind::Invalid => "header (line 1): ".to_string(),
            (None, None, Some(l)) => format!("line {l}: "),
            _ => String::new(),
        };
        let kind = match self.kind {
            FailureKind::Invalid => "invalid",
            FailureKind::Unreadable => "unreadable",
        };
        write!(f, "{kind}: {place}{}", one_line(&self.message))
    }
}

impl std::error::Error for Failure {}

/// Text from the file shown on the one output line: control characters
/// (a newline in a board's name) escaped.
fn one_line(text: &str) -> String {
    text.chars().map(|c| if c.is_control() { c.escape_default().to_string() } else { c.to_string() }).collect()
}

impl Proved {
    /// A move written `tail>head` with vertex numbers.
    pub fn arrow(&self, m: Move) -> String {
        match self.edges.get(m.edge) {
            Some(&[s, t]) if m.backward => format!("{t}>{s}"),
            Some(&[s, t]) => format!("{s}>{t}"),
            None => format!("edge {}", m.edge),
        }
    }

    /// One claim in words.
    fn claim_words(&self, claim: &ProvedClaim) -> String {
        let from = if claim.position.bytes().all(|b| b == b'.') {
            "the empty position".to_string()
        } else {
            format!("position {}", claim.position)
        };
        let game = format!("{} ({}, normal play)", one_line(&self.board), self.rules.words());
        match &claim.result {
            ClaimResult::Value(g) => format!("{from} of {game} has value {g}"),
            ClaimResult::Winner(first) => {
                format!("{} player wins {game} from {from}", if *first { "first" } else { "second" })
            }
            ClaimResult::Move(m, wins) => {
                format!("the move {} {} {game} from {from}", self.arrow(*m), if *wins { "wins" } else { "loses" })
            }
            ClaimResult::Moves(moves) => {
                let winning: Vec<String> = moves.iter().filter(|(_, w)| *w).map(|(m, _)| self.arrow(*m)).collect();
                let list = if winning.is_empty() { "none".to_string() } else { winning.join(", ") };
                format!("{game} from {from}: winning moves {list} (of {} legal moves)", moves.len())
            }
        }
    }

    /// The result as one JSON object (`--json`).
    pub fn to_json(&self) -> serde_json::Value {
        let claims: Vec<serde_json::Value> = self
            .claims
            .iter()
            .map(|c| {
                let (kind, result) = match &c.result {
                    ClaimResult::Value(g) => ("value", serde_json::json!(g)),
                    ClaimResult::Winner(first) => {
                        ("winner", serde_json::json!(if *first { "first" } else { "second" }))
                    }
                    ClaimResult::Move(m, wins) => ("move", serde_json::json!({"move": self.arrow(*m), "wins": wins})),
                    ClaimResult::Moves(moves) => {
                        let list: Vec<_> =
                            moves.iter().map(|(m, w)| serde_json::json!({"move": self.arrow(*m), "wins": w})).collect();
                        ("moves", serde_json::json!(list))
                    }
                };
                serde_json::json!({"kind": kind, "position": c.position, "result": result})
            })
            .collect();
        serde_json::json!({
            "valid": true, "board": self.board, "rules": self.rules.name(), "claims": claims,
            "classes": self.classes, "nodes": self.nodes,
        })
    }
}

impl fmt::Display for Proved {
    /// One line: `valid: ...`, every claim in words, then the counts.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let claims: Vec<String> = self.claims.iter().map(|c| self.claim_words(c)).collect();
        write!(f, "valid: {}; {} classes and {} nodes checked", claims.join("; "), self.classes, self.nodes)
    }
}

impl Failure {
    /// The failure as one JSON object (`--json`).
    pub fn to_json(&self) -> serde_json::Value {
        let kind = match self.kind {
            FailureKind::Invalid => "invalid",
            FailureKind::Unreadable => "unreadable",
        };
        serde_json::json!({
            "valid": false, "kind": kind, "record": self.record, "claim": self.claim,
            "line": self.line, "message": self.message,
        })
    }
}

/// Reads and checks a certificate (plain or gzip) from `input`
/// (`docs/certificates.md`, "What the checker verifies").
pub fn verify_reader(input: impl Read) -> Result<Proved, Failure> {
    let (cert, results) = read_checked(input)?;
    let classes = cert.records.iter().filter(|r| matches!(r.body, read::Body::Class { .. })).count() as u64;
    let claims = cert
        .claims
        .iter()
        .zip(results)
        .map(|(c, result)| ProvedClaim { position: String::from_utf8_lossy(&c.position).into_owned(), result })
        .collect();
    Ok(Proved {
        board: cert.board.name.clone(),
        rules: cert.board.rules,
        edges: cert.board.edges.clone(),
        claims,
        classes,
        nodes: cert.records.len() as u64 - classes,
    })
}

/// Reads and checks a certificate (plain or gzip) from `input`, and gives
/// it back whole with what each claim proves, for a program that plays
/// through the proof once the checker has accepted it.
pub fn read_checked(input: impl Read) -> Result<(read::Certificate, Vec<ClaimResult>), Failure> {
    let cert = read::read_certificate(input).map_err(|e| Failure {
        kind: if e.invalid { FailureKind::Invalid } else { FailureKind::Unreadable },
        record: None,
        claim: None,
        line: e.line,
        message: e.message,
    })?;
    let results = check::check_certificate(&cert).map_err(|e| Failure {
        kind: FailureKind::Invalid,
        record: e.record,
        claim: e.claim,
        line: e.line,
        message: e.message,
    })?;
    Ok((cert, results))
}

/// Reads and checks the certificate in the file at `path`.
pub fn verify_path(path: &Path) -> Result<Proved, Failure> {
    let file = std::fs::File::open(path).map_err(|e| Failure {
        kind: FailureKind::Unreadable,
        record: None,
        claim: None,
        line: None,
        message: format!("cannot open {}: {e}", path.display()),
    })?;
    verify_reader(file)
}
