//! The literal nimber of a Game of Cycles position under normal play: the
//! value existing Game of Cycles solvers report.
//!
//! In the *literal game* every legal move is a move, and a move that
//! completes a cell leads to a terminal position (value 0): the nimber of
//! the game tree as played. The value every engine here reports is that of
//! the *reduced game* ([`arrows_core::play`]): the moves that leave a
//! completable cell are removed, since the opponent would complete it. Both
//! give the same winner on one board (each is 0 exactly when the player to
//! move loses), but only the reduced values add over the components of a
//! position. The triangle K3 (one cell) has literal nimber 1 and reduced
//! value 1; the wedge of three triangles around a vertex (`wedge3`, the fan
//! `arrows fan 4`) has literal nimber 2 and reduced value 1. On the two
//! boards side by side the reduced values give 1 xor 1 = 0, a second-player
//! win, which the literal game of the sum confirms (its literal nimber is
//! 0); the literal nimbers would give 1 xor 2 = 3, a first-player win,
//! which is wrong.
//!
//! The literal game is explored as the explicit engine explores the
//! reduced one ([`crate::explicit`]): the whole game graph from the start,
//! within the budget, labelled by the loopy solver's mex rule.

use crate::error::SolveError;
use crate::explicit::{GameGraph, Node};
use arrows_core::{Graph, Play, Position, Variant};
use arrows_loopy::{Game, Gamma};
use arrows_work::Control;

/// The literal game on one graph: every legal move of the Game of Cycles
/// under normal play; a completed cell leaves no move.
struct LiteralGame<'g> {
    graph: &'g Graph,
}

impl Game for LiteralGame<'_> {
    type Position = Node;

    fn followers(&self, position: &Node, out: &mut Vec<Node>) {
        let Node::State(d) = position else { return };
        // `moves` is empty once a cell is completed: the game is over.
        for a in Position::new(self.graph, Variant::Cycles, d).moves() {
            let e = self.graph.edge_between(a.tail, a.head).expect("a move lies on an edge");
            let mut f = d.clone();
            f.mark(e, self.graph.ends(e).0 == a.tail);
            out.push(Node::State(f));
        }
    }
}

/// The literal nimber of `position`, a state of the Game of Cycles under
/// normal play (other rules and misère play have no reduction: their
/// value is the literal game's already, and is returned by the engines).
/// Refused past the control's budget, as the explicit engine refuses.
///
/// # Panics
/// If `position` is not the Game of Cycles under normal play.
pub fn literal_nimber(position: Position<'_>, control: &Control) -> Result<u32, SolveError> {
    assert!(
        position.variant == Variant::Cycles && position.play == Play::Normal,
        "the literal nimber is asked of the Game of Cycles under normal play"
    );
    let game = LiteralGame { graph: position.graph };
    let solved = GameGraph::of(game, position, control)?;
    match solved.labels.get(0) {
        Gamma::Finite(g) => Ok(g),
        Gamma::Infinite(k) => unreachable!("an acyclic game has no infinite label, got infinity{k:?}"),
    }
}

/// `true` when [`literal_nimber`] applies: the Game of Cycles under normal play.
pub fn has_literal_nimber(position: Position<'_>) -> bool {
    position.variant == Variant::Cycles && position.play == Play::Normal
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::{Engine, analyze};
    use arrows_core::Decoration;
    use arrows_core::plane::{PlaneFamily, parse_cell_walks};
    use arrows_work::Budget;
    use std::collections::HashMap;

    fn control() -> Control {
        Control::new(Budget::bytes(1 << 30))
    }

    /// The reference: the mex recursion over the literal game tree, written
    /// out directly (a completing move is a move to a terminal position).
    fn by_recursion(graph: &Graph, d: &Decoration, memo: &mut HashMap<Decoration, u32>) -> u32 {
        if let Some(&v) = memo.get(d) {
            return v;
        }
        let here = Position::new(graph, Variant::Cycles, d);
        let mut seen = Vec::new();
        for a in here.moves() {
            let e = graph.edge_between(a.tail, a.head).unwrap();
            let mut f = d.clone();
            f.mark(e, graph.ends(e).0 == a.tail);
            let completes = graph.cell_list().iter().any(|c| c.is_completed(&f));
            seen.push(if completes { 0 } else { by_recursion(graph, &f, memo) });
        }
        let value = (0..).find(|g| !seen.contains(g)).unwrap();
        memo.insert(d.clone(), value);
        value
    }

    fn plane(edges: &[(usize, usize)], cells: &str) -> Graph {
        let g = Graph::from_edges(edges).unwrap();
        let cells = parse_cell_walks(&g, cells).unwrap();
        g.with_cells(cells).unwrap()
    }

    #[test]
    fn agrees_with_the_recursion_on_small_boards() {
        let boards = [
            plane(&[(0, 1), (1, 2), (2, 0)], "0-1-2"),
            plane(&[(0, 1), (1, 2), (2, 0), (0, 3), (3, 4), (4, 0)], "0-1-2;0-3-4"),
            plane(&[(0, 1), (1, 2), (2, 3), (3, 0)], "0-1-2-3"),
            plane(&[(0, 1), (1, 2), (2, 0), (2, 3), (3, 0)], "0-1-2;0-2-3"),
            plane(&[(0, 1), (1, 2), (2, 0), (0, 3), (1, 3), (2, 3)], "0-1-3;1-2-3;2-0-3"),
        ];
        for g in &boards {
            let start = Decoration::empty(g.edge_count());
            let want = by_recursion(g, &start, &mut HashMap::new());
            assert_eq!(literal_nimber(Position::new(g, Variant::Cycles, &start), &control()).unwrap(), want);
        }
    }

    fn family(f: PlaneFamily) -> Graph {
        f.build().unwrap().graph
    }

    /// The disjoint union of two plane graphs, the second's vertices after the first's.
    fn beside(a: &Graph, b: &Graph) -> Graph {
        let n = a.vertex_count();
        let mut edges: Vec<(usize, usize)> = a.edges().to_vec();
        edges.extend(b.edges().iter().map(|&(u, v)| (u + n, v + n)));
        let g = Graph::from_edges(&edges).unwrap();
        let walks: Vec<String> = a
            .cell_list()
            .iter()
            .map(|c| c.vertices(a).iter().map(usize::to_string).collect::<Vec<_>>().join("-"))
            .chain(
                b.cell_list()
                    .iter()
                    .map(|c| c.vertices(b).iter().map(|v| (v + n).to_string()).collect::<Vec<_>>().join("-")),
            )
            .collect();
        let cells = parse_cell_walks(&g, &walks.join(";")).unwrap();
        g.with_cells(cells).unwrap()
    }

    /// K3 + wedge3 (the fan of three triangles): literal nimbers 1 and 2,
    /// reduced values 1 and 1; the sum is a second-player win, as the
    /// reduced values say and the literal nimbers do not.
    #[test]
    fn literal_nimbers_do_not_add_and_reduced_values_do() {
        let (k3, wedge3) = (family(PlaneFamily::Cycle(3)), family(PlaneFamily::Fan(4)));
        let both = beside(&k3, &wedge3);
        let value = |g: &Graph| {
            let d = Decoration::empty(g.edge_count());
            let p = Position::new(g, Variant::Cycles, &d);
            let literal = literal_nimber(p, &control()).unwrap();
            assert_eq!(literal, by_recursion(g, &d, &mut HashMap::new()));
            (literal, analyze(p, Engine::Brute, &control()).unwrap().grundy.unwrap())
        };
        assert_eq!(value(&k3), (1, 1));
        assert_eq!(value(&wedge3), (2, 1));
        assert_eq!(value(&both), (0, 0));
    }

    /// On every descendant of small boards the literal nimber is 0 exactly
    /// when the reduced game says the player to move loses (a position
    /// with a completable cell has a literal nimber above 0 and no reduced
    /// value: the player to move completes it).
    #[test]
    fn the_literal_nimber_and_the_reduced_value_name_the_same_winner() {
        for f in [PlaneFamily::Fan(4), PlaneFamily::Wheel(3), PlaneFamily::Grid(2, 3), PlaneFamily::Theta(1, 2, 2)] {
            let g = family(f);
            let mut memo = HashMap::new();
            let mut stack = vec![Decoration::empty(g.edge_count())];
            let mut seen = std::collections::HashSet::new();
            while let Some(d) = stack.pop() {
                if !seen.insert(d.clone()) {
                    continue;
                }
                let p = Position::new(&g, Variant::Cycles, &d);
                let literal = by_recursion(&g, &d, &mut memo);
                let reduced = analyze(p, Engine::Brute, &control()).unwrap();
                assert_eq!(literal != 0, reduced.first_player_wins(), "{f} at {}", d.display(&g));
                stack.extend(p.followers());
            }
            assert!(seen.len() > 100, "{f}: {}", seen.len());
        }
    }
}
