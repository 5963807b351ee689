//! Running checks and reporting them: a text table and JSON lines.

use crate::outcome::{CheckError, Counterexample, Kind, Outcome, Status, status};
use crate::registry::{Check, Context};
use crate::scale::Scale;
use arrows_text::{Align, Columns, count, width};
use arrows_work::{Cancelled, Control};
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

/// Runs `checks` in parallel (the canonical engines of every check on one
/// memo per measure, each check's other engines within a share of the
/// control's budget), reporting each finished check to the
/// control's progress sink (in checks, the total set first). Once the
/// control's cancel token is set no further check starts, and the run
/// stops with [`Cancelled`]; the entries keep the order of `checks`.
pub fn run(checks: &[Check], scale: Scale, control: &Control) -> Result<Report, Cancelled> {
    let at_once = rayon::current_num_threads().min(checks.len()).max(1) as u64;
    // Each check's own engines get a share of the budget; the canonical
    // engines' memos, shared by all, the rest of it.
    let share = control.budget.share(at_once + 1).get();
    let ctx = Context {
        cancel: control.cancel.clone(),
        memos: crate::registry::SharedMemos::new(share),
        ..Context::new(scale, share)
    };
    control.progress.set_unit("checks");
    control.progress.set_total(checks.len() as u64);
    let entries: Vec<Option<Entry>> = checks
        .par_iter()
        .with_max_len(1)
        .map(|c| {
            if ctx.cancel.is_cancelled() {
                return None;
            }
            let start = Instant::now();
            // A check that panics leaves the shared memos whole: every class in
            // them is exact, and each store is one insert under its lock.
            let run = std::panic::AssertUnwindSafe(|| (c.run)(&ctx));
            let outcome = std::panic::catch_unwind(run).unwrap_or(Err(CheckError::Internal));
            let e = entry(c, outcome, start.elapsed().as_secs_f64() * 1e3);
            // A cancel after this check is seen by the next one.
            let _ = control.checkpoint(1);
            Some(e)
        })
        .collect();
    // A check cut short by the token reports no result, even when every check had started.
    if ctx.cancel.is_cancelled() {
        return Err(Cancelled);
    }
    let entries = entries.into_iter().collect::<Option<Vec<Entry>>>().ok_or(Cancelled)?;
    Ok(Report { max: scale.max, entries })
}

fn entry(c: &Check, outcome: Result<Outcome, CheckError>, time_ms: f64) -> Entry {
    let st = status(c.kind, &outcome);
    let (o, error) = match outcome {
        Ok(o) => (o, None),
        Err(e) => (Outcome::default(), Some(e.to_string())),
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
        let _ =
            writeln!(out, "Mathews, \"The Game of Arrows on 3-legged spider graphs\": paper checks (max {})", self.max);
        let _ = writeln!(out);
        let mut header = vec!["id", "kind", "outcome", "instances"];
        let mut align = vec![Align::Left, Align::Left, Align::Left, Align::Right];
        if times {
            header.push("time");
            align.push(Align::Right);
        }
        let mut table = Columns::new().header(header).align(&align);
        for e in &self.entries {
            let mut row = vec![e.id.to_string(), kind_word(e.kind).into(), e.outcome_text(), e.instances.to_string()];
            if times {
                row.push(format!("{:.1}s", e.time_ms / 1e3));
            }
            table.push(row);
        }
        let rendered = table.render();
        let mut lines = rendered.lines();
        let _ = writeln!(out, "{}", lines.next().unwrap_or_default());
        let w_id = self.entries.iter().map(|e| width(e.id)).chain([width("id")]).max().unwrap_or(2);
        let indent = " ".repeat(w_id + 2);
        for (e, line) in self.entries.iter().zip(lines) {
            let _ = writeln!(out, "{line}");
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

/// Writes `text` word-wrapped to `WIDTH` columns (of display width) after
/// `indent`, continuation lines two spaces deeper.
fn wrap(out: &mut String, indent: &str, text: &str) {
    let mut line = String::new();
    for word in text.split(' ') {
        if !line.is_empty() && width(indent) + width(&line) + 1 + width(word) > WIDTH {
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
    count(n as u64, word)
}

/// The kind in the report's words.
fn kind_word(kind: Kind) -> &'static str {
    match kind {
        Kind::Check => "check",
        Kind::Probe => "probe",
        Kind::Finding => "finding",
    }
}

/// The list of `checks`: one line with the id, the kind and the result,
/// then the statement wrapped under it.
pub fn list_text(checks: &[Check]) -> String {
    let mut table = Columns::new();
    for c in checks {
        table.push([c.id, kind_word(c.kind), c.result]);
    }
    let rendered = table.render();
    let w_id = checks.iter().map(|c| width(c.id)).max().unwrap_or(0);
    let indent = " ".repeat(w_id + 2);
    let mut out = String::new();
    for (c, line) in checks.iter().zip(rendered.lines()) {
        let _ = writeln!(out, "{line}");
        wrap(&mut out, &indent, c.statement);
    }
    out
}

/// The list of `checks` as JSON: one object per line with `id`, `kind`, `result` and `statement`.
pub fn list_json(checks: &[Check]) -> String {
    let mut out = String::new();
    for c in checks {
        let v = serde_json::json!({ "id": c.id, "kind": c.kind, "result": c.result, "statement": c.statement });
        let _ = writeln!(out, "{v}");
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::registry::registry;
    use crate::scale::MIN_MAX;
    use arrows_work::Budget;

    #[test]
    fn every_entry_behaves_as_the_paper_says_at_the_smallest_range() {
        let report = run(&registry(), Scale::new(MIN_MAX).unwrap(), &Control::new(Budget::bytes(1 << 30))).unwrap();
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

    fn broken(_: &Context) -> Result<Outcome, CheckError> {
        Err(CheckError::Graph(arrows_core::GraphError::SelfLoop { edge: 0, vertex: 0 }))
    }

    fn test_checks() -> [Check; 2] {
        [
            Check { id: "x.1", kind: Kind::Check, result: "a check", statement: "-", run: broken },
            Check { id: "x.2", kind: Kind::Probe, result: "a probe", statement: "-", run: |_| Ok(Outcome::default()) },
        ]
    }

    #[test]
    fn a_failing_entry_fails_the_run_and_is_named() {
        let report = run(&test_checks(), Scale::default(), &Control::new(Budget::bytes(1 << 20))).unwrap();
        assert!(!report.is_success());
        assert_eq!(report.summary(), "2 of 2 do not behave as the paper says: x.1, x.2");
        assert!(report.text(false).contains("error: edge 0 is a self-loop at vertex 0"), "{}", report.text(false));
        assert!(report.json_lines(false).contains(r#""status":"fail""#));
    }

    #[test]
    fn a_cancelled_run_stops_and_progress_counts_checks() {
        struct Count(std::sync::atomic::AtomicU64, std::sync::atomic::AtomicU64);
        impl arrows_work::Progress for Count {
            fn set_total(&self, total: u64) {
                self.0.store(total, std::sync::atomic::Ordering::Relaxed);
            }
            fn advance(&self, units: u64) {
                self.1.fetch_add(units, std::sync::atomic::Ordering::Relaxed);
            }
        }
        let count = std::sync::Arc::new(Count(0.into(), 0.into()));
        let control = Control::new(Budget::bytes(1 << 20)).with_progress(count.clone());
        run(&test_checks(), Scale::default(), &control).unwrap();
        assert_eq!(count.0.load(std::sync::atomic::Ordering::Relaxed), 2);
        assert_eq!(count.1.load(std::sync::atomic::Ordering::Relaxed), 2);
        control.cancel.cancel();
        assert_eq!(run(&test_checks(), Scale::default(), &control).unwrap_err(), Cancelled);
    }

    #[test]
    fn columns_align_by_display_width_and_counts_agree_with_their_nouns() {
        let e = |id: &'static str, statement: &'static str, instances| Entry {
            id,
            kind: Kind::Check,
            result: "r",
            statement,
            status: Status::Pass,
            instances,
            range: "≅ ⊔ range".into(),
            failures: 0,
            counterexample: None,
            notes: Vec::new(),
            error: None,
            time_ms: 1.0,
        };
        let report = Report { max: 4, entries: vec![e("6.3", "a ≅ b ⊔ c", 1), e("10.1.2", "plain", 12345)] };
        let text = report.text(true);
        let rows: Vec<&str> = text.lines().filter(|l| l.contains("check  pass")).collect();
        assert_eq!(rows.len(), 2, "{text}");
        assert_eq!(width(rows[0]), width(rows[1]), "{text}");
        assert!(text.contains("all 2 behave as the paper says: 2 checks pass"), "{text}");
        let one = Report { max: 4, entries: vec![e("6.3", "-", 1)] };
        assert_eq!(one.summary(), "all 1 behave as the paper says: 1 check pass");
        assert!(!one.text(false).contains("1 checks"));
    }

    #[test]
    fn the_list_has_every_id_in_text_and_json() {
        let all = registry();
        let text = list_text(&all);
        let json = list_json(&all);
        assert_eq!(json.lines().count(), all.len());
        for (c, line) in all.iter().zip(json.lines()) {
            let v: serde_json::Value = serde_json::from_str(line).unwrap();
            assert_eq!((v["id"].as_str(), v["result"].as_str()), (Some(c.id), Some(c.result)));
            assert_eq!(v["statement"].as_str(), Some(c.statement));
            assert!(v["kind"].is_string());
            assert!(text.lines().any(|l| l.starts_with(c.id)), "{}", c.id);
        }
        assert!(text.lines().all(|l| width(l) <= WIDTH), "{text}");
    }

    #[test]
    fn text_is_wrapped() {
        let mut out = String::new();
        wrap(&mut out, "    ", &"word ".repeat(60));
        assert!(out.lines().all(|l| l.len() <= WIDTH), "{out}");
        assert!(out.lines().nth(1).unwrap().starts_with("      word"));
        // By display width: `≅` is one column, three bytes.
        let mut out = String::new();
        wrap(&mut out, "", &"a≅b ".repeat(60));
        assert!(out.lines().take(2).all(|l| width(l) > WIDTH - 5 && width(l) <= WIDTH), "{out}");
    }
}
