//! What comes from outside, checked before any work starts: the paths a
//! user gives for output ([`writable_file`], [`writable_dir`]) and text
//! read from a file or a request, made safe to print ([`printable`]).
//!
//! A path is refused in one line, exit code 2, when it cannot serve: a
//! name longer than the system allows, a dangling symbolic link or a loop
//! of them, a device, a FIFO or a socket, a directory where a file goes
//! (or a file where a directory goes), or a place this process cannot
//! write. Nothing is created or changed by the checks but a probe file,
//! removed at once.

use crate::error::{CliError, CliResult};
use std::borrow::Cow;
use std::fs::{File, OpenOptions};
use std::path::{Path, PathBuf};

/// The longest name of one path component, in bytes (`NAME_MAX` of Linux
/// and the BSDs).
const NAME_BYTES: usize = 255;

/// The longest path, in bytes (`PATH_MAX` of Linux).
const PATH_BYTES: usize = 4095;

/// `text` with every control character (the C0 and C1 controls and DEL,
/// escapes and bells among them) written as `\u{..}`, so that text read
/// from a file cannot retitle, recolour or otherwise drive the terminal it
/// is printed on. Tabs and line breaks are escaped too: a name is one line.
pub fn printable(text: &str) -> Cow<'_, str> {
    if !text.chars().any(char::is_control) {
        return Cow::Borrowed(text);
    }
    let mut out = String::with_capacity(text.len() + 8);
    for c in text.chars() {
        if c.is_control() {
            out.push_str(&format!("\\u{{{:x}}}", u32::from(c)));
        } else {
            out.push(c);
        }
    }
    Cow::Owned(out)
}

/// A path in a message: printable, whatever bytes it holds.
fn shown(path: &Path) -> String {
    printable(&path.to_string_lossy()).into_owned()
}

/// Refuses a path whose name or one of whose components is longer than
/// the system allows.
fn check_length(path: &Path, flag: &str) -> CliResult {
    use std::os::unix::ffi::OsStrExt;
    let long_part = path.components().map(|c| c.as_os_str().as_bytes().len()).max().unwrap_or(0);
    let whole = path.as_os_str().as_bytes().len();
    if long_part > NAME_BYTES || whole > PATH_BYTES {
        return Err(CliError::usage(format!(
            "{flag} {}: the name is longer than the system allows ({NAME_BYTES} bytes a name, {PATH_BYTES} in \
             all); give a shorter path",
            arrows_text::shorten(&shown(path), 80)
        )));
    }
    Ok(())
}

/// What is at `path`, symbolic links followed: `None` when nothing is,
/// else its metadata; a loop of links is refused, and a link to nothing
/// too unless `dangling` (a file is then created where it leads).
fn what_is_at(path: &Path, flag: &str, dangling: bool) -> CliResult<Option<std::fs::Metadata>> {
    let link = match std::fs::symlink_metadata(path) {
        Ok(m) => m,
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => return Ok(None),
        Err(e) => return Err(unusable(path, flag, &e)),
    };
    match std::fs::metadata(path) {
        Ok(m) => Ok(Some(m)),
        Err(e) if dangling && e.kind() == std::io::ErrorKind::NotFound => Ok(None),
        Err(e) if link.file_type().is_symlink() && e.kind() == std::io::ErrorKind::NotFound => Err(CliError::usage(
            format!("{flag} {} is a symbolic link to nothing; give a path that exists or can be created", shown(path)),
        )
        .caused_by(e)),
        Err(e) => Err(unusable(path, flag, &e)),
    }
}

/// A path the system refuses to look at (a loop of links, a component that is a file, no permission).
fn unusable(path: &Path, flag: &str, e: &std::io::Error) -> CliError {
    CliError::usage(format!("{flag} {}: {e}; give another path", shown(path)))
}

/// What a file type is, in words, for a refusal.
fn kind(t: std::fs::FileType) -> &'static str {
    use std::os::unix::fs::FileTypeExt;
    if t.is_file() {
        "a file"
    } else if t.is_dir() {
        "a directory"
    } else if t.is_fifo() {
        "a FIFO (named pipe)"
    } else if t.is_socket() {
        "a socket"
    } else if t.is_block_device() || t.is_char_device() {
        "a device"
    } else {
        "not a file or a directory"
    }
}

/// Checks, before any work, that `path` (given with `flag`) is a regular
/// file or nothing yet: not a device, a FIFO (which would block its reader
/// for ever) or a socket, not a link to nothing or a loop of links, and no
/// name past the system's limit. [`writable_file`] checks more.
pub fn file_or_nothing(path: &Path, flag: &str) -> CliResult {
    check_length(path, flag)?;
    match what_is_at(path, flag, true)? {
        Some(m) if !m.file_type().is_file() => Err(CliError::usage(format!(
            "{flag} {} is {}, not a file; give the path of a file to write",
            shown(path),
            kind(m.file_type())
        ))),
        _ => Ok(()),
    }
}

/// Checks, before any work, that `path` (given with `flag`) names a file
/// this process can create or overwrite: a regular file it can write, or
/// nothing yet in a directory it can write.
pub fn writable_file(path: &Path, flag: &str) -> CliResult {
    file_or_nothing(path, flag)?;
    match what_is_at(path, flag, true)? {
        Some(_) => {
            // Opened for writing without truncating: nothing changes.
            OpenOptions::new()
                .write(true)
                .open(path)
                .map(drop)
                .map_err(|e| CliError::usage(format!("{flag} {}: {e}; give a file you can write", shown(path))))
        }
        None => {
            let parent = match path.parent() {
                Some(p) if !p.as_os_str().is_empty() => p.to_path_buf(),
                _ => PathBuf::from("."),
            };
            match what_is_at(&parent, flag, false)? {
                Some(m) if m.is_dir() => probe(&parent, path, flag),
                Some(m) => Err(CliError::usage(format!(
                    "{flag} {}: {} is {}, not a directory; give a file in a directory that exists",
                    shown(path),
                    shown(&parent),
                    kind(m.file_type())
                ))),
                None => Err(CliError::usage(format!(
                    "{flag} {}: the directory {} does not exist; create it, or give another path",
                    shown(path),
                    shown(&parent)
                ))),
            }
        }
    }
}

/// Checks, before any work, that `path` (given with `flag`) names a
/// directory this process can write in: one that exists, or one it can
/// create (its nearest existing ancestor a directory it can write).
pub fn writable_dir(path: &Path, flag: &str) -> CliResult {
    check_length(path, flag)?;
    match what_is_at(path, flag, false)? {
        Some(m) if m.is_dir() => probe(path, path, flag),
        Some(m) => Err(CliError::usage(format!(
            "{flag} {} is {}, not a directory; give a directory that exists or can be created",
            shown(path),
            kind(m.file_type())
        ))),
        None => {
            let mut ancestor = path.to_path_buf();
            loop {
                ancestor = match ancestor.parent() {
                    Some(p) if !p.as_os_str().is_empty() => p.to_path_buf(),
                    _ => PathBuf::from("."),
                };
                match what_is_at(&ancestor, flag, false)? {
                    Some(m) if m.is_dir() => return probe(&ancestor, path, flag),
                    Some(m) => {
                        return Err(CliError::usage(format!(
                            "{flag} {}: {} is {}, not a directory; give a directory that exists or can be \
                             created",
                            shown(path),
                            shown(&ancestor),
                            kind(m.file_type())
                        )));
                    }
                    None if ancestor == Path::new(".") => return probe(&ancestor, path, flag),
                    None => {}
                }
            }
        }
    }
}

/// Whether this process can create a file in `dir`: creates a probe file
/// there and removes it.
fn probe(dir: &Path, given: &Path, flag: &str) -> CliResult {
    let probe = dir.join(format!(".arrows-probe-{}", std::process::id()));
    match OpenOptions::new().write(true).create_new(true).open(&probe) {
        Ok(file) => {
            drop::<File>(file);
            let _ = std::fs::remove_file(&probe);
            Ok(())
        }
        Err(e) if e.kind() == std::io::ErrorKind::AlreadyExists => Ok(()),
        Err(e) => Err(CliError::usage(format!(
            "{flag} {}: cannot write in {} ({e}); give a place you can write",
            shown(given),
            shown(dir)
        ))
        .caused_by(e)),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn control_characters_are_escaped() {
        assert_eq!(printable("wheel 5"), "wheel 5");
        assert_eq!(printable("a\u{1b}]0;title\u{7}b"), "a\\u{1b}]0;title\\u{7}b");
        assert_eq!(printable("tab\tand\nline\u{9b}"), "tab\\u{9}and\\u{a}line\\u{9b}");
        assert_eq!(printable("é ∞"), "é ∞");
    }

    #[test]
    fn paths_are_checked_before_work() {
        let dir = tempfile::tempdir().unwrap();
        let d = dir.path();
        let file = d.join("file");
        std::fs::write(&file, "x").unwrap();
        std::os::unix::fs::symlink(d.join("nowhere"), d.join("dangling")).unwrap();
        std::os::unix::fs::symlink(d.join("loop"), d.join("loop")).unwrap();
        std::os::unix::fs::symlink(&file, d.join("to-file")).unwrap();
        let long = d.join("x".repeat(300));
        let fifo = d.join("fifo");
        assert!(std::process::Command::new("mkfifo").arg(&fifo).status().unwrap().success());
        // Files.
        assert!(writable_file(&file, "--memo").is_ok());
        assert!(writable_file(&d.join("new"), "--memo").is_ok());
        assert!(writable_file(&d.join("to-file"), "--memo").is_ok());
        // A link to nothing yet: the file is made where it leads.
        assert!(writable_file(&d.join("dangling"), "--memo").is_ok());
        for (bad, needle) in [
            (d.to_path_buf(), "is a directory"),
            (PathBuf::from("/dev/null"), "is a device"),
            (fifo.clone(), "is a FIFO"),
            (d.join("loop"), "--memo"),
            (d.join("no-dir/new"), "does not exist"),
            (file.join("new"), "Not a directory"),
            (long.clone(), "longer than the system allows"),
        ] {
            let e = writable_file(&bad, "--memo").unwrap_err();
            assert!(e.message.contains(needle), "{}: {}", bad.display(), e.message);
            assert_eq!(e.code, 2);
        }
        // Directories.
        assert!(writable_dir(d, "--out").is_ok());
        assert!(writable_dir(&d.join("a/b/c"), "--out").is_ok());
        assert!(!d.join("a").exists(), "the check creates nothing");
        for (bad, needle) in [
            (file.clone(), "is a file, not a directory"),
            (d.join("to-file"), "not a directory"),
            (PathBuf::from("/dev/null"), "is a device"),
            (d.join("dangling"), "symbolic link to nothing"),
            (d.join("loop"), "--out"),
            (file.join("sub"), "Not a directory"),
            (long, "longer than the system allows"),
        ] {
            let e = writable_dir(&bad, "--out").unwrap_err();
            assert!(e.message.contains(needle), "{}: {}", bad.display(), e.message);
        }
    }
}
