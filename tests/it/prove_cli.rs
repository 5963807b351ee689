//! `arrows prove` from the outside: the theorem and its certificate, JSON,
//! help that teaches, one-line errors with exit code 2, and exit code 1
//! with the reason when the lemmas find no proof.

use crate::support::binary::{run, success};

#[test]
fn a_theorem_with_its_certificate() {
    let text = success(&run(&["prove", "spider", "1", "4", "n"]));
    assert!(text.starts_with("S(1,4,n), Trimmed Game of Arrows\n"), "{text}");
    assert!(
        text.contains("for every n >= 3, G(S(1,4,n)) = 0, 1, 0, 0, 1, 0, 0, 1 for n = 0, 1, ..., 7 mod 8"),
        "{text}"
    );
    assert!(text.contains("before    G = 0, 1 for n = 1, 2"), "{text}");
    for key in ["lemmas", "system", "computed", "n0, p, K", "N "] {
        assert!(text.contains(key), "{key} in {text}");
    }
}

#[test]
fn json_is_one_object_per_family() {
    let out = success(&run(&["prove", "spider", "0..1", "2", "n", "--untrimmed", "--json"]));
    let objects: Vec<serde_json::Value> = out.lines().map(|l| serde_json::from_str(l).unwrap()).collect();
    let names: Vec<&str> = objects.iter().map(|o| o["family"].as_str().unwrap()).collect();
    assert_eq!(names, ["S(0,2,n)", "S(1,2,n)"]);
    for o in &objects {
        assert_eq!(o["rules"], "untrimmed");
        assert_eq!(o["proved"], true);
        let c = &o["theorem"]["certificate"];
        for key in ["n0", "p", "K", "N", "length", "sequences", "values", "claims"] {
            assert!(c.get(key).is_some(), "{key} in {c}");
        }
        assert!(o["statement"].as_str().unwrap().starts_with("for every n >= "));
    }
    let twig = success(&run(&["prove", "twig", "n", "--json"]));
    let twig: serde_json::Value = serde_json::from_str(twig.trim()).unwrap();
    assert_eq!(twig["statement"], "for every n >= 0, G(T_n) = n");
    assert_eq!(twig["paper"], "Proposition 5.4 (twigs)");
}

#[test]
fn help_teaches_and_short_help_is_short() {
    let long = success(&run(&["prove", "--help"]));
    for needle in ["Lemma 1", "Guy and Smith", "certificate", "spider 0..8 0..8 0..8 n", "2^", "Exit status"] {
        assert!(long.contains(needle), "{needle} in --help");
    }
    let short = success(&run(&["prove", "-h"]));
    assert!(short.len() < long.len() / 2 && !short.contains("Lemma 1"), "{short}");
}

#[test]
fn bad_input_is_one_line_and_exit_code_2() {
    for (args, needle) in [
        (&["prove", "tree", "n"][..], "spider, broom, caterpillar"),
        (&["prove", "spider", "2", "3"], "exactly one growing parameter"),
        (&["prove", "spider", "2", "n", "n"], "exactly one growing parameter"),
        (&["prove", "spider", "x", "n"], "cannot read \"x\""),
        (&["prove", "spider", "5..3", "n"], "is empty"),
        (&["prove", "broom", "3", "n"], "only the handle grows"),
        (&["prove", "caterpillar", "2,n,3"], "at an end of the spine"),
        (&["prove", "spider", "2^", "n", "--untrimmed"], "drop --untrimmed"),
        (&["prove", "twig", "n", "--untrimmed"], "drop --untrimmed"),
        (&["prove", "spider", "2", "n", "--max-length", "8"], "between 64 and 65536"),
        (&["prove", "spider", "2", "n", "--max-length", "lots"], "whole number"),
        (&["prove", "spider", "0..7", "0..7", "0..7", "0..7", "0..7", "0..7", "0..7", "n"], "narrow the ranges"),
        (&["prove", "spider", "30", "30", "30", "n"], "at most 64 vertices"),
        (&["prove", "spider"], "PARAM"),
    ] {
        let o = run(args);
        let err = String::from_utf8(o.stderr).unwrap();
        assert_eq!(o.status.code(), Some(2), "{args:?}: {err}");
        assert_eq!(err.lines().count(), 1, "{args:?}: {err}");
        assert!(err.starts_with("error: ") && err.contains(needle), "{args:?}: {err}");
    }
}

#[test]
fn no_period_within_the_length_allowed_is_exit_code_1_with_the_reason() {
    // S(2,3,5,n) needs 113 terms of each sequence; 64 are not enough.
    let o = run(&["prove", "spider", "2", "3", "5", "n", "--max-length", "64"]);
    assert_eq!(o.status.code(), Some(1));
    let text = String::from_utf8(o.stdout).unwrap();
    assert!(text.contains("no theorem") && text.contains("within 64 terms"), "{text}");
    let err = String::from_utf8(o.stderr).unwrap();
    assert_eq!(err.trim(), "error: no theorem for S(2,3,5,n)");
}
