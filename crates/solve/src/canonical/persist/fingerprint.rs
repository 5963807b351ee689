//! The engine's fingerprint: a hash of the memo a fresh engine builds on a
//! fixed set of positions, so that a memo file written by an engine that
//! keys or values classes otherwise is refused (see [`super`]).

use super::{MeasureId, Persisted, body};
use crate::canonical::engine::CanonicalEngine;
use arrows_core::families::{broom, caterpillar, cycle, spider};
use arrows_core::plane::families::{k4, wheel};
use arrows_core::{Decoration, Graph, Position, Variant};
use arrows_work::{Budget, Control};
use std::sync::OnceLock;
use xxhash_rust::xxh3::xxh3_64;

/// The probes: graphs whose empty states, under the given rule set, reach
/// every memo of the engine and every kind of key.
fn probes() -> Vec<(Graph, Variant)> {
    let ok = "a probe is a valid member of its family";
    let double_broom = |handle: usize| {
        // A handle with two bristles at each end: a tree with two hubs.
        let n = handle + 1;
        let mut edges: Vec<(usize, usize)> = (0..handle).map(|i| (i, i + 1)).collect();
        edges.extend([(0, n), (0, n + 1), (handle, n + 2), (handle, n + 3)]);
        Graph::from_edges(&edges).expect(ok)
    };
    vec![
        // Spider rows keyed by three legs or fewer, and by more.
        (spider(&[3, 2, 2]).expect(ok), Variant::Trimmed),
        (spider(&[2, 1, 1, 1, 1]).expect(ok), Variant::Trimmed),
        (broom(4, 3).expect(ok), Variant::Untrimmed),
        // Small trees of at most 16 vertices, of 17 to 32, and a larger
        // tree (a general class keyed by its AHU code).
        (caterpillar(&[2, 1, 0, 2]).expect(ok), Variant::Trimmed),
        (double_broom(14), Variant::Trimmed),
        (double_broom(31), Variant::Trimmed),
        // A cycle, a graph with cycles, a plane graph with its cells.
        (cycle(7).expect(ok), Variant::Untrimmed),
        (k4().graph, Variant::Trimmed),
        (wheel(4).expect(ok).graph, Variant::Cycles),
    ]
}

/// The fingerprint of the engine of measure `M`: computed once a process.
pub fn fingerprint<M: Persisted>() -> u64 {
    static GRUNDY: OnceLock<u64> = OnceLock::new();
    static PARITY: OnceLock<u64> = OnceLock::new();
    let cell = match M::MEASURE {
        MeasureId::Grundy => &GRUNDY,
        MeasureId::Parity => &PARITY,
    };
    *cell.get_or_init(compute::<M>)
}

fn compute<M: Persisted>() -> u64 {
    let control = Control::new(Budget::bytes(u64::MAX));
    // Paths through the memo too, not only their closed forms.
    let mut engine = CanonicalEngine::<M>::without_closed_forms();
    for (graph, variant) in probes() {
        let empty = Decoration::empty(graph.edge_count());
        engine.state_value(Position::new(&graph, variant, &empty), &control).expect("a probe is solved at once");
    }
    let mut bytes = Vec::new();
    body::write(&engine, &mut bytes).expect("writing to memory does not fail");
    xxh3_64(&bytes)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::canonical::{Grundy, Parity};

    #[test]
    fn the_probes_reach_every_memo() {
        let control = Control::new(Budget::bytes(u64::MAX));
        let mut engine = CanonicalEngine::<Grundy>::without_closed_forms();
        for (graph, variant) in probes() {
            let empty = Decoration::empty(graph.edge_count());
            engine.state_value(Position::new(&graph, variant, &empty), &control).unwrap();
        }
        let (narrow, wide) = engine.memo.small_counts();
        assert!(narrow > 0 && wide > 0, "small trees: {narrow} narrow, {wide} wide");
        let tags: std::collections::BTreeSet<u8> = engine.memo.general_entries().iter().map(|(k, _)| k[0]).collect();
        // Trees, graphs, cycles and components with cells (the tags of their keys).
        assert_eq!(tags.into_iter().collect::<Vec<_>>(), [1, 2, 3, 4]);
        let mut large = false;
        engine.memo.for_each_row(|k, _| large |= matches!(k, crate::canonical::spider::SpiderKey::Large(_)));
        assert!(large, "a spider row with a rest of four legs");
        assert_ne!(fingerprint::<Grundy>(), fingerprint::<Parity>());
        assert_eq!(fingerprint::<Grundy>(), compute::<Grundy>());
    }
}
