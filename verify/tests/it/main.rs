//! The checker's tests: hand-made certificates (certs.rs), their validity,
//! mutations and minimality, the command line, and the crate's promises
//! about its dependencies and size.

mod certs;
mod cli;
mod fuzz_corpus;
mod mutation;
mod promises;
mod valid;
