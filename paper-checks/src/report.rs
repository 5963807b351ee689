//! Running checks and reporting them: a text table and JSON lines.

use crate::outcome::{CheckError, Counterexample, Kind, Outcome, Status, status};
use crate::registry::{Check, Context};
use rayon::prelude::*;
use serde::Serialize;
use std::fmt::Write as _;
use std::time::Instant;

/// The report of one entry.
#[derive(Debug, Clone, Serialize)]
pub struct Entry {
    /// The id.
    pub id: &'static str,
    /// Check, probe, or finding.
    pub kind: Kind,
    /// The result it is about.
    pub result: &'static str,
    /// The statement.
    pub statement: &'static str,
    /// The outcome.
    pub status: Status,
    /// Instances examined.
    pub instances: u64,
    /// The parameter range.
    pub range: String,
    /// Instances where the statement failed.
    pub failures: u64,
    /// The first of them.
    pub counterexample: Option<Counterexample>,
    /// Further facts.
    pub notes: Vec<String>,
    /// Why the check could not finish, if it could not.
    pub error: Option<String>,
    /// Wall-clock time of the check, in milliseconds.
    pub time_ms: f64,
}

/// The report of a run.
#[derive(Debug, Clone, Serialize)]
pub struct Report {
    /// The `--max` of the run.
    pub max: usize,
    /// One entry per check, in registry order.
    pub entries: Vec<Entry>,
}

/// Runs `checks` in parallel (one engine per check), calling `done` as each
/// finishes; the entries keep the order of `checks`.
pub fn run(checks: &[Check], ctx: &Context, done: &(dyn Fn(&Entry) + Sync)) -> Report {
    let entries = checks
        .par_iter()
        .with_max_len(1)
        .map(|c| {
            let start = Instant::now();
            let outcome = std::panic::catch_unwind(|| (c.run)(ctx))
                .unwrap_or_else(|_| Err(CheckError("the check stopped on an internal error".into())));
            let e = entry(c, outcome, start.elapsed().as_secs_f64() * 1e3);
            done(&e);
            e
        })
        .collect();
    Report { max: ctx.scale.max, entries }
}

fn entry(c: &Check, outcome: Result<Outcome, CheckError>, time_ms: f64) -> Entry {
    let st = status(c.kind, &outcome);
    let (o, error) = match outcome {
        Ok(o) => (o, None),
        Err(e) => (Outcome::default(), Some(e.0)),
    };
    Entry {
        id: c.id,
        kind: c.kind,
        result: c.result,
        statement: c.statement,
        status: st,
        instances: o.instances,
        range: o.range,
        failures: o.failures,
        counterexample: o.counterexample,
        notes: o.notes,
        error,
        time_ms,
    }
}

impl Entry {
    /// The outcome in words for the table.
    fn outcome_text(&self) -> String {
        match (self.kind, self.status) {
            (_, Status::Pass) => "pass".into(),
            (Kind::Check, Status::Fail) if self.error.is_some() => "FAIL (error)".into(),
            (Kind::Check, Status::Fail) => format!("FAIL ({} of {})", self.failures, self.instances),
            (_, Status::Fail) => "FAIL (no counterexample)".into(),
            (_, Status::CounterexampleFound) => format!("counterexample ({} of {})", self.failures, self.instances),
        }
    }
}

impl Report {
    /// `true` when every check passes and every probe and finding shows its counterexample.
    pub fn is_success(&self) -> bool {
        self.entries.iter().all(|e| e.status.is_expected())
    }

    /// One line: how many entries behave as the paper says.
    pub fn summary(&self) -> String {
        let count = |k: Kind| self.entries.iter().filter(|e| e.kind == k).count();
        let bad: Vec<&str> = self.entries.iter().filter(|e| !e.status.is_expected()).map(|e| e.id).collect();
        let total = self.entries.len();
        if bad.is_empty() {
            let mut parts = Vec::new();
            if count(Kind::Check) > 0 {
                parts.push(format!("{} pass", plural(count(Kind::Check), "check")));
            }
            let shown: Vec<String> = [(Kind::Probe, "probe"), (Kind::Finding, "finding")]
                .into_iter()
                .filter(|&(k, _)| count(k) > 0)
                .map(|(k, word)| plural(count(k), word))
                .collect();
            if !shown.is_empty() {
                let verb = if shown.len() == 1 && shown[0].starts_with("1 ") { "shows its" } else { "show their" };
                parts.push(format!(
                    "{} {verb} counterexample{}",
                    shown.join(" and "),
                    if verb == "shows its" { "" } else { "s" }
                ));
            }
            format!("all {total} behave as the paper says: {}", parts.join(", "))
        } else {
            format!("{} of {total} do not behave as the paper says: {}", bad.len(), bad.join(", "))
        }
    }

    /// The text report: a table of ids, outcomes and instance counts, with
    /// the statement, the range, the notes and the first counterexample
    /// under each row; times only when `times` is set.
    pub fn text(&self, times: bool) -> String {
        let mut out = String::new();
        let _ = writeln!(
            out,
            "Mathews, \"The Game of Arrows on 3-legged spider graphs\": paper checks (--max {})",
            self.max
        );
        let _ = writeln!(out);
        let w_id = self.entries.iter().map(|e| e.id.len()).max().unwrap_or(2).max(2);
        let outcomes: Vec<String> = self.entries.iter().map(Entry::outcome_text).collect();
        let w_out = outcomes.iter().map(|o| o.len()).max().unwrap_or(7).max(7);
        let time_head = if times { "      time" } else { "" };
        let _ = writeln!(out, "{:<w_id$}  {:<7}  {:<w_out$}  {:>10}{time_head}", "id", "kind", "outcome", "instances");
        let indent = " ".repeat(w_id + 2);
        for (e, outcome) in self.entries.iter().zip(&outcomes) {
            let kind = match e.kind {
                Kind::Check => "check",
                Kind::Probe => "probe",
                Kind::Finding => "finding",
            };
            let time = if times { format!("{:>9.1}s", e.time_ms / 1e3) } else { String::new() };
            let _ = writeln!(out, "{:<w_id$}  {kind:<7}  {outcome:<w_out$}  {:>10}{time}", e.id, e.instances);
            wrap(&mut out, &indent, &format!("{}: {}", e.result, e.statement));
            wrap(&mut out, &indent, &format!("range: {}", e.range));
            for n in &e.notes {
                wrap(&mut out, &indent, &format!("note: {n}"));
            }
            if let Some(c) = &e.counterexample {
                let label = if e.kind == Kind::Check { "first counterexample" } else { "counterexample" };
                wrap(&mut out, &indent, &format!("{label}: {c}"));
            }
            if let Some(err) = &e.error {
                wrap(&mut out, &indent, &format!("error: {err}"));
            }
        }
        let _ = writeln!(out);
        let _ = writeln!(out, "{}", self.summary());
        out
    }

    /// One JSON object per entry and line; `time_ms` only when `times` is set.
    pub fn json_lines(&self, times: bool) -> String {
        let mut out = String::new();
        for e in &self.entries {
            let mut v = serde_json::to_value(e).expect("an entry serializes");
            let obj = v.as_object_mut().expect("an object");
            obj.insert("max".into(), self.max.into());
            if times {
                obj.insert("time_ms".into(), ((e.time_ms * 10.0).round() / 10.0).into());
            } else {
                obj.remove("time_ms");
            }
            let _ = writeln!(out, "{}", serde_json::to_string(&v).expect("a value serializes"));
        }
        out
    }
}

/// The width text is wrapped to.
const WIDTH: usize = 110;

/// Writes `text` word-wrapped to `WIDTH` columns after `indent`, continuation lines two spaces deeper.
fn wrap(out: &mut String, indent: &str, text: &str) {
    let mut line = String::new();
    for word in text.split(' ') {
        if !line.is_empty() && indent.len() + line.len() + 1 + word.len() > WIDTH {
            let _ = writeln!(out, "{indent}{line}");
            line = format!("  {word}");
        } else {
            if !line.is_empty() {
                line.push(' ');
            }
            line.push_str(word);
        }
    }
    let _ = writeln!(out, "{indent}{line}");
}

/// `1 check`, `2 checks`.
fn plural(n: usize, word: &str) -> String {
    if n == 1 { format!("1 {word}") } else { format!("{n} {word}s") }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::registry::registry;
    use crate::scale::{MIN_MAX, Scale};

    #[test]
    fn every_entry_behaves_as_the_paper_says_at_the_smallest_range() {
        let ctx = Context { scale: Scale::new(MIN_MAX).unwrap(), budget: 1 << 30 };
        let report = run(&registry(), &ctx, &|_| {});
        assert!(report.is_success(), "{}", report.text(false));
        let text = report.text(false);
        assert!(text.contains("all ") && !text.contains("time"), "{text}");
        for line in report.json_lines(false).lines() {
            let v: serde_json::Value = serde_json::from_str(line).unwrap();
            assert!(
                v["id"].is_string() && v["status"].is_string() && v["instances"].is_u64() && v["range"].is_string()
            );
            assert!(v.get("time_ms").is_none());
        }
    }

    #[test]
    fn a_failing_entry_fails_the_run_and_is_named() {
        let checks = [
            Check {
                id: "x.1",
                kind: Kind::Check,
                result: "a check",
                statement: "-",
                run: |_| Err(CheckError("refused".into())),
            },
            Check { id: "x.2", kind: Kind::Probe, result: "a probe", statement: "-", run: |_| Ok(Outcome::default()) },
        ];
        let ctx = Context { scale: Scale::default(), budget: 1 << 20 };
        let report = run(&checks, &ctx, &|_| {});
        assert!(!report.is_success());
        assert_eq!(report.summary(), "2 of 2 do not behave as the paper says: x.1, x.2");
        assert!(report.text(false).contains("error: refused"));
        assert!(report.json_lines(false).contains(r#""status":"fail""#));
    }

    #[test]
    fn text_is_wrapped() {
        let mut out = String::new();
        wrap(&mut out, "    ", &"word ".repeat(60));
        assert!(out.lines().all(|l| l.len() <= WIDTH), "{out}");
        assert!(out.lines().nth(1).unwrap().starts_with("      word"));
    }
}
