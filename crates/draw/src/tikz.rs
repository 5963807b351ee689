//! The TikZ writer: the same shapes as the SVG, one layout unit to a
//! centimetre, in plain TikZ (no library), colours defined inside the
//! picture, so that the picture alone can be pasted into a paper.

use crate::palette;
use crate::scene::{EdgeKind, Px, Scene, UNIT};
use std::fmt::Write;

/// The comment line before the picture in a document.
pub const BEGIN_MARKER: &str = "% ---- arrows-draw: picture begins (paste from here; needs \\usepackage{tikz}) ----";
/// The comment line after it.
pub const END_MARKER: &str = "% ---- arrows-draw: picture ends ----";

/// Points per pixel at one unit to a centimetre.
const PT_PER_PX: f64 = 72.27 / 2.54 / UNIT;

fn num(x: f64) -> String {
    let r = (x * 100.0).round() / 100.0;
    let s = format!("{r:.2}");
    let s = s.trim_end_matches('0').trim_end_matches('.');
    if s == "-0" { "0".to_string() } else { s.to_string() }
}

/// A pixel point as TikZ coordinates in centimetres, y up.
fn pt(p: Px) -> String {
    format!("({},{})", num(p.0 / UNIT), num(-p.1 / UNIT))
}

fn width(px: f64) -> String {
    format!("line width={}pt", num(px * PT_PER_PX))
}

/// Text for LaTeX: its special characters escaped, the few symbols the
/// toolkit prints turned into math, anything else outside ASCII dropped
/// for a `?` (pdfLaTeX reads no other character without packages).
pub(crate) fn escape(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    for c in text.chars() {
        match c {
            '\\' => out.push_str("\\textbackslash{}"),
            '{' | '}' | '$' | '&' | '%' | '#' | '_' => {
                out.push('\\');
                out.push(c);
            }
            '~' => out.push_str("\\textasciitilde{}"),
            '^' => out.push_str("\\textasciicircum{}"),
            '<' => out.push_str("$<$"),
            '>' => out.push_str("$>$"),
            '|' => out.push_str("$|$"),
            '⊕' => out.push_str("$\\oplus$"),
            '⊔' => out.push_str("$\\sqcup$"),
            '·' => out.push_str("$\\cdot$"),
            '—' => out.push_str("---"),
            '–' => out.push_str("--"),
            '→' => out.push_str("$\\to$"),
            '≅' => out.push_str("$\\cong$"),
            c if c.is_ascii_control() => {}
            c if c.is_ascii() => out.push(c),
            _ => out.push('?'),
        }
    }
    out
}

/// A standalone LaTeX document around a picture.
pub(crate) fn document(picture: &str) -> String {
    format!(
        "\\documentclass[tikz,border=4pt]{{standalone}}\n\\begin{{document}}\n{BEGIN_MARKER}\n{picture}{END_MARKER}\n\\end{{document}}\n"
    )
}

/// The `tikzpicture` environment of a scene.
pub(crate) fn picture(scene: &Scene) -> String {
    let mut s = String::from("\\begin{tikzpicture}\n");
    for c in &scene.colours {
        let _ = writeln!(s, "\\definecolor{{{}}}{{HTML}}{{{}}}", c.name, c.hex);
    }
    let _ = writeln!(s, "% {}", escape(&scene.description));
    if let Some((title, at)) = &scene.title {
        let _ =
            writeln!(s, "\\node[anchor=base west, inner sep=0pt, font=\\small] at {} {{{}}};", pt(*at), escape(title));
    }
    for c in &scene.cells {
        let corners: Vec<String> = c.corners.iter().map(|&p| pt(p)).collect();
        let _ =
            writeln!(s, "\\fill[{}] {} -- cycle; % cell {} ({})", c.fill.name, corners.join(" -- "), c.cell, c.status);
    }
    for e in &scene.edges {
        let what = match e.kind {
            EdgeKind::Arrow(a) => format!("arrow {a}"),
            EdgeKind::Unmarked(c) => format!("unmarked, component {c}"),
            EdgeKind::Plain => "unmarked".to_string(),
        };
        let _ = writeln!(
            s,
            "\\draw[{}, {}] {} -- {}; % edge {} ({}-{}): {what}",
            e.colour.name,
            width(e.width),
            pt(e.line.0),
            pt(e.line.1),
            e.edge,
            e.ends.0,
            e.ends.1
        );
        if let Some(head) = e.head {
            let _ = writeln!(
                s,
                "\\fill[{}] {} -- {} -- {} -- cycle;",
                e.colour.name,
                pt(head[0]),
                pt(head[1]),
                pt(head[2])
            );
        }
        for m in &e.moves {
            let accent = palette::ACCENT.name;
            let _ = writeln!(
                s,
                "\\draw[{accent}, {}, dash pattern=on {}pt off {}pt] {} -- {}; % move {}",
                width(2.0),
                num(5.0 * PT_PER_PX),
                num(3.0 * PT_PER_PX),
                pt(m.line.0),
                pt(m.line.1),
                m.arrow
            );
            let _ =
                writeln!(s, "\\fill[{accent}] {} -- {} -- {} -- cycle;", pt(m.head[0]), pt(m.head[1]), pt(m.head[2]));
        }
    }
    let size = if scene.font >= 11.0 { "\\scriptsize" } else { "\\tiny" };
    for v in &scene.vertices {
        let _ = writeln!(
            s,
            "\\draw[{}, fill=white, {}] {} circle ({}); \\node[font={size}, inner sep=0pt] at {} {{{}}};",
            palette::INK.name,
            width(1.5),
            pt(v.at),
            num(scene.radius / UNIT),
            pt(v.at),
            escape(&v.label)
        );
    }
    s.push_str("\\end{tikzpicture}\n");
    s
}
