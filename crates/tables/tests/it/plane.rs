//! Sweeps of the plane families (wheels, fans, theta graphs, grids,
//! ladders, prisms): every value agrees with the explicit engine (the
//! loopy solver's gamma on the game graph) in the Game of Cycles under
//! normal and misère play and in the two games of arrows; misère shards
//! merge and are kept apart from normal ones; tables read back as written.

use arrows_core::{Decoration, Play, Position, Variant};
use arrows_solve::Engine;
use arrows_tables::family::graph_of;
use arrows_tables::format::{self, Format, Layout};
use arrows_tables::plane::Plane;
use arrows_tables::{Family, MergeError, Shard, Span, Spec, SweepOptions, Table, merge, sweep};
use arrows_work::{Budget, Control};

fn span(lo: usize, hi: usize) -> Span {
    Span::new(lo, hi).unwrap()
}

fn control() -> Control {
    Control::new(Budget::bytes(2 << 30))
}

/// Small sweeps of every plane family, each board at most 12 edges (the
/// explicit engine builds the whole game graph).
fn small_specs() -> Vec<Spec> {
    let plane = |plane, ranges| Spec::Plane { plane, ranges };
    vec![
        plane(Plane::Wheel, vec![span(3, 5)]),
        plane(Plane::Fan, vec![span(2, 5)]),
        plane(Plane::Theta, vec![span(1, 4); 3]),
        plane(Plane::Grid, vec![span(2, 2), span(2, 4)]),
        plane(Plane::Ladder, vec![span(2, 3)]),
        plane(Plane::Prism, vec![span(3, 3)]),
    ]
}

fn run(spec: &Spec, variant: Variant, play: Play, shard: Shard) -> Table {
    let family = Family::new(spec.clone()).unwrap();
    let options = SweepOptions { play, shard, ..SweepOptions::new(variant) };
    sweep(&family, &options, &control()).unwrap()
}

#[test]
fn every_value_agrees_with_the_explicit_engine() {
    let rules = [
        (Variant::Cycles, Play::Normal),
        (Variant::Cycles, Play::Misere),
        (Variant::Untrimmed, Play::Normal),
        (Variant::Trimmed, Play::Misere),
    ];
    for spec in small_specs() {
        for (variant, play) in rules {
            let table = run(&spec, variant, play, Shard::WHOLE);
            assert!(!table.rows.is_empty(), "{spec:?}");
            assert_eq!((table.variant, table.play), (Some(variant), play));
            for row in &table.rows {
                let g = graph_of(&row.key, &table.columns, table.spec.as_ref()).unwrap();
                assert!(g.is_plane(), "{}", row.key);
                let empty = Decoration::empty(g.edge_count());
                let position = Position::new(&g, variant, &empty).with_play(play);
                let explicit = arrows_solve::analyze(position, Engine::Explicit, &control()).unwrap();
                assert_eq!(Some(row.grundy), explicit.grundy, "{variant:?} {play:?} {}", spec.name(&row.key));
            }
        }
    }
}

#[test]
fn misere_play_is_computed_by_brute_force_and_recorded() {
    let spec = Spec::Plane { plane: Plane::Wheel, ranges: vec![span(3, 4)] };
    let table = run(&spec, Variant::Cycles, Play::Misere, Shard::WHOLE);
    assert_eq!(table.engine, Engine::Brute);
    let mut text = Vec::new();
    format::write(&table, Format::Json, &Layout::default(), &mut text).unwrap();
    let text = String::from_utf8(text).unwrap();
    assert!(text.contains(r#""play":"misere""#), "{text}");
    let back = format::read(&text).unwrap();
    assert_eq!(back.play, Play::Misere);
    assert_eq!(back.rows, table.rows);
}

#[test]
fn misere_shards_merge_and_never_join_normal_ones() {
    let spec = Spec::Plane { plane: Plane::Theta, ranges: vec![span(1, 4); 3] };
    let whole = run(&spec, Variant::Cycles, Play::Misere, Shard::WHOLE);
    let parts: Vec<Table> =
        (0..3).map(|r| run(&spec, Variant::Cycles, Play::Misere, Shard { residue: r, modulus: 3 })).collect();
    let merged = merge(parts.clone()).unwrap();
    assert_eq!(merged.rows, whole.rows);
    assert_eq!(merged.play, Play::Misere);
    let mut mixed = parts;
    mixed[1] = run(&spec, Variant::Cycles, Play::Normal, Shard { residue: 1, modulus: 3 });
    assert!(matches!(merge(mixed), Err(MergeError::OtherSweep { part: 2, .. })));
}

#[test]
fn ranges_below_a_family_start_are_refused_with_the_least_value() {
    let e = Family::new(Spec::Plane { plane: Plane::Wheel, ranges: vec![span(2, 5)] }).unwrap_err();
    assert!(e.to_string().contains("at least 3"), "{e}");
    let e = Family::new(Spec::Plane { plane: Plane::Theta, ranges: vec![span(1, 1); 3] }).unwrap_err();
    assert!(e.to_string().contains("holds no graph"), "{e}");
}
