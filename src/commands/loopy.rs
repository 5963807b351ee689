//! `arrows loopy`: impartial games whose game digraph may have cycles. For each
//! position: the outcome (P, N or D), the remoteness, the generalized
//! Sprague-Grundy value, and a best move; for sums of positions, the value of
//! the sum and its best move.

use crate::error::{CliError, CliResult};
use crate::flags::loopy::*;
use arrows_loopy::games::Notation;
use arrows_loopy::games::copwin::{SimpleGraph, cop_wins_by_play, dismantle};
use arrows_loopy::games::fair_shares::FairShares;
use arrows_loopy::games::heap::{HeapGame, HeapRule};
use arrows_loopy::games::nim::{Nim, Nimble};
use arrows_loopy::games::pair::{EmptyAndDivide, Rectangle};
use arrows_loopy::games::policeman::{Chase, PolicemanAndThief, Winner};
use arrows_loopy::games::turtles::TurningTurtles;
use arrows_loopy::{
    Analysis, Digraph, ExploreError, Explored, Game, Gamma, GammaLabels, Limits, NamedDigraph, Outcome, Remoteness,
    Token, VertexId, explore, gamma, product, read_digraph, sum_best_move, sum_value,
};
use clap::Subcommand;
use serde::Serialize;
use serde_json::{Value, json};
use std::hash::Hash;
use std::io::{Read, Write};
use std::rc::Rc;

/// Runs `arrows loopy`.
pub fn run(args: LoopyArgs) -> CliResult {
    if args.list {
        return list();
    }
    let Some(game) = args.game else {
        return Err(CliError::usage("name a game; `arrows loopy --list` lists them"));
    };
    match game {
        LoopyGame::Subtraction { set, args } => {
            let set = parse_set(&set)?;
            let game = HeapGame::subtraction(set.clone()).map_err(|e| CliError::usage(e.to_string()))?;
            let title = format!("Subtraction game with S = {{{}}}: remove s stones for an s in S", join(&set));
            heap_table(&game, &title, &args.positions, &args.output)
        }
        LoopyGame::Nim(args) => nim_table(&args),
        LoopyGame::AtLeastHalf(a) => heap_rule(HeapRule::AtLeastHalf, &about("at-least-half"), &a),
        LoopyGame::AtMostHalf(a) => heap_rule(HeapRule::AtMostHalf, &about("at-most-half"), &a),
        LoopyGame::Divisor(a) => heap_rule(HeapRule::Divisor, &about("divisor"), &a),
        LoopyGame::Aliquot(a) => heap_rule(HeapRule::Aliquot, &about("aliquot"), &a),
        LoopyGame::SquareButOne(a) => growing(HeapRule::SquareButOne, &about("square-but-one"), &a),
        LoopyGame::SquareButOneOdd(a) => growing(HeapRule::SquareButOneOdd, &about("square-but-one-odd"), &a),
        LoopyGame::PutOrTakeASquare(a) => growing(HeapRule::PutOrTakeASquare, &about("put-or-take-a-square"), &a),
        LoopyGame::Tribulations(a) => growing(HeapRule::Tribulations, &about("tribulations"), &a),
        LoopyGame::Rectangle(a) => pair_table(&Rectangle, &about("rectangle"), 0, &a),
        LoopyGame::EmptyAndDivide(a) => pair_table(&EmptyAndDivide, &about("empty-and-divide"), 1, &a),
        LoopyGame::FairShares { almonds, at, output } => {
            let game = FairShares::new(u64::from(almonds)).map_err(|e| CliError::usage(e.to_string()))?;
            let starts = if at.is_empty() { game.all_positions() } else { parse_all(&game, &at)? };
            let title = format!("{}; {almonds} almonds", about("fair-shares"));
            solve_and_print(&game, &title, starts, &output, None)
        }
        LoopyGame::Nimble { at, output } => {
            let starts = parse_all(&Nimble, &at)?;
            solve_and_print(&Nimble, &about("nimble"), starts, &output, None)
        }
        LoopyGame::TurningTurtles { length, at, output } => {
            let coins = match length {
                Some(n) if n > 16 => {
                    return Err(CliError::usage(format!(
                        "--length {n} would list 2^{n} rows; use at most 16, or --at ROW for a longer row"
                    )));
                }
                Some(n) => n,
                None => at.first().map_or(0, |r| r.trim().chars().count() as u32),
            };
            let game = TurningTurtles::new(u64::from(coins)).map_err(|e| CliError::usage(e.to_string()))?;
            let starts = if at.is_empty() { (0..1u64 << coins).collect() } else { parse_all(&game, &at)? };
            let title = format!("{}; {coins} coins", about("turning-turtles"));
            solve_and_print(&game, &title, starts, &output, None)
        }
        LoopyGame::Policeman { file, output } => {
            let text = read_input(&file)?;
            let game = PolicemanAndThief::parse_board(&text).map_err(|e| CliError::usage(format!("{file}: {e}")))?;
            let (rows, cols) = game.size();
            let title = format!("{}; {rows} x {cols} board, the policeman moves first", about("policeman"));
            let starts = if output.all { game.all_positions() } else { vec![game.start()] };
            let winner = |p: &Chase, o: Outcome| {
                match PolicemanAndThief::winner(p, o) {
                    Winner::Policeman => "policeman",
                    Winner::Thief => "thief",
                    Winner::Neither => "neither",
                }
                .to_string()
            };
            solve_and_print(&game, &title, starts, &output, Some(("winner", &winner)))
        }
        LoopyGame::CopWin { file, play, json } => cop_win(&file, play, json),
        LoopyGame::Digraph(args) => digraph_table(&args),
        LoopyGame::Sum(args) => sum(&args),
    }
}

/// The one-line description of a game (its `--help` summary).
fn about(name: &str) -> String {
    let cmd = <LoopyGame as Subcommand>::augment_subcommands(clap::Command::new("loopy"));
    cmd.find_subcommand(name).and_then(|c| c.get_about()).map_or_else(|| name.to_string(), |a| a.to_string())
}

/// `--list`: every game with its one-line description.
fn list() -> CliResult {
    let cmd = <LoopyGame as Subcommand>::augment_subcommands(clap::Command::new("loopy"));
    let mut out = std::io::stdout().lock();
    let width = cmd.get_subcommands().map(|c| c.get_name().len()).max().unwrap_or(0);
    for c in cmd.get_subcommands() {
        let about = c.get_about().map(|a| a.to_string()).unwrap_or_default();
        writeln!(out, "{:<width$}  {about}", c.get_name())?;
    }
    Ok(())
}

fn join<T: std::fmt::Display>(items: &[T]) -> String {
    items.iter().map(|x| x.to_string()).collect::<Vec<_>>().join(",")
}

fn parse_set(text: &str) -> CliResult<Vec<u64>> {
    text.split(',')
        .map(|x| {
            x.trim().parse::<u64>().map_err(|_| {
                CliError::usage(format!("--set takes positive numbers separated by commas, e.g. 1,3,4; got '{text}'"))
            })
        })
        .collect()
}

fn parse_all<G: Notation>(game: &G, texts: &[String]) -> CliResult<Vec<G::Position>> {
    texts.iter().map(|t| game.parse(t).map_err(|e| CliError::usage(e.to_string()))).collect()
}

fn read_input(file: &str) -> CliResult<String> {
    let mut text = String::new();
    if file == "-" {
        std::io::stdin().read_to_string(&mut text)?;
    } else {
        text = std::fs::read_to_string(file)
            .map_err(|e| CliError::usage(format!("cannot read {file}: {e}; check the path")))?;
    }
    Ok(text)
}

fn limits(max_positions: usize) -> Limits {
    Limits::positions(max_positions)
}

fn explore_error(e: ExploreError) -> CliError {
    CliError::usage(match e {
        ExploreError::TooManyPositions { limit, .. } => format!(
            "the game has more than {limit} positions reachable from those listed; \
             raise --max-positions or list fewer or smaller positions"
        ),
        ExploreError::TooManyMoves { limit, .. } => format!(
            "the game has more than {limit} moves reachable from those listed; \
             raise --max-positions (moves may be ten times as many) or list fewer or smaller positions"
        ),
        ExploreError::StartOutOfBounds { .. } => "a listed position lies beyond the bound; raise --bound".to_string(),
        e => e.to_string(),
    })
}

fn heap_rule(rule: HeapRule, title: &str, args: &HeapArgs) -> CliResult {
    heap_table(&HeapGame::new(rule), title, &args.positions, &args.output)
}

/// The heaps to list: `--at` ones, or `from..=upto`.
fn heap_starts(game: &HeapGame, positions: &Positions) -> CliResult<Vec<u64>> {
    if !positions.at.is_empty() {
        return parse_all(game, &positions.at);
    }
    let upto = positions.upto.unwrap_or(30);
    if upto > 100_000_000 {
        return Err(CliError::usage(format!("--upto {upto} lists too many heaps; use at most 100000000")));
    }
    Ok((game.smallest_position()..=upto).collect())
}

fn heap_table(game: &HeapGame, title: &str, positions: &Positions, output: &Output) -> CliResult {
    let starts = heap_starts(game, positions)?;
    solve_and_print(game, title, starts, output, None)
}

/// The bound used when `--bound` is not given: the whole game where it is
/// finite, else 1000 times the largest heap listed, at least 100000 and at
/// most `max_positions` (which the explored heaps cannot exceed anyway).
fn default_bound(rule: &HeapRule, largest: u64, max_positions: usize) -> u64 {
    match rule {
        // From heaps up to n these never go beyond n + 1: the whole game.
        HeapRule::SquareButOne | HeapRule::SquareButOneOdd => largest + 1,
        _ => largest.saturating_mul(1000).max(100_000).min(max_positions as u64).max(largest),
    }
}

fn growing(rule: HeapRule, title: &str, args: &GrowingHeapArgs) -> CliResult {
    let unbounded = HeapGame::new(rule.clone());
    let starts = heap_starts(&unbounded, &args.positions)?;
    let largest = starts.iter().copied().max().unwrap_or(0);
    let bound = args.bound.unwrap_or_else(|| default_bound(&rule, largest, args.output.max_positions));
    if bound < largest {
        return Err(CliError::usage(format!("--bound {bound} is below the heap {largest}; raise --bound")));
    }
    let game = unbounded.with_bound(bound);
    let title = format!("{title}; heaps explored up to {bound} (--bound)");
    solve_and_print(&game, &title, starts, &args.output, None)
}

fn nim_table(args: &HeapArgs) -> CliResult {
    if args.positions.at.is_empty() {
        return heap_rule(HeapRule::Nim, &about("nim"), args);
    }
    let starts = parse_all(&Nim, &args.positions.at)?;
    solve_and_print(&Nim, &about("nim"), starts, &args.output, None)
}

fn pair_table<G>(game: &G, title: &str, smallest: u32, args: &PairArgs) -> CliResult
where
    G: Game<Position = (u32, u32)> + Notation,
{
    let starts: Vec<(u32, u32)> = if args.positions.at.is_empty() {
        let upto = args.positions.upto.unwrap_or(8);
        if upto > 3000 {
            return Err(CliError::usage(format!("--upto {upto} lists too many pairs; use at most 3000")));
        }
        let upto = upto as u32;
        (smallest..=upto).flat_map(|a| (smallest..=upto).map(move |b| (a, b))).collect()
    } else {
        parse_all(game, &args.positions.at)?
    };
    if !args.grid {
        return solve_and_print(game, title, starts, &args.output, None);
    }
    let e = explore(game, starts.iter().copied(), limits(args.output.max_positions)).map_err(explore_error)?;
    let labels = gamma(e.graph());
    let upto = starts.iter().map(|&(a, b)| a.max(b)).max().unwrap_or(0);
    let mut out = std::io::stdout().lock();
    writeln!(out, "{title}\ngamma: rows the first number, columns the second")?;
    let cell = |a: u32, b: u32| e.vertex(&(a, b)).map_or(String::new(), |v| labels.get(v).to_string());
    let width = (smallest..=upto)
        .flat_map(|a| (smallest..=upto).map(move |b| (a, b)))
        .map(|(a, b)| cell(a, b).chars().count())
        .chain([upto.to_string().len()])
        .max()
        .unwrap_or(1);
    let head: Vec<String> = (smallest..=upto).map(|b| format!("{b:>width$}")).collect();
    writeln!(out, "{:>w$}  {}", "", head.join(" "), w = upto.to_string().len())?;
    for a in smallest..=upto {
        let row: Vec<String> = (smallest..=upto).map(|b| format!("{:>width$}", cell(a, b))).collect();
        writeln!(out, "{a:>w$}  {}", row.join(" "), w = upto.to_string().len())?;
    }
    Ok(())
}

/// An extra column of the table: its name, and its value from a position and
/// its outcome.
type Extra<'a, P> = Option<(&'a str, &'a dyn Fn(&P, Outcome) -> String)>;

/// One line of the report.
struct Row {
    position: String,
    outcome: Option<Outcome>,
    remoteness: Remoteness,
    gamma: Option<Gamma>,
    best: Option<String>,
    exact: bool,
    extra: Option<String>,
}

fn gamma_json(g: &Gamma) -> Value {
    match g {
        Gamma::Finite(n) => json!(n),
        Gamma::Infinite(k) => json!({ "infinity": k }),
    }
}

/// A row in JSON, fields in this order.
#[derive(Serialize)]
struct JsonRow<'a> {
    position: &'a str,
    outcome: Option<&'static str>,
    remoteness: Option<u32>,
    #[serde(skip_serializing_if = "Option::is_none")]
    remoteness_range: Option<[u32; 2]>,
    gamma: Value,
    #[serde(rename = "move")]
    best: Option<&'a str>,
    exact: bool,
    #[serde(skip_serializing_if = "Option::is_none")]
    winner: Option<&'a str>,
}

fn row_json(row: &Row) -> String {
    let r = JsonRow {
        position: &row.position,
        outcome: row.outcome.map(|o| o.letter()),
        remoteness: match row.remoteness {
            Remoteness::Exact(r) => Some(r),
            _ => None,
        },
        remoteness_range: match row.remoteness {
            Remoteness::Between { low, high } => Some([low, high]),
            _ => None,
        },
        gamma: row.gamma.as_ref().map_or(Value::Null, gamma_json),
        best: row.best.as_deref(),
        exact: row.exact,
        winner: row.extra.as_deref(),
    };
    serde_json::to_string(&r).expect("a row serializes")
}

/// Explores `game` from `starts`, solves it, and prints the rows of the
/// starts (or of every position with `--all`).
fn solve_and_print<G>(
    game: &G,
    title: &str,
    starts: Vec<G::Position>,
    output: &Output,
    extra: Extra<'_, G::Position>,
) -> CliResult
where
    G: Game + Notation,
    G::Position: Clone + Eq + Hash,
{
    let e: Explored<G::Position> =
        explore(game, starts.iter().cloned(), limits(output.max_positions)).map_err(explore_error)?;
    let graph = e.graph();
    let analysis = Analysis::new(graph, e.cut_off());
    let rows: Vec<VertexId> = if output.all {
        (0..graph.position_count() as VertexId).collect()
    } else {
        starts.iter().map(|p| e.vertex(p).expect("a start is explored")).collect()
    };
    let name = |v: VertexId| game.format(e.position(v));
    let extra_col = extra.map(|(col, _)| col);
    let extra_value = |v: VertexId, o: Option<Outcome>| -> Option<String> {
        let (_, f) = extra?;
        Some(o.map_or_else(|| "?".to_string(), |o| f(e.position(v), o)))
    };
    let summary = format!(
        "{} positions and {} moves explored{}",
        graph.position_count(),
        graph.move_count(),
        if e.is_complete() { " (the whole game)" } else { "" }
    );
    print_rows(title, &summary, graph, &analysis, &rows, &name, extra_col, &extra_value, output.json)
}

#[allow(clippy::too_many_arguments)]
fn print_rows(
    title: &str,
    summary: &str,
    graph: &Digraph,
    analysis: &Analysis,
    rows: &[VertexId],
    name: &dyn Fn(VertexId) -> String,
    extra_col: Option<&str>,
    extra_value: &dyn Fn(VertexId, Option<Outcome>) -> Option<String>,
    json: bool,
) -> CliResult {
    let rows: Vec<Row> = rows
        .iter()
        .map(|&v| {
            let outcome = analysis.outcome(v);
            Row {
                position: name(v),
                outcome,
                remoteness: analysis.remoteness(v),
                gamma: analysis.gamma(v),
                best: analysis.best_move(graph, v).filter(|_| outcome != Some(Outcome::P)).map(name),
                exact: analysis.is_exact(v),
                extra: extra_value(v, outcome),
            }
        })
        .collect();
    let mut out = std::io::stdout().lock();
    if json {
        for row in &rows {
            writeln!(out, "{}", row_json(row))?;
        }
        return Ok(());
    }
    writeln!(out, "{title}")?;
    writeln!(out, "{summary}")?;
    let mut table: Vec<Vec<String>> =
        vec![["position", "outcome", "remoteness", "gamma", "move"].iter().map(|s| s.to_string()).collect()];
    if let Some(col) = extra_col {
        table[0].push(col.to_string());
    }
    for row in &rows {
        let mut cells = vec![
            row.position.clone(),
            row.outcome.map_or("?".into(), |o| o.letter().to_string()),
            match row.remoteness {
                Remoteness::Exact(r) => r.to_string(),
                Remoteness::Between { low, high } => format!("{low}..{high}"),
                Remoteness::None if row.outcome.is_none() => "?".into(),
                Remoteness::None => "-".into(),
            },
            row.gamma.as_ref().map_or("?".into(), Gamma::to_string),
            row.best.clone().unwrap_or_else(|| "-".into()),
        ];
        if extra_col.is_some() {
            cells.push(row.extra.clone().unwrap_or_default());
        }
        table.push(cells);
    }
    write_table(&mut out, &table)?;
    if rows.len() > 1 {
        let listed = |o: Outcome| -> Vec<&str> {
            rows.iter().filter(|r| r.outcome == Some(o)).map(|r| r.position.as_str()).collect()
        };
        let (p, n, d) = (listed(Outcome::P), listed(Outcome::N), listed(Outcome::D));
        let shown = |list: &[&str]| {
            if list.is_empty() {
                "none".to_string()
            } else if list.len() <= 40 {
                list.join(" ")
            } else {
                format!("{} ... ({} in all)", list[..40].join(" "), list.len())
            }
        };
        writeln!(out)?;
        writeln!(out, "P ({}): {}", p.len(), shown(&p))?;
        if !d.is_empty() {
            writeln!(out, "D ({}): {}", d.len(), shown(&d))?;
        }
        writeln!(out, "N ({}): the other positions listed", n.len())?;
    }
    let unknown = rows.iter().filter(|r| r.outcome.is_none()).count();
    let ranges = rows.iter().filter(|r| matches!(r.remoteness, Remoteness::Between { .. })).count();
    let no_gamma = rows.iter().filter(|r| r.gamma.is_none()).count();
    if unknown > 0 || ranges > 0 {
        writeln!(
            out,
            "? or LOW..HIGH: {unknown} outcomes and {ranges} remoteness values depend on moves beyond the bound; \
             raise --bound"
        )?;
    }
    if no_gamma > 0 {
        writeln!(
            out,
            "gamma ?: play from {no_gamma} of these positions can go beyond the bound, which leaves gamma open"
        )?;
    }
    Ok(())
}

fn write_table(out: &mut impl Write, table: &[Vec<String>]) -> CliResult {
    let cols = table.iter().map(Vec::len).max().unwrap_or(0);
    let widths: Vec<usize> = (0..cols)
        .map(|c| table.iter().filter_map(|r| r.get(c)).map(|s| s.chars().count()).max().unwrap_or(0))
        .collect();
    for row in table {
        let mut line = String::new();
        for (c, cell) in row.iter().enumerate() {
            if c + 1 < row.len() {
                line.push_str(cell);
                line.push_str(&" ".repeat(widths[c] - cell.chars().count() + 2));
            } else {
                line.push_str(cell);
            }
        }
        writeln!(out, "{line}")?;
    }
    Ok(())
}

fn read_named_digraph(file: &str) -> CliResult<NamedDigraph> {
    let text = read_input(file)?;
    read_digraph(&text).map_err(|e| CliError::usage(format!("{file}, {e}")))
}

fn digraph_table(args: &DigraphArgs) -> CliResult {
    let named = read_named_digraph(&args.file)?;
    if named.names.is_empty() {
        return Err(CliError::usage(format!(
            "{} has no position; give one line per position and its followers",
            args.file
        )));
    }
    let rows: Vec<VertexId> = if args.at.is_empty() {
        (0..named.names.len() as VertexId).collect()
    } else {
        args.at.iter().map(|a| vertex_named(&named, a, &args.file)).collect::<CliResult<_>>()?
    };
    let analysis = Analysis::new(&named.graph, &[]);
    let title = format!("Digraph {}", args.file);
    let summary = format!("{} positions and {} moves", named.graph.position_count(), named.graph.move_count());
    let name = |v: VertexId| named.name(v).to_string();
    print_rows(&title, &summary, &named.graph, &analysis, &rows, &name, None, &|_, _| None, args.json)
}

fn vertex_named(named: &NamedDigraph, name: &str, file: &str) -> CliResult<VertexId> {
    named.vertex(name).ok_or_else(|| CliError::usage(format!("{file} has no vertex named '{name}'")))
}

fn cop_win(file: &str, play: bool, json_out: bool) -> CliResult {
    let named = read_named_digraph(file)?;
    if named.names.is_empty() {
        return Err(CliError::usage(format!("{file} has no vertex; give an edge list, one edge per line")));
    }
    let graph = SimpleGraph::from_digraph(&named.graph);
    let d = dismantle(&graph);
    let n = graph.vertex_count();
    if play && n > 300 {
        return Err(CliError::usage(format!(
            "--play on {n} vertices needs about {} game positions; use it on at most 300 vertices",
            2 * n * n
        )));
    }
    let by_play = play.then(|| cop_wins_by_play(&graph));
    let name = |v: u32| named.name(v).to_string();
    let mut out = std::io::stdout().lock();
    if json_out {
        let v = json!({
            "cop_win": d.is_cop_win(),
            "dismantling": d.removed.iter().map(|&(a, b)| json!([name(a), name(b)])).collect::<Vec<_>>(),
            "left": d.left.iter().map(|&v| name(v)).collect::<Vec<_>>(),
            "cop_win_by_play": by_play,
        });
        writeln!(out, "{v}")?;
    } else {
        let verdict = if d.is_cop_win() { "cop-win" } else { "robber-win" };
        writeln!(out, "{file}: {n} vertices: {verdict}")?;
        for &(a, b) in &d.removed {
            writeln!(out, "  remove {} (dominated by {}: N[{}] inside N[{}])", name(a), name(b), name(a), name(b))?;
        }
        if d.is_cop_win() {
            writeln!(out, "  left: {} (dismantled to one vertex)", name(d.left[0]))?;
        } else {
            let left: Vec<String> = d.left.iter().map(|&v| name(v)).collect();
            writeln!(out, "  left, none dominated: {}", left.join(" "))?;
        }
        if let Some(p) = by_play {
            writeln!(out, "by play: {}", if p { "cop-win" } else { "robber-win" })?;
        }
    }
    if by_play.is_some_and(|p| p != d.is_cop_win()) {
        return Err(CliError::failure("dismantling and play disagree; this is a bug, please report it"));
    }
    Ok(())
}

/// A solved component of a sum.
struct Component {
    term: String,
    graph: Rc<Digraph>,
    labels: Rc<GammaLabels>,
    start: VertexId,
    name: Rc<dyn Fn(VertexId) -> String>,
}

/// The game named at the start of a term, built with the sum's options.
enum TermGame {
    Heap(HeapGame),
    Nim,
    Nimble,
    Rectangle,
    EmptyAndDivide,
    FairShares,
    TurningTurtles,
}

const TERM_GAMES: &[&str] = &[
    "subtraction",
    "nim",
    "at-least-half",
    "at-most-half",
    "divisor",
    "aliquot",
    "square-but-one",
    "square-but-one-odd",
    "put-or-take-a-square",
    "tribulations",
    "rectangle",
    "empty-and-divide",
    "fair-shares",
    "nimble",
    "turning-turtles",
];

fn term_game(name: &str, args: &SumArgs) -> CliResult<TermGame> {
    let heap = |rule: HeapRule| TermGame::Heap(HeapGame::new(rule));
    Ok(match name {
        "subtraction" => {
            let Some(set) = &args.set else {
                return Err(CliError::usage("a subtraction term needs the subtraction set: add --set 1,3,4"));
            };
            TermGame::Heap(HeapGame::subtraction(parse_set(set)?).map_err(|e| CliError::usage(e.to_string()))?)
        }
        "nim" => TermGame::Nim,
        "at-least-half" => heap(HeapRule::AtLeastHalf),
        "at-most-half" => heap(HeapRule::AtMostHalf),
        "divisor" => heap(HeapRule::Divisor),
        "aliquot" => heap(HeapRule::Aliquot),
        "square-but-one" => heap(HeapRule::SquareButOne),
        "square-but-one-odd" => heap(HeapRule::SquareButOneOdd),
        "put-or-take-a-square" => heap(HeapRule::PutOrTakeASquare),
        "tribulations" => heap(HeapRule::Tribulations),
        "rectangle" => TermGame::Rectangle,
        "empty-and-divide" => TermGame::EmptyAndDivide,
        "fair-shares" => TermGame::FairShares,
        "nimble" => TermGame::Nimble,
        "turning-turtles" => TermGame::TurningTurtles,
        _ => unreachable!("only names in TERM_GAMES reach here"),
    })
}

/// Explores `game` from the position `text` and solves it.
fn component<G>(game: G, term: &str, text: &str, max_positions: usize) -> CliResult<Component>
where
    G: Game + Notation + 'static,
    G::Position: Clone + Eq + Hash + 'static,
{
    let start = game.parse(text).map_err(|e| CliError::usage(format!("{term}: {e}")))?;
    let e = explore(&game, [start], limits(max_positions)).map_err(|e| {
        let fix = explore_error(e).message;
        CliError::usage(format!("{term}: {fix}"))
    })?;
    let analysis = Analysis::new(e.graph(), e.cut_off());
    if analysis.gamma(0).is_none() {
        return Err(CliError::usage(format!("{term}: its value depends on positions beyond the bound; raise --bound")));
    }
    let graph = Rc::new(e.graph().clone());
    let labels = Rc::new(analysis.gamma_labels().clone());
    let e = Rc::new(e);
    let name = Rc::new(move |v: VertexId| game.format(e.position(v)));
    Ok(Component { term: term.to_string(), graph, labels, start: 0, name })
}

fn game_component(name: &str, position: &str, term: &str, args: &SumArgs) -> CliResult<Component> {
    let max = args.max_positions;
    match term_game(name, args)? {
        TermGame::Heap(game) => {
            let bound = if game.grows() {
                let n = game.parse(position).map_err(|e| CliError::usage(format!("{term}: {e}")))?;
                Some(args.bound.unwrap_or_else(|| default_bound(game.rule(), n, args.max_positions)))
            } else {
                args.bound
            };
            let game = match bound {
                Some(b) => game.with_bound(b),
                None => game,
            };
            component(game, term, position, max)
        }
        TermGame::Nim => component(Nim, term, position, max),
        TermGame::Nimble => component(Nimble, term, position, max),
        TermGame::Rectangle => component(Rectangle, term, position, max),
        TermGame::EmptyAndDivide => component(EmptyAndDivide, term, position, max),
        TermGame::FairShares => {
            let total: u64 = position.split(',').filter_map(|x| x.trim().parse::<u64>().ok()).sum();
            let almonds = u32::try_from(total).unwrap_or(u32::MAX);
            let game = FairShares::new(u64::from(almonds)).map_err(|e| CliError::usage(format!("{term}: {e}")))?;
            component(game, term, position, max)
        }
        TermGame::TurningTurtles => {
            let coins = position.trim().chars().count() as u32;
            let game = TurningTurtles::new(u64::from(coins)).map_err(|e| CliError::usage(format!("{term}: {e}")))?;
            component(game, term, position, max)
        }
    }
}

fn sum(args: &SumArgs) -> CliResult {
    let shared = match &args.digraph {
        None => None,
        Some(file) => {
            let named = read_named_digraph(file)?;
            let labels = Rc::new(gamma(&named.graph));
            let graph = Rc::new(named.graph.clone());
            Some((Rc::new(named), graph, labels, file.clone()))
        }
    };
    let mut parts: Vec<Component> = Vec::new();
    for term in &args.terms {
        let split = term.split_once(':').filter(|(g, _)| TERM_GAMES.contains(g));
        if let Some((game, position)) = split {
            parts.push(game_component(game, position, term, args)?);
            continue;
        }
        let Some((named, graph, labels, file)) = &shared else {
            return Err(CliError::usage(format!(
                "'{term}' is not GAME:POSITION with a game from `arrows loopy --list`; \
                 for vertices of a digraph, give --digraph FILE"
            )));
        };
        let vertex = term.strip_prefix("digraph:").unwrap_or(term);
        let v = vertex_named(named, vertex, file)?;
        let names = Rc::clone(named);
        parts.push(Component {
            term: term.clone(),
            graph: Rc::clone(graph),
            labels: Rc::clone(labels),
            start: v,
            name: Rc::new(move |w| names.name(w).to_string()),
        });
    }
    let tokens: Vec<Token<'_>> =
        parts.iter().map(|c| Token { graph: &c.graph, labels: &c.labels, position: c.start }).collect();
    let values: Vec<Gamma> = parts.iter().map(|c| c.labels.get(c.start)).collect();
    let total = sum_value(&values);
    let outcome = total.outcome();
    let best = sum_best_move(&tokens);
    let verified = if args.verify { Some(verify_sum(&parts, &total, args.max_positions)?) } else { None };
    let mut out = std::io::stdout().lock();
    let move_text = best.map(|m| {
        let c = &parts[m.component];
        (c.term.clone(), (c.name)(c.start), (c.name)(m.to))
    });
    if args.json {
        let v = json!({
            "terms": parts.iter().zip(&values).map(|(c, g)| json!({
                "term": c.term,
                "gamma": gamma_json(g),
                "outcome": g.outcome().letter(),
            })).collect::<Vec<_>>(),
            "gamma": gamma_json(&total),
            "outcome": outcome.letter(),
            "move": move_text.as_ref().map(|(t, from, to)| json!({"term": t, "from": from, "to": to})),
            "verified_positions": verified,
        });
        writeln!(out, "{v}")?;
        return Ok(());
    }
    let mut table = vec![vec!["term".to_string(), "gamma".to_string(), "outcome".to_string()]];
    for (c, g) in parts.iter().zip(&values) {
        table.push(vec![c.term.clone(), g.to_string(), g.outcome().letter().to_string()]);
    }
    table.push(vec!["sum".to_string(), total.to_string(), outcome.letter().to_string()]);
    write_table(&mut out, &table)?;
    match (outcome, move_text) {
        (Outcome::P, _) => writeln!(out, "P: the player to move loses; every move leads to an N-position")?,
        (Outcome::N, Some((t, _, to))) => writeln!(out, "N: win by moving {t} to {to}")?,
        (Outcome::D, Some((t, _, to))) => writeln!(out, "D: keep the draw by moving {t} to {to}")?,
        (_, None) => writeln!(out, "{}: no move", outcome.letter())?,
    }
    if let Some(n) = verified {
        writeln!(out, "verified on the product digraph ({n} positions): same value")?;
    }
    Ok(())
}

/// Solves the product digraph of the components and compares its value at the
/// start with `total`; returns the number of product positions.
fn verify_sum(parts: &[Component], total: &Gamma, max_positions: usize) -> CliResult<usize> {
    let graphs: Vec<&Digraph> = parts.iter().map(|c| c.graph.as_ref()).collect();
    let p = product(&graphs, max_positions).map_err(|_| {
        CliError::usage(format!(
            "--verify: the product digraph has more than {max_positions} positions; \
             raise --max-positions or leave out --verify"
        ))
    })?;
    let starts: Vec<VertexId> = parts.iter().map(|c| c.start).collect();
    let direct = gamma(&p.graph).get(p.index(&starts));
    if &direct != total {
        return Err(CliError::failure(format!(
            "the product digraph gives {direct}, the components {total}; this is a bug, please report it"
        )));
    }
    Ok(p.graph.position_count())
}
