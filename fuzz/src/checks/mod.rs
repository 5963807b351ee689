//! One check per fuzz target: feed the bytes to a parser a user can reach,
//! and assert what must hold whatever the bytes are (no panic, no
//! allocation past the limits, an error's position inside the input) and,
//! where it is cheap, properties of what was read (it round-trips through
//! its own writer).
//!
//! Every item here uses only the arrows crates and the standard library, so
//! that `tests/it/fuzz_corpus.rs` can compile this module as it is and replay
//! the corpus without libFuzzer.

mod graphs;
mod loopy;
mod numbers;
mod plane;
mod tables;

pub use graphs::{edge_list, graph_lines, graph6, sparse6, state};
pub use loopy::digraph;
pub use numbers::{budget, family};
pub use plane::{board, cell_walks, drawing};
pub use tables::{conjecture, merge_manifest, table, table_merge};

/// A check: what one target runs on its bytes.
pub type Check = fn(&[u8]);

/// Every target: its name (the name of its corpus folder and of its file
/// under `fuzz_targets/`) and its check.
pub const TARGETS: &[(&str, Check)] = &[
    ("graph6", graph6),
    ("sparse6", sparse6),
    ("edge_list", edge_list),
    ("graph_lines", graph_lines),
    ("state", state),
    ("family", family),
    ("budget", budget),
    ("digraph", digraph),
    ("table", table),
    ("table_merge", table_merge),
    ("conjecture", conjecture),
    ("merge_manifest", merge_manifest),
    ("board", board),
    ("cell_walks", cell_walks),
    ("drawing", drawing),
];

/// The bytes as text, invalid UTF-8 replaced (so every input reaches the parser).
fn text(data: &[u8]) -> String {
    String::from_utf8_lossy(data).into_owned()
}

/// Asserts that a 1-based `line` and `column` (in characters) lie inside
/// `text`, or one past its last line or one past the end of their line.
fn place_inside(text: &str, line: usize, column: usize) {
    let lines: Vec<&str> = text.split('\n').collect();
    assert!(line >= 1 && line <= lines.len() + 1, "line {line} outside a text of {} lines", lines.len());
    let width = lines.get(line - 1).map_or(0, |l| l.chars().count());
    assert!(column >= 1 && column <= width + 1, "column {column} outside line {line} of {width} characters");
}

/// Splits the input into a first line and the rest.
fn first_line(text: &str) -> (&str, &str) {
    text.split_once('\n').unwrap_or((text, ""))
}
