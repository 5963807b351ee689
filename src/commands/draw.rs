//! `--draw` and `--out` on the analysis commands: the picture of each
//! analysed position (its arrows, the components of its unmarked edges,
//! the winning moves), to standard output in place of the report, into the
//! JSON object, or into a file beside the report.

use crate::commands::source::Named;
use crate::error::{CliError, CliResult};
use crate::flags::analysis::DrawOpts;
use arrows_core::Position;
use arrows_draw::solved::picture;
use arrows_draw::{DrawError, Format};
use arrows_solve::report::Report;
use std::io::Write;
use std::path::{Path, PathBuf};

/// Whether the report of a graph is still to be printed.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Shown {
    /// The drawing took the report's place (or the report went out with it).
    Instead,
    /// The drawing went to a file: print the report as usual.
    Beside,
}

/// Draws the positions of one run of an analysis command.
pub struct Drawer {
    format: Format,
    /// `--no-title`: the drawing without its title line.
    no_title: bool,
    out: Option<PathBuf>,
    /// An SVG or TikZ document waiting for the end of the source, so that a
    /// second graph is refused before anything is printed.
    held: Option<String>,
    /// Text pictures printed so far.
    printed: usize,
}

impl Drawer {
    /// The drawer the flags ask for, if any.
    pub fn new(opts: &DrawOpts) -> Option<Drawer> {
        opts.draw.map(|f| Drawer {
            format: f.into(),
            no_title: opts.no_title,
            out: opts.out.clone(),
            held: None,
            printed: 0,
        })
    }

    /// Draws one analysed position: into `out` or its file, or into the
    /// JSON object (which it then prints).
    pub fn draw(
        &mut self,
        named: &Named,
        position: Position<'_>,
        report: &Report,
        json: bool,
        out: &mut impl Write,
    ) -> CliResult<Shown> {
        let mut picture = picture(position, report, named.drawing.clone());
        if self.no_title {
            picture = picture.without_title();
        }
        let drawing = picture.render(self.format).map_err(|e| refusal(named, e))?;
        if let Some(file) = &self.out {
            let file = numbered(file, named.line);
            std::fs::write(&file, drawing).map_err(|e| {
                CliError::usage(format!("cannot write the drawing to {}: {e}; give --out a file in a folder that exists and you can write to", file.display()))
                    .caused_by(e)
            })?;
            return Ok(Shown::Beside);
        }
        if json {
            // The report's fields in their order, then the drawing.
            let object = serde_json::to_string(report).expect("a report serializes");
            let drawing = serde_json::to_string(&drawing).expect("a string serializes");
            let fields = object.strip_suffix('}').expect("a report is a JSON object");
            writeln!(out, "{fields},\"{}\":{drawing}}}", self.format)?;
            return Ok(Shown::Instead);
        }
        match self.format {
            Format::Text => {
                if self.printed > 0 {
                    writeln!(out)?;
                }
                out.write_all(drawing.as_bytes())?;
                self.printed += 1;
            }
            Format::Svg | Format::Tikz => {
                if self.held.is_some() {
                    return Err(CliError::usage(format!(
                        "--draw {} writes one document, and this input holds more than one graph (the second at {}); \
                         give --out FILE for one file per graph, or draw one graph",
                        self.format,
                        named.line.map_or_else(|| named.name.clone(), |l| format!("line {l}"))
                    )));
                }
                self.held = Some(drawing);
            }
        }
        Ok(Shown::Instead)
    }

    /// Prints the document held back for the end of the source.
    pub fn finish(self, out: &mut impl Write) -> CliResult {
        if let Some(document) = self.held {
            out.write_all(document.as_bytes())?;
        }
        Ok(())
    }
}

/// `pic.svg` for a graph given on the command line, `pic-LINE.svg` for one
/// read from line `LINE` of a file.
fn numbered(file: &Path, line: Option<usize>) -> PathBuf {
    let Some(line) = line else { return file.to_path_buf() };
    let stem = file.file_stem().map_or_else(|| "drawing".into(), |s| s.to_string_lossy().into_owned());
    let name = match file.extension() {
        Some(ext) => format!("{stem}-{line}.{}", ext.to_string_lossy()),
        None => format!("{stem}-{line}"),
    };
    file.with_file_name(name)
}

/// One line of advice for a drawing the library refuses.
fn refusal(named: &Named, e: DrawError) -> CliError {
    let at = named.line.map_or_else(String::new, |l| format!("line {l} ({}): ", named.name));
    let message = match &e {
        DrawError::TooLarge { layout, vertices, limit } => format!(
            "{at}cannot draw this graph: {layout} takes at most {limit} vertices and it has {vertices}; drop --draw, \
             or draw a smaller graph"
        ),
        _ => format!("{at}cannot draw this position: {e}"),
    };
    CliError::usage(message).caused_by(e)
}
