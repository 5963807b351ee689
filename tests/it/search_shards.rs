//! The outcome search split into shards through the binary: `--engine
//! search --shard R/M --out DIR` for each shard, `arrows search merge DIR`
//! for the answer, which must be the single run's; a shard resumed after
//! it stopped; shards of another board, another split, missing or
//! incomplete, refused with one line and exit code 2.

use crate::support::binary::{run, success};
use std::path::Path;
use std::process::Command;

fn json(out: &str) -> serde_json::Value {
    serde_json::from_str(out.lines().next().expect("a JSON line")).expect("JSON")
}

/// The winner and the winning moves of a report.
fn answer(v: &serde_json::Value) -> (String, Vec<String>) {
    let moves = v["winning_moves"].as_array().unwrap().iter().map(|m| m.as_str().unwrap().to_string()).collect();
    (v["winner"].as_str().unwrap().to_string(), moves)
}

fn shard(board: &[&str], shard: &str, dir: &Path) -> std::process::Output {
    let mut args: Vec<&str> = board.to_vec();
    let dir = dir.to_str().unwrap();
    args.extend(["--cycles", "--engine", "search", "--shard", shard, "--out", dir]);
    run(&args)
}

fn refused(o: &std::process::Output, needle: &str) {
    let err = String::from_utf8_lossy(&o.stderr);
    assert_eq!(o.status.code(), Some(2), "{err}");
    assert_eq!(err.lines().count(), 1, "one line: {err}");
    assert!(err.starts_with("error: ") && err.contains(needle), "{err}");
}

#[test]
fn four_shards_merge_to_the_single_runs_answer() {
    for board in [&["wheel", "7"][..], &["grid", "3", "3"], &["fan", "6"], &["theta", "2", "3", "5"]] {
        let dir = tempfile::tempdir().unwrap();
        for r in 0..4 {
            success(&shard(board, &format!("{r}/4"), dir.path()));
        }
        let merged = json(&success(&run(&["search", "merge", dir.path().to_str().unwrap(), "--json"])));
        let mut single_args = board.to_vec();
        single_args.extend(["--cycles", "--engine", "search", "--json"]);
        let single = json(&success(&run(&single_args)));
        assert_eq!(answer(&merged), answer(&single), "{board:?}");
        // And the canonical engine's winner.
        let mut canonical_args = board.to_vec();
        canonical_args.extend(["--cycles", "--engine", "canonical", "--json"]);
        let canonical = json(&success(&run(&canonical_args)));
        assert_eq!(answer(&merged), answer(&canonical), "{board:?}");
    }
}

#[test]
fn a_slurm_array_task_answers_its_shard_and_a_stopped_shard_resumes() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path().to_str().unwrap();
    for id in 0..3 {
        let o = Command::new(env!("CARGO_BIN_EXE_arrows"))
            .args(["wheel", "6", "--cycles", "--engine", "search", "--out", d])
            .env("SLURM_ARRAY_TASK_ID", id.to_string())
            .env("SLURM_ARRAY_TASK_COUNT", "3")
            .env("SLURM_ARRAY_TASK_MIN", "0")
            .env("SLURM_ARRAY_TASK_MAX", "2")
            .output()
            .unwrap();
        let err = String::from_utf8_lossy(&o.stderr);
        assert!(o.status.success(), "{err}");
        assert!(err.contains(&format!("shard {id}/3, from SLURM_ARRAY_TASK_ID={id}")), "{err}");
    }
    // A shard killed after some answers: its manifest as a kill leaves it
    // (the answers saved so far, not complete). Run again, it answers the rest.
    let path = dir.path().join("search-1-of-3.json");
    let mut m: serde_json::Value = serde_json::from_str(&std::fs::read_to_string(&path).unwrap()).unwrap();
    let answers = m["answers"].as_array().unwrap().len();
    assert!(answers >= 2, "{m}");
    m["answers"].as_array_mut().unwrap().truncate(1);
    m["complete"] = serde_json::Value::Bool(false);
    std::fs::write(&path, serde_json::to_string_pretty(&m).unwrap()).unwrap();
    refused(&run(&["search", "merge", d]), "shard 1/3 with 1 of its");
    let o = shard(&["wheel", "6"], "1/3", dir.path());
    assert!(String::from_utf8_lossy(&o.stderr).contains(&format!("{} of its {answers} tasks to answer", answers - 1)));
    success(&o);
    let merged = json(&success(&run(&["search", "merge", d, "--json"])));
    let single = json(&success(&run(&["wheel", "6", "--cycles", "--engine", "search", "--json"])));
    assert_eq!(answer(&merged), answer(&single));
}

#[test]
fn foreign_missing_and_edited_shards_are_refused() {
    let one = tempfile::tempdir().unwrap();
    let other = tempfile::tempdir().unwrap();
    for r in 0..2 {
        success(&shard(&["wheel", "5"], &format!("{r}/2"), one.path()));
    }
    success(&shard(&["wheel", "6"], "0/2", other.path()));
    let (a, b) = (one.path().to_str().unwrap(), other.path().to_str().unwrap());
    // A shard of another board, in a merge and in the shard's own place.
    refused(&run(&["search", "merge", a, b]), "is a shard of another search");
    refused(&shard(&["wheel", "6"], "0/2", one.path()), "holds a shard of another search");
    // A shard missing, given twice, of another split.
    let lone = one.path().join("search-0-of-2.json");
    refused(&run(&["search", "merge", lone.to_str().unwrap()]), "shard 1/2 of the search is missing");
    refused(&run(&["search", "merge", a, lone.to_str().unwrap()]), "is given twice");
    let split = tempfile::tempdir().unwrap();
    success(&shard(&["wheel", "5"], "0/3", split.path()));
    refused(&run(&["search", "merge", a, split.path().to_str().unwrap()]), "splits the search in 2");
    // An edited answer.
    let text = std::fs::read_to_string(&lone).unwrap().replacen("\"task\": 0", "\"task\": 1", 1);
    std::fs::write(&lone, text).unwrap();
    refused(&run(&["search", "merge", a]), "was it edited?");
    // Nothing there.
    let empty = tempfile::tempdir().unwrap();
    refused(&run(&["search", "merge", empty.path().to_str().unwrap()]), "holds no");
}

/// A merge trusts nothing it reads: with any single byte of any manifest
/// of a small shard set changed (its lowest bit flipped, which turns a
/// digit into its neighbour and a letter into another), `arrows search
/// merge` gives the single run's winner and winning moves, or refuses in
/// one line with exit code 2.
#[test]
fn any_byte_changed_merges_to_the_single_answer_or_is_refused() {
    let board = ["k4"];
    let dir = tempfile::tempdir().unwrap();
    for r in 0..2 {
        success(&shard(&board, &format!("{r}/2"), dir.path()));
    }
    let single = json(&success(&run(&["k4", "--cycles", "--engine", "search", "--json"])));
    let d = dir.path().to_str().unwrap();
    let (mut answered, mut refusals) = (0, 0);
    for r in 0..2 {
        let file = dir.path().join(format!("search-{r}-of-2.json"));
        let original = std::fs::read(&file).unwrap();
        for i in 0..original.len() {
            let mut bytes = original.clone();
            bytes[i] ^= 1;
            std::fs::write(&file, &bytes).unwrap();
            let o = run(&["search", "merge", d, "--json"]);
            let err = String::from_utf8_lossy(&o.stderr);
            let at = format!("byte {i} of {}: {err}", file.display());
            match o.status.code() {
                Some(0) => {
                    assert_eq!(answer(&json(&String::from_utf8_lossy(&o.stdout))), answer(&single), "{at}");
                    answered += 1;
                }
                Some(2) => {
                    assert_eq!(err.lines().count(), 1, "{at}");
                    assert!(err.starts_with("error: "), "{at}");
                    refusals += 1;
                }
                code => panic!("exit code {code:?} at {at}"),
            }
        }
        std::fs::write(&file, &original).unwrap();
    }
    println!("{answered} merged to the single run's answer, {refusals} refused");
    // Bytes of the command line change no answer; bytes of the answers are refused.
    assert!(answered > 0 && refusals > 0, "{answered} answered, {refusals} refused");
}

/// `true` once process `pid` catches SIGINT (its Ctrl-C handler is in),
/// or is gone.
fn catches_sigint(pid: u32) -> bool {
    let Ok(status) = std::fs::read_to_string(format!("/proc/{pid}/status")) else { return true };
    let mask = status.lines().find_map(|l| l.strip_prefix("SigCgt:")).unwrap_or("0");
    u64::from_str_radix(mask.trim(), 16).is_ok_and(|m| m & 2 != 0)
}

/// A shard stopped by `--max-time` or by Ctrl-C says how many of its
/// tasks it saved, its manifest holds exactly those, and the same command
/// resumes after them. Decided by the messages and the manifest, whatever
/// the machine's speed (on W_13 a task takes longer than the limit, so
/// usually none is saved; any number is checked the same way).
#[test]
fn a_stopped_shard_keeps_what_it_finished_and_resumes() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path().to_str().unwrap();
    let manifest = dir.path().join("search-0-of-1.json");
    let board = ["wheel", "13", "--cycles", "--engine", "search", "--out", d];
    let saved = || -> (usize, usize, bool) {
        let m: serde_json::Value = serde_json::from_str(&std::fs::read_to_string(&manifest).unwrap()).unwrap();
        (
            m["answers"].as_array().unwrap().len(),
            m["owned"].as_u64().unwrap() as usize,
            m["complete"].as_bool().unwrap(),
        )
    };
    let mut limited = board.to_vec();
    limited.extend(["--max-time", "1s"]);
    let mut before = 0;
    for _ in 0..2 {
        let o = run(&limited);
        let err = String::from_utf8_lossy(&o.stderr).into_owned();
        assert_eq!(o.status.code(), Some(2), "{err}");
        let (answers, owned, complete) = saved();
        assert!(!complete && answers >= before, "{answers} answers after {before}");
        assert!(err.contains(&format!("{} of its {owned} tasks to answer", owned - before)), "{err}");
        assert!(err.contains("stopped at the time limit of 1s"), "{err}");
        assert!(err.contains(&format!("{answers} of the shard's {owned} tasks are saved")), "{err}");
        before = answers;
    }
    // Ctrl-C, once the handler is in.
    let child = Command::new(env!("CARGO_BIN_EXE_arrows"))
        .args(board)
        .stdout(std::process::Stdio::null())
        .stderr(std::process::Stdio::piped())
        .spawn()
        .unwrap();
    let start = std::time::Instant::now();
    std::thread::sleep(std::time::Duration::from_millis(300));
    while !catches_sigint(child.id()) && start.elapsed() < std::time::Duration::from_secs(30) {
        std::thread::sleep(std::time::Duration::from_millis(5));
    }
    assert!(Command::new("kill").args(["-INT", &child.id().to_string()]).status().unwrap().success());
    let o = child.wait_with_output().unwrap();
    let err = String::from_utf8_lossy(&o.stderr);
    assert_eq!(o.status.code(), Some(130), "{err}");
    let (answers, owned, _) = saved();
    assert!(answers >= before);
    assert!(err.contains("interrupted (Ctrl-C)"), "{err}");
    assert!(err.contains(&format!("{answers} of the shard's {owned} tasks are saved")), "{err}");
    refused(&run(&["search", "merge", d]), &format!("shard 0/1 with {answers} of its {owned} tasks answered"));
}
