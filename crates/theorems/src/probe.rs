//! Random systems for the tests: the terms against the mex of every
//! option listed one by one, and the checker against terms computed past
//! everything it read (a mutated checker must be caught accepting a false law).

use crate::given::Given;
use crate::lemma::{Law, Proof, Slack, Step, check_with};
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

/// A random one-sequence system like an octal game: a few given terms,
/// a split of the sequence with itself, maybe a lagged option.
pub(crate) fn octal_system(rng: &mut Rng) -> System {
    let initial: Vec<Value> = (0..2 + rng.below(6)).map(|_| rng.below(5)).collect();
    let mut templates = vec![Template::Split {
        constant: 0,
        left: Operand::Seq(0),
        right: Operand::Seq(0),
        removed: 1 + rng.below(2),
        left_min: rng.below(2),
        right_min: 0,
    }];
    if rng.below(2) == 0 {
        templates.push(Template::Unary { constant: rng.below(4), operand: Operand::Seq(0), lag: 1 + rng.below(4) });
    }
    System::new(vec![Sequence { initial, templates }]).expect("a split removes at least one")
}

/// A random system with a growing sequence: a bounded octal-like
/// sequence, a sequence that splits it against the twig (it grows, and
/// Lemma 2 gives its terms), and one that splits that against the twig
/// (two growing terms: Lemma 3).
pub(crate) fn growing_system(rng: &mut Rng) -> System {
    let twig = Operand::Given(Given(PathFamily::Twig));
    let bounded = match octal_system(rng).sequences() {
        [s] => s.clone(),
        _ => unreachable!("one sequence"),
    };
    let mut seqs = vec![bounded];
    for j in 0..1 + rng.below(2) {
        let initial: Vec<Value> = (0..rng.below(4)).map(|_| rng.below(6)).collect();
        let mut templates = vec![Template::Split {
            constant: rng.below(2),
            left: Operand::Seq(j),
            right: twig,
            removed: 1 + rng.below(2),
            left_min: rng.below(3),
            right_min: rng.below(2),
        }];
        for _ in 0..rng.below(3) {
            let constant = rng.below(4);
            templates.push(match rng.below(3) {
                0 => Template::Unary { constant, operand: Operand::Seq(rng.below(j + 1)), lag: rng.below(3) },
                1 => Template::Unary { constant, operand: Operand::Seq(j + 1), lag: 1 + rng.below(3) },
                _ => Template::Unary {
                    constant,
                    operand: Operand::Given(Given(PATHS[rng.below(4) as usize])),
                    lag: 1 + rng.below(2),
                },
            });
        }
        seqs.push(Sequence { initial, templates });
    }
    System::new(seqs).expect("lag 0 reads an earlier sequence")
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

/// The checkers probed: the lemmas' own ranges, then each lemma's shortened by one.
pub(crate) const CHECKERS: [(&str, Slack); 4] = [
    ("the lemmas' ranges", Slack::NONE),
    ("Lemma 1 one short", Slack { lemma1: 1, ..Slack::NONE }),
    ("Lemma 2 one short", Slack { lemma2: 1, ..Slack::NONE }),
    ("Lemma 3 one short", Slack { lemma3: 1, ..Slack::NONE }),
];

#[cfg(test)]
mod tests {
    use super::*;
    use crate::lemma::Obstacle;
    use crate::search::first_k;

    /// The random systems of the probe, and the seed that draws them.
    const SYSTEMS: usize = 600;
    const SEED: u64 = 3;

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

    /// Two systems the probe starts with: one whose proof uses Lemmas 2
    /// and 3 (a zero sequence, the twig as a split of it, and a split of
    /// that with the twig), and one, found by the probe, whose terms repeat
    /// on the lengths Lemma 1 checks but the last: with eight terms the
    /// checker asks for a ninth, and a checker one short accepts a law that
    /// later terms break.
    fn known_systems() -> (System, System) {
        let twig = Operand::Given(Given(PathFamily::Twig));
        let split =
            |left, right, left_min| Template::Split { constant: 0, left, right, removed: 1, left_min, right_min: 0 };
        let zero = Sequence { initial: vec![], templates: vec![] };
        let grows = Sequence { initial: vec![], templates: vec![split(Operand::Seq(0), twig, 0)] };
        let doubled = Sequence {
            initial: vec![],
            templates: vec![
                split(Operand::Seq(1), twig, 0),
                Template::Unary { constant: 1, operand: Operand::Seq(0), lag: 0 },
            ],
        };
        let octal = Sequence {
            initial: vec![3, 3, 3, 2, 3, 2, 3],
            templates: vec![
                split(Operand::Seq(0), Operand::Seq(0), 1),
                Template::Unary { constant: 3, operand: Operand::Seq(0), lag: 4 },
            ],
        };
        (System::new(vec![zero, grows, doubled]).unwrap(), System::new(vec![octal]).unwrap())
    }

    /// The probe over every length: random systems (shaped like the
    /// families', with a growing sequence, and like octal games), each
    /// checked at every length from 8 to 240 terms. Every law the checker
    /// accepts holds on 1,000 terms. Where it asks for more terms or
    /// refuses, the checkers with one lemma's ranges one short run too, and
    /// a law they accept must hold as well; the one with Lemma 1 short must
    /// be caught accepting a false one.
    #[test]
    fn shortened_ranges_are_caught_at_some_length() {
        let mut rng = Rng::new(SEED);
        let mut caught = [0usize; CHECKERS.len()];
        let mut used = [0usize; 3];
        for case in 0..SYSTEMS + 2 {
            let system = match case {
                0 => known_systems().0,
                1 => known_systems().1,
                _ if case % 3 == 0 => random_system(&mut rng, 4),
                _ if case % 3 == 1 => growing_system(&mut rng),
                _ => octal_system(&mut rng),
            };
            let k = first_k(&system);
            let mut values = Values::new(&system);
            values.extend(&system, 1000);
            let rows: Vec<Vec<Value>> = (0..system.len()).map(|i| values.row(i).to_vec()).collect();
            let mut part = Values::new(&system);
            for len in 8..=240 {
                part.extend(&system, len);
                // Where the checker accepts, a shorter range accepts the same
                // laws or weaker ones: the mutants differ only where it refuses.
                if let Ok(proof) = check_with(&system, &part, k, Slack::NONE) {
                    used[0] += 1;
                    used[1] += usize::from(proof.arithmetic.as_ref().is_some_and(|a| a.saltus > 0));
                    used[2] += usize::from(!proof.doubled.is_empty());
                    let bad = false_law(&system, &proof, &rows);
                    assert_eq!(bad, None, "case {case}, {len} terms: a false law accepted: {system:?}");
                    continue;
                }
                for (c, &(_, slack)) in CHECKERS.iter().enumerate().skip(1) {
                    if let Ok(proof) = check_with(&system, &part, k, slack) {
                        caught[c] += usize::from(false_law(&system, &proof, &rows).is_some());
                    }
                }
            }
        }
        assert!(used[1] > 0 && used[2] > 0, "proofs: {used:?} (all, with Lemma 2, with Lemma 3)");
        assert!(caught[1] > 0, "{}: never caught ({caught:?})", CHECKERS[1].0);
    }
}
