//! Theorems against the canonical engine: every prediction past the
//! theorem's start, and every value before it, on a few families of each kind.

use arrows_core::{Position, Variant};
use arrows_solve::canonical::{CanonicalEngine, Grundy};
use arrows_theorems::{Family, Limits, prove};
use arrows_work::{Budget, Control};

fn check(name: &str, params: &[&str], variant: Variant) {
    let params: Vec<String> = params.iter().map(|s| s.to_string()).collect();
    for fam in Family::parse(name, &params, variant).unwrap() {
        let out = prove(&fam, &Limits::default()).unwrap();
        assert!(out.proved, "{}: {:?}", out.family, out.reason);
        if let Some(t) = &out.theorem {
            let mut engine: CanonicalEngine<Grundy> = CanonicalEngine::new();
            let control = Control::new(Budget::bytes(1 << 32));
            for n in t.statement.from..t.statement.from + 60 {
                let Some(p) = t.statement.predict(n) else { continue };
                let (g, d) = fam.member(n as usize).unwrap();
                let v = engine.state_value(Position::new(&g, variant, &d), &control).unwrap();
                assert_eq!(v, p, "{} at n = {n}", out.family);
            }
            for &arrows_theorems::Member { n, grundy: v } in &t.before {
                let (g, d) = fam.member(n as usize).unwrap();
                let w = engine.state_value(Position::new(&g, variant, &d), &control).unwrap();
                assert_eq!(v, w, "{} before, n = {n}", out.family);
            }
        }
    }
}

#[test]
fn theorems_agree_with_the_canonical_engine() {
    use Variant::*;
    check("spider", &["2", "3", "5", "n"], Untrimmed);
    check("spider", &["1", "1", "n"], Untrimmed);
    check("spider", &["1", "1", "n"], Trimmed);
    check("spider", &["0", "0", "n"], Trimmed);
    check("spider", &["0..3", "0..3", "0..3", "n"], Trimmed);
    check("spider", &["0..3", "0..3", "0..3", "n"], Untrimmed);
    check("caterpillar", &["1,1,n"], Untrimmed);
    check("caterpillar", &["n,2,1"], Trimmed);
}

/// The terms as computed (splits over a bounded period-2 closed form read
/// through per-parity tallies) equal the mex of every option listed one by one.
#[test]
fn terms_are_the_mex_of_their_options() {
    use arrows_theorems::system::Values;
    for (name, params, variant) in [
        ("spider", vec!["2", "3", "n"], Variant::Trimmed),
        ("spider", vec!["1", "4", "n"], Variant::Untrimmed),
        ("spider", vec!["0^", "2_v", "n^"], Variant::Trimmed),
        ("caterpillar", vec!["2,1,n"], Variant::Trimmed),
        ("rod", vec!["n"], Variant::Trimmed),
    ] {
        let params: Vec<String> = params.into_iter().map(str::to_string).collect();
        let built = Family::parse(name, &params, variant).unwrap()[0].build().unwrap();
        let system = &built.system;
        let mut values = Values::new(system);
        values.extend(system, 120);
        for i in 0..system.len() {
            for m in system.sequences()[i].start()..120 {
                let mut seen = std::collections::BTreeSet::new();
                system.options(i, m, &values, |o| {
                    seen.insert(o.value);
                });
                let mex = (0..).find(|v| !seen.contains(v)).unwrap();
                assert_eq!(values.row(i)[m as usize], mex, "{name} {params:?} sequence {i} at {m}");
            }
        }
    }
}
