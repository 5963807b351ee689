//! The local criteria of Section 4: flowers (Definition 4.8), locally
//! state-preventing bijections (Definition 4.9, Theorem 4.10), local state
//! isomorphisms (Definition 4.11, Corollary 4.12) and the heads-and-tails
//! condition of Theorem 4.14.

use super::IsomorphismError;
use super::bijection::{ArrowBijection, prepare};
use super::masks::{MaskBijection, PreparedState, apply_masks};
use arrows_core::{Decoration, Position, Vertex};

impl PreparedState {
    /// Definition 4.5 by brute force: `None` when `Phi` and its inverse map
    /// states to states on all `3^k` decorations containing the state,
    /// otherwise the masks of the first decoration where they do not.
    pub fn mismatch(&self, to: &PreparedState, phi: &MaskBijection) -> Option<(u32, u32)> {
        for m in 0..1u32 << self.k() {
            let mut f = m;
            loop {
                let (m2, f2) = phi.apply(m, f);
                if self.is_state(m, f) != to.is_state(m2, f2) {
                    return Some((m, f));
                }
                if f == 0 {
                    break;
                }
                f = (f - 1) & m;
            }
        }
        None
    }

    /// Definition 4.9 at every vertex: `Phi` is locally state-preventing at
    /// every vertex of this state's graph.
    pub fn locally_state_preventing(&self, to: &PreparedState, phi: &MaskBijection) -> bool {
        (0..self.locals.len() as u32).all(|l| preventing_at(self, to, &phi.map, l))
    }

    /// The local criterion of Theorem 4.10: `Phi` locally state-preventing
    /// at every vertex here, and `Phi^-1` at every vertex of `to`.
    pub fn local_criterion(&self, to: &PreparedState, phi: &MaskBijection) -> bool {
        self.locally_state_preventing(to, phi) && to.locally_state_preventing(self, &phi.inverse())
    }

    /// Definition 4.11 at every vertex (the criterion of Corollary 4.12):
    /// each flower is a state exactly when its image is.
    pub fn local_isomorphism_everywhere(&self, to: &PreparedState, phi: &MaskBijection) -> bool {
        (0..self.locals.len() as u32).all(|l| local_iso_at(self, to, &phi.map, l))
    }

    /// The conditions of Theorem 4.14 for the vertex map `f`, or `None`
    /// when `f` is not an isomorphism of the unmarked subgraphs that keeps
    /// internal vertices internal; see [`heads_tails_criterion`].
    pub fn heads_tails(&self, to: &PreparedState, f: &[Option<Vertex>]) -> Option<bool> {
        if self.k() != to.k() || self.locals.len() != to.locals.len() {
            return None;
        }
        // The local of `to` that each local goes to.
        let mut image = Vec::with_capacity(self.locals.len());
        let mut hit = vec![false; to.locals.len()];
        for l in &self.locals {
            let w = (*f.get(l.vertex)?)?;
            let lw = (*to.local_of.get(w)?)?;
            if std::mem::replace(&mut hit[lw as usize], true) || l.constrained != to.locals[lw as usize].constrained {
                return None;
            }
            image.push(lw);
        }
        // Every unmarked edge goes to an unmarked edge (distinct, as f is injective).
        for &(x, y) in &self.ends {
            let (fx, fy) = (image[x as usize], image[y as usize]);
            if !to.ends.iter().any(|&(u, v)| (u, v) == (fx, fy) || (u, v) == (fy, fx)) {
                return None;
            }
        }
        // A vertex is a head (tail) of the state when one of its arrows enters (leaves) it.
        Some(self.locals.iter().zip(&image).all(|(l, &lw)| {
            let w = &to.locals[lw as usize];
            !l.constrained || (l.fixed_in == w.fixed_in && l.fixed_out == w.fixed_out)
        }))
    }
}

/// The tail-flower of `S` at `v` (Definition 4.8): every unmarked edge at
/// `v` marked out of `v`.
pub fn tail_flower(s: Position<'_>, v: Vertex) -> Decoration {
    flower(s, v, true)
}

/// The head-flower of `S` at `v` (Definition 4.8): every unmarked edge at
/// `v` marked into `v`.
pub fn head_flower(s: Position<'_>, v: Vertex) -> Decoration {
    flower(s, v, false)
}

fn flower(s: Position<'_>, v: Vertex, out: bool) -> Decoration {
    let mut d = s.state.clone();
    for &(e, _) in s.graph.incidence(v) {
        if !d.is_marked(e) {
            d.mark(e, (s.graph.ends(e).0 == v) == out);
        }
    }
    d
}

/// Definition 4.9: `Phi` is locally state-preventing at the vertex `v` of
/// `G` when the image of each flower of `S` at `v` that is not a state is
/// not a state either.
pub fn locally_state_preventing(
    from: Position<'_>,
    to: Position<'_>,
    phi: &ArrowBijection,
    v: Vertex,
) -> Result<bool, IsomorphismError> {
    let (a, b, map) = prepare(from, to, phi)?;
    Ok(a.local_of[v].is_none_or(|l| preventing_at(&a, &b, &map.map, l)))
}

/// Whether `holds(is a flower a state, is its image a state)` for every
/// flower of local structure `l` of `a`.
pub(super) fn every_flower(
    a: &PreparedState,
    b: &PreparedState,
    map: &[(u32, bool)],
    l: u32,
    holds: fn(bool, bool) -> bool,
) -> bool {
    a.locals[l as usize].flowers().into_iter().all(|(m, f)| {
        let (m2, f2) = apply_masks(map, m, f);
        holds(a.is_state(m, f), b.is_state(m2, f2))
    })
}

/// Locally state-preventing at `l`: no flower that is not a state maps to one.
pub(super) fn preventing_at(a: &PreparedState, b: &PreparedState, map: &[(u32, bool)], l: u32) -> bool {
    every_flower(a, b, map, l, |here, there| here || !there)
}

/// The right-hand side of Theorem 4.10 (the local criterion): `Phi` is
/// locally state-preventing at every vertex of `G`, and `Phi^-1` at every
/// vertex of `G'`.
pub fn local_criterion(from: Position<'_>, to: Position<'_>, phi: &ArrowBijection) -> Result<bool, IsomorphismError> {
    let (a, b, map) = prepare(from, to, phi)?;
    Ok(a.local_criterion(&b, &map))
}

/// Definition 4.11: each flower of `S` at `v` is a state exactly when its
/// image under `Phi` is (a *local state isomorphism* at `v`).
pub fn is_local_state_isomorphism_at(
    from: Position<'_>,
    to: Position<'_>,
    phi: &ArrowBijection,
    v: Vertex,
) -> Result<bool, IsomorphismError> {
    let (a, b, map) = prepare(from, to, phi)?;
    Ok(a.local_of[v].is_none_or(|l| local_iso_at(&a, &b, &map.map, l)))
}

/// A local state isomorphism at `l`: a flower is a state exactly when its image is.
pub(super) fn local_iso_at(a: &PreparedState, b: &PreparedState, map: &[(u32, bool)], l: u32) -> bool {
    every_flower(a, b, map, l, |here, there| here == there)
}

/// The criterion of Corollary 4.12: a local state isomorphism at every vertex of `G`.
pub fn local_state_isomorphism_everywhere(
    from: Position<'_>,
    to: Position<'_>,
    phi: &ArrowBijection,
) -> Result<bool, IsomorphismError> {
    let (a, b, map) = prepare(from, to, phi)?;
    Ok(a.local_isomorphism_everywhere(&b, &map))
}

/// The conditions of Theorem 4.14 for a vertex map `f` that is an
/// isomorphism of the unmarked subgraphs `G_S -> G'_{S'}` and keeps
/// internal vertices internal (as a graph isomorphism `G -> G'` does):
/// `f(H(S) ∩ I(G)) = H(S') ∩ I(G')` and `f(T(S) ∩ I(G)) = T(S') ∩ I(G')`,
/// heads and tails taken among the vertices of the unmarked subgraphs.
///
/// `None` when `f` is not such an isomorphism (the theorem does not apply).
pub fn heads_tails_criterion(
    from: Position<'_>,
    to: Position<'_>,
    f: &[Option<Vertex>],
) -> Result<Option<bool>, IsomorphismError> {
    let (a, b) = (PreparedState::new(from)?, PreparedState::new(to)?);
    Ok(a.heads_tails(&b, f))
}
