"""Kaggle ConnectX: an agent for ``kaggle_environments``.

>>> from link4.kaggle import agent
>>> board = [0] * 42
>>> board[35:42] = [1, 1, 1, 0, 0, 0, 2]    # the bottom row: three of the first player's
>>> board[28:30] = [2, 2]
>>> agent({"board": board, "mark": 1}, {"rows": 6, "columns": 7, "inarow": 4})
3

The agent reads the board from ``obs.board`` (42 cells, top row first: 0 empty, 1 the
first player, 2 the second) and its side from ``obs.mark``; ``obs`` and ``config`` may be
objects with attributes (as Kaggle passes them) or dicts. It plays level 5 (see
``link4.Engine``) when the move budget allows it, level 4 when it is short. The budget is
``config.actTimeout`` less a safety margin of ``SAFETY_MARGIN`` seconds.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from link4.game import HEIGHT, WIDTH, Game
from link4.player import Engine

__all__ = ["SAFETY_MARGIN", "agent", "move_budget"]

SAFETY_MARGIN = 0.5
"""Seconds kept back from Kaggle's ``actTimeout`` (process start-up, a busy machine)."""

DEFAULT_ACT_TIMEOUT = 2.0
"""ConnectX's ``actTimeout`` when the configuration does not give one."""

# Level 5 thinks for up to about a second per move early in the game; below this budget
# the agent plays level 4, which answers in milliseconds.
_LEVEL_5_BUDGET = 1.5

_engines: dict[str, Engine] = {}


def _field(obj: Any, name: str, default: Any = None) -> Any:
    if isinstance(obj, Mapping):
        return obj.get(name, default)
    return getattr(obj, name, default)


def move_budget(config: Any) -> float:
    """The seconds the agent may think per move: ``config.actTimeout`` less the margin.

    >>> move_budget({"actTimeout": 2})
    1.5
    """
    timeout = _field(config, "actTimeout", None)
    if timeout is None:
        timeout = DEFAULT_ACT_TIMEOUT
    return max(float(timeout) - SAFETY_MARGIN, 0.0)


def _check_size(config: Any) -> None:
    rows = _field(config, "rows", HEIGHT)
    columns = _field(config, "columns", WIDTH)
    inarow = _field(config, "inarow", 4)
    if (rows, columns, inarow) != (HEIGHT, WIDTH, 4):
        raise ValueError(
            f"link4 plays {HEIGHT} rows, {WIDTH} columns and four in a row; this ConnectX "
            f"game has {rows} rows, {columns} columns and {inarow} in a row"
        )


def _engine(level: str) -> Engine:
    # One engine per level for the whole episode: its solver keeps its table between moves.
    engine = _engines.get(level)
    if engine is None:
        engine = _engines[level] = Engine(level, seed=0)
    return engine


def agent(obs: Any, config: Any) -> int:
    """The move (a 0-based column, as a plain int) for the ConnectX observation ``obs``.

    Raises ValueError for a board size other than 6 by 7 with four in a row, for a board
    that no game reaches (link4.BoardError) and for an ``obs.mark`` that is not the side
    to move.
    """
    _check_size(config)
    board = _field(obs, "board")
    if board is None:
        raise ValueError("the observation has no board (obs.board)")
    game = Game.from_board(list(board))
    mark = _field(obs, "mark", int(game.turn))
    if mark != game.turn:
        raise ValueError(
            f"obs.mark is {mark}, but the board has player {int(game.turn)} to move "
            f"({game.ply} discs down)"
        )
    level = "5" if move_budget(config) >= _LEVEL_5_BUDGET else "4"
    return int(_engine(level).choose(game))
