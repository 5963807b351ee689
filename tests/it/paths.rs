//! Propositions 5.2, 5.4 and 5.6 under the brute-force engine: flows,
//! crashes, twigs and rods built as real states of real paths.
//!
//! The range is n <= 16 by default (about 12 s on two cores; the cost
//! grows about three times per step of n); `ARROWS_PATHS_MAX=20 cargo test
//! --test paths` runs the range of the paper's tables (each family's
//! largest game then has about 50 million states: about eight minutes).
//!
//! * F_n (n >= 0): the path on 0..n+2 with 0>1 and (n+1)>(n+2); G = [n]_2,
//!   and every terminal descendant is [n] moves away (Proposition 7.2).
//! * C_n (n >= 1): the path on 0..n+2 with 0>1 and (n+2)>(n+1); G = [n+1]_2,
//!   an [n+1]-moves state.
//! * T_n (n >= 0): the path on 0..n+1 with 0>1; G = n.
//! * R_n (n >= 1): the path on 0..n, empty; G = [n]_2.

use crate::support::control;
use arrows_core::{Decoration, Graph, Position, Variant, families::path};
use arrows_solve::BruteForce;

/// The largest n checked: `ARROWS_PATHS_MAX`, 16 by default.
fn max_n() -> u32 {
    std::env::var("ARROWS_PATHS_MAX").ok().and_then(|v| v.parse().ok()).unwrap_or(16)
}

fn state(g: &Graph, arrows: &str) -> Decoration {
    let d = Decoration::parse(g, arrows).unwrap();
    assert!(Variant::Trimmed.is_state(g, &d), "{arrows} is a state");
    d
}

fn grundy_and_parity(g: &Graph, d: &Decoration) -> (u32, Option<u32>) {
    let mut b = BruteForce::new(Position::trimmed(g, d), &control()).unwrap();
    (b.start_grundy().unwrap(), b.parities(d).unwrap().moves_parity())
}

#[test]
fn proposition_5_2_flows_and_crashes() {
    for n in 0..=max_n() {
        let g = path(n as usize + 2).unwrap();
        let flow = state(&g, &format!("0>1,{}>{}", n + 1, n + 2));
        assert_eq!(grundy_and_parity(&g, &flow), (n % 2, Some(n % 2)), "F_{n}");
        if n >= 1 {
            let crash = state(&g, &format!("0>1,{}>{}", n + 2, n + 1));
            assert_eq!(grundy_and_parity(&g, &crash), ((n + 1) % 2, Some((n + 1) % 2)), "C_{n}");
            // The flip of a crash (arrows pointing away from each other) too.
            assert_eq!(grundy_and_parity(&g, &crash.flip()).0, (n + 1) % 2, "flip of C_{n}");
        }
    }
}

#[test]
fn c0_is_not_a_state() {
    let g = path(2).unwrap();
    let d = Decoration::parse(&g, "0>1,2>1").unwrap();
    assert!(!Variant::Trimmed.is_state(&g, &d));
}

#[test]
fn proposition_5_4_twigs() {
    for n in 0..=max_n() {
        let g = path(n as usize + 1).unwrap();
        assert_eq!(grundy_and_parity(&g, &state(&g, "0>1")).0, n, "T_{n}");
    }
}

#[test]
fn proposition_5_6_rods() {
    for n in 1..=max_n() {
        let g = path(n as usize).unwrap();
        assert_eq!(grundy_and_parity(&g, &Decoration::empty(n as usize)).0, n % 2, "R_{n}");
    }
}
