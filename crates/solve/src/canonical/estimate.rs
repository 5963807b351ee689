//! The memo a spider state needs, estimated before any work.
//!
//! PLACEHOLDER
use super::spider::Spider;

/// An upper estimate of the memo bytes that solving the spider `s` from an
/// empty memo needs; saturates instead of overflowing.
pub fn memo_bytes(s: &Spider, entry_bytes: u64, closed_paths: bool) -> u64 {
    let _ = closed_paths;
    let mut legs: Vec<u32> = s.legs.iter().map(|l| l.len).collect();
    legs.sort_unstable();
    let mut classes = 1.0f64;
    for group in legs.chunk_by(|a, b| a == b) {
        let options = 2.0 * group[0] as f64 + 2.0;
        let g = group.len();
        classes *= (0..g).map(|i| (options + i as f64) / (i as f64 + 1.0)).product::<f64>();
    }
    (classes * s.legs.len() as f64 * entry_bytes as f64 * 3.0) as u64
}
