"""The board's sizes, the two sides and the ordinals of discs: what every module of link4
needs, below the modules that use them (game, _formats, svg, wording), so that none of those
imports another to get them."""

from __future__ import annotations

import enum
import operator
import re

from link4 import _core
from link4.errors import BoardSizeError, board_size_error

__all__ = [
    "HEIGHT",
    "MAX_HEIGHT",
    "MAX_WIDTH",
    "MIN_HEIGHT",
    "MIN_WIDTH",
    "RED",
    "WIDTH",
    "YELLOW",
    "Cell",
    "Player",
    "check_size",
    "ordinal",
    "parse_size",
]

WIDTH: int = _core.WIDTH
"""The standard board's width, the default everywhere (a bare move string means 7 x 6)."""
HEIGHT: int = _core.HEIGHT
"""The standard board's height."""
MIN_WIDTH: int = _core.MIN_WIDTH
MAX_WIDTH: int = _core.MAX_WIDTH
MIN_HEIGHT: int = _core.MIN_HEIGHT
MAX_HEIGHT: int = _core.MAX_HEIGHT


def check_size(width: object, height: object) -> tuple[int, int]:
    """``(width, height)`` as ints when link4 plays that board; TypeError for what is not
    an int, BoardSizeError for a size out of range (checked here, before the core, so
    that an int too big for C gets the same message as any other)."""
    if (  # the common case, quickly
        type(width) is int
        and type(height) is int
        and MIN_WIDTH <= width <= MAX_WIDTH
        and MIN_HEIGHT <= height <= MAX_HEIGHT
    ):
        return width, height
    size = []
    for name, value in (("width", width), ("height", height)):
        if isinstance(value, bool):
            raise TypeError(f"{name} is an int, not a bool")
        try:
            size.append(operator.index(value))  # type: ignore[arg-type]
        except TypeError:
            raise TypeError(f"{name} is an int, not {type(value).__name__}") from None
    w, h = size
    if not (MIN_WIDTH <= w <= MAX_WIDTH and MIN_HEIGHT <= h <= MAX_HEIGHT):
        raise board_size_error(w, h)
    return w, h

Cell = tuple[int, int]
"""A cell as (column, row), both 0-based; row 0 is the bottom row."""


_SIZE = re.compile(r"\s*([0-9]{1,2})\s*[xX]\s*([0-9]{1,2})\s*")


def parse_size(text: str) -> tuple[int, int]:
    """(width, height) of a board written ``WxH`` (``8x7``), as the command line and the
    web API take it; BoardSizeError for another form or a size link4 does not play.

    >>> parse_size("8x7"), parse_size(" 6 X 5 ")
    ((8, 7), (6, 5))
    """
    found = _SIZE.fullmatch(text)
    if found is None:
        raise BoardSizeError(f"a board size is WxH (columns x rows) such as 8x7, not {text!r}")
    return check_size(int(found[1]), int(found[2]))


class Player(enum.IntEnum):
    """The two sides. Red moves first.

    >>> Player.RED.other, str(Player.YELLOW), Player.RED.glyph
    (<Player.YELLOW: 2>, 'yellow', 'X')
    """

    RED = 1
    """The first player, whose discs are X in text diagrams."""
    YELLOW = 2
    """The second player, whose discs are O in text diagrams."""

    @property
    def other(self) -> Player:
        """The opponent of this player."""
        return Player.YELLOW if self is Player.RED else Player.RED

    @property
    def glyph(self) -> str:
        """The letter that stands for this player's discs in text diagrams."""
        return "X" if self is Player.RED else "O"

    def __str__(self) -> str:
        return self.name.lower()


RED = Player.RED
"""The first player, :attr:`Player.RED`."""
YELLOW = Player.YELLOW
"""The second player, :attr:`Player.YELLOW`."""

_ORDINAL_SUFFIX = {1: "st", 2: "nd", 3: "rd"}


def ordinal(n: int) -> str:
    """``1`` -> ``'1st'``, ``12`` -> ``'12th'``, ``21`` -> ``'21st'``."""
    suffix = "th" if 10 <= n % 100 <= 20 else _ORDINAL_SUFFIX.get(n % 10, "th")
    return f"{n}{suffix}"
