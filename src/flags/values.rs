//! Low-level parsers of flag values, shared by several commands.

use arrows_work::Budget;
use std::time::Duration;

/// Reads `--max-memory`: a size such as `512M`, `4G`, `1.5GiB`.
pub fn budget(text: &str) -> Result<Budget, String> {
    Budget::parse(text).map_err(|e| e.to_string())
}

/// Reads `--max-time`: a duration such as `90s`, `10m`, `1h 30m`, or a
/// number of seconds.
pub fn duration(text: &str) -> Result<Duration, String> {
    let text = text.trim();
    let parsed = match text.parse::<u64>() {
        Ok(seconds) => Duration::from_secs(seconds),
        Err(_) => humantime::parse_duration(text)
            .map_err(|e| format!("{text:?} is not a duration ({e}); give e.g. 90s, 10m or 2h"))?,
    };
    if parsed.is_zero() {
        return Err("a time limit of zero stops before starting; give e.g. 90s, 10m or 2h".into());
    }
    Ok(parsed)
}
