//! The `arrows` binary from the outside: answers, JSON, and errors.

use crate::support::binary::{run as arrows, run_with_stdin as arrows_stdin};
use std::process::Output;

fn stdout(o: &Output) -> String {
    String::from_utf8(o.stdout.clone()).unwrap()
}

fn json_lines(o: &Output) -> Vec<serde_json::Value> {
    stdout(o).lines().map(|l| serde_json::from_str(l).expect("one JSON object per line")).collect()
}

/// The JSON report without the fields that vary from run to run.
fn stable(mut v: serde_json::Value) -> serde_json::Value {
    v.as_object_mut().unwrap().remove("time_ms");
    v.as_object_mut().unwrap().remove("peak_memory_bytes");
    v
}

#[test]
fn spider_4_6_8_is_a_second_player_win() {
    // Theorem 12.1 (even legs, trimmed); the engines_agree tests confirm the
    // value and the moves by brute force.
    let o = arrows(&["spider", "4", "6", "8"]);
    assert!(o.status.success());
    let text = stdout(&o);
    assert!(text.contains("grundy value   0"), "{text}");
    assert!(text.contains("second player wins"), "{text}");
    assert!(text.contains("Trimmed Game of Arrows"), "{text}");
}

#[test]
fn json_report_of_every_engine() {
    for engine in ["canonical", "brute", "explicit"] {
        let o = arrows(&["spider", "3", "3", "3", "--json", "--engine", engine]);
        assert!(o.status.success(), "{engine}: {}", String::from_utf8_lossy(&o.stderr));
        let v = &json_lines(&o)[0];
        assert_eq!(v["engine"], engine);
        assert_eq!(v["variant"], "trimmed");
        assert_eq!(v["edges"], 9);
        assert!(v["grundy"].is_u64() && v["time_ms"].is_f64());
        assert_eq!(v["winner"], if v["grundy"] == 0 { "second" } else { "first" });
    }
    // The three engines agree on the whole report but for timing and work counts.
    let reports: Vec<serde_json::Value> = ["canonical", "brute", "explicit"]
        .iter()
        .map(|e| {
            let mut v = stable(json_lines(&arrows(&["spider", "3", "3", "3", "--json", "--engine", e]))[0].clone());
            for k in ["engine", "solved", "memo_hits"] {
                v.as_object_mut().unwrap().remove(k);
            }
            v
        })
        .collect();
    assert_eq!(reports[0], reports[1]);
    assert_eq!(reports[0], reports[2]);
    let mut snapshot = reports[0].clone();
    snapshot.as_object_mut().unwrap().insert("engine".into(), "all three agree".into());
    insta::assert_json_snapshot!("spider_3_3_3", snapshot);
}

#[test]
fn untrimmed_and_states() {
    let o = arrows(&["spider", "5", "5", "7", "--untrimmed", "--json"]);
    let v = &json_lines(&o)[0];
    assert_eq!(v["variant"], "untrimmed");
    // Corollary of Section 12: odd legs, Game of Arrows, second player wins.
    assert_eq!(v["grundy"], 0);
    let o = arrows(&["path", "4", "--state", "0>1", "--json"]);
    let v = &json_lines(&o)[0];
    assert_eq!(v["state"], "0>1");
    // A twig T_3 has value 3 (Proposition 5.4, checked by brute force in tests/paths.rs).
    assert_eq!(v["grundy"], 3);
}

#[test]
fn graphs_from_standard_input_one_report_per_line() {
    let o = arrows_stdin(&["graph", "-", "--json"], "# P_1, a tree, and a graph6 line\n:An\n0-1,1-2,1-3,3-4\nDQc\n");
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    let lines = json_lines(&o);
    assert_eq!(lines.len(), 3);
    assert_eq!(lines[0]["edges"], 1);
    assert_eq!(lines[0]["graph6"], "A_");
    // Each report names the line it came from, in JSON as in text.
    assert_eq!(lines[0]["input_line"], 2, "{:?}", lines[0]);
    assert_eq!(lines[2]["input_line"], 4);
    assert_eq!(lines[2]["graph6"], "DQc");
}

#[test]
fn trim_prints_the_trimmed_graph() {
    let o = arrows(&["trim", "spider", "1", "1", "5", "--json"]);
    let v = &json_lines(&o)[0];
    // trim(S(1,1,5)) is a single path of 4 edges (docs/paper/statements.md, Section F.2).
    assert_eq!(v["trimmed_edges"], 4);
    let text = stdout(&arrows(&["trim", "path", "2"]));
    assert!(text.contains("empty"), "{text}");
}

/// Every bad input: exit code 2, one line on stderr, nothing that looks like a panic.
#[test]
fn bad_input_is_one_line_and_exit_code_2() {
    let cases: &[&[&str]] = &[
        &["spider", "0", "0"],
        &["spider", "x"],
        &["spider", "-1", "2"],
        &["path", "0"],
        &["graph", "--edges", "0-1,1-1"],
        &["graph", "--edges", "0-1,0-1"],
        &["graph", "--edges", "0-1,5-1000000000000"],
        &["graph", "--edges", "0-1,1-x"],
        &["graph", "--graph6", "DQ"],
        &["graph", "--graph6", "&An"],
        &["graph"],
        &["graph", "/no/such/file"],
        &["spider", "2", "2", "--state", "0>5"],
        &["spider", "2", "2", "--state", "1>0,1>2"],
        &["spider", "2", "2", "--state", "0>1,1>0"],
        &["spider", "10", "10", "10", "--engine", "brute"],
        &["spider", "4", "--max-memory", "12Q"],
    ];
    for args in cases {
        let o = arrows(args);
        let err = String::from_utf8_lossy(&o.stderr);
        assert_eq!(o.status.code(), Some(2), "{args:?}: {err}");
        let first = err.lines().next().unwrap_or("");
        assert!(first.starts_with("error"), "{args:?}: {err}");
        assert!(!err.contains("panicked"), "{args:?}: {err}");
        // Ours and clap's alike: one line.
        assert_eq!(err.lines().count(), 1, "{args:?}: {err}");
    }
    let o = arrows(&["graph", "--edges", "0-1,5-1000000000000"]);
    let err = String::from_utf8_lossy(&o.stderr);
    assert!(err.contains("1,000,000,000,001 vertices is past the limit of 2,000,000 vertices"), "{err}");
    let o = arrows(&["spider", "-1", "2"]);
    let err = String::from_utf8_lossy(&o.stderr);
    assert!(err.contains("leg lengths are non-negative integers"), "{err}");
    // Games past an engine's reach are refused up front, naming the way out.
    for (args, needle) in [
        (
            &["spider", "10", "10", "10", "--engine", "brute"][..],
            "30 unmarked edges, but the brute engine takes at most 28; use --engine canonical",
        ),
        (&["spider", "100", "100", "100", "--max-memory", "10M"], "raise --max-memory"),
        (&["spider", "10", "10", "10", "--engine", "explicit", "--max-memory", "50M"], "use --engine canonical"),
    ] {
        let o = arrows(args);
        let err = String::from_utf8_lossy(&o.stderr);
        assert_eq!(o.status.code(), Some(2), "{args:?}: {err}");
        assert_eq!(err.trim_end().lines().count(), 1, "{err}");
        assert!(err.contains(needle), "{args:?}: {err}");
    }
    let o = arrows_stdin(&["graph", "-"], "0-1\n0-1,1-2\nnot a graph!\n");
    let err = String::from_utf8_lossy(&o.stderr);
    assert!(err.contains("line 3"), "{err}");
    assert_eq!(o.status.code(), Some(2));
}

/// Isolated vertices take no part in the game: a graph with a gap in its
/// numbering has the value and the moves of the same graph numbered without
/// the gap, and the report says how many vertices it ignored.
#[test]
fn isolated_vertices_are_ignored_and_reported() {
    let gap = arrows(&["graph", "--edges", "0-1,1-2,2-3,5-6,6-7", "--json"]);
    let none = arrows(&["graph", "--edges", "0-1,1-2,2-3,4-5,5-6", "--json"]);
    let (gap, none) = (&json_lines(&gap)[0], &json_lines(&none)[0]);
    assert_eq!(gap["isolated_vertices"], 1);
    assert!(none.get("isolated_vertices").is_none());
    assert_eq!(
        (gap["grundy"].clone(), gap["move_count"].clone()),
        (none["grundy"].clone(), none["move_count"].clone())
    );
    assert_ne!(gap["grundy"], 0, "a first-player win, so that the winning moves below are compared");
    let text = stdout(&arrows(&["graph", "--edges", "0-1,1-2,2-3,5-6,6-7"]));
    assert!(text.contains("1 isolated vertex ignored"), "{text}");
    // The moves keep the input's numbering: the edges 5-6, 6-7 of one are the edges 4-5, 5-6 of the other.
    let renumber = |m: &serde_json::Value| -> String {
        let (t, h) = m.as_str().unwrap().split_once('>').unwrap();
        let shift = |v: &str| v.parse::<usize>().map(|v| if v >= 5 { v - 1 } else { v }).unwrap();
        format!("{}>{}", shift(t), shift(h))
    };
    let moved: Vec<String> = gap["winning_moves"].as_array().unwrap().iter().map(renumber).collect();
    let want: Vec<String> =
        none["winning_moves"].as_array().unwrap().iter().map(|m| m.as_str().unwrap().into()).collect();
    assert_eq!(moved, want);
}

/// Straight from `nauty-geng 3`: the graphs on three vertices, the first
/// with no edge and the second with an isolated vertex. Each is answered;
/// the edgeless one is a position with no move (value 0), the others agree
/// with the path or cycle they are once their isolated vertices are set aside.
#[test]
fn graphs_from_geng_with_isolated_vertices_and_no_edges() {
    let o = arrows_stdin(&["graph", "-", "--json"], "B?\nBO\nBW\nBw\n");
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    let lines = json_lines(&o);
    assert_eq!(lines.len(), 4);
    assert_eq!((lines[0]["edges"].as_u64(), lines[0]["move_count"].as_u64()), (Some(0), Some(0)));
    assert_eq!((lines[0]["grundy"].as_u64(), lines[0]["isolated_vertices"].as_u64()), (Some(0), Some(3)));
    assert_eq!(lines[1]["isolated_vertices"], 1);
    for (line, family) in [(1, ["path", "1"]), (2, ["path", "2"]), (3, ["cycle", "3"])] {
        let p = &json_lines(&arrows(&[family[0], family[1], "--json"]))[0];
        assert_eq!(lines[line]["grundy"], p["grundy"], "line {line}");
        assert_eq!(lines[line]["move_count"], p["move_count"], "line {line}");
    }
}

/// Every graph on four vertices, as `nauty-geng 4` prints them (the first
/// edgeless, several with isolated vertices): the three engines agree on
/// each under both rule sets, and every answer comes with its line.
#[test]
fn every_graph_on_four_vertices_from_geng_agrees_across_engines() {
    let geng = "C?\nCC\nCE\nCF\nCQ\nCU\nCT\nCV\nC]\nC^\nC~\n";
    for variant in [&[][..], &["--untrimmed"][..]] {
        let values: Vec<Vec<serde_json::Value>> = ["canonical", "brute", "explicit"]
            .iter()
            .map(|engine| {
                let args = [&["graph", "-", "--json", "--engine", engine][..], variant].concat();
                let o = arrows_stdin(&args, geng);
                assert!(o.status.success(), "{args:?}: {}", String::from_utf8_lossy(&o.stderr));
                json_lines(&o).iter().map(|v| v["grundy"].clone()).collect()
            })
            .collect();
        assert_eq!(values[0].len(), 11);
        assert_eq!(values[0], values[1], "{variant:?}");
        assert_eq!(values[0], values[2], "{variant:?}");
    }
}

/// Counted nouns agree with their numbers, and large graphs are written in sparse6.
#[test]
fn counts_read_as_sentences() {
    let text = stdout(&arrows(&["path", "2"]));
    assert!(text.contains("(3 vertices, 2 edges)"), "{text}");
    let text = stdout(&arrows(&["path", "1"]));
    assert!(text.contains("(2 vertices, 1 edge)"), "{text}");
    assert!(!text.contains("1 edges") && !text.contains("1 moves"), "{text}");
    let v = &json_lines(&arrows(&["path", "1000", "--json"]))[0];
    assert!(v["sparse6"].as_str().is_some_and(|s| s.starts_with(':')), "{v}");
    assert!(v.get("graph6").is_none(), "{v}");
}

/// The Game of Cycles from every source of cells (a family, --cells,
/// --positions, a board file) gives the same report, and brute force and
/// the explicit engine agree on it, under both plays; the report is pinned
/// once cross-checked.
#[test]
fn game_of_cycles_reports_from_every_source_of_cells() {
    // The fan with 3 path vertices: hub 0, path 1-2-3, cells 0-1-2 and 0-2-3.
    let edges = ["--edges", "1-2,2-3,0-1,0-2,0-3"];
    let sources: [Vec<&str>; 3] = [
        vec!["fan", "3"],
        [&["graph"][..], &edges, &["--cells", "0-1-2;0-2-3"]].concat(),
        [&["graph"][..], &edges, &["--positions", "0:1,1;1:0,0;2:1,0;3:2,0"]].concat(),
    ];
    for play in [None, Some("--misere")] {
        let mut reports = Vec::new();
        for source in &sources {
            for engine in ["brute", "explicit"] {
                let mut args = source.clone();
                args.extend(["--cycles", "--json", "--engine", engine]);
                args.extend(play);
                let o = arrows(&args);
                assert!(o.status.success(), "{args:?}: {}", String::from_utf8_lossy(&o.stderr));
                let mut v = stable(json_lines(&o)[0].clone());
                for k in ["graph", "engine", "solved", "memo_hits"] {
                    v.as_object_mut().unwrap().remove(k);
                }
                reports.push(v);
            }
        }
        assert!(reports.iter().all(|r| *r == reports[0]), "{reports:#?}");
        insta::assert_json_snapshot!(format!("fan_3_cycles_{}", play.map_or("normal", |_| "misere")), reports[0]);
    }
}

/// A started Game of Cycles: a completable cell is won at once (no Grundy
/// value, the completing moves), a completed one is over.
#[test]
fn game_of_cycles_from_started_states() {
    let o = arrows(&["cycle", "4", "--cycles", "--state", "0>1,1>2,2>3", "--json"]);
    let v = &json_lines(&o)[0];
    assert!(v["grundy"].is_null(), "{v}");
    assert_eq!(v["winner"], "first");
    assert_eq!(v["winning_moves"], serde_json::json!(["3>0"]));
    let o = arrows(&["cycle", "4", "--cycles", "--state", "0>1,1>2,2>3,3>0", "--json"]);
    let v = &json_lines(&o)[0];
    assert_eq!((v["grundy"].as_u64(), v["winner"].as_str()), (Some(0), Some("second")), "{v}");
    let o = arrows(&["cycle", "4", "--cycles", "--misere", "--state", "0>1,1>2,2>3,3>0", "--json"]);
    let v = &json_lines(&o)[0];
    assert_eq!((v["grundy"].as_u64(), v["winner"].as_str()), (Some(1), Some("first")), "{v}");
    assert_eq!(v["play"], "misere");
    let text = stdout(&arrows(&["board", concat!(env!("CARGO_MANIFEST_DIR"), "/tests/data/boards/square.txt")]));
    assert!(text.contains("Game of Cycles, normal play, 1 cell") && text.contains("second player wins"), "{text}");
}
