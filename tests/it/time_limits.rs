//! Every computation stops at its time limit (`--max-time`) or at Ctrl-C:
//! each family at a size where it runs long, the analysis options that add
//! work (`--moves`, `--explain`), the engines, and the sweeps. Each run
//! must end with the limit's one-line refusal (exit 2), or with exit 130
//! and its message after Ctrl-C.
//!
//! The test is decided by what happened (the exit code and the message),
//! never by how long it took: how far past its stop a run ends is printed
//! (`--nocapture`) for reports, as the engines aim at a second (they read
//! the cancel token after every class and every move), but a loaded
//! machine may take longer, and that is no failure. Ctrl-C is sent once
//! the process has installed its handler, as a user's would be; a run
//! still going [`GUARD`] after its stop counts as hung.
//!
//! The runs go three at a time, so that the test takes seconds.

use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

/// The time limit of every run.
const LIMIT: Duration = Duration::from_millis(800);

/// How long after the limit (or Ctrl-C) a run counts as hung: a guard, not a measure.
const GUARD: Duration = Duration::from_secs(20);

/// `true` once process `pid` catches SIGINT (its Ctrl-C handler is in),
/// read from the `SigCgt` mask of `/proc/PID/status`; `true` as well once
/// the process is gone, so that the caller stops waiting.
fn catches_sigint(pid: u32) -> bool {
    let Ok(status) = std::fs::read_to_string(format!("/proc/{pid}/status")) else { return true };
    let mask = status.lines().find_map(|l| l.strip_prefix("SigCgt:")).unwrap_or("0");
    u64::from_str_radix(mask.trim(), 16).is_ok_and(|m| m & (1 << (2 - 1)) != 0)
}

/// What stops a run.
#[derive(Clone, Copy, Debug)]
enum Stop {
    /// `--max-time` (the limit is added to the arguments).
    Limit,
    /// SIGINT, as Ctrl-C sends it, after [`LIMIT`].
    Interrupt,
}

/// Runs that take long (minutes to hours in a dev build, each within an
/// 8 GiB budget so that no estimate refuses it up front): every family,
/// each engine, the analysis options, the sweeps, the paper checks and the
/// loopy solver. Each must be stopped: one that answers fails the test, as
/// it would not show that it stops.
const RUNS: &[(&[&str], Stop)] = &[
    (&["spider", "150", "150", "150"], Stop::Limit),
    (&["spider", "7", "7", "7", "--engine", "brute"], Stop::Limit),
    // A star goes as deep as it has legs before it solves a class.
    (&["star", "20000"], Stop::Limit),
    (&["star", "20000", "--moves"], Stop::Interrupt),
    (&["broom", "100", "1000"], Stop::Limit),
    (&["caterpillar", "8,8,8,8,8"], Stop::Interrupt),
    (&["graph", "--graph6", "H~~~~~~"], Stop::Limit),
    (&["graph", "--graph6", "H~~~~~~", "--explain"], Stop::Interrupt),
    (&["wheel", "11", "--cycles"], Stop::Limit),
    (&["theta", "7", "7", "7", "--cycles", "--engine", "canonical"], Stop::Limit),
    (&["wheel", "15", "--cycles", "--grundy"], Stop::Interrupt),
    (&["prism", "7", "--cycles", "--moves"], Stop::Limit),
    (&["wheel", "9", "--cycles", "--misere"], Stop::Limit),
    // Counting the trees of 19 edges enumerates millions of rooted trees.
    (&["table", "trees", "--edges", "14..19", "--quiet"], Stop::Limit),
    (&["table", "spider", "--legs", "0..80", "--quiet"], Stop::Interrupt),
    (&["table", "wheel", "--spokes", "3..12", "--cycles", "--quiet"], Stop::Limit),
    (&["check", "--max", "60"], Stop::Interrupt),
    (&["loopy", "nim", "--at", "60,60,60"], Stop::Interrupt),
    // A theorem whose fixed part has many states.
    (&["prove", "broom", "n", "16"], Stop::Limit),
    (&["prove", "broom", "n", "17"], Stop::Interrupt),
];

/// One run: its exit code and how long it ran past its stop.
fn run(args: &[&str], stop: Stop) -> (Option<i32>, Duration, String) {
    let mut command = Command::new(env!("CARGO_BIN_EXE_arrows"));
    command.args(args).stdin(Stdio::null()).stdout(Stdio::null()).stderr(Stdio::piped());
    if !matches!(args[0], "check" | "loopy") {
        command.args(["--max-memory", "8G"]);
    }
    if let Stop::Limit = stop {
        command.args(["--max-time", &format!("{}ms", LIMIT.as_millis())]);
    }
    let start = Instant::now();
    let mut child = command.spawn().expect("the binary runs");
    if let Stop::Interrupt = stop {
        std::thread::sleep(LIMIT);
        while !catches_sigint(child.id()) && start.elapsed() < GUARD {
            std::thread::sleep(Duration::from_millis(5));
        }
        let killed = Command::new("kill").args(["-INT", &child.id().to_string()]).status().expect("kill runs");
        assert!(killed.success());
    }
    let mut stderr = String::new();
    let status = loop {
        if let Some(status) = child.try_wait().unwrap() {
            break status;
        }
        if start.elapsed() > LIMIT + GUARD {
            let _ = child.kill();
            break child.wait().unwrap();
        }
        std::thread::sleep(Duration::from_millis(5));
    };
    let took = start.elapsed();
    use std::io::Read;
    let _ = child.stderr.take().unwrap().read_to_string(&mut stderr);
    (status.code(), took.saturating_sub(LIMIT), stderr)
}

#[test]
fn every_family_stops_at_its_limit_or_at_ctrl_c() {
    let mut failures = Vec::new();
    for batch in RUNS.chunks(3) {
        let results: Vec<_> = std::thread::scope(|s| {
            let handles: Vec<_> =
                batch.iter().map(|&(args, stop)| s.spawn(move || (args, stop, run(args, stop)))).collect();
            handles.into_iter().map(|h| h.join().unwrap()).collect()
        });
        for (args, stop, (code, past, stderr)) in results {
            let shown = args.join(" ");
            println!("{:>6.0?} past the stop, exit {code:?}: arrows {shown} ({stop:?})", past);
            let expected = match stop {
                Stop::Limit => code == Some(2) && stderr.contains("stopped at the time limit"),
                Stop::Interrupt => code == Some(130) && stderr.contains("interrupted"),
            };
            if !expected {
                failures.push(format!("arrows {shown} ({stop:?}): exit {code:?} {past:?} after the stop: {stderr}"));
            }
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}
