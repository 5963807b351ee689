//! Vertices named as the caller named them.
//!
//! A graph read from networkx, or from edge pairs whose ends are not
//! numbers, has its vertices numbered `0..n` in node order; the caller's
//! labels stay with the graph ([`crate::graph::PyGraph`]) so that messages
//! name vertices by their labels (`'a'`, `(0, 1)`), as the caller wrote
//! them. Without labels, vertices are named by number and arrows in the
//! library's notation (`3>4`).

use arrows_core::{Arrow, Vertex};
use pyo3::prelude::*;

/// How vertices are named in messages.
pub struct Names<'py> {
    labels: Option<Bound<'py, PyAny>>,
}

impl<'py> Names<'py> {
    /// Names from a sequence of labels (`labels[v]` names vertex `v`), or by number.
    pub fn new(py: Python<'py>, labels: Option<&Py<PyAny>>) -> Names<'py> {
        Names { labels: labels.map(|l| l.bind(py).clone()) }
    }

    /// `true` when vertices have labels of the caller's.
    pub fn labelled(&self) -> bool {
        self.labels.is_some()
    }

    /// A vertex: its number, or its label's `repr`.
    pub fn vertex(&self, v: Vertex) -> String {
        match &self.labels {
            None => v.to_string(),
            Some(labels) => labels.get_item(v).and_then(|l| l.repr().map(|r| r.to_string())).unwrap_or(v.to_string()),
        }
    }

    /// An arrow: `3>4`, or the pair of labels `('a', 'b')`.
    pub fn arrow(&self, a: Arrow) -> String {
        if self.labelled() { format!("({}, {})", self.vertex(a.tail), self.vertex(a.head)) } else { a.to_string() }
    }

    /// An edge: `3-4`, or the pair of labels `('a', 'b')`.
    pub fn edge(&self, u: Vertex, v: Vertex) -> String {
        if self.labelled() { format!("({}, {})", self.vertex(u), self.vertex(v)) } else { format!("{u}-{v}") }
    }
}
