//! `arrows prove`: periodicity theorems for families with one growing leg.

use crate::commands::{memory, progress};
use crate::error::{CliError, CliResult};
use crate::flags::prove::ProveArgs;
use arrows_core::Variant;
use arrows_text::{bytes, count, thousands};
use arrows_theorems::family::{MAX_FIXED_EDGES, MAX_LEGS};
use arrows_theorems::{Family, FamilyError, Limits, Outcome, Reason, prove_all};
use std::io::Write;
use std::sync::mpsc;
use std::time::Duration;

/// The allowed `--max-length`.
const LENGTHS: std::ops::RangeInclusive<u32> = 64..=65536;

/// Proves every family the arguments name and prints each theorem; fails
/// (exit 1) when some family gets no theorem, after printing all of them.
pub fn run(args: &ProveArgs) -> CliResult {
    let variant = if args.untrimmed { Variant::Untrimmed } else { Variant::Trimmed };
    let mut limits = Limits::default();
    if let Some(text) = &args.max_length {
        let n: u32 = text
            .trim()
            .parse()
            .map_err(|_| CliError::usage(format!("--max-length takes a whole number such as 2048, got {text:?}")))?;
        if !LENGTHS.contains(&n) {
            return Err(CliError::usage(format!(
                "--max-length must be between {} and {} (the default is {}), got {n}",
                LENGTHS.start(),
                LENGTHS.end(),
                limits.max_length
            )));
        }
        limits.max_length = n;
    }
    let budget = memory::budget(args.max_memory);
    progress::limit_time(args.max_time);
    let families = Family::parse(&args.family, &args.params, variant).map_err(|e| wording(&e, args).caused_by(e))?;
    // Every system is estimated before any is built: the largest, once
    // for each family proved at the same time, must fit.
    let at_once = families.len().min(rayon::current_num_threads()).max(1) as u128;
    if let Some(f) = families.iter().max_by_key(|f| f.system_bytes(limits.max_length)) {
        let one = f.system_bytes(limits.max_length);
        if one.saturating_mul(at_once) > u128::from(budget.get()) {
            let limit =
                args.max_length.as_ref().map_or(String::new(), |_| format!(" at --max-length {}", limits.max_length));
            let together = if at_once > 1 { format!(", {at_once} proved at once") } else { String::new() };
            return Err(CliError::usage(format!(
                "the system of {} needs {} ({} of its fixed part{limit}{together}), past the memory budget of {}; \
                 fix fewer edges, lower --max-length, or raise --max-memory",
                f.name(),
                about(one),
                count(u64::try_from(f.states_estimate()).unwrap_or(u64::MAX), "state"),
                bytes(budget.get())
            )));
        }
    }
    let outcomes = prove_stoppable(families, limits)?
        .into_iter()
        .collect::<Result<Vec<Outcome>, FamilyError>>()
        .map_err(|e| wording(&e, args).caused_by(e))?;
    let mut out = std::io::stdout().lock();
    for (i, o) in outcomes.iter().enumerate() {
        if args.json {
            writeln!(out, "{}", serde_json::to_string(o).expect("an outcome serializes"))?;
        } else {
            if i > 0 {
                writeln!(out)?;
            }
            write!(out, "{}", text(o, &limits))?;
        }
    }
    out.flush()?;
    let missing = outcomes.iter().filter(|o| !o.proved).count();
    match (missing, outcomes.len()) {
        (0, _) => Ok(()),
        (_, 1) => Err(CliError::failure(format!("no theorem for {}", outcomes[0].family))),
        (m, n) => Err(CliError::failure(format!("no theorem for {m} of {n} families (each printed with its reason)"))),
    }
}

/// The proofs of `families`, on a thread of their own so that Ctrl-C and
/// `--max-time` stop the command at once: the proofs keep nothing worth
/// saving, so the command ends without waiting for them.
fn prove_stoppable(families: Vec<Family>, limits: Limits) -> CliResult<Vec<Result<Outcome, FamilyError>>> {
    let cancel = progress::interrupt();
    let (send, receive) = mpsc::channel();
    std::thread::spawn(move || {
        let _ = send.send(prove_all(&families, &limits));
    });
    loop {
        match receive.recv_timeout(Duration::from_millis(20)) {
            Ok(outcomes) => return Ok(outcomes),
            Err(mpsc::RecvTimeoutError::Timeout) => cancel.check()?,
            Err(mpsc::RecvTimeoutError::Disconnected) => {
                return Err(CliError::failure("the proof stopped without an answer (see the message above)"));
            }
        }
    }
}

/// An estimate of bytes in words, past what a `u64` holds too.
fn about(n: u128) -> String {
    match u64::try_from(n) {
        Ok(n) => format!("about {}", bytes(n)),
        Err(_) => "more than 16 EiB".into(),
    }
}

/// A family error as one line with the fix.
fn wording(e: &FamilyError, args: &ProveArgs) -> CliError {
    let message = match e {
        FamilyError::UnknownFamily { name } => format!(
            "arrows prove has no family {name:?}; it takes spider, broom, caterpillar, path, flow, crash, twig or rod"
        ),
        FamilyError::BadParameter { family, text } => match *family {
            "spider" => format!(
                "spider: cannot read {text:?}; write a fixed leg as a length (2), a range (0..8) or with an accent \
                 (2^, 2_v), and the growing leg as n"
            ),
            _ => format!("{family}: cannot read {text:?}; write whole numbers and the growing parameter as n"),
        },
        FamilyError::GrowingCount { family, found } => {
            format!(
                "{family}: write exactly one growing parameter as n (found {found}), e.g. `arrows prove spider 2 3 n`"
            )
        }
        FamilyError::CannotGrow { family, .. } => match *family {
            "broom" => "broom: only the handle grows; write `arrows prove broom n K` for K bristles".to_string(),
            _ => format!(
                "{family}: the growing path goes at an end of the spine; write `caterpillar 2,0,3,n` or \
                 `caterpillar n,2,0,3`"
            ),
        },
        FamilyError::ParameterCount { family, expected, found } if *found > MAX_LEGS && *family == "spider" => {
            format!("{family} takes {expected} parameters (legs, n included), got {found}; give fewer legs")
        }
        FamilyError::ParameterCount { family, expected, found } => {
            format!("{family} takes {expected} parameters, got {found}")
        }
        FamilyError::AccentUntrimmed => {
            "accented legs (2^, 2_v) are states of the Trimmed Game of Arrows; drop --untrimmed".to_string()
        }
        FamilyError::LabelledPath { family } => format!(
            "{family}: a labelled path of Section 5 is a state of the Trimmed Game of Arrows; drop --untrimmed \
             (`arrows prove path n --untrimmed` is the path in the Game of Arrows)"
        ),
        FamilyError::FixedTooLarge { vertices, edges } => format!(
            "the fixed part of {} has {vertices} vertices and {edges} edges; arrows prove handles at most 64 \
             vertices and 63 edges",
            args.family
        ),
        FamilyError::TooLarge { family, text, limit } => format!(
            "{family}: {text} is past the limit of {limit}: the fixed part of a family holds at most {MAX_FIXED_EDGES} \
             edges; give smaller numbers"
        ),
        FamilyError::EmptyRange { family, text } => {
            format!("{family}: the range {text:?} is empty; write LOW..HIGH with LOW <= HIGH")
        }
        FamilyError::TooMany { count, limit } => {
            format!("the ranges give {count} families, more than {limit} at once; narrow the ranges")
        }
    };
    CliError::usage(message)
}

/// One outcome as aligned lines.
fn text(o: &Outcome, limits: &Limits) -> String {
    let mut lines: Vec<(String, String)> = Vec::new();
    let rules = o.rules.title();
    match (&o.theorem, o.proved) {
        (Some(t), proved) => {
            let head = if proved { "theorem" } else { "partial" };
            lines.push((head.into(), o.sentence().expect("a theorem has a sentence")));
            if let Some(paper) = o.paper {
                lines.push(("the paper".into(), paper.into()));
            }
            if !t.before.is_empty() {
                let ns: Vec<String> = t.before.iter().map(|m| m.n.to_string()).collect();
                let gs: Vec<String> = t.before.iter().map(|m| m.grundy.to_string()).collect();
                lines.push(("before".into(), format!("G = {} for n = {}", gs.join(", "), ns.join(", "))));
            }
            let c = &t.certificate;
            if let Some(form) = c.closed_form {
                lines.push(("proof".into(), format!("the leg plays alone from the start: {form}")));
            } else {
                let lemmas: Vec<&str> = c
                    .lemmas
                    .iter()
                    .map(|l| match l {
                        1 => "1 (periodicity)",
                        2 => "2 (arithmetic periodicity)",
                        _ => "3 (doubling)",
                    })
                    .collect();
                lines.push(("lemmas".into(), lemmas.join(", ")));
                let ends = c.sequences.checked_div(c.states).unwrap_or(0);
                let system = if c.states > 0 {
                    format!(
                        "{}: {} of the fixed part, {} of the leg",
                        count(c.sequences as u64, "sequence"),
                        count(c.states as u64, "state"),
                        count(ends as u64, "end")
                    )
                } else {
                    format!("{}: the labelled paths", count(c.sequences as u64, "sequence"))
                };
                lines.push(("system".into(), system));
                lines.push((
                    "computed".into(),
                    format!("{} terms each, {} in all", thousands(u64::from(c.length)), thousands(c.values)),
                ));
                lines.push(("n0, p, K".into(), format!("{}, {}, {}", c.n0, c.p, c.k)));
                lines.push((
                    "N".into(),
                    format!("{} (every claim up to it checked: {} equalities)", c.n, thousands(c.claims)),
                ));
                if let Some(g) = c.arithmetic {
                    lines.push(("lemma 2".into(), format!("period {}, saltus {}", g.period, g.saltus)));
                }
                if let Some(period) = c.doubled_period {
                    lines.push(("lemma 3".into(), format!("period {period}")));
                }
            }
            if !proved && let Some(r) = &o.reason {
                lines.push(("why partial".into(), reason(r, limits)));
            }
        }
        (None, _) => {
            let r = o.reason.as_ref().map(|r| reason(r, limits)).unwrap_or_default();
            lines.push(("no theorem".into(), r));
        }
    }
    let width = lines.iter().map(|(k, _)| k.len()).max().unwrap_or(0);
    let mut s = format!("{}, {rules}\n", o.family);
    for (k, v) in lines {
        s.push_str(&format!("  {k:<width$}  {v}\n"));
    }
    s
}

/// Why there is no theorem, in words.
fn reason(r: &Reason, limits: &Limits) -> String {
    match r {
        Reason::NoPeriod { .. } => format!(
            "no period the lemmas can use shows within {} terms of each sequence (try --max-length {})",
            limits.max_length,
            (limits.max_length * 4).min(*LENGTHS.end())
        ),
        Reason::TwoLarge { k } => format!(
            "some option joins two terms of at least K where no lemma applies, for every K up to {k} \
             (a split of a doubled sequence reads a doubled one)"
        ),
        Reason::Unbounded { hypothesis } => format!(
            "values grow without bound and no lemma gives them exactly ({hypothesis}); where a value is \
             written \"at least K\", only that bound is proved"
        ),
        Reason::Truncation { k } => {
            format!("K = {k} is not a power of two above every constant of the system (hypothesis (a))")
        }
    }
}
