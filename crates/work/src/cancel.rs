//! Cancellation: a flag another thread sets.

use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};

/// A cancel token: clones share one flag; once set it stays set.
#[derive(Debug, Clone, Default)]
pub struct Cancel(Arc<AtomicBool>);

/// The computation was cancelled before it finished.
#[derive(Debug, Clone, Copy, PartialEq, Eq, thiserror::Error)]
#[error("the computation was cancelled before it finished")]
pub struct Cancelled;

impl Cancel {
    /// A token that is not set.
    pub fn new() -> Cancel {
        Cancel::default()
    }

    /// Sets the token: every computation holding a clone stops at its next checkpoint.
    pub fn cancel(&self) {
        self.0.store(true, Ordering::Relaxed);
    }

    /// `true` once [`Cancel::cancel`] was called on any clone.
    pub fn is_cancelled(&self) -> bool {
        self.0.load(Ordering::Relaxed)
    }

    /// `Err(Cancelled)` once the token is set.
    pub fn check(&self) -> Result<(), Cancelled> {
        if self.is_cancelled() { Err(Cancelled) } else { Ok(()) }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn clones_share_the_flag() {
        let a = Cancel::new();
        let b = a.clone();
        assert_eq!(b.check(), Ok(()));
        a.cancel();
        assert_eq!(b.check(), Err(Cancelled));
    }
}
