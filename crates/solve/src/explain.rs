//! Why a position has its value: the decomposition of Section 4 of the
//! paper, made visible.
//!
//! The unmarked edges of a state split into *components* (see
//! [`crate::canonical::component`]): the game on the state is the
//! disjunctive sum of the games on its components, so the state's Grundy
//! value is the nim-sum of theirs. [`explain`] lists the components, each
//!
//! * named in the paper's words where it has a name: the path states of
//!   Section 5 (the flow `F_n`, the crash `C_n`, the twig `T_n`, the rod
//!   `R_n`), spider states in the notation `<a^, b_v, c>` of Sections 6
//!   and 7, and otherwise "tree with 7 edges" or "graph with 9 edges and 2
//!   independent cycles";
//! * with its edges (the graph's), its vertices and their labels (what each
//!   still needs: nothing, an in-arrow, an out-arrow, or both), and its value;
//!
//! the *dead* edges (unmarked edges no player can ever mark: they take no
//! part in the game), the nim-sum, and for each winning move the component
//! it is played in, the component's value before and after, and the
//! pieces the component becomes.
//!
//! In the Game of Cycles (normal play) a component also carries its live
//! cells ([`crate::canonical::cells`]): each with its boundary walk, the
//! way(s) it may still be completed, and its unmarked edges; its shape is
//! then "graph with 9 edges and 2 live cells". The values are those of the
//! reduced game (a move that leaves a completable cell is removed), and
//! they nim-add. A position the cell rules decide has no decomposition: a
//! completed cell ends the game (no component, value 0), and a
//! completable one is the mover's win with no Grundy value to split
//! ([`Unsupported::CompletableCell`]).
//!
//! # The spider notation
//!
//! A spider-shaped component (a tree with one vertex of degree at least 3,
//! the *hub*, or a path whose interior needs both arrows) is written as the
//! paper writes spider states: one entry per leg, the number of unmarked
//! edges of the leg, then an accent for what the leg's far end needs: `^`
//! when it needs an in-arrow (in the paper's picture, the leaf arrow beyond
//! it points away from the hub), `_v` when it needs an out-arrow (the leaf
//! arrow points toward the hub), nothing when it is free (a free leaf), and
//! `*` when it needs both (a leaf of the Game of Arrows, where leaves are
//! constrained: the paper has no notation for it). A hub that already has
//! an arrow is written as the paper does, with legs of length 0: `0^` for
//! an out-arrow at the hub, `0_v` for an in-arrow, both for both. The legs
//! are listed longest first.

use crate::canonical::{
    CanonicalEngine, CellComponent, Component, Grundy, LiveCell, Need, PathFamily, Spider, decompose,
};
use crate::error::{SolveError, Unsupported};
use arrows_core::plane::{CellId, Orientation};
use arrows_core::{Arrow, EdgeId, Graph, Position, Standing, Vertex};
use arrows_work::Control;
use serde::Serialize;
use std::collections::{HashMap, HashSet};
use std::fmt;

/// What a component is, in the paper's words where it has a name.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[serde(tag = "kind", rename_all = "lowercase")]
pub enum Shape {
    /// A path of one of the four families of Section 5.
    Path {
        /// `flow`, `crash`, `twig` or `rod`.
        family: &'static str,
        /// Its number of (unmarked) edges: the `n` of `F_n`.
        edges: u32,
    },
    /// A spider-shaped component in the paper's notation (`<3^, 2_v, 5>`).
    Spider {
        /// The notation, see the module documentation.
        notation: String,
        /// Its number of edges.
        edges: u32,
    },
    /// Any other tree.
    Tree {
        /// Its number of edges.
        edges: usize,
    },
    /// A component with cycles.
    Graph {
        /// Its number of edges.
        edges: usize,
        /// Its cycle rank: edges minus vertices plus one.
        cycles: usize,
    },
    /// A component tied by live cells (Game of Cycles): its edges need not
    /// be connected through vertices.
    Cells {
        /// Its number of edges.
        edges: usize,
        /// Its live cells.
        cells: usize,
    },
}

impl Shape {
    /// The shape of a component with its live cells (the shape of
    /// [`Shape::of`] when it has none).
    pub fn with_cells(c: &Component, cells: &[LiveCell]) -> Shape {
        match cells.len() {
            0 => Shape::of(c),
            k => Shape::Cells { edges: c.edges.len(), cells: k },
        }
    }

    /// The shape of a component.
    pub fn of(c: &Component) -> Shape {
        if !c.is_tree() {
            return Shape::Graph { edges: c.edges.len(), cycles: c.edges.len() + 1 - c.labels.len() };
        }
        let Some((spider, _)) = Spider::layout(c, &mut Default::default()) else {
            return Shape::Tree { edges: c.edges.len() };
        };
        let edges = spider.edge_count() as u32;
        let ends = match spider.legs.as_slice() {
            [leg] => Some((spider.hub, leg.end)),
            [a, b] if spider.hub == Need::Both => Some((a.end, b.end)),
            _ => None,
        };
        if let Some(family) = ends.and_then(|(l, r)| PathFamily::of(l, r)) {
            let family = match family {
                PathFamily::Flow => "flow",
                PathFamily::Crash => "crash",
                PathFamily::Twig => "twig",
                PathFamily::Rod => "rod",
            };
            return Shape::Path { family, edges };
        }
        let accent = |n: Need| match n {
            Need::In => "^",
            Need::Out => "_v",
            Need::Free => "",
            Need::Both => "*",
        };
        let mut legs: Vec<(u32, Need)> = spider.legs.iter().map(|l| (l.len, l.end)).collect();
        legs.sort_by(|a, b| b.0.cmp(&a.0).then(a.1.cmp(&b.1)));
        let mut parts: Vec<String> = legs.iter().map(|&(len, end)| format!("{len}{}", accent(end))).collect();
        match spider.hub {
            Need::Both => {}
            Need::In => parts.push("0^".into()),
            Need::Out => parts.push("0_v".into()),
            Need::Free => parts.extend(["0^".to_string(), "0_v".to_string()]),
        }
        Shape::Spider { notation: format!("<{}>", parts.join(", ")), edges }
    }
}

impl fmt::Display for Shape {
    /// `flow F_3`, `spider <3^, 2_v, 5>`, `tree with 7 edges`,
    /// `graph with 9 edges and 2 independent cycles`, `graph with 9 edges
    /// and 2 live cells`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let plural = |n: usize, one: &str, many: &str| if n == 1 { format!("1 {one}") } else { format!("{n} {many}") };
        match self {
            Shape::Path { family, edges } => {
                let letter = family[..1].to_uppercase();
                write!(f, "{family} {letter}_{edges}")
            }
            Shape::Spider { notation, .. } => write!(f, "spider {notation}"),
            Shape::Tree { edges } => write!(f, "tree with {}", plural(*edges, "edge", "edges")),
            Shape::Graph { edges, cycles } => write!(
                f,
                "graph with {} and {}",
                plural(*edges, "edge", "edges"),
                plural(*cycles, "independent cycle", "independent cycles")
            ),
            Shape::Cells { edges, cells } => write!(
                f,
                "graph with {} and {}",
                plural(*edges, "edge", "edges"),
                plural(*cells, "live cell", "live cells")
            ),
        }
    }
}

/// What a vertex still needs, in words: `free`, `needs-in`, `needs-out`, `needs-both`.
pub fn need_name(n: Need) -> &'static str {
    match n {
        Need::Free => "free",
        Need::In => "needs-in",
        Need::Out => "needs-out",
        Need::Both => "needs-both",
    }
}

/// A vertex of a component and what it needs.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
pub struct Labelled {
    /// The graph's vertex.
    pub vertex: Vertex,
    /// What it needs: `free`, `needs-in`, `needs-out` or `needs-both`.
    pub label: &'static str,
}

/// One component of a state.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Piece {
    /// Its shape in the paper's words (see [`Shape`]'s `Display`).
    pub shape: String,
    /// Its shape as data.
    #[serde(skip)]
    pub kind: Shape,
    /// The graph's edges it is made of, as `u-v` (the edge's stored ends).
    pub edges: Vec<String>,
    /// The same edges by number.
    #[serde(skip)]
    pub edge_ids: Vec<EdgeId>,
    /// Its vertices (a free vertex shared by several pieces appears in each).
    pub vertices: Vec<Labelled>,
    /// Its live cells (Game of Cycles; left out of JSON when there are none).
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub cells: Vec<CellPiece>,
    /// Its Grundy value.
    pub grundy: u32,
}

/// A live cell of a component.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct CellPiece {
    /// The graph's cell.
    #[serde(skip)]
    pub id: CellId,
    /// Its boundary walk, `0-1-2` (as the graph's cells are written).
    pub walk: String,
    /// How it may still be completed: `either way` when none of its edges
    /// is marked, else the one way, as the directed walk `0>2>1>0`.
    pub completes: String,
    /// Its unmarked edges, as `u-v` (all in this component).
    pub unmarked: Vec<String>,
}

impl CellPiece {
    /// The live cell `id` of `graph`, as a component holds it.
    fn new(graph: &Graph, id: CellId, cell: &LiveCell, edge_ids: &[EdgeId]) -> CellPiece {
        let graph_cell = &graph.cell_list()[id];
        let directed = |o: Orientation| {
            let walk = if o == Orientation::Along { graph_cell.clone() } else { graph_cell.reversed() };
            let mut vertices: Vec<String> = walk.vertices(graph).iter().map(Vertex::to_string).collect();
            vertices.push(vertices[0].clone());
            vertices.join(">")
        };
        let edge_name = |e: EdgeId| {
            let (s, t) = graph.ends(e);
            format!("{s}-{t}")
        };
        CellPiece {
            id,
            walk: graph_cell.walk_text(graph),
            completes: cell.allowed().map_or_else(|| "either way".to_string(), directed),
            unmarked: cell.steps.iter().map(|&(e, _)| edge_name(edge_ids[e as usize])).collect(),
        }
    }
}

/// What a winning move does.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct WinningMove {
    /// The move.
    #[serde(rename = "move")]
    pub arrow: Arrow,
    /// The index of the component it is played in.
    pub component: usize,
    /// The component's value before the move.
    pub from: u32,
    /// The value of what the component becomes: the nim-sum of the others.
    pub to: u32,
    /// The pieces the component becomes (none when the move uses it up).
    pub into: Vec<Piece>,
}

/// The decomposition of a position.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Explanation {
    /// The components, in the order of their smallest edge.
    pub components: Vec<Piece>,
    /// Unmarked edges no player can ever mark, as `u-v`.
    pub dead_edges: Vec<String>,
    /// The nim-sum of the components' values: the state's Grundy value
    /// (`"nim_sum"` in JSON, beside the report's own `"grundy"`).
    #[serde(rename = "nim_sum")]
    pub grundy: u32,
    /// The winning moves, each with what it does (empty when the value is
    /// 0; `"winning_move_effects"` in JSON, beside the report's own list of
    /// `"winning_moves"`).
    #[serde(rename = "winning_move_effects")]
    pub winning_moves: Vec<WinningMove>,
    /// The winning moves whose effects are left out: those past the first
    /// [`SHOWN_EFFECTS`], or once the pieces described hold more edges
    /// than the position's unmarked edges or [`EFFECT_EDGES`]
    /// (`"winning_move_effects_left_out"` in JSON, absent when none is).
    /// A cycle of a million edges has two million winning moves, each
    /// leaving a path of almost a million edges.
    #[serde(rename = "winning_move_effects_left_out", skip_serializing_if = "is_zero")]
    pub effects_left_out: usize,
}

/// The most winning moves whose effects an explanation describes.
pub const SHOWN_EFFECTS: usize = 64;

/// The edges of the pieces the effects may describe in all, unless the
/// position has more unmarked edges: past them the next effects are left
/// out (never the first one).
pub const EFFECT_EDGES: usize = 1 << 12;

fn is_zero(n: &usize) -> bool {
    *n == 0
}

impl Explanation {
    /// The nim-sum line: `1 ⊕ 3 ⊕ 2 = 0` (`0` alone for a state without
    /// components).
    pub fn nim_sum_line(&self) -> String {
        if self.components.is_empty() {
            return "no component: 0".into();
        }
        let terms: Vec<String> = self.components.iter().map(|p| p.grundy.to_string()).collect();
        format!("{} = {}", terms.join(" ⊕ "), self.grundy)
    }
}

/// The decomposition of `position`, its components valued by `engine`.
/// Refused where the canonical engine does not compute the game (misère
/// play, whose values do not add over components) and where a completable
/// cell decides the position; a position with a completed cell has no
/// component and value 0.
pub fn explain(
    position: Position<'_>,
    engine: &mut CanonicalEngine<Grundy>,
    control: &Control,
) -> Result<Explanation, SolveError> {
    if let Some(v) = position.violation() {
        return Err(SolveError::NotAState(v));
    }
    if position.lacks_cells() {
        return Err(SolveError::NoCells);
    }
    if let Some(game) = crate::canonical::unsupported(position) {
        return Err(SolveError::Unsupported { engine: crate::Engine::Canonical, game });
    }
    match position.standing() {
        Standing::Open => {}
        Standing::Completed(_) => {
            return Ok(Explanation {
                components: Vec::new(),
                dead_edges: Vec::new(),
                grundy: 0,
                winning_moves: Vec::new(),
                effects_left_out: 0,
            });
        }
        Standing::Completable(_) => {
            return Err(SolveError::Unsupported {
                engine: crate::Engine::Canonical,
                game: Unsupported::CompletableCell,
            });
        }
    }
    let graph = position.graph;
    let comps = decompose(position);
    let edge_name = |e: EdgeId| {
        let (s, t) = graph.ends(e);
        format!("{s}-{t}")
    };
    let piece = |c: &CellComponent,
                 ids: &[EdgeId],
                 cell_ids: &[CellId],
                 engine: &mut CanonicalEngine<Grundy>|
     -> Result<Piece, SolveError> {
        let grundy = engine.cell_component_value(c, control)?;
        let (cells, c) = (&c.cells, &c.component);
        let mut vertices: Vec<Labelled> = Vec::new();
        let mut seen: HashSet<Vertex> = HashSet::with_capacity(c.labels.len());
        for (i, &(u, v)) in c.edges.iter().enumerate() {
            let (s, t) = graph.ends(ids[i]);
            for (local, vertex) in [(u, s), (v, t)] {
                if seen.insert(vertex) {
                    vertices.push(Labelled { vertex, label: need_name(c.labels[local as usize]) });
                }
            }
        }
        vertices.sort_by_key(|l| l.vertex);
        let kind = Shape::with_cells(c, cells);
        Ok(Piece {
            shape: kind.to_string(),
            kind,
            edges: ids.iter().map(|&e| edge_name(e)).collect(),
            edge_ids: ids.to_vec(),
            vertices,
            cells: cells.iter().zip(cell_ids).map(|(cell, &id)| CellPiece::new(graph, id, cell, ids)).collect(),
            grundy,
        })
    };
    let mut components = Vec::with_capacity(comps.len());
    for c in &comps {
        components.push(piece(&c.with_cells(), &c.graph_edges, &c.graph_cells, engine)?);
    }
    let grundy = components.iter().fold(0, |acc, p| acc ^ p.grundy);
    let in_component: HashSet<EdgeId> = comps.iter().flat_map(|c| c.graph_edges.iter().copied()).collect();
    let dead_edges = position.state.unmarked_edges().filter(|e| !in_component.contains(e)).map(edge_name).collect();
    let mut winning_moves = Vec::new();
    let mut effects_left_out = 0;
    if grundy != 0 {
        // The winning moves are the followers of value 0, which the engine
        // values in linear time on paths, spiders and cycles; each changes
        // its component's value to the nim-sum of the others (which may be
        // larger than its value: a follower's value can exceed the mex).
        let component_of: HashMap<EdgeId, usize> =
            comps.iter().enumerate().flat_map(|(i, c)| c.graph_edges.iter().map(move |&e| (e, i))).collect();
        // The effects shown are bounded in number and in the edges of the
        // pieces they describe, so that the explanation stays linear in
        // the size of the position.
        let edge_budget = position.unmarked().max(EFFECT_EDGES);
        let mut described = 0;
        for (arrow, value) in engine.follower_values(position, control)? {
            if value != 0 {
                continue;
            }
            if winning_moves.len() == SHOWN_EFFECTS || described >= edge_budget {
                effects_left_out += 1;
                continue;
            }
            control.cancel.check()?;
            let edge = graph.edge_between(arrow.tail, arrow.head).expect("a move lies on an edge");
            let i = component_of[&edge];
            let from = components[i].grundy;
            let own: HashSet<EdgeId> = comps[i].graph_edges.iter().copied().collect();
            // What the component becomes, read off the follower itself so
            // that each piece keeps the graph's edge numbers.
            let mut after = position.state.clone();
            after.mark(edge, graph.ends(edge).0 == arrow.tail);
            let follower = position.with_state(&after);
            let mut into = Vec::new();
            for p in decompose(follower).iter().filter(|p| p.graph_edges.iter().all(|x| own.contains(x))) {
                into.push(piece(&p.with_cells(), &p.graph_edges, &p.graph_cells, engine)?);
            }
            described += into.iter().map(|p| p.edges.len()).sum::<usize>();
            winning_moves.push(WinningMove { arrow, component: i, from, to: from ^ grundy, into });
        }
    }
    Ok(Explanation { components, dead_edges, grundy, winning_moves, effects_left_out })
}
