//! `arrows conjecture`: the patterns in a table, as hypotheses with their
//! support and their exceptions.

use crate::commands::table::read_table;
use crate::error::{CliError, CliResult};
use crate::flags::conjecture::*;
use arrows_core::Variant;
use arrows_tables::patterns;
use std::io::Write;

/// Runs `arrows conjecture`.
pub fn run(args: &ConjectureArgs) -> CliResult {
    let mut table = read_table(&args.table)?;
    if let Some(v) = &args.variant {
        let v = if v == "untrimmed" { Variant::Untrimmed } else { Variant::Trimmed };
        match table.variant {
            Some(recorded) if recorded != v => {
                return Err(CliError::usage(format!(
                    "the table records the {}, not the {}; drop --variant",
                    recorded.title(),
                    v.title()
                )));
            }
            _ => table.variant = Some(v),
        }
    }
    let report = patterns::analyze(&table);
    let mut out = std::io::stdout().lock();
    if args.json {
        writeln!(out, "{}", serde_json::to_string_pretty(&report).expect("a report serializes"))?;
    } else {
        patterns::write_text(&report, &mut out)?;
    }
    Ok(())
}
