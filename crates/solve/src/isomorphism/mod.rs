//! State isomorphisms (Section 4 of the paper), decided by brute force and
//! by the local criteria.
//!
//! The module is split along the paper's concepts: `masks` (states as
//! masks, bijections on masks), `bijection` (arrow bijections, Definition
//! 4.5 by brute force), `criteria` (flowers and the local criteria),
//! `search` (finding an isomorphism) and `game_graph` (Proposition 4.6 on
//! the explicit game graphs).
//!
//! * An [`ArrowBijection`] `phi` maps the arrows of the unmarked subgraph
//!   `G_S` (Definition 4.3) to those of `G'_{S'}` and commutes with the flip
//!   (Definition 4.4): unmarked edge `e` goes to unmarked edge `e'`, its
//!   forward arrow to the forward or the backward arrow of `e'`.
//!   [`ArrowBijection::induced`] builds the bijection induced by a graph
//!   homomorphism (Definition 4.7).
//! * `Phi(D) = S' ∪ phi(D \ S)` is the bijection it induces between the
//!   decorations containing `S` and those containing `S'`
//!   ([`ArrowBijection::apply`]). `phi` is a *state isomorphism*
//!   (Definition 4.5) when `Phi` and its inverse map states to states;
//!   [`is_state_isomorphism`] decides it by trying all `3^k` decorations
//!   containing `S` (`k` unmarked edges).
//! * The tail-flower and the head-flower of `S` at `v` (Definition 4.8)
//!   mark every unmarked edge at `v` out of `v`, or into `v`
//!   ([`tail_flower`], [`head_flower`]). [`locally_state_preventing`]
//!   (Definition 4.9), [`local_criterion`] (Theorem 4.10) and
//!   [`is_local_state_isomorphism_at`] (Definition 4.11, Corollary 4.12)
//!   look at flowers only.
//! * [`heads_tails_criterion`] tests the sufficient condition of
//!   Theorem 4.14 on heads and tails.
//! * [`find_state_isomorphism`] searches for a state isomorphism, pruning
//!   with the local criterion as the search completes each vertex.
//! * [`game_graphs_correspond`] checks that `Phi` is an isomorphism of the
//!   explicit game graphs (the content of Proposition 4.6).
//!
//! A decoration containing `S` is a state exactly when every vertex that
//! touches an unmarked edge is fine (the others are fine in `S`), so every
//! test works on `k`-bit masks of the unmarked edges. "Internal" reads as
//! "constrained" (`Variant::is_constrained`): the internal vertices in the
//! Trimmed Game of Arrows, every vertex in the Game of Arrows.

mod bijection;
mod criteria;
mod game_graph;
mod masks;
mod search;

pub use bijection::{ArrowBijection, Mismatch, is_state_isomorphism};
pub use criteria::{
    head_flower, heads_tails_criterion, is_local_state_isomorphism_at, local_criterion,
    local_state_isomorphism_everywhere, locally_state_preventing, tail_flower,
};
pub use game_graph::{GameGraphMatch, game_graphs_correspond};
pub use masks::{MaskBijection, PreparedState};
pub use search::{Search, find_state_isomorphism};

use arrows_core::Violation;

/// The largest number of unmarked edges the mask-based tests take.
pub const MAX_UNMARKED: usize = 30;
/// The largest number of unmarked edges [`is_state_isomorphism`] enumerates
/// (`3^k` decorations).
pub const MAX_BRUTE_FORCE: usize = 18;

/// Why an isomorphism test cannot run.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum IsomorphismError {
    /// The decoration is not a state of its rule set.
    #[error("the decoration is not a state: {0}")]
    NotAState(Violation),
    /// Too many unmarked edges for the test.
    #[error("the state has {unmarked} unmarked edges, but the isomorphism test takes at most {limit}")]
    TooLarge {
        /// Unmarked edges of the state.
        unmarked: usize,
        /// The test's limit.
        limit: usize,
    },
    /// The given map is not a flip-commuting bijection between the unmarked arrows.
    #[error("the map is not a bijection between the unmarked arrows: {0}")]
    NotABijection(String),
}

#[cfg(test)]
mod tests {
    use super::*;
    use arrows_core::families::{path, spider};
    use arrows_core::{Decoration, Graph, Position, Variant, Vertex};
    use arrows_work::{Budget, Control};

    fn st<'a>(g: &'a Graph, d: &'a Decoration) -> Position<'a> {
        Position::trimmed(g, d)
    }

    #[test]
    fn flip_is_a_state_isomorphism() {
        let g = spider(&[2, 3, 2]).unwrap();
        let d = Decoration::parse(&g, "0>1,3>4").unwrap();
        let flip = d.flip();
        let (a, b) = (st(&g, &d), st(&g, &flip));
        let phi = ArrowBijection::new(a, b, |e| (e, false)).unwrap();
        assert_eq!(is_state_isomorphism(a, b, &phi).unwrap(), None);
        assert!(local_criterion(a, b, &phi).unwrap());
        // The identity is not one: the hub needs an in-arrow on one side, an out-arrow on the other.
        let id = ArrowBijection::new(a, b, |e| (e, true)).unwrap();
        assert!(is_state_isomorphism(a, b, &id).unwrap().is_some());
        assert!(!local_criterion(a, b, &id).unwrap());
    }

    #[test]
    fn flowers_mark_every_unmarked_edge_at_the_vertex() {
        let g = path(3).unwrap();
        let d = Decoration::parse(&g, "0>1").unwrap();
        let s = st(&g, &d);
        assert_eq!(tail_flower(s, 2).display(&g).to_string(), "0>1,2>1,2>3");
        assert_eq!(head_flower(s, 1).display(&g).to_string(), "0>1,2>1");
        assert!(!Variant::Trimmed.is_state(&g, &head_flower(s, 1)));
    }

    #[test]
    fn a_crash_is_isomorphic_to_its_flip_through_the_reversal_of_the_path() {
        // C_2 on 0..4 with 0>1 and 4>3; its flip 1>0, 3>4. The reversal
        // i -> 4-i maps the crash onto itself; composed with the flip it is
        // a state isomorphism to the flipped crash.
        let g = path(4).unwrap();
        let c = Decoration::parse(&g, "0>1,4>3").unwrap();
        let f = c.flip();
        let (a, b) = (st(&g, &c), st(&g, &f));
        let rev: Vec<Option<Vertex>> = (0..5).map(|i| Some(4 - i)).collect();
        let phi = ArrowBijection::induced(a, b, &rev).unwrap().flipped();
        assert_eq!(is_state_isomorphism(a, b, &phi).unwrap(), None);
        assert!(matches!(find_state_isomorphism(a, b, 1 << 20).unwrap(), Search::Found(_)));
        assert!(matches!(
            game_graphs_correspond(a, b, &phi, &Control::new(Budget::bytes(1 << 26))).unwrap(),
            GameGraphMatch::Isomorphic { .. }
        ));
    }

    #[test]
    fn the_search_finds_isomorphisms_that_split_a_free_vertex() {
        // T_1 ⊔ T_2 (two twigs) against <0^,1_v,2^>, whose hub has an in- and an out-arrow.
        let u = Graph::from_edges(&[(0, 1), (1, 2), (3, 4), (4, 5), (5, 6)]).unwrap();
        let du = Decoration::parse(&u, "0>1,3>4").unwrap();
        let s = spider(&[1, 2, 3]).unwrap();
        let ds = Decoration::parse(&s, "0>1,3>2,5>6").unwrap();
        let (a, b) = (st(&u, &du), st(&s, &ds));
        let Search::Found(phi) = find_state_isomorphism(a, b, 1 << 20).unwrap() else { panic!("isomorphic") };
        assert_eq!(is_state_isomorphism(a, b, &phi).unwrap(), None);
        assert_eq!(is_state_isomorphism(b, a, &phi.inverse()).unwrap(), None);
        // F_2 (value 0) is not the twig T_2 (value 2).
        let p = path(4).unwrap();
        let flow = Decoration::parse(&p, "0>1,3>4").unwrap();
        let twig_g = path(3).unwrap();
        let twig = Decoration::parse(&twig_g, "0>1").unwrap();
        assert_eq!(find_state_isomorphism(st(&p, &flow), st(&twig_g, &twig), 1 << 20).unwrap(), Search::NotIsomorphic);
    }

    #[test]
    fn heads_and_tails() {
        // <0^,0^,2^> against the flip of C_2: T ∩ I = {hub, 2_3} goes to {1, 3}.
        let s = spider(&[1, 1, 3]).unwrap();
        let ds = Decoration::parse(&s, "0>1,0>2,4>5").unwrap();
        let p = path(4).unwrap();
        let dp = Decoration::parse(&p, "1>0,3>4").unwrap();
        let (a, b) = (st(&s, &ds), st(&p, &dp));
        let mut f = vec![None; 6];
        f[0] = Some(1);
        f[3] = Some(2);
        f[4] = Some(3);
        assert_eq!(heads_tails_criterion(a, b, &f).unwrap(), Some(true));
        let phi = ArrowBijection::induced(a, b, &f).unwrap();
        assert_eq!(is_state_isomorphism(a, b, &phi).unwrap(), None);
        // Against the crash itself the conditions fail (heads and tails swap).
        let dc = dp.flip();
        assert_eq!(heads_tails_criterion(a, st(&p, &dc), &f).unwrap(), Some(false));
        // A map that is not an isomorphism of the unmarked subgraphs: not applicable.
        let mut g = f.clone();
        g[4] = Some(1);
        assert_eq!(heads_tails_criterion(a, b, &g).unwrap(), None);
    }

    #[test]
    fn errors_name_the_problem() {
        let g = path(2).unwrap();
        let bad = Decoration::parse(&g, "0>1,2>1").unwrap();
        let ok = Decoration::empty(2);
        let e = find_state_isomorphism(st(&g, &bad), st(&g, &ok), 10).unwrap_err();
        assert!(e.to_string().contains("not a state"), "{e}");
        let one = Decoration::parse(&g, "0>1").unwrap();
        assert!(ArrowBijection::new(st(&g, &ok), st(&g, &one), |e| (e, true)).is_err());
    }
}
