//! Lemma 1's range is not off by one: systems whose terms repeat on every
//! length the range checks but the last, and break there, are refused.
//!
//! The two systems were found by a random search over one-sequence systems
//! (a split and maybe a lagged unary option, a few given initial terms)
//! for terms that repeat with period `p` on `n0 <= m < M - 1` and first
//! break at `m = M - 1`, where `M` is Lemma 1's range for `(n0, p)`. A
//! checker that stopped one length short would call them periodic from `n0`.

use arrows_theorems::lemma::{Obstacle, check, ranges, tau};
use arrows_theorems::system::{Operand, Sequence, System, Template, Values};

const K: u32 = 1 << 12;

struct Case {
    initial: Vec<u32>,
    templates: Vec<Template>,
    p: u32,
    n0: u32,
}

fn cases() -> Vec<Case> {
    let split = |removed, left_min, right_min| Template::Split {
        constant: 0,
        left: Operand::Seq(0),
        right: Operand::Seq(0),
        removed,
        left_min,
        right_min,
    };
    vec![
        Case {
            initial: vec![3, 1, 1, 0],
            templates: vec![split(1, 1, 0), Template::Unary { constant: 1, operand: Operand::Seq(0), lag: 3 }],
            p: 7,
            n0: 2,
        },
        Case { initial: vec![4, 1, 2, 3, 3, 0, 3], templates: vec![split(1, 1, 0)], p: 11, n0: 3 },
    ]
}

fn repeats(row: &[u32], p: u32, m: u32) -> bool {
    tau(row[(m + p) as usize], K) == tau(row[m as usize], K)
}

#[test]
fn a_break_at_the_last_length_checked_is_refused() {
    for case in cases() {
        let system =
            System::new(vec![Sequence { initial: case.initial.clone(), templates: case.templates.clone() }]).unwrap();
        let (p, n0) = (case.p, case.n0);
        let m_range = ranges(&system, K, p, &[n0])[0];
        let mut values = Values::new(&system);
        values.extend(&system, 400);
        let row = values.row(0);
        // The terms repeat on every length the range checks but the last ...
        assert!((n0..m_range - 1).all(|m| repeats(row, p, m)), "{:?}", case.initial);
        // ... and break at the last.
        assert!(!repeats(row, p, m_range - 1), "{:?}", case.initial);
        // With one term fewer than the range needs, the break is not visible
        // yet: the checker asks for more terms instead of accepting (n0, p).
        let mut short = Values::new(&system);
        short.extend(&system, m_range - 1 + p);
        match check(&system, &short, K) {
            Err(Obstacle::NeedLength(_)) => {}
            Ok(proof) => {
                assert!(proof.period != p || proof.pre[0] > n0, "accepted {:?} from {}", proof.period, proof.pre[0])
            }
            Err(o) => panic!("{o:?}"),
        }
        // With enough terms the proof starts after the break, and what it
        // proves holds on every term computed.
        let proof = check(&system, &values, K).expect("periodic later");
        assert!(proof.pre[0] >= m_range, "pre-period {} is before the break", proof.pre[0]);
        let q = proof.period;
        assert!((proof.pre[0]..400 - q).all(|m| repeats(row, q, m)));
    }
}
