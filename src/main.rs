//! `arrows`: the command-line front end. Argument parsing and formatting only;
//! every game computation lives in the library crates.

mod error;

use clap::{Parser, Subcommand};
use error::CliResult;

/// Exact solver for the Game of Arrows and for impartial games on graphs.
#[derive(Parser, Debug)]
#[command(name = "arrows", version, about, long_about = None)]
struct Cli {
    #[command(subcommand)]
    command: Command,
}

/// The subcommands.
#[derive(Subcommand, Debug)]
enum Command {}

fn run(cli: Cli) -> CliResult {
    match cli.command {}
}

fn main() {
    let cli = Cli::parse();
    if let Err(e) = run(cli) {
        eprintln!("error: {e}");
        std::process::exit(e.code);
    }
}
