//! `arrows loopy`: impartial games whose game digraph may have cycles. The
//! flags become a request to the catalog of `arrows_loopy`, which explores
//! and solves; this prints its report and words its errors with the flags
//! a user can change.

use crate::commands::memory;
use crate::commands::progress::{self, Bar};
use crate::error::{CliError, CliResult};
use crate::flags::loopy::*;
use arrows_loopy::catalog::{
    self, CatalogError, GameId, Parameters, Positions, Report, Request, SumRequest, cop_win, solve, solve_digraph,
    solve_sum,
};
use arrows_loopy::games::GameError;
use arrows_loopy::games::PositionError;
use arrows_loopy::{ExploreError, Limits, NamedDigraph, ParseError};
use arrows_text::{Columns, bytes, count, thousands};
use arrows_work::{Budget, Control};
use clap::Subcommand;
use std::io::Write;
use std::sync::Arc;

/// Runs `arrows loopy`.
pub fn run(args: LoopyArgs) -> CliResult {
    if args.list {
        return list();
    }
    let Some(game) = args.game else {
        return Err(CliError::usage("name a game; `arrows loopy --list` lists them"));
    };
    let none = Parameters::default;
    match game {
        LoopyGame::Subtraction { set, args } => {
            let set = catalog::parse_subtraction_set(&set).map_err(|e| game_error(&e).caused_by(e))?;
            let parameters = Parameters { set: Some(set), ..none() };
            solve_game(GameId::Subtraction, parameters, heaps(&args.positions), &args.output)
        }
        LoopyGame::Nim(a) => heap_game(GameId::Nim, &a),
        LoopyGame::AtLeastHalf(a) => heap_game(GameId::AtLeastHalf, &a),
        LoopyGame::AtMostHalf(a) => heap_game(GameId::AtMostHalf, &a),
        LoopyGame::Divisor(a) => heap_game(GameId::Divisor, &a),
        LoopyGame::Aliquot(a) => heap_game(GameId::Aliquot, &a),
        LoopyGame::SquareButOne(a) => growing(GameId::SquareButOne, &a),
        LoopyGame::SquareButOneOdd(a) => growing(GameId::SquareButOneOdd, &a),
        LoopyGame::PutOrTakeASquare(a) => growing(GameId::PutOrTakeASquare, &a),
        LoopyGame::Tribulations(a) => growing(GameId::Tribulations, &a),
        LoopyGame::Rectangle(a) => pairs(GameId::Rectangle, &a),
        LoopyGame::EmptyAndDivide(a) => pairs(GameId::EmptyAndDivide, &a),
        LoopyGame::FairShares { almonds, at, output } => {
            let parameters = Parameters { almonds: Some(almonds.into()), ..none() };
            solve_game(GameId::FairShares, parameters, listed_or(at, Positions::All), &output)
        }
        LoopyGame::Nimble { at, output } => solve_game(GameId::Nimble, none(), Positions::At(at), &output),
        LoopyGame::TurningTurtles { length, at, output } => {
            let parameters = Parameters { length: length.map(u64::from), ..none() };
            solve_game(GameId::TurningTurtles, parameters, listed_or(at, Positions::All), &output)
        }
        LoopyGame::Policeman { file, output } => {
            let parameters = Parameters { board: Some(read_input(&file)?), ..none() };
            let positions = if output.all { Positions::All } else { Positions::Start };
            let (control, bar) = control(output.max_memory);
            let request = request(GameId::Policeman, parameters, positions, &output);
            let report = solve(&request, &control).map_err(|e| advise(e, Some(&file)))?;
            bar.finish();
            print_report(&report, output.json)
        }
        LoopyGame::CopWin { file, play, json, max_memory } => cop_win_run(&file, play, json, max_memory),
        LoopyGame::Digraph(args) => digraph(&args),
        LoopyGame::Sum(args) => sum(&args),
    }
}

/// `--list`: the catalog's games, then sums, each with its one-line description.
fn list() -> CliResult {
    let cmd = <LoopyGame as Subcommand>::augment_subcommands(clap::Command::new("loopy"));
    let sum = cmd.find_subcommand("sum").and_then(|c| c.get_about()).map(|a| a.to_string()).unwrap_or_default();
    let mut table = Columns::new();
    for game in catalog::GAMES {
        table.push([game.name, game.about]);
    }
    table.push(["sum".to_string(), sum]);
    table.write(&mut std::io::stdout().lock())?;
    Ok(())
}

fn listed_or(at: Vec<String>, otherwise: Positions) -> Positions {
    if at.is_empty() { otherwise } else { Positions::At(at) }
}

fn heaps(p: &HeapPositions) -> Positions {
    listed_or(p.at.clone(), Positions::Upto(p.upto))
}

fn heap_game(id: GameId, args: &HeapArgs) -> CliResult {
    solve_game(id, Parameters::default(), heaps(&args.positions), &args.output)
}

fn growing(id: GameId, args: &GrowingHeapArgs) -> CliResult {
    let parameters = Parameters { bound: args.bound, ..Parameters::default() };
    solve_game(id, parameters, heaps(&args.positions), &args.output)
}

fn pairs(id: GameId, args: &PairArgs) -> CliResult {
    let positions = listed_or(args.positions.at.clone(), Positions::Upto(args.positions.upto));
    let report = solved(id, Parameters::default(), positions, &args.output)?;
    if !args.grid {
        return print_report(&report, args.output.json);
    }
    let grid = report.grid().ok_or_else(|| CliError::usage("--grid needs the pairs up to a number: use --upto N"))?;
    let mut out = std::io::stdout().lock();
    writeln!(out, "{}\ngamma: rows the first number, columns the second", report.title)?;
    grid.write(&mut out)?;
    Ok(())
}

fn solve_game(id: GameId, parameters: Parameters, positions: Positions, output: &Output) -> CliResult {
    let report = solved(id, parameters, positions, output)?;
    print_report(&report, output.json)
}

/// The control of a command: its budget, Ctrl-C, and a progress bar counting positions.
fn control(max_memory: Option<Budget>) -> (Control, Arc<Bar>) {
    let bar = Bar::new("positions", false);
    (progress::control(memory::budget(max_memory), bar.clone()), bar)
}

fn request(id: GameId, parameters: Parameters, positions: Positions, output: &Output) -> Request {
    let limits = Limits::positions(output.max_positions);
    Request { game: id, parameters, positions, all: output.all, limits }
}

fn solved(id: GameId, parameters: Parameters, positions: Positions, output: &Output) -> CliResult<Report> {
    let (control, bar) = control(output.max_memory);
    let report = solve(&request(id, parameters, positions, output), &control).map_err(|e| advise(e, None))?;
    bar.finish();
    Ok(report)
}

fn print_report(report: &Report, json: bool) -> CliResult {
    let mut out = std::io::stdout().lock();
    if json {
        for row in &report.rows {
            writeln!(out, "{}", serde_json::to_string(row).expect("a row serializes"))?;
        }
        return Ok(());
    }
    let flag = if report.bound.is_some() { " (--bound)" } else { "" };
    writeln!(out, "{}{flag}", report.title)?;
    let s = &report.summary;
    let whole = if s.explored && s.complete { " (the whole game)" } else { "" };
    let explored = if s.explored { " explored" } else { "" };
    writeln!(out, "{} and {}{explored}{whole}", count(s.positions as u64, "position"), count(s.moves as u64, "move"))?;
    report.table().write(&mut out)?;
    let t = report.tally();
    if report.rows.len() > 1 {
        let shown = |list: &[&str]| match list.len() {
            0 => "none".to_string(),
            1..=40 => list.join(" "),
            n => format!("{} ... ({n} in all)", list[..40].join(" ")),
        };
        writeln!(out)?;
        writeln!(out, "P ({}): {}", t.p.len(), shown(&t.p))?;
        if !t.d.is_empty() {
            writeln!(out, "D ({}): {}", t.d.len(), shown(&t.d))?;
        }
        writeln!(out, "N ({}): the other positions listed", t.n.len())?;
    }
    if t.open_outcomes > 0 || t.remoteness_ranges > 0 {
        let (o, r) = (count(t.open_outcomes as u64, "outcome"), count(t.remoteness_ranges as u64, "remoteness value"));
        writeln!(out, "? or LOW..HIGH: {o} and {r} depend on moves beyond the bound; raise --bound")?;
    }
    if t.open_gammas > 0 {
        let n = t.open_gammas;
        writeln!(out, "gamma ?: play from {n} of these positions can go beyond the bound, which leaves gamma open")?;
    }
    Ok(())
}

fn read_input(file: &str) -> CliResult<String> {
    crate::commands::input::read_text(std::path::Path::new(file), "a game digraph")
}

/// How errors name a file: `-` is standard input.
fn shown(file: &str) -> &str {
    if file == "-" { "standard input" } else { file }
}

/// A game digraph read from `file`; `undirected` also takes DOT graphs.
fn read_named(file: &str, undirected: bool) -> CliResult<NamedDigraph> {
    let text = read_input(file)?;
    let read = if undirected { arrows_loopy::read_graph(&text) } else { arrows_loopy::read_digraph(&text) };
    read.map_err(|e: ParseError| CliError::usage(format!("{}, {e}", shown(file))).caused_by(e))
}

fn digraph(args: &DigraphArgs) -> CliResult {
    let named = read_named(&args.file, false)?;
    let (control, bar) = control(args.max_memory);
    let report = solve_digraph(&named, &args.file, &args.at, &control).map_err(|e| advise(e, Some(&args.file)))?;
    bar.finish();
    print_report(&report, args.json)
}

fn cop_win_run(file: &str, play: bool, json: bool, max_memory: Option<Budget>) -> CliResult {
    let named = read_named(file, true)?;
    let (control, bar) = control(max_memory);
    let report = cop_win(&named, play, Limits::DEFAULT, &control).map_err(|e| advise(e, Some(file)))?;
    bar.finish();
    let mut out = std::io::stdout().lock();
    if json {
        writeln!(out, "{}", serde_json::to_string(&report).expect("a report serializes"))?;
        return Ok(());
    }
    let verdict = catalog::CopWinReport::verdict(report.cop_win);
    writeln!(out, "{file}: {}: {verdict}", count(report.vertices as u64, "vertex|vertices"))?;
    for line in report.lines() {
        writeln!(out, "{line}")?;
    }
    Ok(())
}

fn sum(args: &SumArgs) -> CliResult {
    let digraph = args.digraph.as_deref().map(|f| read_named(f, false)).transpose()?;
    let set = args.set.as_deref().map(catalog::parse_subtraction_set).transpose();
    let set = set.map_err(|e| game_error(&e).caused_by(e))?;
    let request = SumRequest {
        terms: args.terms.clone(),
        parameters: Parameters { set, bound: args.bound, ..Parameters::default() },
        digraph,
        verify: args.verify,
        limits: Limits::positions(args.max_positions),
    };
    let (control, bar) = control(args.max_memory);
    let report = solve_sum(&request, &control).map_err(|e| advise(e, args.digraph.as_deref()))?;
    bar.finish();
    let mut out = std::io::stdout().lock();
    if args.json {
        writeln!(out, "{}", serde_json::to_string(&report).expect("a report serializes"))?;
        return Ok(());
    }
    report.table().write(&mut out)?;
    writeln!(out, "{}", report.verdict())?;
    if let Some(n) = report.verified_positions {
        writeln!(out, "verified on the product digraph ({}): same value", count(n as u64, "position"))?;
    }
    Ok(())
}

/// A lower bound on a count: `at least N`, or `more than 1.8e19` for a
/// count past 64 bits.
fn at_least(n: u64) -> String {
    if n == u64::MAX { "more than 1.8e19".into() } else { format!("at least {}", thousands(n)) }
}

fn game_error(e: &GameError) -> CliError {
    CliError::usage(match e {
        GameError::EmptySubtractionSet | GameError::ZeroInSubtractionSet | GameError::SubtractionSetSyntax { .. } => {
            format!("--set: {e}")
        }
        GameError::Almonds { .. } => format!("--almonds: {e}"),
        GameError::Coins { .. } => format!("{e}; use --length or --at with a shorter row"),
    })
}

/// One line of advice, with the flags to change, for an error of the
/// catalog about the input read from `file`.
fn advise(e: CatalogError, file: Option<&str>) -> CliError {
    if e.is_cancelled() {
        return CliError::from(arrows_work::Cancelled).caused_by(e);
    }
    if matches!(e.innermost(), CatalogError::SumDisagrees { .. } | CatalogError::CopWinDisagrees { .. }) {
        return CliError::failure(format!("{e}; this is a bug, please report it")).caused_by(e);
    }
    CliError::usage(words(&e, file.map_or("the digraph", shown))).caused_by(e)
}

fn words(e: &CatalogError, file: &str) -> String {
    match e {
        CatalogError::Term { term, source } => format!("{term}: {}", words(source, file)),
        CatalogError::Board(b) => format!("{file}: {b}"),
        CatalogError::UnknownVertex { name } => format!("{file} has no vertex named '{name}'"),
        CatalogError::Game(g) => game_error(g).message,
        CatalogError::Position(p) => position_words(p),
        CatalogError::Explore(x) => explore_words(x),
        CatalogError::Product(ExploreError::TooManyPositions { positions, limit }) => format!(
            "--verify: the sum's product digraph has {} positions, more than --max-positions {}; \
             raise --max-positions or leave out --verify",
            at_least(*positions),
            thousands(*limit as u64)
        ),
        CatalogError::Product(x) => format!("--verify: the sum's product digraph: {}", explore_words(x)),
        CatalogError::MissingParameter { game: "subtraction", .. } => {
            "a subtraction term needs the subtraction set: add --set 1,3,4".into()
        }
        CatalogError::MissingParameter { game, parameter } => {
            format!("{game} needs its {parameter}: add --{parameter}")
        }
        CatalogError::PositionsNeeded { game } => format!("{game} needs positions: add --at POSITION"),
        CatalogError::TooManyListed { what: "rows", asked, max } => format!(
            "--length {} would list 2^{} rows; use at most {}, or --at ROW for a longer row",
            asked.trailing_zeros(),
            asked.trailing_zeros(),
            max.trailing_zeros()
        ),
        CatalogError::TooManyListed { what, asked, max } => {
            format!("--upto {asked} lists too many {what}; use at most {max}")
        }
        CatalogError::BoundBelowHeap { bound, heap } => {
            format!("--bound {bound} is below the heap {heap}; raise --bound")
        }
        CatalogError::ValueBeyondBound { .. } => format!("{e}; raise --bound"),
        CatalogError::EmptyDigraph => format!("{file} has no vertex; give one line per vertex and its followers"),
        CatalogError::NotATerm { term } => format!(
            "'{term}' is not GAME:POSITION with a game from `arrows loopy --list`; \
             for vertices of a digraph, give --digraph FILE"
        ),
        CatalogError::NotInSums { .. } => {
            format!("{e}; sums take the games of `arrows loopy --list` down to turning-turtles")
        }
        _ => e.to_string(),
    }
}

fn position_words(e: &PositionError) -> String {
    match e {
        PositionError::BeyondBound { .. } => format!("{e}; raise --bound"),
        PositionError::Almonds { total, .. } => {
            format!("{e}; set --almonds {total} or list heaps of the game's almonds")
        }
        _ => e.to_string(),
    }
}

fn explore_words(e: &ExploreError) -> String {
    match e {
        ExploreError::TooManyPositions { positions, limit } => format!(
            "the game has {} positions reachable from those listed, more than --max-positions {}; \
             raise --max-positions or list fewer or smaller positions",
            at_least(*positions),
            thousands(*limit as u64)
        ),
        ExploreError::TooManyMoves { moves, limit } => format!(
            "the game has {} moves reachable from those listed, more than {} (ten times --max-positions); \
             raise --max-positions or list fewer or smaller positions",
            at_least(*moves),
            thousands(*limit as u64)
        ),
        ExploreError::MemoryBudget { positions, moves, needed, budget } => format!(
            "the game needs {} for {} positions and {} moves, past the memory budget of {}; \
             list fewer or smaller positions, or raise --max-memory",
            if *needed == u64::MAX { format!("more than {}", bytes(*needed)) } else { bytes(*needed) },
            at_least(*positions),
            at_least(*moves),
            bytes(*budget)
        ),
        ExploreError::StartOutOfBounds { index } => {
            format!("the listed position {} lies beyond the bound; raise --bound", index + 1)
        }
        ExploreError::Cancelled(_) => e.to_string(),
    }
}
