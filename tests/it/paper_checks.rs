//! The paper checks at their default range, snapshotted (ids, statements,
//! ranges, instance counts and outcomes, no timings), and `arrows check`
//! from the outside: selection, JSON, exit codes and one-line errors.

use crate::support::binary::run as arrows;
use arrows_paper::{Scale, registry, run};
use arrows_work::{Budget, Control};

#[test]
fn default_report() {
    let report = run(&registry(), Scale::default(), &Control::new(Budget::bytes(8 << 30))).unwrap();
    let text = report.text(false);
    assert!(report.is_success(), "{text}");
    insta::assert_snapshot!("default_report", text);
}

#[test]
fn selected_checks_pass_with_exit_code_0() {
    let o = arrows(&["check", "12", "5.2", "--max", "8"]);
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    let text = String::from_utf8(o.stdout).unwrap();
    for id in ["12.1", "12.cor", "5.2"] {
        assert!(text.lines().any(|l| l.starts_with(id) && l.contains("pass")), "{id}: {text}");
    }
    assert!(!text.contains("8.2"), "{text}");
}

#[test]
fn json_has_one_object_per_check() {
    let o = arrows(&["check", "9.1", "--json", "--max", "6"]);
    assert!(o.status.success());
    let lines: Vec<serde_json::Value> =
        String::from_utf8(o.stdout).unwrap().lines().map(|l| serde_json::from_str(l).unwrap()).collect();
    let ids: Vec<&str> = lines.iter().map(|v| v["id"].as_str().unwrap()).collect();
    assert_eq!(ids, ["9.1", "9.1.n0"]);
    assert_eq!(lines[0]["status"], "pass");
    assert_eq!(lines[1]["status"], "counterexample-found");
    assert_eq!(lines[1]["counterexample"]["instance"], "<0^,1^,0>");
    for v in &lines {
        assert!(v["instances"].as_u64().unwrap() > 0);
        assert!(v["range"].as_str().unwrap().contains("n"));
        assert!(v["statement"].is_string() && v["time_ms"].is_f64());
    }
}

#[test]
fn bad_input_is_one_line_and_exit_code_2() {
    for args in [
        &["check", "10.9"][..],
        &["check", "--max", "x"],
        &["check", "--max", "2"],
        &["check", "12.1", "--max", "100000"],
    ] {
        let o = arrows(args);
        assert_eq!(o.status.code(), Some(2), "{args:?}");
        let err = String::from_utf8(o.stderr).unwrap();
        assert_eq!(err.lines().count(), 1, "{args:?}: {err}");
        assert!(err.starts_with("error: "), "{err}");
        assert!(o.stdout.is_empty());
    }
}

#[test]
fn the_list_names_every_check() {
    let o = arrows(&["check", "--list"]);
    assert!(o.status.success());
    let text = String::from_utf8(o.stdout).unwrap();
    for c in registry() {
        assert!(text.lines().any(|l| l.starts_with(c.id)), "{}", c.id);
    }
}

#[test]
fn the_list_as_json_has_one_object_per_id() {
    let o = arrows(&["check", "--list", "--json"]);
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    let lines: Vec<serde_json::Value> =
        String::from_utf8(o.stdout).unwrap().lines().map(|l| serde_json::from_str(l).unwrap()).collect();
    let all = registry();
    assert_eq!(lines.len(), all.len());
    for (c, v) in all.iter().zip(&lines) {
        assert_eq!(v["id"], c.id);
        assert_eq!(v["result"], c.result);
        assert_eq!(v["statement"], c.statement);
        assert!(["check", "probe", "finding"].contains(&v["kind"].as_str().unwrap()), "{v}");
    }
    // A selection lists only its ids.
    let o = arrows(&["check", "12", "--list", "--json"]);
    let ids: Vec<String> = String::from_utf8(o.stdout)
        .unwrap()
        .lines()
        .map(|l| serde_json::from_str::<serde_json::Value>(l).unwrap()["id"].as_str().unwrap().to_string())
        .collect();
    assert!(!ids.is_empty() && ids.iter().all(|id| id.starts_with("12.")), "{ids:?}");
}

#[test]
fn ctrl_c_stops_the_checks_with_exit_code_130() {
    use std::process::{Command, Stdio};
    // Every check at --max 60 takes far longer than the second before Ctrl-C.
    let child = Command::new(env!("CARGO_BIN_EXE_arrows"))
        .args(["check", "--max", "60"])
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    std::thread::sleep(std::time::Duration::from_millis(1000));
    assert!(Command::new("kill").args(["-INT", &child.id().to_string()]).status().unwrap().success());
    let o = child.wait_with_output().unwrap();
    let err = String::from_utf8_lossy(&o.stderr);
    assert_eq!(o.status.code(), Some(130), "{err}");
    assert_eq!(err.lines().count(), 1, "{err}");
    assert!(o.stdout.is_empty(), "no partial report");
}
