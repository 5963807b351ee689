//! Random systems for the tests: the terms against the mex of every
//! option listed one by one, and the checker against terms computed past
//! everything it read (a mutated checker must be caught accepting a false law).

use crate::given::Given;
use crate::lemma::{Law, Proof, Step};
use crate::system::{ABSENT, Operand, Sequence, System, Template, Value, Values};
use arrows_solve::canonical::PathFamily;

/// SplitMix64: a deterministic stream of pseudo-random words.
pub(crate) struct Rng(u64);

impl Rng {
    pub(crate) fn new(seed: u64) -> Rng {
        Rng(seed)
    }

    pub(crate) fn next(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    }

    /// Uniform in `0..n`.
    pub(crate) fn below(&mut self, n: u32) -> u32 {
        (self.next() % u64::from(n)) as u32
    }
}

const PATHS: [PathFamily; 4] = [PathFamily::Rod, PathFamily::Twig, PathFamily::Flow, PathFamily::Crash];

/// A random system shaped like the families' (fixed-part moves to earlier
/// sequences, lagged closed forms, splits of a sequence against a closed
/// form, often the twig) with some octal-game splits of two sequences;
/// constants below `max_constant`, every `left_min` and `right_min` below 3.
pub(crate) fn random_system(rng: &mut Rng, max_constant: u32) -> System {
    let n = 1 + rng.below(3) as usize;
    let mut seqs = Vec::with_capacity(n);
    for i in 0..n {
        let initial: Vec<Value> = match rng.below(3) {
            0 => vec![ABSENT],
            1 => Vec::new(),
            _ => (0..1 + rng.below(3)).map(|_| if rng.below(4) == 0 { ABSENT } else { rng.below(4) }).collect(),
        };
        let mut templates = Vec::new();
        for _ in 0..1 + rng.below(4) {
            let constant = rng.below(max_constant);
            let given = Operand::Given(Given(PATHS[rng.below(4) as usize]));
            let seq = Operand::Seq(rng.below(n as u32));
            templates.push(match rng.below(6) {
                0 if i > 0 => Template::Unary { constant, operand: Operand::Seq(rng.below(i as u32)), lag: 0 },
                0 | 1 => Template::Unary { constant, operand: given, lag: 1 + rng.below(3) },
                2 => Template::Unary { constant, operand: seq, lag: 1 + rng.below(3) },
                3 => Template::Split {
                    constant,
                    left: seq,
                    right: Operand::Given(Given(PathFamily::Twig)),
                    removed: 1 + rng.below(2),
                    left_min: rng.below(3),
                    right_min: rng.below(3),
                },
                4 => Template::Split {
                    constant,
                    left: seq,
                    right: given,
                    removed: 1 + rng.below(2),
                    left_min: rng.below(3),
                    right_min: rng.below(3),
                },
                _ => Template::Split {
                    constant,
                    left: seq,
                    right: Operand::Seq(rng.below(n as u32)),
                    removed: 1 + rng.below(3),
                    left_min: rng.below(3),
                    right_min: rng.below(3),
                },
            });
        }
        seqs.push(Sequence { initial, templates });
    }
    System::new(seqs).expect("operands exist, lag 0 reads an earlier sequence, splits remove at least one")
}

/// The terms up to `len`, each the mex of its options listed one by one
/// by [`System::options`] (none of [`Values`]' shortcuts).
pub(crate) fn plain_terms(system: &System, len: u32) -> Vec<Vec<Value>> {
    let mut values = Values::new(system);
    let mut rows = vec![Vec::new(); system.len()];
    for m in 0..len {
        values.extend(system, m + 1);
        for (i, row) in rows.iter_mut().enumerate() {
            let s = &system.sequences()[i];
            let v = match s.initial.get(m as usize) {
                Some(&v) => v,
                None => {
                    let mut seen = std::collections::BTreeSet::new();
                    system.options(i, m, &values, |o| {
                        seen.insert(o.value);
                    });
                    (0..).find(|v| !seen.contains(v)).expect("a finite set has a mex")
                }
            };
            row.push(v);
        }
    }
    rows
}

/// The first `m` (with `m + period` below the terms' end) where `law`
/// fails on `row`, if any.
pub(crate) fn law_breaks(law: &Law, row: &[Value]) -> Option<u32> {
    let end = row.len() as u32;
    (law.start..end.saturating_sub(law.period)).find(|&m| {
        let (a, b) = (row[m as usize], row[(m + law.period) as usize]);
        match law.steps[(m % law.period) as usize] {
            Step::Same => a != b,
            Step::Add(s) => {
                if a == ABSENT {
                    b != ABSENT
                } else {
                    b == ABSENT || b != a + s
                }
            }
            Step::Large(k) => a == ABSENT || a < k,
        }
    })
}

/// The first sequence whose law, as `proof` gives it, fails on `rows`:
/// the sequence and the length.
pub(crate) fn false_law(system: &System, proof: &Proof, rows: &[Vec<Value>]) -> Option<(usize, u32)> {
    (0..system.len()).find_map(|i| proof.law(i).and_then(|l| law_breaks(&l, &rows[i])).map(|m| (i, m)))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::lemma::{Obstacle, Slack, check_with};

    /// The terms [`Values`] computes (with its shortcuts for splits over the
    /// twig and over bounded closed forms) are the mex of their options.
    #[test]
    fn random_systems_compute_the_mex_of_their_options() {
        let mut rng = Rng::new(1);
        let mut with_right_min = 0;
        for case in 0..400 {
            let system = random_system(&mut rng, 4);
            with_right_min += usize::from(system.sequences().iter().any(|s| {
                s.templates.iter().any(|t| {
                    matches!(t, Template::Split { right: Operand::Given(Given(PathFamily::Twig)), right_min, .. } if *right_min > 0)
                })
            }));
            let mut values = Values::new(&system);
            values.extend(&system, 80);
            let plain = plain_terms(&system, 80);
            for (i, row) in plain.iter().enumerate() {
                assert_eq!(values.row(i), &row[..], "case {case}, sequence {i}: {system:?}");
            }
        }
        assert!(with_right_min > 50, "{with_right_min} systems split over the twig with right_min > 0");
    }

    /// Hypothesis (a): `K` a power of two of at least 2 above every
    /// constant. Without it the checker accepts false laws (a constant
    /// `>= K` breaks (F1): `τ(c ⊕ y)` is not known from `τ(y)`): a checker
    /// that skips it is caught here. With it, every `K` that breaks (a) is
    /// refused, and no law accepted at another `K` fails on the terms.
    #[test]
    fn a_truncation_that_breaks_hypothesis_a_is_refused() {
        let mut rng = Rng::new(7);
        let (mut refused, mut accepted, mut caught) = (0, 0, 0);
        let without_a = Slack { skip_a: true, ..Slack::NONE };
        for case in 0..100 {
            let system = random_system(&mut rng, 8);
            let largest =
                system.sequences().iter().flat_map(|s| s.templates.iter().map(Template::constant)).max().unwrap_or(0);
            let mut values = Values::new(&system);
            values.extend(&system, 800);
            let rows: Vec<Vec<Value>> = (0..system.len()).map(|i| values.row(i).to_vec()).collect();
            let mut part = Values::new(&system);
            for len in [40, 64, 100, 160, 256] {
                part.extend(&system, len);
                for k in [1u32, 2, 3, 4, 6, 8, 16] {
                    let breaks_a = k < 2 || !k.is_power_of_two() || largest >= k;
                    match check_with(&system, &part, k, Slack::NONE) {
                        Err(Obstacle::Truncation { k: refused_k, largest_constant }) => {
                            assert_eq!((refused_k, largest_constant), (k, largest));
                            assert!(breaks_a, "case {case}: K = {k} refused");
                            refused += 1;
                        }
                        other => {
                            assert!(!breaks_a, "case {case}: K = {k} not refused");
                            if let Ok(proof) = other {
                                accepted += 1;
                                let bad = false_law(&system, &proof, &rows);
                                assert_eq!(bad, None, "case {case}, K = {k}: a false law accepted: {system:?}");
                            }
                        }
                    }
                    if breaks_a && let Ok(proof) = check_with(&system, &part, k, without_a) {
                        caught += usize::from(false_law(&system, &proof, &rows).is_some());
                    }
                }
            }
        }
        assert!(refused > 1000 && accepted > 300, "{refused} refused, {accepted} accepted");
        assert!(caught > 0, "a checker without hypothesis (a) accepted no false law");
    }
}
