// The server's JSON API. Every error answer is {"error": "..."}; a request that fails
// throws an ApiError carrying that text, an aborted one the browser's AbortError.

export class ApiError extends Error {
  constructor(message, status) {
    super(message);
    this.name = "ApiError";
    this.status = status;
  }
}

export function isAbort(error) {
  return error !== null && typeof error === "object" && error.name === "AbortError";
}

async function getJSON(path, params, signal) {
  const url = new URL(path, document.baseURI);
  // A list is the parameter given once per value (a link's own, for the server to judge).
  for (const [key, value] of Object.entries(params)) {
    for (const one of Array.isArray(value) ? value : [value]) {
      if (one !== undefined && one !== null && one !== false) url.searchParams.append(key, String(one));
    }
  }
  let response;
  try {
    response = await fetch(url, { signal, headers: { Accept: "application/json" } });
  } catch (error) {
    if (isAbort(error)) throw error;
    throw new ApiError(`Cannot reach the link4 server (${error.message}).`, 0);
  }
  let body = null;
  try {
    body = await response.json();
  } catch (error) {
    if (isAbort(error)) throw error;
  }
  if (!response.ok) {
    const text = body && typeof body.error === "string" ? body.error : `${response.status} ${response.statusText}`;
    throw new ApiError(text, response.status);
  }
  if (body === null) throw new ApiError(`The server's answer to ${url.pathname} is not JSON.`, response.status);
  return body;
}

// `board` names the game's board and line: { size, inarow }, size "WxH" or null for the
// standard 7 x 6, inarow the discs in a row that win or null for four. (A link's own
// values may be lists, each value sent for the server to judge.)
export const info = (signal) => getJSON("api/info", {}, signal);

export const game = (pos, board, signal) => getJSON("api/game", { pos, ...board }, signal);

// timeLimit: the seconds the search may take (null: the server's limit).
export const analyze = (pos, board, { pv = false, timeLimit = null } = {}, signal) =>
  getJSON("api/analyze", { pos, ...board, pv: pv ? 1 : null, time_limit: timeLimit }, signal);

export const move = (pos, board, level, signal) => getJSON("api/move", { pos, ...board, level }, signal);

// Why the position is worth what it is: its threats, and the words in `lines`.
export const explain = (pos, board, timeLimit, signal) =>
  getJSON("api/explain", { pos, ...board, time_limit: timeLimit }, signal);

// The game reviewed move by move: every move's mark, the turning points, the value series.
export const review = (pos, board, signal) => getJSON("api/review", { pos, ...board }, signal);
