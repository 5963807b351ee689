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
  arrows table wheel --spokes 3..9 --cycles         the Game of Cycles on wheels (cells: the triangles)
  arrows table theta --paths 1..8 --cycles --misere every theta graph A <= B <= C <= 8, misère play
  arrows table grid --m 2..3 --n 2..5 --cycles      grids m x n with m <= n, unit squares as cells
  nauty-gentreeg 12 | arrows table graphs -
  nauty-geng -c 9 2/4 | arrows table graphs - --shard-of-input 2/4 --out geng9   one part of nauty's split
  arrows table spider --legs 0..60 --shard 2/8 --format json -o part2.json   one of 8 independent jobs
  arrows table trees --edges 18 --shard 3/8 --out trees18   shard 3/8 on disk; run again to resume
  sbatch --array=0-7 --wrap 'arrows table trees --edges 18 --out trees18'   shard from SLURM_ARRAY_TASK_ID
  arrows table merge trees18 --format csv           the table a single run gives (checks every shard)
  arrows table merge part*.json --format csv
  arrows table trees --edges 16 --memo trees.memo  the classes solved kept in trees.memo ...
  arrows table trees --edges 17 --memo trees.memo  ... and reused by the next sweep

Shards: a shard R/M is the rows whose position in the full table (from 0)
is R modulo M, nauty's res/mod (`nauty-geng n R/M`, `nauty-gentreeg n
R/M`, Slurm's --array=0-7). --shard also reads the 1-based I/N (1/8 .. 8/8),
part I being residue I mod N: 1/8 .. 7/8 mean the same in both, and 8/8 is
0/8. (An earlier layout of JSON shards wrote the shard as the string \"I/N\",
meaning residue I-1; such files are still read with that meaning.) A shard
is always shown as R/M.

Without --shard, a Slurm array task computes the shard its variables name:
residue SLURM_ARRAY_TASK_ID - SLURM_ARRAY_TASK_MIN modulo SLURM_ARRAY_TASK_MAX
- SLURM_ARRAY_TASK_MIN + 1, or SLURM_ARRAY_TASK_ID modulo
SLURM_ARRAY_TASK_COUNT; standard error says which shard and why. Give
--shard 0/1 to compute the whole sweep inside an array task.

--out DIR writes the shard as DIR/shard-R-of-M.rows (one line per row,
appended and flushed after each batch) and DIR/shard-R-of-M.json (the
manifest: command, family, rule set, shard, rows, rows done, SHA-256 of the
rows, arrows version, complete or not; replaced atomically after each
batch). The shards of a sweep may share DIR. Run again, a shard resumes after
its rows done; rows that do not match the checksum, or a manifest of another
sweep, are refused. `arrows table merge DIR...` checks every manifest (one
sweep, one version, every residue once, complete, checksums) before joining.

nauty's pipes: `nauty-gentreeg N R/M` and `nauty-geng -c N R/M` write
graph6, which `arrows table graphs -` reads; --shard-of-input R/M records
that split in the manifest, and merge joins the parts of the split input
(each input residue once; the rows follow the input parts in residue order).

Rows list the graphs in a fixed order; a spider's legs are listed in
non-decreasing order, each spider once, and so are a theta graph's paths
(A <= B <= C; two paths of length 1 would be a double edge) and a grid's
sides (m <= n). The value is the Grundy value of the empty state (under
--misere the misère Grundy value): 0 means the second player wins. The
canonical engine computes it where it computes the game, brute force
otherwise (misère play; the Game of Cycles on plane graphs while the
canonical engine does not value cells); --engine chooses, and the JSON
table records which.";

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
        /// Range of every leg's length, LOW..HIGH (both ends included).
        ///
        /// Or one range per leg, comma separated.
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
    /// Wheels: a hub joined to every vertex of a cycle, `n` spokes, the
    /// `n` triangles as cells, e.g. --spokes 3..9.
    Wheel {
        /// Range of the number of spokes (from 3).
        #[arg(long, value_name = "RANGE")]
        spokes: Span,
        #[command(flatten)]
        opts: SweepArgs,
    },
    /// Fans: a path on `n` vertices joined to a hub, the `n - 1` triangles
    /// as cells, e.g. --vertices 2..10.
    Fan {
        /// Range of the number of path vertices (from 2).
        #[arg(long, value_name = "RANGE")]
        vertices: Span,
        #[command(flatten)]
        opts: SweepArgs,
    },
    /// Theta graphs Θ(A,B,C): two vertices joined by three paths of A, B
    /// and C edges, two cells; rows A <= B <= C, e.g. --paths 1..8.
    Theta {
        /// Range of every path's length (from 1); or three ranges, comma
        /// separated, for A, B and C.
        #[arg(long, value_name = "RANGE")]
        paths: LegRanges,
        #[command(flatten)]
        opts: SweepArgs,
    },
    /// Grids of m x n vertices, unit squares as cells; rows m <= n.
    Grid {
        /// Range of the number of rows (from 2).
        #[arg(long, value_name = "RANGE")]
        m: Span,
        /// Range of the number of columns (from 2).
        #[arg(long, value_name = "RANGE")]
        n: Span,
        #[command(flatten)]
        opts: SweepArgs,
    },
    /// Ladders: the 2 x n grid, n rungs, e.g. --rungs 2..8.
    Ladder {
        /// Range of the number of rungs (from 2).
        #[arg(long, value_name = "RANGE")]
        rungs: Span,
        #[command(flatten)]
        opts: SweepArgs,
    },
    /// Prisms: two n-gons joined by a matching, n + 1 cells (n squares and
    /// the inner n-gon), e.g. --sides 3..6.
    Prism {
        /// Range of the number of sides of the n-gons (from 3).
        #[arg(long, value_name = "RANGE")]
        sides: Span,
        #[command(flatten)]
        opts: SweepArgs,
    },
    /// Graphs read one per line (graph6, sparse6 or an edge list; `#`
    /// comments) from FILE, or from standard input with `-`.
    Graphs {
        /// The file of graphs, `-` for standard input.
        #[arg(value_name = "FILE")]
        file: Option<PathBuf>,
        #[command(flatten)]
        opts: SweepArgs,
    },
    /// Join the shards of one sweep (directories written with `--out`, or
    /// JSON files written with `--shard R/M --format json`) into the table a
    /// single run gives, after checking every manifest.
    Merge {
        /// Shard directories (every shard in each), shard manifests, or JSON
        /// tables, in any order.
        #[arg(value_name = "DIR|FILE", required = true)]
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
    /// Output format: text, markdown, csv, json or svg.
    ///
    /// text: aligned columns; markdown; csv: a header row, the key columns,
    /// then grundy; json: with the sweep's description, what `merge` reads;
    /// svg: a heat map over the last two parameters.
    #[arg(long, value_name = "FORMAT", default_value = "text")]
    pub format: Format,
    /// Shorthand for --format json; with --summarize, the patterns as JSON.
    #[arg(long)]
    pub json: bool,
    /// Text and Markdown: one grid per value of the leading parameters.
    ///
    /// The second-to-last parameter goes down and the last across.
    #[arg(long)]
    pub grid: bool,
    /// Grids and SVG: only the panel of these leading parameters, e.g. --fix 2.
    ///
    /// --fix 2 gives S(2,b,c), --fix 1,3 gives S(1,3,c,d).
    #[arg(long, value_name = "VALUES", value_delimiter = ',')]
    pub fix: Option<Vec<usize>>,
    /// Write the table to FILE instead of standard output.
    #[arg(long, short = 'o', value_name = "FILE")]
    pub output: Option<PathBuf>,
    /// Print the patterns found in the table instead of the table.
    ///
    /// Patterns are hypotheses with their support and exceptions; with
    /// --output the table still goes to the file.
    #[arg(long)]
    pub summarize: bool,
}

/// Options of a sweep.
#[derive(Args, Debug, Clone)]
pub struct SweepArgs {
    #[command(flatten)]
    pub rules: crate::flags::analysis::RuleOpts,
    /// The engine: canonical, brute or explicit.
    ///
    /// canonical is the default where it computes the game, brute for
    /// misère play and for cells the canonical engine does not value.
    #[arg(long, value_name = "ENGINE")]
    pub engine: Option<crate::flags::analysis::EngineChoice>,
    /// Compute only shard R/M, nauty's res/mod (0 <= R < M).
    ///
    /// The rows whose position (from 0) is R modulo M. The 1-based I/N
    /// (1 <= I <= N) is read too, as residue I mod N: N/N is 0/N. Default:
    /// the Slurm array task's shard when SLURM_ARRAY_TASK_ID is set
    /// (standard error says which), else the whole sweep. Merge the shards
    /// with `arrows table merge`.
    #[arg(long, value_name = "R/M")]
    pub shard: Option<Shard>,
    /// Write the shard to the directory DIR, resumable.
    ///
    /// DIR is created if need be; rows are written as they are computed,
    /// with a manifest, and a shard run again resumes there.
    #[arg(long, value_name = "DIR")]
    pub out: Option<PathBuf>,
    /// The input graphs are part R/M of a split input.
    ///
    /// As `nauty-geng -c 10 R/M | arrows table graphs -` gives: recorded in
    /// the manifest (with --out), so that merge joins the parts.
    #[arg(long, value_name = "R/M")]
    pub shard_of_input: Option<Shard>,
    /// Worker threads (default: one per core).
    #[arg(long, value_name = "N")]
    pub threads: Option<usize>,
    /// Keep the canonical engine's solved classes in FILE.
    ///
    /// FILE is read once before the sweep when it exists, written once after it (also after Ctrl-C
    /// or --max-time; replaced atomically). A second sweep, a larger range
    /// or another shard with the same rules starts from them. The workers
    /// share one memo, counted once against --max-memory. A file of
    /// another rule set, version or engine, or a
    /// damaged one, is refused. Shards running at the same time may share a
    /// file: each joins the classes another saved meanwhile before it saves.
    #[arg(long, value_name = "FILE")]
    pub memo: Option<PathBuf>,
    /// No progress bar, and no line saying which shard is computed.
    ///
    /// The bar is shown only when standard error is a terminal.
    #[arg(long)]
    pub quiet: bool,
    /// Print the memo's figures to standard error when the sweep ends.
    ///
    /// The classes it holds and their bytes against --max-memory, the
    /// classes it evicted to stay within it, and the process's peak memory.
    #[arg(long)]
    pub stats: bool,
    /// Memory budget for the engines, e.g. 2G.
    ///
    /// The default is three quarters of the available memory. A sweep that
    /// needs more stops with a message.
    #[arg(long, value_name = "SIZE", value_parser = crate::flags::values::budget)]
    pub max_memory: Option<arrows_work::Budget>,
    /// Time limit for the sweep, e.g. 30m or 12h.
    ///
    /// The default is none. Past it the sweep stops with a message, exit code 2; a shard written with
    /// --out keeps its rows and resumes when run again.
    #[arg(long, value_name = "DURATION", value_parser = crate::flags::values::duration)]
    pub max_time: Option<std::time::Duration>,
    #[command(flatten)]
    pub output: OutputArgs,
}
