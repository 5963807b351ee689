//! Section 7: even- and odd-moves states, associates, and Proposition 7.7.

use crate::cache::shared;
use crate::domains::{Named, cycles_up_to, small_graphs, trees_up_to};
use crate::engines::{Engines, Miss, counterexample, describe_parities, first_miss};
use crate::outcome::{CheckError, Kind, Outcome, Tally};
use crate::registry::{Check, Context};
use crate::states::{Leg, SpiderState, crash, flow};
use crate::sweep::{Formula, NonStates, parity, sweep};
use arrows_core::{Decoration, Graph, Position, Variant};
use arrows_solve::{BruteForce, Parities};
use arrows_work::Control;
use std::collections::HashMap;
use std::sync::Arc;

/// The checks and probes of Section 7.
pub fn checks() -> Vec<Check> {
    vec![
        Check {
            id: "7.2",
            kind: Kind::Check,
            result: "Proposition 7.2",
            statement: "For n >= 0, F_n and C_{n+1} are [n]-moves states: every terminal descendant D of S has |D \\ S| = n mod 2.",
            run: proposition_7_2,
        },
        Check {
            id: "7.4",
            kind: Kind::Check,
            result: "Proposition 7.4",
            statement: "For n >= 0, <1^,1^,n^> is an [n+1]-moves state and <1^,1^,n_v> an [n]-moves state, so G(<1^,1^,n^>) = [n+1]_2 and G(<1^,1^,n_v>) = [n]_2. Proof cases (Definition 7.3): <1^,1^,n^>(hub>1_3,hub>1_1) is [n-1]-moves, <1^,1^,n^>(1_3>hub,hub>1_1,hub>1_2) is [n]-moves, <1^,1^,n^>(hub>1_1,hub>1_2) is [n+1]-moves.",
            run: proposition_7_4,
        },
        Check {
            id: "7.6.1",
            kind: Kind::Check,
            result: "Proposition 7.6 (first sentence)",
            statement: "If every follower of a state S is an associate of some odd-moves state (Definition 7.5: the two have a common follower), then G(S) = 0.",
            run: proposition_7_6_1,
        },
        Check {
            id: "7.6.2",
            kind: Kind::Check,
            result: "Proposition 7.6 (second sentence)",
            statement: "If S is not terminal and every follower of S is an associate of an even-moves follower of S, then G(S) = 1 (for terminal S see finding F.3).",
            run: proposition_7_6_2,
        },
        Check {
            id: "7.7",
            kind: Kind::Check,
            result: "Proposition 7.7",
            statement: "For b, c >= 2, x in {0,1} and either direction ~ of the short-leg arrow: G(<x~,b^,c^>) = [x+b+c+1]_2 when legs 2 and 3 point the same way, and G(<x~,b^,c_v>) = [x+b+c]_2 when they point opposite ways.",
            run: proposition_7_7,
        },
        Check {
            id: "7.7.short",
            kind: Kind::Probe,
            result: "Proposition 7.7, hypothesis b, c >= 2",
            statement: "With the short-leg arrow pointing into the hub, the formulas fail when b or c is below 2 (for instance G(<0_v,0^,c^>) = c).",
            run: probe_7_7_short,
        },
    ]
}

fn proposition_7_2(ctx: &Context) -> Result<Outcome, CheckError> {
    let (mut e, mut t) = (Engines::shared(ctx), Tally::new());
    let top = ctx.scale.paths();
    for n in 0..=top {
        let p = (n % 2) as u32;
        for s in [flow(n)?, crash(n + 1)?] {
            let miss = e.moves(&s, p, "[n]")?;
            t.record_state(&s, miss);
        }
    }
    Ok(t.finish(format!("0 <= n <= {top}: F_n and C_(n+1)")))
}

fn proposition_7_4(ctx: &Context) -> Result<Outcome, CheckError> {
    let (mut e, mut t) = (Engines::shared(ctx), Tally::new());
    let top = ctx.scale.legs();
    for n in 0..=top {
        let up = SpiderState::new(&[Leg::away(1), Leg::away(1), Leg::away(n)]);
        let down = SpiderState::new(&[Leg::away(1), Leg::away(1), Leg::toward(n)]);
        for (x, p) in [(&up, n + 1), (&down, n)] {
            for v in [x.clone(), x.flip()] {
                let s = v.build()?;
                let formula = if p == n { "[n]" } else { "[n+1]" };
                let miss =
                    first_miss([e.moves(&s, p as u32, formula)?, e.value(&s, parity(p), &format!("{formula}_2"))?]);
                t.record_state(&s, miss);
            }
        }
        // The three cases of the proof, as descendants with extra arrows.
        let cases: [(SpiderState, Option<usize>, &str); 3] = [
            (up.clone().with(3, 1, true).with(1, 1, true), n.checked_sub(1), "[n-1]"),
            (up.clone().with(3, 1, false).with(1, 1, true).with(2, 1, true), Some(n), "[n]"),
            (up.clone().with(1, 1, true).with(2, 1, true), Some(n + 1), "[n+1]"),
        ];
        for (case, p, formula) in cases {
            // Case 1 needs an edge on leg 3 (n >= 1); in case 2, 1_3 is a source unless n >= 2.
            let (Some(p), Ok(s)) = (p, case.build()) else { continue };
            let miss = e.moves(&s, p as u32, formula)?;
            t.record_state(&s, miss);
        }
    }
    Ok(t.finish(format!("0 <= n <= {top}: both states, their flips, and the proof's three cases (where they are states: n >= 1, n >= 2, n >= 0)")))
}

fn proposition_7_7(ctx: &Context) -> Result<Outcome, CheckError> {
    let (mut e, mut t) = (Engines::shared(ctx), Tally::new());
    let top = ctx.scale.legs();
    let mut params = Vec::new();
    for pattern in 0..8 {
        for x in 0..=1 {
            for b in 2..=top {
                for c in 2..=top {
                    params.push([pattern * 2 + x, b, c]);
                }
            }
        }
    }
    sweep(&mut e, &mut t, params, &[formula_7_7()], false, NonStates::Refuse)?;
    Ok(t.finish(format!("x in {{0,1}}, 2 <= b, c <= {top}, all 8 directions of the three leaf arrows")))
}

/// `<x~, b~, c~>` with parameters `[2 * pattern + x, b, c]`: bit 0 of the
/// pattern turns the short-leg arrow toward the hub, bits 1 and 2 the
/// arrows of legs 2 and 3.
fn formula_7_7() -> Formula {
    Formula {
        legs: |p| {
            let (pattern, x) = (p[0] / 2, p[0] % 2);
            let away = |bit: usize| pattern >> bit & 1 == 0;
            [Leg::arrow(x, away(0)), Leg::arrow(p[1], away(1)), Leg::arrow(p[2], away(2))]
        },
        value: |p| {
            let (pattern, x) = (p[0] / 2, p[0] % 2);
            let same = (pattern >> 1 & 1) == (pattern >> 2 & 1);
            parity(x + p[1] + p[2] + usize::from(same))
        },
        text: "[x+b+c+1]_2 (same way) or [x+b+c]_2 (opposite ways)",
    }
}

fn probe_7_7_short(ctx: &Context) -> Result<Outcome, CheckError> {
    let (mut e, mut t) = (Engines::shared(ctx), Tally::new());
    let top = ctx.scale.legs();
    let mut params = Vec::new();
    // Bit 0 of the pattern set: the short-leg arrow points into the hub.
    for pattern in [1, 3, 5, 7] {
        for x in 0..=1 {
            for b in 0..=top {
                for c in 0..=top {
                    if b.min(c) <= 1 {
                        params.push([pattern * 2 + x, b, c]);
                    }
                }
            }
        }
    }
    let skipped = sweep(&mut e, &mut t, params, &[formula_7_7()], false, NonStates::Skip)?;
    if skipped > 0 {
        t.note(format!("parameter choices that are not states, skipped: {skipped}"));
    }
    Ok(t.finish(format!("short-leg arrow into the hub, x in {{0,1}}, 0 <= b, c <= {top} with min(b,c) <= 1")))
}

/// The graphs whose states Proposition 7.6 is checked on.
fn associate_graphs(max_edges: usize) -> Vec<Named> {
    let mut out = small_graphs(5, max_edges);
    out.extend(trees_up_to(max_edges).into_iter().filter(|t| t.graph.vertex_count() > 5));
    out.extend(cycles_up_to(max_edges).into_iter().filter(|c| c.graph.vertex_count() > 5));
    out
}

/// The states of a small graph as masks, with their followers, Grundy
/// values and terminal parities (from the brute-force engine).
struct StateSpace {
    states: Vec<(u64, u64)>,
    followers: Vec<Vec<usize>>,
    grundy: Vec<u32>,
    parities: Vec<Parities>,
    index: HashMap<(u64, u64), usize>,
}

impl StateSpace {
    fn new(g: &Graph, control: &Control) -> Result<StateSpace, CheckError> {
        let m = g.edge_count();
        let states: Vec<(u64, u64)> = crate::domains::all_states(g, Variant::Trimmed)
            .iter()
            .map(|d| d.to_masks().expect("a small graph"))
            .collect();
        let index: HashMap<(u64, u64), usize> = states.iter().enumerate().map(|(i, &s)| (s, i)).collect();
        let followers = states
            .iter()
            .map(|&(mk, f)| {
                (0..m)
                    .filter(|e| mk >> e & 1 == 0)
                    .flat_map(|e| [(mk | 1 << e, f | 1 << e), (mk | 1 << e, f)])
                    .filter_map(|s| index.get(&s).copied())
                    .collect()
            })
            .collect();
        let empty = Decoration::empty(m);
        let mut bf = BruteForce::new(Position::trimmed(g, &empty), control)?;
        bf.start_grundy()?;
        let (mut grundy, mut parities) = (Vec::with_capacity(states.len()), Vec::with_capacity(states.len()));
        for &(mk, f) in &states {
            let d = Decoration::from_masks(m, mk, f);
            grundy.push(bf.grundy(&d)?);
            parities.push(bf.parities(&d)?);
        }
        Ok(StateSpace { states, followers, grundy, parities, index })
    }

    fn moves_parity(&self, i: usize) -> Option<u32> {
        self.parities[i].moves_parity()
    }

    /// Some state `C \ {y}` (`y` an arrow of `C`) is odd-moves.
    fn has_odd_moves_predecessor(&self, c: usize) -> bool {
        let (m, f) = self.states[c];
        (0..64).filter(|e| m >> e & 1 == 1).any(|e| {
            let a = (m & !(1 << e), f & !(1 << e));
            self.index.get(&a).is_some_and(|&i| self.moves_parity(i) == Some(1))
        })
    }
}

/// What the survey of Proposition 7.6 found.
struct AssociateSurvey {
    first: Outcome,
    second: Outcome,
    terminal: Outcome,
}

fn survey(ctx: &Context) -> Arc<Result<AssociateSurvey, CheckError>> {
    shared("associates", ctx.scale.max, || {
        let edges = ctx.scale.associate_edges();
        let graphs = associate_graphs(edges);
        let (mut first, mut second, mut terminal) = (Tally::new(), Tally::new(), Tally::new());
        let mut states = 0u64;
        for named in &graphs {
            let space = StateSpace::new(&named.graph, &ctx.control())?;
            let odd_pred: Vec<bool> = (0..space.states.len()).map(|c| space.has_odd_moves_predecessor(c)).collect();
            states += space.states.len() as u64;
            for s in 0..space.states.len() {
                let fs = &space.followers[s];
                let g = space.grundy[s];
                let cx = |claimed: &str| {
                    let (m, f) = space.states[s];
                    let d = Decoration::from_masks(named.graph.edge_count(), m, f);
                    let ps = crate::states::PaperState {
                        name: "S".into(),
                        graph_name: named.name.clone(),
                        graph: named.graph.clone(),
                        state: d,
                    };
                    let found = format!("Grundy value {g} ({})", describe_parities(space.parities[s]));
                    counterexample(&ps, Miss::new(found, claimed))
                };
                // (i): every follower F has a follower C with an odd-moves predecessor.
                if fs.iter().all(|&f| space.followers[f].iter().any(|&c| odd_pred[c])) {
                    first.record(g == 0, || cx("0"));
                }
                // (ii): every follower F is an associate of an even-moves follower A of S:
                // A = F when F is not terminal, or A = S + x for a move x of F.
                let (m, f) = space.states[s];
                let second_hypothesis = fs.iter().all(|&fi| {
                    let fm = space.states[fi].0;
                    let even_f = space.moves_parity(fi) == Some(0);
                    space.followers[fi].iter().any(|&c| {
                        let (cm, cf) = space.states[c];
                        let x = cm & !fm;
                        even_f
                            || space
                                .index
                                .get(&(m | x, f | (cf & x)))
                                .is_some_and(|&a| space.moves_parity(a) == Some(0))
                    })
                });
                if second_hypothesis {
                    if fs.is_empty() {
                        terminal.record(g == 1, || cx("1 (the hypothesis holds vacuously)"));
                    } else {
                        second.record(g == 1, || cx("1"));
                    }
                }
            }
        }
        let range = format!(
            "every state of {} graphs: every graph on <= 5 vertices with <= {edges} edges, every tree and cycle with <= {edges} edges ({states} states)",
            graphs.len()
        );
        let count = |t: &Tally, what: &str| format!("{} states meet the hypothesis{what}", t.instances());
        first.note(count(&first, ""));
        second.note(count(&second, " and are not terminal"));
        terminal.note(count(&terminal, " vacuously (terminal states)"));
        Ok(AssociateSurvey {
            first: first.finish(range.clone()),
            second: second.finish(range.clone()),
            terminal: terminal.finish(range),
        })
    })
}

fn proposition_7_6_1(ctx: &Context) -> Result<Outcome, CheckError> {
    survey(ctx).as_ref().as_ref().map(|s| s.first.clone()).map_err(Clone::clone)
}

fn proposition_7_6_2(ctx: &Context) -> Result<Outcome, CheckError> {
    survey(ctx).as_ref().as_ref().map(|s| s.second.clone()).map_err(Clone::clone)
}

/// Proposition 7.6's second sentence on terminal states (finding F.3).
pub fn terminal_states(ctx: &Context) -> Result<Outcome, CheckError> {
    survey(ctx).as_ref().as_ref().map(|s| s.terminal.clone()).map_err(Clone::clone)
}

#[cfg(test)]
mod tests {
    use crate::engines::Engines;
    use crate::states::{Leg, spider};

    /// The example quoted in the probe's statement: G(<0_v,0^,c^>) = c.
    #[test]
    fn the_quoted_example() {
        let mut e = Engines::new(1 << 30);
        for c in 2..10 {
            let s = spider([Leg::toward(0), Leg::away(0), Leg::away(c)]).unwrap();
            assert_eq!(e.grundy(&s).unwrap() as usize, c);
        }
    }
}
