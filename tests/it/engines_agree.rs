//! The brute-force and canonical engines agree (issue: canonical engine).
//!
//! Two independent computations of the same Grundy values: the brute-force
//! engine recurses over bitmask decorations; the canonical engine splits
//! states into components and memoizes canonical classes. A disagreement
//! names the graph, the rule set and the state.

use crate::support::*;
use arrows_core::{Decoration, Graph, Position, Variant, trees::trees};
use arrows_solve::canonical::{CanonicalEngine, Grundy};
use arrows_solve::{BruteForce, Engine, analyze};
use proptest::prelude::*;

/// Checks every descendant of `start` (the start included): the canonical
/// value equals the brute-force value. Returns the number of states checked.
fn check_all_reachable(g: &Graph, v: Variant, start: &Decoration, canon: &mut CanonicalEngine<Grundy>) -> usize {
    let control = control();
    let mut brute = BruteForce::new(Position::new(g, v, start), &control).expect("small enough for brute force");
    brute.start_grundy().expect("within budget");
    let mut count = 0;
    brute.for_each_solved(|d, want| {
        let got = canon.state_value(Position::new(g, v, d), &control).expect("a state");
        assert_eq!(
            got,
            want,
            "{v} game on {} from the state \"{}\": canonical engine {got}, brute force {want}",
            g.edge_list(),
            d.display(g)
        );
        count += 1;
    });
    count
}

/// Every reachable state of every spider in `legs`, under the given rule
/// sets; returns (games, states) checked.
fn check_spiders(legs: impl Iterator<Item = Vec<usize>> + Clone, variants: &[Variant]) -> (usize, usize) {
    let (mut games, mut states) = (0, 0);
    for &v in variants {
        // One memo per rule set, shared across all spiders: sharing is what
        // the engine does in practice, and a wrong class would show up in
        // a later spider.
        let mut canon = CanonicalEngine::<Grundy>::new();
        for legs in legs.clone() {
            let g = spider(&legs);
            states += check_all_reachable(&g, v, &Decoration::empty(g.edge_count()), &mut canon);
            games += 1;
        }
    }
    (games, states)
}

// The largest suites are split in two (by rule set, or by the parity of
// a spider's place in the list) so that the test threads finish together.

fn three_legged_spiders(half: usize) -> (usize, usize) {
    let legs = spider_legs(14, 3).into_iter().filter(|l| l.len() == 3);
    check_spiders(legs.skip(half).step_by(2), &VARIANTS)
}

#[test]
fn every_reachable_state_of_every_3_legged_spider_with_at_most_14_edges_first_half() {
    let (games, states) = three_legged_spiders(0);
    // 83 multisets of three positive legs with sum at most 14, two rule sets.
    assert_eq!(spider_legs(14, 3).iter().filter(|l| l.len() == 3).count(), 83);
    assert_eq!(games, 2 * 42, "{games}");
    // With the second half's, more than the 10 million states of both.
    assert!(states > 5_000_000, "{states}");
}

#[test]
fn every_reachable_state_of_every_3_legged_spider_with_at_most_14_edges_second_half() {
    let (games, states) = three_legged_spiders(1);
    assert_eq!(games, 2 * 41, "{games}");
    assert!(states > 5_200_000, "{states}");
}

/// The Game of Arrows on every spider with four or more legs and at most 14
/// edges (its dead leaf edges keep the state spaces small).
#[test]
fn every_reachable_state_of_every_untrimmed_spider_with_4_or_more_legs_and_at_most_14_edges() {
    let (games, states) = check_spiders(spider_legs(14, 4).into_iter(), &[Variant::Untrimmed]);
    assert_eq!(games, 361, "{games}");
    assert!(states > 600_000, "{states}");
}

/// The Trimmed Game of Arrows on every spider with four or more legs and at
/// most 12 edges. The stars among them have up to 3^12 reachable states; at
/// 13 and 14 edges the trimmed family has 139 million, past what a test
/// should take (the untrimmed test above covers those graphs).
fn trimmed_spiders_with_4_or_more_legs(half: usize) -> (usize, usize) {
    check_spiders(spider_legs(12, 4).into_iter().skip(half).step_by(2), &[Variant::Trimmed])
}

#[test]
fn every_reachable_state_of_every_trimmed_spider_with_4_or_more_legs_and_at_most_12_edges_first_half() {
    let (games, states) = trimmed_spiders_with_4_or_more_legs(0);
    // 170 multisets of four or more positive legs with sum at most 12.
    assert_eq!(spider_legs(12, 4).len(), 170);
    assert_eq!(games, 85, "{games}");
    // With the second half's, more than the 11 million states of both.
    assert!(states > 6_000_000, "{states}");
}

#[test]
fn every_reachable_state_of_every_trimmed_spider_with_4_or_more_legs_and_at_most_12_edges_second_half() {
    let (games, states) = trimmed_spiders_with_4_or_more_legs(1);
    assert_eq!(games, 85, "{games}");
    assert!(states > 5_700_000, "{states}");
}

/// A memo bounded far below what the games need evicts, and every value
/// still agrees with brute force: eviction changes the work, not a value.
#[test]
fn every_reachable_state_with_a_memo_that_evicts() {
    let mut checked = 0;
    for v in VARIANTS {
        let mut canon = CanonicalEngine::<Grundy>::new().with_memo_bound(4 << 10);
        for legs in [vec![3, 4, 5], vec![2, 2, 3, 4], vec![1, 6, 6]] {
            let g = spider(&legs);
            let empty = Decoration::empty(g.edge_count());
            let mut brute =
                BruteForce::new(Position::new(&g, v, &empty), &control()).expect("small enough for brute force");
            brute.start_grundy().expect("within budget");
            brute.for_each_solved(|d, want| {
                let got = canon.state_value(Position::new(&g, v, d), &control()).expect("a state");
                assert_eq!(got, want, "{v} game on {legs:?} from \"{}\"", d.display(&g));
                checked += 1;
            });
        }
        for g in trees(11).into_iter().step_by(7) {
            let empty = Decoration::empty(11);
            let p = Position::new(&g, v, &empty);
            let want = BruteForce::new(p, &control()).unwrap().start_grundy().unwrap();
            assert_eq!(canon.state_value(p, &control()).unwrap(), want, "{v} game on the tree {}", g.edge_list());
        }
        let figures = canon.memo_figures();
        assert!(figures.evicted > 0, "{figures:?}");
        canon.validate().unwrap();
    }
    assert!(checked > 10_000, "{checked}");
}

#[test]
fn empty_state_of_every_tree_with_at_most_12_edges_trimmed() {
    empty_state_of_every_tree_with_at_most_12_edges(Variant::Trimmed);
}

#[test]
fn empty_state_of_every_tree_with_at_most_12_edges_untrimmed() {
    empty_state_of_every_tree_with_at_most_12_edges(Variant::Untrimmed);
}

fn empty_state_of_every_tree_with_at_most_12_edges(v: Variant) {
    {
        let mut canon = CanonicalEngine::<Grundy>::new();
        for m in 1..=12 {
            for g in trees(m) {
                let empty = Decoration::empty(m);
                let p = Position::new(&g, v, &empty);
                let want = BruteForce::new(p, &control()).unwrap().start_grundy().unwrap();
                let got = canon.state_value(p, &control()).unwrap();
                assert_eq!(got, want, "{v} game on the tree {}: canonical {got}, brute force {want}", g.edge_list());
            }
        }
    }
}

#[test]
fn every_reachable_state_of_random_graphs_with_cycles() {
    let mut rng = crate::support::Rng::new(0xA770_0005);
    let mut checked = 0;
    for v in VARIANTS {
        let mut canon = CanonicalEngine::<Grundy>::new();
        for _ in 0..60 {
            let n = 3 + rng.below(8);
            let max_m = (n * (n - 1) / 2).min(12);
            if max_m < n {
                continue;
            }
            let m = n + rng.below(max_m - n + 1);
            let g = random_connected(&mut rng, n, m);
            assert!(!g.is_forest());
            checked += check_all_reachable(&g, v, &Decoration::empty(m), &mut canon);
        }
    }
    assert!(checked > 10_000, "{checked}");
}

#[test]
fn winning_moves_agree_on_the_main_example_and_its_neighbours() {
    for legs in [[4, 6, 8], [3, 5, 6], [3, 3, 3], [2, 5, 7]] {
        let g = spider(&legs);
        for v in VARIANTS {
            let empty = Decoration::empty(g.edge_count());
            let p = Position::new(&g, v, &empty);
            let a = analyze(p, Engine::Brute, &control()).unwrap();
            let b = analyze(p, Engine::Canonical, &control()).unwrap();
            assert_eq!(
                (a.grundy, &a.winning_moves, a.move_count),
                (b.grundy, &b.winning_moves, b.move_count),
                "{legs:?} {v}"
            );
        }
    }
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 200, ..ProptestConfig::default() })]

    /// Random graphs (forests or not, connected or not) and random states.
    #[test]
    fn random_graphs_and_states(seed in any::<u64>(), n in 2usize..9, extra in 0usize..5, trimmed in any::<bool>()) {
        let mut rng = crate::support::Rng::new(seed);
        let m = (n - 1 + extra).min(n * (n - 1) / 2);
        let g = random_connected(&mut rng, n, m);
        let v = if trimmed { Variant::Trimmed } else { Variant::Untrimmed };
        let d = random_state(&mut rng, &g, v, &Decoration::empty(m));
        let p = Position::new(&g, v, &d);
        let want = BruteForce::new(p, &control()).unwrap().start_grundy().unwrap();
        let got = CanonicalEngine::<Grundy>::new().state_value(p, &control()).unwrap();
        prop_assert_eq!(got, want, "{} game on {} from \"{}\"", v, g.edge_list(), d.display(&g));
    }
}

/// Paths and cycles, where the canonical engine reads path pieces from the
/// closed forms of Section 5 and keys cycles by their least rotation: the
/// value, every move and the winning moves against brute force, and every
/// reachable state of the smaller ones.
#[test]
fn paths_and_cycles_with_closed_forms_and_cycle_keys() {
    for v in VARIANTS {
        let mut canon = CanonicalEngine::<Grundy>::new();
        for n in 1..=14usize {
            let mut graphs = vec![arrows_core::families::path(n).unwrap()];
            if n >= 3 {
                graphs.push(arrows_core::families::cycle(n).unwrap());
            }
            for g in graphs {
                let empty = Decoration::empty(g.edge_count());
                let p = Position::new(&g, v, &empty);
                let a = analyze(p, Engine::Brute, &control()).unwrap();
                let b = analyze(p, Engine::Canonical, &control()).unwrap();
                assert_eq!(
                    (a.grundy, &a.winning_moves, a.move_count),
                    (b.grundy, &b.winning_moves, b.move_count),
                    "{v} on {}",
                    g.edge_list()
                );
                if n <= 9 {
                    check_all_reachable(&g, v, &empty, &mut canon);
                }
            }
        }
    }
}

/// The number of threads changes no value: analyses whose followers are
/// solved by one, two or three threads on one memo give brute force's
/// value, winning moves and move count, on spiders, trees, graphs with
/// cycles and plane boards (the Game of Cycles), from the empty state and
/// from random states.
#[test]
fn the_thread_count_changes_no_value() {
    use arrows_core::plane::PlaneFamily;
    let mut rng = crate::support::Rng::new(0xA770_0029);
    let mut games: Vec<(Graph, Variant)> = Vec::new();
    for legs in [vec![3, 4, 6], vec![3, 3, 3, 3], vec![2, 5, 4, 1]] {
        for v in VARIANTS {
            games.push((spider(&legs), v));
        }
    }
    for _ in 0..6 {
        games.push((random_connected(&mut rng, 9, 13), Variant::Untrimmed));
        games.push((random_connected(&mut rng, 12, 14), Variant::Trimmed));
    }
    for f in [PlaneFamily::Wheel(5), PlaneFamily::Grid(2, 4), PlaneFamily::Ladder(4), PlaneFamily::Theta(3, 4, 5)] {
        games.push((f.build().expect("a family member").graph, Variant::Cycles));
    }
    for (g, v) in &games {
        let empty = Decoration::empty(g.edge_count());
        let states = [empty.clone(), random_state(&mut rng, g, *v, &empty), random_state(&mut rng, g, *v, &empty)];
        for d in &states {
            let p = Position::new(g, *v, d);
            let want = analyze(p, Engine::Brute, &control()).unwrap();
            for threads in [1, 2, 3] {
                let pool = rayon::ThreadPoolBuilder::new().num_threads(threads).build().unwrap();
                let got = pool.install(|| analyze(p, Engine::Canonical, &control())).unwrap();
                assert_eq!(
                    (got.grundy, &got.winning_moves, got.move_count),
                    (want.grundy, &want.winning_moves, want.move_count),
                    "{v} game on {} from \"{}\", {threads} threads",
                    g.edge_list(),
                    d.display(g)
                );
            }
        }
    }
}
