//! The board, the rule sets and the symmetries: `docs/certificates.md`,
//! sections "The games" and "Witnesses" (paragraph "Symmetries").

use std::collections::HashMap;

/// The three rule sets of `docs/certificates.md`, "The games".
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Rules {
    /// The Trimmed Game of Arrows (Definition 2.2 of the spider paper).
    Trimmed,
    /// The Game of Arrows (Definition 3.1 of the spider paper).
    Untrimmed,
    /// The reduced Game of Cycles.
    Cycles,
}

impl Rules {
    /// The rule set named `name` in a header ("The games").
    pub fn from_name(name: &str) -> Option<Rules> {
        match name {
            "trimmed" => Some(Rules::Trimmed),
            "untrimmed" => Some(Rules::Untrimmed),
            "cycles" => Some(Rules::Cycles),
            _ => None,
        }
    }

    /// The name a header gives the rule set ("The games").
    pub fn name(self) -> &'static str {
        match self {
            Rules::Trimmed => "trimmed",
            Rules::Untrimmed => "untrimmed",
            Rules::Cycles => "cycles",
        }
    }

    /// The game's name in words, for the one-line report.
    pub fn words(self) -> &'static str {
        match self {
            Rules::Trimmed => "Trimmed Game of Arrows",
            Rules::Untrimmed => "Game of Arrows",
            Rules::Cycles => "Game of Cycles",
        }
    }
}

/// A board ("The games"): vertices `0 .. V-1`, edges as pairs `[s, t]`, and
/// under `cycles` its cells, each with the vertices `w_0 .. w_{k-1}` of its
/// closed walk (edge `e_i` joins `w_i` and `w_{i+1}`).
#[derive(Clone, Debug)]
pub struct Board {
    /// The board's name, for people.
    pub name: String,
    /// The rule set the certificate is about.
    pub rules: Rules,
    /// The number of vertices `V`.
    pub vertices: usize,
    /// Edge `i` is the pair `[s, t]`; the arrow `s -> t` is forward.
    pub edges: Vec<[usize; 2]>,
    /// The cells, each as its edges in walking order.
    pub cells: Vec<Vec<usize>>,
    /// For each cell, the vertices `w_0 .. w_{k-1}` of its walk.
    pub cell_walks: Vec<Vec<usize>>,
    /// For each vertex, the edges at it, in increasing index.
    pub edges_at: Vec<Vec<usize>>,
    /// For each edge, the cells through it.
    pub cells_at: Vec<Vec<usize>>,
}

impl Board {
    /// Builds a board and checks it is one: endpoints in range, `s != t`,
    /// no two edges on the same pair, and every cell a closed walk of at
    /// least 3 edges through distinct vertices ("The games", "Cells").
    pub fn new(
        name: String,
        rules: Rules,
        vertices: usize,
        edges: Vec<[usize; 2]>,
        cells: Vec<Vec<usize>>,
    ) -> Result<Board, String> {
        let mut edges_at = vec![Vec::new(); vertices];
        let mut pairs = HashMap::new();
        for (i, &[s, t]) in edges.iter().enumerate() {
            if s >= vertices || t >= vertices {
                return Err(format!("edge {i} = [{s}, {t}] names a vertex outside 0 .. {vertices}"));
            }
            if s == t {
                return Err(format!("edge {i} = [{s}, {t}] is a loop"));
            }
            if let Some(j) = pairs.insert((s.min(t), s.max(t)), i) {
                return Err(format!("edges {j} and {i} join the same two vertices"));
            }
            edges_at[s].push(i);
            edges_at[t].push(i);
        }
        if rules != Rules::Cycles && !cells.is_empty() {
            return Err(format!("rules `{}` take no cells, but the board lists {}", rules.name(), cells.len()));
        }
        let mut cells_at = vec![Vec::new(); edges.len()];
        let mut cell_walks = Vec::new();
        for (c, cell) in cells.iter().enumerate() {
            let walk = cell_walk(&edges, cell).ok_or_else(|| {
                format!("cell {c} = {cell:?} is not a closed walk of at least 3 edges through distinct vertices")
            })?;
            for &e in cell {
                cells_at[e].push(c);
            }
            cell_walks.push(walk);
        }
        Ok(Board { name, rules, vertices, edges, cells, cell_walks, edges_at, cells_at })
    }

    /// The number of edges `E`.
    pub fn edge_count(&self) -> usize {
        self.edges.len()
    }

    /// Whether vertex `v` is constrained ("The games"): degree at least 2
    /// under `trimmed`, at least 1 under `untrimmed` and `cycles`.
    pub fn constrained(&self, v: usize) -> bool {
        let degree = self.edges_at.get(v).map_or(0, Vec::len);
        match self.rules {
            Rules::Trimmed => degree >= 2,
            Rules::Untrimmed | Rules::Cycles => degree >= 1,
        }
    }
}

/// The vertices `w_0 .. w_{k-1}` of a cell ("Cells"): `e_i` and `e_{i+1}`
/// (indices mod `k`) share exactly one vertex `w_{i+1}`, the `w_i` are
/// distinct, `k >= 3`; `None` when the list is not such a walk.
fn cell_walk(edges: &[[usize; 2]], cell: &[usize]) -> Option<Vec<usize>> {
    let k = cell.len();
    if k < 3 {
        return None;
    }
    let mut walk = vec![0; k];
    for i in 0..k {
        let a = *edges.get(*cell.get(i)?)?;
        let b = *edges.get(*cell.get((i + 1) % k)?)?;
        let shared: Vec<usize> = a.iter().copied().filter(|v| b.contains(v)).collect();
        if shared.len() != 1 {
            return None;
        }
        walk[(i + 1) % k] = shared[0];
    }
    let mut seen = walk.clone();
    seen.sort_unstable();
    seen.dedup();
    (seen.len() == k).then_some(walk)
}

/// A symmetry of the board ("Symmetries"): `pi` on vertices, `sigma` on
/// edges, and the cell each cell's edge set maps onto.
#[derive(Clone, Debug)]
pub struct Symmetry {
    /// `pi(v)` for each vertex `v`.
    pub vertices: Vec<usize>,
    /// `sigma(i)` for each edge `i`.
    pub edges: Vec<usize>,
    /// For each cell `c`, the cell `sigma(c)`.
    pub cells: Vec<usize>,
}

/// Checks one symmetry of the header once ("Symmetries"): `vertices` is a
/// permutation of `0 .. V-1`, `edges` one of `0 .. E-1`, edge `[s, t]` maps
/// to an edge with endpoints `{pi(s), pi(t)}`, and every cell's edge set
/// maps onto the edge set of a cell.
pub fn check_symmetry(board: &Board, vertices: Vec<usize>, edges: Vec<usize>) -> Result<Symmetry, String> {
    if !is_permutation(&vertices, board.vertices) {
        return Err(format!("its vertex map is not a permutation of 0 .. {}", board.vertices));
    }
    if !is_permutation(&edges, board.edge_count()) {
        return Err(format!("its edge map is not a permutation of 0 .. {}", board.edge_count()));
    }
    for (i, &[s, t]) in board.edges.iter().enumerate() {
        let [a, b] = board.edges[edges[i]];
        let (ps, pt) = (vertices[s], vertices[t]);
        if !((a == ps && b == pt) || (a == pt && b == ps)) {
            return Err(format!(
                "edge {i} = [{s}, {t}] goes to edge {} = [{a}, {b}], not to an edge on {{{ps}, {pt}}}",
                edges[i]
            ));
        }
    }
    let mut cell_of_set = HashMap::new();
    for (c, cell) in board.cells.iter().enumerate() {
        let mut set = cell.clone();
        set.sort_unstable();
        cell_of_set.entry(set).or_insert(c);
    }
    let mut cells = Vec::new();
    for (c, cell) in board.cells.iter().enumerate() {
        let mut image: Vec<usize> = cell.iter().map(|&e| edges[e]).collect();
        image.sort_unstable();
        match cell_of_set.get(&image) {
            Some(&d) => cells.push(d),
            None => return Err(format!("cell {c} does not go to a cell")),
        }
    }
    Ok(Symmetry { vertices, edges, cells })
}

/// Whether `map` lists every number of `0 .. n` exactly once.
fn is_permutation(map: &[usize], n: usize) -> bool {
    let mut seen = vec![false; n];
    if map.len() != n {
        return false;
    }
    for &x in map {
        match seen.get_mut(x) {
            Some(s) if !*s => *s = true,
            _ => return false,
        }
    }
    true
}
