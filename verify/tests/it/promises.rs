//! The crate's promises: its dependencies (the standard library, a JSON
//! reader, a gzip decoder and nothing of this workspace), its size as the
//! README states it, and a doc comment on every function.

use std::path::Path;
use std::process::Command;

/// The only direct dependencies allowed: the JSON reader (serde_json, with
/// serde for its derive) and the gzip decoder.
const ALLOWED: [&str; 3] = ["flate2", "serde", "serde_json"];

#[test]
fn the_checker_depends_on_no_workspace_crate_and_nothing_else() {
    let manifest = Path::new(env!("CARGO_MANIFEST_DIR")).join("../Cargo.toml");
    let out = Command::new(env!("CARGO"))
        .args(["metadata", "--format-version", "1", "--no-deps", "--offline", "--manifest-path"])
        .arg(&manifest)
        .output()
        .expect("cargo metadata runs");
    assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
    let meta: serde_json::Value = serde_json::from_slice(&out.stdout).expect("cargo metadata's JSON");
    let members: Vec<&str> =
        meta["workspace_members"].as_array().unwrap().iter().map(|m| m.as_str().unwrap()).collect();
    let packages = meta["packages"].as_array().unwrap();
    let member_names: Vec<&str> = packages
        .iter()
        .filter(|p| members.contains(&p["id"].as_str().unwrap()))
        .map(|p| p["name"].as_str().unwrap())
        .collect();
    assert!(member_names.contains(&"arrows-verify") && member_names.len() > 5, "{member_names:?}");
    let me = packages.iter().find(|p| p["name"] == "arrows-verify").expect("arrows-verify in the workspace");
    let deps: Vec<&str> = me["dependencies"].as_array().unwrap().iter().map(|d| d["name"].as_str().unwrap()).collect();
    assert!(!deps.is_empty());
    for dep in &deps {
        assert!(!member_names.contains(dep), "arrows-verify depends on the workspace crate {dep}");
        assert!(ALLOWED.contains(dep), "arrows-verify depends on {dep}, outside {ALLOWED:?}");
    }
    for dep in me["dependencies"].as_array().unwrap() {
        assert!(dep["path"].is_null(), "a path dependency: {dep}");
    }
}

/// The lines of code of `verify/src`, every `.rs` file below it: the lines
/// that are neither blank nor comments (doc comments included among the
/// comments), as line counters such as tokei count code.
fn source_lines() -> usize {
    fn walk(dir: &Path, total: &mut usize) {
        for entry in std::fs::read_dir(dir).expect("a source folder") {
            let path = entry.expect("an entry").path();
            if path.is_dir() {
                walk(&path, total);
            } else if path.extension().is_some_and(|e| e == "rs") {
                let text = std::fs::read_to_string(&path).expect("a source file");
                *total += text.lines().map(str::trim).filter(|l| !l.is_empty() && !l.starts_with("//")).count();
            }
        }
    }
    let mut total = 0;
    walk(&Path::new(env!("CARGO_MANIFEST_DIR")).join("src"), &mut total);
    total
}

#[test]
fn the_checker_is_at_most_2000_lines_and_its_readme_says_how_many() {
    let lines = source_lines();
    assert!(lines <= 2000, "verify/src has {lines} lines, over the promised 2,000");
    let readme = std::fs::read_to_string(Path::new(env!("CARGO_MANIFEST_DIR")).join("README.md")).expect("README.md");
    let stated = readme
        .lines()
        .find_map(|l| l.split("**").nth(1).and_then(|n| n.strip_suffix(" lines")).map(|n| n.replace(',', "")))
        .and_then(|n| n.parse::<usize>().ok())
        .expect("the README states the line count as **N lines**");
    let diff = stated.abs_diff(lines) as f64 / lines as f64;
    assert!(diff <= 0.05, "the README says {stated} lines, verify/src has {lines}: update it");
    for dep in ALLOWED {
        assert!(readme.contains(&format!("`{dep}`")), "the README lists the dependency {dep}");
    }
}

#[test]
fn every_function_has_a_doc_comment() {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("src");
    let mut files = Vec::new();
    let mut dirs = vec![dir];
    while let Some(d) = dirs.pop() {
        for entry in std::fs::read_dir(d).expect("a source folder") {
            let path = entry.expect("an entry").path();
            if path.is_dir() {
                dirs.push(path);
            } else if path.extension().is_some_and(|e| e == "rs") {
                files.push(path);
            }
        }
    }
    for path in files {
        let text = std::fs::read_to_string(&path).expect("a source file");
        let lines: Vec<&str> = text.lines().collect();
        for (i, line) in lines.iter().enumerate() {
            let t = line.trim_start();
            if t.starts_with("fn ") || t.starts_with("pub fn ") {
                let above = lines[..i].iter().rev().map(|l| l.trim_start()).find(|l| !l.starts_with("#["));
                assert!(
                    above.is_some_and(|l| l.starts_with("///")),
                    "{}:{}: `{t}` has no doc comment",
                    path.display(),
                    i + 1
                );
            }
        }
    }
}
