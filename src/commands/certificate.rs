//! `--certificate FILE`: the answer of an analysis written as a certificate
//! that `arrows-verify` checks (format: `docs/certificates.md`).
//!
//! The certificate's own solver decides the position again; what it finds
//! must be what the engine reported (winner, value, winning moves), or the
//! command fails without writing. The file's size is known before it is
//! written and refused past `--certificate-limit`; it is written to a
//! temporary file beside the target and renamed into place, so a kill
//! leaves the old file or the new one, never half of one. A name ending in
//! `.gz` is compressed with gzip.

use crate::error::{CliError, CliResult};
use arrows_core::Position;
use arrows_solve::certify::{self, Board, CertifyError, Moves, Request};
use arrows_solve::report::Report;
use arrows_text::{bytes, thousands};
use arrows_work::Control;
use std::io::Write;
use std::path::Path;

/// The default size cap: 1 GiB before compression.
pub const DEFAULT_LIMIT: u64 = 1 << 30;

/// A certificate larger than this is announced on standard error before
/// it is written.
const ANNOUNCE: u64 = 64 << 20;

/// Certifies `report`'s answer for `position` and writes it to `path`.
pub fn write(
    path: &Path,
    limit: u64,
    name: &str,
    position: Position<'_>,
    report: &Report,
    control: &Control,
) -> CliResult {
    let board = Board::new(position).map_err(|e| refused(e, limit))?;
    let first_win = report.search.as_ref().is_some_and(|s| s.first_win);
    let request = Request {
        value: report.grundy.is_some(),
        moves: if first_win { Moves::These(report.winning_moves.clone()) } else { Moves::All },
    };
    let mut cert = certify::certify(&board, position, &request, control).map_err(|e| refused(e, limit))?;
    let found = cert.found().clone();
    let mut reported = report.winning_moves.clone();
    reported.sort();
    let mut moves = found.winning_moves.clone();
    moves.sort();
    let winner = if found.first_wins { "first" } else { "second" };
    if winner != report.winner || (request.value && found.value != report.grundy) || moves != reported {
        return Err(CliError::failure(format!(
            "the certificate's solver disagrees with the {} engine (winner {winner}, value {:?}, {} winning moves \
             against {}, {:?}, {}): no certificate written; please report this with the command",
            report.engine.as_str(),
            found.value,
            moves.len(),
            report.winner,
            report.grundy,
            reported.len()
        )));
    }
    let size = cert.size(name).map_err(|e| refused(e, limit))?;
    if size.bytes > limit {
        return Err(CliError::usage(format!(
            "the certificate would take {} ({} records), past --certificate-limit {}; raise the limit",
            bytes(size.bytes),
            thousands(size.classes + size.nodes),
            bytes(limit)
        )));
    }
    if size.bytes > ANNOUNCE {
        eprintln!(
            "writing a certificate of {} ({} records) to {}",
            bytes(size.bytes),
            thousands(size.classes + size.nodes),
            path.display()
        );
    }
    let folder = match path.parent() {
        Some(p) if !p.as_os_str().is_empty() => p,
        _ => Path::new("."),
    };
    let io = |e: std::io::Error| {
        CliError::failure(format!("cannot write the certificate {}: {e}", path.display())).caused_by(e)
    };
    let mut tmp = tempfile::NamedTempFile::new_in(folder).map_err(io)?;
    let gz = path.extension().is_some_and(|x| x == "gz");
    let written = {
        let file = std::io::BufWriter::new(tmp.as_file_mut());
        if gz {
            let mut enc = flate2::write::GzEncoder::new(file, flate2::Compression::default());
            let w = cert.write(name, limit, &mut enc).map_err(|e| refused(e, limit))?;
            enc.finish().map_err(io)?.flush().map_err(io)?;
            w
        } else {
            let mut file = file;
            let w = cert.write(name, limit, &mut file).map_err(|e| refused(e, limit))?;
            file.flush().map_err(io)?;
            w
        }
    };
    // A temporary file is private to its owner; a certificate is for others to read.
    {
        use std::os::unix::fs::PermissionsExt;
        tmp.as_file().set_permissions(std::fs::Permissions::from_mode(0o644)).map_err(io)?;
    }
    tmp.as_file().sync_all().map_err(io)?;
    tmp.persist(path).map_err(|e| io(e.error))?;
    let on_disk = std::fs::metadata(path).map(|m| m.len()).unwrap_or(written.bytes);
    eprintln!(
        "certificate    {} ({} classes, {} nodes, {}; check it with arrows-verify {})",
        path.display(),
        thousands(written.classes),
        thousands(written.nodes),
        bytes(on_disk),
        path.display()
    );
    Ok(())
}

/// A certificate refused or failed, in one line.
fn refused(e: CertifyError, limit: u64) -> CliError {
    let message = match &e {
        CertifyError::TooBig { .. } => {
            format!("the certificate passes --certificate-limit {}; raise the limit", bytes(limit))
        }
        CertifyError::Misere => format!("{e}; drop --misere or --certificate"),
        CertifyError::TooLarge(_) => format!("{e}; drop --certificate"),
        CertifyError::NotProper => format!("{e}; give another --state or drop --certificate"),
        CertifyError::OverBudget { .. } => format!("{e}; raise --max-memory"),
        CertifyError::Cancelled => return CliError::from(arrows_work::Cancelled),
        _ => e.to_string(),
    };
    let usage = !matches!(e, CertifyError::Io(_));
    if usage { CliError::usage(message).caused_by(e) } else { CliError::failure(message).caused_by(e) }
}
