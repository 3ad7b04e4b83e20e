// link4's page: play Connect Four against the engine, between two people or watch two
// engines, with the solver's value of every column under the board. This module binds
// the controls and the keys and starts the page; play.js runs the game.

import * as api from "./api.js";
import {
  $,
  STANDARD,
  engineMove,
  newGame,
  playColumn,
  redo,
  renderStatus,
  setBusy,
  setInarow,
  setSize,
  showError,
  showPv,
  state,
  tallest,
  store,
  togglePause,
  undo,
  update,
} from "./play.js";
import { columnOf, setMoveCharacters } from "./notation.js";
import { openLink, pasteRecord } from "./records.js";
import { initReview, openReview } from "./review.js";

function showModeControls() {
  const watch = state.mode === "watch";
  for (const node of document.querySelectorAll(".for-engine")) node.hidden = state.mode !== "engine";
  for (const node of document.querySelectorAll(".for-watch")) node.hidden = !watch;
  $("level-label").textContent = watch ? "Red engine" : "Engine level";
  $("pause").hidden = !watch;
  document.body.dataset.mode = state.mode;
}

function fillSelect(select, values, label) {
  select.replaceChildren(
    ...values.map((value) => {
      const option = document.createElement("option");
      option.value = String(value);
      option.textContent = label(value);
      return option;
    }),
  );
}

function range([low, high]) {
  return Array.from({ length: high - low + 1 }, (_, index) => low + index);
}

function bindControls() {
  const onChange = (id, handler) => $(id).addEventListener("change", (event) => handler(event.target));
  // A setting the page remembers: its control sets state[key] (its value read by
  // `read`) and the store, then `after` runs.
  const remembered = (id, key, after, read = (value) => value) =>
    onChange(id, (select) => {
      state[key] = read(select.value);
      store.set(key, state[key]);
      state.held = false; // the user acts: the engine may start
      after?.();
    });
  remembered("mode", "mode", () => {
    state.paused = false;
    showModeControls();
    update();
  });
  remembered("human-colour", "human", update);
  remembered("level", "level", renderStatus);
  remembered("level-yellow", "levelYellow", renderStatus);
  remembered("speed", "delay", undefined, Number);
  const onSize = () => {
    const width = Number($("size-width").value);
    setSize(width, Math.min(Number($("size-height").value), tallest(width)));
    newGame();
  };
  onChange("size-width", onSize);
  onChange("size-height", onSize);
  onChange("inarow", (select) => {
    setInarow(Number(select.value));
    newGame();
  });
  onChange("analysis-toggle", (box) => {
    state.analysisOn = box.checked;
    store.set("analysis", state.analysisOn ? "on" : "off");
    state.analysis = null;
    state.pv = null;
    update();
  });
  $("new").addEventListener("click", newGame);
  $("undo").addEventListener("click", undo);
  $("redo").addEventListener("click", redo);
  $("pause").addEventListener("click", togglePause);
  $("engine-move").addEventListener("click", engineMove);
  $("pv-button").addEventListener("click", showPv);
  $("record").addEventListener("change", (event) => pasteRecord(event.target.value));
  $("copy").addEventListener("click", () => copy($("record").value, "Moves"));
  $("copy-link").addEventListener("click", () => copy(location.href, "Link"));
  $("board").addEventListener("click", (event) => {
    const column = columnAt(event);
    if (column !== null) playColumn(column);
  });
  $("board").addEventListener("pointermove", (event) => hover(columnAt(event)));
  $("board").addEventListener("pointerleave", () => hover(null));
  document.addEventListener("keydown", onKey);
}

function columnAt(event) {
  const svg = $("board").querySelector("svg");
  if (!svg || !state.game) return null;
  const box = svg.getBoundingClientRect();
  const column = Math.floor((event.clientX - box.left) / (box.width / state.game.width));
  return column >= 0 && column < state.game.width ? column : null;
}

function hover(column) {
  for (const button of $("drops").children) {
    button.classList.toggle("hover", Number(button.dataset.drop) === column);
  }
}

function onKey(event) {
  // Keys typed into a list or a field are theirs (moves typed into the record too).
  const target = event.target;
  const typing = target instanceof HTMLInputElement && target.type === "text" && !target.readOnly;
  if (typing || target instanceof HTMLSelectElement || target instanceof HTMLTextAreaElement) return;
  if (event.altKey || event.metaKey) return;
  const key = event.key.toLowerCase();
  if (event.ctrlKey) {
    if (key === "z" && !event.shiftKey) undo();
    else if (key === "y" || (key === "z" && event.shiftKey)) redo();
    else return;
    event.preventDefault();
    return;
  }
  const column = columnOf(key); // 1 to 9, then a, b and c on the widest boards
  if (column !== null && state.game && column < state.game.width) playColumn(column);
  else if (key === "u") undo();
  else if (key === "r") redo();
  else if (key === "n") newGame();
  else if (key === "e") engineMove();
  else if (key === "p") togglePause();
  else return;
  event.preventDefault();
}

// Copy text to the clipboard: the Clipboard API where the page may use it (https or
// this machine), else the selection of a field and the copy command.
async function copy(text, what) {
  let copied = false;
  try {
    if (navigator.clipboard && window.isSecureContext) {
      await navigator.clipboard.writeText(text);
      copied = true;
    }
  } catch {
    /* refused: fall back on the selection */
  }
  if (!copied) {
    const field = document.createElement("textarea");
    field.value = text;
    field.setAttribute("readonly", "");
    field.className = "visually-hidden";
    document.body.append(field);
    field.select();
    try {
      copied = document.execCommand("copy");
    } catch {
      copied = false;
    }
    field.remove();
  }
  const note = $("copy-note");
  note.textContent = copied ? `${what} copied.` : `The browser refused: select the ${what.toLowerCase()} and press Ctrl+C.`;
  clearTimeout(copy.timer);
  copy.timer = setTimeout(() => {
    note.textContent = "";
  }, 3000);
  if (!copied) $("record").select();
}

// ---------------------------------------------------------------- start

async function start() {
  setBusy(true);
  bindControls();
  const reviewAtOnce = initReview(location.search);
  let info;
  try {
    info = await api.info();
  } catch (error) {
    showError(`The page cannot start: ${error.message}`);
    $("status").textContent = "No connection to the link4 server.";
    setBusy(false);
    return;
  }
  state.info = info;
  setMoveCharacters(info.move_characters);
  $("version").textContent = `v${info.version}`;
  // "5 · club player · 1043": the level, what it plays like and its Elo on the ladder.
  const levelLabel = (level) => {
    const name = level === "perfect" ? "Perfect" : `${level} · ${info.level_names[level]}`;
    const rating = info.ratings[level];
    return rating ? `${name} · ${Math.round(rating.elo)}` : name;
  };
  fillSelect($("level"), info.levels, levelLabel);
  fillSelect($("level-yellow"), info.levels, levelLabel);
  fillSelect($("size-width"), range(info.widths), String);
  fillSelect($("size-height"), range(info.heights), String);
  fillSelect($("inarow"), range(info.inarows), (inarow) => `Connect ${inarow}`);

  const known = (value, options) => (options.includes(value) ? value : null);
  state.mode = known(store.get("mode", "engine"), ["engine", "humans", "watch"]) || "engine";
  state.human = known(store.get("human", "red"), ["red", "yellow"]) || "red";
  state.level = known(store.get("level", info.default_level), info.levels) || info.default_level;
  state.levelYellow = known(store.get("levelYellow", info.default_level), info.levels) || info.default_level;
  state.delay = Number(known(store.get("delay", "500"), ["1000", "500", "150", "0"]) || 500);
  state.analysisOn = store.get("analysis", "on") !== "off";

  setSize(STANDARD.width, STANDARD.height);
  setInarow(STANDARD.inarow);
  $("mode").value = state.mode;
  $("human-colour").value = state.human;
  $("level").value = state.level;
  $("level-yellow").value = state.levelYellow;
  $("speed").value = String(state.delay);
  $("analysis-toggle").checked = state.analysisOn;
  showModeControls();
  // Watching starts paused; a shared position is shown as it is (against the engine you
  // take the side to move), once the server has accepted it.
  if (state.mode === "watch") state.paused = true;
  await openLink(location.search);
  await update();
  if (reviewAtOnce) await openReview();
}

start();
