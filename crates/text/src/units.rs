//! Numbers for people: sizes, durations, counts with their nouns.

use std::time::Duration;

/// A size in bytes with a binary unit: `512 B`, `3.0 KiB`, `1.5 GiB`.
/// Saturates at the largest unit: `16384.0 PiB`, never overflows.
pub fn bytes(b: u64) -> String {
    const UNITS: [&str; 6] = ["B", "KiB", "MiB", "GiB", "TiB", "PiB"];
    let mut x = b as f64;
    let mut i = 0;
    while x >= 1024.0 && i + 1 < UNITS.len() {
        x /= 1024.0;
        i += 1;
    }
    if i == 0 { format!("{b} B") } else { format!("{x:.1} {}", UNITS[i]) }
}

/// A duration for a report: `0.4 ms`, `12.3 ms`, `1.52 s`, `2 min 5 s`.
pub fn duration(d: Duration) -> String {
    let ms = d.as_secs_f64() * 1e3;
    if ms < 1000.0 {
        format!("{ms:.1} ms")
    } else if ms < 60_000.0 {
        format!("{:.2} s", ms / 1000.0)
    } else {
        let s = d.as_secs();
        format!("{} min {} s", s / 60, s % 60)
    }
}

/// A number with thousands separators: `12,964,567`. Takes any unsigned
/// width up to `u128`, so counts past `u64` (sizes computed without
/// wrapping) print the same way.
pub fn thousands(n: impl Into<u128>) -> String {
    let n: u128 = n.into();
    let digits = n.to_string();
    let mut out = String::with_capacity(digits.len() + digits.len() / 3);
    for (i, c) in digits.chars().enumerate() {
        if i > 0 && (digits.len() - i).is_multiple_of(3) {
            out.push(',');
        }
        out.push(c);
    }
    out
}

/// A count and its noun in the right number: `count(1, "edge")` is
/// `1 edge`, `count(3, "edge")` is `3 edges`. Nouns whose plural is not
/// made with `s` take their plural after a `|`: `count(2, "class|classes")`.
pub fn count(n: u64, noun: &str) -> String {
    format!("{} {}", thousands(n), number(n, noun))
}

/// The noun alone in the number `n` asks for, spelled as [`count`] reads
/// it: `number(2, "class|classes")` is `classes`, `number(1, "state")` is
/// `state`.
pub fn number(n: u64, noun: &str) -> String {
    match noun.split_once('|') {
        Some((one, many)) => if n == 1 { one } else { many }.to_string(),
        None if n == 1 => noun.to_string(),
        None => format!("{noun}s"),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn sizes() {
        assert_eq!(bytes(512), "512 B");
        assert_eq!(bytes(3 << 29), "1.5 GiB");
        assert_eq!(bytes(u64::MAX), "16384.0 PiB");
    }

    #[test]
    fn durations() {
        assert_eq!(duration(Duration::from_micros(400)), "0.4 ms");
        assert_eq!(duration(Duration::from_millis(1520)), "1.52 s");
        assert_eq!(duration(Duration::from_secs(125)), "2 min 5 s");
    }

    #[test]
    fn counts() {
        assert_eq!(count(1, "edge"), "1 edge");
        assert_eq!(count(0, "edge"), "0 edges");
        assert_eq!(count(1_234_567, "state"), "1,234,567 states");
        assert_eq!(count(1, "class|classes"), "1 class");
        assert_eq!(count(2, "class|classes"), "2 classes");
        assert_eq!(number(1, "component class|component classes"), "component class");
        assert_eq!(number(5, "position"), "positions");
        assert_eq!(thousands(999u64), "999");
        assert_eq!(thousands(u128::MAX), "340,282,366,920,938,463,463,374,607,431,768,211,455");
        assert_eq!(thousands(1000u32), "1,000");
    }
}
