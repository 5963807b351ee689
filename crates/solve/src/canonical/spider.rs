//! Spider-shaped components: a dense description and direct followers.
//!
//! A component is *spider-shaped* when it is a tree with at most one
//! *special* vertex: one of degree at least 3, or of degree 2 whose label is
//! not [`Need::Both`]. It is then a hub with legs, each leg a path whose
//! interior vertices are unmarked-so-far vertices of degree 2 ([`Need::Both`])
//! and whose end carries any label. Paths are spiders with one leg (the hub
//! is an end). On spiders, and in every state of a spider graph, all
//! components are of this shape, so the engine never builds a graph for them.
//!
//! [`Spider::normalize`] gives one representative per class of spiders up to
//! isomorphism and flip: a path is written from the end that gives the
//! smallest triple; otherwise the legs are sorted, and the smaller of the
//! spider and its flip is taken. Two spider-shaped components with the same
//! normal form have isomorphic game trees (an isomorphism of labelled trees,
//! possibly composed with the flip, is a state isomorphism).

use super::component::Component;
use super::need::Need;
use super::scratch::Scratch;
use smallvec::{SmallVec, smallvec};

/// The legs of a spider, inline up to four (no allocation on the hot path).
pub type Legs = SmallVec<[Leg; 4]>;

/// One leg: `len` edges going out from the hub, ending at a vertex labelled `end`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Leg {
    /// Number of edges.
    pub len: u32,
    /// The label of the far end (a leaf of the component).
    pub end: Need,
}

/// What marking the hub edge of a leg leaves ([`Spider::hub_move`]).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct HubMove {
    /// The hub's new label.
    pub hub: Need,
    /// The path beyond the marked edge, as the label of its end next to
    /// that edge and the rest of the leg; none when the leg had one edge.
    pub outer: Option<(Need, Leg)>,
}

/// Where an edge of a spider-shaped component lies (see [`Spider::layout`]).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct EdgePlace {
    /// The leg.
    pub leg: u32,
    /// The edge's place on the leg: 1 at the hub.
    pub place: u32,
    /// `true` when the edge's forward arrow points away from the hub.
    pub forward_is_outward: bool,
}

/// A spider-shaped component: a hub and its legs.
#[derive(Debug, Clone, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Spider {
    /// The hub's label (`Free` only for a path whose hub is a free end).
    pub hub: Need,
    /// The legs, each of length at least 1.
    pub legs: Legs,
}

/// The memo key of a normalized spider: packed in one `u128` when it has
/// at most three legs, else spelled out.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub enum SpiderKey {
    /// Hub in bits 0..2, leg `i` in bits `2 + 40 i ..`: `len << 2 | end`.
    Small(u128),
    /// Hub, then `len << 2 | end` for each leg.
    Large(Box<[u64]>),
}

impl Spider {
    /// The path `left -- len edges -- right`, as a one-legged spider.
    pub fn path(left: Need, len: u32, right: Need) -> Spider {
        Spider { hub: left, legs: smallvec![Leg { len, end: right }] }
    }

    /// Number of edges.
    pub fn edge_count(&self) -> u64 {
        self.legs.iter().map(|l| l.len as u64).sum()
    }

    /// Reads a component as a spider, if it is spider-shaped.
    pub fn from_component(c: &Component) -> Option<Spider> {
        Spider::from_component_with(c, &mut Scratch::default())
    }

    /// As [`Spider::from_component`], with reusable buffers.
    pub fn from_component_with(c: &Component, scratch: &mut Scratch) -> Option<Spider> {
        if !c.is_tree() {
            return None;
        }
        scratch.load(c);
        let deg = &scratch.deg;
        let special = |v: usize| deg[v] >= 3 || (deg[v] == 2 && c.labels[v] != Need::Both);
        let mut hubs = (0..c.labels.len()).filter(|&v| special(v));
        let hub = match (hubs.next(), hubs.next()) {
            (Some(h), None) => h,
            (None, _) => (0..c.labels.len()).find(|&v| deg[v] == 1)?,
            (Some(_), Some(_)) => return None,
        };
        let legs = scratch
            .neighbours(hub)
            .iter()
            .map(|&first| {
                let (mut prev, mut cur, mut len) = (hub, first, 1u32);
                while deg[cur] == 2 {
                    let ns = scratch.neighbours(cur);
                    let next = if ns[0] == prev { ns[1] } else { ns[0] };
                    (prev, cur, len) = (cur, next, len + 1);
                }
                Leg { len, end: c.labels[cur] }
            })
            .collect();
        Some(Spider { hub: c.labels[hub], legs }.normalize())
    }

    /// Reads a component as a spider as it lies, without normalizing: the
    /// hub, the legs in the order of the hub's neighbours, and for each edge
    /// of the component its leg, its place on the leg (1 at the hub) and
    /// whether its forward arrow points away from the hub. `None` when the
    /// component is not spider-shaped.
    pub fn layout(c: &Component, scratch: &mut Scratch) -> Option<(Spider, Vec<EdgePlace>)> {
        if !c.is_tree() {
            return None;
        }
        scratch.load(c);
        let deg = &scratch.deg;
        let special = |v: usize| deg[v] >= 3 || (deg[v] == 2 && c.labels[v] != Need::Both);
        let mut hubs = (0..c.labels.len()).filter(|&v| special(v));
        let hub = match (hubs.next(), hubs.next()) {
            (Some(h), None) => h,
            (None, _) => (0..c.labels.len()).find(|&v| deg[v] == 1)?,
            (Some(_), Some(_)) => return None,
        };
        // The edge joining two vertices, by the position of the far one in its row.
        let mut edge_at: hashbrown::HashMap<(usize, usize), usize> = hashbrown::HashMap::with_capacity(c.edges.len());
        for (e, &(u, v)) in c.edges.iter().enumerate() {
            edge_at.insert((u as usize, v as usize), e);
        }
        let mut places = vec![EdgePlace { leg: 0, place: 0, forward_is_outward: true }; c.edges.len()];
        let mut legs = Legs::new();
        for (j, &first) in scratch.neighbours(hub).iter().enumerate() {
            let (mut prev, mut cur, mut len) = (hub, first, 1u32);
            loop {
                let (e, forward_is_outward) = match edge_at.get(&(prev, cur)) {
                    Some(&e) => (e, true),
                    None => (edge_at[&(cur, prev)], false),
                };
                places[e] = EdgePlace { leg: j as u32, place: len, forward_is_outward };
                if deg[cur] != 2 {
                    break;
                }
                let ns = scratch.neighbours(cur);
                let next = if ns[0] == prev { ns[1] } else { ns[0] };
                (prev, cur, len) = (cur, next, len + 1);
            }
            legs.push(Leg { len, end: c.labels[cur] });
        }
        Some((Spider { hub: c.labels[hub], legs }, places))
    }

    /// The normal form: see the module documentation.
    pub fn normalize(mut self) -> Spider {
        if self.legs.len() == 2 && self.hub == Need::Both {
            // A hub of degree 2 that needs both is an ordinary path vertex.
            let (a, b) = (self.legs[0], self.legs[1]);
            return Spider::path(a.end, a.len + b.len, b.end).normalize();
        }
        if self.legs.len() == 1 {
            let (l, n, r) = (self.hub, self.legs[0].len, self.legs[0].end);
            let best = [(l, r), (r, l), (l.flip(), r.flip()), (r.flip(), l.flip())].into_iter().min().expect("four");
            return Spider::path(best.0, n, best.1);
        }
        let k = self.legs.len();
        if k <= 4 {
            // Few legs: sorted in place, the flip in an array.
            sort_small(&mut self.legs);
            let mut f = [Leg { len: 0, end: Need::Free }; 4];
            for (x, l) in f.iter_mut().zip(&self.legs) {
                *x = Leg { len: l.len, end: l.end.flip() };
            }
            sort_small(&mut f[..k]);
            let hub = self.hub.flip();
            if (hub, &f[..k]) < (self.hub, &self.legs[..]) {
                self.hub = hub;
                self.legs.copy_from_slice(&f[..k]);
            }
            return self;
        }
        self.legs.sort_unstable();
        let mut flipped = Spider {
            hub: self.hub.flip(),
            legs: self.legs.iter().map(|l| Leg { len: l.len, end: l.end.flip() }).collect(),
        };
        flipped.legs.sort_unstable();
        if flipped < self { flipped } else { self }
    }

    /// The memo key of a normalized spider.
    pub fn key(&self) -> SpiderKey {
        // A leg takes 34 bits (a u32 length and a 2-bit label), so three legs
        // and the hub fit in 128.
        if self.legs.len() <= 3 {
            SpiderKey::Small(small_key(self.hub, &self.legs))
        } else {
            let words =
                std::iter::once(self.hub as u64).chain(self.legs.iter().map(|l| (l.len as u64) << 2 | l.end as u64));
            SpiderKey::Large(words.collect())
        }
    }

    /// `true` for a single edge whose both directions are blocked by its ends
    /// (a dead edge, which [`super::component::pieces`] deletes).
    pub fn is_dead(&self) -> bool {
        match self.legs.as_slice() {
            [leg] if leg.len == 1 => {
                let (l, r) = (self.hub, leg.end);
                (l.blocks_out(1) || r.blocks_in(1)) && (r.blocks_out(1) || l.blocks_in(1))
            }
            _ => false,
        }
    }

    /// Number of legal moves (an upper bound is enough for sizing).
    pub fn move_bound(&self) -> usize {
        2 * self.edge_count() as usize
    }

    /// Calls `each` with the normalized pieces of every follower, one call per legal move.
    pub fn for_each_follower(&self, mut each: impl FnMut(&[Spider])) {
        self.for_each_hub_follower(&mut each);
        let mut pieces: Vec<Spider> = Vec::with_capacity(2);
        for (j, leg) in self.legs.iter().enumerate() {
            for p in 2..=leg.len {
                for outward in [true, false] {
                    pieces.clear();
                    if let Some(inner) = self.cut(j, p, outward, &mut pieces) {
                        let mut legs = self.legs.clone();
                        legs[j] = inner;
                        push_live(&mut pieces, Spider { hub: self.hub, legs });
                        each(&pieces);
                    }
                }
            }
        }
    }

    /// Cuts leg `j` at its `p`-th edge (`p >= 2`), marked outward or not.
    /// Returns `None` when the leg's end blocks the move; otherwise pushes the
    /// outer piece (if any) and returns the shortened leg. The inner end of
    /// the edge is a needs-both vertex of degree 2, which never blocks; it
    /// gains the arrow's tail (outward) or head.
    pub fn cut(&self, j: usize, p: u32, outward: bool, pieces: &mut Vec<Spider>) -> Option<Leg> {
        let leg = &self.legs[j];
        debug_assert!(p >= 2 && p <= leg.len);
        if !self.push_outer(leg, p, outward, pieces) {
            return None;
        }
        Some(Leg { len: p - 1, end: if outward { Need::In } else { Need::Out } })
    }

    /// Calls `each` with the pieces of every legal follower that marks an
    /// edge at the hub.
    pub fn for_each_hub_follower(&self, mut each: impl FnMut(&[Spider])) {
        let mut pieces: Vec<Spider> = Vec::with_capacity(self.legs.len() + 1);
        for j in 0..self.legs.len() {
            for outward in [true, false] {
                if self.hub_follower(j, outward, &mut pieces) {
                    each(&pieces);
                }
            }
        }
    }

    /// The pieces of the follower that marks the hub edge of leg `j`, away
    /// from the hub (`outward`) or toward it, written into `pieces`;
    /// `false` when the move is illegal.
    pub fn hub_follower(&self, j: usize, outward: bool, pieces: &mut Vec<Spider>) -> bool {
        let k = self.legs.len();
        pieces.clear();
        let Some(HubMove { hub, outer }) = self.hub_move(j, outward) else { return false };
        if let Some((label, leg)) = outer {
            push_live(pieces, Spider::path(label, leg.len, leg.end));
        }
        let others = self.legs.iter().enumerate().filter(|&(i, _)| i != j).map(|(_, l)| *l);
        if hub == Need::Free {
            pieces.extend(others.map(|l| Spider::path(Need::Free, l.len, l.end).normalize()));
        } else if k > 1 {
            push_live(pieces, Spider { hub, legs: others.collect() });
        }
        true
    }

    /// What marking the hub edge of leg `j` (away from the hub when
    /// `outward`) leaves; `None` when the move is illegal (it would make
    /// the hub or the leg's end a sink or a source).
    pub fn hub_move(&self, j: usize, outward: bool) -> Option<HubMove> {
        let leg = self.legs[j];
        // The hub gains an out-arrow (outward) or an in-arrow.
        let hub = if outward { self.hub.after_out() } else { self.hub.after_in() };
        let k = self.legs.len();
        if if outward { self.hub.blocks_out(k) } else { self.hub.blocks_in(k) } {
            return None;
        }
        if leg.len == 1 {
            // The far end of the marked edge is the leg's end, a leaf.
            let blocked = if outward { leg.end.blocks_in(1) } else { leg.end.blocks_out(1) };
            return (!blocked).then_some(HubMove { hub, outer: None });
        }
        // The far end is an interior vertex needing both: it gains an in- or out-arrow.
        let label = if outward { Need::Out } else { Need::In };
        Some(HubMove { hub, outer: Some((label, Leg { len: leg.len - 1, end: leg.end })) })
    }

    /// The pieces of the follower that marks edge `p` of leg `j` (counted
    /// from the hub, `p >= 1`), away from the hub or toward it, written into
    /// `pieces`; `false` when the move is illegal.
    pub fn follower(&self, j: usize, p: u32, outward: bool, pieces: &mut Vec<Spider>) -> bool {
        if p == 1 {
            return self.hub_follower(j, outward, pieces);
        }
        pieces.clear();
        match self.cut(j, p, outward, pieces) {
            Some(inner) => {
                let mut legs = self.legs.clone();
                legs[j] = inner;
                push_live(pieces, Spider { hub: self.hub, legs });
                true
            }
            None => false,
        }
    }

    /// Pushes the outer piece of leg `leg` cut at its `p`-th edge, marked
    /// outward or not; returns `false` when the outer end blocks the move.
    fn push_outer(&self, leg: &Leg, p: u32, outward: bool, pieces: &mut Vec<Spider>) -> bool {
        if p == leg.len {
            // The outer end is the leg's end, a leaf of the component.
            let blocked = if outward { leg.end.blocks_in(1) } else { leg.end.blocks_out(1) };
            return !blocked;
        }
        // The outer end is an interior Both vertex: it gains an in- or out-arrow.
        let outer = if outward { Need::Out } else { Need::In };
        push_live(pieces, Spider::path(outer, leg.len - p, leg.end));
        true
    }
}

/// Sorts a few legs (insertion sort, no call).
#[inline]
pub(crate) fn sort_small(legs: &mut [Leg]) {
    for i in 1..legs.len() {
        let mut k = i;
        while k > 0 && legs[k - 1] > legs[k] {
            legs.swap(k - 1, k);
            k -= 1;
        }
    }
}

/// The packed key of a spider with at most three legs (see [`SpiderKey::Small`]).
#[inline]
pub fn small_key(hub: Need, legs: &[Leg]) -> u128 {
    let mut k = hub as u128;
    for (i, l) in legs.iter().enumerate() {
        k |= ((l.len as u128) << 2 | l.end as u128) << (2 + 40 * i);
    }
    k
}

/// Pushes the normal form of a piece unless it is a dead edge, which has no
/// move and adds nothing to any measure.
pub(crate) fn push_live(pieces: &mut Vec<Spider>, s: Spider) {
    let s = s.normalize();
    if !s.is_dead() {
        pieces.push(s);
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::canonical::component::pieces;
    use Need::*;

    fn sorted(mut v: Vec<Spider>) -> Vec<Spider> {
        v.sort();
        v
    }

    /// The spider's own follower rule against playing each move on the
    /// component graph and reading the pieces back.
    #[test]
    fn direct_followers_match_the_component_rule() {
        let shapes = [
            Spider {
                hub: Both,
                legs: smallvec![Leg { len: 2, end: Free }, Leg { len: 1, end: In }, Leg { len: 3, end: Out }],
            },
            Spider { hub: In, legs: smallvec![Leg { len: 2, end: Free }, Leg { len: 1, end: Out }] },
            Spider::path(Out, 3, In),
            Spider::path(Free, 1, Free),
            Spider {
                hub: Out,
                legs: smallvec![
                    Leg { len: 1, end: In },
                    Leg { len: 1, end: Out },
                    Leg { len: 1, end: Free },
                    Leg { len: 2, end: In }
                ],
            },
        ];
        for s in shapes {
            let c = to_component(&s);
            let mut direct = Vec::new();
            s.for_each_follower(|p| direct.push(sorted(p.to_vec())));
            let mut via_graph: Vec<Vec<Spider>> = c
                .moves()
                .into_iter()
                .map(|(e, f)| sorted(c.play(e, f).iter().map(|p| Spider::from_component(p).unwrap()).collect()))
                .collect();
            direct.sort();
            via_graph.sort();
            assert_eq!(direct, via_graph, "{s:?}");
            // Move by move through the layout, as the engine's follower values read them.
            let (laid, places) = Spider::layout(&c, &mut Scratch::default()).unwrap();
            let mut pieces = Vec::new();
            for (e, forward) in c.moves() {
                let place = places[e];
                let outward = forward == place.forward_is_outward;
                assert!(laid.follower(place.leg as usize, place.place, outward, &mut pieces), "{s:?} {e} {forward}");
                let want = sorted(c.play(e, forward).iter().map(|p| Spider::from_component(p).unwrap()).collect());
                assert_eq!(sorted(pieces.clone()), want, "{s:?} edge {e} forward {forward}");
            }
            assert_eq!(Spider::from_component(&c), Some(s.clone().normalize()));
        }
    }

    #[test]
    fn normal_forms_identify_flips_and_reversals() {
        assert_eq!(Spider::path(In, 4, Free).normalize(), Spider::path(Free, 4, Out).normalize());
        let a = Spider { hub: In, legs: smallvec![Leg { len: 1, end: Out }, Leg { len: 2, end: Free }] };
        let b = Spider { hub: Out, legs: smallvec![Leg { len: 2, end: Free }, Leg { len: 1, end: In }] };
        assert_eq!(a.normalize(), b.normalize());
        let p = Spider { hub: Both, legs: smallvec![Leg { len: 2, end: In }, Leg { len: 3, end: Free }] }.normalize();
        assert_eq!(p, Spider::path(Free, 5, In).normalize());
        assert!(pieces(&[Both, Both], &[(0, 1)]).is_empty());
    }

    fn to_component(s: &Spider) -> Component {
        let mut labels = vec![s.hub];
        let mut edges = Vec::new();
        for leg in &s.legs {
            let mut prev = 0u32;
            for i in 1..=leg.len {
                labels.push(if i == leg.len { leg.end } else { Both });
                let cur = (labels.len() - 1) as u32;
                edges.push((prev, cur));
                prev = cur;
            }
        }
        Component { labels, edges }
    }
}
