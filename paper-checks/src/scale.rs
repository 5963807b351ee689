//! The parameter ranges of a run, all derived from one number, `max`.
//!
//! At the default `max = 30`: spider legs up to 30 (odd legs up to 31),
//! paths up to 60 edges, isomorphism checks on states with up to 10
//! unmarked edges, the small-graph domains of Sections 3, 4 and 7 as their
//! doc comments say. Every derived range grows in proportion to `max`, with
//! a floor (so tiny runs still mean something) and a cap on the exponential
//! domains (so large runs stay in polynomial time).

/// The default of `--max`.
pub const DEFAULT_MAX: usize = 30;
/// The smallest `--max` accepted: the probes need legs of length 4.
pub const MIN_MAX: usize = 4;
/// The largest `--max` accepted.
pub const MAX_MAX: usize = 1000;

/// A range outside `MIN_MAX..=MAX_MAX`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, thiserror::Error)]
#[error("the range must be between {MIN_MAX} and {MAX_MAX} (the default is {DEFAULT_MAX}), got {max}")]
pub struct ScaleError {
    /// The range asked for.
    pub max: usize,
}

/// The ranges of one run.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Scale {
    /// Spider legs go up to `max` unmarked edges.
    pub max: usize,
}

impl Default for Scale {
    fn default() -> Scale {
        Scale { max: DEFAULT_MAX }
    }
}

impl Scale {
    /// The ranges for the largest leg `max`, refused outside `MIN_MAX..=MAX_MAX`.
    pub fn new(max: usize) -> Result<Scale, ScaleError> {
        if !(MIN_MAX..=MAX_MAX).contains(&max) {
            return Err(ScaleError { max });
        }
        Ok(Scale { max })
    }

    /// `at_default * max / 30`, between `floor` and `cap`.
    fn scaled(&self, at_default: usize, floor: usize, cap: usize) -> usize {
        (at_default * self.max / DEFAULT_MAX).clamp(floor, cap)
    }

    /// Largest leg (unmarked edges) in the spider statements.
    pub fn legs(&self) -> usize {
        self.max
    }

    /// Largest odd leg for the corollary on odd spiders (31 at the default).
    pub fn odd_legs(&self) -> usize {
        if self.max.is_multiple_of(2) { self.max + 1 } else { self.max }
    }

    /// Largest `n` for the path families.
    pub fn paths(&self) -> usize {
        2 * self.max
    }

    /// Largest number of unmarked edges in the isomorphism checks of
    /// Propositions 6.3 (and the explicit game graphs built for them).
    pub fn iso_unmarked(&self) -> usize {
        self.scaled(10, 3, 12)
    }

    /// Largest tree (edges) in the whole-game-tree checks of Theorem 3.4.
    pub fn trim_trees(&self) -> usize {
        self.scaled(10, 4, 11)
    }

    /// Largest graph (edges) whose pairs of states the Section 4 checks compare.
    pub fn pair_edges(&self) -> usize {
        self.scaled(7, 3, 8)
    }

    /// Largest graph (edges) between whose states every flip-commuting
    /// bijection is tried (Theorem 4.10).
    pub fn bijection_edges(&self) -> usize {
        self.scaled(4, 3, 5)
    }

    /// Largest graph (edges) whose states Proposition 7.6 examines.
    pub fn associate_edges(&self) -> usize {
        self.scaled(8, 4, 9)
    }

    /// Largest `n` for Definition 8.1.
    pub fn ord_limit(&self) -> usize {
        self.max * self.max * self.max
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn default_ranges() {
        let s = Scale::default();
        assert_eq!((s.legs(), s.odd_legs(), s.paths(), s.iso_unmarked()), (30, 31, 60, 10));
        assert_eq!(Scale::new(60).unwrap().iso_unmarked(), 12);
        assert_eq!(Scale::new(4).unwrap().iso_unmarked(), 3);
        assert_eq!(Scale::new(3), Err(ScaleError { max: 3 }));
        assert!(!Scale::new(3).unwrap_err().to_string().contains("--"));
    }
}
