//! States as masks of their unmarked edges, and bijections between them.
//!
//! See the module documentation of [`super`] for the vocabulary.

use super::{IsomorphismError, MAX_UNMARKED};
use arrows_core::{Decoration, EdgeId, Position, Vertex};

/// A vertex that touches an unmarked edge, seen through masks of the
/// unmarked edges (`k` bits, bit `i` for the `i`-th unmarked edge).
#[derive(Debug, Clone)]
pub(super) struct Local {
    pub(super) vertex: Vertex,
    /// Unmarked edges stored `(vertex, other)`: their forward arrow leaves the vertex.
    pub(super) low: u32,
    /// Unmarked edges stored `(other, vertex)`: their forward arrow enters the vertex.
    pub(super) high: u32,
    pub(super) fixed_in: bool,
    pub(super) fixed_out: bool,
    pub(super) constrained: bool,
}

impl Local {
    pub(super) fn all(&self) -> u32 {
        self.low | self.high
    }

    /// `false` when the decoration `(m, f)` makes the vertex a constrained sink or source.
    pub(super) fn fine(&self, m: u32, f: u32) -> bool {
        if !self.constrained || self.all() & !m != 0 {
            return true;
        }
        let has_in = self.fixed_in || m & ((!f & self.low) | (f & self.high)) != 0;
        let has_out = self.fixed_out || m & ((f & self.low) | (!f & self.high)) != 0;
        has_in && has_out
    }

    /// The tail-flower and the head-flower, as masks.
    pub(super) fn flowers(&self) -> [(u32, u32); 2] {
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
    pub(super) edges: Vec<EdgeId>,
    /// Unmarked index of each graph edge.
    pub(super) index: Vec<Option<u32>>,
    pub(super) locals: Vec<Local>,
    /// Local index of each graph vertex that touches an unmarked edge.
    pub(super) local_of: Vec<Option<u32>>,
    /// The two locals of each unmarked edge (its `s` and `t` ends).
    pub(super) ends: Vec<(u32, u32)>,
}

impl PreparedState {
    /// Prepares the state `s` (at most [`MAX_UNMARKED`] unmarked edges).
    pub fn new(s: Position<'_>) -> Result<PreparedState, IsomorphismError> {
        let (g, d) = (s.graph, s.state);
        if let Some(v) = s.variant.violation(g, d) {
            return Err(IsomorphismError::NotAState(v));
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
    pub(super) map: Vec<(u32, bool)>,
    pub(super) inv: Vec<(u32, bool)>,
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

pub(super) fn apply_masks(map: &[(u32, bool)], m: u32, f: u32) -> (u32, u32) {
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
