//! What a new user meets first: short `-h`, a line of advice for the
//! usual slips, wording that does not read as a failure.

use crate::support::binary::{run, run_with_stdin, success};

fn refusal(args: &[&str]) -> String {
    let out = run(args);
    assert_eq!(out.status.code(), Some(2), "{args:?}");
    let err = String::from_utf8(out.stderr).unwrap();
    assert_eq!(err.lines().count(), 1, "{err}");
    err
}

/// `-h` gives one line a flag (clap's summary), `--help` the paragraphs.
#[test]
fn short_help_is_one_line_a_flag() {
    for command in ["spider", "graph", "play", "board", "serve", "check", "table spider", "table graphs"] {
        let mut args: Vec<&str> = command.split(' ').collect();
        args.push("-h");
        let out = std::process::Command::new(env!("CARGO_BIN_EXE_arrows"))
            .args(&args)
            .env("COLUMNS", "120")
            .output()
            .unwrap();
        let text = String::from_utf8(out.stdout).unwrap();
        let options = text.split("Options:").nth(1).unwrap_or_else(|| panic!("{command}: {text}"));
        let mut flag_lines = 0;
        for line in options.lines().take_while(|l| !l.is_empty()) {
            if line.trim_start().starts_with('-') {
                flag_lines = 1;
            } else {
                flag_lines += 1;
                // A wrapped summary takes at most a second line (possible values included).
                assert!(flag_lines <= 2, "{command} -h: a flag's help runs on: {line:?}\n{text}");
            }
        }
        let long = run(&[&args[..args.len() - 1], &["--help"]].concat());
        assert!(long.stdout.len() > text.len(), "{command}: --help says more than -h");
    }
}

#[test]
fn a_graph_where_its_file_belongs_names_the_flag() {
    let err = refusal(&["graph", "0-1,1-2"]);
    assert!(err.contains("write --edges \"0-1,1-2\""), "{err}");
    let err = refusal(&["graph", "DQc"]);
    assert!(err.contains("write --graph6 \"DQc\""), "{err}");
    let err = refusal(&["table", "graphs"]);
    assert!(err.contains("or - for standard input"), "{err}");
}

/// networkx writes an edge list as `U V` lines (`nx.write_edgelist(G, f, data=False)`).
#[test]
fn networkx_edge_lists_are_read() {
    let dash = success(&run(&["graph", "--edges", "0-1,1-2,1-3", "--json"]));
    let spaced = success(&run(&["graph", "--edges", "0 1, 1 2, 1 3", "--json"]));
    let lines = success(&run_with_stdin(&["graph", "-", "--json"], "0-1,1-2,1-3\n"));
    let grundy = |t: &str| serde_json::from_str::<serde_json::Value>(t.trim()).unwrap()["grundy"].clone();
    assert_eq!(grundy(&dash), grundy(&spaced));
    assert_eq!(grundy(&dash), grundy(&lines));
    assert!(refusal(&["graph", "--edges", "0 1 2"]).contains("column 5"));
}

#[test]
fn trim_says_which_numbering_is_which() {
    let text = success(&run(&["trim", "spider", "1", "1", "5"]));
    assert!(text.contains("vertices       0=0 1=3 2=4 3=5 4=6\n"), "{text}");
    assert!(text.contains("(i=j: trimmed vertex i is vertex j of S(1,1,5)"), "{text}");
}

#[test]
fn reports_read_as_results() {
    let text = success(&run(&["path", "3", "--state", "0>1"]));
    assert!(!text.contains("0 component classes solved"), "{text}");
    let text = success(&run(&["graph", "--edges", "0-1,3-4"]));
    assert!(text.contains("1 isolated vertex ignored (no edge touches it)"), "{text}");
    let text = success(&run(&["spider", "30", "30", "30", "--stats"]));
    let hits = text.lines().find(|l| l.starts_with("memo hits")).unwrap();
    assert!(hits.contains(','), "thousands separated: {hits}");
    let text = success(&run(&["cycle", "4", "--cycles", "--state", "0>1,1>2,2>3"]));
    assert!(text.contains("the player to move completes a cell and wins"), "{text}");
}

/// A plane family asked about without `--cycles` is refused for its size
/// in the Game of Arrows, and the refusal names the flag the user most
/// likely forgot; a board that is not plane is not told so.
#[test]
fn a_plane_board_too_large_for_the_game_of_arrows_names_cycles() {
    for args in [&["wheel", "11", "--max-memory", "64M"][..], &["grid", "4", "5", "--max-memory", "64M"]] {
        let err = refusal(args);
        assert!(err.contains("past the memory budget") && err.ends_with("add --cycles\n"), "{args:?}: {err}");
    }
    let err = refusal(&["graph", "--graph6", "K~~~~~~~~~~~", "--max-memory", "64M"]);
    assert!(!err.contains("--cycles"), "{err}");
}
