//! Progress on a terminal and Ctrl-C, for every long command.
//!
//! [`control`] gives a command the [`Control`] its library calls run under:
//! the memory budget, the process-wide cancel token that Ctrl-C sets, and a
//! [`Bar`] on standard error. The bar stays hidden for the first second
//! (quick answers print nothing extra) and whenever standard error is not a
//! terminal, so pipes and files only ever see the report.

use arrows_work::{Budget, Cancel, Control, Progress};
use indicatif::{ProgressBar, ProgressDrawTarget, ProgressStyle};
use std::io::IsTerminal;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex, OnceLock};
use std::time::{Duration, Instant};

/// The exit code of a command stopped by Ctrl-C (128 + SIGINT, as shells use).
pub const EXIT_INTERRUPTED: i32 = 130;

/// How long work runs before its bar appears.
const DELAY: Duration = Duration::from_secs(1);

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
        };
        bar.restyle();
        Arc::new(bar)
    }

    fn restyle(&self) {
        let unit = *self.unit.lock().expect("the unit lock is never poisoned");
        let template = match self.bar.length() {
            Some(_) => {
                format!("{{elapsed_precise}} [{{bar:40}}] {{pos}}/{{len}} {unit}, {{per_sec}}, ETA {{eta}}  {{msg}}")
            }
            None => format!("{{spinner}} {{elapsed_precise}} {{human_pos}} {unit}, {{per_sec}}  {{msg}}"),
        };
        if let Ok(style) = ProgressStyle::with_template(&template) {
            self.bar.set_style(style.progress_chars("=> "));
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
        let due = || self.start.lock().expect("the start lock is never poisoned").elapsed() >= DELAY;
        if self.enabled && self.bar.is_hidden() && due() {
            self.bar.set_draw_target(ProgressDrawTarget::stderr());
            self.bar.enable_steady_tick(Duration::from_millis(200));
        }
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
    }
}

impl Drop for Bar {
    fn drop(&mut self) {
        self.bar.finish_and_clear();
    }
}
