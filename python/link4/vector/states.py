"""Any batch of positions as link4 Games or move strings: those of a VectorEnv (with
the moves in the order they were played), or a batch of observation planes from any
environment that uses them (link4's, PettingZoo's ``connect_four_v3``, pgx's), for
labelling with ``link4.analyze_many``."""

from __future__ import annotations

from typing import Any

import numpy as np

from link4.game import Game, Player
from link4.vector.env import VectorEnv

__all__ = ["games", "positions"]


def games(states: VectorEnv | Any, player: Player | int | None = None) -> list[Game]:
    """The games of ``states``: a VectorEnv (each environment's current game), or
    observations of shape (n, height, width, 2) or (height, width, 2), plane 0 the
    discs of ``player`` (None: of the side to move, as in an observation about to be
    acted on; see ``Game.from_planes``).

    >>> import numpy as np
    >>> from link4 import Game
    >>> planes = np.stack([Game("44").to_planes(), Game("4453").to_planes()])
    >>> [g.moves for g in games(planes)]
    ['44', '4453']

    Raises BoardError for planes no legal game reaches.
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
    """The move strings of ``games(states, player)``. For observations the order of the
    moves is one that reaches the board (a board does not say in which order it was
    filled), and every such order has the same exact score."""
    if isinstance(states, VectorEnv):
        return states.positions()
    return [g.moves for g in games(states, player)]
