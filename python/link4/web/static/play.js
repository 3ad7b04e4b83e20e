// The game on link4's page: the position, who moves, and the requests that show it.
//
// The position is a move string (notation.js) held in `line` up to `cursor`:
// the moves after the cursor are what redo replays. Each change of position starts a new
// generation; the answers to the requests of an older one are dropped (and the requests
// aborted), so two engine requests never race and a late answer never lands on a newer
// position. The engine's move never waits for the analysis: both are asked at once,
// and the analysis goes on in rounds (rounds.js) until it is exact or its time is up.
// body[data-state] is "ready" when nothing is pending, "busy" otherwise;
// body[data-analysis] is "running" while the analysis of the position shown goes on,
// "done" once it has ended and "off" when the analysis is off.

import * as api from "./api.js";
import { capitalise, element, renderBoard, renderDrops, renderPv, renderValues, updateDrops } from "./board.js";
import { moveOf } from "./notation.js";
import { analyseInRounds } from "./rounds.js";

export const $ = (id) => document.getElementById(id);
export const STANDARD = { width: 7, height: 6, inarow: 4 };

export const state = {
  info: null,
  width: STANDARD.width,
  height: STANDARD.height,
  inarow: STANDARD.inarow, // the discs in a row that win
  line: "",
  cursor: 0,
  game: null, // /api/game's answer for the position shown, null while it loads
  analysis: null, // /api/analyze's latest answer for it, null when off or not known yet
  analysisRunning: false, // more rounds of its analysis are to come
  pv: null, // the best line shown, a move string, or null
  pvComplete: true, // it reaches the end of the game (else the time limit cut it short)
  mode: "engine", // "engine", "humans" or "watch"
  human: "red", // the colour the human plays against the engine
  level: "5",
  levelYellow: "5",
  delay: 500, // ms between the engines' moves in watch mode
  paused: false,
  held: false, // the engine waits for the user to act (a link the server refused starts nothing)
  analysisOn: true,
  generation: 0,
  controller: null,
  thinking: false,
  updating: false, // update() has not finished with the position shown
  pvPending: false,
  analysisFailed: false, // the analysis of the position shown could not be had
  playedHere: false, // a move was played on this page: "you win" means something
};

// The moves of the position shown, its board's size parameter (null for 7 x 6) and its
// line's (null for four); `boardParams()` is both, as api.js takes them.
export const moves = () => state.line.slice(0, state.cursor);
export const sizeParam = () =>
  state.width === STANDARD.width && state.height === STANDARD.height ? null : `${state.width}x${state.height}`;
export const inarowParam = () => (state.inarow === STANDARD.inarow ? null : state.inarow);
export const boardParams = () => ({ size: sizeParam(), inarow: inarowParam() });
// Two positions with the same moves are the same only on the same board and line.
export const boardKey = () => `${state.width}x${state.height}:${state.inarow}`;
export const colourAt = (ply) => (ply % 2 === 0 ? "red" : "yellow");

// Settings survive a reload (where the browser allows it).
export const store = {
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

export function showError(text) {
  const box = $("error");
  box.textContent = text;
  box.hidden = !text;
}

export function setBusy(busy) {
  document.body.dataset.state = busy ? "busy" : "ready";
}

function levelName(level) {
  return level === "perfect" ? level : `level ${level}`;
}

function statusText() {
  const game = state.game;
  if (!game) return "Loading…";
  if (game.over) {
    const winner = game.outcome.winner;
    let text = winner ? `${capitalise(winner)} wins` : "Draw";
    if (state.mode === "engine" && winner && state.playedHere) {
      text += winner === state.human ? " — you win!" : " — the engine wins";
    }
    return text;
  }
  const side = capitalise(game.to_move);
  if (state.thinking) return `Engine is thinking… (${side}, ${levelName(levelFor(game.to_move))})`;
  if (state.mode === "engine" && game.to_move === state.human) return `${side} to move — your turn`;
  if (state.mode === "watch" && state.paused) return `${side} to move — paused`;
  if (state.held && engineToMove(game, { held: false })) return `${side} to move — Engine move starts the engine`;
  return `${side} to move`;
}

export function renderStatus() {
  const status = $("status");
  status.textContent = statusText();
  document.title = state.game ? `${status.textContent} · link4` : "link4 · Connect Four";
  const game = state.game;
  status.dataset.turn = game && !game.over ? game.to_move : "";
  status.dataset.winner = game && game.over ? game.outcome.winner || "draw" : "";
  document.body.dataset.turn = game && !game.over && humanMayPlay() ? game.to_move : "";
}

// ---------------------------------------------------------------- who plays

function levelFor(colour) {
  return state.mode === "watch" && colour === "yellow" ? state.levelYellow : state.level;
}

function engineToMove(game, { held = state.held } = {}) {
  if (!game || game.over || held) return false;
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
  const inarow = inarowParam();
  if (inarow) params.set("inarow", String(inarow));
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
  document.dispatchEvent(new CustomEvent("link4:shown")); // for the panels that follow the position
}

function ordinal(n) {
  const tens = n % 100;
  const suffix = tens >= 11 && tens <= 13 ? "th" : { 1: "st", 2: "nd", 3: "rd" }[n % 10] || "th";
  return `${n}${suffix}`;
}

// How a finished game ended, in words.
function endWords(game) {
  const winner = game.outcome.winner;
  if (!winner) return "A draw: the board is full.";
  const disc = winner === "red" ? Math.ceil(game.moves / 2) : Math.floor(game.moves / 2);
  return `${capitalise(winner)} won with its ${ordinal(disc)} disc, on move ${game.moves}.`;
}

function renderAnalysis() {
  const game = state.game;
  const on = state.analysisOn;
  $("values").hidden = !on;
  $("analysis").hidden = !on;
  document.body.dataset.analysis = !on ? "off" : state.analysisRunning ? "running" : "done";
  if (!on) return;
  $("pv-button").textContent = state.pv === null ? "Show best line" : "Hide best line";
  if (!game || game.over) {
    renderValues($("values"), state.width, null);
    $("score").textContent = game ? endWords(game) : "";
    $("legend").textContent = "";
  } else if (state.analysisFailed) {
    renderValues($("values"), state.width, null);
    $("score").textContent = "";
    $("legend").textContent = "";
  } else {
    $("legend").textContent =
      `Each column's value for ${capitalise(game.to_move)}, to move: ✓ win, = draw, ✗ loss, ` +
      "in N moves of the winner; ★ best.";
    if (state.analysis) {
      renderValues($("values"), state.width, state.analysis);
      $("score").textContent = analysisWords(state.analysis, state.analysisRunning);
    } else {
      renderValues($("values"), state.width, null, "…");
      $("score").textContent = "Analysing…";
    }
  }
  renderPv($("pv"), state.pv, game ? game.to_move : "red", state.pvComplete);
}

// The position's value in words; while the rounds go on, what is proven so far.
function analysisWords(analysis, running) {
  if (!running || analysis.exact) return `${capitalise(analysis.words)}.`;
  const proven = analysis.columns.some((column) => column !== null && column.result !== "unknown");
  return proven ? `Analysing… so far: ${analysis.words}.` : "Analysing… nothing proven yet.";
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

// A new generation: the requests of the one before are aborted. `current()` says
// whether this one is still the newest.
function newGeneration() {
  const generation = ++state.generation;
  if (state.controller) state.controller.abort();
  state.controller = new AbortController();
  return { signal: state.controller.signal, current: () => generation === state.generation };
}

// The board of the position, fetched unless it is the one shown.
async function loadGame(pos, params, signal, animate) {
  const game = state.game;
  const same = game && game.width === state.width && game.height === state.height && game.inarow === state.inarow;
  if (same && game.pos === pos) return game;
  state.game = null;
  state.analysis = null;
  state.analysisRunning = false;
  state.analysisFailed = false;
  state.pv = null;
  renderStatus();
  renderAnalysis();
  const answer = await api.game(pos, params, signal);
  if (signal.aborted) throw new DOMException("a newer position is shown", "AbortError");
  state.game = answer;
  renderDrops($("drops"), answer.width, playColumn);
  renderBoard($("board"), answer, animate);
  $("table").style.setProperty("--cols", String(answer.width));
  $("table").style.setProperty("--rows", String(answer.height));
  return answer;
}

// The analysis of the position, in rounds, each shown as it comes. It never throws: its
// failure is said and the game goes on; a newer position ends it.
async function loadAnalysis(pos, params, signal, current) {
  state.analysisFailed = false;
  state.analysisRunning = true;
  renderAnalysis();
  try {
    await analyseInRounds(pos, params, state.info.time_limit, signal, (answer) => {
      if (!current()) return;
      state.analysis = answer;
      renderAnalysis();
    });
  } catch (error) {
    if (api.isAbort(error) || !current()) return;
    state.analysisFailed = true;
    showError(`No analysis: ${error.message}`);
  }
  if (!current()) return;
  state.analysisRunning = false;
  renderAnalysis();
}

async function engineChoice(game, signal, engineOnce) {
  if (state.mode === "watch" && !engineOnce) await sleep(state.delay, signal);
  try {
    return await api.move(game.pos, boardParams(), levelFor(game.to_move), signal);
  } catch (error) {
    if (error instanceof api.ApiError) {
      error.message = `The engine could not move: ${error.message} (Engine move tries again)`;
    }
    throw error;
  }
}

// Show the position `moves()`: fetch its board and analysis (unless known), then let the
// engine move if it is to. `animate`: the last disc falls; `engineOnce`: the engine plays
// this move whoever is to move.
export async function update({ animate = false, engineOnce = false } = {}) {
  const { signal, current } = newGeneration();
  const pos = moves();
  const params = boardParams();
  state.thinking = false;
  state.updating = true;
  state.pvPending = false;
  setBusy(true);
  try {
    const game = await loadGame(pos, params, signal, animate);
    if (!current()) return;
    state.thinking = (engineOnce || engineToMove(game)) && !game.over;
    syncPage();
    renderAnalysis();
    // Not yet asked, or its rounds cut short by a generation that kept the position.
    const wanted = state.analysisOn && !game.over && (state.analysis === null || state.analysisRunning);
    const analysed = wanted ? loadAnalysis(pos, params, signal, current) : null;
    if (!state.thinking) {
      await analysed;
      return;
    }
    const answer = await engineChoice(game, signal, engineOnce);
    if (!current()) return;
    playMove(answer.move);
    state.playedHere = true;
    showError("");
    update({ animate: true }); // a new generation: the analysis of this position stops
  } catch (error) {
    if (api.isAbort(error) || !current()) return;
    state.thinking = false;
    showError(error.message);
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

function playMove(move) {
  if (state.line[state.cursor] === move) {
    state.cursor += 1; // the move redo would replay: keep the rest of the line
  } else {
    state.line = moves() + move;
    state.cursor = state.line.length;
  }
}

export function playColumn(column) {
  const game = state.game;
  if (!humanMayPlay() || !game.legal.includes(column)) return;
  showError("");
  playMove(moveOf(column));
  state.playedHere = true;
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

export const undo = () => jump(undoTarget());
export const redo = () => jump(redoTarget());

export function newGame() {
  showError("");
  state.held = false;
  state.line = "";
  state.cursor = 0;
  state.playedHere = false;
  if (state.mode === "watch") state.paused = false;
  update();
}

export function togglePause() {
  if (state.mode !== "watch" || !state.game || state.game.over) return;
  state.paused = !state.paused;
  update();
}

export function engineMove() {
  if (!state.game || state.game.over || state.thinking) return;
  showError("");
  state.held = false;
  update({ engineOnce: true });
}

export async function showPv() {
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
    const answer = await api.analyze(moves(), boardParams(), { pv: true }, state.controller.signal);
    if (generation !== state.generation) return;
    state.pv = answer.pv || "";
    state.pvComplete = answer.pv_complete !== false;
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

// ---------------------------------------------------------------- board size


// The most rows a board of `width` columns may have: not every width in range goes
// with every height in range (/api/info's sizes).
export function tallest(width) {
  return Math.max(...state.info.sizes.filter(([w]) => w === width).map(([, h]) => h));
}

export function setSize(width, height) {
  state.width = width;
  state.height = height;
  $("size-width").value = String(width);
  $("size-height").value = String(height);
  for (const option of $("size-height").options) option.disabled = Number(option.value) > tallest(width);
  const lettered = width > 9; // the columns past the ninth are letters
  $("help-columns").replaceChildren(...(lettered ? [...keys(0, 8), ", ", ...keys(9, width - 1)] : keys(0, width - 1)));
  $("record").inputMode = lettered ? "text" : "numeric";
  offerLines();
  renderRatingsNote();
}

// ---------------------------------------------------------------- the line that wins

// A line fits a board when it is no longer than its width or its height: the longer
// ones are not offered, and one that no longer fits gives way to the longest that does.
const fits = (inarow) => inarow <= Math.max(state.width, state.height);

function offerLines() {
  for (const option of $("inarow").options) option.disabled = !fits(Number(option.value));
  if (!fits(state.inarow)) setInarow(Math.max(state.width, state.height));
}

export const lineName = (inarow) => (inarow === STANDARD.inarow ? "Connect Four" : `Connect ${inarow}`);

export function setInarow(inarow) {
  state.inarow = inarow;
  $("inarow").value = String(inarow);
  $("variant").textContent = lineName(inarow);
  renderRatingsNote();
}

// The keys of the columns `first` to `last` (0-based), for the help: "1–7", "A–C".
function keys(first, last) {
  const key = (column) => element("kbd", "", moveOf(column).toUpperCase());
  return first === last ? [key(first)] : [key(first), "–", key(last)];
}

// The levels' ratings were measured on one board and line: elsewhere the page says so.
export function renderRatingsNote() {
  const note = $("ratings-note");
  const ladder = state.info && state.info.ratings_board;
  if (!note || !ladder) return;
  const [width, height] = ladder;
  const line = state.info.ratings_inarow;
  if (state.width !== width || state.height !== height) {
    note.textContent = `Elo ratings measured on ${width}×${height}, not on this board`;
  } else if (state.inarow !== line) {
    note.textContent = `Elo ratings measured on ${lineName(line)}, not on ${lineName(state.inarow)}`;
  } else {
    note.textContent = `Elo ratings on the ${width}×${height} board (${state.info.ratings_anchor} = 0)`;
  }
}
