// A record from outside the page, a link's ?pos=, ?size= and ?inarow= or moves pasted into the
// Moves box: the server checks it (/api/game, the same answer and the same errors for
// both) before it replaces the game. A record the server refuses is said on the page,
// and the game and the settings stay as they were.

import * as api from "./api.js";
import { $, boardParams, moves, setBusy, setInarow, setSize, showError, state, update } from "./play.js";

// The game shown becomes `game`, an /api/game answer: against the engine you take the
// side to move; watching, the engines wait for Resume.
function showRecord(game) {
  setSize(game.width, game.height);
  setInarow(game.inarow);
  state.line = game.pos;
  state.cursor = game.pos.length;
  state.playedHere = false;
  state.held = false;
  if (state.mode === "engine" && game.moves > 0 && !game.over) {
    state.human = game.to_move;
    $("human-colour").value = state.human;
  }
  if (state.mode === "watch") state.paused = true;
}

// The position of the page's link, when it gives one (?pos=, ?size=, ?inarow= or some of
// them), checked as the link has it: every value of each, for the server to judge. Refused, the page shows
// why on an empty standard board, and the engine waits for the user (held).
export async function openLink(search) {
  const params = new URLSearchParams(search);
  if (!["pos", "size", "inarow"].some((name) => params.has(name))) return;
  const pos = params.has("pos") ? params.getAll("pos") : "";
  const given = (name) => (params.has(name) ? params.getAll(name) : null);
  try {
    showRecord(await api.game(pos, { size: given("size"), inarow: given("inarow") }));
  } catch (error) {
    showError(`This link's position cannot be shown: ${error.message}`);
    state.held = true;
  }
}

// Moves typed or pasted into the Moves box, on the board shown.
export async function pasteRecord(text) {
  const pasted = text.trim();
  if (pasted === moves()) return;
  setBusy(true);
  try {
    showRecord(await api.game(pasted, boardParams()));
    showError("");
  } catch (error) {
    showError(`These moves cannot be played: ${error.message}`);
  }
  update(); // the box shows the game's record again, the one pasted or the one before
}
