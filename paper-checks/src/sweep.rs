//! Value claims over a range of spider decorations.
//!
//! A [`Formula`] pairs a family of spider decorations, given by its
//! parameters, with the paper's formula for their Grundy value. [`sweep`]
//! builds every member as a real state, asks the canonical engine for its
//! value, and records it against the formula; the flip of each state (every
//! arrow reversed, an isomorphic state) is checked as a second instance
//! when asked.

use crate::engines::Engines;
use crate::outcome::{CheckError, Tally};
use crate::states::{Leg, SpiderState};

/// A family of spider decorations with the paper's formula for their value.
pub struct Formula {
    /// The legs for the parameters.
    pub legs: fn([usize; 3]) -> [Leg; 3],
    /// The claimed value for the parameters (negative values are possible
    /// outside a hypothesis, and never equal a Grundy value).
    pub value: fn([usize; 3]) -> i64,
    /// The formula as the paper writes it.
    pub text: &'static str,
}

/// What to do with a parameter choice that is not a state.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum NonStates {
    /// An error: the statement speaks of it, so it must exist.
    Refuse,
    /// Skip it (probes outside a hypothesis may meet non-states).
    Skip,
}

/// Checks every formula on every parameter choice (and on the flips when
/// `flips`); returns the number of choices skipped as non-states.
pub fn sweep(
    e: &mut Engines,
    t: &mut Tally,
    params: impl IntoIterator<Item = [usize; 3]>,
    formulas: &[Formula],
    flips: bool,
    non_states: NonStates,
) -> Result<u64, CheckError> {
    let mut skipped = 0;
    for p in params {
        for f in formulas {
            let spider = SpiderState::new(&(f.legs)(p));
            let variants = if flips { vec![spider.clone(), spider.flip()] } else { vec![spider] };
            for v in variants {
                let s = match (v.build(), non_states) {
                    (Ok(s), _) => s,
                    (Err(_), NonStates::Skip) => {
                        skipped += 1;
                        continue;
                    }
                    (Err(err), NonStates::Refuse) => return Err(err.into()),
                };
                let miss = e.value(&s, (f.value)(p), f.text)?;
                t.record_state(&s, miss);
            }
        }
    }
    Ok(skipped)
}

/// `[n]_2`.
pub fn parity(n: usize) -> i64 {
    (n % 2) as i64
}

/// The even numbers `from, from+2, ..., <= to`.
pub fn evens(from: usize, to: usize) -> impl Iterator<Item = usize> + Clone {
    (from..=to).filter(|n| n % 2 == 0)
}
