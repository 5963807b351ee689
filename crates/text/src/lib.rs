//! Plain-text presentation shared by every crate that prints for a person.
//!
//! * [`Columns`]: rows of cells aligned by their *display* width (so `≅`,
//!   `⊔`, `∞` and `⊕` take one column each, as a terminal shows them), as
//!   plain text or as a Markdown table;
//! * [`bytes`], [`duration`]: sizes and times for reports;
//! * [`count`]: a number with its noun in the right number, `1 edge`,
//!   `2 edges`.
//!
//! The crate depends on nothing of the game, so the loopy solver, the
//! engines, the tables and the paper checks all print with it.

mod columns;
mod units;

pub use columns::{Align, Columns};
pub use units::{bytes, count, duration, number, thousands};

/// The number of terminal columns `text` takes (its display width).
pub fn width(text: &str) -> usize {
    unicode_width::UnicodeWidthStr::width(text)
}
