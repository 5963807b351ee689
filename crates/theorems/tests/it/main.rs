//! The integration tests of the theorem prover, as one test executable.

mod agree;
mod lemma_bound;
mod note_statements;
mod sequences;
