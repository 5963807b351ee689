//! The families a table sweeps, and the graphs each one enumerates.
//!
//! Every family lists its graphs in a fixed order, each with a [`Key`]: the
//! parameters that name it (leg lengths, leaf counts, ...) or its graph6
//! string. The order is the order of the rows of the table, and the row's
//! position in it is what a [`Shard`](crate::Shard) splits on.

use crate::plane::Plane;
use crate::span::Span;
use arrows_core::{Graph, families, formats, trees};
use arrows_work::{Cancel, Cancelled};
use std::fmt;
use std::ops::ControlFlow;

/// What names a row: the family's parameters, or the graph itself.
#[derive(Debug, Clone, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Key {
    /// One number per parameter column (leg lengths, handle and bristles, ...).
    Numbers(Vec<usize>),
    /// A list in a single column (the leaves at each spine vertex of a caterpillar).
    List(Vec<usize>),
    /// The graph6 string of the graph.
    Graph6(String),
}

impl fmt::Display for Key {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Key::Numbers(v) | Key::List(v) => {
                let parts: Vec<String> = v.iter().map(usize::to_string).collect();
                write!(f, "{}", parts.join(","))
            }
            Key::Graph6(s) => f.write_str(s),
        }
    }
}

/// A family of graphs and the ranges of its parameters.
#[derive(Debug, Clone, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
#[serde(rename_all = "lowercase", tag = "family")]
pub enum Spec {
    /// Spiders with one leg per range of `legs`, each leg's length in its
    /// range; one row per spider, its legs listed in non-decreasing order
    /// (a spider is the same graph whatever the order of its legs), the
    /// spider with every leg 0 left out.
    Spider {
        /// Range of each leg's length.
        legs: Vec<Span>,
    },
    /// Paths `P_n`, `n` edges.
    Path {
        /// Range of the number of edges.
        edges: Span,
    },
    /// Stars `K_{1,k}`.
    Star {
        /// Range of the number of leaves.
        leaves: Span,
    },
    /// Caterpillars whose spine is exactly their internal vertices: a spine
    /// of `s` vertices, each carrying a number of leaves, the two ends at
    /// least one (so every caterpillar appears once, up to reversal).
    Caterpillar {
        /// Range of the number of spine vertices.
        spine: Span,
        /// Range of the number of leaves at each spine vertex.
        leaves: Span,
    },
    /// Brooms: a handle path with bristles at its end.
    Broom {
        /// Range of the handle's number of edges.
        handle: Span,
        /// Range of the number of bristles.
        bristles: Span,
    },
    /// Every free tree with a number of edges in the range.
    Trees {
        /// Range of the number of edges.
        edges: Span,
    },
    /// Members of a plane family ([`Plane`]), each with its cycle cells.
    Plane {
        /// Which family.
        plane: Plane,
        /// The range of each parameter, one per key column.
        ranges: Vec<Span>,
    },
    /// Graphs read from an input, in its order.
    Graphs {
        /// How many graphs were read.
        count: usize,
        /// A fingerprint of their graph6 strings (a [`Checksum`](crate::checksum::Checksum)
        /// of one string per line), so shards of different inputs are never merged.
        fingerprint: String,
    },
}

/// Why a sweep description ([`Spec`]) names no family to sweep, or a key
/// names no graph. Where the trouble is a family's (no member at all, too
/// many), it is [`arrows_core::FamilyError`], wrapped.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum SpecError {
    /// A spider sweep with no leg at all.
    #[error("a spider needs at least one leg")]
    NoLegs,
    /// A range that must start at 1 starts at 0 (a path's edges, a star's
    /// leaves, a caterpillar's spine, a tree's edges).
    #[error("{family} needs at least one {unit}, but the range of {parameter} {range} starts at 0")]
    StartsAtZero {
        /// The family, with its article: `a path`.
        family: &'static str,
        /// The parameter, as the table's columns say it: `edges`.
        parameter: &'static str,
        /// What the parameter counts, singular: `edge`.
        unit: &'static str,
        /// The range given.
        range: Span,
    },
    /// A plane family's parameter range starts below the family's least value.
    #[error("in a sweep of {}, {parameter} is at least {least}, but the range {range} starts below it", plane.plural())]
    BelowLeast {
        /// The family.
        plane: Plane,
        /// The parameter, as the table's columns say it.
        parameter: &'static str,
        /// The least value.
        least: usize,
        /// The range given.
        range: Span,
    },
    /// A plane family given the wrong number of ranges.
    #[error("a sweep of {} takes {expected} ranges ({}), but {given} were given", plane.plural(), plane.columns().join(", "))]
    Ranges {
        /// The family.
        plane: Plane,
        /// How many it takes.
        expected: usize,
        /// How many were given.
        given: usize,
    },
    /// The ranges hold no graph of the family (every leg 0, no handle and no bristle, ...).
    #[error("the sweep holds no graph: {}", empty_reason(.spec))]
    Empty {
        /// The family and its ranges.
        spec: Spec,
    },
    /// The family has no member, or more than one table holds
    /// ([`MAX_ROWS`]).
    #[error(transparent)]
    Family(#[from] arrows_core::FamilyError),
    /// A family of input graphs was asked for without the graphs.
    #[error("a family of input graphs is made from the graphs themselves, not from its description")]
    GraphsNeedInput,
    /// The key does not name a graph of the family.
    #[error("the row {key} names no graph: {source}")]
    Graph {
        /// The row's key.
        key: Key,
        /// Why the graph cannot be built.
        source: Box<arrows_core::GraphError>,
    },
    /// A table's columns do not say which family it is of.
    #[error("the columns {} do not say which family the table is of", .columns.join(","))]
    UnknownColumns {
        /// The key columns.
        columns: Vec<String>,
    },
}

/// Why a family's ranges hold no graph.
fn empty_reason(spec: &Spec) -> String {
    match spec {
        Spec::Spider { legs } => {
            format!("every leg ranges over 0 only ({} legs), and a spider needs a leg of positive length", legs.len())
        }
        Spec::Broom { .. } => "the handle and the bristles both range over 0 only, \
                               and a broom needs a handle or a bristle"
            .into(),
        Spec::Caterpillar { .. } => {
            "the leaves range over 0 only, and a caterpillar needs leaves at both ends of its spine".into()
        }
        other => format!("{} holds no graph", other.describe()),
    }
}

/// The most rows a table may have before the sweep refuses (the rows
/// themselves, not the engine, would then be the memory problem).
pub const MAX_ROWS: u128 = 50_000_000;

/// A family ready to enumerate: its [`Spec`], and for [`Spec::Graphs`] the graphs.
#[derive(Debug, Clone)]
pub struct Family {
    spec: Spec,
    graphs: Vec<(String, Graph)>,
    /// The number of rows, once counted (counting trees enumerates them).
    rows: std::sync::OnceLock<usize>,
}

impl Family {
    /// A family of parameters; checks the ranges (not for [`Spec::Graphs`]: use [`Family::graphs`]).
    pub fn new(spec: Spec) -> Result<Family, SpecError> {
        let zero = |family, parameter, unit, range: &Span| {
            Err(SpecError::StartsAtZero { family, parameter, unit, range: *range })
        };
        match &spec {
            Spec::Spider { legs } if legs.is_empty() => return Err(SpecError::NoLegs),
            Spec::Spider { legs } if legs.iter().all(|l| l.hi == 0) => return Err(SpecError::Empty { spec }),
            Spec::Path { edges } if edges.lo == 0 => return zero("a path", "edges", "edge", edges),
            Spec::Star { leaves } if leaves.lo == 0 => return zero("a star", "leaves", "leaf", leaves),
            Spec::Caterpillar { spine, .. } if spine.lo == 0 => {
                return zero("a caterpillar", "spine", "spine vertex", spine);
            }
            Spec::Caterpillar { leaves, .. } if leaves.hi == 0 => return Err(SpecError::Empty { spec }),
            Spec::Broom { handle, bristles } if handle.hi + bristles.hi == 0 => {
                return Err(SpecError::Empty { spec });
            }
            Spec::Trees { edges } if edges.lo == 0 => return zero("a tree", "edges", "edge", edges),
            Spec::Graphs { .. } => return Err(SpecError::GraphsNeedInput),
            Spec::Plane { plane, ranges } => {
                let expected = plane.columns().len();
                if ranges.len() != expected {
                    return Err(SpecError::Ranges { plane: *plane, expected, given: ranges.len() });
                }
                if let Some((i, r)) = ranges.iter().enumerate().find(|(_, r)| r.lo < plane.least()) {
                    let (plane, least) = (*plane, plane.least());
                    return Err(SpecError::BelowLeast { plane, parameter: plane.columns()[i], least, range: *r });
                }
                if plane.count(ranges) == 0 {
                    return Err(SpecError::Empty { spec });
                }
            }
            _ => {}
        }
        let family = Family { spec, graphs: Vec::new(), rows: Default::default() };
        let rows = family.estimated_rows();
        if rows > MAX_ROWS {
            let family = family.spec.describe();
            return Err(arrows_core::FamilyError::TooManyMembers { family, count: rows, limit: MAX_ROWS }.into());
        }
        Ok(family)
    }

    /// The family of the given graphs, in order, each named by its graph6 string.
    pub fn graphs(graphs: Vec<Graph>) -> Result<Family, SpecError> {
        if graphs.is_empty() {
            return Err(arrows_core::FamilyError::NoMembers { family: "input graphs".into() }.into());
        }
        let named: Vec<(String, Graph)> = graphs.into_iter().map(|g| (formats::to_graph6(&g), g)).collect();
        let fingerprint = crate::checksum::of_lines(named.iter().map(|(s, _)| s.as_str())).to_string();
        let spec = Spec::Graphs { count: named.len(), fingerprint };
        Ok(Family { spec, graphs: named, rows: Default::default() })
    }

    /// The family's description.
    pub fn spec(&self) -> &Spec {
        &self.spec
    }

    /// An upper bound on the number of rows, computed without enumerating.
    fn estimated_rows(&self) -> u128 {
        match &self.spec {
            Spec::Spider { legs } => match uniform(legs) {
                Some(span) => multisets(span.len() as u128, legs.len() as u128),
                None => legs.iter().fold(1u128, |acc, l| acc.saturating_mul(l.len() as u128)),
            },
            Spec::Path { edges } => edges.len() as u128,
            Spec::Star { leaves } => leaves.len() as u128,
            Spec::Caterpillar { spine, leaves } => (leaves.len() as u128)
                .checked_pow(spine.hi as u32)
                .unwrap_or(u128::MAX)
                .saturating_mul(spine.len() as u128),
            Spec::Broom { handle, bristles } => handle.len() as u128 * bristles.len() as u128,
            // A000055: about 0.535 * 2.956^n / n^2.5 trees on n = m + 1
            // vertices, below 3^m / (m + 1)^2 + 1 for every m.
            Spec::Trees { edges } => edges.values().fold(0u128, |sum, m| {
                let bound = 3u128.checked_pow(m as u32).map_or(u128::MAX, |p| p / ((m as u128 + 1).pow(2)) + 1);
                sum.saturating_add(bound)
            }),
            Spec::Plane { ranges, .. } => ranges.iter().fold(1u128, |acc, r| acc.saturating_mul(r.len() as u128)),
            Spec::Graphs { count, .. } => *count as u128,
        }
    }

    /// Calls `each` on every graph of the family with its key, in table order.
    pub fn for_each(&self, mut each: impl FnMut(Key, Graph)) {
        let _ = self.try_for_each(&|| None, |k, g| {
            each(k, g);
            ControlFlow::<()>::Continue(())
        });
    }

    /// [`Family::for_each`], until `each` breaks or `stop` gives a value
    /// (asked between graphs, and between the rooted trees the trees are
    /// drawn from): a sweep stops the enumeration when it is cancelled.
    pub fn try_for_each<B>(
        &self,
        stop: &dyn Fn() -> Option<B>,
        mut each: impl FnMut(Key, Graph) -> ControlFlow<B>,
    ) -> ControlFlow<B> {
        match &self.spec {
            Spec::Spider { legs } => for_each_spider(legs, |v| {
                let g = families::spider(v).expect("a leg is positive");
                each(Key::Numbers(v.to_vec()), g)
            }),
            Spec::Path { edges } => {
                for n in edges.values() {
                    each(Key::Numbers(vec![n]), families::path(n).expect("n >= 1"))?;
                }
                ControlFlow::Continue(())
            }
            Spec::Star { leaves } => {
                for k in leaves.values() {
                    each(Key::Numbers(vec![k]), families::star(k).expect("k >= 1"))?;
                }
                ControlFlow::Continue(())
            }
            Spec::Caterpillar { spine, leaves } => {
                for s in spine.values() {
                    for_each_caterpillar(s, *leaves, |v| {
                        each(Key::List(v.to_vec()), families::caterpillar(v).expect("ends carry leaves"))
                    })?;
                }
                ControlFlow::Continue(())
            }
            Spec::Broom { handle, bristles } => {
                for h in handle.values() {
                    for b in bristles.values().filter(|&b| h + b > 0) {
                        each(Key::Numbers(vec![h, b]), families::broom(h, b).expect("h + b >= 1"))?;
                    }
                }
                ControlFlow::Continue(())
            }
            Spec::Trees { edges } => {
                for m in edges.values() {
                    trees::try_for_each_tree_until(m, stop, |g| each(Key::Graph6(formats::to_graph6(&g)), g))?;
                }
                ControlFlow::Continue(())
            }
            Spec::Plane { plane, ranges } => plane.try_for_each(ranges, each),
            Spec::Graphs { .. } => {
                for (s, g) in &self.graphs {
                    each(Key::Graph6(s.clone()), g.clone())?;
                }
                ControlFlow::Continue(())
            }
        }
    }

    /// The number of rows of the full table (enumerates the trees once for
    /// [`Spec::Trees`], and remembers the count).
    pub fn count(&self) -> usize {
        *self.rows.get_or_init(|| self.count_rows(&Cancel::new()).expect("never cancelled"))
    }

    /// [`Family::count`], stopped when `cancel` is set (counting the trees
    /// of twenty edges enumerates millions of rooted trees).
    pub fn count_within(&self, cancel: &Cancel) -> Result<usize, Cancelled> {
        if let Some(&n) = self.rows.get() {
            return Ok(n);
        }
        let n = self.count_rows(cancel)?;
        Ok(*self.rows.get_or_init(|| n))
    }

    fn count_rows(&self, cancel: &Cancel) -> Result<usize, Cancelled> {
        let mut n = 0usize;
        // The token is read at every row (one load; a tree of twenty edges
        // comes after some fifty rooted trees, each coded to be compared).
        let mut tick = || {
            n += 1;
            if cancel.is_cancelled() { ControlFlow::Break(()) } else { ControlFlow::Continue(()) }
        };
        let stop = || cancel.is_cancelled().then_some(());
        let flow = match &self.spec {
            Spec::Trees { edges } => {
                let mut flow = ControlFlow::Continue(());
                for m in edges.values() {
                    flow = trees::try_for_each_tree_until(m, &stop, |_| tick());
                    if flow.is_break() {
                        break;
                    }
                }
                flow
            }
            Spec::Spider { legs } => for_each_spider(legs, |_| tick()),
            Spec::Plane { plane, ranges } => plane.try_for_each_key(ranges, |_| tick()),
            _ => self.try_for_each_key(|_| tick()),
        };
        match flow {
            ControlFlow::Break(()) => Err(Cancelled),
            ControlFlow::Continue(()) => Ok(n),
        }
    }

    /// Calls `each` on every key, in table order, without building graphs
    /// (for [`Spec::Trees`] the trees are built to name them).
    pub fn for_each_key(&self, mut each: impl FnMut(Key)) {
        let _ = self.try_for_each_key(|k| {
            each(k);
            ControlFlow::<()>::Continue(())
        });
    }

    /// [`Family::for_each_key`], until `each` breaks.
    pub fn try_for_each_key<B>(&self, mut each: impl FnMut(Key) -> ControlFlow<B>) -> ControlFlow<B> {
        match &self.spec {
            Spec::Caterpillar { spine, leaves } => {
                for s in spine.values() {
                    for_each_caterpillar(s, *leaves, |v| each(Key::List(v.to_vec())))?;
                }
                ControlFlow::Continue(())
            }
            Spec::Broom { handle, bristles } => {
                for h in handle.values() {
                    for b in bristles.values().filter(|&b| h + b > 0) {
                        each(Key::Numbers(vec![h, b]))?;
                    }
                }
                ControlFlow::Continue(())
            }
            Spec::Plane { plane, ranges } => plane.try_for_each_key(ranges, |v| each(Key::Numbers(v.to_vec()))),
            _ => self.try_for_each(&|| None, |k, _| each(k)),
        }
    }

    /// A graph whose solution fills the memo with classes most rows
    /// reuse, with its key: the largest member, for families where each
    /// graph's classes are among the largest one's (spiders, paths, brooms).
    pub fn seed(&self) -> Option<(Key, Graph)> {
        let (key, graph) = match &self.spec {
            Spec::Spider { legs } => {
                let top: Vec<usize> = legs.iter().map(|l| l.hi).collect();
                let mut key = top.clone();
                key.sort_unstable();
                (Key::Numbers(key), families::spider(&top))
            }
            Spec::Path { edges } => (Key::Numbers(vec![edges.hi]), families::path(edges.hi)),
            Spec::Broom { handle, bristles } => {
                (Key::Numbers(vec![handle.hi, bristles.hi]), families::broom(handle.hi, bristles.hi))
            }
            _ => return None,
        };
        graph.ok().map(|g| (key, g))
    }

    /// The names of the key columns (the `grundy` column follows them).
    pub fn columns(&self) -> Vec<String> {
        self.spec.columns()
    }
}

/// The graph a key names in a table of the given columns: a spider for
/// leg columns, a caterpillar for `leaves`, the graph of a graph6 string;
/// for other numeric keys the family must be known (`spec`).
pub fn graph_of(key: &Key, columns: &[String], spec: Option<&Spec>) -> Result<Graph, SpecError> {
    let fail = |e: arrows_core::GraphError| SpecError::Graph { key: key.clone(), source: Box::new(e) };
    let fam = |e: arrows_core::FamilyError| fail(arrows_core::GraphError::Family(e));
    match (key, spec) {
        (Key::Graph6(s), _) => formats::parse_graph_line(s).map_err(fail),
        (Key::List(v), _) => families::caterpillar(v).map_err(fam),
        (Key::Numbers(v), Some(Spec::Path { .. })) => families::path(v[0]).map_err(fam),
        (Key::Numbers(v), Some(Spec::Star { .. })) => families::star(v[0]).map_err(fam),
        (Key::Numbers(v), Some(Spec::Broom { .. })) => families::broom(v[0], v[1]).map_err(fam),
        (Key::Numbers(v), Some(Spec::Plane { plane, .. })) => plane.graph(v).map_err(fam),
        (Key::Numbers(v), None) if Plane::of_columns(columns).is_some() => {
            Plane::of_columns(columns).expect("checked").graph(v).map_err(fam)
        }
        (Key::Numbers(v), _) if crate::table::is_leg_columns(columns) => families::spider(v).map_err(fam),
        (Key::Numbers(_), _) => Err(SpecError::UnknownColumns { columns: columns.to_vec() }),
    }
}

impl Spec {
    /// The names of the key columns.
    pub fn columns(&self) -> Vec<String> {
        let names: &[&str] = match self {
            Spec::Spider { legs } if legs.len() == 3 => &["a", "b", "c"],
            Spec::Spider { legs } => return (1..=legs.len()).map(|i| format!("l{i}")).collect(),
            Spec::Path { .. } => &["n"],
            Spec::Star { .. } => &["k"],
            Spec::Caterpillar { .. } => &["leaves"],
            Spec::Broom { .. } => &["handle", "bristles"],
            Spec::Trees { .. } | Spec::Graphs { .. } => &["graph6"],
            Spec::Plane { plane, .. } => plane.columns(),
        };
        names.iter().map(|s| s.to_string()).collect()
    }

    /// The name of the graph a key of this family names: `S(2,5,9)`,
    /// `P_7`, `K_1,4`, `broom(3,2)`, `caterpillar(2,0,3)`, or the graph6 string.
    pub fn name(&self, key: &Key) -> String {
        let list = |v: &[usize]| v.iter().map(usize::to_string).collect::<Vec<_>>().join(",");
        match (self, key) {
            (Spec::Path { .. }, Key::Numbers(v)) => format!("P_{}", list(v)),
            (Spec::Star { .. }, Key::Numbers(v)) => format!("K_1,{}", list(v)),
            (Spec::Broom { .. }, Key::Numbers(v)) => format!("broom({})", list(v)),
            (Spec::Plane { plane, .. }, Key::Numbers(v)) if v.len() == plane.columns().len() => plane.name(v),
            (_, Key::Numbers(v)) => format!("S({})", list(v)),
            (_, Key::List(v)) => format!("caterpillar({})", list(v)),
            (_, Key::Graph6(s)) => s.clone(),
        }
    }

    /// A phrase naming the graphs, e.g. `spiders S(a,b,c), legs 0..40`.
    pub fn describe(&self) -> String {
        match self {
            Spec::Spider { legs } => {
                let which = if legs.len() == 3 {
                    "3-legged spiders S(a,b,c)".to_string()
                } else {
                    format!("{}-legged spiders", legs.len())
                };
                match uniform(legs) {
                    Some(span) => format!("{which}, legs {span}"),
                    None => format!("{which}, legs {}", join_spans(legs)),
                }
            }
            Spec::Path { edges } => format!("paths P_n, n = {edges}"),
            Spec::Star { leaves } => format!("stars K_1,k, k = {leaves}"),
            Spec::Caterpillar { spine, leaves } => {
                format!("caterpillars, spine {spine} vertices, {leaves} leaves at each")
            }
            Spec::Broom { handle, bristles } => format!("brooms, handle {handle}, bristles {bristles}"),
            Spec::Trees { edges } => format!("all trees with {edges} edges"),
            Spec::Plane { plane, ranges } => plane.describe(ranges),
            Spec::Graphs { count, .. } => format!("{count} input graphs"),
        }
    }

    /// Whether permuting the key columns gives the same graph (spider legs).
    pub fn symmetric(&self) -> bool {
        matches!(self, Spec::Spider { .. })
    }

    /// The values each numeric key column ranges over (`None` for list and graph keys).
    pub fn column_ranges(&self) -> Option<Vec<Span>> {
        Some(match self {
            Spec::Spider { legs } => legs.clone(),
            Spec::Path { edges } => vec![*edges],
            Spec::Star { leaves } => vec![*leaves],
            Spec::Broom { handle, bristles } => vec![*handle, *bristles],
            Spec::Plane { ranges, .. } => ranges.clone(),
            _ => return None,
        })
    }
}

/// The common range when every leg has the same one.
pub fn uniform(legs: &[Span]) -> Option<Span> {
    legs.iter().all(|l| *l == legs[0]).then(|| legs[0])
}

/// The ranges of the legs, comma separated.
pub fn join_spans(legs: &[Span]) -> String {
    legs.iter().map(Span::to_string).collect::<Vec<_>>().join(",")
}

/// Every spider of a sweep, legs sorted, each once, in lexicographic order, until `each` breaks.
fn for_each_spider<B>(legs: &[Span], mut each: impl FnMut(&[usize]) -> ControlFlow<B>) -> ControlFlow<B> {
    let real = |v: &[usize]| v.iter().any(|&l| l > 0);
    match uniform(legs) {
        Some(span) => {
            for_each_multiset(span, legs.len(), |v| if real(v) { each(v) } else { ControlFlow::Continue(()) })
        }
        None => {
            // Different ranges per leg: sort every tuple of the product, keep each multiset once.
            let mut seen = std::collections::BTreeSet::new();
            let mut v: Vec<usize> = legs.iter().map(|l| l.lo).collect();
            loop {
                let mut sorted = v.clone();
                sorted.sort_unstable();
                if real(&sorted) {
                    seen.insert(sorted);
                }
                let Some(i) = (0..v.len()).rev().find(|&i| v[i] < legs[i].hi) else { break };
                v[i] += 1;
                for j in i + 1..v.len() {
                    v[j] = legs[j].lo;
                }
            }
            for v in &seen {
                each(v)?;
            }
            ControlFlow::Continue(())
        }
    }
}

/// The number of multisets of size `k` from `n` values, capped to stay finite.
fn multisets(n: u128, k: u128) -> u128 {
    // C(n + k - 1, k), computed incrementally: each partial product is a binomial.
    let mut c: u128 = 1;
    for i in 0..k {
        c = match c.checked_mul(n + i) {
            Some(x) => x / (i + 1),
            None => return u128::MAX,
        };
    }
    c
}

/// Every non-decreasing `k`-tuple of values of `span`, in lexicographic order, until `each` breaks.
fn for_each_multiset<B>(span: Span, k: usize, mut each: impl FnMut(&[usize]) -> ControlFlow<B>) -> ControlFlow<B> {
    let mut v = vec![span.lo; k];
    loop {
        each(&v)?;
        // The last position that can still grow; every later one restarts at its value.
        let Some(i) = (0..k).rev().find(|&i| v[i] < span.hi) else { return ControlFlow::Continue(()) };
        let x = v[i] + 1;
        v[i..].iter_mut().for_each(|l| *l = x);
    }
}

/// Every leaf vector of a caterpillar with `s` spine vertices, leaves in
/// `span`, both ends at least 1, and not larger than its reverse.
fn for_each_caterpillar<B>(s: usize, span: Span, mut each: impl FnMut(&[usize]) -> ControlFlow<B>) -> ControlFlow<B> {
    let lo_end = span.lo.max(1);
    if lo_end > span.hi {
        return ControlFlow::Continue(());
    }
    let mut v = vec![span.lo; s];
    v[0] = lo_end;
    v[s - 1] = lo_end;
    loop {
        let rev: Vec<usize> = v.iter().rev().copied().collect();
        if v <= rev {
            each(&v)?;
        }
        // Odometer over the vector, last position fastest.
        let mut i = s;
        loop {
            if i == 0 {
                return ControlFlow::Continue(());
            }
            i -= 1;
            let floor = if i == 0 || i == s - 1 { lo_end } else { span.lo };
            if v[i] < span.hi {
                v[i] += 1;
                break;
            }
            v[i] = floor;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_tree_estimate_bounds_the_count_and_lets_20_edges_through() {
        for m in 1..=13 {
            let family = Family::new(Spec::Trees { edges: Span::new(m, m).unwrap() }).unwrap();
            assert!(family.count() as u128 <= family.estimated_rows(), "{m} edges");
        }
        let all = Family::new(Spec::Trees { edges: Span::new(1, 13).unwrap() }).unwrap();
        assert!(all.count() as u128 <= all.estimated_rows());
        // 2,144,505 trees with 20 edges (OEIS A000055): one sweep may hold them.
        let twenty = Family::new(Spec::Trees { edges: Span::new(20, 20).unwrap() }).unwrap();
        assert!((2_144_505..=MAX_ROWS).contains(&twenty.estimated_rows()));
    }
}
