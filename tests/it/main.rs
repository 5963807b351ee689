//! The integration tests of the `arrows` binary and its libraries, as one
//! test executable: each module was once a binary of its own, and linking
//! the whole workspace some twenty times cost more than running the tests.
//! Modules that run the binary reach it through [`support::binary`];
//! `hostile` runs it under a memory cap in child processes, so it shares
//! this process with the others safely.

mod advice;
mod cells_readers;
mod certificates;
mod cli;
mod cycles_boards;
mod cycles_canonical;
mod cycles_engines;
mod cycles_published;
mod cycles_rules;
mod draw;
mod engines_agree;
mod explain;
mod explicit_engine;
mod formats;
mod fuzz_corpus;
mod hostile;
mod literal;
mod loopy_cli;
mod memo;
mod paper_checks;
mod paths;
mod play;
mod play_terminal;
mod prove_cli;
mod rules;
mod search;
mod search_shards;
mod search_terminal;
mod support;
mod sweeps_cli;
mod tables;
mod theorem_3_4;
mod theorems;
mod time_limits;
