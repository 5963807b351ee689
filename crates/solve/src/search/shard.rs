//! A search split into tasks two plies down, for shards on several
//! machines (a Slurm array) whose answers are merged into the single
//! run's answer.
//!
//! A [`Plan`] of a position lists, in a fixed order:
//!
//! * the root's moves (edge order, forward first) and the follower each
//!   leads to, resolved as the search resolves it (decided by its nim-sum,
//!   or a component with a heap);
//! * for each follower that is a component with a heap, its own followers
//!   (the heap's moves first, then the component's moves in edge order),
//!   resolved the same way;
//! * the *tasks*: the distinct components with a heap two plies down (by
//!   their canonical key, so followers that a symmetry makes equal are one
//!   task), numbered in the order they first appear.
//!
//! Each task asks whether the player to move there wins. Given every
//! task's answer, [`Plan::combine`] decides the rest: a follower one ply
//! down is won for its mover when one of its own followers is lost for the
//! opponent, and a root move wins when it leads to a follower lost for the
//! opponent. The plan is a pure function of the position and the version
//! of arrows, so shards computed apart agree on the numbering; shard
//! `r/m` owns the tasks whose number is `r` modulo `m`.

use super::board::Move;
use super::dfs::{Child, Node, Shared};
use super::{SearchOptions, SearchStats, par_win, prepare, stopped};
use crate::error::SolveError;
use arrows_core::{Arrow, Position, Standing, arrow_on};
use arrows_work::Control;
use rayon::prelude::*;
use std::collections::HashMap;
use std::sync::atomic::Ordering;

/// A follower two plies down: decided, or a task.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Below {
    /// Its value (lost for its player to move when 0).
    Decided(u32),
    /// The task that decides it.
    Task(usize),
}

/// The root's moves, their followers, and the tasks two plies down.
pub struct Plan<'g> {
    shared: Shared<'g>,
    position: Position<'g>,
    moves: Vec<Move>,
    /// The follower of each root move.
    children: Vec<Child>,
    /// For each root follower that is a component with a heap, its own followers.
    below: Vec<Vec<Below>>,
    tasks: Vec<Node>,
    depth: usize,
}

/// What the tasks' answers make of the position.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Combined {
    /// The player to move wins.
    pub first_wins: bool,
    /// Every winning move, in edge order.
    pub winning_moves: Vec<Arrow>,
    /// Number of legal moves.
    pub move_count: usize,
}

/// One task's answer.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct TaskAnswer {
    /// The player to move at the task wins.
    pub win: bool,
    /// Nodes the task searched (in this process, with its table).
    pub nodes: u64,
}

impl<'g> Plan<'g> {
    /// The plan of `position` (normal play, at most 64 edges), resolving
    /// the two plies with the canonical engine where components split.
    pub fn new(position: Position<'g>, options: &SearchOptions, control: &Control) -> Result<Plan<'g>, SolveError> {
        let shared = prepare(position, options, control)?;
        let mut plan = Plan {
            shared,
            position,
            moves: Vec::new(),
            children: Vec::new(),
            below: Vec::new(),
            tasks: Vec::new(),
            depth: options.parallel_depth,
        };
        if position.standing() != Standing::Open {
            return Ok(plan);
        }
        let (m, f) = position.state.to_masks().expect("at most 64 edges");
        let board = &plan.shared.board;
        let scope = board.all & !m;
        let look = board.look(m, f);
        plan.moves = board.moves(m, f, scope, &look).into_iter().collect();
        let mut index: HashMap<super::table::Key, usize> = HashMap::new();
        let shared = &plan.shared;
        let (children, below, tasks) = shared
            .with_worker(|w| {
                let mut children = Vec::new();
                let mut below = Vec::new();
                let mut tasks = Vec::new();
                for mv in &plan.moves {
                    let (m1, f1) = mv.play(m, f);
                    let child = w.resolve(shared, m1, f1, scope & !mv.bit(), 0)?;
                    children.push(child);
                    let Child::Node(n) = child else { continue };
                    let mut list = Vec::new();
                    let mut followers: Vec<Child> = (0..n.heap).map(|k| Child::Node(n.with_heap(k))).collect();
                    let look = shared.board.look(n.m, n.f);
                    for mv2 in shared.board.moves(n.m, n.f, n.part, &look) {
                        let (m2, f2) = mv2.play(n.m, n.f);
                        followers.push(w.resolve(shared, m2, f2, n.part & !mv2.bit(), n.heap)?);
                    }
                    for c in followers {
                        list.push(match c {
                            Child::Decided(v) => Below::Decided(v),
                            Child::Node(t) => Below::Task(*index.entry(t.outcome_key()).or_insert_with(|| {
                                tasks.push(t);
                                tasks.len() - 1
                            })),
                        });
                    }
                    below.push(list);
                }
                Ok((children, below, tasks))
            })
            .map_err(stopped)?;
        plan.children = children;
        plan.below = below;
        plan.tasks = tasks;
        Ok(plan)
    }

    /// Number of tasks.
    pub fn tasks(&self) -> usize {
        self.tasks.len()
    }

    /// Decides task `i`: does the player to move there win? The table is
    /// shared by every task of this plan, on every thread.
    pub fn run(&self, i: usize) -> Result<TaskAnswer, SolveError> {
        // A task started after a stop would search thousands of nodes
        // on each of its branches before its first check.
        self.shared.control.cancel.check()?;
        let before = self.shared.nodes.load(Ordering::Relaxed);
        let win = par_win(&self.shared, &self.tasks[i], self.depth, &[]).map_err(stopped)?;
        let nodes = self.shared.nodes.load(Ordering::Relaxed) - before;
        Ok(TaskAnswer { win, nodes })
    }

    /// Decides `tasks` on the threads of the current rayon pool, one table
    /// for all, handing each answer to `each` as it comes (to save it);
    /// the first error, the engine's or `each`'s, is returned once every
    /// task has finished or stopped.
    pub fn run_each<E: From<SolveError> + Send>(
        &self,
        tasks: &[usize],
        each: impl Fn(usize, TaskAnswer) -> Result<(), E> + Sync,
    ) -> Result<(), E> {
        let results: Vec<Result<(), E>> = tasks
            .par_iter()
            .with_max_len(1)
            .map(|&t| {
                let a = self.run(t)?;
                each(t, a)
            })
            .collect();
        results.into_iter().collect()
    }

    /// The search's counters so far (the table's included).
    pub fn stats(&self) -> SearchStats {
        SearchStats::new(
            &SearchOptions::default(),
            self.shared.nodes.load(Ordering::Relaxed),
            self.shared.exact.load(Ordering::Relaxed),
            self.shared.table.stats(),
            self.shared.symmetries.len(),
        )
    }

    /// The position's winner and every winning move, from every task's
    /// answer (`answers[i]` for task `i`); `Err(i)` names a task without one.
    pub fn combine(&self, answers: &[Option<bool>]) -> Result<Combined, usize> {
        if let Some(i) = (0..self.tasks.len()).find(|&i| answers.get(i).copied().flatten().is_none()) {
            return Err(i);
        }
        let move_count = self.position.moves().len();
        match self.position.standing() {
            Standing::Completed(_) => {
                return Ok(Combined { first_wins: false, winning_moves: Vec::new(), move_count });
            }
            Standing::Completable(_) => {
                let winning_moves = self.position.completing_moves();
                return Ok(Combined { first_wins: true, winning_moves, move_count });
            }
            Standing::Open => {}
        }
        let mut winning = Vec::new();
        let mut below = self.below.iter();
        for (mv, child) in self.moves.iter().zip(&self.children) {
            let lost = match child {
                Child::Decided(v) => *v == 0,
                Child::Node(_) => {
                    let followers = below.next().expect("one list per component follower");
                    let mut won = false;
                    for b in followers {
                        let lost = match *b {
                            Below::Decided(v) => v == 0,
                            Below::Task(t) => answers[t] == Some(false),
                        };
                        if lost {
                            won = true;
                            break;
                        }
                    }
                    !won
                }
            };
            if lost {
                winning.push(arrow_on(self.position.graph, mv.edge as usize, mv.forward));
            }
        }
        Ok(Combined { first_wins: !winning.is_empty(), winning_moves: winning, move_count })
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use arrows_core::plane::PlaneFamily;
    use arrows_core::{Decoration, Variant};

    /// Tasks answered one by one and combined give the search's answer.
    #[test]
    fn combined_tasks_give_the_single_runs_answer() {
        for family in [PlaneFamily::Wheel(5), PlaneFamily::Grid(2, 4), PlaneFamily::Theta(2, 3, 3)] {
            let g = family.build().unwrap().graph;
            let d = Decoration::empty(g.edge_count());
            let p = Position::new(&g, Variant::Cycles, &d);
            let options = SearchOptions::default();
            let plan = Plan::new(p, &options, &Control::default()).unwrap();
            let mut answers = vec![None; plan.tasks()];
            for (i, a) in answers.iter_mut().enumerate() {
                *a = Some(plan.run(i).unwrap().win);
            }
            let c = plan.combine(&answers).unwrap();
            let single = super::super::search(p, &options, &Control::default()).unwrap();
            assert_eq!(c.first_wins, single.first_wins, "{family}");
            assert_eq!(c.winning_moves, single.winning_moves, "{family}");
            if plan.tasks() > 0 {
                answers[0] = None;
                assert_eq!(plan.combine(&answers), Err(0));
            }
        }
    }
}
