//! The command line's error type: one line, a fix, and an exit code.
//!
//! Library errors are data (see each crate's error types); the command line
//! alone words them as advice, with the flag names a user can act on. An
//! error keeps the library error it came from as its [`source`], so that
//! `main` can tell a closed pipe (`arrows ... | head`) from a real failure
//! by its [`std::io::ErrorKind`] rather than by its wording.
//!
//! [`source`]: std::error::Error::source

use std::error::Error;
use std::fmt;

/// Exit code for bad input (a malformed argument, graph or state, or a
/// request past a limit the user can change).
pub const EXIT_USAGE: i32 = 2;
/// Exit code for a failure that is not the user's input (a write to a full disk, say).
pub const EXIT_FAILURE: i32 = 1;

/// An error that ends the program with one line on standard error.
#[derive(Debug)]
pub struct CliError {
    /// The message, one line, naming the problem and the fix.
    pub message: String,
    /// The process exit code.
    pub code: i32,
    /// The error this one was made from, if any.
    source: Option<Box<dyn Error + Send + Sync + 'static>>,
}

impl CliError {
    /// Bad input from the user: exit code 2.
    pub fn usage(message: impl Into<String>) -> CliError {
        CliError { message: message.into(), code: EXIT_USAGE, source: None }
    }

    /// A failure that is not caused by the user's input: exit code 1.
    pub fn failure(message: impl Into<String>) -> CliError {
        CliError { message: message.into(), code: EXIT_FAILURE, source: None }
    }

    /// Keeps `source` as the cause of this error.
    pub fn caused_by(mut self, source: impl Error + Send + Sync + 'static) -> CliError {
        self.source = Some(Box::new(source));
        self
    }

    /// `true` when an I/O error along the [`source`](Error::source) chain
    /// is a closed pipe: the reader went away, which is not a failure.
    pub fn is_broken_pipe(&self) -> bool {
        let mut cause: Option<&(dyn Error + 'static)> = self.source();
        while let Some(e) = cause {
            if let Some(io) = e.downcast_ref::<std::io::Error>()
                && io.kind() == std::io::ErrorKind::BrokenPipe
            {
                return true;
            }
            cause = e.source();
        }
        false
    }
}

impl fmt::Display for CliError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.message)
    }
}

impl Error for CliError {
    fn source(&self) -> Option<&(dyn Error + 'static)> {
        self.source.as_deref().map(|e| e as &(dyn Error + 'static))
    }
}

impl CliError {
    /// A refusal of clap's as one line: help and version requests print as
    /// clap prints them and end the program; a command given without what
    /// it needs names it; every other error keeps clap's wording without
    /// its blank lines and pointers to `--help`, followed by the usage line.
    pub fn from_clap(e: clap::Error) -> CliError {
        use clap::error::ErrorKind;
        match e.kind() {
            ErrorKind::DisplayHelp | ErrorKind::DisplayVersion => e.exit(),
            ErrorKind::DisplayHelpOnMissingArgumentOrSubcommand => {
                CliError::usage(missing(&e.render().to_string())).caused_by(e)
            }
            _ => CliError::usage(one_line(&e.render().to_string())).caused_by(e),
        }
    }
}

/// A command given without what it needs (`arrows trim`, `arrows loopy`),
/// as one line from clap's help for it: what it needs, the usage line,
/// and where the help is.
fn missing(help: &str) -> String {
    let usage = help.lines().find_map(|l| l.trim().strip_prefix("Usage: ")).unwrap_or("arrows").trim();
    let command: Vec<&str> = usage.split_whitespace().take_while(|w| !w.starts_with(['[', '<'])).collect();
    let command = command.join(" ");
    // The first word of each line of a section, up to the blank line after it.
    let section = |heading: &str| -> Vec<&str> {
        help.lines()
            .skip_while(|l| l.trim() != heading)
            .skip(1)
            .take_while(|l| !l.trim().is_empty())
            .filter(|l| l.starts_with("  ") && !l.starts_with("   "))
            .filter_map(|l| l.split_whitespace().next())
            .filter(|w| *w != "help")
            .collect()
    };
    let needs = match section("Commands:").as_slice() {
        [] => section("Arguments:").join(" "),
        commands => format!("a command: {}", commands.join(", ")),
    };
    format!("`{command}` needs {needs}; usage: {usage}; see `{command} --help`")
}

/// clap's rendered error on one line: `error: ` dropped, a heading that
/// ends in `:` joined to the items under it, other lines joined with `; `,
/// and the first usage line last.
fn one_line(rendered: &str) -> String {
    let mut parts: Vec<String> = Vec::new();
    let mut usage: Option<&str> = None;
    let mut listing = false;
    for line in rendered.lines() {
        let t = line.trim();
        if usage.is_some() || t.is_empty() || t.starts_with("For more information") {
            listing &= !t.is_empty() || usage.is_some();
            continue;
        }
        if let Some(u) = t.strip_prefix("Usage: ") {
            usage = Some(u);
            continue;
        }
        let t = t.strip_prefix("error: ").unwrap_or(t);
        match parts.last_mut() {
            Some(last) if listing && line.starts_with(' ') => {
                let sep = if last.ends_with(':') { " " } else { ", " };
                last.push_str(sep);
                last.push_str(t);
            }
            _ => {
                listing = t.ends_with(':');
                parts.push(t.to_string());
            }
        }
    }
    let mut out = parts.join("; ");
    if let Some(u) = usage {
        out.push_str("; usage: ");
        out.push_str(u);
    }
    out
}

impl From<std::io::Error> for CliError {
    /// An I/O error with no file to name (writing the report, say): a
    /// failure, not bad input. Reading a user's file names the file instead.
    fn from(e: std::io::Error) -> CliError {
        CliError::failure(format!("I/O error: {e}")).caused_by(e)
    }
}

impl From<arrows_work::Cancelled> for CliError {
    /// Ctrl-C stopped the computation: exit code 130, as shells expect;
    /// `--max-time` did: a usage error (exit code 2) naming the limit.
    fn from(e: arrows_work::Cancelled) -> CliError {
        if let Some(limit) = crate::commands::progress::timed_out() {
            let limit = humantime::format_duration(limit);
            return CliError::usage(format!(
                "stopped at the time limit of {limit} before the computation finished; \
                 raise --max-time, or ask about a smaller game"
            ))
            .caused_by(e);
        }
        CliError {
            message: "interrupted (Ctrl-C) before the computation finished; nothing more was printed".into(),
            code: crate::commands::progress::EXIT_INTERRUPTED,
            source: Some(Box::new(e)),
        }
    }
}

/// The result type of every command.
pub type CliResult<T = ()> = Result<T, CliError>;

#[cfg(test)]
mod tests {
    use super::*;
    use std::io::{Error as IoError, ErrorKind};

    #[test]
    fn clap_errors_fold_into_one_line() {
        let missing = "error: the following required arguments were not provided:\n  <HANDLE>\n  <BRISTLES>\n\n\
                       Usage: arrows broom <HANDLE> <BRISTLES>\n\nFor more information, try '--help'.\n";
        assert_eq!(
            one_line(missing),
            "the following required arguments were not provided: <HANDLE>, <BRISTLES>; usage: arrows broom <HANDLE> <BRISTLES>"
        );
        let unknown = "error: unexpected argument '--jsn' found\n\n  tip: a similar argument exists: '--json'\n\n\
                       Usage: arrows spider --json <LEG>...\n\nFor more information, try '--help'.\n";
        assert_eq!(
            one_line(unknown),
            "unexpected argument '--jsn' found; tip: a similar argument exists: '--json'; usage: arrows spider --json <LEG>..."
        );
        let value = "error: invalid value '-1' for '<LEG>...': leg lengths are non-negative integers\n\n\
                     For more information, try '--help'.\n";
        assert_eq!(one_line(value), "invalid value '-1' for '<LEG>...': leg lengths are non-negative integers");
    }

    #[test]
    fn a_missing_command_is_one_line() {
        let help = "Print the trimming of a graph\n\nUsage: arrows trim [OPTIONS] <COMMAND>\n\nCommands:\n  \
                    spider       The spider\n  path         The path P_n\n               (continued)\n  \
                    help         Print this message\n\nOptions:\n      --json  JSON\n";
        assert_eq!(
            missing(help),
            "`arrows trim` needs a command: spider, path; usage: arrows trim [OPTIONS] <COMMAND>; \
             see `arrows trim --help`"
        );
        let help = "The patterns\n\nUsage: arrows conjecture [OPTIONS] <TABLE>\n\nArguments:\n  <TABLE>  A table\n\n";
        assert_eq!(
            missing(help),
            "`arrows conjecture` needs <TABLE>; usage: arrows conjecture [OPTIONS] <TABLE>; see `arrows conjecture --help`"
        );
    }

    #[test]
    fn a_closed_pipe_is_found_by_its_kind() {
        assert!(CliError::from(IoError::from(ErrorKind::BrokenPipe)).is_broken_pipe());
        assert!(!CliError::from(IoError::from(ErrorKind::StorageFull)).is_broken_pipe());
        // A message that merely mentions a pipe is not a closed pipe.
        assert!(!CliError::usage("Broken pipe").is_broken_pipe());
        // Found through a wrapping error too.
        let wrapped = CliError::failure("x").caused_by(CliError::from(IoError::from(ErrorKind::BrokenPipe)));
        assert!(wrapped.is_broken_pipe());
    }
}
