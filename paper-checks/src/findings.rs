//! The paper's wording problems (Section F of the restored statements),
//! each computed: the claim as worded, and the instance where it fails.

use crate::domains::{Shape, shape};
use crate::engines::{Engines, Miss};
use crate::outcome::{CheckError, Counterexample, Kind, Outcome, Tally};
use crate::registry::{Check, Context};
use crate::section8::{ord_expansion, ord_greatest};
use crate::states::empty;
use arrows_core::{Variant, families, trim};

/// The four findings.
pub fn checks() -> Vec<Check> {
    vec![
        Check {
            id: "F.1",
            kind: Kind::Finding,
            result: "Introduction",
            statement: "As worded: \"Player two has a winning strategy on a path graph if and only if the number of edges is even\" (Game of Cycles, that is the untrimmed Game of Arrows). It fails for the one-edge path P_1, where no arrow is legal; it holds for every path with at least 2 edges.",
            run: finding_paths,
        },
        Check {
            id: "F.2",
            kind: Kind::Finding,
            result: "Section 12, closing paragraph",
            statement: "As worded: the trimming of a spider with odd legs is a spider with even legs, or two paths (exactly one leg of length 1), or empty (all legs of length 1). It leaves out exactly two legs of length 1: trim(S(1,1,c)) is one path P_(c-1), of value 0, so the conclusion stands.",
            run: finding_trimmings,
        },
        Check {
            id: "F.3",
            kind: Kind::Finding,
            result: "Proposition 7.6 (second sentence)",
            statement: "As worded, with no non-terminal hypothesis: a terminal state S meets \"every follower of S is an associate of an even-moves follower of S\" vacuously, yet G(S) = 0, not 1.",
            run: crate::section7::terminal_states,
        },
        Check {
            id: "F.4",
            kind: Kind::Finding,
            result: "Definition 8.1",
            statement: "As worded, ord(n) is \"the greatest positive integer k such that 2^k <= n\": no positive k has 2^k <= 1, so ord(1) is undefined, while the binary expansion gives ord(1) = 0. The word must be \"non-negative\".",
            run: finding_ord,
        },
    ]
}

fn finding_paths(ctx: &Context) -> Result<Outcome, CheckError> {
    let (mut e, mut t) = (Engines::shared(ctx), Tally::new());
    let top = ctx.scale.paths();
    let mut later = 0;
    for m in 1..=top {
        let s = empty(families::path(m)?, format!("P_{m}"));
        let g = e.grundy_in(&s.graph, Variant::Untrimmed, &s.state)?;
        let second_wins = g == 0;
        let holds = second_wins == (m % 2 == 0);
        later += u64::from(!holds && m >= 2);
        let winner = if second_wins { "player two wins" } else { "player one wins" };
        let claimed = if m % 2 == 0 { "player two wins (even)" } else { "player one wins (odd)" };
        t.record_state(&s, (!holds).then(|| Miss::new(format!("Grundy value {g}: {winner}"), claimed)));
    }
    t.note(format!("counterexamples with at least 2 edges: {later}"));
    Ok(t.finish(format!("P_m for 1 <= m <= {top}, the Game of Arrows")))
}

fn finding_trimmings(ctx: &Context) -> Result<Outcome, CheckError> {
    let (mut e, mut t) = (Engines::shared(ctx), Tally::new());
    let top = ctx.scale.odd_legs();
    let odds = |from: usize| (from..=top).filter(|n| n % 2 == 1);
    let mut left_out_values = Vec::new();
    for a in odds(1) {
        for b in odds(a) {
            for c in odds(b) {
                let g = families::spider(&[a, b, c])?;
                let tg = trim(&g);
                let ones = [a, b, c].iter().filter(|&&l| l == 1).count();
                let found = shape(&tg.graph);
                let listed = match (&found, ones) {
                    (Shape::Spider(legs), 0) => legs.len() == 3 && legs.iter().all(|l| l % 2 == 0),
                    (Shape::Paths(p), 1) => p.len() == 2,
                    (Shape::Empty, 3) => true,
                    _ => false,
                };
                if !listed && !tg.graph.is_empty() {
                    let empty_state = arrows_core::Decoration::empty(tg.graph.edge_count());
                    left_out_values.push(e.grundy_in(&tg.graph, Variant::Trimmed, &empty_state)?);
                }
                t.record(listed, || Counterexample {
                    instance: format!("trim(S({a},{b},{c}))"),
                    graph: format!("S({a},{b},{c}) [{}]", g.edge_list()),
                    state: String::new(),
                    found: found.to_string(),
                    claimed: "an even spider, two paths, or the empty graph".into(),
                });
            }
        }
    }
    let zeros = left_out_values.iter().filter(|&&v| v == 0).count();
    t.note(format!(
        "the trimmings left out have Grundy value 0 in {zeros} of {} cases, so the conclusion stands",
        left_out_values.len()
    ));
    Ok(t.finish(format!("odd 1 <= a <= b <= c <= {top}")))
}

fn finding_ord(ctx: &Context) -> Result<Outcome, CheckError> {
    let mut t = Tally::new();
    let top = ctx.scale.ord_limit() as u64;
    for n in 1..=top {
        let (positive, expansion) = (ord_greatest(n, 1), ord_expansion(n));
        t.record(positive == expansion, || Counterexample {
            instance: format!("ord({n})"),
            graph: String::new(),
            state: String::new(),
            found: match positive {
                Some(k) => format!("greatest positive k with 2^k <= {n}: {k}"),
                None => format!("no positive k has 2^k <= {n}"),
            },
            claimed: format!(
                "the binary expansion's ord({n}) = {}",
                expansion.map_or("none".into(), |k| k.to_string())
            ),
        });
    }
    Ok(t.finish(format!("1 <= n <= {top}")))
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The case the closing paragraph leaves out: trim(S(1,1,c)) is one path P_(c-1).
    #[test]
    fn two_legs_of_length_one_trim_to_one_path() {
        for c in [3, 5, 7] {
            let t = trim(&families::spider(&[1, 1, c]).unwrap());
            assert_eq!(shape(&t.graph), Shape::Paths(vec![c - 1]));
        }
    }
}
