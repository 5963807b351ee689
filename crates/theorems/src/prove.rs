//! `prove`: a family in, a theorem with its certificate out (or why none).

use crate::error::FamilyError;
use crate::family::{Built, Family, Target};
use crate::fixed::{Fixed, Solver};
use crate::lemma::{Law, Obstacle, Proof, Step};
use crate::search::{Limits, Refusal, search};
use crate::system::{ABSENT, Value, Values};
use crate::theorem::{Statement, reduce};
use arrows_core::Variant;
use arrows_solve::canonical::Need;
use serde::Serialize;

/// What was checked to prove a theorem.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Certificate {
    /// The Section 5 closed form the family is, when it needs no system.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub closed_form: Option<&'static str>,
    /// The lemmas used: 1 (periodicity), 2 (arithmetic periodicity), 3 (doubling).
    pub lemmas: Vec<u8>,
    /// The largest pre-period of Lemma 1 (`n0`).
    pub n0: u32,
    /// Lemma 1's period `p`.
    pub p: u32,
    /// The truncation `K`.
    #[serde(rename = "K")]
    pub k: u32,
    /// The last length whose claim had to be checked (`N`).
    #[serde(rename = "N")]
    pub n: u32,
    /// Lemma 2's period and saltus, when it was used.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub arithmetic: Option<Growth>,
    /// Lemma 3's period, when it was used.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub doubled_period: Option<u32>,
    /// The number of terms computed in each sequence.
    pub length: u32,
    /// The number of sequences of the system.
    pub sequences: usize,
    /// The number of states of the fixed part.
    pub states: usize,
    /// The number of terms computed in all.
    pub values: u64,
    /// The number of equalities checked (the lemmas' claims and the family's own period).
    pub claims: u64,
}

/// Lemma 2's period and saltus.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
pub struct Growth {
    /// The period `P`.
    pub period: u32,
    /// The saltus `s`: what one period adds to an unbounded term.
    pub saltus: u32,
}

/// One member's value.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
pub struct Member {
    /// The length of the growing leg.
    pub n: u32,
    /// The Grundy value.
    pub grundy: u32,
}

/// A proved theorem about a family.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Theorem {
    /// The family's values from some `n` on.
    #[serde(flatten)]
    pub statement: Statement,
    /// The values of the members below `from`.
    pub before: Vec<Member>,
    /// What was checked.
    pub certificate: Certificate,
}

/// Why a family got no theorem, or only a partial one.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[serde(tag = "kind", rename_all = "snake_case")]
pub enum Reason {
    /// No period the lemmas could use showed within the length allowed.
    NoPeriod {
        /// The length allowed.
        max_length: u32,
    },
    /// Some sequence that others read has an option joining two terms of
    /// at least `K`, at every `K` tried.
    TwoLarge {
        /// The largest `K` tried.
        k: u32,
    },
    /// Terms grow without bound in a way Lemma 2 does not cover: two growing
    /// operands, different rates, or options that do not cover `0..s`.
    Unbounded {
        /// Which hypothesis fails, in a word.
        hypothesis: &'static str,
    },
    /// The truncation `K` is not a power of two above every constant of
    /// the system (the search never tries one; a caller's `K` may be one).
    Truncation {
        /// The `K` refused.
        k: u32,
    },
}

/// The result for one family.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Outcome {
    /// The family's name (`S(2,3,5,n)`).
    pub family: String,
    /// The rule set.
    pub rules: Variant,
    /// The paper's name for the statement, when it is one.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub paper: Option<&'static str>,
    /// `true` when the theorem determines every value from its start.
    pub proved: bool,
    /// The theorem in one sentence (see [`Outcome::sentence`]).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub statement: Option<String>,
    /// The theorem (partial when `proved` is false but values are bounded below).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub theorem: Option<Theorem>,
    /// Why there is no theorem, or only a partial one.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub reason: Option<Reason>,
}

impl Outcome {
    /// The theorem in one sentence: `for every n >= 7, G(S(2,3,5,n)) = 1 if n is even, else 0`.
    pub fn sentence(&self) -> Option<String> {
        let t = self.theorem.as_ref()?;
        let g = format!("G({})", self.family);
        Some(format!("for every n >= {}, {g} = {}", t.statement.from, t.statement.describe(&g)))
    }
}

fn reason(refusal: Refusal, k: u32) -> Reason {
    match refusal {
        Refusal::NoPeriod { max_length } => Reason::NoPeriod { max_length },
        Refusal::Hypothesis(Obstacle::Top { .. } | Obstacle::SplitReadsDoubled { .. }) => Reason::TwoLarge { k },
        Refusal::Hypothesis(Obstacle::NeedLength(_)) => Reason::NoPeriod { max_length: 0 },
        Refusal::Hypothesis(Obstacle::TwoGrowing { .. }) => Reason::Unbounded { hypothesis: "two growing operands" },
        Refusal::Hypothesis(Obstacle::WideOperand { .. }) => Reason::Unbounded { hypothesis: "a wide bounded operand" },
        Refusal::Hypothesis(Obstacle::Saltus { .. }) => Reason::Unbounded { hypothesis: "different rates of growth" },
        Refusal::Hypothesis(Obstacle::Cover { .. }) => Reason::Unbounded { hypothesis: "the cover of 0..s" },
        Refusal::Hypothesis(Obstacle::Truncation { k, .. }) => Reason::Truncation { k },
        Refusal::Hypothesis(Obstacle::DoubledGrowing { .. }) => {
            Reason::Unbounded { hypothesis: "unbounded values whose options join two unbounded terms" }
        }
    }
}

/// Proves what the lemmas prove about `family` within `limits`.
pub fn prove(family: &Family, limits: &Limits) -> Result<Outcome, FamilyError> {
    let built = family.build()?;
    let mut outcome = Outcome {
        family: family.name(),
        rules: family.variant,
        paper: family.paper_name(),
        proved: false,
        statement: None,
        theorem: None,
        reason: None,
    };
    // The members the system does not describe (in the Game of Arrows the
    // leg's one edge at n = 1 is dead): their values from the rules of the
    // game on the member itself, so the theorem starts at the least n >= 1
    // that exists (n = 0 where the system starts there).
    let mut first = built.first;
    let mut small: Vec<(u32, Value)> = Vec::new();
    while first > 1
        && let Some(v) = member_value(family, first - 1)
    {
        first -= 1;
        small.push((first, v));
    }
    let early = |n: u32| small.iter().find(|&&(m, _)| m == n).map(|&(_, v)| v);
    match built.target {
        Target::Closed { given, constant, lag } => {
            let f = given.form();
            // x(b + q) = x(b) + σ; with the constant nim-added, the period
            // grows until the saltus clears the constant's bits.
            let (mut period, mut saltus) = (f.period, f.saltus);
            while saltus > 0 && constant >= (saltus & saltus.wrapping_neg()) {
                period *= 2;
                saltus *= 2;
            }
            let step = if saltus == 0 { Step::Same } else { Step::Add(saltus) };
            let law = Law { start: f.pre + lag + built.offset, period, steps: vec![step; period as usize] };
            let values = Values::default();
            let fam = |n: u32| early(n).unwrap_or_else(|| built.value(&values, n));
            let avail = law.start + 4 * period + 4;
            let statement = reduce(&fam, avail, first, &law).expect("a closed form confirms its own period");
            let before = before(&fam, first, statement.from);
            let certificate = Certificate {
                closed_form: Some(given.source()),
                lemmas: Vec::new(),
                n0: 0,
                p: period,
                k: 0,
                n: 0,
                arithmetic: None,
                doubled_period: None,
                length: 0,
                sequences: 0,
                states: 0,
                values: 0,
                claims: statement.claims,
            };
            outcome.proved = true;
            outcome.theorem = Some(Theorem { statement, before, certificate });
        }
        Target::Seq { index, constant } => {
            let found = search(&built.system, index, limits);
            let Some(proof) = &found.proof else {
                outcome.reason = Some(reason(found.refusal.expect("a refusal without a proof"), limits.max_k));
                return Ok(outcome);
            };
            let Some(law) = proof.law(index) else {
                outcome.reason = Some(reason(found.refusal.expect("a refusal with a partial proof"), limits.max_k));
                return Ok(outcome);
            };
            let law = shift(lift(law, constant), built.offset);
            let fam = |n: u32| early(n).unwrap_or_else(|| built.value(&found.values, n));
            let avail = found.values.len() + built.offset;
            let Some(statement) = reduce(&fam, avail, first, &law) else {
                outcome.reason = Some(Reason::NoPeriod { max_length: limits.max_length });
                return Ok(outcome);
            };
            let exact = statement.is_exact();
            let before = before(&fam, first, statement.from);
            let certificate = certificate(proof, &built, &found.values, statement.claims);
            outcome.proved = exact;
            if !exact {
                outcome.reason = found.refusal.map(|r| reason(r, limits.max_k));
            }
            outcome.theorem = Some(Theorem { statement, before, certificate });
        }
    }
    outcome.statement = outcome.sentence();
    Ok(outcome)
}

/// [`prove`] for several families, in parallel; the results in their order.
pub fn prove_all(families: &[Family], limits: &Limits) -> Vec<Result<Outcome, FamilyError>> {
    use rayon::prelude::*;
    families.par_iter().map(|f| prove(f, limits)).collect()
}

fn before(f: &dyn Fn(u32) -> Value, first: u32, from: u32) -> Vec<Member> {
    (first..from).map(|n| Member { n, grundy: f(n) }).filter(|m| m.grundy != ABSENT).collect()
}

/// The value of the member with `n` edges on the leg, by the rules of the
/// game on its whole graph (the fixed part's solver: every vertex labelled
/// by what it needs, dead edges dropped, free vertices split): for the
/// small members the system does not describe. `None` when there is no
/// such member or it is too large for the solver.
pub fn member_value(family: &Family, n: u32) -> Option<Value> {
    let (g, d) = family.member(n as usize)?;
    let f = Fixed::new(g.vertex_count(), g.edges(), 0).ok()?;
    let trimmed = family.variant == Variant::Trimmed;
    // In the Trimmed Game a leaf may become a sink or a source; in the Game
    // of Arrows no vertex may.
    let labels: Vec<Need> =
        (0..g.vertex_count()).map(|v| if trimmed && g.degree(v) <= 1 { Need::Free } else { Need::Both }).collect();
    let mut p = f.whole(&labels);
    for e in d.marked_edges() {
        p = f.play(p, e, d.get(e).expect("a marked edge has a direction"));
    }
    Some(Solver::new(&f).value(p))
}

/// The law of `constant ⊕ x`: a growing step must clear the constant's
/// bits, so the period doubles until it does.
fn lift(mut law: Law, constant: Value) -> Law {
    // A term >= K nim-added to a constant >= K is only known to be >= 0.
    for s in &mut law.steps {
        if let Step::Large(k) = *s
            && constant >= k
        {
            *s = Step::Large(0);
        }
    }
    while law.steps.iter().any(|s| matches!(*s, Step::Add(a) if constant >= (a & a.wrapping_neg()))) {
        let p = law.period;
        law.steps = (0..2 * p)
            .map(|r| match law.steps[(r % p) as usize] {
                Step::Add(a) => Step::Add(2 * a),
                s => s,
            })
            .collect();
        law.period = 2 * p;
    }
    law
}

/// The law in terms of `n = m + offset`.
fn shift(law: Law, offset: u32) -> Law {
    let p = law.period;
    let steps = (0..p).map(|r| law.steps[((r + p - offset % p) % p) as usize]).collect();
    Law { start: law.start + offset, period: p, steps }
}

fn certificate(proof: &Proof, built: &Built, values: &Values, extra: u64) -> Certificate {
    let mut lemmas = vec![1];
    let arithmetic =
        proof.arithmetic.as_ref().filter(|a| a.saltus > 0).map(|a| Growth { period: a.period, saltus: a.saltus });
    if arithmetic.is_some() && proof.growing.iter().any(|g| g.iter().any(|&x| x)) {
        lemmas.push(2);
    }
    let doubled_period =
        (!proof.doubled.is_empty()).then(|| 2 * proof.arithmetic.as_ref().map_or(proof.period, |a| a.period));
    if doubled_period.is_some() {
        lemmas.push(3);
    }
    Certificate {
        closed_form: None,
        lemmas,
        n0: proof.n0(),
        p: proof.period,
        k: proof.k,
        n: proof.checked_to(),
        arithmetic,
        doubled_period,
        length: values.len(),
        sequences: built.system.len(),
        states: built.states,
        values: values.len() as u64 * built.system.len() as u64,
        claims: proof.claims + extra,
    }
}
