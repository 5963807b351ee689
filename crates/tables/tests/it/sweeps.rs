//! Sweeps: every value agrees with the brute-force engine, shards merge
//! into the single run, the thread count changes nothing, and tables read
//! back as written.

use arrows_core::{Decoration, Position, Variant};
use arrows_solve::BruteForce;
use arrows_tables::family::graph_of;
use arrows_tables::format::{self, Format, Layout};
use arrows_tables::{Family, MergeError, Shard, Span, Spec, SweepOptions, Table, merge, sweep};
use arrows_work::{Budget, Control};

const BUDGET: u64 = 2 << 30;

fn span(lo: usize, hi: usize) -> Span {
    Span::new(lo, hi).unwrap()
}

fn run(spec: Spec, variant: Variant, shard: Shard, threads: Option<usize>) -> Table {
    let family = Family::new(spec).unwrap();
    sweep(&family, &SweepOptions { shard, threads, ..SweepOptions::new(variant) }, &Control::new(Budget::bytes(BUDGET)))
        .unwrap()
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
                Shard::all(count).map(|shard| run(spec.clone(), Variant::Trimmed, shard, None)).collect();
            assert_eq!(parts.iter().map(|p| p.rows.len()).sum::<usize>(), whole.rows.len());
            parts.reverse();
            assert_eq!(merge(parts).unwrap(), whole, "{spec:?} in {count} shards");
        }
    }
}

#[test]
fn merge_refuses_incomplete_or_mixed_shards() {
    let spec = Spec::Spider { legs: vec![span(0, 4); 3] };
    let part = |residue, modulus, variant| run(spec.clone(), variant, Shard { residue, modulus }, None);
    let e = merge(vec![part(0, 3, Variant::Trimmed), part(2, 3, Variant::Trimmed)]).unwrap_err();
    assert_eq!(e, MergeError::Missing { shard: Shard { residue: 1, modulus: 3 } });
    assert!(e.to_string().contains("shard 1/3 is missing"), "{e}");
    let e = merge(vec![part(0, 2, Variant::Trimmed), part(0, 2, Variant::Trimmed)]).unwrap_err();
    assert_eq!(e, MergeError::Twice { shard: Shard { residue: 0, modulus: 2 }, earlier: 1, part: 2 });
    let e = merge(vec![part(0, 2, Variant::Trimmed), part(1, 2, Variant::Untrimmed)]).unwrap_err();
    assert!(matches!(e, MergeError::OtherSweep { part: 2, .. }), "{e}");
    let e = merge(vec![part(0, 2, Variant::Trimmed), part(1, 3, Variant::Trimmed)]).unwrap_err();
    assert!(matches!(e, MergeError::OtherSplit { part: 2, .. }), "{e}");
    let mut cut = part(1, 2, Variant::Trimmed);
    cut.rows.pop();
    let e = merge(vec![part(0, 2, Variant::Trimmed), cut]).unwrap_err();
    assert!(matches!(e, MergeError::WrongRows { part: 2, rows, expected, .. } if rows + 1 == expected), "{e}");
    assert!(e.to_string().contains("incomplete"), "{e}");
    let mut csv = part(0, 1, Variant::Trimmed);
    csv.spec = None;
    assert_eq!(merge(vec![csv]).unwrap_err(), MergeError::NoSweep { part: 1 });
    assert_eq!(merge(Vec::new()).unwrap_err(), MergeError::Nothing);
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
        let table = run(spec.clone(), Variant::Untrimmed, Shard { residue: 1, modulus: 3 }, None);
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

#[test]
fn families_without_a_graph_are_refused() {
    use arrows_tables::SpecError;
    for spec in [
        Spec::Spider { legs: vec![span(0, 0); 3] },
        Spec::Spider { legs: vec![span(0, 0); 1] },
        Spec::Broom { handle: span(0, 0), bristles: span(0, 0) },
        Spec::Caterpillar { spine: span(1, 4), leaves: span(0, 0) },
    ] {
        let e = Family::new(spec.clone()).unwrap_err();
        assert_eq!(e, SpecError::Empty { spec: spec.clone() });
        assert!(e.to_string().starts_with("the sweep holds no graph: "), "{e}");
    }
    assert_eq!(Family::new(Spec::Spider { legs: Vec::new() }).unwrap_err(), SpecError::NoLegs);
    assert!(matches!(
        Family::new(Spec::Path { edges: span(0, 5) }).unwrap_err(),
        SpecError::StartsAtZero { parameter: "edges", .. }
    ));
    assert!(matches!(
        Family::graphs(Vec::new()).unwrap_err(),
        SpecError::Family(arrows_core::FamilyError::NoMembers { .. })
    ));
    // One real graph is enough: broom(0, 1) is P_1, S(0,0,1) too.
    assert_eq!(Family::new(Spec::Broom { handle: span(0, 0), bristles: span(0, 1) }).unwrap().count(), 1);
    assert_eq!(Family::new(Spec::Spider { legs: vec![span(0, 0), span(0, 0), span(1, 1)] }).unwrap().count(), 1);
}

#[test]
fn a_shard_without_a_graph_is_refused() {
    // S(0,0,1), S(0,1,1), S(1,1,1): shard 3/5 owns none of the three.
    let family = Family::new(Spec::Spider { legs: vec![span(0, 1); 3] }).unwrap();
    let options = SweepOptions { shard: Shard { residue: 3, modulus: 5 }, ..SweepOptions::new(Variant::Trimmed) };
    let e = sweep(&family, &options, &Control::new(Budget::bytes(BUDGET))).unwrap_err();
    assert!(matches!(e, arrows_tables::SweepError::EmptyShard { total: 3, .. }), "{e}");
}

#[test]
fn a_refused_seed_names_the_largest_graph() {
    // 100 legs up to 2: the sweep solves S(2,...,2) first, far past a 64 MiB budget.
    let family = Family::new(Spec::Spider { legs: vec![span(0, 2); 100] }).unwrap();
    let options = SweepOptions { shard: Shard::WHOLE, threads: Some(1), ..SweepOptions::new(Variant::Trimmed) };
    let e = sweep(&family, &options, &Control::new(Budget::bytes(64 << 20))).unwrap_err();
    let arrows_tables::SweepError::Seed { graph, .. } = &e else { panic!("{e}") };
    assert_eq!(*graph, format!("S({})", vec!["2"; 100].join(",")));
    assert!(e.to_string().starts_with(&format!("at {graph}, the largest graph of the sweep")), "{e}");
}

/// Counts what a sweep reports.
#[derive(Default)]
struct Tally {
    total: std::sync::atomic::AtomicU64,
    done: std::sync::atomic::AtomicU64,
}

impl arrows_work::Progress for Tally {
    fn set_total(&self, total: u64) {
        self.total.store(total, std::sync::atomic::Ordering::Relaxed);
    }
    fn advance(&self, units: u64) {
        self.done.fetch_add(units, std::sync::atomic::Ordering::Relaxed);
    }
}

#[test]
fn progress_counts_the_shards_rows_and_cancel_stops_the_sweep() {
    use std::sync::atomic::Ordering::Relaxed;
    let family = Family::new(Spec::Spider { legs: vec![span(0, 14); 3] }).unwrap();
    let options = SweepOptions { shard: Shard { residue: 1, modulus: 3 }, ..SweepOptions::new(Variant::Trimmed) };
    let tally = std::sync::Arc::new(Tally::default());
    let control = Control::new(Budget::bytes(BUDGET)).with_progress(tally.clone());
    let t = sweep(&family, &options, &control).unwrap();
    assert_eq!(tally.total.load(Relaxed), t.rows.len() as u64);
    assert_eq!(tally.done.load(Relaxed), t.rows.len() as u64);
    control.cancel.cancel();
    let e = sweep(&family, &options, &control).unwrap_err();
    assert!(matches!(e, arrows_tables::SweepError::Cancelled(_)), "{e}");
}

#[test]
fn a_json_table_carries_a_checksum_that_edits_break() {
    use arrows_tables::format::ReadError;
    let table =
        run(Spec::Spider { legs: vec![span(0, 5); 3] }, Variant::Trimmed, Shard { residue: 0, modulus: 2 }, None);
    let mut json = Vec::new();
    format::write(&table, Format::Json, &Layout::default(), &mut json).unwrap();
    let json = String::from_utf8(json).unwrap();
    assert!(json.contains(&format!("\"checksum\":\"{}\"", arrows_tables::checksum::of(&table))));
    assert_eq!(format::read_shard(json.as_bytes()).unwrap(), table);
    // One value changed: the table no longer matches its checksum.
    let row = json.lines().find(|l| l.contains("\"grundy\":0")).unwrap();
    let edited = json.replacen(row, &row.replace("\"grundy\":0", "\"grundy\":1"), 1);
    assert!(matches!(format::read_shard(edited.as_bytes()), Err(ReadError::Checksum { .. })));
    assert!(matches!(format::read(&edited), Err(ReadError::Checksum { .. })));
    // The family's ranges changed: refused too.
    let edited = json.replacen("\"0..5\"", "\"0..6\"", 1);
    assert!(matches!(format::read_shard(edited.as_bytes()), Err(ReadError::Checksum { .. })));
    // A shard must carry its checksum, and be JSON.
    let stripped = json.replacen(&format!("\"checksum\":\"{}\",", arrows_tables::checksum::of(&table)), "", 1);
    assert!(!stripped.contains("checksum"));
    assert_eq!(format::read_shard(stripped.as_bytes()), Err(ReadError::NoChecksum));
    assert_eq!(format::read(&stripped).unwrap(), table);
    assert_eq!(format::read_shard(b"a,b,c,grundy\n0,0,1,1\n"), Err(ReadError::NotJson));
}

#[test]
fn unreadable_tables_are_refused_with_the_line() {
    use arrows_tables::format::{CsvProblem, ReadError};
    assert_eq!(format::read_bytes(b"a,b,c,grundy\n0,0,1,1\n0,\xff,2,0\n"), Err(ReadError::NotUtf8 { line: 3 }));
    assert_eq!(format::read(""), Err(ReadError::Empty));
    assert_eq!(
        format::read("a,b,c,grundy\n0,0,1,1\n0,1,x,0\n"),
        Err(ReadError::Csv { line: 3, problem: CsvProblem::Number { text: "x".into() } })
    );
    assert!(matches!(
        format::read("{\"format\": \"arrows-table\",\n  \"rows\": [}"),
        Err(ReadError::Json { line: 2, .. })
    ));
    assert_eq!(format::read("{\"rows\": []}"), Err(ReadError::NotATable));
}

#[test]
fn column_names_survive_csv() {
    // Found by fuzzing (fuzz/corpus/table): a column name with a comma, read
    // from a quoted CSV header or from JSON, was written back unquoted.
    use arrows_tables::format::{Format, Layout, ReadError};
    let table = format::read("\"x,y\",z,grundy\n1,2,0\n").unwrap();
    assert_eq!(table.columns, ["x,y", "z"]);
    let mut out = Vec::new();
    format::write(&table, Format::Csv, &Layout::default(), &mut out).unwrap();
    assert_eq!(String::from_utf8(out).unwrap(), "\"x,y\",z,grundy\n1,2,0\n");
    // A first column opening with a brace is quoted, or the CSV would read as JSON.
    let table = format::read("\"{x\",grundy\n1,0\n").unwrap();
    let mut out = Vec::new();
    format::write(&table, Format::Csv, &Layout::default(), &mut out).unwrap();
    assert_eq!(format::read(std::str::from_utf8(&out).unwrap()), Ok(table));
    // A name over two lines cannot be written as a CSV header: refused.
    let json = r#"{"format":"arrows-table","family":null,"variant":null,"shard":"1/1","total":0,"columns":["a\nb","grundy"],"rows":[]}"#;
    assert!(matches!(format::read(json), Err(ReadError::Field { field: "columns", .. })));
}

#[test]
fn key_columns_have_their_own_names() {
    // Found by fuzzing (fuzz/corpus/table): a CSV table with two columns of
    // one name was written as JSON rows whose second field replaced the first.
    use arrows_tables::format::{CsvProblem, ReadError};
    for (header, name) in [("x,x,grundy", "x"), ("index,grundy", "index"), ("a,grundy,grundy", "grundy")] {
        assert_eq!(
            format::read(&format!("{header}\n1,2,0\n")),
            Err(ReadError::Csv { line: 1, problem: CsvProblem::Column { name: name.into() } }),
            "{header}"
        );
    }
    let json = r#"{"format":"arrows-table","family":null,"variant":null,"shard":"1/1","total":0,"columns":["n","n","grundy"],"rows":[]}"#;
    assert!(matches!(format::read(json), Err(ReadError::Field { field: "columns", .. })));
}

#[test]
fn json_error_columns_count_characters() {
    // Found by fuzzing (fuzz/corpus/table_merge): serde_json counts bytes,
    // so the column of an error after a non-ASCII character lay past the line.
    use arrows_tables::format::ReadError;
    let Err(ReadError::Json { line, column, .. }) = format::read("{\"é\u{FFFD}\": x}") else { panic!("not JSON") };
    assert_eq!((line, column), (1, 8), "the x is the eighth character");
    let Err(ReadError::Json { line, column, .. }) = format::read("{\"\u{FFFD}") else { panic!("not JSON") };
    assert_eq!((line, column), (1, 3));
}

#[test]
fn library_errors_name_no_command_line_flag() {
    let family = Family::new(Spec::Spider { legs: vec![span(0, 3); 3] }).unwrap();
    let options = SweepOptions { shard: Shard::WHOLE, threads: None, ..SweepOptions::new(Variant::Trimmed) };
    let table = sweep(&family, &options, &Control::new(Budget::bytes(BUDGET))).unwrap();
    let mut messages: Vec<String> = vec![
        Family::new(Spec::Spider { legs: Vec::new() }).unwrap_err().to_string(),
        Family::new(Spec::Spider { legs: vec![span(0, 0); 3] }).unwrap_err().to_string(),
        Family::new(Spec::Spider { legs: vec![span(0, 60); 12] }).unwrap_err().to_string(),
        Family::new(Spec::Path { edges: span(0, 3) }).unwrap_err().to_string(),
        Family::new(Spec::Star { leaves: span(0, 3) }).unwrap_err().to_string(),
        Family::new(Spec::Trees { edges: span(0, 3) }).unwrap_err().to_string(),
        Family::new(Spec::Caterpillar { spine: span(0, 3), leaves: span(0, 2) }).unwrap_err().to_string(),
        Family::graphs(Vec::new()).unwrap_err().to_string(),
        "5..2".parse::<Span>().unwrap_err().to_string(),
        "3/2".parse::<Shard>().unwrap_err().to_string(),
        "x".parse::<Shard>().unwrap_err().to_string(),
        "pdf".parse::<Format>().unwrap_err().to_string(),
        merge(Vec::new()).unwrap_err().to_string(),
        format::read_shard(b"a,grundy\n1,0\n").unwrap_err().to_string(),
    ];
    for layout in [
        Layout { grid: true, fix: None },
        Layout { grid: false, fix: Some(vec![1]) },
        Layout { grid: true, fix: Some(vec![1, 2]) },
        Layout { grid: true, fix: Some(vec![9]) },
    ] {
        for f in [Format::Csv, Format::Text, Format::Svg] {
            if let Err(e) = format::write(&table, f, &layout, &mut Vec::new()) {
                messages.push(e.to_string());
            }
        }
    }
    assert!(messages.len() >= 20, "{messages:?}");
    for m in messages {
        assert!(!m.contains("--"), "{m}");
    }
}

#[test]
fn a_json_shard_of_version_0_1_0_is_read_with_its_old_meaning() {
    // arrows 0.1.0 wrote part I/N as the string "I/N", meaning residue I-1,
    // and checksummed the text with `arrows-table 1` and that string.
    let table =
        run(Spec::Spider { legs: vec![span(0, 5); 3] }, Variant::Trimmed, Shard { residue: 1, modulus: 2 }, None);
    let mut json = Vec::new();
    format::write(&table, Format::Json, &Layout::default(), &mut json).unwrap();
    let json = String::from_utf8(json).unwrap();
    assert!(json.contains("\"shard\":{\"modulus\":2,\"residue\":1}"), "{json}");
    let old = json.replacen("\"shard\":{\"modulus\":2,\"residue\":1}", "\"shard\":\"2/2\"", 1).replacen(
        &arrows_tables::checksum::of(&table).to_string(),
        &arrows_tables::checksum::of_version_1(&table).to_string(),
        1,
    );
    assert_eq!(format::read_shard(old.as_bytes()).unwrap(), table);
    // Its rows are residue 1: read as the new "2/2" (residue 0) they would not fit.
    assert!(table.rows.iter().all(|r| r.position % 2 == 1));
    // The old spelling with the new checksum, or a part 0, is refused.
    let mixed = json.replacen("\"shard\":{\"modulus\":2,\"residue\":1}", "\"shard\":\"2/2\"", 1);
    assert!(matches!(format::read_shard(mixed.as_bytes()), Err(format::ReadError::Checksum { .. })));
    let zero = old.replacen("\"shard\":\"2/2\"", "\"shard\":\"0/2\"", 1);
    assert!(matches!(format::read_shard(zero.as_bytes()), Err(format::ReadError::Field { field: "shard", .. })));
}
