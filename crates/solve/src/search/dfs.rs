//! The depth-first search of one worker: "does the player to move win the
//! component `C` plus a nim-heap `*n`?", stopping at the first winning move.
//!
//! A node is a component of a position with a heap ([`Node`]). Its moves
//! are the component's moves of the reduced game and the heap's moves to
//! `*k`, `k < n`. After a move on the component, the rest of it splits
//! ([`Worker::resolve`]): every piece but the largest Game of Cycles piece
//! is valued exactly (`super::exact`, memoized in the table), and their
//! values are added to the heap (Lemoine and Viennot's reduction: `C + *n`
//! with `G(C) = v` is a second-player win exactly when `v = n`). A
//! follower with no Game of Cycles piece left is decided by its nim-sum.
//!
//! Every answer is stored in the shared [`Table`] under the node's
//! canonical key ([`super::symmetry`]), with the nodes it cost.

use super::board::{Board, Move, Moves, Scan, bits};
use super::exact;
use super::symmetry::Symmetries;
use super::table::{Key, Query, Table, Value};
use crate::canonical::{CanonicalEngine, Grundy};
use crate::error::SolveError;
use arrows_core::Graph;
use arrows_work::{Budget, Control, Finding};
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};

/// Nodes between two checks of the control (cancel token, progress).
const CHECK_EVERY: u64 = 4096;

/// Why a search stopped before its answer.
#[derive(Debug, Clone)]
pub enum Stop {
    /// The engine's error: cancelled (Ctrl-C, a time limit), or the
    /// canonical engine past its budget on one component.
    Solve(SolveError),
    /// A sibling's answer made this search useless (parallel search only).
    Abandoned,
}

impl From<SolveError> for Stop {
    fn from(e: SolveError) -> Stop {
        Stop::Solve(e)
    }
}

/// How moves are ordered: what the measurements chose, switchable for tests
/// and benchmarks.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct MoveOrder {
    /// A reply that restores a symmetry of the position (an involution of
    /// the board, with or without the reversal of every arrow) first.
    pub mirror: bool,
    /// The heap's moves before the component's.
    pub heap_first: bool,
    /// Moves that kill a cell early.
    pub killers: bool,
    /// At a node of at least this many edges, every follower is resolved
    /// first: one the table knows lost wins at once (enhanced transposition
    /// cutoff), and the others are tried by `mobility` if set.
    pub lookahead: u32,
    /// With `lookahead`: the followers that leave the fewest moves first.
    pub mobility: bool,
    /// With `lookahead`, each follower asked of the table before any is
    /// searched (one lost for the opponent wins at once, one won is
    /// skipped): the enhanced transposition cutoff.
    pub cutoff: bool,
    /// With `lookahead`, followers by their exact number of moves (cells
    /// counted), not `mobility`'s estimate.
    pub exact_mobility: bool,
    /// With `mobility`: the followers whose edges' parity guesses a loss
    /// for the opponent first.
    pub parity: bool,
    /// Components of at most this many edges are valued exactly (by the
    /// canonical engine) even when they are the largest.
    pub exact_below: u32,
    /// Game of Cycles components beside the largest are valued exactly up
    /// to this many edges, and searched together with it past that.
    pub exact_most: u32,
    /// Game of Cycles components of more edges than this are valued by
    /// the search (the first heap their sum with is lost), not by the
    /// canonical engine.
    pub canonical_most: u32,
}

impl Default for MoveOrder {
    fn default() -> Self {
        MoveOrder {
            mirror: true,
            heap_first: false,
            killers: false,
            lookahead: 6,
            cutoff: true,
            mobility: true,
            exact_mobility: true,
            parity: false,
            exact_below: 4,
            exact_most: 64,
            canonical_most: 64,
        }
    }
}

/// A move as a node tries it: its score (least first), the move, its
/// follower when resolved already, and whether the table was asked about it.
type Tried = (u32, Move, Option<Child>, bool);

/// What every worker shares: the board, its symmetries, the table, the
/// control and the counters.
pub struct Shared<'g> {
    /// The graph (for the canonical engine's cells).
    pub graph: &'g Graph,
    /// The board on masks.
    pub board: Board,
    /// Its symmetries.
    pub symmetries: Symmetries,
    /// The involutions among them, with and without the reversal, for the
    /// replies that restore a symmetry.
    involutions: Vec<(usize, bool)>,
    /// The transposition table.
    pub table: Table,
    /// The control of the whole search.
    pub control: Control,
    /// The budget of each worker's canonical engine.
    pub canonical_budget: Budget,
    /// Move ordering.
    pub ordering: MoveOrder,
    /// Nodes searched by every worker (flushed every few thousand).
    pub nodes: AtomicU64,
    /// Components valued by the canonical engine.
    pub exact: AtomicU64,
    /// Workers not in use, for reuse.
    pool: std::sync::Mutex<Vec<Worker>>,
}

/// A component with a heap: the position `(m, f)`, the component's edges
/// `part`, the heap `heap`, and the component's canonical key.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Node {
    /// Marked edges.
    pub m: u64,
    /// Forward arrows.
    pub f: u64,
    /// The component's edges.
    pub part: u64,
    /// The heap.
    pub heap: u32,
    /// The canonical key of the component (without the heap), once
    /// computed ([`Shared::keyed`]).
    pub key: Option<u128>,
}

impl Node {
    /// The table key asking whether the player to move wins.
    pub fn outcome_key(&self) -> Key {
        Key {
            form: self.key.expect("a node's key is computed before it is looked up").into(),
            query: Query::Outcome(self.heap as u16),
        }
    }

    /// The same component with another heap.
    pub fn with_heap(&self, heap: u32) -> Node {
        Node { heap, ..*self }
    }
}

/// A follower, resolved: decided by its nim-sum (no Game of Cycles piece
/// left), or a node to search.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Child {
    /// The follower's Grundy value: the player to move there wins unless it is 0.
    Decided(u32),
    /// The largest Game of Cycles piece, the others' values on its heap.
    Node(Node),
}

impl<'g> Shared<'g> {
    /// Tells the control's progress how full the table is ([`Finding::Table`]).
    pub fn report_table(&self) {
        let entries = self.table.stats().entries;
        self.control.progress.found(Finding::Table { entries, capacity: self.table.capacity() });
    }

    /// The shared state of a search of `graph` (as `board` plays it).
    pub fn new(
        graph: &'g Graph,
        board: Board,
        symmetries: Symmetries,
        table: Table,
        control: Control,
        canonical_budget: Budget,
        ordering: MoveOrder,
    ) -> Shared<'g> {
        // The involutions that fix no edge, with the reversal, first: the
        // mirror-reverse strategy of Alvarado et al. (2021) answers with them.
        let mut involutions = Vec::new();
        for (i, g) in symmetries.all.iter().enumerate() {
            if g.is_involution() {
                let fixed = g.edge.iter().enumerate().filter(|&(e, &x)| e == x as usize).count();
                // The identity reversed fixes no position with an arrow.
                if i > 0 {
                    involutions.push((fixed, 1, i));
                    involutions.push((fixed, 0, i));
                }
            }
        }
        involutions.sort();
        let involutions = involutions.into_iter().map(|(_, plain, i)| (i, plain == 0)).collect();
        Shared {
            graph,
            board,
            symmetries,
            involutions,
            table,
            control,
            canonical_budget,
            ordering,
            nodes: AtomicU64::new(0),
            exact: AtomicU64::new(0),
            pool: std::sync::Mutex::new(Vec::new()),
        }
    }

    /// Runs `work` with a worker of the pool (a new one when none is free).
    pub fn with_worker<T>(&self, work: impl FnOnce(&mut Worker) -> T) -> T {
        let taken = self.pool.lock().expect("the pool is never poisoned").pop();
        let mut w = taken.unwrap_or_else(|| Worker::new(&self.control, self.canonical_budget));
        let out = work(&mut w);
        w.flush(self);
        self.pool.lock().expect("the pool is never poisoned").push(w);
        out
    }

    /// The node with its key computed.
    #[inline]
    pub fn keyed(&self, node: Node) -> Node {
        if node.key.is_some() {
            return node;
        }
        let scan = self.board.scan(node.m, node.f);
        Node { key: Some(self.key(&scan, node.f, node.part)), ..node }
    }

    /// The canonical key of component `part` of `(m, f)`: of its
    /// description when the board's masks hold it, else of the arrows of
    /// its neighbourhood ([`super::symmetry`]).
    #[inline]
    pub fn key(&self, scan: &Scan, f: u64, part: u64) -> u128 {
        let m = scan.m;
        if self.symmetries.describe {
            return self.symmetries.canonical_description(&self.board.describe(scan, part));
        }
        let hi = m & self.board.neighbourhood(part);
        let lo = (f & hi) | part;
        let (hi, lo) = self.symmetries.canonical(hi, lo);
        u128::from(hi) << 64 | u128::from(lo)
    }
}

/// One worker's own state: its canonical engine and its counters.
pub struct Worker {
    canonical: CanonicalEngine<Grundy>,
    control: Control,
    /// Nodes not yet added to the shared count.
    pending: u64,
    /// Nodes searched by this worker.
    pub nodes: u64,
    /// Flags that, once set, make this worker's search useless.
    pub abandon: Vec<Arc<AtomicBool>>,
}

impl Worker {
    fn new(control: &Control, budget: Budget) -> Worker {
        Worker {
            canonical: CanonicalEngine::new(),
            control: control.with_budget(budget),
            pending: 0,
            nodes: 0,
            abandon: Vec::new(),
        }
    }

    fn flush(&mut self, shared: &Shared<'_>) {
        let before = shared.nodes.fetch_add(self.pending, Ordering::Relaxed);
        if self.pending > 0 {
            self.control.progress.advance(self.pending);
            // The table's fill, for a person watching, every 2^18 nodes of all workers.
            if before >> 18 != (before + self.pending) >> 18 {
                shared.report_table();
            }
        }
        self.pending = 0;
    }

    #[inline]
    fn tick(&mut self, shared: &Shared<'_>) -> Result<(), Stop> {
        self.nodes += 1;
        self.pending += 1;
        if self.pending >= CHECK_EVERY {
            self.flush(shared);
            self.control.cancel.check().map_err(|c| Stop::Solve(c.into()))?;
            if self.abandon.iter().any(|a| a.load(Ordering::Relaxed)) {
                return Err(Stop::Abandoned);
            }
        }
        Ok(())
    }

    /// The exact value of component `part` of `(m, f)`: from the table, or
    /// from the canonical engine (stored in the table).
    pub fn value(&mut self, shared: &Shared<'_>, scan: &Scan, f: u64, part: u64) -> Result<u32, Stop> {
        let m = scan.m;
        let key = Key { form: shared.key(scan, f, part).into(), query: Query::Value };
        if let Some(Value::Grundy(v)) = shared.table.get(&key) {
            return Ok(v);
        }
        if part.count_ones() > shared.ordering.canonical_most && shared.board.meets_live_cell(scan, part) {
            // A Game of Cycles component past the canonical engine's reach:
            // its value is the first heap its sum with is lost.
            let start = self.nodes;
            let node = Node { m, f, part, heap: 0, key: Some(key.form_bits()) };
            let mut k = 0;
            while self.win(shared, &node.with_heap(k))? {
                k += 1;
            }
            shared.table.insert(key, Value::Grundy(k), self.nodes - start + 1);
            return Ok(k);
        }
        let before = self.canonical.stats();
        let v = match exact::value(shared.graph, &shared.board, m, f, part, &mut self.canonical, &self.control) {
            Err(SolveError::OutOfBudget { .. }) => {
                // The memo is full: start again from an empty one (every
                // value it held is exact, and many are in the table).
                self.canonical = CanonicalEngine::new();
                exact::value(shared.graph, &shared.board, m, f, part, &mut self.canonical, &self.control)?
            }
            other => other?,
        };
        let after = self.canonical.stats();
        shared.exact.fetch_add(1, Ordering::Relaxed);
        let work = (after.spiders + after.general).saturating_sub(before.spiders + before.general) + 1;
        shared.table.insert(key, Value::Grundy(v), work);
        Ok(v)
    }

    /// The follower `(m, f)` whose unmarked edges in play are `scope`, with
    /// a heap `heap`: its pieces, all but the largest Game of Cycles piece
    /// valued exactly and added to the heap.
    pub fn resolve(&mut self, shared: &Shared<'_>, m: u64, f: u64, scope: u64, heap: u32) -> Result<Child, Stop> {
        let mut scan = Scan::default();
        Ok(match self.split(shared, &mut scan, m, f, scope, heap)? {
            Child::Node(n) => Child::Node(Node { key: Some(shared.key(&scan, f, n.part)), ..n }),
            decided => decided,
        })
    }

    /// [`Worker::resolve`] without the searched component's key (computed
    /// when the node is searched or looked up).
    /// `scan` is left holding the follower's scan.
    fn split(
        &mut self,
        shared: &Shared<'_>,
        scan: &mut Scan,
        m: u64,
        f: u64,
        scope: u64,
        heap: u32,
    ) -> Result<Child, Stop> {
        let board = &shared.board;
        let ord = shared.ordering;
        board.scan_into(m, f, scan);
        let scan = &*scan;
        let parts = board.parts(scan, scope);
        let mut heap = heap;
        // Game of Cycles pieces worth a search; the others are valued exactly.
        let mut searched: smallvec::SmallVec<[(u64, Option<u128>); 8]> = smallvec::SmallVec::new();
        for &p in &parts {
            if p.count_ones() > ord.exact_below && board.meets_live_cell(scan, p) {
                searched.push((p, None));
            } else {
                heap ^= self.value(shared, scan, f, p)?;
            }
        }
        if searched.len() > 1 {
            // Two pieces with one key are one game twice: their values
            // cancel (the position after a mirror reply splits into such pairs).
            for s in &mut searched {
                s.1 = Some(shared.key(scan, f, s.0));
            }
            let mut i = 0;
            while i < searched.len() {
                match (i + 1..searched.len()).find(|&j| searched[j].1 == searched[i].1) {
                    Some(j) => {
                        searched.swap_remove(j);
                        searched.swap_remove(i);
                    }
                    None => i += 1,
                }
            }
        }
        if searched.is_empty() {
            return Ok(Child::Decided(heap));
        }
        // The largest piece is searched; the others are valued exactly up
        // to `exact_most` edges, and searched with it past that (their
        // exact values would cost more than the sum's search).
        searched.sort_by_key(|&(p, _)| std::cmp::Reverse(p.count_ones()));
        let (mut part, mut key) = searched[0];
        for &(p, _) in &searched[1..] {
            if p.count_ones() > ord.exact_most {
                part |= p;
                key = None;
            } else {
                heap ^= self.value(shared, scan, f, p)?;
            }
        }
        Ok(Child::Node(Node { m, f, part, heap, key }))
    }

    /// The moves of a node, in the order they are tried.
    pub fn ordered_moves(&self, shared: &Shared<'_>, node: &Node) -> Moves {
        self.ordered(shared, node).0
    }

    /// The moves of a node in the order they are tried, and whether the
    /// first one restores a symmetry.
    fn ordered(&self, shared: &Shared<'_>, node: &Node) -> (Moves, bool) {
        let board = &shared.board;
        let look = board.look(node.m, node.f);
        let mut moves = board.moves(node.m, node.f, node.part, &look);
        if moves.len() < 2 {
            return (moves, false);
        }
        let ord = shared.ordering;
        let mut first: Option<Move> = None;
        if ord.mirror {
            first = mirror_reply(shared, node.m, node.f, &moves);
        }
        if ord.killers {
            // Moves that kill a cell (their arrow disagrees with the way the
            // cell's arrows go) come first: they take constraints away.
            let kills = |mv: &Move| {
                let (m2, f2) = mv.play(node.m, node.f);
                let cells = board.cells_through(mv.edge as usize);
                bits(cells)
                    .filter(|&c| {
                        board.cells[c].allowed(node.m, node.f).is_some() && board.cells[c].allowed(m2, f2).is_none()
                    })
                    .count()
            };
            moves.sort_by_key(|mv| std::cmp::Reverse(kills(mv)));
        }
        let mut mirrored = false;
        if let Some(first) = first
            && let Some(i) = moves.iter().position(|&x| x == first)
        {
            moves[..=i].rotate_right(1);
            mirrored = true;
        }
        (moves, mirrored)
    }

    /// Does the player to move win `node`? Stored in the table.
    pub fn win(&mut self, shared: &Shared<'_>, node: &Node) -> Result<bool, Stop> {
        let node = &shared.keyed(*node);
        match shared.table.get(&node.outcome_key()) {
            Some(Value::Win) => {
                self.tick(shared)?;
                Ok(true)
            }
            Some(Value::Loss) => {
                self.tick(shared)?;
                Ok(false)
            }
            _ => self.win_unknown(shared, node),
        }
    }

    /// [`Worker::win`] for a node just looked up in the table and not found.
    fn win_unknown(&mut self, shared: &Shared<'_>, node: &Node) -> Result<bool, Stop> {
        self.tick(shared)?;
        let node = &shared.keyed(*node);
        let key = node.outcome_key();
        let start = self.nodes;
        let result = self.search(shared, node)?;
        shared.table.insert(key, if result { Value::Win } else { Value::Loss }, self.nodes - start);
        Ok(result)
    }

    fn search(&mut self, shared: &Shared<'_>, node: &Node) -> Result<bool, Stop> {
        let (moves, mirrored) = self.ordered(shared, node);
        if moves.is_empty() {
            return Ok(node.heap != 0);
        }
        let ord = shared.ordering;
        if ord.heap_first {
            for k in 0..node.heap {
                if !self.win(shared, &node.with_heap(k))? {
                    return Ok(true);
                }
            }
        }
        let board = &shared.board;
        // At a large node every follower is resolved first: one the table
        // knows lost for the opponent, or decided at 0, wins at once, and
        // one it knows won is no use (enhanced transposition cutoff).
        let resolve_all = node.part.count_ones() >= ord.lookahead;
        // The images of the node's edges under every symmetry: a follower's
        // component is most often the node's less the move's edge, and its
        // key then needs no image of its edges of its own.
        let images = if resolve_all && ord.cutoff && shared.symmetries.describe {
            shared.symmetries.images(node.part)
        } else {
            smallvec::SmallVec::new()
        };
        let mut order: smallvec::SmallVec<[Tried; 64]> = smallvec::SmallVec::new();
        let mut scan = Scan::default();
        for (i, &mv) in moves.iter().enumerate() {
            let (m, f) = mv.play(node.m, node.f);
            let scope = node.part & !mv.bit();
            let mut child = None;
            let mut looked = false;
            if resolve_all {
                let mut c = self.split(shared, &mut scan, m, f, scope, node.heap)?;
                match &mut c {
                    Child::Decided(0) => return Ok(true),
                    Child::Decided(_) => continue,
                    Child::Node(n) if ord.cutoff => {
                        let key = if !images.is_empty() && n.part == scope {
                            let d = board.describe(&scan, n.part);
                            shared.symmetries.canonical_after(&d, &images, mv.edge as usize)
                        } else {
                            shared.key(&scan, n.f, n.part)
                        };
                        n.key = Some(key);
                        match shared.table.get(&n.outcome_key()) {
                            Some(Value::Loss) => return Ok(true),
                            Some(_) => continue,
                            None => looked = true,
                        }
                    }
                    Child::Node(_) => {}
                }
                child = Some(c);
            }
            let score = if mirrored && i == 0 {
                0
            } else if let (true, Some(Child::Node(c))) = (ord.exact_mobility, child) {
                let look = board.look(c.m, c.f);
                1 + board.moves(c.m, c.f, c.part, &look).len() as u32
            } else if ord.mobility {
                // The opponent's legal moves after this one, sinks and
                // sources counted but not the cells: fewest first.
                let look = board.look(m, f);
                let open = scope & !m & !look.dead;
                1 + 2 * open.count_ones() - (open & look.no_fwd).count_ones() - (open & look.no_bwd).count_ones()
            } else {
                i as u32
            };
            order.push((score, mv, child, looked));
        }
        order.sort_by_key(|o| o.0);
        for (_, mv, child, looked) in order {
            let child = match child {
                Some(c) => c,
                None => {
                    let (m, f) = mv.play(node.m, node.f);
                    self.resolve(shared, m, f, node.part & !mv.bit(), node.heap)?
                }
            };
            match child {
                Child::Decided(v) => {
                    if v == 0 {
                        return Ok(true);
                    }
                }
                Child::Node(c) => {
                    let won = if looked { self.win_unknown(shared, &c)? } else { self.win(shared, &c)? };
                    if !won {
                        return Ok(true);
                    }
                }
            }
        }
        if !ord.heap_first {
            for k in 0..node.heap {
                if !self.win(shared, &node.with_heap(k))? {
                    return Ok(true);
                }
            }
        }
        Ok(false)
    }

    /// Is the player to move at `child` winning?
    pub fn child_wins(&mut self, shared: &Shared<'_>, child: &Child) -> Result<bool, Stop> {
        match child {
            Child::Decided(v) => Ok(*v != 0),
            Child::Node(n) => self.win(shared, n),
        }
    }

    /// The Grundy value of a node's component plus its heap: the first
    /// `k` for which the component plus `*k` is a second-player win, added
    /// to the heap.
    pub fn grundy(&mut self, shared: &Shared<'_>, child: &Child) -> Result<u32, Stop> {
        match child {
            Child::Decided(v) => Ok(*v),
            Child::Node(n) => {
                let mut k = 0;
                while self.win(shared, &n.with_heap(k))? {
                    k += 1;
                }
                Ok(k ^ n.heap)
            }
        }
    }
}

/// A move after which the position is fixed by an involution of the board
/// (with or without the reversal of every arrow), when there is one among
/// `moves`: the second player's mirror reply to a move that broke the
/// symmetry, or, from a symmetric position, a move on an edge the
/// involution fixes (the first player's opening of the mirror strategy).
fn mirror_reply(shared: &Shared<'_>, m: u64, f: u64, moves: &Moves) -> Option<Move> {
    let image = |g: &super::symmetry::Symmetry, reverse: bool, m: u64, f: u64| {
        let (gm, gf) = g.map_position(m, f);
        (gm, if reverse { gf ^ gm } else { gf })
    };
    let mut opening = None;
    for &(i, reverse) in &shared.involutions {
        let g = &shared.symmetries.all[i];
        let (gm, gf) = image(g, reverse, m, f);
        let new = gm & !m;
        let candidates: smallvec::SmallVec<[Move; 4]> = if new.count_ones() == 1 {
            let edge = new.trailing_zeros() as u8;
            smallvec::smallvec![Move { edge, forward: gf & new != 0 }]
        } else if new == 0 && (gm, gf) == (m, f) && opening.is_none() {
            moves.iter().copied().filter(|mv| g.edge[mv.edge as usize] == mv.edge).collect()
        } else {
            continue;
        };
        for mv in candidates {
            let (m2, f2) = mv.play(m, f);
            if image(g, reverse, m2, f2) == (m2, f2) && moves.contains(&mv) {
                if new != 0 {
                    return Some(mv);
                }
                opening = Some(mv);
                break;
            }
        }
    }
    opening
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::search::table::Table;
    use arrows_core::plane::PlaneFamily;
    use arrows_core::{Decoration, Position, Variant};

    #[test]
    fn the_mirror_reply_on_an_even_wheel() {
        let g = PlaneFamily::Wheel(8).build().unwrap().graph;
        let d = Decoration::parse(&g, "0>1").unwrap();
        let p = Position::new(&g, Variant::Cycles, &d);
        let board = Board::new(p).unwrap();
        let syms = Symmetries::of(&g, &board);
        let shared = Shared::new(
            &g,
            board,
            syms,
            Table::new(1 << 20),
            Control::default(),
            Budget::bytes(1 << 30),
            MoveOrder::default(),
        );
        let (m, f) = d.to_masks().unwrap();
        let look = shared.board.look(m, f);
        let moves = shared.board.moves(m, f, shared.board.all, &look);
        let r = mirror_reply(&shared, m, f, &moves).unwrap();
        assert_eq!(arrows_core::arrow_on(&g, r.edge as usize, r.forward).to_string(), "5>0");
    }
}
