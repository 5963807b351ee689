//! The checks behind the fuzz targets, one function per target.
//!
//! The same module is compiled into the main crate's test
//! `tests/it/fuzz_corpus.rs`, which replays the committed corpus through it,
//! so a plain `cargo test` runs every check on every corpus file. The
//! `certificate` check, of the independent checker `arrows-verify`, is
//! replayed by `verify/tests/it/fuzz_corpus.rs` instead.

pub mod certificate;
pub mod checks;
