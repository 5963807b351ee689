//! What a check reports: its status, its range, its instances, and the
//! first counterexample.

use serde::Serialize;
use std::fmt;

/// What kind of entry of the report this is.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "lowercase")]
pub enum Kind {
    /// A numbered result, expected to hold on every instance.
    Check,
    /// A sharp hypothesis, dropped: expected to fail just outside it.
    Probe,
    /// A wording problem of the paper (Section F of the restored statements),
    /// expected to show its counterexample.
    Finding,
}

/// The outcome of an entry.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum Status {
    /// A check that holds on every instance.
    Pass,
    /// A check with a counterexample or an error, or a probe or finding
    /// that found no counterexample.
    Fail,
    /// A probe or finding that found its counterexample, as expected.
    CounterexampleFound,
}

impl Status {
    /// The word used in reports: `pass`, `fail`, `counterexample-found`.
    pub fn as_str(self) -> &'static str {
        match self {
            Status::Pass => "pass",
            Status::Fail => "fail",
            Status::CounterexampleFound => "counterexample-found",
        }
    }

    /// `true` when the entry behaves as the paper says.
    pub fn is_expected(self) -> bool {
        self != Status::Fail
    }
}

impl fmt::Display for Status {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

/// An instance where the statement fails.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Counterexample {
    /// The instance in the paper's notation: `<0^,2^,3>`, `F_0`, `P_1`.
    pub instance: String,
    /// The graph: name and edge list (empty when the statement is not about a graph).
    pub graph: String,
    /// The state in arrow notation (empty for the empty state).
    pub state: String,
    /// What the engines found.
    pub found: String,
    /// What the statement claims.
    pub claimed: String,
}

impl fmt::Display for Counterexample {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.instance)?;
        if !self.graph.is_empty() {
            write!(f, " on {}", self.graph)?;
        }
        if !self.state.is_empty() {
            write!(f, " with {}", self.state)?;
        }
        write!(f, ": {}, claimed {}", self.found, self.claimed)
    }
}

/// What a check computed.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct Outcome {
    /// The parameter range, in words.
    pub range: String,
    /// Instances examined.
    pub instances: u64,
    /// Instances where the statement failed.
    pub failures: u64,
    /// The first of them.
    pub counterexample: Option<Counterexample>,
    /// Further facts worth reporting (how many instances met a hypothesis, ...).
    pub notes: Vec<String>,
}

/// Counts instances and keeps the first counterexample.
#[derive(Debug, Default)]
pub struct Tally {
    instances: u64,
    failures: u64,
    first: Option<Counterexample>,
    notes: Vec<String>,
}

impl Tally {
    /// An empty tally.
    pub fn new() -> Tally {
        Tally::default()
    }

    /// Records one instance: `holds` tells whether the statement holds on
    /// it; `counterexample` describes it when it does not (called once, for
    /// the first failure only).
    pub fn record(&mut self, holds: bool, counterexample: impl FnOnce() -> Counterexample) {
        self.instances += 1;
        if !holds {
            self.failures += 1;
            if self.first.is_none() {
                self.first = Some(counterexample());
            }
        }
    }

    /// Adds a note to the report.
    pub fn note(&mut self, note: impl Into<String>) {
        self.notes.push(note.into());
    }

    /// Instances recorded so far.
    pub fn instances(&self) -> u64 {
        self.instances
    }

    /// Failures recorded so far.
    pub fn failures(&self) -> u64 {
        self.failures
    }

    /// The outcome, over the given range.
    pub fn finish(self, range: impl Into<String>) -> Outcome {
        Outcome {
            range: range.into(),
            instances: self.instances,
            failures: self.failures,
            counterexample: self.first,
            notes: self.notes,
        }
    }
}

/// Why a check could not finish: an engine refused (a budget ran out, a
/// game too large), or the check stopped on an internal error.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum CheckError {
    /// An engine refused a request.
    #[error(transparent)]
    Solve(#[from] arrows_solve::SolveError),
    /// A state-isomorphism test could not run.
    #[error(transparent)]
    Isomorphism(#[from] arrows_solve::isomorphism::IsomorphismError),
    /// A graph of the check could not be built.
    #[error(transparent)]
    Graph(#[from] arrows_core::GraphError),
    /// A member of a graph family or a state family does not exist.
    #[error(transparent)]
    Family(#[from] arrows_core::FamilyError),
    /// The check panicked: a bug in the check or an engine, not a result.
    #[error("the check stopped on an internal error")]
    Internal,
}

/// The status of an entry of the given kind with this outcome.
pub fn status(kind: Kind, outcome: &Result<Outcome, CheckError>) -> Status {
    match (kind, outcome) {
        (_, Err(_)) => Status::Fail,
        (Kind::Check, Ok(o)) if o.failures == 0 && o.instances > 0 => Status::Pass,
        (Kind::Check, Ok(_)) => Status::Fail,
        (_, Ok(o)) if o.failures > 0 => Status::CounterexampleFound,
        (_, Ok(_)) => Status::Fail,
    }
}
