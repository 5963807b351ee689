//! `arrows play`: a game against perfect strategy, one line of input at a
//! time (a pleasant prompt on a terminal, a script otherwise).

use crate::commands::explain::write_explanation;
use crate::commands::memory;
use crate::commands::progress::{self, Bar};
use crate::commands::source::describe_error;
use crate::error::{CliError, CliResult};
use crate::flags::play::{First, PlayArgs};
use arrows_core::describe::describe;
use arrows_core::{Arrow, Decoration, Position, parse_arrows};
use arrows_solve::explain::explain;
use arrows_solve::session::{Choice, Session};
use arrows_solve::{Analyzer, Engine, SolveError};
use arrows_work::Control;
use std::io::{BufRead, IsTerminal, Write};

/// Plays one game on standard input and output.
pub fn run(args: &PlayArgs) -> CliResult {
    let budget = memory::budget(args.max_memory);
    let described = describe(&args.graph.join(" "), budget).map_err(describe_error)?;
    let graph = &described.graph;
    let start = match &args.state {
        None => Decoration::empty(graph.edge_count()),
        Some(text) => Decoration::parse(graph, text).map_err(|e| CliError::usage(e.to_string()).caused_by(e))?,
    };
    let position = Position::new(graph, args.variant(), &start).with_play(args.play());
    let mut session = Session::new(position).map_err(solve_error)?;
    // Canonical where it computes the game, brute force otherwise.
    let engine = args.engine.map(Engine::from).unwrap_or(if Engine::Canonical.computes(position) {
        Engine::Canonical
    } else {
        Engine::Brute
    });
    let control = progress::control(budget, Bar::new(engine.unit(), false));
    let mut game = Game { analyzer: Analyzer::new(), engine, control, human_first: args.first == First::Me };
    let stdin = std::io::stdin();
    let terminal = stdin.is_terminal();
    let mut input = stdin.lock();
    let mut out = std::io::stdout().lock();
    let (rules, play) = (args.variant().title(), args.play().title());
    writeln!(out, "{}: the {rules}, {play}, {}.", described.name, game.who_starts())?;
    if !start.is_empty() {
        writeln!(out, "Starting from {}.", start.display(graph))?;
    }
    writeln!(out, "Type a move (3>4) or its number, or help.")?;
    loop {
        if session.is_over() {
            return game.finish(&session, &mut out);
        }
        if !game.humans_turn(&session) {
            let (arrow, choice) =
                session.best_move(&mut game.analyzer, engine, &game.control).map_err(solve_error)?.expect("a move");
            session.play(arrow, &mut game.analyzer, engine, &game.control).map_err(solve_error)?.expect("legal");
            let why = match choice {
                Choice::Winning => "a winning move",
                Choice::Longest => "no winning move: the one that keeps the game longest",
                Choice::Delaying => "no winning move: the one that leaves the most moves",
            };
            writeln!(out, "arrows plays {arrow} ({why})")?;
            continue;
        }
        game.show_moves(&session, &mut out)?;
        if terminal {
            write!(out, "your move> ")?;
        }
        out.flush()?;
        let mut line = String::new();
        if input.read_line(&mut line)? == 0 {
            writeln!(out, "\nStopped before the end of the game.")?;
            return Ok(());
        }
        let line = line.trim();
        match line {
            "" => {}
            "quit" | "exit" | "q" => {
                writeln!(out, "Stopped before the end of the game.")?;
                return Ok(());
            }
            "help" | "?" => writeln!(out, "{HELP}")?,
            "moves" => {}
            "hint" => game.hint(&session, &mut out)?,
            "explain" => match explain(session.position(), game.analyzer.canonical(), &game.control) {
                Ok(x) => write_explanation(&mut out, &x)?,
                Err(e @ SolveError::Unsupported { .. }) => writeln!(out, "no decomposition here: {e}")?,
                Err(e) => return Err(solve_error(e)),
            },
            "draw" => writeln!(out, "{}", game.picture(&session))?,
            "undo" => game.undo(&mut session, &mut out)?,
            _ => match read_move(line, &session.moves()) {
                Ok(arrow) => {
                    match session.play(arrow, &mut game.analyzer, engine, &game.control).map_err(solve_error)? {
                        Ok(()) => writeln!(out, "you play {arrow}")?,
                        Err(e) => writeln!(out, "not played: {e}; the position is unchanged")?,
                    }
                }
                Err(why) => writeln!(out, "not played: {why}; the position is unchanged")?,
            },
        }
    }
}

const HELP: &str = "\
Type a move as TAIL>HEAD (or HEAD<TAIL), or its number in the list, or:
  hint      the winning moves, if there are any
  explain   the components of the position, their values and the nim-sum
  undo      take back your last move and arrows' answer
  draw      the position as text
  moves     the legal moves again
  quit      stop";

/// The computer's side of the game.
struct Game {
    analyzer: Analyzer,
    engine: Engine,
    control: Control,
    human_first: bool,
}

impl Game {
    fn who_starts(&self) -> &'static str {
        if self.human_first { "you move first" } else { "arrows moves first" }
    }

    fn humans_turn(&self, s: &Session<'_>) -> bool {
        (s.plies().len() % 2 == 0) == self.human_first
    }

    fn show_moves(&self, s: &Session<'_>, out: &mut impl Write) -> std::io::Result<()> {
        let p = s.position();
        let state =
            if p.state.is_empty() { "no arrow yet".to_string() } else { p.state.display(s.graph()).to_string() };
        writeln!(out, "position: {state}")?;
        let list: Vec<String> = s.moves().iter().enumerate().map(|(i, a)| format!("{}) {a}", i + 1)).collect();
        writeln!(out, "moves: {}", list.join("  "))
    }

    fn hint(&mut self, s: &Session<'_>, out: &mut impl Write) -> CliResult {
        let a = self.analyzer.analyze(s.position(), self.engine, &self.control).map_err(solve_error)?;
        if a.winning_moves.is_empty() {
            writeln!(out, "hint: no winning move; every move leaves arrows a win (value 0)")?;
        } else {
            let moves: Vec<String> = a.winning_moves.iter().map(Arrow::to_string).collect();
            let value = a.grundy.map_or_else(|| "a cell to complete".to_string(), |g| format!("value {g}"));
            writeln!(out, "hint: winning moves {} ({value})", moves.join(", "))?;
        }
        Ok(())
    }

    fn picture(&self, s: &Session<'_>) -> String {
        let g = s.graph();
        let state = s.position().state;
        let edges: Vec<String> = (0..g.edge_count())
            .map(|e| {
                let (u, v) = g.ends(e);
                match state.get(e) {
                    Some(true) => format!("{u}─▶{v}"),
                    Some(false) => format!("{u}◀─{v}"),
                    None => format!("{u}──{v}"),
                }
            })
            .collect();
        edges.join("  ")
    }

    fn undo(&self, s: &mut Session<'_>, out: &mut impl Write) -> std::io::Result<()> {
        // Back to the human's previous turn: arrows' answer, then the human's move.
        let human_plies = (0..s.plies().len()).filter(|&i| (i % 2 == 0) == self.human_first).count();
        if human_plies == 0 {
            return writeln!(out, "nothing to undo");
        }
        let n = if self.humans_turn(s) { 2 } else { 1 };
        s.undo(n);
        writeln!(out, "took back {}", if n == 2 { "your move and arrows' answer" } else { "your move" })
    }

    fn finish(&self, s: &Session<'_>, out: &mut impl Write) -> CliResult {
        let n = s.plies().len();
        // Normal play: the player who made the last move wins; misère: loses.
        let human_moved_last = if n == 0 { !self.human_first } else { ((n - 1) % 2 == 0) == self.human_first };
        let human_won = human_moved_last == s.last_mover_wins();
        let last =
            if n == 0 { "the game starts with no move".to_string() } else { format!("no move is left after {n}") };
        if human_won {
            writeln!(out, "Game over, {last}: you win.")?;
        } else {
            writeln!(out, "Game over, {last}: arrows wins.")?;
            if let Some((i, ply)) = s.first_mistake(self.human_first) {
                let better: Vec<String> = ply.winning_moves.iter().map(Arrow::to_string).collect();
                writeln!(
                    out,
                    "You had a win: your move {} (move {}) gave it away; winning there was {}.",
                    ply.arrow,
                    i + 1,
                    better.join(" or ")
                )?;
            }
        }
        Ok(())
    }
}

/// A move typed as `3>4`, `4<3`, or a number in the list of legal moves.
fn read_move(text: &str, moves: &[Arrow]) -> Result<Arrow, String> {
    if let Ok(k) = text.parse::<usize>() {
        return match k.checked_sub(1).and_then(|i| moves.get(i)) {
            Some(&a) => Ok(a),
            None => Err(format!("there is no move number {k}; the moves are numbered 1 to {}", moves.len())),
        };
    }
    match parse_arrows(text) {
        Ok(list) if list.len() == 1 => Ok(list[0]),
        Ok(_) => Err("give one move at a time".into()),
        Err(e) => Err(format!("cannot read {text:?} as a move or a command (help lists them): {e}")),
    }
}

/// An engine's refusal, as one line.
fn solve_error(e: SolveError) -> CliError {
    match e {
        SolveError::Cancelled(c) => c.into(),
        e => CliError::usage(e.to_string()).caused_by(e),
    }
}
