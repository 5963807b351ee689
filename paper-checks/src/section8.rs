//! Section 8: the order of an integer, and three marked legs.

use crate::engines::Engines;
use crate::outcome::{CheckError, Counterexample, Kind, Outcome, Tally};
use crate::registry::{Check, Context};
use crate::states::{Leg, spider};

/// The checks of Section 8.
pub fn checks() -> Vec<Check> {
    vec![
        Check {
            id: "8.1",
            kind: Kind::Check,
            result: "Definition 8.1",
            statement: "ord(n), the greatest integer k >= 0 with 2^k <= n, is the index of the leading binary digit of n: n = sum_{i<=k} n_i 2^i with n_k = 1.",
            run: definition_8_1,
        },
        Check {
            id: "8.2",
            kind: Kind::Check,
            result: "Theorem 8.2",
            statement: "If a, b, c >= 2 then G(<a~,b~,c~>) = 2 + ((a-2) xor (b-2) xor (c-2)), for each of the 8 directions of the three leaf arrows.",
            run: theorem_8_2,
        },
    ]
}

/// `ord(n)` as Definition 8.1 words it: the greatest `k` with `2^k <= n`,
/// searching `k` upward from `least` (0 for the corrected reading, 1 for
/// "positive"); `None` when no such `k` exists.
pub fn ord_greatest(n: u64, least: u32) -> Option<u32> {
    (least..64).take_while(|&k| 1u64 << k <= n).last()
}

/// `ord(n)` from the binary expansion: the index of the leading digit, by
/// repeated halving.
pub fn ord_expansion(n: u64) -> Option<u32> {
    let mut digits = Vec::new();
    let mut m = n;
    while m > 0 {
        digits.push(m % 2);
        m /= 2;
    }
    digits.iter().rposition(|&d| d == 1).map(|k| k as u32)
}

fn definition_8_1(ctx: &Context) -> Result<Outcome, CheckError> {
    let mut t = Tally::new();
    let top = ctx.scale.ord_limit() as u64;
    for n in 1..=top {
        let (greatest, expansion) = (ord_greatest(n, 0), ord_expansion(n));
        t.record(greatest.is_some() && greatest == expansion, || Counterexample {
            instance: format!("n = {n}"),
            graph: String::new(),
            state: String::new(),
            found: format!("greatest k >= 0 with 2^k <= n: {greatest:?}"),
            claimed: format!("the leading binary digit's index {expansion:?}"),
        });
    }
    Ok(t.finish(format!("1 <= n <= {top}")))
}

fn theorem_8_2(ctx: &Context) -> Result<Outcome, CheckError> {
    let mut e = Engines::shared(ctx);
    let mut t = Tally::new();
    let top = ctx.scale.legs();
    for a in 2..=top {
        for b in a..=top {
            for c in b..=top {
                let claimed = 2 + ((a - 2) ^ (b - 2) ^ (c - 2)) as i64;
                for pattern in 0..8u32 {
                    let leg = |n: usize, j: u32| Leg::arrow(n, pattern >> j & 1 == 0);
                    let s = spider([leg(a, 0), leg(b, 1), leg(c, 2)])?;
                    let miss = e.value(&s, claimed, "2 + ((a-2) xor (b-2) xor (c-2))")?;
                    t.record_state(&s, miss);
                }
            }
        }
    }
    Ok(t.finish(format!(
        "2 <= a <= b <= c <= {top} (every order of the legs up to isomorphism), all 8 directions of the leaf arrows"
    )))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_two_readings_of_ord() {
        assert_eq!(ord_greatest(1, 0), Some(0));
        assert_eq!(ord_greatest(1, 1), None);
        assert_eq!(ord_greatest(12, 0), Some(3));
        assert_eq!(ord_expansion(12), Some(3));
        assert_eq!(ord_expansion(0), None);
    }
}
