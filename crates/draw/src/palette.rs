//! Colours: one per component of the unmarked edges (neighbouring
//! components always differ), dark arrows, an accent for the highlighted
//! moves, and light fills for the cells of a plane graph.
//!
//! The component colours are taken from Okabe and Ito's and Tol's
//! colour-blind-safe palettes, leaving out the reds and oranges so that the
//! accent stands apart; the highlighted moves are also dashed, so they
//! differ by more than colour.

use arrows_core::{Graph, Vertex};

/// A named colour: the name is used by TikZ (`\definecolor`), the hex value everywhere.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Colour {
    /// The TikZ colour name.
    pub name: &'static str,
    /// `RRGGBB`.
    pub hex: &'static str,
}

const fn colour(name: &'static str, hex: &'static str) -> Colour {
    Colour { name, hex }
}

/// The colours of the components, in the order they are handed out.
pub const COMPONENTS: [Colour; 6] = [
    colour("arrowsBlue", "0072B2"),
    colour("arrowsGreen", "009E73"),
    colour("arrowsPurple", "AA3377"),
    colour("arrowsSky", "56B4E9"),
    colour("arrowsOchre", "997700"),
    colour("arrowsSlate", "5D5D8A"),
];
/// Arrows (marked edges) and vertex outlines.
pub const INK: Colour = colour("arrowsInk", "222222");
/// Unmarked edges in no component (dead edges: no move can ever mark them), and edges when no component is given.
pub const PLAIN: Colour = colour("arrowsPlain", "9A9A9A");
/// Highlighted moves.
pub const ACCENT: Colour = colour("arrowsAccent", "E03C12");
/// A live cell of a plane graph.
pub const CELL_LIVE: Colour = colour("arrowsCellLive", "E6EEF6");
/// A dead cell (it can never be completed).
pub const CELL_DEAD: Colour = colour("arrowsCellDead", "EEEEEE");
/// A completed cell.
pub const CELL_COMPLETED: Colour = colour("arrowsCellDone", "FBDDD0");

/// A colour index into [`COMPONENTS`] for each component (given by the
/// vertices each touches). With no more components than colours, each has
/// its own colour; with more, each in turn takes, of the colours no
/// component sharing a vertex with it has taken, the one used least so far
/// (any colour when every one is taken around it).
pub fn colour_components(graph: &Graph, touches: &[Vec<Vertex>]) -> Vec<usize> {
    if touches.len() <= COMPONENTS.len() {
        return (0..touches.len()).collect();
    }
    let mut at: Vec<Vec<usize>> = vec![Vec::new(); graph.vertex_count()];
    for (c, vertices) in touches.iter().enumerate() {
        for &v in vertices {
            at[v].push(c);
        }
    }
    let mut used = [0usize; COMPONENTS.len()];
    let mut chosen: Vec<usize> = Vec::with_capacity(touches.len());
    for (c, vertices) in touches.iter().enumerate() {
        let mut taken = [false; COMPONENTS.len()];
        for &v in vertices {
            for &other in &at[v] {
                if other < c {
                    taken[chosen[other]] = true;
                }
            }
        }
        let free = (0..COMPONENTS.len()).filter(|&k| !taken[k]).min_by_key(|&k| used[k]);
        let pick = free.unwrap_or_else(|| (0..COMPONENTS.len()).min_by_key(|&k| used[k]).unwrap_or(0));
        used[pick] += 1;
        chosen.push(pick);
    }
    chosen
}

#[cfg(test)]
mod tests {
    use super::*;
    use arrows_core::families;

    #[test]
    fn few_components_each_get_their_own_colour_and_neighbours_always_differ() {
        let star = families::star(14).unwrap();
        let few: Vec<Vec<Vertex>> = (1..=4).map(|leaf| vec![0, leaf]).collect();
        assert_eq!(colour_components(&star, &few), vec![0, 1, 2, 3]);
        // Fourteen legs of a star all meet at the hub: colours are spread evenly.
        let many: Vec<Vec<Vertex>> = (1..=14).map(|leaf| vec![0, leaf]).collect();
        let chosen = colour_components(&star, &many);
        let mut counts = [0; COMPONENTS.len()];
        chosen.iter().for_each(|&k| counts[k] += 1);
        assert!(counts.iter().all(|&n| n == 2 || n == 3), "{counts:?}");
        // A path split into 8 one-edge pieces: neighbours never share a colour.
        let path = families::path(9).unwrap();
        let pieces: Vec<Vec<Vertex>> = (0..8).map(|i| vec![i, i + 1]).collect();
        let chosen = colour_components(&path, &pieces);
        assert!(chosen.windows(2).all(|w| w[0] != w[1]), "{chosen:?}");
    }
}
