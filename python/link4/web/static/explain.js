// "Why": the threats marked on the board and the explanation of the position beside it
// (/api/explain), behind a toggle. It watches the board picture: whenever the page draws
// a new one it asks for that position's explanation (dropping the answer to an older
// one) and marks each threat on it, red's with a triangle and yellow's with a square, so
// that shape tells them apart as well as colour. body[data-explain] is "off", "loading",
// "done" or "failed".

import * as api from "./api.js";
import { svgElement } from "./board.js";
import { $, boardKey, boardParams, moves, store } from "./play.js";

const SECONDS = 5; // the most an explanation may search: the verdict says what it proved
const SHAPES = { red: "▲", yellow: "■" };

let shown = null; // the explanation of the board drawn, or null
let controller = null;

function setState(value) {
  document.body.dataset.explain = value;
}

// A threat's mark, centred on its cell: the side's shape in its colour, dark-edged so
// it reads on the empty hole; a playable one ringed.
function threatMark(threat, cell, width, height) {
  const [column, row] = threat.cell;
  const cx = (column + 0.5) * cell;
  const cy = (height - 1 - row + 0.5) * cell;
  const r = cell * 0.22;
  const group = svgElement("g", { class: `threat ${threat.player}` });
  group.dataset.threat = threat.player;
  group.dataset.cell = `${column},${row}`;
  group.dataset.playable = String(threat.playable);
  const points =
    threat.player === "red"
      ? [[cx, cy - r], [cx + r, cy + r * 0.8], [cx - r, cy + r * 0.8]]
      : [[cx - r * 0.8, cy - r * 0.8], [cx + r * 0.8, cy - r * 0.8], [cx + r * 0.8, cy + r * 0.8], [cx - r * 0.8, cy + r * 0.8]];
  group.append(svgElement("polygon", { points: points.map((p) => p.join(",")).join(" "), class: "threat-shape" }));
  if (threat.playable) group.append(svgElement("circle", { cx, cy, r: cell * 0.36, class: "threat-now" }));
  const title = svgElement("title", {});
  const now = threat.playable ? ", playable now" : "";
  title.textContent = `${threat.player} threat: column ${column + 1}, row ${row + 1} (${threat.parity}${now})`;
  group.append(title);
  group.setAttribute("aria-hidden", "true"); // the text beside the board says it all
  return group;
}

function markThreats() {
  const svg = $("board").querySelector("svg");
  if (!svg || !shown) return;
  for (const old of svg.querySelectorAll("g.threat")) old.remove();
  const view = svg.viewBox.baseVal;
  const cell = view.width / shown.width;
  for (const threat of shown.threats) svg.append(threatMark(threat, cell, shown.width, shown.height));
}

function renderText(answer) {
  const box = $("explain");
  const parts = [];
  const legend = document.createElement("p");
  legend.className = "explain-legend";
  legend.textContent = `On the board: ${SHAPES.red} a red threat, ${SHAPES.yellow} a yellow threat, ringed when it can be played now.`;
  parts.push(legend);
  for (const line of answer.lines) {
    const p = document.createElement("p");
    p.textContent = line;
    parts.push(p);
  }
  box.replaceChildren(...parts);
}

async function explainShown() {
  const toggle = $("explain-toggle");
  if (!toggle.checked) return;
  const pos = moves();
  const key = boardKey();
  if (shown && shown.moves === pos && shown.board === key) {
    markThreats();
    return;
  }
  controller?.abort();
  controller = new AbortController();
  setState("loading");
  try {
    const answer = await api.explain(pos, boardParams(), SECONDS, controller.signal);
    shown = { ...answer, board: key };
    renderText(answer);
    markThreats();
    setState("done");
  } catch (error) {
    if (api.isAbort(error)) return;
    shown = null;
    $("explain").textContent = `No explanation: ${error.message}`;
    setState("failed");
  }
}

function onToggle() {
  const on = $("explain-toggle").checked;
  store.set("explain", on ? "on" : "off");
  $("explain").hidden = !on;
  if (on) {
    explainShown();
    return;
  }
  controller?.abort();
  shown = null;
  for (const old of $("board").querySelectorAll("g.threat")) old.remove();
  setState("off");
}

function start() {
  const toggle = $("explain-toggle");
  toggle.checked = store.get("explain", "off") === "on";
  $("explain").hidden = !toggle.checked;
  setState(toggle.checked ? "loading" : "off");
  toggle.addEventListener("change", onToggle);
  // The page replaces the board's picture for every position it shows.
  new MutationObserver(explainShown).observe($("board"), { childList: true });
  explainShown();
}

start();
