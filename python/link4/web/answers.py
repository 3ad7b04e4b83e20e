"""The answers of the HTTP API as plain values, with no web framework in sight.

Each endpoint's function reads the request's query parameters (a mapping of name to
the list of values given) at once, raising :class:`ApiError` with the HTTP status and a
message that names what is wrong; those that search return the search still to run, a
function of the :class:`link4.Solver` to run it on that gives the JSON answer as a dict.
The server (:mod:`link4.web.app`) owns the solvers, the threads and the time limit,
which it gives each function as a :class:`link4.Limit`.

>>> from link4 import Limit, Solver
>>> search = solve({"pos": ["4455"]}, limit=Limit(time_limit=5.0))
>>> search(Solver(table_mb=16))
{'pos': '4455', 'score': [-4, -3, 18, 2, 2, 18, -3]}
"""

from __future__ import annotations

import math
from collections.abc import Callable, Mapping, Sequence
from typing import Any

from link4.analysis import analysis
from link4.engine import SearchResult, Solver
from link4.errors import BoardError, IllegalMoveError, InarowError, InvalidMoveError, quoted
from link4.explain import explain as explanation
from link4.game import HEIGHT, WIDTH, Game
from link4.game_review import review as review_game
from link4.limit import Limit
from link4.players import Engine
from link4.rules import INAROW, MAX_INAROW, MIN_INAROW, move_string, parse_size
from link4.svg import board
from link4.web.rounds import analysis_in_rounds

__all__ = [
    "FULL_COLUMN",
    "ApiError",
    "Query",
    "Search",
    "analyze",
    "explain",
    "game",
    "move",
    "read_game",
    "read_limit",
    "review",
    "solve",
]

Query = Mapping[str, Sequence[str]]
"""Query parameters: each name with the values given for it, in order."""

Search = Callable[[Solver], dict[str, Any]]
"""A search still to run: given a Solver, it gives the JSON answer."""

FULL_COLUMN = 100
"""What ``/solve`` says of a column that cannot be played (as the gamesolver endpoint)."""

_MAX_SEED = 2**63


class ApiError(Exception):
    """A request the API refuses.

    The server answers it with ``status`` and ``{"error": message}``. Each argument is
    kept as the attribute of the same name.

    Args:
        status: the HTTP status, such as 400 for a bad request or 503 for a busy server.
        message: says why, to the client.
        retry_after: the seconds after which the same request may succeed, if any (the
            answer's ``Retry-After``).

    Example:
        >>> try:
        ...     read_game({"pos": ["4458"]})
        ... except ApiError as error:
        ...     print(error.status, error.message)
        400 invalid move string '4458': character 4 is '8', ...
    """

    def __init__(self, status: int, message: str, *, retry_after: int | None = None) -> None:
        super().__init__(message)
        self.status = status
        self.message = message
        self.retry_after = retry_after


def _single(query: Query, name: str) -> str | None:
    """The one value of a parameter, None when absent; 400 when given twice."""
    values = query.get(name)
    if not values:
        return None
    if len(values) > 1:
        raise ApiError(400, f"{name} is given {len(values)} times: give it once")
    return values[0]


def _flag(query: Query, name: str) -> bool:
    value = _single(query, name)
    word = "" if value is None else value.lower()
    if word not in ("1", "true", "yes", "0", "false", "no", ""):
        raise ApiError(400, f"{name} is 1 or 0 (true or false), not {quoted(value)}")
    return word in ("1", "true", "yes")


def _only(query: Query, *known: str) -> None:
    """400 for a parameter the endpoint does not take (a typo would go unnoticed)."""
    unknown = sorted(set(query) - set(known))
    if unknown:
        raise ApiError(
            400, f"unknown parameter {quoted(unknown[0])}: this endpoint takes {', '.join(known)}"
        )


def _inarow(query: Query) -> int:
    """The request's ``inarow`` as an int, four when absent; checked against the board later."""
    text = _single(query, "inarow")
    if text is None:
        return INAROW
    # Two digits at most: a longer number is out of range anyway, and is quoted cut short.
    if not (text.isascii() and text.isdigit() and len(text) <= 2):
        raise ApiError(
            400,
            f"inarow is the number of discs in a row that wins, {MIN_INAROW} to {MAX_INAROW}, "
            f"not {quoted(text)}",
        )
    return int(text)


def read_game(query: Query) -> Game:
    """The game of the request's ``pos`` on the board of its ``size``, won by ``inarow`` in a row.

    Args:
        query: the query parameters: ``pos``, a move string of 1-based columns (empty for
            the empty board), ``size`` (``WxH``) for a board other than 7 x 6 and
            ``inarow`` for a line other than four (3 to 6, one that fits the board).

    Returns:
        The game after those moves.

    Raises:
        ApiError: 400 naming what is wrong: ``pos`` missing, a parameter given twice, a
            board size or line link4 does not play, a malformed or illegal move.

    Example:
        >>> read_game({"pos": ["4453"], "size": ["6x5"]})
        Game('4453', width=6, height=5)
        >>> read_game({"pos": ["4453"], "size": ["7x9"], "inarow": ["5"]})
        Game('4453', width=7, height=9, inarow=5)
    """
    size = _single(query, "size")
    moves = _single(query, "pos")
    inarow = _inarow(query)
    if moves is None:
        raise ApiError(400, "pos is missing: give the moves, as in ?pos=4453 (?pos= for the empty board)")
    try:
        width, height = (WIDTH, HEIGHT) if size is None else parse_size(size)
        return Game(moves, width=width, height=height, inarow=inarow)
    except (InvalidMoveError, IllegalMoveError, BoardError, InarowError) as error:
        raise ApiError(400, str(error)) from None


def read_limit(query: Query, server: Limit) -> Limit:
    """The limit of a search: the request's ``time_limit`` when given, never past the server's.

    Args:
        query: the query parameters; ``time_limit`` is the seconds the request allows.
        server: the server's limit.

    Returns:
        The server's limit with the smaller of the two time limits (``server`` itself
        when the request gives none).

    Raises:
        ApiError: 400 when ``time_limit`` is given twice or is not a finite number of
            seconds > 0.

    Example:
        >>> server = Limit(time_limit=5.0)
        >>> read_limit({"time_limit": ["0.5"]}, server), read_limit({"time_limit": ["60"]}, server)
        (Limit(time_limit=0.5, node_limit=None), Limit(time_limit=5.0, node_limit=None))
    """
    text = _single(query, "time_limit")
    if text is None:
        return server
    try:
        asked = float(text)
    except ValueError:
        asked = math.nan
    if not 0 < asked < math.inf:
        raise ApiError(400, f"time_limit is a number of seconds > 0, not {quoted(text)}")
    return server.within(asked)


def _running(game: Game) -> Game:
    outcome = game.outcome()
    if outcome is not None:
        raise ApiError(400, f"pos={quoted(game.moves)}: the game is over ({outcome}): nothing to search")
    return game


def _timed_out(limit: Limit) -> ApiError:
    within = "its limit" if limit.time_limit is None else f"the time limit ({limit.time_limit:g} s)"
    return ApiError(503, f"the search did not finish within {within}: no exact scores")


def solve(query: Query, *, limit: Limit) -> Search:
    """``/solve``: each column's exact score for the side to move, as the gamesolver endpoint answers.

    ``FULL_COLUMN`` where the column is full; a 503 rather than a guess. (Other
    parameters are let be, as clients of that endpoint may add their own.)

    Args:
        query: the query parameters: ``pos``, ``size`` and ``inarow`` (read as
            :func:`read_game` reads them) and ``time_limit`` (as :func:`read_limit` reads it).
        limit: the server's limit.

    Returns:
        The search still to run: given a solver, it returns ``{"pos": ..., "score":
        [...]}``, one score per column, or raises :class:`ApiError` (503) when it does
        not finish within the time limit.

    Raises:
        ApiError: 400 for a bad position or ``time_limit``, or a game that is over.

    Example:
        >>> from link4 import Limit, Solver
        >>> solve({"pos": ["111111"]}, limit=Limit(time_limit=5.0))(Solver(table_mb=4))   # column 1 is full
        {'pos': '111111', 'score': [100, -2, 0, 1, -2, 0, -2]}
    """
    game = _running(read_game(query))
    limit = read_limit(query, limit)

    def search(solver: Solver) -> dict[str, Any]:
        scores: list[int] = []
        for value in solver.analyze(game, limit=limit):
            if isinstance(value, SearchResult):
                raise _timed_out(limit)
            scores.append(FULL_COLUMN if value is None else value)
        return {"pos": game.moves, "score": scores}

    return search


def analyze(query: Query, *, limit: Limit, gone: Callable[[], bool] = lambda: False) -> Search:
    """``/api/analyze``: each column's exact score or proven bounds, in numbers and words.

    Also the best columns, the position's value and, with ``pv=1``, the best line: the
    document of :func:`link4.analysis.analysis`, which ``link4 analyze --json`` prints too.
    Without ``pv`` it is searched in rounds (:mod:`link4.web.rounds`): when ``gone()``
    says the client has gone, the search stops after the round under way.

    Args:
        query: the query parameters: ``pos``, ``size``, ``inarow``, ``weak`` (outcomes
            only), ``pv`` (the best line) and ``time_limit``; no others.
        limit: the server's limit.
        gone: whether nobody waits for the answer any more (by default, never).

    Returns:
        The search still to run: given a solver, it returns the answer (the position's
        value, each column's, and the search's nodes and seconds); with ``pv=1`` it
        raises :class:`ApiError` (503) when the scores are not all exact within the
        time limit.

    Raises:
        ApiError: 400 for an unknown parameter, a bad position, flag or ``time_limit``,
            a game that is over, or ``pv=1`` with ``weak=1``.

    Example:
        >>> from link4 import Limit, Solver
        >>> answer = analyze({"pos": ["4455"]}, limit=Limit(time_limit=5.0))(Solver(table_mb=4))
        >>> answer["words"], answer["best"]
        ('red wins with its 4th disc (in 2 moves)', [2, 5])
    """
    _only(query, "pos", "size", "inarow", "weak", "pv", "time_limit")
    game = _running(read_game(query))
    weak, want_pv = _flag(query, "weak"), _flag(query, "pv")
    if weak and want_pv:
        raise ApiError(400, "the best line needs exact scores: ask for pv=1 without weak=1")
    limit = read_limit(query, limit)

    def search(solver: Solver) -> dict[str, Any]:
        if not want_pv:
            return analysis_in_rounds(game, solver, weak=weak, limit=limit, gone=gone)
        try:
            return analysis(game, solver, pv=True, limit=limit)
        except TimeoutError:
            raise _timed_out(limit) from None

    return search


def explain(query: Query, *, limit: Limit) -> Search:
    """``/api/explain``: why the position is worth what it is (:func:`link4.explain`).

    The verdict, each side's threats, the parity rule of thumb, the static rules that
    prove the result and the best line; a game that is over is explained too (its
    outcome and threats). Cut short by the time limit, the verdict says what was
    proven and the line is empty, rather than a 503.

    Args:
        query: the query parameters: ``pos``, ``size``, ``inarow`` and ``time_limit``; no
            others.
        limit: the server's limit.

    Returns:
        The search still to run: given a solver, it returns
        :meth:`link4.Explanation.to_dict`.

    Raises:
        ApiError: 400 for an unknown parameter, a bad position or ``time_limit``.

    Example:
        >>> from link4 import Limit, Solver
        >>> answer = explain({"pos": ["44556"]}, limit=Limit(time_limit=5.0))(Solver(table_mb=4))
        >>> answer["verdict"], answer["line"], answer["end_move"]
        ('red wins with its 4th disc (at once)', '43', 7)
    """
    return _document_of_game(
        query, limit, lambda game, solver, within: explanation(game, solver=solver, limit=within).to_dict()
    )


def _document_of_game(
    query: Query, server: Limit, make: Callable[[Game, Solver, Limit], dict[str, Any]]
) -> Search:
    # The search of an endpoint whose answer is a document about the game of pos (and
    # size and inarow), made within time_limit.
    _only(query, "pos", "size", "inarow", "time_limit")
    game = read_game(query)
    limit = read_limit(query, server)

    def search(solver: Solver) -> dict[str, Any]:
        return make(game, solver, limit)

    return search


def move(query: Query, *, limit: Limit, levels: Sequence[str]) -> Search:
    """``/api/move``: the move of the engine at ``level``.

    Its choices are drawn with ``seed`` when given (the same seed, the same move).

    Args:
        query: the query parameters: ``pos``, ``size``, ``inarow``, ``level``, ``seed``
            (0 to 2**63 - 1) and ``time_limit``; no others.
        limit: the server's limit.
        levels: the levels the server offers, such as ``link4.players.LEVELS``.

    Returns:
        The search still to run: given a solver, it returns the engine's column
        (0-based), its move (1-based) and the position after it.

    Raises:
        ApiError: 400 for an unknown parameter, a bad position, level, seed or
            ``time_limit``, or a game that is over.

    Example:
        >>> from link4 import Limit, Solver
        >>> search = move({"pos": ["4455"], "level": ["perfect"], "seed": ["1"]},
        ...               limit=Limit(time_limit=5.0), levels=["perfect"])
        >>> search(Solver(table_mb=4))["pos_after"]
        '44553'
    """
    _only(query, "pos", "size", "inarow", "level", "seed", "time_limit")
    game = _running(read_game(query))
    level = (_single(query, "level") or "").strip().lower()
    if level not in levels:
        raise ApiError(400, f"level is one of {', '.join(levels)}, not {quoted(level)}")
    seed_text = _single(query, "seed")
    seed = None
    if seed_text is not None:
        if not (seed_text.isascii() and seed_text.isdigit() and int(seed_text) < _MAX_SEED):
            raise ApiError(400, f"seed is a whole number from 0 to 2**63 - 1, not {quoted(seed_text)}")
        seed = int(seed_text)
    limit = read_limit(query, limit)

    def search(solver: Solver) -> dict[str, Any]:
        col = Engine(level, seed=seed, time_limit=limit.time_limit, solver=solver).choose(game)
        after = game.copy()
        after.play(col)
        return {
            "pos": game.moves,
            "level": level,
            "column": col,
            "move": move_string([col]),
            "pos_after": after.moves,
        }

    return search


def review(query: Query, *, limit: Limit) -> Search:
    """``/api/review``: the game reviewed move by move, the document ``link4 review --json`` prints.

    Each move's mark, each side's summary, the turning points and the value after every
    ply (:meth:`link4.Review.to_dict`). A game that is over is reviewed as well. The
    time limit covers the whole review: where it runs out, the values left are bounds
    and a move is marked only where they decide its mark.

    Args:
        query: the query parameters: ``pos``, ``size``, ``inarow`` and ``time_limit``; no
            others.
        limit: the server's limit.

    Returns:
        The search still to run: given a solver, it returns the review's document.

    Raises:
        ApiError: 400 for an unknown parameter, a bad position or ``time_limit``.

    Example:
        >>> from link4 import Limit, Solver
        >>> search = review({"pos": ["4444332"], "size": ["5x4"]}, limit=Limit(time_limit=5.0))
        >>> [m["mark"] for m in search(Solver(table_mb=4))["moves"]][:3]
        ['best', 'best', 'mistake']
    """
    return _document_of_game(
        query, limit, lambda game, solver, within: review_game(game, solver=solver, limit=within).to_dict()
    )


def game(query: Query) -> dict[str, Any]:
    """``/api/game``: the position itself, no search.

    Who moves, the legal columns, the outcome and its line of four (of ``inarow``), and
    the SVG picture of the board.

    Args:
        query: the query parameters: ``pos``, ``size`` and ``inarow``; no others.

    Returns:
        The JSON answer: the board (``width``, ``height``, ``inarow``), ``to_move``
        (None once the game is over), ``legal`` (0-based columns), ``moves`` (the discs
        down), ``over``, ``outcome`` (its ``result``, ``winner`` and ``line``) and ``svg``.

    Raises:
        ApiError: 400 for an unknown parameter or a bad position.

    Example:
        >>> answer = game({"pos": ["4455667"]})
        >>> answer["over"], answer["outcome"]["result"], answer["outcome"]["line"]
        (True, 'red wins', [[3, 0], [4, 0], [5, 0], [6, 0]])
    """
    _only(query, "pos", "size", "inarow")
    position = read_game(query)
    outcome = position.outcome()
    return {
        "pos": position.moves,
        "width": position.width,
        "height": position.height,
        "inarow": position.inarow,
        "moves": position.ply,
        "to_move": None if outcome is not None else str(position.turn),
        "legal": position.legal_moves(),
        "over": outcome is not None,
        "outcome": None
        if outcome is None
        else {
            "result": "draw" if outcome.winner is None else f"{outcome.winner} wins",
            "winner": None if outcome.winner is None else str(outcome.winner),
            "line": [list(cell) for cell in outcome.line],
        },
        "svg": board(position),
    }
