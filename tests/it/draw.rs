//! `--draw` and `--out` on the analysis commands: the drawing in place of
//! the report, beside it in a file, inside the JSON object; snapshots of an
//! SVG and a TikZ picture whose contents were first checked by eye and by
//! the structural tests of arrows-draw.

use crate::support::binary::{run, run_with_stdin, success};

/// S(4,6,8) after the move 0>1 (Trimmed Game of Arrows): one arrow, its
/// unmarked edges in one component, the one winning move 1>2 highlighted.
#[test]
fn svg_of_a_spider_after_one_move() {
    let svg = success(&run(&["spider", "4", "6", "8", "--state", "0>1", "--draw", "svg"]));
    assert_eq!(svg.matches("data-edge=").count(), 18);
    assert!(svg.contains(r#"data-edge="0-1" data-arrow="0&gt;1""#));
    assert!(svg.contains(r#"data-move="1&gt;2""#));
    insta::assert_snapshot!(svg);
}

/// A triangle with a pendant edge, one arrow: stress layout, two components.
#[test]
fn tikz_of_a_graph_with_a_cycle() {
    let tex = success(&run(&["graph", "--edges", "0-1,1-2,2-0,2-3", "--state", "0>1", "--draw", "tikz"]));
    assert!(tex.starts_with("\\documentclass[tikz,border=4pt]{standalone}"));
    assert!(tex.trim_end().ends_with("\\end{document}"));
    let begin = tex.find(arrows_draw::BEGIN_MARKER).expect("the begin marker");
    let end = tex.find(arrows_draw::END_MARKER).expect("the end marker");
    insta::assert_snapshot!(&tex[begin..end]);
}

#[test]
fn text_draws_a_spider_one_leg_a_line() {
    let text = success(&run(&["spider", "3", "1", "1", "--state", "0>1,3>2", "--draw", "text"]));
    let lines: Vec<&str> = text.lines().collect();
    assert!(lines[0].starts_with("S(3,1,1) · Trimmed Game of Arrows · value "), "{text}");
    assert_eq!(lines[1..4], ["hub 0 ─▶ 1 ─ 2 ◀─ 3", "hub 0 ─ 4", "hub 0 ─ 5"]);
}

#[test]
fn with_out_the_report_is_printed_and_the_drawing_written() {
    let dir = std::env::temp_dir().join(format!("arrows-draw-test-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let file = dir.join("pic.svg");
    let report = success(&run(&["spider", "2", "3", "--draw", "svg", "--out", file.to_str().unwrap()]));
    let plain = success(&run(&["spider", "2", "3"]));
    // The same report (the time line aside).
    let lines = |s: &str| s.lines().filter(|l| !l.starts_with("time")).map(str::to_string).collect::<Vec<_>>();
    assert_eq!(lines(&report), lines(&plain));
    assert!(std::fs::read_to_string(&file).unwrap().starts_with("<svg "));

    // Graphs from a file: one drawing each, numbered by input line.
    let out = dir.join("many.tex");
    let input = "# two graphs\n0-1,1-2\n\n0-1,1-2,2-0\n";
    success(&run_with_stdin(&["graph", "-", "--draw", "tikz", "--out", out.to_str().unwrap()], input));
    for line in [2, 4] {
        let tex = std::fs::read_to_string(dir.join(format!("many-{line}.tex"))).unwrap();
        assert!(tex.contains("\\begin{tikzpicture}"));
    }
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn one_document_on_standard_output_takes_one_graph() {
    let input = "0-1,1-2\n0-1,1-2,2-3\n";
    let o = run_with_stdin(&["graph", "-", "--draw", "svg"], input);
    assert_eq!(o.status.code(), Some(2));
    assert!(o.stdout.is_empty(), "nothing printed before the refusal");
    let err = String::from_utf8(o.stderr).unwrap();
    assert!(err.contains("the second at line 2") && err.contains("--out"), "{err}");
    // Text pictures follow each other.
    let text = success(&run_with_stdin(&["graph", "-", "--draw", "text"], input));
    assert_eq!(text.matches("Trimmed Game of Arrows").count(), 2);
}

#[test]
fn json_holds_the_drawing_under_the_format_name() {
    let out = success(&run(&["path", "3", "--draw", "svg", "--json"]));
    let value: serde_json::Value = serde_json::from_str(out.trim()).unwrap();
    assert_eq!(value["graph"], "P_3");
    assert!(value["svg"].as_str().unwrap().starts_with("<svg "));
}

#[test]
fn out_without_draw_and_unwritable_files_are_refused() {
    let o = run(&["spider", "2", "--out", "x.svg"]);
    assert_eq!(o.status.code(), Some(2));
    let o = run(&["spider", "2", "--draw", "svg", "--out", "/no/such/folder/x.svg"]);
    assert_eq!(o.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&o.stderr).contains("cannot write the drawing to /no/such/folder/x.svg"));
}

/// The centre of each vertex's circle in an SVG, by vertex.
fn centres(svg: &str) -> Vec<(f64, f64)> {
    let mut found: Vec<(usize, f64, f64)> = svg
        .split("data-vertex=\"")
        .skip(1)
        .map(|rest| {
            let v: usize = rest[..rest.find('"').unwrap()].parse().unwrap();
            let number = |attr: &str| {
                let at = rest.find(attr).unwrap() + attr.len();
                rest[at..at + rest[at..].find('"').unwrap()].parse::<f64>().unwrap()
            };
            (v, number("cx=\""), number("cy=\""))
        })
        .collect();
    found.sort_by_key(|c| c.0);
    found.into_iter().map(|(_, x, y)| (x, y)).collect()
}

/// A plane family is drawn with its own embedding (the wheel's hub at the
/// centre of its rim), and a graph given with --positions where the
/// positions put it (SVG's y axis points down).
#[test]
fn plane_graphs_keep_their_drawing() {
    let wheel = centres(&success(&run(&["wheel", "6", "--cycles", "--draw", "svg"])));
    let (hx, hy) = wheel[0];
    let (mx, my) = wheel[1..].iter().fold((0.0, 0.0), |(x, y), (a, b)| (x + a / 6.0, y + b / 6.0));
    assert!((hx - mx).abs() < 0.5 && (hy - my).abs() < 0.5, "hub {:?}, rim centre {:?}", (hx, hy), (mx, my));
    let square = "0:0,0;1:3,0;2:3,1;3:0,1";
    let svg =
        success(&run(&["graph", "--edges", "0-1,1-2,2-3,3-0", "--positions", square, "--cycles", "--draw", "svg"]));
    let c = centres(&svg);
    assert!(c[1].0 > c[0].0 && c[2].1 < c[1].1, "{c:?}");
    assert!((c[1].0 - c[0].0) > 2.5 * (c[1].1 - c[2].1), "the 3:1 rectangle keeps its shape: {c:?}");
}

/// `--no-title` drops the title line of a figure, in SVG and TikZ alike;
/// the rest of the picture is the same, moved up by the title's height.
#[test]
fn no_title_drops_the_title_line() {
    let with = success(&run(&["spider", "4", "6", "8", "--draw", "svg"]));
    let without = success(&run(&["spider", "4", "6", "8", "--draw", "svg", "--no-title"]));
    assert!(with.contains("class=\"title\""));
    assert!(!without.contains("class=\"title\""));
    assert_eq!(with.matches("data-edge=").count(), without.matches("data-edge=").count());
    let tikz = success(&run(&["spider", "4", "6", "8", "--draw", "tikz", "--no-title"]));
    assert!(!tikz.contains("S(4,6,8)"), "{tikz}");
    let out = run(&["spider", "4", "6", "8", "--no-title"]);
    assert_eq!(out.status.code(), Some(2), "--no-title needs --draw");
}
