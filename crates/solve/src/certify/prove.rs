//! The certifying solver: Grundy values of components (classes) and
//! outcomes of a component plus a nim heap (nodes), each memoized under
//! its key, so that everything a certificate refers to has been decided
//! and can be written again from the memos alone.
//!
//! Classes are valued by the mex of their options, the value of an option
//! the nim-sum of its components' classes. A component that meets a live
//! cell is decided as a node, `K + *n`, by a depth-first search that stops
//! at the first winning move (Lemoine and Viennot's method, as in the
//! outcome search): after a move, the largest component stays a node when
//! it meets a live cell or has more than a few edges, and every other
//! component is valued exactly.

use super::CertifyError;
use super::key::{Key, Sym, Witness, canonical, symmetric};
use super::rules::{Pos, Rules};
use arrows_work::Control;
use std::collections::HashMap;

/// What a part refers to.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Ref {
    /// A class: a component's Grundy value.
    Class(u32),
    /// A node: a component plus a heap, and who wins.
    Node(u32),
}

/// A component of a position, referred to a class or a node through a
/// witness.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Part {
    /// The record.
    pub to: Ref,
    /// The witness that maps the component onto the record's.
    pub witness: Witness,
}

/// A class: a component (as its key's image) and its value.
#[derive(Debug, Clone, Copy)]
pub struct Class {
    /// The position the component is taken in.
    pub rep: Pos,
    /// The component's edges.
    pub part: u64,
    /// Its Grundy value.
    pub value: u32,
}

/// How a node is won.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Win {
    /// Not won: every option is a win for the opponent.
    Lost,
    /// By this move on the component.
    Move(usize, bool),
    /// By taking the heap down to this size.
    Heap(u32),
}

/// A node: a component (as its key's image) plus a heap, and who wins.
#[derive(Debug, Clone, Copy)]
pub struct Node {
    /// The position the component is taken in.
    pub rep: Pos,
    /// The component's edges.
    pub part: u64,
    /// The heap.
    pub heap: u32,
    /// How the player to move wins, or [`Win::Lost`].
    pub win: Win,
}

impl Node {
    /// `true` when the player to move wins.
    pub fn wins(&self) -> bool {
        self.win != Win::Lost
    }
}

/// The parts of a position with the node's place left empty, the nim-sum
/// of the classes, and the node's component (see [`Prover::split`]).
type Split = (Vec<Option<Part>>, u32, Option<usize>);

/// Components of at most this many edges and no live cell are valued
/// exactly even when they are the largest.
const SMALL: u32 = 6;

/// Bytes a memo entry takes, roughly (key, record, hash table slack).
const ENTRY_BYTES: u64 = 160;

/// The memos of classes and nodes.
pub struct Prover<'a> {
    /// The board.
    pub rules: &'a Rules,
    /// The symmetries witnesses may use.
    pub syms: &'a [Sym],
    class_ids: HashMap<Key, u32>,
    /// Every class, by id.
    pub classes: Vec<Class>,
    node_ids: HashMap<(Key, u32), u32>,
    /// Every node, by id.
    pub nodes: Vec<Node>,
    control: &'a Control,
    steps: u64,
    /// Nodes searched (decided, not looked up).
    pub searched: u64,
}

impl<'a> Prover<'a> {
    /// Empty memos for a board.
    pub fn new(rules: &'a Rules, syms: &'a [Sym], control: &'a Control) -> Prover<'a> {
        Prover {
            rules,
            syms,
            class_ids: HashMap::new(),
            classes: Vec::new(),
            node_ids: HashMap::new(),
            nodes: Vec::new(),
            control,
            steps: 0,
            searched: 0,
        }
    }

    /// Counts a step; every few thousand, reads the stop flag and the budget.
    fn step(&mut self) -> Result<(), CertifyError> {
        self.steps += 1;
        if self.steps.is_multiple_of(4096) {
            self.control.checkpoint(4096).map_err(|_| CertifyError::Cancelled)?;
            let needed = (self.classes.len() + self.nodes.len()) as u64 * ENTRY_BYTES;
            self.control
                .budget
                .check(needed)
                .map_err(|e| CertifyError::OverBudget { needed: e.needed, budget: e.budget })?;
        }
        Ok(())
    }

    /// The class of component `part` of `p`, with the witness to it.
    pub fn class(&mut self, p: Pos, part: u64) -> Result<(Part, u32), CertifyError> {
        let (key, witness, rep, image) = canonical(self.rules, self.syms, p, part);
        if let Some(&id) = self.class_ids.get(&key) {
            return Ok((Part { to: Ref::Class(id), witness }, self.classes[id as usize].value));
        }
        self.step()?;
        let mut seen: Vec<bool> = Vec::new();
        for (e, forward) in self.rules.moves(rep, image) {
            let (q, comps) = self.rules.after(rep, image, e, forward);
            let mut x = 0u32;
            for c in comps {
                x ^= self.class(q, c)?.1;
            }
            let x = x as usize;
            if seen.len() <= x {
                seen.resize(x + 1, false);
            }
            seen[x] = true;
        }
        let value = seen.iter().position(|&s| !s).unwrap_or(seen.len()) as u32;
        let id = u32::try_from(self.classes.len()).map_err(|_| CertifyError::TooManyRecords)?;
        self.classes.push(Class { rep, part: image, value });
        self.class_ids.insert(key, id);
        Ok((Part { to: Ref::Class(id), witness }, value))
    }

    /// Splits the components of a position into classes and at most one
    /// node (the largest, as the module says): the parts, in
    /// order, the nim-sum of the classes, and the index of the node's
    /// component if there is one.
    fn split(&mut self, p: Pos, comps: &[u64]) -> Result<Split, CertifyError> {
        // On a board with cells the largest component is searched, not
        // valued, when it meets a live cell or is past a few edges (an
        // exact value of a large Game of Arrows component costs far more
        // than its outcome); on a board without cells everything is valued.
        let big = if self.rules.cells.is_empty() {
            None
        } else {
            comps
                .iter()
                .enumerate()
                .max_by_key(|&(i, &c)| (c.count_ones(), std::cmp::Reverse(i)))
                .filter(|&(_, &c)| c.count_ones() > SMALL || self.rules.meets_live_cell(p, c))
                .map(|(i, _)| i)
        };
        let mut parts = Vec::with_capacity(comps.len());
        let mut x = 0;
        for (i, &c) in comps.iter().enumerate() {
            if Some(i) == big {
                parts.push(None);
            } else {
                let (part, v) = self.class(p, c)?;
                x ^= v;
                parts.push(Some(part));
            }
        }
        Ok((parts, x, big))
    }

    /// The parts of `p + *n`, `comps` its components, and whether the
    /// player to move wins.
    pub fn outcome(&mut self, p: Pos, comps: &[u64], n: u32) -> Result<(Vec<Part>, bool), CertifyError> {
        let (mut parts, x, big) = self.split(p, comps)?;
        let wins = match big {
            None => x != n,
            Some(i) => {
                let (part, wins) = self.node(p, comps[i], n ^ x)?;
                parts[i] = Some(part);
                wins
            }
        };
        Ok((parts.into_iter().map(|p| p.expect("every part filled")).collect(), wins))
    }

    /// The node of component `part` of `p` plus a heap of `n`, with the
    /// witness to it, and whether the player to move wins.
    pub fn node(&mut self, p: Pos, part: u64, n: u32) -> Result<(Part, bool), CertifyError> {
        let (key, witness, rep, image) = canonical(self.rules, self.syms, p, part);
        if let Some(&id) = self.node_ids.get(&(key, n)) {
            return Ok((Part { to: Ref::Node(id), witness }, self.nodes[id as usize].wins()));
        }
        self.step()?;
        self.searched += 1;
        let win = self.decide(rep, image, n)?;
        let id = u32::try_from(self.nodes.len()).map_err(|_| CertifyError::TooManyRecords)?;
        self.nodes.push(Node { rep, part: image, heap: n, win });
        self.node_ids.insert((key, n), id);
        Ok((Part { to: Ref::Node(id), witness }, win != Win::Lost))
    }

    /// How the player to move wins `part + *n` in `p`, if they do.
    fn decide(&mut self, p: Pos, part: u64, n: u32) -> Result<Win, CertifyError> {
        // Moves whose follower is decided without a search come first, then
        // the heap, then the rest, smallest remaining node first.
        let mut pending: Vec<(u32, usize, bool, Pos, u64, u32)> = Vec::new();
        for (e, forward) in self.rules.moves(p, part) {
            let (q, comps) = self.rules.after(p, part, e, forward);
            let (_, x, big) = self.split(q, &comps)?;
            match big {
                None if x == n => return Ok(Win::Move(e, forward)),
                None => {}
                Some(i) => {
                    let c = comps[i];
                    let (key, ..) = canonical(self.rules, self.syms, q, c);
                    match self.node_ids.get(&(key, n ^ x)) {
                        Some(&id) if !self.nodes[id as usize].wins() => return Ok(Win::Move(e, forward)),
                        Some(_) => {}
                        None => pending.push((c.count_ones(), e, forward, q, c, n ^ x)),
                    }
                }
            }
        }
        for m in 0..n {
            if !self.node(p, part, m)?.1 {
                return Ok(Win::Heap(m));
            }
        }
        // A reply that leaves a component its own image under a symmetry
        // (the mirror strategy of symmetric boards) is tried first, then
        // the smallest remaining component.
        pending.sort_by_cached_key(|t| (!symmetric(self.rules, self.syms, t.3, t.4), t.0));
        for (_, e, forward, q, c, h) in pending {
            if !self.node(q, c, h)?.1 {
                return Ok(Win::Move(e, forward));
            }
        }
        Ok(Win::Lost)
    }
}
