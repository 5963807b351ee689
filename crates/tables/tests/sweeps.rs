//! Sweeps: every value agrees with the brute-force engine, shards merge
//! into the single run, the thread count changes nothing, and tables read
//! back as written.

use arrows_core::{Decoration, Position, Variant};
use arrows_solve::BruteForce;
use arrows_tables::family::graph_of;
use arrows_tables::format::{self, Format, Layout};
use arrows_tables::{Family, Shard, Span, Spec, SweepOptions, Table, merge, sweep};

const BUDGET: u64 = 2 << 30;

fn span(lo: usize, hi: usize) -> Span {
    Span::new(lo, hi).unwrap()
}

fn run(spec: Spec, variant: Variant, shard: Shard, threads: Option<usize>) -> Table {
    let family = Family::new(spec).unwrap();
    sweep(&family, &SweepOptions { variant, shard, budget: BUDGET, threads }, &|_, _| {}).unwrap()
}

/// Small sweeps of every family, each graph at most 13 edges.
fn small_specs() -> Vec<Spec> {
    vec![
        Spec::Spider { legs: vec![span(0, 4); 3] },
        Spec::Spider { legs: vec![span(0, 3); 4] },
        Spec::Spider { legs: vec![span(1, 2), span(0, 2), span(0, 9)] },
        Spec::Path { edges: span(1, 13) },
        Spec::Star { leaves: span(1, 9) },
        Spec::Caterpillar { spine: span(1, 4), leaves: span(0, 2) },
        Spec::Broom { handle: span(0, 8), bristles: span(0, 5) },
        Spec::Trees { edges: span(1, 8) },
    ]
}

#[test]
fn every_value_agrees_with_brute_force() {
    for spec in small_specs() {
        for variant in [Variant::Trimmed, Variant::Untrimmed] {
            let table = run(spec.clone(), variant, Shard::WHOLE, None);
            assert!(table.rows.len() >= 9, "{spec:?}");
            for row in &table.rows {
                let g = graph_of(&row.key, &table.columns, table.spec.as_ref()).unwrap();
                let start = Decoration::empty(g.edge_count());
                let brute = BruteForce::new(
                    Position::new(&g, variant, &start),
                    &arrows_work::Control::new(arrows_work::Budget::bytes(BUDGET)),
                )
                .unwrap()
                .start_grundy()
                .unwrap();
                assert_eq!(row.grundy, brute, "{variant:?} {} ({spec:?})", row.key);
            }
        }
    }
}

#[test]
fn shards_merge_into_the_single_run() {
    for spec in small_specs() {
        let whole = run(spec.clone(), Variant::Trimmed, Shard::WHOLE, None);
        for count in [2, 3, 7] {
            let mut parts: Vec<Table> =
                (1..=count).map(|index| run(spec.clone(), Variant::Trimmed, Shard { index, count }, None)).collect();
            assert_eq!(parts.iter().map(|p| p.rows.len()).sum::<usize>(), whole.rows.len());
            parts.reverse();
            assert_eq!(merge(parts).unwrap(), whole, "{spec:?} in {count} shards");
        }
    }
}

#[test]
fn merge_refuses_incomplete_or_mixed_shards() {
    let spec = Spec::Spider { legs: vec![span(0, 4); 3] };
    let part = |index, count, variant| run(spec.clone(), variant, Shard { index, count }, None);
    let e = merge(vec![part(1, 3, Variant::Trimmed), part(3, 3, Variant::Trimmed)]).unwrap_err();
    assert!(e.0.contains("shard 2/3 is missing"), "{e}");
    let e = merge(vec![part(1, 2, Variant::Trimmed), part(1, 2, Variant::Trimmed)]).unwrap_err();
    assert!(e.0.contains("given twice"), "{e}");
    let e = merge(vec![part(1, 2, Variant::Trimmed), part(2, 2, Variant::Untrimmed)]).unwrap_err();
    assert!(e.0.contains("another sweep"), "{e}");
    let e = merge(vec![part(1, 2, Variant::Trimmed), part(2, 3, Variant::Trimmed)]).unwrap_err();
    assert!(e.0.contains("split the sweep the same way"), "{e}");
    let mut cut = part(2, 2, Variant::Trimmed);
    cut.rows.pop();
    let e = merge(vec![part(1, 2, Variant::Trimmed), cut]).unwrap_err();
    assert!(e.0.contains("incomplete"), "{e}");
}

#[test]
fn the_thread_count_changes_nothing() {
    for spec in [Spec::Spider { legs: vec![span(0, 12); 3] }, Spec::Trees { edges: span(1, 9) }] {
        let one = run(spec.clone(), Variant::Untrimmed, Shard::WHOLE, Some(1));
        let two = run(spec.clone(), Variant::Untrimmed, Shard::WHOLE, Some(2));
        let three = run(spec, Variant::Untrimmed, Shard::WHOLE, Some(3));
        assert_eq!(one, two);
        assert_eq!(one, three);
    }
}

#[test]
fn tables_read_back_as_written() {
    for spec in small_specs() {
        let table = run(spec.clone(), Variant::Untrimmed, Shard { index: 2, count: 3 }, None);
        let mut json = Vec::new();
        format::write(&table, Format::Json, &Layout::default(), &mut json).unwrap();
        let back = format::read(std::str::from_utf8(&json).unwrap()).unwrap();
        assert_eq!(back, table, "JSON of {spec:?}");

        let whole = run(spec.clone(), Variant::Trimmed, Shard::WHOLE, None);
        let mut csv = Vec::new();
        format::write(&whole, Format::Csv, &Layout::default(), &mut csv).unwrap();
        let back = format::read(std::str::from_utf8(&csv).unwrap()).unwrap();
        // CSV keeps the columns and rows; the sweep's description is JSON's.
        assert_eq!(
            (back.columns.clone(), back.rows.clone()),
            (whole.columns.clone(), whole.rows.clone()),
            "CSV of {spec:?}"
        );
        assert_eq!((back.spec, back.variant), (None, None));
    }
}

#[test]
fn a_sweep_lists_each_graph_once_in_a_fixed_order() {
    // Spiders: the sorted leg multisets, all-zero left out, C(9+3-1, 3) - 1 of them.
    let t = run(Spec::Spider { legs: vec![span(0, 8); 3] }, Variant::Trimmed, Shard::WHOLE, None);
    assert_eq!(t.rows.len(), 164);
    let keys: Vec<_> = t.rows.iter().map(|r| r.key.clone()).collect();
    let mut sorted = keys.clone();
    sorted.sort();
    sorted.dedup();
    assert_eq!(keys, sorted);
    assert!(t.rows.iter().enumerate().all(|(i, r)| r.position == i));
    // Per-leg ranges: each multiset once, whichever leg it came from.
    let t = run(Spec::Spider { legs: vec![span(0, 2), span(0, 2), span(0, 5)] }, Variant::Trimmed, Shard::WHOLE, None);
    let keys: std::collections::BTreeSet<_> = t.rows.iter().map(|r| r.key.clone()).collect();
    assert_eq!(keys.len(), t.rows.len());
    // Caterpillars: the spine is exactly the internal vertices, so no two are isomorphic.
    let t = run(Spec::Caterpillar { spine: span(1, 5), leaves: span(0, 2) }, Variant::Trimmed, Shard::WHOLE, None);
    let codes: std::collections::BTreeSet<String> =
        t.rows.iter().map(|r| arrows_core::formats::to_graph6(&graph_of(&r.key, &t.columns, None).unwrap())).collect();
    assert_eq!(codes.len(), t.rows.len());
    // Trees: OEIS A000055 for 1..=9 edges.
    let t = run(Spec::Trees { edges: span(1, 9) }, Variant::Trimmed, Shard::WHOLE, None);
    assert_eq!(t.rows.len(), [1, 1, 2, 3, 6, 11, 23, 47, 106].iter().sum::<usize>());
    let codes: std::collections::BTreeSet<_> = t.rows.iter().map(|r| r.key.clone()).collect();
    assert_eq!(codes.len(), t.rows.len());
}
