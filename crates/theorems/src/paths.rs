//! The labelled paths of Section 5 as a system of their own.
//!
//! A path with `m` edges whose ends are labelled `near` and `far` (each
//! [`Need::Free`], [`Need::In`] or [`Need::Out`]) is the flow, crash, twig
//! or rod of Section 5. Marking its edge `p` away from `near` (`1 <= p <= m`)
//! leaves the path from `near` to the edge's near end, which now needs an
//! in-arrow, and the path from the edge's far end, which needs an
//! out-arrow, to `far`: `Q[near, In](p - 1) ⊕ Q[Out, far](m - p)`; marking
//! it toward `near` gives `Q[near, Out](p - 1) ⊕ Q[In, far](m - p)`. With no
//! edge, a path is its one vertex: the move that made it was legal unless
//! that vertex needed an in-arrow and got an out-arrow, or the reverse,
//! which is the absent term `Q[In, In](0) = Q[Out, Out](0) = ⊥` (the crash
//! `C_0` is not a state).
//!
//! So the nine sequences `Q[near, far]` form a system of two split
//! templates each, which reads no closed form: proving it periodic
//! re-derives Propositions 5.2, 5.4 and 5.6 from the rules of the game.

use crate::system::{ABSENT, Operand, Sequence, System, Template};
use arrows_solve::canonical::Need;

const ENDS: [Need; 3] = [Need::Free, Need::In, Need::Out];

fn slot(n: Need) -> usize {
    match n {
        Need::Free => 0,
        Need::In => 1,
        Need::Out => 2,
        Need::Both => unreachable!("a path end never needs both arrows"),
    }
}

/// The system of the paths reachable from `Q[near, far]`, and the position
/// of `Q[near, far]` in it.
pub fn path_system(near: Need, far: Need) -> (System, usize) {
    // Which pairs are read, from the target on.
    let mut index = [[usize::MAX; 3]; 3];
    let mut order: Vec<(Need, Need)> = Vec::new();
    let mut todo = vec![(near, far)];
    while let Some((a, b)) = todo.pop() {
        if index[slot(a)][slot(b)] != usize::MAX {
            continue;
        }
        index[slot(a)][slot(b)] = order.len();
        order.push((a, b));
        todo.extend([(a, Need::In), (Need::Out, b), (a, Need::Out), (Need::In, b)]);
    }
    let at = |a: Need, b: Need| Operand::Seq(index[slot(a)][slot(b)] as u32);
    let seqs = order
        .iter()
        .map(|&(a, b)| {
            let crash = a == b && a != Need::Free;
            let split =
                |left, right| Template::Split { constant: 0, left, right, removed: 1, left_min: 0, right_min: 0 };
            Sequence {
                initial: vec![if crash { ABSENT } else { 0 }],
                templates: vec![split(at(a, Need::In), at(Need::Out, b)), split(at(a, Need::Out), at(Need::In, b))],
            }
        })
        .collect();
    let _ = ENDS;
    (System::new(seqs).expect("the path system is well formed"), 0)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::given::Given;
    use crate::system::Values;

    /// The system's terms are the closed forms the engine uses.
    #[test]
    fn the_path_system_computes_section_5() {
        for near in ENDS {
            for far in ENDS {
                let (system, target) = path_system(near, far);
                let mut values = Values::new(&system);
                values.extend(&system, 40);
                let given = Given::path(near, far);
                for m in 0..40 {
                    assert_eq!(values.row(target)[m as usize], given.value(m), "{near:?} {far:?} {m}");
                }
            }
        }
    }
}
