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
//! attributes, ports and attribute statements are read and ignored.
//!
//! A game digraph is directed: [`read_digraph`] refuses an undirected DOT
//! `graph` (whose `a -- b` would silently become a 2-cycle). Uses where the
//! direction does not matter, such as cop-win recognition, read with
//! [`read_graph`], which takes `a -- b` as the two moves `a -> b` and
//! `b -> a`.
//!
//! Positions are numbered in order of first appearance. Errors name the line
//! and the column (both from 1, columns counted in characters).

use crate::digraph::{Digraph, DigraphBuilder, VertexId};
use hashbrown::HashMap;

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

/// A syntax error in a digraph file, with its place (line and column from 1).
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("line {line}, column {column}: {kind}")]
pub struct ParseError {
    /// The line of the error.
    pub line: usize,
    /// The column of the error, in characters.
    pub column: usize,
    /// What is wrong.
    pub kind: ParseErrorKind,
}

/// What is wrong in a digraph file.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum ParseErrorKind {
    /// An edge-list arrow with nothing on one side.
    #[error("an arrow '->' needs a position on each side, e.g. 'a -> b'")]
    ArrowWithoutEnd,
    /// An undirected DOT `graph` where a game digraph was expected.
    #[error("a game digraph is directed, but this DOT graph is undirected; write 'digraph' and '->'")]
    Undirected,
    /// `--` inside a `digraph`.
    #[error("'--' in a digraph; use '->'")]
    UndirectedEdge,
    /// `->` inside an undirected `graph`.
    #[error("'->' in an undirected graph; use '--' or write 'digraph'")]
    DirectedEdge,
    /// A character DOT does not allow there.
    #[error("unexpected character '{found}' in the DOT text")]
    UnexpectedCharacter {
        /// The character read.
        found: char,
    },
    /// A `/*` comment, a quoted name or a `<...>` name that is never closed.
    #[error("{opening} is never closed")]
    Unclosed {
        /// What was opened: `a comment '/*'`, `a quoted name`, `a '<' name`.
        opening: &'static str,
    },
    /// Something else than the DOT grammar allows.
    #[error("{expected}")]
    Syntax {
        /// What was expected there.
        expected: &'static str,
    },
}

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

/// Reads a game digraph from an edge list or DOT text (told apart by the
/// first word). An undirected DOT `graph` is refused
/// ([`ParseErrorKind::Undirected`]): a game digraph is directed.
pub fn read_digraph(text: &str) -> Result<NamedDigraph, ParseError> {
    if is_dot(text) {
        let (graph, header) = read_dot(text)?;
        match header {
            None => Ok(graph),
            Some((line, column)) => Err(ParseError { line, column, kind: ParseErrorKind::Undirected }),
        }
    } else {
        read_edge_list(text)
    }
}

/// Reads a graph whose direction does not matter (for cop-win recognition):
/// an edge list, a DOT `digraph`, or a DOT `graph`, whose `a -- b` becomes
/// the two moves `a -> b` and `b -> a`.
pub fn read_graph(text: &str) -> Result<NamedDigraph, ParseError> {
    if is_dot(text) { read_dot(text).map(|(graph, _)| graph) } else { read_edge_list(text) }
}

/// Whether the first word of `text` starts a DOT file.
fn is_dot(text: &str) -> bool {
    let first_word = text
        .lines()
        .map(|l| l.split('#').next().unwrap_or("").trim())
        .find(|l| !l.is_empty() && !l.starts_with("//"))
        .and_then(|l| l.split(|c: char| c.is_whitespace() || c == '{').next())
        .unwrap_or("");
    matches!(first_word.to_ascii_lowercase().as_str(), "digraph" | "graph" | "strict")
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
            if let Some(empty) = links.iter().position(Vec::is_empty) {
                // The arrow before the empty link, or after it for the first.
                let arrow = empty.saturating_sub(1).min(links.len() - 2);
                let at = line.match_indices("->").nth(arrow).map_or(0, |(b, _)| b);
                let column = line[..at].chars().count() + 1;
                return Err(ParseError { line: i + 1, column, kind: ParseErrorKind::ArrowWithoutEnd });
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

/// A token and its place: line and column, from 1.
type Placed = (Tok, usize, usize);

/// Walks the characters of a text, keeping the line and column.
struct Cursor {
    chars: Vec<char>,
    at: usize,
    line: usize,
    line_start: usize,
}

impl Cursor {
    fn peek(&self, ahead: usize) -> Option<char> {
        self.chars.get(self.at + ahead).copied()
    }

    fn column(&self) -> usize {
        self.at - self.line_start + 1
    }

    fn place(&self) -> (usize, usize) {
        (self.line, self.column())
    }

    /// Moves past one character.
    fn bump(&mut self) {
        if self.chars.get(self.at) == Some(&'\n') {
            self.line += 1;
            self.line_start = self.at + 1;
        }
        self.at += 1;
    }

    fn skip_line(&mut self) {
        while self.peek(0).is_some_and(|c| c != '\n') {
            self.bump();
        }
    }

    /// Whether only blanks precede the cursor on its line.
    fn at_line_start(&self) -> bool {
        self.chars[self.line_start..self.at].iter().all(|c| c.is_whitespace())
    }
}

fn unclosed(at: (usize, usize), opening: &'static str) -> ParseError {
    ParseError { line: at.0, column: at.1, kind: ParseErrorKind::Unclosed { opening } }
}

fn is_name_char(c: char) -> bool {
    c.is_alphanumeric() || c == '_' || c == '.' || c == '-'
}

fn tokenize(text: &str) -> Result<Vec<Placed>, ParseError> {
    let mut cur = Cursor { chars: text.chars().collect(), at: 0, line: 1, line_start: 0 };
    let mut toks = Vec::new();
    while let Some(c) = cur.peek(0) {
        let start = cur.place();
        let push = |toks: &mut Vec<Placed>, t: Tok| toks.push((t, start.0, start.1));
        match c {
            c if c.is_whitespace() => cur.bump(),
            '#' if cur.at_line_start() => cur.skip_line(),
            '/' if cur.peek(1) == Some('/') => cur.skip_line(),
            '/' if cur.peek(1) == Some('*') => {
                cur.bump();
                cur.bump();
                loop {
                    match (cur.peek(0), cur.peek(1)) {
                        (Some('*'), Some('/')) => break,
                        (Some(_), Some(_)) => cur.bump(),
                        _ => return Err(unclosed(start, "a comment '/*'")),
                    }
                }
                cur.bump();
                cur.bump();
            }
            '-' if matches!(cur.peek(1), Some('>') | Some('-')) => {
                push(&mut toks, Tok::Sym(if cur.peek(1) == Some('>') { "->" } else { "--" }));
                cur.bump();
                cur.bump();
            }
            '{' | '}' | '[' | ']' | '=' | ';' | ',' | ':' => {
                let sym = match c {
                    '{' => "{",
                    '}' => "}",
                    '[' => "[",
                    ']' => "]",
                    '=' => "=",
                    ';' => ";",
                    ',' => ",",
                    _ => ":",
                };
                push(&mut toks, Tok::Sym(sym));
                cur.bump();
            }
            '"' => {
                let mut name = String::new();
                cur.bump();
                loop {
                    match cur.peek(0) {
                        None => return Err(unclosed(start, "a quoted name")),
                        Some('"') => break,
                        Some('\\') if cur.peek(1) == Some('"') => {
                            name.push('"');
                            cur.bump();
                        }
                        Some(ch) => name.push(ch),
                    }
                    cur.bump();
                }
                cur.bump();
                push(&mut toks, Tok::Id(name));
            }
            '<' => {
                // An HTML-like string: keep it whole, nesting included.
                let mut depth = 0;
                let mut name = String::new();
                loop {
                    let Some(ch) = cur.peek(0) else {
                        return Err(unclosed(start, "a '<' name"));
                    };
                    match ch {
                        '<' => depth += 1,
                        '>' => depth -= 1,
                        _ => {}
                    }
                    name.push(ch);
                    cur.bump();
                    if depth == 0 {
                        break;
                    }
                }
                push(&mut toks, Tok::Id(name));
            }
            c if is_name_char(c) => {
                let mut name = String::new();
                while let Some(ch) = cur.peek(0) {
                    let arrow = ch == '-' && matches!(cur.peek(1), Some('>') | Some('-'));
                    if !is_name_char(ch) || arrow {
                        break;
                    }
                    name.push(ch);
                    cur.bump();
                }
                push(&mut toks, Tok::Id(name));
            }
            found => {
                return Err(ParseError {
                    line: start.0,
                    column: start.1,
                    kind: ParseErrorKind::UnexpectedCharacter { found },
                });
            }
        }
    }
    Ok(toks)
}

struct Dot {
    toks: Vec<Placed>,
    at: usize,
    directed: bool,
    names: Names,
}

impl Dot {
    fn peek(&self) -> Option<&Tok> {
        self.toks.get(self.at).map(|(t, _, _)| t)
    }

    /// The place of the next token (of the last one at the end).
    fn place(&self) -> (usize, usize) {
        self.toks.get(self.at).or(self.toks.last()).map_or((1, 1), |&(_, l, c)| (l, c))
    }

    fn fail<T>(&self, kind: ParseErrorKind) -> Result<T, ParseError> {
        let (line, column) = self.place();
        Err(ParseError { line, column, kind })
    }

    fn err<T>(&self, expected: &'static str) -> Result<T, ParseError> {
        self.fail(ParseErrorKind::Syntax { expected })
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
        if self.peek() != Some(&Tok::Sym("{")) {
            self.id();
        }
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
                && self.toks.get(self.at + 1).map(|(t, _, _)| t) == Some(&Tok::Sym("="))
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
                let arrow = if self.peek() == Some(&Tok::Sym("->")) {
                    if !self.directed {
                        return self.fail(ParseErrorKind::DirectedEdge);
                    }
                    true
                } else if self.peek() == Some(&Tok::Sym("--")) {
                    if self.directed {
                        return self.fail(ParseErrorKind::UndirectedEdge);
                    }
                    false
                } else {
                    break;
                };
                self.at += 1;
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

/// Reads the DOT form; with the graph, the place of the `graph` keyword of
/// an undirected graph (`None` for a `digraph`).
fn read_dot(text: &str) -> Result<(NamedDigraph, Option<(usize, usize)>), ParseError> {
    let toks = tokenize(text)?;
    let mut dot = Dot { toks, at: 0, directed: true, names: Names::default() };
    dot.graph()?;
    let header = (!dot.directed).then(|| {
        let keyword = dot.toks.iter().find(|(t, _, _)| matches!(t, Tok::Id(s) if s.eq_ignore_ascii_case("graph")));
        keyword.map_or((1, 1), |&(_, l, c)| (l, c))
    });
    Ok((dot.names.finish(), header))
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
        let e = read_digraph("a ->\n").unwrap_err();
        assert_eq!((e.line, e.column, e.kind), (1, 3, ParseErrorKind::ArrowWithoutEnd));
        let e = read_digraph("x\n  b -> -> c\n").unwrap_err();
        assert_eq!((e.line, e.column), (2, 5));
        let e = read_digraph("-> c\n").unwrap_err();
        assert_eq!((e.line, e.column), (1, 1));
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
        let e = read_digraph("digraph {\n a -> \n}").unwrap_err();
        assert_eq!((e.line, e.column), (3, 1));
        let e = read_digraph("digraph { a -- b }").unwrap_err();
        assert_eq!((e.line, e.column, e.kind), (1, 13, ParseErrorKind::UndirectedEdge));
        assert!(read_digraph("digraph { a -> b").is_err());
        let e = read_digraph("digraph { a -> \"b }").unwrap_err();
        assert_eq!((e.line, e.column), (1, 16));
        assert!(e.to_string().starts_with("line 1, column 16: a quoted name is never closed"), "{e}");
    }

    /// An undirected DOT graph is not a game digraph: refused with its place,
    /// never read as 2-cycles. For cop-win it is read both ways.
    #[test]
    fn undirected_dot_is_refused_as_a_game() {
        let e = read_digraph("# a path\nstrict graph G { a -- b; }").unwrap_err();
        assert_eq!((e.line, e.column, &e.kind), (2, 8, &ParseErrorKind::Undirected));
        assert!(e.to_string().contains("write 'digraph' and '->'"), "{e}");
        let u = read_graph("graph { a -- b }").unwrap();
        assert_eq!(arcs(&u), pairs(&[("a", "b"), ("b", "a")]));
        let e = read_graph("graph { a -> b }").unwrap_err();
        assert_eq!(e.kind, ParseErrorKind::DirectedEdge);
        assert_eq!(arcs(&read_graph("digraph { a -> b }").unwrap()), pairs(&[("a", "b")]));
    }
}
