//! The explorer in a real browser, driven over WebDriver: ignored by
//! default, run by `.ci/browser-check`, which installs Chromium and its
//! driver, starts `arrows serve` and the driver, and passes their
//! addresses in `ARROWS_URL` and `WEBDRIVER_URL`.
//!
//! It loads a spider and a Game of Cycles board, checks that the drawing
//! has one `[data-edge]` per edge, clicks a winning move and sees the value
//! become 0 and the URL change, and saves screenshots under
//! `target/browser/` (or `SCREENSHOTS`). A second session meets what a new
//! user meets: a game too large to solve (the Game of Cycles on the 4 x 5
//! grid) drawn and played on anyway, a large spider with zoom and folded
//! edge lists, a spider's moves table whole at 1400 pixels, a pasted board
//! played as the Game of Cycles, a completable cell said in words.

use arrows_core::describe::describe;
use arrows_work::Budget;
use fantoccini::{Client, ClientBuilder, Locator};
use std::path::PathBuf;
use std::time::{Duration, Instant};

const PATIENCE: Duration = Duration::from_secs(20);

fn env(name: &str) -> String {
    std::env::var(name).unwrap_or_else(|_| panic!("{name} is not set; run .ci/browser-check"))
}

async fn browser() -> Client {
    let mut capabilities = serde_json::Map::new();
    let args = ["--headless=new", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage", "--window-size=1440,900"];
    capabilities.insert("goog:chromeOptions".into(), serde_json::json!({ "args": args }));
    let connector = hyper_util::client::legacy::connect::HttpConnector::new();
    ClientBuilder::new(connector)
        .capabilities(capabilities)
        .connect(&env("WEBDRIVER_URL"))
        .await
        .expect("a WebDriver session")
}

/// Polls `read` until `done` holds of what it reads, or fails naming `what`.
async fn until<T: std::fmt::Debug>(what: &str, mut read: impl AsyncFnMut() -> T, done: impl Fn(&T) -> bool) -> T {
    let start = Instant::now();
    loop {
        let seen = read().await;
        if done(&seen) {
            return seen;
        }
        assert!(start.elapsed() < PATIENCE, "waited {PATIENCE:?} for {what}; last seen {seen:?}");
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
}

async fn text(c: &Client, css: &str) -> String {
    match c.find(Locator::Css(css)).await {
        Ok(e) => e.text().await.unwrap_or_default(),
        Err(_) => String::new(),
    }
}

async fn count(c: &Client, css: &str) -> usize {
    c.find_all(Locator::Css(css)).await.map_or(0, |v| v.len())
}

/// The `state` parameter of the page's URL.
async fn state(c: &Client) -> Option<String> {
    let url = c.current_url().await.expect("a URL");
    url.query_pairs().find(|(k, _)| k == "state").map(|(_, v)| v.into_owned())
}

async fn screenshot(c: &Client, name: &str) {
    let dir = std::env::var_os("SCREENSHOTS")
        .map_or_else(|| PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../../target/browser"), PathBuf::from);
    std::fs::create_dir_all(&dir).expect("a screenshot folder");
    let png = c.screenshot().await.expect("a screenshot");
    let file = dir.join(name);
    std::fs::write(&file, png).expect("the screenshot written");
    println!("screenshot: {}", file.display());
}

/// Loads `query` and waits for its drawing and its moves.
async fn open(c: &Client, query: &str) {
    let url = format!("{}?{query}", env("ARROWS_URL"));
    c.goto(&url).await.expect("the page loads");
    c.wait().at_most(PATIENCE).for_element(Locator::Css("#drawing svg [data-play]")).await.expect("moves drawn");
}

/// Clicks the first move drawn as winning, and returns it.
async fn click_winning(c: &Client) -> String {
    let winning = c.find(Locator::Css("#drawing svg [data-play].winning")).await.expect("a winning move drawn");
    let arrow = winning.attr("data-play").await.unwrap().expect("the move");
    winning.click().await.expect("a click on the move");
    arrow
}

fn edges(graph: &str) -> usize {
    describe(graph, Budget::bytes(1 << 30)).unwrap().graph.edge_count()
}

#[tokio::test]
#[ignore = "needs a browser: run .ci/browser-check"]
async fn the_explorer_plays_in_a_real_browser() {
    let c = browser().await;

    // A spider: S(2,3,4) is a first-player win (value 1).
    open(&c, "graph=spider%202%203%204&variant=trimmed&play=normal").await;
    assert_eq!(count(&c, "#drawing svg [data-edge]").await, edges("spider 2 3 4"));
    assert_eq!(text(&c, "#value").await, "1");
    assert_eq!(state(&c).await, None);
    let arrow = click_winning(&c).await;
    until("value 0 after the winning move", async || text(&c, "#value").await, |v| v == "0").await;
    assert_eq!(state(&c).await.as_deref(), Some(arrow.as_str()), "the URL names the position");
    assert_eq!(text(&c, "#winner").await, "second player wins");
    screenshot(&c, "spider.png").await;
    // Undo, redo, and the link opens the same position.
    c.find(Locator::Id("undo")).await.unwrap().click().await.unwrap();
    until("value 1 after undo", async || text(&c, "#value").await, |v| v == "1").await;
    assert_eq!(state(&c).await, None);
    c.find(Locator::Id("redo")).await.unwrap().click().await.unwrap();
    until("value 0 after redo", async || text(&c, "#value").await, |v| v == "0").await;
    let link = c.current_url().await.unwrap();
    c.goto(link.as_str()).await.unwrap();
    until("the linked position", async || text(&c, "#value").await, |v| v == "0").await;
    assert_eq!(state(&c).await.as_deref(), Some(arrow.as_str()));

    // The Game of Cycles on the wheel with 4 spokes: a second-player win.
    open(&c, "graph=wheel%204&variant=cycles&play=normal").await;
    assert_eq!(count(&c, "#drawing svg [data-edge]").await, edges("wheel 4"));
    assert_eq!(count(&c, "#drawing svg [data-cell]").await, 4, "the cells are drawn");
    assert_eq!(text(&c, "#value").await, "0");
    // arrows moves; every move from the empty wheel leads to value 1.
    c.find(Locator::Id("best")).await.unwrap().click().await.unwrap();
    let first = until("arrows' move", async || state(&c).await, Option::is_some).await.unwrap();
    until("value 1 after arrows' move", async || text(&c, "#value").await, |v| v == "1").await;
    let second = click_winning(&c).await;
    until("value 0 after the winning move", async || text(&c, "#value").await, |v| v == "0").await;
    assert_eq!(state(&c).await, Some(format!("{first},{second}")));
    screenshot(&c, "cycles.png").await;
    let widths = "const w = document.querySelector('#moves-wrap'); return [w.scrollWidth, w.clientWidth];";
    let widths = c.execute(widths, vec![]).await.unwrap();
    assert!(widths[0].as_f64() <= widths[1].as_f64(), "the moves table is clipped: {widths}");

    c.close().await.expect("the session closes");
}

/// Runs `script` in the page and returns what it returns.
async fn js(c: &Client, script: &str) -> serde_json::Value {
    c.execute(script, vec![]).await.expect("the script runs")
}

/// The `viewBox` of the drawing.
async fn view_box(c: &Client) -> String {
    js(c, "return document.querySelector('#drawing svg').getAttribute('viewBox')").await.as_str().unwrap().to_string()
}

#[tokio::test]
#[ignore = "needs a browser: run .ci/browser-check"]
async fn the_first_hour_in_the_explorer() {
    let c = browser().await;
    c.set_window_size(1400, 900).await.expect("a 1400-pixel window");

    // Too large to solve: the board is drawn, its moves are playable, the refusal is said.
    open(&c, "graph=grid%204%205&variant=cycles&play=normal").await;
    assert_eq!(count(&c, "#drawing svg [data-edge]").await, edges("grid 4 5"));
    assert_eq!(text(&c, "#value").await, "not solved");
    let said = text(&c, "#message").await;
    assert!(said.starts_with("Not solved:") && said.contains("memory"), "{said}");
    let moves = count(&c, "#drawing svg [data-play]").await;
    assert_eq!(moves, count(&c, "#moves tbody tr").await, "every legal move listed");
    screenshot(&c, "refused-grid.png").await;
    let first = c.find(Locator::Css("#drawing svg [data-play]")).await.unwrap();
    let arrow = first.attr("data-play").await.unwrap().unwrap();
    first.click().await.unwrap();
    until("the move played on the refused board", async || state(&c).await, |s| s.as_deref() == Some(arrow.as_str()))
        .await;
    until("the board drawn again", async || count(&c, "#drawing svg [data-play]").await, |&n| n > 0 && n < moves).await;

    // A large spider: folded edge lists, zoom and pan.
    open(&c, "graph=spider%20100%20100%20100&variant=trimmed&play=normal").await;
    assert_eq!(count(&c, "#drawing svg [data-edge]").await, edges("spider 100 100 100"));
    assert!(count(&c, "#decomposition details").await >= 1, "a component's 300 edges are folded");
    let whole = view_box(&c).await;
    screenshot(&c, "large-spider.png").await;
    for _ in 0..4 {
        c.find(Locator::Id("zoom-in")).await.unwrap().click().await.unwrap();
    }
    let closer = view_box(&c).await;
    let width = |b: &str| b.split(' ').nth(2).unwrap().parse::<f64>().unwrap();
    assert!(width(&closer) < width(&whole) / 4.0, "{whole} -> {closer}");
    c.find(Locator::Id("zoom-fit")).await.unwrap().click().await.unwrap();
    assert_eq!(view_box(&c).await, whole);
    // The mouse wheel zooms about the pointer: here, the hub.
    let wheel = "const svg = document.querySelector('#drawing svg');
        const r = svg.querySelector('[data-vertex=\"0\"] circle').getBoundingClientRect();
        for (let i = 0; i < 9; i++) svg.dispatchEvent(new WheelEvent('wheel', { deltaY: -100, bubbles: true,
            cancelable: true, clientX: r.x + r.width / 2, clientY: r.y + r.height / 2 }));
        const hub = svg.querySelector('[data-vertex=\"0\"] circle');
        const [x, y, w, h] = svg.getAttribute('viewBox').split(' ').map(Number);
        const [cx, cy] = [Number(hub.getAttribute('cx')), Number(hub.getAttribute('cy'))];
        return x < cx && cx < x + w && y < cy && cy < y + h;";
    assert_eq!(js(&c, wheel).await, serde_json::Value::Bool(true), "the hub stays in view");
    assert!(width(&view_box(&c).await) < width(&whole) / 5.0);
    screenshot(&c, "large-spider-zoomed.png").await;

    // A spider's moves table: all four columns within the panel at 1400 pixels.
    open(&c, "graph=spider%204%206%208&variant=trimmed&play=normal&state=0%3E1").await;
    js(&c, "document.querySelector('#moves-wrap').scrollIntoView()").await;
    screenshot(&c, "spider-moves.png").await;
    let widths = "const w = document.querySelector('#moves-wrap'); return [w.scrollWidth, w.clientWidth];";
    let widths = js(&c, widths).await;
    assert!(widths[0].as_f64() <= widths[1].as_f64(), "the moves table is clipped: {widths}");
    assert!(text(&c, "#moves tbody tr.winning td:last-child").await.contains("winning"));
    // The paper's notation has its legend.
    assert!(text(&c, "#decomposition .notation").await.contains("<3_v, 2, 0^>"));

    // A pasted board is played as the Game of Cycles, as `arrows board` plays it.
    c.goto(&env("ARROWS_URL")).await.unwrap();
    c.wait().at_most(PATIENCE).for_element(Locator::Css("#drawing svg [data-play]")).await.unwrap();
    // The radio button is styled away; its label is what a user clicks.
    c.find(Locator::XPath("//input[@name='source'][@value='paste']/..")).await.unwrap().click().await.unwrap();
    let board = "square\n4 4\nEDGES\n0 1\n1 2\n2 3\n3 0\nCYCLES\n+0 +1 +2 +3";
    c.find(Locator::Id("pasted")).await.unwrap().send_keys(board).await.unwrap();
    c.find(Locator::Id("analyze")).await.unwrap().click().await.unwrap();
    until("the board analyzed", async || text(&c, "#summary").await, |t| t.starts_with("square")).await;
    assert!(text(&c, "#summary").await.contains("Game of Cycles"), "{}", text(&c, "#summary").await);

    // A completable cell: the value says who wins, in words.
    open(&c, "graph=cycle%204&variant=cycles&state=0%3E1,1%3E2,2%3E3").await;
    assert!(text(&c, "#value").await.contains("completes a cell and wins"), "{}", text(&c, "#value").await);

    c.close().await.expect("the session closes");
}
