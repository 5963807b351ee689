//! `--literal`: the literal nimber of the Game of Cycles, as existing
//! solvers count it, checked against the mex recursion over the literal
//! game tree written out here (completing a cell is a move to a terminal
//! position), and the K3 + wedge3 example of the help.

use crate::support::binary::{run, success};
use arrows_core::describe::describe;
use arrows_core::{Decoration, Graph, Position, Variant};
use serde_json::Value;
use std::collections::HashMap;

fn literal(g: &Graph, d: &Decoration, memo: &mut HashMap<Decoration, u32>) -> u32 {
    if let Some(&v) = memo.get(d) {
        return v;
    }
    let mut seen = Vec::new();
    for a in Position::new(g, Variant::Cycles, d).moves() {
        let e = g.edge_between(a.tail, a.head).unwrap();
        let mut f = d.clone();
        f.mark(e, g.ends(e).0 == a.tail);
        let done = g.cell_list().iter().any(|c| c.is_completed(&f));
        seen.push(if done { 0 } else { literal(g, &f, memo) });
    }
    let v = (0..).find(|x| !seen.contains(x)).unwrap();
    memo.insert(d.clone(), v);
    v
}

fn json(args: &[&str]) -> Value {
    serde_json::from_str(success(&run(args)).trim()).unwrap()
}

#[test]
fn the_literal_nimber_is_the_literal_games() {
    for family in ["cycle 3", "cycle 4", "fan 4", "wheel 3", "theta 1 2 2", "grid 2 3", "ladder 3"] {
        let g = describe(family, arrows_work::Budget::bytes(1 << 30)).unwrap().graph;
        let want = literal(&g, &Decoration::empty(g.edge_count()), &mut HashMap::new());
        let mut args: Vec<&str> = family.split(' ').collect();
        args.extend(["--cycles", "--literal", "--json"]);
        let report = json(&args);
        assert_eq!(report["literal_nimber"], want, "{family}");
        // The same winner as the reduced game's value.
        assert_eq!(report["grundy"] != 0, want != 0, "{family}");
    }
}

/// K3 and wedge3 (three triangles around a vertex, `fan 4`): literal
/// nimbers 1 and 2, values 1 and 1; side by side (a board of both) a
/// second-player win.
#[test]
fn k3_and_wedge3_side_by_side() {
    let k3 = json(&["cycle", "3", "--cycles", "--literal", "--json"]);
    let wedge3 = json(&["fan", "4", "--cycles", "--literal", "--json"]);
    assert_eq!((&k3["literal_nimber"], &k3["grundy"]), (&1.into(), &1.into()));
    assert_eq!((&wedge3["literal_nimber"], &wedge3["grundy"]), (&2.into(), &1.into()));
    let edges = "0-1,1-2,2-0,3-4,4-5,5-3,5-6,6-3,6-7,7-3";
    let both =
        json(&["graph", "--edges", edges, "--cells", "0-1-2;3-4-5;3-5-6;3-6-7", "--cycles", "--literal", "--json"]);
    assert_eq!((&both["literal_nimber"], &both["grundy"], &both["winner"]), (&0.into(), &0.into(), &"second".into()));
}

#[test]
fn literal_is_refused_outside_the_game_of_cycles_under_normal_play() {
    for args in [vec!["spider", "2", "3", "--literal"], vec!["cycle", "5", "--cycles", "--misere", "--literal"]] {
        let out = run(&args);
        assert_eq!(out.status.code(), Some(2));
        let err = String::from_utf8(out.stderr).unwrap();
        assert!(err.starts_with("error: --literal is the literal nimber of the Game of Cycles"), "{err}");
    }
}
