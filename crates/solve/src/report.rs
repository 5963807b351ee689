//! The report of one analysed position, as every front door shows it: the
//! command line's `--json` object, the explorer's API answer and the
//! Python module's `to_dict()` are this one structure, serialized.
//!
//! [`Report::new`] takes what the analysis found; [`Report::with_moves`]
//! and [`Report::with_explanation`] add every move's value (and
//! remoteness) and the decomposition when they were asked for.

use crate::analysis::{Analysis, Engine};
use crate::explain::Explanation;
use crate::remoteness::Remoteness;
use arrows_core::{Arrow, Graph, Play, Position, SpiderLayout, Standing, Variant, formats};
use serde::Serialize;
use std::time::Duration;

/// Where a move lies on a spider: its leg (from 1), its edge on the leg
/// (from 1 at the hub), and whether it points away from the hub.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
pub struct LegPlace {
    /// The leg, from 1.
    pub leg: usize,
    /// The edge on the leg, from 1 at the hub.
    pub edge: usize,
    /// `away` (from the hub) or `toward`.
    pub direction: &'static str,
}

impl LegPlace {
    /// The place of `a` on the spider laid out as `spider` (hub 0, legs numbered outward).
    pub fn of(spider: &SpiderLayout, a: Arrow) -> LegPlace {
        // The edge's outer end is the vertex farther from the hub.
        let outer = a.tail.max(a.head);
        let (leg, i) = spider.locate(outer - 1);
        LegPlace { leg: leg + 1, edge: i, direction: if a.head == outer { "away" } else { "toward" } }
    }
}

/// One legal move and the value of the position it leads to.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct MoveValue {
    /// The move.
    #[serde(rename = "move")]
    pub arrow: Arrow,
    /// The follower's Grundy value; `null` when the follower leaves the
    /// opponent a cell to complete (a losing move in the Game of Cycles).
    pub grundy: Option<u32>,
    /// The follower's remoteness, when the remoteness search fits the budget.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub remoteness: Option<u32>,
    /// Where the move lies, on a spider.
    #[serde(flatten, skip_serializing_if = "Option::is_none")]
    pub place: Option<LegPlace>,
    /// `true` when the move wins (it leads to a position the opponent loses).
    pub winning: bool,
}

/// Everything reported about one position; also the JSON object.
#[derive(Debug, Clone, Serialize)]
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
    /// `trimmed`, `untrimmed` or `cycles`.
    pub variant: Variant,
    /// `normal` or `misere`.
    pub play: Play,
    /// Number of cycle cells, in the Game of Cycles (left out otherwise).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub cells: Option<usize>,
    /// The starting state in arrow notation (empty for the empty state).
    pub state: String,
    /// The cell the starting state completes, as its vertex walk (the game
    /// is over; left out when there is none).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub completed_cell: Option<String>,
    /// The Grundy value under the chosen play (the misère Grundy value
    /// under misère play); `null` when the player to move completes a
    /// cell, or when the outcome search decided the winner without it
    /// (`search.grundy_asked` is then `false`).
    pub grundy: Option<u32>,
    /// The literal nimber, when asked for ([`crate::literal`]): the nimber
    /// of the Game of Cycles as existing solvers count it (completing a
    /// cell is a move to a terminal position). Same winner as `grundy`,
    /// but it does not add over components.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub literal_nimber: Option<u32>,
    /// `first` or `second`: who wins with perfect play.
    pub winner: &'static str,
    /// The position's remoteness, when `--moves` asked for it and the
    /// search fits the budget.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub remoteness: Option<u32>,
    /// Number of legal moves.
    pub move_count: usize,
    /// The winning moves: to a follower of value 0, and when the player
    /// to move can complete a cell, every move that completes one.
    pub winning_moves: Vec<Arrow>,
    /// Every legal move with its follower's value, winning moves first
    /// (when asked for).
    #[serde(rename = "moves", skip_serializing_if = "Option::is_none")]
    pub move_values: Option<Vec<MoveValue>>,
    /// The decomposition (when asked for).
    #[serde(flatten, skip_serializing_if = "Option::is_none")]
    pub explanation: Option<Explanation>,
    /// The engine.
    pub engine: Engine,
    /// The outcome search's work and what it was asked (its engine only).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub search: Option<crate::search::SearchStats>,
    /// Distinct states (brute) or canonical components (canonical) solved.
    pub solved: u64,
    /// Memo look-ups answered without computing.
    pub memo_hits: u64,
    /// Classes the memo evicted to stay within the budget (canonical engine).
    pub memo_evicted: u64,
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
    /// Leg coordinates, for spiders.
    #[serde(skip)]
    pub spider: Option<SpiderLayout>,
}

impl Report {
    /// The report of `analysis` of `position` (whose graph is named `name`).
    pub fn new(name: &str, position: Position<'_>, analysis: &Analysis, elapsed: Duration) -> Report {
        let graph = position.graph;
        let (graph6, sparse6) = graph_line(graph);
        let completed_cell = match position.standing() {
            Standing::Completed(c) => Some(graph.cell_list()[c].walk_text(graph)),
            _ => None,
        };
        Report {
            graph: name.to_string(),
            graph6,
            sparse6,
            vertices: graph.vertex_count(),
            edges: graph.edge_count(),
            variant: position.variant,
            play: position.play,
            cells: position.plays_cells().then(|| graph.cell_list().len()),
            state: position.state.display(graph).to_string(),
            completed_cell,
            grundy: analysis.grundy,
            literal_nimber: None,
            winner: if analysis.first_player_wins() { "first" } else { "second" },
            remoteness: None,
            move_count: analysis.move_count,
            winning_moves: analysis.winning_moves.clone(),
            move_values: None,
            explanation: None,
            engine: analysis.engine,
            search: analysis.search,
            solved: analysis.stats.solved,
            memo_hits: analysis.stats.memo_hits,
            memo_evicted: analysis.stats.memo_evicted,
            time_ms: elapsed.as_secs_f64() * 1e3,
            peak_memory_bytes: arrows_work::peak_resident(),
            isolated_vertices: Some(graph.isolated_count()).filter(|&n| n > 0),
            input_line: None,
            spider: None,
        }
    }

    /// The same report, its moves named by leg on the spider `spider`.
    pub fn on_spider(mut self, spider: Option<SpiderLayout>) -> Report {
        self.spider = spider;
        self
    }

    /// The same report, for the graph on line `line` of a file.
    pub fn at_line(mut self, line: Option<usize>) -> Report {
        self.input_line = line;
        self
    }

    /// The same report with every move's value, winning moves first, then
    /// by value; with remoteness when `remoteness` gives it (the position's
    /// own, and each follower's).
    pub fn with_moves(
        mut self,
        values: Vec<(Arrow, Option<u32>)>,
        remoteness: Option<(Remoteness, Vec<(Arrow, Remoteness)>)>,
    ) -> Report {
        let (own, followers) = match remoteness {
            Some((own, f)) => (Some(own.moves), f),
            None => (None, Vec::new()),
        };
        let winning: std::collections::HashSet<Arrow> = self.winning_moves.iter().copied().collect();
        let mut moves: Vec<MoveValue> = values
            .into_iter()
            .map(|(arrow, grundy)| MoveValue {
                arrow,
                grundy,
                remoteness: followers.iter().find(|(a, _)| *a == arrow).map(|(_, r)| r.moves),
                place: self.spider.as_ref().map(|s| LegPlace::of(s, arrow)),
                winning: winning.contains(&arrow),
            })
            .collect();
        // Winning moves first, then by value (a move leaving a cell to complete last).
        moves.sort_by_key(|m| (!m.winning, m.grundy.is_none(), m.grundy));
        self.remoteness = own;
        self.move_values = Some(moves);
        self
    }

    /// The same report with the decomposition.
    pub fn with_explanation(mut self, x: Explanation) -> Report {
        self.explanation = Some(x);
        self
    }

    /// A move in words: `3>4`, or on a spider `3>4 (leg 1, edge 3, away from the hub)`.
    pub fn describe(&self, a: Arrow) -> String {
        match &self.spider {
            None => a.to_string(),
            Some(s) => {
                let p = LegPlace::of(s, a);
                let way = if p.direction == "away" { "away from the hub" } else { "toward the hub" };
                format!("{a} (leg {}, edge {}, {way})", p.leg, p.edge)
            }
        }
    }
}

/// The graph as one line: graph6 up to 62 vertices, else the shorter of
/// graph6 and sparse6 (computed only when graph6 is not too long to consider).
pub fn graph_line(graph: &Graph) -> (Option<String>, Option<String>) {
    let n = graph.vertex_count() as u64;
    if n <= 62 {
        return (Some(formats::to_graph6(graph)), None);
    }
    let sparse = formats::to_sparse6(graph);
    let graph6_len = 8 + (n * n.saturating_sub(1) / 2).div_ceil(6);
    if graph6_len <= sparse.len() as u64 { (Some(formats::to_graph6(graph)), None) } else { (None, Some(sparse)) }
}
