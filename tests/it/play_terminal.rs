//! `arrows play` on a real terminal: a pseudo-terminal made by util-linux's
//! `script`, as a user at a keyboard gives it. The progress bar of one
//! computation must be gone before the prompt: nothing may draw over the
//! prompt while the game waits for a move, and a refused move's line must
//! stay on the screen.
//!
//! Each line is typed once its prompt is on the screen, then after its
//! pause, as a user types: on a loaded machine the answers come later, and
//! the test waits for them instead of typing ahead.

use std::io::{Read, Write};
use std::process::{Command, Stdio};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

/// What the game prints when it waits for a move.
const PROMPT: &str = "your move> ";

/// How long a prompt may take to appear before the game counts as hung: a guard, not a measure.
const GUARD: Duration = Duration::from_secs(60);

/// Runs `arrows ARGS` on a pseudo-terminal, typing each line once its
/// prompt shows and its pause has passed; returns everything the terminal
/// showed (output and echoed input).
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
    let screen = Arc::new(Mutex::new(Vec::new()));
    let mut stdout = child.stdout.take().unwrap();
    let shown = Arc::clone(&screen);
    let reader = std::thread::spawn(move || {
        let mut buffer = [0u8; 4096];
        while let Ok(n) = stdout.read(&mut buffer) {
            if n == 0 {
                break;
            }
            shown.lock().unwrap().extend_from_slice(&buffer[..n]);
        }
    });
    let prompts = || String::from_utf8_lossy(&screen.lock().unwrap()).matches(PROMPT).count();
    for (i, (pause, line)) in typed.iter().enumerate() {
        let start = Instant::now();
        while prompts() <= i && start.elapsed() < GUARD && child.try_wait().unwrap().is_none() {
            std::thread::sleep(Duration::from_millis(10));
        }
        std::thread::sleep(Duration::from_millis(*pause));
        // The game may have ended and closed the terminal: later lines are not needed.
        if writeln!(stdin, "{line}").is_err() {
            break;
        }
    }
    drop(stdin);
    let out = child.wait_with_output().unwrap();
    reader.join().unwrap();
    assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
    String::from_utf8_lossy(&screen.lock().unwrap()).into_owned()
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
