//! Numbers a user types: the parameters of the family commands and memory
//! budgets such as `512M`.

use super::text;
use arrows_core::plane::PlaneFamily;
use arrows_core::{GraphError, GraphSize, MAX_EDGES, MAX_VERTICES, Member, SpiderLayout, families};
use arrows_work::Budget;

/// Values at the edges of every limit, picked by the low five bits of a tag byte.
const EDGES_OF_LIMITS: [u64; 32] = [
    u64::MAX,
    u64::MAX - 1,
    u64::MAX / 2,
    u64::MAX / 2 + 1,
    u64::MAX / 3,
    1 << 63,
    1 << 62,
    1 << 32,
    (1 << 32) - 1,
    1 << 31,
    u32::MAX as u64 - 8,
    MAX_EDGES as u64 - 1,
    MAX_EDGES as u64,
    MAX_EDGES as u64 + 1,
    MAX_VERTICES as u64 - 1,
    MAX_VERTICES as u64,
    MAX_VERTICES as u64 + 1,
    (1 << 20) - 1,
    1 << 20,
    (1 << 20) + 1,
    1 << 10,
    1000,
    1001,
    999,
    100_000,
    65_536,
    4_294_967_296 / 3,
    1 << 40,
    1 << 50,
    3,
    2,
    1,
];

/// Reads numbers from bytes: a tag byte, then what it says. Tags below 128
/// are small numbers (0..32), then 2, 4 and 8 bytes little-endian, then a
/// value at the edge of a limit ([`EDGES_OF_LIMITS`]).
struct Numbers<'a> {
    bytes: &'a [u8],
}

impl Numbers<'_> {
    fn take(&mut self, n: usize) -> u64 {
        let (head, rest) = self.bytes.split_at(n.min(self.bytes.len()));
        self.bytes = rest;
        head.iter().rev().fold(0u64, |acc, &b| (acc << 8) | b as u64)
    }

    fn next(&mut self) -> Option<usize> {
        let (&tag, rest) = self.bytes.split_first()?;
        self.bytes = rest;
        let value = match tag >> 5 {
            0..=3 => (tag & 31) as u64,
            4 => self.take(2),
            5 => self.take(4),
            6 => self.take(8),
            _ => EDGES_OF_LIMITS[(tag & 31) as usize],
        };
        Some(value as usize)
    }

    fn number(&mut self) -> usize {
        self.next().unwrap_or(0)
    }

    fn list(&mut self) -> Vec<usize> {
        std::iter::from_fn(|| self.next()).collect()
    }
}

/// The budget a member is built within: members past it are refused from
/// their size alone, so the target never builds a large graph.
const BUILD_BUDGET: u64 = 4 << 20;

/// A family member: the size check refuses it, or the graph built within
/// the budget has exactly that size and no more memory than its estimate;
/// past the budget it is refused with the estimate, before allocating.
fn member(m: &Member) {
    let name = m.name();
    assert!(!name.is_empty());
    let budget = Budget::bytes(BUILD_BUDGET);
    match m.size() {
        Ok(size) => {
            assert!(size.within_limit(), "{name}: {size}");
            match m.graph_within(budget) {
                Ok(g) => {
                    assert_eq!(g.size(), size, "{name}");
                    assert!(g.heap_bytes() <= size.bytes(), "{name}: {} > {}", g.heap_bytes(), size.bytes());
                    assert_eq!(g.isolated_count(), 0, "{name}");
                }
                Err(GraphError::OverBudget { size: s, needed, budget: b }) => {
                    assert_eq!((s, needed, b), (size, size.bytes(), BUILD_BUDGET), "{name}");
                    assert!(needed > BUILD_BUDGET);
                }
                Err(e) => panic!("{name}: {e}"),
            }
        }
        Err(e) => {
            assert!(!e.to_string().is_empty());
            assert_eq!(m.graph_within(budget).err(), Some(GraphError::Family(e)), "{name}");
        }
    }
}

/// A spider's layout agrees with its member, and locates every edge.
fn spider_layout(legs: &[usize]) {
    let m = Member::Spider { legs: legs.to_vec() };
    match (SpiderLayout::new(legs), m.size()) {
        (Ok(layout), Ok(size)) => {
            assert_eq!(layout.size(), size);
            if size.bytes() <= BUILD_BUDGET {
                let g = layout.graph();
                assert_eq!(g.size(), size);
                for e in 0..g.edge_count() {
                    let (leg, i) = layout.locate(e);
                    assert_eq!(layout.edge(leg, i), e);
                    assert_eq!(g.ends(e), (layout.vertex(leg, i - 1), layout.vertex(leg, i)));
                }
            }
        }
        (Err(a), Err(b)) => assert_eq!(a, b),
        (a, b) => panic!("layout {a:?} but member {b:?}"),
    }
}

/// About how many edges a plane family member has (within a factor of 2).
fn rough_edges(f: PlaneFamily) -> u128 {
    match f {
        PlaneFamily::Cycle(n) => n as u128,
        PlaneFamily::Wheel(n) | PlaneFamily::Fan(n) => 2 * n as u128,
        PlaneFamily::Theta(a, b, c) => a as u128 + b as u128 + c as u128,
        PlaneFamily::Grid(m, n) => 2 * m as u128 * n as u128,
        PlaneFamily::Ladder(n) | PlaneFamily::Prism(n) => 3 * n as u128,
        _ => 6,
    }
}

/// The most edges (roughly) of a plane family member the target builds.
const PLANE_BUILT: u128 = 20_000;

/// A plane family: refused, or a plane graph whose drawing is plane and
/// traces back to its cells. Members of moderate size up to the limit
/// are skipped (building them is correct but slow, and would starve the
/// fuzzer); those far past the limit must be refused at once.
fn plane_family(f: PlaneFamily) {
    let shown = f.to_string();
    let rough = rough_edges(f);
    if rough > PLANE_BUILT && rough <= 4 * MAX_EDGES as u128 {
        return;
    }
    match f.build() {
        Ok(e) => {
            let cells = e.graph.cell_list();
            assert!(e.graph.size().within_limit(), "{shown}");
            if e.graph.edge_count() <= 2_000 {
                let traced = e.drawing.cells(&e.graph).unwrap_or_else(|err| panic!("{shown}: {err}"));
                assert_eq!(traced.len(), cells.len(), "{shown}");
            }
        }
        Err(err) => assert!(!err.to_string().is_empty()),
    }
}

/// The numbers of the family commands, fed to the constructors: the first
/// byte picks the family, the rest are its parameters.
pub fn family(data: &[u8]) {
    let Some((&pick, rest)) = data.split_first() else { return };
    let mut n = Numbers { bytes: rest };
    match pick % 16 {
        0 => {
            let edges = n.number();
            member(&Member::Path { edges });
            assert_eq!(families::path(edges).err(), Member::Path { edges }.size().err());
        }
        1 => member(&Member::Cycle { edges: n.number() }),
        2 => {
            let legs = n.list();
            member(&Member::Spider { legs: legs.clone() });
            spider_layout(&legs);
        }
        3 => member(&Member::Star { leaves: n.number() }),
        4 => member(&Member::Broom { handle: n.number(), bristles: n.number() }),
        5 => member(&Member::Caterpillar { leaves: n.list() }),
        6 => plane_family(PlaneFamily::Cycle(n.number())),
        7 => plane_family(PlaneFamily::Wheel(n.number())),
        8 => plane_family(PlaneFamily::Fan(n.number())),
        9 => plane_family(PlaneFamily::Theta(n.number(), n.number(), n.number())),
        10 => plane_family(PlaneFamily::Grid(n.number(), n.number())),
        11 => plane_family(PlaneFamily::Ladder(n.number())),
        12 => plane_family(PlaneFamily::Prism(n.number())),
        13 => plane_family(PlaneFamily::K4),
        _ => {
            // A size counted from numbers past every limit stays exact.
            let (v, e) = (n.number() as u128, n.number() as u128);
            let size = GraphSize::new(v, e);
            assert_eq!(size.within_limit(), v <= MAX_VERTICES as u128 && e <= MAX_EDGES as u128);
            assert!(!size.to_string().is_empty());
        }
    }
}

/// `Budget::parse`, the reader of `--max-memory`: an accepted size lies
/// between the smallest and largest budget and reads back from its bytes;
/// a refusal quotes the text given.
pub fn budget(data: &[u8]) {
    let t = text(data);
    match Budget::parse(&t) {
        Ok(b) => {
            assert!((1 << 20..=1 << 50).contains(&b.get()), "{t:?}: {b}");
            assert_eq!(Budget::parse(&b.get().to_string()), Ok(b));
            assert_eq!(Budget::parse(&format!("{}B", b.get())), Ok(b));
            assert!(b.check(b.get()).is_ok() && b.check(b.get() + 1).is_err());
        }
        Err(e) => assert!(e.to_string().contains(&format!("{t:?}")), "{e}"),
    }
}
