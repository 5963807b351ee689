//! The theorems committed in `experiments/theorems/`, checked by direct
//! computation and against the paper.
//!
//! * every theorem's prediction, and every value it lists before its
//!   start, equals the canonical engine's value of the member, for every
//!   `n` up to `max(3N, 300)` (`N` the certificate's last checked length):
//!   by default on a deterministic sample (every family of `section-5`,
//!   every theorem of `paper` and one of its partial ones, and every 40th
//!   of the others among the cheap ones: about 3 s in the dev profile), on
//!   all 834 with `ARROWS_SLOW=1` (about 26 minutes on the loaded 2-core machine);
//! * the files are what `arrows prove` writes: a sample (every 20th among
//!   the cheap ones; all with `ARROWS_SLOW=1`) is proved again and compared
//!   object for object;
//! * the paper's statements that fit the shape come out as theorems
//!   (Mathews, *The Game of Arrows on 3-legged spider graphs*, as
//!   reconstructed in `docs/paper/statements.md`): Theorem 12.1 and the
//!   corollary of Section 12 read along a leg, the values of flows,
//!   crashes, twigs and rods (Propositions 5.2, 5.4, 5.6), and
//!   Propositions 6.3, 7.4, 9.1, 9.2 and 9.3 on marked spiders.

use arrows_core::{Position, Variant};
use arrows_solve::canonical::{CanonicalEngine, Grundy, PathFamily};
use arrows_theorems::{Family, Limits, prove};
use serde_json::Value;
use std::path::Path;

const FILES: [&str; 8] = [
    "section-5",
    "paper",
    "spiders-4-trimmed",
    "spiders-4-untrimmed",
    "spiders-3-trimmed",
    "spiders-3-untrimmed",
    "brooms",
    "caterpillars",
];

/// `ARROWS_SLOW=1` checks every committed theorem instead of a sample.
fn slow() -> bool {
    std::env::var("ARROWS_SLOW").is_ok_and(|v| v == "1")
}

/// The outcomes committed in one file, in order.
fn committed(file: &str) -> Vec<Value> {
    let path = Path::new(env!("CARGO_MANIFEST_DIR")).join("experiments/theorems").join(format!("{file}.jsonl"));
    let text = std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
    text.lines().map(|l| serde_json::from_str(l).unwrap()).collect()
}

fn variant(o: &Value) -> Variant {
    match o["rules"].as_str().unwrap() {
        "trimmed" => Variant::Trimmed,
        _ => Variant::Untrimmed,
    }
}

fn family(o: &Value) -> Family {
    let name = o["family"].as_str().unwrap();
    Family::from_name(name, variant(o)).unwrap_or_else(|| panic!("{name} names no family"))
}

/// The value a committed theorem gives at `n`: listed before its start,
/// predicted from it on; `None` where only a bound is proved.
fn predicted(o: &Value, n: u64) -> Option<u64> {
    let t = &o["theorem"];
    let from = t["from"].as_u64().unwrap();
    if n < from {
        let before = t["before"].as_array().unwrap();
        return before.iter().find(|m| m["n"].as_u64() == Some(n)).map(|m| m["grundy"].as_u64().unwrap());
    }
    let period = t["period"].as_u64().unwrap();
    let r = &t["residues"].as_array().unwrap()[(n % period) as usize];
    if let Some(v) = r.get("step") {
        let (at, value) = (r["at"].as_u64().unwrap(), r["value"].as_u64().unwrap());
        return Some(value + v.as_u64().unwrap() * ((n - at) / period));
    }
    r.get("value").map(|v| v.as_u64().unwrap())
}

/// The lower bound a partial theorem proves at `n`, on a class where only that is proved.
fn bound(o: &Value, n: u64) -> Option<u64> {
    let t = &o["theorem"];
    let period = t["period"].as_u64().unwrap();
    (n >= t["from"].as_u64().unwrap()).then(|| t["residues"][(n % period) as usize]["at_least"].as_u64()).flatten()
}

/// Checks one committed theorem (or partial theorem) against the canonical
/// engine up to `max(3N, 300)`: every value it gives, every bound it proves.
fn check_against_engine(o: &Value) {
    let f = family(o);
    let name = o["family"].as_str().unwrap();
    if o.get("theorem").is_none() {
        return;
    }
    let n_checked = o["theorem"]["certificate"]["N"].as_u64().unwrap_or(0);
    let upto = (3 * n_checked).max(300);
    let first = least(&f);
    let mut engine: CanonicalEngine<Grundy> = CanonicalEngine::new();
    let control = crate::support::control();
    for n in first..=upto {
        let (g, d) = f.member(n as usize).unwrap_or_else(|| panic!("{name}: no member {n}"));
        let v = engine.state_value(Position::new(&g, variant(o), &d), &control).unwrap() as u64;
        match bound(o, n) {
            Some(at_least) => assert!(v >= at_least, "{name} ({}) at n = {n}: {v} < {at_least}", o["rules"]),
            None => assert_eq!(predicted(o, n), Some(v), "{name} ({}) at n = {n}", o["rules"]),
        }
    }
}

/// The least `n` a theorem about `f` must cover: the least `n >= 1` whose
/// member exists (`n = 0` where the system starts there, as for flows and twigs).
fn least(f: &Family) -> u64 {
    let first = f.build().unwrap().first as u64;
    (1..first).find(|&n| f.member(n as usize).is_some()).unwrap_or(first)
}

/// A family whose proof computed few terms, whose range is short, and whose
/// members the canonical engine reads as spiders (a caterpillar with at
/// most one spine vertex bearing leaves): the default sample keeps the run
/// to seconds. A caterpillar with two branching vertices costs the engine
/// seconds a member past n = 100.
fn cheap(o: &Value) -> bool {
    let c = &o["theorem"]["certificate"];
    let name = o["family"].as_str().unwrap();
    let spider_shaped = !name.starts_with("caterpillar(")
        || name.trim_start_matches("caterpillar(").split(',').filter(|x| x.parse::<u32>().is_ok_and(|l| l > 0)).count()
            <= 1;
    spider_shaped && c["values"].as_u64().unwrap_or(0) <= 200_000 && c["N"].as_u64().unwrap_or(0) <= 100
}

#[test]
fn every_committed_theorem_holds_far_past_its_range() {
    let mut checked = 0;
    for file in FILES {
        let all = committed(file);
        assert!(!all.is_empty(), "{file} is empty");
        let first_partial = all.iter().position(|o| o["proved"] == false);
        for (i, o) in all.iter().enumerate() {
            let sample = match file {
                "section-5" => true,
                "paper" => o["proved"] == true || Some(i) == first_partial,
                _ => i % 40 == 7 && cheap(o),
            };
            if slow() || sample {
                check_against_engine(o);
                checked += 1;
            }
        }
    }
    assert!(checked >= 30, "{checked}");
}

#[test]
fn the_committed_files_are_what_arrows_prove_writes() {
    for file in FILES {
        for (i, o) in committed(file).iter().enumerate() {
            if slow() || (i % 20 == 3 && cheap(o)) {
                let again = prove(&family(o), &Limits::default()).unwrap();
                assert_eq!(&serde_json::to_value(&again).unwrap(), o, "{file}, line {}", i + 1);
            }
        }
    }
}

/// Every committed theorem starts at the least `n` that exists: in the
/// Game of Arrows at n = 1 (the leg's one edge is dead there, which the
/// system does not describe), where its value is the canonical engine's
/// and, on members of at most 10 edges, the brute-force engine's.
#[test]
fn every_theorem_covers_the_least_member() {
    let mut at_one = 0;
    let mut brute = 0;
    let mut engine: CanonicalEngine<Grundy> = CanonicalEngine::new();
    let control = crate::support::control();
    for file in FILES {
        for o in committed(file).iter().filter(|o| o.get("theorem").is_some()) {
            let f = family(o);
            let name = o["family"].as_str().unwrap();
            let n = least(&f);
            let (g, d) = f.member(n as usize).unwrap();
            let v = engine.state_value(Position::new(&g, variant(o), &d), &control).unwrap() as u64;
            assert_eq!(predicted(o, n), Some(v), "{name} ({}) at its least n = {n}", o["rules"]);
            if g.edge_count() <= 10 {
                let position = Position::new(&g, variant(o), &d);
                let b = arrows_solve::BruteForce::new(position, &control).unwrap().start_grundy().unwrap();
                assert_eq!(u64::from(b), v, "{name} ({}) at n = {n}: brute force", o["rules"]);
                brute += 1;
            }
            at_one += usize::from(n == 1 && variant(o) == Variant::Untrimmed);
        }
    }
    assert!(
        at_one >= 350 && brute >= 50,
        "{at_one} Game of Arrows theorems from n = 1, {brute} checked by brute force"
    );
}

/// The committed outcome for `name` in `file`.
fn outcome<'a>(all: &'a [Value], name: &str) -> &'a Value {
    all.iter().find(|o| o["family"] == name).unwrap_or_else(|| panic!("{name} is not committed"))
}

/// Theorem 12.1 along a leg: for even a, b, G(S(a,b,n)) = 0 for every even n >= 1.
#[test]
fn theorem_12_1_along_a_leg() {
    let all = committed("spiders-3-trimmed");
    let mut families = 0;
    for a in (0..=20).step_by(2) {
        for b in (a..=20).step_by(2) {
            let o = outcome(&all, &format!("S({a},{b},n)"));
            assert_eq!(o["proved"], true, "S({a},{b},n)");
            for n in (2..=1000).step_by(2) {
                assert_eq!(predicted(o, n), Some(0), "S({a},{b},{n})");
            }
            families += 1;
        }
    }
    assert_eq!(families, 66);
}

/// The corollary of Section 12 along a leg: in the Game of Arrows, for odd
/// a, b, G(S(a,b,n)) = 0 for every odd n (from n = 1, where the leg is one dead edge).
#[test]
fn corollary_of_section_12_along_a_leg() {
    let all = committed("spiders-3-untrimmed");
    for a in (1..=19).step_by(2) {
        for b in (a..=19).step_by(2) {
            let o = outcome(&all, &format!("S({a},{b},n)"));
            for n in (1..=1001).step_by(2) {
                assert_eq!(predicted(o, n), Some(0), "S({a},{b},{n}) in the Game of Arrows");
            }
        }
    }
}

/// Propositions 5.2, 5.4 and 5.6 come out of the path system, named, from
/// the first length the paper states them for.
#[test]
fn section_5_from_the_rules_of_the_game() {
    let all = committed("section-5");
    for (name, f, paper, start) in [
        ("F_n", PathFamily::Flow, "Proposition 5.2 (flows)", 0),
        ("C_n", PathFamily::Crash, "Proposition 5.2 (crashes)", 1),
        ("T_n", PathFamily::Twig, "Proposition 5.4 (twigs)", 0),
        ("R_n", PathFamily::Rod, "Proposition 5.6 (rods)", 1),
    ] {
        let o = outcome(&all, name);
        assert_eq!(o["paper"], paper);
        assert!(o["theorem"]["from"].as_u64().unwrap() <= start, "{name}");
        // No closed form was used: the certificate is the lemmas'.
        assert!(o["theorem"]["certificate"].get("closed_form").is_none(), "{name}");
        for n in start..=1000 {
            assert_eq!(predicted(o, n), Some(u64::from(f.grundy(n as u32))), "{name} at {n}");
        }
    }
    // The path: a rod in the Trimmed Game; in the Game of Arrows P_n plays as R_{n-2}.
    for o in all.iter().filter(|o| o["family"] == "P_n") {
        let shift = if variant(o) == Variant::Trimmed { 0 } else { 2 };
        for n in 2..=1000u64 {
            assert_eq!(predicted(o, n), Some((n - shift) % 2), "P_{n} ({})", o["rules"]);
        }
    }
}

/// Propositions 6.3, 7.4, 9.1, 9.2 and 9.3 read along the last leg, as
/// `docs/paper/statements.md` states them.
#[test]
fn marked_spiders_as_the_paper_states_them() {
    let all = committed("paper");
    let g = |name: &str, n: u64| predicted(outcome(&all, name), n).unwrap_or_else(|| panic!("{name} at {n}"));
    for n in 1..=300u64 {
        // Proposition 6.3 (and 9.1's last two) for n >= 1.
        assert_eq!(g("<0^,0^,n>", n), n);
        assert_eq!(g("<0^,0_v,n>", n), n % 2);
        assert_eq!(g("<0^,1_v,n>", n), (n + 1) % 2);
        assert_eq!(g("<1^,1_v,n>", n), n % 2);
        // Proposition 9.1.
        assert_eq!(g("<0^,1^,n>", n), n + 1);
        assert_eq!(g("<1^,1^,n>", n), n + 2 * (n % 2));
        // Proposition 7.4.
        assert_eq!(g("<1^,1^,n^>", n), (n + 1) % 2);
        assert_eq!(g("<1^,1^,n_v>", n), n % 2);
    }
    // Propositions 9.2 and 9.3 (even n >= 2, b >= 2; 9.3 for even b): where
    // the family is proved, its values are the paper's; where it is not
    // (its values grow and its options join two growing terms, which no
    // lemma covers), the bound that is proved holds for the paper's values.
    let mut proved = Vec::new();
    for b in 2..=8u64 {
        for x in 0..=1u64 {
            let mut claims = vec![
                (
                    format!("<{x}^,{b}^,n>"),
                    Box::new(move |n: u64| (n - 2) + (x + b + 1) % 2) as Box<dyn Fn(u64) -> u64>,
                ),
                (format!("<{x}^,{b}_v,n>"), Box::new(move |n: u64| (n - 2) + (x + b) % 2)),
            ];
            if b % 2 == 0 {
                claims.push((format!("<{x}^,{b},n>"), Box::new(move |n: u64| ((b - 2) ^ (n - 2)) + x)));
            }
            for (name, formula) in claims {
                let o = outcome(&all, &name);
                let t = &o["theorem"];
                let from = t["from"].as_u64().unwrap();
                if o["proved"] == true {
                    proved.push(name.clone());
                    for n in (2..=300u64).step_by(2) {
                        assert_eq!(g(&name, n), formula(n), "{name} at {n}");
                    }
                } else {
                    assert_eq!(o["reason"]["hypothesis"], "unbounded values whose options join two unbounded terms");
                    let bound = t["residues"][0]["at_least"].as_u64().unwrap();
                    for n in (from.max(2)..=300).filter(|n| n % 2 == 0) {
                        assert!(formula(n) >= bound, "{name} at {n}");
                    }
                }
            }
        }
    }
    assert_eq!(proved, ["<0^,2^,n>"]);
}

/// The lemmas' documentation as the README mirrors it: the `//!` lines of
/// `crates/theorems/src/lemma.rs`, with rustdoc links as plain code spans.
fn lemma_doc() -> String {
    let path = Path::new(env!("CARGO_MANIFEST_DIR")).join("crates/theorems/src/lemma.rs");
    let source = std::fs::read_to_string(path).unwrap();
    let lines: Vec<&str> = source
        .lines()
        .take_while(|l| l.starts_with("//!"))
        .map(|l| l.strip_prefix("//! ").unwrap_or(l.trim_start_matches("//!")))
        .collect();
    let text = lines.join("\n");
    // [`name`] and [`name`](target) become `name`.
    let mut out = String::new();
    let mut rest = text.as_str();
    while let Some(i) = rest.find("[`") {
        let Some(j) = rest[i..].find("`]") else { break };
        out.push_str(&rest[..i]);
        out.push_str(&rest[i + 1..i + j + 1]);
        rest = &rest[i + j + 2..];
        if rest.starts_with('(')
            && let Some(k) = rest.find(')')
        {
            rest = &rest[k + 1..];
        }
    }
    out.push_str(rest);
    out
}

#[test]
fn the_readme_mirrors_the_proof_word_for_word() {
    let path = Path::new(env!("CARGO_MANIFEST_DIR")).join("experiments/theorems/README.md");
    let readme = std::fs::read_to_string(path).unwrap();
    let (begin, end) = ("<!-- lemma.rs begins -->", "<!-- lemma.rs ends -->");
    let section =
        &readme[readme.find(begin).expect("the begin marker") + begin.len()..readme.find(end).expect("the end marker")];
    assert_eq!(section.trim(), lemma_doc().trim(), "regenerate the README's section from lemma.rs");
}
