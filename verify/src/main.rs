//! The `arrows-verify` command: checks one certificate and prints one line
//! (`docs/certificates.md`; exit code 0 valid, 1 invalid, 2 unreadable).

use std::process::ExitCode;

use arrows_verify::{FailureKind, verify_path, verify_reader};

/// The text of `--help`.
const HELP: &str = "\
arrows-verify: checks a certificate written by arrows (docs/certificates.md)

Usage: arrows-verify [--json] FILE
       arrows-verify [--json] -        (reads standard input)

The file is JSON Lines, plain or gzip. The checker shares no code with the
engines: it generates every move from the rules, recomputes every component,
mex and nim-sum, and verifies every witness and symmetry it is given.

Prints one line:
  valid: <what is proved>                      exit code 0
  invalid: record N (line L): <what failed>    exit code 1
  unreadable: <why>                            exit code 2
With --json, one JSON object instead.

Caps: a line of 64 MiB, 2^26 records, a board of 4,096 vertices and 4,096
edges, heaps and values up to 2^31.
";

/// Reads the arguments, checks the certificate, prints one line and exits
/// with 0 (valid), 1 (invalid) or 2 (unreadable).
fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    if args.iter().any(|a| a == "-h" || a == "--help") {
        print!("{HELP}");
        return ExitCode::SUCCESS;
    }
    let json = args.iter().any(|a| a == "--json");
    let files: Vec<&String> = args.iter().filter(|a| *a != "--json").collect();
    if let Some(flag) = files.iter().find(|a| a.starts_with("--")) {
        eprintln!("unreadable: unknown option {flag}: see arrows-verify --help");
        return ExitCode::from(2);
    }
    let [file] = files.as_slice() else {
        eprintln!("unreadable: give one certificate FILE (or - for standard input): see arrows-verify --help");
        return ExitCode::from(2);
    };
    let result = if file.as_str() == "-" {
        verify_reader(std::io::stdin().lock())
    } else {
        verify_path(std::path::Path::new(file))
    };
    match result {
        Ok(proved) => {
            if json {
                println!("{}", proved.to_json());
            } else {
                println!("{proved}");
            }
            ExitCode::SUCCESS
        }
        Err(failure) => {
            if json {
                println!("{}", failure.to_json());
            } else {
                println!("{failure}");
            }
            match failure.kind {
                FailureKind::Invalid => ExitCode::from(1),
                FailureKind::Unreadable => ExitCode::from(2),
            }
        }
    }
}
