//! Reading a certificate: `docs/certificates.md`, section "The file" (JSON
//! Lines, optionally gzip), with the checker's caps. Everything here is
//! about form; what the records claim is checked in `check.rs`.

use std::io::{BufRead, BufReader, Read};

use serde::Deserialize;

use crate::board::{Board, Rules, Symmetry, check_symmetry};
use crate::game::Move;

/// The longest line read: 64 MiB.
pub const MAX_LINE: u64 = 64 << 20;
/// The most records (class, node and claim lines) read: 2^26.
pub const MAX_RECORDS: u64 = 1 << 26;
/// The most vertices, and the most edges, a board may have.
pub const MAX_BOARD: u64 = 4096;
/// The largest heap or value a record may state: 2^31.
pub const MAX_HEAP: u64 = 1 << 31;

/// A reference `[id, w]` ("Records"): a record id and a witness.
pub type Ref = [u64; 2];

/// Why a certificate could not be read: the line (1 for the header, none
/// for the file as a whole) and what was wrong.
#[derive(Debug)]
pub struct ReadError {
    /// Whether the certificate was read but its header is false
    /// (a board that is not one, a symmetry that is not an automorphism).
    pub invalid: bool,
    /// The line, from 1.
    pub line: Option<u64>,
    /// What was wrong.
    pub message: String,
}

/// A class record ("Records", **Class**) or a node record (**Node**).
#[derive(Debug)]
pub struct Record {
    /// The record's line, from 1.
    pub line: u64,
    /// The record's position.
    pub position: Vec<u8>,
    /// The edge naming the component `K`.
    pub edge: usize,
    /// What the record claims about `K`.
    pub body: Body,
}

/// What a class or node record claims ("Records").
#[derive(Debug)]
pub enum Body {
    /// `K` has Grundy value `value`; `options` in move order.
    Class {
        /// The claimed value.
        value: u64,
        /// The parts after each legal move, in move order.
        options: Vec<Vec<Ref>>,
    },
    /// The player to move in `K + *heap` wins (`wins`) or not.
    Node {
        /// The heap `n`.
        heap: u64,
        /// Whether the player to move wins.
        wins: bool,
        /// The proof.
        proof: NodeProof,
    },
}

/// How a node proves its outcome ("Records", **Node**).
#[derive(Debug)]
pub enum NodeProof {
    /// `wins: true` by a move on `K`.
    Move {
        /// The move.
        mv: Move,
        /// The parts after it inside `K`.
        parts: Vec<Ref>,
    },
    /// `wins: true` by a move on the heap to `to`.
    Heap {
        /// The heap after the move.
        to: u64,
        /// One reference for `K` itself.
        parts: Vec<Ref>,
    },
    /// `wins: false`: every option.
    Loses {
        /// The parts after each legal move on `K`, in move order.
        options: Vec<Vec<Ref>>,
        /// Entry `j`: one reference for `K` itself.
        heap_options: Vec<Ref>,
    },
}

/// A claim record ("Records", **Claim**).
#[derive(Debug)]
pub struct Claim {
    /// The claim's line, from 1.
    pub line: u64,
    /// The position the claim is about.
    pub position: Vec<u8>,
    /// What is claimed.
    pub what: ClaimWhat,
}

/// The four kinds of claim ("Records", **Claim**).
#[derive(Debug)]
pub enum ClaimWhat {
    /// The position's value is `value`.
    Value {
        /// The claimed value.
        value: u64,
        /// All the position's components.
        parts: Vec<Ref>,
    },
    /// The first player (to move) wins, or the second.
    Winner {
        /// Whether the first player wins.
        first: bool,
        /// All the position's components.
        parts: Vec<Ref>,
    },
    /// The move is winning (`wins`) or losing.
    Move {
        /// The move.
        mv: Move,
        /// Whether it wins.
        wins: bool,
        /// All the components after it.
        parts: Vec<Ref>,
    },
    /// Every legal move, each with the parts after it.
    Moves {
        /// The parts after each legal move, in move order.
        options: Vec<Vec<Ref>>,
    },
}

/// A certificate read in full, its header checked.
#[derive(Debug)]
pub struct Certificate {
    /// The board and rules.
    pub board: Board,
    /// The header's symmetries, each verified.
    pub symmetries: Vec<Symmetry>,
    /// Class and node records; the index is the id.
    pub records: Vec<Record>,
    /// Claims, in file order.
    pub claims: Vec<Claim>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct HeaderJson {
    format: String,
    version: u64,
    board: BoardJson,
    rules: String,
    play: String,
    symmetries: Vec<SymmetryJson>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct BoardJson {
    name: String,
    vertices: u64,
    edges: Vec<[u64; 2]>,
    cells: Vec<Vec<u64>>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct SymmetryJson {
    vertices: Vec<u64>,
    edges: Vec<u64>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields, rename_all = "lowercase")]
enum LineJson {
    Class(ClassJson),
    Node(NodeJson),
    Claim(ClaimJson),
    End(EndJson),
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct ClassJson {
    position: String,
    edge: u64,
    value: u64,
    options: Vec<Vec<Ref>>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct NodeJson {
    position: String,
    edge: u64,
    heap: u64,
    wins: bool,
    options: Option<Vec<Vec<Ref>>>,
    heap_options: Option<Vec<Ref>>,
    #[serde(rename = "move")]
    mv: Option<[u64; 2]>,
    heap_move: Option<u64>,
    parts: Option<Vec<Ref>>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct ClaimJson {
    what: String,
    position: String,
    value: Option<u64>,
    winner: Option<String>,
    #[serde(rename = "move")]
    mv: Option<[u64; 2]>,
    wins: Option<bool>,
    parts: Option<Vec<Ref>>,
    options: Option<Vec<Vec<Ref>>>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct EndJson {
    classes: u64,
    nodes: u64,
    claims: u64,
}

/// An error about form at `line`.
fn unreadable(line: Option<u64>, message: impl Into<String>) -> ReadError {
    ReadError { invalid: false, line, message: message.into() }
}

/// Reads a certificate ("The file"): gzip or plain, the header, the
/// records and the end line, within the caps.
pub fn read_certificate(input: impl Read) -> Result<Certificate, ReadError> {
    let mut plain = BufReader::new(input);
    let head = plain.fill_buf().map_err(|e| unreadable(None, format!("cannot read: {e}")))?;
    let gzip = head.starts_with(&[0x1f, 0x8b]);
    let mut lines: Box<dyn BufRead> =
        if gzip { Box::new(BufReader::new(flate2::bufread::MultiGzDecoder::new(plain))) } else { Box::new(plain) };
    let mut buf = Vec::new();
    let mut line_no = 1u64;
    if !next_line(&mut lines, &mut buf, line_no)? {
        return Err(unreadable(None, "the file is empty, not a certificate"));
    }
    let (board, symmetries) = read_header(&buf)?;
    let mut records = Vec::new();
    let mut claims = Vec::new();
    let mut ended = false;
    loop {
        line_no = line_no.saturating_add(1);
        if !next_line(&mut lines, &mut buf, line_no)? {
            break;
        }
        let at = Some(line_no);
        if ended {
            return Err(unreadable(at, "a line after the end line: the file is damaged"));
        }
        let count = (records.len() as u64).saturating_add(claims.len() as u64);
        if count >= MAX_RECORDS {
            return Err(unreadable(at, "more than 2^26 records, the cap on records"));
        }
        let parsed: LineJson =
            serde_json::from_slice(&buf).map_err(|e| unreadable(at, format!("malformed record: {e}")))?;
        match parsed {
            LineJson::Class(c) => records.push(class_record(&board, c, line_no)?),
            LineJson::Node(n) => records.push(node_record(&board, n, line_no)?),
            LineJson::Claim(c) => claims.push(claim_record(&board, c, line_no)?),
            LineJson::End(end) => {
                let classes = records.iter().filter(|r| matches!(r.body, Body::Class { .. })).count() as u64;
                let nodes = records.len() as u64 - classes;
                if (end.classes, end.nodes, end.claims) != (classes, nodes, claims.len() as u64) {
                    return Err(unreadable(
                        at,
                        format!(
                            "the end line counts {} classes, {} nodes and {} claims, the file has {classes}, \
                             {nodes} and {}: records are missing or damaged",
                            end.classes,
                            end.nodes,
                            end.claims,
                            claims.len()
                        ),
                    ));
                }
                ended = true;
            }
        }
    }
    if !ended {
        return Err(unreadable(None, "no end line: the file is truncated"));
    }
    Ok(Certificate { board, symmetries, records, claims })
}

/// Reads the next line into `buf` without its newline, refusing one longer
/// than the cap; false at the end of the input.
fn next_line(input: &mut dyn BufRead, buf: &mut Vec<u8>, line: u64) -> Result<bool, ReadError> {
    buf.clear();
    let read = input
        .take(MAX_LINE + 1)
        .read_until(b'\n', buf)
        .map_err(|e| unreadable(Some(line), format!("cannot read: {e}")))?;
    if read == 0 {
        return Ok(false);
    }
    if buf.last() == Some(&b'\n') {
        buf.pop();
    }
    if buf.len() as u64 > MAX_LINE {
        return Err(unreadable(Some(line), "a line longer than 64 MiB, the cap on lines"));
    }
    Ok(true)
}

/// Reads and checks the header ("Header", "Symmetries").
fn read_header(line: &[u8]) -> Result<(Board, Vec<Symmetry>), ReadError> {
    let at = Some(1);
    let not_header = || unreadable(at, "not a certificate: the first line is not an arrows-certificate header");
    let value: serde_json::Value = serde_json::from_slice(line).map_err(|_| not_header())?;
    if value.get("format").and_then(|f| f.as_str()) != Some("arrows-certificate") {
        return Err(not_header());
    }
    match value.get("version").and_then(|v| v.as_u64()) {
        Some(1) => {}
        Some(v) => return Err(unreadable(at, format!("unknown version {v}: this checker reads version 1"))),
        None => return Err(unreadable(at, "the header has no version number")),
    }
    // Read again from the text, not the value, so that a repeated key is refused.
    let header: HeaderJson =
        serde_json::from_slice(line).map_err(|e| unreadable(at, format!("malformed header: {e}")))?;
    let _ = (&header.format, header.version);
    let rules = Rules::from_name(&header.rules)
        .ok_or_else(|| unreadable(at, format!("unknown rules `{}`: trimmed, untrimmed or cycles", header.rules)))?;
    if header.play != "normal" {
        return Err(unreadable(at, format!("play `{}`: certificates cover normal play only", header.play)));
    }
    let b = header.board;
    if b.vertices > MAX_BOARD || b.edges.len() as u64 > MAX_BOARD {
        return Err(unreadable(
            at,
            format!("a board of {} vertices and {} edges: the cap is 4,096 of each", b.vertices, b.edges.len()),
        ));
    }
    let n = b.vertices as usize;
    let edges: Vec<[usize; 2]> = b.edges.iter().map(|&[s, t]| [small(s), small(t)]).collect();
    let cells = b.cells.iter().map(|c| c.iter().map(|&e| small(e)).collect()).collect();
    let invalid = |message: String| ReadError { invalid: true, line: at, message };
    let board = Board::new(b.name, rules, n, edges, cells).map_err(|why| invalid(format!("the board: {why}")))?;
    let mut symmetries = Vec::new();
    for (i, s) in header.symmetries.into_iter().enumerate() {
        let vertices = s.vertices.iter().map(|&x| small(x)).collect();
        let edges = s.edges.iter().map(|&x| small(x)).collect();
        let symmetry = check_symmetry(&board, vertices, edges)
            .map_err(|why| invalid(format!("symmetry {i} is not an automorphism of the board: {why}")))?;
        symmetries.push(symmetry);
    }
    Ok((board, symmetries))
}

/// A number as an index, `usize::MAX` when it does not fit (every check
/// then finds it out of range).
fn small(x: u64) -> usize {
    usize::try_from(x).unwrap_or(usize::MAX)
}

/// A position string checked for form: `E` characters among `.`, `>`, `<`.
fn position(board: &Board, text: String, line: u64) -> Result<Vec<u8>, ReadError> {
    let bytes = text.into_bytes();
    if bytes.len() != board.edge_count() {
        return Err(unreadable(
            Some(line),
            format!("a position of {} characters on a board of {} edges", bytes.len(), board.edge_count()),
        ));
    }
    if let Some(bad) = bytes.iter().find(|b| !matches!(b, b'.' | b'>' | b'<')) {
        return Err(unreadable(Some(line), format!("a position with the character {:?}", char::from(*bad))));
    }
    Ok(bytes)
}

/// An edge index checked against the board.
fn edge(board: &Board, e: u64, line: u64) -> Result<usize, ReadError> {
    if e >= board.edge_count() as u64 {
        return Err(unreadable(Some(line), format!("edge {e} is out of range: the board has {}", board.edge_count())));
    }
    Ok(e as usize)
}

/// A move `[edge, d]` checked for form ("Node": `d = 0` for `s -> t`).
fn a_move(board: &Board, [e, d]: [u64; 2], line: u64) -> Result<Move, ReadError> {
    if d > 1 {
        return Err(unreadable(Some(line), format!("move [{e}, {d}]: the direction is 0 or 1")));
    }
    Ok(Move { edge: edge(board, e, line)?, backward: d == 1 })
}

/// A heap or value checked against the cap of 2^31.
fn capped(x: u64, what: &str, line: u64) -> Result<u64, ReadError> {
    if x > MAX_HEAP {
        return Err(unreadable(Some(line), format!("{what} {x} is over 2^31, the cap on heaps and values")));
    }
    Ok(x)
}

/// A class record checked for form.
fn class_record(board: &Board, c: ClassJson, line: u64) -> Result<Record, ReadError> {
    Ok(Record {
        line,
        position: position(board, c.position, line)?,
        edge: edge(board, c.edge, line)?,
        body: Body::Class { value: capped(c.value, "value", line)?, options: c.options },
    })
}

/// A node record checked for form: `wins: true` with `move` or
/// `heap_move` and `parts`, `wins: false` with `options` and `heap_options`.
fn node_record(board: &Board, n: NodeJson, line: u64) -> Result<Record, ReadError> {
    let heap = capped(n.heap, "heap", line)?;
    let proof = match (n.wins, n.mv, n.heap_move, n.parts, n.options, n.heap_options) {
        (true, Some(mv), None, Some(parts), None, None) => NodeProof::Move { mv: a_move(board, mv, line)?, parts },
        (true, None, Some(to), Some(parts), None, None) => NodeProof::Heap { to: capped(to, "heap", line)?, parts },
        (false, None, None, None, Some(options), Some(heap_options)) => NodeProof::Loses { options, heap_options },
        _ => {
            return Err(unreadable(
                Some(line),
                "malformed node: `wins: true` takes `move` or `heap_move` and `parts`, \
                 `wins: false` takes `options` and `heap_options`",
            ));
        }
    };
    Ok(Record {
        line,
        position: position(board, n.position, line)?,
        edge: edge(board, n.edge, line)?,
        body: Body::Node { heap, wins: n.wins, proof },
    })
}

/// A claim record checked for form ("Claim": the keys each kind takes).
fn claim_record(board: &Board, c: ClaimJson, line: u64) -> Result<Claim, ReadError> {
    let ClaimJson { what, position: text, value, winner, mv, wins, parts, options } = c;
    let claimed = match (what.as_str(), value, winner.as_deref(), mv, wins, parts, options) {
        ("value", Some(value), None, None, None, Some(parts), None) => {
            ClaimWhat::Value { value: capped(value, "value", line)?, parts }
        }
        ("winner", None, Some(w @ ("first" | "second")), None, None, Some(parts), None) => {
            ClaimWhat::Winner { first: w == "first", parts }
        }
        ("move", None, None, Some(mv), Some(wins), Some(parts), None) => {
            ClaimWhat::Move { mv: a_move(board, mv, line)?, wins, parts }
        }
        ("moves", None, None, None, None, None, Some(options)) => ClaimWhat::Moves { options },
        _ => {
            let why = format!("malformed claim of kind `{what}`: see the keys each kind takes in docs/certificates.md");
            return Err(unreadable(Some(line), why));
        }
    };
    Ok(Claim { line, position: position(board, text, line)?, what: claimed })
}
