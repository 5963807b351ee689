//! Every hand-made certificate, and the worked example of
//! docs/certificates.md, is valid and proves what was derived by hand.

use crate::certs;

#[test]
fn every_hand_made_certificate_proves_what_it_should() {
    for hand in certs::all() {
        let proved = arrows_verify::verify_reader(hand.text.as_bytes())
            .unwrap_or_else(|f| panic!("{}: {f}\n{}", hand.name, hand.text));
        let got: Vec<(String, arrows_verify::ClaimResult)> =
            proved.claims.iter().map(|c| (c.position.clone(), c.result.clone())).collect();
        let want: Vec<(String, arrows_verify::ClaimResult)> =
            hand.expect.iter().map(|(p, r)| (p.to_string(), r.clone())).collect();
        assert_eq!(got, want, "{}", hand.name);
    }
}

#[test]
fn the_worked_example_of_the_format_is_valid() {
    let text = certs::worked_example();
    assert_eq!(text.lines().count(), 5, "the example has a header, two classes, a claim and the end");
    let proved = arrows_verify::verify_reader(text.as_bytes()).expect("the worked example is valid");
    assert_eq!((proved.classes, proved.nodes), (2, 0));
    assert_eq!(
        proved.to_string(),
        "valid: the empty position of path 2 (Trimmed Game of Arrows, normal play) has value 0; \
         2 classes and 0 nodes checked"
    );
}

#[test]
fn a_gzip_certificate_reads_as_the_plain_one() {
    use std::io::Write;
    for hand in certs::all() {
        let mut gz = flate2::write::GzEncoder::new(Vec::new(), flate2::Compression::default());
        gz.write_all(hand.text.as_bytes()).expect("compress");
        let bytes = gz.finish().expect("compress");
        let plain = arrows_verify::verify_reader(hand.text.as_bytes()).expect("valid");
        let packed = arrows_verify::verify_reader(&bytes[..]).expect("valid compressed");
        assert_eq!(plain, packed, "{}", hand.name);
    }
}

/// A hand-made certificate with line `i` replaced (or inserted before the
/// end when `i` is the end line's index), the end line's counts corrected.
fn edited(text: &str, i: usize, line: &str, insert: bool) -> String {
    let mut lines: Vec<String> = text.lines().map(String::from).collect();
    if insert {
        lines.insert(i, line.to_string());
    } else {
        lines[i] = line.to_string();
    }
    let count = |k: &str| lines.iter().filter(|l| l.starts_with(&format!("{{\"{k}\""))).count();
    let end =
        format!(r#"{{"end":{{"classes":{},"nodes":{},"claims":{}}}}}"#, count("class"), count("node"), count("claim"));
    *lines.last_mut().expect("an end line") = end;
    lines.iter().map(|l| format!("{l}\n")).collect()
}

#[test]
fn false_certificates_fail_where_and_why_expected() {
    let all = certs::all();
    let (example, triangle, nodes) = (&all[0].text, &all[3].text, &all[4].text);
    let no_claim: String = example.lines().filter(|l| !l.starts_with("{\"claim\"")).map(|l| format!("{l}\n")).collect();
    let cases: Vec<(&str, String, &str)> = vec![
        (
            "a record at an improper position (a completable cell)",
            edited(triangle, 3, r#"{"class":{"position":">>.","edge":2,"value":0,"options":[]}}"#, true),
            "invalid: record 2 (line 4): the position is not proper",
        ),
        (
            "a claim at an improper position",
            edited(triangle, 3, r#"{"claim":{"what":"value","position":">>.","value":0,"parts":[]}}"#, false),
            "invalid: claim 0 (line 4): the position is not proper",
        ),
        (
            "an option missing",
            edited(
                example,
                2,
                r#"{"class":{"position":"..","edge":0,"value":0,"options":[[[0,0]],[[0,1]],[[0,3]]]}}"#,
                false,
            ),
            "invalid: record 1 (line 3): 3 options listed, but there are 4 legal moves",
        ),
        ("no claim", edited(&no_claim, 3, "", false).replace("\n\n", "\n"), "invalid: the certificate has no claim"),
        (
            "cells under the trimmed rules",
            example.replacen("\"cells\":[]", "\"cells\":[[0,1]]", 1),
            "invalid: header (line 1): the board: rules `trimmed` take no cells",
        ),
        (
            "a cell that is not a closed walk",
            triangle.replacen("\"cells\":[[0,1,2]]", "\"cells\":[[0,1]]", 1),
            "invalid: header (line 1): the board: cell 0 = [0, 1] is not a closed walk",
        ),
        (
            "a node part whose heap does not fit the sum",
            edited(nodes, 6, r#"{"claim":{"what":"winner","position":"...","winner":"first","parts":[[0,0]]}}"#, false),
            "invalid: claim 1 (line 7): the node part has heap 1, but the sum needs 0",
        ),
        (
            "a value read from a winning node",
            edited(nodes, 5, r#"{"claim":{"what":"value","position":"...","value":1,"parts":[[3,0]]}}"#, false),
            "invalid: claim 0 (line 6): a node part with `wins: true` gives no value",
        ),
    ];
    for (what, text, start) in cases {
        let failure = arrows_verify::verify_reader(text.as_bytes()).expect_err(what);
        assert!(failure.to_string().starts_with(start), "{what}: {failure}\n{text}");
    }
}
