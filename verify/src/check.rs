//! Checking the records: `docs/certificates.md`, sections "Records" and
//! "What the checker verifies". Each check is local: it reads the referenced
//! records' statements (value, heap, wins), never their proofs, which are
//! checked when their own turn comes.

use crate::game::{Move, component_of, components_inside, is_proper, legal, legal_moves, play, unmarked};
use crate::read::{Body, Certificate, ClaimWhat, NodeProof, Record, Ref};
use crate::witness::{Side, check_witness};

/// What a checked claim proves (`ClaimWhat` with the answers filled in).
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ClaimResult {
    /// The position's value.
    Value(u64),
    /// Whether the first player (to move) wins.
    Winner(bool),
    /// The move and whether it wins.
    Move(Move, bool),
    /// Every legal move and whether it wins.
    Moves(Vec<(Move, bool)>),
}

/// The statement a referenced record makes about its component.
#[derive(Clone, Copy)]
enum Statement {
    /// A class: the component's value.
    Class(u64),
    /// A node: the outcome of the component plus `*heap`.
    Node { heap: u64, wins: bool },
}

/// Where a check failed and why.
#[derive(Debug)]
pub struct CheckError {
    /// The class or node record's id, if the failure is in one.
    pub record: Option<u64>,
    /// The claim's index among the claims, if the failure is in one.
    pub claim: Option<u64>,
    /// The line, from 1.
    pub line: Option<u64>,
    /// What failed and why.
    pub message: String,
}

/// Checks every class and node record in order, then every claim, then
/// that there is a claim and every record is reachable from one ("What the
/// checker verifies").
pub fn check_certificate(cert: &Certificate) -> Result<Vec<ClaimResult>, CheckError> {
    for (id, record) in cert.records.iter().enumerate() {
        check_record(cert, record).map_err(|message| CheckError {
            record: Some(id as u64),
            claim: None,
            line: Some(record.line),
            message,
        })?;
    }
    let mut proved = Vec::new();
    for (i, claim) in cert.claims.iter().enumerate() {
        let result = check_claim(cert, &claim.position, &claim.what);
        proved.push(result.map_err(|message| CheckError {
            record: None,
            claim: Some(i as u64),
            line: Some(claim.line),
            message,
        })?);
    }
    if cert.claims.is_empty() {
        let message = "the certificate has no claim: it proves nothing".into();
        return Err(CheckError { record: None, claim: None, line: None, message });
    }
    check_reachable(cert)?;
    Ok(proved)
}

/// Checks one class or node record ("Records", **Class**, **Node**): its
/// position proper, its edge unmarked, then its proof.
fn check_record(cert: &Certificate, record: &Record) -> Result<(), String> {
    let board = &cert.board;
    let p = &record.position;
    if !is_proper(board, p) {
        return Err("the position is not proper".into());
    }
    if !unmarked(p, record.edge) {
        return Err(format!("edge {} is marked", record.edge));
    }
    let k = component_of(board, p, record.edge);
    let moves = legal_moves(board, p, &k);
    match &record.body {
        Body::Class { value, options } => {
            expect_count(options.len(), moves.len())?;
            let mut values = Vec::new();
            for (i, (m, parts)) in moves.iter().zip(options).enumerate() {
                let (after, inside) = after_move(p, &k, *m);
                let statements = check_parts(cert, &after, &inside, parts).map_err(|why| at_option(i, *m, why))?;
                let mut x = 0;
                for s in statements {
                    match s {
                        Statement::Class(v) => x ^= v,
                        Statement::Node { .. } => return Err(at_option(i, *m, "a part refers to a node".into())),
                    }
                }
                values.push(x);
            }
            let mex = mex(&values);
            if mex != *value {
                return Err(format!("the value is {value}, but the mex of the options' values {values:?} is {mex}"));
            }
            Ok(())
        }
        Body::Node { heap, wins, proof } => check_node(cert, p, &k, &moves, *heap, *wins, proof),
    }
}

/// Checks a node's proof ("Records", **Node**): a winning move on `K` or on
/// the heap for `wins: true`, every option a win for `wins: false`.
fn check_node(
    cert: &Certificate,
    p: &[u8],
    k: &[usize],
    moves: &[Move],
    n: u64,
    wins: bool,
    proof: &NodeProof,
) -> Result<(), String> {
    match proof {
        NodeProof::Move { mv, parts } => {
            if !k.contains(&mv.edge) || !legal(&cert.board, p, *mv) {
                return Err(format!("the winning move {} is not a legal move on the component", show_move(*mv)));
            }
            let (after, inside) = after_move(p, k, *mv);
            let statements = check_parts(cert, &after, &inside, parts)?;
            if outcome(&statements, n)? {
                return Err(format!(
                    "after the move {}, the sum with *{n} is a win for the player to move",
                    show_move(*mv)
                ));
            }
        }
        NodeProof::Heap { to, parts } => {
            if *to >= n {
                return Err(format!("the heap move goes from {n} to {to}, not to a smaller heap"));
            }
            // The component `K` itself is the one component inside its edges.
            let statements = check_parts(cert, p, k, parts)?;
            if outcome(&statements, *to)? {
                return Err(format!("after the heap move to {to}, the sum is a win for the player to move"));
            }
        }
        NodeProof::Loses { options, heap_options } => {
            expect_count(options.len(), moves.len())?;
            for (i, (m, parts)) in moves.iter().zip(options).enumerate() {
                let (after, inside) = after_move(p, k, *m);
                let statements = check_parts(cert, &after, &inside, parts).map_err(|why| at_option(i, *m, why))?;
                if !outcome(&statements, n).map_err(|why| at_option(i, *m, why))? {
                    return Err(at_option(i, *m, format!("the sum with *{n} is a loss for the player to move")));
                }
            }
            if heap_options.len() as u64 != n {
                return Err(format!("{} heap options for a heap of {n}", heap_options.len()));
            }
            for (j, r) in heap_options.iter().enumerate() {
                let statements = check_parts(cert, p, k, std::slice::from_ref(r))
                    .map_err(|why| format!("heap option {j}: {why}"))?;
                if !outcome(&statements, j as u64).map_err(|why| format!("heap option {j}: {why}"))? {
                    return Err(format!("heap option {j}: the component plus *{j} is a loss for the player to move"));
                }
            }
        }
    }
    // The proof's kind decides `wins`; the reader pairs them, checked again here.
    let proof_wins = !matches!(proof, NodeProof::Loses { .. });
    if proof_wins != wins {
        return Err("`wins` does not match the proof given".into());
    }
    Ok(())
}

/// Checks a claim ("Records", **Claim**) and returns what it proves.
fn check_claim(cert: &Certificate, p: &[u8], what: &ClaimWhat) -> Result<ClaimResult, String> {
    let board = &cert.board;
    if !is_proper(board, p) {
        return Err("the position is not proper".into());
    }
    let all: Vec<usize> = (0..board.edge_count()).collect();
    match what {
        ClaimWhat::Value { value, parts } => {
            let mut g = 0;
            let mut nodes = 0;
            for s in check_parts(cert, p, &all, parts)? {
                match s {
                    Statement::Class(v) => g ^= v,
                    Statement::Node { wins: true, .. } => {
                        return Err("a node part with `wins: true` gives no value".into());
                    }
                    Statement::Node { heap, .. } => {
                        g ^= heap;
                        nodes += 1;
                    }
                }
            }
            if nodes > 1 {
                return Err("more than one part is a node".into());
            }
            if g != *value {
                return Err(format!("the value is {value}, but the parts' nim-sum is {g}"));
            }
            Ok(ClaimResult::Value(g))
        }
        ClaimWhat::Winner { first, parts } => {
            let wins = outcome(&check_parts(cert, p, &all, parts)?, 0)?;
            if wins != *first {
                let who = if wins { "first" } else { "second" };
                return Err(format!("the parts say the {who} player wins"));
            }
            Ok(ClaimResult::Winner(wins))
        }
        ClaimWhat::Move { mv, wins, parts } => {
            if !legal(board, p, *mv) {
                return Err(format!("the move {} is not legal", show_move(*mv)));
            }
            let after = play(p, *mv);
            let mover_wins = !outcome(&check_parts(cert, &after, &all, parts)?, 0)?;
            if mover_wins != *wins {
                return Err(format!(
                    "the parts say the move {} {}",
                    show_move(*mv),
                    if mover_wins { "wins" } else { "loses" }
                ));
            }
            Ok(ClaimResult::Move(*mv, mover_wins))
        }
        ClaimWhat::Moves { options } => {
            let moves = legal_moves(board, p, &all);
            expect_count(options.len(), moves.len())?;
            let mut results = Vec::new();
            for (i, (m, parts)) in moves.iter().zip(options).enumerate() {
                let after = play(p, *m);
                let statements = check_parts(cert, &after, &all, parts).map_err(|why| at_option(i, *m, why))?;
                results.push((*m, !outcome(&statements, 0).map_err(|why| at_option(i, *m, why))?));
            }
            Ok(ClaimResult::Moves(results))
        }
    }
}

/// Checks that `parts` covers the components of `q` inside `edges`
/// ("Records": one reference per component, ordered by least edge), each
/// reference to an existing record with a witness that passes; returns the
/// referenced records' statements.
fn check_parts(cert: &Certificate, q: &[u8], edges: &[usize], parts: &[Ref]) -> Result<Vec<Statement>, String> {
    let comps = components_inside(&cert.board, q, edges);
    if comps.len() != parts.len() {
        return Err(format!("{} parts for {} components", parts.len(), comps.len()));
    }
    let mut statements = Vec::new();
    for (f, &[id, w]) in comps.iter().zip(parts) {
        let target = usize::try_from(id).ok().and_then(|i| cert.records.get(i));
        let target = target.ok_or_else(|| format!("a part refers to record {id}, which does not exist"))?;
        let c = component_of(&cert.board, &target.position, target.edge);
        let from = Side { position: q, edges: f };
        let to = Side { position: &target.position, edges: &c };
        check_witness(&cert.board, &cert.symmetries, w, &from, &to).map_err(|why| {
            let least = f.first().copied().unwrap_or_default();
            format!("the part for the component of edge {least} refers to record {id}: {why}")
        })?;
        statements.push(statement(cert, id).ok_or("no statement")?);
    }
    Ok(statements)
}

/// The statement record `id` makes.
fn statement(cert: &Certificate, id: u64) -> Option<Statement> {
    let record = cert.records.get(usize::try_from(id).ok()?)?;
    Some(match record.body {
        Body::Class { value, .. } => Statement::Class(value),
        Body::Node { heap, wins, .. } => Statement::Node { heap, wins },
    })
}

/// The outcome of `parts + *m` ("Node"): whether the player to move wins.
/// With classes only, exactly when their nim-sum `x` is not `m`; with one
/// node, whose heap must be `m xor x`, that node's `wins`.
fn outcome(statements: &[Statement], m: u64) -> Result<bool, String> {
    let mut x = 0;
    let mut node = None;
    for s in statements {
        match *s {
            Statement::Class(v) => x ^= v,
            Statement::Node { heap, wins } => {
                if node.replace((heap, wins)).is_some() {
                    return Err("more than one part is a node".into());
                }
            }
        }
    }
    match node {
        None => Ok(x != m),
        Some((heap, wins)) if heap == m ^ x => Ok(wins),
        Some((heap, _)) => Err(format!("the node part has heap {heap}, but the sum needs {}", m ^ x)),
    }
}

/// The mex ("minimum excluded value") of a list of values.
fn mex(values: &[u64]) -> u64 {
    let mut m = 0;
    while values.contains(&m) {
        m += 1;
    }
    m
}

/// The position after `m` and the edges of `k` left unmarked.
fn after_move(p: &[u8], k: &[usize], m: Move) -> (Vec<u8>, Vec<usize>) {
    (play(p, m), k.iter().copied().filter(|&e| e != m.edge).collect())
}

/// Refuses a list of options whose length is not the number of legal moves.
fn expect_count(listed: usize, legal: usize) -> Result<(), String> {
    if listed != legal {
        return Err(format!("{listed} options listed, but there are {legal} legal moves"));
    }
    Ok(())
}

/// Names option `i` (move `m`) in front of an error.
fn at_option(i: usize, m: Move, why: String) -> String {
    format!("option {i} (move {}): {why}", show_move(m))
}

/// A move as a file writes it, `[edge, d]`.
fn show_move(m: Move) -> String {
    format!("[{}, {}]", m.edge, u8::from(m.backward))
}

/// Checks that every record is reachable from a claim ("What the checker
/// verifies"), by a plain depth-first search over references.
fn check_reachable(cert: &Certificate) -> Result<(), CheckError> {
    let mut seen = vec![false; cert.records.len()];
    let mut stack: Vec<u64> = Vec::new();
    for claim in &cert.claims {
        match &claim.what {
            ClaimWhat::Value { parts, .. } | ClaimWhat::Winner { parts, .. } | ClaimWhat::Move { parts, .. } => {
                stack.extend(parts.iter().map(|r| r[0]))
            }
            ClaimWhat::Moves { options } => stack.extend(options.iter().flatten().map(|r| r[0])),
        }
    }
    while let Some(id) = stack.pop() {
        let index = usize::try_from(id).ok();
        let (Some(mark), Some(record)) = (index.and_then(|i| seen.get_mut(i)), index.and_then(|i| cert.records.get(i)))
        else {
            continue;
        };
        if *mark {
            continue;
        }
        *mark = true;
        match &record.body {
            Body::Class { options, .. } => stack.extend(options.iter().flatten().map(|r| r[0])),
            Body::Node { proof: NodeProof::Loses { options, heap_options }, .. } => {
                stack.extend(options.iter().flatten().map(|r| r[0]));
                stack.extend(heap_options.iter().map(|r| r[0]));
            }
            Body::Node { proof: NodeProof::Move { parts, .. } | NodeProof::Heap { parts, .. }, .. } => {
                stack.extend(parts.iter().map(|r| r[0]));
            }
        }
    }
    match seen.iter().position(|&s| !s) {
        Some(i) => Err(CheckError {
            record: Some(i as u64),
            claim: None,
            line: cert.records.get(i).map(|r| r.line),
            message: "not reachable from any claim".into(),
        }),
        None => Ok(()),
    }
}
