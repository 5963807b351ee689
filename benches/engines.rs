//! Benchmarks of the Game of Arrows engines, as whole `arrows` processes.
//!
//! Each case runs the release binary once (`arrows spider ... --json --stats`)
//! and reports the whole-process wall time measured here, the engine's own
//! time and work from the JSON, and the process's peak resident memory
//! (VmHWM, which the binary reports). Cases:
//!
//! * `brute`: the brute-force engine on trimmed spiders of 12, 16 and 20
//!   edges: states per second and peak memory;
//! * `canonical`: trimmed S(n,n,n) for n = 10, 20, 40, 60, 80, 100, with the
//!   growth exponent fitted by least squares on log time against log n;
//! * `untrimmed`: S(5,5,7) and S(5,7,7) in the Game of Arrows;
//! * `ratio`: the same spiders at 16 and 20 edges by both engines;
//! * `families`: paths, cycles and stars of growing size with the canonical
//!   engine (path pieces by the closed forms of Section 5, cycles by their
//!   least rotation), winning moves included;
//! * `refusals`: K7 and K8 (graph6) with the brute-force and explicit
//!   engines, refused up front by their estimates: the time to refuse.
//!
//! Run with `cargo bench --bench engines` (all) or
//! `cargo bench --bench engines -- canonical ratio` (some).

use std::process::Command;
use std::time::Instant;

struct Run {
    wall: f64,
    engine_ms: f64,
    solved: u64,
    grundy: u64,
    peak_mib: f64,
}

fn run(args: &[&str]) -> Run {
    let mut all: Vec<&str> = args.to_vec();
    all.extend(["--json", "--stats"]);
    let start = Instant::now();
    let out = Command::new(env!("CARGO_BIN_EXE_arrows")).args(&all).output().expect("the arrows binary runs");
    let wall = start.elapsed().as_secs_f64();
    assert!(out.status.success(), "arrows {all:?}: {}", String::from_utf8_lossy(&out.stderr));
    let v: serde_json::Value = serde_json::from_slice(&out.stdout).expect("one JSON report");
    Run {
        wall,
        engine_ms: v["time_ms"].as_f64().unwrap_or(f64::NAN),
        solved: v["solved"].as_u64().unwrap_or(0),
        grundy: v["grundy"].as_u64().unwrap_or(u64::MAX),
        peak_mib: v["peak_memory_bytes"].as_u64().map_or(f64::NAN, |b| b as f64 / (1 << 20) as f64),
    }
}

fn spider_args(legs: &[usize], engine: &str, untrimmed: bool) -> Vec<String> {
    let mut a = vec!["spider".to_string()];
    a.extend(legs.iter().map(|l| l.to_string()));
    a.extend(["--engine".to_string(), engine.to_string()]);
    if untrimmed {
        a.push("--untrimmed".into());
    }
    a
}

fn case(legs: &[usize], engine: &str, untrimmed: bool) -> Run {
    let a = spider_args(legs, engine, untrimmed);
    run(&a.iter().map(String::as_str).collect::<Vec<_>>())
}

fn name(legs: &[usize]) -> String {
    format!("S({})", legs.iter().map(|l| l.to_string()).collect::<Vec<_>>().join(","))
}

fn brute() {
    println!("## brute force, trimmed spiders\n");
    println!("| spider | edges | grundy | states | process time | engine time | states/s | peak memory |");
    println!("|---|---|---|---|---|---|---|---|");
    for legs in [[4, 4, 4], [5, 5, 6], [6, 7, 7]] {
        let r = case(&legs, "brute", false);
        println!(
            "| {} | {} | {} | {} | {:.2} s | {:.2} s | {:.2} M | {:.0} MiB |",
            name(&legs),
            legs.iter().sum::<usize>(),
            r.grundy,
            r.solved,
            r.wall,
            r.engine_ms / 1e3,
            r.solved as f64 / (r.engine_ms / 1e3) / 1e6,
            r.peak_mib
        );
    }
    println!();
}

fn canonical() {
    println!("## canonical engine, trimmed S(n,n,n)\n");
    println!("| n | edges | grundy | classes | process time | engine time | peak memory |");
    println!("|---|---|---|---|---|---|---|");
    let mut points = Vec::new();
    for n in [10, 20, 40, 60, 80, 100] {
        let r = case(&[n, n, n], "canonical", false);
        println!(
            "| {n} | {} | {} | {} | {:.3} s | {:.3} s | {:.0} MiB |",
            3 * n,
            r.grundy,
            r.solved,
            r.wall,
            r.engine_ms / 1e3,
            r.peak_mib
        );
        points.push(((n as f64).ln(), (r.engine_ms / 1e3).ln()));
    }
    // Least squares slope of log time against log n, over n >= 20 (below,
    // fixed costs dominate).
    let p: Vec<(f64, f64)> = points[1..].to_vec();
    let k = p.len() as f64;
    let (sx, sy) = (p.iter().map(|q| q.0).sum::<f64>(), p.iter().map(|q| q.1).sum::<f64>());
    let sxx = p.iter().map(|q| q.0 * q.0).sum::<f64>();
    let sxy = p.iter().map(|q| q.0 * q.1).sum::<f64>();
    let slope = (k * sxy - sx * sy) / (k * sxx - sx * sx);
    println!("\nfitted growth: engine time ~ n^{slope:.2} (n = 20..100)\n");
}

fn untrimmed() {
    println!("## canonical engine, untrimmed (Game of Arrows)\n");
    println!("| spider | edges | grundy | classes | process time | engine time | peak memory |");
    println!("|---|---|---|---|---|---|---|");
    for legs in [[5, 5, 7], [5, 7, 7]] {
        let r = case(&legs, "canonical", true);
        println!(
            "| {} | {} | {} | {} | {:.1} ms | {:.2} ms | {:.0} MiB |",
            name(&legs),
            legs.iter().sum::<usize>(),
            r.grundy,
            r.solved,
            r.wall * 1e3,
            r.engine_ms,
            r.peak_mib
        );
    }
    println!();
}

fn ratio() {
    println!("## brute force against canonical, same spider\n");
    println!(
        "| spider | edges | brute process | canonical process | ratio | brute engine | canonical engine | ratio |"
    );
    println!("|---|---|---|---|---|---|---|---|");
    for legs in [[5, 5, 6], [6, 7, 7]] {
        let b = case(&legs, "brute", false);
        let c = case(&legs, "canonical", false);
        assert_eq!(b.grundy, c.grundy, "the engines disagree on {}", name(&legs));
        println!(
            "| {} | {} | {:.2} s | {:.1} ms | {:.0}x | {:.2} s | {:.2} ms | {:.0}x |",
            name(&legs),
            legs.iter().sum::<usize>(),
            b.wall,
            c.wall * 1e3,
            b.wall / c.wall,
            b.engine_ms / 1e3,
            c.engine_ms,
            b.engine_ms / c.engine_ms
        );
    }
    println!();
}

fn families() {
    println!("## canonical engine, paths, cycles and stars\n");
    println!("| game | grundy | classes | process time | engine time | peak memory |");
    println!("|---|---|---|---|---|---|");
    let games: [(&str, usize); 9] = [
        ("path", 1_000),
        ("path", 10_000),
        ("path", 100_000),
        ("cycle", 100),
        ("cycle", 1_000),
        ("cycle", 3_000),
        ("star", 30),
        ("star", 100),
        ("star", 300),
    ];
    for (family, n) in games {
        let size = n.to_string();
        let r = run(&[family, &size]);
        println!(
            "| {family} {n} | {} | {} | {:.3} s | {:.3} s | {:.0} MiB |",
            r.grundy,
            r.solved,
            r.wall,
            r.engine_ms / 1e3,
            r.peak_mib
        );
    }
    println!();
}

fn refusals() {
    println!("## refused up front: complete graphs\n");
    println!("| graph | engine | process time | message |");
    println!("|---|---|---|---|");
    for (name, g6) in [("K7", "F~~~w"), ("K8", "G~~~~{")] {
        for engine in ["brute", "explicit"] {
            let start = Instant::now();
            let out = Command::new(env!("CARGO_BIN_EXE_arrows"))
                .args(["graph", "--graph6", g6, "--engine", engine])
                .output()
                .expect("the arrows binary runs");
            let wall = start.elapsed().as_secs_f64();
            assert_eq!(out.status.code(), Some(2), "{name} {engine} is refused");
            let message = String::from_utf8_lossy(&out.stderr).trim().to_string();
            println!("| {name} | {engine} | {:.1} ms | {message} |", wall * 1e3);
        }
    }
    println!();
}

fn main() {
    // `cargo bench` passes `--bench`; other arguments select cases.
    let wanted: Vec<String> = std::env::args().skip(1).filter(|a| !a.starts_with('-')).collect();
    let cases: [(&str, fn()); 6] = [
        ("brute", brute),
        ("canonical", canonical),
        ("untrimmed", untrimmed),
        ("ratio", ratio),
        ("families", families),
        ("refusals", refusals),
    ];
    for (n, f) in cases {
        if wanted.is_empty() || wanted.iter().any(|w| w == n) {
            f();
        }
    }
}
