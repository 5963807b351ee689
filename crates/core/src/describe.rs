//! A graph described in one line of text, as every front door takes it:
//! a family with its parameters (`spider 4 6 8`, `path 7`, `wheel 5`,
//! `theta 1 2 3`, `k4`), or a graph in graph6, sparse6 or an edge list
//! (`0-1,1-2`).
//!
//! The families are those of [`Member`] (paths, cycles, spiders, stars,
//! brooms, caterpillars) and the plane families of
//! [`crate::plane::families`] (wheels, fans, theta graphs, grids, ladders,
//! prisms, `K4`), which come with their cells and a drawing. Parameters are
//! whole numbers separated by spaces or commas. Every size is checked
//! before anything is built (see [`Member::size`]). A cycle is read as the
//! plane family, with its one cell (the other rule sets ignore cells).

use crate::families::{Member, SpiderLayout};
use crate::formats;
use crate::graph::{Graph, GraphError};
use crate::plane::{Drawing, PlaneFamily};
use arrows_work::Budget;

/// A graph read from a description, with what the description tells of it.
#[derive(Debug, Clone)]
pub struct Described {
    /// Its name: `S(4,6,8)`, `wheel 5`, or the description itself for a
    /// graph given by graph6, sparse6 or an edge list.
    pub name: String,
    /// The graph (with its cells, for a plane family).
    pub graph: Graph,
    /// The family member, when the description names one.
    pub member: Option<Member>,
    /// The plane family, when the description names one.
    pub plane: Option<PlaneFamily>,
    /// A straight-line drawing of a plane family's embedding.
    pub drawing: Option<Drawing>,
    /// The legs of a spider, star or path, for naming moves by leg.
    pub spider: Option<SpiderLayout>,
}

/// The family words [`describe`] knows, with their parameters.
pub const FAMILIES: &[(&str, &str)] = &[
    ("spider", "L1 L2 ... (leg lengths)"),
    ("path", "N (edges)"),
    ("cycle", "N (edges)"),
    ("star", "K (leaves)"),
    ("broom", "HANDLE BRISTLES"),
    ("caterpillar", "L1,L2,... (leaves at each spine vertex)"),
    ("wheel", "N (spokes)"),
    ("fan", "N (path vertices)"),
    ("theta", "A B C (path lengths)"),
    ("grid", "M N (rows, columns)"),
    ("ladder", "N (rungs)"),
    ("prism", "N (length of its cycles)"),
    ("k4", "(no parameter)"),
];

/// Why a description names no graph.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum DescribeError {
    /// The description is empty.
    #[error("the graph description is empty; give a family (e.g. \"spider 4 6 8\") or graph6, sparse6 or an edge list")]
    Empty,
    /// A family with the wrong number of parameters.
    #[error("{family} takes {expected}, but {given} given")]
    Arity {
        /// The family word.
        family: &'static str,
        /// What it takes, in words.
        expected: &'static str,
        /// How many were given, in words.
        given: String,
    },
    /// A parameter that is not a whole number.
    #[error("the parameter {text:?} of {family} is not a whole number")]
    NotANumber {
        /// The family word.
        family: &'static str,
        /// The parameter as given.
        text: String,
    },
    /// A word that is not a family, in a description that is not a graph
    /// line either (`spidr 4 6 8`, `tree 5`).
    #[error("{word:?} is not a family{}; the families are {}", .suggestion.map_or_else(String::new, |f| format!(" (did you mean {f:?}?)")), family_words())]
    UnknownFamily {
        /// The word given.
        word: String,
        /// The family word it is closest to, when one is close ([`closest`]).
        suggestion: Option<&'static str>,
    },
    /// The graph cannot be built or read.
    #[error(transparent)]
    Graph(#[from] GraphError),
}

/// The family words, as a list in words.
fn family_words() -> String {
    let words: Vec<&str> = FAMILIES.iter().map(|(f, _)| *f).collect();
    words.join(", ")
}

/// The family word closest to `word` by edit distance, when one is close ([`closest`]).
pub fn closest_family(word: &str) -> Option<&'static str> {
    closest(word, FAMILIES.iter().map(|(f, _)| *f))
}

/// The word of `words` closest to `word` (edits: insert, delete, replace
/// one character), when it is close: one edit for a word of four letters or
/// fewer, two for a longer one (so that a short graph6 line such as `DQ`
/// is not taken for a misspelt `k4`).
pub fn closest<'a>(word: &str, words: impl IntoIterator<Item = &'a str>) -> Option<&'a str> {
    let word: Vec<char> = word.to_lowercase().chars().collect();
    let distance = |other: &str| {
        let other: Vec<char> = other.chars().collect();
        let mut row: Vec<usize> = (0..=other.len()).collect();
        for (i, a) in word.iter().enumerate() {
            let mut diagonal = row[0];
            row[0] = i + 1;
            for (j, b) in other.iter().enumerate() {
                let next = (row[j + 1] + 1).min(row[j] + 1).min(diagonal + usize::from(a != b));
                diagonal = row[j + 1];
                row[j + 1] = next;
            }
        }
        row[other.len()]
    };
    let most = if word.len() <= 4 { 1 } else { 2 };
    words.into_iter().map(|w| (distance(w), w)).filter(|&(d, _)| d <= most).min_by_key(|&(d, _)| d).map(|(_, w)| w)
}

/// The graph a description names, within `budget` for the graph itself.
pub fn describe(text: &str, budget: Budget) -> Result<Described, DescribeError> {
    let text = text.trim();
    if text.is_empty() {
        return Err(DescribeError::Empty);
    }
    let mut words = text.splitn(2, |c: char| c.is_whitespace());
    let head = words.next().unwrap_or("").to_ascii_lowercase();
    let rest = words.next().unwrap_or("");
    let Some(&(family, expected)) = FAMILIES.iter().find(|(f, _)| *f == head) else {
        let graph = formats::parse_graph_line_within(text, budget).map_err(|e| {
            // A word then parameters, or a word close to a family: a family misspelt, not a graph line.
            let word = head.chars().all(|c| c.is_ascii_alphabetic()) && head.len() >= 2;
            let suggestion = closest_family(&head);
            match e {
                GraphError::Parse(_) if word && (suggestion.is_some() || !rest.trim().is_empty()) => {
                    DescribeError::UnknownFamily { word: head.clone(), suggestion }
                }
                e => DescribeError::Graph(e),
            }
        })?;
        return Ok(Described { name: text.to_string(), graph, member: None, plane: None, drawing: None, spider: None });
    };
    let numbers = rest
        .split(|c: char| c == ',' || c.is_whitespace())
        .filter(|t| !t.is_empty())
        .map(|t| t.parse::<usize>().map_err(|_| DescribeError::NotANumber { family, text: t.to_string() }))
        .collect::<Result<Vec<usize>, _>>()?;
    let arity = |n: usize| {
        if numbers.len() == n {
            Ok(())
        } else {
            let given = match numbers.len() {
                0 => "none was".to_string(),
                1 => "1 was".to_string(),
                k => format!("{k} were"),
            };
            Err(DescribeError::Arity { family, expected, given })
        }
    };
    let at_least_one = || {
        if numbers.is_empty() {
            Err(DescribeError::Arity { family, expected, given: "none was".into() })
        } else {
            Ok(())
        }
    };
    let member = match family {
        "spider" => Some(Member::Spider { legs: at_least_one().map(|()| numbers.clone())? }),
        "path" => Some(Member::Path { edges: arity(1).map(|()| numbers[0])? }),
        "star" => Some(Member::Star { leaves: arity(1).map(|()| numbers[0])? }),
        "broom" => {
            arity(2)?;
            Some(Member::Broom { handle: numbers[0], bristles: numbers[1] })
        }
        "caterpillar" => Some(Member::Caterpillar { leaves: at_least_one().map(|()| numbers.clone())? }),
        _ => None,
    };
    if let Some(member) = member {
        let graph = member.graph_within(budget)?;
        let spider = match &member {
            Member::Spider { legs } => Some(SpiderLayout::new(legs).map_err(GraphError::Family)?),
            Member::Star { leaves } => Some(SpiderLayout::new(&vec![1; *leaves]).map_err(GraphError::Family)?),
            Member::Path { edges } => Some(SpiderLayout::new(&[*edges]).map_err(GraphError::Family)?),
            _ => None,
        };
        return Ok(Described { name: member.name(), graph, member: Some(member), plane: None, drawing: None, spider });
    }
    let plane = match family {
        "cycle" => PlaneFamily::Cycle(arity(1).map(|()| numbers[0])?),
        "wheel" => PlaneFamily::Wheel(arity(1).map(|()| numbers[0])?),
        "fan" => PlaneFamily::Fan(arity(1).map(|()| numbers[0])?),
        "ladder" => PlaneFamily::Ladder(arity(1).map(|()| numbers[0])?),
        "prism" => PlaneFamily::Prism(arity(1).map(|()| numbers[0])?),
        "theta" => {
            arity(3)?;
            PlaneFamily::Theta(numbers[0], numbers[1], numbers[2])
        }
        "grid" => {
            arity(2)?;
            PlaneFamily::Grid(numbers[0], numbers[1])
        }
        _ => {
            arity(0)?;
            PlaneFamily::K4
        }
    };
    let embedded = plane.build().map_err(GraphError::Family)?;
    Ok(Described {
        name: plane.to_string(),
        graph: embedded.graph,
        member: None,
        plane: Some(plane),
        drawing: Some(embedded.drawing),
        spider: None,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn budget() -> Budget {
        Budget::bytes(1 << 30)
    }

    #[test]
    fn families_and_graph_lines() {
        let d = describe("spider 4 6 8", budget()).unwrap();
        assert_eq!((d.name.as_str(), d.graph.edge_count()), ("S(4,6,8)", 18));
        assert!(d.spider.is_some());
        assert_eq!(describe("Spider 4,6,8", budget()).unwrap().name, "S(4,6,8)");
        assert_eq!(describe("caterpillar 2,0,3", budget()).unwrap().graph.edge_count(), 7);
        assert_eq!(describe("cycle 5", budget()).unwrap().graph.cell_list().len(), 1);
        let w = describe("wheel 5", budget()).unwrap();
        assert_eq!((w.graph.edge_count(), w.graph.cell_list().len()), (10, 5));
        assert!(w.drawing.is_some());
        assert_eq!(describe("k4", budget()).unwrap().graph.edge_count(), 6);
        assert_eq!(describe("0-1,1-2", budget()).unwrap().graph.edge_count(), 2);
        assert_eq!(describe("Bw", budget()).unwrap().graph.edge_count(), 3);
    }

    #[test]
    fn each_mistake_is_named() {
        let e = |t: &str| describe(t, budget()).unwrap_err().to_string();
        assert!(e("").contains("empty"));
        assert_eq!(
            describe("spidr 4 6 8", budget()).unwrap_err(),
            DescribeError::UnknownFamily { word: "spidr".into(), suggestion: Some("spider") }
        );
        assert!(e("Wheal 5").contains("did you mean \"wheel\"?"), "{}", e("Wheal 5"));
        assert_eq!(
            describe("tree 5", budget()).unwrap_err(),
            DescribeError::UnknownFamily { word: "tree".into(), suggestion: None }
        );
        // graph6 lines are still graph6 lines, and a short broken one is not a misspelt family.
        assert!(describe("Bw", budget()).is_ok());
        assert!(matches!(describe("DQ", budget()), Err(DescribeError::Graph(_))));
        assert_eq!(closest("fna", ["fan"]), None);
        assert_eq!(closest("fn", ["fan"]), Some("fan"));
        assert_eq!(e("path"), "path takes N (edges), but none was given");
        assert_eq!(e("broom 1 2 3"), "broom takes HANDLE BRISTLES, but 3 were given");
        assert_eq!(e("spider 4 x"), "the parameter \"x\" of spider is not a whole number");
        assert!(e("spider 0 0").contains("no edge"), "{}", e("spider 0 0"));
        assert!(e("wheel 2").contains("needs at least 3"), "{}", e("wheel 2"));
        assert!(e("path 4294967296").contains("past the limit"), "{}", e("path 4294967296"));
        assert!(!e("frog 3").is_empty());
        for m in ["", "path", "broom 1 2 3", "spider 4 x", "wheel 2", "frog 3"] {
            assert!(!e(m).contains('\n') && !e(m).contains("--"), "{m}: {}", e(m));
        }
    }
}
