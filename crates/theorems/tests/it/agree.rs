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
            for &(n, v) in &t.before {
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
