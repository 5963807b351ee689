//! Families with one growing leg, and the system of sequences each one is.
//!
//! * `spider a b ... n`: the spider with fixed legs `a, b, ...` and one leg
//!   of `n` edges; a leg may carry the paper's accents (`2^`: two unmarked
//!   edges, then a leaf edge marked away from the hub; `2_v`: marked toward
//!   it), the growing leg too (`n^`, `n_v`), in the Trimmed Game of Arrows;
//! * `broom n k`: the broom whose handle of `n` edges grows, with `k` bristles;
//! * `caterpillar 2,0,3,n`: the caterpillar whose spine carries 2, 0, 3
//!   leaves and goes on in a path of `n` edges (`n,2,0,3` grows at the front);
//! * `path n`: the path `P_n`;
//! * `flow n`, `crash n`, `twig n`, `rod n`: the labelled paths of Section 5.
//!
//! [`Family::build`] turns a family into a [`Built`] system: the states of
//! its fixed part ([`crate::fixed`]) times the labels of the leg's far end,
//! each a sequence indexed by the leg's length `m`, with the options of
//! [`crate::system`]:
//!
//! * a move in the fixed part: `c ⊕ x[σ', e](m)`, `c` the value of what it
//!   splits off; or, when it frees `v` or leaves it no edge of `H`, `c ⊕`
//!   the leg's own closed form;
//! * marking the leg's first edge: `c ⊕ P(m - 1)`, `c` the fixed part's
//!   value once `v` has its arrow, `P` the outer path's closed form;
//! * marking edge `p >= 2` of the leg: `x[σ, In](p - 1) ⊕ P[Out, e](m - p)`
//!   (away from `v`) or `x[σ, Out](p - 1) ⊕ P[In, e](m - p)` (toward it):
//!   two split templates.
//!
//! Reversing every arrow maps `x[σ, e]` onto `x[flip σ, flip e]` (`In` and
//! `Out` swapped everywhere), value for value, so one state per flip class
//! is kept and a move that lands on a flipped state reads the flipped end.
//!
//! In the Game of Arrows the leg's leaf needs both arrows, so its edge is
//! dead and the vertex before it is free: the member with `n` edges is the
//! system's term at `m = n - 1` with a free end.

use crate::error::FamilyError;
use crate::fixed::{Fixed, Piece, Solver};
use crate::given::Given;
use crate::paths::path_system;
use crate::system::{ABSENT, Operand, Sequence, System, Template, Value, Values};
use arrows_core::{Decoration, Graph, Variant, families};
use arrows_solve::canonical::{Need, PathFamily};
use hashbrown::HashMap;

/// How a leg ends: a leaf, or the paper's accents.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Accent {
    /// An unmarked leaf edge ends the leg (`2`).
    Leaf,
    /// After the unmarked edges, a leaf edge marked away from the hub (`2^`).
    Away,
    /// After the unmarked edges, a leaf edge marked toward the hub (`2_v`).
    Toward,
}

impl Accent {
    fn suffix(self) -> &'static str {
        match self {
            Accent::Leaf => "",
            Accent::Away => "^",
            Accent::Toward => "_v",
        }
    }

    /// What the last vertex of the unmarked part needs after its marked leaf edge.
    fn end_need(self) -> Need {
        match self {
            Accent::Leaf => Need::Free,
            Accent::Away => Need::In,
            Accent::Toward => Need::Out,
        }
    }
}

/// A fixed leg of a spider: its unmarked edges and how it ends.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct LegSpec {
    /// The number of unmarked edges.
    pub len: usize,
    /// How it ends.
    pub accent: Accent,
}

/// The shape of a family.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub enum Shape {
    /// A spider with fixed legs and one growing leg written at `at`.
    Spider {
        /// The fixed legs, in the order written.
        fixed: Vec<LegSpec>,
        /// The growing leg's position among all legs.
        at: usize,
        /// How the growing leg ends.
        end: Accent,
    },
    /// A broom whose handle grows.
    Broom {
        /// The bristles.
        bristles: usize,
    },
    /// A caterpillar whose spine goes on in a growing path.
    Caterpillar {
        /// The leaves of the fixed spine vertices.
        leaves: Vec<usize>,
        /// `true` when the path grows before the first spine vertex.
        front: bool,
    },
    /// The path `P_n`.
    Path,
    /// A labelled path of Section 5.
    Labelled(PathFamily),
}

/// A family and its rule set.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct Family {
    /// The shape.
    pub shape: Shape,
    /// The rule set (trimmed or untrimmed).
    pub variant: Variant,
}

/// Where the family's values are read.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Target {
    /// `constant ⊕ x_index(m)`.
    Seq {
        /// The sequence.
        index: usize,
        /// The nim-heap of the rest of the fixed part.
        constant: Value,
    },
    /// `constant ⊕ given(m - lag)`: the leg plays alone from the start.
    Closed {
        /// The closed form.
        given: Given,
        /// The nim-heap of the fixed part.
        constant: Value,
        /// How many edges the leg loses (a dead first edge).
        lag: u32,
    },
}

/// A family's system, with where its members are read.
#[derive(Debug, Clone)]
pub struct Built {
    /// The system (empty when the target is a closed form).
    pub system: System,
    /// Where the family's values are.
    pub target: Target,
    /// The member with `n` edges on the leg is the term at `m = n - offset`.
    pub offset: u32,
    /// The least `n` the system describes.
    pub first: u32,
    /// The number of states of the fixed part.
    pub states: usize,
}

impl Built {
    /// The family's value at `n` (with the terms in `values`), ⊥ where none.
    pub fn value(&self, values: &Values, n: u32) -> Value {
        let Some(m) = n.checked_sub(self.offset) else { return ABSENT };
        let v = match self.target {
            Target::Seq { index, constant } => constant_xor(constant, values.row(index)[m as usize]),
            Target::Closed { given, constant, lag } => match m.checked_sub(lag) {
                Some(b) => constant_xor(constant, given.value(b)),
                None => ABSENT,
            },
        };
        if n < self.first { ABSENT } else { v }
    }
}

fn constant_xor(c: Value, v: Value) -> Value {
    if v == ABSENT { ABSENT } else { c ^ v }
}

/// Families at most this many from one description with ranges.
pub const MAX_FAMILIES: usize = 100_000;

/// The most edges of a fixed part (its states are 64-bit masks, see
/// [`crate::fixed`]): every number of a description (a leg, a range's
/// end, bristles, leaves) and their sum are held to it before anything is
/// allocated for them.
pub const MAX_FIXED_EDGES: usize = 63;

/// The most parameters of a spider (legs, the growing one included).
pub const MAX_LEGS: usize = 64;

/// Bytes of one template of a sequence, as [`Family::system_bytes`] counts them.
const TEMPLATE_BYTES: u128 = 32;

impl Family {
    /// The families a description names: `name` is the family (`spider`,
    /// `broom`, `caterpillar`, `path`, `flow`, `crash`, `twig`, `rod`),
    /// `params` its parameters with the growing one written `n`. Ranges
    /// `LOW..HIGH` among a spider's fixed legs give one family per multiset
    /// of fixed legs.
    pub fn parse(name: &str, params: &[String], variant: Variant) -> Result<Vec<Family>, FamilyError> {
        let shape_list = match name {
            "spider" => spiders(params)?,
            "broom" => vec![broom(params)?],
            "caterpillar" => vec![caterpillar(params)?],
            "path" | "flow" | "crash" | "twig" | "rod" => {
                let family: &'static str = match name {
                    "path" => "path",
                    "flow" => "flow",
                    "crash" => "crash",
                    "twig" => "twig",
                    _ => "rod",
                };
                if params.len() != 1 {
                    return Err(FamilyError::ParameterCount { family, expected: "one (n)", found: params.len() });
                }
                if params[0].trim() != "n" {
                    return Err(FamilyError::GrowingCount { family, found: 0 });
                }
                let shape = match name {
                    "path" => Shape::Path,
                    "flow" => Shape::Labelled(PathFamily::Flow),
                    "crash" => Shape::Labelled(PathFamily::Crash),
                    "twig" => Shape::Labelled(PathFamily::Twig),
                    _ => Shape::Labelled(PathFamily::Rod),
                };
                if matches!(shape, Shape::Labelled(_)) && variant != Variant::Trimmed {
                    return Err(FamilyError::LabelledPath { family });
                }
                vec![shape]
            }
            _ => return Err(FamilyError::UnknownFamily { name: name.to_string() }),
        };
        let accented = |s: &Shape| match s {
            Shape::Spider { fixed, end, .. } => *end != Accent::Leaf || fixed.iter().any(|l| l.accent != Accent::Leaf),
            _ => false,
        };
        if variant != Variant::Trimmed && shape_list.iter().any(accented) {
            return Err(FamilyError::AccentUntrimmed);
        }
        Ok(shape_list.into_iter().map(|shape| Family { shape, variant }).collect())
    }

    /// The states of the fixed part, estimated before the system is built:
    /// the connected pieces of the fixed part's tree that hold the vertex
    /// where the leg is attached (a state is such a piece with its labels,
    /// so this counts the states up to their labels). Saturates at
    /// `u128::MAX`; 0 for the paths, which have no fixed part.
    pub fn states_estimate(&self) -> u128 {
        match &self.shape {
            Shape::Path | Shape::Labelled(_) => 0,
            // A leg of `len` edges from the hub: the piece stops after 0..=len of them.
            Shape::Spider { fixed, .. } => fixed.iter().fold(1u128, |a, l| a.saturating_mul(l.len as u128 + 1)),
            // Each bristle is in the piece or not.
            Shape::Broom { bristles } => 1u128.checked_shl(*bristles as u32).unwrap_or(u128::MAX),
            Shape::Caterpillar { leaves, front } => {
                // From the spine's far end to the vertex of the leg: each spine
                // vertex's leaves are in or out, and the rest of the spine
                // beyond it is a piece or nothing.
                let order: Vec<usize> = if *front { leaves.iter().rev().copied().collect() } else { leaves.clone() };
                order.iter().fold(0u128, |beyond, &k| {
                    let leaves = 1u128.checked_shl(k as u32).unwrap_or(u128::MAX);
                    leaves.saturating_mul(beyond.saturating_add(1))
                })
            }
        }
    }

    /// The bytes of the family's system when each sequence is computed to
    /// `max_length` terms, estimated before it is built: three sequences a
    /// state ([`Family::states_estimate`]), each with its terms and one
    /// template per move. The front doors compare it with a memory budget.
    pub fn system_bytes(&self, max_length: u32) -> u128 {
        let edges = match &self.shape {
            Shape::Spider { fixed, .. } => fixed.iter().map(|l| l.len as u128).sum(),
            Shape::Broom { bristles } => *bristles as u128,
            Shape::Caterpillar { leaves, .. } => leaves.iter().map(|&k| k as u128).sum::<u128>() + leaves.len() as u128,
            Shape::Path | Shape::Labelled(_) => 0,
        };
        let sequence = 4 * (u128::from(max_length) + 1) + TEMPLATE_BYTES * (2 * edges + 4);
        self.states_estimate().saturating_mul(3).saturating_mul(sequence)
    }

    /// The family's name: `S(2,3,5,n)`, `<0^,1^,n>`, `broom(n,3)`,
    /// `caterpillar(2,0,3,n)`, `P_n`, `F_n`, `C_n`, `T_n`, `R_n`.
    pub fn name(&self) -> String {
        match &self.shape {
            Shape::Spider { fixed, at, end } => {
                let mut parts: Vec<String> = fixed.iter().map(|l| format!("{}{}", l.len, l.accent.suffix())).collect();
                parts.insert(*at, format!("n{}", end.suffix()));
                let accented = *end != Accent::Leaf || fixed.iter().any(|l| l.accent != Accent::Leaf);
                if accented { format!("<{}>", parts.join(",")) } else { format!("S({})", parts.join(",")) }
            }
            Shape::Broom { bristles } => format!("broom(n,{bristles})"),
            Shape::Caterpillar { leaves, front } => {
                let mut parts: Vec<String> = leaves.iter().map(usize::to_string).collect();
                if *front {
                    parts.insert(0, "n".into());
                } else {
                    parts.push("n".into());
                }
                format!("caterpillar({})", parts.join(","))
            }
            Shape::Path => "P_n".into(),
            Shape::Labelled(f) => format!("{}_n", Given(*f).letter()),
        }
    }

    /// The family a [`Family::name`] names, in the rule set `variant` (how
    /// committed theorems are read back); `None` when it names none.
    pub fn from_name(name: &str, variant: Variant) -> Option<Family> {
        let one = |family: &str, params: Vec<String>| {
            let mut list = Family::parse(family, &params, variant).ok()?;
            (list.len() == 1).then(|| list.remove(0))
        };
        let inside = |open: &str, close: char| name.strip_prefix(open)?.strip_suffix(close).map(str::to_string);
        let split = |s: String| s.split(',').map(str::to_string).collect::<Vec<_>>();
        match name {
            "P_n" => one("path", vec!["n".into()]),
            "F_n" => one("flow", vec!["n".into()]),
            "C_n" => one("crash", vec!["n".into()]),
            "T_n" => one("twig", vec!["n".into()]),
            "R_n" => one("rod", vec!["n".into()]),
            _ => {
                if let Some(p) = inside("S(", ')').or_else(|| inside("<", '>')) {
                    one("spider", split(p))
                } else if let Some(p) = inside("broom(", ')') {
                    one("broom", split(p))
                } else if let Some(p) = inside("caterpillar(", ')') {
                    one("caterpillar", vec![p])
                } else {
                    None
                }
            }
        }
    }

    /// The name the paper or Section 5 gives the family's values, if any.
    pub fn paper_name(&self) -> Option<&'static str> {
        match self.shape {
            Shape::Labelled(PathFamily::Flow) => Some("Proposition 5.2 (flows)"),
            Shape::Labelled(PathFamily::Crash) => Some("Proposition 5.2 (crashes)"),
            Shape::Labelled(PathFamily::Twig) => Some("Proposition 5.4 (twigs)"),
            Shape::Labelled(PathFamily::Rod) => Some("Proposition 5.6 (rods)"),
            _ => None,
        }
    }

    /// The member with `n` edges on the growing leg, as a graph and a
    /// state, for the engines to check a theorem against; `None` when it
    /// does not exist (no edges, or a crash with none).
    pub fn member(&self, n: usize) -> Option<(Graph, Decoration)> {
        let marked_path = |len: usize, marks: &[(usize, bool)]| {
            let g = families::path(len).ok()?;
            let mut d = Decoration::empty(g.edge_count());
            for &(e, forward) in marks {
                d.mark(e, forward);
            }
            Some((g, d))
        };
        match &self.shape {
            Shape::Spider { fixed, at, end } => {
                let mut legs: Vec<(usize, Accent)> = fixed.iter().map(|l| (l.len, l.accent)).collect();
                legs.insert(*at, (n, *end));
                let lens: Vec<usize> = legs.iter().map(|&(l, a)| l + usize::from(a != Accent::Leaf)).collect();
                let layout = families::SpiderLayout::new(&lens).ok()?;
                let g = layout.graph();
                let mut d = Decoration::empty(g.edge_count());
                for (j, &(l, a)) in legs.iter().enumerate() {
                    if a != Accent::Leaf {
                        d.mark(layout.edge(j, l + 1), a == Accent::Away);
                    }
                }
                Some((g, d))
            }
            Shape::Broom { bristles } => {
                let g = families::broom(n, *bristles).ok()?;
                let d = Decoration::empty(g.edge_count());
                Some((g, d))
            }
            Shape::Caterpillar { leaves, front } => {
                let mut spine = leaves.clone();
                if *front {
                    spine.splice(0..0, std::iter::repeat_n(0, n));
                } else {
                    spine.extend(std::iter::repeat_n(0, n));
                }
                let g = families::caterpillar(&spine).ok()?;
                let d = Decoration::empty(g.edge_count());
                Some((g, d))
            }
            Shape::Path => marked_path(n, &[]),
            Shape::Labelled(PathFamily::Rod) => marked_path(n, &[]),
            Shape::Labelled(PathFamily::Twig) => marked_path(n + 1, &[(0, true)]),
            Shape::Labelled(PathFamily::Flow) => marked_path(n + 2, &[(0, true), (n + 1, true)]),
            Shape::Labelled(PathFamily::Crash) => (n >= 1).then(|| marked_path(n + 2, &[(0, true), (n + 1, false)]))?,
        }
    }

    /// The system of the family (see the module documentation).
    pub fn build(&self) -> Result<Built, FamilyError> {
        let trimmed = self.variant == Variant::Trimmed;
        match &self.shape {
            Shape::Path => {
                let (system, index) = path_system(Need::Free, Need::Free);
                // In the Game of Arrows both leaf edges are dead: P_n plays as R_{n-2}.
                let (offset, first) = if trimmed { (0, 1) } else { (2, 2) };
                Ok(Built { system, target: Target::Seq { index, constant: 0 }, offset, first, states: 0 })
            }
            Shape::Labelled(f) => {
                let (near, far) = match f {
                    PathFamily::Flow => (Need::Out, Need::In),
                    PathFamily::Crash => (Need::Out, Need::Out),
                    PathFamily::Twig => (Need::Out, Need::Free),
                    PathFamily::Rod => (Need::Free, Need::Free),
                };
                let (system, index) = path_system(near, far);
                let first = u32::from(matches!(f, PathFamily::Crash | PathFamily::Rod));
                Ok(Built { system, target: Target::Seq { index, constant: 0 }, offset: 0, first, states: 0 })
            }
            Shape::Spider { fixed, end, .. } => {
                let mut edges = Vec::new();
                let mut labels = vec![Need::Both];
                let mut hub_degree = 1; // the growing leg
                let mut hub_arrows: Vec<Accent> = Vec::new();
                for leg in fixed {
                    if leg.len == 0 {
                        if leg.accent != Accent::Leaf {
                            hub_degree += 1;
                            hub_arrows.push(leg.accent);
                        }
                        continue;
                    }
                    hub_degree += 1;
                    let mut prev = 0;
                    for i in 1..=leg.len {
                        let v = labels.len();
                        edges.push((prev, v));
                        let need = if i < leg.len {
                            Need::Both
                        } else {
                            match leg.accent {
                                Accent::Leaf if trimmed => Need::Free,
                                Accent::Leaf => Need::Both,
                                a => a.end_need(),
                            }
                        };
                        labels.push(need);
                        prev = v;
                    }
                }
                if trimmed && hub_degree < 2 {
                    labels[0] = Need::Free;
                }
                for a in hub_arrows {
                    labels[0] = if a == Accent::Away { labels[0].after_out() } else { labels[0].after_in() };
                }
                let (far, offset, first) = match (end, trimmed) {
                    (Accent::Leaf, true) => (Need::Free, 0, 1),
                    (Accent::Leaf, false) => (Need::Free, 1, 2),
                    (a, _) => (a.end_need(), 0, 1),
                };
                let f = Fixed::new(labels.len(), &edges, 0)?;
                build_fixed(&f, &labels, far, offset, first)
            }
            Shape::Broom { bristles } => {
                let edges: Vec<(usize, usize)> = (1..=*bristles).map(|v| (0, v)).collect();
                let mut labels = vec![if trimmed { Need::Free } else { Need::Both }; bristles + 1];
                labels[0] = if trimmed && *bristles == 0 { Need::Free } else { Need::Both };
                let f = Fixed::new(labels.len(), &edges, 0)?;
                let (offset, first) = if trimmed { (0, 1) } else { (1, 2) };
                build_fixed(&f, &labels, Need::Free, offset, first)
            }
            Shape::Caterpillar { leaves, front } => {
                // One spine vertex without leaves has no edge: the family is the path.
                let (vertices, edges) = match families::caterpillar(leaves) {
                    Ok(g) => (g.vertex_count(), g.edges().to_vec()),
                    Err(_) => (1, Vec::new()),
                };
                let attach = if *front { 0 } else { leaves.len() - 1 };
                let mut degree = vec![0usize; vertices];
                for &(u, w) in &edges {
                    degree[u] += 1;
                    degree[w] += 1;
                }
                degree[attach] += 1;
                let labels: Vec<Need> =
                    degree.iter().map(|&d| if !trimmed || d >= 2 { Need::Both } else { Need::Free }).collect();
                let f = Fixed::new(vertices, &edges, attach)?;
                let (offset, first) = if trimmed { (0, 1) } else { (1, 2) };
                build_fixed(&f, &labels, Need::Free, offset, first)
            }
        }
    }
}

/// Where a move in the fixed part leaves the leg.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Next {
    /// The fixed part is in this state, or in its flip when the flag is set.
    State(usize, bool),
    /// The leg plays alone: a path from a vertex needing `near`, `lag` edges shorter.
    Leg { near: Need, lag: u32 },
}

/// The system of a fixed part with the leg at its attachment vertex, the
/// leg's far end labelled `far`.
fn build_fixed(f: &Fixed, labels: &[Need], far: Need, offset: u32, first: u32) -> Result<Built, FamilyError> {
    let mut solver = Solver::new(f);
    let mut states: Vec<Piece> = Vec::new();
    let mut index: HashMap<Piece, usize> = HashMap::new();
    let mut settle = |q: Piece, solver: &mut Solver, states: &mut Vec<Piece>| -> (Value, Next) {
        let v = f.attach();
        let need = Fixed::label(q, v);
        let comp = f.attach_component(q);
        let constant = solver.value(f.restrict(q, q.mask & !comp, false));
        let next = match need {
            Need::Free => Next::Leg { near: Need::Free, lag: 0 },
            _ if comp == 0 && need == Need::Both => Next::Leg { near: Need::Free, lag: 1 },
            _ if comp == 0 => Next::Leg { near: need, lag: 0 },
            _ => {
                // One state per flip class: reversing every arrow maps the
                // game with the leg's end needing In onto the game with it
                // needing Out, value for value.
                let s = f.restrict(q, comp, true);
                let t = Fixed::flip(s);
                let (rep, flipped) = if t < s { (t, true) } else { (s, false) };
                let id = *index.entry(rep).or_insert_with(|| {
                    states.push(rep);
                    states.len() - 1
                });
                Next::State(id, flipped)
            }
        };
        (constant, next)
    };
    let start = f.normalize(f.whole(labels), true);
    let (c0, next0) = settle(start, &mut solver, &mut states);
    let first_state = match next0 {
        Next::Leg { near, lag } => {
            let target = Target::Closed { given: Given::path(near, far), constant: c0, lag };
            return Ok(Built { system: System::new(Vec::new()).expect("empty"), target, offset, first, states: 0 });
        }
        Next::State(s, flipped) => (s, flipped),
    };
    // Every state reachable by moves in the fixed part, the leg present.
    let mut moves: Vec<Vec<(Value, Next)>> = Vec::new();
    let mut leg_first: Vec<[Value; 2]> = Vec::new();
    let mut done = 0;
    while done < states.len() {
        let s = states[done];
        let mut list = Vec::new();
        let mut rest = s.mask;
        while rest != 0 {
            let e = rest.trailing_zeros() as usize;
            rest &= rest - 1;
            for forward in [true, false] {
                if f.legal(s, e, forward, true) {
                    let q = f.normalize(f.play(s, e, forward), true);
                    list.push(settle(q, &mut solver, &mut states));
                }
            }
        }
        moves.push(list);
        // The leg's first edge marked away from v, then toward it: v gets
        // its arrow and the fixed part plays alone.
        let need = Fixed::label(s, f.attach());
        let away = solver.value(Fixed::relabel(s, f.attach(), need.after_out()));
        let toward = solver.value(Fixed::relabel(s, f.attach(), need.after_in()));
        leg_first.push([away, toward]);
        done += 1;
    }
    // States with fewer edges first, so a move in the fixed part reads an earlier sequence.
    let mut order: Vec<usize> = (0..states.len()).collect();
    order.sort_by_key(|&s| (states[s].mask.count_ones(), s));
    let mut rank = vec![0; states.len()];
    for (r, &s) in order.iter().enumerate() {
        rank[s] = r;
    }
    let mut ends = vec![far];
    for e in [Need::In, Need::Out] {
        if !ends.contains(&e) {
            ends.push(e);
        }
    }
    let width = ends.len();
    let slot = |e: Need| ends.iter().position(|&x| x == e).expect("every end has a slot");
    let id = |s: usize, e: Need| Operand::Seq((rank[s] * width + slot(e)) as u32);
    let mut seqs = Vec::with_capacity(states.len() * width);
    for &s in &order {
        for &e in &ends {
            let mut templates = Vec::new();
            for &(constant, next) in &moves[s] {
                templates.push(match next {
                    Next::State(t, flipped) => {
                        Template::Unary { constant, operand: id(t, if flipped { e.flip() } else { e }), lag: 0 }
                    }
                    Next::Leg { near, lag } => {
                        Template::Unary { constant, operand: Operand::Given(Given::path(near, e)), lag }
                    }
                });
            }
            let [away, toward] = leg_first[s];
            templates.push(Template::Unary {
                constant: away,
                operand: Operand::Given(Given::path(Need::Out, e)),
                lag: 1,
            });
            templates.push(Template::Unary {
                constant: toward,
                operand: Operand::Given(Given::path(Need::In, e)),
                lag: 1,
            });
            for (inner, outer) in [(Need::In, Need::Out), (Need::Out, Need::In)] {
                templates.push(Template::Split {
                    constant: 0,
                    left: id(s, inner),
                    right: Operand::Given(Given::path(outer, e)),
                    removed: 1,
                    left_min: 1,
                    right_min: 0,
                });
            }
            seqs.push(Sequence { initial: vec![ABSENT], templates });
        }
    }
    let system = System::new(seqs).expect("the states are ordered by their edges");
    let (first_state, flipped) = first_state;
    let Operand::Seq(index) = id(first_state, if flipped { far.flip() } else { far }) else { unreachable!() };
    Ok(Built {
        system,
        target: Target::Seq { index: index as usize, constant: c0 },
        offset,
        first,
        states: states.len(),
    })
}

/// A spider's parameters: fixed legs (numbers, accents, ranges) and one `n`.
fn spiders(params: &[String]) -> Result<Vec<Shape>, FamilyError> {
    const F: &str = "spider";
    if params.len() > MAX_LEGS {
        return Err(FamilyError::ParameterCount { family: F, expected: "at most 64", found: params.len() });
    }
    let mut at = None;
    let mut end = Accent::Leaf;
    let mut choices: Vec<Vec<LegSpec>> = Vec::new();
    let mut growing = 0;
    for (i, raw) in params.iter().enumerate() {
        let text = raw.trim();
        let (body, accent) = split_accent(text);
        if body == "n" {
            growing += 1;
            at = Some(i);
            end = accent;
            continue;
        }
        let bad = || FamilyError::BadParameter { family: F, text: text.to_string() };
        // A part that is no number is refused as the whole parameter.
        let whole = |e: FamilyError| match e {
            FamilyError::BadParameter { .. } => bad(),
            e => e,
        };
        if let Some((lo, hi)) = body.split_once("..") {
            let lo = number(F, lo).map_err(whole)?;
            let hi = number(F, hi.trim_start_matches('=')).map_err(whole)?;
            if accent != Accent::Leaf {
                return Err(bad());
            }
            if lo > hi {
                return Err(FamilyError::EmptyRange { family: F, text: text.to_string() });
            }
            choices.push((lo..=hi).map(|len| LegSpec { len, accent }).collect());
        } else {
            let len = number(F, body).map_err(whole)?;
            choices.push(vec![LegSpec { len, accent }]);
        }
    }
    if growing != 1 {
        return Err(FamilyError::GrowingCount { family: F, found: growing });
    }
    // The largest fixed part the ranges give must fit, as each of its legs does.
    let edges: usize = choices.iter().map(|c| c.iter().map(|l| l.len).max().unwrap_or(0)).sum();
    if edges > MAX_FIXED_EDGES {
        return Err(FamilyError::FixedTooLarge { vertices: edges + 1, edges });
    }
    let at = at.expect("one growing leg");
    let count: usize = choices.iter().map(Vec::len).try_fold(1usize, |a, b| a.checked_mul(b)).unwrap_or(usize::MAX);
    if count > MAX_FAMILIES {
        return Err(FamilyError::TooMany { count, limit: MAX_FAMILIES });
    }
    let ranged = choices.iter().any(|c| c.len() > 1);
    let mut out: Vec<Shape> = Vec::new();
    let mut seen: hashbrown::HashSet<Vec<LegSpec>> = hashbrown::HashSet::new();
    let mut pick = vec![0usize; choices.len()];
    loop {
        let mut legs: Vec<LegSpec> = pick.iter().zip(&choices).map(|(&k, c)| c[k]).collect();
        if ranged {
            // One family per multiset of fixed legs, the growing leg last.
            legs.sort();
            if seen.insert(legs.clone()) {
                let at = legs.len();
                out.push(Shape::Spider { fixed: legs, at, end });
            }
        } else {
            out.push(Shape::Spider { fixed: legs, at, end });
        }
        // The next choice, odometer style.
        let mut j = choices.len();
        loop {
            if j == 0 {
                return Ok(out);
            }
            j -= 1;
            pick[j] += 1;
            if pick[j] < choices[j].len() {
                break;
            }
            pick[j] = 0;
        }
    }
}

/// A number of a fixed part: a whole number up to [`MAX_FIXED_EDGES`];
/// digits past it (whatever their count) are [`FamilyError::TooLarge`].
fn number(family: &'static str, text: &str) -> Result<usize, FamilyError> {
    match text.parse::<usize>() {
        Ok(n) if n <= MAX_FIXED_EDGES => Ok(n),
        Ok(_) => Err(FamilyError::TooLarge { family, text: text.to_string(), limit: MAX_FIXED_EDGES }),
        Err(_) if !text.is_empty() && text.bytes().all(|b| b.is_ascii_digit()) => {
            Err(FamilyError::TooLarge { family, text: text.to_string(), limit: MAX_FIXED_EDGES })
        }
        Err(_) => Err(FamilyError::BadParameter { family, text: text.to_string() }),
    }
}

fn split_accent(text: &str) -> (&str, Accent) {
    if let Some(b) = text.strip_suffix('^') {
        (b, Accent::Away)
    } else if let Some(b) = text.strip_suffix("_v") {
        (b, Accent::Toward)
    } else {
        (text, Accent::Leaf)
    }
}

fn broom(params: &[String]) -> Result<Shape, FamilyError> {
    const F: &str = "broom";
    if params.len() != 2 {
        return Err(FamilyError::ParameterCount {
            family: F,
            expected: "two (n and the bristles)",
            found: params.len(),
        });
    }
    let growing = params.iter().filter(|p| p.trim() == "n").count();
    if growing != 1 {
        return Err(FamilyError::GrowingCount { family: F, found: growing });
    }
    if params[1].trim() == "n" {
        return Err(FamilyError::CannotGrow { family: F, position: 2 });
    }
    let bristles = number(F, params[1].trim())?;
    Ok(Shape::Broom { bristles })
}

fn caterpillar(params: &[String]) -> Result<Shape, FamilyError> {
    const F: &str = "caterpillar";
    let parts: Vec<String> =
        params.iter().flat_map(|p| p.split(',').map(|s| s.trim().to_string())).filter(|s| !s.is_empty()).collect();
    let growing = parts.iter().filter(|p| *p == "n").count();
    if growing != 1 {
        return Err(FamilyError::GrowingCount { family: F, found: growing });
    }
    let front = parts[0] == "n";
    if !front && parts[parts.len() - 1] != "n" {
        let position = parts.iter().position(|p| p == "n").expect("one n") + 1;
        return Err(FamilyError::CannotGrow { family: F, position });
    }
    // The spine's vertices, then their leaves, are held to the fixed part's size.
    let spine = parts.len() - 1;
    if spine > MAX_FIXED_EDGES + 1 {
        return Err(FamilyError::FixedTooLarge { vertices: spine, edges: spine - 1 });
    }
    let leaves: Vec<usize> = parts.iter().filter(|p| *p != "n").map(|p| number(F, p)).collect::<Result<_, _>>()?;
    let vertices = spine + leaves.iter().sum::<usize>();
    if vertices > MAX_FIXED_EDGES + 1 {
        return Err(FamilyError::FixedTooLarge { vertices, edges: vertices - 1 });
    }
    if leaves.is_empty() {
        return Err(FamilyError::ParameterCount {
            family: F,
            expected: "at least one spine vertex before n",
            found: 0,
        });
    }
    Ok(Shape::Caterpillar { leaves, front })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_read_back() {
        for (family, params, variant) in [
            ("spider", vec!["2", "3", "5", "n"], Variant::Trimmed),
            ("spider", vec!["0^", "1_v", "n^"], Variant::Trimmed),
            ("spider", vec!["n", "4"], Variant::Untrimmed),
            ("broom", vec!["n", "3"], Variant::Trimmed),
            ("caterpillar", vec!["n,2,0,3"], Variant::Untrimmed),
            ("caterpillar", vec!["2,0,3,n"], Variant::Trimmed),
            ("path", vec!["n"], Variant::Untrimmed),
            ("crash", vec!["n"], Variant::Trimmed),
        ] {
            let params: Vec<String> = params.into_iter().map(str::to_string).collect();
            let f = Family::parse(family, &params, variant).unwrap().remove(0);
            assert_eq!(Family::from_name(&f.name(), variant), Some(f.clone()), "{}", f.name());
        }
        assert_eq!(Family::from_name("S(2,3)", Variant::Trimmed), None);
    }

    fn parse(family: &str, params: &[&str]) -> Result<Vec<Family>, FamilyError> {
        let params: Vec<String> = params.iter().map(|p| p.to_string()).collect();
        Family::parse(family, &params, Variant::Trimmed)
    }

    /// Numbers past the fixed part's size are refused as they are read,
    /// whatever their size: nothing is allocated for them.
    #[test]
    fn numbers_past_the_fixed_part_are_refused_before_allocation() {
        let too_large = |r: Result<Vec<Family>, FamilyError>| matches!(r, Err(FamilyError::TooLarge { limit: 63, .. }));
        for leg in ["64", "4294967296", "18446744073709551615", "99999999999999999999999", "0..64", "0..100000000000"] {
            assert!(too_large(parse("spider", &[leg, "n"])), "{leg}");
        }
        assert!(too_large(parse("spider", &["0..=18446744073709551615", "n"])));
        assert!(too_large(parse("broom", &["n", "18446744073709551615"])));
        assert!(too_large(parse("caterpillar", &["1000000000,n"])));
        assert!(
            matches!(parse("spider", &["0..x", "n"]), Err(FamilyError::BadParameter { text, .. }) if text == "0..x")
        );
        // Each number fits, their sum does not.
        assert_eq!(parse("spider", &["32", "32", "n"]), Err(FamilyError::FixedTooLarge { vertices: 65, edges: 64 }));
        assert_eq!(
            parse("spider", &["0..40", "0..40", "n"]),
            Err(FamilyError::FixedTooLarge { vertices: 81, edges: 80 })
        );
        let spine = format!("{}n", "0,".repeat(65));
        assert!(matches!(parse("caterpillar", &[&spine]), Err(FamilyError::FixedTooLarge { vertices: 65, .. })));
        assert!(matches!(parse("caterpillar", &["40,40,n"]), Err(FamilyError::FixedTooLarge { vertices: 82, .. })));
        let legs: Vec<&str> = std::iter::repeat_n("0", 64).chain(["n"]).collect();
        assert!(matches!(parse("spider", &legs), Err(FamilyError::ParameterCount { found: 65, .. })));
        // The largest accepted still parse.
        assert_eq!(parse("spider", &["63", "n"]).unwrap().len(), 1);
        assert_eq!(parse("spider", &["0..20", "0..20", "0..20", "n"]).unwrap().len(), 1771);
    }

    #[test]
    fn the_states_estimate_counts_the_pieces_around_the_leg() {
        let one = |family: &str, params: &[&str]| parse(family, params).unwrap().remove(0);
        assert_eq!(one("spider", &["2", "3", "5", "n"]).states_estimate(), 3 * 4 * 6);
        assert_eq!(one("broom", &["n", "18"]).states_estimate(), 1 << 18);
        assert_eq!(one("broom", &["n", "63"]).states_estimate(), 1 << 63);
        // 0,0,n: the piece is v alone, v and its neighbour, or both edges.
        assert_eq!(one("caterpillar", &["0,0,0,n"]).states_estimate(), 3);
        assert_eq!(one("caterpillar", &["1,n"]).states_estimate(), 2);
        assert_eq!(one("path", &["n"]).states_estimate(), 0);
        assert!(one("broom", &["n", "62"]).system_bytes(2048) > 1u128 << 70);
        assert!(one("spider", &["2", "3", "5", "n"]).system_bytes(2048) < 10 << 20);
    }
}
