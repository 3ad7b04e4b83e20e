"""The board's size, the two sides and the ordinals of discs: what every module of link4
needs, below the modules that use them (game, _board, svg, _text), so that none of those
imports another to get them."""

from __future__ import annotations

import enum

from link4 import _core

__all__ = ["HEIGHT", "RED", "WIDTH", "YELLOW", "Cell", "Player", "ordinal"]

WIDTH: int = _core.WIDTH
HEIGHT: int = _core.HEIGHT

Cell = tuple[int, int]
"""A cell as (column, row), both 0-based; row 0 is the bottom row."""


class Player(enum.IntEnum):
    """The two sides. Red moves first."""

    RED = 1
    YELLOW = 2

    @property
    def other(self) -> Player:
        return Player.YELLOW if self is Player.RED else Player.RED

    @property
    def glyph(self) -> str:
        """The letter that stands for this player's discs in text diagrams."""
        return "X" if self is Player.RED else "O"

    def __str__(self) -> str:
        return self.name.lower()


RED = Player.RED
YELLOW = Player.YELLOW

_ORDINAL_SUFFIX = {1: "st", 2: "nd", 3: "rd"}


def ordinal(n: int) -> str:
    """``1`` -> ``'1st'``, ``12`` -> ``'12th'``, ``21`` -> ``'21st'``."""
    suffix = "th" if 10 <= n % 100 <= 20 else _ORDINAL_SUFFIX.get(n % 10, "th")
    return f"{n}{suffix}"
