"""perft: counting move sequences, the classic check of a move generator."""

from __future__ import annotations

from link4 import _core
from link4.game import Game, core_position
from link4.rules import named_board

__all__ = ["perft"]


def perft(
    game_or_moves: Game | str, depth: int, *, width: int | None = None, height: int | None = None,
    inarow: int | None = None,
) -> int:
    """The number of move sequences of length ``depth`` from a position.

    A won position ends the game, so no sequence continues past it. A move string is a
    position of the board named by ``width`` and ``height``, else of the 7 x 6 board; a
    Game may be of any size, but must be of the board named if one is.

    Args:
        game_or_moves: The position: a :class:`link4.Game` or a move string such as
            ``"4453"``.
        depth: The length of the sequences counted, 0 or more (0 counts the empty one).
        width: The board's columns, naming the board; None (with ``height`` None): no
            board named.
        height: The board's rows (None: 6 when ``width`` is given).
        inarow: The line that wins in the game named (None: four).

    Returns:
        The number of sequences of ``depth`` legal moves, 0 when the game ends first.

    Raises:
        TypeError: ``depth`` or a size is not an int, or the position is neither a Game
            nor a string.
        ValueError: ``depth`` is negative.
        InvalidMoveError: A malformed move string.
        IllegalMoveError: A move string with a move the rules forbid (its subclass
            GameOverError for a move after the end of the game).
        BoardSizeError: A named board of a size link4 does not play.
        SizeMismatchError: A Game of another size than the board named.

    Example:
        >>> [perft("", d) for d in range(1, 5)]
        [7, 49, 343, 2401]
        >>> perft(Game(width=4, height=4), 2), perft("", 2, width=4, height=4)
        (16, 16)
    """
    pos = core_position(game_or_moves, named_board(width, height, inarow))
    if isinstance(depth, bool) or not isinstance(depth, int):
        raise TypeError(f"depth must be an int, not {type(depth).__name__}")
    if depth < 0:
        raise ValueError(f"depth must be >= 0, not {depth}")
    if depth > pos.width * pos.height - pos.ply:
        return 0  # the board fills up first (and the core takes no depth beyond a C int)
    return _core.perft(pos, depth)
