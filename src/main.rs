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
use commands::{analysis, check, conjecture, loopy, play, prove, search, serve, table, trim};
use error::{CliError, CliResult};
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
        Command::Wheel { spec, play } => analysis::run(&spec, &play),
        Command::Fan { spec, play } => analysis::run(&spec, &play),
        Command::Theta { spec, play } => analysis::run(&spec, &play),
        Command::Grid { spec, play } => analysis::run(&spec, &play),
        Command::Ladder { spec, play } => analysis::run(&spec, &play),
        Command::Prism { spec, play } => analysis::run(&spec, &play),
        Command::K4 { spec, play } => analysis::run(&spec, &play),
        Command::Board { spec, mut play } => {
            // A board is a Game of Cycles board unless the Game of Arrows is asked for.
            play.rules.cycles = !play.rules.untrimmed;
            analysis::run(&spec, &play)
        }
        Command::Trim(args) => trim::run(&args),
        Command::Loopy(args) => loopy::run(args),
        Command::Play(args) => play::run(&args),
        Command::Table(args) => table::run(args),
        Command::Conjecture(args) => conjecture::run(&args),
        Command::Check(args) => check::run(&args),
        Command::Prove(args) => prove::run(&args),
        Command::Search(args) => search::run(&args),
        Command::Serve(args) => serve::run(&args),
    }
}

/// The longest error line printed, in characters.
const MESSAGE_CHARS: usize = 2000;

fn main() {
    let result = match Cli::try_parse() {
        Ok(cli) => run(cli),
        Err(e) => Err(CliError::from_clap(e)),
    };
    match result {
        Ok(()) => {}
        // A closed pipe (`arrows ... | head`) is not an error.
        Err(e) if e.is_broken_pipe() => {}
        Err(e) => {
            // One line, whatever a file name or a message may hold, and
            // of a length a person reads (a message may quote a long input).
            let line = e.message.replace(['\n', '\r'], " ");
            // Text quoted from a file or a request never drives the terminal.
            let line = commands::checked::printable(&line);
            eprintln!("error: {}", arrows_text::shorten(&line, MESSAGE_CHARS));
            std::process::exit(e.code);
        }
    }
}
