//! The memo on disk (`--memo`): what a second run saves, and what saving
//! and loading cost.
//!
//! `cargo bench --bench memo -- [EDGES] [LEGS]` (default 14 and 100): every
//! tree with EDGES edges (Trimmed Game of Arrows) on one engine, then
//! S(LEGS,LEGS,LEGS) on another; for each, the time to solve from nothing,
//! to save the memo, the file's size, the time to load it, and the time to
//! solve again from the loaded memo.

use arrows_core::{Decoration, Play, Position, Variant};
use arrows_solve::canonical::{CanonicalEngine, Grundy, RuleSet};
use arrows_work::{Budget, Control};
use std::time::Instant;

/// A computation on an engine, returning a checksum of what it found.
type Run<'a> = dyn Fn(&mut CanonicalEngine<Grundy>) -> u64 + 'a;

fn main() {
    let args: Vec<usize> = std::env::args().skip(1).filter_map(|a| a.parse().ok()).collect();
    let edges = args.first().copied().unwrap_or(14);
    let legs = args.get(1).copied().unwrap_or(100);
    let dir = tempfile::tempdir().expect("a temporary directory");
    let rules = RuleSet::of::<Grundy>(Variant::Trimmed, Play::Normal);
    let control = Control::new(Budget::bytes(u64::MAX));
    let trees = |engine: &mut CanonicalEngine<Grundy>| {
        let mut sum = 0u64;
        arrows_core::trees::for_each_tree(edges, |g| {
            let d = Decoration::empty(g.edge_count());
            sum += engine.state_value(Position::new(&g, Variant::Trimmed, &d), &control).expect("solved") as u64;
        });
        sum
    };
    let g = arrows_core::families::spider(&[legs; 3]).expect("a spider");
    let spider = |engine: &mut CanonicalEngine<Grundy>| {
        let d = Decoration::empty(g.edge_count());
        engine.follower_values(Position::trimmed(&g, &d), &control).expect("solved").len() as u64
    };
    let runs: [(String, &Run); 2] =
        [(format!("trees with {edges} edges"), &trees), (format!("S({legs},{legs},{legs})"), &spider)];
    for (name, run) in runs {
        let path = dir.path().join("bench.memo");
        let mut engine = CanonicalEngine::<Grundy>::new();
        let start = Instant::now();
        let first = run(&mut engine);
        let solve = start.elapsed();
        let start = Instant::now();
        let saved = engine.save(&path, rules).expect("saved");
        let save = start.elapsed();
        drop(engine);
        let mut loaded = CanonicalEngine::<Grundy>::new();
        let start = Instant::now();
        loaded.load(&path, rules, Budget::bytes(u64::MAX)).expect("loaded");
        let load = start.elapsed();
        let start = Instant::now();
        let second = run(&mut loaded);
        let again = start.elapsed();
        assert_eq!(first, second, "the loaded memo gives the same values");
        println!(
            "{name}: solve {:.3} s; save {:.3} s, {} entries, {} on disk ({:.1} bytes an entry), {} in memory; \
             load {:.3} s ({:.0} ns an entry); solve again {:.3} s ({} classes solved)",
            solve.as_secs_f64(),
            save.as_secs_f64(),
            arrows_text::thousands(saved.entries),
            arrows_text::bytes(saved.file_bytes),
            saved.file_bytes as f64 / saved.entries as f64,
            arrows_text::bytes(saved.memo_bytes),
            load.as_secs_f64(),
            load.as_nanos() as f64 / saved.entries as f64,
            again.as_secs_f64(),
            loaded.stats().spiders + loaded.stats().general,
        );
    }
}
