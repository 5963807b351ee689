//! Section 5: flows, crashes, twigs and rods on paths.

use crate::engines::{Engines, first_miss};
use crate::outcome::{CheckError, Kind, Outcome, Tally};
use crate::registry::{Check, Context};
use crate::states::{crash, flow, rod, twig};

/// The checks of Section 5.
pub fn checks() -> Vec<Check> {
    vec![
        Check {
            id: "5.2",
            kind: Kind::Check,
            result: "Proposition 5.2",
            statement: "G(F_n) = [n]_2 for n >= 0 and G(C_n) = [n+1]_2 for n >= 1; F_n is an [n]-moves state and C_n an [n+1]-moves state.",
            run: proposition_5_2,
        },
        Check {
            id: "5.4",
            kind: Kind::Check,
            result: "Proposition 5.4",
            statement: "G(T_n) = n for n >= 0.",
            run: proposition_5_4,
        },
        Check {
            id: "5.6",
            kind: Kind::Check,
            result: "Proposition 5.6",
            statement: "G(R_n) = [n]_2 for n >= 1.",
            run: proposition_5_6,
        },
    ]
}

fn proposition_5_2(ctx: &Context) -> Result<Outcome, CheckError> {
    let mut e = Engines::shared(ctx);
    let mut t = Tally::new();
    let top = ctx.scale.paths();
    for n in 0..=top {
        let p = (n % 2) as u32;
        let f = flow(n)?;
        let miss = first_miss([e.value(&f, i64::from(p), "[n]_2")?, e.moves(&f, p, "[n]")?]);
        t.record_state(&f, miss);
        if n >= 1 {
            let c = crash(n)?;
            let q = ((n + 1) % 2) as u32;
            let miss = first_miss([e.value(&c, i64::from(q), "[n+1]_2")?, e.moves(&c, q, "[n+1]")?]);
            t.record_state(&c, miss);
        }
    }
    Ok(t.finish(format!("F_n for 0 <= n <= {top}, C_n for 1 <= n <= {top}")))
}

fn proposition_5_4(ctx: &Context) -> Result<Outcome, CheckError> {
    let mut e = Engines::shared(ctx);
    let mut t = Tally::new();
    let top = ctx.scale.paths();
    for n in 0..=top {
        let s = twig(n)?;
        let miss = e.value(&s, n as i64, "n")?;
        t.record_state(&s, miss);
    }
    Ok(t.finish(format!("0 <= n <= {top}")))
}

fn proposition_5_6(ctx: &Context) -> Result<Outcome, CheckError> {
    let mut e = Engines::shared(ctx);
    let mut t = Tally::new();
    let top = ctx.scale.paths();
    for n in 1..=top {
        let s = rod(n)?;
        let miss = e.value(&s, (n % 2) as i64, "[n]_2")?;
        t.record_state(&s, miss);
    }
    Ok(t.finish(format!("1 <= n <= {top}")))
}
