//! Flags of `arrows conjecture`.

use clap::Args;
use std::path::PathBuf;

const EXAMPLES: &str = "\
Examples:
  arrows table spider --legs 0..40 --format json -o spiders.json
  arrows conjecture spiders.json
  arrows table trees --edges 1..12 --format csv | arrows conjecture - --variant trimmed
  arrows table spider --k 4 --legs 0..16 --summarize      (the same, in one step)

What is looked for:
  parity         the value within each class of parameter parities
  equal legs     whether two equal legs of a spider can be changed together
  closed form    G = s + ((a-t) xor (b-t) xor ...) for small shifts t and offsets s
  period         periodicity along one parameter: period, preperiod, saltus
  second player  which graphs have G = 0, split by parity class
  size           graph tables: the values by number of edges

Every statement is a hypothesis about the family, checked on the table only,
with the number of cases checked, the number that agree and the first
exceptions. A CSV table records neither the rule set nor the sweep's ranges;
a JSON table (--format json) records both.";

/// Arguments of `arrows conjecture`.
#[derive(Args, Debug)]
#[command(after_long_help = EXAMPLES, arg_required_else_help = true)]
pub struct ConjectureArgs {
    /// A table written by `arrows table` (JSON or CSV); `-` reads standard input.
    #[arg(value_name = "TABLE")]
    pub table: PathBuf,
    /// Print the report as JSON.
    #[arg(long)]
    pub json: bool,
    /// The rule set of a CSV table (CSV does not record it; JSON does),
    /// for the report's title: trimmed or untrimmed.
    #[arg(long, value_name = "RULES", value_parser = ["trimmed", "untrimmed"])]
    pub variant: Option<String>,
}
