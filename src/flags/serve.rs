//! Flags of `arrows serve`: the explorer in the browser.

use arrows_work::Budget;
use clap::Args;
use std::net::IpAddr;
use std::time::Duration;

const EXAMPLES: &str = "\
Examples:
  arrows serve                        the explorer at http://127.0.0.1:8080/
  arrows serve --open                 and open it in the browser
  arrows serve --port 0               on a free port (the startup line names it)
  arrows serve --timeout 60           let an analysis run up to a minute

The page: pick a family (spider 4 6 8, wheel 5, ...) or paste graph6, an edge
list or a board; choose the rules and the play; click a move on its edge to
play it (a pasted board plays the Game of Cycles, as `arrows board` does).
Every legal move is drawn on its edge, coloured by the value of the position
it leads to (winning moves thick, in vermilion, the accent of every drawing
arrows makes); the value, the winner, the decomposition with its nim-sum
and the moves table stand beside the drawing.
A game too large to solve is still drawn and played on, the refusal beside
it (each new position is analyzed again); large drawings zoom with the mouse
wheel or the + and - buttons, and pan with a drag. Positions are links:
/?graph=spider%204%206%208&state=0>1 opens one.

The API answers JSON: /api/analyze?graph=spider%204%206%208&state=0>1 gives
the object of `arrows spider 4 6 8 --state 0>1 --json --moves --explain`
(add &draw=svg for the drawing); /api/draw?...&format=svg|tikz the drawing;
/api/best?... the move arrows plays; /api/position?... the legal moves and
(with &draw=svg) the drawing, nothing solved. A bad request answers 400 with
{\"error\": \"...\"}, a game too large for the engines or the memory budget
(or an answer past 32 MiB) 413, a request past the time limit 503, another
method than GET 405.

Bound to a loopback address (the default), the server answers requests to
localhost only (421 for another Host: a page of another site cannot reach
it by DNS rebinding). A request's head must arrive within 10 s, a
kept-alive connection idle as long is closed, and an answer the client
stops reading for 10 s is dropped with its connection.";

/// Arguments of `arrows serve`.
#[derive(Args, Debug, Clone)]
#[command(after_long_help = EXAMPLES)]
pub struct ServeArgs {
    /// The port to listen on (0: a free port, named in the startup line).
    #[arg(long, default_value_t = 8080)]
    pub port: u16,
    /// The address to listen on.
    ///
    /// The explorer has no authentication: any other address than a
    /// loopback one lets every machine that reaches it use this one's cores.
    #[arg(long, default_value = "127.0.0.1", value_name = "ADDRESS")]
    pub bind: IpAddr,
    /// Open the explorer in the browser (with xdg-open, open or start).
    #[arg(long)]
    pub open: bool,
    /// The time limit of one request in seconds (fractions allowed).
    ///
    /// Past it the analysis is stopped and the request answered 503.
    #[arg(long, value_name = "SECONDS", default_value = "10", value_parser = seconds)]
    pub timeout: Duration,
    /// Memory budget of one analysis, e.g. 512M or 2G.
    ///
    /// The default is three quarters of the available memory, shared by
    /// --jobs analyses. A game that needs more is answered 413.
    #[arg(long, value_name = "SIZE", value_parser = crate::flags::values::budget)]
    pub max_memory: Option<Budget>,
    /// How many analyses run at once (default: one per core).
    ///
    /// More wait for a free one, within their time limit.
    #[arg(long, value_name = "N", value_parser = clap::value_parser!(u16).range(1..))]
    pub jobs: Option<u16>,
}

/// Reads `--timeout`: positive seconds, fractions allowed.
fn seconds(text: &str) -> Result<Duration, String> {
    let s: f64 = text.trim().parse().map_err(|_| format!("{text:?} is not a number of seconds"))?;
    if s.is_nan() || s <= 0.0 {
        return Err("a time limit must be more than 0 seconds".into());
    }
    if s > 86_400.0 {
        return Err(format!("{text} seconds is more than a day (86400 seconds); give a shorter time limit"));
    }
    Ok(Duration::from_secs_f64(s))
}
