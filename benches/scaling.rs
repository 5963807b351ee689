//! How the engines scale with cores, against an earlier build in the same run.
//!
//! Each case runs this checkout's release binary as a whole process at
//! each thread count of `ARROWS_THREADS` (default: 1, 2, 4, ... up to the
//! cores of the machine), with `RAYON_NUM_THREADS` set, and reports the
//! wall time, the speed-up over one thread and the peak memory of the
//! process. When `ARROWS_BASELINE` names another `arrows` binary (one built
//! at an earlier commit), it runs that one right after ours at every thread
//! count, checks that it answers the same, and prints its figures and the
//! ratio of the wall times. Cases (the rows of the scaling table):
//!
//! * `trees`: `arrows table trees --edges 15` (19,320 trees);
//! * `brute`: `arrows spider 6 7 7 --engine brute`;
//! * `wheel-brute`: `arrows wheel 10 --cycles --engine brute`;
//! * `wheel`: `arrows wheel 9 --cycles --engine canonical`;
//! * `check`: `arrows check --max 60`.
//!
//! Run with `cargo bench --bench scaling` (all) or
//! `ARROWS_THREADS=1,2 ARROWS_BASELINE=../base/target/release/arrows cargo bench --bench scaling -- trees`.
//! The peak memory is the child's maximum resident set as GNU time
//! (`/usr/bin/time -f %M`) reports it; without that program the column is
//! empty.

use std::process::Command;
use std::time::Instant;

/// One run of a binary: wall time, peak resident bytes, standard output.
struct Run {
    wall: f64,
    peak: Option<u64>,
    out: Vec<u8>,
}

/// Runs `binary args` with `threads` rayon threads, under `/usr/bin/time`
/// when it is there (for the peak memory).
fn run(binary: &str, args: &[&str], threads: usize) -> Run {
    let timer = std::path::Path::new("/usr/bin/time").exists();
    let mut cmd = if timer {
        let mut c = Command::new("/usr/bin/time");
        c.args(["-f", "%M", binary]);
        c
    } else {
        Command::new(binary)
    };
    cmd.args(args).env("RAYON_NUM_THREADS", threads.to_string());
    let start = Instant::now();
    let out = cmd.output().expect("the arrows binary runs");
    let wall = start.elapsed().as_secs_f64();
    assert!(out.status.success(), "{binary} {args:?}: {}", String::from_utf8_lossy(&out.stderr));
    let peak = timer
        .then(|| String::from_utf8_lossy(&out.stderr).lines().last().and_then(|l| l.trim().parse::<u64>().ok()))
        .flatten()
        .map(|kb| kb * 1024);
    Run { wall, peak, out: out.stdout }
}

/// The thread counts to measure.
fn thread_counts() -> Vec<usize> {
    if let Ok(list) = std::env::var("ARROWS_THREADS") {
        return list.split(',').map(|t| t.trim().parse().expect("ARROWS_THREADS: numbers, e.g. 1,2,4")).collect();
    }
    let cores = std::thread::available_parallelism().map_or(1, |n| n.get());
    let mut out = vec![1];
    while out.last().unwrap() * 2 <= cores {
        out.push(out.last().unwrap() * 2);
    }
    if *out.last().unwrap() != cores {
        out.push(cores);
    }
    out
}

fn mib(bytes: Option<u64>) -> String {
    bytes.map_or(String::new(), |b| format!("{:.0} MiB", b as f64 / (1 << 20) as f64))
}

/// Measures one case at every thread count; `answer` reads from a run's
/// output what must not depend on the thread count or the build.
fn case(name: &str, args: &[&str], answer: impl Fn(&[u8]) -> String) {
    let baseline = std::env::var("ARROWS_BASELINE").ok();
    println!("## {name}: arrows {}\n", args.join(" "));
    let extra = if baseline.is_some() { " baseline | its speed-up | its memory | baseline / ours |" } else { "" };
    println!("| threads | wall | speed-up | peak memory |{extra}");
    println!("|{}", "---|".repeat(if baseline.is_some() { 8 } else { 4 }));
    let (mut first, mut first_base) = (None, None);
    let mut want: Option<String> = None;
    for threads in thread_counts() {
        let ours = run(env!("CARGO_BIN_EXE_arrows"), args, threads);
        let got = answer(&ours.out);
        assert_eq!(want.get_or_insert_with(|| got.clone()), &got, "{threads} threads answer otherwise");
        let one = *first.get_or_insert(ours.wall);
        print!("| {threads} | {:.2} s | {:.2}x | {} |", ours.wall, one / ours.wall, mib(ours.peak));
        if let Some(b) = &baseline {
            let base = run(b, args, threads);
            assert_eq!(answer(&base.out), got, "the baseline answers otherwise at {threads} threads");
            let one = *first_base.get_or_insert(base.wall);
            print!(
                " {:.2} s | {:.2}x | {} | {:.2}x |",
                base.wall,
                one / base.wall,
                mib(base.peak),
                base.wall / ours.wall
            );
        }
        println!();
    }
    println!();
}

/// The Grundy value and winning moves of a `--json` report.
fn verdict(out: &[u8]) -> String {
    let v: serde_json::Value = serde_json::from_slice(out).expect("one JSON report");
    format!("{} {}", v["grundy"], v["winning_moves"])
}

fn main() {
    let only: Vec<String> = std::env::args().skip(1).filter(|a| !a.starts_with('-')).collect();
    let wanted = |name: &str| only.is_empty() || only.iter().any(|o| name.contains(o.as_str()));
    if wanted("trees") {
        case("trees", &["table", "trees", "--edges", "15", "--format", "csv", "--quiet"], |out| {
            String::from_utf8_lossy(out).into_owned()
        });
    }
    if wanted("brute") {
        case("brute", &["spider", "6", "7", "7", "--engine", "brute", "--json"], verdict);
    }
    if wanted("wheel-brute") {
        case("wheel-brute", &["wheel", "10", "--cycles", "--engine", "brute", "--json"], verdict);
    }
    if wanted("wheel") {
        case("wheel", &["wheel", "9", "--cycles", "--engine", "canonical", "--json"], verdict);
    }
    if wanted("check") {
        case("check", &["check", "--max", "60", "--json"], |out| {
            // Every check's id, status and instances; not its time.
            String::from_utf8_lossy(out)
                .lines()
                .map(|l| {
                    let v: serde_json::Value = serde_json::from_str(l).expect("a JSON line");
                    format!("{} {} {}\n", v["id"], v["status"], v["instances"])
                })
                .collect()
        });
    }
}
