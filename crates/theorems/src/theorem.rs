//! A family's theorem: its values for every `n` from some point on, the
//! small values before it, and the certificate that proves it.
//!
//! The lemmas prove a law for the system's target sequence with the
//! system's period (`x(m + P) = x(m) + step`, [`Law`]); the family's own
//! period can be shorter and its own pre-period earlier. [`reduce`] finds
//! the least period `q` and then the least start `n_f` such that
//! `G(n + q) = G(n) + δ(n mod q)` holds for `n_f <= n < S + P` (checked on
//! the values) and the law's steps are the same on residues `q` apart.
//! That suffices for every `n >= n_f`: below `S` it was checked; for
//! `n = n' + jP` with `S <= n' < S + P`, the law gives
//! `G(n + q) - G(n) = G(n' + q) - G(n') + j (step(n' + q) - step(n')) = δ`.

use crate::lemma::{Law, Step};
use crate::system::{ABSENT, Value};
use serde::Serialize;

/// What the theorem says about one residue class of `n` modulo its period.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(untagged)]
pub enum Residue {
    /// `G(n) = value` on the class.
    Constant {
        /// The residue.
        residue: u32,
        /// The value.
        value: u32,
    },
    /// `G(n + period) = G(n) + step` on the class, from `G(at) = value`.
    Growing {
        /// The residue.
        residue: u32,
        /// What one period adds.
        step: u32,
        /// The first `n` of the class covered.
        at: u32,
        /// `G(at)`.
        value: u32,
    },
    /// Only `G(n) >= at_least` is proved on the class.
    Large {
        /// The residue.
        residue: u32,
        /// The bound.
        at_least: u32,
    },
}

impl Residue {
    fn residue(&self) -> u32 {
        match *self {
            Residue::Constant { residue, .. } | Residue::Growing { residue, .. } | Residue::Large { residue, .. } => {
                residue
            }
        }
    }
}

/// The values of a family for every `n >= from`.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Statement {
    /// The first `n` covered.
    pub from: u32,
    /// The period in `n`.
    pub period: u32,
    /// One entry per residue class of `n` modulo the period.
    pub residues: Vec<Residue>,
    /// The number of values compared to derive it from the law.
    #[serde(skip)]
    pub claims: u64,
}

impl Statement {
    /// `true` when every value from `from` on is determined.
    pub fn is_exact(&self) -> bool {
        !self.residues.iter().any(|r| matches!(r, Residue::Large { .. }))
    }

    /// The value the statement gives at `n >= from`; `None` on a class
    /// where only a bound is proved.
    pub fn predict(&self, n: u32) -> Option<u32> {
        let r = self.residues[(n % self.period) as usize];
        match r {
            Residue::Constant { value, .. } => Some(value),
            Residue::Growing { step, at, value, .. } => Some(value + step * ((n - at) / self.period)),
            Residue::Large { .. } => None,
        }
    }

    /// The right-hand side in words, for a family named `g` (as in `G(S(2,3,n))`):
    /// `1 if n is even, else 0`.
    pub fn describe(&self, g: &str) -> String {
        let parts: Vec<String> = self.residues.iter().map(|r| self.expression(r, g)).collect();
        if parts.iter().all(|x| *x == parts[0]) && self.residues.iter().all(|r| !matches!(r, Residue::Growing { .. })) {
            return parts[0].clone();
        }
        match parts.len() {
            1 => parts[0].clone(),
            2 => format!("{} if n is even, else {}", parts[0], parts[1]),
            p => format!("{} for n = 0, 1, ..., {} mod {p}", parts.join(", "), p - 1),
        }
    }

    fn expression(&self, r: &Residue, g: &str) -> String {
        match *r {
            Residue::Constant { value, .. } => value.to_string(),
            Residue::Large { at_least, .. } => format!("at least {at_least}"),
            Residue::Growing { step, at, value, .. } if step % self.period == 0 => {
                let slope = step / self.period;
                let c = i64::from(value) - i64::from(slope) * i64::from(at);
                let n = if slope == 1 { "n".to_string() } else { format!("{slope}n") };
                match c.cmp(&0) {
                    std::cmp::Ordering::Equal => n,
                    std::cmp::Ordering::Greater => format!("{n} + {c}"),
                    std::cmp::Ordering::Less => format!("{n} - {}", -c),
                }
            }
            Residue::Growing { step, .. } => {
                format!("{} + {step}", g.replacen("n)", &format!("n-{})", self.period), 1))
            }
        }
    }
}

/// The least period and start for a family's values `f` (defined below
/// `avail`, ⊥ below `first`), given the law its target obeys in terms of
/// `n` (see the module documentation). `None` when the law is not exact
/// and not even its own period could be confirmed on the values.
pub fn reduce(f: &dyn Fn(u32) -> Value, avail: u32, first: u32, law: &Law) -> Option<Statement> {
    let (s, p) = (law.start, law.period);
    let amount = |n: u32| match law.steps[(n % p) as usize] {
        Step::Add(a) => a,
        _ => 0,
    };
    // Classes where only a bound is proved: no value to check there.
    let large = |n: u32| match law.steps[(n % p) as usize] {
        Step::Large(k) => Some(k),
        _ => None,
    };
    for q in 1..=p {
        // The law's steps repeat q apart, and a step over q is whole.
        if (0..p).any(|r| amount(r) != amount(r + q) || large(r) != large(r + q))
            || (0..p).any(|r| !(amount(r) * q).is_multiple_of(p))
        {
            continue;
        }
        let end = s + p;
        if end + q > avail {
            return None;
        }
        let delta = |n: u32| amount(n) * q / p;
        let ok = |n: u32| {
            let (a, b) = (f(n), f(n + q));
            a != ABSENT && b != ABSENT && (large(n).is_some() || b == a + delta(n))
        };
        if !(s.max(first)..end).all(ok) {
            continue;
        }
        let mut from = s.max(first);
        // Below the law's start a bound is not known: only exact classes extend back.
        while from > first && law.is_exact() && ok(from - 1) {
            from -= 1;
        }
        let mut residues: Vec<Residue> = (from..from + q)
            .map(|n| {
                let residue = n % q;
                match (large(n), delta(n)) {
                    (Some(at_least), _) => Residue::Large { residue, at_least },
                    (None, 0) => Residue::Constant { residue, value: f(n) },
                    (None, step) => Residue::Growing { residue, step, at: n, value: f(n) },
                }
            })
            .collect();
        residues.sort_by_key(Residue::residue);
        return Some(Statement { from, period: q, residues, claims: u64::from(end - from) });
    }
    None
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_period_two_law_reduces_to_the_values_own_period() {
        // 5, 3, then 1, 0, 1, 0, ...: a law of period 4 from 2 reduces to period 2 from 2.
        let f = |n: u32| -> Value { [5, 3][..].get(n as usize).copied().unwrap_or(u32::from(n.is_multiple_of(2))) };
        let law = Law { start: 6, period: 4, steps: vec![Step::Same; 4] };
        let st = reduce(&f, 100, 0, &law).unwrap();
        assert_eq!((st.from, st.period), (2, 2));
        assert_eq!(st.describe("G(X)"), "1 if n is even, else 0");
        // n + 2 on odd n, n on even n (Proposition 9.1's <1^,1^,n>).
        let g = |n: u32| -> Value { n + 2 * (n % 2) };
        let law = Law { start: 4, period: 4, steps: vec![Step::Add(4); 4] };
        let st = reduce(&g, 100, 1, &law).unwrap();
        assert_eq!((st.from, st.period), (1, 2));
        assert_eq!(st.describe("G(X)"), "n if n is even, else n + 2");
        assert_eq!(st.predict(101), Some(103));
    }
}
