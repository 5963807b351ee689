//! Low-level parsers of flag values, shared by several commands.

use arrows_work::Budget;

/// Reads `--max-memory`: a size such as `512M`, `4G`, `1.5GiB`.
pub fn budget(text: &str) -> Result<Budget, String> {
    Budget::parse(text).map_err(|e| e.to_string())
}
