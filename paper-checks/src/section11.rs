//! Section 11: one marked leg and two even unmarked legs.

use crate::engines::{Engines, Miss};
use crate::outcome::{CheckError, Kind, Outcome, Tally};
use crate::registry::{Check, Context};
use crate::states::{Leg, spider};
use crate::sweep::evens;

/// The checks of Section 11.
pub fn checks() -> Vec<Check> {
    vec![
        Check {
            id: "11.1",
            kind: Kind::Check,
            result: "Lemma 11.1",
            statement: "If a, b, c and G(<a^,b,c>) are even, then G(<(a+1)^,b,c>) is odd.",
            run: lemma_11_1,
        },
        Check {
            id: "11.2",
            kind: Kind::Check,
            result: "Proposition 11.2",
            statement: "For every a >= 0 and even b, c: G(<a~,b,c>) = a mod 2, for either direction of the leaf arrow.",
            run: proposition_11_2,
        },
    ]
}

fn lemma_11_1(ctx: &Context) -> Result<Outcome, CheckError> {
    let (mut e, mut t) = (Engines::shared(ctx), Tally::new());
    let top = ctx.scale.legs();
    let (mut examined, mut plus_one) = (0, 0);
    for a in evens(0, top) {
        for b in evens(0, top) {
            for c in evens(0, top) {
                examined += 1;
                let g = e.grundy(&spider([Leg::away(a), Leg::free(b), Leg::free(c)])?)?;
                if g % 2 != 0 {
                    continue;
                }
                let s = spider([Leg::away(a + 1), Leg::free(b), Leg::free(c)])?;
                let h = e.grundy(&s)?;
                plus_one += u64::from(h == g + 1);
                t.record_state(&s, (h % 2 == 0).then(|| Miss::new(format!("Grundy value {h}"), "odd")));
            }
        }
    }
    t.note(format!("{} of the {examined} triples have G(<a^,b,c>) even", t.instances()));
    t.note(format!("G(<(a+1)^,b,c>) = G(<a^,b,c>) + 1 in {plus_one} of them"));
    Ok(t.finish(format!("even 0 <= a, b, c <= {top}")))
}

fn proposition_11_2(ctx: &Context) -> Result<Outcome, CheckError> {
    let (mut e, mut t) = (Engines::shared(ctx), Tally::new());
    let top = ctx.scale.legs();
    for a in 0..=top {
        for b in evens(0, top) {
            for c in evens(0, top) {
                for away in [true, false] {
                    let s = spider([Leg::arrow(a, away), Leg::free(b), Leg::free(c)])?;
                    let g = e.grundy(&s)? as usize;
                    let miss = (g % 2 != a % 2).then(|| {
                        Miss::new(format!("Grundy value {g}"), format!("a value = a mod 2 = {} (mod 2)", a % 2))
                    });
                    t.record_state(&s, miss);
                }
            }
        }
    }
    Ok(t.finish(format!("0 <= a <= {top}, even 0 <= b, c <= {top}, both directions of the leaf arrow")))
}
