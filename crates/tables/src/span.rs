//! Inclusive ranges of parameters, written `LOW..HIGH` on the command line.

use std::fmt;
use std::str::FromStr;

/// The integers `lo..=hi`. Written `LOW..HIGH` (both ends included, as in
/// "legs up to 40"), `LOW..=HIGH`, or a single number `N` for `N..N`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Span {
    /// The smallest value.
    pub lo: usize,
    /// The largest value (included).
    pub hi: usize,
}

impl Span {
    /// The span `lo..=hi`; `None` when it is empty (`lo > hi`).
    pub fn new(lo: usize, hi: usize) -> Option<Span> {
        (lo <= hi).then_some(Span { lo, hi })
    }

    /// How many values the span holds (`usize::MAX` for the whole of `0..=usize::MAX`).
    pub fn len(&self) -> usize {
        (self.hi - self.lo).saturating_add(1)
    }

    /// Always false: a span holds at least one value.
    pub fn is_empty(&self) -> bool {
        false
    }

    /// Whether `x` lies in the span.
    pub fn contains(&self, x: usize) -> bool {
        self.lo <= x && x <= self.hi
    }

    /// The values, in increasing order.
    pub fn values(&self) -> std::ops::RangeInclusive<usize> {
        self.lo..=self.hi
    }
}

impl fmt::Display for Span {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.lo == self.hi { write!(f, "{}", self.lo) } else { write!(f, "{}..{}", self.lo, self.hi) }
    }
}

impl serde::Serialize for Span {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.collect_str(self)
    }
}

impl<'de> serde::Deserialize<'de> for Span {
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<Span, D::Error> {
        let text = String::deserialize(d)?;
        text.parse().map_err(serde::de::Error::custom)
    }
}

/// Why a text is not a range.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum SpanError {
    /// The text is not `LOW..HIGH`, `LOW..=HIGH` or `N` with whole numbers.
    #[error(
        "cannot read {text:?} as a range; write LOW..HIGH with whole numbers >= 0 (both ends included), e.g. 0..40"
    )]
    Syntax {
        /// The text given.
        text: String,
    },
    /// The low end is above the high end.
    #[error("the range {text} is empty; write LOW..HIGH with LOW <= HIGH, e.g. {hi}..{lo}")]
    Empty {
        /// The text given.
        text: String,
        /// The low end read.
        lo: usize,
        /// The high end read.
        hi: usize,
    },
}

/// Reads the legs of a spider sweep: one range for every leg (`0..40`), or
/// one range per leg separated by commas (`0..6,0..6,0..100`).
pub fn parse_spans(text: &str) -> Result<Vec<Span>, SpanError> {
    text.split(',').map(str::parse).collect()
}

impl FromStr for Span {
    type Err = SpanError;

    fn from_str(text: &str) -> Result<Span, SpanError> {
        let t = text.trim();
        let number = |s: &str| s.trim().parse::<usize>().map_err(|_| SpanError::Syntax { text: text.into() });
        let (lo, hi) = match t.split_once("..") {
            None => {
                let n = number(t)?;
                (n, n)
            }
            Some((a, b)) => (number(a)?, number(b.strip_prefix('=').unwrap_or(b))?),
        };
        Span::new(lo, hi).ok_or_else(|| SpanError::Empty { text: text.into(), lo, hi })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn spans_read_and_print() {
        assert_eq!("0..40".parse(), Ok(Span { lo: 0, hi: 40 }));
        assert_eq!("3..=5".parse(), Ok(Span { lo: 3, hi: 5 }));
        assert_eq!("7".parse(), Ok(Span { lo: 7, hi: 7 }));
        assert_eq!(Span { lo: 2, hi: 9 }.to_string(), "2..9");
        assert_eq!(Span { lo: 2, hi: 9 }.to_string().parse(), Ok(Span { lo: 2, hi: 9 }));
        let e = "5..2".parse::<Span>().unwrap_err();
        assert_eq!(e, SpanError::Empty { text: "5..2".into(), lo: 5, hi: 2 });
        assert!(e.to_string().contains("2..5"), "{e}");
        assert!("a..3".parse::<Span>().is_err());
        assert!("-1..3".parse::<Span>().is_err());
        assert_eq!(Span { lo: 4, hi: 6 }.values().collect::<Vec<_>>(), [4, 5, 6]);
    }
}
