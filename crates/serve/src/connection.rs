//! Connections: accepted one by one under the limits of [`Connections`],
//! and every answer's headers.
//!
//! * A request's head must arrive within [`Connections::header_timeout`],
//!   and a kept-alive connection that sends no next request is closed
//!   after as long (a client that dribbles its headers, or opens
//!   connections and leaves them, holds no connection for long).
//! * An answer the client does not read is dropped once writing it has
//!   made no progress for [`Connections::write_timeout`]: the memory it
//!   holds is freed with the connection.
//! * At most [`Connections::most`] connections are open at once; the
//!   next ones wait in the system's queue until one closes.
//! * A server bound to a loopback address answers only requests whose
//!   `Host` names a loopback host (`localhost`, `127.0.0.1`, `[::1]`): a
//!   page of another site whose name an attacker made resolve to
//!   127.0.0.1 (DNS rebinding) is refused with 421.
//! * Every answer says how it may be used: `X-Content-Type-Options:
//!   nosniff`, a `Content-Security-Policy` that allows the page's own
//!   script and styles only and no framing, and `X-Frame-Options: DENY`.

use crate::wording::ApiError;
use axum::Router;
use axum::extract::{Request, State};
use axum::http::{HeaderValue, StatusCode, header};
use axum::middleware::{self, Next};
use axum::response::{IntoResponse, Response};
use hyper_util::rt::{TokioIo, TokioTimer};
use hyper_util::service::TowerToHyperService;
use std::future::Future;
use std::io;
use std::net::{IpAddr, SocketAddr};
use std::pin::Pin;
use std::sync::Arc;
use std::task::{Context, Poll};
use std::time::Duration;
use tokio::io::{AsyncRead, AsyncWrite, ReadBuf};
use tokio::net::{TcpListener, TcpStream};
use tokio::sync::Semaphore;
use tokio::time::Sleep;

/// The limits every connection is held to.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Connections {
    /// How long a client may take to send a request's head, and how long
    /// a kept-alive connection waits for the next one.
    pub header_timeout: Duration,
    /// How long writing an answer may make no progress (a client that
    /// does not read it) before the connection is closed.
    pub write_timeout: Duration,
    /// The most connections open at once.
    pub most: usize,
    /// The longest answer, in bytes: a larger one is refused with 413.
    pub answer_bytes: usize,
}

impl Default for Connections {
    /// Ten seconds for a request's head and for a stalled answer, 256
    /// connections, answers of 32 MiB.
    fn default() -> Connections {
        Connections {
            header_timeout: Duration::from_secs(10),
            write_timeout: Duration::from_secs(10),
            most: 256,
            answer_bytes: 32 << 20,
        }
    }
}

/// Accepts connections on `listener` and serves `app` on each, until the
/// process ends.
pub(crate) async fn accept(listener: TcpListener, app: Router, limits: Connections) -> io::Result<()> {
    let bound = listener.local_addr()?;
    let app = app
        .layer(middleware::from_fn_with_state(Arc::new(bound), guard_host))
        .layer(middleware::map_response(safety_headers));
    let open = Arc::new(Semaphore::new(limits.most.max(1)));
    loop {
        let permit = open.clone().acquire_owned().await.expect("the semaphore is never closed");
        let stream = match listener.accept().await {
            Ok((stream, _)) => stream,
            // Out of file descriptors, a connection reset before it was
            // accepted: nothing to do but try again a little later.
            Err(_) => {
                tokio::time::sleep(Duration::from_millis(50)).await;
                continue;
            }
        };
        let service = TowerToHyperService::new(app.clone());
        tokio::spawn(async move {
            let io = TokioIo::new(Stalling::new(stream, limits.write_timeout));
            let mut http = hyper::server::conn::http1::Builder::new();
            http.timer(TokioTimer::new()).header_read_timeout(limits.header_timeout);
            // A connection that fails (a timeout, a reset) ends here; the next is served.
            let _ = http.serve_connection(io, service).await;
            drop(permit);
        });
    }
}

/// A stream whose writes fail once they have made no progress for `limit`.
struct Stalling {
    stream: TcpStream,
    limit: Duration,
    stalled: Option<Pin<Box<Sleep>>>,
}

impl Stalling {
    fn new(stream: TcpStream, limit: Duration) -> Stalling {
        Stalling { stream, limit, stalled: None }
    }

    /// After a write that could not proceed: pending until `limit` has
    /// passed since the last progress, then an error.
    fn waiting<T>(&mut self, cx: &mut Context<'_>) -> Poll<io::Result<T>> {
        let limit = self.limit;
        let sleep = self.stalled.get_or_insert_with(|| Box::pin(tokio::time::sleep(limit)));
        match sleep.as_mut().poll(cx) {
            Poll::Ready(()) => Poll::Ready(Err(io::Error::new(
                io::ErrorKind::TimedOut,
                "the client read nothing of the answer for too long",
            ))),
            Poll::Pending => Poll::Pending,
        }
    }

    fn progress<T>(&mut self, cx: &mut Context<'_>, done: Poll<io::Result<T>>) -> Poll<io::Result<T>> {
        match done {
            Poll::Ready(r) => {
                self.stalled = None;
                Poll::Ready(r)
            }
            Poll::Pending => self.waiting(cx),
        }
    }
}

impl AsyncRead for Stalling {
    fn poll_read(mut self: Pin<&mut Self>, cx: &mut Context<'_>, buf: &mut ReadBuf<'_>) -> Poll<io::Result<()>> {
        Pin::new(&mut self.stream).poll_read(cx, buf)
    }
}

impl AsyncWrite for Stalling {
    fn poll_write(mut self: Pin<&mut Self>, cx: &mut Context<'_>, buf: &[u8]) -> Poll<io::Result<usize>> {
        let done = Pin::new(&mut self.stream).poll_write(cx, buf);
        self.progress(cx, done)
    }

    fn poll_write_vectored(
        mut self: Pin<&mut Self>,
        cx: &mut Context<'_>,
        bufs: &[io::IoSlice<'_>],
    ) -> Poll<io::Result<usize>> {
        let done = Pin::new(&mut self.stream).poll_write_vectored(cx, bufs);
        self.progress(cx, done)
    }

    fn is_write_vectored(&self) -> bool {
        self.stream.is_write_vectored()
    }

    fn poll_flush(mut self: Pin<&mut Self>, cx: &mut Context<'_>) -> Poll<io::Result<()>> {
        let done = Pin::new(&mut self.stream).poll_flush(cx);
        self.progress(cx, done)
    }

    fn poll_shutdown(mut self: Pin<&mut Self>, cx: &mut Context<'_>) -> Poll<io::Result<()>> {
        Pin::new(&mut self.stream).poll_shutdown(cx)
    }
}

/// Refuses, on a server bound to a loopback address, a request whose
/// `Host` is not a loopback host (see the module documentation).
async fn guard_host(State(bound): State<Arc<SocketAddr>>, request: Request, next: Next) -> Response {
    if bound.ip().is_loopback()
        && let Some(host) = request.headers().get(header::HOST)
        && !is_loopback_host(host.as_bytes())
    {
        let shown = String::from_utf8_lossy(host.as_bytes()).into_owned();
        return ApiError {
            status: StatusCode::MISDIRECTED_REQUEST,
            message: format!(
                "this server listens on {bound} and answers requests to localhost only, not to {shown:?} (a page \
                 of another site may be trying to reach it); open http://{bound}/"
            ),
        }
        .into_response();
    }
    next.run(request).await
}

/// `true` for `localhost`, a name under `.localhost` (RFC 6761), a
/// loopback IPv4 address or `[::1]`, with or without a port.
fn is_loopback_host(host: &[u8]) -> bool {
    let Ok(host) = std::str::from_utf8(host) else { return false };
    let name = match host.strip_prefix('[') {
        Some(rest) => rest.split(']').next().unwrap_or_default(),
        None => {
            host.rsplit_once(':').filter(|(_, port)| port.bytes().all(|b| b.is_ascii_digit())).map_or(host, |(n, _)| n)
        }
    };
    let name = name.trim_end_matches('.').to_ascii_lowercase();
    name == "localhost" || name.ends_with(".localhost") || name.parse::<IpAddr>().is_ok_and(|ip| ip.is_loopback())
}

/// The policy of every answer: the page's own script and styles (and
/// style attributes: the drawings and the legend use them), images inline,
/// no plugins, no framing.
const POLICY: &str = "default-src 'self'; script-src 'self'; style-src 'self' 'unsafe-inline'; \
                      img-src 'self' data:; connect-src 'self'; object-src 'none'; base-uri 'none'; \
                      form-action 'self'; frame-ancestors 'none'";

/// Adds the headers of the module documentation to an answer.
async fn safety_headers(mut response: Response) -> Response {
    let headers = response.headers_mut();
    headers.insert(header::X_CONTENT_TYPE_OPTIONS, HeaderValue::from_static("nosniff"));
    headers.insert(header::CONTENT_SECURITY_POLICY, HeaderValue::from_static(POLICY));
    headers.insert(header::X_FRAME_OPTIONS, HeaderValue::from_static("DENY"));
    headers.insert(header::REFERRER_POLICY, HeaderValue::from_static("no-referrer"));
    response
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn loopback_hosts_with_and_without_ports() {
        for host in [
            "localhost",
            "localhost:8080",
            "LOCALHOST.",
            "app.localhost:1",
            "127.0.0.1:8080",
            "127.1.2.3",
            "[::1]:80",
            "[::1]",
        ] {
            assert!(is_loopback_host(host.as_bytes()), "{host}");
        }
        for host in [
            "example.com",
            "evil.example:8080",
            "localhost.example.com",
            "10.0.0.1:80",
            "[::2]:80",
            "",
            "127.0.0.1.nip.io",
        ] {
            assert!(!is_loopback_host(host.as_bytes()), "{host}");
        }
    }
}
