"""The exceptions of link4. Each is a ValueError, so one ``except ValueError`` catches all."""

from __future__ import annotations

from link4._core import GameOverError, IllegalMoveError, InvalidMoveError

__all__ = ["BoardError", "GameOverError", "IllegalMoveError", "InvalidMoveError"]

# The classes are created by the compiled module; show them where users import them.
for _cls in (InvalidMoveError, IllegalMoveError, GameOverError):
    _cls.__module__ = "link4"

InvalidMoveError.__doc__ = "A move string is malformed: moves are the digits 1-7 (1 = leftmost)."
IllegalMoveError.__doc__ = "A move the rules forbid: a full column, a column off the board."
GameOverError.__doc__ = "A move or a search asked of a game that has already ended."


class BoardError(ValueError):
    """A board that no legal game reaches (floating discs, wrong disc counts, two winners)."""


BoardError.__module__ = "link4"
