//! The SVG writer: one self-contained document, styled by presentation
//! attributes only (no style sheet, which an inline SVG would share with
//! its page), with hooks for a web page: `data-edge="u-v"` on every edge's
//! element (smaller end first), `data-vertex="v"` on every vertex's,
//! `data-cell="i"` on every cell's, and the arrow or move each shows.

use crate::scene::{EdgeKind, Px, Scene, TITLE_FONT};
use std::fmt::Write;

/// Coordinates to a tenth of a pixel.
fn num(x: f64) -> String {
    let r = (x * 10.0).round() / 10.0;
    if r == r.trunc() { format!("{}", r as i64) } else { format!("{r:.1}") }
}

fn pt(p: Px) -> String {
    format!("{},{}", num(p.0), num(p.1))
}

/// Text escaped for XML content and attribute values.
pub(crate) fn escape(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    for c in text.chars() {
        match c {
            '&' => out.push_str("&amp;"),
            '<' => out.push_str("&lt;"),
            '>' => out.push_str("&gt;"),
            '"' => out.push_str("&quot;"),
            '\'' => out.push_str("&apos;"),
            c if c.is_control() => {}
            c => out.push(c),
        }
    }
    out
}

/// The SVG document of a scene.
pub(crate) fn write(scene: &Scene) -> String {
    let mut s = String::new();
    let (w, h) = (num(scene.width), num(scene.height));
    let font = "font-family=\"DejaVu Sans, Helvetica, Arial, sans-serif\"";
    let _ = writeln!(
        s,
        "<svg xmlns=\"http://www.w3.org/2000/svg\" viewBox=\"0 0 {w} {h}\" width=\"{w}\" height=\"{h}\" role=\"img\">"
    );
    let _ = writeln!(s, "<title>{}</title>", escape(&scene.description));
    let _ = writeln!(s, "<rect class=\"background\" width=\"{w}\" height=\"{h}\" fill=\"#FFFFFF\"/>");
    if let Some((title, at)) = &scene.title {
        let _ = writeln!(
            s,
            "<text class=\"title\" x=\"{}\" y=\"{}\" {font} font-size=\"{}\" fill=\"#{}\">{}</text>",
            num(at.0),
            num(at.1),
            num(TITLE_FONT),
            crate::palette::INK.hex,
            escape(title)
        );
    }
    if !scene.cells.is_empty() {
        let _ = writeln!(s, "<g class=\"cells\">");
        for c in &scene.cells {
            let points: Vec<String> = c.corners.iter().map(|&p| pt(p)).collect();
            let _ = writeln!(
                s,
                "<polygon class=\"cell {}\" data-cell=\"{}\" data-cell-status=\"{}\" points=\"{}\" fill=\"#{}\"/>",
                c.status,
                c.cell,
                c.status,
                points.join(" "),
                c.fill.hex
            );
        }
        let _ = writeln!(s, "</g>");
    }
    let _ = writeln!(s, "<g class=\"edges\" stroke-linecap=\"butt\">");
    for e in &scene.edges {
        let (class, data) = match e.kind {
            EdgeKind::Arrow(a) => ("arrow", format!(" data-arrow=\"{}&gt;{}\"", a.tail, a.head)),
            EdgeKind::Unmarked(c) => ("unmarked", format!(" data-component=\"{c}\"")),
            EdgeKind::Plain => ("unmarked", String::new()),
        };
        let moves: Vec<String> = e.moves.iter().map(|m| format!("{}&gt;{}", m.arrow.tail, m.arrow.head)).collect();
        let moves = if moves.is_empty() { String::new() } else { format!(" data-moves=\"{}\"", moves.join(" ")) };
        let _ = write!(s, "<g class=\"edge {class}\" data-edge=\"{}-{}\"{data}{moves}>", e.ends.0, e.ends.1);
        let ((x1, y1), (x2, y2)) = e.line;
        let _ = write!(
            s,
            "<line x1=\"{}\" y1=\"{}\" x2=\"{}\" y2=\"{}\" stroke=\"#{}\" stroke-width=\"{}\"/>",
            num(x1),
            num(y1),
            num(x2),
            num(y2),
            e.colour.hex,
            num(e.width)
        );
        if let Some(head) = e.head {
            let _ = write!(s, "<polygon class=\"head\" points=\"{}\" fill=\"#{}\"/>", points(&head), e.colour.hex);
        }
        for m in &e.moves {
            let ((x1, y1), (x2, y2)) = m.line;
            let accent = crate::palette::ACCENT.hex;
            let _ = write!(
                s,
                "<g class=\"move\" data-move=\"{}&gt;{}\"><line x1=\"{}\" y1=\"{}\" x2=\"{}\" y2=\"{}\" stroke=\"#{accent}\" \
                 stroke-width=\"2\" stroke-dasharray=\"5 3\"/><polygon points=\"{}\" fill=\"#{accent}\"/></g>",
                m.arrow.tail,
                m.arrow.head,
                num(x1),
                num(y1),
                num(x2),
                num(y2),
                points(&m.head)
            );
        }
        let _ = writeln!(s, "</g>");
    }
    let _ = writeln!(s, "</g>");
    let _ = writeln!(s, "<g class=\"vertices\" {font} font-size=\"{}\" text-anchor=\"middle\">", num(scene.font));
    for v in &scene.vertices {
        let (x, y) = (num(v.at.0), num(v.at.1));
        let _ = writeln!(
            s,
            "<g class=\"vertex\" data-vertex=\"{}\"><circle cx=\"{x}\" cy=\"{y}\" r=\"{}\" fill=\"#FFFFFF\" stroke=\"#{}\" \
             stroke-width=\"1.5\"/><text x=\"{x}\" y=\"{}\" fill=\"#{}\">{}</text></g>",
            v.vertex,
            num(scene.radius),
            crate::palette::INK.hex,
            num(v.at.1 + scene.font * 0.36),
            crate::palette::INK.hex,
            escape(&v.label)
        );
    }
    let _ = writeln!(s, "</g>");
    s.push_str("</svg>\n");
    s
}

fn points(p: &[Px; 3]) -> String {
    p.iter().map(|&q| pt(q)).collect::<Vec<_>>().join(" ")
}
