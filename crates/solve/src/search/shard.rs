//! Shards of a search (to come).
