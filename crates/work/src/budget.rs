//! Memory budgets and sizes such as `512M`.

use std::fmt;

/// The largest budget accepted: 1 PiB. Larger sizes are refused as typing
/// mistakes rather than taken at face value.
const LARGEST: u64 = 1 << 50;

/// The smallest budget accepted: 1 MiB.
const SMALLEST: u64 = 1 << 20;

/// A memory budget in bytes for a computation's tables.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Budget(u64);

/// Why a size such as `512M` was refused.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum SizeError {
    /// The text is not a number followed by an optional unit.
    #[error("cannot read the size {text:?}; write a number and a unit, e.g. 512M or 4G")]
    Syntax {
        /// The text given.
        text: String,
    },
    /// The unit is not one of B, K, M, G, T (with optional `B`/`iB`).
    #[error("unknown size unit {unit:?} in {text:?}; use K, M, G or T")]
    Unit {
        /// The text given.
        text: String,
        /// The unit read.
        unit: String,
    },
    /// The size is below the smallest budget (1 MiB).
    #[error("the size {text:?} is below the smallest budget of 1M")]
    TooSmall {
        /// The text given.
        text: String,
    },
    /// The size is past the largest budget (1 PiB) or overflows.
    #[error("the size {text:?} is past the largest budget of 1P (1024T)")]
    TooLarge {
        /// The text given.
        text: String,
    },
}

impl Budget {
    /// A budget of exactly `bytes` (no bounds are applied; see [`Budget::parse`]).
    pub const fn bytes(bytes: u64) -> Budget {
        Budget(bytes)
    }

    /// The budget in bytes.
    pub const fn get(self) -> u64 {
        self.0
    }

    /// Reads a size: a decimal number and an optional binary unit, `4096`,
    /// `512K`, `512M`, `1.5G`, `4GiB`, `2T`. Refuses sizes below 1 MiB,
    /// past 1 PiB, and anything that overflows.
    pub fn parse(text: &str) -> Result<Budget, SizeError> {
        let t = text.trim();
        let split = t.find(|c: char| !(c.is_ascii_digit() || c == '.')).unwrap_or(t.len());
        let (num, unit) = t.split_at(split);
        if num.is_empty() || num.len() > 40 {
            return Err(SizeError::Syntax { text: text.into() });
        }
        let x: f64 = num.parse().map_err(|_| SizeError::Syntax { text: text.into() })?;
        let scale: u64 = match unit.trim().to_ascii_uppercase().as_str() {
            "" | "B" => 1,
            "K" | "KB" | "KIB" => 1 << 10,
            "M" | "MB" | "MIB" => 1 << 20,
            "G" | "GB" | "GIB" => 1 << 30,
            "T" | "TB" | "TIB" => 1 << 40,
            "P" | "PB" | "PIB" => 1 << 50,
            _ => return Err(SizeError::Unit { text: text.into(), unit: unit.trim().into() }),
        };
        let bytes = x * scale as f64;
        if !bytes.is_finite() || bytes > LARGEST as f64 {
            return Err(SizeError::TooLarge { text: text.into() });
        }
        let bytes = bytes as u64;
        if bytes < SMALLEST {
            return Err(SizeError::TooSmall { text: text.into() });
        }
        Ok(Budget(bytes))
    }

    /// `true` when the budget is larger than the machine's memory (a
    /// budget the machine cannot honour: past it, the system swaps or kills).
    pub fn exceeds_machine(self) -> bool {
        machine_memory().is_some_and(|m| self.0 > m)
    }

    /// `Err(OverBudget)` when `needed` bytes do not fit.
    pub fn check(self, needed: u64) -> Result<(), OverBudget> {
        if needed > self.0 { Err(OverBudget { needed, budget: self.0 }) } else { Ok(()) }
    }

    /// A share of the budget: `1/parts` of it (at least one byte).
    pub fn share(self, parts: u64) -> Budget {
        Budget((self.0 / parts.max(1)).max(1))
    }
}

impl Default for Budget {
    /// Three quarters of the memory the system reports available, or 4 GiB
    /// when it reports nothing.
    /// Three quarters of the memory available to this process: the
    /// system's available memory, or less when the process is limited (a
    /// cgroup's `memory.max`, or half of an address-space limit such as
    /// `ulimit -v`, since address space also holds code, stacks and the
    /// allocator's slack); 4 GiB when the system says nothing.
    fn default() -> Budget {
        let limits = [available_memory(), cgroup_memory(), address_space().map(|a| a / 2)];
        let least = limits.into_iter().flatten().min();
        Budget(least.map_or(4 << 30, |a| a / 4 * 3))
    }
}

impl fmt::Display for Budget {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{} bytes", self.0)
    }
}

/// A computation would need more memory than its budget.
#[derive(Debug, Clone, Copy, PartialEq, Eq, thiserror::Error)]
#[error("needs {needed} bytes, past the budget of {budget} bytes")]
pub struct OverBudget {
    /// Bytes needed (an estimate when refused up front).
    pub needed: u64,
    /// The budget in bytes.
    pub budget: u64,
}

/// The machine's total memory in bytes (`MemTotal`), when the system reports it.
pub fn machine_memory() -> Option<u64> {
    meminfo("MemTotal:")
}

fn available_memory() -> Option<u64> {
    meminfo("MemAvailable:")
}

/// The soft limit on this process's address space (`ulimit -v`), when set.
fn address_space() -> Option<u64> {
    let limits = std::fs::read_to_string("/proc/self/limits").ok()?;
    let line = limits.lines().find(|l| l.starts_with("Max address space"))?;
    line.split_whitespace().nth(3)?.parse().ok()
}

/// The memory limit of this process's cgroup (v2), when set.
fn cgroup_memory() -> Option<u64> {
    std::fs::read_to_string("/sys/fs/cgroup/memory.max").ok()?.trim().parse().ok()
}

fn meminfo(key: &str) -> Option<u64> {
    let info = std::fs::read_to_string("/proc/meminfo").ok()?;
    let line = info.lines().find(|l| l.starts_with(key))?;
    let kib: u64 = line.split_whitespace().nth(1)?.parse().ok()?;
    Some(kib.saturating_mul(1024))
}

/// The peak resident memory of this process so far, in bytes (`VmHWM`),
/// when the system reports it.
pub fn peak_resident() -> Option<u64> {
    let status = std::fs::read_to_string("/proc/self/status").ok()?;
    let line = status.lines().find(|l| l.starts_with("VmHWM:"))?;
    let kib: u64 = line.split_whitespace().nth(1)?.parse().ok()?;
    Some(kib.saturating_mul(1024))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn sizes() {
        assert_eq!(Budget::parse("512M"), Ok(Budget(512 << 20)));
        assert_eq!(Budget::parse("1.5G"), Ok(Budget(3 << 29)));
        assert_eq!(Budget::parse("4GiB"), Ok(Budget(4 << 30)));
        assert_eq!(Budget::parse("1048576"), Ok(Budget(1 << 20)));
        assert!(matches!(Budget::parse("4X"), Err(SizeError::Unit { .. })));
        assert!(matches!(Budget::parse("G"), Err(SizeError::Syntax { .. })));
        assert!(matches!(Budget::parse("1.2.3M"), Err(SizeError::Syntax { .. })));
        assert!(matches!(Budget::parse("4096"), Err(SizeError::TooSmall { .. })));
    }

    #[test]
    fn overflow_is_refused_not_wrapped() {
        for t in ["99999999999999999999G", "2P", "1e400", &"9".repeat(400)] {
            assert!(Budget::parse(t).is_err(), "{t}");
        }
        assert!(matches!(Budget::parse("99999999999999999999G"), Err(SizeError::TooLarge { .. })));
    }

    #[test]
    fn check_and_share() {
        let b = Budget::bytes(1000);
        assert_eq!(b.check(1000), Ok(()));
        assert_eq!(b.check(1001), Err(OverBudget { needed: 1001, budget: 1000 }));
        assert_eq!(b.share(3).get(), 333);
        assert_eq!(b.share(0).get(), 1000);
    }
}
