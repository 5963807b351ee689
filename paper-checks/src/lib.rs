//! Machine checks of Mathews, *The Game of Arrows on 3-legged spider graphs*
//! (arXiv 2110.08738): one check per numbered result, probes of the sharp
//! hypotheses, and the paper's wording problems, each computed with the
//! toolkit's engines.
//!
//! * [`states`]: every state family of the paper (flows, crashes, twigs,
//!   rods, spider decorations `<a^, b_v, c>` with extra arrows), built as
//!   real states of real graphs;
//! * [`registry`](mod@registry): the checks, their ids and statements, and selection;
//! * one module per section ([`section3`] to [`section12`], [`findings`]);
//! * [`report`]: running the checks in parallel under a [`arrows_work::Control`]
//!   (budget, Ctrl-C, progress), the text table and JSON.
//!
//! A check never compares against a number typed into it: the claimed value
//! is the paper's formula evaluated at the instance's parameters, and the
//! value it is compared with comes from an engine (the canonical engine for
//! values and parity sets at scale; brute force, the explicit game graph
//! and the state-isomorphism tests of `arrows_solve::isomorphism` for the
//! small isomorphism checks).
//!
//! ```
//! use arrows_paper::{registry::select, report::run, scale::Scale};
//! use arrows_work::{Budget, Control};
//! let checks = select(&["12.1".to_string()]).unwrap();
//! let report = run(&checks, Scale::new(8).unwrap(), &Control::new(Budget::bytes(1 << 30))).unwrap();
//! assert!(report.is_success());
//! ```

pub mod cache;
pub mod domains;
pub mod engines;
pub mod findings;
pub mod outcome;
pub mod registry;
pub mod report;
pub mod scale;
pub mod section10;
pub mod section11;
pub mod section12;
pub mod section3;
pub mod section4;
pub mod section5;
pub mod section6;
pub mod section7;
pub mod section8;
pub mod section9;
pub mod states;
pub mod sweep;

pub use outcome::{Counterexample, Kind, Outcome, Status};
pub use registry::{Check, Context, registry, select};
pub use report::{Entry, Report, run};
pub use scale::Scale;
