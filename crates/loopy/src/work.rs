//! Progress and cancellation inside the solvers' loops.

use arrows_work::{Budget, Cancelled, Control};

/// How many steps pass between two checkpoints.
const EVERY: u64 = 4096;

/// Counts steps of a long loop and calls [`Control::checkpoint`] every
/// [`EVERY`] of them: progress is reported and the cancel token looked at,
/// at the cost of an increment and a comparison per step.
pub(crate) struct Ticker<'a> {
    control: &'a Control,
    /// Steps since the last checkpoint.
    steps: u64,
    /// Of those, the ones that are progress (positions handled).
    done: u64,
}

impl<'a> Ticker<'a> {
    pub(crate) fn new(control: &'a Control) -> Ticker<'a> {
        Ticker { control, steps: 0, done: 0 }
    }

    /// One more step that is progress: a position handled.
    #[inline]
    pub(crate) fn tick(&mut self) -> Result<(), Cancelled> {
        self.done += 1;
        self.poll()
    }

    /// One more step of work that is not counted as progress (a position
    /// looked at again): only the cancel token is watched.
    #[inline]
    pub(crate) fn poll(&mut self) -> Result<(), Cancelled> {
        self.steps += 1;
        if self.steps == EVERY {
            return self.flush();
        }
        Ok(())
    }

    /// `n` more steps that are progress at once.
    pub(crate) fn advance(&mut self, n: u64) -> Result<(), Cancelled> {
        self.done += n;
        self.poll()
    }

    /// Reports the progress not yet reported, and looks at the cancel token.
    pub(crate) fn flush(&mut self) -> Result<(), Cancelled> {
        self.steps = 0;
        let done = std::mem::take(&mut self.done);
        self.control.checkpoint(done)
    }
}

/// A control that never cancels, reports nowhere and has no budget: for the
/// solvers' plain entry points.
pub(crate) fn unlimited() -> Control {
    Control::new(Budget::bytes(u64::MAX))
}
