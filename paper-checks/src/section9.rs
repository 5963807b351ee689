//! Section 9: a short marked leg, one or two unmarked legs.

use crate::engines::Engines;
use crate::outcome::{CheckError, Kind, Outcome, Tally};
use crate::registry::{Check, Context};
use crate::states::Leg;
use crate::sweep::{Formula, NonStates, evens, parity, sweep};

/// The checks and probes of Section 9.
pub fn checks() -> Vec<Check> {
    vec![
        Check {
            id: "9.1",
            kind: Kind::Check,
            result: "Proposition 9.1",
            statement: "For n >= 1: G(<0^,1^,n>) = n+1, G(<1^,1^,n>) = n + 2[n]_2, G(<0^,1_v,n>) = [n+1]_2, G(<1^,1_v,n>) = [n]_2, G(<0^,0^,n>) = n, G(<0^,0_v,n>) = [n]_2.",
            run: proposition_9_1,
        },
        Check {
            id: "9.1.n0",
            kind: Kind::Probe,
            result: "Proposition 9.1, hypothesis n >= 1",
            statement: "Without n >= 1 the formulas fail: at n = 0, G(<0^,1^,0>) and G(<1^,1^,0>) differ from n+1 and n + 2[n]_2.",
            run: probe_9_1_n0,
        },
        Check {
            id: "9.2",
            kind: Kind::Check,
            result: "Proposition 9.2",
            statement: "For x in {0,1}, b >= 2 and even c >= 2: G(<x^,b^,c>) = (c-2) + [x+b+1]_2 and G(<x^,b_v,c>) = (c-2) + [x+b]_2.",
            run: proposition_9_2,
        },
        Check {
            id: "9.2.c-odd",
            kind: Kind::Probe,
            result: "Proposition 9.2, hypothesis c even",
            statement: "Without c even the formulas fail (for instance G(<0^,2^,3>) = 5).",
            run: probe_9_2_c_odd,
        },
        Check {
            id: "9.2.b1",
            kind: Kind::Probe,
            result: "Proposition 9.2, hypothesis b >= 2",
            statement: "Without b >= 2 the formulas fail (for instance G(<0^,1^,c>) = c+1, not c-2+[2]_2).",
            run: probe_9_2_b1,
        },
        Check {
            id: "9.3",
            kind: Kind::Check,
            result: "Proposition 9.3",
            statement: "For even b, c >= 2: G(<0^,b,c>) = (b-2) xor (c-2); furthermore G(<1^,b,c>) = ((b-2) xor (c-2)) + 1, which is odd.",
            run: proposition_9_3,
        },
        Check {
            id: "9.3.odd",
            kind: Kind::Probe,
            result: "Proposition 9.3, hypothesis b, c even",
            statement: "Without b and c even the formulas fail (for instance G(<0^,3,4>) = 1, not 1 xor 2 = 3).",
            run: probe_9_3_odd,
        },
    ]
}

/// The six families of Proposition 9.1, with parameter `p[0] = n`.
fn formulas_9_1() -> [Formula; 6] {
    [
        Formula { legs: |p| [Leg::away(0), Leg::away(1), Leg::free(p[0])], value: |p| p[0] as i64 + 1, text: "n+1" },
        Formula {
            legs: |p| [Leg::away(1), Leg::away(1), Leg::free(p[0])],
            value: |p| p[0] as i64 + 2 * parity(p[0]),
            text: "n + 2[n]_2",
        },
        Formula {
            legs: |p| [Leg::away(0), Leg::toward(1), Leg::free(p[0])],
            value: |p| parity(p[0] + 1),
            text: "[n+1]_2",
        },
        Formula { legs: |p| [Leg::away(1), Leg::toward(1), Leg::free(p[0])], value: |p| parity(p[0]), text: "[n]_2" },
        Formula { legs: |p| [Leg::away(0), Leg::away(0), Leg::free(p[0])], value: |p| p[0] as i64, text: "n" },
        Formula { legs: |p| [Leg::away(0), Leg::toward(0), Leg::free(p[0])], value: |p| parity(p[0]), text: "[n]_2" },
    ]
}

fn proposition_9_1(ctx: &Context) -> Result<Outcome, CheckError> {
    let (mut e, mut t) = (Engines::shared(ctx), Tally::new());
    let top = ctx.scale.legs();
    sweep(&mut e, &mut t, (1..=top).map(|n| [n, 0, 0]), &formulas_9_1(), true, NonStates::Refuse)?;
    Ok(t.finish(format!("1 <= n <= {top}, the six families and their flips")))
}

fn probe_9_1_n0(ctx: &Context) -> Result<Outcome, CheckError> {
    let (mut e, mut t) = (Engines::shared(ctx), Tally::new());
    let skipped = sweep(&mut e, &mut t, [[0, 0, 0]], &formulas_9_1(), false, NonStates::Skip)?;
    if skipped > 0 {
        t.note(format!("families without a state at n = 0, skipped: {skipped} (<0^,0^,0> makes the hub a source)"));
    }
    Ok(t.finish("n = 0, the six families"))
}

/// The two families of Proposition 9.2, with parameters `[x, b, c]`.
fn formulas_9_2() -> [Formula; 2] {
    [
        Formula {
            legs: |p| [Leg::away(p[0]), Leg::away(p[1]), Leg::free(p[2])],
            value: |p| p[2] as i64 - 2 + parity(p[0] + p[1] + 1),
            text: "(c-2) + [x+b+1]_2",
        },
        Formula {
            legs: |p| [Leg::away(p[0]), Leg::toward(p[1]), Leg::free(p[2])],
            value: |p| p[2] as i64 - 2 + parity(p[0] + p[1]),
            text: "(c-2) + [x+b]_2",
        },
    ]
}

fn grid(
    xs: impl Iterator<Item = usize> + Clone,
    bs: impl Iterator<Item = usize> + Clone,
    cs: impl Iterator<Item = usize> + Clone,
) -> Vec<[usize; 3]> {
    xs.flat_map(|x| {
        bs.clone().flat_map({
            let cs = cs.clone();
            move |b| cs.clone().map(move |c| [x, b, c])
        })
    })
    .collect()
}

fn proposition_9_2(ctx: &Context) -> Result<Outcome, CheckError> {
    let (mut e, mut t) = (Engines::shared(ctx), Tally::new());
    let top = ctx.scale.legs();
    sweep(&mut e, &mut t, grid(0..=1, 2..=top, evens(2, top)), &formulas_9_2(), true, NonStates::Refuse)?;
    Ok(t.finish(format!("x in {{0,1}}, 2 <= b <= {top}, even 2 <= c <= {top}, both families and their flips")))
}

fn probe_9_2_c_odd(ctx: &Context) -> Result<Outcome, CheckError> {
    let (mut e, mut t) = (Engines::shared(ctx), Tally::new());
    let top = ctx.scale.legs();
    let odd = (3..=top).filter(|c| c % 2 == 1);
    sweep(&mut e, &mut t, grid(0..=1, 2..=top, odd), &formulas_9_2(), false, NonStates::Skip)?;
    Ok(t.finish(format!("x in {{0,1}}, 2 <= b <= {top}, odd 3 <= c <= {top}")))
}

fn probe_9_2_b1(ctx: &Context) -> Result<Outcome, CheckError> {
    let (mut e, mut t) = (Engines::shared(ctx), Tally::new());
    let top = ctx.scale.legs();
    sweep(&mut e, &mut t, grid(0..=1, 0..=1, evens(2, top)), &formulas_9_2(), false, NonStates::Skip)?;
    Ok(t.finish(format!("x in {{0,1}}, b in {{0,1}}, even 2 <= c <= {top}")))
}

/// The two families of Proposition 9.3, with parameters `[b, c, _]`.
fn formulas_9_3() -> [Formula; 2] {
    [
        Formula {
            legs: |p| [Leg::away(0), Leg::free(p[0]), Leg::free(p[1])],
            value: |p| (p[0] as i64 - 2) ^ (p[1] as i64 - 2),
            text: "(b-2) xor (c-2)",
        },
        Formula {
            legs: |p| [Leg::away(1), Leg::free(p[0]), Leg::free(p[1])],
            value: |p| ((p[0] as i64 - 2) ^ (p[1] as i64 - 2)) + 1,
            text: "((b-2) xor (c-2)) + 1",
        },
    ]
}

fn proposition_9_3(ctx: &Context) -> Result<Outcome, CheckError> {
    let (mut e, mut t) = (Engines::shared(ctx), Tally::new());
    let top = ctx.scale.legs();
    let params = grid(evens(2, top), evens(2, top), 0..=0);
    sweep(&mut e, &mut t, params, &formulas_9_3(), true, NonStates::Refuse)?;
    Ok(t.finish(format!("even 2 <= b, c <= {top}, both families and their flips")))
}

fn probe_9_3_odd(ctx: &Context) -> Result<Outcome, CheckError> {
    let (mut e, mut t) = (Engines::shared(ctx), Tally::new());
    let top = ctx.scale.legs();
    let params: Vec<[usize; 3]> =
        grid(2..=top, 2..=top, 0..=0).into_iter().filter(|p| p[0] % 2 == 1 || p[1] % 2 == 1).collect();
    sweep(&mut e, &mut t, params, &formulas_9_3(), false, NonStates::Skip)?;
    Ok(t.finish(format!("2 <= b, c <= {top}, b or c odd")))
}

#[cfg(test)]
mod tests {
    use crate::engines::Engines;
    use crate::states::{Leg, spider};

    /// The examples quoted in the probes' statements are what the engine computes.
    #[test]
    fn the_quoted_examples() {
        let mut e = Engines::new(1 << 30);
        let g = |e: &mut Engines, legs| e.grundy(&spider(legs).unwrap()).unwrap();
        assert_eq!(g(&mut e, [Leg::away(0), Leg::away(2), Leg::free(3)]), 5);
        assert_eq!(g(&mut e, [Leg::away(0), Leg::free(3), Leg::free(4)]), 1);
        for c in (2..12).step_by(2) {
            assert_eq!(g(&mut e, [Leg::away(0), Leg::away(1), Leg::free(c)]) as usize, c + 1);
        }
    }
}
