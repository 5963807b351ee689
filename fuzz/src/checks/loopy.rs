//! Game digraph files of `arrows loopy`: edge lists and DOT.

use super::{place_inside, text};
use arrows_loopy::{NamedDigraph, Outcome, ParseError, outcomes, read_digraph, read_graph};

/// The most positions of a digraph whose outcomes the target also solves.
const SOLVED: usize = 2_000;

/// A digraph read from text: one name per position, each found again by
/// its name, moves between positions, each move both a follower and a
/// predecessor; a small one is also solved (every position with a move to
/// a P-position is an N-position).
fn named(g: &NamedDigraph) {
    let n = g.graph.position_count();
    assert_eq!(g.names.len(), n);
    for (v, name) in g.names.iter().enumerate() {
        assert_eq!(g.vertex(name), Some(v as u32), "{name:?}");
        assert_eq!(g.name(v as u32), name);
    }
    let moves = g.graph.moves().inspect(|&(a, b)| assert!((a as usize) < n && (b as usize) < n)).count();
    assert_eq!(moves, g.graph.move_count());
    let into: usize = (0..n as u32).map(|v| g.graph.in_degree(v)).sum();
    assert_eq!(into, moves);
    if n <= SOLVED {
        let o = outcomes(&g.graph);
        for (a, b) in g.graph.moves() {
            if o.outcome(b) == Outcome::P {
                assert_eq!(o.outcome(a), Outcome::N);
            }
        }
    }
}

fn error(e: &ParseError, text: &str) {
    place_inside(text, e.line, e.column);
    assert!(!e.to_string().is_empty());
}

/// `read_digraph` (what `arrows loopy digraph` reads) and `read_graph`
/// (what cop-win reads, DOT `graph` allowed): what one reads the other reads
/// too, unless it is an undirected DOT graph.
pub fn digraph(data: &[u8]) {
    let t = text(data);
    let directed = read_digraph(&t);
    let any = read_graph(&t);
    match (&directed, &any) {
        (Ok(d), Ok(a)) => {
            named(d);
            assert_eq!((&d.names, &d.graph), (&a.names, &a.graph));
        }
        (Err(e), Ok(a)) => {
            error(e, &t);
            assert_eq!(e.kind, arrows_loopy::ParseErrorKind::Undirected, "{e}");
            named(a);
        }
        (Err(d), Err(a)) => {
            error(d, &t);
            assert_eq!(d, a);
        }
        (Ok(_), Err(e)) => panic!("read as a digraph, but not as a graph: {e}"),
    }
}
