//! `arrows table` and `arrows conjecture` from the outside, and the
//! committed experiments: each table is the one its command makes (a slice
//! recomputed), lists exactly its sweep's graphs, and agrees with the
//! brute-force engine on a sample.

use crate::support::binary::{run as arrows, run_with_stdin as arrows_stdin, success as ok};
use arrows_core::{Decoration, Variant};
use arrows_solve::BruteForce;
use arrows_tables::family::graph_of;
use arrows_tables::{Family, Key, Span, Spec, Table, format};
use std::collections::HashMap;
use std::path::{Path, PathBuf};

fn span(lo: usize, hi: usize) -> Span {
    Span::new(lo, hi).unwrap()
}

/// A committed experiment table and how to check it.
struct Experiment {
    /// Folder under experiments/.
    dir: &'static str,
    /// The committed CSV table.
    file: &'static str,
    /// The sweep that made it.
    spec: Spec,
    variant: Variant,
    /// A smaller sweep whose rows are all in the table.
    slice: Spec,
    /// Rows with at most this many edges are sampled for the brute-force check.
    brute_edges: usize,
    /// Rows with G >= 2 (the rare ones) up to this many edges: the first 20 are checked.
    rare_edges: usize,
}

fn experiments() -> Vec<Experiment> {
    use Variant::{Trimmed, Untrimmed};
    let spider = |k: usize, hi: usize| Spec::Spider { legs: vec![span(0, hi); k] };
    let long = || Spec::Spider { legs: vec![span(0, 6), span(0, 6), span(0, 150)] };
    let long_slice = Spec::Spider { legs: vec![span(0, 2), span(0, 3), span(0, 30)] };
    let short = || Spec::Spider { legs: vec![span(1, 1), span(0, 20), span(0, 1000)] };
    let short_slice = || Spec::Spider { legs: vec![span(1, 1), span(0, 5), span(0, 40)] };
    let caterpillars = || Spec::Caterpillar { spine: span(1, 6), leaves: span(0, 3) };
    let brooms = || Spec::Broom { handle: span(0, 40), bristles: span(0, 12) };
    let trees = || Spec::Trees { edges: span(1, 16) };
    let cat_slice = || Spec::Caterpillar { spine: span(1, 4), leaves: span(0, 3) };
    let broom_slice = || Spec::Broom { handle: span(0, 12), bristles: span(0, 5) };
    let e = |dir, file, spec, variant, slice, (brute_edges, rare_edges)| Experiment {
        dir,
        file,
        spec,
        variant,
        slice,
        brute_edges,
        rare_edges,
    };
    vec![
        e("spiders-3", "trimmed.csv", spider(3, 40), Trimmed, spider(3, 9), (12, 13)),
        e("spiders-3", "untrimmed.csv", spider(3, 40), Untrimmed, spider(3, 9), (14, 14)),
        e("spiders-4", "trimmed.csv", spider(4, 16), Trimmed, spider(4, 5), (12, 12)),
        e("spiders-4", "untrimmed.csv", spider(4, 16), Untrimmed, spider(4, 5), (14, 14)),
        e("spiders-long-leg", "trimmed.csv", long(), Trimmed, long_slice.clone(), (12, 13)),
        e("spiders-long-leg", "untrimmed.csv", long(), Untrimmed, long_slice, (14, 14)),
        e("spiders-short-leg", "trimmed.csv", short(), Trimmed, short_slice(), (12, 12)),
        e("spiders-short-leg", "untrimmed.csv", short(), Untrimmed, short_slice(), (14, 14)),
        e("caterpillars", "trimmed.csv", caterpillars(), Trimmed, cat_slice(), (12, 12)),
        e("caterpillars", "untrimmed.csv", caterpillars(), Untrimmed, cat_slice(), (14, 14)),
        e("brooms", "trimmed.csv", brooms(), Trimmed, broom_slice(), (12, 12)),
        e("brooms", "untrimmed.csv", brooms(), Untrimmed, broom_slice(), (14, 14)),
        e("trees", "trimmed.csv", trees(), Trimmed, Spec::Trees { edges: span(1, 9) }, (11, 12)),
        e("trees", "untrimmed.csv", trees(), Untrimmed, Spec::Trees { edges: span(1, 9) }, (12, 16)),
    ]
}

fn experiment_dir(dir: &str) -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("experiments").join(dir)
}

fn committed(e: &Experiment) -> Table {
    let path = experiment_dir(e.dir).join(e.file);
    let text = std::fs::read_to_string(&path).unwrap_or_else(|err| panic!("{}: {err}", path.display()));
    format::read(&text).unwrap()
}

/// The `arrows table` arguments of a sweep, as the command line takes them.
fn arguments(spec: &Spec, variant: Variant) -> Vec<String> {
    let family = match spec {
        Spec::Spider { legs } if legs.iter().all(|l| *l == legs[0]) && legs.len() == 3 => {
            format!("spider --legs {}", legs[0])
        }
        Spec::Spider { legs } if legs.iter().all(|l| *l == legs[0]) => {
            format!("spider --k {} --legs {}", legs.len(), legs[0])
        }
        Spec::Spider { legs } => {
            format!("spider --legs {}", legs.iter().map(Span::to_string).collect::<Vec<_>>().join(","))
        }
        Spec::Caterpillar { spine, leaves } => format!("caterpillar --spine {spine} --leaves {leaves}"),
        Spec::Broom { handle, bristles } => format!("broom --handle {handle} --bristles {bristles}"),
        Spec::Trees { edges } => format!("trees --edges {edges}"),
        other => panic!("no experiment sweeps {other:?}"),
    };
    let mut args: Vec<String> = family.split(' ').map(String::from).collect();
    args.insert(0, "table".into());
    if variant == Variant::Untrimmed {
        args.push("--untrimmed".into());
    }
    args
}

#[test]
fn each_experiment_records_the_command_that_made_it() {
    for e in experiments() {
        let script = std::fs::read_to_string(experiment_dir(e.dir).join("run.sh")).unwrap();
        let line = script
            .lines()
            .find(|l| l.contains(&format!("-o {}", e.file)))
            .unwrap_or_else(|| panic!("{}/run.sh does not write {}", e.dir, e.file));
        let args = arguments(&e.spec, e.variant);
        assert!(line.contains(&args[..args.len() - usize::from(e.variant == Variant::Untrimmed)].join(" ")), "{line}");
        assert_eq!(line.contains("--untrimmed"), e.variant == Variant::Untrimmed, "{line}");
        assert!(line.contains("--format csv"), "{line}");
        assert!(experiment_dir(e.dir).join("README.md").exists(), "{} has no README", e.dir);
    }
}

#[test]
fn each_committed_table_lists_exactly_its_sweeps_graphs() {
    for e in experiments() {
        let table = committed(&e);
        assert_eq!(table.columns, e.spec.columns(), "{}/{}", e.dir, e.file);
        let mut keys = Vec::new();
        Family::new(e.spec.clone()).unwrap().for_each_key(|k| keys.push(k));
        let listed: Vec<Key> = table.rows.iter().map(|r| r.key.clone()).collect();
        assert_eq!(listed.len(), keys.len(), "{}/{}", e.dir, e.file);
        assert!(listed == keys, "{}/{}: the rows are not the sweep's graphs in order", e.dir, e.file);
    }
}

#[test]
fn a_slice_of_each_experiment_is_recomputed_by_the_command_line() {
    for e in experiments() {
        let table = committed(&e);
        let values: HashMap<&Key, u32> = table.rows.iter().map(|r| (&r.key, r.grundy)).collect();
        let mut args = arguments(&e.slice, e.variant);
        args.extend(["--format", "csv"].map(String::from));
        let fresh = format::read(&ok(&arrows(&args.iter().map(String::as_str).collect::<Vec<_>>()))).unwrap();
        assert!(fresh.rows.len() >= 50, "{}: slice too small", e.dir);
        for r in &fresh.rows {
            let Some(&v) = values.get(&r.key) else { panic!("{}/{}: {} is not in the table", e.dir, e.file, r.key) };
            assert_eq!(v, r.grundy, "{}/{}: {}", e.dir, e.file, r.key);
        }
    }
}

#[test]
fn a_sample_of_each_committed_table_agrees_with_brute_force() {
    for e in experiments() {
        let table = committed(&e);
        let small: Vec<_> = table
            .rows
            .iter()
            .filter_map(|r| {
                let g = graph_of(&r.key, &table.columns, Some(&e.spec)).unwrap();
                (g.edge_count() <= e.brute_edges).then_some((r, g))
            })
            .collect();
        // About 40 rows spread over the table, the largest graphs included.
        let step = (small.len() / 40).max(1);
        let mut sample: Vec<_> =
            small.iter().enumerate().filter(|(i, _)| i % step == 0 || i + 1 == small.len()).map(|(_, s)| s).collect();
        assert!(sample.len() >= 20, "{}/{}: only {} rows sampled", e.dir, e.file, sample.len());
        // And the rare values (G >= 2), the first 20 small enough.
        let rare: Vec<_> = table
            .rows
            .iter()
            .filter(|r| r.grundy >= 2)
            .filter_map(|r| {
                let g = graph_of(&r.key, &table.columns, Some(&e.spec)).unwrap();
                (g.edge_count() <= e.rare_edges).then_some((r, g))
            })
            .take(20)
            .collect();
        sample.extend(rare.iter());
        for (row, g) in sample {
            let start = Decoration::empty(g.edge_count());
            let brute = BruteForce::new(
                arrows_core::Position::new(g, e.variant, &start),
                &arrows_work::Control::new(arrows_work::Budget::bytes(2 << 30)),
            )
            .unwrap()
            .start_grundy()
            .unwrap();
            assert_eq!(row.grundy, brute, "{}/{}: {}", e.dir, e.file, row.key);
        }
    }
}

#[test]
fn the_committed_spider_tables_agree_with_theorem_3_4() {
    // Trimming a spider whose legs are all at least 2 shortens each leg by
    // one, so the Game of Arrows on S(l) is the Trimmed Game on S(l - 1).
    for (trimmed, untrimmed) in [(0, 1), (2, 3)] {
        let (t, u) = (experiments().remove(trimmed), experiments().remove(untrimmed));
        assert_eq!((t.variant, u.variant), (Variant::Trimmed, Variant::Untrimmed));
        let (t, u) = (committed(&t), committed(&u));
        let shorter = t.numeric_index();
        let mut checked = 0;
        for r in &u.rows {
            let Key::Numbers(legs) = &r.key else { unreachable!() };
            if legs.iter().all(|&l| l >= 2) {
                let key: Vec<usize> = legs.iter().map(|l| l - 1).collect();
                assert_eq!(shorter.get(&key), Some(r.grundy), "{}", r.key);
                checked += 1;
            }
        }
        assert!(checked > 3000, "{checked}");
    }
}

#[test]
fn shards_from_the_command_line_merge_into_the_single_run() {
    let dir = std::env::temp_dir().join(format!("arrows-shards-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    for (sweep, n) in [(vec!["spider", "--legs", "0..10"], 3), (vec!["trees", "--edges", "1..8", "--untrimmed"], 4)] {
        let single = ok(&arrows(&[&["table"], sweep.as_slice(), &["--format", "csv"]].concat()));
        let mut files = Vec::new();
        // Both spellings: nauty's 0-based R/M, and the 1-based I/N (N/N is 0/N).
        for i in 1..=n {
            let file = dir.join(format!("part{i}.json")).to_string_lossy().into_owned();
            let shard = if i % 2 == 0 { format!("{i}/{n}") } else { format!("{}/{n}", i % n) };
            ok(&arrows(
                &[&["table"], sweep.as_slice(), &["--shard", &shard, "--format", "json", "-o", &file]].concat(),
            ));
            files.push(file);
        }
        files.reverse();
        let files: Vec<&str> = files.iter().map(String::as_str).collect();
        let merged = ok(&arrows(&[&["table", "merge"], files.as_slice(), &["--format", "csv"]].concat()));
        assert_eq!(merged, single, "{sweep:?}");
        // Leaving a shard out is refused.
        let o = arrows(&[&["table", "merge"], &files[1..], &["--format", "csv"]].concat());
        assert_eq!(o.status.code(), Some(2));
        assert!(String::from_utf8_lossy(&o.stderr).contains("missing"));
    }
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn bad_input_gets_one_line_and_exit_code_2() {
    let cases: &[(&[&str], &str)] = &[
        (&["table", "spider", "--legs", "5..2"], "empty"),
        (&["table", "spider", "--legs", "0..4", "--shard", "3/2"], "does not exist"),
        (&["table", "spiders", "--legs", "0..4"], "unrecognized subcommand"),
        (&["table", "spider", "--legs", "0..3,0..4", "--k", "3"], "--k 3 but --legs gives 2 ranges"),
        (&["table", "spider", "--legs", "0..4", "--format", "svg", "--fix", "1,2"], "--fix takes 1 value"),
        (&["table", "spider", "--legs", "0..4", "--format", "pdf"], "unknown format"),
        (&["table", "path", "--edges", "0..5"], "at least one edge"),
        (&["table", "trees", "--edges", "1..5", "--grid"], "numeric parameters"),
        (&["table", "spider", "--k", "12", "--legs", "0..60"], "one sweep may hold"),
        (&["table", "spider", "--legs", "0..4", "--json", "--format", "csv"], "disagree"),
        (&["conjecture", "/nonexistent/table.csv"], "/nonexistent/table.csv: no such file"),
        (&["conjecture", "/"], "/ is a directory"),
        (&["table", "spider", "--legs", "0..0"], "holds no graph"),
        (&["table", "spider", "--k", "5", "--legs", "0..0"], "holds no graph"),
        (&["table", "broom", "--handle", "0..0", "--bristles", "0..0"], "holds no graph"),
        (&["table", "caterpillar", "--spine", "1..3", "--leaves", "0..0"], "holds no graph"),
        (&["table", "spider", "--legs", "0..1", "--shard", "4/5"], "--shard 1/3"),
        (&["table", "spider", "--legs", "0..1", "--shard", "0/0"], "does not exist"),
        (&["table", "spider", "--legs", "0..3", "--shard-of-input", "1/2"], "table graphs"),
        (&["table", "spider", "--k", "0", "--legs", "0..3"], "--k 1"),
        (&["table", "path", "--edges", "1..4", "--grid", "--fix", "1"], "drop --fix"),
        (&["table", "spider", "--legs", "0..3", "-o", "/nonexistent/dir/t.json"], "does not exist"),
    ];
    for (args, needle) in cases {
        let o = arrows(args);
        let err = String::from_utf8_lossy(&o.stderr);
        assert_eq!(o.status.code(), Some(2), "{args:?}: {err}");
        assert_eq!(err.lines().count(), 1, "{args:?}: {err}");
        assert!(o.stdout.is_empty(), "{args:?}: {}", String::from_utf8_lossy(&o.stdout));
        assert!(err.contains(needle), "{args:?}: {err}");
        assert!(err.starts_with("error:"), "{args:?}: {err}");
        assert!(!err.contains("panicked"), "{args:?}: {err}");
    }
    let o = arrows_stdin(&["table", "graphs", "-"], "DQc\nnot a graph\n");
    assert_eq!(o.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&o.stderr).contains("line 2"));
    let o = arrows_stdin(&["table", "merge", "-"], "a,b,c,grundy\n0,0,1,1\n");
    assert_eq!(o.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&o.stderr).contains("--format json"));
}

#[test]
fn graphs_from_standard_input_are_named_by_graph6() {
    // P_3, K_1,3 and C_4 as an edge list: the table names each by its graph6.
    let out = ok(&arrows_stdin(&["table", "graphs", "-", "--format", "csv"], "0-1,1-2,2-3\nCs\n0-1,1-2,2-3,3-0\n"));
    let t = format::read(&out).unwrap();
    assert_eq!(t.columns, ["graph6"]);
    assert_eq!(t.rows.len(), 3);
    let one = ok(&arrows(&["graph", "--edges", "0-1,1-2,2-3,3-0", "--json"]));
    let v: serde_json::Value = serde_json::from_str(one.lines().next().unwrap()).unwrap();
    assert_eq!(t.rows[2].key, Key::Graph6(v["graph6"].as_str().unwrap().to_string()));
    assert_eq!(u64::from(t.rows[2].grundy), v["grundy"].as_u64().unwrap());
}

#[test]
fn the_svg_heat_map_is_labelled_and_has_one_cell_per_graph() {
    let svg = ok(&arrows(&["table", "spider", "--legs", "0..12", "--format", "svg", "--fix", "2"]));
    assert!(svg.starts_with("<svg") && svg.trim_end().ends_with("</svg>"));
    assert!(svg.contains("Trimmed Game of Arrows: 3-legged spiders S(a,b,c), legs 0..12, a = 2"));
    assert!(svg.contains("second player wins"));
    assert_eq!(svg.matches("<title>").count(), 13 * 13, "one cell per (b, c)");
    // The cell's tooltip and the table agree.
    let table = format::read(&ok(&arrows(&["table", "spider", "--legs", "0..12", "--format", "csv"]))).unwrap();
    let g = table.rows.iter().find(|r| r.key == Key::Numbers(vec![2, 5, 9])).unwrap().grundy;
    assert!(svg.contains(&format!("<title>a=2, b=5, c=9: grundy {g}</title>")));
    // Small multiples: a panel per value of the first leg.
    let svg = ok(&arrows(&["table", "spider", "--legs", "0..6", "--format", "svg"]));
    assert_eq!(svg.matches("<title>").count(), 7 * 7 * 7 - 1);
}

#[test]
fn summaries_state_hypotheses_with_counts() {
    let text = ok(&arrows(&["table", "spider", "--legs", "0..12", "--summarize"]));
    let csv = ok(&arrows(&["table", "spider", "--legs", "0..12", "--format", "csv"]));
    let table = format::read(&csv).unwrap();
    let even = table.rows.iter().filter(|r| matches!(&r.key, Key::Numbers(v) if v.iter().all(|x| x % 2 == 0))).count();
    assert!(text.contains("none is a theorem"), "{text}");
    // Theorem 12.1, seen as a pattern of the table with the count of its class.
    let claim = "[parity] When every leg is even (a leg of length 0 counts as even), G = 0.\n";
    let at = text.find(claim).unwrap_or_else(|| panic!("{text}"));
    assert!(
        text[at + claim.len()..].starts_with(&format!("    holds in all {even} cases checked, no exception")),
        "{text}"
    );
    // The same from a CSV table on standard input, and as JSON.
    let text = ok(&arrows_stdin(&["conjecture", "-"], &csv));
    assert!(text.contains("rule set not recorded"), "{text}");
    let json = ok(&arrows_stdin(&["conjecture", "-", "--json"], &csv));
    let v: serde_json::Value = serde_json::from_str(&json).unwrap();
    assert!(v["hypotheses"].as_array().unwrap().iter().any(|h| h["topic"] == "parity"));
    // The progress bar stays off when standard error is not a terminal.
    let o = arrows(&["table", "trees", "--edges", "1..7"]);
    assert!(o.status.success() && o.stderr.is_empty());
}

#[test]
fn grids_and_markdown_paste_into_a_paper() {
    let md =
        ok(&arrows(&["table", "broom", "--handle", "0..4", "--bristles", "0..3", "--grid", "--format", "markdown"]));
    let lines: Vec<&str> = md.lines().collect();
    assert!(lines[0].starts_with("| handle \\ bristles |"), "{md}");
    assert!(lines[1].starts_with("| ---") && lines[1].ends_with(": |"), "{md}");
    assert_eq!(lines.len(), 2 + 5);
    // broom(0, 0) is not a graph: a dot.
    assert!(lines[2].starts_with("|                 0 |   . |"), "{md}");
    // Every other cell is the value of that broom in the table.
    let csv = ok(&arrows(&["table", "broom", "--handle", "0..4", "--bristles", "0..3", "--format", "csv"]));
    for r in format::read(&csv).unwrap().rows {
        let Key::Numbers(v) = &r.key else { unreachable!() };
        let cells: Vec<&str> = lines[2 + v[0]].split('|').map(str::trim).collect();
        assert_eq!(cells[2 + v[1]], r.grundy.to_string(), "{md}");
    }
}

#[test]
fn a_sweep_the_engine_refuses_names_its_graph_and_exits_2() {
    // The sweep solves its largest graph first, S(2,...,2) with 100 legs: far past 64 MiB.
    let o = arrows(&["table", "spider", "--legs", "0..2", "--k", "100", "--max-memory", "64M"]);
    let err = String::from_utf8_lossy(&o.stderr);
    assert_eq!(o.status.code(), Some(2), "{err}");
    assert_eq!(err.lines().count(), 1, "{err}");
    assert!(err.starts_with(&format!("error: at S({}), the largest graph", vec!["2"; 100].join(","))), "{err}");
    assert!(o.stdout.is_empty());
}

#[test]
fn unreadable_table_files_are_named_with_their_line() {
    let dir = std::env::temp_dir().join(format!("arrows-unreadable-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let bad = dir.join("bad.csv");
    std::fs::write(&bad, b"a,b,c,grundy\n0,0,1,1\n0,1,\xff,0\n").unwrap();
    let typo = dir.join("typo.csv");
    std::fs::write(&typo, "a,b,c,grundy\n0,0,1,1\n0,1,x,0\n").unwrap();
    for (file, needle) in [(&bad, ", line 3: not UTF-8"), (&typo, ", line 3: cannot read the number \"x\"")] {
        let path = file.to_string_lossy().into_owned();
        let o = arrows(&["conjecture", &path]);
        let err = String::from_utf8_lossy(&o.stderr);
        assert_eq!(o.status.code(), Some(2), "{err}");
        assert_eq!(err.lines().count(), 1, "{err}");
        assert!(err.starts_with(&format!("error: {path}{needle}")), "{err}");
    }
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn merge_refuses_an_edited_shard_and_names_its_file() {
    let dir = std::env::temp_dir().join(format!("arrows-edited-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let files: Vec<String> =
        (1..=2).map(|i| dir.join(format!("part{i}.json")).to_string_lossy().into_owned()).collect();
    for (i, file) in files.iter().enumerate() {
        let shard = format!("{i}/2");
        ok(&arrows(&["table", "spider", "--legs", "0..6", "--shard", &shard, "--format", "json", "-o", file]));
    }
    // The shard records its sweep as data, and a checksum; no command line.
    let text = std::fs::read_to_string(&files[1]).unwrap();
    let head: serde_json::Value = serde_json::from_str(&text).unwrap();
    assert_eq!(head["family"]["family"], "spider");
    assert_eq!(head["family"]["legs"], serde_json::json!(["0..6", "0..6", "0..6"]));
    assert_eq!(head["variant"].as_str(), Some("trimmed"));
    assert_eq!(head["shard"], serde_json::json!({"residue": 1, "modulus": 2}));
    assert!(head["checksum"].as_str().unwrap().starts_with("sha256:"));
    assert!(head.get("command").is_none());
    ok(&arrows(&["table", "merge", &files[0], &files[1]]));
    // One value changed, the number of rows kept: refused, naming the file.
    let row = text.lines().find(|l| l.ends_with("\"grundy\":0},")).unwrap();
    std::fs::write(&files[1], text.replacen(row, &row.replace("\"grundy\":0", "\"grundy\":3"), 1)).unwrap();
    let o = arrows(&["table", "merge", &files[0], &files[1]]);
    let err = String::from_utf8_lossy(&o.stderr);
    assert_eq!(o.status.code(), Some(2), "{err}");
    assert_eq!(err.lines().count(), 1, "{err}");
    assert!(err.starts_with(&format!("error: {}: the table was changed after it was written", files[1])), "{err}");
    assert!(o.stdout.is_empty());
    // Shards of two sweeps: both command lines are shown.
    ok(&arrows(&[
        "table",
        "spider",
        "--legs",
        "0..6",
        "--untrimmed",
        "--shard",
        "1/2",
        "--format",
        "json",
        "-o",
        &files[1],
    ]));
    let err = String::from_utf8_lossy(&arrows(&["table", "merge", &files[0], &files[1]]).stderr).into_owned();
    assert!(
        err.contains(
            "`arrows table spider --legs 0..6 --untrimmed --shard 1/2` vs `arrows table spider --legs 0..6 --shard 0/2`"
        ),
        "{err}"
    );
    std::fs::remove_dir_all(&dir).unwrap();
}

/// Runs `arrows` with `args`, sends it Ctrl-C (SIGINT) after `after`, and
/// returns its exit code and standard error.
fn interrupted(args: &[&str], after: std::time::Duration) -> (Option<i32>, String) {
    use std::process::{Command, Stdio};
    let child = Command::new(env!("CARGO_BIN_EXE_arrows"))
        .args(args)
        .stdout(Stdio::null())
        .stderr(Stdio::piped())
        .spawn()
        .expect("the binary runs");
    std::thread::sleep(after);
    let sent = Command::new("kill").args(["-INT", &child.id().to_string()]).status().expect("kill runs");
    assert!(sent.success());
    let o = child.wait_with_output().unwrap();
    (o.status.code(), String::from_utf8_lossy(&o.stderr).into_owned())
}

#[test]
fn ctrl_c_stops_a_sweep_with_exit_code_130() {
    // Legs up to 80: about 92,000 spiders, many seconds of work.
    let (code, err) = interrupted(&["table", "spider", "--legs", "0..80"], std::time::Duration::from_millis(1500));
    assert_eq!(code, Some(130), "{err}");
    assert_eq!(err.lines().count(), 1, "{err}");
    assert!(err.starts_with("error: interrupted"), "{err}");
}

#[test]
fn the_committed_rare_trees_past_16_edges_agree_with_brute_force() {
    // experiments/trees/rare-RULES-E.csv: every tree with E edges whose
    // value is at least 2, from the sharded sweep of large.sh. Each listed
    // value is recomputed by the brute-force engine: the first 3 of each
    // file and its largest value, and every row of every file with
    // ARROWS_RARE_TREES=all (a trimmed tree with 17 or 18 edges takes the
    // brute-force engine 1 to 3 s in a release build, so the 942 trimmed
    // rows take about half an hour; the Game of Arrows rows, whose trimmings
    // are small, a fraction of a second each).
    let all = std::env::var("ARROWS_RARE_TREES").is_ok_and(|v| v == "all");
    for (rules, variant, edges) in [
        ("untrimmed", Variant::Untrimmed, 17),
        ("untrimmed", Variant::Untrimmed, 18),
        ("untrimmed", Variant::Untrimmed, 19),
        ("untrimmed", Variant::Untrimmed, 20),
        ("trimmed", Variant::Trimmed, 17),
        ("trimmed", Variant::Trimmed, 18),
    ] {
        let path = experiment_dir("trees").join(format!("rare-{rules}-{edges}.csv"));
        let table = format::read(&std::fs::read_to_string(&path).unwrap()).unwrap();
        assert!(!table.rows.is_empty());
        let largest = table.rows.iter().max_by_key(|r| r.grundy).expect("a row");
        let rows: Vec<_> = if all {
            table.rows.iter().collect()
        } else {
            table.rows.iter().take(3).chain(std::iter::once(largest)).collect()
        };
        for row in rows {
            assert!(row.grundy >= 2, "{}", row.key);
            let g = graph_of(&row.key, &table.columns, None).unwrap();
            assert_eq!(g.edge_count(), edges, "{}", row.key);
            assert!(g.is_connected() && g.vertex_count() == edges + 1, "{} is not a tree", row.key);
            let start = Decoration::empty(g.edge_count());
            let brute = BruteForce::new(
                arrows_core::Position::new(&g, variant, &start),
                &arrows_work::Control::new(arrows_work::Budget::bytes(2 << 30)),
            )
            .unwrap()
            .start_grundy()
            .unwrap();
            assert_eq!(row.grundy, brute, "{}: {}", path.display(), row.key);
        }
    }
}
