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
