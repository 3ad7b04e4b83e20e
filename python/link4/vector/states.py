"""Any batch of positions as link4 Games or move strings.

Those of a :class:`link4.vector.VectorEnv` (with the moves in the order they were
played), or a batch of observation planes from any environment that uses them (link4's,
PettingZoo's ``connect_four_v3``, pgx's), for labelling with
:func:`link4.analyze_many`.
"""

from __future__ import annotations

from typing import Any

import numpy as np

from link4.game import Game, Player
from link4.vector.env import VectorEnv

__all__ = ["games", "positions"]


def games(states: VectorEnv | Any, player: Player | int | None = None) -> list[Game]:
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

    Returns:
        One :class:`link4.Game` per environment or observation.

    Raises:
        ValueError: The observations are not of one of those shapes.
        link4.BoardError: Planes that no legal game reaches.
        link4.BoardSizeError: Planes of a size link4 does not play.
    """
    if isinstance(states, VectorEnv):
        return states.games()
    planes = np.asarray(states)
    if planes.ndim == 3:
        planes = planes[np.newaxis]
    if planes.ndim != 4 or planes.shape[-1] != 2:
        raise ValueError(f"observations of shape (n, height, width, 2), not {planes.shape}")
    return [Game.from_planes(p, player=player) for p in planes]


def positions(states: VectorEnv | Any, player: Player | int | None = None) -> list[str]:
    """The move strings of ``games(states, player)``.

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

    Returns:
        One move string (1-based columns) per environment or observation.

    Raises:
        ValueError: The observations are not of one of the shapes :func:`games` takes.
        link4.BoardError: Planes that no legal game reaches.
        link4.BoardSizeError: Planes of a size link4 does not play.
    """
    if isinstance(states, VectorEnv):
        return states.positions()
    return [g.moves for g in games(states, player)]
