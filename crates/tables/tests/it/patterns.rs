//! The pattern detectors: they find what a table was built to contain, and
//! state what a computed table shows with honest counts.

use arrows_core::Variant;
use arrows_tables::patterns::period::{Periodicity, periodicity};
use arrows_tables::patterns::{Topic, analyze};
use arrows_tables::{Family, Key, Row, Shard, Span, Spec, SweepOptions, Table, sweep};
use arrows_work::{Budget, Control};

/// A spider table whose values come from `f` instead of an engine, to test
/// the detectors on a known pattern.
fn synthetic(k: usize, hi: usize, f: impl Fn(&[usize]) -> u32) -> Table {
    let spec = Spec::Spider { legs: vec![Span::new(0, hi).unwrap(); k] };
    let family = Family::new(spec.clone()).unwrap();
    let mut rows = Vec::new();
    family.for_each_key(|key| {
        let Key::Numbers(v) = &key else { unreachable!() };
        let grundy = f(v);
        rows.push(Row { position: rows.len(), key, grundy });
    });
    Table {
        spec: Some(spec.clone()),
        variant: Some(Variant::Trimmed),
        play: Default::default(),
        engine: arrows_solve::Engine::Canonical,
        shard: Shard::WHOLE,
        total: rows.len(),
        columns: spec.columns(),
        rows,
    }
}

#[test]
fn a_nim_sum_of_shifted_legs_is_found_with_its_shift_and_offset() {
    // Theorem 8.2's shape, planted for legs >= 2; other values for shorter legs.
    let t =
        synthetic(
            3,
            12,
            |v| {
                if v.iter().all(|&x| x >= 2) { 2 + ((v[0] - 2) ^ (v[1] - 2) ^ (v[2] - 2)) as u32 } else { 0 }
            },
        );
    let report = analyze(&t);
    let h = report.hypotheses.iter().find(|h| h.topic == Topic::ClosedForm).expect("a closed form");
    assert!(h.statement.contains("G = 2 + ((a-2) xor (b-2) xor (c-2))"), "{}", h.statement);
    assert_eq!((h.checked, h.exception_count()), (h.checked, 0));
    assert_eq!(h.checked, t.rows.iter().filter(|r| matches!(&r.key, Key::Numbers(v) if v[0] >= 2)).count());
}

#[test]
fn a_broken_formula_is_reported_with_its_exceptions() {
    let t = synthetic(3, 10, |v| {
        let x = (v[0] ^ v[1] ^ v[2]) as u32;
        if v == [3, 5, 7] { x + 1 } else { x }
    });
    let report = analyze(&t);
    let h = report.hypotheses.iter().find(|h| h.topic == Topic::ClosedForm).expect("a closed form");
    assert!(h.statement.contains("G = (a xor b xor c)"), "{}", h.statement);
    assert_eq!(h.exception_count(), 1);
    assert!(h.exceptions[0].starts_with("S(3,5,7) = 2"), "{:?}", h.exceptions);
}

#[test]
fn no_closed_form_is_claimed_where_there_is_none() {
    let t = synthetic(3, 10, |v| ((v[0] * 7 + v[1] * v[2] * 3) % 5) as u32);
    let report = analyze(&t);
    assert!(report.hypotheses.iter().all(|h| h.topic != Topic::ClosedForm));
    assert!(report.notes.iter().any(|n| n.starts_with("closed forms: no formula")), "{:?}", report.notes);
}

#[test]
fn periods_preperiods_and_saltus() {
    let seq: Vec<i64> = [5, 9, 7].into_iter().chain((0..30).map(|i| i % 3)).collect();
    assert_eq!(periodicity(&seq, 0), Some(Periodicity { period: 3, saltus: 0, from: 3 }));
    let seq: Vec<i64> = (0..20).map(|i| i / 2 * 4 + i % 2).collect();
    assert_eq!(periodicity(&seq, 10), Some(Periodicity { period: 2, saltus: 4, from: 10 }));
    // Too short a periodic part is not called a period.
    let seq: Vec<i64> = (0..20).map(|i| if i < 14 { i * i } else { i % 2 }).collect();
    assert_eq!(periodicity(&seq, 0), None);
}

#[test]
fn equal_legs_that_cancel_are_seen_and_a_failure_is_reported() {
    // The value of a nim-sum cancels equal legs.
    let t = synthetic(3, 9, |v| (v[0] ^ v[1] ^ v[2]) as u32);
    let h = analyze(&t).hypotheses.into_iter().find(|h| h.topic == Topic::EqualLegs).expect("equal legs");
    assert!(h.statement.starts_with("Two equal legs cancel"), "{}", h.statement);
    // A sum does not: no threshold works, and a note says so.
    let t = synthetic(3, 9, |v| (v[0] + v[1] + v[2]) as u32);
    let report = analyze(&t);
    assert!(report.hypotheses.iter().all(|h| h.topic != Topic::EqualLegs));
    assert!(report.notes.iter().any(|n| n.starts_with("equal legs:")), "{:?}", report.notes);
}

#[test]
fn theorem_12_1_appears_as_a_parity_pattern_of_the_computed_table() {
    // Theorem 12.1: trimmed spiders with even legs have value 0. The detector
    // must see it in a table the engine computed, without exception.
    let family = Family::new(Spec::Spider { legs: vec![Span::new(0, 14).unwrap(); 3] }).unwrap();
    let options = SweepOptions { shard: Shard::WHOLE, threads: None, ..SweepOptions::new(Variant::Trimmed) };
    let control = Control::new(Budget::bytes(1 << 30));
    let t = sweep(&family, &options, &control).unwrap();
    let report = analyze(&t);
    let h = report
        .hypotheses
        .iter()
        .find(|h| h.topic == Topic::Parity && h.statement.starts_with("When every leg is even"))
        .expect("the even class");
    assert!(h.statement.ends_with("G = 0."), "{}", h.statement);
    assert_eq!(h.exception_count(), 0);
    assert_eq!(
        h.checked,
        t.rows.iter().filter(|r| matches!(&r.key, Key::Numbers(v) if v.iter().all(|x| x % 2 == 0))).count()
    );
    // The corollary of Section 12 in the Game of Arrows: odd legs, value 0.
    let options = SweepOptions { variant: Variant::Untrimmed, ..options };
    let t = sweep(&family, &options, &control).unwrap();
    let h = analyze(&t)
        .hypotheses
        .into_iter()
        .find(|h| h.topic == Topic::Parity && h.statement.starts_with("When every leg is odd"))
        .expect("the odd class");
    assert!(h.statement.ends_with("G = 0.") && h.exception_count() == 0, "{h:?}");
}

#[test]
fn the_counts_of_a_report_add_up() {
    let t = synthetic(4, 6, |v| (v.iter().sum::<usize>() % 3) as u32);
    for h in analyze(&t).hypotheses {
        assert!(h.supported <= h.checked, "{h:?}");
        assert!(h.exceptions.len() <= h.exception_count(), "{h:?}");
    }
}

#[test]
fn graph6_rows_are_named_by_their_shape() {
    use arrows_core::{families, formats};
    let key = |g: &arrows_core::Graph| Key::Graph6(formats::to_graph6(g));
    let graphs = [families::spider(&[3, 1, 2]).unwrap(), families::path(4).unwrap(), families::cycle(5).unwrap()];
    let rows: Vec<Row> = graphs.iter().enumerate().map(|(i, g)| Row { position: i, key: key(g), grundy: 0 }).collect();
    let table = Table {
        spec: None,
        variant: None,
        play: Default::default(),
        engine: arrows_solve::Engine::Canonical,
        shard: Shard::WHOLE,
        total: rows.len(),
        columns: vec!["graph6".into()],
        rows,
    };
    let names: Vec<String> = table.rows.iter().map(|r| arrows_tables::patterns::name(&table, &r.key)).collect();
    assert!(names[0].ends_with(" (S(1,2,3))"), "{names:?}");
    assert!(names[1].ends_with(" (P_4)"), "{names:?}");
    assert!(!names[2].contains('('), "a cycle has no shape name: {names:?}");
}
