//! The server under clients that misbehave: a request cancelled at the
//! time limit frees its worker within a second, connections that send
//! slowly, idle or never read their answer are closed, requests to
//! another host (DNS rebinding), with another method or quoting a huge
//! input are refused in one JSON line, and every answer carries its
//! safety headers.

use crate::support::{Http, encode, start};
use arrows_serve::{Config, Connections};
use arrows_work::Budget;
use serde_json::Value;
use std::io::{Read, Write};
use std::net::SocketAddr;
use std::time::{Duration, Instant};
use tokio::net::TcpSocket;

fn config(timeout: Duration, jobs: usize) -> Config {
    let connections = Connections {
        header_timeout: Duration::from_millis(400),
        write_timeout: Duration::from_millis(400),
        ..Connections::default()
    };
    Config { timeout, budget: Budget::bytes(4 << 30), memory: Budget::bytes(8 << 30), jobs, connections }
}

/// K9 in graph6: within the budget, and hours of the canonical engine.
const K9: &str = "H~~~~~~";

/// The server's status.
async fn status(http: &Http) -> Value {
    http.get("/api/status", &[]).await.json()
}

/// A request cut off at the time limit stops its engine (at its next
/// checkpoint, well within a second on an idle machine; the bound here is
/// generous, for a busy one), and the next request is answered; cycles,
/// once quadratic and deaf to the cancellation (two requests for `cycle
/// 1000000` held both workers for minutes), are answered within the limit.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_cancelled_request_frees_its_worker() {
    let http = Http::new(start(config(Duration::from_millis(500), 1)).await);
    for _ in 0..2 {
        let answer = http.get("/api/analyze", &[("graph", K9)]).await;
        assert_eq!(answer.status, 503, "{}", answer.body);
        let cut = Instant::now();
        loop {
            let s = status(&http).await;
            if s["running"] == 0 {
                break;
            }
            assert!(cut.elapsed() < Duration::from_secs(30), "the worker still runs 30 s after the 503: {s}");
            tokio::time::sleep(Duration::from_millis(10)).await;
        }
        let next = http.get("/api/analyze", &[("graph", "path 3")]).await;
        assert_eq!(next.status, 200, "{}", next.body);
    }
    let http = Http::new(start(config(Duration::from_secs(10), 2)).await);
    let (a, b) = tokio::join!(
        http.get("/api/analyze", &[("graph", "cycle 20000")]),
        http.get("/api/analyze", &[("graph", "cycle 20001")])
    );
    assert_eq!((a.status, b.status), (200, 200), "{} {}", &a.body[..200.min(a.body.len())], b.body.len());
    assert_eq!(a.json()["winner"], "second");
    assert_eq!(b.json()["winning_moves"].as_array().unwrap().len(), 40002);
}

/// Sends `request` on a fresh connection and reads until the server
/// closes it (at most `wait`): the bytes read, and whether it closed.
async fn exchange(address: SocketAddr, request: &[u8], wait: Duration) -> (Vec<u8>, bool) {
    let request = request.to_vec();
    tokio::task::spawn_blocking(move || {
        let mut stream = std::net::TcpStream::connect(address).unwrap();
        stream.write_all(&request).unwrap();
        read_until_closed(&mut stream, wait)
    })
    .await
    .unwrap()
}

/// Reads until the server closes the connection, for at most `wait`.
fn read_until_closed(stream: &mut std::net::TcpStream, wait: Duration) -> (Vec<u8>, bool) {
    let mut got = Vec::new();
    let mut buf = [0u8; 1 << 16];
    let deadline = Instant::now() + wait;
    loop {
        let left = deadline.saturating_duration_since(Instant::now());
        if left.is_zero() {
            return (got, false);
        }
        stream.set_read_timeout(Some(left)).unwrap();
        match stream.read(&mut buf) {
            Ok(0) => return (got, true),
            Ok(n) => got.extend_from_slice(&buf[..n]),
            Err(e) if matches!(e.kind(), std::io::ErrorKind::WouldBlock | std::io::ErrorKind::TimedOut) => {
                return (got, false);
            }
            Err(_) => return (got, true),
        }
    }
}

/// The status line, the headers (names lowercase) and the body of an answer.
fn parse(answer: &[u8]) -> (u16, Vec<(String, String)>, String) {
    let text = String::from_utf8_lossy(answer);
    let (head, body) = text.split_once("\r\n\r\n").unwrap_or_else(|| panic!("no answer: {text}"));
    let mut lines = head.lines();
    let status = lines.next().unwrap().split_whitespace().nth(1).unwrap().parse().unwrap();
    let headers = lines
        .filter_map(|l| l.split_once(':'))
        .map(|(k, v)| (k.trim().to_ascii_lowercase(), v.trim().to_string()))
        .collect();
    (status, headers, body.to_string())
}

fn header<'a>(headers: &'a [(String, String)], name: &str) -> Option<&'a str> {
    headers.iter().find(|(k, _)| k == name).map(|(_, v)| v.as_str())
}

/// A request whose head never ends, and a kept-alive connection that asks
/// nothing more, are closed after the header time limit (400 ms here; the
/// test waits a minute at most, for a busy machine).
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn slow_and_idle_connections_are_closed() {
    let address = start(config(Duration::from_secs(10), 1)).await;
    let start = Instant::now();
    let (got, closed) =
        exchange(address, b"GET /api/status HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Slow: ", Duration::from_secs(60)).await;
    assert!(closed, "a head that never ends keeps its connection");
    assert!(start.elapsed() >= Duration::from_millis(400), "{:?}", start.elapsed());
    assert!(got.is_empty() || String::from_utf8_lossy(&got).starts_with("HTTP/1.1 408"), "{got:?}");
    let start = Instant::now();
    let (got, closed) =
        exchange(address, b"GET /api/status HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n", Duration::from_secs(60)).await;
    assert!(closed, "an idle kept-alive connection stays open");
    assert!(start.elapsed() >= Duration::from_millis(400), "{:?}", start.elapsed());
    assert_eq!(parse(&got).0, 200);
}

/// An answer the client does not read is dropped with its connection once
/// writing it has stalled for the write time limit (400 ms here), instead
/// of being held in memory for as long as the client keeps the connection.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn an_answer_nobody_reads_is_dropped() {
    let address = start(config(Duration::from_secs(20), 1)).await;
    let socket = TcpSocket::new_v4().unwrap();
    socket.set_recv_buffer_size(4096).unwrap();
    let mut stream = socket.connect(address).await.unwrap().into_std().unwrap();
    stream.set_nonblocking(false).unwrap();
    let request = format!(
        "GET /api/analyze?graph={} HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n",
        encode("path 100000")
    );
    stream.write_all(request.as_bytes()).unwrap();
    // The answer is some 16 MB: computed, then stalled in its first few
    // hundred kilobytes while this client reads nothing.
    let http = Http::new(address);
    let begun = Instant::now();
    while status(&http).await["finished"] == 0 {
        assert!(begun.elapsed() < Duration::from_secs(120), "the analysis did not finish");
        tokio::time::sleep(Duration::from_millis(20)).await;
    }
    tokio::time::sleep(Duration::from_secs(2)).await;
    let (got, closed) =
        tokio::task::spawn_blocking(move || read_until_closed(&mut stream, Duration::from_secs(5))).await.unwrap();
    assert!(closed);
    let (status, headers, body) = parse(&got);
    assert_eq!(status, 200);
    let length: usize = header(&headers, "content-length").expect("a length").parse().unwrap();
    assert!(length > 10 << 20, "{length}");
    assert!(body.len() < length / 2, "{} of {length} bytes sent to a client that read nothing", body.len());
}

/// Safety headers on every answer; 405, 421 and long quotes in one JSON line.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn headers_methods_hosts_and_long_quotes() {
    let address = start(config(Duration::from_secs(10), 1)).await;
    let ask =
        |request: String| async move { parse(&exchange(address, request.as_bytes(), Duration::from_secs(10)).await.0) };
    for path in ["/", "/app.js", "/api/status", "/api/analyze?graph=path%203", "/nowhere"] {
        let (_, headers, _) = ask(format!("GET {path} HTTP/1.1\r\nHost: localhost\r\nConnection: close\r\n\r\n")).await;
        assert_eq!(header(&headers, "x-content-type-options"), Some("nosniff"), "{path}");
        assert_eq!(header(&headers, "x-frame-options"), Some("DENY"), "{path}");
        let policy = header(&headers, "content-security-policy").unwrap_or_else(|| panic!("{path}: no policy"));
        assert!(policy.contains("frame-ancestors 'none'") && policy.contains("script-src 'self'"), "{policy}");
    }
    // Another method: 405 with a JSON error, and the methods allowed.
    let (status, headers, body) =
        ask("POST /api/analyze HTTP/1.1\r\nHost: localhost\r\nContent-Length: 0\r\nConnection: close\r\n\r\n".into())
            .await;
    assert_eq!(status, 405, "{body}");
    assert_eq!(header(&headers, "allow"), Some("GET, HEAD"));
    let error: Value = serde_json::from_str(&body).unwrap();
    assert!(error["error"].as_str().unwrap().contains("only GET"), "{body}");
    // A page of another site whose name resolves to this machine (DNS rebinding).
    for host in ["evil.example", "evil.example:8080", "127.0.0.1.evil.example"] {
        let (status, _, body) =
            ask(format!("GET /api/analyze?graph=path%203 HTTP/1.1\r\nHost: {host}\r\nConnection: close\r\n\r\n")).await;
        assert_eq!(status, 421, "{host}: {body}");
        let error: Value = serde_json::from_str(&body).unwrap();
        assert!(error["error"].as_str().unwrap().contains("localhost only"), "{body}");
    }
    for host in ["localhost:1234", "127.0.0.1", "[::1]:80"] {
        let (status, _, body) =
            ask(format!("GET /api/status HTTP/1.1\r\nHost: {host}\r\nConnection: close\r\n\r\n")).await;
        assert_eq!(status, 200, "{host}: {body}");
    }
    // A message that quotes a long input keeps its start and its advice, not the input.
    let junk = format!("spider {}", "x".repeat(60_000));
    let answer = Http::new(address).get("/api/analyze", &[("graph", &junk)]).await;
    assert_eq!(answer.status, 400, "{}", &answer.body[..300]);
    let message = answer.error();
    assert!(message.chars().count() <= 1000, "{} characters", message.chars().count());
    assert!(message.contains("characters left out"), "{message}");
}
