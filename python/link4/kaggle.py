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
plays every board link4 does (4 to 12 columns and 4 to 13 rows, up to 12 x 9, 11 x 10,
10 x 11 and 9 x 13: :data:`link4.rules.SIZES`) and every ``config.inarow`` from 3 to 6
that fits the board (Connect Four, or Connect 5 on 7 x 9, say): level 8,
the expert (see :class:`link4.Engine`), when the move budget allows it, level 7 (strong)
when it is short; their Elo ratings on the 7x6 ladder are
``link4.ratings.rating_of("8")`` and ``rating_of("7")``. The
budget is ``config.actTimeout`` less a safety margin of :data:`SAFETY_MARGIN` seconds.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from link4.game import Game
from link4.players import Engine
from link4.rules import (
    HEIGHT,
    INAROW,
    LARGEST_SIZES,
    MAX_HEIGHT,
    MAX_WIDTH,
    MIN_HEIGHT,
    MIN_WIDTH,
    WIDTH,
    check_inarow,
    is_supported_size,
)

__all__ = ["SAFETY_MARGIN", "agent", "board_size", "line_length", "move_budget"]

SAFETY_MARGIN = 0.5
"""Seconds kept back from Kaggle's ``actTimeout`` (process start-up, a busy machine)."""

DEFAULT_ACT_TIMEOUT = 2.0
"""ConnectX's ``actTimeout`` when the configuration does not give one."""


_EXPERT, _STRONG = "8", "7"  # the levels it plays with a budget long and short


def _expert_budget(width: int, height: int) -> float:
    """The move budget below which the agent plays level 7 rather than level 8.

    Level 7 answers in milliseconds; level 8 thinks for up to about a second per move
    early in the game: it searches to a node budget, and on the boards too big for a
    64-bit bitboard (its columns and their sentinel cells) the core goes at about a
    third of the speed (3.5 s for a first move on 9 x 12, 0.5 s on 7 x 6, measured).

    Returns:
        The budget in seconds.
    """
    return 1.5 if width * (height + 1) <= 64 else 4.0


_engines: dict[str, Engine] = {}


def _field(obj: Any, name: str, default: Any = None) -> Any:
    if isinstance(obj, Mapping):
        return obj.get(name, default)
    return getattr(obj, name, default)


def _whole_number(config: Any, name: str, default: int) -> int:
    # JSON configurations may write 6 as 6.0: a whole number of either type is taken.
    value = _field(config, name, default)
    if isinstance(value, bool) or not isinstance(value, (int, float)):
        raise TypeError(f"ConnectX's {name} is a number, not {type(value).__name__}")
    if isinstance(value, float) and not value.is_integer():
        raise ValueError(f"ConnectX's {name} is a whole number, not {value!r}")
    return int(value)


def move_budget(config: Any) -> float:
    """The seconds the agent may think per move: ``config.actTimeout`` less the margin.

    >>> move_budget({"actTimeout": 2})
    1.5

    Args:
        config: The ConnectX configuration, an object with attributes or a dict.

    Returns:
        ``config.actTimeout`` (ConnectX's default, 2, when it gives none) less
        :data:`SAFETY_MARGIN`, and at least 0.

    Raises:
        ValueError: ``actTimeout`` is a string that is no number.
        TypeError: ``actTimeout`` is neither a number nor a string.
    """
    timeout = _field(config, "actTimeout", None)
    if timeout is None:
        timeout = DEFAULT_ACT_TIMEOUT
    return max(float(timeout) - SAFETY_MARGIN, 0.0)


def board_size(config: Any) -> tuple[int, int]:
    """The board size of the ConnectX game of ``config``.

    >>> board_size({"rows": 8, "columns": 5, "inarow": 4})
    (5, 8)

    Args:
        config: The ConnectX configuration, an object with attributes or a dict
            (``rows`` and ``columns``; those missing are 7 x 6).

    Returns:
        (width, height), its columns and rows.

    Raises:
        ValueError: A board out of link4's range (the message says what link4 plays),
            or a number that is not whole.
        TypeError: ``rows`` or ``columns`` is not a number.
    """
    rows = _whole_number(config, "rows", HEIGHT)
    columns = _whole_number(config, "columns", WIDTH)
    if not is_supported_size(columns, rows):
        largest = ", ".join(f"{h} x {w}" for w, h in LARGEST_SIZES)
        raise ValueError(
            f"link4 plays {MIN_HEIGHT} to {MAX_HEIGHT} rows and {MIN_WIDTH} to {MAX_WIDTH} "
            f"columns, rows x columns {largest} at most; this ConnectX game has {rows} rows "
            f"and {columns} columns"
        )
    return columns, rows


def line_length(config: Any, width: int, height: int) -> int:
    """The line that wins in the ConnectX game of ``config`` (``inarow``; four if missing).

    >>> line_length({"rows": 9, "columns": 7, "inarow": 5}, 7, 9)
    5

    Args:
        config: The ConnectX configuration, an object with attributes or a dict.
        width: Its board's columns (:func:`board_size`).
        height: Its board's rows.

    Returns:
        The number of discs in a row that wins.

    Raises:
        ValueError: A line link4 does not play on that board (3 to 6 in a row, and one
            that fits it), or a number that is not whole.
        TypeError: ``inarow`` is not a number.
    """
    return check_inarow(_whole_number(config, "inarow", INAROW), width, height)


def _engine(level: str) -> Engine:
    # One engine per level for the whole episode: its solver keeps its table between
    # moves (agent() starts each episode with new ones).
    engine = _engines.get(level)
    if engine is None:
        engine = _engines[level] = Engine(level, seed=0)
    return engine


def agent(obs: Any, config: Any) -> int:
    """Choose the move for the ConnectX observation ``obs``: Kaggle's agent function.

    >>> agent({"board": [0] * 42, "mark": 1}, {"actTimeout": 1})   # level 7: the centre
    3

    Args:
        obs: The observation, an object with attributes or a dict: ``board`` (the
            cells, top row first) and ``mark`` (the side to move, 1 or 2; the board's
            side to move if missing).
        config: The configuration, an object with attributes or a dict: ``rows``,
            ``columns``, ``inarow`` and ``actTimeout``.

    Returns:
        The move, a 0-based column, as a plain int.

    Raises:
        ValueError: A game that link4 does not play (see :func:`board_size` and
            :func:`line_length`), an
            observation without a board, a board that no game reaches or of another
            size than the configuration's (:class:`link4.BoardError`), or an
            ``obs.mark`` that is not the side to move.
        TypeError: ``rows``, ``columns`` or ``inarow`` is not a number.
    """
    width, height = board_size(config)
    inarow = line_length(config, width, height)
    board = _field(obs, "board")
    if board is None:
        raise ValueError("the observation has no board (obs.board)")
    game = Game.from_board(list(board), width=width, height=height, inarow=inarow)
    mark = _field(obs, "mark", int(game.turn))
    if mark != game.turn:
        raise ValueError(
            f"obs.mark is {mark}, but the board has player {int(game.turn)} to move "
            f"({game.ply} discs down)"
        )
    if game.ply < 2:
        # The agent's first move of an episode: new engines, so that an episode is played
        # alike whatever the process played before (locally, one process plays many).
        _engines.clear()
    level = _EXPERT if move_budget(config) >= _expert_budget(width, height) else _STRONG
    return int(_engine(level).choose(game))
