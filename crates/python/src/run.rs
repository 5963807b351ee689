//! Work done with the interpreter released, and stopped by Ctrl-C.
//!
//! [`run`] hands the work to a worker thread and waits for it on the
//! calling thread with the interpreter released (other Python threads run
//! meanwhile). Every few hundredths of a second the waiting thread takes
//! the interpreter back and calls `Python::check_signals`: when a signal
//! handler raises (Ctrl-C raises `KeyboardInterrupt`), it sets the work's
//! [`Cancel`](arrows_work::Cancel) token, waits for the engines to stop at
//! their next checkpoint, and returns the handler's exception. A panic in
//! the work becomes a `RuntimeError`, never an abort of the interpreter.

use arrows_work::{Budget, Control};
use pyo3::exceptions::{PyRuntimeError, PyTypeError, PyValueError};
use pyo3::prelude::*;
use pyo3::types::{PyInt, PyString};
use std::sync::{Condvar, Mutex};
use std::time::{Duration, Instant};

/// How often the waiting thread looks for a pending signal.
const SIGNAL_CHECK: Duration = Duration::from_millis(40);

/// The worker's stack; engines move deep recursions to fresh segments by
/// themselves, this only spares them the first few.
const WORKER_STACK: usize = 64 << 20;

/// Runs quick `work` on the calling thread with the interpreter released
/// (no watch for signals: it ends within a fraction of a second), and any
/// other work as [`run`] does. Spares a small call the worker thread.
pub fn run_sized<T, F>(py: Python<'_>, control: &Control, quick: bool, work: F) -> PyResult<T>
where
    T: Send,
    F: FnOnce(&Control) -> T + Send,
{
    if quick {
        return std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| py.detach(|| work(control))))
            .map_err(|panic| internal(&panic));
    }
    run(py, control, work)
}

/// Runs `work` under `control` on a worker thread while the calling thread
/// waits with the interpreter released, watching for signals (see the
/// module documentation).
pub fn run<T, F>(py: Python<'_>, control: &Control, work: F) -> PyResult<T>
where
    T: Send,
    F: FnOnce(&Control) -> T + Send,
{
    let done = (Mutex::new(false), Condvar::new());
    std::thread::scope(|scope| {
        let worker = std::thread::Builder::new()
            .name("arrows".into())
            .stack_size(WORKER_STACK)
            .spawn_scoped(scope, || {
                let result = work(control);
                let (lock, signal) = &done;
                *lock.lock().unwrap_or_else(|e| e.into_inner()) = true;
                signal.notify_all();
                result
            })
            .map_err(|e| PyRuntimeError::new_err(format!("cannot start a worker thread: {e}")))?;
        let mut interrupted = None;
        loop {
            let finished = py.detach(|| {
                let (lock, signal) = &done;
                let guard = lock.lock().unwrap_or_else(|e| e.into_inner());
                let (guard, _) =
                    signal.wait_timeout_while(guard, SIGNAL_CHECK, |d| !*d).unwrap_or_else(|e| e.into_inner());
                *guard
            });
            if finished {
                break;
            }
            if let Err(e) = py.check_signals() {
                control.cancel.cancel();
                interrupted = Some(e);
                break;
            }
        }
        let joined = py.detach(|| worker.join());
        match (interrupted, joined) {
            (Some(e), _) => Err(e),
            (None, Ok(value)) => Ok(value),
            (None, Err(panic)) => Err(internal(&panic)),
        }
    })
}

/// A panic of the library, as a `RuntimeError` that asks for a report.
fn internal(panic: &Box<dyn std::any::Any + Send>) -> PyErr {
    let text = if let Some(s) = panic.downcast_ref::<&str>() {
        (*s).to_string()
    } else if let Some(s) = panic.downcast_ref::<String>() {
        s.clone()
    } else {
        "a panic".into()
    };
    PyRuntimeError::new_err(format!("internal error in arrows ({text}); please report it with the call that caused it"))
}

/// The memory budget a call asks for: `None` for the default (three
/// quarters of the memory available), a number of bytes, or a size such as
/// `"512M"` or `"4G"` (read as the command line reads `--max-memory`).
pub fn budget(max_memory: Option<&Bound<'_, PyAny>>) -> PyResult<Budget> {
    let Some(arg) = max_memory.filter(|a| !a.is_none()) else {
        return Ok(machine_default());
    };
    let text = if let Ok(s) = arg.cast::<PyString>() {
        s.to_string()
    } else if arg.is_instance_of::<PyInt>() && !arg.is_instance_of::<pyo3::types::PyBool>() {
        arg.str()?.to_string()
    } else {
        return Err(PyTypeError::new_err(format!(
            "max_memory takes a number of bytes or a size such as \"512M\" or \"4G\", got {}",
            arg.repr()?
        )));
    };
    Budget::parse(&text).map_err(|e| PyValueError::new_err(format!("max_memory: {e}")))
}

/// How long the default budget is reused before it is read again.
const DEFAULT_FRESH: Duration = Duration::from_secs(1);

/// The default budget ([`Budget::default`]: three quarters of the memory
/// available to this process), read again when older than a second:
/// reading it costs tens of microseconds, more than a small study.
fn machine_default() -> Budget {
    static LAST: Mutex<Option<(Instant, Budget)>> = Mutex::new(None);
    let mut last = LAST.lock().unwrap_or_else(|e| e.into_inner());
    match *last {
        Some((at, budget)) if at.elapsed() < DEFAULT_FRESH => budget,
        _ => {
            let budget = Budget::default();
            *last = Some((Instant::now(), budget));
            budget
        }
    }
}

/// The default memory budget in bytes: three quarters of the memory
/// available to this process (read at most once a second).
#[pyfunction]
pub fn default_budget() -> u64 {
    machine_default().get()
}
