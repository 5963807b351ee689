//! What the Game of Cycles benchmarks share: one run of the `arrows`
//! binary under a time limit, and the growth fit of their tables.

use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

/// A run that gave no report.
pub enum Stopped {
    /// Killed at the time limit, after this many seconds.
    TimedOut(f64),
    /// Refused (exit code 2): the message.
    Refused(String),
}

/// A finished run: its wall seconds, the CPU seconds of the process
/// (its rusage as a child, so every thread counts) and its JSON report.
pub struct Finished {
    pub wall: f64,
    // The search's bench reports it; the cycles bench reports the engine's own time.
    #[allow(dead_code)]
    pub cpu: f64,
    pub report: serde_json::Value,
}

/// CPU seconds of this process's finished children so far.
fn children_cpu() -> f64 {
    // /proc/self/stat fields 16 and 17: cutime and cstime, in clock ticks.
    let stat = std::fs::read_to_string("/proc/self/stat").unwrap_or_default();
    let after = stat.rsplit_once(')').map_or("", |(_, r)| r);
    let fields: Vec<&str> = after.split_whitespace().collect();
    let tick = |i: usize| fields.get(i).and_then(|x| x.parse::<f64>().ok()).unwrap_or(0.0);
    // After the closing parenthesis the fields start at number 3.
    (tick(16 - 3) + tick(17 - 3)) / 100.0
}

/// Runs `arrows ARGS --cycles --json --stats --max-memory 8G`, killed after
/// `limit`; any exit other than 0 and 2 is a failed benchmark.
pub fn run(args: &[&str], limit: Duration) -> Result<Finished, Stopped> {
    let mut all: Vec<&str> = args.to_vec();
    all.extend(["--cycles", "--json", "--stats", "--max-memory", "8G"]);
    let cpu_before = children_cpu();
    let start = Instant::now();
    let mut child = Command::new(env!("CARGO_BIN_EXE_arrows"))
        .args(&all)
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("the arrows binary runs");
    loop {
        if child.try_wait().expect("the child is waited for").is_some() {
            break;
        }
        if start.elapsed() > limit {
            child.kill().expect("the child is killed");
            child.wait().expect("the child is reaped");
            return Err(Stopped::TimedOut(start.elapsed().as_secs_f64()));
        }
        std::thread::sleep(Duration::from_millis(20));
    }
    let wall = start.elapsed().as_secs_f64();
    let out = child.wait_with_output().expect("the output is read");
    let cpu = children_cpu() - cpu_before;
    if out.status.code() == Some(2) {
        return Err(Stopped::Refused(String::from_utf8_lossy(&out.stderr).trim().to_string()));
    }
    assert!(out.status.success(), "arrows {all:?}: {}", String::from_utf8_lossy(&out.stderr));
    let report = serde_json::from_slice(&out.stdout).expect("one JSON report");
    Ok(Finished { wall, cpu, report })
}

/// The peak memory of a report, in MiB.
pub fn peak_mib(report: &serde_json::Value) -> f64 {
    report["peak_memory_bytes"].as_u64().map_or(f64::NAN, |b| b as f64 / (1 << 20) as f64)
}

/// The base `b` of the least-squares fit `y ~ a b^x`.
pub fn base(points: &[(f64, f64)]) -> f64 {
    let p: Vec<(f64, f64)> = points.iter().filter(|q| q.1 > 0.0).map(|&(x, y)| (x, y.ln())).collect();
    let k = p.len() as f64;
    if k < 2.0 {
        return f64::NAN;
    }
    let (sx, sy) = (p.iter().map(|q| q.0).sum::<f64>(), p.iter().map(|q| q.1).sum::<f64>());
    let sxx = p.iter().map(|q| q.0 * q.0).sum::<f64>();
    let sxy = p.iter().map(|q| q.0 * q.1).sum::<f64>();
    ((k * sxy - sx * sy) / (k * sxx - sx * sx)).exp()
}
