"""The score convention (:doc:`/score`), computed in Python.

These functions turn the scores of :meth:`link4.Solver.solve` and the other searches
into the move or the disc that wins, and back.

A score is seen from the side to move: 0 is a draw; a win scores 1 + the number of discs
the winner had not yet played, so a win whose last disc falls on move ``m`` (moves
counted from 1) scores ``1 + (width * height - m) // 2``; a loss is the negative of the
opponent's win. On the 7 x 6 board, where each side has 21 discs, a win with one's k-th
disc scores ``SCORE_BASE - k`` = ``22 - k``.

>>> SCORE_BASE
22
>>> winning_disc(18), winning_disc(-18)     # either side's 4th disc
(4, 4)
>>> win_score(41), winning_move(1, 0)       # 7 x 6: red wins on move 41
(1, 41)
>>> winning_move(-1, 0, width=6, height=6)  # 6 x 6: yellow wins on move 36
36

Every function takes the board's size, the standard 7 x 6 by default; a move string
alone means that board, as everywhere in link4.
"""

from __future__ import annotations

from collections.abc import Sequence

from link4.rules import HEIGHT, WIDTH, check_size

__all__ = ["SCORE_BASE", "best_columns", "win_score", "winning_disc", "winning_move"]

SCORE_BASE: int = WIDTH * HEIGHT // 2 + 1
"""On the 7 x 6 board, one more than the discs each side has, so a win with the k-th
disc scores ``SCORE_BASE - k``. (On a board of an odd number of cells red has one disc
more than yellow, so no single base serves both: see :func:`link4.score.win_score`.)"""


def win_score(move: int, *, width: int = WIDTH, height: int = HEIGHT) -> int:
    """The score, for the winner, of a win whose winning disc falls on move ``move``.

    Args:
        move: The move of the winning disc, counted from 1 (1 to ``width * height``).
        width: The board's number of columns.
        height: The board's number of rows.

    Returns:
        The winner's score, ``1 + (width * height - move) // 2``.

    Raises:
        ValueError: ``move`` is not a move of that board.
        link4.BoardSizeError: ``width`` x ``height`` is not a board link4 plays.

    Example:
        >>> win_score(7), win_score(7, width=4, height=4)   # four in a row at once
        (18, 5)
    """
    width, height = check_size(width, height)
    cells = width * height
    if not 1 <= move <= cells:
        raise ValueError(f"a move of a {width}x{height} board is from 1 to {cells}, not {move}")
    return 1 + (cells - move) // 2


def winning_move(score: int, ply: int, *, width: int = WIDTH, height: int = HEIGHT) -> int:
    """The move on which the winner's winning disc falls, for a score of the side to move.

    The side to move plays the moves of the parity of ``ply + 1``, its opponent the
    others; of the two moves that a score allows, the winner's is the one.

    Args:
        score: A non-zero score, seen from the side to move (negative: it loses).
        ply: The number of discs down in the position scored.
        width: The board's number of columns.
        height: The board's number of rows.

    Returns:
        The move (counted from 1) of the winning disc.

    Raises:
        ValueError: For 0 (a draw has no winner), for scores off the scale, and for a
            ``ply`` that no running game of that board has.
        link4.BoardSizeError: ``width`` x ``height`` is not a board link4 plays.

    Example:
        >>> winning_move(18, 4), winning_move(-18, 5)      # red's 4th disc
        (7, 7)
        >>> winning_move(1, 0, width=8, height=5)          # 8 x 5: red wins on move 39
        39
    """
    width, height = check_size(width, height)
    cells = width * height
    if not 0 <= ply < cells:
        raise ValueError(f"a running {width}x{height} game has 0 to {cells - 1} discs, not {ply}")
    winner_parity = (ply + 1) % 2 if score > 0 else ply % 2
    # 1 + (cells - m) // 2 == |score| holds for m = cells - 2|score| + 2 and the move before.
    latest = cells - 2 * abs(score) + 2
    move = latest if latest % 2 == winner_parity else latest - 1
    if score == 0 or not ply < move <= cells:
        best = win_score(ply + 1, width=width, height=height)
        raise ValueError(
            f"a win scores from 1 to {best} or their negatives on a {width}x{height} board "
            f"with {ply} discs down, not {score}"
        )
    return move


def winning_disc(
    score: int, ply: int | None = None, *, width: int = WIDTH, height: int = HEIGHT
) -> int:
    """The number of the winner's winning disc (k) for a score of the side to move.

    On a board of an even number of cells (7 x 6) both sides have as many discs and k
    does not depend on who moves, so ``ply`` may be left out; on an odd one it says
    whether red, which has the extra disc, or yellow wins.

    Args:
        score: A non-zero score, seen from the side to move (negative: it loses).
        ply: The number of discs down in the position scored; None (on a board of an
            even number of cells only) for any.
        width: The board's number of columns.
        height: The board's number of rows.

    Returns:
        The number k such that the winner's k-th disc is the winning one.

    Raises:
        ValueError: For 0 (a draw has no winner), for scores off the scale, for a ``ply``
            that no running game of that board has, and for ``ply=None`` on a board of
            an odd number of cells.

    Example:
        >>> winning_disc(1), winning_disc(1, 0, width=5, height=5), winning_disc(1, 1, width=5, height=5)
        (21, 13, 12)
    """
    if ply is None:
        if width * height % 2:
            raise ValueError(
                f"on a {width}x{height} board the winning disc depends on who wins: give the ply"
            )
        ply = 0
    return (winning_move(score, ply, width=width, height=height) + 1) // 2


def best_columns(values: Sequence[object]) -> list[int]:
    """The columns worth the best score, given each column's value.

    Args:
        values: Each column's value as :meth:`link4.Solver.analyze` returns them: a score,
            None for a full column, or the bounds a limit left.

    Returns:
        The 0-based columns of the best score, left to right; [] unless every playable
        column's score is exact (an int), since "best" means nothing before then.

    Example:
        >>> best_columns([-8, -8, None, 4, 4, -8, -8]), best_columns([1, None, 0])
        ([3, 4], [0])
    """
    legal = [v for v in values if v is not None]
    if not legal or not all(isinstance(v, int) for v in legal):
        return []
    best = max(v for v in legal if isinstance(v, int))
    return [c for c, v in enumerate(values) if v == best]
