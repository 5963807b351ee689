//! The plane families a table sweeps: wheels, fans, theta graphs, grids,
//! ladders and prisms, each member with its cycle cells (the bounded faces
//! of its natural drawing, [`arrows_core::plane::families`]), so that the
//! Game of Cycles can be played on it.
//!
//! Rows are keyed by the family's parameters. A theta graph `Θ(A,B,C)` is
//! the same plane graph whatever the order of its three paths (up to
//! reflection, which maps cells to cells), so its rows list `A <= B <= C`,
//! each triple once, and leave out the triples with two paths of length 1
//! (two edges between the poles: not a simple graph). A grid `m x n` is
//! the `n x m` grid turned a quarter, so its rows list `m <= n`.

use crate::family::Key;
use crate::span::Span;
use arrows_core::plane::PlaneFamily;
use arrows_core::{FamilyError, Graph};
use std::fmt;
use std::ops::ControlFlow;

/// Which plane family.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, serde::Serialize, serde::Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Plane {
    /// Wheels with `n` spokes (`n >= 3`), `2n` edges, `n` triangular cells.
    Wheel,
    /// Fans on a path of `n` vertices (`n >= 2`), `2n - 1` edges, `n - 1` cells.
    Fan,
    /// Theta graphs `Θ(A,B,C)` (each path at least 1 edge), two cells.
    Theta,
    /// Grids of `m x n` vertices (both at least 2), unit squares as cells.
    Grid,
    /// Ladders with `n` rungs (`n >= 2`): the `2 x n` grid.
    Ladder,
    /// Prisms over an `n`-gon (`n >= 3`): `3n` edges, `n + 1` cells.
    Prism,
}

impl Plane {
    /// Every plane family a table sweeps.
    pub const ALL: [Plane; 6] = [Plane::Wheel, Plane::Fan, Plane::Theta, Plane::Grid, Plane::Ladder, Plane::Prism];

    /// The family's word, as on the command line: `wheel`, `theta`, ...
    pub fn word(self) -> &'static str {
        match self {
            Plane::Wheel => "wheel",
            Plane::Fan => "fan",
            Plane::Theta => "theta",
            Plane::Grid => "grid",
            Plane::Ladder => "ladder",
            Plane::Prism => "prism",
        }
    }

    /// The family's members in words: `wheels`, `theta graphs`, ...
    pub fn plural(self) -> &'static str {
        match self {
            Plane::Wheel => "wheels",
            Plane::Fan => "fans",
            Plane::Theta => "theta graphs",
            Plane::Grid => "grids",
            Plane::Ladder => "ladders",
            Plane::Prism => "prisms",
        }
    }

    /// The key columns: one per parameter.
    pub fn columns(self) -> &'static [&'static str] {
        match self {
            Plane::Wheel => &["spokes"],
            Plane::Fan => &["vertices"],
            Plane::Theta => &["A", "B", "C"],
            Plane::Grid => &["m", "n"],
            Plane::Ladder => &["rungs"],
            Plane::Prism => &["sides"],
        }
    }

    /// The least value of each parameter.
    pub fn least(self) -> usize {
        match self {
            Plane::Wheel | Plane::Prism => 3,
            Plane::Fan | Plane::Grid | Plane::Ladder => 2,
            Plane::Theta => 1,
        }
    }

    /// The family whose key columns are `columns`, if any.
    pub fn of_columns(columns: &[String]) -> Option<Plane> {
        Plane::ALL.into_iter().find(|p| p.columns().iter().eq(columns.iter()))
    }

    /// The member a key names.
    pub fn member(self, v: &[usize]) -> PlaneFamily {
        match self {
            Plane::Wheel => PlaneFamily::Wheel(v[0]),
            Plane::Fan => PlaneFamily::Fan(v[0]),
            Plane::Theta => PlaneFamily::Theta(v[0], v[1], v[2]),
            Plane::Grid => PlaneFamily::Grid(v[0], v[1]),
            Plane::Ladder => PlaneFamily::Ladder(v[0]),
            Plane::Prism => PlaneFamily::Prism(v[0]),
        }
    }

    /// The plane graph a key names, with its cells.
    pub fn graph(self, v: &[usize]) -> Result<Graph, FamilyError> {
        if v.len() != self.columns().len() {
            return Err(FamilyError::NoMembers { family: format!("{self} with {} parameters", v.len()) });
        }
        self.member(v).build().map(|e| e.graph)
    }

    /// Calls `each` with every key of the sweep over `ranges` (one per
    /// column), in table order.
    pub fn for_each_key(self, ranges: &[Span], mut each: impl FnMut(&[usize])) {
        let _ = self.try_for_each_key(ranges, |v| {
            each(v);
            ControlFlow::<()>::Continue(())
        });
    }

    /// [`Plane::for_each_key`], until `each` breaks.
    pub fn try_for_each_key<B>(
        self,
        ranges: &[Span],
        mut each: impl FnMut(&[usize]) -> ControlFlow<B>,
    ) -> ControlFlow<B> {
        match self {
            Plane::Theta => {
                let (a, b, c) = (ranges[0], ranges[1], ranges[2]);
                for x in a.values() {
                    for y in b.values().filter(|&y| y >= x) {
                        for z in c.values().filter(|&z| z >= y) {
                            if [x, y, z].iter().filter(|&&l| l == 1).count() <= 1 {
                                each(&[x, y, z])?;
                            }
                        }
                    }
                }
            }
            Plane::Grid => {
                for m in ranges[0].values() {
                    for n in ranges[1].values().filter(|&n| n >= m) {
                        each(&[m, n])?;
                    }
                }
            }
            _ => {
                for n in ranges[0].values() {
                    each(&[n])?;
                }
            }
        }
        ControlFlow::Continue(())
    }

    /// The rows over `ranges`, counted without building graphs.
    pub fn count(self, ranges: &[Span]) -> usize {
        let mut n = 0;
        self.for_each_key(ranges, |_| n += 1);
        n
    }

    /// Calls `each` on every member of the sweep with its key, in table order, until it breaks.
    pub fn try_for_each<B>(
        self,
        ranges: &[Span],
        mut each: impl FnMut(Key, Graph) -> ControlFlow<B>,
    ) -> ControlFlow<B> {
        self.try_for_each_key(ranges, |v| {
            let g = self.graph(v).expect("the ranges were checked against the family's least values");
            each(Key::Numbers(v.to_vec()), g)
        })
    }

    /// The name of the member a key names: `wheel 5`, `theta 2 3 4`, `grid 3 4`.
    pub fn name(self, v: &[usize]) -> String {
        self.member(v).to_string()
    }

    /// The sweep in words: `wheels, 3..12 spokes`.
    pub fn describe(self, ranges: &[Span]) -> String {
        match self {
            Plane::Wheel => format!("wheels, {} spokes", ranges[0]),
            Plane::Fan => format!("fans, paths of {} vertices", ranges[0]),
            Plane::Theta => {
                format!("theta graphs Θ(A,B,C), A = {}, B = {}, C = {} (A <= B <= C)", ranges[0], ranges[1], ranges[2])
            }
            Plane::Grid => format!("grids m x n, m = {}, n = {} (m <= n)", ranges[0], ranges[1]),
            Plane::Ladder => format!("ladders, {} rungs", ranges[0]),
            Plane::Prism => format!("prisms over {}-gons", ranges[0]),
        }
    }
}

impl fmt::Display for Plane {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.word())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn span(lo: usize, hi: usize) -> Span {
        Span::new(lo, hi).unwrap()
    }

    #[test]
    fn theta_rows_are_sorted_triples_without_a_double_edge() {
        let r = [span(1, 3); 3];
        let mut keys = Vec::new();
        Plane::Theta.for_each_key(&r, |v| keys.push(v.to_vec()));
        // Multisets of size 3 from {1,2,3}: 10, less {1,1,1}, {1,1,2}, {1,1,3}.
        assert_eq!(keys.len(), 7);
        assert!(keys.iter().all(|v| v[0] <= v[1] && v[1] <= v[2]));
        assert!(keys.iter().all(|v| Plane::Theta.graph(v).is_ok()));
    }

    #[test]
    fn every_key_builds_its_member_with_its_cells() {
        for plane in Plane::ALL {
            let ranges = vec![span(plane.least(), plane.least() + 2); plane.columns().len()];
            let mut n = 0;
            let _ = plane.try_for_each(&ranges, |_, g| {
                assert!(g.is_plane(), "{plane}");
                n += 1;
                ControlFlow::<()>::Continue(())
            });
            assert_eq!(n, plane.count(&ranges));
            assert_eq!(
                Plane::of_columns(&plane.columns().iter().map(|c| c.to_string()).collect::<Vec<_>>()),
                Some(plane)
            );
        }
    }
}
