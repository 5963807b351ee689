//! The server under abuse, through a real server on the loopback address:
//! huge positions, two at once; requests a page of another site makes a
//! browser send; 800 idle connections, reopened as soon as the server
//! closes them; and meanwhile a normal client keeps asking and is
//! answered every time. Every count is bounded and every wait too (the
//! bounds are generous, for a busy machine); the tests decide by the
//! answers received, never by how long they took.

use crate::support::{Http, encode, start};
use arrows_serve::{Config, Connections};
use arrows_work::Budget;
use serde_json::Value;
use std::net::SocketAddr;
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::time::{Duration, Instant};
use tokio::net::TcpStream;

/// Writes all of `bytes` to `stream`.
async fn write_all(stream: &TcpStream, mut bytes: &[u8]) -> std::io::Result<()> {
    while !bytes.is_empty() {
        stream.writable().await?;
        match stream.try_write(bytes) {
            Ok(n) => bytes = &bytes[n..],
            Err(e) if e.kind() == std::io::ErrorKind::WouldBlock => {}
            Err(e) => return Err(e),
        }
    }
    Ok(())
}

/// Reads into `buf`: the bytes read, 0 when the server closed the connection.
async fn read(stream: &TcpStream, buf: &mut [u8]) -> std::io::Result<usize> {
    loop {
        stream.readable().await?;
        match stream.try_read(buf) {
            Err(e) if e.kind() == std::io::ErrorKind::WouldBlock => {}
            done => return done,
        }
    }
}

/// Reads until the server closes the connection.
async fn read_to_end(stream: &TcpStream, got: &mut Vec<u8>) -> std::io::Result<()> {
    let mut buf = vec![0u8; 1 << 16];
    loop {
        match read(stream, &mut buf).await? {
            0 => return Ok(()),
            n => got.extend_from_slice(&buf[..n]),
        }
    }
}

/// A request sent on a fresh connection (`Connection: close`) with the
/// extra header lines `extra`: the status and the body, or `None` when the
/// server closed the connection without an answer.
async fn ask(address: SocketAddr, target: &str, extra: &str) -> Option<(u16, String)> {
    let stream = TcpStream::connect(address).await.ok()?;
    let request = format!("GET {target} HTTP/1.1\r\nHost: 127.0.0.1\r\n{extra}Connection: close\r\n\r\n");
    write_all(&stream, request.as_bytes()).await.ok()?;
    let mut got = Vec::new();
    // Generous: the answers here take milliseconds on an idle machine.
    tokio::time::timeout(Duration::from_secs(120), read_to_end(&stream, &mut got)).await.ok()?.ok()?;
    let text = String::from_utf8_lossy(&got).into_owned();
    let (head, body) = text.split_once("\r\n\r\n")?;
    let status = head.split_whitespace().nth(1)?.parse().ok()?;
    Some((status, body.to_string()))
}

/// The message of a JSON error answer.
fn message(body: &str) -> String {
    let v: Value = serde_json::from_str(body).unwrap_or_else(|e| panic!("not JSON ({e}): {body}"));
    v["error"].as_str().unwrap_or_else(|| panic!("no error: {body}")).to_string()
}

/// Idle connections: `count` opened and left silent; each one the server
/// closes is opened again, until `stop` is set or `most` were opened in
/// all. The connections opened, and those the server closed.
struct Flood {
    opened: Arc<AtomicUsize>,
    closed: Arc<AtomicUsize>,
    stop: Arc<AtomicBool>,
    tasks: Vec<tokio::task::JoinHandle<()>>,
}

impl Flood {
    fn start(address: SocketAddr, count: usize, most: usize) -> Flood {
        let opened = Arc::new(AtomicUsize::new(0));
        let closed = Arc::new(AtomicUsize::new(0));
        let stop = Arc::new(AtomicBool::new(false));
        let tasks = (0..count)
            .map(|_| {
                let (opened, closed, stop) = (opened.clone(), closed.clone(), stop.clone());
                tokio::spawn(async move {
                    while !stop.load(Ordering::Relaxed) && opened.fetch_add(1, Ordering::Relaxed) < most {
                        let Ok(stream) = TcpStream::connect(address).await else {
                            tokio::time::sleep(Duration::from_millis(10)).await;
                            continue;
                        };
                        // Silent until the server closes it, or the flood ends.
                        let mut byte = [0u8; 1];
                        loop {
                            match tokio::time::timeout(Duration::from_millis(200), read(&stream, &mut byte)).await {
                                Ok(Ok(0) | Err(_)) => {
                                    closed.fetch_add(1, Ordering::Relaxed);
                                    break;
                                }
                                Ok(Ok(_)) => {}
                                Err(_) if stop.load(Ordering::Relaxed) => return,
                                Err(_) => {}
                            }
                        }
                    }
                })
            })
            .collect();
        Flood { opened, closed, stop, tasks }
    }

    async fn end(self) -> (usize, usize) {
        self.stop.store(true, Ordering::Relaxed);
        for t in self.tasks {
            t.await.unwrap();
        }
        (self.opened.load(Ordering::Relaxed), self.closed.load(Ordering::Relaxed))
    }
}

/// A request asked up to three times when the server closed the
/// connection before answering (as a browser asks again): the status, the
/// body, and the tries it took.
async fn ask_again(address: SocketAddr, target: &str, extra: &str) -> (u16, String, usize) {
    for tries in 1..=3 {
        if let Some((status, body)) = ask(address, target, extra).await {
            return (status, body, tries);
        }
    }
    panic!("{target} {extra:?}: the connection was closed three times without an answer");
}

/// A normal client's request: a small analysis, or a position and its drawing.
async fn normal(address: SocketAddr, i: usize) -> (u16, String, usize) {
    let target = if i.is_multiple_of(2) {
        format!("/api/analyze?graph={}", encode("spider 2 3 3"))
    } else {
        format!("/api/position?graph={}&draw=svg", encode("wheel 5"))
    };
    ask_again(address, &target, "").await
}

/// Two huge positions at once, cross-site requests and 800 idle
/// connections reopened as they close, while a normal client asks 24
/// questions: every one of them is answered, each abuse is refused in
/// one line, and the server still answers at the end.
#[tokio::test(flavor = "multi_thread", worker_threads = 4)]
async fn a_normal_client_is_answered_through_every_abuse() {
    let connections = Connections { most: 128, per_client: 48, ..Connections::default() };
    let config = Config {
        timeout: Duration::from_secs(60),
        budget: Budget::bytes(1 << 30),
        memory: Budget::bytes(2 << 30),
        jobs: 2,
        connections,
    };
    let address = start(config).await;
    // 800 idle connections, each reopened when closed: 200,000 at most in all.
    let flood = Flood::start(address, 800, 200_000);
    let begun = Instant::now();
    while flood.opened.load(Ordering::Relaxed) < 800 {
        assert!(begun.elapsed() < Duration::from_secs(120), "the flood did not open its connections");
        tokio::time::sleep(Duration::from_millis(10)).await;
    }
    // Two huge positions at once, refused before any work: their answers
    // would pass the 32 MiB this server sends.
    let huge = format!("/api/position?graph={}", encode("path 1000000"));
    let huge_pair = {
        let huge = huge.clone();
        tokio::spawn(async move {
            let begun = Instant::now();
            let answers = tokio::join!(ask_again(address, &huge, ""), ask_again(address, &huge, ""));
            (answers, begun.elapsed())
        })
    };
    // Requests a page elsewhere makes a browser send: an image, a fetch, a form.
    let analysis = format!("/api/analyze?graph={}", encode("path 3"));
    let cross = [
        "Sec-Fetch-Site: cross-site\r\nSec-Fetch-Mode: no-cors\r\nSec-Fetch-Dest: image\r\n",
        "Sec-Fetch-Site: same-site\r\nSec-Fetch-Mode: cors\r\nOrigin: http://localhost:3000\r\n",
        "Origin: http://evil.example\r\n",
        "Origin: null\r\n",
    ];
    let mut refused_cross = 0;
    let mut normal_answers = 0;
    let mut retries = 0;
    for i in 0..24 {
        let (status, body, tries) = normal(address, i).await;
        assert_eq!(status, 200, "request {i} of the normal client: {body}");
        normal_answers += 1;
        retries += tries - 1;
        if let Some(extra) = cross.get(i) {
            let (status, body, tries) = ask_again(address, &analysis, extra).await;
            retries += tries - 1;
            assert_eq!(status, 403, "{extra:?}: {body}");
            assert!(message(&body).contains("another site"), "{body}");
            refused_cross += 1;
        }
    }
    let flood_went_on = flood.opened.load(Ordering::Relaxed) < 200_000;
    let ((a, b), huge_took) = huge_pair.await.unwrap();
    for (status, body, tries) in [a, b] {
        retries += tries - 1;
        assert_eq!(status, 413, "{body}");
        let m = message(&body);
        assert!(m.contains("the answer would take") && m.contains("32.0 MiB"), "{m}");
    }
    let (opened, closed) = flood.end().await;
    println!(
        "normal answers {normal_answers} (requests asked again {retries} times in all), idle connections opened {opened}, closed by \
         the server {closed}, cross-site refused {refused_cross}; two huge positions refused in {huge_took:?}; peak \
         resident {:?} bytes",
        arrows_work::peak_resident()
    );
    // The idle connections were many more than the server holds, and it closed most of them to make room.
    assert!(opened >= 800 && closed >= 800 - 128, "opened {opened}, closed {closed}");
    assert!(flood_went_on, "the flood ran out before the normal client was done: the test proves nothing");
    // The server still answers, and holds no memory once every answer is read.
    let http = Http::new(address);
    let status = http.get("/api/status", &[]).await.json();
    assert_eq!(status["memory_held"], 0, "{status}");
}

/// The explorer's own page and plain clients are answered: a request from
/// the page (`Sec-Fetch-Site: same-origin`, its own `Origin`), a link
/// followed from elsewhere to the page itself, and curl (neither header).
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_page_itself_and_plain_clients_are_answered() {
    let address =
        start(Config { memory: Budget::bytes(2 << 30), budget: Budget::bytes(1 << 30), ..Config::default() }).await;
    let analysis = format!("/api/analyze?graph={}", encode("path 3"));
    for extra in [
        "",
        "Sec-Fetch-Site: same-origin\r\nSec-Fetch-Mode: cors\r\nSec-Fetch-Dest: empty\r\n",
        "Origin: http://127.0.0.1\r\n",
        "Sec-Fetch-Site: none\r\nSec-Fetch-Mode: navigate\r\n",
    ] {
        let (status, body) = ask(address, &analysis, extra).await.expect("an answer");
        assert_eq!(status, 200, "{extra:?}: {body}");
    }
    let page = format!("/?graph={}", encode("spider 2 3 3"));
    let link = "Sec-Fetch-Site: cross-site\r\nSec-Fetch-Mode: navigate\r\nSec-Fetch-Dest: document\r\n";
    let (status, body) = ask(address, &page, link).await.expect("an answer");
    assert_eq!(status, 200, "{body}");
    // The page's own script, asked for from elsewhere, is not.
    let (status, _) =
        ask(address, "/app.js", "Sec-Fetch-Site: cross-site\r\nSec-Fetch-Mode: no-cors\r\nSec-Fetch-Dest: script\r\n")
            .await
            .expect("an answer");
    assert_eq!(status, 403);
}

/// Two positions that each fit the server's memory alone but not
/// together: the second waits for the first, or is answered 503 with the
/// reason; never both at once past the budget, and the process lives on.
#[tokio::test(flavor = "multi_thread", worker_threads = 4)]
async fn requests_share_the_servers_memory() {
    let connections = Connections { answer_bytes: 256 << 20, ..Connections::default() };
    // `path 1000000`'s position holds some 250 MB (graph, moves, answer):
    // one fits in 400 MiB, two do not.
    let config = Config {
        timeout: Duration::from_secs(120),
        budget: Budget::bytes(400 << 20),
        memory: Budget::bytes(400 << 20),
        jobs: 2,
        connections,
    };
    let address = start(config).await;
    let huge = format!("/api/position?graph={}", encode("path 1000000"));
    let watching = Arc::new(AtomicBool::new(true));
    let watcher = {
        let watching = watching.clone();
        tokio::spawn(async move {
            let http = Http::new(address);
            let mut most = 0u64;
            while watching.load(Ordering::Relaxed) {
                let s = http.get("/api/status", &[]).await.json();
                let held = s["memory_held"].as_u64().unwrap();
                assert!(held <= s["memory_bytes"].as_u64().unwrap(), "{s}");
                most = most.max(held);
                tokio::time::sleep(Duration::from_millis(5)).await;
            }
            most
        })
    };
    let (a, b) = tokio::join!(ask(address, &huge, ""), ask(address, &huge, ""));
    watching.store(false, Ordering::Relaxed);
    let most = watcher.await.unwrap();
    let answers = [a.expect("an answer"), b.expect("an answer")];
    let mut served = 0;
    for (status, body) in &answers {
        match status {
            200 => {
                served += 1;
                let v: Value = serde_json::from_str(body).unwrap();
                assert_eq!(v["move_count"], 2_000_000);
            }
            503 => {
                let m = message(body);
                assert!(m.contains("memory budget") && m.contains("ask again"), "{m}");
            }
            _ => panic!("{status}: {}", &body[..body.len().min(300)]),
        }
    }
    assert!(served >= 1, "neither position was answered");
    println!("served {served} of 2; the most memory held at once {most} bytes of {}", 400u64 << 20);
    let status = Http::new(address).get("/api/status", &[]).await.json();
    assert_eq!(status["memory_held"], 0, "{status}");
}
