//! The outcome search against brute force and the canonical engine on the
//! Game of Cycles (normal play), as whole `arrows` processes, in one run.
//!
//! Each case runs the release binary (`arrows wheel 10 --cycles --engine
//! E --json --stats --max-memory 8G`) and reports the winner, the engine's
//! work (states, component classes or nodes), the whole-process wall time,
//! the process's CPU time (its children's rusage, so the search's two
//! threads count twice) and its peak resident memory. A run past its time
//! limit (`ARROWS_BENCH_LIMIT` seconds, default 600) is killed and
//! reported as such; a run an engine refuses up front (brute force past 28
//! unmarked edges or its memory estimate) is reported with its reason.
//! Every engine answers the same question: who wins and every winning move
//! (the search with its default: no Grundy value).
//!
//! * `compare`: the three engines on the wheels with 8 to 12 spokes, the
//!   grids 3 x 4 and 3 x 5, the ladder with 6 rungs and the theta graph
//!   (6, 6, 6); for each board of 20 edges or more, how many times faster
//!   the search is than the faster of the other two (brute force and the
//!   canonical engine must agree on the winner with it where they finish);
//! * `w13`: the wheel with 13 spokes by the search on the threads of the
//!   machine (the target: under a minute on two cores), first winning
//!   move only and every winning move;
//! * `growth`: the search alone along each family (wheels, grids 3 x N,
//!   ladders, prisms, fans, theta graphs (a, a, a)), nodes and time by
//!   edges, with the growth per edge fitted as `base^edges` (nodes).
//!
//! Run with `cargo bench --bench search` (all; the brute-force and
//! canonical runs on 22 to 24 edges take minutes each), or
//! `cargo bench --bench search -- w13 growth` (some).

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
    cpu: f64,
    work: u64,
    winner: String,
    winning: usize,
    peak_mib: f64,
}

fn limit() -> Duration {
    let s = std::env::var("ARROWS_BENCH_LIMIT").ok().and_then(|v| v.parse().ok()).unwrap_or(600);
    Duration::from_secs(s)
}

/// Runs `arrows ARGS --cycles --json --stats --max-memory 8G`, killed after `limit`.
fn run(args: &[&str], limit: Duration) -> Outcome {
    match common::run(args, limit) {
        Err(common::Stopped::TimedOut(t)) => Outcome::TimedOut(t),
        Err(common::Stopped::Refused(m)) => Outcome::Refused(m),
        Ok(f) => Outcome::Done(Run {
            wall: f.wall,
            cpu: f.cpu,
            work: f.report["solved"].as_u64().unwrap_or(0),
            winner: f.report["winner"].as_str().unwrap_or("?").to_string(),
            winning: f.report["winning_moves"].as_array().map_or(0, Vec::len),
            peak_mib: common::peak_mib(&f.report),
        }),
    }
}

fn cell(o: &Outcome) -> String {
    match o {
        Outcome::Done(r) => format!(
            "{} ({} winning), {} work, {:.2} s wall, {:.2} s CPU, {:.0} MiB",
            r.winner, r.winning, r.work, r.wall, r.cpu, r.peak_mib
        ),
        Outcome::TimedOut(t) => format!("killed after {t:.0} s"),
        Outcome::Refused(m) => format!("refused: {}", m.trim_start_matches("error: ")),
    }
}

fn wall(o: &Outcome) -> Option<f64> {
    match o {
        Outcome::Done(r) => Some(r.wall),
        _ => None,
    }
}

fn compare() {
    println!("## the search against brute force and the canonical engine\n");
    println!("| board | edges | search | brute force | canonical | faster than the faster by |");
    println!("|---|---|---|---|---|---|");
    let boards: [(&[&str], usize); 9] = [
        (&["wheel", "8"], 16),
        (&["wheel", "9"], 18),
        (&["wheel", "10"], 20),
        (&["wheel", "11"], 22),
        (&["wheel", "12"], 24),
        (&["grid", "3", "4"], 17),
        (&["grid", "3", "5"], 22),
        (&["ladder", "6"], 16),
        (&["theta", "6", "6", "6"], 18),
    ];
    for (board, edges) in boards {
        let with = |engine: &str| {
            let mut a = board.to_vec();
            a.extend(["--engine", engine]);
            run(&a, limit())
        };
        let (search, brute, canonical) = (with("search"), with("brute"), with("canonical"));
        if let Outcome::Done(s) = &search {
            for other in [&brute, &canonical] {
                if let Outcome::Done(o) = other {
                    assert_eq!((&o.winner, o.winning), (&s.winner, s.winning), "{board:?}: the engines disagree");
                }
            }
        }
        // The faster of the other two; one that ran out of time or was
        // refused counts as at least its limit.
        let others = [&brute, &canonical].map(|o| match o {
            Outcome::Done(r) => r.wall,
            Outcome::TimedOut(t) => *t,
            Outcome::Refused(_) => f64::INFINITY,
        });
        let best = others[0].min(others[1]);
        let speedup = match wall(&search) {
            Some(s) if best.is_finite() => {
                let done = [&brute, &canonical].iter().any(|o| matches!(o, Outcome::Done(_)));
                format!("{}{:.0}x", if done { "" } else { "at least " }, best / s.max(1e-3))
            }
            _ => "-".into(),
        };
        println!(
            "| {} | {edges} | {} | {} | {} | {speedup} |",
            board.join(" "),
            cell(&search),
            cell(&brute),
            cell(&canonical)
        );
    }
    println!();
}

fn w13() {
    println!("## W_13 by the search\n");
    println!("| question | result |\n|---|---|");
    let first = run(&["wheel", "13", "--engine", "search", "--first-win"], limit());
    println!("| the winner (first winning move) | {} |", cell(&first));
    let all = run(&["wheel", "13", "--engine", "search"], limit());
    println!("| every winning move | {} |\n", cell(&all));
}

/// A family for `growth`: its name, its member's arguments and edges by
/// parameter, and the first parameter tried.
type Family = (&'static str, fn(usize) -> Vec<String>, fn(usize) -> usize, usize);

fn growth() {
    println!("## the search's cost by edges, family by family\n");
    println!("| family | board | edges | result |\n|---|---|---|---|");
    let families: [Family; 6] = [
        ("wheel", |n| vec!["wheel".into(), n.to_string()], |n| 2 * n, 5),
        ("grid 3 x N", |n| vec!["grid".into(), "3".into(), n.to_string()], |n| 5 * n - 3, 3),
        ("ladder", |n| vec!["ladder".into(), n.to_string()], |n| 3 * n - 2, 4),
        ("prism", |n| vec!["prism".into(), n.to_string()], |n| 3 * n, 3),
        ("fan", |n| vec!["fan".into(), n.to_string()], |n| 2 * n - 1, 4),
        ("theta (a, a, a)", |n| vec!["theta".into(), n.to_string(), n.to_string(), n.to_string()], |n| 3 * n, 3),
    ];
    let per_board = Duration::from_secs(120);
    let mut fits = Vec::new();
    for (name, args, edges, from) in families {
        let mut points = Vec::new();
        for n in from.. {
            let a = args(n);
            let mut a: Vec<&str> = a.iter().map(String::as_str).collect();
            a.extend(["--engine", "search"]);
            let o = run(&a, per_board);
            println!("| {name} | {n} | {} | {} |", edges(n), cell(&o));
            let Outcome::Done(r) = o else { break };
            points.push((edges(n) as f64, r.work as f64));
            if r.wall > 30.0 {
                break;
            }
        }
        fits.push((name, common::base(&points)));
    }
    println!();
    for (name, b) in fits {
        println!("- {name}: nodes grow about x{b:.2} per edge");
    }
    println!();
}

fn main() {
    let asked: Vec<String> = std::env::args().skip(1).filter(|a| !a.starts_with('-')).collect();
    let want = |name: &str| asked.is_empty() || asked.iter().any(|a| a == name);
    println!(
        "# arrows bench search: {} threads, load {}\n",
        std::thread::available_parallelism().map_or(1, |n| n.get()),
        std::fs::read_to_string("/proc/loadavg").unwrap_or_default().split_whitespace().next().unwrap_or("?")
    );
    if want("compare") {
        compare();
    }
    if want("w13") {
        w13();
    }
    if want("growth") {
        growth();
    }
}
