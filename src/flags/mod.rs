//! The command line's flags: clap definitions and help text, one file per
//! command. Nothing here computes; `crate::commands` turns parsed flags into
//! library calls.

pub mod analysis;
pub mod check;
pub mod conjecture;
pub mod loopy;
pub mod play;
pub mod prove;
pub mod search;
pub mod serve;
pub mod source;
pub mod table;
pub mod trim;
pub mod values;

use analysis::PlayOpts;
use clap::{Parser, Subcommand};
use source::{
    BoardSpec, BroomSpec, CaterpillarSpec, CycleSpec, FanSpec, GraphSpec, GridSpec, K4Spec, LadderSpec, PathSpec,
    PrismSpec, SpiderSpec, StarSpec, ThetaSpec, WheelSpec,
};

/// Exact solver for the Game of Arrows and for impartial games on graphs.
///
/// Players take turns marking an arrow on an unmarked edge; no vertex may
/// become a sink or a source (in the Trimmed Game of Arrows, leaves may).
/// The last player to move wins. Every analysis prints the Grundy value, who
/// wins, and every winning first move.
#[derive(Parser, Debug)]
#[command(name = "arrows", version, about, long_about, after_help = EXAMPLES)]
pub struct Cli {
    #[command(subcommand)]
    pub command: Command,
}

const EXAMPLES: &str = "\
Examples:
  arrows spider 4 6 8                 the Trimmed Game of Arrows on S(4,6,8)
  arrows spider 5 5 7 --untrimmed     the Game of Arrows (Game of Cycles) on S(5,5,7)
  arrows path 6 --state \"2>3\"         start from a marked state
  arrows graph --edges \"0-1,1-2,1-3,3-4\" --json
  nauty-gentreeg 8 | arrows graph -   every tree with 8 vertices
  arrows trim spider 1 1 5            the trimmed graph, as an edge list and graph6
  arrows table spider --legs 0..40    a table of every S(a,b,c) with legs up to 40
  arrows wheel 6 --cycles             the Game of Cycles on the wheel with 6 spokes
  arrows graph --edges \"0-1,1-2,2-0,2-3,3-0\" --cells \"0-1-2;0-2-3\" --cycles --misere
  arrows board board.txt              a Game of Cycles board file
  arrows check                        machine-check every result of the spider paper
  arrows prove spider 2 3 5 n         G(S(2,3,5,n)) for every n, proved, with its certificate
  arrows loopy square-but-one         a loopy game: P, N or D, remoteness and gamma
  arrows play spider 4 6 8            play against perfect strategy

Notation: vertex numbers from 0; an arrow TAIL>HEAD (or HEAD<TAIL); a state is
a comma-separated list of arrows. Spiders have hub 0 and legs numbered outward.";

/// The subcommands.
#[derive(Subcommand, Debug)]
pub enum Command {
    /// Analyze the spider S(l1,...,lk): hub 0, leg j numbered outward.
    Spider {
        #[command(flatten)]
        spec: SpiderSpec,
        #[command(flatten)]
        play: PlayOpts,
    },
    /// Analyze the path P_n (vertices 0..n, edge i joins i and i+1).
    Path {
        #[command(flatten)]
        spec: PathSpec,
        #[command(flatten)]
        play: PlayOpts,
    },
    /// Analyze the cycle C_n (vertices 0..n-1).
    Cycle {
        #[command(flatten)]
        spec: CycleSpec,
        #[command(flatten)]
        play: PlayOpts,
    },
    /// Analyze the star K_{1,k} (the spider with k legs of length 1).
    Star {
        #[command(flatten)]
        spec: StarSpec,
        #[command(flatten)]
        play: PlayOpts,
    },
    /// Analyze a caterpillar: spine 0..s-1, then the leaves.
    Caterpillar {
        #[command(flatten)]
        spec: CaterpillarSpec,
        #[command(flatten)]
        play: PlayOpts,
    },
    /// Analyze a broom: handle 0..h, bristles at vertex h.
    Broom {
        #[command(flatten)]
        spec: BroomSpec,
        #[command(flatten)]
        play: PlayOpts,
    },
    /// Analyze any graph: --edges, --graph6, or a FILE of graphs (- for
    /// stdin); --cells or --positions make it a plane graph for --cycles.
    Graph {
        #[command(flatten)]
        spec: GraphSpec,
        #[command(flatten)]
        play: PlayOpts,
    },
    /// Analyze the wheel with N spokes (a plane graph: N triangular cells).
    Wheel {
        #[command(flatten)]
        spec: WheelSpec,
        #[command(flatten)]
        play: PlayOpts,
    },
    /// Analyze the fan: the path on N vertices joined to a hub (N-1 triangular cells).
    Fan {
        #[command(flatten)]
        spec: FanSpec,
        #[command(flatten)]
        play: PlayOpts,
    },
    /// Analyze the theta graph: poles 0 and 1 joined by paths of A, B, C
    /// edges (two cells: A with B, B with C).
    Theta {
        #[command(flatten)]
        spec: ThetaSpec,
        #[command(flatten)]
        play: PlayOpts,
    },
    /// Analyze the grid of M x N vertices (its unit squares are the cells).
    Grid {
        #[command(flatten)]
        spec: GridSpec,
        #[command(flatten)]
        play: PlayOpts,
    },
    /// Analyze the ladder with N rungs (the 2 x N grid).
    Ladder {
        #[command(flatten)]
        spec: LadderSpec,
        #[command(flatten)]
        play: PlayOpts,
    },
    /// Analyze the prism over an N-cycle (N quadrilaterals and the inner N-gon as cells).
    Prism {
        #[command(flatten)]
        spec: PrismSpec,
        #[command(flatten)]
        play: PlayOpts,
    },
    /// Analyze K4 as a plane graph (the wheel with 3 spokes: 3 triangular cells).
    K4 {
        #[command(flatten)]
        spec: K4Spec,
        #[command(flatten)]
        play: PlayOpts,
    },
    /// Analyze a Game of Cycles board file (implies --cycles; --untrimmed
    /// plays the Game of Arrows on its graph instead).
    Board {
        #[command(flatten)]
        spec: BoardSpec,
        #[command(flatten)]
        play: PlayOpts,
    },
    /// Print the trimming of a graph (Definition 3.3): leaves removed, the
    /// vertices next to them split apart.
    Trim(trim::TrimArgs),
    /// Solve impartial games whose digraph may have cycles: win, lose or draw,
    /// remoteness and the generalized Sprague-Grundy value of each position,
    /// for the classic games, any digraph, and sums.
    Loopy(loopy::LoopyArgs),
    /// Play against perfect strategy: type moves, ask for hints and the
    /// decomposition, undo; arrows answers with its best move.
    Play(play::PlayArgs),
    /// Grundy values over a family (spiders with any number of legs, paths,
    /// stars, caterpillars, brooms, all trees with n edges, graphs from a
    /// file, and the plane families wheel, fan, theta, grid, ladder and
    /// prism for the Game of Cycles) as a text, Markdown, CSV, JSON or SVG
    /// table; in parallel, in shards that `arrows table merge` joins, with
    /// --summarize for patterns.
    Table(table::TableArgs),
    /// The patterns in a table written by `arrows table`: parity classes,
    /// equal legs, closed forms, periods, second-player wins; each stated as
    /// a hypothesis with its support and exceptions, never as a theorem.
    Conjecture(conjecture::ConjectureArgs),
    /// Prove a family's values for every length of its growing leg
    /// (`arrows prove spider 2 3 5 n`): a periodicity theorem checked by a
    /// lemma of the Guy-Smith kind, with its certificate, or why not.
    Prove(prove::ProveArgs),
    /// Machine-check the spider paper: every numbered result over a range
    /// (--max), probes showing each sharp hypothesis is needed, and the
    /// paper's wording problems; exit 0 only when all behave as the paper says.
    Check(check::CheckArgs),
    /// The shards of an outcome search (--engine search --out DIR): merge
    /// them into the answer of a single run.
    Search(search::SearchArgs),
    /// The explorer in the browser: pick a graph, click moves on its edges,
    /// see every move's value, the decomposition and the drawing; a JSON
    /// API over the same analysis (127.0.0.1:8080 by default).
    Serve(serve::ServeArgs),
}
