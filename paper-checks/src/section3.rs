//! Section 3: dormant states and trimming (Theorem 3.4 and the remark after it).

use crate::domains::{Named, Shape, cycles_up_to, shape, small_graphs, trees_up_to};
use crate::engines::Engines;
use crate::outcome::{CheckError, Counterexample, Kind, Outcome, Tally};
use crate::registry::{Check, Context};
use arrows_core::{Decoration, Graph, Position, Variant, families, trim};
use arrows_solve::BruteForce;
use arrows_work::Control;
use std::collections::HashMap;

/// The checks of Section 3.
pub fn checks() -> Vec<Check> {
    vec![
        Check {
            id: "3.4",
            kind: Kind::Check,
            result: "Theorem 3.4",
            statement: "The Game of Arrows on G is the Trimmed Game of Arrows on trim(G): the arrow bijection of the trimming maps the dormant states of G onto the states of trim(G), keeping followers and Grundy values.",
            run: theorem_3_4,
        },
        Check {
            id: "3.4.remark",
            kind: Kind::Check,
            result: "Remarks after Theorem 3.4",
            statement: "Every graph G is a trimming: G-hat, G with a new pendant edge at each leaf, has trim(G-hat) = G; trimmings of forests are forests, and forests trim forests. A spider whose legs all have length >= 2 trims to the spider with every leg one shorter.",
            run: remark_3_4,
        },
    ]
}

/// The graphs whose whole game trees are compared.
fn game_tree_graphs(max_edges: usize) -> Vec<Named> {
    let mut out = trees_up_to(max_edges);
    out.extend(small_graphs(5, 10).into_iter().filter(|g| !(g.graph.is_forest() && g.graph.is_connected())));
    out.extend(cycles_up_to(max_edges).into_iter().filter(|c| c.graph.vertex_count() > 5));
    out
}

/// `None` when the dormant states of `g` map onto the states of `trim(g)`
/// with equal Grundy values; otherwise what went wrong.
fn compare_game_trees(g: &Graph, control: &Control) -> Result<Option<(String, String)>, CheckError> {
    let t = trim(g);
    let empty = Decoration::empty(g.edge_count());
    let mut on_g = BruteForce::new(Position::new(g, Variant::Untrimmed, &empty), control)?;
    on_g.start_grundy()?;
    let mut trimmed: HashMap<Decoration, u32> = HashMap::new();
    if t.graph.is_empty() {
        trimmed.insert(Decoration::empty(0), 0);
    } else {
        let empty = Decoration::empty(t.graph.edge_count());
        let mut on_t = BruteForce::new(Position::trimmed(&t.graph, &empty), control)?;
        on_t.start_grundy()?;
        on_t.for_each_solved(|d, v| {
            trimmed.insert(d.clone(), v);
        });
    }
    let mut problem = None;
    let mut dormant = 0;
    on_g.for_each_solved(|d, v| {
        dormant += 1;
        if problem.is_some() {
            return;
        }
        let image = t.from_original(d);
        let found = image.as_ref().and_then(|i| trimmed.get(i));
        if found != Some(&v) {
            problem = Some((
                format!("the dormant state {} (value {v}) goes to {:?}", d.display(g), found),
                "a state of trim(G) with the same value".to_string(),
            ));
        }
    });
    if problem.is_none() && dormant != trimmed.len() {
        problem = Some((
            format!("{dormant} dormant states against {} states of trim(G)", trimmed.len()),
            "a bijection".into(),
        ));
    }
    Ok(problem)
}

fn theorem_3_4(ctx: &Context) -> Result<Outcome, CheckError> {
    let mut t = Tally::new();
    let edges = ctx.scale.trim_trees();
    let graphs = game_tree_graphs(edges);
    let control = ctx.control();
    for named in &graphs {
        control.cancel.check().map_err(arrows_solve::SolveError::from)?;
        let problem = compare_game_trees(&named.graph, &control)?;
        t.record(problem.is_none(), || {
            let (found, claimed) = problem.clone().expect("a problem");
            Counterexample { instance: named.name.clone(), graph: named.text(), state: String::new(), found, claimed }
        });
    }
    let trees = t.instances();
    let mut e = Engines::shared(ctx);
    let top = ctx.scale.legs();
    for a in 1..=top {
        for b in a..=top {
            for c in b..=top {
                let g = families::spider(&[a, b, c])?;
                let tg = trim(&g);
                let whole = e.grundy_in(&g, Variant::Untrimmed, &Decoration::empty(g.edge_count()))?;
                let trimmed = if tg.graph.is_empty() {
                    0
                } else {
                    e.grundy_in(&tg.graph, Variant::Trimmed, &Decoration::empty(tg.graph.edge_count()))?
                };
                t.record(whole == trimmed, || Counterexample {
                    instance: format!("S({a},{b},{c})"),
                    graph: format!("S({a},{b},{c}) [{}]", g.edge_list()),
                    state: String::new(),
                    found: format!("Grundy value {whole} in the Game of Arrows"),
                    claimed: format!("the value {trimmed} of trim(G) in the Trimmed Game"),
                });
            }
        }
    }
    t.note(format!("{trees} whole game trees compared, brute force on both sides"));
    Ok(t.finish(format!(
        "game trees: every tree and cycle with <= {edges} edges and every other graph on <= 5 vertices (with cycles or disconnected); values of the empty state: S(a,b,c) with 1 <= a <= b <= c <= {top} (canonical engine)"
    )))
}

/// `G-hat`: `g` with a new pendant edge at each leaf.
fn hat(g: &Graph) -> Graph {
    let mut edges = g.edges().to_vec();
    edges.extend(g.leaves().into_iter().zip(g.vertex_count()..));
    Graph::from_edges(&edges).expect("adding pendant edges keeps a graph")
}

/// `true` when the trimming's map back to `g_hat` is an isomorphism onto `g`
/// (whose vertices and edges come first in `g_hat`).
fn trims_to(g_hat: &Graph, g: &Graph) -> bool {
    let t = trim(g_hat);
    if t.graph.vertex_count() != g.vertex_count() || t.graph.edge_count() != g.edge_count() {
        return false;
    }
    let mut hit = vec![false; g.vertex_count()];
    for &o in &t.origin {
        if o >= g.vertex_count() || std::mem::replace(&mut hit[o], true) {
            return false;
        }
    }
    (0..t.graph.edge_count()).all(|j| {
        let (s, u) = t.graph.ends(j);
        g.edge_between(t.origin[s], t.origin[u]).is_some()
    })
}

fn remark_3_4(ctx: &Context) -> Result<Outcome, CheckError> {
    let mut t = Tally::new();
    let edges = ctx.scale.trim_trees();
    for named in game_tree_graphs(edges) {
        let g = &named.graph;
        let h = hat(g);
        let forest = g.is_forest();
        let holds = trims_to(&h, g) && (!forest || (h.is_forest() && trim(g).graph.is_forest()));
        t.record(holds, || Counterexample {
            instance: named.name.clone(),
            graph: named.text(),
            state: String::new(),
            found: format!("trim(G-hat) has edges {}", trim(&h).graph.edge_list()),
            claimed: "trim(G-hat) = G, and forests stay forests".into(),
        });
    }
    let top = ctx.scale.legs();
    for a in 2..=top {
        for b in a..=top {
            for c in b..=top {
                let g = families::spider(&[a, b, c])?;
                let found = shape(&trim(&g).graph);
                let claimed = Shape::Spider(vec![a - 1, b - 1, c - 1]);
                t.record(found == claimed, || Counterexample {
                    instance: format!("trim(S({a},{b},{c}))"),
                    graph: format!("S({a},{b},{c}) [{}]", g.edge_list()),
                    state: String::new(),
                    found: found.to_string(),
                    claimed: claimed.to_string(),
                });
            }
        }
    }
    Ok(t.finish(format!(
        "G-hat: every tree and cycle with <= {edges} edges and every other graph on <= 5 vertices (with cycles or disconnected); spiders S(a,b,c) with 2 <= a <= b <= c <= {top}"
    )))
}
