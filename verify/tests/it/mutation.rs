//! The mutation test: every hand-made certificate corrupted in every way a
//! bug could corrupt it. A mutant must be rejected (invalid or unreadable)
//! unless it is provably still a valid certificate of the same claims: it
//! differs from the original only in the board's name, or in witnesses
//! `w0 -> w1` such that `w1 = g . w0` for a map `g` that carries the
//! referenced record's whole position onto itself and its component onto
//! itself (so `w1` is an isomorphism whenever `w0` is). Every accepted
//! mutant must be explained so, and prove exactly the original claims.

use std::collections::BTreeMap;

use arrows_verify::board::{Board, Rules};
use arrows_verify::{FailureKind, Proved, verify_reader};
use serde_json::Value;

use crate::certs::{self, Hand};

/// Tried, rejected and still-valid counts per kind of mutation.
#[derive(Default)]
struct Tally(BTreeMap<&'static str, [usize; 3]>);

impl Tally {
    /// Judges one mutant: rejected, or accepted and explained.
    fn judge(&mut self, kind: &'static str, hand: &Hand, original: &Proved, mutant: &[u8]) {
        let counts = self.0.entry(kind).or_default();
        counts[0] += 1;
        match verify_reader(mutant) {
            Err(_) => counts[1] += 1,
            Ok(proved) => {
                let text = String::from_utf8_lossy(mutant);
                assert!(
                    proved.claims == original.claims && explained(&hand.text, &text),
                    "{}: a mutant ({kind}) is accepted without a reason:\n{text}\nproves {proved}",
                    hand.name
                );
                counts[2] += 1;
            }
        }
    }

    /// Judges a mutant given as JSON lines.
    fn judge_lines(&mut self, kind: &'static str, hand: &Hand, original: &Proved, lines: &[Value]) {
        self.judge(kind, hand, original, render(lines).as_bytes());
    }
}

/// The certificate's lines as JSON values.
fn parse(text: &str) -> Vec<Value> {
    text.lines().map(|l| serde_json::from_str(l).expect("a JSON line")).collect()
}

/// JSON lines back to a file.
fn render(lines: &[Value]) -> String {
    lines.iter().map(|v| format!("{v}\n")).collect()
}

/// The leaves (and shapes) where two JSON values differ, as paths.
fn diffs(a: &Value, b: &Value, path: &mut Vec<String>, out: &mut Vec<Vec<String>>) {
    match (a, b) {
        (Value::Object(x), Value::Object(y)) if x.keys().eq(y.keys()) => {
            for (k, v) in x {
                path.push(k.clone());
                diffs(v, &y[k], path, out);
                path.pop();
            }
        }
        (Value::Array(x), Value::Array(y)) if x.len() == y.len() => {
            for (i, (v, w)) in x.iter().zip(y).enumerate() {
                path.push(i.to_string());
                diffs(v, w, path, out);
                path.pop();
            }
        }
        _ if a == b => {}
        _ => out.push(path.clone()),
    }
}

/// The value at a path.
fn at<'a>(v: &'a Value, path: &[String]) -> Option<&'a Value> {
    path.iter().try_fold(v, |v, k| match v {
        Value::Object(m) => m.get(k),
        Value::Array(a) => a.get(k.parse::<usize>().ok()?),
        _ => None,
    })
}

/// Whether an accepted mutant is provably a certificate of the same claims
/// (see the module's documentation).
fn explained(original: &str, mutant: &str) -> bool {
    let (a, Ok(b)) = (parse(original), mutant.lines().map(serde_json::from_str).collect::<Result<Vec<Value>, _>>())
    else {
        return false;
    };
    if a.len() != b.len() {
        return false;
    }
    let mut found = Vec::new();
    for (i, (x, y)) in a.iter().zip(&b).enumerate() {
        let mut path = vec![i.to_string()];
        diffs(x, y, &mut path, &mut found);
    }
    found.iter().all(|path| {
        let words: Vec<&str> = path.iter().map(String::as_str).collect();
        if words == ["0", "board", "name"] {
            return true;
        }
        if let [line, kind @ ("class" | "node"), "edge"] = words[..] {
            return same_component(&a, &b, line.parse().expect("a line index"), kind);
        }
        if let [line, kind @ ("class" | "node"), "position"] = words[..] {
            return same_game(&a, &b, line.parse().expect("a line index"), kind);
        }
        let in_ref = words.iter().any(|w| matches!(*w, "parts" | "options" | "heap_options"));
        let (Some(&"1"), true) = (words.last(), in_ref) else { return false };
        let parent = &path[1..path.len() - 1];
        let line: usize = path[0].parse().expect("a line index");
        let (Some(old), Some(new)) = (at(&a[line], parent), at(&b[line], parent)) else { return false };
        let (Some(id), Some(w0), Some(w1)) = (old[0].as_u64(), old[1].as_u64(), new[1].as_u64()) else { return false };
        new[0].as_u64() == Some(id) && witness_change_harmless(&b, id, w0, w1)
    }) || found.iter().all(|path| same_target(&a, &b, path))
}

/// Whether a changed reference id names a record about the same component
/// of the same position as the original's (with the same witness): the
/// part is the same game, only its statement is read from another record,
/// which is checked in its own right.
fn same_target(original: &[Value], mutant: &[Value], path: &[String]) -> bool {
    let records = |lines: &[Value]| -> Vec<Value> {
        lines.iter().filter_map(|l| l.get("class").or_else(|| l.get("node"))).cloned().collect()
    };
    let line: usize = path[0].parse().expect("a line index");
    let parent = &path[1..path.len() - 1];
    let (Some(old), Some(new)) = (at(&original[line], parent), at(&mutant[line], parent)) else { return false };
    let (Some(i), Some(j)) = (old[0].as_u64(), new[0].as_u64()) else { return false };
    let (a, b) = (records(original), records(mutant));
    let (Some(x), Some(y)) = (a.get(i as usize), b.get(j as usize)) else { return false };
    if path.last().map(String::as_str) != Some("0") || old[1] != new[1] || x["position"] != y["position"] {
        return false;
    }
    let board = board_of(&mutant[0]);
    let position = x["position"].as_str().unwrap().as_bytes();
    let component =
        |r: &Value| arrows_verify::game::component_of(&board, position, r["edge"].as_u64().unwrap() as usize);
    component(x) == component(y)
}

/// Whether a record's `edge`, changed from the original's, still names the
/// same component of its position (a record is about the component
/// containing its edge).
fn same_component(original: &[Value], mutant: &[Value], line: usize, kind: &str) -> bool {
    let board = board_of(&mutant[0]);
    let (old, new) = (&original[line][kind], &mutant[line][kind]);
    let position = new["position"].as_str().unwrap().as_bytes();
    let (e0, e1) = (old["edge"].as_u64().unwrap() as usize, new["edge"].as_u64().unwrap() as usize);
    arrows_verify::game::component_of(&board, position, e0).contains(&e1)
}

/// The header's board, built with the checker's own `Board::new`.
fn board_of(header: &Value) -> Board {
    let b = &header["board"];
    let edges: Vec<[usize; 2]> = b["edges"].as_array().unwrap().iter().map(|e| [nums(e)[0], nums(e)[1]]).collect();
    let cells: Vec<Vec<usize>> = b["cells"].as_array().unwrap().iter().map(nums).collect();
    let rules = Rules::from_name(header["rules"].as_str().unwrap()).unwrap();
    Board::new(String::new(), rules, b["vertices"].as_u64().unwrap() as usize, edges, cells).unwrap()
}

/// A JSON array of numbers as indices.
fn nums(v: &Value) -> Vec<usize> {
    v.as_array().unwrap().iter().map(|x| x.as_u64().unwrap() as usize).collect()
}

/// Whether `w1 = g . w0` for a map `g` of record `id`'s component `C`
/// onto itself that keeps, at every constrained endpoint of `C`, the
/// arrows in and out, and on every cell through `C`, liveness and each
/// orientation's being allowed (reversed by the flip): `g` is then an
/// automorphism of the game on `C`, and `w1` an isomorphism whenever `w0`
/// is. Written here from the definitions, apart from the checker's
/// witness code.
fn witness_change_harmless(lines: &[Value], id: u64, w0: u64, w1: u64) -> bool {
    use arrows_verify::game::component_of;
    let header = &lines[0];
    let syms: Vec<(Vec<usize>, Vec<usize>)> =
        header["symmetries"].as_array().unwrap().iter().map(|s| (nums(&s["vertices"]), nums(&s["edges"]))).collect();
    let (Some(s0), Some(s1)) = (syms.get((w0 / 2) as usize), syms.get((w1 / 2) as usize)) else { return false };
    let flip = (w0 % 2) != (w1 % 2);
    let board = board_of(header);
    // g = sigma1 . sigma0^-1, on vertices and on edges.
    let mut inv_v = vec![0; board.vertices];
    let mut inv_e = vec![0; board.edges.len()];
    for (v, &x) in s0.0.iter().enumerate() {
        inv_v[x] = v;
    }
    for (e, &x) in s0.1.iter().enumerate() {
        inv_e[x] = e;
    }
    let gv = |v: usize| s1.0[inv_v[v]];
    let ge = |e: usize| s1.1[inv_e[e]];
    let records: Vec<&Value> = lines.iter().filter_map(|l| l.get("class").or_else(|| l.get("node"))).collect();
    let Some(record) = records.get(id as usize) else { return false };
    let r = record["position"].as_str().unwrap().as_bytes();
    let c = component_of(&board, r, record["edge"].as_u64().unwrap() as usize);
    local_iso(&board, (r, &c), (r, &c), &gv, &ge, flip)
}

/// Whether the map (`gv`, `ge`, `flip`) from component `ca` of `ra` to
/// `cb` of `rb` keeps what the witness lemma needs: `ca` onto `cb`; at
/// every constrained endpoint, the arrows in and out; on every cell through
/// `ca`, liveness and each orientation's being allowed.
fn local_iso(
    board: &Board,
    (ra, ca): (&[u8], &[usize]),
    (rb, cb): (&[u8], &[usize]),
    gv: &dyn Fn(usize) -> usize,
    ge: &dyn Fn(usize) -> usize,
    flip: bool,
) -> bool {
    use arrows_verify::game::{allowed, has_in, has_out, live};
    let mut moved: Vec<usize> = ca.iter().map(|&e| ge(e)).collect();
    moved.sort_unstable();
    if moved != cb {
        return false;
    }
    let arrows_b = |v: usize| {
        let (i, o) = (has_in(board, rb, v), has_out(board, rb, v));
        if flip { (o, i) } else { (i, o) }
    };
    for &e in ca {
        for v in board.edges[e] {
            if board.constrained(v) && (has_in(board, ra, v), has_out(board, ra, v)) != arrows_b(gv(v)) {
                return false;
            }
        }
        for &cell in &board.cells_at[e] {
            let mut image: Vec<usize> = board.cells[cell].iter().map(|&x| ge(x)).collect();
            image.sort_unstable();
            let d = (0..board.cells.len())
                .find(|&d| {
                    let mut set = board.cells[d].clone();
                    set.sort_unstable();
                    set == image
                })
                .unwrap();
            // The forward arrow w_0 -> w_1 on e_0, mapped, against the
            // forward arrow of cell d on the image edge.
            let walk = &board.cell_walks[cell];
            let (mut a, mut h) = (gv(walk[0]), gv(walk[1]));
            if flip {
                std::mem::swap(&mut a, &mut h);
            }
            let j = board.cells[d].iter().position(|&x| x == ge(board.cells[cell][0])).unwrap();
            let reverses = board.cell_walks[d][j] != a;
            if live(board, ra, cell) != live(board, rb, d)
                || allowed(board, ra, cell, false) != allowed(board, rb, d, reverses)
                || allowed(board, ra, cell, true) != allowed(board, rb, d, !reverses)
            {
                return false;
            }
        }
    }
    true
}

/// Whether a record's position, changed, leaves its component the same
/// game: the identity from the new component to the old passes the
/// witness conditions (so every witness into it still holds).
fn same_game(original: &[Value], mutant: &[Value], line: usize, kind: &str) -> bool {
    use arrows_verify::game::{component_of, is_proper};
    let board = board_of(&mutant[0]);
    let (old, new) = (&original[line][kind], &mutant[line][kind]);
    let (ra, rb) = (new["position"].as_str().unwrap().as_bytes(), old["position"].as_str().unwrap().as_bytes());
    if ra.len() != rb.len() || !is_proper(&board, ra) {
        return false;
    }
    let ca = component_of(&board, ra, new["edge"].as_u64().unwrap() as usize);
    let cb = component_of(&board, rb, old["edge"].as_u64().unwrap() as usize);
    local_iso(&board, (ra, &ca), (rb, &cb), &|v| v, &|e| e, false)
}

/// Every path in `v` to a reference `[id, w]` (under `parts`, `options`,
/// `heap_options`).
fn reference_paths(v: &Value, path: &mut Vec<String>, inside: bool, out: &mut Vec<Vec<String>>) {
    match v {
        Value::Object(m) => {
            for (k, x) in m {
                path.push(k.clone());
                let refs = matches!(k.as_str(), "parts" | "options" | "heap_options");
                reference_paths(x, path, refs, out);
                path.pop();
            }
        }
        Value::Array(a) if inside && a.len() == 2 && a.iter().all(Value::is_u64) => out.push(path.clone()),
        Value::Array(a) => {
            for (i, x) in a.iter().enumerate() {
                path.push(i.to_string());
                reference_paths(x, path, inside, out);
                path.pop();
            }
        }
        _ => {}
    }
}

/// The value at a path, mutably.
fn at_mut<'a>(v: &'a mut Value, path: &[String]) -> &'a mut Value {
    path.iter().fold(v, |v, k| match v {
        Value::Object(m) => m.get_mut(k).unwrap(),
        Value::Array(a) => &mut a[k.parse::<usize>().unwrap()],
        _ => panic!("no such path"),
    })
}

/// The record's body (`class`, `node` or `claim` object) of a line, if any.
fn body(line: &mut Value) -> Option<(&'static str, &mut serde_json::Map<String, Value>)> {
    let Value::Object(m) = line else { return None };
    let key = ["class", "node", "claim"].into_iter().find(|k| m.contains_key(*k))?;
    Some((key, m.get_mut(key)?.as_object_mut()?))
}

/// Runs every structured mutation of one certificate.
fn mutate_structure(hand: &Hand, original: &Proved, tally: &mut Tally) {
    let lines = parse(&hand.text);
    let last = lines.len() - 1;
    let ids: Vec<usize> =
        (1..last).filter(|&i| lines[i].get("class").or_else(|| lines[i].get("node")).is_some()).collect();

    // A line deleted as it is, and (minimality) a class or node record
    // deleted with the references renumbered and the end line corrected.
    for i in 0..lines.len() {
        let mut m = lines.clone();
        m.remove(i);
        tally.judge_lines("record deleted", hand, original, &m);
    }
    for (id, &i) in ids.iter().enumerate() {
        let mut m = lines.clone();
        m.remove(i);
        let mut refs = Vec::new();
        for (l, line) in m.iter().enumerate() {
            let mut p = vec![l.to_string()];
            reference_paths(line, &mut p, false, &mut refs);
        }
        for p in refs {
            let r = at_mut(&mut m[p[0].parse::<usize>().unwrap()], &p[1..]);
            if r[0].as_u64().unwrap() > id as u64 {
                r[0] = Value::from(r[0].as_u64().unwrap() - 1);
            }
        }
        let end = m.last_mut().unwrap();
        let key = if lines[i].get("class").is_some() { "classes" } else { "nodes" };
        end["end"][key] = Value::from(end["end"][key].as_u64().unwrap() - 1);
        let verdict = verify_reader(render(&m).as_bytes());
        assert!(
            matches!(&verdict, Err(f) if f.kind == FailureKind::Invalid),
            "{}: deleting record {id} leaves {verdict:?}",
            hand.name
        );
        let counts = tally.0.entry("minimality: record deleted, ids and end fixed").or_default();
        counts[0] += 1;
        counts[1] += 1;
    }

    // A record added that no claim needs.
    if let Some(&i) = ids.first() {
        let mut m = lines.clone();
        m.insert(last, lines[i].clone());
        let key = if lines[i].get("class").is_some() { "classes" } else { "nodes" };
        let end = m.last_mut().unwrap();
        end["end"][key] = Value::from(end["end"][key].as_u64().unwrap() + 1);
        tally.judge_lines("record added that no claim needs", hand, original, &m);
    }

    for i in 1..last {
        // Values, heaps, wins and claims changed.
        let mut variants: Vec<(&'static str, Value)> = Vec::new();
        let mut line = lines[i].clone();
        let (kind, b) = body(&mut line).unwrap();
        for key in ["value", "heap", "heap_move"] {
            if let Some(x) = b.get(key).and_then(Value::as_u64) {
                for y in [x + 1, x.wrapping_sub(1), x ^ 1] {
                    if y != x && y < 1 << 31 {
                        let mut l = lines[i].clone();
                        body(&mut l).unwrap().1.insert(key.into(), Value::from(y));
                        variants.push(("value or heap changed", l));
                    }
                }
            }
        }
        if let Some(w) = b.get("wins").and_then(Value::as_bool) {
            let mut l = lines[i].clone();
            body(&mut l).unwrap().1.insert("wins".into(), Value::from(!w));
            variants.push((if kind == "claim" { "claim flipped" } else { "wins flipped" }, l));
        }
        if let Some(w) = b.get("winner").and_then(Value::as_str) {
            let mut l = lines[i].clone();
            let other = if w == "first" { "second" } else { "first" };
            body(&mut l).unwrap().1.insert("winner".into(), Value::from(other));
            variants.push(("claim flipped", l));
        }
        // Moves changed.
        if let Some(mv) = b.get("move").cloned() {
            let (e, d) = (mv[0].as_u64().unwrap(), mv[1].as_u64().unwrap());
            let edges = lines[0]["board"]["edges"].as_array().unwrap().len() as u64;
            for new in [[e, 1 - d], [(e + 1) % edges, d], [(e + edges - 1) % edges, d]] {
                if new != [e, d] {
                    let mut l = lines[i].clone();
                    body(&mut l).unwrap().1.insert("move".into(), Value::from(new.to_vec()));
                    variants.push(("move or option changed", l));
                }
            }
        }
        // Options swapped, dropped, duplicated, emptied.
        for key in ["options", "heap_options", "parts"] {
            let Some(list) = b.get(key).and_then(Value::as_array).cloned() else { continue };
            let mut edits: Vec<Vec<Value>> = Vec::new();
            for j in 0..list.len() {
                let mut x = list.clone();
                x.remove(j);
                edits.push(x);
                let mut x = list.clone();
                x.insert(j, list[j].clone());
                edits.push(x);
                if j + 1 < list.len() && list[j] != list[j + 1] {
                    let mut x = list.clone();
                    x.swap(j, j + 1);
                    edits.push(x);
                }
                if key == "options" && list[j] != Value::Array(vec![]) {
                    let mut x = list.clone();
                    x[j] = Value::Array(vec![]);
                    edits.push(x);
                }
            }
            for x in edits {
                let mut l = lines[i].clone();
                body(&mut l).unwrap().1.insert(key.into(), Value::Array(x));
                variants.push(("move or option changed", l));
            }
        }
        // Witnesses and referenced ids changed.
        let symmetries = lines[0]["symmetries"].as_array().unwrap().len() as u64;
        let mut refs = Vec::new();
        reference_paths(&lines[i], &mut Vec::new(), false, &mut refs);
        for p in &refs {
            let r = at(&lines[i], p).unwrap();
            let (id, w) = (r[0].as_u64().unwrap(), r[1].as_u64().unwrap());
            for w1 in (0..2 * symmetries + 1).filter(|&x| x != w) {
                let mut l = lines[i].clone();
                *at_mut(&mut l, p) = Value::from(vec![id, w1]);
                variants.push(("witness changed (symmetry, flip)", l));
            }
            for id1 in (0..ids.len() as u64 + 1).filter(|&x| x != id) {
                let mut l = lines[i].clone();
                *at_mut(&mut l, p) = Value::from(vec![id1, w]);
                variants.push(("reference to another record", l));
            }
        }
        for (kind, l) in variants {
            let mut m = lines.clone();
            m[i] = l;
            tally.judge_lines(kind, hand, original, &m);
        }
    }

    // Symmetries that are not automorphisms: two entries of a map swapped,
    // and a bogus one added.
    let symmetries = lines[0]["symmetries"].as_array().unwrap().clone();
    for (s, sym) in symmetries.iter().enumerate() {
        for key in ["vertices", "edges"] {
            let map = sym[key].as_array().unwrap();
            for j in 0..map.len().saturating_sub(1) {
                let mut m = lines.clone();
                let target = at_mut(&mut m[0], &["symmetries".into(), s.to_string(), key.into()]);
                target.as_array_mut().unwrap().swap(j, j + 1);
                tally.judge_lines("symmetry not an automorphism", hand, original, &m);
            }
        }
    }
    let mut m = lines.clone();
    let n = lines[0]["board"]["vertices"].as_u64().unwrap();
    let e = lines[0]["board"]["edges"].as_array().unwrap().len() as u64;
    let mut edges: Vec<u64> = (0..e).collect();
    edges.swap(0, 1);
    let bogus = serde_json::json!({"vertices": (0..n).collect::<Vec<u64>>(), "edges": edges});
    m[0]["symmetries"].as_array_mut().unwrap().push(bogus);
    tally.judge_lines("symmetry not an automorphism", hand, original, &m);
}

/// Runs the raw mutations of one certificate: truncations and byte changes.
fn mutate_bytes(hand: &Hand, original: &Proved, tally: &mut Tally) {
    let bytes = hand.text.as_bytes();
    for (k, _) in bytes.iter().enumerate().filter(|(_, b)| **b == b'\n') {
        if k + 1 < bytes.len() {
            tally.judge("truncated at a line boundary", hand, original, &bytes[..=k]);
        }
    }
    // Without its final newline the file is the same certificate.
    let whole = verify_reader(&bytes[..bytes.len() - 1]).expect("the file without its last newline");
    assert_eq!(whole.claims, original.claims);
    for k in 0..bytes.len() - 1 {
        tally.judge("truncated at a byte offset", hand, original, &bytes[..k]);
    }
    for k in 0..bytes.len() {
        for flip in [0x01, 0x02, 0x04, 0x20] {
            let mut m = bytes.to_vec();
            m[k] ^= flip;
            tally.judge("a byte changed", hand, original, &m);
        }
    }
}

#[test]
fn every_mutant_is_rejected_unless_provably_the_same_certificate() {
    let hands = certs::all();
    let mut tally = Tally::default();
    for hand in &hands {
        let original = verify_reader(hand.text.as_bytes()).expect("the original is valid");
        mutate_structure(hand, &original, &mut tally);
        mutate_bytes(hand, &original, &mut tally);
        // The header's board replaced by another certificate's.
        for other in hands.iter().filter(|o| o.name != hand.name) {
            let (mine, theirs) = (parse(&hand.text), parse(&other.text));
            for keys in [&["board"][..], &["board", "rules"], &["board", "rules", "symmetries"]] {
                let mut m = mine.clone();
                for key in keys {
                    m[0][*key] = theirs[0][*key].clone();
                }
                if m[0] != mine[0] {
                    tally.judge_lines("board of another certificate", hand, &original, &m);
                }
            }
        }
    }
    println!("mutant kind: tried, rejected, still valid (provably the same certificate)");
    for (kind, [tried, rejected, valid]) in &tally.0 {
        println!("  {kind}: {tried}, {rejected}, {valid}");
        assert!(*tried > 0 && tried == &(rejected + valid), "{kind}");
    }
    assert!(tally.0.len() >= 12, "every kind of mutation ran: {:?}", tally.0.keys().collect::<Vec<_>>());
}
