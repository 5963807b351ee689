//! Section 4: state isomorphisms (Proposition 4.6, Theorem 4.10, Corollary
//! 4.12, Theorem 4.14), on exhaustive surveys of small states.
//!
//! Two surveys, computed once and shared by the checks:
//!
//! * **pairs**: every ordered pair of distinct states of one graph with the
//!   same unmarked edges, with the bijection induced by the identity of the
//!   graph (a graph isomorphism; an isomorphism between two graphs is the
//!   identity after relabelling, so this covers Corollary 4.12 and Theorem
//!   4.14 in full), on every graph on at most 5 vertices and every tree and
//!   cycle, up to a number of edges;
//! * **bijections**: every flip-commuting bijection between the unmarked
//!   arrows of every two states (of the same graph or not) with the same
//!   number of unmarked edges, on every graph on at most 5 vertices with few
//!   edges: most of these maps are induced by no graph map at all.
//!
//! Definition 4.5 is decided by brute force over all `3^k` decorations
//! containing the state; the criteria look at flowers only; Grundy values
//! and terminal parities come from the brute-force engine.

use crate::cache::shared;
use crate::domains::{Named, all_states, cycles_up_to, small_graphs, trees_up_to};
use crate::outcome::{CheckError, Counterexample, Kind, Outcome, Tally};
use crate::registry::{Check, Context};
use arrows_core::{Decoration, Position, Variant};
use arrows_solve::isomorphism::{MaskBijection, PreparedState};
use arrows_solve::{BruteForce, Parities};
use arrows_work::Control;
use std::collections::BTreeMap;
use std::sync::Arc;

/// The checks and the probe of Section 4.
pub fn checks() -> Vec<Check> {
    vec![
        Check {
            id: "4.6",
            kind: Kind::Check,
            result: "Proposition 4.6",
            statement: "Isomorphic states have equal Grundy values (and, their game trees being isomorphic, equal parities of terminal descendants).",
            run: |ctx| part(ctx, |s| &s.proposition_4_6),
        },
        Check {
            id: "4.10",
            kind: Kind::Check,
            result: "Theorem 4.10",
            statement: "A flip-commuting bijection phi between the unmarked arrows of S and S' is a state isomorphism (Definition 4.5) if and only if Phi is locally state-preventing at every vertex of G and Phi^-1 at every vertex of G' (Definition 4.9: the image of a flower that is not a state is not a state).",
            run: |ctx| part(ctx, |s| &s.theorem_4_10),
        },
        Check {
            id: "4.12",
            kind: Kind::Check,
            result: "Corollary 4.12",
            statement: "A bijection induced by a graph isomorphism is a state isomorphism if and only if it is a local state isomorphism at every vertex (Definition 4.11: each flower is a state exactly when its image is).",
            run: |ctx| part(ctx, |s| &s.corollary_4_12),
        },
        Check {
            id: "4.14",
            kind: Kind::Check,
            result: "Theorem 4.14",
            statement: "A bijection induced by a graph isomorphism f is a state isomorphism when f(H(S) ∩ I(G)) = H(S') ∩ I(G') and f(T(S) ∩ I(G)) = T(S') ∩ I(G') (H heads, T tails, I internal vertices). Checked in the stronger form that compares heads and tails only at the vertices of the unmarked subgraph.",
            run: |ctx| part(ctx, |s| &s.theorem_4_14),
        },
        Check {
            id: "4.14.converse",
            kind: Kind::Probe,
            result: "Theorem 4.14, not a converse",
            statement: "The conditions of Theorem 4.14 are sufficient, not necessary (the paper's Figure 10): some state isomorphism induced by a graph isomorphism fails them.",
            run: |ctx| part(ctx, |s| &s.converse_4_14),
        },
    ]
}

/// What the two surveys found, per check.
struct Survey {
    proposition_4_6: Outcome,
    theorem_4_10: Outcome,
    corollary_4_12: Outcome,
    theorem_4_14: Outcome,
    converse_4_14: Outcome,
}

fn part(ctx: &Context, pick: fn(&Survey) -> &Outcome) -> Result<Outcome, CheckError> {
    let s = shared("state-isomorphisms", ctx.scale.max, || survey(ctx));
    Arc::clone(&s).as_ref().as_ref().map(|s| pick(s).clone()).map_err(Clone::clone)
}

/// A state of a small graph, prepared, with its value and parities.
struct Small {
    graph: usize,
    state: Decoration,
    prepared: PreparedState,
    grundy: u32,
    parities: Parities,
}

fn smalls(graphs: &[Named], control: &Control, max_unmarked: usize) -> Result<Vec<Small>, CheckError> {
    let mut out = Vec::new();
    for (gi, named) in graphs.iter().enumerate() {
        let g = &named.graph;
        let empty = Decoration::empty(g.edge_count());
        let mut bf = BruteForce::new(Position::trimmed(g, &empty), control)?;
        bf.start_grundy()?;
        for d in all_states(g, Variant::Trimmed) {
            if g.edge_count() - d.len() > max_unmarked {
                continue;
            }
            let prepared = PreparedState::new(Position::trimmed(g, &d))?;
            let (grundy, parities) = (bf.grundy(&d)?, bf.parities(&d)?);
            out.push(Small { graph: gi, state: d, prepared, grundy, parities });
        }
    }
    Ok(out)
}

/// Every permutation of `0..k`.
fn permutations(k: usize) -> Vec<Vec<u32>> {
    let mut out = vec![Vec::new()];
    for n in 0..k as u32 {
        out = out
            .into_iter()
            .flat_map(|p| {
                (0..=p.len()).map(move |i| {
                    let mut q = p.clone();
                    q.insert(i, n);
                    q
                })
            })
            .collect();
    }
    out
}

struct Tallies {
    t46: Tally,
    t410: Tally,
    t412: Tally,
    t414: Tally,
    converse: Tally,
    isomorphisms: u64,
}

fn pair_text(graphs: &[Named], a: &Small, b: &Small, phi: Option<&MaskBijection>) -> (String, String) {
    let (ga, gb) = (&graphs[a.graph], &graphs[b.graph]);
    let sa = format!("S = {{{}}}", a.state.display(&ga.graph));
    let sb = format!("S' = {{{}}}", b.state.display(&gb.graph));
    let graph = if a.graph == b.graph { ga.text() } else { format!("{} and {}", ga.text(), gb.text()) };
    let map = phi.map_or("phi induced by the identity".to_string(), |p| {
        let parts: Vec<String> = (0..p.len())
            .map(|i| {
                let (j, same) = p.image(i);
                let e = a.prepared.unmarked_edges()[i];
                let e2 = b.prepared.unmarked_edges()[j as usize];
                let (s, t) = ga.graph.ends(e);
                let (s2, t2) = gb.graph.ends(e2);
                if same { format!("{s}>{t} -> {s2}>{t2}") } else { format!("{s}>{t} -> {t2}>{s2}") }
            })
            .collect();
        format!("phi: {}", parts.join(", "))
    });
    (format!("{sa}, {sb}, {map}"), graph)
}

fn survey(ctx: &Context) -> Result<Survey, CheckError> {
    let mut t = Tallies {
        t46: Tally::new(),
        t410: Tally::new(),
        t412: Tally::new(),
        t414: Tally::new(),
        converse: Tally::new(),
        isomorphisms: 0,
    };
    // The pairs survey: identity maps between states with the same unmarked edges.
    let pe = ctx.scale.pair_edges();
    let mut graphs = small_graphs(5, pe);
    graphs.extend(trees_up_to(pe).into_iter().filter(|g| g.graph.vertex_count() > 5));
    graphs.extend(cycles_up_to(pe).into_iter().filter(|g| g.graph.vertex_count() > 5));
    let states = smalls(&graphs, &ctx.control(), usize::MAX)?;
    let mut groups: BTreeMap<(usize, u64), Vec<usize>> = BTreeMap::new();
    for (i, s) in states.iter().enumerate() {
        let marked = s.state.to_masks().expect("a small graph").0;
        groups.entry((s.graph, marked)).or_default().push(i);
    }
    let mut pairs = 0u64;
    for members in groups.values() {
        for &i in members {
            for &j in members {
                if i == j {
                    continue;
                }
                pairs += 1;
                let (a, b) = (&states[i], &states[j]);
                let id = MaskBijection::identity(a.prepared.k());
                let iso = a.prepared.mismatch(&b.prepared, &id).is_none();
                let vertices: Vec<Option<usize>> = (0..graphs[a.graph].graph.vertex_count()).map(Some).collect();
                let heads_tails = a.prepared.heads_tails(&b.prepared, &vertices);
                let local_iso = a.prepared.local_isomorphism_everywhere(&b.prepared, &id);
                compare(&mut t, &graphs, a, b, None, iso);
                let yes_no = |x: bool| if x { "yes" } else { "no" };
                t.t412.record(iso == local_iso, || {
                    let (instance, graph) = pair_text(&graphs, a, b, None);
                    Counterexample {
                        instance,
                        graph,
                        state: String::new(),
                        found: format!(
                            "state isomorphism: {}, local state isomorphism everywhere: {}",
                            yes_no(iso),
                            yes_no(local_iso)
                        ),
                        claimed: "the same answer".into(),
                    }
                });
                if heads_tails == Some(true) {
                    t.t414.record(iso, || {
                        let (instance, graph) = pair_text(&graphs, a, b, None);
                        Counterexample {
                            instance,
                            graph,
                            state: String::new(),
                            found: "the conditions hold, but it is not a state isomorphism".into(),
                            claimed: "a state isomorphism".into(),
                        }
                    });
                }
                if iso {
                    t.converse.record(heads_tails == Some(true), || {
                        let (instance, graph) = pair_text(&graphs, a, b, None);
                        Counterexample {
                            instance,
                            graph,
                            state: String::new(),
                            found: "a state isomorphism whose heads or tails differ".into(),
                            claimed: "the conditions of Theorem 4.14 are necessary".into(),
                        }
                    });
                }
            }
        }
    }
    let pair_range = format!(
        "identity maps between distinct states with the same unmarked edges, on every graph on <= 5 vertices and every tree and cycle with <= {pe} edges ({} graphs, {} states)",
        graphs.len(),
        states.len()
    );
    let pair_isomorphisms = t.isomorphisms;
    // The bijections survey: every flip-commuting bijection between small states.
    let be = ctx.scale.bijection_edges();
    let small = small_graphs(5, be);
    let bstates = smalls(&small, &ctx.control(), be)?;
    let mut by_k: BTreeMap<usize, Vec<usize>> = BTreeMap::new();
    for (i, s) in bstates.iter().enumerate() {
        by_k.entry(s.prepared.k()).or_default().push(i);
    }
    let mut maps = 0u64;
    for (&k, members) in &by_k {
        let perms = permutations(k);
        let bijections: Vec<MaskBijection> = perms
            .iter()
            .flat_map(|p| {
                (0..1u32 << k).map(move |signs| {
                    MaskBijection::new(p.iter().enumerate().map(|(i, &j)| (j, signs >> i & 1 == 0)).collect())
                        .expect("a permutation")
                })
            })
            .collect();
        for &i in members {
            for &j in members {
                for phi in &bijections {
                    maps += 1;
                    let (a, b) = (&bstates[i], &bstates[j]);
                    let iso = a.prepared.mismatch(&b.prepared, phi).is_none();
                    compare(&mut t, &small, a, b, Some(phi), iso);
                }
            }
        }
    }
    let map_range = format!(
        "every flip-commuting bijection between every two states with equal numbers of unmarked edges of graphs on <= 5 vertices with <= {be} edges ({} graphs, {} states)",
        small.len(),
        bstates.len()
    );
    t.t410.note(format!("{pairs} identity maps, {pair_isomorphisms} of them state isomorphisms"));
    t.t410.note(format!("{maps} bijections, {} of them state isomorphisms", t.isomorphisms - pair_isomorphisms));
    t.t412.note(format!("{pair_isomorphisms} of the {pairs} maps are state isomorphisms"));
    t.t414.note(format!("{} of the {pairs} maps meet the conditions", t.t414.instances()));
    t.converse
        .note(format!("{} of the {pair_isomorphisms} state isomorphisms fail the conditions", t.converse.failures()));
    Ok(Survey {
        proposition_4_6: t.t46.finish(format!("the state isomorphisms among: {pair_range}; {map_range}")),
        theorem_4_10: t.t410.finish(format!("{pair_range}; {map_range}")),
        corollary_4_12: t.t412.finish(pair_range.clone()),
        theorem_4_14: t.t414.finish(format!("the maps meeting the conditions among: {pair_range}")),
        converse_4_14: t.converse.finish(format!("the state isomorphisms among: {pair_range}")),
    })
}

/// Theorem 4.10 and Proposition 4.6 on one map.
fn compare(t: &mut Tallies, graphs: &[Named], a: &Small, b: &Small, phi: Option<&MaskBijection>, iso: bool) {
    let identity;
    let map = match phi {
        Some(p) => p,
        None => {
            identity = MaskBijection::identity(a.prepared.k());
            &identity
        }
    };
    let local = a.prepared.local_criterion(&b.prepared, map);
    let yes_no = |x: bool| if x { "yes" } else { "no" };
    t.t410.record(iso == local, || {
        let (instance, graph) = pair_text(graphs, a, b, phi);
        Counterexample {
            instance,
            graph,
            state: String::new(),
            found: format!("state isomorphism: {}, local criterion: {}", yes_no(iso), yes_no(local)),
            claimed: "the same answer".into(),
        }
    });
    if iso {
        t.isomorphisms += 1;
        t.t46.record(a.grundy == b.grundy && a.parities == b.parities, || {
            let (instance, graph) = pair_text(graphs, a, b, phi);
            Counterexample {
                instance,
                graph,
                state: String::new(),
                found: format!("Grundy values {} and {}", a.grundy, b.grundy),
                claimed: "equal values and parities".into(),
            }
        });
    }
}
