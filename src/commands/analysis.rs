//! The analysis commands (`arrows spider`, `path`, `graph`, ...): options,
//! and the report of who wins.

use crate::commands::certificate;
use crate::commands::explain::write_explanation;
use crate::commands::memo::{self, Memo};
use crate::commands::progress::{self, Bar, Watched};
use crate::commands::source::{Named, Source};
use crate::commands::{draw, memory};
use crate::error::{CliError, CliResult};
use crate::flags::analysis::PlayOpts;
use arrows_core::{Arrow, Decoration, Play, Position, Variant, arrow_on};
use arrows_solve::literal::{has_literal_nimber, literal_nimber};
use arrows_solve::report::{MoveValue, Report};
use arrows_solve::search::SearchStats;
use arrows_solve::study::{Request, StudyError, study_on};
use arrows_solve::{Analysis, Analyzer, Engine, SolveError, Stats};
use arrows_text::{Columns, bytes, count, number, thousands};
use std::io::Write;
use std::time::Duration;

/// Refuses a `--threads` of 0 or past [`MAX_THREADS`] in one line, naming
/// what starts them (`a sweep`, `an analysis`).
///
/// [`MAX_THREADS`]: arrows_tables::sweep::MAX_THREADS
pub fn check_threads(threads: Option<usize>, starter: &str) -> CliResult {
    let most = arrows_tables::sweep::MAX_THREADS;
    match threads {
        Some(0) => Err(CliError::usage("--threads must be at least 1")),
        Some(n) if n > most => Err(CliError::usage(format!(
            "--threads {n} is more than the {most} {starter} starts; give fewer (the default is one per core)"
        ))),
        _ => Ok(()),
    }
}

/// Starts the engines' thread pool with `threads` threads when asked
/// (else rayon starts one per core, or RAYON_NUM_THREADS, at first use).
fn threads(threads: Option<usize>) -> CliResult {
    check_threads(threads, "an analysis")?;
    let Some(n) = threads else { return Ok(()) };
    rayon::ThreadPoolBuilder::new().num_threads(n).build_global().map_err(|e| {
        CliError::failure(format!("cannot start {n} threads ({e}); give fewer (the default is one per core)"))
            .caused_by(e)
    })
}

/// Analyses every graph of `source` and prints the report. One analyzer
/// serves every graph, so a file of graphs shares the canonical memo. A
/// progress bar shows on a terminal when a graph takes more than a second,
/// and Ctrl-C stops the work cleanly (exit code 130).
pub fn run(source: &impl Source, opts: &PlayOpts) -> CliResult {
    let search = opts.engine == Some(crate::flags::analysis::EngineChoice::Search);
    if opts.draw.out.is_some() && opts.draw.draw.is_none() {
        if search {
            return crate::commands::search::run_shard(source, opts);
        }
        return Err(CliError::usage(
            "--out writes a drawing (with --draw svg, tikz or text) or the shard of an outcome search \
             (with --engine search); add one of them",
        ));
    }
    if opts.shard.is_some() && !(search && opts.draw.out.is_some() && opts.draw.draw.is_none()) {
        return Err(CliError::usage(
            "--shard answers one shard of an outcome search into a directory; add --engine search --out DIR",
        ));
    }
    threads(opts.threads)?;
    if let Some(path) = &opts.certificate {
        crate::commands::checked::writable_file(path, "--certificate")?;
    }
    let budget = memory::budget(opts.max_memory);
    progress::limit_time(opts.max_time);
    // A memo file keeps the canonical engine's classes: it is the engine then.
    let chosen: Option<Engine> =
        opts.engine.map(Engine::from).or_else(|| opts.memo.as_ref().map(|_| default_engine(opts.play())));
    let bar = Bar::new(chosen.unwrap_or(Engine::Canonical).unit(), false);
    let control = progress::control(budget, bar.clone());
    let mut analyzer = Analyzer::new();
    let mut memo = match &opts.memo {
        Some(path) => {
            memo::check_engine(chosen.unwrap_or(default_engine(opts.play())), opts.play())?;
            Some(Memo::open(path, opts.variant(), opts.play(), budget, analyzer.canonical())?)
        }
        None => None,
    };
    // Buffered (a report may list millions of moves), flushed after each graph.
    let mut out = std::io::BufWriter::new(std::io::stdout().lock());
    let mut first = true;
    let mut drawer = draw::Drawer::new(&opts.draw);
    let result = source.for_each_within(Some(budget.get()), |mut named| {
        if opts.rules.cycles {
            named.embed().map_err(|e| in_graph(&named, e))?;
        }
        let start = match &opts.state {
            None => Decoration::empty(named.graph.edge_count()),
            Some(text) => Decoration::parse(&named.graph, text)
                .map_err(|e| in_graph(&named, CliError::usage(e.to_string()).caused_by(e)))?,
        };
        let position = Position::new(&named.graph, opts.variant(), &start).with_play(opts.play());
        if chosen == Some(Engine::Search) {
            search_decides(position).map_err(|e| in_graph(&named, e))?;
        }
        let request = Request {
            engine: chosen,
            moves: opts.moves,
            explain: opts.explain,
            // The literal nimber is compared with the reduced game's value.
            outcome_only: !opts.grundy && !opts.literal,
            first_win: opts.first_win,
        };
        let graph = named.graph.clone();
        bar.watch(move |edge, forward| arrow_on(&graph, edge, forward).to_string());
        let clock = std::time::Instant::now();
        let studied = study_on(&named.name, named.spider.clone(), position, &request, &mut analyzer, &control);
        if let Err(StudyError::Solve(SolveError::Cancelled(c))) = &studied
            && let Some(watched) = bar.watched()
        {
            // A stopped search still says what it had decided.
            bar.finish();
            let report = stopped_report(&named.name, position, &watched, opts.first_win, clock.elapsed());
            if opts.json {
                writeln!(out, "{}", serde_json::to_string(&report).expect("a report serializes"))?;
            } else {
                write_stopped(&report, &mut out)?;
            }
            out.flush()?;
            let mut e = CliError::from(*c);
            e.message = e.message.replace("nothing more was printed", "what it had decided is printed above");
            return Err(in_graph(&named, e));
        }
        let mut report = studied.map_err(|e| in_graph(&named, refusal(position, e, budget.get())))?.at_line(named.line);
        if opts.literal {
            report.literal_nimber = Some(literal(position, &control, budget.get()).map_err(|e| in_graph(&named, e))?);
        }
        bar.finish();
        if let Some(path) = &opts.certificate {
            if !first {
                return Err(in_graph(
                    &named,
                    CliError::usage("--certificate writes one graph's certificate; give one graph"),
                ));
            }
            let limit = opts.certificate_limit.map_or(certificate::DEFAULT_LIMIT, |b| b.get());
            certificate::write(path, limit, &named.name, position, &report, &control)
                .map_err(|e| in_graph(&named, e))?;
        }
        if let Some(drawer) = drawer.as_mut()
            && drawer.draw(&named, position, &report, opts.json, &mut out)? == draw::Shown::Instead
        {
            return Ok(());
        }
        if opts.json {
            writeln!(out, "{}", serde_json::to_string(&report).expect("a report serializes"))?;
        } else {
            if !first {
                writeln!(out)?;
            }
            write_text(&report, &mut out, opts.stats)?;
        }
        out.flush()?;
        first = false;
        Ok(())
    });
    bar.finish();
    let result = match memo.as_mut() {
        Some(m) => m.finish(analyzer.canonical(), result),
        None => result,
    };
    result?;
    drawer.map_or(Ok(()), |d| d.finish(&mut out))?;
    if let Some(m) = memo.as_ref().filter(|_| opts.stats && !opts.json) {
        m.write_stats(&mut out)?;
    }
    out.flush()?;
    Ok(())
}

/// Refuses `--engine search` on a rule set it does not decide (the Game
/// of Arrows, trimmed or not), naming the engines that do, instead of
/// answering with another engine.
pub fn search_decides(position: Position<'_>) -> CliResult {
    if position.variant == Variant::Cycles {
        return Ok(());
    }
    let others: Vec<String> = [Engine::Canonical, Engine::Brute, Engine::Explicit]
        .into_iter()
        .filter(|e| e.computes(position))
        .map(|e| format!("--engine {e}"))
        .collect();
    Err(CliError::usage(format!(
        "--engine search decides the Game of Cycles, not the {}; add --cycles, or use {}",
        position.variant.title(),
        others.join(", ")
    )))
}

/// The engine a command uses when none is chosen: brute force under
/// misère play (which the canonical engine does not compute), else the
/// canonical engine.
fn default_engine(play: Play) -> Engine {
    match play {
        Play::Misere => Engine::Brute,
        Play::Normal => Engine::Canonical,
    }
}

/// The literal nimber of a Game of Cycles position under normal play, or
/// the reason `--literal` does not apply.
fn literal(position: Position<'_>, control: &arrows_work::Control, budget: u64) -> CliResult<u32> {
    if !has_literal_nimber(position) {
        return Err(CliError::usage(
            "--literal is the literal nimber of the Game of Cycles under normal play; add --cycles (and drop \
             --misere: misère values already count a completed cell as the end of the game)",
        ));
    }
    literal_nimber(position, control).map_err(|e| match e {
        SolveError::MemoryBudget { needed, .. } => CliError::usage(format!(
            "the literal nimber needs the whole game graph, {}, past the memory budget of {}; drop --literal, \
             or raise --max-memory",
            about(needed),
            bytes(budget)
        ))
        .caused_by(e),
        SolveError::OutOfBudget { .. } => CliError::usage(format!(
            "the literal nimber needs the whole game graph, and it outgrew the memory budget of {}; drop \
             --literal, or raise --max-memory",
            bytes(budget)
        ))
        .caused_by(e),
        e => advice(position, e, budget),
    })
}

/// One line of advice for an engine's refusal, with the flags that act on
/// it. Every refusal concerns the request (not a state, too large, over the
/// memory budget): a usage error; a cancelled computation exits with 130.
fn advice(position: Position<'_>, e: SolveError, budget: u64) -> CliError {
    let message = match &e {
        SolveError::NotAState(v) => format!(
            "the starting decoration is not a state of the {}: {v}; remove or reverse one of the arrows of --state{}",
            position.variant.title(),
            match position.variant {
                Variant::Trimmed => "",
                Variant::Untrimmed => ", or drop --untrimmed",
                Variant::Cycles => ", or drop --cycles",
            }
        ),
        SolveError::NoCells => format!(
            "{e}; give the cells with --cells \"0-1-2;...\" or a drawing with --positions, \
             or use a board file (arrows board FILE) or a plane family (arrows wheel N, ...)"
        ),
        SolveError::Unsupported { .. } => {
            let others = [Engine::Brute, Engine::Explicit].map(|e| format!("--engine {e}"));
            format!("{e}; use {}", others.join(" or "))
        }
        SolveError::TooLarge { engine, unmarked_edges, limit } => format!(
            "this game has {}, but the {engine} engine takes at most {limit}; {}",
            count(*unmarked_edges as u64, "unmarked edge"),
            other_engine(position, *engine, budget).map_or_else(
                || "ask about a game with fewer unmarked edges".to_string(),
                |e| format!("use --engine {e}")
            )
        ),
        SolveError::TooManyEdges { engine, .. } => format!(
            "{e}; {}",
            other_engine(position, *engine, budget)
                .map_or_else(|| "ask about a smaller board".to_string(), |better| format!("use --engine {better}"))
        ),
        SolveError::MemoryBudget { engine, needed, .. } => format!(
            "the {engine} engine would need {} for this game, past the memory budget of {}; {}",
            about(*needed),
            bytes(budget),
            way_out(position, *engine, Some(*needed), budget)
        ),
        SolveError::OutOfBudget { engine, entries, .. } => format!(
            "the {engine} engine stopped after storing {}, at the memory budget of {}; {}",
            count(*entries, "value"),
            bytes(budget),
            way_out(position, *engine, None, budget)
        ),
        SolveError::Cancelled(c) => return CliError::from(*c),
    };
    CliError::usage(message).caused_by(e)
}

/// The way out of a refusal: another engine whose estimate fits the
/// budget, or more memory.
fn way_out(position: Position<'_>, refused: Engine, needed: Option<u64>, budget: u64) -> String {
    let raise = match needed {
        Some(n) if n < u64::MAX => format!("raise --max-memory to at least {}", bytes(n)),
        _ => "raise --max-memory".to_string(),
    };
    let advice = match other_engine(position, refused, budget) {
        Some(better) => format!("use --engine {better}, or {raise}"),
        None => format!("{raise} (no other engine fits this budget)"),
    };
    // A plane board asked about in the Game of Arrows is most often a
    // Game of Cycles question typed without its flag.
    if position.graph.cells().is_some() && position.variant != Variant::Cycles {
        format!("{advice}; for the Game of Cycles on this board, which the outcome search decides, add --cycles")
    } else {
        advice
    }
}

/// An estimate in words; the largest size stands for "past what 64 bits count".
fn about(needed: u64) -> String {
    if needed == u64::MAX { "more memory than 64-bit sizes count".into() } else { format!("about {}", bytes(needed)) }
}

/// Another engine that takes the game and whose estimate fits the budget,
/// the canonical engine first.
fn other_engine(position: Position<'_>, refused: Engine, budget: u64) -> Option<Engine> {
    Engine::alternative(position, refused, budget)
}

/// Prefixes an error with the graph it concerns when the graph came from a file.
fn in_graph(named: &Named, e: CliError) -> CliError {
    match named.line {
        Some(line) => {
            let mut e = e;
            e.message = format!("line {line} ({}): {}", named.name, e.message);
            e
        }
        None => e,
    }
}

/// The text report of one graph.
pub(crate) fn write_text(report: &Report, out: &mut impl Write, stats: bool) -> std::io::Result<()> {
    let this = report;
    if let Some(line) = this.input_line {
        writeln!(out, "input line     {line}")?;
    }
    writeln!(
        out,
        "graph          {} ({}, {})",
        this.graph,
        count(this.vertices as u64, "vertex|vertices"),
        count(this.edges as u64, "edge")
    )?;
    if let Some(n) = this.isolated_vertices {
        let them = if n == 1 { "it" } else { "them" };
        writeln!(
            out,
            "               {} ignored (no edge touches {them})",
            count(n as u64, "isolated vertex|isolated vertices")
        )?;
    }
    match (this.play, this.cells) {
        (Play::Normal, None) => writeln!(out, "rule set       {}", this.variant.title())?,
        (_, None) => writeln!(out, "rule set       {}, {}", this.variant.title(), this.play.title())?,
        (_, Some(n)) => writeln!(
            out,
            "rule set       {}, {}, {}",
            this.variant.title(),
            this.play.title(),
            count(n as u64, "cell")
        )?,
    }
    if !this.state.is_empty() {
        writeln!(out, "state          {}", this.state)?;
    }
    if let Some(walk) = &this.completed_cell {
        writeln!(out, "completed      cell {walk}: the game is over")?;
    }
    match (this.grundy, this.search) {
        (Some(g), _) => writeln!(out, "grundy value   {g}")?,
        (None, Some(s)) if !s.grundy_asked && this.completed_cell.is_none() && this.move_count > 0 => {
            writeln!(out, "grundy value   not computed (the outcome search decides the winner; --grundy computes it)")?
        }
        (None, _) => writeln!(out, "grundy value   none: the player to move completes a cell and wins")?,
    }
    if let Some(n) = this.literal_nimber {
        writeln!(
            out,
            "literal nimber {n} (as other Game of Cycles solvers count it; it does not add over components)"
        )?;
    }
    let winner = if this.winner == "second" { "second player wins" } else { "first player wins" };
    writeln!(out, "outcome        {winner}")?;
    if !this.winning_moves.is_empty() && this.search.is_some_and(|s| s.first_win) {
        writeln!(out, "winning moves  the first found of {} (--first-win):", count(this.move_count as u64, "move"))?;
        for &a in &this.winning_moves {
            writeln!(out, "                 {}", this.describe(a))?;
        }
    } else if this.winner == "second" && this.completed_cell.is_none() {
        let why = if this.move_count == 0 { "no move at all" } else { "every move leaves a winning position" };
        writeln!(out, "winning moves  none ({why}, {})", count(this.move_count as u64, "move"))?;
    } else if this.move_count == 0 {
        let why = if this.completed_cell.is_some() {
            "the game is over, and under misère play the player who completed the cell has lost"
        } else {
            "no move is left, and under misère play the player who cannot move wins"
        };
        writeln!(out, "winning moves  none needed: {why}")?;
    } else {
        writeln!(out, "winning moves  {} of {}:", this.winning_moves.len(), count(this.move_count as u64, "move"))?;
        for &a in &this.winning_moves {
            writeln!(out, "                 {}", this.describe(a))?;
        }
    }
    if let Some(moves) = &this.move_values {
        write_moves(out, this, moves)?;
    }
    if let Some(x) = &this.explanation {
        write_explanation(out, x)?;
    }
    let unit = match this.engine {
        Engine::Brute => "state",
        Engine::Canonical => "component class|component classes",
        Engine::Explicit => "position",
        Engine::Search => "node",
    };
    match this.search {
        Some(s) => {
            writeln!(out, "engine         search, {} searched", count(s.nodes, unit))?;
        }
        None if this.solved > 0 => {
            writeln!(out, "engine         {}, {} solved", this.engine, count(this.solved, unit))?
        }
        // Closed forms (paths, spiders' outer legs) and a memo read back answer without solving.
        None => {
            writeln!(out, "engine         {}, nothing new to solve (every value known or in closed form)", this.engine)?
        }
    }
    if let Some(s) = this.search.filter(|s| s.table_lookups > 0) {
        {
            writeln!(
                out,
                "table          {}, {} of {} hit, {} ({} symmetries with the reversal){}",
                count(s.table_entries, "entry|entries"),
                arrows_text::thousands(s.table_hits),
                count(s.table_lookups, "look-up"),
                bytes(s.table_bytes),
                2 * s.symmetries,
                if s.table_evictions > 0 { format!(", {} evicted", s.table_evictions) } else { String::new() }
            )?;
            if s.exact_components > 0 {
                writeln!(
                    out,
                    "exact values   {} valued by the canonical engine",
                    count(s.exact_components, "component")
                )?;
            }
        }
    }
    if stats {
        writeln!(out, "memo hits      {}", thousands(this.memo_hits))?;
        if this.engine == Engine::Canonical {
            writeln!(
                out,
                "memo evicted   {} (to stay within --max-memory)",
                count(this.memo_evicted, "class|classes")
            )?;
        }
        if let Some(b) = this.peak_memory_bytes {
            // The whole process's peak, per unit of the engine's work.
            let per = b.checked_div(this.solved).map_or_else(String::new, |per| {
                format!(" ({} bytes a {})", arrows_text::thousands(per as u128), number(1, unit))
            });
            writeln!(out, "peak memory    {}{per}", bytes(b))?;
        }
    }
    let seconds = this.time_ms / 1e3;
    let rate = if stats && seconds > 0.0 && this.solved > 0 {
        let per_second = this.solved as f64 / seconds;
        let figure = if per_second >= 1e6 {
            format!("{:.1} million {}", per_second / 1e6, number(2, unit))
        } else {
            count(per_second as u64, unit)
        };
        format!(" ({figure} a second)")
    } else {
        String::new()
    };
    writeln!(out, "time           {}{rate}", arrows_text::duration(Duration::from_secs_f64(seconds)))
}

/// One line of advice for a study's refusal: the engine's, or the step's
/// (remoteness, decomposition) with the flag that drops it.
pub(crate) fn refusal(position: Position<'_>, e: StudyError, budget: u64) -> CliError {
    match e {
        StudyError::Solve(e) => advice(position, e, budget),
        StudyError::Remoteness(_) => {
            let message = format!("{e}; drop --moves, or raise --max-memory");
            CliError::usage(message).caused_by(e)
        }
        StudyError::NoDecomposition { game, why, .. } => {
            let message = format!("--explain has no decomposition for {game}: {why}; drop --explain");
            CliError::usage(message).caused_by(e)
        }
        StudyError::Explain(inner) => advice(position, inner, budget),
    }
}

/// The moves table: each move, its follower's value (and remoteness),
/// winning moves first.
fn write_moves(out: &mut impl Write, report: &Report, moves: &[MoveValue]) -> std::io::Result<()> {
    if let Some(r) = report.remoteness {
        writeln!(out, "remoteness     {r} (moves to the end with best play)")?;
    }
    writeln!(out, "moves          {}, winning first:", count(moves.len() as u64, "move"))?;
    let with_remoteness = moves.iter().any(|m| m.remoteness.is_some());
    if !with_remoteness && !moves.is_empty() {
        writeln!(
            out,
            "               (remoteness left out: it is searched in games of about a million states or fewer)"
        )?;
    }
    let mut header = vec!["move", "leads to value"];
    if with_remoteness {
        header.push("remoteness");
    }
    header.push("");
    let mut table = Columns::new().indent(2).header(header);
    for m in moves {
        let value = m.grundy.map_or_else(|| "none (a cell to complete)".to_string(), |g| g.to_string());
        let mut row = vec![report.describe(m.arrow), value];
        if with_remoteness {
            row.push(m.remoteness.map_or_else(String::new, |r| r.to_string()));
        }
        row.push(if m.winning { "winning".into() } else { String::new() });
        table.push(row);
    }
    table.write(out)
}

/// The report of a search stopped before its end (Ctrl-C, `--max-time`):
/// the report's JSON object with what the search had decided, the winner
/// `null` while no winning move is known, and `undecided_moves`: the
/// moves not decided yet (a move that leaves a cell to complete is
/// decided: it loses).
fn stopped_report(
    name: &str,
    position: Position<'_>,
    watched: &Watched,
    first_win: bool,
    elapsed: Duration,
) -> serde_json::Value {
    let arrow = |&(e, f): &(usize, bool)| arrow_on(position.graph, e, f);
    let winning: Vec<Arrow> = watched.winning.iter().map(arrow).collect();
    let decided: Vec<Arrow> = watched.decided.iter().map(arrow).collect();
    let undecided: Vec<Arrow> = position
        .moves()
        .into_iter()
        .filter(|&a| !decided.contains(&a) && !position.leaves_completable_cell(a))
        .collect();
    let analysis = Analysis {
        grundy: None,
        first_wins: !winning.is_empty(),
        winning_moves: winning,
        move_count: position.moves().len(),
        engine: Engine::Search,
        stats: Stats::default(),
        search: Some(SearchStats { nodes: watched.nodes, first_win, ..SearchStats::default() }),
    };
    let mut value = serde_json::to_value(Report::new(name, position, &analysis, elapsed)).expect("a report serializes");
    if analysis.winning_moves.is_empty() {
        value["winner"] = serde_json::Value::Null;
    }
    value["undecided_moves"] = serde_json::to_value(&undecided).expect("moves serialize");
    value
}

/// The text of [`stopped_report`]: the graph, the winner when known, the
/// winning moves found and the moves not decided.
fn write_stopped(report: &serde_json::Value, out: &mut impl Write) -> std::io::Result<()> {
    let moves = |key: &str| -> Vec<String> {
        report[key].as_array().map_or_else(Vec::new, |a| {
            a.iter().filter_map(|m| serde_json::from_value::<Arrow>(m.clone()).ok()).map(|a| a.to_string()).collect()
        })
    };
    let (winning, undecided) = (moves("winning_moves"), moves("undecided_moves"));
    let total = report["move_count"].as_u64().unwrap_or(0);
    writeln!(out, "graph          {} (stopped before the search finished)", report["graph"].as_str().unwrap_or(""))?;
    if winning.is_empty() {
        writeln!(out, "outcome        not known yet: no winning move found so far")?;
    } else {
        writeln!(out, "outcome        first player wins")?;
        writeln!(out, "winning moves  {} found so far, of {}:", winning.len(), count(total, "move"))?;
        for m in &winning {
            writeln!(out, "                 {m}")?;
        }
    }
    writeln!(out, "not decided    {}:", count(undecided.len() as u64, "move"))?;
    for m in &undecided {
        writeln!(out, "                 {m}")?;
    }
    Ok(())
}
