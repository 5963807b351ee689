//! The placements of the pieces of a dense component, counted by vertex
//! set and direction ([`log2_directed`]) where the connected sets of its
//! edges are too many to list ([`super::enumerate`]): what the fine
//! estimate of [`super::reach::classes`] uses past them.

use super::component::Component;
use super::need::Need;
use super::orbits::bits;

/// Past this many constrained vertices, [`log2_directed`] gives up (its
/// work grows as `4^n`: 65,536 steps at 8, 4 million at 11).
const MAX_DIRECTED_VERTICES: usize = 11;

/// The placements of the pieces of a dense component, as `log2`, counted
/// by vertex set and direction rather than by edge set (see
/// [`super::orbits::Piece`] for the model): for every connected set `S`
/// of constrained vertices, each vertex of `S` needs both with no marked
/// edge (one way), or needs in or out with `0..=l` of its `l` edges
/// leaving `S` towards a vertex that can be free unmarked (`1 + l` ways
/// each; all `l` unmarked only if another edge is marked); every edge of
/// `S` between a vertex needing in and one needing out is a chord or an
/// edge of the piece, every other edge of `S` is in the piece, and the
/// piece connects `S` ([`connecting`]). Over the automorphisms it errs
/// low where symmetries fix placements (0.4 to 0.75 of the fine count's
/// classes on `K5`, `K6` and `K7` less up to three edges) and high where
/// pieces isomorphic by a map that is no automorphism count apart, the
/// more so the sparser the component; [`super::reach::classes`] prices
/// its classes at the whole component's entry and uses it below `2^10`
/// automorphisms, where every dense graph measured past the listing came
/// to 1.9 to 9 times its memo. `None` past [`MAX_DIRECTED_VERTICES`]
/// constrained vertices.
pub(super) fn log2_directed(c: &Component, deg: &[usize], adj: &[Vec<usize>]) -> Option<f64> {
    let constrained: Vec<usize> = (0..adj.len()).filter(|&v| c.labels[v] != Need::Free).collect();
    let n = constrained.len();
    if n > MAX_DIRECTED_VERTICES {
        return None;
    }
    let mut local = vec![usize::MAX; adj.len()];
    for (i, &v) in constrained.iter().enumerate() {
        local[v] = i;
    }
    let inside = |w: usize, s: u32| local[w] != usize::MAX && s >> local[w] & 1 == 1;
    let neighbours: Vec<u32> = constrained
        .iter()
        .map(|&v| adj[v].iter().filter(|&&w| local[w] != usize::MAX).fold(0, |b, &w| b | 1 << local[w]))
        .collect();
    let may_free = |w: usize| match c.labels[w] {
        Need::Free => true,
        Need::In | Need::Out => deg[w] >= 2,
        Need::Both => deg[w] >= 3,
    };
    let mut total = 0.0f64;
    for s in 1u32..1 << n {
        if s.count_ones() < 2 || !connected(s, &neighbours) {
            continue;
        }
        let members: Vec<usize> = (0..n).filter(|&i| s >> i & 1 == 1).collect();
        // Each member's edges leaving `S` that may stay unmarked, and
        // whether one must be marked.
        let leaving: Vec<(f64, bool)> = members
            .iter()
            .map(|&i| {
                let out = adj[constrained[i]].iter().filter(|&&w| !inside(w, s));
                out.fold((0.0, false), |(l, m), &w| if may_free(w) { (l + 1.0, m) } else { (l, true) })
            })
            .collect();
        // Every assignment of the three states (needing both with no marked
        // edge, in, out), as base-3 digits.
        let mut state = vec![0usize; members.len()];
        loop {
            let (mut ins, mut outs) = (0u32, 0u32);
            for (j, &i) in members.iter().enumerate() {
                match state[j] {
                    1 => ins |= 1 << i,
                    2 => outs |= 1 << i,
                    _ => {}
                }
            }
            let mut product = 1.0;
            for (j, &i) in members.iter().enumerate() {
                let (l, marked) = leaving[j];
                let label = c.labels[constrained[i]];
                product *= match (state[j], label) {
                    (0, Need::Both) if !marked => 1.0,
                    (0, _) => 0.0,
                    // A vertex that had no arrow gets one: an edge leaving
                    // `S` marked (`0..l` unmarked), or one that must be, or
                    // a chord, which it has with odds `1 - 2^-k` among the
                    // choices of its `k` edges to the other direction.
                    (1 | 2, Need::Both) => {
                        let opposite = if state[j] == 1 { outs } else { ins };
                        let k = (neighbours[i] & opposite).count_ones();
                        l + if marked { 1.0 } else { 1.0 - (-f64::from(k)).exp2() }
                    }
                    (1, Need::In) | (2, Need::Out) => 1.0 + l,
                    _ => 0.0,
                };
            }
            if product > 0.0 {
                total += product * connecting(s, ins, outs, &neighbours);
            }
            let Some(j) = state.iter().position(|&x| x < 2) else { break };
            state[..j].fill(0);
            state[j] += 1;
        }
    }
    Some(total.log2())
}

/// The ways to choose which edges of `s` between `ins` and `outs` stay in
/// the piece (the others are chords) so that the piece connects `s`: the
/// other edges of `s` are in the piece, and the components they leave are
/// joined by the chosen ones, counted as the connected spanning subgraphs
/// of the multigraph of those components (for each set of components
/// holding the first, all its edge sets less those whose part holding the
/// first is smaller). Past 8 components, every choice (an upper bound).
fn connecting(s: u32, ins: u32, outs: u32, neighbours: &[u32]) -> f64 {
    // The components of the edges that must stay.
    let forced = |v: usize| {
        let cross = if ins >> v & 1 == 1 {
            outs
        } else if outs >> v & 1 == 1 {
            ins
        } else {
            0
        };
        neighbours[v] & s & !cross
    };
    let mut part = [0u32; 32];
    let (mut parts, mut left) = (0usize, s);
    while left != 0 {
        let start: u32 = 1 << left.trailing_zeros();
        let (mut seen, mut frontier) = (start, start);
        while frontier != 0 {
            let v = frontier.trailing_zeros() as usize;
            frontier &= frontier - 1;
            let new = forced(v) & !seen;
            seen |= new;
            frontier |= new;
        }
        part[parts] = seen;
        parts += 1;
        left &= !seen;
    }
    let cross_edges = |a: u32, b: u32| -> u32 {
        bits(u64::from(a & ins)).map(|v| (neighbours[v] & b & outs).count_ones()).sum::<u32>()
            + bits(u64::from(a & outs)).map(|v| (neighbours[v] & b & ins).count_ones()).sum::<u32>()
    };
    if parts == 1 || parts > 8 {
        let between: u32 = bits(u64::from(ins & s)).map(|v| (neighbours[v] & outs & s).count_ones()).sum();
        return f64::from(between).exp2();
    }
    let within: u32 = (0..parts).map(|i| cross_edges(part[i], part[i]) / 2).sum();
    // The edges between two parts; all(t): every edge set inside the set of parts t.
    let between: Vec<(usize, usize, u32)> = (0..parts)
        .flat_map(|i| (i + 1..parts).map(move |j| (i, j)))
        .map(|(i, j)| (i, j, cross_edges(part[i], part[j])))
        .collect();
    let all = |t: usize| -> f64 {
        let e: u32 = between.iter().filter(|&&(i, j, _)| t >> i & 1 == 1 && t >> j & 1 == 1).map(|&(_, _, e)| e).sum();
        f64::from(e).exp2()
    };
    let mut joined = vec![0.0f64; 1 << parts];
    for t in (1..1usize << parts).filter(|t| t & 1 == 1) {
        let mut value = all(t);
        // Proper subsets of t holding part 0.
        let rest = t & !1;
        let mut u = (rest.wrapping_sub(1)) & rest;
        loop {
            let sub = u | 1;
            if sub != t {
                value -= joined[sub] * all(t & !sub);
            }
            if u == 0 {
                break;
            }
            u = (u - 1) & rest;
        }
        joined[t] = value;
    }
    f64::from(within).exp2() * joined[(1 << parts) - 1]
}

/// `true` when the vertices of `s` are connected by `neighbours`.
fn connected(s: u32, neighbours: &[u32]) -> bool {
    let start: u32 = 1 << s.trailing_zeros();
    let (mut seen, mut frontier) = (start, start);
    while frontier != 0 {
        let v = frontier.trailing_zeros() as usize;
        frontier &= frontier - 1;
        let new = neighbours[v] & s & !seen;
        seen |= new;
        frontier |= new;
    }
    seen == s
}
