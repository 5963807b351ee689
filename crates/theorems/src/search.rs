//! The search for a proof: compute the terms, choose the truncation `K`,
//! and check the lemmas, with more terms or a larger `K` until the target
//! sequence is known exactly or a limit is reached.
//!
//! Nothing here needs to be trusted: whatever `K`, period and pre-periods
//! it settles on, [`crate::lemma::check`] verifies every hypothesis on the
//! terms computed, and a proof is returned only when it passes.

use crate::lemma::{Obstacle, Proof, check};
use crate::system::{System, Template, Values};

/// How far the search may go.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Limits {
    /// The most terms computed in each sequence.
    pub max_length: u32,
    /// The largest truncation `K` tried.
    pub max_k: u32,
}

impl Default for Limits {
    fn default() -> Limits {
        Limits { max_length: 2048, max_k: 4096 }
    }
}

/// Why no proof was found.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Refusal {
    /// The terms showed no period the lemma could use within the length allowed.
    NoPeriod {
        /// The length allowed.
        max_length: u32,
    },
    /// A lemma's hypothesis failed at every `K` tried; the last failure.
    Hypothesis(Obstacle),
}

/// The search's result: a proof whose law for the target is exact, or the
/// best proof found (a partial one, with terms known only to be large), or
/// nothing, with the reason.
#[derive(Debug, Clone)]
pub struct Search {
    /// The terms computed.
    pub values: Values,
    /// The proof, when one was found.
    pub proof: Option<Proof>,
    /// Why the proof is missing or partial.
    pub refusal: Option<Refusal>,
}

/// The least power of two above every constant of the system (at least 2).
pub fn first_k(system: &System) -> u32 {
    let top = system.sequences().iter().flat_map(|s| s.templates.iter().map(Template::constant)).max().unwrap_or(0);
    (top + 1).next_power_of_two().max(2)
}

/// Searches for a proof that determines sequence `target` exactly.
pub fn search(system: &System, target: usize, limits: &Limits) -> Search {
    let mut values = Values::new(system);
    values.extend(system, 64.min(limits.max_length));
    let mut best: Option<Proof> = None;
    let mut refusal = None;
    let mut k = first_k(system);
    'ks: while k <= limits.max_k {
        loop {
            match check(system, &values, k) {
                Ok(proof) => {
                    if proof.law(target).is_some_and(|l| l.is_exact()) {
                        return Search { values, proof: Some(proof), refusal: None };
                    }
                    // A doubled target with unbounded terms stays partial at every K.
                    let doubled_growing = proof.excluded[target] && proof.law(target).is_some();
                    let why = if doubled_growing {
                        Some(Obstacle::DoubledGrowing { seq: target })
                    } else {
                        proof.doubled_refused.or(proof.arithmetic_refused)
                    };
                    refusal = Some(Refusal::Hypothesis(why.unwrap_or(Obstacle::TwoGrowing { seq: target })));
                    best = Some(proof);
                    if doubled_growing {
                        break 'ks;
                    }
                    break;
                }
                Err(Obstacle::NeedLength(want)) => {
                    let now = values.len();
                    if now >= limits.max_length {
                        // Out of length: whatever a shorter run refused, no period
                        // was confirmed (a doubled growing target left above).
                        refusal = Some(Refusal::NoPeriod { max_length: limits.max_length });
                        break 'ks;
                    }
                    let next = want.max(now + now / 2).min(limits.max_length);
                    values.extend(system, next);
                }
                Err(o) => {
                    refusal = Some(Refusal::Hypothesis(o));
                    break;
                }
            }
        }
        k *= 2;
    }
    Search { values, proof: best, refusal }
}
