//! Plain-text presentation shared by every crate that prints for a person.
//!
//! * [`Columns`]: rows of cells aligned by their *display* width (so `≅`,
//!   `⊔`, `∞` and `⊕` take one column each, as a terminal shows them), as
//!   plain text or as a Markdown table;
//! * [`bytes`], [`duration`]: sizes and times for reports;
//! * [`count`]: a number with its noun in the right number, `1 edge`,
//!   `2 edges`;
//! * [`shorten`]: a message cut to a length a person reads, its start and
//!   end kept (an error that quotes a 2 MB input line).
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

/// `text` when it has at most `max` characters; otherwise its start and
/// its end (where a message's advice is), `max` characters in all with
/// what is left out named between them: `cannot read "AAAA… (2,097,152
/// characters left out) …AAAA"; give a graph`.
pub fn shorten(text: &str, max: usize) -> std::borrow::Cow<'_, str> {
    let total = text.chars().count();
    if total <= max {
        return std::borrow::Cow::Borrowed(text);
    }
    let kept = max.saturating_sub(48);
    let (head, tail) = (kept / 2, kept - kept / 2);
    let start: String = text.chars().take(head).collect();
    let end: String = text.chars().skip(total - tail).collect();
    let left_out = thousands((total - head - tail) as u64);
    std::borrow::Cow::Owned(format!("{start}… ({left_out} characters left out) …{end}"))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn long_text_keeps_its_start_and_its_end() {
        assert_eq!(shorten("short", 10), "short");
        let long = format!("cannot read \"{}\"; give a graph", "A".repeat(100_000));
        let cut = shorten(&long, 200);
        assert!(cut.chars().count() <= 200, "{cut}");
        assert!(cut.starts_with("cannot read \"AAA") && cut.ends_with("AAA\"; give a graph"), "{cut}");
        assert!(cut.contains("characters left out"), "{cut}");
        let accents = "é".repeat(500);
        assert!(shorten(&accents, 100).chars().count() <= 100);
    }
}
