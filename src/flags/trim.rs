//! Flags of `arrows trim`.

use crate::flags::source::SourceCommand;
use clap::Args;

/// Arguments of `arrows trim`.
#[derive(Args, Debug)]
pub struct TrimArgs {
    /// Print one JSON object per graph instead of text.
    #[arg(long, global = true)]
    pub json: bool,
    /// The graph to trim.
    #[command(subcommand)]
    pub source: SourceCommand,
}
