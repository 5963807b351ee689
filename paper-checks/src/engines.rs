//! The engines a check computes with, and the claims it tests with them.
//!
//! Values and parity sets come from the canonical engine
//! ([`CanonicalEngine`]), one per measure, shared by every instance of a
//! check. A value claim compares the engine's Grundy value with the value
//! the paper's formula gives for the instance's parameters; a moves claim
//! ("an `[p]`-moves state", Definition 7.1) compares the parities of all
//! terminal descendants, not the Grundy value.

use crate::outcome::{CheckError, Counterexample, Tally};
use crate::registry::Context;
use crate::states::PaperState;
use arrows_core::{Decoration, Graph, Position, Variant};
use arrows_solve::Parities;
use arrows_solve::canonical::{CanonicalEngine, Grundy, Parity};
use arrows_work::{Budget, Control};

/// What the engines found and what the statement claims, on a failing instance.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Miss {
    /// What the engines found.
    pub found: String,
    /// What the statement claims.
    pub claimed: String,
}

impl Miss {
    /// A miss with these two descriptions.
    pub fn new(found: impl Into<String>, claimed: impl Into<String>) -> Miss {
        Miss { found: found.into(), claimed: claimed.into() }
    }
}

/// The counterexample for a state.
pub fn counterexample(s: &PaperState, miss: Miss) -> Counterexample {
    Counterexample {
        instance: s.name.clone(),
        graph: s.graph_text(),
        state: s.arrows(),
        found: miss.found,
        claimed: miss.claimed,
    }
}

impl Tally {
    /// Records one state: the statement holds on it unless `miss` says otherwise.
    pub fn record_state(&mut self, s: &PaperState, miss: Option<Miss>) {
        self.record(miss.is_none(), || counterexample(s, miss.clone().expect("a failure has a miss")));
    }
}

/// The first miss of several claims on one instance.
pub fn first_miss(claims: impl IntoIterator<Item = Option<Miss>>) -> Option<Miss> {
    claims.into_iter().flatten().next()
}

/// The parities in words.
pub fn describe_parities(p: Parities) -> String {
    match p.moves_parity() {
        Some(0) => "an even-moves state".into(),
        Some(_) => "an odd-moves state".into(),
        None => "terminal descendants at both even and odd distances".into(),
    }
}

/// `[p]`-moves in words.
pub fn moves_word(p: u32) -> &'static str {
    if p.is_multiple_of(2) { "even-moves" } else { "odd-moves" }
}

/// The canonical engines of one check. They compute every class from its
/// followers (no closed forms): the closed forms of Section 5 are what
/// some checks verify.
pub struct Engines {
    grundy: CanonicalEngine<Grundy>,
    parity: CanonicalEngine<Parity>,
    control: Control,
}

impl Engines {
    /// Engines with empty memos, each within `budget` bytes.
    pub fn new(budget: u64) -> Engines {
        Engines {
            grundy: CanonicalEngine::without_closed_forms(),
            parity: CanonicalEngine::without_closed_forms(),
            control: Control::new(Budget::bytes(budget)),
        }
    }

    /// Engines on the run's shared memos ([`crate::registry::SharedMemos`]),
    /// under its cancel token.
    pub fn shared(ctx: &Context) -> Engines {
        let m = &ctx.memos;
        Engines {
            grundy: m.grundy.clone(),
            parity: m.parity.clone(),
            control: Control { cancel: ctx.cancel.clone(), ..Control::new(Budget::bytes(m.budget)) },
        }
    }

    /// The Grundy value of a state of the Trimmed Game of Arrows.
    pub fn grundy(&mut self, s: &PaperState) -> Result<u32, CheckError> {
        self.grundy_in(&s.graph, Variant::Trimmed, &s.state)
    }

    /// The Grundy value of a state of either game.
    pub fn grundy_in(&mut self, g: &Graph, variant: Variant, d: &Decoration) -> Result<u32, CheckError> {
        Ok(self.grundy.state_value(Position::new(g, variant, d), &self.control)?)
    }

    /// The parities of the terminal descendants of a state of the Trimmed Game of Arrows.
    pub fn parities(&mut self, s: &PaperState) -> Result<Parities, CheckError> {
        Ok(self.parity.state_value(s.position(), &self.control)?)
    }

    /// `None` when `G(s)` is the claimed value, computed by `formula`
    /// (written out in the report as `formula = value`).
    pub fn value(&mut self, s: &PaperState, claimed: i64, formula: &str) -> Result<Option<Miss>, CheckError> {
        let g = self.grundy(s)?;
        Ok((i64::from(g) != claimed).then(|| Miss::new(format!("Grundy value {g}"), format!("{formula} = {claimed}"))))
    }

    /// `None` when `s` is a `[p]`-moves state: every terminal descendant is
    /// `p` moves away, mod 2 (Definition 7.1).
    pub fn moves(&mut self, s: &PaperState, p: u32, formula: &str) -> Result<Option<Miss>, CheckError> {
        let parities = self.parities(s)?;
        Ok((parities.moves_parity() != Some(p % 2))
            .then(|| Miss::new(describe_parities(parities), format!("{formula}-moves = {}", moves_word(p)))))
    }
}
