//! The sequences a system reads in closed form: the path values of Section 5.
//!
//! A move on a growing leg leaves an outer path whose two ends are
//! labelled (see [`Need`]); its value is one of Section 5's closed forms
//! ([`PathFamily`], the canonical engine's table), read here as a whole
//! sequence indexed by the number of edges `b`:
//!
//! | family | `b = 0` | `b >= 1` | pre-period, period, saltus |
//! |--------|---------|----------|----------------------------|
//! | rod `R_b`   | 0 | `[b]_2` (Prop. 5.6) | 0, 2, 0 |
//! | twig `T_b`  | 0 | `b` (Prop. 5.4)     | 0, 1, 1 |
//! | flow `F_b`  | 0 | `[b]_2` (Prop. 5.2) | 0, 2, 0 |
//! | crash `C_b` | ⊥ | `[b+1]_2` (Prop. 5.2) | 1, 2, 0 |
//!
//! At `b = 0` the outer path is the end vertex itself, and the move that
//! made it is legal unless the end would become a sink or a source: that
//! is exactly the crash `C_0`, "not a state" in the paper, which is the
//! absent term ⊥. The pre-period, period and saltus say that
//! `x(b + period) = x(b) + saltus` for every `b >= pre-period`; the twig is
//! the one sequence that grows.

use crate::system::{ABSENT, Value};
use arrows_solve::canonical::{Need, PathFamily};

/// A Section 5 family as a sequence of a system.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Given(pub PathFamily);

/// `x(b + period) = x(b) + saltus` for every `b >= pre`.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Form {
    /// The first index of the rule.
    pub pre: u32,
    /// The period.
    pub period: u32,
    /// What one period adds.
    pub saltus: u32,
}

impl Given {
    /// The path between ends labelled `near` and `far` (neither needing both arrows).
    pub fn path(near: Need, far: Need) -> Given {
        Given(PathFamily::of(near, far).expect("path ends never need both arrows"))
    }

    /// The term with `b` edges: the closed form, ⊥ for the crash `C_0`.
    pub fn value(self, b: u32) -> Value {
        if self.0 == PathFamily::Crash && b == 0 { ABSENT } else { self.0.grundy(b) }
    }

    /// The closed form's pre-period, period and saltus (the table above).
    pub fn form(self) -> Form {
        match self.0 {
            PathFamily::Rod | PathFamily::Flow => Form { pre: 0, period: 2, saltus: 0 },
            PathFamily::Twig => Form { pre: 0, period: 1, saltus: 1 },
            PathFamily::Crash => Form { pre: 1, period: 2, saltus: 0 },
        }
    }

    /// `true` for the twig, whose values grow without bound.
    pub fn grows(self) -> bool {
        self.form().saltus > 0
    }

    /// The paper's letter: `R`, `T`, `F`, `C`.
    pub fn letter(self) -> char {
        match self.0 {
            PathFamily::Rod => 'R',
            PathFamily::Twig => 'T',
            PathFamily::Flow => 'F',
            PathFamily::Crash => 'C',
        }
    }

    /// The family's name and the proposition that gives its values.
    pub fn source(self) -> &'static str {
        match self.0 {
            PathFamily::Rod => "rods, Proposition 5.6",
            PathFamily::Twig => "twigs, Proposition 5.4",
            PathFamily::Flow => "flows, Proposition 5.2",
            PathFamily::Crash => "crashes, Proposition 5.2",
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The forms in the table hold on the closed forms themselves.
    #[test]
    fn forms_describe_the_closed_forms() {
        for f in [PathFamily::Rod, PathFamily::Twig, PathFamily::Flow, PathFamily::Crash] {
            let g = Given(f);
            let Form { pre, period, saltus } = g.form();
            for b in pre..200 {
                assert_eq!(g.value(b + period), g.value(b) + saltus, "{f:?} at {b}");
            }
            if pre > 0 {
                assert_ne!(g.value(pre - 1 + period), g.value(pre - 1), "{f:?}: the pre-period is the least");
            }
        }
        assert_eq!(Given::path(Need::Out, Need::Out).value(0), ABSENT);
        assert_eq!(Given::path(Need::Free, Need::In).value(7), 7);
    }
}
