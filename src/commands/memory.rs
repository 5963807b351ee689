//! The memory budget of the engines: `--max-memory`.

use crate::error::{CliError, CliResult};

/// Reads a size such as `512M`, `4G`, `1.5GiB` or a plain number of bytes.
pub fn parse_size(text: &str) -> Result<u64, String> {
    let t = text.trim();
    let split = t.find(|c: char| !(c.is_ascii_digit() || c == '.')).unwrap_or(t.len());
    let (num, unit) = t.split_at(split);
    let x: f64 = num.parse().map_err(|_| format!("cannot read the size {text:?}; write e.g. 512M or 4G"))?;
    let scale: u64 = match unit.trim().to_ascii_uppercase().as_str() {
        "" | "B" => 1,
        "K" | "KB" | "KIB" => 1 << 10,
        "M" | "MB" | "MIB" => 1 << 20,
        "G" | "GB" | "GIB" => 1 << 30,
        "T" | "TB" | "TIB" => 1 << 40,
        _ => return Err(format!("unknown size unit {unit:?} in {text:?}; use K, M, G or T")),
    };
    Ok((x * scale as f64) as u64)
}

/// The budget: the user's `--max-memory`, or three quarters of the memory
/// the system reports available (4 GiB when it reports nothing).
pub fn budget(requested: Option<u64>) -> CliResult<u64> {
    if let Some(b) = requested {
        if b < 1 << 20 {
            return Err(CliError::usage("--max-memory must be at least 1M"));
        }
        return Ok(b);
    }
    Ok(available().map_or(4 << 30, |a| a / 4 * 3))
}

/// The peak resident memory of this process so far, in bytes (VmHWM).
pub fn peak_resident() -> Option<u64> {
    let status = std::fs::read_to_string("/proc/self/status").ok()?;
    let line = status.lines().find(|l| l.starts_with("VmHWM:"))?;
    let kib: u64 = line.split_whitespace().nth(1)?.parse().ok()?;
    Some(kib * 1024)
}

fn available() -> Option<u64> {
    let info = std::fs::read_to_string("/proc/meminfo").ok()?;
    let line = info.lines().find(|l| l.starts_with("MemAvailable:"))?;
    let kib: u64 = line.split_whitespace().nth(1)?.parse().ok()?;
    Some(kib * 1024)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn sizes() {
        assert_eq!(parse_size("512M"), Ok(512 << 20));
        assert_eq!(parse_size("1.5G"), Ok(3 << 29));
        assert_eq!(parse_size("4096"), Ok(4096));
        assert!(parse_size("4X").is_err());
        assert!(parse_size("G").is_err());
    }
}
