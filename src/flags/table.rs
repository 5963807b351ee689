//! Flags of `arrows table`: the families, their ranges and the output options.

use arrows_tables::Shard;
use arrows_tables::Span;
use arrows_tables::format::Format;
use arrows_tables::span::parse_spans;
use clap::{Args, Subcommand};
use std::path::PathBuf;

const EXAMPLES: &str = "\
Examples:
  arrows table spider --legs 0..40                  every S(a,b,c) with legs 0 to 40 (both ends included)
  arrows table spider --legs 0..40 --untrimmed      the same in the Game of Arrows
  arrows table spider --k 4 --legs 0..16 --format csv > spiders4.csv
  arrows table spider --legs 0..6,0..6,0..120       legs in their own ranges (a long third leg)
  arrows table spider --legs 0..24 --format svg --fix 2 > a2.svg    heat map of S(2,b,c)
  arrows table spider --legs 0..12 --grid --format markdown         one b-by-c grid per a
  arrows table broom --handle 0..30 --bristles 0..8 --summarize
  arrows table caterpillar --spine 1..5 --leaves 0..3
  arrows table trees --edges 1..12 --format csv
  nauty-gentreeg 12 | arrows table graphs -
  arrows table spider --legs 0..60 --shard 2/8 --format json -o part2.json   one of 8 independent jobs
  arrows table merge part*.json --format csv        the table a single run gives

Rows list the graphs in a fixed order; a spider's legs are listed in
non-decreasing order, each spider once. The value is the Grundy value of the
empty state, computed by the canonical engine: 0 means the second player wins.";

/// Arguments of `arrows table`.
#[derive(Args, Debug)]
#[command(after_long_help = EXAMPLES, arg_required_else_help = true)]
pub struct TableArgs {
    /// The family to sweep, or `merge` to join the shards of a sweep.
    #[command(subcommand)]
    pub family: TableFamily,
}

/// The families `arrows table` sweeps.
#[derive(Subcommand, Debug)]
pub enum TableFamily {
    /// Spiders: `--legs 0..40` gives every 3-legged spider with legs 0 to
    /// 40; `--k 4` four legs; `--legs 0..6,0..6,0..120` one range per leg.
    Spider {
        /// Range of every leg's length, LOW..HIGH with both ends included; or
        /// one range per leg, comma separated.
        #[arg(long, value_name = "RANGE")]
        legs: LegRanges,
        /// Number of legs, when one range is given for all (default 3).
        #[arg(long, value_name = "K")]
        k: Option<usize>,
        #[command(flatten)]
        opts: SweepArgs,
    },
    /// Paths P_n with n edges in a range, e.g. --edges 1..60.
    Path {
        /// Range of the number of edges (from 1).
        #[arg(long, value_name = "RANGE")]
        edges: Span,
        #[command(flatten)]
        opts: SweepArgs,
    },
    /// Stars K_1,k with k leaves in a range, e.g. --leaves 1..30.
    Star {
        /// Range of the number of leaves (from 1).
        #[arg(long, value_name = "RANGE")]
        leaves: Span,
        #[command(flatten)]
        opts: SweepArgs,
    },
    /// Caterpillars: a spine of internal vertices, each with some leaves (the
    /// two ends at least one), every caterpillar once up to reversal.
    Caterpillar {
        /// Range of the number of spine vertices.
        #[arg(long, value_name = "RANGE")]
        spine: Span,
        /// Range of the number of leaves at each spine vertex.
        #[arg(long, value_name = "RANGE")]
        leaves: Span,
        #[command(flatten)]
        opts: SweepArgs,
    },
    /// Brooms: a handle path with bristles at its end.
    Broom {
        /// Range of the handle's number of edges.
        #[arg(long, value_name = "RANGE")]
        handle: Span,
        /// Range of the number of bristles.
        #[arg(long, value_name = "RANGE")]
        bristles: Span,
        #[command(flatten)]
        opts: SweepArgs,
    },
    /// Every free tree with a number of edges in a range, e.g. --edges 16.
    Trees {
        /// The number of edges, or a range of them.
        #[arg(long, value_name = "RANGE")]
        edges: Span,
        #[command(flatten)]
        opts: SweepArgs,
    },
    /// Graphs read one per line (graph6, sparse6 or an edge list; `#`
    /// comments) from FILE, or from standard input with `-`.
    Graphs {
        /// The file of graphs, `-` for standard input.
        #[arg(value_name = "FILE")]
        file: PathBuf,
        #[command(flatten)]
        opts: SweepArgs,
    },
    /// Join the JSON shards of one sweep (`--shard i/n --format json`) into
    /// the table a single run gives.
    Merge {
        /// The shards' JSON files, in any order.
        #[arg(value_name = "FILE", required = true)]
        files: Vec<PathBuf>,
        #[command(flatten)]
        output: OutputArgs,
    },
}

/// The `--legs` of a spider sweep: one range, or one per leg.
#[derive(Debug, Clone)]
pub struct LegRanges(pub Vec<Span>);

impl std::str::FromStr for LegRanges {
    type Err = arrows_tables::SpanError;

    fn from_str(s: &str) -> Result<LegRanges, arrows_tables::SpanError> {
        parse_spans(s).map(LegRanges)
    }
}

/// How to print a table.
#[derive(Args, Debug, Clone)]
pub struct OutputArgs {
    /// Output format: text (aligned columns), markdown, csv (a header row,
    /// the key columns, then grundy), json (with the sweep's description;
    /// what `merge` reads), svg (a heat map over the last two parameters).
    #[arg(long, value_name = "FORMAT", default_value = "text")]
    pub format: Format,
    /// Shorthand for --format json; with --summarize, the patterns as JSON.
    #[arg(long)]
    pub json: bool,
    /// Text and Markdown: one grid per value of the leading parameters, the
    /// second-to-last parameter down and the last across.
    #[arg(long)]
    pub grid: bool,
    /// Grids and SVG: only the panel whose leading parameters take these
    /// values, e.g. --fix 2 for S(2,b,c), --fix 1,3 for S(1,3,c,d).
    #[arg(long, value_name = "VALUES", value_delimiter = ',')]
    pub fix: Option<Vec<usize>>,
    /// Write the table to FILE instead of standard output.
    #[arg(long, short = 'o', value_name = "FILE")]
    pub output: Option<PathBuf>,
    /// Print the patterns found in the table (hypotheses with their support
    /// and exceptions) instead of the table; with --output the table still
    /// goes to the file.
    #[arg(long)]
    pub summarize: bool,
}

/// Options of a sweep.
#[derive(Args, Debug, Clone)]
pub struct SweepArgs {
    /// Play the Game of Arrows (no vertex, leaves included, may become a sink
    /// or a source) instead of the Trimmed Game of Arrows.
    #[arg(long)]
    pub untrimmed: bool,
    /// Compute only part I of N (1 <= I <= N): the rows whose position is
    /// I-1 modulo N. Merge the parts with `arrows table merge`.
    #[arg(long, value_name = "I/N")]
    pub shard: Option<Shard>,
    /// Worker threads (default: one per core).
    #[arg(long, value_name = "N")]
    pub threads: Option<usize>,
    /// No progress bar (it is shown only when standard error is a terminal).
    #[arg(long)]
    pub quiet: bool,
    /// Memory budget for the engines, e.g. 2G (default: three quarters of
    /// the available memory). A sweep that needs more stops with a message.
    #[arg(long, value_name = "SIZE", value_parser = crate::flags::values::budget)]
    pub max_memory: Option<arrows_work::Budget>,
    #[command(flatten)]
    pub output: OutputArgs,
}
