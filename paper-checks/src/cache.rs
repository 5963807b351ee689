//! Surveys shared by several checks of one run.
//!
//! Some checks read different facts off the same exhaustive survey (the
//! pairs of states of Section 4, the associates of Proposition 7.6). The
//! first check to ask computes it; the others, possibly on other threads,
//! wait for that result instead of repeating the work.

use std::any::Any;
use std::collections::HashMap;
use std::sync::{Arc, Mutex, OnceLock};

type Slot = Arc<OnceLock<Arc<dyn Any + Send + Sync>>>;

static SURVEYS: OnceLock<Mutex<HashMap<(&'static str, usize), Slot>>> = OnceLock::new();

/// The survey named `name` at range `max`, computed once per process.
pub fn shared<T: Any + Send + Sync>(name: &'static str, max: usize, compute: impl FnOnce() -> T) -> Arc<T> {
    let slot: Slot = {
        let mut map = SURVEYS.get_or_init(Default::default).lock().unwrap_or_else(|e| e.into_inner());
        map.entry((name, max)).or_default().clone()
    };
    let value = slot.get_or_init(|| Arc::new(compute()) as Arc<dyn Any + Send + Sync>).clone();
    value.downcast::<T>().unwrap_or_else(|_| panic!("the survey {name} has one type"))
}
