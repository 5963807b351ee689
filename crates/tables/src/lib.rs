//! Conjecture tables for the Game of Arrows.
//!
//! * [`span`], [`shard`]: the ranges of parameters and the parts of a sweep;
//! * [`checksum`]: checksums of tables, so edited shards are refused;
//! * [`family`]: the families swept and the graphs each one lists;
//! * [`plane`]: the plane families (wheels, fans, theta graphs, grids, ...) with their cells;
//! * [`sweep`](mod@sweep): the parallel computation with the canonical engine;
//! * [`store`]: a shard on disk, resumable, with a checked manifest;
//! * [`search_store`]: the shards of an outcome search on disk, and their merge;
//! * [`table`]: the rows and the merging of shards;
//! * [`panels`]: two-dimensional slices for grids and pictures;
//! * [`format`](mod@format): text, Markdown, CSV, JSON and SVG;
//! * [`patterns`]: hypotheses read off a table, with support and exceptions.

pub mod checksum;
pub mod family;
pub mod format;
pub mod panels;
pub mod patterns;
pub mod plane;
pub mod search_store;
pub mod shard;
pub mod span;
pub mod store;
pub mod sweep;
pub mod table;

pub use family::{Family, Key, Spec, SpecError};
pub use shard::{Shard, ShardError};
pub use span::{Span, SpanError};
pub use store::StoreError;
pub use sweep::{SweepError, SweepOptions, sweep, sweep_into, sweep_into_with, sweep_with};
pub use table::{MergeError, Row, Table, merge};
