// The analysis of a position in rounds of growing time limits, each round's answer shown
// as it comes: on a board the solver cannot settle at once the values fill in (bounds
// first, ≥ and ≤, then exact scores) while the user thinks, and nothing ever waits for
// the last round. Aborting the signal ends the rounds and the request under way (the
// server then stops its search too).

import * as api from "./api.js";

const FIRST_SECONDS = 0.25;

// The time limits of the rounds: doubling from FIRST_SECONDS up to the server's limit,
// the last at that limit. A round searches again what the one before left open, so the
// total is about three times the server's limit at most.
export function roundLimits(serverLimit) {
  const limits = [];
  for (let seconds = FIRST_SECONDS; seconds < serverLimit; seconds *= 2) limits.push(seconds);
  limits.push(serverLimit);
  return limits;
}

// How much is still open in an answer: the columns' bound widths, added up.
const openness = (answer) =>
  answer.columns.reduce((sum, column) => sum + (column === null ? 0 : column.upper - column.lower), 0);

// Ask for the analysis of `pos` (on `board`, as api.js takes it) round after round until
// it is exact or the rounds are over; `shown(answer)` gets each answer that proves no
// less than those before (each is true, but a round may run on a solver whose table
// holds less of the position). Throws what the requests throw.
export async function analyseInRounds(pos, board, serverLimit, signal, shown) {
  let open = Infinity;
  for (const seconds of roundLimits(serverLimit)) {
    const answer = await api.analyze(pos, board, { timeLimit: seconds }, signal);
    if (signal.aborted) return;
    if (openness(answer) <= open) {
      open = openness(answer);
      shown(answer);
    }
    if (answer.exact) return;
  }
}
