//! The API's handlers: each reads its parameters, runs the library on the
//! pool, and answers JSON (or a drawing).

use crate::params::{Params, Subject};
use crate::pool::{Pool, Status};
use crate::wording::{self, ApiError};
use arrows_core::describe::FAMILIES;
use arrows_draw::Format;
use arrows_draw::solved::{picture, unsolved};
use arrows_solve::report::Report;
use arrows_solve::session::{Choice, Session};
use arrows_solve::study::{Request, study_on};
use arrows_solve::{Analyzer, Engine, SolveError};
use arrows_work::Control;
use axum::Json;
use axum::extract::rejection::QueryRejection;
use axum::extract::{Query, State};
use axum::http::{StatusCode, header};
use axum::response::{IntoResponse, Response};
use serde::Serialize;
use std::sync::Arc;

type Pairs = Result<Query<Vec<(String, String)>>, QueryRejection>;

/// The parameters of a query; `format_name` is the drawing parameter the route reads.
fn params(query: Pairs, format_name: Option<&str>) -> Result<Params, ApiError> {
    let Query(pairs) = query.map_err(|e| ApiError::bad(format!("cannot read the query: {}", e.body_text())))?;
    Params::from_pairs(pairs, format_name)
}

/// The study of a subject: with `with_moves`, every move's value and the
/// decomposition wherever it exists (normal play of a game without cycle
/// cells); where it does not, the game without one.
fn study(subject: &Subject, with_moves: bool, control: &Control) -> Result<(Report, Option<String>), ApiError> {
    let position = subject.position();
    let without = arrows_solve::canonical::unsupported(position);
    let request = Request {
        engine: subject.engine,
        moves: with_moves,
        explain: with_moves && without.is_none(),
        ..Request::default()
    };
    let report = study_on(&subject.name, subject.spider.clone(), position, &request, &mut Analyzer::new(), control)
        .map_err(|e| wording::refusal(position, e, control.budget.get()))?;
    Ok((report, without.map(|game| game.to_string())))
}

/// The drawing of a studied subject.
fn drawing(subject: &Subject, report: &Report, format: Format) -> Result<String, ApiError> {
    picture(subject.position(), report, subject.drawing.clone()).render(format).map_err(wording::draw_error)
}

/// `GET /api/analyze`: the report, as the command line's `--json --moves
/// --explain` prints it; where the decomposition does not exist (misère
/// play, cycle cells) it is left out and `"no_decomposition"` names the
/// game instead. The drawing follows under `"svg"` or `"tikz"` when
/// `draw=` asks, as with `--draw` (or, for a graph too large to draw,
/// `"drawing_refused"` says why).
pub(crate) async fn analyze(State(pool): State<Arc<Pool>>, query: Pairs) -> Result<Response, ApiError> {
    let params = params(query, Some("draw"))?;
    let budget = pool.budget();
    let body = pool
        .run(move |control| {
            let format = params.format("draw")?;
            let subject = params.subject(budget)?;
            let (report, without) = study(&subject, true, control)?;
            // The report's fields in their order, then what is added, as the command line's --json --draw.
            let object = serde_json::to_string(&report).expect("a report serializes");
            let mut fields = object.strip_suffix('}').expect("a report is a JSON object").to_string();
            let mut add = |name: &str, text: &str| {
                let text = serde_json::to_string(text).expect("a string serializes");
                fields.push_str(&format!(",\"{name}\":{text}"));
            };
            if let Some(game) = without {
                add("no_decomposition", &game);
            }
            // A graph too large to draw is still analysed: the refusal takes the drawing's place.
            match format.map(|f| (f, drawing(&subject, &report, f))) {
                Some((f, Ok(document))) => add(f.as_str(), &document),
                Some((_, Err(e))) if e.status == StatusCode::PAYLOAD_TOO_LARGE => add("drawing_refused", &e.message),
                Some((_, Err(e))) => return Err(e),
                None => {}
            }
            fields.push('}');
            Ok(fields)
        })
        .await?;
    let body = bounded(&pool, body)?;
    Ok(([(header::CONTENT_TYPE, "application/json")], body).into_response())
}

/// `GET /api/position`: the position without its analysis, for the page
/// to draw and play on when the analysis is refused (a game too large for
/// the engines, or past the time limit): the graph, the rule set, the
/// state, the legal moves (`"moves"`, each `{"move": "0>1"}`, with no
/// value), and with `draw=svg` or `draw=tikz` the drawing, its unmarked
/// edges coloured by component. Nothing is solved.
pub(crate) async fn position(State(pool): State<Arc<Pool>>, query: Pairs) -> Result<Json<serde_json::Value>, ApiError> {
    let params = params(query, Some("draw"))?;
    let budget = pool.budget();
    let object = pool
        .run(move |control| {
            let format = params.format("draw")?;
            let subject = params.subject(budget)?;
            let position = subject.position();
            if let Some(v) = position.violation() {
                return Err(wording::solve_error(position, SolveError::NotAState(v), control.budget.get()));
            }
            let graph = position.graph;
            let moves: Vec<serde_json::Value> =
                position.moves().iter().map(|a| serde_json::json!({ "move": a.to_string() })).collect();
            let mut object = serde_json::json!({
                "graph": subject.name,
                "vertices": graph.vertex_count(),
                "edges": graph.edge_count(),
                "variant": position.variant,
                "play": position.play,
                "state": position.state.display(graph).to_string(),
                "move_count": moves.len(),
                "moves": moves,
            });
            if position.plays_cells() {
                object["cells"] = graph.cell_list().len().into();
            }
            if let Some(c) = position.completed_cell() {
                object["completed_cell"] = graph.cell_list()[c].walk_text(graph).into();
            }
            if let Some(f) = format {
                match unsolved(position, &subject.name, subject.drawing.clone()).render(f) {
                    Ok(document) => object[f.as_str()] = document.into(),
                    Err(e) => object["drawing_refused"] = wording::draw_error(e).message.into(),
                }
            }
            Ok(object)
        })
        .await?;
    Ok(Json(object))
}

/// `GET /api/draw`: the drawing alone, `format=svg` (the default) or `format=tikz`.
pub(crate) async fn draw(State(pool): State<Arc<Pool>>, query: Pairs) -> Result<Response, ApiError> {
    let params = params(query, Some("format"))?;
    let budget = pool.budget();
    let (format, document) = pool
        .run(move |control| {
            let format = params.format("format")?.unwrap_or(Format::Svg);
            let subject = params.subject(budget)?;
            let (report, _) = study(&subject, false, control)?;
            Ok((format, drawing(&subject, &report, format)?))
        })
        .await?;
    let document = bounded(&pool, document)?;
    let kind = match format {
        Format::Tikz => "application/x-tex; charset=utf-8",
        _ => "image/svg+xml; charset=utf-8",
    };
    Ok(([(header::CONTENT_TYPE, kind)], document).into_response())
}

/// The answer of `/api/best`.
#[derive(Debug, Serialize)]
struct Best {
    /// The move, `TAIL>HEAD`; `null` when no move is left.
    #[serde(rename = "move")]
    arrow: Option<String>,
    /// `winning`, `longest` (no winning move: the one that keeps the game
    /// longest) or `delaying` (the one that leaves the most moves).
    choice: Option<&'static str>,
}

/// `GET /api/best`: the move arrows plays from the position.
pub(crate) async fn best(State(pool): State<Arc<Pool>>, query: Pairs) -> Result<Json<serde_json::Value>, ApiError> {
    let params = params(query, None)?;
    let budget = pool.budget();
    let best = pool
        .run(move |control| {
            let subject = params.subject(budget)?;
            let position = subject.position();
            let refusal = |e| wording::solve_error(position, e, control.budget.get());
            let session = Session::new(position).map_err(refusal)?;
            let engine = subject.engine.unwrap_or_else(|| Engine::default_for(position));
            let chosen = session.best_move(&mut Analyzer::new(), engine, control).map_err(refusal)?;
            Ok(Best {
                arrow: chosen.map(|(a, _)| a.to_string()),
                choice: chosen.map(|(_, c)| match c {
                    Choice::Winning => "winning",
                    Choice::Longest => "longest",
                    Choice::Delaying => "delaying",
                }),
            })
        })
        .await?;
    Ok(Json(serde_json::to_value(best).expect("a move serializes")))
}

/// One family word and its parameters.
#[derive(Debug, Serialize)]
struct Family {
    family: &'static str,
    parameters: &'static str,
}

/// `GET /api/families`: the families `graph=` may name.
pub(crate) async fn families() -> Json<Vec<serde_json::Value>> {
    Json(
        FAMILIES
            .iter()
            .map(|&(family, parameters)| serde_json::to_value(Family { family, parameters }).expect("serializes"))
            .collect(),
    )
}

/// `GET /api/status`: the analyses running and waiting, and the limits.
pub(crate) async fn status(State(pool): State<Arc<Pool>>) -> Json<Status> {
    Json(pool.status())
}

/// An answer within the server's longest answer, or 413: an answer is
/// held whole in memory until the client has read it.
fn bounded(pool: &Pool, body: String) -> Result<String, ApiError> {
    let most = pool.answer_bytes();
    if body.len() <= most {
        return Ok(body);
    }
    Err(ApiError::too_large(format!(
        "the answer would take {}, past the {} this server sends at once; ask about a smaller graph",
        arrows_text::bytes(body.len() as u64),
        arrows_text::bytes(most as u64)
    )))
}

/// A method other than GET (or HEAD) on a route.
pub(crate) async fn not_allowed() -> Response {
    let e = ApiError {
        status: StatusCode::METHOD_NOT_ALLOWED,
        message: "only GET is answered here; ask with GET and the parameters in the query".into(),
    };
    let mut response = e.into_response();
    response.headers_mut().insert(header::ALLOW, axum::http::HeaderValue::from_static("GET, HEAD"));
    response
}

/// Any other path.
pub(crate) async fn not_found() -> ApiError {
    ApiError {
        status: StatusCode::NOT_FOUND,
        message: "no such page; the explorer is at /, the API at /api/analyze, /api/position, /api/draw, \
                  /api/best, /api/families and /api/status"
            .into(),
    }
}
