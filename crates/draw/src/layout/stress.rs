//! Stress majorization (Gansner, Koren and North, *Graph drawing by stress
//! majorization*, 2004) from graph distances, started from classical
//! multidimensional scaling: deterministic, and good at showing the
//! structure of small graphs with cycles.
//!
//! The stress of a layout is `sum w_ij (|x_i - x_j| - d_ij)^2` over pairs
//! of vertices, with `d_ij` their distance in the graph and
//! `w_ij = d_ij^-2`; each sweep moves every vertex in turn to the point
//! that minimizes the majorizing function, which never increases the
//! stress. The result is rotated so its longer axis is horizontal.

use arrows_core::Graph;
use arrows_core::plane::Point;
use std::collections::VecDeque;

/// Sweeps at most; most small graphs converge in a few dozen.
const MAX_SWEEPS: usize = 400;
/// Stop when no vertex moves in a sweep by more than this fraction of the
/// graph's diameter (each sweep lowers the stress; this is where the
/// drawing stops changing to the eye).
const TOLERANCE: f64 = 1e-4;

/// The distances between all pairs of vertices of a connected graph, row by row.
fn distances(graph: &Graph) -> Vec<u32> {
    let n = graph.vertex_count();
    let mut d = vec![u32::MAX; n * n];
    let mut queue = VecDeque::new();
    for s in 0..n {
        let row = &mut d[s * n..(s + 1) * n];
        row[s] = 0;
        queue.push_back(s);
        while let Some(v) = queue.pop_front() {
            for &(_, w) in graph.incidence(v) {
                if row[w] == u32::MAX {
                    row[w] = row[v] + 1;
                    queue.push_back(w);
                }
            }
        }
    }
    d
}

/// A fixed, spread-out start vector for the power iteration.
fn start_vector(n: usize, salt: usize) -> Vec<f64> {
    (0..n).map(|i| (((i * 7919 + salt * 104_729) % 1009) as f64 / 1009.0) - 0.5).collect()
}

/// The two leading eigenvectors of the double-centred squared distances,
/// scaled by the square roots of their eigenvalues: classical MDS.
fn classical_mds(d: &[u32], n: usize) -> (Vec<f64>, Vec<f64>) {
    let mut b: Vec<f64> = d.iter().map(|&x| f64::from(x) * f64::from(x)).collect();
    let row_mean: Vec<f64> = (0..n).map(|i| b[i * n..(i + 1) * n].iter().sum::<f64>() / n as f64).collect();
    let mean = row_mean.iter().sum::<f64>() / n as f64;
    for i in 0..n {
        for j in 0..n {
            b[i * n + j] = -0.5 * (b[i * n + j] - row_mean[i] - row_mean[j] + mean);
        }
    }
    let multiply = |v: &[f64]| -> Vec<f64> {
        (0..n).map(|i| b[i * n..(i + 1) * n].iter().zip(v).map(|(x, y)| x * y).sum()).collect()
    };
    let normalize = |v: &mut Vec<f64>| {
        let norm = v.iter().map(|x| x * x).sum::<f64>().sqrt();
        if norm > 0.0 {
            v.iter_mut().for_each(|x| *x /= norm);
        }
        norm
    };
    let mut axes: Vec<(Vec<f64>, f64)> = Vec::new();
    for salt in 0..2 {
        let mut v = start_vector(n, salt);
        let mut value = 0.0;
        for _ in 0..100 {
            for (u, _) in &axes {
                let dot: f64 = v.iter().zip(u).map(|(a, b)| a * b).sum();
                v.iter_mut().zip(u).for_each(|(a, b)| *a -= dot * b);
            }
            normalize(&mut v);
            let mut w = multiply(&v);
            value = normalize(&mut w);
            let change: f64 = w.iter().zip(&v).map(|(a, b)| (a - b).abs()).sum();
            v = w;
            if change < 1e-9 {
                break;
            }
        }
        axes.push((v, value));
    }
    let scaled = |(v, value): &(Vec<f64>, f64)| v.iter().map(|x| x * value.sqrt()).collect::<Vec<f64>>();
    (scaled(&axes[0]), scaled(&axes[1]))
}

/// A layout of a connected graph with at least three vertices, its edges
/// about one unit long.
pub(crate) fn layout(graph: &Graph) -> Vec<Point> {
    let n = graph.vertex_count();
    let d = distances(graph);
    let (mut x, mut y) = classical_mds(&d, n);
    // A small fixed nudge off the line, for graphs whose MDS is flat.
    for (i, yi) in y.iter_mut().enumerate() {
        *yi += 0.05 * ((((i * 2_654_435_761) % 997) as f64 / 997.0) - 0.5);
    }
    // Distances and weights as floats, row by row, computed once.
    let dist: Vec<f64> = d.iter().map(|&x| f64::from(x)).collect();
    let weight: Vec<f64> = dist.iter().map(|&x| if x > 0.0 { 1.0 / (x * x) } else { 0.0 }).collect();
    let weight_sum: Vec<f64> = (0..n).map(|i| weight[i * n..(i + 1) * n].iter().sum()).collect();
    let size = dist.iter().copied().fold(1.0, f64::max);
    for _ in 0..MAX_SWEEPS {
        let mut moved = 0.0f64;
        for i in 0..n {
            let (row, w) = (&dist[i * n..(i + 1) * n], &weight[i * n..(i + 1) * n]);
            let (mut sx, mut sy) = (0.0, 0.0);
            for j in 0..n {
                if j == i {
                    continue;
                }
                let (dx, dy) = (x[i] - x[j], y[i] - y[j]);
                let len = (dx * dx + dy * dy).sqrt();
                let pull = if len > 1e-12 { row[j] / len } else { 0.0 };
                sx += w[j] * (x[j] + dx * pull);
                sy += w[j] * (y[j] + dy * pull);
            }
            let (nx, ny) = (sx / weight_sum[i], sy / weight_sum[i]);
            moved = moved.max((nx - x[i]).abs() + (ny - y[i]).abs());
            x[i] = nx;
            y[i] = ny;
        }
        if moved < TOLERANCE * size {
            break;
        }
    }
    landscape(&mut x, &mut y);
    x.into_iter().zip(y).map(|(x, y)| Point::new(x, y)).collect()
}

/// Centres the layout and turns it so its principal axis is horizontal.
fn landscape(x: &mut [f64], y: &mut [f64]) {
    let n = x.len() as f64;
    let (mx, my) = (x.iter().sum::<f64>() / n, y.iter().sum::<f64>() / n);
    let (mut sxx, mut syy, mut sxy) = (0.0, 0.0, 0.0);
    for (a, b) in x.iter_mut().zip(y.iter_mut()) {
        *a -= mx;
        *b -= my;
        sxx += *a * *a;
        syy += *b * *b;
        sxy += *a * *b;
    }
    let angle = 0.5 * (2.0 * sxy).atan2(sxx - syy);
    let (c, s) = (angle.cos(), angle.sin());
    for (a, b) in x.iter_mut().zip(y.iter_mut()) {
        let (p, q) = (*a * c + *b * s, -*a * s + *b * c);
        *a = p;
        *b = q;
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use arrows_core::families;

    #[test]
    fn a_cycle_comes_out_round_with_edges_near_one_unit() {
        let g = families::cycle(8).unwrap();
        let p = layout(&g);
        for &(u, v) in g.edges() {
            let len = (p[u].x - p[v].x).hypot(p[u].y - p[v].y);
            assert!((0.8..1.2).contains(&len), "edge {u}-{v} has length {len}");
        }
        let radii: Vec<f64> = p.iter().map(|q| q.x.hypot(q.y)).collect();
        let (lo, hi) = radii.iter().fold((f64::MAX, 0.0f64), |(a, b), &r| (a.min(r), b.max(r)));
        assert!(hi - lo < 0.1, "radii from {lo} to {hi}");
    }
}
