//! The page, its script and its style sheet, compiled into the binary:
//! nothing is read from disk or downloaded at run time.

use axum::http::header;
use axum::response::IntoResponse;

const INDEX: &str = include_str!("../static/index.html");
const SCRIPT: &str = include_str!("../static/app.js");
const STYLE: &str = include_str!("../static/style.css");

/// `GET /`: the explorer page (its position, if any, is in the query, read by the script).
pub(crate) async fn index() -> impl IntoResponse {
    ([(header::CONTENT_TYPE, "text/html; charset=utf-8")], INDEX)
}

/// `GET /app.js`.
pub(crate) async fn script() -> impl IntoResponse {
    ([(header::CONTENT_TYPE, "text/javascript; charset=utf-8")], SCRIPT)
}

/// `GET /style.css`.
pub(crate) async fn style() -> impl IntoResponse {
    ([(header::CONTENT_TYPE, "text/css; charset=utf-8")], STYLE)
}
