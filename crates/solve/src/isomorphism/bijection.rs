//! Flip-commuting bijections between unmarked arrows (Definitions 4.4,
//! 4.7), and Definition 4.5 decided by brute force.

use super::masks::{MaskBijection, PreparedState};
use super::{IsomorphismError, MAX_BRUTE_FORCE};
use arrows_core::{Arrow, Decoration, EdgeId, Graph, Position, Vertex, arrow_on};

/// A bijection from the arrows of `G_S` to the arrows of `G'_{S'}` that
/// commutes with the flip.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ArrowBijection {
    /// For each edge of `G`: `None` when `S` marks it, else its image edge
    /// and whether the forward arrow goes to the forward arrow.
    image: Vec<Option<(EdgeId, bool)>>,
    /// Number of edges of `G'`.
    target_edges: usize,
}

impl ArrowBijection {
    /// The bijection sending each unmarked edge `e` of `from` to `image(e)`:
    /// `(e', true)` sends the forward arrow of `e` to the forward arrow of `e'`,
    /// `(e', false)` to the backward one.
    pub fn new(
        from: Position<'_>,
        to: Position<'_>,
        image: impl Fn(EdgeId) -> (EdgeId, bool),
    ) -> Result<ArrowBijection, IsomorphismError> {
        let mut seen = vec![false; to.graph.edge_count()];
        let mut out = vec![None; from.graph.edge_count()];
        for e in from.state.unmarked_edges() {
            let (e2, same) = image(e);
            if e2 >= seen.len() || to.state.is_marked(e2) {
                return Err(IsomorphismError::NotABijection(format!("edge {e} goes to no unmarked edge")));
            }
            if std::mem::replace(&mut seen[e2], true) {
                return Err(IsomorphismError::NotABijection(format!("two edges go to edge {e2}")));
            }
            out[e] = Some((e2, same));
        }
        if from.unmarked() != to.unmarked() {
            return Err(IsomorphismError::NotABijection(format!(
                "{} unmarked edges against {}",
                from.unmarked(),
                to.unmarked()
            )));
        }
        Ok(ArrowBijection { image: out, target_edges: to.graph.edge_count() })
    }

    /// The bijection induced by a graph homomorphism `f` (Definition 4.7):
    /// the arrow `u>v` goes to `f(u)>f(v)`. `f[v]` must be given for every
    /// vertex on an unmarked edge.
    pub fn induced(
        from: Position<'_>,
        to: Position<'_>,
        f: &[Option<Vertex>],
    ) -> Result<ArrowBijection, IsomorphismError> {
        let mut image = vec![None; from.graph.edge_count()];
        for e in from.state.unmarked_edges() {
            let (s, t) = from.graph.ends(e);
            let (Some(fs), Some(ft)) = (f.get(s).copied().flatten(), f.get(t).copied().flatten()) else {
                return Err(IsomorphismError::NotABijection(format!("the vertex map misses an end of edge {s}-{t}")));
            };
            let Some(e2) = to.graph.edge_between(fs, ft) else {
                return Err(IsomorphismError::NotABijection(format!("{s}-{t} goes to {fs}-{ft}, not an edge")));
            };
            image[e] = Some((e2, to.graph.ends(e2).0 == fs));
        }
        ArrowBijection::new(from, to, |e| image[e].expect("unmarked"))
    }

    /// `phi` followed by the flip of `G'`: every image arrow reversed.
    pub fn flipped(&self) -> ArrowBijection {
        ArrowBijection {
            image: self.image.iter().map(|x| x.map(|(e, same)| (e, !same))).collect(),
            target_edges: self.target_edges,
        }
    }

    /// The inverse bijection, from the arrows of `G'_{S'}` to those of `G_S`.
    pub fn inverse(&self) -> ArrowBijection {
        let mut image = vec![None; self.target_edges];
        for (e, x) in self.image.iter().enumerate() {
            if let Some((e2, same)) = *x {
                image[e2] = Some((e, same));
            }
        }
        ArrowBijection { image, target_edges: self.image.len() }
    }

    /// The image of an unmarked edge of `G`: `(e', same direction)`.
    pub fn edge_image(&self, e: EdgeId) -> Option<(EdgeId, bool)> {
        self.image.get(e).copied().flatten()
    }

    /// `phi(a)` for an arrow `a` on an unmarked edge of `G`.
    pub fn arrow(&self, from: &Graph, to: &Graph, a: Arrow) -> Option<Arrow> {
        let e = from.edge_between(a.tail, a.head)?;
        let (e2, same) = self.edge_image(e)?;
        let forward = from.ends(e).0 == a.tail;
        Some(arrow_on(to, e2, forward == same))
    }

    /// `Phi(D) = S' ∪ phi(D \ S)` for a decoration `D` containing `S`.
    pub fn apply(&self, to: Position<'_>, d: &Decoration) -> Decoration {
        let mut out = to.state.clone();
        for e in d.marked_edges() {
            if let Some((e2, same)) = self.edge_image(e) {
                out.mark(e2, d.get(e).expect("marked") == same);
            }
        }
        out
    }

    /// The bijection in arrow notation: `1>2 -> 5>6, 2>3 -> 7>6`.
    pub fn describe(&self, from: &Graph, to: &Graph) -> String {
        let parts: Vec<String> = (0..self.image.len())
            .filter_map(|e| {
                let (e2, same) = self.edge_image(e)?;
                Some(format!("{} -> {}", arrow_on(from, e, true), arrow_on(to, e2, same)))
            })
            .collect();
        parts.join(", ")
    }

    /// The same bijection on the masks of two prepared states.
    pub fn to_masks(&self, a: &PreparedState, b: &PreparedState) -> MaskBijection {
        let map = a
            .edges
            .iter()
            .map(|&e| {
                let (e2, same) = self.image[e].expect("an unmarked edge has an image");
                (b.index[e2].expect("the image is unmarked"), same)
            })
            .collect();
        MaskBijection::new(map).expect("a bijection stays one")
    }
}

/// A decoration on which a bijection fails Definition 4.5.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Mismatch {
    /// A decoration `D` containing `S`.
    pub decoration: Decoration,
    /// Its image `Phi(D)`.
    pub image: Decoration,
    /// Whether `D` is a state (`Phi(D)` is then the opposite).
    pub is_state: bool,
}

/// Both states prepared and the bijection on their masks.
pub(super) fn prepare(
    from: Position<'_>,
    to: Position<'_>,
    phi: &ArrowBijection,
) -> Result<(PreparedState, PreparedState, MaskBijection), IsomorphismError> {
    let (a, b) = (PreparedState::new(from)?, PreparedState::new(to)?);
    let map = phi.to_masks(&a, &b);
    Ok((a, b, map))
}

/// Definition 4.5 by brute force: `Ok(None)` when `Phi` and its inverse
/// map states to states, on every one of the `3^k` decorations containing
/// `S`; otherwise the first decoration where they do not.
pub fn is_state_isomorphism(
    from: Position<'_>,
    to: Position<'_>,
    phi: &ArrowBijection,
) -> Result<Option<Mismatch>, IsomorphismError> {
    let (a, b, map) = prepare(from, to, phi)?;
    if a.k() > MAX_BRUTE_FORCE {
        return Err(IsomorphismError::TooLarge { unmarked: a.k(), limit: MAX_BRUTE_FORCE });
    }
    Ok(a.mismatch(&b, &map).map(|(m, f)| {
        let (m2, f2) = map.apply(m, f);
        Mismatch {
            decoration: a.decoration(from.state, m, f),
            image: b.decoration(to.state, m2, f2),
            is_state: a.is_state(m, f),
        }
    }))
}
