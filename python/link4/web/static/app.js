// link4's page: play Connect Four against the engine, between two people or watch two
// engines, with the solver's value of every column under the board.
//
// The position is a move string (1-based column digits) held in `line` up to `cursor`:
// the moves after the cursor are what redo replays. Each change of position starts a new
// generation; the answers to the requests of an older one are dropped (and the requests
// aborted), so two engine requests never race and a late answer never lands on a newer
// position. body[data-state] is "ready" when nothing is pending, "busy" otherwise.

import * as api from "./api.js";
import { capitalise, renderBoard, renderDrops, renderPv, renderValues, updateDrops } from "./board.js";

const $ = (id) => document.getElementById(id);
const STANDARD = { width: 7, height: 6 };
const LEVEL_NAMES = { 1: "beginner", 2: "casual", 3: "club player", 4: "strong", 5: "expert" };

const state = {
  info: null,
  width: STANDARD.width,
  height: STANDARD.height,
  line: "",
  cursor: 0,
  game: null, // /api/game's answer for the position shown, null while it loads
  analysis: null, // /api/analyze's answer for it, null when off or not known yet
  pv: null, // the best line shown, a move string, or null
  mode: "engine", // "engine", "humans" or "watch"
  human: "red", // the colour the human plays against the engine
  level: "3",
  levelYellow: "3",
  delay: 500, // ms between the engines' moves in watch mode
  paused: false,
  analysisOn: true,
  generation: 0,
  controller: null,
  thinking: false,
  updating: false, // update() has not finished with the position shown
  pvPending: false,
};

const moves = () => state.line.slice(0, state.cursor);
const sizeParam = () =>
  state.width === STANDARD.width && state.height === STANDARD.height ? null : `${state.width}x${state.height}`;
const colourAt = (ply) => (ply % 2 === 0 ? "red" : "yellow");

// Settings survive a reload (where the browser allows it).
const store = {
  get(key, fallback) {
    try {
      const value = localStorage.getItem(`link4.${key}`);
      return value === null ? fallback : value;
    } catch {
      return fallback;
    }
  },
  set(key, value) {
    try {
      localStorage.setItem(`link4.${key}`, String(value));
    } catch {
      /* storage refused: the setting lasts for this page only */
    }
  },
};

// ---------------------------------------------------------------- messages

function showError(text) {
  const box = $("error");
  box.textContent = text;
  box.hidden = !text;
}

function setBusy(busy) {
  document.body.dataset.state = busy ? "busy" : "ready";
}

function levelName(level) {
  return LEVEL_NAMES[level] ? `level ${level}` : level;
}

function statusText() {
  const game = state.game;
  if (!game) return "Loading…";
  if (game.over) {
    const winner = game.outcome.winner;
    let text = winner ? `${capitalise(winner)} wins` : "Draw";
    if (state.mode === "engine" && winner) text += winner === state.human ? " — you win!" : " — the engine wins";
    return text;
  }
  const side = capitalise(game.to_move);
  if (state.thinking) return `Engine is thinking… (${side}, ${levelName(levelFor(game.to_move))})`;
  if (state.mode === "engine" && game.to_move === state.human) return `${side} to move — your turn`;
  if (state.mode === "watch" && state.paused) return `${side} to move — paused`;
  return `${side} to move`;
}

function renderStatus() {
  const status = $("status");
  status.textContent = statusText();
  const game = state.game;
  status.dataset.turn = game && !game.over ? game.to_move : "";
  status.dataset.winner = game && game.over ? game.outcome.winner || "draw" : "";
  document.body.dataset.turn = game && !game.over && humanMayPlay() ? game.to_move : "";
}

// ---------------------------------------------------------------- who plays

function levelFor(colour) {
  return state.mode === "watch" && colour === "yellow" ? state.levelYellow : state.level;
}

function engineToMove(game) {
  if (!game || game.over) return false;
  if (state.mode === "engine") return game.to_move !== state.human;
  if (state.mode === "watch") return !state.paused;
  return false;
}

function humanMayPlay() {
  const game = state.game;
  if (!game || game.over || state.thinking) return false;
  if (state.mode === "engine") return game.to_move === state.human;
  if (state.mode === "watch") return state.paused;
  return true;
}

// ---------------------------------------------------------------- the position

function syncPage() {
  const record = moves();
  $("record").value = record;
  const params = new URLSearchParams();
  if (record) params.set("pos", record);
  const size = sizeParam();
  if (size) params.set("size", size);
  const query = params.toString();
  history.replaceState(null, "", query ? `?${query}` : location.pathname);
  $("undo").disabled = undoTarget() === null;
  $("redo").disabled = redoTarget() === null;
  $("engine-move").disabled = !state.game || state.game.over || state.thinking;
  $("pause").textContent = state.paused ? "▶ Resume" : "❚❚ Pause";
  $("pause").disabled = !state.game || state.game.over;
  $("pv-button").disabled = !state.game || state.game.over;
  updateDrops($("drops"), humanMayPlay() ? state.game.legal : []);
  renderStatus();
}

function renderAnalysis() {
  const game = state.game;
  const on = state.analysisOn;
  $("values").hidden = !on;
  $("analysis").hidden = !on;
  if (!on) return;
  $("pv-button").textContent = state.pv === null ? "Show best line" : "Hide best line";
  if (!game || game.over) {
    renderValues($("values"), state.width, null);
    $("score").textContent = game ? "The game is over." : "";
    $("legend").textContent = "";
  } else if (state.analysis) {
    renderValues($("values"), state.width, state.analysis);
    $("score").textContent = `${capitalise(state.analysis.words)}.`;
    $("legend").textContent =
      `Each column's value for ${capitalise(game.to_move)}, to move: ✓ win, = draw, ✗ loss, ` +
      "in N moves of the winner; ★ best.";
  } else {
    renderValues($("values"), state.width, null, "…");
    $("score").textContent = "Analysing…";
  }
  renderPv($("pv"), state.pv, game ? game.to_move : "red");
}

function sleep(ms, signal) {
  return new Promise((resolve, reject) => {
    if (ms <= 0) return resolve();
    const timer = setTimeout(resolve, ms);
    signal.addEventListener("abort", () => {
      clearTimeout(timer);
      reject(new DOMException("stopped", "AbortError"));
    });
  });
}

// Show the position `moves()`: fetch its board and analysis (unless known), then let the
// engine move if it is to. `animate`: the last disc falls; `engineOnce`: the engine plays
// this move whoever is to move.
async function update({ animate = false, engineOnce = false } = {}) {
  const generation = ++state.generation;
  if (state.controller) state.controller.abort();
  const controller = new AbortController();
  state.controller = controller;
  const { signal } = controller;
  const current = () => generation === state.generation;
  const pos = moves();
  const size = sizeParam();
  state.thinking = false;
  state.updating = true;
  state.pvPending = false;
  setBusy(true);
  try {
    if (!state.game || state.game.pos !== pos || state.game.width !== state.width || state.game.height !== state.height) {
      state.game = null;
      state.analysis = null;
      state.pv = null;
      renderStatus();
      renderAnalysis();
      const game = await api.game(pos, size, signal);
      if (!current()) return;
      state.game = game;
      renderDrops($("drops"), game.width, playColumn);
      renderBoard($("board"), game, animate);
      $("table").style.setProperty("--cols", String(game.width));
      $("table").style.setProperty("--rows", String(game.height));
    }
    const game = state.game;
    const engineMoves = engineOnce || engineToMove(game);
    state.thinking = engineMoves && !game.over;
    syncPage();
    renderAnalysis();
    if (state.analysisOn && !game.over && !state.analysis) {
      try {
        state.analysis = await api.analyze(pos, size, {}, signal);
      } catch (error) {
        if (api.isAbort(error) || !current()) throw error;
        showError(`Analysis failed: ${error.message}`);
        $("score").textContent = "";
      }
      if (!current()) return;
      renderAnalysis();
    }
    if (!state.thinking) return;
    if (state.mode === "watch" && !engineOnce) await sleep(state.delay, signal);
    const answer = await api.move(pos, size, levelFor(game.to_move), signal);
    if (!current()) return;
    playDigit(answer.move);
    showError("");
    update({ animate: true });
  } catch (error) {
    if (api.isAbort(error) || !current()) return;
    state.thinking = false;
    showError(error.message);
    if (!state.game) {
      // The position could not be shown at all (a bad ?pos= or ?size=): an empty board.
      if (state.cursor > 0 || sizeParam()) {
        state.line = "";
        state.cursor = 0;
        setSize(STANDARD.width, STANDARD.height);
        await update();
        return;
      }
    }
    syncPage();
    renderAnalysis();
  } finally {
    if (current()) {
      state.thinking = false;
      state.updating = false;
      if (state.game) syncPage();
      setBusy(state.pvPending);
    }
  }
}

function playDigit(digit) {
  if (state.line[state.cursor] === digit) {
    state.cursor += 1; // the move redo would replay: keep the rest of the line
  } else {
    state.line = moves() + digit;
    state.cursor = state.line.length;
  }
}

function playColumn(column) {
  const game = state.game;
  if (!humanMayPlay() || !game.legal.includes(column)) return;
  showError("");
  playDigit(String(column + 1));
  update({ animate: true });
}

// Against the engine undo takes back the engine's reply with your move, redo replays
// both: both stop where it is your turn. Otherwise they go one move at a time.
function undoTarget() {
  if (state.cursor === 0) return null;
  if (state.mode !== "engine") return state.cursor - 1;
  for (let ply = state.cursor - 1; ply >= 0; ply--) if (colourAt(ply) === state.human) return ply;
  return null;
}

function redoTarget() {
  if (state.cursor >= state.line.length) return null;
  if (state.mode !== "engine") return state.cursor + 1;
  for (let ply = state.cursor + 1; ply < state.line.length; ply++) if (colourAt(ply) === state.human) return ply;
  return state.line.length;
}

function jump(target) {
  if (target === null) return;
  showError("");
  if (state.mode === "watch") state.paused = true;
  state.cursor = target;
  update();
}

const undo = () => jump(undoTarget());
const redo = () => jump(redoTarget());

function newGame() {
  showError("");
  state.line = "";
  state.cursor = 0;
  if (state.mode === "watch") state.paused = false;
  update();
}

function togglePause() {
  if (state.mode !== "watch" || !state.game || state.game.over) return;
  state.paused = !state.paused;
  update();
}

function engineMove() {
  if (!state.game || state.game.over || state.thinking) return;
  showError("");
  update({ engineOnce: true });
}

async function showPv() {
  const game = state.game;
  if (!game || game.over) return;
  if (state.pv !== null) {
    state.pv = null;
    renderAnalysis();
    return;
  }
  const generation = state.generation;
  state.pvPending = true;
  setBusy(true);
  $("pv").textContent = "Searching…";
  try {
    const answer = await api.analyze(moves(), sizeParam(), { pv: true }, state.controller.signal);
    if (generation !== state.generation) return;
    state.pv = answer.pv || "";
    renderAnalysis();
  } catch (error) {
    if (api.isAbort(error) || generation !== state.generation) return;
    $("pv").textContent = "";
    showError(`The best line: ${error.message}`);
  } finally {
    state.pvPending = false;
    if (generation === state.generation && !state.updating) setBusy(false);
  }
}

// ---------------------------------------------------------------- settings

function setSize(width, height) {
  state.width = width;
  state.height = height;
  $("size-width").value = String(width);
  $("size-height").value = String(height);
  const keys = $("help-width");
  if (keys) keys.textContent = String(width);
}

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
  onChange("mode", (select) => {
    state.mode = select.value;
    store.set("mode", state.mode);
    state.paused = false;
    showModeControls();
    update();
  });
  onChange("human-colour", (select) => {
    state.human = select.value;
    store.set("human", state.human);
    update();
  });
  onChange("level", (select) => {
    state.level = select.value;
    store.set("level", state.level);
    renderStatus();
  });
  onChange("level-yellow", (select) => {
    state.levelYellow = select.value;
    store.set("levelYellow", state.levelYellow);
    renderStatus();
  });
  onChange("speed", (select) => {
    state.delay = Number(select.value);
    store.set("delay", state.delay);
  });
  const onSize = () => {
    setSize(Number($("size-width").value), Number($("size-height").value));
    newGame();
  };
  onChange("size-width", onSize);
  onChange("size-height", onSize);
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
  $("copy").addEventListener("click", copyRecord);
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
  const target = event.target;
  if (target instanceof HTMLSelectElement || (target instanceof HTMLInputElement && !target.readOnly)) return;
  if (event.altKey || event.metaKey) return;
  const key = event.key.toLowerCase();
  if (event.ctrlKey) {
    if (key === "z" && !event.shiftKey) undo();
    else if (key === "y" || (key === "z" && event.shiftKey)) redo();
    else return;
    event.preventDefault();
    return;
  }
  if (/^[1-9]$/.test(key)) {
    const column = Number(key) - 1;
    if (state.game && column < state.game.width) playColumn(column);
  } else if (key === "u") undo();
  else if (key === "r") redo();
  else if (key === "n") newGame();
  else if (key === "e") engineMove();
  else if (key === "p") togglePause();
  else return;
  event.preventDefault();
}

async function copyRecord() {
  const field = $("record");
  const note = $("copy-note");
  let copied = false;
  try {
    if (navigator.clipboard && window.isSecureContext) {
      await navigator.clipboard.writeText(field.value);
      copied = true;
    }
  } catch {
    /* refused: fall back on the selection */
  }
  if (!copied) {
    field.focus();
    field.select();
    try {
      copied = document.execCommand("copy");
    } catch {
      copied = false;
    }
  }
  note.textContent = copied ? "Copied." : "Select the moves and copy them with Ctrl+C.";
  setTimeout(() => {
    note.textContent = "";
  }, 2500);
}

// ---------------------------------------------------------------- start

async function start() {
  setBusy(true);
  bindControls();
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
  $("version").textContent = `v${info.version}`;
  const levelLabel = (level) => (LEVEL_NAMES[level] ? `${level} — ${LEVEL_NAMES[level]}` : capitalise(level));
  fillSelect($("level"), info.levels, levelLabel);
  fillSelect($("level-yellow"), info.levels, levelLabel);
  fillSelect($("size-width"), range(info.widths), String);
  fillSelect($("size-height"), range(info.heights), String);

  const known = (value, options) => (options.includes(value) ? value : null);
  state.mode = known(store.get("mode", "engine"), ["engine", "humans", "watch"]) || "engine";
  state.human = known(store.get("human", "red"), ["red", "yellow"]) || "red";
  state.level = known(store.get("level", info.default_level), info.levels) || info.default_level;
  state.levelYellow = known(store.get("levelYellow", info.default_level), info.levels) || info.default_level;
  state.delay = Number(known(store.get("delay", "500"), ["1000", "500", "150", "0"]) || 500);
  state.analysisOn = store.get("analysis", "on") !== "off";

  const params = new URLSearchParams(location.search);
  const pos = params.get("pos") || "";
  let width = STANDARD.width;
  let height = STANDARD.height;
  const size = params.get("size");
  if (size) {
    const match = /^(\d+)x(\d+)$/.exec(size);
    const [w, h] = match ? [Number(match[1]), Number(match[2])] : [0, 0];
    const fits = (value, [low, high]) => value >= low && value <= high;
    if (match && fits(w, info.widths) && fits(h, info.heights)) [width, height] = [w, h];
    else showError(`size=${size} is no board here: widths ${info.widths.join("–")}, heights ${info.heights.join("–")}.`);
  }
  setSize(width, height);
  state.line = pos;
  state.cursor = pos.length;
  // A shared position is shown as it is: against the engine you take the side to move,
  // and watching starts paused.
  if (pos && state.mode === "engine") state.human = colourAt(pos.length);
  if (state.mode === "watch") state.paused = true;

  $("mode").value = state.mode;
  $("human-colour").value = state.human;
  $("level").value = state.level;
  $("level-yellow").value = state.levelYellow;
  $("speed").value = String(state.delay);
  $("analysis-toggle").checked = state.analysisOn;
  showModeControls();
  await update();
}

start();
