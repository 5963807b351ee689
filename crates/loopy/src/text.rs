//! Reading a game digraph from text: an edge list (adjacency list) or a
//! Graphviz DOT file.
//!
//! **Edge list.** One line per position and its followers; `#` starts a
//! comment; names are separated by spaces, tabs or commas:
//!
//! ```text
//! # Butler University, thawed a bit
//! M
//! A1 M
//! E A1 N2        # E -> A1 and E -> N2
//! N2 -> D        # a line with arrows is a chain: N2 -> D
//! ```
//!
//! A line `u v w` lists the moves `u -> v` and `u -> w`; a line with a single
//! name adds a position; a line with `->` is a chain `a -> b -> c`, where each
//! link may name several positions (`a -> b c` is `a -> b`, `a -> c`).
//!
//! **DOT.** A file whose first word is `digraph`, `graph` or `strict`: node
//! statements, edge statements with chains and `{ ... }` groups, subgraphs;
//! attributes, ports and attribute statements are read and ignored. In an
//! undirected `graph`, `a -- b` is the two moves `a -> b` and `b -> a`.
//!
//! Positions are numbered in order of first appearance.

use crate::digraph::{Digraph, DigraphBuilder, VertexId};
use hashbrown::HashMap;
use std::fmt;

/// A digraph whose positions have names.
#[derive(Debug, Clone)]
pub struct NamedDigraph {
    /// The digraph; position `v` is named `names[v]`.
    pub graph: Digraph,
    /// The names, in order of first appearance.
    pub names: Vec<String>,
    index: HashMap<String, VertexId>,
}

impl NamedDigraph {
    /// The position with this name, if any.
    pub fn vertex(&self, name: &str) -> Option<VertexId> {
        self.index.get(name).copied()
    }

    /// The name of position `v`.
    pub fn name(&self, v: VertexId) -> &str {
        &self.names[v as usize]
    }
}

/// A syntax error in a digraph file, with its line number (from 1).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ParseError {
    /// The line of the error.
    pub line: usize,
    /// What is wrong and what was expected.
    pub message: String,
}

impl fmt::Display for ParseError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "line {}: {}", self.line, self.message)
    }
}

impl std::error::Error for ParseError {}

#[derive(Default)]
struct Names {
    builder: DigraphBuilder,
    names: Vec<String>,
    index: HashMap<String, VertexId>,
}

impl Names {
    fn id(&mut self, name: &str) -> VertexId {
        if let Some(&v) = self.index.get(name) {
            return v;
        }
        let v = self.builder.add_position();
        self.names.push(name.to_string());
        self.index.insert(name.to_string(), v);
        v
    }

    fn arc(&mut self, a: VertexId, b: VertexId) {
        self.builder.add_move(a as usize, b as usize).expect("both positions were added");
    }

    fn finish(self) -> NamedDigraph {
        NamedDigraph { graph: self.builder.build(), names: self.names, index: self.index }
    }
}

/// Reads a digraph from an edge list or DOT text (detected by the first word).
pub fn read_digraph(text: &str) -> Result<NamedDigraph, ParseError> {
    let first_word = text
        .lines()
        .map(|l| l.split('#').next().unwrap_or("").trim())
        .find(|l| !l.is_empty() && !l.starts_with("//"))
        .and_then(|l| l.split(|c: char| c.is_whitespace() || c == '{').next())
        .unwrap_or("");
    if matches!(first_word.to_ascii_lowercase().as_str(), "digraph" | "graph" | "strict") {
        read_dot(text)
    } else {
        read_edge_list(text)
    }
}

/// Reads the edge-list form.
pub fn read_edge_list(text: &str) -> Result<NamedDigraph, ParseError> {
    let mut names = Names::default();
    for (i, line) in text.lines().enumerate() {
        let line = line.split('#').next().unwrap_or("");
        if line.trim().is_empty() {
            continue;
        }
        let words = |s: &str| -> Vec<String> {
            s.split(|c: char| c.is_whitespace() || c == ',').filter(|w| !w.is_empty()).map(str::to_string).collect()
        };
        if line.contains("->") {
            let links: Vec<Vec<String>> = line.split("->").map(words).collect();
            if links.iter().any(Vec::is_empty) {
                return Err(ParseError {
                    line: i + 1,
                    message: "an arrow '->' needs a position on each side, e.g. 'a -> b'".into(),
                });
            }
            let ids: Vec<Vec<VertexId>> = links.iter().map(|l| l.iter().map(|n| names.id(n)).collect()).collect();
            for pair in ids.windows(2) {
                for &a in &pair[0] {
                    for &b in &pair[1] {
                        names.arc(a, b);
                    }
                }
            }
        } else {
            let w = words(line);
            let Some(first) = w.first() else { continue };
            let from = names.id(first);
            for to in &w[1..] {
                let to = names.id(to);
                names.arc(from, to);
            }
        }
    }
    Ok(names.finish())
}

#[derive(Debug, Clone, PartialEq)]
enum Tok {
    Id(String),
    Sym(&'static str),
}

fn tokenize(text: &str) -> Result<Vec<(Tok, usize)>, ParseError> {
    let chars: Vec<char> = text.chars().collect();
    let mut toks = Vec::new();
    let mut line = 1;
    let mut i = 0;
    let at_line_start =
        |chars: &[char], i: usize| chars[..i].iter().rev().take_while(|&&c| c != '\n').all(|c| c.is_whitespace());
    while i < chars.len() {
        let c = chars[i];
        match c {
            '\n' => {
                line += 1;
                i += 1;
            }
            c if c.is_whitespace() => i += 1,
            '#' if at_line_start(&chars, i) => {
                while i < chars.len() && chars[i] != '\n' {
                    i += 1;
                }
            }
            '/' if chars.get(i + 1) == Some(&'/') => {
                while i < chars.len() && chars[i] != '\n' {
                    i += 1;
                }
            }
            '/' if chars.get(i + 1) == Some(&'*') => {
                let start = line;
                i += 2;
                loop {
                    if i + 1 >= chars.len() {
                        return Err(ParseError { line: start, message: "a comment '/*' is never closed".into() });
                    }
                    if chars[i] == '*' && chars[i + 1] == '/' {
                        i += 2;
                        break;
                    }
                    if chars[i] == '\n' {
                        line += 1;
                    }
                    i += 1;
                }
            }
            '-' if matches!(chars.get(i + 1), Some('>') | Some('-')) => {
                toks.push((Tok::Sym(if chars[i + 1] == '>' { "->" } else { "--" }), line));
                i += 2;
            }
            '{' | '}' | '[' | ']' | '=' | ';' | ',' | ':' => {
                let s = match c {
                    '{' => "{",
                    '}' => "}",
                    '[' => "[",
                    ']' => "]",
                    '=' => "=",
                    ';' => ";",
                    ',' => ",",
                    _ => ":",
                };
                toks.push((Tok::Sym(s), line));
                i += 1;
            }
            '"' => {
                let start = line;
                let mut s = String::new();
                i += 1;
                loop {
                    match chars.get(i) {
                        None => {
                            return Err(ParseError { line: start, message: "a quoted name is never closed".into() });
                        }
                        Some('"') => break,
                        Some('\\') if chars.get(i + 1) == Some(&'"') => {
                            s.push('"');
                            i += 1;
                        }
                        Some(&ch) => {
                            if ch == '\n' {
                                line += 1;
                            }
                            s.push(ch);
                        }
                    }
                    i += 1;
                }
                i += 1;
                toks.push((Tok::Id(s), start));
            }
            '<' => {
                // An HTML-like string: keep it whole, nesting included.
                let start = line;
                let mut depth = 0;
                let mut s = String::new();
                loop {
                    let Some(&ch) = chars.get(i) else {
                        return Err(ParseError { line: start, message: "a '<' name is never closed".into() });
                    };
                    match ch {
                        '<' => depth += 1,
                        '>' => depth -= 1,
                        '\n' => line += 1,
                        _ => {}
                    }
                    s.push(ch);
                    i += 1;
                    if depth == 0 {
                        break;
                    }
                }
                toks.push((Tok::Id(s), start));
            }
            c if c.is_alphanumeric() || c == '_' || c == '.' || c == '-' => {
                let mut s = String::new();
                while i < chars.len() {
                    let ch = chars[i];
                    let arrow = ch == '-' && matches!(chars.get(i + 1), Some('>') | Some('-'));
                    if (ch.is_alphanumeric() || ch == '_' || ch == '.' || ch == '-') && !arrow {
                        s.push(ch);
                        i += 1;
                    } else {
                        break;
                    }
                }
                toks.push((Tok::Id(s), line));
            }
            _ => {
                return Err(ParseError { line, message: format!("unexpected character '{c}' in the DOT text") });
            }
        }
    }
    Ok(toks)
}

struct Dot {
    toks: Vec<(Tok, usize)>,
    at: usize,
    directed: bool,
    names: Names,
}

impl Dot {
    fn peek(&self) -> Option<&Tok> {
        self.toks.get(self.at).map(|(t, _)| t)
    }

    fn line(&self) -> usize {
        self.toks.get(self.at).or(self.toks.last()).map_or(1, |&(_, l)| l)
    }

    fn err<T>(&self, message: impl Into<String>) -> Result<T, ParseError> {
        Err(ParseError { line: self.line(), message: message.into() })
    }

    fn eat(&mut self, sym: &'static str) -> bool {
        if self.peek() == Some(&Tok::Sym(sym)) {
            self.at += 1;
            true
        } else {
            false
        }
    }

    fn id(&mut self) -> Option<String> {
        match self.peek() {
            Some(Tok::Id(s)) => {
                let s = s.clone();
                self.at += 1;
                Some(s)
            }
            _ => None,
        }
    }

    fn keyword(&self, word: &str) -> bool {
        matches!(self.peek(), Some(Tok::Id(s)) if s.eq_ignore_ascii_case(word))
    }

    fn skip_attributes(&mut self) -> Result<(), ParseError> {
        while self.eat("[") {
            loop {
                if self.eat("]") {
                    break;
                }
                if self.id().is_none() && !self.eat(",") && !self.eat(";") && !self.eat("=") {
                    return self.err("expected an attribute 'name=value' or ']' in an attribute list");
                }
            }
        }
        Ok(())
    }

    /// graph := [strict] (graph | digraph) [ID] '{' stmts '}'
    fn graph(&mut self) -> Result<(), ParseError> {
        if self.keyword("strict") {
            self.at += 1;
        }
        if self.keyword("digraph") {
            self.directed = true;
        } else if self.keyword("graph") {
            self.directed = false;
        } else {
            return self.err("a DOT file starts with 'digraph' or 'graph'");
        }
        self.at += 1;
        self.id();
        if !self.eat("{") {
            return self.err("expected '{' after the graph header");
        }
        self.statements()?;
        if self.at < self.toks.len() {
            return self.err("unexpected text after the closing '}' of the graph");
        }
        Ok(())
    }

    /// Statements up to and including the closing '}'; returns the positions
    /// they name.
    fn statements(&mut self) -> Result<Vec<VertexId>, ParseError> {
        let mut seen = Vec::new();
        loop {
            if self.eat("}") {
                return Ok(seen);
            }
            if self.peek().is_none() {
                return self.err("missing '}' at the end of the graph");
            }
            if self.eat(";") {
                continue;
            }
            if self.keyword("graph") || self.keyword("node") || self.keyword("edge") {
                let save = self.at;
                self.at += 1;
                if self.peek() == Some(&Tok::Sym("[")) {
                    self.skip_attributes()?;
                    continue;
                }
                self.at = save;
            }
            // ID '=' ID: a graph attribute.
            if matches!(self.peek(), Some(Tok::Id(_)))
                && self.toks.get(self.at + 1).map(|(t, _)| t) == Some(&Tok::Sym("="))
            {
                self.at += 2;
                if self.id().is_none() {
                    return self.err("expected a value after '='");
                }
                continue;
            }
            let mut group = self.operand()?;
            seen.extend_from_slice(&group);
            loop {
                let arrow = if self.eat("->") {
                    if !self.directed {
                        return self.err("'->' in an undirected graph; use '--' or write 'digraph'");
                    }
                    true
                } else if self.eat("--") {
                    if self.directed {
                        return self.err("'--' in a digraph; use '->' or write 'graph'");
                    }
                    false
                } else {
                    break;
                };
                let next = self.operand()?;
                seen.extend_from_slice(&next);
                for &a in &group {
                    for &b in &next {
                        self.names.arc(a, b);
                        if !arrow {
                            self.names.arc(b, a);
                        }
                    }
                }
                group = next;
            }
            self.skip_attributes()?;
        }
    }

    /// operand := ID [':' port [':' compass]] | [subgraph [ID]] '{' stmts '}'
    fn operand(&mut self) -> Result<Vec<VertexId>, ParseError> {
        if self.keyword("subgraph") {
            self.at += 1;
            if self.peek() != Some(&Tok::Sym("{")) {
                self.id();
            }
        }
        if self.eat("{") {
            return self.statements();
        }
        let Some(name) = self.id() else {
            return self.err("expected a node name, '{' or a statement");
        };
        while self.eat(":") {
            if self.id().is_none() {
                return self.err("expected a port name after ':'");
            }
        }
        Ok(vec![self.names.id(&name)])
    }
}

/// Reads the DOT form.
pub fn read_dot(text: &str) -> Result<NamedDigraph, ParseError> {
    let toks = tokenize(text)?;
    let mut dot = Dot { toks, at: 0, directed: true, names: Names::default() };
    dot.graph()?;
    Ok(dot.names.finish())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn arcs(g: &NamedDigraph) -> Vec<(String, String)> {
        let mut v: Vec<(String, String)> =
            g.graph.moves().map(|(a, b)| (g.name(a).to_string(), g.name(b).to_string())).collect();
        v.sort();
        v
    }

    fn pairs(list: &[(&str, &str)]) -> Vec<(String, String)> {
        let mut v: Vec<(String, String)> = list.iter().map(|(a, b)| (a.to_string(), b.to_string())).collect();
        v.sort();
        v
    }

    #[test]
    fn edge_list_forms() {
        let g = read_digraph("# c\nM\nA1 M\nE A1, N2 # two moves\nN2 -> D -> R2 x\n\n").unwrap();
        assert_eq!(g.names, vec!["M", "A1", "E", "N2", "D", "R2", "x"]);
        assert_eq!(arcs(&g), pairs(&[("A1", "M"), ("E", "A1"), ("E", "N2"), ("N2", "D"), ("D", "R2"), ("D", "x")]));
        assert_eq!(read_digraph("a ->\n").unwrap_err().line, 1);
    }

    #[test]
    fn dot_forms() {
        let text = r#"
            strict digraph "G" {
              rankdir=LR; node [shape=circle]
              a -> b -> {c d} [label="x"];
              // comment
              subgraph s { e; f:n -> a }
              "g h" /* block
              comment */ -> a
            }"#;
        let g = read_digraph(text).unwrap();
        assert_eq!(arcs(&g), pairs(&[("a", "b"), ("b", "c"), ("b", "d"), ("f", "a"), ("g h", "a")]));
        assert!(g.vertex("e").is_some());
        let u = read_digraph("graph { a -- b }").unwrap();
        assert_eq!(arcs(&u), pairs(&[("a", "b"), ("b", "a")]));
        let e = read_digraph("digraph {\n a -> \n}").unwrap_err();
        assert_eq!(e.line, 3);
        assert!(read_digraph("digraph { a -- b }").is_err());
        assert!(read_digraph("digraph { a -> b").is_err());
    }
}
