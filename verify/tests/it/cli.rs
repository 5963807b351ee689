//! The `arrows-verify` command: one line, exit code 0 valid, 1 invalid,
//! 2 unreadable, whatever the input.

use std::io::Write;
use std::process::{Command, Stdio};

use crate::certs;

/// Runs the binary with `args`, `stdin` on its standard input; returns the
/// exit code and standard output.
fn run(args: &[&str], stdin: &[u8]) -> (i32, String) {
    let mut child = Command::new(env!("CARGO_BIN_EXE_arrows-verify"))
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("the binary starts");
    let mut input = child.stdin.take().expect("stdin");
    let data = stdin.to_vec();
    let writer = std::thread::spawn(move || {
        // The checker may stop reading early (a cap, a bad line): a broken
        // pipe here is expected.
        let _ = input.write_all(&data);
    });
    let out = child.wait_with_output().expect("the binary ends");
    writer.join().expect("the writer");
    let mut text = String::from_utf8(out.stdout).expect("UTF-8 output");
    text.push_str(&String::from_utf8(out.stderr).expect("UTF-8 errors"));
    (out.status.code().expect("an exit code"), text)
}

/// Asserts one line of output with the exit code and the start expected.
fn expect(args: &[&str], stdin: &[u8], code: i32, start: &str) -> String {
    let (got, text) = run(args, stdin);
    assert_eq!(got, code, "{args:?}: {text}");
    assert_eq!(text.lines().count(), 1, "{args:?}: one line, got {text}");
    assert!(text.starts_with(start), "{args:?}: expected `{start}...`, got {text}");
    text
}

/// A certificate with one line replaced.
fn with_line(text: &str, i: usize, line: &str) -> String {
    let mut lines: Vec<&str> = text.lines().collect();
    lines[i] = line;
    lines.iter().map(|l| format!("{l}\n")).collect()
}

#[test]
fn a_valid_certificate_prints_what_it_proves_and_exits_0() {
    let dir = std::env::temp_dir().join(format!("arrows-verify-cli-{}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("a temporary folder");
    let file = dir.join("star.cert");
    let star = &certs::all()[1];
    std::fs::write(&file, &star.text).expect("write");
    let line = expect(&[file.to_str().expect("a path")], b"", 0, "valid: ");
    assert_eq!(
        line.trim_end(),
        "valid: first player wins star 3 (Trimmed Game of Arrows, normal play) from the empty position; \
         star 3 (Trimmed Game of Arrows, normal play) from the empty position: winning moves 0>1, 1>0, 0>2, \
         2>0, 0>3, 3>0 (of 6 legal moves); 4 classes and 0 nodes checked"
    );
    let from_stdin = expect(&["-"], star.text.as_bytes(), 0, "valid: ");
    assert_eq!(from_stdin, line);
    let json = expect(&["--json", "-"], star.text.as_bytes(), 0, "{");
    let v: serde_json::Value = serde_json::from_str(&json).expect("one JSON object");
    assert_eq!(v["valid"], true);
    assert_eq!(v["claims"][0]["kind"], "winner");
    assert_eq!(v["claims"][0]["result"], "first");
    assert_eq!(v["claims"][1]["result"].as_array().map(Vec::len), Some(6));
    assert_eq!((v["classes"].as_u64(), v["nodes"].as_u64()), (Some(4), Some(0)));
    std::fs::remove_dir_all(&dir).expect("clean up");
}

#[test]
fn a_false_certificate_names_its_record_and_line_and_exits_1() {
    let example = certs::worked_example();
    let wrong = with_line(
        &example,
        2,
        r#"{"class":{"position":"..","edge":0,"value":1,"options":[[[0,0]],[[0,1]],[[0,3]],[[0,2]]]}}"#,
    );
    let line = expect(&["-"], wrong.as_bytes(), 1, "invalid: record 1 (line 3): ");
    assert!(line.contains("mex"), "{line}");
    let flipped = with_line(&example, 1, r#"{"class":{"position":">.","edge":1,"value":1,"options":[[]]}}"#);
    assert_eq!(run(&["-"], flipped.as_bytes()).0, 0, "an unchanged line stays valid");
    let json = expect(&["--json", "-"], wrong.as_bytes(), 1, "{");
    let v: serde_json::Value = serde_json::from_str(&json).expect("one JSON object");
    assert_eq!(
        (v["valid"].as_bool(), v["kind"].as_str(), v["record"].as_u64(), v["line"].as_u64()),
        (Some(false), Some("invalid"), Some(1), Some(3))
    );
}

#[test]
fn unreadable_input_gets_one_line_and_exit_code_2() {
    let example = certs::worked_example();
    let lines: Vec<&str> = example.lines().collect();
    let truncated: String = lines[..4].iter().map(|l| format!("{l}\n")).collect();
    let cases: Vec<(&str, Vec<u8>, &str)> = vec![
        ("not a certificate", b"hello\n".to_vec(), "not a certificate"),
        ("an empty file", Vec::new(), "empty"),
        ("truncated", truncated.into_bytes(), "no end line"),
        ("unknown version", example.replacen("\"version\":1", "\"version\":2", 1).into_bytes(), "unknown version 2"),
        ("misère play", example.replacen("\"normal\"", "\"misere\"", 1).into_bytes(), "normal play only"),
        ("bad gzip", vec![0x1f, 0x8b, 0, 1, 2, 3], "cannot read"),
        (
            "a malformed record",
            with_line(&example, 1, r#"{"class":{"position":">."}}"#).into_bytes(),
            "malformed record",
        ),
        (
            "an unknown key",
            with_line(&example, 1, r#"{"class":{"position":">.","edge":1,"value":1,"options":[[]],"x":0}}"#)
                .into_bytes(),
            "malformed record",
        ),
        (
            "an edge out of range",
            with_line(&example, 1, r#"{"class":{"position":">.","edge":2,"value":1,"options":[[]]}}"#).into_bytes(),
            "edge 2 is out of range",
        ),
        (
            "a position of the wrong length",
            with_line(&example, 1, r#"{"class":{"position":">..","edge":1,"value":1,"options":[[]]}}"#).into_bytes(),
            "a position of 3 characters",
        ),
        (
            "a heap over the cap",
            with_line(&example, 1, r#"{"class":{"position":">.","edge":1,"value":2147483649,"options":[[]]}}"#)
                .into_bytes(),
            "the cap on heaps",
        ),
        ("wrong end counts", example.replacen("\"classes\":2", "\"classes\":3", 1).into_bytes(), "the end line counts"),
        ("a line after the end", format!("{example}{}\n", lines[4]).into_bytes(), "a line after the end"),
        (
            "a board over the cap",
            example.replacen("\"vertices\":3", "\"vertices\":4097", 1).into_bytes(),
            "the cap is 4,096",
        ),
    ];
    for (what, input, fragment) in cases {
        let line = expect(&["-"], &input, 2, "unreadable: ");
        assert!(line.contains(fragment), "{what}: {line}");
    }
    // A line over 64 MiB is refused by its length, not read to its end.
    let mut long = lines[0].as_bytes().to_vec();
    long.push(b'\n');
    long.extend(std::iter::repeat_n(b' ', (64 << 20) + 1));
    let line = expect(&["-"], &long, 2, "unreadable: line 2: ");
    assert!(line.contains("64 MiB"), "{line}");
    let line = expect(&["/no/such/file.cert"], b"", 2, "unreadable: cannot open");
    assert!(line.contains("/no/such/file.cert"), "{line}");
}

#[test]
fn usage_and_help() {
    let (code, help) = run(&["--help"], b"");
    assert_eq!(code, 0);
    assert!(help.contains("Usage: arrows-verify") && help.contains("exit code 2"), "{help}");
    expect(&[], b"", 2, "unreadable: give one certificate FILE");
    expect(&["a", "b"], b"", 2, "unreadable: give one certificate FILE");
    expect(&["--frobnicate", "x"], b"", 2, "unreadable: unknown option --frobnicate");
}

#[test]
fn a_repeated_key_is_refused() {
    let example = certs::worked_example();
    let twice = example.replacen(r#""rules":"trimmed""#, r#""rules":"trimmed","rules":"untrimmed""#, 1);
    expect(&["-"], twice.as_bytes(), 2, "unreadable: line 1: malformed header: duplicate field `rules`");
    let lines: Vec<&str> = example.lines().collect();
    let record = r#"{"class":{"position":">.","edge":1,"value":1,"value":0,"options":[[]]}}"#;
    let text = with_line(&example, 1, record);
    expect(&["-"], text.as_bytes(), 2, "unreadable: line 2: malformed record: duplicate field `value`");
    let two = format!(
        "{}\n{{\"class\":{{\"position\":\">.\",\"edge\":1,\"value\":1,\"options\":[[]]}},\"node\":{{}}}}\n",
        lines[0]
    );
    expect(&["-"], two.as_bytes(), 2, "unreadable: line 2: malformed record");
}
