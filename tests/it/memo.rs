//! The canonical engine's memo on disk (`--memo FILE`): classes saved by
//! one engine and loaded by another give the values brute force gives; a
//! second run answers from the file; damaged, foreign and outdated files
//! are refused; an interrupted run leaves the file absent, old or complete.
//!
//! `ARROWS_MEMO_GRAPHS` [6] sets how many random graphs of each kind the
//! agreement tests draw.

use crate::support::plane::{plane_families, random_plane_graph};
use crate::support::*;
use arrows_core::plane::families::wheel;
use arrows_core::{Decoration, Graph, Play, Position, Variant};
use arrows_solve::BruteForce;
use arrows_solve::canonical::persist::{Corruption, HEADER_LEN, MemoFileError};
use arrows_solve::canonical::{CanonicalEngine, Grundy, Parity, RuleSet};
use arrows_tables::{Family, Spec, SweepOptions};
use arrows_work::Budget;
use std::path::{Path, PathBuf};

fn graphs_per_kind() -> usize {
    std::env::var("ARROWS_MEMO_GRAPHS").ok().and_then(|s| s.parse().ok()).unwrap_or(6)
}

fn rules(variant: Variant) -> RuleSet {
    RuleSet::of::<Grundy>(variant, Play::Normal)
}

fn budget() -> Budget {
    Budget::bytes(BUDGET)
}

/// Random trees, spiders and graphs with cycles (or, for the Game of
/// Cycles, plane family members and random plane graphs), small enough
/// for brute force.
fn graphs(variant: Variant, rng: &mut Rng) -> Vec<Graph> {
    let k = graphs_per_kind();
    let mut out = Vec::new();
    if variant == Variant::Cycles {
        out.extend(plane_families(9).into_iter().map(|(_, g)| g));
        while out.len() < 2 * k + 8 {
            let points = 5 + rng.below(4);
            out.extend(random_plane_graph(rng, points, 11));
        }
        return out;
    }
    for _ in 0..k {
        let n = 6 + rng.below(8);
        out.push(random_connected(rng, n, n - 1));
        let legs: Vec<usize> = (0..3 + rng.below(2)).map(|_| 1 + rng.below(3)).collect();
        out.push(spider(&legs));
        let n = 4 + rng.below(5);
        let m = (n + rng.below(3)).min(n * (n - 1) / 2).min(11);
        out.push(random_connected(rng, n, m.max(n)));
    }
    out
}

/// Checks every reachable state of `g` against brute force with `engine`;
/// returns the number of states.
fn agrees(engine: &mut CanonicalEngine<Grundy>, g: &Graph, variant: Variant) -> usize {
    let empty = Decoration::empty(g.edge_count());
    let position = Position::new(g, variant, &empty);
    let mut brute = BruteForce::new(position, &control()).unwrap();
    brute.start_grundy().unwrap();
    let mut states = Vec::new();
    brute.for_each_solved(|d, v| states.push((d.clone(), v)));
    for (d, want) in &states {
        let got = engine.state_value(position.with_state(d), &control()).unwrap();
        assert_eq!(got, *want, "{variant} on {} at \"{}\"", g.edge_list(), d.display(g));
    }
    states.len()
}

fn solved(engine: &CanonicalEngine<Grundy>) -> u64 {
    engine.stats().spiders + engine.stats().general
}

/// One engine solves every reachable state of half the graphs and saves
/// its memo; another loads it and answers every reachable state of all the
/// graphs as brute force does, solving no class again on the first half.
#[test]
fn loaded_classes_give_brute_forces_values() {
    let dir = tempfile::tempdir().unwrap();
    let mut rng = Rng::new(0x3E30_0001);
    for variant in [Variant::Trimmed, Variant::Untrimmed, Variant::Cycles] {
        let graphs = graphs(variant, &mut rng);
        let (first, second) = graphs.split_at(graphs.len() / 2);
        let path = dir.path().join(format!("{variant}.memo"));
        let mut one = CanonicalEngine::<Grundy>::new();
        for g in first {
            agrees(&mut one, g, variant);
        }
        let saved = one.save(&path, rules(variant)).unwrap();
        assert_eq!(saved.entries as usize, one.memo_len(), "{variant}");
        let mut two = CanonicalEngine::<Grundy>::new();
        let loaded = two.load(&path, rules(variant), budget()).unwrap().expect("the file exists");
        assert_eq!(loaded, saved, "{variant}");
        assert_eq!(two.memo_len(), one.memo_len(), "{variant}");
        assert_eq!(two.memo_bytes(), saved.memo_bytes, "{variant}: the budget counts what the file says");
        let mut states = 0;
        for g in first {
            states += agrees(&mut two, g, variant);
        }
        assert_eq!(solved(&two), 0, "{variant}: every class of the first graphs comes from the file");
        for g in second {
            states += agrees(&mut two, g, variant);
        }
        assert!(states > 1000, "{variant}: {states} states");
    }
}

/// Larger games than brute force takes: a fresh engine and one loaded
/// with the classes of smaller games agree, and the loaded one solves fewer.
#[test]
fn a_larger_game_starts_from_the_classes_of_smaller_ones() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("spiders.memo");
    let small =
        [spider(&[10, 12, 14]), spider(&[3, 4, 5, 6]), arrows_core::families::caterpillar(&[2, 0, 3, 1, 2]).unwrap()];
    let large = [
        spider(&[11, 13, 15]),
        spider(&[3, 4, 5, 7]),
        arrows_core::families::caterpillar(&[2, 0, 3, 1, 2, 1]).unwrap(),
    ];
    let mut totals = (0, 0);
    for variant in [Variant::Trimmed, Variant::Untrimmed] {
        let mut one = CanonicalEngine::<Grundy>::new();
        for g in &small {
            let empty = Decoration::empty(g.edge_count());
            one.follower_values(Position::new(g, variant, &empty), &control()).unwrap();
        }
        one.save(&path, rules(variant)).unwrap();
        for g in &large {
            let empty = Decoration::empty(g.edge_count());
            let p = Position::new(g, variant, &empty);
            let mut fresh = CanonicalEngine::<Grundy>::new();
            let want = fresh.follower_values(p, &control()).unwrap();
            let mut loaded = CanonicalEngine::<Grundy>::new();
            loaded.load(&path, rules(variant), budget()).unwrap();
            let got = loaded.follower_values(p, &control()).unwrap();
            assert_eq!(got, want, "{variant} on {}", g.edge_list());
            assert!(solved(&loaded) <= solved(&fresh), "{variant} on {}", g.edge_list());
            totals.0 += solved(&loaded);
            totals.1 += solved(&fresh);
        }
    }
    assert!(totals.0 < totals.1 / 2, "{totals:?} classes solved with and without the file");
}

/// The parities of terminal descendants (another measure) go through a
/// file as Grundy values do, and the two measures' files are kept apart.
#[test]
fn parities_round_trip_and_stay_apart_from_grundy_values() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("parity.memo");
    let g = spider(&[5, 6, 7]);
    let empty = Decoration::empty(g.edge_count());
    let p = Position::trimmed(&g, &empty);
    let mut one = CanonicalEngine::<Parity>::new();
    let want = one.follower_values(p, &control()).unwrap();
    let parity = RuleSet::of::<Parity>(Variant::Trimmed, Play::Normal);
    one.save(&path, parity).unwrap();
    let mut two = CanonicalEngine::<Parity>::new();
    two.load(&path, parity, budget()).unwrap();
    assert_eq!(two.follower_values(p, &control()).unwrap(), want);
    assert_eq!(two.stats().spiders + two.stats().general, 0);
    let err = CanonicalEngine::<Grundy>::new().load(&path, rules(Variant::Trimmed), budget()).unwrap_err();
    assert!(matches!(err, MemoFileError::OtherRules { found, .. } if found == parity), "{err}");
}

/// A memo file of a few kinds of classes, and its bytes.
fn sample(dir: &Path, variant: Variant) -> (PathBuf, Vec<u8>) {
    let path = dir.join(format!("sample-{variant}.memo"));
    let mut e = CanonicalEngine::<Grundy>::new();
    let mut graphs = vec![spider(&[4, 5, 6]), spider(&[2, 2, 3, 3]), random_connected(&mut Rng::new(7), 7, 9)];
    if variant == Variant::Cycles {
        graphs.push(wheel(4).unwrap().graph);
    }
    for g in &graphs {
        let empty = Decoration::empty(g.edge_count());
        e.state_value(Position::new(g, variant, &empty), &control()).unwrap();
    }
    e.save(&path, rules(variant)).unwrap();
    let bytes = std::fs::read(&path).unwrap();
    (path, bytes)
}

/// Loads `bytes` as a file, expecting a refusal that leaves the engine as it was.
fn refusal(dir: &Path, bytes: &[u8], variant: Variant) -> MemoFileError {
    // A new file each time (a file cut to nothing and written again is
    // flushed to disk on some file systems, which is slow).
    static COUNT: std::sync::atomic::AtomicUsize = std::sync::atomic::AtomicUsize::new(0);
    let n = COUNT.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
    let path = dir.join(format!("damaged-{n}.memo"));
    std::fs::write(&path, bytes).unwrap();
    let mut e = CanonicalEngine::<Grundy>::new();
    let err = e.load(&path, rules(variant), budget()).expect_err("a damaged file is refused");
    assert_eq!(e.memo_len(), 0, "a refused file leaves nothing behind");
    assert_eq!(err.path(), path);
    std::fs::remove_file(&path).unwrap();
    err
}

#[test]
fn cut_and_flipped_files_are_refused() {
    let dir = tempfile::tempdir().unwrap();
    let (_, bytes) = sample(dir.path(), Variant::Trimmed);
    assert!(bytes.len() > HEADER_LEN + 100, "{} bytes", bytes.len());
    // Every byte of the header, a spread of the body's, and its end.
    let places: Vec<usize> =
        (0..bytes.len()).filter(|&i| i <= HEADER_LEN || i % 7 == 0 || i + 8 >= bytes.len()).collect();
    for &n in &places {
        match refusal(dir.path(), &bytes[..n], Variant::Trimmed) {
            MemoFileError::Truncated { found, expected, .. } => {
                assert_eq!(found, n as u64);
                assert!(expected == HEADER_LEN as u64 || expected == bytes.len() as u64, "{expected}");
            }
            other => panic!("cut at {n}: {other}"),
        }
    }
    for &i in &places {
        let mut b = bytes.clone();
        b[i] ^= 0x04;
        match refusal(dir.path(), &b, Variant::Trimmed) {
            MemoFileError::NotAMemo { .. } => assert!(i < 16, "byte {i}"),
            MemoFileError::Version { found, supported: 1, .. } => assert!((16..20).contains(&i), "byte {i}: {found}"),
            MemoFileError::Corrupted { problem: Corruption::Header, .. } => assert!((20..HEADER_LEN).contains(&i)),
            MemoFileError::Corrupted { problem: Corruption::Body, .. } => assert!(i >= HEADER_LEN, "byte {i}"),
            other => panic!("byte {i} flipped: {other}"),
        }
    }
    let mut longer = bytes.clone();
    longer.extend_from_slice(b"more");
    let err = refusal(dir.path(), &longer, Variant::Trimmed);
    assert!(matches!(err, MemoFileError::Corrupted { problem: Corruption::Trailing(4), .. }), "{err}");
    let err = refusal(dir.path(), b"0 1\n1 2\n", Variant::Trimmed);
    assert!(matches!(err, MemoFileError::NotAMemo { .. }), "{err}");
}

#[test]
fn foreign_rules_other_versions_and_budgets_are_refused() {
    let dir = tempfile::tempdir().unwrap();
    let (path, bytes) = sample(dir.path(), Variant::Trimmed);
    for variant in [Variant::Untrimmed, Variant::Cycles] {
        let err = refusal(dir.path(), &bytes, variant);
        match err {
            MemoFileError::OtherRules { found, expected, .. } => {
                assert_eq!((found, expected), (rules(Variant::Trimmed), rules(variant)));
                assert!(err.to_string().contains("holds classes of the Trimmed Game of Arrows"), "{err}");
            }
            other => panic!("{other}"),
        }
    }
    let (_, cycles) = sample(dir.path(), Variant::Cycles);
    assert!(matches!(refusal(dir.path(), &cycles, Variant::Trimmed), MemoFileError::OtherRules { .. }));
    let mut newer = bytes.clone();
    newer[16..20].copy_from_slice(&2u32.to_le_bytes());
    let err = refusal(dir.path(), &newer, Variant::Trimmed);
    assert!(matches!(err, MemoFileError::Version { found: 2, supported: 1, .. }), "{err}");
    let mut e = CanonicalEngine::<Grundy>::new();
    let size = std::fs::metadata(&path).unwrap().len();
    let err = e.load(&path, rules(Variant::Trimmed), Budget::bytes(size / 2)).unwrap_err();
    match err {
        MemoFileError::MemoryBudget { needed, budget, .. } => assert!(needed > budget && budget == size / 2),
        other => panic!("{other}"),
    }
    assert_eq!(e.memo_len(), 0);
    // No file: a first run.
    assert_eq!(e.load(&dir.path().join("none.memo"), rules(Variant::Trimmed), budget()).unwrap(), None);
}

/// Runs the binary, returning its exit code, standard output and error.
fn arrows(args: &[&str]) -> (i32, String, String) {
    let o = crate::support::binary::run(args);
    (
        o.status.code().unwrap_or(-1),
        String::from_utf8_lossy(&o.stdout).into(),
        String::from_utf8_lossy(&o.stderr).into(),
    )
}

fn json_field(line: &str, field: &str) -> u64 {
    let v: serde_json::Value = serde_json::from_str(line).unwrap();
    v[field].as_u64().unwrap_or_else(|| panic!("{field} in {line}"))
}

#[test]
fn a_second_run_answers_from_the_file() {
    let dir = tempfile::tempdir().unwrap();
    let memo = dir.path().join("m.bin");
    let memo = memo.to_str().unwrap();
    let (code, first, _) = arrows(&["spider", "12", "13", "14", "--memo", memo, "--json", "--moves"]);
    assert_eq!(code, 0);
    assert!(json_field(&first, "solved") > 100, "{first}");
    let (code, second, _) = arrows(&["spider", "12", "13", "14", "--memo", memo, "--json", "--moves"]);
    assert_eq!(code, 0);
    assert_eq!(json_field(&second, "solved"), 0, "{second}");
    let strip = |s: &str| {
        let mut v: serde_json::Value = serde_json::from_str(s).unwrap();
        for k in ["solved", "memo_hits", "time_ms", "peak_memory_bytes"] {
            v.as_object_mut().unwrap().remove(k);
        }
        v
    };
    assert_eq!(strip(&first), strip(&second));
    // A larger spider solves fewer classes than from nothing.
    let (_, fresh, _) = arrows(&["spider", "12", "13", "16", "--json"]);
    let (_, larger, _) = arrows(&["spider", "12", "13", "16", "--memo", memo, "--json"]);
    assert!(json_field(&larger, "solved") < json_field(&fresh, "solved"), "{larger} vs {fresh}");
    assert_eq!(json_field(&larger, "grundy"), json_field(&fresh, "grundy"));
    let (code, text, _) = arrows(&["spider", "12", "13", "16", "--memo", memo, "--stats"]);
    assert_eq!(code, 0);
    assert!(text.contains("memo file") && text.contains("read (") && text.contains("nothing new to write"), "{text}");
    // Another rule set: refused in one line, exit 2.
    let (code, out, err) = arrows(&["spider", "12", "13", "14", "--untrimmed", "--memo", memo]);
    assert_eq!((code, out.as_str()), (2, ""));
    assert!(err.contains("holds classes of the Trimmed Game of Arrows") && err.lines().count() == 1, "{err}");
}

#[test]
fn a_second_sweep_reads_the_classes_of_the_first() {
    let dir = tempfile::tempdir().unwrap();
    let memo = dir.path().join("trees.memo");
    let family = Family::new(Spec::Trees { edges: "1..9".parse().unwrap() }).unwrap();
    for threads in [1, 2] {
        let options = SweepOptions { threads: Some(threads), ..SweepOptions::new(Variant::Trimmed) };
        let fresh = arrows_tables::sweep(&family, &options, &control()).unwrap();
        let mut engine = CanonicalEngine::<Grundy>::new();
        engine.load(&memo, rules(Variant::Trimmed), budget()).unwrap();
        let table = arrows_tables::sweep_with(&family, &options, &control(), Some(&mut engine)).unwrap();
        assert_eq!(table.rows, fresh.rows);
        let entries = engine.memo_len();
        assert!(entries > 0);
        engine.save(&memo, rules(Variant::Trimmed)).unwrap();
        // The second sweep finds every class in the file.
        let mut again = CanonicalEngine::<Grundy>::new();
        again.load(&memo, rules(Variant::Trimmed), budget()).unwrap();
        let table = arrows_tables::sweep_with(&family, &options, &control(), Some(&mut again)).unwrap();
        assert_eq!(table.rows, fresh.rows);
        assert_eq!(again.memo_len(), entries, "{threads} threads");
    }
    // Through the binary: the same table, and the file left as it was.
    let m = memo.to_str().unwrap();
    let before = std::fs::read(&memo).unwrap();
    let (code, with, _) = arrows(&["table", "trees", "--edges", "1..9", "--memo", m, "--format", "csv", "--quiet"]);
    let (_, without, _) = arrows(&["table", "trees", "--edges", "1..9", "--format", "csv", "--quiet"]);
    assert_eq!((code, &with), (0, &without));
    assert_eq!(std::fs::read(&memo).unwrap(), before, "nothing new: the file is not rewritten");
    // The workers share the memo: a budget that holds its classes once is
    // enough for two workers (each worker had a copy once, and was refused).
    let mut engine = CanonicalEngine::<Grundy>::new();
    engine.load(&memo, rules(Variant::Trimmed), budget()).unwrap();
    let bytes = engine.memo_bytes();
    let options = SweepOptions { threads: Some(2), ..SweepOptions::new(Variant::Trimmed) };
    let tight = arrows_work::Control::new(Budget::bytes(bytes + bytes / 8));
    let table = arrows_tables::sweep_with(&family, &options, &tight, Some(&mut engine)).unwrap();
    let fresh = arrows_tables::sweep(&family, &options, &control()).unwrap();
    assert_eq!(table.rows, fresh.rows);
    assert_eq!(engine.memo_figures().evicted, 0, "nothing new: nothing evicted");
}

/// A memo bounded far below what a sweep solves evicts, and gives the
/// values of an unbounded one, at any number of threads; the memo stays
/// within its budget (up to one shard's growth) and keeps its invariants.
#[test]
fn a_bounded_memo_evicts_and_changes_no_value() {
    let family = Family::new(Spec::Trees { edges: "1..11".parse().unwrap() }).unwrap();
    let whole = SweepOptions { threads: Some(1), ..SweepOptions::new(Variant::Trimmed) };
    let mut unbounded = CanonicalEngine::<Grundy>::new();
    let want = arrows_tables::sweep_with(&family, &whole, &control(), Some(&mut unbounded)).unwrap();
    assert_eq!(unbounded.memo_figures().evicted, 0);
    // Past the estimate of each tree (an analysis is refused up front when
    // its own estimate passes the budget), far below the sweep's memo.
    let budget = 128 << 10;
    assert!(unbounded.memo_bytes() > 4 * budget, "{}", unbounded.memo_bytes());
    for threads in [1, 2, 3] {
        let options = SweepOptions { threads: Some(threads), ..whole };
        let mut bounded = CanonicalEngine::<Grundy>::new();
        let tight = arrows_work::Control::new(Budget::bytes(budget));
        let got = arrows_tables::sweep_with(&family, &options, &tight, Some(&mut bounded)).unwrap();
        assert_eq!(got.rows, want.rows, "{threads} threads");
        let figures = bounded.memo_figures();
        assert!(figures.evicted > 0, "{figures:?}");
        assert!(figures.bytes <= budget + budget / 4, "{figures:?} against {budget}");
        bounded.validate().unwrap();
    }
}

/// Loads the file at `path` if there is one: an interrupted run leaves it
/// absent, as it was, or complete; never damaged.
fn loads(path: &Path) -> Option<usize> {
    let mut e = CanonicalEngine::<Grundy>::new();
    match e.load(path, rules(Variant::Trimmed), budget()) {
        Ok(Some(_)) => Some(e.memo_len()),
        Ok(None) => None,
        Err(err) => panic!("an interrupted run left a damaged file: {err}"),
    }
}

#[test]
fn an_interrupted_run_leaves_the_file_absent_old_or_complete() {
    let dir = tempfile::tempdir().unwrap();
    let memo = dir.path().join("cut.memo");
    let m = memo.to_str().unwrap();
    let old_memo = dir.path().join("old.memo");
    let args = ["table", "trees", "--edges", "1..12", "--memo", m, "--quiet", "--threads", "1", "--format", "csv"];
    let run = |kill_after: Option<std::time::Duration>| {
        let start = std::time::Instant::now();
        let mut child = std::process::Command::new(env!("CARGO_BIN_EXE_arrows"))
            .args(args)
            .stdout(std::process::Stdio::null())
            .spawn()
            .unwrap();
        if let Some(d) = kill_after {
            std::thread::sleep(d);
            let _ = child.kill();
        }
        child.wait().unwrap();
        start.elapsed()
    };
    // A whole run from nothing, and an old file of a smaller sweep.
    let whole = run(None);
    let complete = loads(&memo).expect("a finished run saves");
    let (code, _, _) = arrows(&["table", "trees", "--edges", "1..8", "--memo", old_memo.to_str().unwrap(), "--quiet"]);
    assert_eq!(code, 0);
    let old = std::fs::read(&old_memo).unwrap();
    // Killed at times spread over a whole run, from nothing or from the old
    // file: the file is then absent, the old one, or a complete one.
    let mut seen = [0; 3];
    for i in 0..12u32 {
        let from_old = i % 2 == 1;
        if from_old {
            std::fs::write(&memo, &old).unwrap();
        } else {
            std::fs::remove_file(&memo).unwrap();
        }
        run(Some(whole * (i + 1) / 12));
        match loads(&memo) {
            None => {
                assert!(!from_old, "the old file is never removed");
                seen[0] += 1;
            }
            Some(_) if std::fs::read(&memo).unwrap() == old => seen[1] += 1,
            Some(n) => {
                assert!(n == complete || from_old, "{n} entries after a cut run, {complete} after a whole one");
                seen[2] += 1;
            }
        }
    }
    println!("after a run killed: {} absent, {} old, {} complete", seen[0], seen[1], seen[2]);
    // Besides the two files, only the temporary file of a save cut short,
    // which the next run removes once it is a few seconds old.
    let temporary = |name: &str| name.starts_with(".cut.memo.") && name.ends_with(".tmp");
    let mut left = Vec::new();
    for entry in std::fs::read_dir(dir.path()).unwrap() {
        let name = entry.unwrap().file_name().to_string_lossy().into_owned();
        assert!(name == "cut.memo" || name == "old.memo" || temporary(&name), "{name}");
        if temporary(&name) {
            left.push(dir.path().join(&name));
        }
    }
    let long_ago = std::time::SystemTime::now() - std::time::Duration::from_secs(3600);
    for path in &left {
        std::fs::File::options().write(true).open(path).unwrap().set_modified(long_ago).unwrap();
    }
    let (code, _, _) = arrows(&["path", "3", "--memo", m]);
    assert_eq!(code, 0);
    assert!(left.iter().all(|p| !p.exists()), "{left:?} left behind");
    // A time limit stops the sweep, which saves the exact classes it holds.
    // (Trees with 15 edges take 20 s of CPU in a test build.) How many
    // classes a limit leaves time for depends on the machine's load, so
    // the limit doubles until a stopped run has solved some: the test is
    // decided by what the stopped runs saved, never by how fast they ran.
    let limited = dir.path().join("limited.memo");
    let l = limited.to_str().unwrap();
    let mut saved = None;
    for seconds in [2, 4, 8, 16, 32] {
        let limit = format!("{seconds}s");
        let (code, _, err) = arrows(&["table", "trees", "--edges", "15", "--memo", l, "--max-time", &limit, "--quiet"]);
        saved = loads(&limited);
        if code == 0 {
            // The sweep finished within the limit: it saved every class.
            break;
        }
        assert_eq!(code, 2, "{err}");
        assert!(err.contains("time limit"), "{err}");
        if saved.is_some_and(|n| n > 0) {
            break;
        }
    }
    assert!(saved.is_some_and(|n| n > 0), "the stopped sweep saved its classes");
}

/// Through the binary: a sweep under a budget far below its memo gives the
/// table of an unbounded one, and `--stats` says how many classes the memo
/// evicted to stay within it.
#[test]
fn a_sweep_past_its_budget_finishes_and_says_what_it_evicted() {
    let args = ["table", "trees", "--edges", "12", "--format", "csv", "--quiet"];
    let (code, unbounded, err) = arrows(&args);
    assert_eq!(code, 0, "{err}");
    let tight: Vec<&str> = args.iter().copied().chain(["--max-memory", "1M", "--stats"]).collect();
    let (code, bounded, err) = arrows(&tight);
    assert_eq!((code, &bounded), (0, &unbounded), "{err}");
    let evicted = err.lines().find(|l| l.starts_with("memo evicted")).unwrap_or_else(|| panic!("{err}"));
    assert!(!evicted.contains(" 0 classes"), "{evicted}");
}

/// The temporary file of a save killed midway is removed by the next run
/// that uses the memo; one that a save in progress holds (locked) is not.
#[test]
fn a_later_run_removes_what_a_killed_save_left() {
    let dir = tempfile::tempdir().unwrap();
    let memo = dir.path().join("m.memo");
    let an_hour_ago = std::time::SystemTime::now() - std::time::Duration::from_secs(3600);
    let left = |random: &str| {
        let path = dir.path().join(format!(".m.memo.{random}.tmp"));
        let f = std::fs::File::create(&path).unwrap();
        f.set_modified(an_hour_ago).unwrap();
        (path, f)
    };
    let (dead, file) = left("a1B2c3");
    drop(file);
    let (alive, held) = left("z9Y8x7");
    held.try_lock().unwrap();
    // A file of another name is not the memo's.
    let other = dir.path().join(".m.memo.notours.tmp");
    std::fs::write(&other, b"").unwrap();
    let (code, _, err) = arrows(&["spider", "3", "4", "5", "--memo", memo.to_str().unwrap()]);
    assert_eq!(code, 0, "{err}");
    assert!(!dead.exists(), "a left-over temporary file is removed");
    assert!(alive.exists(), "a save in progress keeps its file");
    assert!(other.exists());
    drop(held);
    assert!(loads(&memo).is_some());
}

/// A memo path that is a symbolic link is followed: its target is the
/// memo, updated by each run, and the link stays a link.
#[cfg(unix)]
#[test]
fn a_memo_behind_a_symbolic_link_stays_behind_it() {
    let dir = tempfile::tempdir().unwrap();
    let store = dir.path().join("store");
    std::fs::create_dir(&store).unwrap();
    let real = store.join("real.memo");
    let link = dir.path().join("link.memo");
    // A link to a file that does not exist yet, relative to the link's folder.
    std::os::unix::fs::symlink("store/real.memo", &link).unwrap();
    let l = link.to_str().unwrap();
    for (legs, at_least) in [(["3", "4", "5"], 1), (["6", "7", "8"], 2)] {
        let (code, _, err) = arrows(&["spider", legs[0], legs[1], legs[2], "--memo", l]);
        assert_eq!(code, 0, "{err}");
        assert!(std::fs::symlink_metadata(&link).unwrap().file_type().is_symlink(), "the link is kept");
        let entries = loads(&real).expect("the target holds the memo");
        assert!(entries >= at_least);
    }
    let small = loads(&real).unwrap();
    let (code, _, _) = arrows(&["spider", "9", "9", "9", "--memo", l]);
    assert_eq!(code, 0);
    assert!(loads(&real).unwrap() > small, "the target keeps being updated");
}
