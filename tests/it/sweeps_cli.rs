//! Sweeps past one machine, from the outside: nauty's res/mod and the
//! 1-based I/N cover every row once, a Slurm array task finds its shard in
//! its variables, a shard on disk killed mid-way resumes and merges into
//! the single run byte for byte, and merge refuses what does not join.

use crate::support::binary::{run as arrows, run_with_stdin as arrows_stdin, success as ok};
use arrows_core::Variant;
use arrows_tables::{Family, Shard, Span, Spec, SweepOptions, sweep};
use arrows_work::{Budget, Control};
use proptest::prelude::*;
use std::path::{Path, PathBuf};
use std::process::{Command, Output, Stdio};

fn span(lo: usize, hi: usize) -> Span {
    Span::new(lo, hi).unwrap()
}

/// A fresh directory under the system's temporary one.
fn scratch(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("arrows-sweeps-{name}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

fn path(p: &Path) -> String {
    p.to_string_lossy().into_owned()
}

/// Runs `arrows` with extra environment variables.
fn arrows_env(args: &[&str], vars: &[(&str, &str)]) -> Output {
    let mut c = Command::new(env!("CARGO_BIN_EXE_arrows"));
    c.args(args);
    for (k, v) in vars {
        c.env(k, v);
    }
    c.output().expect("the binary runs")
}

/// A refusal: exit code 2, one line on standard error containing `needle`.
fn refused(o: &Output, needle: &str) {
    let err = String::from_utf8_lossy(&o.stderr);
    assert_eq!(o.status.code(), Some(2), "{err}");
    assert_eq!(err.lines().count(), 1, "{err}");
    assert!(err.starts_with("error:") && err.contains(needle), "expected {needle:?}: {err}");
    assert!(!err.contains("panicked"), "{err}");
}

fn families() -> Vec<Spec> {
    vec![
        Spec::Spider { legs: vec![span(0, 5); 3] },
        Spec::Spider { legs: vec![span(0, 2); 4] },
        Spec::Path { edges: span(1, 12) },
        Spec::Star { leaves: span(1, 7) },
        Spec::Caterpillar { spine: span(1, 3), leaves: span(0, 2) },
        Spec::Broom { handle: span(0, 6), bristles: span(0, 4) },
        Spec::Trees { edges: span(1, 8) },
    ]
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 24, ..ProptestConfig::default() })]

    /// For a family and a modulus m, the shards r/m (nauty's spelling, or
    /// the 1-based i/m with i = r, and m for r = 0) hold every row of the
    /// single run exactly once, with its value.
    #[test]
    fn res_mod_and_i_n_cover_every_row_once(which in 0usize..7, modulus in 1usize..12, one_based in any::<bool>()) {
        let spec = families()[which].clone();
        let family = Family::new(spec).unwrap();
        let control = Control::new(Budget::bytes(1 << 30));
        let options = |shard| SweepOptions { shard, threads: Some(1), ..SweepOptions::new(Variant::Trimmed) };
        let whole = sweep(&family, &options(Shard::WHOLE), &control).unwrap();
        let mut seen = vec![0usize; whole.rows.len()];
        for residue in 0..modulus {
            let text = if one_based { format!("{}/{modulus}", if residue == 0 { modulus } else { residue }) }
                       else { format!("{residue}/{modulus}") };
            let shard: Shard = text.parse().unwrap();
            prop_assert_eq!(shard, Shard { residue, modulus });
            prop_assert_eq!(shard.to_string(), format!("{residue}/{modulus}"));
            match sweep(&family, &options(shard), &control) {
                Ok(part) => {
                    prop_assert_eq!(part.rows.len(), shard.share(whole.rows.len()));
                    for r in &part.rows {
                        prop_assert_eq!(r.position % modulus, residue);
                        prop_assert_eq!(r, &whole.rows[r.position]);
                        seen[r.position] += 1;
                    }
                }
                Err(arrows_tables::SweepError::EmptyShard { .. }) => prop_assert!(residue >= whole.rows.len()),
                Err(e) => panic!("{e}"),
            }
        }
        prop_assert!(seen.iter().all(|&n| n == 1), "{:?}", seen);
    }
}

#[test]
fn a_slurm_array_task_computes_the_shard_its_variables_name() {
    let dir = scratch("slurm");
    let out = path(&dir);
    let single = ok(&arrows(&["table", "trees", "--edges", "1..8", "--format", "csv"]));
    // --array=1-3: tasks 1, 2, 3 are the residues 0, 1, 2 modulo 3.
    for id in ["1", "2", "3"] {
        let vars = [
            ("SLURM_ARRAY_TASK_ID", id),
            ("SLURM_ARRAY_TASK_COUNT", "3"),
            ("SLURM_ARRAY_TASK_MIN", "1"),
            ("SLURM_ARRAY_TASK_MAX", "3"),
        ];
        let o = arrows_env(&["table", "trees", "--edges", "1..8", "--out", &out], &vars);
        let err = String::from_utf8_lossy(&o.stderr);
        assert!(o.status.success(), "{err}");
        let residue: usize = id.parse::<usize>().unwrap() - 1;
        let why = format!(
            "shard {residue}/3, from SLURM_ARRAY_TASK_ID={id}, SLURM_ARRAY_TASK_MIN=1 and SLURM_ARRAY_TASK_MAX=3"
        );
        assert!(err.starts_with(&why), "{err}");
        let manifest: serde_json::Value =
            serde_json::from_slice(&std::fs::read(dir.join(format!("shard-{residue}-of-3.json"))).unwrap()).unwrap();
        assert_eq!(manifest["shard"], serde_json::json!({"residue": residue, "modulus": 3}));
        assert_eq!(manifest["shard_from"].as_str(), Some(why.as_str()));
        assert_eq!(manifest["complete"], true);
    }
    assert_eq!(ok(&arrows(&["table", "merge", &out, "--format", "csv"])), single);
    // Without --out, the table of the shard; standard error says which.
    let o = arrows_env(
        &["table", "trees", "--edges", "1..8", "--format", "csv"],
        &[("SLURM_ARRAY_TASK_ID", "2"), ("SLURM_ARRAY_TASK_COUNT", "4")],
    );
    assert_eq!(
        String::from_utf8_lossy(&o.stderr),
        "shard 2/4, from SLURM_ARRAY_TASK_ID=2 and SLURM_ARRAY_TASK_COUNT=4\n"
    );
    let csv = String::from_utf8(o.stdout).unwrap();
    let single_rows: Vec<&str> = single.lines().skip(1).collect();
    let mine: Vec<&str> = single_rows.iter().skip(2).step_by(4).copied().collect();
    assert_eq!(csv.lines().skip(1).collect::<Vec<_>>(), mine);
    // --shard wins over the variables.
    let o = arrows_env(&["table", "trees", "--edges", "1..5", "--shard", "0/1"], &[("SLURM_ARRAY_TASK_ID", "x")]);
    assert!(o.status.success() && o.stderr.is_empty());
    // Inconsistent variables: one line, exit 2.
    for (vars, needle) in [
        (
            vec![("SLURM_ARRAY_TASK_ID", "x"), ("SLURM_ARRAY_TASK_COUNT", "4")],
            "SLURM_ARRAY_TASK_ID=\"x\" is not a whole number",
        ),
        (vec![("SLURM_ARRAY_TASK_ID", "3"), ("SLURM_ARRAY_TASK_COUNT", "0")], "SLURM_ARRAY_TASK_COUNT=0"),
        (vec![("SLURM_ARRAY_TASK_ID", "3")], "the number of shards is unknown"),
        (
            vec![("SLURM_ARRAY_TASK_ID", "9"), ("SLURM_ARRAY_TASK_MIN", "0"), ("SLURM_ARRAY_TASK_MAX", "3")],
            "outside the array 0..3",
        ),
    ] {
        refused(&arrows_env(&["table", "trees", "--edges", "1..5"], &vars), needle);
    }
    std::fs::remove_dir_all(&dir).unwrap();
}

/// The manifest of a shard, read.
fn manifest(dir: &Path, stem: &str) -> serde_json::Value {
    serde_json::from_slice(&std::fs::read(dir.join(format!("{stem}.json"))).unwrap()).unwrap()
}

#[test]
fn a_shard_killed_mid_way_resumes_and_merges_into_the_single_run_byte_for_byte() {
    // (A copy started while it runs is refused; the kill lets go of the lock.)
    let dir = scratch("resume");
    let out = path(&dir);
    // Trees with 13 edges (3,159), one thread: several seconds, batches of 512.
    let sweep = ["table", "trees", "--edges", "13", "--threads", "1"];
    let shard = |s: &str| -> Vec<String> {
        sweep.iter().map(|a| a.to_string()).chain(["--shard", s, "--out", &out, "--quiet"].map(String::from)).collect()
    };
    let args = shard("1/2");
    let mut child = Command::new(env!("CARGO_BIN_EXE_arrows"))
        .args(&args)
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .spawn()
        .unwrap();
    // Kill it (SIGKILL: no chance to tidy up) once the manifest shows some rows.
    let start = std::time::Instant::now();
    let done = loop {
        let m = std::fs::read(dir.join("shard-1-of-2.json")).ok().and_then(|b| serde_json::from_slice(&b).ok());
        let m: serde_json::Value = m.unwrap_or_default();
        if m["rows_done"].as_u64().unwrap_or(0) > 0 {
            // A second copy of the running shard is refused: the first holds its lock.
            let twin = arrows(&args.iter().map(String::as_str).collect::<Vec<_>>());
            if child.try_wait().unwrap().is_none() {
                refused(&twin, "another process is writing this shard");
            }
            child.kill().unwrap();
            child.wait().unwrap();
            break m["rows_done"].as_u64().unwrap();
        }
        assert!(start.elapsed().as_secs() < 600, "the shard never recorded a row");
        assert!(child.try_wait().unwrap().is_none(), "the shard finished before it could be killed");
        std::thread::sleep(std::time::Duration::from_millis(5));
    };
    let m = manifest(&dir, "shard-1-of-2");
    assert_eq!(m["complete"], false, "{m}");
    assert!(done < m["rows"].as_u64().unwrap());
    // A torn last line, as a kill during a write leaves.
    let rows = dir.join("shard-1-of-2.rows");
    let mut text = std::fs::read(&rows).unwrap();
    text.extend_from_slice(b"1999 Lhc");
    std::fs::write(&rows, &text).unwrap();
    // The other shard runs whole; merge refuses the interrupted one.
    ok(&arrows(&shard("0/2").iter().map(String::as_str).collect::<Vec<_>>()));
    refused(&arrows(&["table", "merge", &out]), "is incomplete");
    // Run again: it resumes after the rows done, cutting the torn line off.
    let o = arrows(&args.iter().filter(|a| *a != "--quiet").map(String::as_str).collect::<Vec<_>>());
    let err = String::from_utf8_lossy(&o.stderr);
    assert!(o.status.success(), "{err}");
    assert!(err.contains(&format!("resuming {} after {done} of", dir.join("shard-1-of-2.json").display())), "{err}");
    assert!(err.contains("cutting off"), "{err}");
    assert_eq!(manifest(&dir, "shard-1-of-2")["complete"], true);
    // JSON: the rows, the sweep's description and the checksum, all equal.
    let single = arrows(&["table", "trees", "--edges", "13", "--format", "json"]);
    let merged = arrows(&["table", "merge", &out, "--format", "json"]);
    assert!(merged.status.success(), "{}", String::from_utf8_lossy(&merged.stderr));
    assert!(merged.stdout == single.stdout, "the merged table differs from the single run");
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn merge_refuses_missing_duplicated_foreign_and_corrupted_shards() {
    let root = scratch("refuse");
    let [a, b, c] = ["a", "b", "c"].map(|d| root.join(d));
    let run = |dir: &Path, extra: &[&str]| {
        let out = path(dir);
        let args: Vec<&str> = [&["table", "spider", "--legs", "0..6", "--quiet", "--out", &out][..], extra].concat();
        ok(&arrows(&args));
    };
    for s in ["0/3", "1/3", "2/3"] {
        run(&a, &["--shard", s]);
    }
    let single = ok(&arrows(&["table", "spider", "--legs", "0..6", "--format", "csv"]));
    assert_eq!(ok(&arrows(&["table", "merge", &path(&a), "--format", "csv"])), single);
    let shard = |dir: &Path, r: usize| path(&dir.join(format!("shard-{r}-of-3.json")));
    // Missing: two manifests of three.
    refused(
        &arrows(&["table", "merge", &shard(&a, 0), &shard(&a, 2)]),
        "shard 1/3 is missing; give every shard 0/3 to 2/3",
    );
    // Duplicated: the same shard computed again in another directory.
    run(&b, &["--shard", "1/3"]);
    refused(&arrows(&["table", "merge", &path(&a), &path(&b)]), "shard 1/3 is given twice");
    // Another sweep: the same shard of the other rule set.
    run(&c, &["--shard", "1/3", "--untrimmed"]);
    let o = arrows(&["table", "merge", &shard(&a, 0), &shard(&c, 1), &shard(&a, 2)]);
    refused(&o, "is from another sweep");
    assert!(String::from_utf8_lossy(&o.stderr).contains("--untrimmed"));
    // And its directory cannot take the trimmed shard: refused, not overwritten.
    let o = arrows(&["table", "spider", "--legs", "0..6", "--shard", "1/3", "--out", &path(&c)]);
    refused(&o, "holds a shard of another sweep");
    // Corrupted: one value changed in a rows file.
    let rows = a.join("shard-2-of-3.rows");
    let text = std::fs::read_to_string(&rows).unwrap();
    let line = text.lines().find(|l| l.ends_with(" 0")).unwrap();
    let edited = text.replacen(&format!("{line}\n"), &format!("{}1\n", &line[..line.len() - 1]), 1);
    std::fs::write(&rows, &edited).unwrap();
    refused(&arrows(&["table", "merge", &path(&a)]), "do not match the manifest's checksum");
    // A corrupted shard is not resumed either.
    refused(&arrows(&["table", "spider", "--legs", "0..6", "--shard", "2/3", "--out", &path(&a)]), "checksum");
    // A manifest edited into another shard: refused.
    std::fs::write(&rows, &text).unwrap();
    let m = std::fs::read_to_string(a.join("shard-2-of-3.json")).unwrap();
    std::fs::write(a.join("shard-2-of-3.json"), m.replace("\"rows\": ", "\"rows\": 1")).unwrap();
    refused(&arrows(&["table", "merge", &path(&a)]), "was it edited?");
    std::fs::write(a.join("shard-2-of-3.json"), &m).unwrap();
    assert_eq!(ok(&arrows(&["table", "merge", &path(&a), "--format", "csv"])), single);
    // Not a shard directory; a rows file without its manifest.
    refused(&arrows(&["table", "merge", &path(&root)]), "holds no shard manifest");
    std::fs::remove_file(b.join("shard-1-of-3.json")).unwrap();
    refused(
        &arrows(&["table", "spider", "--legs", "0..6", "--shard", "1/3", "--out", &path(&b)]),
        "no manifest beside it",
    );
    std::fs::remove_dir_all(&root).unwrap();
}

#[test]
fn the_parts_of_a_split_input_merge_into_the_table_of_the_whole_input() {
    // The trees with 1..9 edges as graph6, split the way nauty's res/mod
    // splits its output (here by position): each part is swept on its own.
    let whole = ok(&arrows(&["table", "trees", "--edges", "1..9", "--format", "csv"]));
    let graphs: Vec<&str> = whole.lines().skip(1).map(|l| l.split(',').next().unwrap()).collect();
    let dir = scratch("input");
    let out = path(&dir);
    for r in 0..3 {
        let part: String = graphs.iter().skip(r).step_by(3).map(|g| format!("{g}\n")).collect();
        let input = format!("{r}/3");
        for shard in ["0/2", "1/2"] {
            let args = ["table", "graphs", "-", "--shard-of-input", &input, "--shard", shard, "--out", &out];
            let o = arrows_stdin(&args, &part);
            assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
        }
    }
    assert!(dir.join("input-2-of-3.shard-1-of-2.json").exists());
    let merged = ok(&arrows(&["table", "merge", &out, "--format", "csv"]));
    // The same graphs with the same values, in the order of the input parts.
    let sorted = |t: &str| {
        let mut v: Vec<String> = t.lines().skip(1).map(String::from).collect();
        v.sort();
        v
    };
    assert_eq!(sorted(&merged), sorted(&whole));
    assert_eq!(merged.lines().nth(1), whole.lines().nth(1));
    // An input part left out is named.
    std::fs::remove_file(dir.join("input-1-of-3.shard-0-of-2.json")).unwrap();
    std::fs::remove_file(dir.join("input-1-of-3.shard-1-of-2.json")).unwrap();
    refused(&arrows(&["table", "merge", &out]), "input part 1/3 is missing");
    // --shard-of-input is recorded with --out only.
    refused(&arrows_stdin(&["table", "graphs", "-", "--shard-of-input", "0/2"], "Bw\n"), "add --out DIR");
    std::fs::remove_dir_all(&dir).unwrap();
}
