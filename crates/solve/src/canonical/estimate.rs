//! The memo a state needs, estimated before any work, component by
//! component ([`component_bytes`]); the engine refuses up front a state
//! whose estimate is past its budget.
//!
//! **Spider-shaped components** ([`memo_bytes`]). The classes reachable
//! from a spider `s` are spiders whose legs are legs of `s` cut short: each
//! leg keeps its end as given, or is cut at any edge and then ends needing
//! an arrow (in or out), or is gone when its hub edge is marked (which
//! gives the hub an arrow, so only spiders whose hub needs one arrow lose
//! legs). Up to the order of the legs, a class is a multiset of leg states,
//! and a multiset is reachable only when, sorted by length, its `i`-th
//! shortest leg fits in the `i`-th shortest leg of `s`. Counting those
//! sorted sequences is a small dynamic programme. The memo stores a class
//! once per leg, in the row of the rest of the spider (the hub and the
//! other legs; see [`super::rows`]); rows hold a lane of slots per end label of
//! the picked leg, each doubling as it grows. So the estimate counts the possible
//! rests for each picked leg, times the bytes of a row long enough for that
//! leg. The classes of a spider and of its flip share rows, which the
//! estimate does not use: it is an upper bound.
//!
//! **Cycles**: the cycle itself (any move breaks it into a path) and the
//! paths it breaks into, as a spider-shaped path.
//!
//! **Other trees** ([`super::reach::pieces`]). A class reached from a tree
//! is a connected piece `S` of its constrained vertices, each vertex of `S`
//! labelled. Its edges to constrained vertices outside `S` are marked (an
//! unmarked one would join the piece), all the same way (else the vertex
//! is satisfied and leaves `S`); its `f` pendant free edges may be marked
//! or not, counted by number. A vertex needing both has `1 + 2f` ways when
//! no constrained edge leaves `S` (no arrow yet, or its first ones on free
//! edges) and `2 + 2f` otherwise (in or out); one needing in or out has
//! `1 + f`. The sum over pieces of the product of these ways is a linear
//! dynamic programme over the tree (children first, with `g(c)` the
//! weighted pieces topped by child `c` that hold its parent: a vertex
//! tops `w P - [closed] (w - w') G` pieces, with `P = Π (1 + g(c))`, `G =
//! Π g(c)`, `w` and `w'` its ways with a constrained edge leaving or none,
//! and `closed` when all its neighbours are children), halved for the
//! flip. It counts isomorphic pieces at different places apart, so it
//! errs high.
//!
//! **Graphs with cycles** ([`super::reach::classes`]). While a component
//! has at most `2^18` connected sets of constrained edges, each is listed
//! (from its lowest edge, each frontier edge added and then banned from
//! the steps after it, so each set comes once) and counted two ways:
//!
//! * *quick*: weighed by its vertices' ways, as on trees, and halved for
//!   the flip. Isomorphic pieces at different places count apart, which
//!   on symmetric graphs is far too many (the Petersen graph: 489 times
//!   the memo);
//! * *fine*: its shape (the piece, its labels, its **chords**, the marked
//!   edges between two of its vertices, and its edges leaving) is keyed
//!   ([`super::canon::coloured_key`]) and each shape's classes are counted
//!   once, up to the shape's symmetries and the flip, by Burnside's lemma
//!   ([`super::orbits::Piece`]). A chord leaves its two ends needing
//!   opposite directions, and an edge leaving may stay unmarked (a pendant
//!   free edge of the class) only towards a vertex that can be free.
//!
//! The engine admits a game at once when twice the quick estimate, which
//! costs at most `2^18` steps of arithmetic per component, fits its
//! budget; any other game is refused only if the fine estimate, which
//! keys up to `2^18` shapes (milliseconds on sparse graphs, 0.5 s on
//! `K6`), is past the budget too.
//! Past `2^18` connected sets, both are the smaller of two cruder counts.
//! *Sparse*: the pieces of a spanning forest, each with `2^r - 1` more
//! with a cycle (`r` independent cycles). *Dense*: the labelled states up
//! to the pendant edges' order, over the symmetries. Each constrained
//! vertex is free, needs both, in or out; an edge between two of them is
//! forced unmarked except from a vertex needing in to one needing out or a
//! free one (two ways); the number of labellings is estimated by a mean
//! field (the annealed count maximized over the label frequencies, within
//! 1.2 to 1.9 of the exact count on `K4..K8`), and divided by twice the
//! automorphisms, estimated by individualization and refinement
//! ([`super::reach::log2_symmetry`]). The dense estimate is what makes
//! complete graphs cheap to refuse: `K9` about 880 MiB, `K10` about 31
//! GiB, `K12` about 131 TiB. The fine estimate also counts the pieces of a
//! component of at most 11 constrained vertices and `2^10` automorphisms
//! by vertex set and direction (`directed`: each vertex of a connected
//! set needs both, in or out, the edges between one needing in and one
//! needing out are chords or not, and the piece connects the set), over
//! the automorphisms, and keeps the least of the three: on dense graphs
//! it is far closer than the states (`K7` less an edge: 1.9 times the
//! memo, where the states over the symmetries give 15.8).
//!
//! Bytes: trees of at most 32 vertices are keyed by their AHU codes in the
//! tree memo (24 bytes an entry up to 16 vertices, 40 past); a general
//! entry is the map's overhead and its key (two bytes a vertex for larger
//! trees; a header, the labels and two words an edge for graphs with
//! cycles). The fine count prices a spider-shaped tree class (one special
//! vertex, [`super::orbits::Piece::special_shares`]) at 256 bytes
//! and a tree class with no special vertex (a path, valued by the closed
//! forms) at nothing; the quick count, which cannot tell them apart,
//! prices every tree piece of a graph with cycles at twice a tree entry.
//! Pieces with a cycle are priced at a general entry's bytes.
//!
//! **Measured factors** (estimate over the memo filled,
//! `crates/solve/tests/it/memo_estimate.rs`, every family from its empty
//! state; none below 1): spiders, stars, brooms and paths 2.2 to 3.8;
//! caterpillars and random trees of 8 to 14 edges 1.1 to 4.0; complete
//! graphs `K4..K6` 1.4 to 1.6, `K6` less an edge 2.5; cycles with one or
//! two chords and sparse `G(n, p)` with 8 to 20 vertices 1.4 to 3.5;
//! denser `G(8, 0.3)`, `G(10, 0.25)` 1.6 to 3.4; `K3,3`, `K3,4`, the cube,
//! the Petersen graph, the wheel `W6` and a theta graph 2.4 to 4.4; every
//! connected graph on 6 vertices 1.1 to 4.2, and on 7 vertices 1.1 to
//! 6.6; past the `2^18` pieces, `K7` 5.5 (the states over its 5,040
//! symmetries), `K7` less one or two edges 1.9 to 3.7, graphs on 8
//! vertices with 23 and 24 edges 1.4 and 2.0, and seven with 20 or 21
//! edges 3.5 to 9.0 (the pieces by vertex set and direction; the states
//! gave 16 to 29), where the fine count, listing all the pieces of `K7`,
//! less an edge and less two in 40, 10 and 4 s, would give 1.3, 2.3 and
//! 3.2. The quick estimate on the
//! same graphs: 0.78 to 45 on the graphs on 6 vertices, up to 29 on the
//! random ones, 276 on the cube and 489 on the Petersen graph, which is
//! why the engine admits a game on it only when twice it fits. Arithmetic
//! is in floating point (in `log2` for the general estimate) and saturates
//! at `u64::MAX`.

use super::component::Component;
use super::need::Need;
use super::reach;
use super::small;
use super::spider::Spider;
use crate::size::saturate;

/// An estimate of the memo bytes that solving the component `c` from an
/// empty memo needs: [`memo_bytes`] when it is spider-shaped, the paths it
/// breaks into when it is a cycle, and otherwise the classes of
/// [`reach::classes`] (its fine count when `fine`) times the bytes of their
/// entries (`overhead` and the key of a class).
pub fn component_bytes(c: &Component, entry_bytes: u64, overhead: u64, closed_paths: bool, fine: bool) -> u64 {
    if let Some(s) = Spider::from_component(c) {
        return memo_bytes(&s, entry_bytes, closed_paths);
    }
    let (n, m) = (c.labels.len() as f64, c.edges.len() as f64);
    let tree = c.is_tree();
    // Keys: trees of at most `small::MAX_VERTICES` vertices live in the
    // memo of their AHU codes (`treememo::entry_bytes`: 24 bytes up to 16
    // vertices, 40 past), larger trees two bytes a vertex, graphs with
    // cycles a header, the labels and two words an edge.
    let tree_entry = match c.labels.len() {
        0..=16 => 24.0,
        17..=small::MAX_VERTICES => 40.0,
        _ => overhead as f64 + 2.0 * n + 3.0,
    };
    let entry = if tree { tree_entry } else { overhead as f64 + 5.0 + n + 8.0 * m };
    if !tree && c.degrees().iter().all(|&d| d == 2) {
        // A cycle: its own class (any move breaks it into a path), then paths.
        let path = Spider::path(Need::In, c.edges.len() as u32 - 1, Need::Out).normalize();
        return saturate(entry + memo_bytes(&path, entry_bytes, closed_paths) as f64);
    }
    let classes = reach::classes(c, fine);
    // The quick count's tree pieces of a graph with cycles, mostly
    // spider-shaped, are kept in rows (`super::rows`) that the few pieces
    // of a sparse component share less than those of a tree do: twice a
    // tree entry each (at one, the unicyclic `G(12, 0.15) #1` of the
    // measured factors was estimated at 0.66 of its memo). The fine count
    // tells the spider-shaped classes apart.
    let piece = if tree || classes.fine { tree_entry } else { 2.0 * tree_entry };
    // A class with a cycle is keyed at its own size.
    let cyclic_entry = overhead as f64 + 5.0 + classes.cyclic_size;
    saturate(
        classes.spiders.exp2() * SPIDER_CLASS + classes.trees.exp2() * piece + classes.cyclic.exp2() * cyclic_entry,
    )
}

/// Bytes of a spider-shaped class of a graph with cycles: it is kept under
/// each of its distinct legs (three to seven views), each a slot in a row
/// that few other classes share. Measured on the graphs with cycles of
/// `crates/solve/tests/it/memo_estimate.rs`: 100 to 250 bytes a class, 150 on
/// average.
const SPIDER_CLASS: f64 = 256.0;

/// Bytes of a row besides its slots: its key and place in the row table
/// (as [`super::rows::row_bytes`] counts them).
const ROW_OVERHEAD: f64 = 160.0;
/// Past this much work the counting falls back to a cruder upper bound.
const MAX_WORK: f64 = 3e7;

/// An upper estimate of the memo bytes that solving the spider `s` from an
/// empty memo needs, with `entry_bytes` per slot; `closed_paths` when path
/// classes are valued by closed forms (and never stored).
pub fn memo_bytes(s: &Spider, entry_bytes: u64, closed_paths: bool) -> u64 {
    let mut legs: Vec<(u32, Need)> = s.legs.iter().map(|l| (l.len, l.end)).collect();
    legs.sort_unstable();
    let k = legs.len();
    // The longest path piece: the two longest legs joined at a hub that needs both.
    let total: u64 = legs.iter().rev().take(2).map(|&(l, _)| l as u64).sum();
    // A rest of more than three legs is keyed by its words (see `Spider::key`).
    let key_words = if k > 4 { k as f64 } else { 0.0 };
    let row = |len: u64| ROW_OVERHEAD + 8.0 * key_words + entry_bytes as f64 * slots(len);
    // Paths: rows keyed by one end label, as long as the longest path.
    let paths = if closed_paths { 0.0 } else { 4.0 * row(total) };
    if k < 2 {
        return saturate(paths);
    }
    let mut bytes = paths;
    // A spider whose hub needs both arrows keeps all its legs; once its hub
    // has an arrow (either of two labels) it has lost a leg, and may lose more.
    let (full_hubs, reduced_hubs) = if s.hub == Need::Both { (1.0, 2.0) } else { (0.0, 1.0) };
    let mut picked: Vec<(u32, Need)> = legs.clone();
    picked.dedup();
    for &leg in &picked {
        // The rests when this leg is picked: the other legs.
        let mut others = legs.clone();
        let at = others.iter().position(|&l| l == leg).expect("the picked leg");
        others.remove(at);
        let full = if s.hub == Need::Both { sequences(&others, false) } else { 0.0 };
        // With a leg gone already: at most the other legs but the shortest.
        let reduced = if others.is_empty() { 0.0 } else { sequences(&others[1..], true) };
        bytes += (full_hubs * full + reduced_hubs * reduced) * row(leg.0 as u64);
    }
    saturate(bytes)
}

/// Slots of a row that holds legs up to `len`: three lanes (a leg ends
/// free, needing in or needing out; never needing both, that edge would be
/// dead), each as long as the lengths, grown by doubling from 4.
fn slots(len: u64) -> f64 {
    3.0 * (len + 1).max(4).next_power_of_two() as f64
}

/// The number of sorted sequences of leg states, one per leg of `legs`
/// (sorted by length), each fitting its leg: a shorter length whose end
/// needs in or out (the leg cut), the leg's own length and end, or (when
/// `may_vanish`) no leg at all.
fn sequences(legs: &[(u32, Need)], may_vanish: bool) -> f64 {
    let Some(&(longest, _)) = legs.last() else { return 1.0 };
    // States in order: 0 is "gone", then for each length 1..=longest the
    // ends In, Out and Free (a leg's own end if it is free or needs both).
    let states = 1 + 3 * longest as usize;
    if legs.len() as f64 * states as f64 > MAX_WORK {
        // Crude upper bound: each leg independently, as a product.
        return legs.iter().map(|&(l, _)| 2.0 * l as f64 + 2.0).product();
    }
    let kind = |end: Need| match end {
        Need::In => 1,
        Need::Out => 2,
        Need::Free | Need::Both => 3,
    };
    let allowed = |v: usize, (len, end): (u32, Need)| {
        if v == 0 {
            return may_vanish;
        }
        let (l, k) = ((v - 1) / 3 + 1, (v - 1) % 3 + 1);
        (l < len as usize && k != 3) || (l == len as usize && k == kind(end))
    };
    // count[v]: sorted sequences so far whose last state is v.
    let mut count: Vec<f64> = (0..states).map(|v| if allowed(v, legs[0]) { 1.0 } else { 0.0 }).collect();
    for &leg in &legs[1..] {
        let mut prefix = 0.0;
        for (v, c) in count.iter_mut().enumerate() {
            prefix += *c;
            *c = if allowed(v, leg) { prefix } else { 0.0 };
        }
    }
    count.iter().sum()
}

#[cfg(test)]
mod tests {
    use crate::canonical::{CanonicalEngine, Grundy};
    use arrows_core::{Decoration, Graph, Position, families};
    use arrows_work::{Budget, Control};

    /// The estimate against the memo the engine really fills, on every
    /// spider-shaped family: an upper bound, within a factor of 4 (about 2
    /// on most: the flip's classes share rows, which the estimate ignores).
    #[test]
    fn the_estimate_bounds_the_memo_within_a_factor_of_4() {
        let mut graphs: Vec<(String, Graph)> = Vec::new();
        for legs in [
            vec![20, 20, 20],
            vec![40, 40, 40],
            vec![10, 20, 30],
            vec![5, 5, 5, 5, 5],
            vec![3, 4, 5, 6, 7, 8],
            vec![30, 1, 1, 1, 1, 1],
            vec![2; 10],
            vec![1; 30],
            vec![1; 300],
            vec![3, 3, 3, 3, 3, 3, 3],
        ] {
            graphs.push((format!("S{legs:?}"), families::spider(&legs).unwrap()));
        }
        graphs.push(("broom(20, 6)".into(), families::spider(&[20, 1, 1, 1, 1, 1, 1]).unwrap()));
        let control = Control::new(Budget::bytes(u64::MAX));
        for (name, g) in graphs {
            let d = Decoration::empty(g.edge_count());
            let p = Position::trimmed(&g, &d);
            for closed in [true, false] {
                let mut e =
                    if closed { CanonicalEngine::<Grundy>::new() } else { CanonicalEngine::without_closed_forms() };
                let estimate = e.estimate(p);
                e.state_value(p, &control).unwrap();
                let memo = e.memo_bytes();
                assert!(estimate >= memo, "{name} (closed forms: {closed}): estimate {estimate} below the memo {memo}");
                assert!(
                    estimate <= 4 * memo.max(1),
                    "{name} (closed forms: {closed}): estimate {estimate} past 4 x {memo}"
                );
            }
        }
    }

    #[test]
    fn huge_spiders_saturate_instead_of_overflowing() {
        let g = families::spider(&[1; 100_000]).unwrap();
        let d = Decoration::empty(100_000);
        let e = CanonicalEngine::<Grundy>::new().estimate(Position::trimmed(&g, &d));
        assert!(e < 1 << 40, "{e}");
        let g = families::spider(&[3000; 40]).unwrap();
        let d = Decoration::empty(120_000);
        assert_eq!(CanonicalEngine::<Grundy>::new().estimate(Position::trimmed(&g, &d)), u64::MAX);
    }
}
