//! The answer to a request: one row per position listed, as an aligned
//! table, a grid of gamma values, or JSON (one object per row).

use crate::analysis::{Analysis, Remoteness};
use crate::digraph::{Digraph, VertexId};
use crate::gamma::Gamma;
use crate::outcome::Outcome;
use arrows_text::Columns;
use serde::Serialize;

/// The solution of a game for the positions asked for.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Report {
    /// The game and its parameters, one line.
    pub title: String,
    /// The bound a game that adds stones was explored to.
    pub bound: Option<u64>,
    /// What was explored.
    pub summary: Summary,
    /// The name of the game's extra column (the policeman's `winner`).
    pub extra: Option<&'static str>,
    /// One row per position listed.
    pub rows: Vec<Row>,
    /// For a game on pairs listed up to a number: the smallest and the
    /// largest number, the rows being every pair of them, first number
    /// slowest.
    #[serde(skip)]
    pub square: Option<(u32, u32)>,
}

/// The size of what was solved.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
pub struct Summary {
    /// Positions of the digraph.
    pub positions: usize,
    /// Moves of the digraph.
    pub moves: usize,
    /// Whether the digraph was explored from rules (not read as given).
    pub explored: bool,
    /// Whether no position was cut off by a bound: the digraph is the whole
    /// game from the positions listed.
    pub complete: bool,
}

/// One position: what is known of it, each field `None` where a bound
/// leaves it open.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Row {
    /// The position as the game writes it.
    pub position: String,
    /// P, N or D.
    pub outcome: Option<Outcome>,
    /// What is known of the remoteness.
    pub remoteness: Remoteness,
    /// The generalized Sprague-Grundy value.
    pub gamma: Option<Gamma>,
    /// A best move (winning from N, keeping the draw from D): the position
    /// moved to.
    pub best: Option<String>,
    /// Whether nothing of the row depends on a bound.
    pub exact: bool,
    /// The value of the game's extra column (`?` where the outcome is open).
    pub extra: Option<String>,
}

impl Row {
    /// The heap memory a listed row may take: the row, its strings, and its
    /// cells in an aligned table (six cells of at most 24 characters), in
    /// bytes. Requests count it per row against their budget.
    pub const BYTES: u64 = 640;

    /// The row of position `v`, named by `name`.
    pub(crate) fn new(
        graph: &Digraph,
        analysis: &Analysis,
        v: VertexId,
        name: &dyn Fn(VertexId) -> String,
        extra: Option<&dyn Fn(VertexId, Option<Outcome>) -> String>,
    ) -> Row {
        let outcome = analysis.outcome(v);
        Row {
            position: name(v),
            outcome,
            remoteness: analysis.remoteness(v),
            gamma: analysis.gamma(v),
            best: analysis.best_move(graph, v).filter(|_| outcome != Some(Outcome::P)).map(name),
            exact: analysis.is_exact(v),
            extra: extra.map(|f| f(v, outcome)),
        }
    }

    /// The cells of the row in a table: `?` for what a bound leaves open, `-`
    /// for no remoteness (a draw) and no move, a remoteness known within
    /// bounds as `LOW..HIGH`.
    pub fn cells(&self) -> Vec<String> {
        let mut cells = vec![
            self.position.clone(),
            self.outcome.map_or("?".into(), |o| o.letter().to_string()),
            match self.remoteness {
                Remoteness::Exact(r) => r.to_string(),
                Remoteness::Between { low, high } => format!("{low}..{high}"),
                Remoteness::None if self.outcome.is_none() => "?".into(),
                Remoteness::None => "-".into(),
            },
            self.gamma.as_ref().map_or("?".into(), Gamma::to_string),
            self.best.clone().unwrap_or_else(|| "-".into()),
        ];
        if let Some(extra) = &self.extra {
            cells.push(extra.clone());
        }
        cells
    }
}

impl Serialize for Row {
    /// `{"position", "outcome", "remoteness", "remoteness_range" (only when
    /// known within bounds), "gamma", "move", "exact", "winner" (the extra
    /// column, when the game has one)}`; what a bound leaves open is `null`.
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        #[derive(Serialize)]
        struct Json<'a> {
            position: &'a str,
            outcome: Option<Outcome>,
            remoteness: Option<u32>,
            #[serde(skip_serializing_if = "Option::is_none")]
            remoteness_range: Option<[u32; 2]>,
            gamma: &'a Option<Gamma>,
            #[serde(rename = "move")]
            best: Option<&'a str>,
            exact: bool,
            #[serde(skip_serializing_if = "Option::is_none")]
            winner: Option<&'a str>,
        }
        Json {
            position: &self.position,
            outcome: self.outcome,
            remoteness: match self.remoteness {
                Remoteness::Exact(r) => Some(r),
                _ => None,
            },
            remoteness_range: match self.remoteness {
                Remoteness::Between { low, high } => Some([low, high]),
                _ => None,
            },
            gamma: &self.gamma,
            best: self.best.as_deref(),
            exact: self.exact,
            winner: self.extra.as_deref(),
        }
        .serialize(serializer)
    }
}

/// The rows of a report by outcome, and what the bound leaves open.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Tally<'a> {
    /// The P-positions listed, in order.
    pub p: Vec<&'a str>,
    /// The N-positions listed.
    pub n: Vec<&'a str>,
    /// The D-positions listed.
    pub d: Vec<&'a str>,
    /// Rows whose outcome the bound leaves open.
    pub open_outcomes: usize,
    /// Rows whose remoteness is known only within bounds.
    pub remoteness_ranges: usize,
    /// Rows whose gamma the bound leaves open.
    pub open_gammas: usize,
}

impl Report {
    /// The rows as an aligned table with a header (by display width, so
    /// that `∞{K}` aligns).
    pub fn table(&self) -> Columns {
        let mut header = vec!["position", "outcome", "remoteness", "gamma", "move"];
        header.extend(self.extra);
        let mut table = Columns::new().header(header);
        for row in &self.rows {
            table.push(row.cells());
        }
        table
    }

    /// The positions by outcome, and what the bound leaves open.
    pub fn tally(&self) -> Tally<'_> {
        let listed = |o: Outcome| self.rows.iter().filter(move |r| r.outcome == Some(o)).map(|r| r.position.as_str());
        Tally {
            p: listed(Outcome::P).collect(),
            n: listed(Outcome::N).collect(),
            d: listed(Outcome::D).collect(),
            open_outcomes: self.rows.iter().filter(|r| r.outcome.is_none()).count(),
            remoteness_ranges: self.rows.iter().filter(|r| matches!(r.remoteness, Remoteness::Between { .. })).count(),
            open_gammas: self.rows.iter().filter(|r| r.gamma.is_none()).count(),
        }
    }

    /// The gamma values of a game on pairs listed up to a number, as a grid:
    /// rows the first number, columns the second, right-aligned; `None` for
    /// other reports.
    pub fn grid(&self) -> Option<Columns> {
        let (smallest, upto) = self.square?;
        let side = (upto - smallest + 1) as usize;
        if self.rows.len() != side * side {
            return None;
        }
        // An empty column after the row numbers sets them two spaces apart.
        let mut grid = Columns::new().gap(1).all_right(side + 2);
        grid = grid.header(["".to_string(), String::new()].into_iter().chain((smallest..=upto).map(|b| b.to_string())));
        for (a, cells) in (smallest..=upto).zip(self.rows.chunks(side)) {
            let values = cells.iter().map(|r| r.gamma.as_ref().map_or("?".into(), Gamma::to_string));
            grid.push([a.to_string(), String::new()].into_iter().chain(values));
        }
        Some(grid)
    }
}
