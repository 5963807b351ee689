//! The analysis commands (`arrows spider`, `path`, `graph`, ...): options,
//! and the report of who wins.

use crate::commands::memory;
use crate::commands::source::{Named, Source};
use crate::error::{CliError, CliResult};
use crate::flags::analysis::PlayOpts;
use arrows_core::{Arrow, Decoration, SpiderLayout, Variant, formats};
use arrows_solve::{Analysis, Analyzer, Engine, Request, with_stack};
use serde::Serialize;
use std::io::Write;
use std::time::{Duration, Instant};

/// Analyses every graph of `source` and prints the report. One analyzer
/// serves every graph, so a file of graphs shares the canonical memo.
pub fn run(source: &(impl Source + Sync), opts: &PlayOpts) -> CliResult {
    let budget = memory::budget(opts.max_memory).get();
    with_stack(|| run_here(source, opts, budget))
}

fn run_here(source: &impl Source, opts: &PlayOpts, budget: u64) -> CliResult {
    let mut analyzer = Analyzer::new(budget);
    let mut out = std::io::stdout().lock();
    let mut first = true;
    source.for_each_within(Some(budget), |named| {
        let start = match &opts.state {
            None => Decoration::empty(named.graph.edge_count()),
            Some(text) => Decoration::parse(&named.graph, text).map_err(|e| in_graph(&named, e.to_string()))?,
        };
        let request = Request { graph: &named.graph, variant: opts.variant(), start: &start, budget };
        let clock = Instant::now();
        // Every refusal of an engine concerns the request (not a state, too
        // large, over the memory budget): a usage error.
        let analysis = analyzer.analyze(request, opts.engine.into()).map_err(|e| in_graph(&named, e.to_string()))?;
        let elapsed = clock.elapsed();
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
    })
}

/// Prefixes a message with the graph it concerns when the graph came from a file.
fn in_graph(named: &Named, message: String) -> CliError {
    match named.line {
        Some(line) => CliError::usage(format!("line {line} ({}): {message}", named.name)),
        None => CliError::usage(message),
    }
}

/// Everything printed about one graph; also the JSON object.
#[derive(Serialize)]
pub struct Report {
    /// The graph's name.
    pub graph: String,
    /// The graph in graph6.
    pub graph6: String,
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
    /// Leg coordinates of the winning moves, for spiders.
    #[serde(skip)]
    spider: Option<SpiderLayout>,
    #[serde(skip)]
    source_line: Option<usize>,
}

impl Report {
    fn new(named: &Named, variant: Variant, start: &Decoration, a: &Analysis, elapsed: Duration) -> Report {
        Report {
            graph: named.name.clone(),
            graph6: formats::to_graph6(&named.graph),
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
            spider: named.spider.clone(),
            source_line: named.line,
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
        if let Some(line) = self.source_line {
            writeln!(out, "input line     {line}")?;
        }
        writeln!(out, "graph          {} ({} vertices, {} edges)", self.graph, self.vertices, self.edges)?;
        if let Some(n) = self.isolated_vertices {
            writeln!(
                out,
                "               {} ignored (no edge touches them)",
                arrows_text::count(n as u64, "isolated vertex|isolated vertices")
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
            writeln!(out, "winning moves  none ({why}, {} moves)", self.moves)?;
        } else {
            writeln!(out, "winning moves  {} of {} moves:", self.winning_moves.len(), self.moves)?;
            for &a in &self.winning_moves {
                writeln!(out, "                 {}", self.describe(a))?;
            }
        }
        let unit = match self.engine {
            Engine::Brute => "states",
            Engine::Canonical => "component classes",
            Engine::Explicit => "positions",
        };
        writeln!(out, "engine         {}, {} {unit} solved", self.engine, self.solved)?;
        if stats {
            writeln!(out, "memo hits      {}", self.memo_hits)?;
            if let Some(b) = self.peak_memory_bytes {
                writeln!(out, "peak memory    {}", arrows_solve::error::human_bytes(b))?;
            }
        }
        writeln!(out, "time           {}", human_time(self.time_ms))
    }
}

/// `0.4 ms`, `12.3 ms`, `1.52 s`.
fn human_time(ms: f64) -> String {
    if ms < 1000.0 { format!("{ms:.1} ms") } else { format!("{:.2} s", ms / 1000.0) }
}
