//! Progress and cancellation inside the solvers' loops.

use arrows_work::{Budget, Cancelled, Control};

/// How many steps pass between two checkpoints.
const EVERY: u64 = 4096;

/// Counts steps of a long loop and calls [`Control::checkpoint`] every
/// [`EVERY`] of them: progress is reported and the cancel token looked at,
/// at the cost of an increment and a comparison per step.
pub(crate) struct Ticker<'a> {
    control: &'a Control,
    steps: u64,
}

impl<'a> Ticker<'a> {
    pub(crate) fn new(control: &'a Control) -> Ticker<'a> {
        Ticker { control, steps: 0 }
    }

    /// One more step (a position handled).
    #[inline]
    pub(crate) fn tick(&mut self) -> Result<(), Cancelled> {
        self.steps += 1;
        if self.steps == EVERY {
            self.steps = 0;
            return self.control.checkpoint(EVERY);
        }
        Ok(())
    }

    /// Reports the steps not yet reported.
    pub(crate) fn flush(&mut self) -> Result<(), Cancelled> {
        let steps = std::mem::take(&mut self.steps);
        self.control.checkpoint(steps)
    }
}

/// A control that never cancels, reports nowhere and has no budget: for the
/// solvers' plain entry points.
pub(crate) fn unlimited() -> Control {
    Control::new(Budget::bytes(u64::MAX))
}
