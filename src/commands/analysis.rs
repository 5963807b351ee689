//! The analysis commands (`arrows spider`, `path`, `graph`, ...): options,
//! and the report of who wins.

use crate::commands::memory;
use crate::commands::progress::{self, Bar};
use crate::commands::source::{Named, Source};
use crate::error::{CliError, CliResult};
use crate::flags::analysis::PlayOpts;
use arrows_core::{Arrow, Decoration, Position, SpiderLayout, Variant, formats};
use arrows_solve::{Analysis, Analyzer, Engine, SolveError};
use arrows_text::{bytes, count};
use serde::Serialize;
use std::io::Write;
use std::time::{Duration, Instant};

/// Analyses every graph of `source` and prints the report. One analyzer
/// serves every graph, so a file of graphs shares the canonical memo. A
/// progress bar shows on a terminal when a graph takes more than a second,
/// and Ctrl-C stops the work cleanly (exit code 130).
pub fn run(source: &impl Source, opts: &PlayOpts) -> CliResult {
    let budget = memory::budget(opts.max_memory);
    let engine: Engine = opts.engine.into();
    let bar = Bar::new(engine.unit(), false);
    let control = progress::control(budget, bar.clone());
    let mut analyzer = Analyzer::new();
    let mut out = std::io::stdout().lock();
    let mut first = true;
    let result = source.for_each_within(Some(budget.get()), |named| {
        let start = match &opts.state {
            None => Decoration::empty(named.graph.edge_count()),
            Some(text) => Decoration::parse(&named.graph, text)
                .map_err(|e| in_graph(&named, CliError::usage(e.to_string()).caused_by(e)))?,
        };
        let position = Position::new(&named.graph, opts.variant(), &start);
        let clock = Instant::now();
        let analysis = analyzer
            .analyze(position, engine, &control)
            .map_err(|e| in_graph(&named, advice(position, e, budget.get())))?;
        let elapsed = clock.elapsed();
        bar.finish();
        let report = Report::new(&named, opts.variant(), &start, &analysis, elapsed);
        if opts.json {
            writeln!(out, "{}", serde_json::to_string(&report).expect("a report serializes"))?;
        } else {
            if !first {
                writeln!(out)?;
            }
            report.write_text(&mut out, opts.stats)?;
        }
        first = false;
        Ok(())
    });
    bar.finish();
    result
}

/// One line of advice for an engine's refusal, with the flags that act on
/// it. Every refusal concerns the request (not a state, too large, over the
/// memory budget): a usage error; a cancelled computation exits with 130.
fn advice(position: Position<'_>, e: SolveError, budget: u64) -> CliError {
    let message = match &e {
        SolveError::NotAState(v) => format!(
            "the starting decoration is not a state of the {}: {v}; remove or reverse one of the arrows of --state{}",
            position.variant.title(),
            if position.variant == Variant::Trimmed { "" } else { ", or drop --untrimmed" }
        ),
        SolveError::TooLarge { engine, unmarked_edges, limit } => format!(
            "this game has {}, but the {engine} engine takes at most {limit}; {}",
            count(*unmarked_edges as u64, "unmarked edge"),
            other_engine(position, *engine, budget).map_or_else(
                || "ask about a game with fewer unmarked edges".to_string(),
                |e| format!("use --engine {e}")
            )
        ),
        SolveError::MemoryBudget { engine, needed, .. } => format!(
            "the {engine} engine would need {} for this game, past the memory budget of {}; {}",
            about(*needed),
            bytes(budget),
            way_out(position, *engine, Some(*needed), budget)
        ),
        SolveError::OutOfBudget { engine, entries, .. } => format!(
            "the {engine} engine stopped after storing {}, at the memory budget of {}; {}",
            count(*entries, "value"),
            bytes(budget),
            way_out(position, *engine, None, budget)
        ),
        SolveError::Cancelled(c) => return CliError::from(*c),
    };
    CliError::usage(message).caused_by(e)
}

/// The way out of a refusal: another engine whose estimate fits the
/// budget, or more memory.
fn way_out(position: Position<'_>, refused: Engine, needed: Option<u64>, budget: u64) -> String {
    let raise = match needed {
        Some(n) if n < u64::MAX => format!("raise --max-memory to at least {}", bytes(n)),
        _ => "raise --max-memory".to_string(),
    };
    match other_engine(position, refused, budget) {
        Some(better) => format!("use --engine {better}, or {raise}"),
        None => format!("{raise} (no other engine fits this budget)"),
    }
}

/// An estimate in words; the largest size stands for "past what 64 bits count".
fn about(needed: u64) -> String {
    if needed == u64::MAX { "more memory than 64-bit sizes count".into() } else { format!("about {}", bytes(needed)) }
}

/// Another engine that takes the game and whose estimate fits the budget,
/// the canonical engine first.
fn other_engine(position: Position<'_>, refused: Engine, budget: u64) -> Option<Engine> {
    let fits = |e: Engine| {
        e != refused
            && (e != Engine::Brute || position.unmarked() <= arrows_solve::brute::MAX_UNMARKED)
            && e.estimated_bytes(position) <= budget
    };
    [Engine::Canonical, Engine::Brute, Engine::Explicit].into_iter().find(|&e| fits(e))
}

/// The graph as one line: graph6 up to 62 vertices, else the shorter of
/// graph6 and sparse6 (computed only when graph6 is not too long to consider).
fn graph_line(graph: &arrows_core::Graph) -> (Option<String>, Option<String>) {
    let n = graph.vertex_count() as u64;
    if n <= 62 {
        return (Some(formats::to_graph6(graph)), None);
    }
    let sparse = formats::to_sparse6(graph);
    let graph6_len = 8 + (n * n.saturating_sub(1) / 2).div_ceil(6);
    if graph6_len <= sparse.len() as u64 { (Some(formats::to_graph6(graph)), None) } else { (None, Some(sparse)) }
}

/// Prefixes an error with the graph it concerns when the graph came from a file.
fn in_graph(named: &Named, e: CliError) -> CliError {
    match named.line {
        Some(line) => {
            let mut e = e;
            e.message = format!("line {line} ({}): {}", named.name, e.message);
            e
        }
        None => e,
    }
}

/// Everything printed about one graph; also the JSON object.
#[derive(Serialize)]
pub struct Report {
    /// The graph's name.
    pub graph: String,
    /// The graph in graph6 (graphs of at most 62 vertices, and larger ones
    /// whose graph6 is shorter than their sparse6).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub graph6: Option<String>,
    /// The graph in sparse6, for larger graphs (graph6 grows with the
    /// square of the number of vertices).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub sparse6: Option<String>,
    /// Number of vertices.
    pub vertices: usize,
    /// Number of edges.
    pub edges: usize,
    /// `trimmed` or `untrimmed`.
    pub variant: Variant,
    /// The starting state in arrow notation (empty for the empty state).
    pub state: String,
    /// The Grundy value.
    pub grundy: u32,
    /// `first` or `second`: who wins with perfect play.
    pub winner: &'static str,
    /// Number of legal moves.
    pub moves: usize,
    /// The moves to a follower of value 0.
    pub winning_moves: Vec<Arrow>,
    /// The engine.
    pub engine: Engine,
    /// Distinct states (brute) or canonical components (canonical) solved.
    pub solved: u64,
    /// Memo look-ups answered without computing.
    pub memo_hits: u64,
    /// Wall-clock time of the analysis in milliseconds.
    pub time_ms: f64,
    /// Peak resident memory of the process so far, in bytes (when the system reports it).
    pub peak_memory_bytes: Option<u64>,
    /// Vertices with no edge, which take no part in the game (left out when there are none).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub isolated_vertices: Option<usize>,
    /// The line of the input file the graph was read from (graphs from files only).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub input_line: Option<usize>,
    /// Leg coordinates of the winning moves, for spiders.
    #[serde(skip)]
    spider: Option<SpiderLayout>,
}

impl Report {
    fn new(named: &Named, variant: Variant, start: &Decoration, a: &Analysis, elapsed: Duration) -> Report {
        let (graph6, sparse6) = graph_line(&named.graph);
        Report {
            graph: named.name.clone(),
            graph6,
            sparse6,
            vertices: named.graph.vertex_count(),
            edges: named.graph.edge_count(),
            variant,
            state: start.display(&named.graph).to_string(),
            grundy: a.grundy,
            winner: if a.first_player_wins() { "first" } else { "second" },
            moves: a.move_count,
            winning_moves: a.winning_moves.clone(),
            engine: a.engine,
            solved: a.stats.solved,
            memo_hits: a.stats.memo_hits,
            time_ms: elapsed.as_secs_f64() * 1e3,
            peak_memory_bytes: memory::peak_resident(),
            isolated_vertices: Some(named.graph.isolated_count()).filter(|&n| n > 0),
            input_line: named.line,
            spider: named.spider.clone(),
        }
    }

    fn describe(&self, a: Arrow) -> String {
        let Some(s) = &self.spider else { return a.to_string() };
        // The edge's leg coordinates: its outer end is the vertex farther from the hub.
        let outer = a.tail.max(a.head);
        let (leg, i) = s.locate(outer - 1);
        let way = if a.head == outer { "away from the hub" } else { "toward the hub" };
        format!("{a} (leg {}, edge {i}, {way})", leg + 1)
    }

    fn write_text(&self, out: &mut impl Write, stats: bool) -> std::io::Result<()> {
        if let Some(line) = self.input_line {
            writeln!(out, "input line     {line}")?;
        }
        writeln!(
            out,
            "graph          {} ({}, {})",
            self.graph,
            count(self.vertices as u64, "vertex|vertices"),
            count(self.edges as u64, "edge")
        )?;
        if let Some(n) = self.isolated_vertices {
            writeln!(
                out,
                "               {} ignored (no edge touches them)",
                count(n as u64, "isolated vertex|isolated vertices")
            )?;
        }
        writeln!(out, "rule set       {}", self.variant.title())?;
        if !self.state.is_empty() {
            writeln!(out, "state          {}", self.state)?;
        }
        writeln!(out, "grundy value   {}", self.grundy)?;
        let winner = if self.grundy == 0 { "second player wins" } else { "first player wins" };
        writeln!(out, "outcome        {winner}")?;
        if self.grundy == 0 {
            let why = if self.moves == 0 { "no move at all" } else { "every move leaves a winning position" };
            writeln!(out, "winning moves  none ({why}, {})", count(self.moves as u64, "move"))?;
        } else {
            writeln!(out, "winning moves  {} of {}:", self.winning_moves.len(), count(self.moves as u64, "move"))?;
            for &a in &self.winning_moves {
                writeln!(out, "                 {}", self.describe(a))?;
            }
        }
        let unit = match self.engine {
            Engine::Brute => "state",
            Engine::Canonical => "component class|component classes",
            Engine::Explicit => "position",
        };
        writeln!(out, "engine         {}, {} solved", self.engine, count(self.solved, unit))?;
        if stats {
            writeln!(out, "memo hits      {}", self.memo_hits)?;
            if let Some(b) = self.peak_memory_bytes {
                writeln!(out, "peak memory    {}", bytes(b))?;
            }
        }
        writeln!(out, "time           {}", arrows_text::duration(Duration::from_secs_f64(self.time_ms / 1e3)))
    }
}
