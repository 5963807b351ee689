//! Names for trees given by graph6, so that exceptions read as graphs: a
//! path `P_n`, a spider `S(a,b,c)` (legs sorted), or a caterpillar with
//! the leaves at each spine vertex.

use arrows_core::Graph;

/// The tree's shape when it is a path, a spider or a caterpillar; `None`
/// for other trees and for graphs that are not trees.
pub fn describe(g: &Graph) -> Option<String> {
    if !(g.is_forest() && g.is_connected()) {
        return None;
    }
    let n = g.vertex_count();
    let branch: Vec<usize> = (0..n).filter(|&v| g.degree(v) >= 3).collect();
    match branch.as_slice() {
        [] => return Some(format!("P_{}", g.edge_count())),
        [hub] => {
            let mut legs: Vec<usize> = g.incidence(*hub).iter().map(|&(_, w)| walk(g, *hub, w)).collect();
            legs.sort_unstable();
            let legs: Vec<String> = legs.iter().map(usize::to_string).collect();
            return Some(format!("S({})", legs.join(",")));
        }
        _ => {}
    }
    caterpillar(g).map(|leaves| {
        let leaves: Vec<String> = leaves.iter().map(usize::to_string).collect();
        format!("caterpillar({})", leaves.join(","))
    })
}

/// The length of the path from `hub` through `first` to a leaf.
fn walk(g: &Graph, hub: usize, first: usize) -> usize {
    let (mut prev, mut at, mut len) = (hub, first, 1);
    while g.degree(at) == 2 {
        let next = g.incidence(at).iter().map(|&(_, w)| w).find(|&w| w != prev).expect("degree 2");
        (prev, at, len) = (at, next, len + 1);
    }
    len
}

/// The leaves at each spine vertex when the internal vertices form a path,
/// read from the end that gives the smaller list.
fn caterpillar(g: &Graph) -> Option<Vec<usize>> {
    let internal: Vec<usize> = (0..g.vertex_count()).filter(|&v| g.degree(v) >= 2).collect();
    let inner_degree = |v: usize| g.incidence(v).iter().filter(|&&(_, w)| g.degree(w) >= 2).count();
    if internal.iter().any(|&v| inner_degree(v) > 2) {
        return None;
    }
    let start = *internal.iter().find(|&&v| inner_degree(v) <= 1)?;
    let mut spine = vec![start];
    let mut prev = usize::MAX;
    let mut at = start;
    while let Some(next) = g.incidence(at).iter().map(|&(_, w)| w).find(|&w| w != prev && g.degree(w) >= 2) {
        (prev, at) = (at, next);
        spine.push(at);
    }
    if spine.len() != internal.len() {
        return None;
    }
    let leaves: Vec<usize> = spine.iter().map(|&v| g.degree(v) - inner_degree(v)).collect();
    let reversed: Vec<usize> = leaves.iter().rev().copied().collect();
    Some(leaves.min(reversed))
}

#[cfg(test)]
mod tests {
    use super::*;
    use arrows_core::families;

    #[test]
    fn shapes_are_named() {
        assert_eq!(describe(&families::path(5).unwrap()).as_deref(), Some("P_5"));
        assert_eq!(describe(&families::spider(&[7, 1, 3]).unwrap()).as_deref(), Some("S(1,3,7)"));
        assert_eq!(describe(&families::caterpillar(&[3, 0, 2]).unwrap()).as_deref(), Some("caterpillar(2,0,3)"));
        assert_eq!(describe(&families::cycle(4).unwrap()), None);
        // Two branch vertices joined through a path of length 2: a caterpillar.
        let g = Graph::from_edges(&[(0, 1), (0, 2), (0, 3), (3, 4), (4, 5), (4, 6)]).unwrap();
        assert_eq!(describe(&g).as_deref(), Some("caterpillar(2,0,2)"));
        // Three internal neighbours around vertex 0: not a caterpillar.
        let g = Graph::from_edges(&[(0, 1), (0, 2), (0, 3), (1, 4), (1, 7), (2, 5), (3, 6)]).unwrap();
        assert_eq!(describe(&g), None);
    }
}
