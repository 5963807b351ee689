//! `arrows trim`: the trimming of a graph (Definition 3.3).

use crate::error::CliResult;
use crate::flags::trim::TrimArgs;
use arrows_core::{formats, trim};
use arrows_text::count;
use serde::Serialize;
use std::io::Write;

#[derive(Serialize)]
struct TrimReport {
    graph: String,
    edges: usize,
    /// Vertices of the graph with no edge (trimming drops them).
    #[serde(skip_serializing_if = "is_zero")]
    isolated_vertices: usize,
    trimmed_vertices: usize,
    trimmed_edges: usize,
    /// The trimmed graph as an edge list (empty when trimming leaves nothing).
    edge_list: String,
    /// The trimmed graph in graph6, when that is its shorter text (absent
    /// when trimming leaves nothing).
    #[serde(skip_serializing_if = "Option::is_none")]
    graph6: Option<String>,
    /// The trimmed graph in sparse6, when that is its shorter text (large
    /// sparse graphs: graph6 grows with the square of the vertices).
    #[serde(skip_serializing_if = "Option::is_none")]
    sparse6: Option<String>,
    /// For each vertex of the trimmed graph, its name in the original graph:
    /// `5`, or `5_3` for the copy of 5 made for its edge toward 3.
    vertex_names: Vec<String>,
    /// For each edge of the trimmed graph, the original edge as `s-t`.
    edge_origin: Vec<String>,
}

fn is_zero(n: &usize) -> bool {
    *n == 0
}

/// Prints the trimming of every graph of the source.
pub fn run(args: &TrimArgs) -> CliResult {
    let mut out = std::io::stdout().lock();
    args.source.for_each(|named| {
        let t = trim(&named.graph);
        let text = (!t.graph.is_empty()).then(|| formats::to_shortest(&t.graph));
        let (graph6, sparse6) = match text {
            Some(s) if s.starts_with(':') => (None, Some(s)),
            other => (other, None),
        };
        let r = TrimReport {
            graph: named.name.clone(),
            edges: named.graph.edge_count(),
            isolated_vertices: named.graph.isolated_count(),
            trimmed_vertices: t.graph.vertex_count(),
            trimmed_edges: t.graph.edge_count(),
            edge_list: t.graph.edge_list(),
            graph6,
            sparse6,
            vertex_names: (0..t.graph.vertex_count()).map(|v| t.vertex_name(v)).collect(),
            edge_origin: t
                .edge_origin
                .iter()
                .map(|&e| {
                    let (s, u) = named.graph.ends(e);
                    format!("{s}-{u}")
                })
                .collect(),
        };
        if args.json {
            writeln!(out, "{}", serde_json::to_string(&r).expect("a report serializes"))?;
            return Ok(());
        }
        writeln!(out, "graph          {} ({})", r.graph, count(r.edges as u64, "edge"))?;
        if r.isolated_vertices > 0 {
            writeln!(
                out,
                "               {} dropped",
                count(r.isolated_vertices as u64, "isolated vertex|isolated vertices")
            )?;
        }
        if t.graph.is_empty() {
            writeln!(out, "trimmed        empty (no edge joins two internal vertices)")?;
            return Ok(());
        }
        let vertices = count(r.trimmed_vertices as u64, "vertex|vertices");
        writeln!(out, "trimmed        {vertices}, {}", count(r.trimmed_edges as u64, "edge"))?;
        writeln!(out, "edge list      {}", r.edge_list)?;
        match (&r.graph6, &r.sparse6) {
            (Some(g6), _) => writeln!(out, "graph6         {g6}")?,
            (_, Some(s6)) => writeln!(out, "sparse6        {s6}")?,
            _ => {}
        }
        let names: Vec<String> = r.vertex_names.iter().enumerate().map(|(v, n)| format!("{v}={n}")).collect();
        writeln!(out, "vertices       {}", names.join(" "))?;
        writeln!(
            out,
            "               (i=j: trimmed vertex i is vertex j of {}; the edge list and graph6 above use the \
             trimmed numbers)",
            r.graph
        )?;
        Ok(())
    })
}
