//! Two-number games: the rectangle slicing game and Empty and Divide.
//!
//! * **Rectangle slicing** (the board game of *Games on Arbitrary Graphs*): a position
//!   is an `a × b` board; a move cuts a slice of thickness 1 off it,
//!   horizontally or vertically, leaving `(a-1) × b` or `a × (b-1)`. A board
//!   with a side 0 has nothing left to cut and is terminal. Its Sprague-Grundy
//!   table is the one printed first in the text (the "two-pile" model of the
//!   "Example revisited" is a different game that only agrees at 5 × 5).
//! * **Empty and Divide**: two boxes hold `m > 0` and `n > 0` chips; a move
//!   empties one box and divides the contents of the other between the two
//!   boxes, at least one chip in each. `(1, 1)` is the only terminal position.

use super::{Notation, PositionError, parse_number};
use crate::explore::{Game, SizeHint};

/// The rectangle slicing game. Positions `(a, b)`, written `AxB`.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct Rectangle;

impl Game for Rectangle {
    type Position = (u32, u32);

    fn followers(&self, &(a, b): &(u32, u32), out: &mut Vec<(u32, u32)>) {
        if a > 0 && b > 0 {
            out.push((a - 1, b));
            out.push((a, b - 1));
        }
    }

    /// Exact: from `a × b` with both sides positive, every board with both
    /// sides positive and no larger is reachable (`a·b` boards, two moves
    /// each), and the boards `0 × y` and `x × 0` with `x, y` positive (but not
    /// `0 × 0`, whose neighbours are terminal); a board with a side 0 is
    /// terminal.
    fn size_hint(&self, &(a, b): &(u32, u32)) -> SizeHint {
        let (a, b) = (u64::from(a), u64::from(b));
        if a == 0 || b == 0 {
            return SizeHint::START;
        }
        SizeHint { positions: a * b + a + b, moves: 2 * a * b }
    }
}

/// Reads two numbers separated by `x`, `X` or `,`.
fn parse_pair(text: &str, form: &'static str) -> Result<(u32, u32), PositionError> {
    let t = text.trim();
    let mut parts = t.splitn(2, ['x', 'X', ',']);
    let (Some(x), Some(y)) = (parts.next(), parts.next()) else {
        return Err(PositionError::Form { form, text: t.to_string() });
    };
    let number = |s: &str| -> Result<u32, PositionError> {
        let n = parse_number(s, "each number")?;
        u32::try_from(n).map_err(|_| PositionError::TooLarge { what: "numbers", value: n, max: u64::from(u32::MAX) })
    };
    Ok((number(x)?, number(y)?))
}

impl Notation for Rectangle {
    fn format(&self, &(a, b): &(u32, u32)) -> String {
        format!("{a}x{b}")
    }

    fn parse(&self, text: &str) -> Result<(u32, u32), PositionError> {
        parse_pair(text, "AxB, e.g. 5x5")
    }
}

/// Empty and Divide. Positions `(m, n)` with `m, n ≥ 1`, written `m,n` (read
/// as `m,n` or `mxn`).
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct EmptyAndDivide;

impl Game for EmptyAndDivide {
    type Position = (u32, u32);

    fn followers(&self, &(m, n): &(u32, u32), out: &mut Vec<(u32, u32)>) {
        // Empty the second box and divide the first, then the other way round.
        for k in [m, n] {
            out.extend((1..k).map(|a| (a, k - a)));
        }
    }

    fn in_bounds(&self, &(m, n): &(u32, u32)) -> bool {
        m >= 1 && n >= 1
    }
}

impl Notation for EmptyAndDivide {
    fn format(&self, &(m, n): &(u32, u32)) -> String {
        format!("{m},{n}")
    }

    /// Reads `m,n`, or `mxn` as for the other games on pairs.
    fn parse(&self, text: &str) -> Result<(u32, u32), PositionError> {
        let (m, n) = parse_pair(text, "m,n, e.g. 3,5")?;
        if m == 0 || n == 0 {
            return Err(PositionError::EmptyBox { text: text.trim().to_string() });
        }
        Ok((m, n))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn moves_and_notation() {
        let mut out = Vec::new();
        Rectangle.followers(&(2, 3), &mut out);
        assert_eq!(out, vec![(1, 3), (2, 2)]);
        out.clear();
        Rectangle.followers(&(0, 3), &mut out);
        assert!(out.is_empty());
        assert_eq!(Rectangle.parse("5x4"), Ok((5, 4)));
        assert_eq!(Rectangle.format(&(5, 4)), "5x4");
        assert!(Rectangle.parse("5").is_err());
        out.clear();
        EmptyAndDivide.followers(&(3, 2), &mut out);
        assert_eq!(out, vec![(1, 2), (2, 1), (1, 1)]);
        out.clear();
        EmptyAndDivide.followers(&(1, 1), &mut out);
        assert!(out.is_empty());
        assert!(matches!(EmptyAndDivide.parse("0,3"), Err(PositionError::EmptyBox { .. })));
        assert_eq!(EmptyAndDivide.parse("3,2"), Ok((3, 2)));
        assert_eq!(EmptyAndDivide.parse("5x5"), Ok((5, 5)));
        assert!(matches!(Rectangle.parse("5"), Err(PositionError::Form { .. })));
    }
}
