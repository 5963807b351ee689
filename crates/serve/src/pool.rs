//! Where analyses run: on blocking threads, at most [`Config::jobs`] at
//! once, each under its own [`Control`] with the per-request budget and
//! holding its part of the server's [`Memory`], and cancelled when the
//! time limit passes or the client goes away.

use crate::Config;
use crate::memory::{Memory, Refused, Reservation};
use crate::wording::ApiError;
use arrows_text::bytes;
use arrows_work::{Cancel, Control};
use serde::Serialize;
use std::sync::Arc;
use std::sync::atomic::{AtomicU64, AtomicUsize, Ordering};
use std::time::{Duration, Instant};
use tokio::sync::Semaphore;

/// The analyses of one server.
pub(crate) struct Pool {
    config: Config,
    permits: Arc<Semaphore>,
    counts: Arc<Counts>,
    memory: Arc<Memory>,
}

/// The longest a request waits for other requests to give back memory.
const MEMORY_WAIT: Duration = Duration::from_secs(2);

/// One request's work: its control, and the part of the server's memory it holds.
pub(crate) struct Job {
    /// The control the engines run under; its budget is the budget of one
    /// request until [`Job::hold`] gives the engine what is left of it.
    pub(crate) control: Control,
    memory: Arc<Memory>,
    held: Option<Reservation>,
    waits_until: Instant,
}

impl Job {
    /// Holds `bytes` of the server's memory for this request instead of
    /// what it held: refused with 413 past the budget of one request (a
    /// request never fits), with 503 when the requests running now hold
    /// too much of the server's budget for the whole wait.
    pub(crate) fn hold(&mut self, need: u64, what: &str) -> Result<(), ApiError> {
        let each = self.control.budget.get();
        if need > each || need > self.memory.total() {
            return Err(ApiError::too_large(format!(
                "{what} would need about {}, past this server's memory budget of {} per request; ask about a \
                 smaller graph",
                bytes(need),
                bytes(each.min(self.memory.total()))
            )));
        }
        let cancel = self.control.cancel.clone();
        let result = match self.held.as_mut() {
            Some(r) => r.resize(need, self.waits_until, &cancel),
            None => self.memory.reserve(need, self.waits_until, &cancel).map(|r| {
                self.held = Some(r);
            }),
        };
        result.map_err(|refused| match refused {
            Refused::Never => unreachable!("checked above"),
            Refused::Cancelled => ApiError::cancelled(),
            Refused::Taken(held) => ApiError::busy(format!(
                "{what} needs about {}, but the requests running now hold {} of this server's memory budget of {}; \
                 ask again in a moment",
                bytes(need),
                bytes(held),
                bytes(self.memory.total())
            )),
        })
    }
}

/// What the server is doing: the answer of `/api/status`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, serde::Deserialize)]
pub struct Status {
    /// Analyses computing now (a cancelled one counts until its engine
    /// reaches its next checkpoint and stops).
    pub running: usize,
    /// Requests waiting for a free worker.
    pub waiting: usize,
    /// Analyses finished since the server started.
    pub finished: u64,
    /// Requests answered 503 because the time limit passed.
    pub timed_out: u64,
    /// The most analyses that run at once.
    pub jobs: usize,
    /// The time limit of one request, in milliseconds.
    pub timeout_ms: u64,
    /// The memory budget of one analysis, in bytes.
    pub budget_bytes: u64,
    /// The server's memory budget, shared by every request, in bytes.
    pub memory_bytes: u64,
    /// The bytes of it held now by requests and by answers being sent.
    pub memory_held: u64,
}

#[derive(Default)]
struct Counts {
    running: AtomicUsize,
    waiting: AtomicUsize,
    finished: AtomicU64,
    timed_out: AtomicU64,
}

/// Counts one request in a counter while it lives.
struct Held<'a>(&'a AtomicUsize);

impl<'a> Held<'a> {
    fn new(counter: &'a AtomicUsize) -> Held<'a> {
        counter.fetch_add(1, Ordering::Relaxed);
        Held(counter)
    }
}

impl Drop for Held<'_> {
    fn drop(&mut self) {
        self.0.fetch_sub(1, Ordering::Relaxed);
    }
}

/// Sets the token when dropped: a request whose client went away (its
/// handler dropped) or whose time ran out stops its engine.
struct CancelOnDrop(Cancel);

impl Drop for CancelOnDrop {
    fn drop(&mut self) {
        self.0.cancel();
    }
}

impl Pool {
    pub(crate) fn new(config: Config) -> Pool {
        Pool {
            config,
            permits: Arc::new(Semaphore::new(config.jobs.max(1))),
            counts: Arc::default(),
            memory: Memory::new(config.memory.get()),
        }
    }

    /// The longest answer, in bytes.
    pub(crate) fn answer_bytes(&self) -> usize {
        self.config.connections.answer_bytes
    }

    /// The memory budget of one analysis.
    pub(crate) fn budget(&self) -> arrows_work::Budget {
        self.config.budget
    }

    pub(crate) fn status(&self) -> Status {
        let c = &self.counts;
        Status {
            running: c.running.load(Ordering::Relaxed),
            waiting: c.waiting.load(Ordering::Relaxed),
            finished: c.finished.load(Ordering::Relaxed),
            timed_out: c.timed_out.load(Ordering::Relaxed),
            jobs: self.config.jobs.max(1),
            timeout_ms: self.config.timeout.as_millis() as u64,
            budget_bytes: self.config.budget.get(),
            memory_bytes: self.memory.total(),
            memory_held: self.memory.held(),
        }
    }

    /// Runs `job` on a blocking thread under a fresh control, and answers
    /// 503 (cancelling the job) when the time limit passes first. The
    /// answer comes with the memory the job held at its end (the answer's,
    /// as the job holds it), to keep until the answer is sent.
    pub(crate) async fn run<T: Send + 'static>(
        &self,
        job: impl FnOnce(&mut Job) -> Result<T, ApiError> + Send + 'static,
    ) -> Result<(T, Option<Reservation>), ApiError> {
        let control = Control::new(self.config.budget);
        let _cancel = CancelOnDrop(control.cancel.clone());
        let memory = self.memory.clone();
        let wait = self.config.timeout.min(MEMORY_WAIT);
        let counts = self.counts.clone();
        let work = async {
            let permit = {
                let _waiting = Held::new(&self.counts.waiting);
                self.permits.clone().acquire_owned().await.expect("the semaphore is never closed")
            };
            tokio::task::spawn_blocking(move || {
                let _permit = permit;
                let mut job_state = Job { control, memory, held: None, waits_until: Instant::now() + wait };
                let result = {
                    let _running = Held::new(&counts.running);
                    job(&mut job_state)
                };
                counts.finished.fetch_add(1, Ordering::Relaxed);
                result.map(|answer| (answer, job_state.held.take()))
            })
            .await
        };
        match tokio::time::timeout(self.config.timeout, work).await {
            Ok(Ok(result)) => result,
            Ok(Err(e)) => Err(ApiError::internal(format!("the analysis failed: {e}"))),
            Err(_) => {
                self.counts.timed_out.fetch_add(1, Ordering::Relaxed);
                Err(ApiError::timed_out(self.config.timeout))
            }
        }
    }
}
