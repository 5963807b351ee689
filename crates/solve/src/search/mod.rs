//! The outcome search: who wins a Game of Cycles position (normal play),
//! by a depth-first search that stops at the first winning move, without
//! the position's Grundy value unless it is asked for.
//!
//! For a board that stays one component until its cells die (wheels,
//! grids), an exact Grundy value costs far more than a winner. The search
//! follows Lemoine and Viennot's Sprouts computations (arXiv 1008.2320,
//! 1011.5841):
//!
//! * the game is the reduced game of [`arrows_core::play`] (a move that
//!   leaves a completable cell is removed, so play is normal play and
//!   values add over components);
//! * a position splits into components joined through constrained vertices
//!   and live cells ([`board`]); every component but the largest one with
//!   live cells gets its exact value from the canonical engine (a
//!   component without live cells is a Game of Arrows component), and the
//!   largest `C` is decided as "is `C + *n` a second-player win?", `n` the
//!   nim-sum of the others ([`dfs`]); the Grundy value of a position, when
//!   asked, is the first `n` for which `C + *n` is a second-player win,
//!   added to the others';
//! * a transposition table ([`table`]), bounded in memory and shared by
//!   every worker, keyed by the canonical form of (component, `n`) under the
//!   board's symmetries: the plane map's automorphisms, reflections
//!   included, and the reversal of every arrow ([`symmetry`]);
//! * moves ordered so that what usually wins comes first: a reply that
//!   restores a symmetry of the position, the heap's moves, moves that kill
//!   a cell ([`dfs::MoveOrder`]);
//! * the first two levels of the tree shared among the threads of the
//!   current rayon pool, one table for all ([`par_win`]); followers that
//!   the symmetries make equal are searched once;
//! * [`shard`]: the nodes two plies down split into `r/m` shards written to
//!   a directory, resumable, and merged into the answer of a single run.
//!
//! A board has at most [`board::MAX_EDGES`] edges (one bit each).

pub mod board;
pub mod dfs;
mod exact;
pub mod shard;
pub mod symmetry;
pub mod table;

use crate::analysis::Engine;
use crate::error::{SolveError, Unsupported};
use arrows_core::{Arrow, Play, Position, Standing, arrow_on};
use arrows_work::{Budget, Control, Finding};
use board::{Board, MAX_EDGES};
use dfs::{Child, MoveOrder, Node, Shared, Stop};
use rayon::prelude::*;
use serde::Serialize;
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use symmetry::Symmetries;
use table::{Table, TableStats, Value};

/// The least memory the search runs with: a table of a few entries a
/// shard and one canonical engine (the table evicts past its bytes, so a
/// search never needs more to finish).
pub const LEAST_BYTES: u64 = 4 << 20;

/// What the search is asked.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct SearchOptions {
    /// Compute the Grundy value too (by deciding `C + *n` for `n = 0, 1, ...`).
    pub grundy: bool,
    /// Stop at the first winning move found instead of finding them all.
    pub first_win: bool,
    /// Bytes the transposition table may hold; `None`: half the budget.
    pub table_bytes: Option<u64>,
    /// Move ordering.
    pub order: MoveOrder,
    /// Levels of the tree shared among threads (0: one thread).
    pub parallel_depth: usize,
    /// Key the table by the board's symmetries (off only to check them).
    pub symmetries: bool,
}

impl Default for SearchOptions {
    fn default() -> Self {
        SearchOptions {
            grundy: false,
            first_win: false,
            table_bytes: None,
            order: MoveOrder::default(),
            parallel_depth: 2,
            symmetries: true,
        }
    }
}

/// What a search was asked and the work it did.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Serialize)]
pub struct SearchStats {
    /// The Grundy value was asked for.
    pub grundy_asked: bool,
    /// Only the first winning move found was asked for.
    pub first_win: bool,
    /// Nodes searched (components with a heap, each asked once).
    pub nodes: u64,
    /// Components valued exactly by the canonical engine.
    pub exact_components: u64,
    /// Entries in the table at the end.
    pub table_entries: u64,
    /// Bytes the table held at the end.
    pub table_bytes: u64,
    /// The most bytes the table may hold.
    pub table_limit_bytes: u64,
    /// Look-ups of the table.
    pub table_lookups: u64,
    /// Look-ups that found their key.
    pub table_hits: u64,
    /// Entries evicted to keep the table within its bytes.
    pub table_evictions: u64,
    /// Symmetries of the board used for the keys (the reversal of every
    /// arrow doubles them).
    pub symmetries: u64,
}

impl SearchStats {
    fn new(options: &SearchOptions, nodes: u64, exact: u64, t: TableStats, symmetries: usize) -> SearchStats {
        SearchStats {
            grundy_asked: options.grundy,
            first_win: options.first_win,
            nodes,
            exact_components: exact,
            table_entries: t.entries,
            table_bytes: t.bytes,
            table_limit_bytes: t.limit_bytes,
            table_lookups: t.lookups,
            table_hits: t.hits,
            table_evictions: t.evictions,
            symmetries: symmetries as u64,
        }
    }
}

/// What the search found.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Outcome {
    /// The player to move wins.
    pub first_wins: bool,
    /// The Grundy value, when asked (of the reduced game).
    pub grundy: Option<u32>,
    /// The winning moves: every one, or the first found (`first_win`).
    pub winning_moves: Vec<Arrow>,
    /// Number of legal moves.
    pub move_count: usize,
    /// The work done.
    pub stats: SearchStats,
}

/// `Some(refusal)` when the outcome search does not take `position`:
/// misère play (no sums), or more than [`MAX_EDGES`] edges.
pub fn refusal(position: Position<'_>) -> Option<SolveError> {
    if position.play == Play::Misere {
        return Some(SolveError::Unsupported { engine: Engine::Search, game: Unsupported::Misere });
    }
    let edges = position.graph.edge_count();
    (edges > MAX_EDGES).then_some(SolveError::TooManyEdges { engine: Engine::Search, edges, limit: MAX_EDGES })
}

/// The shared state of a search of `position`: the board, its symmetries,
/// a table within the budget, and the canonical engines' share.
fn prepare<'g>(position: Position<'g>, options: &SearchOptions, control: &Control) -> Result<Shared<'g>, SolveError> {
    if let Some(e) = refusal(position) {
        return Err(e);
    }
    if let Some(v) = position.violation() {
        return Err(SolveError::NotAState(v));
    }
    let board = Board::new(position).expect("the edges were counted");
    let symmetries = if options.symmetries {
        Symmetries::within(position.graph, &board, &control.cancel)
    } else {
        Symmetries::trivial(&board)
    };
    let budget = control.budget.get();
    let table_bytes = options.table_bytes.unwrap_or(budget / 2).min(budget);
    let workers = rayon::current_num_threads().max(1) as u64 * 2;
    let canonical = Budget::bytes((budget.saturating_sub(table_bytes) / workers).max(1 << 20));
    control.progress.set_unit("nodes");
    control.cancel.check()?;
    Ok(Shared::new(
        position.graph,
        board,
        symmetries,
        Table::new(table_bytes),
        control.clone(),
        canonical,
        options.order,
    ))
}

/// The error of a stopped search (a whole search is never abandoned).
fn stopped(s: Stop) -> SolveError {
    match s {
        Stop::Solve(e) => e,
        Stop::Abandoned => unreachable!("only a search whose sibling won is abandoned"),
    }
}

/// Who wins `position`, its winning moves, and its Grundy value when asked.
pub fn search(position: Position<'_>, options: &SearchOptions, control: &Control) -> Result<Outcome, SolveError> {
    let shared = prepare(position, options, control)?;
    let move_count = position.moves().len();
    let done = |first_wins, grundy, winning_moves, shared: &Shared<'_>| Outcome {
        first_wins,
        grundy,
        winning_moves,
        move_count,
        stats: SearchStats::new(
            options,
            shared.nodes.load(Ordering::Relaxed),
            shared.exact.load(Ordering::Relaxed),
            shared.table.stats(),
            shared.symmetries.len(),
        ),
    };
    match position.standing() {
        Standing::Completed(_) => return Ok(done(false, Some(0), Vec::new(), &shared)),
        Standing::Completable(_) => {
            let mut moves = position.completing_moves();
            if options.first_win {
                moves.truncate(1);
            }
            return Ok(done(true, None, moves, &shared));
        }
        Standing::Open => {}
    }
    let (m, f) = position.state.to_masks().expect("at most 64 edges");
    let unmarked = shared.board.all & !m;
    let root = shared.with_worker(|w| w.resolve(&shared, m, f, unmarked, 0)).map_err(stopped)?;
    let depth = options.parallel_depth;
    let grundy = if options.grundy { Some(par_grundy(&shared, &root, depth).map_err(stopped)?) } else { None };
    if grundy == Some(0) {
        return Ok(done(false, grundy, Vec::new(), &shared));
    }
    let winning = winning_moves(&shared, m, f, unmarked, options.first_win, depth).map_err(stopped)?;
    let winning_moves: Vec<Arrow> =
        winning.iter().map(|&mv| arrow_on(position.graph, mv.edge as usize, mv.forward)).collect();
    let first_wins = !winning_moves.is_empty();
    debug_assert!(grundy.is_none_or(|g| (g != 0) == first_wins));
    // A second-player win has value 0, asked or not.
    let grundy = if first_wins { grundy } else { Some(0) };
    Ok(done(first_wins, grundy, winning_moves, &shared))
}

/// Every legal move of `position` (edge order, forward first) with what
/// `decide` makes of its follower: its standing, and for an open follower
/// its largest piece resolved on one table shared by every move.
fn for_each_follower<T>(
    position: Position<'_>,
    options: &SearchOptions,
    control: &Control,
    decide: impl Fn(&Shared<'_>, Standing, Option<Child>) -> Result<T, Stop>,
) -> Result<Vec<(Arrow, T)>, SolveError> {
    let shared = prepare(position, options, control)?;
    let graph = position.graph;
    let mut out = Vec::new();
    for a in position.moves() {
        let e = graph.edge_between(a.tail, a.head).expect("a move lies on an edge");
        let mut d = position.state.clone();
        d.mark(e, graph.ends(e).0 == a.tail);
        let standing = position.with_state(&d).standing();
        let child = match standing {
            Standing::Open => {
                let (m, f) = d.to_masks().expect("at most 64 edges");
                Some(shared.with_worker(|w| w.resolve(&shared, m, f, shared.board.all & !m, 0)).map_err(stopped)?)
            }
            _ => None,
        };
        out.push((a, decide(&shared, standing, child).map_err(stopped)?));
    }
    Ok(out)
}

/// The Grundy value of every follower of `position` by its legal moves
/// (edge order, forward first): `None` when the follower leaves the
/// opponent a cell to complete; the terminal value 0 when it completes one.
pub fn follower_values(
    position: Position<'_>,
    options: &SearchOptions,
    control: &Control,
) -> Result<Vec<(Arrow, Option<u32>)>, SolveError> {
    for_each_follower(position, options, control, |shared, standing, child| match (standing, child) {
        (Standing::Completed(_), _) => Ok(Some(0)),
        (_, Some(child)) => par_grundy(shared, &child, options.parallel_depth).map(Some),
        _ => Ok(None),
    })
}

/// Whether the opponent loses after each legal move of `position` (edge
/// order, forward first), decided without values: `true` for a move that
/// completes a cell (the game ends) or leads to a second-player win,
/// `false` for a move that leaves the opponent a cell to complete or a
/// position the opponent wins. The winning moves from a position with a
/// completable cell, where the value does not exist.
pub fn follower_losses(
    position: Position<'_>,
    options: &SearchOptions,
    control: &Control,
) -> Result<Vec<(Arrow, bool)>, SolveError> {
    for_each_follower(position, options, control, |shared, standing, child| match (standing, child) {
        (Standing::Completed(_), _) => Ok(true),
        (_, Some(Child::Decided(v))) => Ok(v == 0),
        // The piece with the others' values on its heap is the whole follower.
        (_, Some(Child::Node(n))) => Ok(!par_win(shared, &n, options.parallel_depth, &[])?),
        _ => Ok(false),
    })
}

/// The Grundy value of a resolved follower, deciding `C + *k` for `k = 0, 1, ...`.
fn par_grundy(shared: &Shared<'_>, child: &Child, depth: usize) -> Result<u32, Stop> {
    match child {
        Child::Decided(v) => Ok(*v),
        Child::Node(n) => {
            let mut k = 0;
            while par_win(shared, &n.with_heap(k), depth, &[])? {
                k += 1;
            }
            Ok(k ^ n.heap)
        }
    }
}

/// The followers of `(m, f)` by its moves on `scope`, resolved, in move order.
fn followers(shared: &Shared<'_>, node: &Node) -> Result<Vec<Child>, Stop> {
    shared.with_worker(|w| {
        let mut out = Vec::new();
        for k in 0..node.heap {
            out.push(Child::Node(node.with_heap(k)));
        }
        for mv in w.ordered_moves(shared, node) {
            let (m, f) = mv.play(node.m, node.f);
            out.push(w.resolve(shared, m, f, node.part & !mv.bit(), node.heap)?);
        }
        Ok(out)
    })
}

/// The children of a node with the same key (the same game) once: the
/// first of each.
fn distinct(children: &[Child]) -> Vec<Child> {
    let mut seen = std::collections::HashSet::new();
    children
        .iter()
        .filter(|c| match c {
            Child::Decided(_) => true,
            Child::Node(n) => seen.insert(n.outcome_key()),
        })
        .copied()
        .collect()
}

/// [`dfs::Worker::win`] with the first `depth` levels shared among the
/// threads of the current rayon pool: a node's followers are searched at
/// once, and once one is found lost for the opponent the others are
/// abandoned (their finished subtrees stay in the table).
pub fn par_win(shared: &Shared<'_>, node: &Node, depth: usize, abandon: &[Arc<AtomicBool>]) -> Result<bool, Stop> {
    // A worker counts its nodes from 0 each time it is lent, so a subtree
    // smaller than its check interval would never read the token: each
    // parallel branch reads it as it starts.
    shared.control.cancel.check().map_err(|c| Stop::Solve(c.into()))?;
    if depth == 0 {
        return shared.with_worker(|w| {
            w.abandon = abandon.to_vec();
            let r = w.win(shared, node);
            w.abandon.clear();
            r
        });
    }
    let key = node.outcome_key();
    match shared.table.get(&key) {
        Some(Value::Win) => return Ok(true),
        Some(Value::Loss) => return Ok(false),
        _ => {}
    }
    let before = shared.nodes.load(Ordering::Relaxed);
    let children = distinct(&followers(shared, node)?);
    let won = if children.contains(&Child::Decided(0)) {
        true
    } else {
        let nodes: Vec<Node> = children
            .iter()
            .filter_map(|c| match c {
                Child::Node(n) => Some(*n),
                Child::Decided(_) => None,
            })
            .collect();
        any_lost(shared, &nodes, depth - 1, abandon)?
    };
    let work = shared.nodes.load(Ordering::Relaxed) - before + 1;
    shared.table.insert(key, if won { Value::Win } else { Value::Loss }, work);
    Ok(won)
}

/// `true` when some node of `nodes` is lost for its player to move,
/// searched in parallel; the others are abandoned once one is found.
fn any_lost(shared: &Shared<'_>, nodes: &[Node], depth: usize, abandon: &[Arc<AtomicBool>]) -> Result<bool, Stop> {
    let flag = Arc::new(AtomicBool::new(false));
    let mut chain = abandon.to_vec();
    chain.push(flag.clone());
    let results: Vec<Result<bool, Stop>> = nodes
        .par_iter()
        .with_max_len(1)
        .map(|n| {
            if flag.load(Ordering::Relaxed) {
                return Err(Stop::Abandoned);
            }
            let r = par_win(shared, n, depth, &chain);
            if matches!(r, Ok(false)) {
                flag.store(true, Ordering::Relaxed);
            }
            r
        })
        .collect();
    let mut abandoned = false;
    for r in results {
        match r {
            Ok(false) => return Ok(true),
            Ok(true) => {}
            Err(Stop::Abandoned) => abandoned = true,
            Err(e) => return Err(e),
        }
    }
    if abandoned {
        // A sibling was lost: only an ancestor's flag can have been set
        // (ours is set only with a lost node, returned above).
        return Err(Stop::Abandoned);
    }
    Ok(false)
}

/// The winning moves of the position `(m, f)` (moves on `scope`): every
/// one, or with `first` the first found.
fn winning_moves(
    shared: &Shared<'_>,
    m: u64,
    f: u64,
    scope: u64,
    first: bool,
    depth: usize,
) -> Result<Vec<board::Move>, Stop> {
    let root = Node { m, f, part: scope, heap: 0, key: None };
    let moves = shared.with_worker(|w| w.ordered_moves(shared, &root));
    let children: Vec<Child> = shared.with_worker(|w| {
        moves
            .iter()
            .map(|mv| {
                let (m2, f2) = mv.play(m, f);
                w.resolve(shared, m2, f2, scope & !mv.bit(), 0)
            })
            .collect::<Result<_, _>>()
    })?;
    // A person watching sees each root move as it is decided.
    shared.control.progress.found(Finding::RootMoves { total: moves.len() });
    let decided = |c: &Child, winning: bool| {
        for (mv, _) in moves.iter().zip(&children).filter(|(_, x)| key_of(x) == key_of(c)) {
            shared.control.progress.found(Finding::RootMove { edge: mv.edge as usize, forward: mv.forward, winning });
        }
        shared.report_table();
    };
    if first {
        if let Some(i) = children.iter().position(|c| *c == Child::Decided(0)) {
            decided(&children[i], true);
            return Ok(vec![moves[i]]);
        }
        let unique = distinct(&children);
        let flag = Arc::new(AtomicBool::new(false));
        let chain = vec![flag.clone()];
        let found: Vec<Result<Option<Child>, Stop>> = unique
            .par_iter()
            .with_max_len(1)
            .map(|c| {
                let Child::Node(n) = c else { return Ok(None) };
                if flag.load(Ordering::Relaxed) {
                    return Err(Stop::Abandoned);
                }
                match par_win(shared, n, depth.saturating_sub(1), &chain) {
                    Ok(false) => {
                        flag.store(true, Ordering::Relaxed);
                        decided(c, true);
                        Ok(Some(*c))
                    }
                    Ok(true) => {
                        decided(c, false);
                        Ok(None)
                    }
                    Err(e) => Err(e),
                }
            })
            .collect();
        for r in found {
            match r {
                Ok(Some(c)) => {
                    let i = children.iter().position(|x| *x == c).expect("a child of the root");
                    return Ok(vec![moves[i]]);
                }
                Ok(None) | Err(Stop::Abandoned) => {}
                Err(e) => return Err(e),
            }
        }
        return Ok(Vec::new());
    }
    let unique = distinct(&children);
    let lost: Vec<Result<(Child, bool), Stop>> = unique
        .par_iter()
        .with_max_len(1)
        .map(|c| {
            let lost = match c {
                Child::Decided(v) => *v == 0,
                Child::Node(n) => !par_win(shared, n, depth.saturating_sub(1), &[])?,
            };
            decided(c, lost);
            Ok((*c, lost))
        })
        .collect();
    let mut losing = std::collections::HashSet::new();
    for r in lost {
        let (c, l) = r?;
        if l {
            losing.insert(key_of(&c));
        }
    }
    let mut out: Vec<board::Move> =
        moves.iter().zip(&children).filter(|(_, c)| losing.contains(&key_of(c))).map(|(mv, _)| *mv).collect();
    out.sort_by_key(|mv| (mv.edge, !mv.forward));
    Ok(out)
}

/// A child's identity for grouping: its key, or its value when decided.
fn key_of(c: &Child) -> (Option<table::Key>, u32) {
    match c {
        Child::Decided(v) => (None, *v),
        Child::Node(n) => (Some(n.outcome_key()), 0),
    }
}

#[cfg(test)]
mod tests;
