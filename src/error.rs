//! The command line's error type: one line, a fix, and an exit code.

use std::fmt;

/// Exit code for bad input (a malformed argument, graph or state).
pub const EXIT_USAGE: i32 = 2;
/// Exit code for a failure that is not the user's input (I/O, a resource limit).
pub const EXIT_FAILURE: i32 = 1;

/// An error that ends the program with one line on standard error.
#[derive(Debug)]
pub struct CliError {
    /// The message, one line, naming the problem and the fix.
    pub message: String,
    /// The process exit code.
    pub code: i32,
}

impl CliError {
    /// Bad input from the user: exit code 2.
    pub fn usage(message: impl Into<String>) -> CliError {
        CliError { message: message.into(), code: EXIT_USAGE }
    }

    /// A failure that is not caused by malformed input: exit code 1.
    pub fn failure(message: impl Into<String>) -> CliError {
        CliError { message: message.into(), code: EXIT_FAILURE }
    }
}

impl fmt::Display for CliError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.message)
    }
}

impl From<std::io::Error> for CliError {
    fn from(e: std::io::Error) -> CliError {
        CliError::failure(format!("I/O error: {e}"))
    }
}

/// The result type of every command.
pub type CliResult<T = ()> = Result<T, CliError>;
