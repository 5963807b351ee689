//! `arrows play` as a scripted opponent: from every winning position it is
//! given, the program wins against a human playing random lines (legal
//! moves by number, and illegal moves, unknown words and commands mixed
//! in); every move it reports is legal, and no illegal input changes the
//! position.

use crate::support::binary::run_with_stdin;
use crate::support::{Rng, VARIANTS, control, random_connected, random_state, spider};
use arrows_core::formats::to_graph6;
use arrows_core::trees::trees;
use arrows_core::{Arrow, Decoration, Graph, Position, Variant, parse_arrows};
use arrows_solve::BruteForce;

/// A human's lines: mostly move numbers, with mistakes and commands.
fn human_lines(rng: &mut Rng) -> String {
    let noise = ["0>0", "99>100", "banana", "hint", "moves", "draw", "0", "1>0,2>1", "explain"];
    let mut out = String::new();
    for _ in 0..80 {
        if rng.below(5) == 0 {
            out.push_str(noise[rng.below(noise.len())]);
        } else {
            out.push_str(&(1 + rng.below(12)).to_string());
        }
        out.push('\n');
    }
    out
}

/// Replays the transcript's moves from `start`, checking each is legal;
/// returns the number of moves and whether the program said it won.
fn replay(g: &Graph, v: Variant, start: &Decoration, transcript: &str) -> (usize, bool) {
    replay_with(g, v, arrows_core::Play::Normal, start, transcript)
}

/// [`replay`] under either play.
fn replay_with(g: &Graph, v: Variant, play: arrows_core::Play, start: &Decoration, transcript: &str) -> (usize, bool) {
    let mut d = start.clone();
    let mut plies = 0;
    for line in transcript.lines() {
        let played = line.strip_prefix("you play ").or_else(|| line.strip_prefix("arrows plays "));
        let Some(rest) = played else { continue };
        let text = rest.split_whitespace().next().unwrap();
        let a: Arrow = parse_arrows(text).unwrap()[0];
        let p = Position::new(g, v, &d).with_play(play);
        assert!(p.moves().contains(&a), "{}: {a} is not legal at {}\n{transcript}", g.edge_list(), d.display(g));
        let e = g.edge_between(a.tail, a.head).unwrap();
        d.mark(e, g.ends(e).0 == a.tail);
        plies += 1;
    }
    assert!(Position::new(g, v, &d).with_play(play).moves().is_empty(), "the game ended early\n{transcript}");
    (plies, transcript.contains("arrows wins."))
}

#[test]
fn arrows_wins_every_won_game_against_random_play() {
    let mut rng = Rng::new(0x91a7);
    let mut graphs: Vec<Graph> = vec![spider(&[1, 2, 2]), spider(&[2, 2, 3]), spider(&[5]), spider(&[1, 1, 1, 2])];
    graphs.extend(trees(5));
    for (n, m) in [(4, 5), (5, 6), (5, 7)] {
        graphs.push(random_connected(&mut rng, n, m));
    }
    let mut games = 0;
    for g in &graphs {
        for v in VARIANTS {
            for _ in 0..16 {
                let start = random_state(&mut rng, g, v, &Decoration::empty(g.edge_count()));
                let p = Position::new(g, v, &start);
                if p.moves().is_empty() {
                    continue;
                }
                let value = BruteForce::new(p, &control()).unwrap().start_grundy().unwrap();
                // Arrows moves first from a winning position, second from a losing one.
                let first = if value != 0 { "arrows" } else { "me" };
                let state = start.display(g).to_string();
                let g6 = to_graph6(g);
                let mut args = vec!["play", g6.as_str(), "--first", first];
                if !state.is_empty() {
                    args.extend(["--state", state.as_str()]);
                }
                if v == Variant::Untrimmed {
                    args.push("--untrimmed");
                }
                let out = run_with_stdin(&args, &human_lines(&mut rng));
                assert!(out.status.success(), "{args:?}: {}", String::from_utf8_lossy(&out.stderr));
                let transcript = String::from_utf8(out.stdout).unwrap();
                let (_, arrows_won) = replay(g, v, &start, &transcript);
                assert!(arrows_won, "{args:?}: arrows lost from a won position\n{transcript}");
                games += 1;
            }
        }
    }
    assert!(games >= 200, "{games} games");
}

#[test]
fn arrows_wins_the_game_of_cycles_and_misere_play_too() {
    use arrows_core::Play;
    use arrows_core::describe::describe;
    let mut rng = Rng::new(0xc1c1e5);
    let mut games = 0;
    let cases: Vec<(&str, Variant, Play)> = vec![
        ("cycle 4", Variant::Cycles, Play::Normal),
        ("cycle 5", Variant::Cycles, Play::Normal),
        ("k4", Variant::Cycles, Play::Normal),
        ("fan 3", Variant::Cycles, Play::Normal),
        ("theta 1 2 2", Variant::Cycles, Play::Normal),
        ("wheel 3", Variant::Cycles, Play::Misere),
        ("cycle 5", Variant::Cycles, Play::Misere),
        ("spider 1 2 2", Variant::Trimmed, Play::Misere),
        ("path 6", Variant::Untrimmed, Play::Misere),
    ];
    for (text, v, play) in cases {
        let g = describe(text, arrows_work::Budget::bytes(1 << 30)).unwrap().graph;
        for _ in 0..6 {
            let start = random_state(&mut rng, &g, v, &Decoration::empty(g.edge_count()));
            let p = Position::new(&g, v, &start).with_play(play);
            if p.moves().is_empty() {
                continue;
            }
            let a = arrows_solve::analyze(p, arrows_solve::Engine::Brute, &control()).unwrap();
            let first = if a.first_player_wins() { "arrows" } else { "me" };
            let state = start.display(&g).to_string();
            let mut args: Vec<&str> = text.split(' ').collect();
            args.insert(0, "play");
            args.extend(["--first", first]);
            if !state.is_empty() {
                args.extend(["--state", state.as_str()]);
            }
            args.push(if v == Variant::Cycles {
                "--cycles"
            } else if v == Variant::Untrimmed {
                "--untrimmed"
            } else {
                "--quiet-not-a-flag"
            });
            args.retain(|a| *a != "--quiet-not-a-flag");
            if play == Play::Misere {
                args.push("--misere");
            }
            let out = run_with_stdin(&args, &human_lines(&mut rng));
            assert!(out.status.success(), "{args:?}: {}", String::from_utf8_lossy(&out.stderr));
            let transcript = String::from_utf8(out.stdout).unwrap();
            let (_, arrows_won) = replay_with(&g, v, play, &start, &transcript);
            assert!(arrows_won, "{args:?}: arrows lost from a won position\n{transcript}");
            games += 1;
        }
    }
    assert!(games >= 40, "{games} games");
}

#[test]
fn illegal_input_changes_nothing_and_the_prompt_comes_again() {
    let out = run_with_stdin(&["play", "path", "3"], "0>0\n1>1\n9\nfoo\n0>1,1>2\n");
    let text = String::from_utf8(out.stdout).unwrap();
    assert!(out.status.success());
    let refusals = text.lines().filter(|l| l.starts_with("not played: ")).count();
    assert_eq!(refusals, 5, "{text}");
    // The position is shown again after each refusal, unchanged.
    assert_eq!(text.matches("position: no arrow yet").count(), 6, "{text}");
    assert!(text.ends_with("Stopped before the end of the game.\n"), "{text}");
}

#[test]
fn a_bad_graph_or_state_is_one_line_and_exit_code_2() {
    for args in [
        vec!["play", "spider", "0", "0"],
        vec!["play", "wheel", "2"],
        vec!["play", "frog", "3"],
        vec!["play", "path", "3", "--state", "0>1,2>1"],
        vec!["play", "path", "3", "--state", "0>7"],
        vec!["play", "graph"],
        vec!["play", "board"],
        vec!["play", "board", "-"],
        vec!["play", "spider", "2", "3", "--edges", "0-1"],
        vec!["play", "wheel", "4", "--cells", "0-1-2"],
        vec!["play", "graph", "--edges", "0-1,1-2,2-0", "--cells", "0-1"],
    ] {
        let out = run_with_stdin(&args, "");
        let err = String::from_utf8(out.stderr).unwrap();
        assert_eq!(out.status.code(), Some(2), "{args:?}: {err}");
        assert_eq!(err.lines().count(), 1, "{args:?}: {err}");
    }
}

/// The graph comes as the analysis commands take it: `graph --edges` with
/// `--cells` or `--positions`, and `board FILE`; each is the same game as
/// the family it draws (the same value, so arrows wins where it should).
#[test]
fn play_takes_every_graph_source() {
    let board = format!("{}/examples/boards/k4.txt", env!("CARGO_MANIFEST_DIR"));
    let triangle = ["graph", "--edges", "0-1,1-2,2-0", "--cycles"];
    let sources: Vec<Vec<&str>> = vec![
        [&triangle[..], &["--cells", "0-1-2"]].concat(),
        [&triangle[..], &["--positions", "0:0,0;1:1,0;2:0,1"]].concat(),
        vec!["0-1,1-2,2-0", "--cells", "0-1-2", "--cycles"],
        vec!["board", board.as_str()],
    ];
    for source in sources {
        // The triangle (C_3) is a first-player win, K4 a second-player win
        // (Alvarado et al. 2021): arrows moves first on the one, second on the other.
        let first = if source[0] == "board" { "me" } else { "arrows" };
        let args = [&["play"][..], &source, &["--first", first]].concat();
        let out = run_with_stdin(&args, &"1\n".repeat(20));
        let text = crate::support::binary::success(&out);
        assert!(text.contains("the Game of Cycles"), "{text}");
        assert!(text.contains("arrows wins."), "{args:?}\n{text}");
    }
}

/// `--max-time` bounds each computation: a hint past it says so and the
/// game goes on; arrows' own move past it ends the game with exit code 2.
#[test]
fn max_time_bounds_each_computation() {
    let out = run_with_stdin(&["play", "grid", "3", "4", "--cycles", "--max-time", "50ms"], "hint\nquit\n");
    let text = crate::support::binary::success(&out);
    assert!(text.contains("hint: not found within the time limit of 50ms (--max-time)"), "{text}");
    assert!(text.ends_with("Stopped before the end of the game.\n"), "{text}");
    let out = run_with_stdin(&["play", "grid", "3", "4", "--cycles", "--max-time", "50ms", "--first", "arrows"], "");
    let err = String::from_utf8(out.stderr).unwrap();
    assert_eq!(out.status.code(), Some(2), "{err}");
    assert!(err.starts_with("error: stopped at the time limit of 50ms (--max-time) while choosing its move"), "{err}");
    // A quick game never meets the limit.
    let out = run_with_stdin(&["play", "path", "4", "--max-time", "10s", "--first", "arrows"], &"1\n".repeat(5));
    assert!(crate::support::binary::success(&out).contains("arrows wins."));
}
