//! Replays the `certificate` fuzz target's committed corpus
//! (`fuzz/corpus/certificate/`) through its check, so a plain `cargo test`
//! runs it on every input the fuzzer once found interesting; the corpus
//! holds every hand-made certificate as a seed.

#[path = "../../../fuzz/src/certificate.rs"]
mod fuzz_check;

use std::panic::{AssertUnwindSafe, catch_unwind};
use std::path::Path;

use crate::certs;

/// The target's corpus folder.
fn corpus() -> std::path::PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../fuzz/corpus/certificate")
}

#[test]
fn the_certificate_corpus_passes_its_check() {
    let mut files: Vec<_> =
        std::fs::read_dir(corpus()).expect("fuzz/corpus/certificate").map(|e| e.expect("an entry").path()).collect();
    files.sort();
    let mut failed = Vec::new();
    for file in &files {
        let data = std::fs::read(file).expect("a corpus file");
        if catch_unwind(AssertUnwindSafe(|| fuzz_check::certificate(&data))).is_err() {
            failed.push(file.display().to_string());
        }
    }
    assert!(failed.is_empty(), "the check fails on {failed:?}");
    assert!(files.len() >= certs::all().len(), "the corpus holds the seeds");
}

#[test]
fn every_hand_made_certificate_is_a_seed() {
    for hand in certs::all() {
        let name = format!("{}.cert", hand.name.replace(' ', "-"));
        let seed = std::fs::read_to_string(corpus().join(&name)).unwrap_or_else(|e| panic!("{name}: {e}"));
        assert_eq!(seed, hand.text, "{name} is the hand-made certificate as it is now");
    }
}
