//! Sums of loopy games: one token on each component, a move moves one token.
//!
//! The value of a sum is the nim-sum of the generalized Sprague-Grundy values
//! of its components (Smith; the rule of the Cyclic Butler University text),
//! extended to infinities by
//!
//! * `a ⊕ b` is the nim-sum (binary addition without carry) of finite values;
//! * `a ⊕ ∞(K) = ∞(K ⊕ a)`, where `K ⊕ a = { k ⊕ a : k ∈ K }`;
//! * `∞(K) ⊕ ∞(L) = ∞(∅)`: a sum with two or more infinite components is a draw.
//!
//! So a sum is P iff all components are finite with nim-sum 0; with exactly
//! one infinite component `∞(K)` and the others of nim-sum `b` it is N iff
//! `b ∈ K`, and a draw otherwise. This is exactly the value of the sum's
//! position in the product digraph ([`product`]), sets `K` included, which
//! the crate's property tests check on random digraphs with self-loops and
//! 2-cycles: the rule needs no refinement.

use crate::cost::Cost;
use crate::digraph::{Digraph, MAX_SIZE, VertexId};
use crate::explore::{ExploreError, Limits};
use crate::gamma::{Gamma, GammaLabels};
use crate::outcome::Outcome;
use crate::work::Ticker;
use arrows_work::Control;

/// The nim-sum of two generalized Sprague-Grundy values.
pub fn nim_sum(a: &Gamma, b: &Gamma) -> Gamma {
    match (a, b) {
        (Gamma::Finite(x), Gamma::Finite(y)) => Gamma::Finite(x ^ y),
        (Gamma::Finite(x), Gamma::Infinite(k)) | (Gamma::Infinite(k), Gamma::Finite(x)) => {
            Gamma::infinite(k.iter().map(|&k| k ^ x))
        }
        (Gamma::Infinite(_), Gamma::Infinite(_)) => Gamma::Infinite(Vec::new()),
    }
}

/// The value of a sum whose components have the given values (`0` for an
/// empty sum).
pub fn sum_value<'a>(values: impl IntoIterator<Item = &'a Gamma>) -> Gamma {
    values.into_iter().fold(Gamma::Finite(0), |acc, g| nim_sum(&acc, g))
}

/// One component of a sum: a token at `position` of `graph`, whose
/// generalized Sprague-Grundy values are `labels` (computed by
/// [`gamma`](crate::gamma()) on that same digraph).
#[derive(Debug, Clone, Copy)]
pub struct Token<'a> {
    /// The component's digraph.
    pub graph: &'a Digraph,
    /// The component's gamma values.
    pub labels: &'a GammaLabels,
    /// Where the token stands.
    pub position: VertexId,
}

/// A move in a sum: the token of component `component` goes to `to`.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct SumMove {
    /// The index of the component whose token moves.
    pub component: usize,
    /// The follower the token moves to.
    pub to: VertexId,
}

/// The value of the sum of `tokens`.
pub fn tokens_value(tokens: &[Token<'_>]) -> Gamma {
    let values: Vec<Gamma> = tokens.iter().map(|t| t.labels.get(t.position)).collect();
    sum_value(&values)
}

/// The best move in the sum of `tokens`, or `None` from a P-position (every
/// move loses) and from a terminal one.
///
/// * From an N-position, a winning move (to a position of value 0). Among
///   winning moves it takes one that lowers the total of the component values
///   most, then the one whose new component has the smallest counter. Played
///   every turn, this wins in finitely many moves whatever the opponent does:
///   after each of its moves the pair (total of the values, total of the
///   counters) is smaller than after the previous one, because every opponent
///   move that raises a component can be reversed to the same value with a
///   smaller counter (condition B of [`gamma`](crate::gamma())).
/// * From a D-position, a move to a position that is again a draw.
pub fn sum_best_move(tokens: &[Token<'_>]) -> Option<SumMove> {
    let values: Vec<Gamma> = tokens.iter().map(|t| t.labels.get(t.position)).collect();
    let total = sum_value(&values);
    match total.outcome() {
        Outcome::P => None,
        Outcome::N => winning_move(tokens, &values),
        Outcome::D => draw_move(tokens, &values),
    }
}

fn winning_move(tokens: &[Token<'_>], values: &[Gamma]) -> Option<SumMove> {
    let infinite: Vec<usize> = (0..values.len()).filter(|&j| values[j].is_infinite()).collect();
    if let [j] = infinite[..] {
        // b ∈ K: move the infinite component to a follower of value b.
        let b = values.iter().filter_map(Gamma::finite).fold(0, |a, x| a ^ x);
        let t = tokens[j];
        let to = t.labels.move_to_value(t.graph, t.position, b)?;
        return Some(SumMove { component: j, to });
    }
    let s = values.iter().filter_map(Gamma::finite).fold(0, |a, x| a ^ x);
    let mut best: Option<(u32, i64, SumMove)> = None;
    for (j, (t, v)) in tokens.iter().zip(values).enumerate() {
        let g = v.finite()?;
        let target = g ^ s;
        if target >= g {
            continue;
        }
        let Some(to) = t.labels.move_to_value(t.graph, t.position, target) else {
            continue;
        };
        let drop = g - target;
        let dc = i64::from(t.labels.counter(to).unwrap_or(0)) - i64::from(t.labels.counter(t.position).unwrap_or(0));
        let better = match best {
            None => true,
            Some((bd, bc, _)) => drop > bd || (drop == bd && dc < bc),
        };
        if better {
            best = Some((drop, dc, SumMove { component: j, to }));
        }
    }
    best.map(|(_, _, m)| m)
}

fn draw_move(tokens: &[Token<'_>], values: &[Gamma]) -> Option<SumMove> {
    // Prefer moving an infinite component to an infinite follower that keeps
    // the draw (condition C provides one when it is the only infinity and the
    // rest cannot be adjusted); otherwise any move whose result is a draw.
    let infinite: Vec<usize> = (0..values.len()).filter(|&j| values[j].is_infinite()).collect();
    let b = values.iter().filter_map(Gamma::finite).fold(0, |a, x| a ^ x);
    if let [j] = infinite[..] {
        let t = tokens[j];
        if let Some(to) = t.labels.infinite_move_avoiding(t.graph, t.position, b) {
            return Some(SumMove { component: j, to });
        }
    }
    let mut after = values.to_vec();
    for (j, t) in tokens.iter().enumerate() {
        for &to in t.graph.followers(t.position) {
            after[j] = t.labels.get(to);
            if sum_value(&after).outcome() == Outcome::D {
                return Some(SumMove { component: j, to });
            }
        }
        after[j] = values[j].clone();
    }
    None
}

/// The product digraph of a sum: its positions are the tuples of component
/// positions, and a move moves one component.
///
/// The tuple `(v_0, ..., v_{k-1})` is numbered in mixed radix with the last
/// component varying fastest; [`Product::index`] and [`Product::tuple`]
/// convert.
#[derive(Debug, Clone)]
pub struct Product {
    /// The product digraph.
    pub graph: Digraph,
    sizes: Vec<usize>,
}

impl Product {
    /// The number of the position with component positions `tuple`.
    ///
    /// # Panics
    /// If `tuple` has the wrong length or a component position out of range.
    pub fn index(&self, tuple: &[VertexId]) -> VertexId {
        assert_eq!(tuple.len(), self.sizes.len(), "one position per component");
        let mut x = 0usize;
        for (&v, &n) in tuple.iter().zip(&self.sizes) {
            assert!((v as usize) < n, "component position out of range");
            x = x * n + v as usize;
        }
        x as VertexId
    }

    /// The component positions of product position `v`.
    pub fn tuple(&self, v: VertexId) -> Vec<VertexId> {
        let mut x = v as usize;
        let mut t = vec![0; self.sizes.len()];
        for (slot, &n) in t.iter_mut().zip(&self.sizes).rev() {
            *slot = (x % n) as VertexId;
            x /= n;
        }
        t
    }
}

/// The product digraph of the sum of `components`, or an error if it would
/// have more than `max_positions` positions (or more than [`MAX_SIZE`]
/// positions or moves, or more than the machine's default budget).
pub fn product(components: &[&Digraph], max_positions: usize) -> Result<Product, ExploreError> {
    let limits = Limits { max_positions, max_moves: MAX_SIZE };
    product_with(components, limits, Cost::GAMMA, &Control::default())
}

/// The product digraph of the sum of `components` within `limits` and
/// `control`'s budget, counting the work `afterwards` (its solving, say:
/// [`Cost::GAMMA`]): refused before anything is allocated when it cannot
/// fit; stops when `control` is cancelled.
pub fn product_with(
    components: &[&Digraph],
    limits: Limits,
    afterwards: Cost,
    control: &Control,
) -> Result<Product, ExploreError> {
    let sizes: Vec<usize> = components.iter().map(|g| g.position_count()).collect();
    let max_positions = limits.max_positions.min(MAX_SIZE);
    let n = sizes.iter().try_fold(1u64, |n, &s| n.checked_mul(s as u64)).unwrap_or(u64::MAX);
    let moves = components
        .iter()
        .zip(&sizes)
        .try_fold(0u64, |m, (g, &s)| {
            let others = n.checked_div(s as u64).unwrap_or(0);
            m.checked_add((g.move_count() as u64).checked_mul(others)?)
        })
        .unwrap_or(u64::MAX);
    // The follower rows, then the predecessor rows and the fill cursors of their sort.
    let needed = Cost { per_position: 12, per_move: 8 }.plus(afterwards).bytes(n, moves);
    let budget = control.budget.get();
    if needed > budget {
        return Err(ExploreError::MemoryBudget { positions: n, moves, needed, budget });
    }
    if n > max_positions as u64 {
        return Err(ExploreError::TooManyPositions { positions: n, limit: limits.max_positions });
    }
    if moves > limits.max_moves.min(MAX_SIZE) as u64 {
        return Err(ExploreError::TooManyMoves { moves, limit: limits.max_moves });
    }
    let (n, moves) = (n as usize, moves as usize);
    let mut stride = vec![1usize; sizes.len()];
    for j in (0..sizes.len().saturating_sub(1)).rev() {
        stride[j] = stride[j + 1] * sizes[j + 1];
    }
    let mut succ_start: Vec<u32> = Vec::with_capacity(n + 1);
    let mut succ: Vec<u32> = Vec::with_capacity(moves);
    let mut ticker = Ticker::new(control);
    succ_start.push(0);
    for x in 0..n {
        ticker.tick()?;
        for (j, g) in components.iter().enumerate() {
            let v = (x / stride[j]) % sizes[j];
            for &w in g.followers(v as VertexId) {
                succ.push((x - v * stride[j] + w as usize * stride[j]) as u32);
            }
        }
        succ_start.push(succ.len() as u32);
    }
    ticker.flush()?;
    Ok(Product { graph: Digraph::from_follower_rows(succ_start, succ), sizes })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn butler_sums_as_written() {
        // ∞(1) ⊕ 0 ⊕ 3 = ∞(2); ∞(1) ⊕ 2 ⊕ 3 = ∞(0); ∞(0,1) ⊕ 2 ⊕ 3 = ∞(1,0).
        let inf1 = Gamma::infinite([1]);
        let v = sum_value(&[inf1.clone(), Gamma::Finite(0), Gamma::Finite(3)]);
        assert_eq!(v, Gamma::infinite([2]));
        assert_eq!(v.outcome(), Outcome::D);
        let v = sum_value(&[inf1, Gamma::Finite(2), Gamma::Finite(3)]);
        assert_eq!(v, Gamma::infinite([0]));
        assert_eq!(v.outcome(), Outcome::N);
        let v = sum_value(&[Gamma::infinite([0, 1]), Gamma::Finite(2), Gamma::Finite(3)]);
        assert_eq!(v, Gamma::infinite([0, 1]));
        assert_eq!(v.outcome(), Outcome::N);
        let two = sum_value(&[Gamma::infinite([0]), Gamma::infinite([0])]);
        assert_eq!(two, Gamma::infinite([]));
    }

    #[test]
    fn product_numbering() {
        let a = Digraph::from_moves(2, [(1, 0)]).unwrap();
        let b = Digraph::from_moves(3, [(2, 1), (1, 0)]).unwrap();
        let p = product(&[&a, &b], 100).unwrap();
        assert_eq!(p.graph.position_count(), 6);
        assert_eq!(p.graph.move_count(), 3 + 2 * 2);
        let x = p.index(&[1, 2]);
        assert_eq!(p.tuple(x), vec![1, 2]);
        let mut f: Vec<Vec<VertexId>> = p.graph.followers(x).iter().map(|&y| p.tuple(y)).collect();
        f.sort();
        assert_eq!(f, vec![vec![0, 2], vec![1, 1]]);
        let err = product(&[&a, &b, &b], 10).unwrap_err();
        assert_eq!(err, ExploreError::TooManyPositions { positions: 18, limit: 10 });
    }
}
