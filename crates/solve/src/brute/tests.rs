use super::*;
use arrows_core::Variant;
use arrows_core::families::path;
use arrows_work::Budget;

fn control() -> Control {
    Control::new(Budget::bytes(1 << 30))
}

/// The Grundy value straight from Definition 4.1, over the core's own
/// follower rule: an independent second computation.
fn naive(g: &Graph, v: Variant, d: &Decoration) -> u32 {
    let vals: Vec<u32> = v.followers(g, d).iter().map(|f| naive(g, v, f)).collect();
    (0..).find(|x| !vals.contains(x)).unwrap()
}

#[test]
fn agrees_with_the_definition_on_small_graphs() {
    let graphs = [
        path(4).unwrap(),
        arrows_core::families::spider(&[2, 2, 1]).unwrap(),
        arrows_core::families::cycle(4).unwrap(),
        Graph::from_edges(&[(0, 1), (1, 2), (2, 0), (2, 3), (3, 4)]).unwrap(),
    ];
    for g in &graphs {
        for v in [Variant::Trimmed, Variant::Untrimmed] {
            let empty = Decoration::empty(g.edge_count());
            let mut b = BruteForce::new(Position::new(g, v, &empty), &control()).unwrap();
            assert_eq!(b.start_grundy().unwrap(), naive(g, v, &empty), "{g:?} {v}");
            for f in v.followers(g, &empty) {
                assert_eq!(b.grundy(&f).unwrap(), naive(g, v, &f), "{g:?} {v} {f:?}");
            }
        }
    }
}

#[test]
fn starts_from_a_marked_state() {
    let g = path(5).unwrap();
    let d = Decoration::parse(&g, "1>2").unwrap();
    let mut b = BruteForce::new(Position::trimmed(&g, &d), &control()).unwrap();
    assert_eq!(b.start_grundy().unwrap(), naive(&g, Variant::Trimmed, &d));
}

#[test]
fn refuses_what_it_cannot_hold() {
    let g = path(30).unwrap();
    let e = Decoration::empty(30);
    let err = BruteForce::new(Position::trimmed(&g, &e), &control()).err().unwrap();
    assert_eq!(err, SolveError::TooLarge { engine: Engine::Brute, unmarked_edges: 30, limit: MAX_UNMARKED });
    // Refused up front: the estimate of 20 edges' states is past 1 MiB.
    let g = path(20).unwrap();
    let empty = Decoration::empty(20);
    let small = Control::new(Budget::bytes(1 << 20));
    let err = BruteForce::new(Position::trimmed(&g, &empty), &small).err().unwrap();
    assert!(matches!(err, SolveError::MemoryBudget { engine: Engine::Brute, budget, .. } if budget == 1 << 20));
    // Stopped while growing, when the estimate let it start.
    let free: Vec<EdgeId> = empty.unmarked_edges().collect();
    let mut b = BruteForce::prepare(Position::trimmed(&g, &empty), free, &Control::new(Budget::bytes(4096)), false);
    assert!(matches!(b.start_grundy(), Err(SolveError::OutOfBudget { engine: Engine::Brute, .. })));
    let bad = Decoration::parse(&g, "0>1,2>1").unwrap();
    assert!(matches!(BruteForce::new(Position::trimmed(&g, &bad), &control()), Err(SolveError::NotAState(_))));
}

#[test]
fn terminal_parities_of_a_flow() {
    // F_1 on the path 0..3 with 0>1 and 2>3: its one unmarked edge can be
    // marked 1>2 only, so every terminal descendant is one move away.
    let g = path(3).unwrap();
    let d = Decoration::parse(&g, "0>1,2>3").unwrap();
    let mut b = BruteForce::new(Position::trimmed(&g, &d), &control()).unwrap();
    assert_eq!(b.parities(&d).unwrap().moves_parity(), Some(1));
    assert_eq!(b.parities(&d).unwrap().moves_parity(), Some(naive(&g, Variant::Trimmed, &d)));
}

/// Every stored state and its value, sorted.
fn solved(b: &BruteForce<'_>) -> Vec<(String, u32)> {
    let mut out = Vec::new();
    b.for_each_solved(|d, v| out.push((format!("{d:?}"), v)));
    out.sort();
    out
}

#[test]
fn both_memo_layouts_and_shared_workers_store_the_same_values() {
    let graphs = [
        arrows_core::families::spider(&[3, 3, 4]).unwrap(),
        arrows_core::families::cycle(7).unwrap(),
        Graph::from_edges(&[(0, 1), (1, 2), (2, 0), (2, 3), (3, 4), (4, 5), (5, 3), (1, 6), (6, 7)]).unwrap(),
    ];
    let pool = rayon::ThreadPoolBuilder::new().num_threads(3).build().unwrap();
    for g in &graphs {
        for v in [Variant::Trimmed, Variant::Untrimmed] {
            let empty = Decoration::empty(g.edge_count());
            let p = Position::new(g, v, &empty);
            let free: Vec<EdgeId> = empty.unmarked_edges().collect();
            let mut hashed = BruteForce::prepare(p, free.clone(), &control(), false);
            let mut direct = BruteForce::prepare(p, free.clone(), &control(), true);
            let mut shared = BruteForce::prepare(p, free, &control(), true);
            assert!(!hashed.is_direct() && direct.is_direct());
            let want = hashed.start_grundy().unwrap();
            assert_eq!(direct.start_grundy().unwrap(), want, "{g:?} {v}");
            pool.install(|| shared.solve_followers_together()).unwrap();
            assert_eq!(shared.start_grundy().unwrap(), want, "{g:?} {v}");
            let all = solved(&hashed);
            assert!(all.len() > 100, "{g:?} {v}: {} states", all.len());
            assert_eq!(solved(&direct), all, "{g:?} {v}");
            assert_eq!(solved(&shared), all, "{g:?} {v}");
            assert_eq!((direct.explored(), shared.explored()), (all.len(), all.len()), "{g:?} {v}");
            assert_eq!(hashed.winning_moves().unwrap(), direct.winning_moves().unwrap(), "{g:?} {v}");
        }
    }
}

#[test]
fn base_three_indices_round_trip() {
    let g = path(9).unwrap();
    let empty = Decoration::empty(9);
    let b = BruteForce::new(Position::trimmed(&g, &empty), &control()).unwrap();
    for idx in [0, 1, 2, 3, 4, 5, 3u64.pow(9) - 1, 12_345] {
        let (m, f) = b.rules.masks(idx);
        assert_eq!(b.rules.index(m, f), idx);
        assert_eq!(f & !m, 0, "forward edges are marked");
    }
}
