//! Hostile inputs, run through the real binary as a user runs it, under a
//! memory cap: every input ends in an answer or in one clear line.
//!
//! Each case is a row of a table: the arguments, the standard input, and
//! what must come out. An answer exits 0 and prints its needle on standard
//! output; a refusal exits 2 and prints exactly one line on standard error,
//! `error: ...`, holding its needle. Either way there is no panic, no abort
//! and no other exit code, and the run stays within [`MEMORY_CAP_KIB`] of
//! address space (`ulimit -v`), so an input that asks for unbounded memory
//! fails the test by aborting instead of swapping the machine.
//!
//! Every run must also end within [`DEADLINE`]: a guard against inputs that
//! hang or work without bound, not a measure of speed (the times are
//! printed with `--nocapture`, for reports). Speeds are measured in
//! benchmarks.
//!
//! To add cases for another part of the program, write its table (a
//! `const` slice of [`Case`]) and a test that calls [`check`] on it.

use std::io::{Read, Write};
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

/// The address space each run may take: 3 GiB (the analysis thread alone
/// reserves a 1 GiB stack).
const MEMORY_CAP_KIB: u64 = 3 << 20;

/// The longest error line, in characters (`error: ` included).
const MESSAGE_CHARS: usize = 2010;

/// The longest a run may take before it counts as hung.
const DEADLINE: Duration = Duration::from_secs(20);

/// One hostile input and what must come of it.
pub struct Case {
    /// The arguments after `arrows`.
    pub args: &'static [&'static str],
    /// What standard input holds.
    pub stdin: Stdin,
    /// What must come out.
    pub expect: Expect,
    /// Environment variables set for the run (a Slurm array task's, say).
    pub env: &'static [(&'static str, &'static str)],
}

/// The standard input of a case.
pub enum Stdin {
    /// Nothing (closed at once).
    Empty,
    /// These bytes.
    Bytes(&'static [u8]),
    /// Bytes made when the case runs (large inputs).
    Made(fn() -> Vec<u8>),
}

/// What a case must give.
pub enum Expect {
    /// Exit 0, with this on standard output and nothing on standard error.
    Answer(&'static str),
    /// Exit 2, with exactly one line on standard error that holds this, and nothing on standard output.
    Refuse(&'static str),
    /// A stream whose first graphs are answered before a line is refused:
    /// exit 2, one line on standard error that holds this, and the answers
    /// on standard output.
    AnswerThenRefuse(&'static str),
    /// A long search stopped by its limit: exit 2, one line on standard
    /// error that holds this, and on standard output what it had decided
    /// when stopped (nothing, if it stopped before the search began).
    Stopped(&'static str),
}

use Expect::{Answer, AnswerThenRefuse, Refuse, Stopped};
use Stdin::{Bytes, Empty, Made};

const fn case(args: &'static [&'static str], expect: Expect) -> Case {
    Case { args, stdin: Empty, expect, env: &[] }
}

const fn piped(args: &'static [&'static str], stdin: Stdin, expect: Expect) -> Case {
    Case { args, stdin, expect, env: &[] }
}

const fn with_env(args: &'static [&'static str], env: &'static [(&'static str, &'static str)], expect: Expect) -> Case {
    Case { args, stdin: Empty, expect, env }
}

/// A directory given where a file of graphs is expected.
const A_DIRECTORY: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/data");
/// A graph file in Latin-1, not UTF-8.
const LATIN1: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/data/latin1.txt");
/// A file that does not exist.
const MISSING: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/data/no-such-file.g6");

const LIMIT: &str = "past the limit of 1,000,000 edges";

/// Graph input, the families, the core and the command-line shell.
const INPUT: &[Case] = &[
    // Huge members of every family, overflow included: refused by their size, before any allocation.
    case(&["spider", "4294967296"], Refuse(LIMIT)),
    case(&["spider", "4294967296", "--max-memory", "1G"], Refuse(LIMIT)),
    case(&["spider", "18446744073709551615"], Refuse("18,446,744,073,709,551,615 edges, past the limit")),
    case(&["spider", "18446744073709551615", "18446744073709551615"], Refuse("36,893,488,147,419,103,230 edges")),
    case(&["spider", "1000000000", "1", "1"], Refuse(LIMIT)),
    case(&["spider", "1000001"], Refuse(LIMIT)),
    case(&["spider", "500000", "500001"], Refuse(LIMIT)),
    case(&["spider", "18446744073709551616"], Refuse("leg lengths past 18446744073709551615 cannot be read")),
    case(&["path", "4294967296"], Refuse(LIMIT)),
    case(&["path", "1000000000"], Refuse(LIMIT)),
    case(&["path", "1000001"], Refuse(LIMIT)),
    case(&["path", "18446744073709551615"], Refuse(LIMIT)),
    case(&["path", "99999999999999999999999"], Refuse("numbers of edges past")),
    case(&["cycle", "1000000000"], Refuse(LIMIT)),
    case(&["cycle", "18446744073709551615"], Refuse(LIMIT)),
    case(&["star", "1000000000"], Refuse(LIMIT)),
    case(&["star", "18446744073709551615"], Refuse(LIMIT)),
    case(&["broom", "1", "1000000000"], Refuse(LIMIT)),
    case(&["broom", "18446744073709551615", "1"], Refuse(LIMIT)),
    case(&["broom", "18446744073709551615", "18446744073709551615"], Refuse(LIMIT)),
    case(&["caterpillar", "1000000000"], Refuse(LIMIT)),
    case(&["caterpillar", "18446744073709551615,18446744073709551615"], Refuse(LIMIT)),
    case(&["caterpillar", "500000,500000"], Refuse(LIMIT)),
    case(&["trim", "spider", "4294967296"], Refuse(LIMIT)),
    case(&["trim", "path", "1000000000"], Refuse(LIMIT)),
    case(&["trim", "cycle", "18446744073709551615"], Refuse(LIMIT)),
    case(&["trim", "star", "1000000000"], Refuse(LIMIT)),
    case(&["trim", "broom", "1", "1000000000"], Refuse(LIMIT)),
    case(&["trim", "caterpillar", "1000000000"], Refuse(LIMIT)),
    // Within the limit but past the memory budget: refused before the graph is built.
    case(&["path", "1000000", "--max-memory", "1M"], Refuse("past the memory budget of 1.0 MiB; raise --max-memory")),
    case(&["spider", "400000", "400000", "--max-memory", "10M"], Refuse("past the memory budget")),
    // Large members within the limit are accepted.
    case(&["trim", "path", "100000"], Answer("trimmed        99,999 vertices, 99,998 edges")),
    case(&["trim", "path", "1000000"], Answer("trimmed        999,999 vertices, 999,998 edges")),
    // Members that do not exist.
    case(&["path", "0"], Refuse("P_0 is not a path")),
    case(&["cycle", "2"], Refuse("C_2 is not a cycle")),
    case(&["star", "0"], Refuse("give K >= 1")),
    case(&["spider", "0", "0"], Refuse("S(0,0) has no edge")),
    case(&["broom", "0", "0"], Refuse("broom(0,0) has no edge")),
    case(&["caterpillar", "0"], Refuse("caterpillar(0) has no edge")),
    // Negative numbers and other non-numbers, for each kind of number.
    case(&["spider", "-1", "2"], Refuse("leg lengths are non-negative integers")),
    case(&["spider", "--", "-1"], Refuse("leg lengths are non-negative integers")),
    case(&["path", "-5"], Refuse("numbers of edges are non-negative integers")),
    case(&["cycle", "--", "-3"], Refuse("numbers of edges are non-negative integers")),
    case(&["star", "-1"], Refuse("numbers of leaves are non-negative integers")),
    case(&["broom", "-1", "2"], Refuse("handle lengths are non-negative integers")),
    case(&["broom", "1", "-2"], Refuse("numbers of bristles are non-negative integers")),
    case(&["broom", "1", "x"], Refuse("numbers of bristles are non-negative integers")),
    case(&["caterpillar", "1,-2"], Refuse("numbers of leaves are non-negative integers")),
    case(&["trim", "spider", "-1"], Refuse("leg lengths are non-negative integers")),
    case(&["spider", "1.5"], Refuse("leg lengths are non-negative integers")),
    // Edge lists: lenient about spaces, precise about everything else.
    case(&["graph", "--edges", " 0 - 1 , 1 - 2 "], Answer("graph          0-1,1-2 (3 vertices, 2 edges)")),
    case(&["graph", "--edges", "0-1;1-2 2-3"], Answer("(4 vertices, 3 edges)")),
    case(&["graph", "--edges", "0-1,1-x"], Refuse("edge list column 7: expected a vertex number, found 'x'")),
    case(&["graph", "--edges", "0 1 2"], Refuse("edge list column 5: expected ',', ';'")),
    case(&["graph", "--edges", "-1-2"], Refuse("edge list column 1: expected a vertex number, found '-'")),
    case(&["graph", "--edges", "0-18446744073709551616"], Refuse("too large to read")),
    case(&["graph", "--edges", "0-1,5-1000000000000"], Refuse("past the limit of 2,000,000 vertices")),
    case(&["graph", "--edges", "0-1,1-1"], Refuse("edge 1 is a self-loop at vertex 1")),
    case(&["graph", "--edges", "0-1,1-0"], Refuse("edge 1 repeats the edge 1-0")),
    // graph6 and sparse6.
    case(&["graph", "--graph6", "DQ"], Refuse("graph6 column 3: the line says 5 vertices")),
    case(&["graph", "--graph6", "DQc!"], Refuse("graph6 column 4: expected a character from '?' to '~'")),
    case(&["graph", "--graph6", "~??~???"], Refuse("the line says 63 vertices")),
    case(&["graph", "--graph6", "~~~~~~~~"], Refuse("68,719,476,735 vertices is past the limit of 2,000,000")),
    case(&["graph", "--graph6", ":~~~~~~~~An"], Refuse("68,719,476,735 vertices is past the limit")),
    case(&["graph", "--graph6", ":~~~~~~~~~~~~~~~~~~~~"], Refuse("past the limit of 2,000,000 vertices")),
    case(&["graph", "--graph6", ":~?"], Refuse("the line ends inside its vertex count")),
    case(&["graph", "--graph6", ";An"], Refuse("incremental sparse6")),
    case(&["graph", "--graph6", "&An"], Refuse("digraph6 describes a directed graph")),
    case(&["graph", "--graph6", ""], Refuse("the line is empty")),
    case(&["graph", "--graph6", "é"], Refuse("expected a character from '?' to '~', found 'é'")),
    // Isolated vertices are ignored, with their numbers kept; a graph with no edge has no move.
    case(&["graph", "--edges", "0-1,2-3,5-6"], Answer("1 isolated vertex ignored")),
    case(&["graph", "--graph6", ":Fa@x^"], Answer("2 isolated vertices ignored")),
    case(&["graph", "--graph6", "D??"], Answer("grundy value   0")),
    case(&["graph", "--graph6", "?"], Answer("grundy value   0")),
    case(&["graph", "--edges", ""], Answer("no move at all")),
    case(&["graph", "--graph6", "D??", "--engine", "brute", "--untrimmed"], Answer("grundy value   0")),
    case(&["graph", "--graph6", "D??", "--engine", "explicit"], Answer("grundy value   0")),
    case(&["trim", "graph", "--graph6", "D??"], Answer("trimmed        empty")),
    piped(&["graph", "-"], Bytes(b"B?\nBO\nBW\nBw\n"), Answer("3 isolated vertices ignored")),
    // Standard input and files.
    piped(
        &["graph", "-"],
        Bytes(b"0-1\n\xff\xfe\x00junk\n"),
        AnswerThenRefuse("standard input, line 2, byte 1: not UTF-8"),
    ),
    piped(&["graph", "-"], Made(binary_junk), Refuse("standard input, line 1, byte 1: not UTF-8 text")),
    piped(&["graph", "-"], Bytes(b""), Refuse("standard input holds no graph")),
    piped(&["graph", "-"], Bytes(b"# only a comment\n\n"), Refuse("standard input holds no graph")),
    piped(
        &["graph", "-"],
        Bytes(b":An\n0-1,1-2\nnot a graph!\n"),
        AnswerThenRefuse("standard input, line 3: graph6 column 4"),
    ),
    piped(&["graph", "-"], Made(too_many_edges), Refuse("1,000,001 edges is past the limit of 1,000,000 edges")),
    piped(&["graph", "-"], Made(endless_line), Refuse("standard input, line 1 is longer than 64.0 MiB")),
    piped(
        &["trim", "graph", "-"],
        Bytes(b"\x00\x01\x02\x03"),
        Refuse("line 1: graph6 column 1: expected a character from '?' to '~', found '\\0'"),
    ),
    case(&["graph", A_DIRECTORY], Refuse("is a directory")),
    case(&["trim", "graph", A_DIRECTORY], Refuse("is a directory")),
    case(&["graph", LATIN1], AnswerThenRefuse("latin1.txt, line 3, byte 5: not UTF-8 text")),
    case(&["graph", MISSING], Refuse("cannot open")),
    // The command-line shell: clap's refusals on one line too.
    case(&["spider"], Refuse("the following required arguments were not provided: <LEG>...")),
    case(&["broom", "1"], Refuse("not provided: <BRISTLES>")),
    case(&["spider", "1", "--no-such-flag"], Refuse("unexpected argument '--no-such-flag'")),
    case(&["graph", "--edges", "0-1", "--graph6", "A_"], Refuse("cannot be used with")),
    case(&["no-such-command"], Refuse("unrecognized subcommand")),
    case(&["spider", "4", "--max-memory", "12Q"], Refuse("unknown size unit")),
    case(&["spider", "4", "--max-memory", "99999999999999999999999P"], Refuse("past the largest budget")),
    case(&["spider", "4", "--engine", "fastest"], Refuse("invalid value 'fastest'")),
];

/// Bytes no UTF-8 reader accepts, without a line break.
fn binary_junk() -> Vec<u8> {
    (0..4096u32).map(|i| (i.wrapping_mul(2_654_435_761) >> 13) as u8 | 0x80).collect()
}

/// One edge list of 1,000,001 edges: a path one edge past the limit.
fn too_many_edges() -> Vec<u8> {
    let mut out = Vec::new();
    for i in 0..1_000_001usize {
        write!(out, "{i}-{},", i + 1).unwrap();
    }
    out.push(b'\n');
    out
}

/// A line one byte longer than the longest line read, with no line break.
fn endless_line() -> Vec<u8> {
    vec![b'A'; arrows_core::formats::MAX_LINE_BYTES + 1]
}

#[test]
fn graph_input_families_and_the_shell() {
    check(INPUT);
}

/// K7 in graph6: dense, 21 edges. Brute force needs `3^21` bytes (10 GB)
/// and the explicit engine more, past the budget of these capped runs; on
/// a machine with the memory, brute force takes it for minutes, with
/// progress, and `--max-time` ends it in one line.
const K7: &str = "F~~~w";

/// Requests the engines, the loopy solver, the tables and the paper checks
/// must refuse up front, or answer at once.
const ENGINES_AND_COMMANDS: &[Case] = &[
    // The engines refuse past their budget before they allocate, and name a way out.
    case(&["graph", "--graph6", K7, "--engine", "brute"], Refuse("use --engine canonical")),
    case(&["graph", "--graph6", K7, "--engine", "explicit"], Refuse("use --engine canonical")),
    case(
        &["path", "40", "--engine", "explicit", "--max-memory", "512M"],
        Refuse("past the memory budget of 512.0 MiB"),
    ),
    case(&["star", "100000"], Refuse("raise --max-memory")),
    // K9 fits the memory budget but takes long: a time limit ends it in one line.
    case(&["graph", "--graph6", "H~~~~~~", "--max-time", "2s"], Refuse("stopped at the time limit of 2s")),
    case(&["spider", "3", "3", "--max-time", "0"], Refuse("a time limit of zero")),
    case(&["table", "trees", "--edges", "16", "--max-time", "1s"], Refuse("stopped at the time limit of 1s")),
    // Paths and cycles answer at path speed.
    case(&["path", "100000"], Answer("grundy value")),
    case(&["cycle", "1000"], Answer("grundy value")),
    case(&["star", "300"], Answer("grundy value")),
    // The loopy solver estimates a game's size before exploring it.
    case(&["loopy", "nim", "--at", "1000,1000,1000"], Refuse("past the memory budget")),
    case(
        &[
            "loopy",
            "nim",
            "--at",
            "1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1",
        ],
        Refuse("past the memory budget"),
    ),
    piped(&["loopy", "digraph", "-"], Bytes(b"graph { a -- b; }\n"), Refuse("digraph")),
    // Sweeps with no graph, and a seed graph past the budget, named.
    case(&["table", "spider", "--legs", "0..0"], Refuse("the sweep holds no graph")),
    case(&["table", "broom", "--handle", "0..0", "--bristles", "0..0"], Refuse("the sweep holds no graph")),
    // Plane families: a range below the family's least member, the wrong number of ranges,
    // no member at all, and a board past brute force's reach without the canonical engine.
    case(&["table", "wheel", "--spokes", "0..4", "--cycles"], Refuse("start --spokes at 3")),
    case(&["table", "theta", "--paths", "1..2,1..3", "--cycles"], Refuse("takes 3 ranges")),
    case(&["table", "theta", "--paths", "1..1", "--cycles"], Refuse("the sweep holds no graph")),
    case(
        &["table", "grid", "--m", "9..9", "--n", "9..9", "--cycles", "--misere"],
        Refuse("the brute engine takes at most 28"),
    ),
    case(
        &["table", "spider", "--legs", "0..2", "--k", "100", "--max-memory", "10M"],
        Refuse("the largest graph of the sweep"),
    ),
    case(&["check", "--list", "--json"], Answer("\"statement\"")),
    // Drawings: too many vertices to draw, a file that cannot be written, --out alone.
    case(
        &["spider", "10000", "5", "--draw", "svg"],
        Refuse("cannot draw this graph: a picture takes at most 10000 vertices"),
    ),
    case(&["path", "20000", "--draw", "svg"], Refuse("cannot draw this graph")),
    case(&["path", "3", "--draw", "svg", "--out", "/no/such/folder/p.svg"], Refuse("cannot write the drawing")),
    case(&["path", "3", "--out", "p.svg"], Refuse("--draw")),
    case(&["path", "3", "--out", "p.svg", "--draw", "svg", "--engine", "search", "--shard", "0/2"], Refuse("--shard")),
    case(&["path", "3", "--draw", "png"], Refuse("png")),
    // Dense graphs: the canonical engine's estimate refuses them up front.
    case(&["graph", "--graph6", "H~~~~~~", "--max-memory", "512M"], Refuse("canonical engine would need about")),
    case(&["graph", "--graph6", K10, "--max-memory", "16G"], Refuse("canonical engine would need about")),
    case(&["graph", "--graph6", K12], Refuse("no other engine fits this budget")),
    case(&["graph", "--graph6", "G~~~~{", "--max-memory", "32M"], Refuse("raise --max-memory to at least")),
    // Shards: spellings that name no shard, places that hold none.
    case(&["table", "spider", "--legs", "0..3", "--shard", "0/0"], Refuse("does not exist")),
    case(
        &["table", "spider", "--legs", "0..3", "--shard", "99999999999999999999999/2"],
        Refuse("cannot read the shard"),
    ),
    case(&["table", "spider", "--legs", "0..3", "--out", "/proc/arrows/shards"], Refuse("cannot create the directory")),
    case(
        &["table", "spider", "--legs", "0..3", "--out", "/proc/x", "--format", "csv"],
        Refuse("apply to `arrows table merge DIR`"),
    ),
    case(&["table", "merge", "/proc/self"], Refuse("holds no shard manifest")),
    piped(&["table", "graphs", "-", "--shard-of-input", "0/2"], Bytes(b"Bw\n"), Refuse("add --out DIR")),
];

/// The complete graph on 10 vertices, in graph6.
const K10: &str = "I~~~~~~~w";
/// The complete graph on 12 vertices, in graph6.
const K12: &str = "K~~~~~~~~~~~";

#[test]
fn engines_loopy_tables_and_checks() {
    check(ENGINES_AND_COMMANDS);
}

/// `--memo FILE`: damaged, foreign and misplaced memo files, and engines
/// that keep no classes, on the analysis commands and the sweeps.
#[test]
fn memo_files() {
    use arrows_core::{Decoration, Play, Position, Variant, families};
    use arrows_solve::canonical::{CanonicalEngine, Grundy, RuleSet};
    let dir = tempfile::tempdir().unwrap();
    let at = |name: &str| -> &'static str { Box::leak(dir.path().join(name).to_string_lossy().into_owned().into()) };
    let (good, truncated, corrupted, version) = (at("good.memo"), at("cut.memo"), at("flip.memo"), at("v2.memo"));
    let mut engine = CanonicalEngine::<Grundy>::new();
    let g = families::spider(&[10, 11, 12]).unwrap();
    let empty = Decoration::empty(g.edge_count());
    engine.state_value(Position::trimmed(&g, &empty), &crate::support::control()).unwrap();
    let trimmed = RuleSet::of::<Grundy>(Variant::Trimmed, Play::Normal);
    engine.save(good.as_ref(), trimmed).unwrap();
    // A memo of more than the smallest budget (1 MiB).
    let large = at("large.memo");
    let g = families::spider(&[3, 40, 40, 40]).unwrap();
    let empty = Decoration::empty(g.edge_count());
    engine.state_value(Position::trimmed(&g, &empty), &crate::support::control()).unwrap();
    assert!(engine.memo_bytes() > 2 << 20, "{}", engine.memo_bytes());
    engine.save(large.as_ref(), trimmed).unwrap();
    let bytes = std::fs::read(good).unwrap();
    std::fs::write(truncated, &bytes[..bytes.len() / 2]).unwrap();
    let mut flipped = bytes.clone();
    flipped[bytes.len() - 3] ^= 1;
    std::fs::write(corrupted, &flipped).unwrap();
    let mut newer = bytes.clone();
    newer[16..20].copy_from_slice(&2u32.to_le_bytes());
    std::fs::write(version, &newer).unwrap();
    let (fresh, missing, shard) = (at("fresh.memo"), at("no/such/folder/m.memo"), at("shard"));
    let args = |a: &[&'static str]| -> &'static [&'static str] { Box::leak(a.to_vec().into_boxed_slice()) };
    let cases = [
        case(args(&["spider", "3", "4", "5", "--memo", fresh]), Answer("grundy value")),
        case(args(&["spider", "3", "4", "5", "--memo", good]), Answer("grundy value")),
        case(args(&["spider", "3", "4", "5", "--memo", truncated]), Refuse("is truncated")),
        case(args(&["spider", "3", "4", "5", "--memo", corrupted]), Refuse("is corrupted")),
        case(args(&["spider", "3", "4", "5", "--memo", version]), Refuse("is in format version 2")),
        case(args(&["spider", "3", "4", "5", "--memo", corrupted]), Refuse("delete it or give another --memo file")),
        case(
            args(&["spider", "3", "4", "5", "--untrimmed", "--memo", good]),
            Refuse("holds classes of the Trimmed Game of Arrows"),
        ),
        case(args(&["wheel", "4", "--cycles", "--memo", good]), Refuse("not of the Game of Cycles")),
        case(args(&["spider", "3", "4", "5", "--memo", LATIN1]), Refuse("is not a memo file")),
        case(args(&["spider", "3", "4", "5", "--memo", A_DIRECTORY]), Refuse("is a directory")),
        case(args(&["spider", "3", "4", "5", "--memo", missing]), Refuse("does not exist")),
        case(args(&["spider", "3", "4", "5", "--memo", "/proc/arrows.memo"]), Refuse("a folder you can write to")),
        case(args(&["spider", "3", "4", "5", "--misere", "--memo", fresh]), Refuse("misère play")),
        case(args(&["spider", "3", "4", "5", "--engine", "brute", "--memo", fresh]), Refuse("drop --memo")),
        case(
            args(&["spider", "3", "4", "5", "--memo", large, "--max-memory", "1M"]),
            Refuse("raise --max-memory to more than"),
        ),
        case(args(&["table", "trees", "--edges", "3..6", "--memo", corrupted]), Refuse("is corrupted")),
        case(args(&["table", "trees", "--edges", "3..6", "--untrimmed", "--memo", good]), Refuse("holds classes")),
        case(args(&["table", "spider", "--legs", "0..3", "--misere", "--memo", fresh]), Refuse("misère play")),
        case(args(&["table", "trees", "--edges", "3..6", "--out", shard, "--memo", truncated]), Refuse("is truncated")),
        case(args(&["table", "trees", "--edges", "1..6", "--memo", good, "--quiet"]), Answer("grundy")),
    ];
    check(&cases);
}

/// `arrows serve`: flags refused before anything listens (no case here
/// starts a server).
const SERVE: &[Case] = &[
    case(&["serve", "--port", "70000"], Refuse("70000 is not in 0..=65535")),
    case(&["serve", "--timeout", "0"], Refuse("a time limit must be more than 0 seconds")),
    case(&["serve", "--timeout", "1e9"], Refuse("more than a day")),
    case(&["serve", "--timeout", "soon"], Refuse("\"soon\" is not a number of seconds")),
    case(&["serve", "--bind", "localhost"], Refuse("invalid IP address syntax")),
    case(&["serve", "--jobs", "0"], Refuse("--jobs")),
    case(&["serve", "--max-memory", "12Q"], Refuse("unknown size unit")),
    // TEST-NET-1 (RFC 5737) is no address of this machine: binding fails before any traffic.
    case(&["serve", "--bind", "192.0.2.1", "--port", "0"], Refuse("give --bind an address of this machine")),
];

#[test]
fn serve_flags() {
    check(SERVE);
}

/// Board files of the Game of Cycles.
const BOARDS: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/data/boards/");

/// The Game of Cycles and misère play: plane graphs from cells, drawings,
/// board files and families, and the engines that compute them.
const CYCLES: &[Case] = &[
    // A drawing with crossing edges names the two edges.
    case(
        &["graph", "--edges", "0-1,2-3,0-2", "--positions", "0:0,0;1:1,1;2:1,0;3:0,1", "--cycles"],
        Refuse("--positions: edge 0 (0-1) and edge 1 (2-3) cross"),
    ),
    case(&["graph", "--edges", "0-1,1-2", "--positions", "0:0,0;1:1,0"], Refuse("vertex 2 has no position")),
    case(&["graph", "--edges", "0-1,1-2", "--positions", "0:0,0;1:x,0;2:1,1"], Refuse("cannot read the position")),
    case(&["graph", "--edges", "0-1,1-2,2-0", "--positions", "@/no/such/file"], Refuse("cannot open /no/such/file")),
    // Cells that are not closed walks, or on edges the graph does not have.
    case(&["graph", "--edges", "0-1,1-2,2-3,3-0", "--cells", "0-1-2"], Refuse("is not a closed walk along edges")),
    case(&["graph", "--edges", "0-1,1-2,2-0", "--cells", "0-1-3"], Refuse("the graph has no edge 1-3")),
    case(&["graph", "--edges", "0-1,1-2,2-0", "--cells", "0-1"], Refuse("a cell needs at least 3")),
    case(&["graph", "--edges", "0-1,1-2,2-0", "--cells", "0-1-x"], Refuse("cannot read \"x\" as a vertex number")),
    case(&["graph", "--edges", "0-1,1-2,2-0", "--cells", "0-1-2;2-1-0"], Refuse("have the same edges")),
    // Board files: wrong counts and signed indices out of range, by line.
    case(
        &["board", concat!(env!("CARGO_MANIFEST_DIR"), "/tests/data/boards/wrong-count.txt")],
        Refuse("line 8: line 2 promises 5 edges"),
    ),
    case(
        &["board", concat!(env!("CARGO_MANIFEST_DIR"), "/tests/data/boards/index-out-of-range.txt")],
        Refuse("line 9: edge 7 is out of range"),
    ),
    case(&["board", BOARDS], Refuse("is a directory")),
    piped(&["board", "-"], Bytes(b""), Refuse("the board is empty")),
    piped(&["board", "-"], Bytes(b"\xff\xfe"), Refuse("not UTF-8 text")),
    case(
        &["board", concat!(env!("CARGO_MANIFEST_DIR"), "/tests/data/boards/square.txt")],
        Answer("rule set       Game of Cycles, normal play, 1 cell"),
    ),
    // The Game of Cycles needs cells on a graph with a cycle; a forest needs none.
    case(
        &["graph", "--edges", "0-1,1-2,2-0", "--cycles"],
        Refuse("has a cycle but carries no cells; give the cells with --cells"),
    ),
    case(&["graph", "--edges", "0-1,1-2,1-3", "--cycles"], Answer("rule set       Game of Cycles")),
    // Misère play: the canonical engine refuses it and names the engines that can.
    case(
        &["spider", "2", "2", "--misere", "--engine", "canonical"],
        Refuse("does not compute misère play; use --engine brute or --engine explicit"),
    ),
    case(
        &["wheel", "4", "--cycles", "--misere", "--engine", "canonical"],
        Refuse("does not compute misère play; use --engine brute or --engine explicit"),
    ),
    case(&["wheel", "4", "--cycles", "--engine", "canonical"], Answer("engine         canonical")),
    case(
        &["wheel", "15", "--cycles", "--engine", "brute"],
        Refuse("this game has 30 unmarked edges, but the brute engine takes at most 28"),
    ),
    // The canonical engine's estimate refuses a board far past the budget up front.
    case(
        &["wheel", "15", "--cycles", "--engine", "canonical", "--max-memory", "1G"],
        Refuse("the canonical engine would need about"),
    ),
    case(
        &["wheel", "15", "--cycles", "--engine", "canonical", "--max-memory", "1G"],
        Refuse("use --engine search, or raise --max-memory"),
    ),
    case(&["wheel", "8", "--cycles"], Answer("engine         search")),
    case(&["wheel", "8", "--cycles", "--moves"], Answer("engine         canonical")),
    case(
        &["wheel", "5", "--cycles", "--misere", "--explain"],
        Refuse("--explain has no decomposition for misère play"),
    ),
    case(&["cycle", "4", "--cycles", "--untrimmed"], Refuse("cannot be used with")),
    // The outcome search: past its time, misère play, more than 64 edges,
    // shards without their directory or without the search.
    case(
        &["grid", "5", "5", "--cycles", "--engine", "search", "--max-time", "1s"],
        Stopped("stopped at the time limit of 1s"),
    ),
    case(
        &["wheel", "5", "--cycles", "--misere", "--engine", "search"],
        Refuse("does not compute misère play; use --engine brute or --engine explicit"),
    ),
    case(
        &["grid", "6", "7", "--cycles", "--engine", "search"],
        Refuse("the board has 71 edges, but the search engine takes boards of at most 64"),
    ),
    case(&["wheel", "5", "--cycles", "--shard", "1/2"], Refuse("add --engine search --out DIR")),
    case(&["wheel", "5", "--cycles", "--engine", "search", "--shard", "1/2"], Refuse("add --engine search --out DIR")),
    case(&["wheel", "5", "--cycles", "--engine", "search", "--shard", "5/2", "--out", "x"], Refuse("5/2")),
    case(&["search", "merge", MISSING], Refuse("no-such-file.g6")),
    case(&["search", "merge", A_DIRECTORY], Refuse("holds no search shard")),
    case(&["wheel", "6", "--cycles", "--engine", "search"], Answer("engine         search")),
    // Families that do not exist, and huge ones.
    case(&["wheel", "2"], Refuse("a wheel needs at least 3")),
    case(&["theta", "1", "1", "4"], Refuse("at most one path of length 1")),
    case(&["grid", "1", "4"], Refuse("a grid needs at least 2")),
    case(&["grid", "4294967296", "4294967296"], Refuse("past the limit")),
    case(&["prism", "18446744073709551615"], Refuse("past the limit")),
    case(&["fan", "-3"], Refuse("family parameters are non-negative integers")),
    // A started game: a completed cell is over, a completable one is won at once.
    case(
        &["cycle", "3", "--cycles", "--state", "0>1,1>2"],
        Answer("grundy value   none: the player to move completes a cell"),
    ),
    case(&["k4", "--cycles", "--misere", "--state", "0>1,1>2,2>0"], Answer("completed      cell")),
];

#[test]
fn game_of_cycles_and_misere() {
    check(CYCLES);
}

/// Inputs read whole are bounded (64 MiB, as graph lines are), exit codes
/// and lines follow the contract, and tables, shards and Slurm variables
/// that once crashed a command are answered or refused in one line.
const BOUNDS_AND_LINES: &[Case] = &[
    // Every reader that reads its input whole stops at 64 MiB.
    piped(&["conjecture", "-"], Made(past_the_cap), Refuse("standard input is larger than 64.0 MiB")),
    case(&["conjecture", "/dev/zero"], Refuse("/dev/zero is larger than 64.0 MiB")),
    case(&["table", "merge", "/dev/zero"], Refuse("/dev/zero is larger than 64.0 MiB")),
    piped(&["loopy", "digraph", "-"], Made(past_the_cap), Refuse("standard input is larger than 64.0 MiB")),
    case(&["loopy", "policeman", "/dev/zero"], Refuse("/dev/zero is larger than 64.0 MiB")),
    case(&["loopy", "cop-win", "/dev/zero"], Refuse("/dev/zero is larger than 64.0 MiB")),
    case(&["loopy", "sum", "--digraph", "/dev/zero", "a"], Refuse("/dev/zero is larger than 64.0 MiB")),
    piped(&["board", "-"], Made(past_the_cap), Refuse("standard input is larger than 64.0 MiB")),
    // Text that is not UTF-8 is the input's fault, named, with exit code 2.
    piped(&["loopy", "digraph", "-"], Bytes(b"a b\n\xff\n"), Refuse("standard input, line 2, byte 1: not UTF-8")),
    piped(&["conjecture", "-"], Bytes(b"a,grundy\n1,\xff\n"), Refuse("standard input, line 2: not UTF-8")),
    // What is typed to `play` is read a line at a time, each bounded.
    piped(&["play", "path", "5"], Bytes(b"0>1\n\xff\n"), AnswerThenRefuse("standard input, line 2, byte 1: not UTF-8")),
    piped(&["play", "path", "5"], Made(past_the_cap), AnswerThenRefuse("standard input, line 1: longer than 64.0 KiB")),
    // More threads than a sweep starts, and commands given without what they need.
    case(&["table", "spider", "--legs", "0..3", "--threads", "100000"], Refuse("--threads 100000 is more than")),
    case(&["wheel", "9", "--cycles", "--threads", "100000"], Refuse("--threads 100000 is more than the 1024")),
    case(&["spider", "3", "4", "--threads", "0"], Refuse("--threads must be at least 1")),
    case(&["trim"], Refuse("`arrows trim` needs a command: spider, path")),
    case(&["loopy"], Refuse("`arrows loopy` needs a command: subtraction")),
    case(&["table"], Refuse("`arrows table` needs a command")),
    case(&[], Refuse("`arrows` needs a command: spider")),
    // A message that quotes a 2 MB line keeps its start and its advice (it quoted the line whole).
    piped(&["conjecture", "-"], Made(long_line), Refuse("characters left out")),
    // Seven columns of forty values: the lines of the rows, not the product of the ranges (40^6).
    piped(&["conjecture", "-"], Made(seven_columns), Answer("Along a, with b, c, d, e, f fixed")),
    // Every id of a word as a Slurm array: more tasks than can be counted (was a division by zero).
    with_env(
        &["table", "spider", "--legs", "0..3"],
        &[
            ("SLURM_ARRAY_TASK_ID", "0"),
            ("SLURM_ARRAY_TASK_MIN", "0"),
            ("SLURM_ARRAY_TASK_MAX", "18446744073709551615"),
        ],
        Refuse("an array of more tasks than can be counted"),
    ),
];

/// One byte past what an input read whole may hold, with no line break.
fn past_the_cap() -> Vec<u8> {
    vec![0; arrows_core::formats::MAX_LINE_BYTES + 1]
}

/// A line of 2.1 million characters.
fn long_line() -> Vec<u8> {
    let mut out = vec![b'x'; 2_100_000];
    out.push(b'\n');
    out
}

/// A CSV table of seven columns, forty rows `i,i,i,i,i,i,G`.
fn seven_columns() -> Vec<u8> {
    let mut out = b"a,b,c,d,e,f,grundy\n".to_vec();
    for i in 0..40 {
        writeln!(out, "{i},{i},{i},{i},{i},{i},{}", i % 3).unwrap();
    }
    out
}

#[test]
fn bounded_inputs_and_one_line_refusals() {
    check(BOUNDS_AND_LINES);
    // An argument of 100,000 characters, quoted by clap's refusal: its start and its advice.
    let long: &'static str = Box::leak(format!("spider {}", "x".repeat(100_000)).into_boxed_str());
    let args: &'static [&'static str] = Box::leak(vec!["play", long].into_boxed_slice());
    let leg: &'static [&'static str] = Box::leak(vec!["spider", &long[7..]].into_boxed_slice());
    check(&[case(args, Refuse("characters left out")), case(leg, Refuse("characters left out"))]);
}

/// Shards crafted to be consistent with themselves: a shard of a sweep
/// split `2^33`, `2^40` or `2^60` ways (once an allocation of a slot per
/// shard, aborting), a split input part whose residue is past its modulus
/// (once an index out of bounds), and one of `2^60` input parts.
#[test]
fn crafted_shards_merge_or_are_refused() {
    use arrows_tables::format::{Format, Layout, write};
    use arrows_tables::{Shard, Span, Spec, Table};
    let dir = tempfile::tempdir().unwrap();
    let at = |name: &str| -> &'static str { Box::leak(dir.path().join(name).to_string_lossy().into_owned().into()) };
    let args = |a: &[&'static str]| -> &'static [&'static str] { Box::leak(a.to_vec().into_boxed_slice()) };
    let mut cases = Vec::new();
    for bits in [33, 40, 60] {
        let table = Table {
            spec: Some(Spec::Path { edges: Span::new(1, 1).unwrap() }),
            variant: Some(arrows_core::Variant::Trimmed),
            play: Default::default(),
            engine: arrows_solve::Engine::Canonical,
            shard: Shard::new(0, 1 << bits).unwrap(),
            total: 0,
            columns: vec!["n".into()],
            rows: Vec::new(),
        };
        let mut text = Vec::new();
        write(&table, Format::Json, &Layout::default(), &mut text).unwrap();
        let file = at(&format!("empty-of-2^{bits}.json"));
        std::fs::write(file, &text).unwrap();
        cases.push(case(args(&["table", "merge", file]), Refuse("shard 1/")));
    }
    // A shard of a split input, written by the binary, its input part then edited.
    let written = |name: &str, part: &str| -> &'static str {
        let out = at(name);
        let o = crate::support::binary::run_with_stdin(
            &["table", "graphs", "-", "--shard-of-input", "0/2", "--out", out, "--quiet"],
            "Bw\nBW\n",
        );
        assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
        let manifest = std::path::Path::new(out).join("input-0-of-2.shard-0-of-1.json");
        let text = std::fs::read_to_string(&manifest).unwrap();
        let edited = text.replace("\"input_shard\": {\n    \"residue\": 0,\n    \"modulus\": 2\n  }", part);
        assert_ne!(edited, text, "{text}");
        std::fs::write(&manifest, edited).unwrap();
        out
    };
    let past = written("past", "\"input_shard\": {\"residue\": 5, \"modulus\": 2}");
    cases.push(case(args(&["table", "merge", past]), Refuse("not a shard manifest")));
    let huge = written("huge", "\"input_shard\": {\"residue\": 0, \"modulus\": 1152921504606846976}");
    cases.push(case(args(&["table", "merge", huge]), Refuse("input part 1/1152921504606846976 is missing")));
    check(&cases);
}

/// Runs every case and fails with the list of those that misbehaved.
fn check(cases: &[Case]) {
    check_within(cases, None);
}

/// [`check`], each run also held to `peak_kib` of resident memory (its
/// peak as sampled while it runs) when given.
fn check_within(cases: &[Case], peak_kib: Option<u64>) {
    let mut failures = Vec::new();
    for c in cases {
        let run = run(c);
        println!(
            "{:>7.0?} {:>7} KiB {:>4} {}",
            run.elapsed,
            run.peak_kib,
            run.code.map_or("-".into(), |c| c.to_string()),
            c.args.join(" ")
        );
        let within = match peak_kib {
            Some(most) if run.peak_kib > most => Err(format!("peak resident {} KiB, past {most} KiB", run.peak_kib)),
            _ => Ok(()),
        };
        if let Err(why) = judge(c, &run).and(within) {
            failures.push(format!("arrows {}: {why}", c.args.join(" ")));
        }
    }
    assert!(failures.is_empty(), "{} of {} cases failed:\n{}", failures.len(), cases.len(), failures.join("\n"));
}

struct Run {
    code: Option<i32>,
    stdout: String,
    stderr: String,
    elapsed: Duration,
    timed_out: bool,
    /// The run's peak resident memory as last seen (`VmHWM`), in KiB.
    peak_kib: u64,
}

/// The peak resident memory of a running process, in KiB (0 once it is gone).
fn peak_resident_kib(pid: u32) -> u64 {
    let status = std::fs::read_to_string(format!("/proc/{pid}/status")).unwrap_or_default();
    let line = status.lines().find(|l| l.starts_with("VmHWM:")).unwrap_or_default();
    line.split_whitespace().nth(1).and_then(|n| n.parse().ok()).unwrap_or(0)
}

/// Runs a case under the memory cap, killing it at the deadline.
fn run(c: &Case) -> Run {
    let script = format!("ulimit -v {MEMORY_CAP_KIB} && exec \"$0\" \"$@\"");
    let mut child = Command::new("sh")
        .arg("-c")
        .arg(script)
        .arg(env!("CARGO_BIN_EXE_arrows"))
        .args(c.args)
        .env_remove("SLURM_ARRAY_TASK_ID")
        .env_remove("SLURM_ARRAY_TASK_COUNT")
        .env_remove("SLURM_ARRAY_TASK_MIN")
        .env_remove("SLURM_ARRAY_TASK_MAX")
        .envs(c.env.iter().copied())
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("sh runs");
    let start = Instant::now();
    let input = match &c.stdin {
        Empty => Vec::new(),
        Bytes(b) => b.to_vec(),
        Made(make) => make(),
    };
    let mut stdin = child.stdin.take().unwrap();
    // The program may refuse before reading it all: a closed pipe is no failure.
    let writer = std::thread::spawn(move || {
        let _ = stdin.write_all(&input);
    });
    let mut out = child.stdout.take().unwrap();
    let mut err = child.stderr.take().unwrap();
    let reader = std::thread::spawn(move || {
        let mut s = Vec::new();
        let _ = out.read_to_end(&mut s);
        s
    });
    let mut stderr = Vec::new();
    let err_reader = std::thread::spawn(move || {
        let _ = err.read_to_end(&mut stderr);
        stderr
    });
    let mut timed_out = false;
    let mut peak_kib = 0;
    let status = loop {
        peak_kib = peak_kib.max(peak_resident_kib(child.id()));
        if let Some(status) = child.try_wait().unwrap() {
            break status;
        }
        if start.elapsed() > DEADLINE {
            timed_out = true;
            let _ = child.kill();
            break child.wait().unwrap();
        }
        std::thread::sleep(Duration::from_millis(5));
    };
    let elapsed = start.elapsed();
    let _ = writer.join();
    let stdout = String::from_utf8_lossy(&reader.join().unwrap()).into_owned();
    let stderr = String::from_utf8_lossy(&err_reader.join().unwrap()).into_owned();
    Run { code: status.code(), stdout, stderr, elapsed, timed_out, peak_kib }
}

/// Whether a run gave what its case expects.
fn judge(c: &Case, r: &Run) -> Result<(), String> {
    if r.timed_out {
        return Err(format!("still running after {DEADLINE:?}"));
    }
    if r.stderr.contains("panicked") || r.stderr.contains("memory allocation") {
        return Err(format!("crashed: {}", r.stderr));
    }
    match (&c.expect, r.code) {
        (_, None) => Err(format!("killed by a signal; stderr: {}", r.stderr)),
        (_, Some(code)) if code != 0 && code != 2 => Err(format!("exit code {code}; stderr: {}", r.stderr)),
        (Answer(needle), Some(0)) => {
            if !r.stderr.is_empty() {
                Err(format!("answered, but with stderr: {}", r.stderr))
            } else if !r.stdout.contains(needle) {
                Err(format!("answered without {needle:?}: {}", r.stdout))
            } else {
                Ok(())
            }
        }
        (Refuse(needle) | AnswerThenRefuse(needle) | Stopped(needle), Some(2)) => {
            let lines: Vec<&str> = r.stderr.lines().collect();
            let answered = matches!(c.expect, AnswerThenRefuse(_));
            let report_or_nothing = matches!(c.expect, Stopped(_))
                && (r.stdout.is_empty() || r.stdout.contains("(stopped before the search finished)"));
            if lines.len() != 1 || !lines[0].starts_with("error: ") {
                Err(format!("refused in {} lines, not one `error: ` line: {}", lines.len(), r.stderr))
            } else if lines[0].chars().count() > MESSAGE_CHARS {
                Err(format!("refused in a line of {} characters", lines[0].chars().count()))
            } else if !lines[0].contains(needle) {
                Err(format!("refused without {needle:?}: {}", lines[0]))
            } else if !report_or_nothing && r.stdout.is_empty() == answered {
                Err(format!("refused, with {:?} on standard output", r.stdout))
            } else {
                Ok(())
            }
        }
        (Answer(_), Some(code)) => Err(format!("expected an answer, exit code {code}: {}", r.stderr)),
        (_, Some(code)) => Err(format!("expected a refusal, exit code {code}: {}", r.stdout)),
    }
}

/// The most resident memory a refusal of a number may take: 100 MiB.
const REFUSAL_KIB: u64 = 100 << 10;

/// `arrows prove`: every number a user types is held to the fixed part's
/// size before anything is allocated for it, and the system is estimated
/// before it is built.
const PROVE: &[Case] = &[
    case(&["prove", "spider", "4294967296", "n"], Refuse("4294967296 is past the limit of 63")),
    case(&["prove", "spider", "18446744073709551615", "n"], Refuse("is past the limit of 63")),
    case(&["prove", "spider", "99999999999999999999999", "n"], Refuse("is past the limit of 63")),
    case(&["prove", "spider", "64", "n"], Refuse("64 is past the limit of 63")),
    case(&["prove", "spider", "0..100000000000", "n"], Refuse("100000000000 is past the limit of 63")),
    case(&["prove", "spider", "0..1000000000", "n"], Refuse("is past the limit of 63")),
    case(&["prove", "spider", "0..18446744073709551615", "n"], Refuse("is past the limit of 63")),
    case(&["prove", "spider", "0..=18446744073709551615", "n"], Refuse("is past the limit of 63")),
    case(&["prove", "spider", "18446744073709551615..0", "n"], Refuse("is past the limit of 63")),
    case(&["prove", "spider", "0..40", "0..40", "n"], Refuse("at most 64 vertices and 63 edges")),
    case(&["prove", "spider", "2", "3", "5", "n", "--max-length", "18446744073709551616"], Refuse("whole number")),
    case(&["prove", "broom", "n", "18446744073709551615"], Refuse("is past the limit of 63")),
    case(&["prove", "broom", "n", "64"], Refuse("is past the limit of 63")),
    case(&["prove", "caterpillar", "18446744073709551615,n"], Refuse("is past the limit of 63")),
    case(&["prove", "caterpillar", "1000000000,1000000000,n"], Refuse("is past the limit of 63")),
    case(&["prove", "caterpillar", "40,40,n"], Refuse("at most 64 vertices and 63 edges")),
    // Systems past the memory budget, estimated before they are built.
    case(&["prove", "broom", "n", "62"], Refuse("past the memory budget")),
    case(&["prove", "broom", "n", "20", "--max-memory", "100M"], Refuse("past the memory budget of 100.0 MiB")),
    case(&["prove", "spider", "0..20", "0..20", "0..20", "n", "--max-memory", "1M"], Refuse("past the memory budget")),
    case(&["prove", "caterpillar", "3,3,3,3,3,3,3,3,3,3,3,3,3,n"], Refuse("past the memory budget")),
    case(&["prove", "spider", "2", "n", "--max-memory", "lots"], Refuse("--max-memory")),
    case(&["prove", "spider", "2", "n", "--max-time", "soon"], Refuse("--max-time")),
    // Small systems still answer.
    case(&["prove", "spider", "2", "3", "n", "--max-memory", "100M"], Answer("theorem")),
];

#[test]
fn prove_bounds_every_number_before_allocating() {
    let legs: &'static [&'static str] =
        Box::leak(["prove", "spider"].into_iter().chain(std::iter::repeat_n("0", 100)).chain(["n"]).collect());
    let spine: &'static str = Box::leak(format!("{}n", "0,".repeat(100)).into_boxed_str());
    let spine: &'static [&'static str] = Box::leak(vec!["prove", "caterpillar", spine].into_boxed_slice());
    check_within(PROVE, Some(REFUSAL_KIB));
    // A system within the budget that takes long: the time limit ends it in one line.
    check(&[case(
        &["prove", "spider", "0..20", "0..20", "0..20", "n", "--max-memory", "1G", "--max-time", "1s"],
        Refuse("stopped at the time limit of 1s"),
    )]);
    check_within(
        &[case(legs, Refuse("spider takes at most 64 parameters")), case(spine, Refuse("at most 64 vertices"))],
        Some(REFUSAL_KIB),
    );
}

/// Search manifests crafted to be consistent with themselves (their
/// answers' checksums recomputed): a split `2^40` or `2^64 - 1` ways (once
/// an allocation of a slot per shard, aborting), a task count past every
/// search, and a manifest that is a device, a FIFO or past 64 MiB. Each is
/// refused in one line, within 100 MiB.
#[test]
fn crafted_search_manifests_are_refused_in_one_line() {
    use arrows_tables::Shard;
    use arrows_tables::search_store::SearchAnswer;
    let dir = tempfile::tempdir().unwrap();
    let at = |name: &str| -> &'static str { Box::leak(dir.path().join(name).to_string_lossy().into_owned().into()) };
    let args = |a: &[&'static str]| -> &'static [&'static str] { Box::leak(a.to_vec().into_boxed_slice()) };
    let written = at("written");
    for r in 0..2 {
        let o = crate::support::binary::run(&[
            "wheel",
            "5",
            "--cycles",
            "--engine",
            "search",
            "--shard",
            &format!("{r}/2"),
            "--out",
            written,
        ]);
        assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    }
    let original: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string(format!("{written}/search-0-of-2.json")).unwrap()).unwrap();
    let tasks = original["tasks"].as_u64().unwrap() as usize;
    let fingerprint: arrows_tables::checksum::Checksum =
        serde_json::from_value(original["fingerprint"].clone()).unwrap();
    // A manifest of shard `residue/modulus` with the answers it owns, each checksummed.
    let crafted = |name: &str, residue: usize, modulus: usize, tasks: usize| -> &'static str {
        let shard = Shard::new(residue, modulus).unwrap();
        let mut m = original.clone();
        m["shard"] = serde_json::json!({ "residue": residue, "modulus": modulus });
        m["tasks"] = tasks.into();
        let owned: Vec<usize> = (0..tasks.min(1 << 12)).filter(|&t| shard.owns(t)).collect();
        m["owned"] = shard.share(tasks).into();
        let answers: Vec<SearchAnswer> =
            owned.iter().map(|&t| SearchAnswer::new(&fingerprint, shard, t, t % 2 == 0, 1)).collect();
        m["answers"] = serde_json::to_value(&answers).unwrap();
        m["complete"] = (answers.len() == shard.share(tasks)).into();
        let path = at(name);
        std::fs::create_dir_all(path).unwrap();
        std::fs::write(format!("{path}/search-{residue}-of-{modulus}.json"), m.to_string()).unwrap();
        path
    };
    let mut cases = Vec::new();
    let huge = 1usize << 40;
    let first = crafted("first-of-2^40", 0, huge, tasks);
    cases.push(case(args(&["search", "merge", first]), Refuse("shard 1/1099511627776 of the search is missing")));
    let last = crafted("last-of-2^40", huge - 1, huge, tasks);
    cases.push(case(args(&["search", "merge", last]), Refuse("shard 0/1099511627776 of the search is missing")));
    let most = crafted("of-2^64", 0, usize::MAX, tasks);
    cases.push(case(args(&["search", "merge", most]), Refuse("of the search is missing")));
    let many = crafted("many-tasks", 0, 1, usize::MAX);
    cases.push(case(args(&["search", "merge", many]), Refuse("out of bounds; was it edited?")));
    // One answer flipped, its checksum left as written.
    let flipped = at("flipped");
    std::fs::create_dir_all(flipped).unwrap();
    for r in 0..2 {
        let from = format!("{written}/search-{r}-of-2.json");
        let mut m: serde_json::Value = serde_json::from_str(&std::fs::read_to_string(from).unwrap()).unwrap();
        if r == 1 {
            let win = &mut m["answers"][0]["win"];
            *win = (!win.as_bool().unwrap()).into();
        }
        std::fs::write(format!("{flipped}/search-{r}-of-2.json"), m.to_string()).unwrap();
    }
    cases.push(case(args(&["search", "merge", flipped]), Refuse("does not match its checksum")));
    // Not regular files, and a file past the limit of every input.
    for (name, target) in [("zero", "/dev/zero"), ("null", "/dev/null")] {
        let d = at(name);
        std::fs::create_dir_all(d).unwrap();
        std::os::unix::fs::symlink(target, format!("{d}/search-0-of-1.json")).unwrap();
        cases.push(case(args(&["search", "merge", d]), Refuse("not a regular file")));
    }
    let fifo = at("fifo");
    std::fs::create_dir_all(fifo).unwrap();
    let made = Command::new("mkfifo").arg(format!("{fifo}/search-0-of-1.json")).status().unwrap();
    assert!(made.success());
    cases.push(case(args(&["search", "merge", fifo]), Refuse("not a regular file")));
    let large = at("large");
    std::fs::create_dir_all(large).unwrap();
    let file = std::fs::File::create(format!("{large}/search-0-of-1.json")).unwrap();
    file.set_len(65 << 20).unwrap();
    cases.push(case(args(&["search", "merge", large]), Refuse("larger than 64.0 MiB")));
    check_within(&cases, Some(REFUSAL_KIB));
}

/// Paths checked before any work: `--out` of a search's shard and `--memo`
/// naming what cannot serve (a device, a FIFO, a file where a directory
/// goes, links to nothing or to themselves, names past the system's
/// limit); flags a shard cannot honour; `--engine search` on a rule set it
/// does not decide; a board whose name holds control characters. Each is
/// refused in one line, exit code 2, within 100 MiB, or answered with the
/// name escaped.
#[test]
fn paths_engines_and_names_are_checked_before_work() {
    let dir = tempfile::tempdir().unwrap();
    let at = |name: &str| -> &'static str { Box::leak(dir.path().join(name).to_string_lossy().into_owned().into()) };
    let args = |a: &[&'static str]| -> &'static [&'static str] { Box::leak(a.to_vec().into_boxed_slice()) };
    let file = at("file");
    std::fs::write(file, "x").unwrap();
    let to_file = at("to-file");
    std::os::unix::fs::symlink(file, to_file).unwrap();
    let dangling = at("dangling");
    std::os::unix::fs::symlink(at("nowhere"), dangling).unwrap();
    let looped = at("loop");
    std::os::unix::fs::symlink(looped, looped).unwrap();
    let fifo = at("fifo");
    assert!(Command::new("mkfifo").arg(fifo).status().unwrap().success());
    let long = at(&"x".repeat(300));
    let shard = |out: &'static str| args(&["wheel", "5", "--cycles", "--engine", "search", "--out", out]);
    let mut cases = vec![
        case(shard(file), Refuse("is a file, not a directory")),
        case(shard(to_file), Refuse("is a file, not a directory")),
        case(shard(dangling), Refuse("symbolic link to nothing")),
        case(shard(looped), Refuse("--out")),
        case(shard("/dev/null"), Refuse("is a device, not a directory")),
        case(shard(fifo), Refuse("is a FIFO")),
        case(shard(long), Refuse("longer than the system allows")),
        case(args(&["path", "3", "--memo", fifo]), Refuse("is a FIFO")),
        case(args(&["path", "3", "--memo", "/dev/zero"]), Refuse("is a device")),
        case(args(&["path", "3", "--memo", long]), Refuse("longer than the system allows")),
    ];
    let shard_dir = at("shards");
    for flag in ["--grundy", "--first-win", "--moves", "--literal", "--explain"] {
        let a = args(&["wheel", "5", "--cycles", "--engine", "search", "--out", shard_dir, flag]);
        let needle: &'static str = Box::leak(format!("{flag} is not kept by a shard").into_boxed_str());
        cases.push(case(a, Refuse(needle)));
    }
    cases.push(case(&["wheel", "5", "--engine", "search"], Refuse("--engine search decides the Game of Cycles")));
    cases.push(case(
        &["wheel", "5", "--untrimmed", "--engine", "search"],
        Refuse("--engine search decides the Game of Cycles"),
    ));
    cases.push(case(&["path", "4", "--engine", "search"], Refuse("add --cycles")));
    check_within(&cases, Some(REFUSAL_KIB));
    assert!(!std::path::Path::new(shard_dir).exists(), "a refused shard wrote nothing");
    // A board whose name would retitle the terminal and ring its bell.
    let board = b"\x1b]0;owned\x07 \x1b[31mred\n4 4\nEDGES\n0 1\n1 2\n2 3\n3 0\nCYCLES\n+0 +1 +2 +3\n";
    let named = at("named.txt");
    std::fs::write(named, &board[..]).unwrap();
    for (a, stdin) in [(args(&["board", named]), Empty), (args(&["board", "-"]), Bytes(&board[..]))] {
        let r = run(&piped(a, stdin, Answer("")));
        assert_eq!(r.code, Some(0), "{}", r.stderr);
        assert!(!r.stdout.contains('\x1b') && !r.stdout.contains('\x07'), "{:?}", r.stdout);
        assert!(r.stdout.contains("\\u{1b}]0;owned\\u{7}"), "{:?}", r.stdout);
    }
}

/// `--max-time` is read in every phase of a search, the symmetry group
/// and the plan of a shard included: each run ends with the limit's line.
#[test]
fn time_limits_hold_in_every_phase() {
    let dir = tempfile::tempdir().unwrap();
    let out: &'static str = Box::leak(dir.path().join("w13").to_string_lossy().into_owned().into());
    let shard: &'static [&'static str] = Box::leak(
        vec!["wheel", "13", "--cycles", "--engine", "search", "--out", out, "--max-time", "2s", "--json"]
            .into_boxed_slice(),
    );
    check(&[
        case(&["grid", "5", "7", "--cycles", "--max-time", "2s"], Stopped("stopped at the time limit of 2s")),
        case(
            &["wheel", "32", "--cycles", "--engine", "search", "--max-time", "5s"],
            Stopped("stopped at the time limit"),
        ),
        case(shard, Refuse("stopped at the time limit of 2s")),
    ]);
}
