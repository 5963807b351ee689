//! The speed targets, measured against an earlier build in the same run.
//!
//! Each case runs this checkout's release binary as a whole process and,
//! when `ARROWS_BASELINE` names another `arrows` binary (say one built at
//! an earlier commit with `git worktree add` and `cargo build --release`),
//! runs that one on the same input right after it and prints the ratio of
//! their wall times. Both report the same value or the case fails. Cases:
//!
//! * `trees`: the trimmed sweep of every tree with 13 and 16 edges
//!   (`arrows table trees --edges N`), wall time and trees per second;
//! * `spiders`: trimmed S(n,n,n) for n = 100, 200, 300 on the canonical
//!   engine: time, peak memory, classes;
//! * `brute`: trimmed S(5,5,6) and S(6,7,7) by brute force: states per
//!   second, bytes of peak memory per state, which memo layout was taken;
//! * `cycles`: the Game of Cycles on the wheel with 8 spokes by brute force.
//!
//! Run with `cargo bench --bench speed` (all) or
//! `ARROWS_BASELINE=../base/target/release/arrows cargo bench --bench speed -- brute`.

use std::process::Command;
use std::time::Instant;

/// One run of a binary: wall time and its standard output.
struct Run {
    wall: f64,
    out: Vec<u8>,
}

fn run(binary: &str, args: &[&str]) -> Run {
    let start = Instant::now();
    let out = Command::new(binary).args(args).output().expect("the arrows binary runs");
    let wall = start.elapsed().as_secs_f64();
    assert!(out.status.success(), "{binary} {args:?}: {}", String::from_utf8_lossy(&out.stderr));
    Run { wall, out: out.stdout }
}

fn json(run: &Run) -> serde_json::Value {
    serde_json::from_slice(&run.out).expect("one JSON report")
}

/// Runs `args` on this build and on the baseline, if any; checks that
/// `same` reads the same answer from both outputs.
fn both(args: &[&str], same: impl Fn(&Run) -> String) -> (Run, Option<Run>) {
    let ours = run(env!("CARGO_BIN_EXE_arrows"), args);
    let base = std::env::var("ARROWS_BASELINE").ok().map(|b| run(&b, args));
    if let Some(b) = &base {
        assert_eq!(same(&ours), same(b), "the baseline answers otherwise: {args:?}");
    }
    (ours, base)
}

fn ratio(ours: &Run, base: &Option<Run>) -> String {
    base.as_ref().map_or("".into(), |b| format!("{:.2} s | {:.2}x |", b.wall, b.wall / ours.wall))
}

fn header(title: &str, columns: &str) {
    let base = std::env::var("ARROWS_BASELINE").is_ok();
    println!("## {title}\n");
    let extra = if base { " baseline | speed-up |" } else { "" };
    println!("| {columns} |{extra}");
    let n = columns.matches('|').count() + 1 + if base { 2 } else { 0 };
    println!("|{}", "---|".repeat(n));
}

fn trees() {
    header("trimmed sweep of every tree", "edges | trees | wall");
    for edges in ["13", "16"] {
        let args = ["table", "trees", "--edges", edges, "--json"];
        // Every tree's value, in order (older builds print no checksum).
        let values = |r: &Run| {
            let rows = json(r)["rows"].as_array().cloned().unwrap_or_default();
            rows.iter().map(|row| format!("{} {}\n", row["graph6"], row["grundy"])).collect::<String>()
        };
        let (ours, base) = both(&args, values);
        let rows = json(&ours)["total"].as_u64().unwrap_or(0);
        println!("| {edges} | {rows} | {:.2} s | {}", ours.wall, ratio(&ours, &base));
    }
    println!();
}

fn spiders() {
    header("canonical engine, trimmed S(n,n,n)", "n | grundy | classes | wall | peak memory");
    for n in ["100", "200", "300"] {
        let args = ["spider", n, n, n, "--json", "--stats"];
        let (ours, base) = both(&args, |r| json(r)["grundy"].to_string());
        let v = json(&ours);
        println!(
            "| {n} | {} | {} | {:.3} s | {:.0} MiB | {}",
            v["grundy"],
            v["solved"],
            ours.wall,
            v["peak_memory_bytes"].as_f64().unwrap_or(f64::NAN) / (1 << 20) as f64,
            ratio(&ours, &base)
        );
    }
    println!();
}

fn brute_case(args: &[&str]) {
    let mut all = args.to_vec();
    all.extend(["--engine", "brute", "--json", "--stats"]);
    let (ours, base) = both(&all, |r| json(r)["grundy"].to_string());
    let v = json(&ours);
    let states = v["solved"].as_f64().unwrap_or(f64::NAN);
    let peak = v["peak_memory_bytes"].as_f64().unwrap_or(f64::NAN);
    let engine = v["time_ms"].as_f64().unwrap_or(f64::NAN) / 1e3;
    println!(
        "| {} | {} | {states} | {:.2} s | {:.2} M | {:.1} | {}",
        args.join(" "),
        v["edges"],
        ours.wall,
        states / engine / 1e6,
        peak / states,
        ratio(&ours, &base)
    );
}

fn brute() {
    header("brute force", "game | edges | states | wall | states/s | peak bytes per state");
    brute_case(&["spider", "5", "5", "6"]);
    brute_case(&["spider", "6", "7", "7"]);
    println!();
}

fn cycles() {
    header("brute force, Game of Cycles", "game | edges | states | wall | states/s | peak bytes per state");
    brute_case(&["wheel", "8", "--cycles"]);
    println!();
}

fn main() {
    let wanted: Vec<String> = std::env::args().skip(1).filter(|a| !a.starts_with("--")).collect();
    let cases: [(&str, fn()); 4] = [("trees", trees), ("spiders", spiders), ("brute", brute), ("cycles", cycles)];
    for (name, f) in cases {
        if wanted.is_empty() || wanted.iter().any(|w| w == name) {
            f();
        }
    }
}
