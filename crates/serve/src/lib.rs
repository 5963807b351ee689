//! The explorer in the browser: an HTTP server over arrows' library.
//!
//! The server is a thin front door. Each request names a position by
//! query parameters (the graph, the rule set, the play, the state), the
//! server reads them with the same library calls as the command line
//! ([`arrows_core::describe`], [`arrows_core::Decoration::parse`]), studies
//! the position with [`arrows_solve::study::study`] and draws it with
//! [`arrows_draw::solved::picture`]. It holds no game logic of its own:
//! what it adds is the wording of refusals as HTTP answers (400 for a bad
//! request, 403 for a request a page of another site sent, 413 for a game
//! or an answer too large for the engines, the memory budget or the
//! longest answer, 503 past the time limit or while other requests hold
//! the server's memory) and the limits each request runs under.
//!
//! Routes (see [`router`]):
//!
//! * `GET /`: the explorer page (`/?graph=...&variant=...&state=...&play=...`
//!   opens a position directly);
//! * `GET /api/analyze`: the report of a position, the JSON object of the
//!   command line's `--json --moves --explain` (`draw=svg` or `draw=tikz`
//!   adds the drawing, as `--draw` does);
//! * `GET /api/position`: the position without its analysis (its legal
//!   moves, and its drawing with `draw=`), which the page shows and plays
//!   on when the analysis is refused;
//! * `GET /api/draw`: the drawing alone (`format=svg` or `format=tikz`);
//! * `GET /api/best`: the move arrows plays from a position;
//! * `GET /api/families`: the family words a graph may be described with;
//! * `GET /api/status`: the analyses running and waiting, and the limits.
//!
//! Connections are held to [`Connections`]: a time limit on each
//! request's head and on each stalled answer, a number open at once and
//! from one client (idle connections give way to new ones), a largest
//! answer; a server bound to a loopback address answers requests to
//! localhost only (against DNS rebinding); a request a browser says was
//! sent by a page of another site is refused; every answer carries
//! `X-Content-Type-Options`, a content security policy and no framing.
//!
//! Before any work, a request's answer and memory are estimated from its
//! position alone (its graph, state and legal moves): an answer past the
//! longest one, or memory past the budget of one request, is refused at
//! once. The memory a request holds (its graph, its answer, and for an
//! analysis the engine's tables) is counted in [`Config::memory`], shared
//! by every request and by answers not yet sent; a request that does not
//! fit beside the others waits a little, then is answered 503.
//!
//! Every analysis runs on a blocking thread under an
//! [`arrows_work::Control`] with the per-request memory budget; when the
//! time limit passes, the handler answers 503 and sets the control's
//! [`arrows_work::Cancel`], so the engine stops at its next checkpoint.
//! At most [`Config::jobs`] analyses run at once; the others wait (their
//! wait counts toward the time limit).

mod assets;
mod connection;
mod estimate;
mod handlers;
mod memory;
mod params;
mod pool;
mod wording;

pub use connection::Connections;
pub use params::{Params, Subject};
pub use pool::Status;
pub use wording::{ApiError, printable};

use arrows_work::Budget;
use axum::Router;
use axum::routing::get;
use std::sync::Arc;
use std::time::Duration;

/// The limits the server holds every analysis to.
#[derive(Debug, Clone, Copy)]
pub struct Config {
    /// How long one request may take (waiting for a free worker included)
    /// before it is cancelled and answered with 503.
    pub timeout: Duration,
    /// The memory one request may use: its graph, its answer and its
    /// engine's tables together.
    pub budget: Budget,
    /// The memory every request at once may use, answers not yet sent
    /// included: a request whose estimate does not fit beside the others
    /// waits a little, then is answered 503.
    pub memory: Budget,
    /// How many analyses run at once.
    pub jobs: usize,
    /// The limits on each connection: time to send a request, to read an
    /// answer, connections open at once, the longest answer.
    pub connections: Connections,
}

impl Config {
    /// The default time limit: 10 seconds.
    pub const DEFAULT_TIMEOUT: Duration = Duration::from_secs(10);

    /// The number of analyses run at once by default: one per core.
    pub fn default_jobs() -> usize {
        std::thread::available_parallelism().map_or(2, |n| n.get())
    }

    /// The default budget of one analysis: the machine's default budget
    /// ([`Budget::default`], three quarters of the available memory)
    /// shared by `jobs` analyses running at once.
    pub fn default_budget(jobs: usize) -> Budget {
        Budget::default().share(jobs as u64)
    }

    /// The default memory of the whole server: `jobs` times `budget`, so
    /// that `jobs` analyses with the whole budget each run at once.
    pub fn default_memory(budget: Budget, jobs: usize) -> Budget {
        Budget::bytes(budget.get().saturating_mul(jobs.max(1) as u64))
    }
}

impl Default for Config {
    fn default() -> Config {
        let jobs = Config::default_jobs();
        let budget = Config::default_budget(jobs);
        Config {
            timeout: Config::DEFAULT_TIMEOUT,
            budget,
            memory: Config::default_memory(budget, jobs),
            jobs,
            connections: Connections::default(),
        }
    }
}

/// The explorer's routes, with `config`'s limits.
pub fn router(config: Config) -> Router {
    let pool = Arc::new(pool::Pool::new(config));
    Router::new()
        .route("/", get(assets::index))
        .route("/app.js", get(assets::script))
        .route("/style.css", get(assets::style))
        .route("/api/analyze", get(handlers::analyze))
        .route("/api/position", get(handlers::position))
        .route("/api/draw", get(handlers::draw))
        .route("/api/best", get(handlers::best))
        .route("/api/families", get(handlers::families))
        .route("/api/status", get(handlers::status))
        .fallback(handlers::not_found)
        .method_not_allowed_fallback(handlers::not_allowed)
        .with_state(pool)
}

/// Serves the explorer on `listener` until the process ends, each
/// connection under `config.connections` (see [`Connections`]); a server
/// bound to a loopback address answers requests to localhost only.
pub async fn serve(listener: tokio::net::TcpListener, config: Config) -> std::io::Result<()> {
    connection::accept(listener, router(config), config.connections).await
}

/// Serves the explorer on `listener` (already bound) until the process
/// ends, on a runtime of its own: the blocking entry for a command line.
pub fn run(listener: std::net::TcpListener, config: Config) -> std::io::Result<()> {
    listener.set_nonblocking(true)?;
    let runtime = tokio::runtime::Builder::new_multi_thread().enable_all().build()?;
    runtime.block_on(async {
        let listener = tokio::net::TcpListener::from_std(listener)?;
        serve(listener, config).await
    })
}
