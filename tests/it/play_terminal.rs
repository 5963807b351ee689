//! `arrows play` on a real terminal: a pseudo-terminal made by util-linux's
//! `script`, as a user at a keyboard gives it. The progress bar of one
//! computation must be gone before the prompt: nothing may draw over the
//! prompt while the game waits for a move, and a refused move's line must
//! stay on the screen.

use std::io::Write;
use std::process::{Command, Stdio};
use std::time::Duration;

/// Runs `arrows ARGS` on a pseudo-terminal, typing each line after its
/// pause; returns everything the terminal showed (output and echoed input).
fn on_a_terminal(args: &str, typed: &[(u64, &str)]) -> String {
    let command = format!("'{}' {args}", env!("CARGO_BIN_EXE_arrows"));
    let mut child = Command::new("script")
        .args(["-qfec", &command, "/dev/null"])
        // A terminal the progress bar draws on, whatever the test runner's environment.
        .env("TERM", "xterm")
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("util-linux `script` runs (it makes the pseudo-terminal of this test)");
    let mut stdin = child.stdin.take().unwrap();
    for (pause, line) in typed {
        std::thread::sleep(Duration::from_millis(*pause));
        // The game may have ended and closed the terminal: later lines are not needed.
        if writeln!(stdin, "{line}").is_err() {
            break;
        }
    }
    drop(stdin);
    let out = child.wait_with_output().unwrap();
    assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
    String::from_utf8_lossy(&out.stdout).into_owned()
}

#[test]
fn nothing_draws_over_the_prompt_or_a_refused_move() {
    // The first move is typed after more than a second at the prompt: the
    // bar of the analysis it starts must not appear (it ran under a second),
    // and must not keep ticking over the prompts after it.
    let typed = [(1300, "1"), (700, "999"), (700, "draw"), (300, "quit")];
    let screen = on_a_terminal("play spider 3 4 5", &typed);
    let prompts: Vec<&str> = screen.split("your move> ").skip(1).collect();
    assert!(prompts.len() >= 4, "{screen:?}");
    for (after, line) in prompts.iter().zip(typed.iter().map(|t| t.1)) {
        // What follows a prompt is the echo of the line typed at it, untouched.
        assert!(after.starts_with(&format!("{line}\r\n")), "the prompt was drawn over: {after:?}\n{screen:?}");
    }
    let refusal = "not played: there is no move number 999; the moves are numbered 1 to ";
    let at = screen.find(refusal).unwrap_or_else(|| panic!("the refusal is not on the screen: {screen:?}"));
    let line = &screen[at..screen[at..].find('\n').map_or(screen.len(), |n| at + n)];
    assert!(line.ends_with("; the position is unchanged\r"), "{line:?}");
    assert!(!line.contains('\x1b'), "{line:?}");
    // `draw` is the text drawing: a spider one line per leg.
    assert!(screen.contains("hub 0 ─▶ 1 ─ 2 ─ 3\r\n") || screen.contains("hub 0 ◀─ 1 ─ 2 ─ 3\r\n"), "{screen:?}");
    assert!(screen.contains("Stopped before the end of the game."), "{screen:?}");
}
