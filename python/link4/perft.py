"""perft: counting move sequences, the classic check of a move generator."""

from __future__ import annotations

from link4 import _core
from link4.game import Game, core_position

__all__ = ["perft"]


def perft(game_or_moves: Game | str, depth: int) -> int:
    """The number of move sequences of length ``depth`` from a position.

    A won position ends the game, so no sequence continues past it. A move string is a
    position of the 7 x 6 board; a Game may be of any size.

    >>> [perft("", d) for d in range(1, 5)]
    [7, 49, 343, 2401]
    >>> perft(Game(width=4, height=4), 2)
    16
    """
    pos = core_position(game_or_moves)
    if isinstance(depth, bool) or not isinstance(depth, int):
        raise TypeError(f"depth must be an int, not {type(depth).__name__}")
    if depth < 0:
        raise ValueError(f"depth must be >= 0, not {depth}")
    if depth > pos.width * pos.height - pos.ply:
        return 0  # the board fills up first (and the core takes no depth beyond a C int)
    return _core.perft(pos, depth)
