"""The analysis of a position as one JSON document, built here for every caller.

``link4 analyze --json`` prints it and the web server's ``/api/analyze`` answers it: the
same fields, the same numbers, for the same position. Its fields are described once, in
the documentation of the HTTP API (:doc:`/web`). Columns are 0-based where they are
columns (``column``, ``best``) and written in move-string notation where they are moves
(``move``, ``pos``, ``pv``: 1 for the leftmost column, ``a`` to ``c`` for columns 10 to 12),
as everywhere in link4.

>>> from link4 import Game, Solver
>>> doc = analysis(Game("4455"), Solver(table_mb=4))
>>> doc["words"], doc["best"]
('red wins with its 4th disc (in 2 moves)', [2, 5])
>>> third = doc["columns"][2]
>>> third["column"], third["move"], third["score"], third["result"], third["in"]
(2, '3', 18, 'win', 2)
>>> third["words"]
'you win with your 4th disc (in 2 moves)'
"""

from __future__ import annotations

import time
from typing import Any

from link4.engine import ColumnValue, Solver
from link4.game import Game, PositionLike, as_game
from link4.limit import NO_LIMIT, Limit
from link4.rules import move_string
from link4.score import best_columns
from link4.wording import bound_words, column_words, describe_score, hint_bound_words, moves_to_go

__all__ = ["analysis"]


def analysis(
    game: PositionLike,
    solver: Solver,
    *,
    weak: bool = False,
    pv: bool = False,
    limit: Limit = NO_LIMIT,
) -> dict[str, Any]:
    """Each column's exact score or proven bounds, in numbers and words, as one document.

    Also the position's value, its best columns and, with ``pv``, the best line.

    Args:
        game: A game that is not over: a :class:`link4.Game` or a move string (of the
            board the solver was made for, else of 7 x 6).
        solver: The solver to search on (its book and table are used).
        weak: Outcomes only: scores -1, 0 and 1.
        pv: Add the best line (``pv``, its moves as a move string) and whether it reaches
            the end of the game (``pv_complete``); it needs every score exact.
        limit: The budget of the whole analysis, the best line included (see
            :class:`link4.Limit`).

    Returns:
        The document: the position's value, each column's (None for a full column), and
        the search's ``nodes`` and ``seconds``.

    Raises:
        TimeoutError: ``pv`` is asked and the scores are not all exact within
            ``limit``.
        link4.GameOverError: The game is over.
        link4.SizeMismatchError: A game of another size than the board the solver was
            made for.
        ValueError: ``pv`` and ``weak`` together (the best line needs exact scores).

    Example:
        >>> doc = analysis(Game("4455"), Solver(table_mb=4), weak=True)
        >>> doc["score"], [c and c["result"] for c in doc["columns"]][:3]
        (1, ['loss', 'loss', 'win'])
        >>> analysis("112233", Solver(table_mb=4, width=6, height=5))["score"]   # a 6 x 5 position
        12
    """
    game = as_game(game, solver.named_board)
    if weak and pv:
        raise ValueError("the best line needs exact scores: ask for it without weak")
    started = time.monotonic()
    values = solver.analyze(game, weak=weak, limit=limit)
    nodes = solver.nodes
    doc = _summary(game, values, weak)
    if pv:
        if not doc["exact"]:
            seconds = "" if limit.time_limit is None else f" ({limit.time_limit:g} s)"
            raise TimeoutError(f"the scores are not all exact within the time limit{seconds}: no best line")
        # The best line has what is left of the time limit.
        left = None if limit.time_limit is None else max(started + limit.time_limit - time.monotonic(), 1e-3)
        end = game.copy()
        for col in solver.pv(game, limit=limit.within(left)):
            end.play(col)
        doc["pv"], doc["pv_complete"] = end.moves[game.ply :], end.is_over()
    doc["nodes"] = nodes
    doc["seconds"] = round(time.monotonic() - started, 6)
    return doc


def _result(lower: int, upper: int) -> str:
    """What bounds on a score say of the outcome."""
    if lower > 0:
        return "win"
    if upper < 0:
        return "loss"
    if lower == upper == 0:
        return "draw"
    if lower == 0:
        return "win or draw"
    if upper == 0:
        return "draw or loss"
    return "unknown"


def _column(game: Game, col: int, value: ColumnValue, weak: bool) -> dict[str, Any] | None:
    """One column's entry: its move, bounds, result and words (None when full)."""
    if value is None:
        return None
    ply, width, height = game.ply, game.width, game.height
    lower, upper = (value, value) if isinstance(value, int) else (value.lower, value.upper)
    exact = lower == upper
    result = _result(lower, upper)
    if weak:
        words = {"win": "you win", "loss": "you lose", "draw": "a draw"}.get(result, result)
    elif exact:
        words = column_words(lower, ply, width=width, height=height)
    else:
        words = hint_bound_words(lower, upper, ply=ply, width=width, height=height)
    return {
        "column": col,
        "move": move_string([col]),
        "exact": exact,
        "score": lower if exact else None,
        "lower": lower,
        "upper": upper,
        "result": result,
        "in": moves_to_go(lower, ply, width, height) if exact and lower and not weak else None,
        "words": words,
    }


def _position_words(game: Game, lower: int, upper: int, weak: bool) -> str:
    mover = game.turn
    if lower != upper:
        return bound_words(lower, upper, mover, width=game.width, height=game.height)
    if weak:
        return "draw with best play" if lower == 0 else f"{mover if lower > 0 else mover.other} wins"
    return describe_score(lower, game.ply, width=game.width, height=game.height)


def _summary(game: Game, values: list[ColumnValue], weak: bool) -> dict[str, Any]:
    """The document without the search's figures: the position's value from its columns'."""
    columns = [_column(game, col, value, weak) for col, value in enumerate(values)]
    playable = [c for c in columns if c is not None]
    lower = max(c["lower"] for c in playable)
    upper = max(c["upper"] for c in playable)
    exact = all(c["exact"] for c in playable)
    return {
        "pos": game.moves,
        "width": game.width,
        "height": game.height,
        "inarow": game.inarow,
        "to_move": str(game.turn),
        "weak": weak,
        "exact": exact,
        "score": lower if exact else None,
        "lower": lower,
        "upper": upper,
        "words": _position_words(game, lower, upper, weak),
        "best": best_columns(values),
        "columns": columns,
    }
