"""The score convention, computed in Python (docs/score.md).

A score is seen from the side to move: 0 is a draw; a win with one's k-th disc scores
``SCORE_BASE - k`` (the sooner, the higher); a loss is the negative of the opponent's win.
On the 7 x 6 board SCORE_BASE is 22, one more than the 21 discs each side has.

>>> SCORE_BASE
22
>>> winning_disc(18), winning_disc(-18)     # either side's 4th disc
(4, 4)
"""

from __future__ import annotations

from collections.abc import Sequence

from link4._rules import HEIGHT, WIDTH

__all__ = ["SCORE_BASE", "best_columns", "winning_disc"]

SCORE_BASE: int = WIDTH * HEIGHT // 2 + 1
"""One more than the discs each side has: a win with the k-th disc scores SCORE_BASE - k."""


def winning_disc(score: int) -> int:
    """The number of the winner's winning disc (k) for a non-zero score.

    ValueError for 0 (a draw has no winner) and for scores off the scale.
    """
    if score == 0 or not 0 < abs(score) < SCORE_BASE:
        raise ValueError(f"a win scores from 1 to {SCORE_BASE - 1} or their negatives, not {score}")
    return SCORE_BASE - abs(score)


def best_columns(values: Sequence[object]) -> list[int]:
    """The columns worth the best score, given each column's value as ``Solver.analyze``
    returns them; [] unless every playable column's score is exact (an int), since
    "best" means nothing before then.

    >>> best_columns([-8, -8, None, 4, 4, -8, -8]), best_columns([1, None, 0])
    ([3, 4], [0])
    """
    legal = [v for v in values if v is not None]
    if not legal or not all(isinstance(v, int) for v in legal):
        return []
    best = max(v for v in legal if isinstance(v, int))
    return [c for c, v in enumerate(values) if v == best]
