//! Section 12: the empty spider with even legs, and the closing corollary.

use crate::engines::{Engines, Miss};
use crate::outcome::{CheckError, Kind, Outcome, Tally};
use crate::registry::{Check, Context};
use crate::states::empty;
use crate::sweep::evens;
use arrows_core::{Variant, families};

/// The checks of Section 12.
pub fn checks() -> Vec<Check> {
    vec![
        Check {
            id: "12.1",
            kind: Kind::Check,
            result: "Theorem 12.1",
            statement: "For even a, b, c with a+b+c > 0, the empty state of S(a,b,c) has Grundy value 0 in the Trimmed Game of Arrows.",
            run: theorem_12_1,
        },
        Check {
            id: "12.cor",
            kind: Kind::Check,
            result: "Corollary (end of Section 12)",
            statement: "In the Game of Arrows (the Game of Cycles) on S(a,b,c) with a, b, c odd, the empty state has Grundy value 0: the second player wins.",
            run: corollary,
        },
    ]
}

fn theorem_12_1(ctx: &Context) -> Result<Outcome, CheckError> {
    let (mut e, mut t) = (Engines::shared(ctx), Tally::new());
    let top = ctx.scale.legs();
    for a in evens(0, top) {
        for b in evens(a, top) {
            for c in evens(b, top) {
                if a + b + c == 0 {
                    continue;
                }
                let g = families::spider(&[a, b, c])?;
                let s = empty(g, format!("S({a},{b},{c})"));
                let miss = e.value(&s, 0, "0")?;
                t.record_state(&s, miss);
            }
        }
    }
    Ok(t.finish(format!("even 0 <= a <= b <= c <= {top}, a+b+c > 0")))
}

fn corollary(ctx: &Context) -> Result<Outcome, CheckError> {
    let (mut e, mut t) = (Engines::shared(ctx), Tally::new());
    let top = ctx.scale.odd_legs();
    let odds = |from: usize| (from..=top).filter(|n| n % 2 == 1);
    for a in odds(1) {
        for b in odds(a) {
            for c in odds(b) {
                let g = families::spider(&[a, b, c])?;
                let s = empty(g, format!("S({a},{b},{c})"));
                let v = e.grundy_in(&s.graph, Variant::Untrimmed, &s.state)?;
                t.record_state(&s, (v != 0).then(|| Miss::new(format!("Grundy value {v} in the Game of Arrows"), "0")));
            }
        }
    }
    Ok(t.finish(format!("odd 1 <= a <= b <= c <= {top}, the Game of Arrows (untrimmed)")))
}
