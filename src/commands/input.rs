//! Inputs read whole (boards, drawings, tables, digraphs, manifests) from a
//! file or standard input, bounded: past [`MAX_INPUT_BYTES`] the reading
//! stops with one line saying so, as the graph readers stop at a line of
//! that length. Nothing a user pipes in (`< /dev/zero`, say) is read
//! without bound.

use crate::error::CliError;
use std::io::{BufRead, ErrorKind, Read};
use std::path::Path;

/// The most bytes an input read whole may hold: 64 MiB, as the longest
/// line of a graph file ([`arrows_core::formats::MAX_LINE_BYTES`]).
pub const MAX_INPUT_BYTES: u64 = arrows_core::formats::MAX_LINE_BYTES as u64;

/// How an input is named in messages: its path, or `standard input` for `-`.
pub fn name(path: &Path) -> String {
    if path.as_os_str() == "-" { "standard input".into() } else { path.display().to_string() }
}

/// The bytes of `path` (`-` is standard input), refused past
/// [`MAX_INPUT_BYTES`]; `what` names its content in messages (`a board`,
/// `a table (CSV or JSON)`).
pub fn read_bytes(path: &Path, what: &str) -> Result<Vec<u8>, CliError> {
    let name = name(path);
    let reader: Box<dyn Read> = if path.as_os_str() == "-" {
        Box::new(std::io::stdin().lock())
    } else {
        if path.is_dir() {
            return Err(CliError::usage(format!("{name} is a directory; give a file with {what}")));
        }
        let f = std::fs::File::open(path).map_err(|e| {
            let reason = match e.kind() {
                ErrorKind::NotFound => "no such file".to_string(),
                _ => e.to_string(),
            };
            CliError::usage(format!("cannot open {name}: {reason}; check the path")).caused_by(e)
        })?;
        Box::new(f)
    };
    let mut bytes = Vec::new();
    reader
        .take(MAX_INPUT_BYTES + 1)
        .read_to_end(&mut bytes)
        .map_err(|e| CliError::failure(format!("{name}: cannot read: {e}")).caused_by(e))?;
    if bytes.len() as u64 > MAX_INPUT_BYTES {
        return Err(too_large(&name, what));
    }
    Ok(bytes)
}

/// The text of `path` as [`read_bytes`] reads it, refused with the byte
/// where it stops being UTF-8.
pub fn read_text(path: &Path, what: &str) -> Result<String, CliError> {
    let bytes = read_bytes(path, what)?;
    String::from_utf8(bytes).map_err(|e| {
        let at = e.utf8_error().valid_up_to();
        let before = &e.as_bytes()[..at];
        let line = 1 + before.iter().filter(|&&b| b == b'\n').count();
        let byte = 1 + at - before.iter().rposition(|&b| b == b'\n').map_or(0, |i| i + 1);
        CliError::usage(format!("{}, line {line}, byte {byte}: not UTF-8 text; give {what} as text", name(path)))
            .caused_by(e)
    })
}

/// The most bytes a line typed to `arrows play` may hold: a move is a few
/// characters, so 64 KiB is far past any line a person types.
pub const MAX_TYPED_LINE: u64 = 64 << 10;

/// The next line of standard input for `arrows play` (its `number`, from
/// 1, names it in messages), without its end; `None` at the end of the
/// input. A line past [`MAX_TYPED_LINE`] or not UTF-8 is refused in one
/// line: nothing piped in (`< /dev/zero`) is read without bound.
pub fn read_typed_line(input: &mut impl BufRead, number: usize) -> Result<Option<String>, CliError> {
    let mut bytes = Vec::new();
    let read = input
        .take(MAX_TYPED_LINE + 1)
        .read_until(b'\n', &mut bytes)
        .map_err(|e| CliError::failure(format!("standard input: cannot read: {e}")).caused_by(e))?;
    if read == 0 {
        return Ok(None);
    }
    if bytes.len() as u64 > MAX_TYPED_LINE {
        return Err(CliError::usage(format!(
            "standard input, line {number}: longer than {}; type one move a line",
            arrows_text::bytes(MAX_TYPED_LINE)
        )));
    }
    String::from_utf8(bytes).map(Some).map_err(|e| {
        let byte = 1 + e.utf8_error().valid_up_to();
        CliError::usage(format!("standard input, line {number}, byte {byte}: not UTF-8 text; type moves as text"))
            .caused_by(e)
    })
}

fn too_large(name: &str, what: &str) -> CliError {
    CliError::usage(format!(
        "{name} is larger than {}, the most an input read whole may hold; give {what} of at most that size",
        arrows_text::bytes(MAX_INPUT_BYTES)
    ))
}
