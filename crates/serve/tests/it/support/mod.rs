//! A server on an ephemeral port of the loopback address, and a small
//! HTTP client for it.

use arrows_serve::Config;
use http_body_util::{BodyExt, Empty};
use hyper::body::Bytes;
use hyper_util::client::legacy::Client;
use hyper_util::client::legacy::connect::HttpConnector;
use hyper_util::rt::TokioExecutor;
use std::net::SocketAddr;

/// Starts a server with `config` on 127.0.0.1:0 in the current runtime; its address.
pub async fn start(config: Config) -> SocketAddr {
    let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.expect("a free port");
    let address = listener.local_addr().expect("a bound address");
    tokio::spawn(async move { arrows_serve::serve(listener, config).await.expect("the server runs") });
    address
}

/// A client for one server.
#[derive(Clone)]
pub struct Http {
    address: SocketAddr,
    client: Client<HttpConnector, Empty<Bytes>>,
}

/// An answer: the status, the content type and the body.
#[derive(Debug, Clone)]
pub struct Answer {
    pub status: u16,
    pub kind: String,
    pub body: String,
}

impl Answer {
    /// The body as JSON.
    pub fn json(&self) -> serde_json::Value {
        serde_json::from_str(&self.body).unwrap_or_else(|e| panic!("not JSON ({e}): {}", self.body))
    }

    /// The message of an error answer.
    pub fn error(&self) -> String {
        self.json()["error"].as_str().unwrap_or_else(|| panic!("no error message: {}", self.body)).to_string()
    }
}

impl Http {
    pub fn new(address: SocketAddr) -> Http {
        Http { address, client: Client::builder(TokioExecutor::new()).build_http() }
    }

    /// `GET path` with `params` (each value percent-encoded).
    pub async fn get(&self, path: &str, params: &[(&str, &str)]) -> Answer {
        let query: Vec<String> = params.iter().map(|(k, v)| format!("{k}={}", encode(v))).collect();
        let uri = format!("http://{}{path}?{}", self.address, query.join("&"));
        let response = self.client.get(uri.parse().expect("a URI")).await.expect("the server answers");
        let status = response.status().as_u16();
        let kind =
            response.headers().get("content-type").map_or_else(String::new, |v| v.to_str().unwrap_or("").to_string());
        let bytes = response.into_body().collect().await.expect("a body").to_bytes();
        Answer { status, kind, body: String::from_utf8(bytes.to_vec()).expect("UTF-8") }
    }
}

/// Percent-encoding of a query value (everything but unreserved characters).
pub fn encode(text: &str) -> String {
    let mut out = String::new();
    for b in text.bytes() {
        match b {
            b'A'..=b'Z' | b'a'..=b'z' | b'0'..=b'9' | b'-' | b'_' | b'.' | b'~' => out.push(b as char),
            _ => out.push_str(&format!("%{b:02X}")),
        }
    }
    out
}
