//! Replays the committed fuzz corpus (`fuzz/corpus/<target>/`) through the
//! same checks the fuzz targets run, so a plain `cargo test` catches a
//! regression on every input the fuzzer once found interesting, without
//! libFuzzer or a nightly compiler. See fuzz/README.md.

#[path = "../../fuzz/src/checks/mod.rs"]
mod checks;

use std::panic::{AssertUnwindSafe, catch_unwind};
use std::path::Path;

/// Runs one target's check on every file of its corpus folder, and fails
/// naming every file whose check panicked.
fn replay(target: &str, check: checks::Check) -> usize {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("fuzz/corpus").join(target);
    let entries = std::fs::read_dir(&dir).unwrap_or_else(|e| panic!("{}: {e}", dir.display()));
    let mut files: Vec<_> = entries.map(|e| e.expect("a corpus entry").path()).collect();
    files.sort();
    let mut failed = Vec::new();
    for file in &files {
        let data = std::fs::read(file).unwrap_or_else(|e| panic!("{}: {e}", file.display()));
        if catch_unwind(AssertUnwindSafe(|| check(&data))).is_err() {
            failed.push(file.display().to_string());
        }
    }
    assert!(failed.is_empty(), "{target}: the check fails on {failed:?}");
    files.len()
}

#[test]
fn every_target_has_a_corpus_and_passes_it() {
    for &(target, check) in checks::TARGETS {
        let replayed = replay(target, check);
        assert!(replayed > 0, "fuzz/corpus/{target} is empty");
    }
}

#[test]
fn every_target_is_listed() {
    // A target added under fuzz_targets/ must be listed in TARGETS, or its
    // corpus would never be replayed.
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("fuzz/fuzz_targets");
    let mut on_disk: Vec<String> = std::fs::read_dir(dir)
        .expect("fuzz/fuzz_targets")
        .map(|e| e.expect("an entry").path().file_stem().expect("a file name").to_string_lossy().into_owned())
        .collect();
    on_disk.sort();
    let mut listed: Vec<String> = checks::TARGETS.iter().map(|(t, _)| t.to_string()).collect();
    // `certificate` fuzzes arrows-verify, which this crate does not depend
    // on: verify/tests/it/fuzz_corpus.rs replays its corpus.
    listed.push("certificate".to_string());
    listed.sort();
    assert_eq!(on_disk, listed);
}
