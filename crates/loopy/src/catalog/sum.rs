//! Sums: one token on each term, a move moves one token. Each term is a
//! position of a game of the catalog (`GAME:POSITION`) or a vertex of a
//! digraph; the value of the sum is the nim-sum of the terms' gamma values,
//! and can be checked on the sum's product digraph.

use super::{CatalogError, GameId, Parameters};
use crate::analysis::Analysis;
use crate::cost::Cost;
use crate::digraph::{Digraph, VertexId};
use crate::explore::{Game, Limits, explore_with};
use crate::games::fair_shares::FairShares;
use crate::games::heap::HeapGame;
use crate::games::nim::{Nim, Nimble};
use crate::games::pair::{EmptyAndDivide, Rectangle};
use crate::games::turtles::TurningTurtles;
use crate::games::{Notation, parse_list};
use crate::gamma::{Gamma, GammaLabels, gamma_with};
use crate::outcome::Outcome;
use crate::sum::{Token, product_with, sum_best_move, sum_value};
use crate::text::NamedDigraph;
use arrows_text::Columns;
use arrows_work::Control;
use serde::Serialize;
use std::borrow::Cow;

/// A sum to solve.
#[derive(Debug, Clone)]
pub struct SumRequest {
    /// The terms: `GAME:POSITION` (`square-but-one:7`, `rectangle:3x4`), or
    /// a vertex name of `digraph` (optionally `digraph:NAME`).
    pub terms: Vec<String>,
    /// The parameters of the games' terms: the subtraction set, the bound.
    pub parameters: Parameters,
    /// The digraph whose vertices the other terms name.
    pub digraph: Option<NamedDigraph>,
    /// Also solve the sum's product digraph and check its value.
    pub verify: bool,
    /// Caps on each term's exploration and on the product digraph.
    pub limits: Limits,
}

/// The value of a sum and its best move. Serialized with its fields in
/// alphabetical order.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct SumReport {
    /// The value of the sum.
    pub gamma: Gamma,
    /// The best move: a win from N, keeping the draw from D; `None` from P.
    #[serde(rename = "move")]
    pub best: Option<BestMove>,
    /// P, N or D.
    pub outcome: Outcome,
    /// Each term's value.
    pub terms: Vec<TermValue>,
    /// The positions of the product digraph, when the value was checked on it.
    pub verified_positions: Option<usize>,
}

/// The value of one term.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct TermValue {
    /// Its gamma value.
    pub gamma: Gamma,
    /// Its outcome alone.
    pub outcome: Outcome,
    /// The term as given.
    pub term: String,
}

/// A move of a sum: the token of `term` moves from `from` to `to`.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct BestMove {
    /// The position the token leaves.
    pub from: String,
    /// The term whose token moves.
    pub term: String,
    /// The position the token goes to.
    pub to: String,
}

impl SumReport {
    /// The terms and the sum, with their values and outcomes, aligned.
    pub fn table(&self) -> Columns {
        let mut table = Columns::new().header(["term", "gamma", "outcome"]);
        for t in &self.terms {
            table.push([t.term.clone(), t.gamma.to_string(), t.outcome.letter().to_string()]);
        }
        table.row(["sum".to_string(), self.gamma.to_string(), self.outcome.letter().to_string()])
    }

    /// What the outcome means for the player to move, and the move to make.
    pub fn verdict(&self) -> String {
        match (self.outcome, &self.best) {
            (Outcome::P, _) => "P: the player to move loses; every move leads to an N-position".into(),
            (Outcome::N, Some(m)) => format!("N: win by moving {} to {}", m.term, m.to),
            (Outcome::D, Some(m)) => format!("D: keep the draw by moving {} to {}", m.term, m.to),
            (o, None) => format!("{}: no move", o.letter()),
        }
    }
}

/// A solved term: its digraph, its gamma values, where its token stands,
/// and how its positions are written.
struct Component<'a> {
    term: String,
    graph: Cow<'a, Digraph>,
    labels: Cow<'a, GammaLabels>,
    start: VertexId,
    name: Box<dyn Fn(VertexId) -> String + 'a>,
}

/// Solves the sum of `request`'s terms under `control`.
pub fn solve_sum(request: &SumRequest, control: &Control) -> Result<SumReport, CatalogError> {
    let shared = match &request.digraph {
        Some(d) => Some((d, gamma_with(&d.graph, control)?)),
        None => None,
    };
    let mut parts: Vec<Component<'_>> = Vec::new();
    for term in &request.terms {
        let game = term.split_once(':').and_then(|(g, position)| super::game(g).map(|info| (info, position)));
        match (game, &shared) {
            (Some((info, position)), _) if info.in_sums => {
                let c = component(info.id, position, &request.parameters, request.limits, control);
                let c = c.map_err(|e| e.in_term(term))?;
                parts.push(Component { term: term.clone(), ..c });
            }
            (Some((info, _)), None) => return Err(CatalogError::NotInSums { game: info.name }.in_term(term)),
            (_, None) => return Err(CatalogError::NotATerm { term: term.clone() }),
            (_, Some((digraph, labels))) => {
                let vertex = term.strip_prefix("digraph:").unwrap_or(term);
                let v = digraph.vertex(vertex).ok_or_else(|| CatalogError::UnknownVertex { name: vertex.into() })?;
                parts.push(Component {
                    term: term.clone(),
                    graph: Cow::Borrowed(&digraph.graph),
                    labels: Cow::Borrowed(labels),
                    start: v,
                    name: Box::new(move |w| digraph.name(w).to_string()),
                });
            }
        }
    }
    let values: Vec<Gamma> = parts.iter().map(|c| c.labels.get(c.start)).collect();
    let total = sum_value(&values);
    let tokens: Vec<Token<'_>> =
        parts.iter().map(|c| Token { graph: &c.graph, labels: &c.labels, position: c.start }).collect();
    let best = sum_best_move(&tokens).map(|m| {
        let c = &parts[m.component];
        BestMove { from: (c.name)(c.start), term: c.term.clone(), to: (c.name)(m.to) }
    });
    let verified_positions = if request.verify { Some(verify(&parts, &total, request.limits, control)?) } else { None };
    let terms = parts
        .iter()
        .zip(values)
        .map(|(c, gamma)| TermValue { outcome: gamma.outcome(), gamma, term: c.term.clone() })
        .collect();
    Ok(SumReport { outcome: total.outcome(), gamma: total, best, terms, verified_positions })
}

/// The term `position` of game `id`, explored and solved.
fn component<'a>(
    id: GameId,
    position: &str,
    p: &Parameters,
    limits: Limits,
    control: &Control,
) -> Result<Component<'a>, CatalogError> {
    match id {
        GameId::Subtraction => {
            let set = p.set.clone().ok_or(CatalogError::MissingParameter { game: id.info().name, parameter: "set" })?;
            heap(id, HeapGame::subtraction(set)?, position, p.bound, limits, control)
        }
        GameId::Nim => explored(Nim, position, None, limits, control),
        GameId::AtLeastHalf
        | GameId::AtMostHalf
        | GameId::Divisor
        | GameId::Aliquot
        | GameId::SquareButOne
        | GameId::SquareButOneOdd
        | GameId::PutOrTakeASquare
        | GameId::Tribulations => {
            let rule = id.heap_rule().expect("a one-heap game");
            heap(id, HeapGame::new(rule), position, p.bound, limits, control)
        }
        GameId::Rectangle => explored(Rectangle, position, None, limits, control),
        GameId::EmptyAndDivide => explored(EmptyAndDivide, position, None, limits, control),
        GameId::Nimble => explored(Nimble, position, None, limits, control),
        GameId::FairShares => {
            let almonds = parse_list(position, "a heap")?.iter().fold(0u64, |a, &h| a.saturating_add(h));
            explored(FairShares::new(almonds)?, position, None, limits, control)
        }
        GameId::TurningTurtles => {
            let coins = position.trim().chars().count() as u64;
            explored(TurningTurtles::new(coins)?, position, None, limits, control)
        }
        GameId::Policeman | GameId::CopWin | GameId::Digraph => Err(CatalogError::NotInSums { game: id.info().name }),
    }
}

/// A heap term: a game that adds stones is explored to `bound` (default: the
/// game's), the others to `bound` when one is given.
fn heap<'a>(
    id: GameId,
    game: HeapGame,
    position: &str,
    bound: Option<u64>,
    limits: Limits,
    control: &Control,
) -> Result<Component<'a>, CatalogError> {
    let bound = match id.default_bound(game.parse(position)?, limits.max_positions) {
        Some(default) => Some(bound.unwrap_or(default)),
        None => bound,
    };
    let game = match bound {
        Some(b) => game.with_bound(b),
        None => game,
    };
    explored(game, position, bound, limits, control)
}

/// Explores `game` from `position` and solves it; refuses a term whose value
/// the bound leaves open.
fn explored<'a, G: Game + Notation + 'a>(
    game: G,
    position: &str,
    bound: Option<u64>,
    limits: Limits,
    control: &Control,
) -> Result<Component<'a>, CatalogError> {
    let start = game.parse(position)?;
    let e = explore_with(&game, [start], limits, Cost::ANALYSIS, control)?;
    let analysis = Analysis::with_control(e.graph(), e.cut_off(), control)?;
    if analysis.gamma(0).is_none() {
        return Err(CatalogError::ValueBeyondBound { bound: bound.unwrap_or(0) });
    }
    let labels = analysis.into_gamma_labels();
    let (graph, positions) = e.into_parts();
    Ok(Component {
        term: String::new(),
        graph: Cow::Owned(graph),
        labels: Cow::Owned(labels),
        start: 0,
        name: Box::new(move |v| game.format(&positions[v as usize])),
    })
}

/// Solves the product digraph of the terms and compares its value at the
/// start with `total`; returns the number of product positions.
fn verify(parts: &[Component<'_>], total: &Gamma, limits: Limits, control: &Control) -> Result<usize, CatalogError> {
    let graphs: Vec<&Digraph> = parts.iter().map(|c| c.graph.as_ref()).collect();
    let limits = Limits { max_moves: usize::MAX, ..limits };
    let p = product_with(&graphs, limits, Cost::GAMMA, control).map_err(CatalogError::Product)?;
    let starts: Vec<VertexId> = parts.iter().map(|c| c.start).collect();
    let direct = gamma_with(&p.graph, control)?.get(p.index(&starts));
    if &direct != total {
        return Err(CatalogError::SumDisagrees { direct, components: total.clone() });
    }
    Ok(p.graph.position_count())
}
