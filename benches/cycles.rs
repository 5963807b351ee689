//! Benchmarks of the Game of Cycles engines (normal play), as whole
//! `arrows` processes.
//!
//! Each case runs the release binary (`arrows wheel 8 --cycles --json
//! --stats ...`) and reports the whole-process wall time measured here, the
//! engine's time and work from the JSON (states for brute force, component
//! classes for the canonical engine) and the process's peak resident
//! memory (VmHWM, which the binary reports). A run past its time limit is
//! killed and reported as such; a board the canonical engine's estimate
//! refuses up front is reported with the estimate. Cases:
//!
//! * `brute`: brute force on the wheels with 6 to 9 spokes (the 7-spoke
//!   wheel, 14 edges, is the one existing solvers take about a minute and
//!   1.3 GB for);
//! * `wheels`: the canonical engine on the wheels with 6 to 12, 16 and 24
//!   spokes, with the growth of its time and classes fitted as `base^n`;
//! * `reach`: how far the canonical engine goes in a minute on fans, grids
//!   `2 x N` and `3 x N`, ladders, prisms, theta graphs `(a, a, a)` and
//!   `(2, 2, c)`: members in increasing size until one takes more than a
//!   minute (or would, by the growth so far).
//!
//! Run with `cargo bench --bench cycles` (all, about half an hour) or
//! `cargo bench --bench cycles -- wheels` (some). Budget: `--max-memory
//! 8G` for every run.

use std::time::Duration;

mod common;

/// What one run gave.
enum Outcome {
    /// Finished: its numbers.
    Done(Run),
    /// Killed at the time limit.
    TimedOut(f64),
    /// Refused (exit code 2): the message.
    Refused(String),
}

struct Run {
    wall: f64,
    engine_s: f64,
    solved: u64,
    grundy: u64,
    peak_mib: f64,
}

/// Runs `arrows ARGS --cycles --json --stats --max-memory 8G`, killed after `limit`.
fn run(args: &[&str], limit: Duration) -> Outcome {
    match common::run(args, limit) {
        Err(common::Stopped::TimedOut(t)) => Outcome::TimedOut(t),
        Err(common::Stopped::Refused(m)) => Outcome::Refused(m),
        Ok(f) => Outcome::Done(Run {
            wall: f.wall,
            engine_s: f.report["time_ms"].as_f64().unwrap_or(f64::NAN) / 1e3,
            solved: f.report["solved"].as_u64().unwrap_or(0),
            grundy: f.report["grundy"].as_u64().unwrap_or(u64::MAX),
            peak_mib: common::peak_mib(&f.report),
        }),
    }
}

fn row(name: &str, edges: usize, outcome: &Outcome) {
    match outcome {
        Outcome::Done(r) => println!(
            "| {name} | {edges} | {} | {} | {:.2} s | {:.2} s | {:.0} MiB |",
            r.grundy, r.solved, r.wall, r.engine_s, r.peak_mib
        ),
        Outcome::TimedOut(t) => println!("| {name} | {edges} | | | killed after {t:.0} s | | |"),
        Outcome::Refused(m) => println!("| {name} | {edges} | refused: {m} | | | | |"),
    }
}

const HEADER: &str =
    "| board | edges | grundy | work | process time | engine time | peak memory |\n|---|---|---|---|---|---|---|";

fn brute() {
    println!("## brute force, wheels (states)\n");
    println!("{HEADER}");
    for n in 6..=9 {
        let size = n.to_string();
        row(&format!("wheel {n}"), 2 * n, &run(&["wheel", &size, "--engine", "brute"], Duration::from_secs(600)));
    }
    println!();
}

fn wheels() {
    println!("## canonical engine, wheels (component classes)\n");
    println!("{HEADER}");
    let (mut times, mut classes) = (Vec::new(), Vec::new());
    for n in [6, 7, 8, 9, 10, 11, 12, 16, 24] {
        let size = n.to_string();
        let outcome = run(&["wheel", &size, "--engine", "canonical"], Duration::from_secs(1200));
        row(&format!("wheel {n}"), 2 * n, &outcome);
        if let Outcome::Done(r) = &outcome {
            times.push((n as f64, r.engine_s));
            classes.push((n as f64, r.solved as f64));
        }
    }
    let late: Vec<(f64, f64)> = times.iter().copied().filter(|p| p.0 >= 8.0).collect();
    println!(
        "\nfitted growth per spoke (8 spokes on): engine time x{:.2}, classes x{:.2}\n",
        common::base(&late),
        common::base(&classes.iter().copied().filter(|p| p.0 >= 8.0).collect::<Vec<_>>())
    );
}

/// A family of boards, by its parameter.
struct Family {
    name: &'static str,
    args: fn(usize) -> Vec<String>,
    edges: fn(usize) -> usize,
    from: usize,
}

fn reach() {
    let families = [
        Family { name: "fan", args: |n| vec!["fan".into(), n.to_string()], edges: |n| 2 * n - 1, from: 4 },
        Family {
            name: "grid 2 x N",
            args: |n| vec!["grid".into(), "2".into(), n.to_string()],
            edges: |n| 3 * n - 2,
            from: 3,
        },
        Family {
            name: "grid 3 x N",
            args: |n| vec!["grid".into(), "3".into(), n.to_string()],
            edges: |n| 5 * n - 3,
            from: 2,
        },
        Family { name: "ladder", args: |n| vec!["ladder".into(), n.to_string()], edges: |n| 3 * n - 2, from: 3 },
        Family { name: "prism", args: |n| vec!["prism".into(), n.to_string()], edges: |n| 3 * n, from: 3 },
        Family {
            name: "theta (a, a, a)",
            args: |n| vec!["theta".into(), n.to_string(), n.to_string(), n.to_string()],
            edges: |n| 3 * n,
            from: 2,
        },
        Family {
            name: "theta (2, 2, c)",
            args: |n| vec!["theta".into(), "2".into(), "2".into(), n.to_string()],
            edges: |n| n + 4,
            from: 2,
        },
    ];
    println!("## canonical engine: how far in a minute\n");
    println!("{HEADER}");
    for f in &families {
        let mut last: Option<f64> = None;
        let mut growth = 1.0;
        let mut n = f.from;
        loop {
            let args = (f.args)(n);
            let name = format!("{} {}", f.name, n);
            let outcome = run(&args.iter().map(String::as_str).collect::<Vec<_>>(), Duration::from_secs(180));
            row(&name, (f.edges)(n), &outcome);
            let Outcome::Done(r) = outcome else { break };
            if let Some(t) = last.filter(|&t| t > 0.05) {
                growth = r.engine_s / t;
            }
            last = Some(r.engine_s);
            // Past a minute, or past it next time by the growth so far.
            if r.engine_s > 60.0 || r.engine_s * growth > 180.0 {
                break;
            }
            n += 1;
        }
    }
    println!();
}

fn main() {
    // `cargo bench` passes `--bench`; other arguments select cases.
    let wanted: Vec<String> = std::env::args().skip(1).filter(|a| !a.starts_with('-')).collect();
    let cases: [(&str, fn()); 3] = [("brute", brute), ("wheels", wheels), ("reach", reach)];
    for (n, f) in cases {
        if wanted.is_empty() || wanted.iter().any(|w| w == n) {
            f();
        }
    }
}
