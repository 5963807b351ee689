//! Probe (temporary).
use arrows_core::{Decoration, Position, Variant};
use arrows_solve::canonical::{CanonicalEngine, Grundy};
use arrows_work::{Budget, Control};
use std::time::Instant;

fn main() {
    let args: Vec<String> = std::env::args().skip(1).filter(|a| !a.starts_with("--")).collect();
    let edges: usize = args.first().and_then(|a| a.parse().ok()).unwrap_or(12);
    let control = Control::new(Budget::bytes(u64::MAX));
    let mut engine = CanonicalEngine::<Grundy>::new();
    let start = Instant::now();
    let mut sum = 0u64;
    let mut count = 0;
    arrows_core::trees::for_each_tree(edges, |g| {
        let d = Decoration::empty(g.edge_count());
        sum += engine.state_value(Position::new(&g, Variant::Trimmed, &d), &control).unwrap() as u64 * (count % 7 + 1);
        count += 1;
    });
    println!(
        "{count} trees, {:.3} s, checksum {sum}, {:?}, memo {}",
        start.elapsed().as_secs_f64(),
        engine.stats(),
        engine.memo_len()
    );
}
