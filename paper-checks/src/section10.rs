//! Section 10: Lemma 10.1, two marked legs and one even unmarked leg.

use crate::engines::{Engines, Miss};
use crate::outcome::{CheckError, Kind, Outcome, Tally};
use crate::registry::{Check, Context};
use crate::states::{Leg, PaperState, spider};
use crate::sweep::evens;

/// The checks and probes of Lemma 10.1.
pub fn checks() -> Vec<Check> {
    vec![
        Check {
            id: "10.1.1",
            kind: Kind::Check,
            result: "Lemma 10.1 (1)",
            statement: "For even a, b, c with c >= 2 and (a,b) != (0,0): G(<a^,b_v,c>) <= c-2, and it is even.",
            run: part_1,
        },
        Check {
            id: "10.1.2",
            kind: Kind::Check,
            result: "Lemma 10.1 (2)",
            statement: "Same hypotheses: if G(<a^,b_v,c>) < c-2 then G(<a^,b^,c>) = G(<a^,b_v,c>).",
            run: part_2,
        },
        Check {
            id: "10.1.3",
            kind: Kind::Check,
            result: "Lemma 10.1 (3)",
            statement: "Same hypotheses: if G(<a^,b_v,c>) = c-2 then G(<a^,b^,c>) is c-1 or c.",
            run: part_3,
        },
        Check {
            id: "10.1.4",
            kind: Kind::Check,
            result: "Lemma 10.1 (4)",
            statement: "Same hypotheses, either direction ~ of the leg-2 arrow: G(<(a+1)^,b~,c>) = G(<a^,b~,c>) xor 1, G(<a^,(b+1)~,c>) = G(<a^,b~,c>) xor 1, G(<(a+1)^,(b+1)~,c>) = G(<a^,b~,c>).",
            run: part_4,
        },
        Check {
            id: "10.1.c0",
            kind: Kind::Probe,
            result: "Lemma 10.1, hypothesis c >= 2",
            statement: "Without c > 0, part (1) fails: at c = 0, G(<a^,b_v,0>) <= c-2 = -2 is impossible.",
            run: probe_c0,
        },
        Check {
            id: "10.1.ab00",
            kind: Kind::Probe,
            result: "Lemma 10.1, hypothesis (a,b) != (0,0)",
            statement: "Without (a,b) != (0,0), part (2) fails: G(<0^,0_v,c>) = 0 < c-2 for c >= 4, but G(<0^,0^,c>) = c.",
            run: probe_ab00,
        },
    ]
}

/// `<a^, b~, c>`.
fn state(a: usize, b: usize, away: bool, c: usize) -> Result<PaperState, CheckError> {
    Ok(spider([Leg::away(a), Leg::arrow(b, away), Leg::free(c)])?)
}

/// The triples of the lemma: even `a`, `b` with `(a,b) != (0,0)`, even `c >= 2`.
fn triples(top: usize) -> Vec<(usize, usize, usize)> {
    let mut out = Vec::new();
    for a in evens(0, top) {
        for b in evens(0, top) {
            for c in evens(2, top) {
                if (a, b) != (0, 0) {
                    out.push((a, b, c));
                }
            }
        }
    }
    out
}

fn range(top: usize) -> String {
    format!("even 0 <= a, b <= {top} with (a,b) != (0,0), even 2 <= c <= {top}")
}

fn part_1(ctx: &Context) -> Result<Outcome, CheckError> {
    let (mut e, mut t) = (Engines::shared(ctx), Tally::new());
    let top = ctx.scale.legs();
    for (a, b, c) in triples(top) {
        let s = state(a, b, false, c)?;
        let g = e.grundy(&s)?;
        let holds = i64::from(g) <= c as i64 - 2 && g % 2 == 0;
        t.record_state(
            &s,
            (!holds).then(|| Miss::new(format!("Grundy value {g}"), format!("even and <= c-2 = {}", c as i64 - 2))),
        );
    }
    Ok(t.finish(range(top)))
}

fn part_2(ctx: &Context) -> Result<Outcome, CheckError> {
    let (mut e, mut t) = (Engines::shared(ctx), Tally::new());
    let top = ctx.scale.legs();
    let mut examined = 0;
    for (a, b, c) in triples(top) {
        examined += 1;
        let g = e.grundy(&state(a, b, false, c)?)?;
        if i64::from(g) < c as i64 - 2 {
            let s = state(a, b, true, c)?;
            let h = e.grundy(&s)?;
            t.record_state(
                &s,
                (h != g).then(|| Miss::new(format!("Grundy value {h}"), format!("G(<{a}^,{b}_v,{c}>) = {g}"))),
            );
        }
    }
    t.note(format!("{} of the {examined} triples have G(<a^,b_v,c>) < c-2", t.instances()));
    Ok(t.finish(range(top)))
}

fn part_3(ctx: &Context) -> Result<Outcome, CheckError> {
    let (mut e, mut t) = (Engines::shared(ctx), Tally::new());
    let top = ctx.scale.legs();
    let mut examined = 0;
    for (a, b, c) in triples(top) {
        examined += 1;
        let g = e.grundy(&state(a, b, false, c)?)?;
        if i64::from(g) == c as i64 - 2 {
            let s = state(a, b, true, c)?;
            let h = e.grundy(&s)? as usize;
            t.record_state(
                &s,
                (h != c - 1 && h != c)
                    .then(|| Miss::new(format!("Grundy value {h}"), format!("c-1 = {} or c = {c}", c - 1))),
            );
        }
    }
    t.note(format!("{} of the {examined} triples have G(<a^,b_v,c>) = c-2", t.instances()));
    Ok(t.finish(range(top)))
}

fn part_4(ctx: &Context) -> Result<Outcome, CheckError> {
    let (mut e, mut t) = (Engines::shared(ctx), Tally::new());
    let top = ctx.scale.legs();
    for (a, b, c) in triples(top) {
        for away in [true, false] {
            let accent = if away { "^" } else { "_v" };
            let g = e.grundy(&state(a, b, away, c)?)?;
            let base = format!("G(<{a}^,{b}{accent},{c}>)");
            for (da, db, claimed, how) in [(1, 0, g ^ 1, "xor 1"), (0, 1, g ^ 1, "xor 1"), (1, 1, g, "")] {
                let s = state(a + da, b + db, away, c)?;
                let h = e.grundy(&s)?;
                let claim = format!("{base} {how} = {claimed}").replace("  ", " ");
                t.record_state(&s, (h != claimed).then(|| Miss::new(format!("Grundy value {h}"), claim)));
            }
        }
    }
    Ok(t.finish(format!("{}, both directions of the leg-2 arrow, the three shifts", range(top))))
}

fn probe_c0(ctx: &Context) -> Result<Outcome, CheckError> {
    let (mut e, mut t) = (Engines::shared(ctx), Tally::new());
    let top = ctx.scale.legs();
    for a in evens(0, top) {
        for b in evens(0, top) {
            if (a, b) == (0, 0) {
                continue;
            }
            let c = 0usize;
            let s = state(a, b, false, c)?;
            let g = e.grundy(&s)?;
            let bound = c as i64 - 2;
            let holds = i64::from(g) <= bound && g % 2 == 0;
            t.record_state(
                &s,
                (!holds).then(|| Miss::new(format!("Grundy value {g}"), format!("even and <= c-2 = {bound}"))),
            );
        }
    }
    Ok(t.finish(format!("c = 0, even 0 <= a, b <= {top} with (a,b) != (0,0)")))
}

fn probe_ab00(ctx: &Context) -> Result<Outcome, CheckError> {
    let (mut e, mut t) = (Engines::shared(ctx), Tally::new());
    let top = ctx.scale.legs();
    for c in evens(2, top) {
        let g = e.grundy(&state(0, 0, false, c)?)?;
        if i64::from(g) < c as i64 - 2 {
            let s = state(0, 0, true, c)?;
            let h = e.grundy(&s)?;
            t.record_state(
                &s,
                (h != g).then(|| Miss::new(format!("Grundy value {h}"), format!("G(<0^,0_v,{c}>) = {g}"))),
            );
        }
    }
    Ok(t.finish(format!("(a,b) = (0,0), even 2 <= c <= {top}, where G(<0^,0_v,c>) < c-2")))
}

#[cfg(test)]
mod tests {
    use super::state;
    use crate::engines::Engines;

    /// The example quoted in the probe's statement: G(<0^,0_v,c>) = 0 and G(<0^,0^,c>) = c.
    #[test]
    fn the_quoted_example() {
        let mut e = Engines::new(1 << 30);
        for c in [4, 6, 8] {
            assert_eq!(e.grundy(&state(0, 0, false, c).unwrap()).unwrap(), 0);
            assert_eq!(e.grundy(&state(0, 0, true, c).unwrap()).unwrap() as usize, c);
        }
    }
}
