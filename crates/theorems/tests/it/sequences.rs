//! Every sequence of a system, not only the one a family reads, against
//! the canonical engine on the position it stands for, on small members.
//!
//! A family's sequence `x[σ, e](m)` is the fixed part in state `σ` (its
//! unmarked edges and what each vertex needs) with a leg of `m` edges whose
//! far end needs `e`. The states are found here from the rules of the game
//! as the system's construction finds them (the fixed part's moves from its
//! start, one state per flip class, fewer edges first), each sequence's
//! position is written out as a labelled graph, and the canonical engine,
//! computing every class from its followers (no closed form of Section 5),
//! values it. The path system's nine sequences are checked the same way.

use arrows_solve::canonical::component::pieces;
use arrows_solve::canonical::{CanonicalEngine, Grundy, Need};
use arrows_theorems::Family;
use arrows_theorems::fixed::{Fixed, Piece};
use arrows_theorems::paths::path_system;
use arrows_theorems::system::{System, Values};
use arrows_work::{Budget, Control};
use std::collections::HashMap;

/// The value of the labelled graph, from the engine.
fn engine_value(engine: &mut CanonicalEngine<Grundy>, labels: &[Need], edges: &[(u32, u32)]) -> u32 {
    let control = Control::new(Budget::bytes(1 << 32));
    pieces(labels, edges).iter().map(|c| engine.component_value(c, &control).unwrap()).fold(0, |a, b| a ^ b)
}

/// `labels` and `edges` (a fixed part) with a leg of `m` edges from
/// `attach`, inner vertices needing both arrows, the far one `far`.
fn with_leg(labels: &[Need], edges: &[(u32, u32)], attach: u32, m: u32, far: Need) -> (Vec<Need>, Vec<(u32, u32)>) {
    let (mut labels, mut edges) = (labels.to_vec(), edges.to_vec());
    let mut prev = attach;
    for i in 1..=m {
        let v = labels.len() as u32;
        labels.push(if i == m { far } else { Need::Both });
        edges.push((prev, v));
        prev = v;
    }
    (labels, edges)
}

/// The fixed part's states in the order of the system's sequences, each
/// with the ends of the leg (the sequence `rank * ends + slot` is state
/// `rank` with end `slot`).
fn states(f: &Fixed, labels: &[Need], far: Need) -> (Vec<Piece>, Vec<Need>) {
    let mut states: Vec<Piece> = Vec::new();
    let mut index: HashMap<Piece, usize> = HashMap::new();
    let mut settle = |q: Piece, states: &mut Vec<Piece>| {
        let comp = f.attach_component(q);
        if Fixed::label(q, f.attach()) == Need::Free || comp == 0 {
            return;
        }
        let s = f.restrict(q, comp, true);
        let rep = s.min(Fixed::flip(s));
        index.entry(rep).or_insert_with(|| {
            states.push(rep);
            states.len() - 1
        });
    };
    settle(f.normalize(f.whole(labels), true), &mut states);
    let mut done = 0;
    while done < states.len() {
        let s = states[done];
        let mut rest = s.mask;
        while rest != 0 {
            let e = rest.trailing_zeros() as usize;
            rest &= rest - 1;
            for forward in [true, false] {
                if f.legal(s, e, forward, true) {
                    settle(f.normalize(f.play(s, e, forward), true), &mut states);
                }
            }
        }
        done += 1;
    }
    let mut order: Vec<usize> = (0..states.len()).collect();
    order.sort_by_key(|&s| (states[s].mask.count_ones(), s));
    let mut ends = vec![far];
    for e in [Need::In, Need::Out] {
        if !ends.contains(&e) {
            ends.push(e);
        }
    }
    (order.into_iter().map(|s| states[s]).collect(), ends)
}

/// Every sequence of the spider's system against the engine for `1 <= m <= top`.
fn spider(legs: &[usize], trimmed: bool, top: u32) -> usize {
    let params: Vec<String> = legs.iter().map(|l| l.to_string()).chain(["n".to_string()]).collect();
    let variant = if trimmed { arrows_core::Variant::Trimmed } else { arrows_core::Variant::Untrimmed };
    let family = Family::parse("spider", &params, variant).unwrap().remove(0);
    let built = family.build().unwrap();
    // The fixed part as the family's construction lays it out: the hub 0,
    // each leg a path out of it, its leaf free in the Trimmed Game.
    let mut labels = vec![Need::Both];
    let mut edges: Vec<(u32, u32)> = Vec::new();
    for &len in legs.iter().filter(|&&l| l > 0) {
        let mut prev = 0;
        for i in 1..=len {
            let v = labels.len() as u32;
            edges.push((prev, v));
            labels.push(if i == len && trimmed { Need::Free } else { Need::Both });
            prev = v;
        }
    }
    if trimmed && legs.iter().filter(|&&l| l > 0).count() < 1 {
        labels[0] = Need::Free;
    }
    let pairs: Vec<(usize, usize)> = edges.iter().map(|&(u, w)| (u as usize, w as usize)).collect();
    let f = Fixed::new(labels.len(), &pairs, 0).unwrap();
    let (order, ends) = states(&f, &labels, Need::Free);
    let system: &System = &built.system;
    assert_eq!(system.len(), order.len() * ends.len(), "S({legs:?}, n): the states and ends of the system");
    let mut values = Values::new(system);
    values.extend(system, top + 1);
    let mut engine = CanonicalEngine::<Grundy>::without_closed_forms();
    for (i, (state, end)) in order.iter().flat_map(|s| ends.iter().map(move |e| (s, e))).enumerate() {
        // The state's unmarked edges with what their ends need.
        let kept: Vec<(u32, u32)> =
            edges.iter().enumerate().filter(|(e, _)| state.mask >> e & 1 == 1).map(|(_, &uw)| uw).collect();
        let state_labels: Vec<Need> = (0..labels.len()).map(|v| Fixed::label(*state, v)).collect();
        for m in 1..=top {
            let (l, e) = with_leg(&state_labels, &kept, 0, m, *end);
            let want = engine_value(&mut engine, &l, &e);
            assert_eq!(values.row(i)[m as usize], want, "S({legs:?}, n), sequence {i} ({end:?} end) at m = {m}");
        }
    }
    system.len()
}

#[test]
fn every_sequence_of_a_spider_system_is_its_position() {
    let mut sequences = 0;
    for trimmed in [true, false] {
        for legs in [&[1, 1][..], &[2, 3], &[1, 2, 2], &[2, 2, 3], &[3, 4]] {
            sequences += spider(legs, trimmed, 9);
        }
    }
    assert!(sequences > 100, "{sequences} sequences checked");
}

#[test]
fn every_sequence_of_the_path_system_is_its_path() {
    let ends = [Need::Free, Need::In, Need::Out];
    let mut engine = CanonicalEngine::<Grundy>::without_closed_forms();
    for near in ends {
        for far in ends {
            let (system, target) = path_system(near, far);
            let mut values = Values::new(&system);
            values.extend(&system, 16);
            for m in 1..16 {
                let (l, e) = with_leg(&[near], &[], 0, m, far);
                let want = engine_value(&mut engine, &l, &e);
                assert_eq!(values.row(target)[m as usize], want, "{near:?} {far:?} at m = {m}");
            }
        }
    }
}
