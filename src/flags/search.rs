//! `arrows search`: what to do with the shards of an outcome search.

use clap::{Args, Subcommand};
use std::path::PathBuf;

const EXAMPLES: &str = "\
Examples:
  arrows wheel 13 --cycles --engine search --shard 1/4 --out w13   shard 1/4 into w13/
  sbatch --array=0-3 --wrap 'arrows wheel 13 --cycles --engine search --out w13'
  arrows search merge w13              the answer of a single run, from every shard
  arrows search merge w13 --json

A search is split two moves deep: every position two moves from the start
(one per class of positions the board's symmetries make equal) is a task,
numbered in a fixed order, and shard R/M answers the tasks whose number is
R modulo M. merge checks every shard's manifest (one board, one version of
arrows, one split, every shard once and complete) and decides the winner and
every winning move from the answers.";

/// The outcome search's shards.
#[derive(Args, Debug)]
#[command(after_long_help = EXAMPLES, arg_required_else_help = true)]
pub struct SearchArgs {
    /// What to do.
    #[command(subcommand)]
    pub command: SearchCommand,
}

/// The subcommands of `arrows search`.
#[derive(Subcommand, Debug)]
pub enum SearchCommand {
    /// Join the shards of one search (directories written with --engine
    /// search --out DIR, or their manifests) into the answer of a single
    /// run: who wins and every winning move.
    Merge {
        /// Shard directories (every search-R-of-M.json in each) or manifests.
        #[arg(required = true, value_name = "DIR")]
        paths: Vec<PathBuf>,
        /// Print one JSON object, as the analysis commands do.
        #[arg(long)]
        json: bool,
    },
}
