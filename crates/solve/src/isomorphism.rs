//! State isomorphisms (Section 4 of the paper), decided by brute force and
//! by the local criteria.
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
//! "constrained" ([`Variant::is_constrained`]): the internal vertices in the
//! Trimmed Game of Arrows, every vertex in the Game of Arrows.

use crate::error::SolveError;
use crate::explicit::GameGraph;
use arrows_core::{Arrow, Decoration, EdgeId, Graph, Variant, Vertex, arrow_on};
use std::collections::HashSet;
use std::fmt;

/// The largest number of unmarked edges the mask-based tests take.
pub const MAX_UNMARKED: usize = 30;
/// The largest number of unmarked edges [`is_state_isomorphism`] enumerates
/// (`3^k` decorations).
pub const MAX_BRUTE_FORCE: usize = 18;

/// A state of a graph under a rule set.
#[derive(Debug, Clone, Copy)]
pub struct StateRef<'a> {
    /// The graph.
    pub graph: &'a Graph,
    /// The rule set.
    pub variant: Variant,
    /// The state.
    pub state: &'a Decoration,
}

impl<'a> StateRef<'a> {
    /// A state of the Trimmed Game of Arrows.
    pub fn trimmed(graph: &'a Graph, state: &'a Decoration) -> StateRef<'a> {
        StateRef { graph, variant: Variant::Trimmed, state }
    }

    /// Number of unmarked edges.
    pub fn unmarked(&self) -> usize {
        self.state.edge_count() - self.state.len()
    }
}

/// Why an isomorphism test cannot run.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum IsomorphismError {
    /// The decoration is not a state of its rule set.
    NotAState(String),
    /// Too many unmarked edges for the test.
    TooLarge {
        /// Unmarked edges of the state.
        unmarked: usize,
        /// The test's limit.
        limit: usize,
    },
    /// The given map is not a flip-commuting bijection between the unmarked arrows.
    NotABijection(String),
}

impl fmt::Display for IsomorphismError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            IsomorphismError::NotAState(why) => {
                write!(f, "the decoration is not a state ({why}); give a state of the graph")
            }
            IsomorphismError::TooLarge { unmarked, limit } => write!(
                f,
                "the state has {unmarked} unmarked edges, the isomorphism test takes at most {limit}; ask about a smaller state"
            ),
            IsomorphismError::NotABijection(why) => {
                write!(
                    f,
                    "the map is not a bijection between the unmarked arrows ({why}); map each unmarked edge to a distinct one"
                )
            }
        }
    }
}

impl std::error::Error for IsomorphismError {}

/// A vertex that touches an unmarked edge, seen through masks of the
/// unmarked edges (`k` bits, bit `i` for the `i`-th unmarked edge).
#[derive(Debug, Clone)]
struct Local {
    vertex: Vertex,
    /// Unmarked edges stored `(vertex, other)`: their forward arrow leaves the vertex.
    low: u32,
    /// Unmarked edges stored `(other, vertex)`: their forward arrow enters the vertex.
    high: u32,
    fixed_in: bool,
    fixed_out: bool,
    constrained: bool,
}

impl Local {
    fn all(&self) -> u32 {
        self.low | self.high
    }

    /// `false` when the decoration `(m, f)` makes the vertex a constrained sink or source.
    fn fine(&self, m: u32, f: u32) -> bool {
        if !self.constrained || self.all() & !m != 0 {
            return true;
        }
        let has_in = self.fixed_in || m & ((!f & self.low) | (f & self.high)) != 0;
        let has_out = self.fixed_out || m & ((f & self.low) | (!f & self.high)) != 0;
        has_in && has_out
    }

    /// The tail-flower and the head-flower, as masks.
    fn flowers(&self) -> [(u32, u32); 2] {
        [(self.all(), self.low), (self.all(), self.high)]
    }
}

/// A state prepared for many isomorphism tests: its unmarked edges are
/// numbered `0..k` in edge order, and a decoration containing the state is
/// a pair of `k`-bit masks `(m, f)` (bit `i` of `m` marks the `i`-th
/// unmarked edge, bit `i` of `f` makes its arrow the forward one).
#[derive(Debug, Clone)]
pub struct PreparedState {
    /// Graph edge of each unmarked edge.
    edges: Vec<EdgeId>,
    /// Unmarked index of each graph edge.
    index: Vec<Option<u32>>,
    locals: Vec<Local>,
    /// Local index of each graph vertex that touches an unmarked edge.
    local_of: Vec<Option<u32>>,
    /// The two locals of each unmarked edge (its `s` and `t` ends).
    ends: Vec<(u32, u32)>,
}

impl PreparedState {
    /// Prepares the state `s` (at most [`MAX_UNMARKED`] unmarked edges).
    pub fn new(s: &StateRef<'_>) -> Result<PreparedState, IsomorphismError> {
        let (g, d) = (s.graph, s.state);
        if let Some(v) = s.variant.violation(g, d) {
            return Err(IsomorphismError::NotAState(v.to_string()));
        }
        let edges: Vec<EdgeId> = d.unmarked_edges().collect();
        if edges.len() > MAX_UNMARKED {
            return Err(IsomorphismError::TooLarge { unmarked: edges.len(), limit: MAX_UNMARKED });
        }
        let mut index = vec![None; g.edge_count()];
        let mut local_of = vec![None; g.vertex_count()];
        let mut locals: Vec<Local> = Vec::new();
        let mut ends = Vec::with_capacity(edges.len());
        for (i, &e) in edges.iter().enumerate() {
            index[e] = Some(i as u32);
            let (a, b) = g.ends(e);
            let mut local = |v: Vertex| -> u32 {
                *local_of[v].get_or_insert_with(|| {
                    let (mut fixed_in, mut fixed_out) = (false, false);
                    for &(f, _) in g.incidence(v) {
                        if let Some(fwd) = d.get(f) {
                            let out = (g.ends(f).0 == v) == fwd;
                            fixed_out |= out;
                            fixed_in |= !out;
                        }
                    }
                    let constrained = s.variant.is_constrained(g, v);
                    locals.push(Local { vertex: v, low: 0, high: 0, fixed_in, fixed_out, constrained });
                    (locals.len() - 1) as u32
                })
            };
            let (la, lb) = (local(a), local(b));
            locals[la as usize].low |= 1 << i;
            locals[lb as usize].high |= 1 << i;
            ends.push((la, lb));
        }
        Ok(PreparedState { edges, index, locals, local_of, ends })
    }

    /// Number of unmarked edges, `k`.
    pub fn k(&self) -> usize {
        self.edges.len()
    }

    /// The unmarked edges, in the order of the mask bits.
    pub fn unmarked_edges(&self) -> &[EdgeId] {
        &self.edges
    }

    /// `true` when the decoration `(m, f)` containing the state is a state.
    pub fn is_state(&self, m: u32, f: u32) -> bool {
        self.locals.iter().all(|l| l.fine(m, f))
    }

    /// The masks of a decoration containing the state.
    pub fn masks(&self, d: &Decoration) -> (u32, u32) {
        let (mut m, mut f) = (0, 0);
        for (i, &e) in self.edges.iter().enumerate() {
            if let Some(fwd) = d.get(e) {
                m |= 1 << i;
                f |= (fwd as u32) << i;
            }
        }
        (m, f)
    }

    /// The decoration `(m, f)`: `base` (the state) with the arrows of the masks added.
    pub fn decoration(&self, base: &Decoration, m: u32, f: u32) -> Decoration {
        let mut d = base.clone();
        for (i, &e) in self.edges.iter().enumerate() {
            if m >> i & 1 == 1 {
                d.mark(e, f >> i & 1 == 1);
            }
        }
        d
    }
}

/// A flip-commuting bijection between the unmarked arrows of two prepared
/// states: unmarked edge `i` of the first goes to unmarked edge `j` of the
/// second, its forward arrow to the forward arrow of `j` when `same`.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct MaskBijection {
    map: Vec<(u32, bool)>,
    inv: Vec<(u32, bool)>,
}

impl MaskBijection {
    /// The bijection `i -> map[i]`, refused unless `map` permutes `0..k`.
    pub fn new(map: Vec<(u32, bool)>) -> Result<MaskBijection, IsomorphismError> {
        let k = map.len();
        if k > MAX_UNMARKED {
            return Err(IsomorphismError::TooLarge { unmarked: k, limit: MAX_UNMARKED });
        }
        let mut inv = vec![(u32::MAX, true); k];
        for (i, &(j, same)) in map.iter().enumerate() {
            let slot = inv.get_mut(j as usize).ok_or_else(|| {
                IsomorphismError::NotABijection(format!("edge {i} goes to {j}, past the last of {k} edges"))
            })?;
            if slot.0 != u32::MAX {
                return Err(IsomorphismError::NotABijection(format!("two edges go to edge {j}")));
            }
            *slot = (i as u32, same);
        }
        Ok(MaskBijection { map, inv })
    }

    /// The identity on `k` edges (the bijection induced by the identity of a
    /// graph between two states with the same unmarked edges).
    pub fn identity(k: usize) -> MaskBijection {
        let map: Vec<(u32, bool)> = (0..k as u32).map(|i| (i, true)).collect();
        MaskBijection { inv: map.clone(), map }
    }

    /// Number of edges.
    pub fn len(&self) -> usize {
        self.map.len()
    }

    /// `true` on zero edges.
    pub fn is_empty(&self) -> bool {
        self.map.is_empty()
    }

    /// The image of edge `i`: `(j, same direction)`.
    pub fn image(&self, i: usize) -> (u32, bool) {
        self.map[i]
    }

    /// The inverse bijection.
    pub fn inverse(&self) -> MaskBijection {
        MaskBijection { map: self.inv.clone(), inv: self.map.clone() }
    }

    /// `Phi` on masks: the image of the decoration `(m, f)`.
    pub fn apply(&self, m: u32, f: u32) -> (u32, u32) {
        apply_masks(&self.map, m, f)
    }
}

fn apply_masks(map: &[(u32, bool)], m: u32, f: u32) -> (u32, u32) {
    let (mut m2, mut f2) = (0u32, 0u32);
    let mut rest = m;
    while rest != 0 {
        let i = rest.trailing_zeros();
        rest &= rest - 1;
        let (j, same) = map[i as usize];
        m2 |= 1 << j;
        if (f >> i & 1 == 1) == same {
            f2 |= 1 << j;
        }
    }
    (m2, f2)
}

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
        from: &StateRef<'_>,
        to: &StateRef<'_>,
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
        from: &StateRef<'_>,
        to: &StateRef<'_>,
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
    pub fn apply(&self, to: &StateRef<'_>, d: &Decoration) -> Decoration {
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
fn prepare(
    from: &StateRef<'_>,
    to: &StateRef<'_>,
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
    from: &StateRef<'_>,
    to: &StateRef<'_>,
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

/// The tail-flower of `S` at `v` (Definition 4.8): every unmarked edge at
/// `v` marked out of `v`.
pub fn tail_flower(s: &StateRef<'_>, v: Vertex) -> Decoration {
    flower(s, v, true)
}

/// The head-flower of `S` at `v` (Definition 4.8): every unmarked edge at
/// `v` marked into `v`.
pub fn head_flower(s: &StateRef<'_>, v: Vertex) -> Decoration {
    flower(s, v, false)
}

fn flower(s: &StateRef<'_>, v: Vertex, out: bool) -> Decoration {
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
    from: &StateRef<'_>,
    to: &StateRef<'_>,
    phi: &ArrowBijection,
    v: Vertex,
) -> Result<bool, IsomorphismError> {
    let (a, b, map) = prepare(from, to, phi)?;
    Ok(a.local_of[v].is_none_or(|l| preventing_at(&a, &b, &map.map, l)))
}

/// Whether `holds(is a flower a state, is its image a state)` for every
/// flower of local structure `l` of `a`.
fn every_flower(
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
fn preventing_at(a: &PreparedState, b: &PreparedState, map: &[(u32, bool)], l: u32) -> bool {
    every_flower(a, b, map, l, |here, there| here || !there)
}

/// The right-hand side of Theorem 4.10 (the local criterion): `Phi` is
/// locally state-preventing at every vertex of `G`, and `Phi^-1` at every
/// vertex of `G'`.
pub fn local_criterion(from: &StateRef<'_>, to: &StateRef<'_>, phi: &ArrowBijection) -> Result<bool, IsomorphismError> {
    let (a, b, map) = prepare(from, to, phi)?;
    Ok(a.local_criterion(&b, &map))
}

/// Definition 4.11: each flower of `S` at `v` is a state exactly when its
/// image under `Phi` is (a *local state isomorphism* at `v`).
pub fn is_local_state_isomorphism_at(
    from: &StateRef<'_>,
    to: &StateRef<'_>,
    phi: &ArrowBijection,
    v: Vertex,
) -> Result<bool, IsomorphismError> {
    let (a, b, map) = prepare(from, to, phi)?;
    Ok(a.local_of[v].is_none_or(|l| local_iso_at(&a, &b, &map.map, l)))
}

/// A local state isomorphism at `l`: a flower is a state exactly when its image is.
fn local_iso_at(a: &PreparedState, b: &PreparedState, map: &[(u32, bool)], l: u32) -> bool {
    every_flower(a, b, map, l, |here, there| here == there)
}

/// The criterion of Corollary 4.12: a local state isomorphism at every vertex of `G`.
pub fn local_state_isomorphism_everywhere(
    from: &StateRef<'_>,
    to: &StateRef<'_>,
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
    from: &StateRef<'_>,
    to: &StateRef<'_>,
    f: &[Option<Vertex>],
) -> Result<Option<bool>, IsomorphismError> {
    let (a, b) = (PreparedState::new(from)?, PreparedState::new(to)?);
    Ok(a.heads_tails(&b, f))
}

/// What [`find_state_isomorphism`] found.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Search {
    /// A state isomorphism (it satisfies the local criterion of Theorem 4.10).
    Found(ArrowBijection),
    /// No flip-commuting bijection satisfies the local criterion.
    NotIsomorphic,
    /// The search stopped after visiting its limit of partial maps.
    GaveUp {
        /// Partial maps visited.
        nodes: u64,
    },
}

/// Searches for a state isomorphism from `from` to `to`: a backtracking
/// search over flip-commuting bijections, edge by edge, that rejects a
/// partial map as soon as a vertex whose edges are all mapped fails the
/// local criterion of Theorem 4.10 (on either side). Visits at most
/// `node_limit` partial maps.
pub fn find_state_isomorphism(
    from: &StateRef<'_>,
    to: &StateRef<'_>,
    node_limit: u64,
) -> Result<Search, IsomorphismError> {
    let (a, b) = (PreparedState::new(from)?, PreparedState::new(to)?);
    if a.k() != b.k() {
        return Ok(Search::NotIsomorphic);
    }
    let mut search = Finder::new(&a, &b, node_limit);
    let found = search.extend(0);
    Ok(match found {
        Some(true) => {
            let map = &search.map;
            let image: Vec<(EdgeId, bool)> = (0..a.k()).map(|i| (b.edges[map[i].0 as usize], map[i].1)).collect();
            let phi = ArrowBijection::new(from, to, |e| image[a.index[e].expect("unmarked") as usize])?;
            Search::Found(phi)
        }
        Some(false) => Search::NotIsomorphic,
        None => Search::GaveUp { nodes: search.nodes },
    })
}

struct Finder<'s> {
    a: &'s PreparedState,
    b: &'s PreparedState,
    /// The edges of `a` in the order they are mapped (breadth first).
    order: Vec<u32>,
    /// Locals of `a` whose last edge is `order[p]`.
    complete_a: Vec<Vec<u32>>,
    /// Edges of `b` not yet hit, per local of `b`.
    left_b: Vec<u32>,
    used_b: u32,
    map: Vec<(u32, bool)>,
    inv: Vec<(u32, bool)>,
    nodes: u64,
    limit: u64,
}

impl<'s> Finder<'s> {
    fn new(a: &'s PreparedState, b: &'s PreparedState, limit: u64) -> Finder<'s> {
        let k = a.k();
        // Breadth first over edges sharing a vertex.
        let mut order = Vec::with_capacity(k);
        let mut placed = 0u32;
        for start in 0..k as u32 {
            if placed >> start & 1 == 1 {
                continue;
            }
            placed |= 1 << start;
            order.push(start);
            let mut head = order.len() - 1;
            while head < order.len() {
                let e = order[head] as usize;
                head += 1;
                let (x, y) = a.ends[e];
                let near = (a.locals[x as usize].all() | a.locals[y as usize].all()) & !placed;
                let mut rest = near;
                while rest != 0 {
                    let j = rest.trailing_zeros();
                    rest &= rest - 1;
                    placed |= 1 << j;
                    order.push(j);
                }
            }
        }
        let mut position = vec![0usize; k];
        for (p, &e) in order.iter().enumerate() {
            position[e as usize] = p;
        }
        let mut complete_a = vec![Vec::new(); k];
        for (l, local) in a.locals.iter().enumerate() {
            let last = (0..k).filter(|&i| local.all() >> i & 1 == 1).map(|i| position[i]).max().expect("an edge");
            complete_a[last].push(l as u32);
        }
        let left_b = b.locals.iter().map(|l| l.all().count_ones()).collect();
        Finder {
            a,
            b,
            order,
            complete_a,
            left_b,
            used_b: 0,
            map: vec![(0, true); k],
            inv: vec![(0, true); k],
            nodes: 0,
            limit,
        }
    }

    /// `Some(true)` when the map extends to a complete one, `Some(false)`
    /// when it does not, `None` when the node limit stopped the search.
    fn extend(&mut self, p: usize) -> Option<bool> {
        if p == self.order.len() {
            return Some(true);
        }
        let e = self.order[p] as usize;
        for j in 0..self.b.k() as u32 {
            if self.used_b >> j & 1 == 1 {
                continue;
            }
            for same in [true, false] {
                self.nodes += 1;
                if self.nodes > self.limit {
                    return None;
                }
                self.map[e] = (j, same);
                self.inv[j as usize] = (e as u32, same);
                self.used_b |= 1 << j;
                let (x, y) = self.b.ends[j as usize];
                self.left_b[x as usize] -= 1;
                self.left_b[y as usize] -= 1;
                let fine = self.consistent(p, x, y);
                let result = if fine { self.extend(p + 1) } else { Some(false) };
                self.left_b[x as usize] += 1;
                self.left_b[y as usize] += 1;
                self.used_b &= !(1 << j);
                match result {
                    Some(true) => return Some(true),
                    None => return None,
                    Some(false) => {}
                }
            }
        }
        Some(false)
    }

    /// The local criterion at the vertices completed by mapping `order[p]`
    /// (locals `x`, `y` of `b` are the ends of its image).
    fn consistent(&self, p: usize, x: u32, y: u32) -> bool {
        self.complete_a[p].iter().all(|&l| preventing_at(self.a, self.b, &self.map, l))
            && [x, y].into_iter().all(|l| self.left_b[l as usize] != 0 || preventing_at(self.b, self.a, &self.inv, l))
    }
}

/// Whether `Phi` is an isomorphism of the explicit game graphs.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum GameGraphMatch {
    /// `Phi` maps the positions of one game graph bijectively onto the
    /// other's, followers onto followers, with equal Grundy values.
    Isomorphic {
        /// Positions of each game graph.
        positions: usize,
    },
    /// Where the correspondence breaks.
    Differs(String),
}

/// Builds the explicit game graphs of both states (within `budget` bytes
/// each) and checks that `Phi` is an isomorphism between them that keeps
/// Grundy values (Proposition 4.6).
pub fn game_graphs_correspond(
    from: &StateRef<'_>,
    to: &StateRef<'_>,
    phi: &ArrowBijection,
    budget: u64,
) -> Result<GameGraphMatch, SolveError> {
    let ga = GameGraph::new(from.graph, from.variant, from.state, budget)?;
    let gb = GameGraph::new(to.graph, to.variant, to.state, budget)?;
    let (ea, eb) = (&ga.explored, &gb.explored);
    if ea.positions().len() != eb.positions().len() {
        return Ok(GameGraphMatch::Differs(format!(
            "{} positions against {}",
            ea.positions().len(),
            eb.positions().len()
        )));
    }
    let image = |d: &Decoration| eb.vertex(&phi.apply(to, d));
    for (v, d) in ea.positions().iter().enumerate() {
        let Some(w) = image(d) else {
            return Ok(GameGraphMatch::Differs(format!(
                "the descendant {} goes to {}, not a descendant",
                d.display(from.graph),
                phi.apply(to, d).display(to.graph)
            )));
        };
        let mapped: HashSet<u32> =
            ea.graph().followers(v as u32).iter().filter_map(|&x| image(ea.position(x))).collect();
        let theirs: HashSet<u32> = eb.graph().followers(w).iter().copied().collect();
        if mapped != theirs || mapped.len() != ea.graph().followers(v as u32).len() {
            return Ok(GameGraphMatch::Differs(format!(
                "the followers of {} do not go to the followers of its image",
                d.display(from.graph)
            )));
        }
        if ga.labels.get(v as u32) != gb.labels.get(w) {
            return Ok(GameGraphMatch::Differs(format!(
                "{} and its image have different Grundy values",
                d.display(from.graph)
            )));
        }
    }
    Ok(GameGraphMatch::Isomorphic { positions: ea.positions().len() })
}

#[cfg(test)]
mod tests {
    use super::*;
    use arrows_core::families::{path, spider};

    fn st<'a>(g: &'a Graph, d: &'a Decoration) -> StateRef<'a> {
        StateRef::trimmed(g, d)
    }

    #[test]
    fn flip_is_a_state_isomorphism() {
        let g = spider(&[2, 3, 2]).unwrap();
        let d = Decoration::parse(&g, "0>1,3>4").unwrap();
        let flip = d.flip();
        let (a, b) = (st(&g, &d), st(&g, &flip));
        let phi = ArrowBijection::new(&a, &b, |e| (e, false)).unwrap();
        assert_eq!(is_state_isomorphism(&a, &b, &phi).unwrap(), None);
        assert!(local_criterion(&a, &b, &phi).unwrap());
        // The identity is not one: the hub needs an in-arrow on one side, an out-arrow on the other.
        let id = ArrowBijection::new(&a, &b, |e| (e, true)).unwrap();
        assert!(is_state_isomorphism(&a, &b, &id).unwrap().is_some());
        assert!(!local_criterion(&a, &b, &id).unwrap());
    }

    #[test]
    fn flowers_mark_every_unmarked_edge_at_the_vertex() {
        let g = path(3).unwrap();
        let d = Decoration::parse(&g, "0>1").unwrap();
        let s = st(&g, &d);
        assert_eq!(tail_flower(&s, 2).display(&g).to_string(), "0>1,2>1,2>3");
        assert_eq!(head_flower(&s, 1).display(&g).to_string(), "0>1,2>1");
        assert!(!Variant::Trimmed.is_state(&g, &head_flower(&s, 1)));
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
        let phi = ArrowBijection::induced(&a, &b, &rev).unwrap().flipped();
        assert_eq!(is_state_isomorphism(&a, &b, &phi).unwrap(), None);
        assert!(matches!(find_state_isomorphism(&a, &b, 1 << 20).unwrap(), Search::Found(_)));
        assert!(matches!(game_graphs_correspond(&a, &b, &phi, 1 << 26).unwrap(), GameGraphMatch::Isomorphic { .. }));
    }

    #[test]
    fn the_search_finds_isomorphisms_that_split_a_free_vertex() {
        // T_1 ⊔ T_2 (two twigs) against <0^,1_v,2^>, whose hub has an in- and an out-arrow.
        let u = Graph::from_edges(&[(0, 1), (1, 2), (3, 4), (4, 5), (5, 6)]).unwrap();
        let du = Decoration::parse(&u, "0>1,3>4").unwrap();
        let s = spider(&[1, 2, 3]).unwrap();
        let ds = Decoration::parse(&s, "0>1,3>2,5>6").unwrap();
        let (a, b) = (st(&u, &du), st(&s, &ds));
        let Search::Found(phi) = find_state_isomorphism(&a, &b, 1 << 20).unwrap() else { panic!("isomorphic") };
        assert_eq!(is_state_isomorphism(&a, &b, &phi).unwrap(), None);
        assert_eq!(is_state_isomorphism(&b, &a, &phi.inverse()).unwrap(), None);
        // F_2 (value 0) is not the twig T_2 (value 2).
        let p = path(4).unwrap();
        let flow = Decoration::parse(&p, "0>1,3>4").unwrap();
        let twig_g = path(3).unwrap();
        let twig = Decoration::parse(&twig_g, "0>1").unwrap();
        assert_eq!(
            find_state_isomorphism(&st(&p, &flow), &st(&twig_g, &twig), 1 << 20).unwrap(),
            Search::NotIsomorphic
        );
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
        assert_eq!(heads_tails_criterion(&a, &b, &f).unwrap(), Some(true));
        let phi = ArrowBijection::induced(&a, &b, &f).unwrap();
        assert_eq!(is_state_isomorphism(&a, &b, &phi).unwrap(), None);
        // Against the crash itself the conditions fail (heads and tails swap).
        let dc = dp.flip();
        assert_eq!(heads_tails_criterion(&a, &st(&p, &dc), &f).unwrap(), Some(false));
        // A map that is not an isomorphism of the unmarked subgraphs: not applicable.
        let mut g = f.clone();
        g[4] = Some(1);
        assert_eq!(heads_tails_criterion(&a, &b, &g).unwrap(), None);
    }

    #[test]
    fn errors_name_the_problem() {
        let g = path(2).unwrap();
        let bad = Decoration::parse(&g, "0>1,2>1").unwrap();
        let ok = Decoration::empty(2);
        let e = find_state_isomorphism(&st(&g, &bad), &st(&g, &ok), 10).unwrap_err();
        assert!(e.to_string().contains("not a state"), "{e}");
        let one = Decoration::parse(&g, "0>1").unwrap();
        assert!(ArrowBijection::new(&st(&g, &ok), &st(&g, &one), |e| (e, true)).is_err());
    }
}
