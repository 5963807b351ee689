//! The API against the library: a server on an ephemeral port answers what
//! `arrows_solve::study` answers for the same position, refuses bad input
//! with 400 and games too large with 413 (each with its message), and
//! answers 503 past its time limit while serving other requests.

use crate::support::{Http, start};
use arrows_core::describe::describe;
use arrows_core::plane::{Board, parse_cell_walks};
use arrows_core::{Decoration, Graph, Play, Position, SpiderLayout, Variant};
use arrows_serve::Config;
use arrows_solve::Analyzer;
use arrows_solve::study::{Request, study_on};
use arrows_work::{Budget, Control};
use serde_json::Value;
use std::time::{Duration, Instant};

fn config() -> Config {
    Config {
        timeout: Duration::from_secs(60),
        budget: Budget::bytes(1 << 30),
        memory: Budget::bytes(2 << 30),
        jobs: 2,
        ..Config::default()
    }
}

/// The report the library gives for a position, as JSON, without the
/// fields that differ from run to run.
fn expected(name: &str, spider: Option<SpiderLayout>, position: Position<'_>) -> Value {
    let explain = arrows_solve::canonical::unsupported(position).is_none();
    let request = Request { engine: None, moves: true, explain, ..Request::default() };
    let report = study_on(name, spider, position, &request, &mut Analyzer::new(), &Control::default()).unwrap();
    steady(serde_json::to_value(&report).unwrap())
}

fn steady(mut v: Value) -> Value {
    let object = v.as_object_mut().expect("an object");
    for field in ["time_ms", "peak_memory_bytes", "svg", "no_decomposition"] {
        object.remove(field);
    }
    v
}

/// The library's report of a described graph.
fn described(text: &str, variant: Variant, play: Play, state: &str) -> Value {
    let d = describe(text, Budget::bytes(1 << 30)).unwrap();
    let state = Decoration::parse(&d.graph, state).unwrap();
    expected(&d.name, d.spider, Position::new(&d.graph, variant, &state).with_play(play))
}

const K4_BOARD: &str = "K4\n4 6\nEDGES\n0 1\n2 0\n1 2\n0 3\n3 2\n3 1\nCYCLES\n+0 +2 +1\n+3 +4 +1\n+5 +2 -4\n";

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_api_answers_what_the_library_answers() {
    let http = Http::new(start(config()).await);
    let cases: &[(&str, &str, &str, &str)] = &[
        ("spider 2 3 3", "trimmed", "normal", ""),
        ("spider 3 4 5", "trimmed", "normal", "0>1,5<4"),
        ("path 6", "untrimmed", "normal", "2>3"),
        ("caterpillar 2,0,3", "trimmed", "misere", ""),
        ("wheel 4", "cycles", "normal", "0>1"),
        ("wheel 4", "cycles", "misere", ""),
        ("theta 1 2 3", "cycles", "normal", ""),
        ("Bw", "untrimmed", "normal", ""),
        ("0-1,1-2,1-3,3-4", "trimmed", "normal", "1>3"),
    ];
    for &(graph, variant, play, state) in cases {
        let answer =
            http.get("/api/analyze", &[("graph", graph), ("variant", variant), ("play", play), ("state", state)]).await;
        assert_eq!(answer.status, 200, "{graph}: {}", answer.body);
        assert_eq!(answer.kind, "application/json");
        let v: Variant = serde_json::from_value(Value::String(variant.into())).unwrap();
        let p: Play = serde_json::from_value(Value::String(play.into())).unwrap();
        let json = answer.json();
        assert_eq!(steady(json.clone()), described(graph, v, p, state), "{graph} {variant} {play} {state}");
        // The decomposition is there exactly where it exists, and said to be missing otherwise.
        assert_eq!(json.get("components").is_some(), json.get("no_decomposition").is_none(), "{graph}");
    }

    // A board, cells and positions make plane graphs as the command line's flags do.
    let board = Board::parse(K4_BOARD).unwrap();
    let graph = board.graph().clone();
    let empty = Decoration::empty(graph.edge_count());
    let answer = http.get("/api/analyze", &[("board", K4_BOARD)]).await;
    assert_eq!(answer.status, 200, "{}", answer.body);
    assert_eq!(steady(answer.json()), expected("K4", None, Position::new(&graph, Variant::Cycles, &empty)));

    let edges = "0-1,1-2,2-0,2-3,3-0";
    let plain: Graph = describe(edges, Budget::bytes(1 << 30)).unwrap().graph;
    let cells = "0-1-2;0-2-3";
    let celled = plain.clone().with_cells(parse_cell_walks(&plain, cells).unwrap()).unwrap();
    let empty = Decoration::empty(celled.edge_count());
    let answer = http.get("/api/analyze", &[("graph", edges), ("cells", cells), ("variant", "cycles")]).await;
    assert_eq!(answer.status, 200, "{}", answer.body);
    assert_eq!(steady(answer.json()), expected(edges, None, Position::new(&celled, Variant::Cycles, &empty)));
    let positions = "0:0,0;1:2,0;2:1,1;3:-1,1";
    let answer = http.get("/api/analyze", &[("graph", edges), ("positions", positions), ("variant", "cycles")]).await;
    assert_eq!(answer.status, 200, "{}", answer.body);
    assert_eq!(answer.json()["cells"], 2);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_drawing_has_one_element_per_edge_and_the_best_move_wins() {
    let http = Http::new(start(config()).await);
    for graph in ["spider 4 6 8", "wheel 5", "ladder 3"] {
        let variant = if graph.starts_with("spider") { "trimmed" } else { "cycles" };
        let answer = http.get("/api/analyze", &[("graph", graph), ("variant", variant), ("draw", "svg")]).await;
        assert_eq!(answer.status, 200, "{}", answer.body);
        let json = answer.json();
        let svg = json["svg"].as_str().expect("an svg field");
        assert_eq!(svg.matches("data-edge=").count() as u64, json["edges"].as_u64().unwrap(), "{graph}");
        if variant == "cycles" {
            assert!(svg.contains("data-cell="), "{graph}: the cells are drawn");
        }
        let alone = http.get("/api/draw", &[("graph", graph), ("variant", variant), ("format", "svg")]).await;
        assert_eq!((alone.status, alone.kind.as_str()), (200, "image/svg+xml; charset=utf-8"));
        assert!(alone.body.starts_with("<svg"), "{}", &alone.body[..40]);
        let tikz = http.get("/api/draw", &[("graph", graph), ("variant", variant), ("format", "tikz")]).await;
        assert_eq!(tikz.status, 200);
        assert!(tikz.body.contains("\\begin{tikzpicture}"));
    }

    // S(2,3,4) is a first-player win: arrows plays a winning move, after which the value is 0.
    let graph = "spider 2 3 4";
    let report = http.get("/api/analyze", &[("graph", graph)]).await.json();
    assert_eq!(report["winner"], "first");
    let best = http.get("/api/best", &[("graph", graph)]).await.json();
    assert_eq!(best["choice"], "winning");
    let arrow = best["move"].as_str().unwrap();
    // The moves table marks the winning moves; the report lists them too.
    let listed: Vec<&str> = report["winning_moves"].as_array().unwrap().iter().filter_map(|m| m.as_str()).collect();
    assert!(listed.contains(&arrow), "{best} {report}");
    let winning = report["moves"].as_array().unwrap().iter().filter(|m| m["winning"] == true);
    assert!(winning.clone().any(|m| m["move"] == arrow), "{best} {report}");
    let after = http.get("/api/analyze", &[("graph", graph), ("state", arrow)]).await.json();
    assert_eq!(after["grundy"], 0);
    // With no winning move, arrows still moves; with no move at all, it says so.
    let losing = http.get("/api/best", &[("graph", "spider 2 2")]).await.json();
    assert_eq!(losing["choice"], "longest");
    let over = http.get("/api/best", &[("graph", "path 2"), ("state", "0>1,1>2")]).await;
    assert_eq!(over.status, 200, "{}", over.body);
    assert_eq!(over.json()["move"], Value::Null);

    let families = http.get("/api/families", &[]).await.json();
    assert_eq!(families.as_array().unwrap().len(), arrows_core::describe::FAMILIES.len());
    let page = http.get("/", &[("graph", "spider 4 6 8")]).await;
    assert_eq!((page.status, page.kind.as_str()), (200, "text/html; charset=utf-8"));
    assert!(page.body.contains("/app.js"));
    assert_eq!(http.get("/app.js", &[]).await.status, 200);
    assert_eq!(http.get("/style.css", &[]).await.status, 200);
}

/// A request to refuse: its parameters, the status, and words its message holds.
type Refusal<'a> = (&'a [(&'a str, &'a str)], u16, &'a [&'a str]);

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn bad_requests_are_refused_with_a_message() {
    let http = Http::new(start(config()).await);
    let cases: &[Refusal] = &[
        (&[], 400, &["no graph given", "graph="]),
        (&[("graph", "")], 400, &["no graph given"]),
        (&[("graph", "spider 4 x")], 400, &["\"x\" of spider is not a whole number"]),
        (&[("graph", "spider 0 0")], 400, &["no edge", "graph=spider 4 6 8"]),
        (&[("graph", "0-1,1-")], 400, &["graph:", "U-V"]),
        (&[("graph", "0-1,1-1")], 400, &["self-loop", "remove the loop"]),
        (&[("graph", "path 3"), ("board", K4_BOARD)], 400, &["not both"]),
        (&[("board", "K4\n4 6\nEDGES\n0 1\n")], 400, &["board, line", "CYCLES"]),
        (&[("graph", "path 3"), ("state", "0>>1")], 400, &["state:", "TAIL>HEAD"]),
        (&[("graph", "path 3"), ("state", "0>2")], 400, &["not on an edge"]),
        (&[("graph", "path 2"), ("state", "1>0,1>2")], 400, &["not a state of the Trimmed Game of Arrows"]),
        (&[("graph", "path 3"), ("variant", "loopy")], 400, &["variant=\"loopy\"", "trimmed, untrimmed, cycles"]),
        (&[("graph", "path 3"), ("play", "nomal")], 400, &["play=\"nomal\""]),
        (&[("graph", "path 3"), ("engine", "fast")], 400, &["engine=\"fast\""]),
        (&[("graph", "path 3"), ("varient", "cycles")], 400, &["no parameter \"varient\""]),
        (&[("graph", "path 3"), ("graph", "path 4")], 400, &["given twice"]),
        (&[("graph", "0-1,1-2,2-0"), ("variant", "cycles")], 400, &["cells=", "positions="]),
        (&[("graph", "0-1,1-2,2-0"), ("cells", "0-1-3")], 400, &["cells:"]),
        (&[("graph", "0-1,1-2,2-0"), ("positions", "0:0,0;1:1,0")], 400, &["positions:"]),
        (&[("graph", "path 3"), ("play", "misere"), ("engine", "canonical")], 400, &["engine=brute"]),
        (&[("graph", "path 40"), ("engine", "brute")], 413, &["40 unmarked edges", "use engine=canonical"]),
        (&[("graph", "path 99999999999")], 413, &["past the limit", "smaller"]),
    ];
    for (params, status, words) in cases {
        let answer = http.get("/api/analyze", params).await;
        assert_eq!(answer.status, *status, "{params:?}: {}", answer.body);
        let message = answer.error();
        for w in *words {
            assert!(message.contains(w), "{params:?}: {message:?} lacks {w:?}");
        }
        // One line, in the server's words: no command-line flag.
        assert!(!message.contains('\n') && !message.contains("--"), "{params:?}: {message}");
    }
    let draw = http.get("/api/draw", &[("graph", "path 3"), ("format", "png")]).await;
    assert_eq!(draw.status, 400);
    assert!(draw.error().contains("svg, tikz"), "{}", draw.body);
    assert_eq!(http.get("/nowhere", &[]).await.status, 404);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_game_past_the_memory_budget_is_refused_with_413() {
    let small = Config { budget: Budget::bytes(1 << 20), ..config() };
    let http = Http::new(start(small).await);
    let answer = http.get("/api/analyze", &[("graph", "spider 5 5 5"), ("engine", "explicit")]).await;
    assert_eq!(answer.status, 413, "{}", answer.body);
    let message = answer.error();
    assert!(message.contains("memory budget of 1.0 MiB per request"), "{message}");
    assert!(message.contains("engine=canonical"), "{message}");
}

/// The Game of Cycles on the 4 x 5 grid is refused by the analysis (its
/// memory estimate is past any budget here), but /api/position still gives
/// its board: every legal move, the drawing with one element per edge,
/// and nothing solved; a move played on it is a position of its own.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_refused_game_still_has_its_position_and_drawing() {
    let http = Http::new(start(config()).await);
    let params = [("graph", "grid 4 5"), ("variant", "cycles"), ("draw", "svg")];
    let refused = http.get("/api/analyze", &params).await;
    assert_eq!(refused.status, 413, "{}", refused.body);
    let answer = http.get("/api/position", &params).await;
    assert_eq!(answer.status, 200, "{}", answer.body);
    let v = answer.json();
    let d = describe("grid 4 5", Budget::bytes(1 << 30)).unwrap();
    let empty = Decoration::empty(d.graph.edge_count());
    let legal: Vec<String> =
        Position::new(&d.graph, Variant::Cycles, &empty).moves().iter().map(ToString::to_string).collect();
    let moves: Vec<String> =
        v["moves"].as_array().unwrap().iter().map(|m| m["move"].as_str().unwrap().to_string()).collect();
    assert_eq!(moves, legal);
    assert_eq!(v["move_count"], legal.len());
    assert_eq!(v["cells"], d.graph.cell_list().len());
    assert!(v.get("grundy").is_none() && v.get("winning_moves").is_none(), "nothing is solved: {v}");
    let svg = v["svg"].as_str().unwrap();
    assert_eq!(svg.matches("data-edge=").count(), d.graph.edge_count());
    assert!(svg.contains("not solved"));
    let after = http.get("/api/position", &[("graph", "grid 4 5"), ("variant", "cycles"), ("state", &legal[0])]).await;
    let one = Decoration::parse(&d.graph, &legal[0]).unwrap();
    assert_eq!(after.json()["move_count"], Position::new(&d.graph, Variant::Cycles, &one).moves().len());
    let bad = http.get("/api/position", &[("graph", "path 3"), ("state", "0>1,2>1")]).await;
    assert_eq!(bad.status, 400, "{}", bad.body);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_slow_request_answers_503_stops_its_engine_and_blocks_no_other() {
    let limit = Duration::from_secs(3);
    let address = start(Config { timeout: limit, ..config() }).await;
    let http = Http::new(address);
    // The Game of Cycles on the wheel with 11 spokes: more than 30 s of the
    // canonical engine in a release build, within the 1 GiB budget.
    let slow_params = [("graph", "wheel 11"), ("variant", "cycles")];
    let slow = {
        let http = http.clone();
        tokio::spawn(async move {
            let start = Instant::now();
            (http.get("/api/analyze", &slow_params).await, start.elapsed())
        })
    };
    // Meanwhile another request is answered at once.
    until(&http, "the slow analysis to start", |s| s["running"] == 1).await;
    let quick = http.get("/api/analyze", &[("graph", "spider 2 3 3")]).await;
    assert_eq!(quick.status, 200);
    assert!(!slow.is_finished(), "the slow request is still running when the quick one is answered");
    let (answer, took) = slow.await.unwrap();
    assert_eq!(answer.status, 503, "{}", answer.body);
    assert!(answer.error().contains("time limit"), "{}", answer.body);
    assert!(took >= limit && took < limit + Duration::from_secs(60), "{took:?}");
    // The engine stops at its next checkpoint: no core stays busy.
    let status = until(&http, "the engine to stop", |s| s["running"] == 0).await;
    assert_eq!(status["timed_out"], 1, "{status}");
}

/// Polls `/api/status` until `done` holds of it, for at most a minute (a bound for a busy machine).
async fn until(http: &Http, what: &str, done: impl Fn(&Value) -> bool) -> Value {
    let start = Instant::now();
    loop {
        let status = http.get("/api/status", &[]).await.json();
        if done(&status) {
            return status;
        }
        assert!(start.elapsed() < Duration::from_secs(60), "waited 60 s for {what}: {status}");
        tokio::time::sleep(Duration::from_millis(20)).await;
    }
}
