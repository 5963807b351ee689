//! `arrows play`: a game against perfect strategy, one line of input at a
//! time (a pleasant prompt on a terminal, a script otherwise).
//!
//! The graph comes as every analysis command takes it: a family, an edge
//! list or graph6 line (with `--cells` or `--positions` for its cells),
//! `graph --edges ...`, or `board FILE`. Between two computations the
//! progress bar is paused, so nothing ticks over the prompt while the game
//! waits for a move; `--max-time` bounds each computation, not the game.

use crate::commands::explain::write_explanation;
use crate::commands::memory;
use crate::commands::progress::{self, Bar};
use crate::commands::source::{Named, Source, describe_error};
use crate::error::{CliError, CliResult};
use crate::flags::play::{First, PlayArgs};
use crate::flags::source::{BoardSpec, GraphSpec};
use arrows_core::describe::describe;
use arrows_core::{Arrow, Decoration, Position, parse_arrows};
use arrows_draw::Picture;
use arrows_solve::canonical::decompose;
use arrows_solve::explain::explain;
use arrows_solve::session::{Choice, Session};
use arrows_solve::{Analyzer, Engine, SolveError};
use arrows_work::{Budget, Cancel, Control};
use std::io::{IsTerminal, Write};
use std::path::PathBuf;
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::{Duration, Instant};

/// The move list wraps before this many columns, between two moves.
const WIDTH: usize = 80;

/// Plays one game on standard input and output.
pub fn run(args: &PlayArgs) -> CliResult {
    let budget = memory::budget(args.max_memory);
    let (named, board) = game_graph(args, budget)?;
    let graph = &named.graph;
    let start = match &args.state {
        None => Decoration::empty(graph.edge_count()),
        Some(text) => Decoration::parse(graph, text).map_err(|e| CliError::usage(e.to_string()).caused_by(e))?,
    };
    // A board is a Game of Cycles board unless the Game of Arrows is asked for, as for `arrows board`.
    let variant = if board && !args.rules.untrimmed { arrows_core::Variant::Cycles } else { args.variant() };
    let position = Position::new(graph, variant, &start).with_play(args.play());
    let mut session = Session::new(position).map_err(solve_error)?;
    // Canonical where it computes the game, brute force otherwise.
    let engine = args.engine.map(Engine::from).unwrap_or(if Engine::Canonical.computes(position) {
        Engine::Canonical
    } else {
        Engine::Brute
    });
    let bar = Bar::new(engine.unit(), false);
    let control = progress::control(budget, bar.clone());
    let mut game = Game {
        analyzer: Analyzer::new(),
        engine,
        control,
        bar,
        limit: args.max_time,
        human_first: args.first == First::Me,
    };
    let stdin = std::io::stdin();
    let terminal = stdin.is_terminal();
    let mut input = stdin.lock();
    let mut out = std::io::stdout().lock();
    let (rules, play) = (variant.title(), args.play().title());
    writeln!(out, "{}: the {rules}, {play}, {}.", named.name, game.who_starts())?;
    if !start.is_empty() {
        writeln!(out, "Starting from {}.", start.display(graph))?;
    }
    writeln!(out, "Type a move (3>4) or its number, or help.")?;
    // Lines read so far, to name a refused one.
    let mut typed = 0;
    loop {
        if session.is_over() {
            return game.finish(&session, &mut out);
        }
        if !game.humans_turn(&session) {
            let (arrow, choice) = game
                .think(|g, control| session.best_move(&mut g.analyzer, g.engine, control))
                .map_err(|e| game.stopped(e, "choosing its move"))?
                .expect("a move");
            game.think(|g, control| session.play(arrow, &mut g.analyzer, g.engine, control))
                .map_err(|e| game.stopped(e, "playing its move"))?
                .expect("legal");
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
        typed += 1;
        let Some(line) = super::input::read_typed_line(&mut input, typed)? else {
            writeln!(out, "\nStopped before the end of the game.")?;
            return Ok(());
        };
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
            "explain" => {
                let explained = game.think(|g, control| explain(session.position(), g.analyzer.canonical(), control));
                match explained {
                    Ok(x) => write_explanation(&mut out, &x)?,
                    Err(Stop::Solve(e @ SolveError::Unsupported { .. })) => {
                        writeln!(out, "no decomposition here: {e}")?
                    }
                    Err(Stop::Late(limit)) => writeln!(out, "{}", late("explain", limit))?,
                    Err(e) => return Err(game.stopped(e, "explaining the position")),
                }
            }
            "draw" => write!(out, "{}", game.picture(&session))?,
            "undo" => game.undo(&mut session, &mut out)?,
            _ => match read_move(line, &session.moves()) {
                Ok(arrow) => {
                    let played = game
                        .think(|g, control| session.play(arrow, &mut g.analyzer, g.engine, control))
                        .map_err(|e| game.stopped(e, "analyzing your move"))?;
                    match played {
                        Ok(()) => writeln!(out, "you play {arrow}")?,
                        Err(e) => writeln!(out, "not played: {e}; the position is unchanged")?,
                    }
                }
                Err(why) => writeln!(out, "not played: {why}; the position is unchanged")?,
            },
        }
    }
}

/// The graph of the game, and whether it came from a board file.
fn game_graph(args: &PlayArgs, budget: Budget) -> CliResult<(Named, bool)> {
    let words = &args.graph;
    let plane = args.plane.cells.is_some() || args.plane.positions.is_some();
    let head = words.first().map(|w| w.to_ascii_lowercase());
    let mut found: Option<Named> = None;
    let mut keep = |named: Named| match &found {
        Some(_) => Err(CliError::usage(format!(
            "`arrows play` plays one graph, and this input holds more than one (the second at line {}); \
             give a file with one graph",
            named.line.unwrap_or(2)
        ))),
        None => {
            found = Some(named);
            Ok(())
        }
    };
    let within = Some(budget.get());
    let board = head.as_deref() == Some("board");
    match head.as_deref() {
        Some("board") => {
            if args.edges.is_some() || args.graph6.is_some() || plane {
                return Err(CliError::usage(
                    "a board file carries its graph and cells; drop --edges, --graph6, --cells and --positions",
                ));
            }
            let [_, file] = words.as_slice() else {
                return Err(CliError::usage("`board` takes one FILE: `arrows play board examples/boards/square.txt`"));
            };
            stdin_is_for_moves(file)?;
            BoardSpec { file: PathBuf::from(file) }.for_each_within(within, &mut keep)?;
        }
        Some("graph") | None => {
            if words.len() > 2 {
                return Err(CliError::usage(format!(
                    "`graph` takes at most one FILE, and {} words follow it; give --edges \"0-1,1-2\", --graph6 LINE or one FILE",
                    words.len() - 1
                )));
            }
            let file = words.get(1).map(PathBuf::from);
            if let Some(f) = &file {
                stdin_is_for_moves(&f.to_string_lossy())?;
            }
            if file.is_none() && args.edges.is_none() && args.graph6.is_none() {
                return Err(CliError::usage(
                    "no graph given; name a family (`arrows play spider 4 6 8`), give an edge list or graph6 line \
                     (`arrows play 0-1,1-2`), `graph --edges \"0-1,1-2\"`, or `board FILE`",
                ));
            }
            if file.is_some() && (args.edges.is_some() || args.graph6.is_some()) {
                return Err(CliError::usage("give the graph once: a FILE, --edges or --graph6"));
            }
            let spec =
                GraphSpec { file, edges: args.edges.clone(), graph6: args.graph6.clone(), plane: args.plane.clone() };
            spec.for_each_within(within, &mut keep)?;
        }
        Some(_) => {
            if args.edges.is_some() || args.graph6.is_some() {
                return Err(CliError::usage(format!(
                    "give the graph once: `{}` or --edges/--graph6 (with the word `graph` before them), not both",
                    words.join(" ")
                )));
            }
            let d = describe(&words.join(" "), budget).map_err(describe_error)?;
            let named = Named {
                name: d.name,
                graph: d.graph,
                spider: d.spider,
                line: None,
                embedding: None,
                drawing: d.drawing,
            };
            if plane && named.graph.is_plane() {
                return Err(CliError::usage(format!(
                    "{} has its own cells; --cells and --positions give the cells of a graph given as an edge list, \
                     graph6 or sparse6",
                    named.name
                )));
            }
            let (graph, drawing) = args.plane.apply(named.graph)?;
            keep(Named { graph, drawing: drawing.or(named.drawing), ..named })?;
        }
    }
    Ok((found.expect("a source yields a graph or an error"), board))
}

/// Refuses `-` as the graph's file: standard input carries the moves.
fn stdin_is_for_moves(file: &str) -> CliResult {
    if file == "-" {
        return Err(CliError::usage(
            "`arrows play` reads its moves from standard input; give the graph in a file, not -",
        ));
    }
    Ok(())
}

const HELP: &str = "\
Type a move as TAIL>HEAD (or HEAD<TAIL), or its number in the list, or:
  hint      the winning moves, if there are any
  explain   the components of the position, their values and the nim-sum
  undo      take back your last move and arrows' answer
  draw      the position as text
  moves     the legal moves again
  quit      stop";

/// Why a computation of arrows did not finish.
enum Stop {
    /// The engine refused or was interrupted (Ctrl-C).
    Solve(SolveError),
    /// It ran past `--max-time`.
    Late(Duration),
}

/// The line for a hint or an explanation past the time limit.
fn late(what: &str, limit: Duration) -> String {
    format!(
        "{what}: not found within the time limit of {} (--max-time); the position is unchanged",
        humantime::format_duration(limit)
    )
}

/// The computer's side of the game.
struct Game {
    analyzer: Analyzer,
    engine: Engine,
    control: Control,
    bar: Arc<Bar>,
    /// `--max-time`: the limit of each computation.
    limit: Option<Duration>,
    human_first: bool,
}

impl Game {
    fn who_starts(&self) -> &'static str {
        if self.human_first { "you move first" } else { "arrows moves first" }
    }

    fn humans_turn(&self, s: &Session<'_>) -> bool {
        (s.plies().len() % 2 == 0) == self.human_first
    }

    /// Runs one computation under the time limit and Ctrl-C, then pauses
    /// the progress bar, so that nothing draws over what is printed next.
    fn think<T>(&mut self, f: impl FnOnce(&mut Game, &Control) -> Result<T, SolveError>) -> Result<T, Stop> {
        let Some(limit) = self.limit else {
            let control = self.control.clone();
            let result = f(self, &control);
            self.bar.pause();
            return result.map_err(Stop::Solve);
        };
        // A token of this computation's own, set at the limit or when Ctrl-C sets the process's token.
        let token = Cancel::new();
        let late = Arc::new(AtomicBool::new(false));
        let (done, watch) = std::sync::mpsc::channel::<()>();
        let watcher = {
            let (token, late, interrupt) = (token.clone(), late.clone(), progress::interrupt());
            std::thread::spawn(move || {
                let start = Instant::now();
                loop {
                    if interrupt.is_cancelled() {
                        return token.cancel();
                    }
                    let left = limit.saturating_sub(start.elapsed());
                    if left.is_zero() {
                        late.store(true, Ordering::SeqCst);
                        return token.cancel();
                    }
                    // Woken at once when the computation ends (the sender is dropped).
                    match watch.recv_timeout(left.min(Duration::from_millis(50))) {
                        Err(std::sync::mpsc::RecvTimeoutError::Timeout) => {}
                        _ => return,
                    }
                }
            })
        };
        let control = Control { cancel: token, ..self.control.clone() };
        let result = f(self, &control);
        drop(done);
        let _ = watcher.join();
        self.bar.pause();
        match result {
            Err(SolveError::Cancelled(_)) if late.load(Ordering::SeqCst) => Err(Stop::Late(limit)),
            r => r.map_err(Stop::Solve),
        }
    }

    /// The error that ends the game when a computation of arrows' own
    /// (`doing` it) did not finish.
    fn stopped(&self, e: Stop, doing: &str) -> CliError {
        match e {
            Stop::Late(limit) => CliError::usage(format!(
                "stopped at the time limit of {} (--max-time) while {doing}; raise --max-time, or play a smaller game",
                humantime::format_duration(limit)
            )),
            Stop::Solve(SolveError::Cancelled(c)) => CliError::from(c),
            Stop::Solve(e) => solve_error(e),
        }
    }

    /// The position and the legal moves, numbered, wrapped between two moves.
    fn show_moves(&self, s: &Session<'_>, out: &mut impl Write) -> std::io::Result<()> {
        let p = s.position();
        let state =
            if p.state.is_empty() { "no arrow yet".to_string() } else { p.state.display(s.graph()).to_string() };
        writeln!(out, "position: {state}")?;
        let items: Vec<String> = s.moves().iter().enumerate().map(|(i, a)| format!("{}) {a}", i + 1)).collect();
        writeln!(out, "{}", wrapped("moves: ", &items))
    }

    fn hint(&mut self, s: &Session<'_>, out: &mut impl Write) -> CliResult {
        let analysis = match self.think(|g, control| g.analyzer.analyze(s.position(), g.engine, control)) {
            Ok(a) => a,
            Err(Stop::Late(limit)) => return Ok(writeln!(out, "{}", late("hint", limit))?),
            Err(e) => return Err(self.stopped(e, "looking for a hint")),
        };
        if analysis.winning_moves.is_empty() {
            writeln!(out, "hint: no winning move; every move leaves arrows a win (value 0)")?;
        } else {
            let moves: Vec<String> = analysis.winning_moves.iter().map(Arrow::to_string).collect();
            let value = analysis.grundy.map_or_else(|| "a cell to complete".to_string(), |g| format!("value {g}"));
            writeln!(out, "hint: winning moves {} ({value})", moves.join(", "))?;
        }
        Ok(())
    }

    /// The position as `--draw text` draws it: a spider one line per leg,
    /// paths in a line, other graphs as lists of arrows and components,
    /// the cells of a plane graph.
    fn picture(&self, s: &Session<'_>) -> String {
        let p = s.position();
        let components = decompose(p).into_iter().map(|c| c.graph_edges).collect();
        let picture = Picture::new(s.graph().clone(), p.state.clone()).with_components(components);
        picture.text().unwrap_or_else(|e| format!("cannot draw this position: {e}\n"))
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

/// `label` then `items` two spaces apart, in lines of at most [`WIDTH`]
/// columns broken between items, the later lines indented under the first.
fn wrapped(label: &str, items: &[String]) -> String {
    let indent = " ".repeat(label.chars().count());
    let mut out = String::new();
    let mut line = label.to_string();
    let mut empty = true;
    for item in items {
        if !empty && line.chars().count() + 2 + item.chars().count() > WIDTH {
            out.push_str(&line);
            out.push('\n');
            line = indent.clone();
            empty = true;
        }
        if !empty {
            line.push_str("  ");
        }
        line.push_str(item);
        empty = false;
    }
    out.push_str(&line);
    out
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

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_move_list_breaks_between_moves() {
        let items: Vec<String> = (1..=40).map(|i| format!("{i}) {}>{}", i * 10, i * 10 + 1)).collect();
        let text = wrapped("moves: ", &items);
        assert!(text.lines().count() > 1);
        let mut seen = Vec::new();
        for line in text.lines() {
            assert!(line.chars().count() <= WIDTH, "{line:?}");
            let rest = line.strip_prefix("moves: ").unwrap_or(line).trim_start();
            seen.extend(rest.split("  ").map(str::to_string));
        }
        // Every move whole, each on one line, in order.
        assert_eq!(seen, items);
    }
}
