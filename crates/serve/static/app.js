// The explorer page: reads the position from the URL, asks the server for
// its analysis and drawing (/api/analyze?...&draw=svg), draws every legal
// move on its edge, and plays the move clicked. No game logic lives here:
// values, moves and drawings all come from the server.
"use strict";

const SVG_NS = "http://www.w3.org/2000/svg";
// Family examples, so that picking a family shows a graph at once.
const EXAMPLES = {
  spider: "4 6 8", path: "7", cycle: "6", star: "5", broom: "3 4", caterpillar: "2,0,3",
  wheel: "5", fan: "5", theta: "2 2 3", grid: "3 3", ladder: "4", prism: "4", k4: "",
};
// Families drawn as plane graphs, whose natural rule set is the Game of Cycles.
const PLANE = new Set(["cycle", "wheel", "fan", "theta", "grid", "ladder", "prism", "k4"]);
// The parameters that name the graph and the rules (the state is kept apart).
const GRAPH_KEYS = ["graph", "board", "cells", "positions", "variant", "play", "engine"];
// The paper's notation for spider states, as the decomposition writes them.
const SPIDER_NOTATION =
  "Spiders are written as in the paper, <3_v, 2, 0^>: one entry per leg, longest first, its number of unmarked " +
  "edges, then what the leg's far end still needs: ^ an in-arrow, _v an out-arrow, * both, nothing when it is " +
  "free. Legs of length 0 mark an arrow already at the hub: 0^ an out-arrow, 0_v an in-arrow.";
// Edge lists longer than this are folded in the decomposition.
const EDGES_SHOWN = 12;

const $ = (id) => document.getElementById(id);
const ui = {
  form: $("graph-form"), family: $("family"), parameters: $("parameters"), familyHelp: $("family-help"),
  familyFields: $("family-fields"), pasteFields: $("paste-fields"), pasted: $("pasted"),
  variant: $("variant"), play: $("play"), startState: $("start-state"), cells: $("cells"),
  positions: $("positions"), engine: $("engine"), more: $("more"),
  undo: $("undo"), redo: $("redo"), best: $("best"), reset: $("reset"), ply: $("ply"),
  zoomIn: $("zoom-in"), zoomOut: $("zoom-out"), zoomFit: $("zoom-fit"),
  message: $("message"), drawing: $("drawing"),
  value: $("value"), winner: $("winner"), summary: $("summary"),
  decomposition: $("decomposition"), moves: document.querySelector("#moves tbody"),
  url: $("url"), copy: $("copy"), state: $("state"),
  svgLink: $("svg-link"), tikzLink: $("tikz-link"), jsonLink: $("json-link"),
};

// What is shown: the graph's parameters, the state (its arrows in the order
// played), the moves taken back (for redo), the start state (for reset).
const shown = { graph: new URLSearchParams(), state: "", start: "", redo: [], report: null };
let inFlight = null;

function arrowsOf(state) {
  return state.split(",").map((a) => a.trim()).filter((a) => a !== "");
}

function query(state, extra = {}) {
  const q = new URLSearchParams(shown.graph);
  if (state) q.set("state", state);
  for (const [k, v] of Object.entries(extra)) q.set(k, v);
  return q;
}

function pageUrl(state) {
  return `${location.pathname}?${query(state).toString()}`;
}

function say(text, kind = "") {
  ui.message.textContent = text;
  ui.message.className = kind;
}

async function getJson(url, signal) {
  const response = await fetch(url, { signal });
  let body;
  try {
    body = await response.json();
  } catch {
    throw new Error(`the server answered ${response.status} without JSON`);
  }
  if (!response.ok) {
    const error = new Error(body.error || `the server answered ${response.status}`);
    error.status = response.status;
    throw error;
  }
  return body;
}

// ---------------------------------------------------------------- the form

async function loadFamilies() {
  const families = await getJson("/api/families");
  for (const { family, parameters } of families) {
    const option = document.createElement("option");
    option.value = family;
    option.textContent = family;
    option.dataset.parameters = parameters;
    ui.family.append(option);
  }
}

function showSource(source) {
  for (const radio of ui.form.elements.source) radio.checked = radio.value === source;
  ui.familyFields.hidden = source !== "family";
  ui.pasteFields.hidden = source !== "paste";
}

function familyChanged(setExample) {
  const option = ui.family.selectedOptions[0];
  ui.familyHelp.textContent = option ? option.dataset.parameters : "";
  if (setExample) {
    ui.parameters.value = EXAMPLES[ui.family.value] ?? "";
    ui.variant.value = PLANE.has(ui.family.value) ? "cycles" : "trimmed";
  }
  ui.parameters.disabled = ui.family.value === "k4";
}

function isBoard(text) {
  return /^\s*EDGES\s*$/m.test(text);
}

// The form as query parameters (the start state apart).
function formGraph() {
  const q = new URLSearchParams();
  const source = ui.form.elements.source.value;
  if (source === "family") {
    q.set("graph", `${ui.family.value} ${ui.parameters.value}`.trim());
  } else {
    const text = ui.pasted.value.trim();
    if (isBoard(text)) {
      q.set("board", text);
      // A board is played as the Game of Cycles, as `arrows board` plays it, unless the Game of Arrows is asked for.
      if (ui.variant.value === "trimmed") ui.variant.value = "cycles";
    } else q.set("graph", text);
  }
  if (!q.has("board")) {
    if (ui.cells.value.trim()) q.set("cells", ui.cells.value.trim());
    if (ui.positions.value.trim()) q.set("positions", ui.positions.value.trim());
  }
  q.set("variant", ui.variant.value);
  q.set("play", ui.play.value);
  if (ui.engine.value) q.set("engine", ui.engine.value);
  return q;
}

// The form from query parameters (a linked position).
function fillForm(q) {
  const graph = q.get("graph");
  const board = q.get("board");
  const words = (graph || "").trim().split(/\s+/);
  const family = words[0] ? words[0].toLowerCase() : "";
  if (board !== null) {
    showSource("paste");
    ui.pasted.value = board;
  } else if (graph !== null && [...ui.family.options].some((o) => o.value === family)) {
    showSource("family");
    ui.family.value = family;
    ui.parameters.value = words.slice(1).join(" ");
  } else if (graph !== null) {
    showSource("paste");
    ui.pasted.value = graph;
  }
  familyChanged(false);
  ui.variant.value = q.get("variant") || (board !== null ? "cycles" : "trimmed");
  ui.play.value = q.get("play") === "misere" ? "misere" : "normal";
  ui.engine.value = q.get("engine") || "";
  ui.cells.value = q.get("cells") || "";
  ui.positions.value = q.get("positions") || "";
  ui.startState.value = q.get("state") || "";
  if (q.get("cells") || q.get("positions") || q.get("engine") || q.get("state")) ui.more.open = true;
}

// ---------------------------------------------------------------- navigation

// Shows the position with `state` on the current graph; `push` records it
// in the browser's history (so the URL links to it).
async function show(state, push) {
  shown.state = state;
  if (push) history.pushState(null, "", pageUrl(state));
  if (inFlight) inFlight.abort();
  const controller = new AbortController();
  inFlight = controller;
  document.body.classList.add("busy");
  say("Analyzing…", "working");
  try {
    let report;
    try {
      report = await getJson(`/api/analyze?${query(state, { draw: "svg" })}`, controller.signal);
    } catch (e) {
      // Too large for the engines (413) or past the time limit (503): the board is
      // still drawn and played on, with the refusal where the analysis would be.
      if (e.status !== 413 && e.status !== 503) throw e;
      report = await getJson(`/api/position?${query(state, { draw: "svg" })}`, controller.signal);
      report.refused = e.message;
    }
    if (controller !== inFlight) return;
    shown.report = report;
    render(report);
  } catch (e) {
    if (e.name === "AbortError") return;
    shown.report = null;
    say(e.message, "error");
    clearFacts();
  } finally {
    if (controller === inFlight) {
      inFlight = null;
      document.body.classList.remove("busy");
      updateControls();
    }
  }
}

function openFromUrl() {
  const q = new URLSearchParams(location.search);
  if (!q.has("graph") && !q.has("board")) return false;
  fillForm(q);
  const graph = new URLSearchParams();
  for (const k of GRAPH_KEYS) if (q.has(k)) graph.set(k, q.get(k));
  const state = q.get("state") || "";
  const sameGraph = graph.toString() === shown.graph.toString();
  if (sameGraph) {
    // Back or forward within one game: keep what redo needs.
    const now = arrowsOf(shown.state);
    const then = arrowsOf(state);
    const isPrefix = then.length <= now.length && then.every((a, i) => a === now[i]);
    shown.redo = isPrefix ? now.slice(then.length).reverse().concat(shown.redo) : [];
  } else {
    shown.graph = graph;
    shown.start = state;
    shown.redo = [];
  }
  show(state, false);
  return true;
}

function play(move) {
  if (!shown.report) return;
  shown.redo = [];
  show(arrowsOf(shown.state).concat([move]).join(","), true);
}

function undo() {
  const arrows = arrowsOf(shown.state);
  if (arrows.length === 0) return;
  shown.redo.push(arrows.pop());
  show(arrows.join(","), true);
}

function redo() {
  const move = shown.redo.pop();
  if (move === undefined) return;
  show(arrowsOf(shown.state).concat([move]).join(","), true);
}

async function arrowsMoves() {
  if (!shown.report) return;
  ui.best.disabled = true;
  try {
    const best = await getJson(`/api/best?${query(shown.state)}`);
    if (!best.move) {
      say("No move is left.", "");
      return;
    }
    const why = {
      winning: "a winning move",
      longest: "no move wins: the one that keeps the game longest",
      delaying: "no move wins: the one that leaves the most moves",
    }[best.choice] || best.choice;
    shown.redo = [];
    await show(arrowsOf(shown.state).concat([best.move]).join(","), true);
    if (shown.report) say(`arrows played ${best.move} (${why}). ${ui.message.textContent}`.trim());
  } catch (e) {
    say(e.message, "error");
  } finally {
    updateControls();
  }
}

function updateControls() {
  const arrows = arrowsOf(shown.state);
  const over = !shown.report || shown.report.move_count === 0;
  ui.undo.disabled = arrows.length === 0 || inFlight !== null;
  ui.redo.disabled = shown.redo.length === 0 || inFlight !== null;
  ui.best.disabled = over || inFlight !== null;
  ui.reset.disabled = shown.state === shown.start || inFlight !== null;
}

// ---------------------------------------------------------------- rendering

function colourOf(move) {
  if (move.grundy === undefined) return "var(--unsolved)";
  if (move.winning) return "var(--win)";
  if (move.grundy === null) return "var(--cell)";
  return `var(--v${Math.min(move.grundy, 4)})`;
}

function valueText(g) {
  if (g === undefined) return "not solved";
  return g === null ? "a cell to complete" : String(g);
}

function render(report) {
  if (report.refused !== undefined) {
    renderUnsolved(report);
    return;
  }
  // Facts.
  ui.value.classList.toggle("words", report.grundy === null);
  ui.value.textContent = report.grundy === null ? "none: the player to move completes a cell and wins" : String(report.grundy);
  ui.value.title = report.grundy === null ? "a completable cell: its last edge completes it, and the game" : "";
  const toMove = report.winner === "first" ? "the player to move wins" : "the player to move loses";
  ui.winner.textContent = report.winner === "first" ? "first player wins" : "second player wins";
  ui.winner.className = report.winner === "first" ? "first" : "second";
  const rules = ui.variant.selectedOptions[0].textContent + (report.play === "misere" ? ", misère play" : "");
  const cells = report.cells === undefined ? "" : `, ${report.cells} cell${report.cells === 1 ? "" : "s"}`;
  ui.summary.textContent =
    `${report.graph}: ${report.vertices} vertices, ${report.edges} edges${cells}; ${rules}. ` +
    `${report.move_count} legal move${report.move_count === 1 ? "" : "s"}; ${toMove}` +
    (report.remoteness !== undefined ? ` in ${report.remoteness} more move${report.remoteness === 1 ? "" : "s"} with best play.` : ".");
  const played = arrowsOf(shown.state).length;
  ui.ply.textContent = played === 0 ? "" : `${played} arrow${played === 1 ? "" : "s"} on the board`;

  // The winning moves, as the moves table marks them.
  const winning = (report.moves || []).filter((m) => m.winning).map((m) => m.move);
  if (report.move_count === 0) {
    const normal = report.play === "normal";
    const end = report.completed_cell
      ? `Cell ${report.completed_cell} is completed: the game is over`
      : "No move is left: the game is over";
    say(`${end}; the player who moved last ${normal ? "wins" : "loses"}.`, "over");
  } else if (winning.length > 0) {
    say(`${winning.length} winning move${winning.length === 1 ? "" : "s"}, drawn thick: ${winning.join(", ")}.`);
  } else {
    say("No winning move: every move leaves the opponent a win.");
  }

  renderDrawing(report);
  renderDecomposition(report);
  renderMoves(report);
  renderShare(report);
}

// A position the server would not solve: its board and its legal moves, to
// play on (a few arrows may bring it within reach), and the refusal.
function renderUnsolved(report) {
  ui.value.classList.add("words");
  ui.value.textContent = "not solved";
  ui.value.title = "";
  ui.winner.textContent = "–";
  ui.winner.className = "";
  const cells = report.cells === undefined ? "" : `, ${report.cells} cell${report.cells === 1 ? "" : "s"}`;
  const rules = ui.variant.selectedOptions[0].textContent + (report.play === "misere" ? ", misère play" : "");
  ui.summary.textContent =
    `${report.graph}: ${report.vertices} vertices, ${report.edges} edges${cells}; ${rules}. ` +
    `${report.move_count} legal move${report.move_count === 1 ? "" : "s"}.`;
  const played = arrowsOf(shown.state).length;
  ui.ply.textContent = played === 0 ? "" : `${played} arrow${played === 1 ? "" : "s"} on the board`;
  say(`Not solved: ${report.refused}. The board is yours to play on: click a move; each position is analyzed again.`, "refused");
  renderDrawing(report);
  const box = ui.decomposition;
  box.textContent = "";
  const p = document.createElement("p");
  p.className = "muted";
  p.textContent = "The analysis was refused; the colours of the drawing are the components of the unmarked edges.";
  box.append(p);
  renderMoves(report);
  renderShare(report);
}

function clearFacts() {
  ui.value.textContent = "–";
  ui.winner.textContent = "–";
  ui.winner.className = "";
  ui.summary.textContent = "";
  ui.decomposition.textContent = "";
  ui.moves.textContent = "";
  ui.drawing.textContent = "";
  renderShare(null);
}

function svgElement(name, attributes) {
  const e = document.createElementNS(SVG_NS, name);
  for (const [k, v] of Object.entries(attributes)) e.setAttribute(k, v);
  return e;
}

function renderDrawing(report) {
  if (!report.svg) {
    ui.drawing.textContent = report.drawing_refused || "";
    return;
  }
  ui.drawing.innerHTML = report.svg;
  const svg = ui.drawing.querySelector("svg");
  svg.removeAttribute("width");
  svg.removeAttribute("height");
  svg.setAttribute("aria-label", svg.querySelector("title")?.textContent || "the position");
  // Where the vertices are.
  const at = new Map();
  let radius = 10;
  for (const g of svg.querySelectorAll("[data-vertex]")) {
    const c = g.querySelector("circle");
    radius = Number(c.getAttribute("r"));
    at.set(g.dataset.vertex, [Number(c.getAttribute("cx")), Number(c.getAttribute("cy"))]);
  }
  // Every legal move: an arrow beside its edge, on the right of its direction.
  const layer = svgElement("g", { class: "plays" });
  const moves = (report.moves || []).slice().sort((a, b) => Number(a.winning) - Number(b.winning));
  for (const m of moves) {
    const [tail, head] = m.move.split(">");
    const p = at.get(tail);
    const q = at.get(head);
    if (!p || !q) continue;
    const [dx, dy] = [q[0] - p[0], q[1] - p[1]];
    const length = Math.hypot(dx, dy);
    if (length === 0) continue;
    const [ux, uy] = [dx / length, dy / length];
    const [nx, ny] = [-uy, ux];
    const side = m.winning ? 8 : 7;
    const gap = Math.min(radius + 5, length / 3);
    const a = [p[0] + ux * gap + nx * side, p[1] + uy * gap + ny * side];
    const b = [q[0] - ux * gap + nx * side, q[1] - uy * gap + ny * side];
    const headLength = Math.min(9, (length - 2 * gap) / 2);
    const c = [b[0] - ux * headLength, b[1] - uy * headLength];
    const group = svgElement("g", {
      class: `play${m.winning ? " winning" : ""}`,
      "data-play": m.move,
      "data-value": m.grundy === undefined ? "" : valueText(m.grundy),
      tabindex: "0",
      role: "button",
      style: `--c: ${colourOf(m)}`,
    });
    const title = svgElement("title", {});
    title.textContent = m.grundy === undefined ? `play ${m.move}` : `play ${m.move}: leads to value ${valueText(m.grundy)}` +
      (m.grundy === null ? " (the opponent completes it)" : "") + (m.winning ? ", a winning move" : "");
    const hit = svgElement("line", { class: "hit", x1: a[0], y1: a[1], x2: b[0], y2: b[1] });
    const line = svgElement("line", { class: "shaft", x1: a[0], y1: a[1], x2: c[0], y2: c[1] });
    const w = m.winning ? 5 : 4;
    const tip = svgElement("polygon", {
      class: "tip",
      points: `${b[0]},${b[1]} ${c[0] + nx * w},${c[1] + ny * w} ${c[0] - nx * w},${c[1] - ny * w}`,
    });
    group.append(title, hit, line, tip);
    group.addEventListener("click", () => play(m.move));
    group.addEventListener("keydown", (e) => {
      if (e.key === "Enter" || e.key === " ") {
        e.preventDefault();
        play(m.move);
      }
    });
    group.addEventListener("mouseenter", () => highlightRow(m.move, true));
    group.addEventListener("mouseleave", () => highlightRow(m.move, false));
    layer.append(group);
  }
  svg.append(layer);
  fit(svg);
}

// The part of the drawing in view: the frame fit() makes, and the box the
// user zoomed or panned to (kept from one position to the next of one graph).
const view = { base: null, box: null, graph: "" };

function setView(svg, box) {
  view.box = box;
  svg.setAttribute("viewBox", `${box.x} ${box.y} ${box.w} ${box.h}`);
}

// Zooms by `factor` (below 1: closer) about the point (x, y) of the drawing.
function zoom(factor, x, y) {
  const svg = ui.drawing.querySelector("svg");
  if (!svg || !view.box) return;
  const b = view.box;
  const w = Math.min(Math.max(b.w * factor, view.base.w / 40), view.base.w * 1.5);
  const k = w / b.w;
  if (x === undefined) [x, y] = [b.x + b.w / 2, b.y + b.h / 2];
  setView(svg, { x: x - (x - b.x) * k, y: y - (y - b.y) * k, w, h: b.h * k });
}

// The point of the drawing under the pointer.
function drawingPoint(svg, event) {
  const m = svg.getScreenCTM();
  if (!m) return [undefined, undefined];
  const p = new DOMPoint(event.clientX, event.clientY).matrixTransform(m.inverse());
  return [p.x, p.y];
}

// The wheel zooms about the pointer; a drag on the drawing (not on a move) pans it.
function enableZoom(svg) {
  svg.addEventListener("wheel", (e) => {
    e.preventDefault();
    const [x, y] = drawingPoint(svg, e);
    zoom(e.deltaY < 0 ? 1 / 1.25 : 1.25, x, y);
  }, { passive: false });
  let drag = null;
  svg.addEventListener("pointerdown", (e) => {
    if (e.button !== 0 || e.target.closest(".play")) return;
    drag = { x: e.clientX, y: e.clientY, box: view.box, moved: false };
  });
  svg.addEventListener("pointermove", (e) => {
    if (!drag) return;
    const [dx, dy] = [e.clientX - drag.x, e.clientY - drag.y];
    if (!drag.moved && Math.hypot(dx, dy) < 4) return;
    if (!drag.moved) svg.setPointerCapture(e.pointerId);
    drag.moved = true;
    svg.classList.add("panning");
    const scale = drag.box.w / svg.getBoundingClientRect().width;
    setView(svg, { ...drag.box, x: drag.box.x - dx * scale, y: drag.box.y - dy * scale });
  });
  const end = () => {
    drag = null;
    svg.classList.remove("panning");
  };
  svg.addEventListener("pointerup", end);
  svg.addEventListener("pointercancel", end);
}

// Frames the drawing on the graph (the title line is shown beside it, not
// in it), at most 2.5 times its own size so that small graphs stay in scale;
// a view zoomed or panned on the same graph is kept.
function fit(svg) {
  let box = null;
  for (const part of svg.querySelectorAll(":scope > g")) {
    const b = part.getBBox();
    if (b.width === 0 && b.height === 0) continue;
    box = box === null ? { x0: b.x, y0: b.y, x1: b.x + b.width, y1: b.y + b.height } : {
      x0: Math.min(box.x0, b.x), y0: Math.min(box.y0, b.y),
      x1: Math.max(box.x1, b.x + b.width), y1: Math.max(box.y1, b.y + b.height),
    };
  }
  if (box === null) return;
  const pad = 12;
  const [w, h] = [box.x1 - box.x0 + 2 * pad, box.y1 - box.y0 + 2 * pad];
  const base = { x: box.x0 - pad, y: box.y0 - pad, w, h };
  const graph = shown.graph.toString();
  const zoomed = view.box && view.base && view.graph === graph &&
    (view.box.w !== view.base.w || view.box.x !== view.base.x || view.box.y !== view.base.y);
  const keep = zoomed ? view.box : base;
  view.base = base;
  view.graph = graph;
  setView(svg, keep);
  svg.style.maxWidth = `${Math.round(w * 2.5)}px`;
  enableZoom(svg);
}

function highlightRow(move, on) {
  const row = ui.moves.querySelector(`tr[data-move="${CSS.escape(move)}"]`);
  if (row) row.classList.toggle("hover", on);
}

function highlightPlay(move, on) {
  const g = ui.drawing.querySelector(`[data-play="${CSS.escape(move)}"]`);
  if (g) g.classList.toggle("hover", on);
}

function highlightComponent(index, on) {
  for (const e of ui.drawing.querySelectorAll(`[data-component="${index}"]`)) e.classList.toggle("lit", on);
}

function renderDecomposition(report) {
  const box = ui.decomposition;
  box.textContent = "";
  if (!report.components) {
    const p = document.createElement("p");
    p.className = "muted";
    p.textContent = report.no_decomposition
      ? `No decomposition into components for ${report.no_decomposition}.`
      : "No decomposition for this position.";
    box.append(p);
    return;
  }
  const nim = document.createElement("p");
  nim.className = "nim-sum";
  nim.textContent = report.components.length === 0
    ? "no component: 0"
    : `${report.components.map((c) => c.grundy).join(" ⊕ ")} = ${report.grundy}`;
  box.append(nim);
  const list = document.createElement("ol");
  list.className = "components";
  report.components.forEach((c, i) => {
    const item = document.createElement("li");
    item.innerHTML = `<span class="shape"></span> <span class="g"></span><br><small></small>`;
    item.querySelector(".shape").textContent = c.shape;
    if (c.shape.includes("<")) item.querySelector(".shape").title = SPIDER_NOTATION;
    item.querySelector(".g").textContent = `value ${c.grundy}`;
    const edgesText = `${c.edges.length} edge${c.edges.length === 1 ? "" : "s"}`;
    const small = item.querySelector("small");
    if (c.edges.length <= EDGES_SHOWN) {
      small.textContent = `${edgesText}: ${c.edges.join(", ")}`;
    } else {
      // A long list stays folded: a large spider's component has hundreds of edges.
      const fold = document.createElement("details");
      const summary = document.createElement("summary");
      summary.textContent = `${edgesText}: ${c.edges.slice(0, 3).join(", ")}, …`;
      const all = document.createElement("span");
      all.className = "edge-list";
      all.textContent = c.edges.join(", ");
      fold.append(summary, all);
      small.append(fold);
    }
    item.addEventListener("mouseenter", () => highlightComponent(i, true));
    item.addEventListener("mouseleave", () => highlightComponent(i, false));
    list.append(item);
  });
  box.append(list);
  if (report.components.some((c) => c.shape.includes("<"))) {
    const legend = document.createElement("p");
    legend.className = "muted notation";
    legend.textContent = SPIDER_NOTATION;
    box.append(legend);
  }
  if (report.dead_edges && report.dead_edges.length > 0) {
    const dead = document.createElement("p");
    dead.className = "muted";
    dead.textContent = `Dead edges (no player can mark them): ${report.dead_edges.join(", ")}`;
    box.append(dead);
  }
}

function renderMoves(report) {
  ui.moves.textContent = "";
  const moves = report.moves || [];
  // Remoteness is searched in small games only: without it, its column goes.
  ui.moves.parentElement.classList.toggle("no-remoteness", !moves.some((m) => m.remoteness !== undefined));
  if (moves.length === 0) {
    const row = ui.moves.insertRow();
    const cell = row.insertCell();
    cell.colSpan = 4;
    cell.className = "muted";
    cell.textContent = "no legal move";
    return;
  }
  for (const m of moves) {
    const row = ui.moves.insertRow();
    row.dataset.move = m.move;
    if (m.winning) row.className = "winning";
    const where = m.leg ? `leg ${m.leg} · edge ${m.edge}` : "";
    const name = row.insertCell();
    name.innerHTML = `<code></code><small></small>`;
    name.querySelector("code").textContent = m.move;
    name.querySelector("small").textContent = where;
    const value = row.insertCell();
    value.innerHTML = `<i class="dot"></i>`;
    value.querySelector(".dot").style.setProperty("--c", colourOf(m));
    value.append(m.grundy === undefined ? " –" : m.grundy === null ? " a cell" : ` ${m.grundy}`);
    if (m.grundy === undefined) value.title = "not solved";
    if (m.grundy === null) value.title = "leaves a cell to complete: the opponent completes it and wins";
    row.insertCell().textContent = m.remoteness ?? "";
    row.insertCell().textContent = m.winning ? "winning" : "";
    row.addEventListener("click", () => play(m.move));
    row.addEventListener("mouseenter", () => highlightPlay(m.move, true));
    row.addEventListener("mouseleave", () => highlightPlay(m.move, false));
    row.title = `play ${m.move}` + (m.leg ? ` (leg ${m.leg}, edge ${m.edge}, ${m.direction} from the hub)` : "");
  }
}

function renderShare(report) {
  ui.url.value = location.href;
  ui.state.value = shown.state;
  ui.state.placeholder = "no arrow yet";
  const name = (report ? report.graph : "position").replace(/[^A-Za-z0-9_.,()-]+/g, "_");
  ui.svgLink.href = `/api/draw?${query(shown.state, { format: "svg" })}`;
  ui.svgLink.download = `${name}.svg`;
  ui.tikzLink.href = `/api/draw?${query(shown.state, { format: "tikz" })}`;
  ui.tikzLink.download = `${name}.tex`;
  ui.jsonLink.href = `/api/analyze?${query(shown.state)}`;
}

// ---------------------------------------------------------------- wiring

function submit(event) {
  event.preventDefault();
  shown.graph = formGraph();
  shown.start = ui.startState.value.trim();
  shown.redo = [];
  show(shown.start, true);
}

async function init() {
  try {
    await loadFamilies();
  } catch (e) {
    say(`Cannot reach the server: ${e.message}`, "error");
    return;
  }
  ui.form.addEventListener("submit", submit);
  for (const radio of ui.form.elements.source) radio.addEventListener("change", () => showSource(radio.value));
  ui.family.addEventListener("change", () => familyChanged(true));
  ui.undo.addEventListener("click", undo);
  ui.redo.addEventListener("click", redo);
  ui.best.addEventListener("click", arrowsMoves);
  ui.zoomIn.addEventListener("click", () => zoom(1 / 1.5));
  ui.zoomOut.addEventListener("click", () => zoom(1.5));
  ui.zoomFit.addEventListener("click", () => {
    const svg = ui.drawing.querySelector("svg");
    if (svg && view.base) setView(svg, view.base);
  });
  ui.reset.addEventListener("click", () => {
    shown.redo = [];
    show(shown.start, true);
  });
  ui.copy.addEventListener("click", async () => {
    try {
      await navigator.clipboard.writeText(ui.url.value);
      ui.copy.textContent = "Copied";
    } catch {
      ui.url.select();
      ui.copy.textContent = "Press Ctrl+C";
    }
    setTimeout(() => (ui.copy.textContent = "Copy"), 1500);
  });
  document.addEventListener("keydown", (e) => {
    if (e.target.matches("input, textarea, select")) return;
    if ((e.ctrlKey || e.metaKey) && e.key === "z") {
      e.preventDefault();
      e.shiftKey ? redo() : undo();
    }
  });
  window.addEventListener("popstate", openFromUrl);
  if (!openFromUrl()) {
    // A first look: the spider of the paper's examples.
    ui.family.value = "spider";
    familyChanged(true);
    shown.graph = formGraph();
    history.replaceState(null, "", pageUrl(""));
    show("", false);
  }
}

init();
