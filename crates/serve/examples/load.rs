//! Load on the explorer's API: concurrent `/api/analyze` requests on small
//! graphs against a server in this process, each answer compared with the
//! library's own report; the throughput, the latencies, and the resident
//! memory of the process as the requests go by (it must not grow).
//!
//! ```text
//! cargo run --release --example load -p arrows-serve [-- REQUESTS [CONCURRENCY]]
//! ```
//!
//! Defaults: a burst of 200 requests at once, then 10,000 requests with 200
//! in flight. Only the loopback address is used; the run stops by itself.

use arrows_core::describe::describe;
use arrows_core::{Decoration, Play, Position, Variant};
use arrows_serve::Config;
use arrows_solve::Analyzer;
use arrows_solve::study::{Request, study_on};
use arrows_work::{Budget, Control};
use http_body_util::{BodyExt, Empty};
use hyper::body::Bytes;
use hyper_util::client::legacy::Client;
use hyper_util::rt::TokioExecutor;
use serde_json::Value;
use std::sync::Arc;
use std::time::{Duration, Instant};

/// Small positions: (graph, variant, play, state as a query value).
const POSITIONS: &[(&str, &str, &str, &str)] = &[
    ("spider 2 3 3", "trimmed", "normal", ""),
    ("spider 1 2 4", "untrimmed", "normal", ""),
    ("path 6", "trimmed", "misere", ""),
    ("star 5", "untrimmed", "normal", ""),
    ("caterpillar 2,0,3", "trimmed", "normal", "0>1"),
    ("broom 3 3", "trimmed", "normal", ""),
    ("wheel 4", "cycles", "normal", "0>1"),
    ("theta 1 2 3", "cycles", "normal", ""),
    ("k4", "cycles", "misere", ""),
    ("0-1,1-2,2-3,3-0,0-2", "untrimmed", "normal", ""),
];

fn encode(text: &str) -> String {
    text.bytes()
        .map(|b| match b {
            b'A'..=b'Z' | b'a'..=b'z' | b'0'..=b'9' | b'-' | b'_' | b'.' | b'~' => (b as char).to_string(),
            _ => format!("%{b:02X}"),
        })
        .collect()
}

/// The library's report of a position, without the fields that change from run to run.
fn expected(graph: &str, variant: &str, play: &str, state: &str) -> Value {
    let d = describe(graph, Budget::bytes(1 << 30)).expect("a graph");
    let variant: Variant = serde_json::from_value(Value::String(variant.into())).unwrap();
    let play: Play = serde_json::from_value(Value::String(play.into())).unwrap();
    let state = Decoration::parse(&d.graph, state).expect("a state");
    let position = Position::new(&d.graph, variant, &state).with_play(play);
    let explain = arrows_solve::canonical::unsupported(position).is_none();
    let request = Request { engine: None, moves: true, explain, ..Request::default() };
    let report = study_on(&d.name, d.spider, position, &request, &mut Analyzer::new(), &Control::default()).unwrap();
    steady(serde_json::to_value(report).unwrap())
}

fn steady(mut v: Value) -> Value {
    let o = v.as_object_mut().expect("an object");
    for field in ["time_ms", "peak_memory_bytes", "no_decomposition"] {
        o.remove(field);
    }
    v
}

/// The resident memory of this process, from /proc (Linux).
fn resident() -> Option<u64> {
    let status = std::fs::read_to_string("/proc/self/status").ok()?;
    let line = status.lines().find(|l| l.starts_with("VmRSS:"))?;
    let kb: u64 = line.split_whitespace().nth(1)?.parse().ok()?;
    Some(kb * 1024)
}

fn percentile(sorted: &[Duration], p: f64) -> Duration {
    sorted[((sorted.len() as f64 * p).ceil() as usize).clamp(1, sorted.len()) - 1]
}

/// One client for the whole run: its connections are kept and reused.
type Http = Client<hyper_util::client::legacy::connect::HttpConnector, Empty<Bytes>>;

struct Round {
    answered: usize,
    correct: usize,
    wall: Duration,
    latencies: Vec<Duration>,
}

/// `total` requests, `in_flight` at a time, cycling through the positions.
async fn round(http: &Http, base: &str, expected: &Arc<Vec<(String, Value)>>, total: usize, in_flight: usize) -> Round {
    let client = http.clone();
    let permits = Arc::new(tokio::sync::Semaphore::new(in_flight));
    let start = Instant::now();
    let mut tasks = tokio::task::JoinSet::new();
    for i in 0..total {
        let permit = permits.clone().acquire_owned().await.unwrap();
        let (client, expected) = (client.clone(), expected.clone());
        let uri = format!("{base}/api/analyze?{}", expected[i % expected.len()].0);
        tasks.spawn(async move {
            let _permit = permit;
            let sent = Instant::now();
            let response = client.get(uri.parse().unwrap()).await.expect("an answer");
            let ok = response.status() == 200;
            let body = response.into_body().collect().await.expect("a body").to_bytes();
            let took = sent.elapsed();
            let correct = ok
                && serde_json::from_slice::<Value>(&body).map(steady).ok().as_ref()
                    == Some(&expected[i % expected.len()].1);
            (took, correct)
        });
    }
    let mut r = Round { answered: 0, correct: 0, wall: Duration::ZERO, latencies: Vec::with_capacity(total) };
    while let Some(done) = tasks.join_next().await {
        let (took, correct) = done.expect("a request task");
        r.answered += 1;
        r.correct += usize::from(correct);
        r.latencies.push(took);
    }
    r.wall = start.elapsed();
    r.latencies.sort();
    r
}

fn say(name: &str, r: &Round) {
    println!(
        "{name}: {} answered, {} correct, in {:.2} s: {:.0} requests/s; latency p50 {:.1} ms, p99 {:.1} ms, max {:.1} ms",
        r.answered,
        r.correct,
        r.wall.as_secs_f64(),
        r.answered as f64 / r.wall.as_secs_f64(),
        percentile(&r.latencies, 0.50).as_secs_f64() * 1e3,
        percentile(&r.latencies, 0.99).as_secs_f64() * 1e3,
        r.latencies.last().unwrap().as_secs_f64() * 1e3,
    );
}

fn mib(b: Option<u64>) -> String {
    b.map_or_else(|| "unknown".into(), |b| format!("{:.1} MiB", b as f64 / (1 << 20) as f64))
}

#[tokio::main]
async fn main() {
    let args: Vec<usize> = std::env::args().skip(1).map(|a| a.parse().expect("a number")).collect();
    let total = args.first().copied().unwrap_or(10_000);
    let in_flight = args.get(1).copied().unwrap_or(200);
    let config = Config::default();
    let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.expect("a free port");
    let base = format!("http://{}", listener.local_addr().unwrap());
    tokio::spawn(arrows_serve::serve(listener, config));
    println!("server at {base}: {} analyses at once, {} requests in all, {in_flight} in flight", config.jobs, total);

    let expected: Arc<Vec<(String, Value)>> = Arc::new(
        POSITIONS
            .iter()
            .map(|&(g, v, p, s)| {
                let query = format!("graph={}&variant={v}&play={p}&state={}", encode(g), encode(s));
                (query, expected(g, v, p, s))
            })
            .collect(),
    );
    println!("resident memory at the start: {}", mib(resident()));
    let http: Http = Client::builder(TokioExecutor::new()).pool_max_idle_per_host(in_flight).build_http();
    let burst = round(&http, &base, &expected, in_flight, in_flight).await;
    say(&format!("burst of {in_flight} at once"), &burst);
    println!("resident memory after the burst: {}", mib(resident()));

    let mut all = Round { answered: 0, correct: 0, wall: Duration::ZERO, latencies: Vec::new() };
    let chunk = 1000.min(total);
    let mut memory = Vec::new();
    while all.answered < total {
        let r = round(&http, &base, &expected, chunk.min(total - all.answered), in_flight).await;
        all.answered += r.answered;
        all.correct += r.correct;
        all.wall += r.wall;
        all.latencies.extend(r.latencies);
        memory.push((all.answered, resident()));
    }
    all.latencies.sort();
    say(&format!("{total} requests, {in_flight} in flight"), &all);
    let trail: Vec<String> = memory.iter().map(|(n, m)| format!("{n}: {}", mib(*m))).collect();
    println!("resident memory after each 1,000: {}", trail.join(", "));
    let failed = burst.answered - burst.correct + all.answered - all.correct;
    if failed > 0 {
        eprintln!("{failed} answers differ from the library's");
        std::process::exit(1);
    }
}
