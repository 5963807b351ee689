//! A long outcome search on a real terminal (a pseudo-terminal made by
//! util-linux's `script`): the winner and each winning move appear as they
//! are found, the progress line says what the search is doing, and Ctrl-C
//! prints what the search had decided. Every check reads the screen; the
//! bar is shown from the start (`ARROWS_PROGRESS_DELAY_MS=0`), so what a
//! quick machine finishes within a second is on the screen as well.

use std::io::{Read, Write};
use std::process::{Child, ChildStdin, Command, ExitStatus, Stdio};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

/// `arrows ARGS` running on a pseudo-terminal, and what it has shown so far.
struct Terminal {
    child: Child,
    stdin: ChildStdin,
    screen: Arc<Mutex<String>>,
}

impl Terminal {
    fn start(args: &str) -> Terminal {
        let command = format!("'{}' {args}", env!("CARGO_BIN_EXE_arrows"));
        let mut child = Command::new("script")
            .args(["-qfec", &command, "/dev/null"])
            .env("TERM", "xterm")
            .env("ARROWS_PROGRESS_DELAY_MS", "0")
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::null())
            .spawn()
            .expect("util-linux `script` runs (it makes the pseudo-terminal of this test)");
        let stdin = child.stdin.take().unwrap();
        let mut stdout = child.stdout.take().unwrap();
        let screen = Arc::new(Mutex::new(String::new()));
        let into = screen.clone();
        std::thread::spawn(move || {
            let mut buf = [0u8; 4096];
            while let Ok(n) = stdout.read(&mut buf) {
                if n == 0 {
                    break;
                }
                into.lock().unwrap().push_str(&String::from_utf8_lossy(&buf[..n]));
            }
        });
        Terminal { child, stdin, screen }
    }

    fn screen(&self) -> String {
        self.screen.lock().unwrap().clone()
    }

    /// Waits until the screen shows `text`.
    fn wait_for(&mut self, text: &str) -> String {
        self.wait_until(text, |screen| screen.contains(text))
    }

    /// Waits until `shown` holds of the screen (it fails when the command
    /// ends first; the long guard only keeps a broken run from hanging).
    fn wait_until(&mut self, what: &str, shown: impl Fn(&str) -> bool) -> String {
        let guard = Instant::now();
        loop {
            let screen = self.screen();
            if shown(&screen) {
                return screen;
            }
            if let Some(status) = self.child.try_wait().unwrap() {
                std::thread::sleep(Duration::from_millis(200));
                let screen = self.screen();
                assert!(shown(&screen), "ended ({status}) without showing {what}:\n{screen}");
                return screen;
            }
            assert!(guard.elapsed() < Duration::from_secs(900), "{what} never shown:\n{screen}");
            std::thread::sleep(Duration::from_millis(50));
        }
    }

    /// Ctrl-C, as typed at the keyboard.
    fn interrupt(&mut self) {
        self.stdin.write_all(&[3]).unwrap();
        self.stdin.flush().unwrap();
    }

    fn finish(mut self) -> (ExitStatus, String) {
        let status = self.child.wait().unwrap();
        // The reader thread drains what the terminal still holds.
        std::thread::sleep(Duration::from_millis(300));
        (status, self.screen())
    }
}

/// The lines of a screen, each as it was last drawn (the bar redraws
/// itself in place after a carriage return).
fn lines(screen: &str) -> Vec<String> {
    screen
        .split('\n')
        .map(|l| {
            let l = l.trim_end_matches('\r');
            let last = l.rsplit('\r').next().unwrap_or(l);
            strip_escapes(last)
        })
        .collect()
}

fn strip_escapes(s: &str) -> String {
    let mut out = String::new();
    let mut chars = s.chars();
    while let Some(c) = chars.next() {
        if c == '\x1b' {
            // CSI: ESC [ parameters, then one final letter.
            if chars.next() == Some('[') {
                for d in chars.by_ref() {
                    if d.is_ascii_alphabetic() {
                        break;
                    }
                }
            }
        } else {
            out.push(c);
        }
    }
    out
}

#[test]
fn the_winner_and_each_winning_move_show_as_they_are_found() {
    let mut t = Terminal::start("grid 3 4 --cycles --engine search");
    let shown = t.wait_for("first player wins: ");
    let (status, screen) = t.finish();
    assert!(status.success(), "{screen}");
    let lines = lines(&screen);
    // The live lines come before the report, which lists the same moves.
    let first = lines.iter().position(|l| l.starts_with("first player wins: ")).expect("the winner line");
    let report = lines.iter().position(|l| l.starts_with("graph ")).expect("the report");
    assert!(first < report, "{screen}");
    let live: Vec<String> = lines[first..report]
        .iter()
        .filter_map(|l| {
            let rest = l
                .strip_prefix("first player wins: ")
                .or_else(|| l.strip_prefix("winning move ").and_then(|r| r.split_once(": ")).map(|x| x.1))?;
            Some(rest.split(' ').next()?.to_string())
        })
        .collect();
    let header = lines.iter().find(|l| l.starts_with("winning moves  ")).expect("the report's winning moves");
    let reported: Vec<String> = lines
        .iter()
        .skip_while(|l| !l.starts_with("winning moves  "))
        .skip(1)
        .take_while(|l| l.starts_with("                 "))
        .map(|l| l.trim().to_string())
        .collect();
    assert!(!reported.is_empty(), "{header}\n{screen}");
    assert!(header.starts_with(&format!("winning moves  {} of ", reported.len())), "{header}");
    let mut live_sorted = live.clone();
    live_sorted.sort();
    let mut reported_sorted = reported.clone();
    reported_sorted.sort();
    assert_eq!(live_sorted, reported_sorted, "every winning move is shown once as found:\n{screen}");
    assert!(shown.contains("first player wins: "));
}

#[test]
fn ctrl_c_prints_what_the_search_had_decided() {
    // The 4 x 5 grid takes minutes for every winning move: Ctrl-C comes
    // once the progress line says what the search is doing.
    let mut t = Terminal::start("grid 4 5 --cycles --threads 1");
    let progress = |screen: &str| lines(screen).into_iter().rev().find(|l| l.contains(" decided") && l.contains("/s"));
    let shown = t.wait_until("the progress line of the root moves", |screen| progress(screen).is_some());
    let line = progress(&shown).unwrap();
    let counts: Vec<usize> = line
        .split("root moves ")
        .nth(1)
        .and_then(|r| r.split(" decided").next())
        .map(|r| r.split(" of ").filter_map(|n| n.parse().ok()).collect())
        .unwrap_or_default();
    assert!(counts.len() == 2 && counts[0] <= counts[1] && counts[1] > 0, "root moves k of m decided: {line}");
    // `root moves k of m decided`, the nodes with their thousands
    // separated, and a rate without decimals.
    assert!(line.contains(" nodes, "), "{line}");
    let rate = line.split(" nodes, ").nth(1).and_then(|r| r.split("/s").next()).expect("a rate");
    assert!(!rate.is_empty() && rate.chars().all(|c| c.is_ascii_digit() || c == ','), "{line}");
    t.interrupt();
    let (status, screen) = t.finish();
    assert_eq!(status.code(), Some(130), "{screen}");
    let lines = lines(&screen);
    let stopped = lines.iter().position(|l| l.contains("stopped before the search finished")).expect("the report");
    let undecided = lines[stopped..].iter().find(|l| l.starts_with("not decided    ")).expect("the moves not decided");
    let n: usize = undecided["not decided    ".len()..].split(' ').next().unwrap().parse().unwrap();
    let listed = lines[stopped..]
        .iter()
        .skip_while(|l| !l.starts_with("not decided"))
        .skip(1)
        .take_while(|l| l.starts_with("    "))
        .count();
    assert!(n > 0 && listed == n, "{screen}");
    assert!(screen.contains("what it had decided is printed above"), "{screen}");
}

#[test]
fn ctrl_c_with_json_adds_the_moves_not_decided_to_the_report() {
    let mut t = Terminal::start("grid 4 5 --cycles --threads 1 --json");
    t.wait_for(" decided");
    t.interrupt();
    let (status, screen) = t.finish();
    assert_eq!(status.code(), Some(130), "{screen}");
    let json = lines(&screen).into_iter().find(|l| l.starts_with('{')).expect("a JSON line");
    let stopped: serde_json::Value = serde_json::from_str(&json).unwrap();
    // The shape of a finished search's report, and the moves not decided.
    let done = crate::support::binary::run(&["grid", "2", "3", "--cycles", "--engine", "search", "--json"]);
    let done: serde_json::Value = serde_json::from_slice(&done.stdout).unwrap();
    let keys = |v: &serde_json::Value| {
        let mut k: Vec<String> = v.as_object().unwrap().keys().cloned().collect();
        k.sort();
        k
    };
    let mut want = keys(&done);
    want.push("undecided_moves".into());
    want.sort();
    assert_eq!(keys(&stopped), want, "{json}");
    let undecided = stopped["undecided_moves"].as_array().unwrap();
    let winning = stopped["winning_moves"].as_array().unwrap();
    assert!(!undecided.is_empty(), "{json}");
    assert!(undecided.len() + winning.len() <= stopped["move_count"].as_u64().unwrap() as usize, "{json}");
    assert!(undecided.iter().all(|m| !winning.contains(m)), "{json}");
    assert_eq!(stopped["winner"].is_null(), winning.is_empty(), "{json}");
}
