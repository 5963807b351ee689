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
//! * At most [`Connections::most`] connections are open at once, and at
//!   most [`Connections::per_client`] from one address. A connection that
//!   would pass either closes the idle connection that has waited longest
//!   (of that address, or of all): one with no request in flight, waiting
//!   for its first request or kept alive after an answer. Connections
//!   opened and left idle, however many and however fast they are
//!   reopened, thus give way to a client that asks something; when every
//!   connection has a request in flight, the next ones wait in the
//!   system's queue.
//! * A server bound to a loopback address answers only requests whose
//!   `Host` names a loopback host (`localhost`, `127.0.0.1`, `[::1]`): a
//!   page of another site whose name an attacker made resolve to
//!   127.0.0.1 (DNS rebinding) is refused with 421.
//! * A request that a page of another site makes the browser send (an
//!   `<img>`, a form, a script's `fetch`) is refused with 403: the
//!   browser says so in `Sec-Fetch-Site` (anything but `same-origin` or
//!   `none`) or in an `Origin` that is not the server's own. Only a link
//!   followed to the page itself (`/`, a top-level navigation) is
//!   answered from elsewhere, as a bookmark is. Clients other than
//!   browsers (curl, scripts) send neither header and are answered.
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
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::sync::{Arc, Mutex};
use std::task::{Context, Poll};
use std::time::{Duration, Instant};
use tokio::io::{AsyncRead, AsyncWrite, ReadBuf};
use tokio::net::{TcpListener, TcpStream};
use tokio::sync::Notify;
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
    /// The most connections open at once from one address.
    pub per_client: usize,
    /// The longest answer, in bytes: a larger one is refused with 413.
    pub answer_bytes: usize,
}

impl Default for Connections {
    /// Ten seconds for a request's head and for a stalled answer, 256
    /// connections, 64 from one address, answers of 32 MiB.
    fn default() -> Connections {
        Connections {
            header_timeout: Duration::from_secs(10),
            write_timeout: Duration::from_secs(10),
            most: 256,
            per_client: 64,
            answer_bytes: 32 << 20,
        }
    }
}

/// One open connection, as the accept loop sees it.
struct Open {
    id: u64,
    client: IpAddr,
    /// Requests in flight on it (one at a time on HTTP/1.1).
    busy: AtomicUsize,
    /// The client sent bytes since the last answer: a request is coming.
    asking: AtomicBool,
    /// When it last finished a request, or opened.
    since: Mutex<Instant>,
    /// Told to close once its request in flight, if any, is answered.
    close: Notify,
}

impl Open {
    fn idle_since(&self) -> Option<Instant> {
        let idle = self.busy.load(Ordering::Acquire) == 0 && !self.asking.load(Ordering::Acquire);
        idle.then(|| *self.since.lock().unwrap_or_else(|p| p.into_inner()))
    }
}

/// Counts a request in flight on a connection while it lives.
struct Busy(Arc<Open>);

impl Busy {
    fn new(open: Arc<Open>) -> Busy {
        open.busy.fetch_add(1, Ordering::AcqRel);
        Busy(open)
    }
}

impl Drop for Busy {
    fn drop(&mut self) {
        *self.0.since.lock().unwrap_or_else(|p| p.into_inner()) = Instant::now();
        self.0.asking.store(false, Ordering::Release);
        self.0.busy.fetch_sub(1, Ordering::AcqRel);
    }
}

/// The connections open, and a signal when one closes.
#[derive(Default)]
struct Registry {
    open: Mutex<Vec<Arc<Open>>>,
    closed: Notify,
}

impl Registry {
    fn lock(&self) -> std::sync::MutexGuard<'_, Vec<Arc<Open>>> {
        self.open.lock().unwrap_or_else(|p| p.into_inner())
    }

    /// Makes room for a connection from `client`: when `client` holds
    /// `per_client` connections, or all hold `most`, the longest idle one
    /// (of `client`, or of all) is told to close and forgotten. `false`
    /// when there is no room and no idle connection to close.
    fn make_room(&self, client: IpAddr, limits: &Connections) -> bool {
        let mut open = self.lock();
        let mine = open.iter().filter(|o| o.client == client).count();
        let of_client = mine >= limits.per_client.max(1);
        if !of_client && open.len() < limits.most.max(1) {
            return true;
        }
        let victim = open
            .iter()
            .enumerate()
            .filter(|(_, o)| !of_client || o.client == client)
            .filter_map(|(i, o)| o.idle_since().map(|t| (t, i)))
            .min()
            .map(|(_, i)| i);
        match victim {
            Some(i) => {
                open.swap_remove(i).close.notify_one();
                true
            }
            None => false,
        }
    }

    /// `true` when a connection may be accepted now: the server is not
    /// full, or one of its connections is idle.
    fn has_room(&self, limits: &Connections) -> bool {
        let open = self.lock();
        open.len() < limits.most.max(1) || open.iter().any(|o| o.idle_since().is_some())
    }

    fn forget(&self, id: u64) {
        let mut open = self.lock();
        if let Some(i) = open.iter().position(|o| o.id == id) {
            open.swap_remove(i);
        }
        drop(open);
        self.closed.notify_waiters();
    }
}

/// Accepts connections on `listener` and serves `app` on each, until the
/// process ends.
pub(crate) async fn accept(listener: TcpListener, app: Router, limits: Connections) -> io::Result<()> {
    let bound = listener.local_addr()?;
    let app = app
        .layer(middleware::from_fn(guard_site))
        .layer(middleware::from_fn_with_state(Arc::new(bound), guard_host))
        .layer(middleware::map_response(safety_headers));
    let registry = Arc::new(Registry::default());
    let mut next_id = 0u64;
    loop {
        // Full of connections each with a request in flight: wait for one to end.
        while !registry.has_room(&limits) {
            let closed = registry.closed.notified();
            let _ = tokio::time::timeout(Duration::from_millis(100), closed).await;
        }
        let (stream, peer) = match listener.accept().await {
            Ok(accepted) => accepted,
            // Out of file descriptors, a connection reset before it was
            // accepted: nothing to do but try again a little later.
            Err(_) => {
                tokio::time::sleep(Duration::from_millis(50)).await;
                continue;
            }
        };
        if !registry.make_room(peer.ip(), &limits) {
            // Every connection of this client has a request in flight.
            drop(stream);
            continue;
        }
        next_id += 1;
        let open = Arc::new(Open {
            id: next_id,
            client: peer.ip(),
            busy: AtomicUsize::new(0),
            asking: AtomicBool::new(false),
            since: Mutex::new(Instant::now()),
            close: Notify::new(),
        });
        registry.lock().push(open.clone());
        let inner = TowerToHyperService::new(app.clone());
        let counted = open.clone();
        let service = hyper::service::service_fn(move |request| {
            let busy = Busy::new(counted.clone());
            let answer = hyper::service::Service::call(&inner, request);
            async move {
                let answer = answer.await;
                drop(busy);
                answer
            }
        });
        let registry = registry.clone();
        tokio::spawn(async move {
            let io = TokioIo::new(Stalling::new(stream, limits.write_timeout, open.clone()));
            let mut http = hyper::server::conn::http1::Builder::new();
            http.timer(TokioTimer::new()).header_read_timeout(limits.header_timeout);
            let connection = http.serve_connection(io, service);
            tokio::pin!(connection);
            // A connection that fails (a timeout, a reset) ends here; the next is served.
            tokio::select! {
                // The connection first: a request already sent is read before the connection makes room.
                biased;
                _ = connection.as_mut() => {}
                () = open.close.notified() => {
                    // Told to make room: an idle connection closes now, a busy one after its answer.
                    connection.as_mut().graceful_shutdown();
                    let _ = connection.await;
                }
            }
            registry.forget(open.id);
        });
    }
}

/// A stream whose writes fail once they have made no progress for
/// `limit`, and whose reads mark its connection as asking.
struct Stalling {
    stream: TcpStream,
    limit: Duration,
    stalled: Option<Pin<Box<Sleep>>>,
    open: Arc<Open>,
}

impl Stalling {
    fn new(stream: TcpStream, limit: Duration, open: Arc<Open>) -> Stalling {
        Stalling { stream, limit, stalled: None, open }
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
        let before = buf.filled().len();
        let done = Pin::new(&mut self.stream).poll_read(cx, buf);
        if buf.filled().len() > before {
            self.open.asking.store(true, Ordering::Release);
        }
        done
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

/// Refuses a request a page of another site made the browser send (see
/// the module documentation).
async fn guard_site(request: Request, next: Next) -> Response {
    let headers = request.headers();
    let text = |name| headers.get(name).map(|v: &HeaderValue| String::from_utf8_lossy(v.as_bytes()).into_owned());
    let site = text("sec-fetch-site");
    let origin = text(header::ORIGIN.as_str());
    let navigation = request.uri().path() == "/"
        && text("sec-fetch-mode").is_none_or(|m| m == "navigate")
        && text("sec-fetch-dest").is_none_or(|d| d == "document");
    let from_elsewhere = match (&site, &origin) {
        (Some(site), _) if !matches!(site.as_str(), "same-origin" | "none") => Some(format!("Sec-Fetch-Site: {site}")),
        (_, Some(origin)) if !same_origin(origin, headers.get(header::HOST)) => Some(format!("Origin: {origin}")),
        _ => None,
    };
    if let Some(said) = from_elsewhere
        && !navigation
    {
        let shown = crate::wording::printable(&said);
        return ApiError {
            status: StatusCode::FORBIDDEN,
            message: format!(
                "this request was sent by a page of another site ({shown}), and the explorer answers its own page \
                 only; open the explorer itself, or ask without a browser"
            ),
        }
        .into_response();
    }
    next.run(request).await
}

/// `true` when `origin` is `http://` and the request's `Host`.
fn same_origin(origin: &str, host: Option<&HeaderValue>) -> bool {
    let Some(host) = host.and_then(|h| h.to_str().ok()) else { return false };
    origin.strip_prefix("http://").is_some_and(|rest| rest.eq_ignore_ascii_case(host))
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
    fn an_origin_is_the_servers_own_only_with_its_host_and_port() {
        let host = HeaderValue::from_static("127.0.0.1:8080");
        assert!(same_origin("http://127.0.0.1:8080", Some(&host)));
        for origin in ["http://127.0.0.1:8081", "https://127.0.0.1:8080", "null", "http://evil.example", ""] {
            assert!(!same_origin(origin, Some(&host)), "{origin}");
        }
        assert!(!same_origin("http://127.0.0.1:8080", None));
    }

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
