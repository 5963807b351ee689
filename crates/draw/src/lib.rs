//! Drawings of positions of the Game of Arrows and the Game of Cycles: SVG
//! for the browser and for slides, TikZ for papers, plain text for
//! terminals.
//!
//! A [`Picture`] owns everything it draws: the graph, the state (its
//! arrows drawn as arrows, with heads at the head vertex), the components
//! of the unmarked edges (each in its own colour), moves to highlight (the
//! winning moves: dashed arrows in an accent colour beside their edges),
//! the cells of a plane graph (shaded live, dead or completed), vertex
//! numbers, and an optional title line. The vertices go where a given
//! [`Drawing`](arrows_core::plane::Drawing) puts them, or where a
//! [`Layout`] made from the graph's shape puts them: spiders radially,
//! paths in a line, trees in layers, plane graphs by Tutte's embedding of
//! their cells, other graphs by stress majorization.
//!
//! The SVG is for web pages too: every edge is one element carrying
//! `data-edge="u-v"` (smaller end first), every vertex one carrying
//! `data-vertex="v"`.
//!
//! ```
//! use arrows_core::{Arrow, Decoration, families};
//! use arrows_draw::{Format, Picture};
//!
//! let graph = families::spider(&[4, 6, 8]).unwrap();
//! let state = Decoration::parse(&graph, "0>1").unwrap();
//! let picture = Picture::new(graph, state)
//!     .with_highlights(vec![Arrow::new(1, 2)])
//!     .with_title("S(4,6,8)");
//! let svg = picture.render(Format::Svg).unwrap();
//! assert!(svg.contains(r#"data-edge="0-1""#));
//! assert!(picture.text().unwrap().contains("hub 0 ─▶ 1 ─ 2"));
//! ```

mod error;
pub mod layout;
pub mod palette;
mod picture;
mod scene;
pub mod solved;
mod svg;
mod text;
mod tikz;

pub use error::DrawError;
pub use layout::{Clearance, Layout, Method};
pub use picture::{Format, Picture, UnknownFormat};
pub use tikz::{BEGIN_MARKER, END_MARKER};
