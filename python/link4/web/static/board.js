// Drawing: the server's SVG board, the column buttons above it, each column's value
// under it and the best line. Nothing here talks to the server or keeps state.

import { columnOf } from "./notation.js";

export const capitalise = (text) => (text ? text[0].toUpperCase() + text.slice(1) : text);

export function element(tag, className, text) {
  const node = document.createElement(tag);
  if (className) node.className = className;
  if (text !== undefined) node.textContent = text;
  return node;
}

const SVG = "http://www.w3.org/2000/svg";

// An SVG element with its attributes (the review's chart, the threats' marks).
export function svgElement(tag, attributes) {
  const node = document.createElementNS(SVG, tag);
  for (const [key, value] of Object.entries(attributes)) node.setAttribute(key, String(value));
  return node;
}

// The board picture. `animate`: the last disc played falls into place.
export function renderBoard(container, game, animate) {
  container.innerHTML = game.svg;
  const svg = container.querySelector("svg");
  if (!svg) return;
  svg.removeAttribute("width");
  svg.removeAttribute("height");
  for (const title of svg.querySelectorAll("title")) title.remove();
  svg.setAttribute("role", "img");
  const discs = game.moves === 1 ? "1 disc" : `${game.moves} discs`;
  svg.setAttribute("aria-label", `Board of ${game.width} columns and ${game.height} rows, ${discs} played`);
  if (!animate) return;
  const ring = svg.querySelector("circle.last");
  if (!ring) return;
  const cx = ring.getAttribute("cx");
  const cy = ring.getAttribute("cy");
  const disc = svg.querySelector(`circle.disc[cx="${cx}"][cy="${cy}"]`);
  const fall = `${-Number.parseFloat(cy)}px`;
  for (const node of [disc, ring]) {
    if (!node) continue;
    node.style.setProperty("--fall", fall);
    node.classList.add("falling");
  }
}

// One button per column above the board, for the keyboard and screen readers.
export function renderDrops(container, width, onPlay) {
  if (container.childElementCount === width) return;
  container.replaceChildren();
  for (let column = 0; column < width; column++) {
    const button = element("button", "drop");
    button.type = "button";
    button.dataset.drop = String(column);
    button.setAttribute("aria-label", `Drop a disc in column ${column + 1}`);
    button.append(element("span", "ghost"));
    button.addEventListener("click", () => onPlay(column));
    container.append(button);
  }
}

export function updateDrops(container, playable) {
  for (const button of container.children) {
    const ok = playable.includes(Number(button.dataset.drop));
    button.setAttribute("aria-disabled", String(!ok));
  }
}

const SYMBOL = { win: "✓", draw: "=", loss: "✗", "win or draw": "≥", "draw or loss": "≤", unknown: "?" };
// "win or draw": at least a draw; "draw or loss": at most one.
const SHORT = { win: "win", draw: "draw", loss: "loss", "win or draw": "draw", "draw or loss": "draw", unknown: "" };
const KIND = {
  win: "win", draw: "draw", loss: "loss", "win or draw": "maybe-win", "draw or loss": "maybe-loss", unknown: "unknown",
};

// The value of each column under the board: `analysis` as /api/analyze answers, or null
// (nothing known: `note` in every cell, such as "…" while the server thinks).
export function renderValues(container, width, analysis, note = "") {
  container.style.setProperty("--cols", String(width));
  const cells = [];
  for (let column = 0; column < width; column++) {
    const cell = element("div", "value");
    cell.setAttribute("role", "listitem");
    cell.dataset.column = String(column);
    const value = analysis ? analysis.columns[column] : undefined;
    if (value === undefined) {
      cell.dataset.result = "";
      cell.append(element("span", "v-word", note));
    } else if (value === null) {
      cell.dataset.result = "full";
      cell.dataset.kind = "full";
      cell.setAttribute("aria-label", `Column ${column + 1}: full`);
      cell.append(element("span", "v-word", "full"));
    } else {
      const best = analysis.best.includes(column);
      cell.dataset.result = value.result;
      cell.dataset.kind = KIND[value.result] || "unknown";
      if (value.in !== null && value.in !== undefined) cell.dataset.in = String(value.in);
      if (best) cell.dataset.best = "true";
      const symbol = element("span", "v-symbol", SYMBOL[value.result] || "?");
      if (best) symbol.prepend(element("span", "v-star", "★"));
      cell.append(symbol);
      cell.append(element("span", "v-word", SHORT[value.result] ?? value.result));
      cell.append(element("span", "v-in", value.in ? `in ${value.in}` : ""));
      const words = value.words || value.result;
      cell.title = `Column ${column + 1}: ${words}${best ? " (best)" : ""}`;
      cell.setAttribute("aria-label", cell.title);
    }
    cells.push(cell);
  }
  container.replaceChildren(...cells);
}

// The best line as numbered discs in the colours of the sides that play them.
export function renderPv(container, pv, firstColour, complete = true) {
  container.replaceChildren();
  if (pv === null) return;
  if (pv === "") {
    container.append(element("span", "pv-words", "No moves: the game is decided."));
    return;
  }
  const other = firstColour === "red" ? "yellow" : "red";
  const list = element("ol", "pv-discs");
  list.setAttribute("aria-label", `Best line: ${pv.split("").join(" ")}`);
  [...pv].forEach((move, index) => {
    const colour = index % 2 === 0 ? firstColour : other;
    const item = element("li", `pv-disc ${colour}`, move);
    item.title = `${capitalise(colour)} plays column ${columnOf(move) + 1}`;
    list.append(item);
  });
  const count = pv.length === 1 ? "1 move" : `${pv.length} moves`;
  const text = element("code", "pv-text", pv);
  text.id = "pv-moves";
  const words = complete ? `Best line, ${count}:` : `Best line, its first ${count} (the time limit cut it short):`;
  container.append(element("span", "pv-words", words), list, text);
}
