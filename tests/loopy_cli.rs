//! `arrows loopy` end to end: the built binary, its table and JSON output,
//! the seed claims it reproduces, and its errors on bad input.

use serde_json::Value;
use std::process::Output;

mod support;

fn arrows(args: &[&str], stdin: Option<&str>) -> Output {
    support::binary::run_with_stdin(args, stdin.unwrap_or(""))
}

fn ok(args: &[&str], stdin: Option<&str>) -> String {
    let out = arrows(args, stdin);
    assert!(out.status.success(), "{args:?}: {}", String::from_utf8_lossy(&out.stderr));
    String::from_utf8(out.stdout).unwrap()
}

fn json_lines(text: &str) -> Vec<Value> {
    text.lines().map(|l| serde_json::from_str(l).expect("one JSON object per line")).collect()
}

/// Exit code 2, one line on standard error naming the problem, no panic.
fn bad(args: &[&str], stdin: Option<&str>, needle: &str) {
    let out = arrows(args, stdin);
    let err = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(2), "{args:?}: {err}");
    assert!(!err.contains("panicked"), "{args:?}: {err}");
    assert!(err.contains(needle), "{args:?}: expected '{needle}' in: {err}");
    if err.starts_with("error: ") && !err.contains("Usage:") {
        assert_eq!(err.trim_end().lines().count(), 1, "{args:?}: {err}");
    }
}

const BUTLER: &str = "\
M
A1 M
R1 A1
G M
T R1 G
I M A1 T
N1 I T
A2 N1 G
R2 A2
D R2
N2 D E
E A1 N2
R3 N1 T
9 E R2 D
1 N2 N1 A1 T I
";

#[test]
fn list_names_every_game() {
    let out = ok(&["loopy", "--list"], None);
    for name in [
        "subtraction",
        "nim",
        "at-least-half",
        "at-most-half",
        "divisor",
        "aliquot",
        "square-but-one",
        "square-but-one-odd",
        "put-or-take-a-square",
        "tribulations",
        "rectangle",
        "empty-and-divide",
        "fair-shares",
        "nimble",
        "turning-turtles",
        "policeman",
        "cop-win",
        "digraph",
        "sum",
    ] {
        assert!(out.lines().any(|l| l.split_whitespace().next() == Some(name)), "{name} missing from --list");
    }
}

#[test]
fn square_but_one_json() {
    let rows = json_lines(&ok(&["loopy", "square-but-one", "--upto", "60", "--json"], None));
    assert_eq!(rows.len(), 61);
    let square = |n: u64| n > 0 && n.isqrt().pow(2) == n;
    for row in rows {
        let n: u64 = row["position"].as_str().unwrap().parse().unwrap();
        let expected = if n == 0 || n == 5 {
            "P"
        } else if square(n) || (n > 5 && square(n - 5)) {
            "N"
        } else {
            "D"
        };
        assert_eq!(row["outcome"], expected, "{n}");
        assert_eq!(row["remoteness"].is_null(), expected == "D");
        assert_eq!(row["exact"], true);
        assert!(row["gamma"].is_u64() || row["gamma"]["infinity"].is_array());
    }
}

#[test]
fn table_is_aligned() {
    let out = ok(&["loopy", "square-but-one", "--upto", "12"], None);
    let lines: Vec<&str> = out.lines().collect();
    let header = lines.iter().position(|l| l.starts_with("position")).unwrap();
    let col = lines[header].find("gamma").unwrap();
    for line in &lines[header + 1..header + 14] {
        let before: String = line.chars().take(col).collect();
        assert!(before.ends_with("  "), "misaligned: {line}");
    }
    assert!(out.contains("P (2): 0 5"));
    assert!(out.contains("∞{1}"));
}

#[test]
fn subtraction_1_3_4_values() {
    let rows = json_lines(&ok(&["loopy", "subtraction", "--set", "1,3,4", "--upto", "13", "--json"], None));
    let gamma: Vec<u64> = rows.iter().map(|r| r["gamma"].as_u64().unwrap()).collect();
    assert_eq!(gamma, vec![0, 1, 0, 1, 2, 3, 2, 0, 1, 0, 1, 2, 3, 2]);
}

#[test]
fn put_or_take_92_and_rectangle_grid() {
    let rows = json_lines(&ok(&["loopy", "put-or-take-a-square", "--at", "92", "--json"], None));
    assert_eq!(rows[0]["remoteness"], 11);
    assert_eq!(rows[0]["outcome"], "N");
    let grid = ok(&["loopy", "rectangle", "--upto", "5", "--grid"], None);
    assert!(grid.contains("\n5  0 1 2 0 1 0\n"), "{grid}");
}

#[test]
fn digraph_from_stdin_and_sums() {
    let rows = json_lines(&ok(&["loopy", "digraph", "-", "--json"], Some(BUTLER)));
    let e = rows.iter().find(|r| r["position"] == "E").unwrap();
    assert_eq!(e["outcome"], "D");
    assert_eq!(e["gamma"]["infinity"], serde_json::json!([1]));
    let path = std::env::temp_dir().join(format!("arrows-loopy-butler-{}.txt", std::process::id()));
    std::fs::write(&path, BUTLER).unwrap();
    let file = path.to_str().unwrap();
    let draw: Value =
        serde_json::from_str(&ok(&["loopy", "sum", "--digraph", file, "E", "R2", "I", "--json"], None)).unwrap();
    assert_eq!(draw["gamma"]["infinity"], serde_json::json!([2]));
    assert_eq!(draw["outcome"], "D");
    let win: Value =
        serde_json::from_str(&ok(&["loopy", "sum", "--digraph", file, "E", "A2", "I", "--verify", "--json"], None))
            .unwrap();
    assert_eq!(win["outcome"], "N");
    assert_eq!(win["move"]["to"], "A1");
    assert!(win["verified_positions"].as_u64().unwrap() > 0);
    let mixed = ok(&["loopy", "sum", "square-but-one:7", "subtraction:9", "--set", "1,3,4", "--verify"], None);
    assert!(mixed.contains("verified on the product digraph"), "{mixed}");
    std::fs::remove_file(path).ok();
}

#[test]
fn bad_input_is_one_line_and_exit_2() {
    bad(&["loopy", "subtraction", "--set", "0,2"], None, "positive");
    bad(&["loopy", "subtraction", "--set", "1,x"], None, "--set");
    bad(&["loopy", "nim", "--at", "3,x"], None, "heap size");
    bad(&["loopy", "square-but-one", "--at", "10", "--bound", "5"], None, "--bound");
    bad(&["loopy", "digraph", "/nonexistent/file"], None, "cannot read");
    bad(&["loopy", "digraph", "-"], Some("digraph { a -> }"), "line 1");
    bad(&["loopy", "sum", "nosuchgame:3"], None, "--list");
    bad(&["loopy", "sum", "subtraction:3"], None, "--set");
    bad(&["loopy", "nim", "--upto", "100000", "--max-positions", "1000"], None, "--max-positions");
    bad(&["loopy", "turning-turtles", "--length", "40"], None, "at most 16");
    bad(&["loopy", "rectangle", "--at", "5"], None, "AxB");
    bad(&["loopy", "fair-shares", "--almonds", "6", "--at", "1,2"], None, "almonds");
    bad(&["loopy", "policeman", "-"], Some("P..\n..."), "T");
}
