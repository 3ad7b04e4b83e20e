// The review of the game shown (/api/review): a chart of its value after every move
// under the board, as inline SVG, the turning points marked, and the moves with their
// marks. A mark reads without colour: its symbol and its word are always written, the
// colour only adds to them, and a turning point on the chart is a diamond, not a dot.
// Clicking a move or a point of the chart shows that position on the board (the
// engines wait meanwhile). The review stays while the game shown is the one reviewed
// (moving back and forth in it keeps it); another game hides it.
// body[data-review] is "off", "loading", "shown" or "failed".

import * as api from "./api.js";
import { capitalise, element, svgElement } from "./board.js";
import { $, boardKey, boardParams, state, update } from "./play.js";

const CHART = { width: 640, height: 170, left: 8, right: 8, top: 16, bottom: 16 };

const review = { doc: null, board: null, controller: null }; // board: the boardKey() reviewed

const percent = (share) => (share === null ? "–" : `${Math.round(100 * share)} %`);
const markText = (move) => (move.mark === null ? "not marked (not solved in time)" : `${move.symbol} ${move.mark}`);

function setReviewState(value) {
  document.body.dataset.review = value;
}

// Show the position after `ply` moves of the game reviewed; the engines wait.
function goTo(ply) {
  if (!review.doc || ply < 0 || ply > review.doc.pos.length) return;
  state.line = review.doc.pos;
  state.cursor = ply;
  state.held = true;
  if (state.mode === "watch") state.paused = true;
  update();
}

// ---------------------------------------------------------------- the chart

// The y of a value from red's view: up for red's wins, the sooner the higher.
function chartY(point, top) {
  const middle = CHART.top + (CHART.height - CHART.top - CHART.bottom) / 2;
  const half = (CHART.height - CHART.top - CHART.bottom) / 2;
  const score = point.score !== null ? point.score : (point.lower + point.upper) / 2;
  return middle - (Math.max(-top, Math.min(top, score)) / top) * half;
}

function chartX(ply, plies) {
  const span = CHART.width - CHART.left - CHART.right;
  return CHART.left + (plies === 0 ? span / 2 : (ply * span) / plies);
}

function renderChart(doc) {
  const series = doc.series;
  const plies = series.length - 1;
  const known = series.filter((p) => p !== null && p.score !== null);
  const top = Math.max(1, ...known.map((p) => Math.abs(p.score)));
  const svg = svgElement("svg", {
    viewBox: `0 0 ${CHART.width} ${CHART.height}`,
    class: "review-chart",
    role: "group",
    "aria-label": "The value after each move, from red's view: up, red wins; down, yellow wins",
  });
  const middle = chartY({ score: 0 }, top);
  svg.append(svgElement("rect", { class: "zone red", x: 0, y: 0, width: CHART.width, height: middle }));
  svg.append(svgElement("rect", { class: "zone yellow", x: 0, y: middle, width: CHART.width, height: CHART.height - middle }));
  svg.append(svgElement("line", { class: "draw-line", x1: 0, x2: CHART.width, y1: middle, y2: middle }));
  for (const [text, y, cls] of [["red wins ▲", 12, "red"], ["draw", middle - 4, "draw"], ["yellow wins ▼", CHART.height - 4, "yellow"]]) {
    const label = svgElement("text", { class: `chart-label ${cls}`, x: CHART.width - 6, y, "text-anchor": "end" });
    label.textContent = text;
    svg.append(label);
  }
  svg.append(svgElement("line", { class: "now", x1: 0, x2: 0, y1: 0, y2: CHART.height }));
  // The line through the known points, broken where a point is unknown.
  let path = "";
  series.forEach((point, ply) => {
    if (point === null) return;
    const joined = ply > 0 && series[ply - 1] !== null;
    path += `${joined ? "L" : "M"}${chartX(ply, plies).toFixed(1)} ${chartY(point, top).toFixed(1)} `;
  });
  svg.append(svgElement("path", { class: "value-line", d: path.trim() }));
  const turns = new Map(doc.turning_points.map((t) => [t.ply + 1, t]));
  series.forEach((point, ply) => {
    if (point === null) return;
    const x = chartX(ply, plies);
    const y = chartY(point, top);
    const turn = turns.get(ply);
    const side = point.outcome === "win" ? "red" : point.outcome === "loss" ? "yellow" : "draw";
    const shape = turn
      ? svgElement("path", { d: `M${x} ${y - 7} L${x + 7} ${y} L${x} ${y + 7} L${x - 7} ${y} Z`, class: `point turn ${side}` })
      : svgElement("circle", { cx: x, cy: y, r: point.score === null ? 4 : 3.5, class: `point ${side}${point.score === null ? " bounds" : ""}` });
    shape.dataset.ply = String(ply);
    shape.setAttribute("tabindex", "0");
    shape.setAttribute("role", "button");
    const after = ply === 0 ? "At the start" : `After move ${ply}`;
    const words = `${after}: ${point.words}${turn ? ` (turning point: ${turn.words})` : ""}`;
    shape.setAttribute("aria-label", words);
    const title = svgElement("title", {});
    title.textContent = words;
    shape.append(title);
    svg.append(shape);
  });
  // A click anywhere on the chart goes to the nearest ply.
  svg.addEventListener("click", (event) => {
    const box = svg.getBoundingClientRect();
    const x = ((event.clientX - box.left) / box.width) * CHART.width;
    const span = CHART.width - CHART.left - CHART.right;
    goTo(Math.max(0, Math.min(plies, Math.round(((x - CHART.left) / span) * plies))));
  });
  svg.addEventListener("keydown", (event) => {
    const ply = event.target.dataset ? event.target.dataset.ply : undefined;
    if ((event.key === "Enter" || event.key === " ") && ply !== undefined) {
      event.preventDefault();
      event.stopPropagation();
      goTo(Number(ply));
    }
  });
  return svg;
}

// ---------------------------------------------------------------- the moves and the sides

function renderMoves(doc) {
  const list = element("ol", "review-moves");
  list.setAttribute("aria-label", "The moves and their marks");
  for (const move of doc.moves) {
    const item = element("li");
    const button = element("button", "review-move");
    button.type = "button";
    button.dataset.ply = String(move.ply + 1);
    button.dataset.mark = move.mark ?? "none";
    button.append(element("span", "rm-number", `${move.ply + 1}.`));
    button.append(element("span", `rm-disc ${move.mover}`, move.mover === "red" ? "●" : "○"));
    button.append(element("span", "rm-column", `col ${move.column + 1}`));
    button.append(element("span", `rm-mark mark-${move.mark ?? "none"}`, markText(move)));
    // One column alone kept the result: played, it is the only move; missed, it says so.
    if (move.only_move) button.append(element("span", "rm-only", move.kept ? "only move" : "missed the only move"));
    const best = move.mark !== "best" && move.best.length ? ` Best: ${move.best.map((c) => c + 1).join(", ")}.` : "";
    button.title = `${capitalise(move.words)}.${best}`;
    button.setAttribute("aria-label", `Move ${move.ply + 1}, ${move.mover}, column ${move.column + 1}: ${markText(move)}.${best}`);
    button.addEventListener("click", () => goTo(move.ply + 1));
    item.append(button);
    list.append(item);
  }
  return list;
}

function renderSides(doc) {
  const table = element("table", "review-sides");
  const head = element("tr");
  head.append(element("th", "", ""), element("th", "red", "Red"), element("th", "yellow", "Yellow"));
  table.append(head);
  const row = (label, red, yellow, mark) => {
    const tr = element("tr");
    if (mark) tr.dataset.mark = mark;
    tr.append(element("th", mark ? `mark-${mark}` : "", label), element("td", "", red), element("td", "", yellow));
    table.append(tr);
  };
  const { red, yellow } = doc.sides;
  row("Accuracy (best moves)", percent(red.accuracy), percent(yellow.accuracy));
  row("Result kept", percent(red.kept_share), percent(yellow.kept_share));
  const symbols = { best: "✓", inaccuracy: "?!", mistake: "?", blunder: "??" };
  for (const mark of ["best", "inaccuracy", "mistake", "blunder"]) {
    row(`${symbols[mark]} ${mark}`, String(red.marks[mark]), String(yellow.marks[mark]), mark);
  }
  return table;
}

function renderTurningPoints(doc) {
  const box = element("div", "review-turns");
  if (doc.turning_points.length === 0) {
    const unmarked = doc.moves.some((move) => move.mark === null);
    const text = !doc.moves.length
      ? "No moves to review."
      : unmarked
        ? "No turning point among the moves marked."
        : "The result never changed hands.";
    box.append(element("p", "", text));
    return box;
  }
  box.append(element("h3", "", "Turning points"));
  const list = element("ul");
  for (const turn of doc.turning_points) {
    const item = element("li");
    const button = element("button", "review-turn link", `◆ Move ${turn.ply + 1}: ${turn.words}`);
    button.type = "button";
    button.dataset.ply = String(turn.ply + 1);
    button.addEventListener("click", () => goTo(turn.ply + 1));
    item.append(button);
    list.append(item);
  }
  box.append(list);
  return box;
}

function render(doc) {
  const box = $("review");
  const heading = element("h2", "", "Game review");
  const result = doc.result ? `${capitalise(doc.result)}.` : "The game is not over.";
  const note = element("p", "review-note", `${doc.moves.length} moves. ${result} Click a move or the chart to see its position.`);
  box.replaceChildren(heading, note, renderChart(doc), renderSides(doc), renderTurningPoints(doc), renderMoves(doc));
  box.hidden = false;
  follow();
}

// ---------------------------------------------------------------- following the page

// The move and the point of the position shown stand out; another game hides the review.
function follow() {
  const doc = review.doc;
  if (!doc) return;
  if (state.line !== doc.pos || boardKey() !== review.board) {
    review.doc = null;
    $("review").hidden = true;
    setReviewState("off");
    return;
  }
  const ply = state.cursor;
  for (const node of $("review").querySelectorAll("[data-ply]")) {
    node.classList.toggle("current", Number(node.dataset.ply) === ply);
    if (node.classList.contains("review-move")) node.setAttribute("aria-current", String(Number(node.dataset.ply) === ply));
  }
  const now = $("review").querySelector("line.now");
  if (now) {
    const x = chartX(ply, doc.series.length - 1);
    now.setAttribute("x1", String(x));
    now.setAttribute("x2", String(x));
  }
}

// Review the game shown (every move of its line, those after the cursor too).
export async function openReview() {
  if (review.controller) review.controller.abort();
  review.controller = new AbortController();
  const pos = state.line;
  const key = boardKey();
  setReviewState("loading");
  const box = $("review");
  box.hidden = false;
  box.replaceChildren(element("p", "review-note", "Reviewing the game…"));
  try {
    const doc = await api.review(pos, boardParams(), review.controller.signal);
    review.doc = doc;
    review.board = key;
    render(doc);
    setReviewState("shown");
  } catch (error) {
    if (api.isAbort(error)) return;
    box.replaceChildren(element("p", "review-note error", `No review: ${error.message}`));
    setReviewState("failed");
  }
}

// Binds the Review button and follows the page; `search` is the page's query: with
// review=1 the game of its link is reviewed at once.
export function initReview(search) {
  setReviewState("off");
  $("review-button").addEventListener("click", openReview);
  document.addEventListener("link4:shown", () => {
    follow();
    $("review-button").classList.toggle("offer", Boolean(state.game && state.game.over));
    $("review-button").disabled = state.line === "";
  });
  const params = new URLSearchParams(search);
  return params.get("review") === "1";
}
