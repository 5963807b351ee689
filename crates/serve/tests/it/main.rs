//! The integration tests of this crate, as one test executable (one link
//! of the crate and its dependencies instead of one per file).

mod abuse;
mod api;
mod browser;
mod hardening;
mod support;
