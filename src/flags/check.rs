//! Flags of `arrows check`.

use clap::Args;

const SOURCES: &str = concat!(
    "\
Examples:
  arrows check                  everything, at the default range (seconds)
  arrows check 10.1 8.2         some results; 10.1 selects its parts and probes
  arrows check --max 60         larger ranges
  arrows check --list           the ids and their statements

What is checked, and how to cite it:
  The results checked are those of
    Mathews, \"The Game of Arrows on 3-legged spider graphs\", arXiv:2110.08738 (2021).
  The Game of Cycles it builds on:
    Alvarado, Averett, Gaines, Jackson, Karker, Marciniak, Su, Walker,
    \"The Game of Cycles\", Amer. Math. Monthly 128 (2021),
    doi:10.1080/00029890.2021.1979715, arXiv:2004.00776.
  Cite the program by name, version and year (arrows ",
    env!("CARGO_PKG_VERSION"),
    ", 2026; CITATION.cff at the
  repository's root has the entry and these references)."
);

/// Arguments of `arrows check`.
#[derive(Args, Debug)]
#[command(after_long_help = SOURCES)]
pub struct CheckArgs {
    /// Results to check, by number: 12.1, 10.1 (all its parts and probes),
    /// 10.1.2, 9.2.c-odd, F (the findings). All of them when none is given.
    #[arg(value_name = "ID")]
    pub ids: Vec<String>,
    /// The range: spider legs up to N unmarked edges, paths up to 2N, and
    /// the small-graph surveys in proportion (default 30).
    #[arg(long, value_name = "N")]
    pub max: Option<String>,
    /// Print one JSON object per check instead of the table (with --list:
    /// one object per id, with its kind, result and statement).
    #[arg(long)]
    pub json: bool,
    /// List the ids with their statements, and check nothing.
    #[arg(long)]
    pub list: bool,
    /// Memory budget for the engines, e.g. 2G (default: three quarters of
    /// the available memory, shared by the checks running at once).
    #[arg(long, value_name = "SIZE", value_parser = crate::flags::values::budget)]
    pub max_memory: Option<arrows_work::Budget>,
}
