"""Any batch of positions as link4 Games or move strings.

Those of a :class:`link4.vector.VectorEnv` (with the moves in the order they were
played), or a batch of observation planes from any environment that uses them (link4's,
PettingZoo's ``connect_four_v3``, pgx's), for labelling with
:func:`link4.analyze_many`.
"""

from __future__ import annotations

from typing import Any

import numpy as np

from link4.errors import size_mismatch_error
from link4.game import Game, Player
from link4.rules import INAROW, check_inarow
from link4.vector.env import VectorEnv

__all__ = ["games", "positions"]


def games(
    states: VectorEnv | Any, player: Player | int | None = None, *, inarow: int | None = None
) -> list[Game]:
    """The games of ``states``.

    For observations the order of the moves is one that reaches the board (a board does
    not say in which order it was filled).

    >>> import numpy as np
    >>> from link4 import Game
    >>> planes = np.stack([Game("44").to_planes(), Game("4453").to_planes()])
    >>> [g.moves for g in games(planes)]        # "5344" reaches the board of "4453"
    ['44', '5344']
    >>> games(planes)[1] == Game("4453")
    True

    Args:
        states: A VectorEnv (each environment's current game), or observations of shape
            (n, height, width, 2) or (height, width, 2), the board's size being their
            shape.
        player: Whose discs plane 0 of the observations holds (None: the side to move's,
            as in an observation about to be acted on; see
            :meth:`link4.Game.from_planes`). Not used for a VectorEnv.
        inarow: The line that wins in the observations' games (None: four; planes do
            not say it, and a board that one line reaches may be over, or unreachable,
            with another). A VectorEnv's games are of its own line (None: that one).

    Returns:
        One :class:`link4.Game` per environment or observation.

    Raises:
        ValueError: The observations are not of one of those shapes.
        TypeError: ``inarow`` is not an int.
        link4.SizeMismatchError: ``inarow`` is not the line of the VectorEnv given.
        link4.BoardError: Planes that no legal game reaches.
        link4.BoardSizeError: Planes of a size link4 does not play.
        link4.InarowError: A line link4 does not play on the planes' board.
    """
    if isinstance(states, VectorEnv):
        _check_line(states, inarow)
        return states.games()
    planes = np.asarray(states)
    if planes.ndim == 3:
        planes = planes[np.newaxis]
    if planes.ndim != 4 or planes.shape[-1] != 2:
        raise ValueError(f"observations of shape (n, height, width, 2), not {planes.shape}")
    line = INAROW if inarow is None else inarow
    return [Game.from_planes(p, player=player, inarow=line) for p in planes]


def positions(
    states: VectorEnv | Any, player: Player | int | None = None, *, inarow: int | None = None
) -> list[str]:
    """The move strings of ``games(states, player, inarow=inarow)``.

    For observations the order of the moves is one that reaches the board (a board does
    not say in which order it was filled), and every such order has the same exact
    score.

    >>> from link4 import Game
    >>> positions(Game("4453").to_planes())
    ['5344']

    Args:
        states: A VectorEnv or observations, as :func:`games` takes.
        player: Whose discs plane 0 of the observations holds (None: the side to
            move's). Not used for a VectorEnv.
        inarow: The line that wins in the observations' games (None: four), as
            :func:`games` takes it.

    Returns:
        One move string (1-based columns) per environment or observation.

    Raises:
        ValueError: The observations are not of one of the shapes :func:`games` takes.
        TypeError: ``inarow`` is not an int.
        link4.SizeMismatchError: ``inarow`` is not the line of the VectorEnv given.
        link4.BoardError: Planes that no legal game reaches.
        link4.BoardSizeError: Planes of a size link4 does not play.
        link4.InarowError: A line link4 does not play on the planes' board.
    """
    if isinstance(states, VectorEnv):
        _check_line(states, inarow)
        return states.positions()
    return [g.moves for g in games(states, player, inarow=inarow)]


def _check_line(env: VectorEnv, inarow: int | None) -> None:
    """Refuse a line named for a VectorEnv that is not its own (a caller's mix-up)."""
    if inarow is not None and check_inarow(inarow, env.width, env.height) != env.inarow:
        raise size_mismatch_error("environments' game", env.width, env.height, env.width, env.height,
                                  inarow=env.inarow, expected_inarow=inarow)
