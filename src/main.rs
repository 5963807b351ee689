//! `arrows`: the command-line front end.
//!
//! The shape is ripgrep's: [`flags`] holds the clap definitions and their
//! help; [`commands`] converts parsed flags into library objects, calls the
//! library crates and prints; [`error`] words library errors as one line of
//! advice. Every game computation lives in the library crates.

mod commands;
mod error;
mod flags;

use clap::Parser;
use commands::{analysis, check, conjecture, loopy, table, trim};
use error::CliResult;
use flags::{Cli, Command};

fn run(cli: Cli) -> CliResult {
    match cli.command {
        Command::Spider { spec, play } => analysis::run(&spec, &play),
        Command::Path { spec, play } => analysis::run(&spec, &play),
        Command::Cycle { spec, play } => analysis::run(&spec, &play),
        Command::Star { spec, play } => analysis::run(&spec, &play),
        Command::Caterpillar { spec, play } => analysis::run(&spec, &play),
        Command::Broom { spec, play } => analysis::run(&spec, &play),
        Command::Graph { spec, play } => analysis::run(&spec, &play),
        Command::Trim(args) => trim::run(&args),
        Command::Loopy(args) => loopy::run(args),
        Command::Table(args) => table::run(args),
        Command::Conjecture(args) => conjecture::run(&args),
        Command::Check(args) => check::run(&args),
    }
}

/// A command line clap cannot read: one line on standard error (the error
/// and clap's tip, without the usage block), exit code 2; help and version
/// print as clap prints them.
fn refuse(e: clap::Error) -> ! {
    if !e.use_stderr() || e.kind() == clap::error::ErrorKind::DisplayHelpOnMissingArgumentOrSubcommand {
        e.exit();
    }
    let text = e.render().to_string();
    let lines = text.lines().map(str::trim).filter(|l| !l.is_empty());
    let lines: Vec<&str> = lines.take_while(|l| !l.starts_with("Usage:") && !l.starts_with("For more")).collect();
    let (tips, said): (Vec<&str>, Vec<&str>) = lines.into_iter().partition(|l| l.starts_with("tip:"));
    let said = said.join(" ");
    if tips.is_empty() {
        eprintln!("{said}")
    } else {
        eprintln!("{said} ({})", tips.join("; "))
    }
    std::process::exit(error::EXIT_USAGE);
}

fn main() {
    let cli = Cli::try_parse().unwrap_or_else(|e| refuse(e));
    match run(cli) {
        Ok(()) => {}
        // A closed pipe (`arrows ... | head`) is not an error.
        Err(e) if e.is_broken_pipe() => {}
        Err(e) => {
            eprintln!("error: {e}");
            std::process::exit(e.code);
        }
    }
}
