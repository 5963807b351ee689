//! Flags shared by every analysis command (`arrows spider`, `path`, `graph`, ...).

use arrows_core::{Play, Variant};
use arrows_solve::Engine;
use clap::{Args, ValueEnum};
use std::path::PathBuf;

/// The engine to compute with.
#[derive(ValueEnum, Debug, Clone, Copy, PartialEq, Eq)]
pub enum EngineChoice {
    /// Components up to state isomorphism, memoized: spiders with hundreds of edges.
    Canonical,
    /// Every descendant state as a bitmask pair; exact up to 28 unmarked edges.
    Brute,
    /// The whole game graph, solved by the loopy solver (gamma labels).
    Explicit,
    /// The outcome search (Game of Cycles, normal play, boards of at most
    /// 64 edges): who wins and the winning moves, by a search that stops at
    /// the first winning move, exact values only for small components; the
    /// Grundy value with --grundy.
    Search,
}

impl From<EngineChoice> for Engine {
    fn from(e: EngineChoice) -> Engine {
        match e {
            EngineChoice::Brute => Engine::Brute,
            EngineChoice::Canonical => Engine::Canonical,
            EngineChoice::Explicit => Engine::Explicit,
            EngineChoice::Search => Engine::Search,
        }
    }
}

/// The rule set and the play convention: shared by the analysis commands and `arrows play`.
#[derive(Args, Debug, Clone)]
pub struct RuleOpts {
    /// Play the Game of Arrows instead of the Trimmed Game of Arrows.
    ///
    /// In the Game of Arrows no vertex, leaves included, may become a sink
    /// or a source; in the Trimmed Game of Arrows leaves may.
    #[arg(long)]
    pub untrimmed: bool,
    /// Play the Game of Cycles (a completed cell wins at once).
    ///
    /// The Game of Cycles is the Game of Arrows on a plane graph, where a
    /// move that completes a cycle cell (every edge of a cell marked, one
    /// directed cycle) wins at once. A graph with a cycle needs its cells
    /// (--cells, --positions, `arrows board`, or a plane family such as
    /// `arrows wheel 5`); on a forest it is the Game of Arrows.
    #[arg(long, conflicts_with = "untrimmed")]
    pub cycles: bool,
    /// Misère play: the last player to move loses.
    ///
    /// In the Game of Cycles so does the player who completes a cell. The Grundy value
    /// reported is the misère Grundy value (a position with no move has
    /// value 1). Computed by the brute-force and explicit engines.
    #[arg(long)]
    pub misere: bool,
}

impl RuleOpts {
    /// The rule set the flags choose.
    pub fn variant(&self) -> Variant {
        if self.cycles {
            Variant::Cycles
        } else if self.untrimmed {
            Variant::Untrimmed
        } else {
            Variant::Trimmed
        }
    }

    /// The play convention the flags choose.
    pub fn play(&self) -> Play {
        if self.misere { Play::Misere } else { Play::Normal }
    }
}

/// The long help of `--literal`.
const LITERAL_HELP: &str = "Also compute the literal nimber (JSON: \"literal_nimber\"), the value \
existing Game of Cycles solvers report under normal play. They count the literal game, where completing a \
cell is a move to a terminal position; arrows reports the value of the reduced game, where a move that \
leaves a completable cell is removed (the opponent would complete it). Both are 0 exactly when the player \
to move loses, so they name the same winner; only the reduced value adds over components. The triangle K3 \
(arrows cycle 3) has literal nimber 1 and value 1; the wedge of three triangles (arrows fan 4) has literal \
nimber 2 and value 1. Side by side they are a second-player win: the values say so (1 xor 1 = 0), the \
literal nimbers would say first (1 xor 2 = 3). The reduced value is computed too (--grundy with the search \
engine). The literal nimber is computed on the whole game graph, as the explicit engine \
does: for small boards only (within --max-memory).";

/// Options shared by every analysis command.
#[derive(Args, Debug, Clone)]
pub struct PlayOpts {
    /// The rule set and the play.
    #[command(flatten)]
    pub rules: RuleOpts,
    /// Start from this state: arrows TAIL>HEAD, e.g. "0>1,5>4".
    #[arg(long, value_name = "ARROWS")]
    pub state: Option<String>,
    /// The engine to compute with.
    ///
    /// The default is search for the Game of Cycles on a board with cells
    /// under normal play (without --moves and --explain, which the canonical
    /// engine answers), canonical for the rest of normal play (the Game of
    /// Cycles with --moves or --explain included), brute under misère play.
    #[arg(long, value_enum)]
    pub engine: Option<EngineChoice>,
    /// Every legal move with the value it leads to, winning moves first.
    ///
    /// With remoteness (moves to the end with best
    /// play) when the game has at most about a million states. JSON: "moves".
    #[arg(long)]
    pub moves: bool,
    /// The decomposition: components, their values, the nim-sum.
    ///
    /// The components of the unmarked edges in the
    /// paper's words (flows, crashes, twigs, rods, spiders <a^, b_v, c>),
    /// their values, the nim-sum, and what each winning move changes; in
    /// the Game of Cycles each component's live cells too, with the way
    /// each may still be completed. JSON: "components" (with "cells"),
    /// "dead_edges", "grundy", "winning_moves".
    #[arg(long)]
    pub explain: bool,
    /// Also the literal nimber other Game of Cycles solvers report.
    #[arg(long, long_help = LITERAL_HELP)]
    pub literal: bool,
    /// With the search engine: compute the Grundy value too.
    ///
    /// The search decides "is the position plus a nim-heap of n a
    /// second-player win?" for n = 0, 1, 2, ... (the other engines always
    /// compute the value). Without it the search decides the winner only,
    /// and "grundy" is null.
    #[arg(long)]
    pub grundy: bool,
    /// With the search engine: stop at the first winning move found.
    ///
    /// Finding one winning move instead of every one is much cheaper on a
    /// first-player win.
    #[arg(long)]
    pub first_win: bool,
    /// With --engine search and --out DIR: answer only shard R/M of the search.
    ///
    /// The positions two moves deep are the search's tasks, numbered in a
    /// fixed order, and the shard answers those whose number is R modulo M
    /// (nauty's res/mod, 0-based; the 1-based I/N is read too). Default:
    /// the Slurm array task's shard when SLURM_ARRAY_TASK_ID is set, else
    /// the whole search. Each answer is saved in DIR/search-R-of-M.json as
    /// it comes, so a shard killed or stopped by --max-time resumes when
    /// run again; `arrows search merge DIR` joins the shards into the
    /// answer of a single run.
    #[arg(long, value_name = "R/M")]
    pub shard: Option<arrows_tables::Shard>,
    /// Print one JSON object per graph instead of text.
    #[arg(long)]
    pub json: bool,
    /// Print the engine's memo statistics too.
    #[arg(long)]
    pub stats: bool,
    /// Memory budget for the engine's tables, e.g. 512M or 8G.
    ///
    /// The default is three quarters of the available memory. A game that
    /// needs more is refused with a message instead of exhausting memory.
    #[arg(long, value_name = "SIZE", value_parser = crate::flags::values::budget)]
    pub max_memory: Option<arrows_work::Budget>,
    /// Time limit for the whole command, e.g. 90s, 10m or 2h.
    ///
    /// The default is none: a long computation shows its progress on a
    /// terminal and stops on Ctrl-C. Past the limit the computation stops
    /// with a message, exit code 2.
    #[arg(long, value_name = "DURATION", value_parser = crate::flags::values::duration)]
    pub max_time: Option<std::time::Duration>,
    /// Worker threads of the parallel engines (default: one per core).
    ///
    /// The outcome search, brute force and the canonical engine share their
    /// work among this many threads. The answer never depends on it; only
    /// the time and the node counts of --stats do. RAYON_NUM_THREADS sets
    /// the default.
    #[arg(long, value_name = "N")]
    pub threads: Option<usize>,
    /// Keep the canonical engine's solved classes in FILE.
    ///
    /// FILE is read at the start when it exists, written back at the end (also after Ctrl-C
    /// or --max-time: every class kept is exact; the file is replaced
    /// atomically, never left half-written). A later run with the same
    /// rules, on the same or a larger graph or a file of graphs, answers
    /// from it. The file records its rule set: a file of another rule set,
    /// format version or engine, or a damaged one, is refused. Its classes
    /// count against --max-memory.
    #[arg(long, value_name = "FILE")]
    pub memo: Option<PathBuf>,
    /// Write a certificate of the answer to FILE, for `arrows-verify`.
    ///
    /// The certificate proves who wins (and the Grundy value when the
    /// report has it, and which moves win) so that `arrows-verify FILE`, a
    /// small checker that shares no code with the engines, can confirm it
    /// without searching. The format is in docs/certificates.md. The
    /// certificate's own solver decides the position again and must agree
    /// with the engine; its size is known before anything is written and
    /// refused past --certificate-limit. A FILE ending in .gz is
    /// compressed. Normal play, boards of at most 64 edges.
    #[arg(long, value_name = "FILE")]
    pub certificate: Option<PathBuf>,
    /// The most a certificate may take before compression, e.g. 200M (default 1G).
    #[arg(long, value_name = "SIZE", value_parser = crate::flags::values::budget, requires = "certificate")]
    pub certificate_limit: Option<arrows_work::Budget>,
    /// Drawing options.
    #[command(flatten)]
    pub draw: DrawOpts,
}

impl PlayOpts {
    /// The rule set the flags choose.
    pub fn variant(&self) -> Variant {
        self.rules.variant()
    }

    /// The play convention the flags choose.
    pub fn play(&self) -> Play {
        self.rules.play()
    }
}

/// A drawing format.
#[derive(ValueEnum, Debug, Clone, Copy, PartialEq, Eq)]
pub enum DrawChoice {
    /// A self-contained SVG document (every edge carries data-edge="u-v").
    Svg,
    /// A LaTeX document (standalone class) holding one TikZ picture, between marker comments.
    Tikz,
    /// Plain text: a spider one line per leg, paths in a line, other graphs as lists of edges.
    Text,
}

impl From<DrawChoice> for arrows_draw::Format {
    fn from(c: DrawChoice) -> arrows_draw::Format {
        match c {
            DrawChoice::Svg => arrows_draw::Format::Svg,
            DrawChoice::Tikz => arrows_draw::Format::Tikz,
            DrawChoice::Text => arrows_draw::Format::Text,
        }
    }
}

/// Options for drawing the position.
#[derive(Args, Debug, Clone)]
pub struct DrawOpts {
    /// Draw the position as svg, tikz or text.
    ///
    /// The drawing shows its arrows, the components of its unmarked edges
    /// in colours, the winning moves dashed. Without --out the drawing
    /// replaces the report; svg and tikz then take one graph (a file of
    /// several is refused before anything is printed). With --json the
    /// drawing goes into each JSON object under the format's name ("svg",
    /// "tikz" or "text").
    #[arg(long, value_enum, value_name = "FORMAT")]
    pub draw: Option<DrawChoice>,
    /// Write the drawing to this file, or an outcome search's shard to this
    /// directory.
    ///
    /// With --draw: the report is printed as usual. For graphs read from a
    /// file, one file per graph, numbered by its input line: --out pic.svg
    /// writes pic-1.svg, pic-2.svg, ... With --engine search: the directory
    /// of the search's shard (see --shard); a search run again there
    /// resumes.
    #[arg(long, value_name = "FILE|DIR")]
    pub out: Option<PathBuf>,
    /// Leave the title line out of the drawing, for a figure with a caption.
    ///
    /// The title names the graph, the rules, the value and the winner.
    #[arg(long, requires = "draw")]
    pub no_title: bool,
}
