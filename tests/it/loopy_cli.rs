//! `arrows loopy` end to end: the built binary, its table and JSON output,
//! the seed claims it reproduces, and its errors on bad input.

use serde_json::Value;
use std::process::Output;

fn arrows(args: &[&str], stdin: Option<&str>) -> Output {
    crate::support::binary::run_with_stdin(args, stdin.unwrap_or(""))
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

/// `--list` shows every game of the library's catalog, with its description,
/// and sums.
#[test]
fn list_names_every_game() {
    let out = ok(&["loopy", "--list"], None);
    let first = |l: &str| l.split_whitespace().next().map(str::to_string);
    let listed: Vec<String> = out.lines().filter_map(first).collect();
    let mut expected: Vec<String> = arrows_loopy::catalog::GAMES.iter().map(|g| g.name.to_string()).collect();
    expected.push("sum".into());
    assert_eq!(listed, expected);
    for game in arrows_loopy::catalog::GAMES {
        assert!(out.lines().any(|l| l.starts_with(game.name) && l.ends_with(game.about)), "{}", game.name);
    }
}

/// Every game of the catalog runs from the command line on the example
/// position the catalog gives, and its `--help` names the game.
#[test]
fn every_game_of_the_catalog_runs() {
    for game in arrows_loopy::catalog::GAMES {
        let help = ok(&["loopy", game.name, "--help"], None);
        assert!(help.contains(game.about), "{}", game.name);
        let Some((_, example)) = game.position.split_once("e.g. ") else {
            continue;
        };
        let mut args = vec!["loopy", game.name, "--at", example];
        match game.name {
            "subtraction" => args.extend(["--set", "1,3,4"]),
            "fair-shares" => args.extend(["--almonds", "6"]),
            "policeman" | "cop-win" | "digraph" => continue,
            _ => {}
        }
        let rows = json_lines(&ok(&[&args[..], &["--json"]].concat(), None));
        assert_eq!(rows.len(), 1, "{args:?}");
        assert_eq!(rows[0]["position"].as_str().map(|p| p.replace('x', ",")), Some(example.replace('x', ",")));
    }
}

/// The examples in the help texts are commands that run.
#[test]
fn help_examples_run() {
    let mut helps = vec![ok(&["loopy", "--help"], None), ok(&["loopy", "sum", "--help"], None)];
    for game in arrows_loopy::catalog::GAMES {
        helps.push(ok(&["loopy", game.name, "--help"], None));
    }
    let mut ran = 0;
    for help in &helps {
        for line in help.lines().filter(|l| !l.starts_with("Usage:")) {
            let Some(at) = line.find("arrows loopy ") else { continue };
            let command = line[at..].split("  ").next().unwrap();
            let command = command.split(" (").next().unwrap().trim_end_matches(['.', ')']);
            let args: Vec<&str> = command.split_whitespace().skip(1).collect();
            let out = crate::support::binary::run(&args);
            assert!(out.status.success(), "{command}: {}", String::from_utf8_lossy(&out.stderr));
            ran += 1;
        }
    }
    assert!(ran >= 20, "{ran} examples");
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
    assert!(mixed.contains("verified on the product digraph (80 positions): same value"), "{mixed}");
    let pairs = ok(&["loopy", "empty-and-divide", "--at", "5x5", "--at", "3,5"], None);
    assert!(pairs.contains("\n5,5  ") && pairs.contains("\n3,5  "), "{pairs}");
    std::fs::remove_file(path).ok();
}

#[test]
fn bad_input_is_one_line_and_exit_2() {
    bad(&["loopy", "subtraction", "--set", "0,2"], None, "positive");
    bad(&["loopy", "subtraction", "--set", "1,x"], None, "--set");
    bad(&["loopy", "nim", "--at", "3,x"], None, "heap size");
    bad(&["loopy", "square-but-one", "--at", "10", "--bound", "5"], None, "--bound");
    bad(&["loopy", "digraph", "/nonexistent/file"], None, "cannot open /nonexistent/file: no such file");
    bad(&["loopy", "digraph", "-"], Some("digraph { a -> }"), "line 1");
    bad(&["loopy", "sum", "nosuchgame:3"], None, "--list");
    bad(&["loopy", "sum", "subtraction:3"], None, "--set");
    bad(&["loopy", "nim", "--upto", "100000", "--max-positions", "1000"], None, "--max-positions");
    bad(&["loopy", "turning-turtles", "--length", "40"], None, "at most 16");
    bad(&["loopy", "rectangle", "--at", "5"], None, "AxB");
    bad(&["loopy", "fair-shares", "--almonds", "6", "--at", "1,2"], None, "almonds");
    bad(&["loopy", "policeman", "-"], Some("P..\n..."), "T");
    bad(&["loopy", "sum", "subtraction:3", "--set", "1,x"], None, "--set");
    bad(&["loopy", "sum", "tribulations:5", "--bound", "3"], None, "--bound");
    bad(&["loopy", "sum", "policeman:3"], None, "sum");
}

/// A loopy game digraph is directed: an undirected DOT graph is refused in
/// one line that says what to write, never read as 2-cycles. Cop-win, on
/// undirected graphs, reads it.
#[test]
fn undirected_dot_is_refused_for_games_and_read_for_cop_win() {
    let path = "graph G {\n  a -- b;\n}\n";
    bad(&["loopy", "digraph", "-"], Some(path), "line 1, column 1: a game digraph is directed");
    bad(&["loopy", "digraph", "-"], Some(path), "write 'digraph' and '->'");
    bad(&["loopy", "sum", "--digraph", "-", "a"], Some(path), "write 'digraph'");
    let out = ok(&["loopy", "cop-win", "-", "--play"], Some("graph { a -- b; b -- c; }"));
    assert!(out.contains("3 vertices: cop-win") && out.contains("by play: cop-win"), "{out}");
}

/// Games far too large for memory are refused before any work, in one line
/// that names the positions and bytes they need and the budget: Nim on 100
/// heaps (2^100 positions; this grew to 9 GB and took 80 s) and on
/// 1000,1000,1000 (about 10^9 positions).
#[test]
fn games_past_the_budget_are_refused_with_their_size() {
    let hundred = vec!["1"; 100].join(",");
    bad(&["loopy", "nim", "--at", &hundred], None, "more than 1.8e19 positions");
    bad(&["loopy", "nim", "--at", &hundred], None, "past the memory budget of");
    let big = ["loopy", "nim", "--at", "1000,1000,1000", "--max-memory", "64M"];
    bad(&big, None, "for at least 1,003,003,001 positions and at least 1,504,504,501,500 moves");
    bad(&big, None, "past the memory budget of 64.0 MiB; list fewer or smaller positions, or raise --max-memory");
    // Within the budget the same command works, and a budget too small for
    // what the default budget allows refuses it.
    let rows = json_lines(&ok(&["loopy", "nim", "--at", "10,10,10", "--max-memory", "64M", "--json"], None));
    assert_eq!(rows[0]["outcome"], "N");
    bad(&["loopy", "fair-shares", "--almonds", "40", "--max-memory", "1M"], None, "past the memory budget of 1.0 MiB");
    bad(&["loopy", "subtraction", "--set", "1", "--upto", "1000000", "--max-memory", "4M"], None, "--max-memory");
}

/// A game whose size shows only as it is explored is stopped when its
/// tables would outgrow the budget: Nimble from three coins on 1000 has
/// about 1.7 * 10^8 positions, of which it knows only 1001 at the start.
#[test]
fn a_growing_exploration_stops_at_the_budget() {
    let out = arrows(&["loopy", "nimble", "--at", "1000,1000,1000", "--max-memory", "8M"], None);
    let err = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(2), "{err}");
    assert!(err.contains("past the memory budget of 8.0 MiB"), "{err}");
    assert!(!err.contains("1,001 positions"), "refused on what was explored, not the hint: {err}");
}
