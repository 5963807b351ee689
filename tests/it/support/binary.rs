//! The built `arrows` binary, run as a user runs it.

use std::io::Write;
use std::process::{Command, Output, Stdio};

/// Runs `arrows` with these arguments and no standard input.
pub fn run(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_arrows")).args(args).output().expect("the binary runs")
}

/// Runs `arrows` with these arguments and `input` on standard input.
pub fn run_with_stdin(args: &[&str], input: &str) -> Output {
    let mut child = Command::new(env!("CARGO_BIN_EXE_arrows"))
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("the binary runs");
    // A program may stop reading early (a game that ends): that is not an error.
    if let Err(e) = child.stdin.take().unwrap().write_all(input.as_bytes()) {
        assert_eq!(e.kind(), std::io::ErrorKind::BrokenPipe, "{e}");
    }
    child.wait_with_output().unwrap()
}

/// The standard output of a run that must succeed (else its standard error).
pub fn success(o: &Output) -> String {
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    String::from_utf8(o.stdout.clone()).unwrap()
}
