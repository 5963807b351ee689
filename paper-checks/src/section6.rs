//! Section 6: Proposition 6.3, spider decorations isomorphic to unions of
//! flows, crashes, twigs and rods.
//!
//! Each item is checked on every `n` of the range by its value (the
//! canonical engine's Grundy value of the spider state against the paper's
//! formula, and against the value of the union it is claimed isomorphic
//! to). Up to the isomorphism range, the isomorphism itself is found and
//! confirmed both ways: a search produces a flip-commuting bijection `phi`,
//! and `phi` and `phi^-1` must pass Definition 4.5 by brute force and the
//! local criterion of Theorem 4.10, and `Phi` must map the explicit game
//! graph of one state onto the other's. The maps of the proof are checked
//! too: for the first four items the graph isomorphism
//! `hub -> 1, i_3 -> i+1` (or `1_2 -> 1, hub -> 2, i_3 -> i+2`) onto the
//! flipped flow or crash meets the conditions of Theorem 4.14 (first two
//! items) or of Corollary 4.12 (next two).

use crate::engines::{Engines, Miss};
use crate::outcome::{CheckError, Kind, Outcome, Tally};
use crate::registry::{Check, Context};
use crate::states::{Leg, PaperState, SpiderState, crash, flow, rod, twig, union};
use crate::sweep::parity;
use arrows_core::FamilyError;
use arrows_core::Vertex;
use arrows_solve::isomorphism::{
    ArrowBijection, GameGraphMatch, Search, find_state_isomorphism, game_graphs_correspond, heads_tails_criterion,
    is_state_isomorphism, local_criterion, local_state_isomorphism_everywhere,
};
use arrows_work::Control;
use rayon::prelude::*;

/// The check of Section 6.
pub fn checks() -> Vec<Check> {
    vec![Check {
        id: "6.3",
        kind: Kind::Check,
        result: "Proposition 6.3",
        statement: "For n >= 1: <0^,0^,n^> ≅ C_n with G = [n+1]_2. For n >= 0: <0^,0^,n_v> ≅ F_n, G = [n]_2; <0^,1^,n^> ≅ C_(n+1), G = [n]_2; <0^,1^,n_v> ≅ F_(n+1), G = [n+1]_2; <0^,0_v,n~> ≅ T_n, G = n; <0^,1_v,n~> ≅ T_1 ⊔ T_n, G = n xor 1; <1^,1_v,n~> ≅ F_2 ⊔ T_n, G = n. With a free third leg (n >= 1): <0^,0^,n> ≅ T_n, G = n; <0^,0_v,n> ≅ R_n, G = [n]_2; <0^,1_v,n> ≅ T_1 ⊔ R_n, G = [n+1]_2; <1^,1_v,n> ≅ F_2 ⊔ R_n, G = [n]_2. Flips included.",
        run: proposition_6_3,
    }]
}

/// How the proof shows an item's isomorphism with an explicit map.
#[derive(Clone, Copy, PartialEq, Eq)]
enum ProofMap {
    /// `hub -> 1, i_3 -> i+1`, Theorem 4.14, onto the flipped target.
    Hub,
    /// `1_2 -> 1, hub -> 2, i_3 -> i+2`, Corollary 4.12, onto the flipped target.
    ShortLeg,
    /// A homomorphism (Theorem 4.10), found by the search.
    Search,
}

#[derive(Clone, Copy)]
struct Item {
    legs: fn(usize) -> [Leg; 3],
    target: fn(usize) -> Result<PaperState, FamilyError>,
    value: fn(usize) -> i64,
    formula: &'static str,
    from: usize,
    proof: ProofMap,
}

fn items() -> Vec<Item> {
    use ProofMap::*;
    let twig_union = |n: usize| Ok(union(&[twig(1)?, twig(n)?]));
    let flow_twig = |n: usize| Ok(union(&[flow(2)?, twig(n)?]));
    vec![
        Item {
            legs: |n| [Leg::away(0), Leg::away(0), Leg::away(n)],
            target: crash,
            value: |n| parity(n + 1),
            formula: "[n+1]_2",
            from: 1,
            proof: Hub,
        },
        Item {
            legs: |n| [Leg::away(0), Leg::away(0), Leg::toward(n)],
            target: flow,
            value: parity,
            formula: "[n]_2",
            from: 0,
            proof: Hub,
        },
        Item {
            legs: |n| [Leg::away(0), Leg::away(1), Leg::away(n)],
            target: |n| crash(n + 1),
            value: parity,
            formula: "[n]_2",
            from: 0,
            proof: ShortLeg,
        },
        Item {
            legs: |n| [Leg::away(0), Leg::away(1), Leg::toward(n)],
            target: |n| flow(n + 1),
            value: |n| parity(n + 1),
            formula: "[n+1]_2",
            from: 0,
            proof: ShortLeg,
        },
        Item {
            legs: |n| [Leg::away(0), Leg::toward(0), Leg::away(n)],
            target: twig,
            value: |n| n as i64,
            formula: "n",
            from: 0,
            proof: Search,
        },
        Item {
            legs: |n| [Leg::away(0), Leg::toward(0), Leg::toward(n)],
            target: twig,
            value: |n| n as i64,
            formula: "n",
            from: 0,
            proof: Search,
        },
        Item {
            legs: |n| [Leg::away(0), Leg::toward(1), Leg::away(n)],
            target: twig_union,
            value: |n| (n ^ 1) as i64,
            formula: "n xor 1",
            from: 0,
            proof: Search,
        },
        Item {
            legs: |n| [Leg::away(0), Leg::toward(1), Leg::toward(n)],
            target: twig_union,
            value: |n| (n ^ 1) as i64,
            formula: "n xor 1",
            from: 0,
            proof: Search,
        },
        Item {
            legs: |n| [Leg::away(1), Leg::toward(1), Leg::away(n)],
            target: flow_twig,
            value: |n| n as i64,
            formula: "n",
            from: 0,
            proof: Search,
        },
        Item {
            legs: |n| [Leg::away(1), Leg::toward(1), Leg::toward(n)],
            target: flow_twig,
            value: |n| n as i64,
            formula: "n",
            from: 0,
            proof: Search,
        },
        Item {
            legs: |n| [Leg::away(0), Leg::away(0), Leg::free(n)],
            target: twig,
            value: |n| n as i64,
            formula: "n",
            from: 1,
            proof: Search,
        },
        Item {
            legs: |n| [Leg::away(0), Leg::toward(0), Leg::free(n)],
            target: rod,
            value: parity,
            formula: "[n]_2",
            from: 1,
            proof: Search,
        },
        Item {
            legs: |n| [Leg::away(0), Leg::toward(1), Leg::free(n)],
            target: |n| Ok(union(&[twig(1)?, rod(n)?])),
            value: |n| parity(n + 1),
            formula: "[n+1]_2",
            from: 1,
            proof: Search,
        },
        Item {
            legs: |n| [Leg::away(1), Leg::toward(1), Leg::free(n)],
            target: |n| Ok(union(&[flow(2)?, rod(n)?])),
            value: parity,
            formula: "[n]_2",
            from: 1,
            proof: Search,
        },
    ]
}

/// The proof's vertex map from the spider state to its target's path.
fn proof_vertex_map(proof: ProofMap, x: &PaperState, n: usize) -> Option<Vec<Option<Vertex>>> {
    let mut f = vec![None; x.graph.vertex_count()];
    // Leg 3 starts after legs 1 and 2; the spider's vertex numbering goes outward.
    match proof {
        ProofMap::Hub => {
            // S(1,1,n+1): i_3 is vertex 2 + i.
            f[0] = Some(1);
            for i in 1..=n {
                f[2 + i] = Some(i + 1);
            }
        }
        ProofMap::ShortLeg => {
            // S(1,2,n+1): 1_2 is vertex 2, i_3 is vertex 3 + i.
            f[2] = Some(1);
            f[0] = Some(2);
            for i in 1..=n {
                f[3 + i] = Some(i + 2);
            }
        }
        ProofMap::Search => return None,
    }
    Some(f)
}

/// Confirms `x ≅ y` both ways; `None` when it holds.
fn confirm_isomorphism(x: &PaperState, y: &PaperState, control: &Control) -> Result<Option<String>, CheckError> {
    let (a, b) = (x.position(), y.position());
    let phi = match find_state_isomorphism(a, b, 50_000_000)? {
        Search::Found(phi) => phi,
        Search::NotIsomorphic => return Ok(Some("no state isomorphism exists".into())),
        Search::GaveUp { nodes } => return Ok(Some(format!("the search gave up after {nodes} partial maps"))),
    };
    let inverse = phi.inverse();
    if let Some(m) = is_state_isomorphism(a, b, &phi)? {
        let what = if m.is_state { "a state to a non-state" } else { "a non-state to a state" };
        return Ok(Some(format!("Definition 4.5 fails: phi maps {what}: {}", m.decoration.display(&x.graph))));
    }
    if is_state_isomorphism(b, a, &inverse)?.is_some() {
        return Ok(Some("Definition 4.5 fails for phi^-1".into()));
    }
    if !local_criterion(a, b, &phi)? || !local_criterion(b, a, &inverse)? {
        return Ok(Some("phi passes Definition 4.5 but not the local criterion of Theorem 4.10".into()));
    }
    match game_graphs_correspond(a, b, &phi, control)? {
        GameGraphMatch::Isomorphic { .. } => Ok(None),
        GameGraphMatch::Differs(why) => Ok(Some(format!("the game graphs differ: {why}"))),
    }
}

/// Checks the proof's map onto the flipped target; `None` when it works.
fn confirm_proof_map(proof: ProofMap, x: &PaperState, y: &PaperState, n: usize) -> Result<Option<String>, CheckError> {
    let Some(f) = proof_vertex_map(proof, x, n) else { return Ok(None) };
    let flipped = y.flip();
    let (a, b) = (x.position(), flipped.position());
    let phi = ArrowBijection::induced(a, b, &f)?;
    if is_state_isomorphism(a, b, &phi)?.is_some() {
        return Ok(Some("the proof's map is not a state isomorphism".into()));
    }
    let criterion = match proof {
        ProofMap::Hub => heads_tails_criterion(a, b, &f)? == Some(true),
        _ => local_state_isomorphism_everywhere(a, b, &phi)?,
    };
    let name = if proof == ProofMap::Hub { "Theorem 4.14" } else { "Corollary 4.12" };
    Ok((!criterion).then(|| format!("the proof's map fails the conditions of {name}")))
}

fn proposition_6_3(ctx: &Context) -> Result<Outcome, CheckError> {
    let mut t = Tally::new();
    let top = ctx.scale.legs();
    let iso = ctx.scale.iso_unmarked();
    // Every (item, n) is an instance of its own, shared out among the
    // threads (each with engines on the run's memos) and recorded in order.
    let instances: Vec<(Item, usize)> =
        items().into_iter().flat_map(|item| (item.from..=top).map(move |n| (item, n))).collect();
    let results = instances
        .par_iter()
        .map_init(|| Engines::shared(ctx), |e, &(item, n)| item_instance(e, ctx, item, n, iso))
        .collect::<Result<Vec<_>, CheckError>>()?;
    let (mut confirmed, mut proof_maps) = (0u64, 0u64);
    for r in results {
        confirmed += r.confirmed;
        proof_maps += r.proof_maps;
        for (x, miss) in r.states {
            t.record_state(&x, miss);
        }
    }
    t.note(format!(
        "{confirmed} isomorphisms found and confirmed both ways (Definition 4.5 by brute force, Theorem 4.10, explicit game graphs)"
    ));
    t.note(format!("{proof_maps} of the proof's maps meet Theorem 4.14 or Corollary 4.12"));
    Ok(t.finish(format!(
        "the 14 items and their flips, n <= {top} (values); isomorphisms for the states with <= {iso} unmarked edges"
    )))
}

/// What one instance of Proposition 6.3 found: each of the spider state
/// and its flip with its miss, and the isomorphisms and proof maps confirmed.
struct ItemInstance {
    states: Vec<(PaperState, Option<Miss>)>,
    confirmed: u64,
    proof_maps: u64,
}

fn item_instance(e: &mut Engines, ctx: &Context, item: Item, n: usize, iso: usize) -> Result<ItemInstance, CheckError> {
    let mut out = ItemInstance { states: Vec::new(), confirmed: 0, proof_maps: 0 };
    let spider = SpiderState::new(&(item.legs)(n));
    let target = (item.target)(n)?;
    for (k, x) in [spider.build()?, spider.flip().build()?].into_iter().enumerate() {
        let claimed = (item.value)(n);
        let (gx, gy) = (e.grundy(&x)?, e.grundy(&target)?);
        let mut miss = None;
        if i64::from(gx) != claimed || gx != gy {
            miss = Some(Miss::new(
                format!("Grundy value {gx}, and {gy} for {}", target.name),
                format!("{} = {claimed} for both", item.formula),
            ));
        }
        if miss.is_none() && x.unmarked() <= iso {
            if let Some(why) = confirm_isomorphism(&x, &target, &ctx.control())? {
                miss = Some(Miss::new(why, format!("{} ≅ {}", x.name, target.name)));
            } else {
                out.confirmed += 1;
            }
            if k == 0 && item.proof != ProofMap::Search {
                out.proof_maps += 1;
                if let Some(why) = confirm_proof_map(item.proof, &x, &target, n)? {
                    miss = Some(Miss::new(why, "the proof's isomorphism"));
                }
            }
        }
        out.states.push((x, miss));
    }
    Ok(out)
}
