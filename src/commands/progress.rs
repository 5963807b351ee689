//! Progress on a terminal and Ctrl-C, for every long command.
//!
//! [`control`] gives a command the [`Control`] its library calls run under:
//! the memory budget, the process-wide cancel token that Ctrl-C sets, and a
//! [`Bar`] on standard error. The bar stays hidden for the first second
//! (quick answers print nothing extra) and whenever standard error is not a
//! terminal, so pipes and files only ever see the report.
//!
//! A search that decides its root moves one by one ([`Finding`]) is shown
//! as it goes: the winner with the first winning move found, each further
//! winning move, the root moves decided with an estimate of the time left,
//! and the table's fill; [`Bar::watched`] keeps what it decided for the
//! report of a stopped search.

use arrows_text::thousands;
use arrows_work::{Budget, Cancel, Control, Finding, Progress};
use indicatif::{ProgressBar, ProgressDrawTarget, ProgressState, ProgressStyle};
use std::io::IsTerminal;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex, OnceLock};
use std::time::{Duration, Instant};

/// The exit code of a command stopped by Ctrl-C (128 + SIGINT, as shells use).
pub const EXIT_INTERRUPTED: i32 = 130;

/// How long work runs before its bar appears.
const DELAY: Duration = Duration::from_secs(1);

/// How long work runs before its bar appears: [`DELAY`], or the
/// milliseconds of `ARROWS_PROGRESS_DELAY_MS` (0 for terminal tests and
/// screen captures, which then see the bar of every computation).
fn delay() -> Duration {
    static D: OnceLock<Duration> = OnceLock::new();
    *D.get_or_init(|| {
        std::env::var("ARROWS_PROGRESS_DELAY_MS").ok().and_then(|v| v.parse().ok()).map_or(DELAY, Duration::from_millis)
    })
}

/// The process-wide cancel token. The first Ctrl-C sets it, so the
/// computation stops at its next checkpoint and the command says so; a
/// second Ctrl-C ends the process at once.
pub fn interrupt() -> Cancel {
    static TOKEN: OnceLock<Cancel> = OnceLock::new();
    TOKEN
        .get_or_init(|| {
            let token = Cancel::new();
            let handler = token.clone();
            // Without a handler (another one is installed) Ctrl-C keeps its default: the process ends.
            let _ = ctrlc::set_handler(move || {
                if handler.is_cancelled() {
                    std::process::exit(EXIT_INTERRUPTED);
                }
                handler.cancel();
            });
            token
        })
        .clone()
}

/// The time limit of the command (`--max-time`), once set.
static TIME_LIMIT: OnceLock<Duration> = OnceLock::new();

/// Set once the time limit has passed (and the cancel token with it).
static TIMED_OUT: AtomicBool = AtomicBool::new(false);

/// Stops the command's computation `limit` from now, as Ctrl-C would: the
/// cancel token is set, and [`timed_out`] tells the error what stopped it.
/// `None` sets no limit. The first call wins.
pub fn limit_time(limit: Option<Duration>) {
    let Some(limit) = limit else { return };
    if TIME_LIMIT.set(limit).is_err() {
        return;
    }
    let token = interrupt();
    std::thread::spawn(move || {
        std::thread::sleep(limit);
        TIMED_OUT.store(true, Ordering::SeqCst);
        token.cancel();
    });
}

/// The time limit, when it stopped the computation.
pub fn timed_out() -> Option<Duration> {
    TIMED_OUT.load(Ordering::SeqCst).then(|| TIME_LIMIT.get().copied()).flatten()
}

/// The control a command's library calls run under: `budget`, the Ctrl-C
/// token, and `bar` for progress.
pub fn control(budget: Budget, bar: Arc<Bar>) -> Control {
    Control { budget, cancel: interrupt(), progress: bar }
}

/// A progress display on standard error: a bar when the total is known,
/// a spinner with a count and a rate otherwise.
pub struct Bar {
    bar: ProgressBar,
    start: Mutex<Instant>,
    unit: Mutex<&'static str>,
    enabled: bool,
    watch: Arc<Mutex<Watch>>,
}

/// Names a move by its edge and direction, for the lines a person watches.
type Describe = Box<dyn Fn(usize, bool) -> String + Send + Sync>;

/// What a search has decided so far ([`Finding`]), and what of it is on the screen.
#[derive(Default)]
struct Watch {
    /// The root moves the search decides, once it says how many.
    total: Option<usize>,
    /// When the search started on its root moves.
    since: Option<Instant>,
    /// The root moves decided, as (edge, forward), in the order found.
    decided: Vec<(usize, bool)>,
    /// The winning ones among them.
    winning: Vec<(usize, bool)>,
    /// The table's entries and capacity.
    table: Option<(u64, u64)>,
    /// Winning moves already printed.
    printed: usize,
    /// The bar's count when the search started.
    start_count: u64,
    describe: Option<Describe>,
}

impl Watch {
    /// What the search is doing, for the progress line (empty before it says).
    fn doing(&self) -> String {
        let mut parts = Vec::new();
        if let Some(m) = self.total {
            let k = self.decided.len();
            let mut part = format!("root moves {k} of {m} decided");
            if let Some(since) = self.since.filter(|_| k > 0 && k < m) {
                let left = since.elapsed().mul_f64((m - k) as f64 / k as f64);
                part += &format!(", about {} left", rough(left));
            }
            parts.push(part);
        }
        if let Some((entries, capacity)) = self.table.filter(|t| t.1 > 0) {
            parts.push(format!("table {}% full", entries * 100 / capacity));
        }
        parts.iter().map(|p| format!("{p} · ")).collect()
    }
}

/// A duration to the minute past an hour, to the second below (an estimate has no decimals).
fn rough(d: Duration) -> String {
    let s = d.as_secs();
    match s {
        0..60 => format!("{s} s"),
        60..3600 => format!("{} min {} s", s / 60, s % 60),
        _ => format!("{} h {} min", s / 3600, s / 60 % 60),
    }
}

/// What a stopped search had decided: [`Bar::watched`].
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Watched {
    /// The root moves the search decides (the moves that leave a cell to
    /// complete are not among them).
    pub total: usize,
    /// The root moves decided, as (edge, forward).
    pub decided: Vec<(usize, bool)>,
    /// The winning moves among them, in the order found.
    pub winning: Vec<(usize, bool)>,
    /// Units of work (nodes) counted so far.
    pub nodes: u64,
}

impl Bar {
    /// A bar counting `unit` (`graphs`, `states`, `classes`); `quiet` or a
    /// standard error that is not a terminal keep it hidden for good.
    pub fn new(unit: &'static str, quiet: bool) -> Arc<Bar> {
        let bar = ProgressBar::with_draw_target(None, ProgressDrawTarget::hidden());
        let bar = Bar {
            bar,
            start: Mutex::new(Instant::now()),
            unit: Mutex::new(unit),
            enabled: !quiet && std::io::stderr().is_terminal(),
            watch: Arc::new(Mutex::new(Watch::default())),
        };
        bar.restyle();
        Arc::new(bar)
    }

    fn restyle(&self) {
        let unit = *self.unit.lock().expect("the unit lock is never poisoned");
        let template = match self.bar.length() {
            Some(_) => {
                format!("{{elapsed_precise}} [{{bar:40}}] {{pos}}/{{len}} {unit}, {{rate}}, ETA {{eta}}  {{msg}}")
            }
            None => format!("{{spinner}} {{elapsed_precise}} {{doing}}{{human_pos}} {unit}, {{rate}}  {{msg}}"),
        };
        let watch = self.watch.clone();
        if let Ok(style) = ProgressStyle::with_template(&template) {
            let style = style
                .progress_chars("=> ")
                // A rate without decimals, its thousands separated: `76,076/s`.
                .with_key("rate", |s: &ProgressState, w: &mut dyn std::fmt::Write| {
                    let _ = write!(w, "{}/s", thousands(s.per_sec().round() as u64));
                })
                .with_key("doing", move |_: &ProgressState, w: &mut dyn std::fmt::Write| {
                    if let Ok(watch) = watch.try_lock() {
                        let _ = w.write_str(&watch.doing());
                    }
                });
            self.bar.set_style(style);
        }
    }

    /// Removes the bar from the terminal; the report follows on a clean line.
    pub fn finish(&self) {
        self.bar.finish_and_clear();
    }

    /// Hides the bar and starts its clock again, between the computations
    /// of an interactive command (`arrows play`): nothing ticks on the
    /// terminal while it waits for input, and the next computation shows
    /// its bar only once it has itself run for a second.
    pub fn pause(&self) {
        self.bar.disable_steady_tick();
        self.bar.finish_and_clear();
        self.bar.set_draw_target(ProgressDrawTarget::hidden());
        self.bar.reset();
        *self.start.lock().expect("the start lock is never poisoned") = Instant::now();
    }

    fn show_when_due(&self) {
        let due = || self.start.lock().expect("the start lock is never poisoned").elapsed() >= delay();
        if self.enabled && self.bar.is_hidden() && due() {
            self.bar.set_draw_target(ProgressDrawTarget::stderr());
            self.bar.enable_steady_tick(Duration::from_millis(200));
        }
    }

    /// Starts watching a new search, whose moves `describe` names by edge
    /// and direction (what an earlier search decided is forgotten).
    pub fn watch(&self, describe: impl Fn(usize, bool) -> String + Send + Sync + 'static) {
        *self.watch.lock().expect("the watch lock is never poisoned") =
            Watch { describe: Some(Box::new(describe)), start_count: self.bar.position(), ..Watch::default() };
    }

    /// What the search watched since [`Bar::watch`] had decided, when it
    /// decides its root moves one by one; `None` otherwise.
    pub fn watched(&self) -> Option<Watched> {
        let w = self.watch.lock().expect("the watch lock is never poisoned");
        w.total.map(|total| Watched {
            total,
            decided: w.decided.clone(),
            winning: w.winning.clone(),
            nodes: self.bar.position().saturating_sub(w.start_count),
        })
    }

    /// Prints the winning moves found and not yet printed, above the bar,
    /// once the bar shows (quick answers print only their report).
    fn print_news(&self) {
        if !self.enabled || self.bar.is_hidden() {
            return;
        }
        let lines: Vec<String> = {
            let Ok(mut w) = self.watch.try_lock() else { return };
            if w.printed == w.winning.len() {
                return;
            }
            let after = format!(" (after {})", rough(self.bar.elapsed()));
            let name = |&(e, f): &(usize, bool)| w.describe.as_ref().map_or_else(|| format!("edge {e}"), |d| d(e, f));
            let lines = (w.printed..w.winning.len())
                .map(|i| match i {
                    0 => format!("first player wins: {} is a winning move{after}", name(&w.winning[0])),
                    _ => format!("winning move {}: {}{after}", i + 1, name(&w.winning[i])),
                })
                .collect();
            w.printed = w.winning.len();
            lines
        };
        self.bar.suspend(|| {
            for line in lines {
                eprintln!("{line}");
            }
        });
    }
}

impl Progress for Bar {
    fn set_total(&self, total: u64) {
        self.bar.set_length(total);
        self.restyle();
    }

    fn set_unit(&self, unit: &'static str) {
        *self.unit.lock().expect("the unit lock is never poisoned") = unit;
        self.restyle();
    }

    fn advance(&self, units: u64) {
        self.bar.inc(units);
        self.show_when_due();
        self.print_news();
    }

    fn found(&self, finding: Finding) {
        {
            let mut w = self.watch.lock().expect("the watch lock is never poisoned");
            match finding {
                Finding::RootMoves { total } => {
                    w.total = Some(total);
                    w.since = Some(Instant::now());
                    w.decided.clear();
                    w.winning.clear();
                    w.printed = 0;
                }
                Finding::RootMove { edge, forward, winning } => {
                    w.decided.push((edge, forward));
                    if winning {
                        w.winning.push((edge, forward));
                    }
                }
                Finding::Table { entries, capacity } => w.table = Some((entries, capacity)),
            }
        }
        self.show_when_due();
        self.print_news();
    }
}

impl Drop for Bar {
    fn drop(&mut self) {
        self.bar.finish_and_clear();
    }
}
