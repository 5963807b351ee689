//! Writing a certificate: the header, every record the claims reach (and
//! nothing else), the claims, and the end line, as `docs/certificates.md`
//! lays them out.
//!
//! Records are numbered in the order they are first referred to, and
//! written in that order, so a record's number is its place among the
//! class and node lines. Everything is read again from the prover's memos:
//! writing searches nothing.

use super::CertifyError;
use super::prove::{Part, Prover, Ref, Win};
use super::rules::Pos;
use std::collections::HashMap;
use std::fmt::Write as _;
use std::io::Write;

/// A claim, before it is written.
#[derive(Debug, Clone)]
pub enum Claim {
    /// The value of a position: its parts (classes, and at most one lost
    /// node, whose heap is its component's value) and the nim-sum.
    Value {
        /// The position.
        at: Pos,
        /// Its Grundy value.
        value: u32,
        /// Its components.
        parts: Vec<Part>,
    },
    /// Who wins a position.
    Winner {
        /// The position.
        at: Pos,
        /// The player to move wins.
        first: bool,
        /// Its components.
        parts: Vec<Part>,
    },
    /// One move and whether it wins.
    Move {
        /// The position.
        at: Pos,
        /// The move's edge.
        edge: usize,
        /// The move's arrow is `s -> t`.
        forward: bool,
        /// The move wins.
        wins: bool,
        /// The components after it.
        parts: Vec<Part>,
    },
    /// Every move of a position, each with the parts after it.
    Moves {
        /// The position.
        at: Pos,
        /// The components after each legal move, in move order.
        options: Vec<Vec<Part>>,
    },
}

/// The counts of a written certificate.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct Written {
    /// Class records.
    pub classes: u64,
    /// Node records.
    pub nodes: u64,
    /// Claim records.
    pub claims: u64,
    /// Bytes written (before any compression).
    pub bytes: u64,
}

/// Counts the bytes that pass through.
struct Counting<W> {
    inner: W,
    bytes: u64,
}

impl<W: Write> Write for Counting<W> {
    fn write(&mut self, buf: &[u8]) -> std::io::Result<usize> {
        let n = self.inner.write(buf)?;
        self.bytes += n as u64;
        Ok(n)
    }

    fn flush(&mut self) -> std::io::Result<()> {
        self.inner.flush()
    }
}

/// Writes the certificate of `claims` on the board `name`, refusing (before
/// the line that would pass it) past `cap` bytes.
pub fn write(
    prover: &mut Prover<'_>,
    name: &str,
    rules_name: &str,
    claims: &[Claim],
    cap: u64,
    out: impl Write,
) -> Result<Written, CertifyError> {
    let mut out = Counting { inner: out, bytes: 0 };
    let mut ids: HashMap<Ref, usize> = HashMap::new();
    let mut queue: Vec<Ref> = Vec::new();
    let id = |r: Ref, ids: &mut HashMap<Ref, usize>, queue: &mut Vec<Ref>| -> usize {
        *ids.entry(r).or_insert_with(|| {
            queue.push(r);
            queue.len() - 1
        })
    };
    // The claims' lines first, so that their references are numbered first.
    let mut claim_lines = Vec::new();
    for claim in claims {
        let mut line = String::from("{\"claim\":{");
        let parts = |parts: &[Part], ids: &mut HashMap<Ref, usize>, queue: &mut Vec<Ref>| {
            let mut s = String::from("[");
            for (i, p) in parts.iter().enumerate() {
                let n = id(p.to, ids, queue);
                if i > 0 {
                    s.push(',');
                }
                let _ = write!(s, "[{n},{}]", p.witness.code());
            }
            s.push(']');
            s
        };
        match claim {
            Claim::Value { at, value, parts: ps } => {
                let ps = parts(ps, &mut ids, &mut queue);
                let _ = write!(
                    line,
                    "\"what\":\"value\",\"position\":\"{}\",\"value\":{value},\"parts\":{ps}",
                    prover.rules.text(*at)
                );
            }
            Claim::Winner { at, first, parts: ps } => {
                let ps = parts(ps, &mut ids, &mut queue);
                let who = if *first { "first" } else { "second" };
                let _ = write!(
                    line,
                    "\"what\":\"winner\",\"position\":\"{}\",\"winner\":\"{who}\",\"parts\":{ps}",
                    prover.rules.text(*at)
                );
            }
            Claim::Move { at, edge, forward, wins, parts: ps } => {
                let ps = parts(ps, &mut ids, &mut queue);
                let _ = write!(
                    line,
                    "\"what\":\"move\",\"position\":\"{}\",\"move\":[{edge},{}],\"wins\":{wins},\"parts\":{ps}",
                    prover.rules.text(*at),
                    u8::from(!*forward)
                );
            }
            Claim::Moves { at, options } => {
                let _ = write!(line, "\"what\":\"moves\",\"position\":\"{}\",\"options\":[", prover.rules.text(*at));
                for (i, o) in options.iter().enumerate() {
                    if i > 0 {
                        line.push(',');
                    }
                    line.push_str(&parts(o, &mut ids, &mut queue));
                }
                line.push(']');
            }
        }
        line.push_str("}}\n");
        claim_lines.push(line);
    }
    let mut written = Written { claims: claims.len() as u64, ..Written::default() };
    let emit = |line: &str, out: &mut Counting<_>| -> Result<(), CertifyError> {
        if out.bytes + line.len() as u64 > cap {
            return Err(CertifyError::TooBig { cap, written: out.bytes });
        }
        out.write_all(line.as_bytes()).map_err(CertifyError::Io)
    };
    emit(&header(prover, name, rules_name), &mut out)?;
    let mut next = 0;
    while next < queue.len() {
        let r = queue[next];
        next += 1;
        let line = match r {
            Ref::Class(c) => {
                written.classes += 1;
                let class = prover.classes[c as usize];
                let mut line = String::new();
                let _ = write!(
                    line,
                    "{{\"class\":{{\"position\":\"{}\",\"edge\":{},\"value\":{},\"options\":[",
                    prover.rules.text(class.rep),
                    class.part.trailing_zeros(),
                    class.value
                );
                for (i, (e, forward)) in prover.rules.moves(class.rep, class.part).into_iter().enumerate() {
                    let (q, comps) = prover.rules.after(class.rep, class.part, e, forward);
                    let mut parts = Vec::new();
                    for c in comps {
                        parts.push(prover.class(q, c)?.0);
                    }
                    if i > 0 {
                        line.push(',');
                    }
                    push_parts(&mut line, &parts, &mut |r| id(r, &mut ids, &mut queue));
                }
                line.push_str("]}}\n");
                line
            }
            Ref::Node(n) => {
                written.nodes += 1;
                let node = prover.nodes[n as usize];
                let mut line = String::new();
                let _ = write!(
                    line,
                    "{{\"node\":{{\"position\":\"{}\",\"edge\":{},\"heap\":{},\"wins\":{}",
                    prover.rules.text(node.rep),
                    node.part.trailing_zeros(),
                    node.heap,
                    node.wins()
                );
                match node.win {
                    Win::Move(e, forward) => {
                        let (q, comps) = prover.rules.after(node.rep, node.part, e, forward);
                        let (parts, wins) = prover.outcome(q, &comps, node.heap)?;
                        debug_assert!(!wins, "a winning move leads to a loss for the opponent");
                        let _ = write!(line, ",\"move\":[{e},{}],\"parts\":", u8::from(!forward));
                        push_parts(&mut line, &parts, &mut |r| id(r, &mut ids, &mut queue));
                    }
                    Win::Heap(m) => {
                        let (part, _) = prover.node(node.rep, node.part, m)?;
                        let _ = write!(line, ",\"heap_move\":{m},\"parts\":");
                        push_parts(&mut line, &[part], &mut |r| id(r, &mut ids, &mut queue));
                    }
                    Win::Lost => {
                        line.push_str(",\"options\":[");
                        for (i, (e, forward)) in prover.rules.moves(node.rep, node.part).into_iter().enumerate() {
                            let (q, comps) = prover.rules.after(node.rep, node.part, e, forward);
                            let (parts, _) = prover.outcome(q, &comps, node.heap)?;
                            if i > 0 {
                                line.push(',');
                            }
                            push_parts(&mut line, &parts, &mut |r| id(r, &mut ids, &mut queue));
                        }
                        line.push_str("],\"heap_options\":[");
                        for m in 0..node.heap {
                            let (part, _) = prover.node(node.rep, node.part, m)?;
                            if m > 0 {
                                line.push(',');
                            }
                            let n = id(part.to, &mut ids, &mut queue);
                            let _ = write!(line, "[{n},{}]", part.witness.code());
                        }
                        line.push(']');
                    }
                }
                line.push_str("}}\n");
                line
            }
        };
        emit(&line, &mut out)?;
    }
    for line in &claim_lines {
        emit(line, &mut out)?;
    }
    emit(
        &format!(
            "{{\"end\":{{\"classes\":{},\"nodes\":{},\"claims\":{}}}}}\n",
            written.classes, written.nodes, written.claims
        ),
        &mut out,
    )?;
    out.flush().map_err(CertifyError::Io)?;
    written.bytes = out.bytes;
    Ok(written)
}

/// Appends a list of parts, numbering their records with `id`.
fn push_parts(line: &mut String, parts: &[Part], id: &mut impl FnMut(Ref) -> usize) {
    line.push('[');
    for (i, p) in parts.iter().enumerate() {
        if i > 0 {
            line.push(',');
        }
        let _ = write!(line, "[{},{}]", id(p.to), p.witness.code());
    }
    line.push(']');
}

/// The header line: the board, the rules, the symmetries.
fn header(prover: &Prover<'_>, name: &str, rules_name: &str) -> String {
    let rules = prover.rules;
    let mut s = String::from("{\"format\":\"arrows-certificate\",\"version\":1,\"board\":{\"name\":");
    s.push_str(&serde_json_string(name));
    let _ = write!(s, ",\"vertices\":{},\"edges\":[", rules.vertex_count());
    for (i, (a, b)) in rules.ends.iter().enumerate() {
        if i > 0 {
            s.push(',');
        }
        let _ = write!(s, "[{a},{b}]");
    }
    s.push_str("],\"cells\":[");
    for (i, w) in rules.walks.iter().enumerate() {
        if i > 0 {
            s.push(',');
        }
        s.push('[');
        for (j, e) in w.iter().enumerate() {
            if j > 0 {
                s.push(',');
            }
            let _ = write!(s, "{e}");
        }
        s.push(']');
    }
    let _ = write!(s, "]}},\"rules\":\"{rules_name}\",\"play\":\"normal\",\"symmetries\":[");
    for (i, sym) in prover.syms.iter().enumerate() {
        if i > 0 {
            s.push(',');
        }
        let list = |xs: &[usize]| xs.iter().map(|x| x.to_string()).collect::<Vec<_>>().join(",");
        let _ = write!(s, "{{\"vertices\":[{}],\"edges\":[{}]}}", list(&sym.vertex), list(&sym.edge));
    }
    s.push_str("]}\n");
    s
}

/// A JSON string literal.
fn serde_json_string(text: &str) -> String {
    let mut s = String::from("\"");
    for ch in text.chars() {
        match ch {
            '"' => s.push_str("\\\""),
            '\\' => s.push_str("\\\\"),
            c if (c as u32) < 0x20 => {
                let _ = write!(s, "\\u{:04x}", c as u32);
            }
            c => s.push(c),
        }
    }
    s.push('"');
    s
}
