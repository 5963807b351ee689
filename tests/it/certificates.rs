//! Certificates written by `arrows` and checked by `arrows-verify`'s
//! library, the checker that shares no code with the engines: every
//! certificate is accepted, and what it proves is what brute force says
//! (values, winners, winning moves), over the engine-agreement suites'
//! small ranges and random positions; through the binary, the commands of
//! the README and their refusals.

use crate::support::binary::{run, success};
use crate::support::plane::plane_families;
use crate::support::{Rng, VARIANTS, random_connected, random_state, spider, spider_legs};
use arrows_core::{Arrow, Decoration, Graph, Position, Variant};
use arrows_solve::BruteForce;
use arrows_solve::certify::{self, Board, Moves, Request};
use arrows_verify::{ClaimResult, Proved, verify_path, verify_reader};
use std::path::Path;

/// Brute force's Grundy value of a position.
fn brute(p: Position<'_>) -> u32 {
    BruteForce::new(p, &crate::support::control()).unwrap().start_grundy().unwrap()
}

/// The certificate of `p` (value and every move), checked; what it proves.
fn certified(p: Position<'_>, what: &str) -> Proved {
    let board = Board::new(p).unwrap();
    let control = crate::support::control();
    let request = Request { value: true, moves: Moves::All };
    let mut cert = certify::certify(&board, p, &request, &control).unwrap();
    let mut bytes = Vec::new();
    cert.write(what, u64::MAX, &mut bytes).unwrap();
    verify_reader(&bytes[..]).unwrap_or_else(|f| panic!("{what}: {f:?}\n{}", String::from_utf8_lossy(&bytes)))
}

/// Checks what a certificate of `p` proves against brute force.
fn agrees(p: Position<'_>, what: &str) {
    let proved = certified(p, what);
    let value = brute(p);
    let mut saw = [false; 3];
    for claim in &proved.claims {
        match &claim.result {
            ClaimResult::Value(v) => {
                assert_eq!(*v, u64::from(value), "{what}: value");
                saw[0] = true;
            }
            ClaimResult::Winner(first) => {
                assert_eq!(*first, value != 0, "{what}: winner");
                saw[1] = true;
            }
            ClaimResult::Moves(moves) => {
                for (m, wins) in moves {
                    let mut d = p.state.clone();
                    d.mark(m.edge, !m.backward);
                    assert_eq!(*wins, brute(p.with_state(&d)) == 0, "{what}: move on edge {}", m.edge);
                }
                assert_eq!(moves.len(), p.reduced_moves().len(), "{what}: every move");
                saw[2] = true;
            }
            ClaimResult::Move(..) => panic!("{what}: no single move was asked"),
        }
    }
    assert_eq!(saw, [true; 3], "{what}: every claim asked is proved");
}

#[test]
fn every_small_spider_is_certified_in_both_rule_sets() {
    for legs in spider_legs(8, 1) {
        let g = spider(&legs);
        let d = Decoration::empty(g.edge_count());
        for v in VARIANTS {
            agrees(Position::new(&g, v, &d), &format!("S{legs:?} {v:?}"));
        }
    }
}

#[test]
fn random_graphs_and_positions_are_certified() {
    let mut rng = Rng::new(34);
    for round in 0..40 {
        let n = 3 + rng.below(5);
        let m = (n - 1 + rng.below(4)).min(n * (n - 1) / 2).min(11);
        let g: Graph = random_connected(&mut rng, n, m);
        for v in VARIANTS {
            let d = random_state(&mut rng, &g, v, &Decoration::empty(g.edge_count()));
            agrees(Position::new(&g, v, &d), &format!("round {round} {v:?} {}", g.edge_list()));
        }
    }
}

#[test]
fn plane_boards_and_their_positions_are_certified() {
    let mut rng = Rng::new(35);
    for (family, g) in plane_families(13) {
        let empty = Decoration::empty(g.edge_count());
        agrees(Position::new(&g, Variant::Cycles, &empty), &family.to_string());
        for i in 0..3 {
            let d = random_state(&mut rng, &g, Variant::Cycles, &empty);
            let p = Position::new(&g, Variant::Cycles, &d);
            // A random play may leave a completable cell: no certificate starts there.
            if p.completable_cell().is_none() && p.completed_cell().is_none() {
                agrees(p, &format!("{family} position {i} {}", d.to_masks().map_or(0, |m| m.0)));
            }
        }
    }
}

/// Runs `arrows ARGS --certificate FILE`, checks the file with the
/// checker's library, and returns the JSON report and what it proves.
fn through_binary(args: &[&str], dir: &Path, name: &str) -> (serde_json::Value, Proved) {
    let path = dir.join(name);
    let mut all: Vec<&str> = args.to_vec();
    let p = path.to_str().unwrap();
    all.extend(["--json", "--certificate", p]);
    let report: serde_json::Value = serde_json::from_str(success(&run(&all)).lines().next().unwrap()).unwrap();
    let proved = verify_path(&path).unwrap_or_else(|f| panic!("{args:?}: {f:?}"));
    (report, proved)
}

fn winner(proved: &Proved) -> bool {
    proved
        .claims
        .iter()
        .find_map(|c| match c.result {
            ClaimResult::Winner(w) => Some(w),
            _ => None,
        })
        .expect("a winner claim")
}

fn winning_moves(proved: &Proved, edges: &[(usize, usize)]) -> Vec<String> {
    let mut out = Vec::new();
    for c in &proved.claims {
        let moves: Vec<(arrows_verify::Move, bool)> = match &c.result {
            ClaimResult::Moves(m) => m.clone(),
            ClaimResult::Move(m, w) => vec![(*m, *w)],
            _ => continue,
        };
        for (m, wins) in moves {
            let (s, t) = edges[m.edge];
            if wins {
                let a = if m.backward { Arrow::new(t, s) } else { Arrow::new(s, t) };
                out.push(a.to_string());
            }
        }
    }
    out.sort();
    out
}

#[test]
fn the_readme_commands_write_certificates_the_checker_accepts() {
    let dir = tempfile::tempdir().unwrap();
    for (args, name) in [
        (&["spider", "4", "6", "8"][..], "s468.cert"),
        (&["wheel", "7", "--cycles", "--grundy"][..], "w7.cert.gz"),
        (&["grid", "3", "3", "--cycles"][..], "g33.cert"),
        (&["wheel", "9", "--cycles"][..], "w9.cert.gz"),
        (&["fan", "6", "--cycles", "--first-win"][..], "f6.cert.gz"),
        (&["path", "6", "--state", "2>3", "--untrimmed"][..], "p6.cert"),
    ] {
        let (report, proved) = through_binary(args, dir.path(), name);
        assert_eq!(winner(&proved), report["winner"] == "first", "{args:?}");
        if let Some(g) = report["grundy"].as_u64() {
            assert!(proved.claims.iter().any(|c| c.result == ClaimResult::Value(g)), "{args:?}: value {g}");
        }
        let edges: Vec<(usize, usize)> = proved.edges.iter().map(|e| (e[0], e[1])).collect();
        let mut reported: Vec<String> =
            report["winning_moves"].as_array().unwrap().iter().map(|m| m.as_str().unwrap().to_string()).collect();
        reported.sort();
        assert_eq!(winning_moves(&proved, &edges), reported, "{args:?}");
    }
}

#[test]
fn certificate_flags_refuse_bad_input_in_one_line() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path().to_str().unwrap();
    let missing = format!("{d}/no/such/folder/c.cert");
    let small = format!("{d}/small.cert");
    for (args, says) in [
        (vec!["path", "4", "--certificate", d], "not a file"),
        (vec!["path", "4", "--certificate", &missing], "does not exist"),
        (vec!["path", "4", "--misere", "--certificate", &small], "normal play only"),
        (vec!["path", "70", "--certificate", &small], "at most 64 edges"),
        (vec!["wheel", "6", "--cycles", "--certificate", &small, "--certificate-limit", "1K"], "--certificate-limit"),
        (vec!["path", "4", "--certificate", "/dev/null"], "a device, not a file"),
    ] {
        let o = run(&args);
        let err = String::from_utf8_lossy(&o.stderr);
        assert_eq!(o.status.code(), Some(2), "{args:?}: {err}");
        assert!(err.contains(says), "{args:?}: {err}");
        assert_eq!(err.trim_end().lines().count(), 1, "{args:?}: {err}");
    }
    assert!(!Path::new(&small).exists(), "nothing is written when a certificate is refused");
}

#[test]
fn committed_certificates_prove_their_rows() {
    // A sample: every committed certificate of at most 64 KB (the rest are
    // checked by experiments/cycles/certify.py).
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("experiments/cycles");
    let rows = std::fs::read_to_string(root.join("certificates.csv")).unwrap();
    let mut checked = 0;
    for line in rows.lines().skip(1) {
        let cols: Vec<&str> = line.split(',').collect();
        let (family, board, winner_col, status) = (cols[0], cols[1], cols[3], cols[12]);
        if status != "verified" {
            continue;
        }
        let path = root.join("certificates").join(format!("{family}-{}.cert.gz", board.replace(' ', "-")));
        if std::fs::metadata(&path).map_or(true, |m| m.len() > 64 << 10) {
            continue;
        }
        let proved = verify_path(&path).unwrap_or_else(|f| panic!("{}: {f:?}", path.display()));
        assert_eq!(winner(&proved), winner_col == "first", "{family} {board}");
        checked += 1;
    }
    assert!(checked >= 20, "only {checked} committed certificates checked");
}
