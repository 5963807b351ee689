//! The registry of checks, probes and findings, and the selection of some.

use crate::outcome::{CheckError, Kind, Outcome};
use crate::scale::Scale;
use arrows_solve::canonical::{CanonicalEngine, Grundy, Parity};
use arrows_work::{Budget, Cancel, Control};

/// What a check needs to run.
#[derive(Debug, Clone)]
pub struct Context {
    /// The parameter ranges.
    pub scale: Scale,
    /// The memory budget of each engine a check makes for itself (brute
    /// force, game graphs), in bytes.
    pub budget: u64,
    /// The run's cancel token (Ctrl-C on the command line).
    pub cancel: Cancel,
    /// The canonical engines' memos, shared by every check of the run.
    pub memos: SharedMemos,
}

/// The memos of the run's canonical engines, one per measure: every check
/// computes on them ([`crate::engines::Engines::shared`]), so that a class
/// one check solves serves the others, and they count once against the
/// run's budget.
#[derive(Clone)]
pub struct SharedMemos {
    pub(crate) grundy: CanonicalEngine<Grundy>,
    pub(crate) parity: CanonicalEngine<Parity>,
    /// The bytes the memos may hold together (past them, they evict).
    pub(crate) budget: u64,
}

impl SharedMemos {
    /// Empty memos (engines without closed forms: the closed forms of
    /// Section 5 are what some checks verify), bounded by `budget` bytes.
    pub fn new(budget: u64) -> SharedMemos {
        SharedMemos {
            grundy: CanonicalEngine::without_closed_forms(),
            parity: CanonicalEngine::without_closed_forms(),
            budget,
        }
    }
}

impl std::fmt::Debug for SharedMemos {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("SharedMemos").field("budget", &self.budget).finish_non_exhaustive()
    }
}

impl Context {
    /// A context for checks over `scale`, each engine within `budget` bytes
    /// (the shared memos too), not cancelled.
    pub fn new(scale: Scale, budget: u64) -> Context {
        Context { scale, budget, cancel: Cancel::new(), memos: SharedMemos::new(budget) }
    }

    /// The control an engine of a check runs under: the engine's budget
    /// and the run's cancel token, no progress (the run counts checks).
    pub fn control(&self) -> Control {
        Control { cancel: self.cancel.clone(), ..Control::new(Budget::bytes(self.budget)) }
    }
}

/// A check's computation.
pub type Run = fn(&Context) -> Result<Outcome, CheckError>;

/// One entry of the registry.
#[derive(Debug, Clone, Copy)]
pub struct Check {
    /// The id typed on the command line: `10.1.2`, `9.2.c-odd`, `F.1`.
    pub id: &'static str,
    /// Check, probe, or finding.
    pub kind: Kind,
    /// The result it is about: `Lemma 10.1 (2)`.
    pub result: &'static str,
    /// The statement, with its formulas.
    pub statement: &'static str,
    /// The computation.
    pub run: Run,
}

/// Every entry, in the order of the paper.
pub fn registry() -> Vec<Check> {
    [
        crate::section3::checks(),
        crate::section4::checks(),
        crate::section5::checks(),
        crate::section6::checks(),
        crate::section7::checks(),
        crate::section8::checks(),
        crate::section9::checks(),
        crate::section10::checks(),
        crate::section11::checks(),
        crate::section12::checks(),
        crate::findings::checks(),
    ]
    .concat()
}

/// A selector that names no entry of the registry.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("unknown check id {id:?}; give a result number such as 12.1 or 10.1.2")]
pub struct UnknownId {
    /// The selector given.
    pub id: String,
}

/// The entries that `selectors` name, in registry order: a selector names
/// the entry with that id and every entry whose id extends it (`10.1` names
/// `10.1.1` to `10.1.4` and the probes of Lemma 10.1, `F` every finding).
/// No selector selects everything.
pub fn select(selectors: &[String]) -> Result<Vec<Check>, UnknownId> {
    let all = registry();
    if selectors.is_empty() {
        return Ok(all);
    }
    let matches = |id: &str, sel: &str| id == sel || id.strip_prefix(sel).is_some_and(|rest| rest.starts_with('.'));
    for sel in selectors {
        if !all.iter().any(|c| matches(c.id, sel)) {
            return Err(UnknownId { id: sel.clone() });
        }
    }
    Ok(all.into_iter().filter(|c| selectors.iter().any(|s| matches(c.id, s))).collect())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ids_are_unique_and_selectable() {
        let all = registry();
        let mut ids: Vec<&str> = all.iter().map(|c| c.id).collect();
        ids.sort_unstable();
        ids.dedup();
        assert_eq!(ids.len(), all.len());
        let some = select(&["10.1".into()]).unwrap();
        assert!(some.iter().all(|c| c.id.starts_with("10.1.")));
        assert!(some.len() >= 4);
        assert_eq!(select(&["12.1".into()]).unwrap().len(), 1);
        assert!(select(&["12".into()]).unwrap().len() >= 2);
        assert_eq!(select(&["10.9".into()]).unwrap_err(), UnknownId { id: "10.9".into() });
        assert_eq!(select(&[]).unwrap().len(), all.len());
    }
}
