//! The state families of the paper, built as real states of real graphs.
//!
//! Path families (Definitions 5.1 to 5.5), on the path `P_m` with vertices
//! `0..=m` and edge `i = {i, i+1}`:
//!
//! * the flow `F_n` (`n >= 0`): `P_{n+2}` with `0>1` and `(n+1)>(n+2)`;
//! * the crash `C_n` (`n >= 1`): `P_{n+2}` with `0>1` and `(n+2)>(n+1)`;
//! * the twig `T_n` (`n >= 0`): `P_{n+1}` with `0>1`;
//! * the rod `R_n` (`n >= 1`): `P_n`, empty.
//!
//! Each has `n` unmarked edges. Spider decorations (Definitions 6.1, 6.2,
//! 7.3) are written `<a^, b_v, c>`: leg `j` has that many unmarked edges,
//! then `^` a leaf arrow pointing away from the hub, `_v` one pointing
//! toward it, or no accent (the leg ends in a free leaf). Extra arrows on
//! unmarked edges follow in parentheses: `<1^,1^,3^>(hub>1_3)`, with the
//! paper's vertex names (`i_j` is the `i`-th vertex of leg `j` from the hub).

use arrows_core::decoration::{DecorationError, arrow_on};
use arrows_core::{Decoration, FamilyError, Graph, Position, SpiderLayout, Variant, families};

/// A state of a graph with the paper's name for it.
#[derive(Debug, Clone)]
pub struct PaperState {
    /// The paper's name: `F_3`, `<0^,1_v,4>`, `T_1 ⊔ T_4`.
    pub name: String,
    /// The graph's name: `P_5`, `S(1,2,5)`.
    pub graph_name: String,
    /// The graph.
    pub graph: Graph,
    /// The state.
    pub state: Decoration,
}

impl PaperState {
    /// Checks that the decoration is a state of the Trimmed Game of Arrows.
    fn checked(self) -> Result<PaperState, FamilyError> {
        match Variant::Trimmed.violation(&self.graph, &self.state) {
            None => Ok(self),
            Some(violation) => Err(FamilyError::NotAState { member: self.name, violation }),
        }
    }

    /// The flip (Definition 4.4): every arrow reversed.
    pub fn flip(&self) -> PaperState {
        PaperState {
            name: format!("flip {}", self.name),
            graph_name: self.graph_name.clone(),
            graph: self.graph.clone(),
            state: self.state.flip(),
        }
    }

    /// The state as a position of the Trimmed Game of Arrows, for the engines.
    pub fn position(&self) -> Position<'_> {
        Position::trimmed(&self.graph, &self.state)
    }

    /// Number of unmarked edges.
    pub fn unmarked(&self) -> usize {
        self.graph.edge_count() - self.state.len()
    }

    /// The arrows in the toolkit's notation: `0>1,5>4`.
    pub fn arrows(&self) -> String {
        self.state.display(&self.graph).to_string()
    }

    /// The graph as its name and edge list: `S(1,2) [0-1,0-2,2-3]`.
    pub fn graph_text(&self) -> String {
        format!("{} [{}]", self.graph_name, self.graph.edge_list())
    }
}

fn on_path(name: String, m: usize, arrows: &[(usize, usize)]) -> Result<PaperState, FamilyError> {
    let graph = families::path(m)?;
    let list: Vec<arrows_core::Arrow> = arrows.iter().map(|&(t, h)| arrows_core::Arrow::new(t, h)).collect();
    let state = Decoration::from_arrows(&graph, &list)
        .map_err(|source| FamilyError::Decoration { member: name.clone(), source })?;
    PaperState { name, graph_name: format!("P_{m}"), graph, state }.checked()
}

/// The flow `F_n` (Definition 5.1), `n >= 0`.
pub fn flow(n: usize) -> Result<PaperState, FamilyError> {
    on_path(format!("F_{n}"), n + 2, &[(0, 1), (n + 1, n + 2)])
}

/// The crash `C_n` (Definition 5.1), `n >= 1` (`C_0` is not a state).
pub fn crash(n: usize) -> Result<PaperState, FamilyError> {
    on_path(format!("C_{n}"), n + 2, &[(0, 1), (n + 2, n + 1)])
}

/// The twig `T_n` (Definition 5.3), `n >= 0`.
pub fn twig(n: usize) -> Result<PaperState, FamilyError> {
    on_path(format!("T_{n}"), n + 1, &[(0, 1)])
}

/// The rod `R_n` (Definition 5.5), `n >= 1`.
pub fn rod(n: usize) -> Result<PaperState, FamilyError> {
    if n == 0 {
        return Err(FamilyError::OutOfRange {
            family: "rod",
            member: "R_0".into(),
            parameter: "number of edges",
            value: 0,
            least: 1,
            most: None,
        });
    }
    on_path(format!("R_{n}"), n, &[])
}

/// The empty state of a graph.
pub fn empty(graph: Graph, graph_name: String) -> PaperState {
    let state = Decoration::empty(graph.edge_count());
    PaperState { name: "the empty state".into(), graph_name, graph, state }
}

/// The disjoint union of states (Definition 4.2): the graphs side by side,
/// vertices renumbered in order.
pub fn union(parts: &[PaperState]) -> PaperState {
    let mut edges = Vec::new();
    let mut arrows = Vec::new();
    let mut offset = 0;
    for p in parts {
        let base = edges.len();
        edges.extend(p.graph.edges().iter().map(|&(s, t)| (s + offset, t + offset)));
        arrows.extend(p.state.marked_edges().map(|e| (base + e, p.state.get(e).expect("marked"))));
        offset += p.graph.vertex_count();
    }
    let graph = Graph::from_edges(&edges).expect("a union of graphs is a graph");
    let mut state = Decoration::empty(graph.edge_count());
    for (e, forward) in arrows {
        state.mark(e, forward);
    }
    let join = |f: &dyn Fn(&PaperState) -> &str| parts.iter().map(f).collect::<Vec<_>>().join(" ⊔ ");
    PaperState { name: join(&|p| &p.name), graph_name: join(&|p| &p.graph_name), graph, state }
}

/// How a leg of a spider decoration ends (Definition 6.2).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Accent {
    /// `^`: a leaf arrow pointing away from the hub.
    Away,
    /// `_v`: a leaf arrow pointing toward the hub.
    Toward,
    /// No accent: no leaf edge, the leg ends in a free leaf.
    Free,
}

impl Accent {
    /// The accent turned upside down (the flip); no accent stays none.
    pub fn flip(self) -> Accent {
        match self {
            Accent::Away => Accent::Toward,
            Accent::Toward => Accent::Away,
            Accent::Free => Accent::Free,
        }
    }

    fn mark(self) -> &'static str {
        match self {
            Accent::Away => "^",
            Accent::Toward => "_v",
            Accent::Free => "",
        }
    }
}

/// One leg of a spider decoration: its unmarked edges and its accent.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Leg {
    /// Number of unmarked edges.
    pub unmarked: usize,
    /// How the leg ends.
    pub accent: Accent,
}

impl Leg {
    /// `n^`.
    pub fn away(n: usize) -> Leg {
        Leg { unmarked: n, accent: Accent::Away }
    }

    /// `n_v`.
    pub fn toward(n: usize) -> Leg {
        Leg { unmarked: n, accent: Accent::Toward }
    }

    /// `n` with no accent.
    pub fn free(n: usize) -> Leg {
        Leg { unmarked: n, accent: Accent::Free }
    }

    /// `n^` when `away`, else `n_v`.
    pub fn arrow(n: usize, away: bool) -> Leg {
        if away { Leg::away(n) } else { Leg::toward(n) }
    }

    /// Edges of the leg in the graph (the leaf edge included).
    pub fn length(&self) -> usize {
        self.unmarked + usize::from(self.accent != Accent::Free)
    }
}

/// An extra arrow on an unmarked edge of a spider decoration (Definition 7.3).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Extra {
    /// The leg, from 1 as in the paper.
    pub leg: usize,
    /// The edge on the leg, from 1 at the hub.
    pub edge: usize,
    /// `true` when the arrow points away from the hub.
    pub away: bool,
}

/// A spider decoration `<a^, b_v, c>` with optional extra arrows.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct SpiderState {
    /// The legs in order.
    pub legs: Vec<Leg>,
    /// Extra arrows, in the order given.
    pub extras: Vec<Extra>,
}

impl SpiderState {
    /// The decoration with these legs and no extra arrow.
    pub fn new(legs: &[Leg]) -> SpiderState {
        SpiderState { legs: legs.to_vec(), extras: Vec::new() }
    }

    /// The descendant with one more arrow on edge `edge` (from 1 at the hub)
    /// of leg `leg` (from 1), pointing away from the hub or toward it.
    pub fn with(mut self, leg: usize, edge: usize, away: bool) -> SpiderState {
        self.extras.push(Extra { leg, edge, away });
        self
    }

    /// The flip: every accent and every extra arrow reversed.
    pub fn flip(&self) -> SpiderState {
        SpiderState {
            legs: self.legs.iter().map(|l| Leg { unmarked: l.unmarked, accent: l.accent.flip() }).collect(),
            extras: self.extras.iter().map(|x| Extra { away: !x.away, ..*x }).collect(),
        }
    }

    /// The paper's notation: `<1^,1_v,3>(hub>1_3)`.
    pub fn notation(&self) -> String {
        let legs: Vec<String> = self.legs.iter().map(|l| format!("{}{}", l.unmarked, l.accent.mark())).collect();
        let mut out = format!("<{}>", legs.join(","));
        if !self.extras.is_empty() {
            let name = |leg: usize, i: usize| if i == 0 { "hub".to_string() } else { format!("{i}_{leg}") };
            let arrows: Vec<String> = self
                .extras
                .iter()
                .map(|x| {
                    let (inner, outer) = (name(x.leg, x.edge - 1), name(x.leg, x.edge));
                    if x.away { format!("{inner}>{outer}") } else { format!("{outer}>{inner}") }
                })
                .collect();
            out.push_str(&format!("({})", arrows.join(",")));
        }
        out
    }

    /// The spider graph's layout: leg `j` has `unmarked + 1` edges when accented.
    pub fn layout(&self) -> Result<SpiderLayout, FamilyError> {
        let lengths: Vec<usize> = self.legs.iter().map(Leg::length).collect();
        SpiderLayout::new(&lengths)
    }

    /// The state on its spider graph, refused when it is not a state (such as `<0^,0^,0^>`).
    pub fn build(&self) -> Result<PaperState, FamilyError> {
        let layout = self.layout()?;
        let graph = layout.graph();
        let mut state = Decoration::empty(graph.edge_count());
        for (j, leg) in self.legs.iter().enumerate() {
            if leg.accent != Accent::Free {
                state.mark(layout.edge(j, leg.length()), leg.accent == Accent::Away);
            }
        }
        for x in &self.extras {
            let out_of_range = |parameter, value: usize, most: usize| FamilyError::OutOfRange {
                family: "spider state",
                member: self.notation(),
                parameter,
                value: value as u64,
                least: 1,
                most: Some(most as u64),
            };
            if x.leg < 1 || x.leg > self.legs.len() {
                return Err(out_of_range("leg of an extra arrow", x.leg, self.legs.len()));
            }
            let unmarked = self.legs[x.leg - 1].unmarked;
            if x.edge < 1 || x.edge > unmarked {
                return Err(out_of_range("unmarked edge of an extra arrow", x.edge, unmarked));
            }
            let e = layout.edge(x.leg - 1, x.edge);
            if let Some(forward) = state.get(e) {
                let (old, new) = (arrow_on(&graph, e, forward), arrow_on(&graph, e, x.away));
                let source = DecorationError::TwoArrowsOnEdge(old, new);
                return Err(FamilyError::Decoration { member: self.notation(), source });
            }
            // The forward arrow of a spider edge points away from the hub.
            state.mark(e, x.away);
        }
        PaperState { name: self.notation(), graph_name: layout.name(), graph, state }.checked()
    }
}

/// `<a, b, c>` in the paper's notation for three legs.
pub fn spider(legs: [Leg; 3]) -> Result<PaperState, FamilyError> {
    SpiderState::new(&legs).build()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn path_families_have_n_unmarked_edges() {
        for n in 1..6 {
            assert_eq!(flow(n).unwrap().unmarked(), n);
            assert_eq!(crash(n).unwrap().unmarked(), n);
            assert_eq!(twig(n).unwrap().unmarked(), n);
            assert_eq!(rod(n).unwrap().unmarked(), n);
        }
        assert_eq!(flow(2).unwrap().arrows(), "0>1,3>4");
        assert_eq!(crash(2).unwrap().arrows(), "0>1,4>3");
        assert!(crash(0).unwrap_err().to_string().contains("not a state"));
        assert!(rod(0).is_err());
        assert_eq!(twig(0).unwrap().arrows(), "0>1");
    }

    #[test]
    fn spider_decorations_mark_the_leaf_edges() {
        // <1^,1_v,3>: S(2,2,3); leg 1 ends 1>2, leg 2 ends 4>3, leg 3 is free.
        let s = spider([Leg::away(1), Leg::toward(1), Leg::free(3)]).unwrap();
        assert_eq!(s.graph_name, "S(2,2,3)");
        assert_eq!(s.name, "<1^,1_v,3>");
        assert_eq!(s.arrows(), "1>2,4>3");
        assert_eq!(s.unmarked(), 5);
        // <0^,0^,0^> makes the hub a source.
        assert!(spider([Leg::away(0), Leg::away(0), Leg::away(0)]).is_err());
        // <a^,b,0> is a path.
        assert_eq!(spider([Leg::away(2), Leg::free(3), Leg::free(0)]).unwrap().graph_name, "S(3,3,0)");
    }

    #[test]
    fn extra_arrows_in_parentheses() {
        let x = SpiderState::new(&[Leg::away(1), Leg::away(1), Leg::away(3)]).with(3, 1, true).with(3, 3, true);
        assert_eq!(x.notation(), "<1^,1^,3^>(hub>1_3,2_3>3_3)");
        let s = x.build().unwrap();
        assert_eq!(s.unmarked(), 3);
        assert_eq!(s.arrows(), "1>2,3>4,0>5,6>7,7>8");
        assert_eq!(x.flip().build().unwrap().state, s.state.flip());
        assert!(SpiderState::new(&[Leg::away(1), Leg::away(1), Leg::away(1)]).with(1, 2, true).build().is_err());
        // 3_3>2_3 with the leaf arrow 3_3>4_3 makes 3_3 a source.
        let source = SpiderState::new(&[Leg::away(1), Leg::away(1), Leg::away(3)]).with(3, 3, false);
        assert!(source.build().unwrap_err().to_string().contains("not a state"));
    }

    #[test]
    fn unions_renumber_the_second_graph() {
        let u = union(&[twig(1).unwrap(), rod(2).unwrap()]);
        assert_eq!(u.name, "T_1 ⊔ R_2");
        assert_eq!(u.graph.edge_list(), "0-1,1-2,3-4,4-5");
        assert_eq!(u.arrows(), "0>1");
    }
}
