//! What a vertex still needs, given the arrows already at it.
//!
//! In a state, each vertex of the unmarked subgraph carries one [`Need`]:
//!
//! * [`Need::Free`]: it can never become a sink or a source (a leaf in the
//!   Trimmed Game of Arrows, or a vertex that already has an in-arrow and an
//!   out-arrow, or one with an edge that can never be marked);
//! * [`Need::Out`]: only in-arrows so far: its last unmarked edge may not be
//!   marked inward (it would become a sink);
//! * [`Need::In`]: only out-arrows so far, symmetrically;
//! * [`Need::Both`]: no arrow yet: its last unmarked edge may not be marked
//!   at all.
//!
//! The future of the game depends on the marked edges only through these
//! labels, which is why a labelled unmarked subgraph determines the state up
//! to state isomorphism (Definition 4.5). The flip swaps `In` and `Out`.

use arrows_core::{Decoration, Graph, Variant, Vertex, VertexCount};

/// What a vertex needs so that it never becomes a sink or a source.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
#[repr(u8)]
pub enum Need {
    /// Unconstrained.
    Free = 0,
    /// Needs an in-arrow (has only out-arrows).
    In = 1,
    /// Needs an out-arrow (has only in-arrows).
    Out = 2,
    /// Needs both (no arrow yet).
    Both = 3,
}

impl Need {
    /// The label of `v` in state `d`.
    pub fn of(graph: &Graph, variant: Variant, d: &Decoration, v: Vertex) -> Need {
        if !variant.is_constrained(graph, v) {
            return Need::Free;
        }
        let c = VertexCount::of(graph, d, v);
        match (c.ins > 0, c.outs > 0) {
            (true, true) => Need::Free,
            (true, false) => Need::Out,
            (false, true) => Need::In,
            (false, false) => Need::Both,
        }
    }

    /// The label from its 2-bit code.
    pub fn from_bits(b: u8) -> Need {
        match b & 3 {
            0 => Need::Free,
            1 => Need::In,
            2 => Need::Out,
            _ => Need::Both,
        }
    }

    /// The flip: `In` and `Out` swap.
    pub fn flip(self) -> Need {
        match self {
            Need::In => Need::Out,
            Need::Out => Need::In,
            x => x,
        }
    }

    /// The label after the vertex gains an out-arrow.
    pub fn after_out(self) -> Need {
        match self {
            Need::Both => Need::In,
            Need::Out => Need::Free,
            x => x,
        }
    }

    /// The label after the vertex gains an in-arrow.
    pub fn after_in(self) -> Need {
        match self {
            Need::Both => Need::Out,
            Need::In => Need::Free,
            x => x,
        }
    }

    /// `true` when marking the vertex's edge outward is illegal because it is
    /// its last unmarked edge (`degree == 1`) and the vertex would become a source.
    pub fn blocks_out(self, degree: usize) -> bool {
        degree == 1 && matches!(self, Need::In | Need::Both)
    }

    /// `true` when marking the vertex's last unmarked edge inward would make it a sink.
    pub fn blocks_in(self, degree: usize) -> bool {
        degree == 1 && matches!(self, Need::Out | Need::Both)
    }

    /// One letter: `f`, `i`, `o`, `b`.
    pub fn letter(self) -> char {
        ['f', 'i', 'o', 'b'][self as usize]
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn transitions_match_the_sink_and_source_rule() {
        for n in [Need::Free, Need::In, Need::Out, Need::Both] {
            // Blocking the last edge outward exactly when the vertex would be
            // left needing an in-arrow with no edge to get it from.
            assert_eq!(n.blocks_out(1), n.after_out() == Need::In);
            assert_eq!(n.blocks_in(1), n.after_in() == Need::Out);
            assert!(!n.blocks_out(2) && !n.blocks_in(2));
            assert_eq!(n.flip().after_out(), n.after_in().flip());
            assert_eq!(Need::from_bits(n as u8), n);
        }
    }
}
