//! The note for referees (`docs/theorems/note.tex`) states the lemmas in
//! the words of the module documentation of `src/lemma.rs`: every block
//! between `<!-- note: NAME -->` and `<!-- note ends -->` there is typeset
//! in the note between `% note: NAME` and `% note ends`, and this test
//! converts each block to LaTeX (the fixed rules of [`latex`]) and
//! compares it with the note's, line for line.

use std::path::{Path, PathBuf};

fn root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../..")
}

/// The module documentation of `lemma.rs`, without its `//!` prefixes.
fn module_doc() -> String {
    let source = std::fs::read_to_string(root().join("crates/theorems/src/lemma.rs")).unwrap();
    let lines: Vec<&str> = source
        .lines()
        .take_while(|l| l.starts_with("//!"))
        .map(|l| l.strip_prefix("//! ").unwrap_or(l.trim_start_matches("//!")))
        .collect();
    lines.join("\n")
}

/// The named blocks of `text`, in order, between `begin NAME` and `end` lines.
fn blocks(text: &str, begin: &str, end: &str) -> Vec<(String, String)> {
    let mut out = Vec::new();
    let mut open: Option<(String, Vec<&str>)> = None;
    for line in text.lines() {
        let t = line.trim();
        if let Some(rest) = t.strip_prefix(begin) {
            assert!(open.is_none(), "block {rest} opens inside another");
            let name = rest.trim().trim_end_matches("-->").trim().to_string();
            open = Some((name, Vec::new()));
        } else if t == end {
            let (name, body) = open.take().expect("a block ends that did not begin");
            out.push((name, body.join("\n").trim().to_string()));
        } else if let Some((_, body)) = open.as_mut() {
            body.push(line);
        }
    }
    assert!(open.is_none(), "a block does not end");
    out
}

/// Backtick text (plain-text mathematics) as LaTeX mathematics.
fn math(code: &str) -> String {
    const SYMBOLS: [(&str, &str); 24] = [
        (">=", "\\ge "),
        ("<=", "\\le "),
        ("...", "\\ldots "),
        ("max(", "\\max("),
        ("mex_K", "\\operatorname{mex}_K"),
        ("mex", "\\operatorname{mex}"),
        ("Λ0", "\\Lambda_0"),
        ("⊕", "\\oplus "),
        ("⊥", "\\bot "),
        ("∞", "\\infty "),
        ("τ", "\\tau "),
        ("Λ", "\\Lambda "),
        ("ν", "\\nu "),
        ("α", "\\alpha "),
        ("β", "\\beta "),
        ("γ", "\\gamma "),
        ("μ", "\\mu "),
        ("ρ", "\\rho "),
        ("σ", "\\sigma "),
        ("⌊", "\\lfloor "),
        ("⌋", "\\rfloor "),
        ("∈", "\\in "),
        ("ℕ", "\\mathbb{N}"),
        ("*", "^*"),
    ];
    let mut out = String::new();
    let mut rest = code;
    'outer: while !rest.is_empty() {
        for (from, to) in SYMBOLS {
            if let Some(r) = rest.strip_prefix(from) {
                out.push_str(to);
                rest = r;
                continue 'outer;
            }
        }
        let c = rest.chars().next().unwrap();
        out.push(c);
        rest = &rest[c.len_utf8()..];
    }
    format!("${}$", out.trim_end())
}

/// One line of Markdown text: `code` as mathematics, **bold**, *emphasis*.
fn inline(text: &str) -> String {
    let mut out = String::new();
    let mut rest = text;
    while let Some(c) = rest.chars().next() {
        if let Some(r) = rest.strip_prefix('`') {
            let end = r.find('`').expect("a closed code span");
            out.push_str(&math(&r[..end]));
            rest = &r[end + 1..];
        } else if let Some(r) = rest.strip_prefix("**") {
            let end = r.find("**").expect("closed bold text");
            out.push_str(&format!("\\textbf{{{}}}", inline(&r[..end])));
            rest = &r[end + 2..];
        } else if let Some(r) = rest.strip_prefix('*') {
            let end = r.find('*').expect("closed emphasis");
            out.push_str(&format!("\\emph{{{}}}", inline(&r[..end])));
            rest = &r[end + 1..];
        } else {
            match c {
                '⊥' => out.push_str("$\\bot$"),
                '∞' => out.push_str("$\\infty$"),
                '–' => out.push_str("--"),
                '%' | '&' | '#' | '_' => {
                    out.push('\\');
                    out.push(c);
                }
                _ => out.push(c),
            }
            rest = &rest[c.len_utf8()..];
        }
    }
    out
}

/// A block of the documentation's Markdown (paragraphs and one level of
/// `* ` items, continued by lines indented two spaces) as LaTeX.
fn latex(markdown: &str) -> String {
    // Join each paragraph and each item into one logical line first, so
    // that a code span may break across source lines.
    let mut units: Vec<(bool, String)> = Vec::new();
    let mut fresh = true;
    for line in markdown.lines() {
        if line.trim().is_empty() {
            fresh = true;
            continue;
        }
        if let Some(item) = line.strip_prefix("* ") {
            units.push((true, item.trim().to_string()));
        } else if fresh || units.is_empty() {
            units.push((false, line.trim().to_string()));
        } else {
            let last = units.last_mut().unwrap();
            last.1.push(' ');
            last.1.push_str(line.trim());
        }
        fresh = false;
    }
    let mut out: Vec<String> = Vec::new();
    let mut in_list = false;
    for (item, text) in units {
        if item && !in_list {
            out.push("\\begin{itemize}".into());
            in_list = true;
        } else if !item && in_list {
            out.push("\\end{itemize}".into());
            out.push(String::new());
            in_list = false;
        } else if !item && !out.is_empty() {
            out.push(String::new());
        }
        let body = inline(&text);
        out.push(if item { format!("\\item {body}") } else { body });
    }
    if in_list {
        out.push("\\end{itemize}".into());
    }
    out.join("\n")
}

#[test]
fn the_conversion_follows_its_rules() {
    assert_eq!(math("x_i(m + P) >= Λ0 ⊕ B*"), "$x_i(m + P) \\ge  \\Lambda_0 \\oplus  B^*$");
    assert_eq!(
        latex("**(a)** a `c < K`,\nand *twins*\n\n* one\n  two\n* three\n\nEnd."),
        "\\textbf{(a)} a $c < K$, and \\emph{twins}\n\\begin{itemize}\n\\item one two\n\\item three\n\\end{itemize}\n\nEnd."
    );
}

#[test]
fn the_note_states_the_lemmas_of_the_module_documentation() {
    let doc = blocks(&module_doc(), "<!-- note:", "<!-- note ends -->");
    let note_path = root().join("docs/theorems/note.tex");
    let note = std::fs::read_to_string(&note_path).unwrap();
    let typeset = blocks(&note, "% note:", "% note ends");
    let names: Vec<&str> = doc.iter().map(|(n, _)| n.as_str()).collect();
    assert_eq!(names, ["lemma-1", "lemma-2", "lemma-3"], "the statements marked in lemma.rs");
    let note_names: Vec<&str> = typeset.iter().map(|(n, _)| n.as_str()).collect();
    assert_eq!(note_names, names, "the note typesets the same blocks in the same order");
    for ((name, md), (_, tex)) in doc.iter().zip(&typeset) {
        let want = latex(md);
        assert!(want.len() > 400, "{name}: a statement, not an empty block");
        assert_eq!(tex.trim(), want.trim(), "{name}: the note differs from lemma.rs; its block should read:\n{want}\n");
    }
}
