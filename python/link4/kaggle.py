"""Kaggle ConnectX: an agent for ``kaggle_environments``.

>>> from link4.kaggle import agent
>>> board = [0] * 42
>>> board[35:42] = [1, 1, 1, 0, 0, 0, 2]    # the bottom row: three of the first player's
>>> board[28:30] = [2, 2]
>>> agent({"board": board, "mark": 1}, {"rows": 6, "columns": 7, "inarow": 4})
3

The agent reads the board from ``obs.board`` (``config.rows`` x ``config.columns`` cells,
top row first: 0 empty, 1 the first player, 2 the second) and its side from ``obs.mark``;
``obs`` and ``config`` may be objects with attributes (as Kaggle passes them) or dicts. It
plays every board link4 does (4 to 9 columns, 4 to 12 rows) with four in a row: level 5
(see ``link4.Engine``) when the move budget allows it, level 4 when it is short. The
budget is ``config.actTimeout`` less a safety margin of ``SAFETY_MARGIN`` seconds.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from link4._rules import HEIGHT, MAX_HEIGHT, MAX_WIDTH, MIN_HEIGHT, MIN_WIDTH, WIDTH
from link4.game import Game
from link4.player import Engine

__all__ = ["SAFETY_MARGIN", "agent", "board_size", "move_budget"]

SAFETY_MARGIN = 0.5
"""Seconds kept back from Kaggle's ``actTimeout`` (process start-up, a busy machine)."""

DEFAULT_ACT_TIMEOUT = 2.0
"""ConnectX's ``actTimeout`` when the configuration does not give one."""


def _level_5_budget(width: int, height: int) -> float:
    """The move budget below which the agent plays level 4, which answers in
    milliseconds, rather than level 5, which thinks for up to about a second per move
    early in the game: level 5 searches to a node budget, and on the boards too big
    for a 64-bit bitboard (its columns and their sentinel cells) the core goes at about
    a third of the speed (3.5 s for a first move on 9 x 12, 0.5 s on 7 x 6, measured)."""
    return 1.5 if width * (height + 1) <= 64 else 4.0


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


def board_size(config: Any) -> tuple[int, int]:
    """(width, height) of the ConnectX game of ``config``: its columns and rows.

    ValueError, saying what link4 plays, for a board out of its range or a game of
    other than four in a row.

    >>> board_size({"rows": 8, "columns": 5, "inarow": 4})
    (5, 8)
    """
    rows = _field(config, "rows", HEIGHT)
    columns = _field(config, "columns", WIDTH)
    inarow = _field(config, "inarow", 4)
    if (
        inarow != 4
        or not MIN_WIDTH <= columns <= MAX_WIDTH
        or not MIN_HEIGHT <= rows <= MAX_HEIGHT
    ):
        raise ValueError(
            f"link4 plays four in a row on {MIN_HEIGHT} to {MAX_HEIGHT} rows and "
            f"{MIN_WIDTH} to {MAX_WIDTH} columns; this ConnectX game has {rows} "
            f"rows, {columns} columns and {inarow} in a row"
        )
    return columns, rows


def _engine(level: str) -> Engine:
    # One engine per level for the whole episode: its solver keeps its table between moves.
    engine = _engines.get(level)
    if engine is None:
        engine = _engines[level] = Engine(level, seed=0)
    return engine


def agent(obs: Any, config: Any) -> int:
    """The move (a 0-based column, as a plain int) for the ConnectX observation ``obs``.

    Raises ValueError for a game that link4 does not play (see ``board_size``), for a
    board that no game reaches or of another size than the configuration's
    (link4.BoardError) and for an ``obs.mark`` that is not the side to move.
    """
    width, height = board_size(config)
    board = _field(obs, "board")
    if board is None:
        raise ValueError("the observation has no board (obs.board)")
    game = Game.from_board(list(board), width=width, height=height)
    mark = _field(obs, "mark", int(game.turn))
    if mark != game.turn:
        raise ValueError(
            f"obs.mark is {mark}, but the board has player {int(game.turn)} to move "
            f"({game.ply} discs down)"
        )
    level = "5" if move_budget(config) >= _level_5_budget(width, height) else "4"
    return int(_engine(level).choose(game))
