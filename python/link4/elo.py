"""Elo ratings from game results: the Bradley-Terry model and its fit.

The model: a player of rating ``a`` scores ``1 / (1 + 10 ** ((b - a) / 400))`` of the
points against one of rating ``b`` (a win is a point, a draw half). 200 points ahead
is about 76 % of the points, 400 points about 91 %.

The fit is Zermelo's iteration (the minorise-maximise algorithm of Hunter, 2004): with
``W[i]`` the points player ``i`` scored and ``n[i][j]`` the games of ``i`` against
``j``, each strength ``g[i] = 10 ** (rating / 400)`` is replaced by
``W[i] / sum_j n[i][j] / (g[i] + g[j])`` until nothing moves. Each step raises the
likelihood of the results, and the fixed point is its maximum, which exists when every
player has both scored and given away points in a way that links everyone (no player,
or group of players, won or lost every game it played against the rest).

>>> round(expected_score(200), 3)
0.76
>>> # A scored 3 of 4 points against B, B 3 of 4 against C (and A 4 of 5 against C).
>>> [round(r) for r in fit_elo([[0, 3, 4], [1, 0, 3], [1, 1, 0]], [[0, 4, 5], [4, 0, 4], [5, 4, 0]])]
[0, -145, -291]
"""

from __future__ import annotations

import math
from collections.abc import Sequence

__all__ = ["expected_score", "fit_elo"]

_SCALE = 400 / math.log(10)  # rating points per unit of natural-log strength


def expected_score(difference: float) -> float:
    """The share of the points a player expects against one ``difference`` points below.

    >>> expected_score(0), round(expected_score(400), 3), round(expected_score(-400), 3)
    (0.5, 0.909, 0.091)

    Args:
        difference: Its rating minus the opponent's.

    Returns:
        The expected score, from 0 to 1.
    """
    return 1 / (1 + 10 ** (-difference / 400))


def fit_elo(
    points: Sequence[Sequence[float]],
    games: Sequence[Sequence[float]],
    *,
    anchor: int = 0,
    tolerance: float = 1e-6,
    max_rounds: int = 100_000,
) -> list[float]:
    """The Elo ratings that make the results most likely (Bradley-Terry, Zermelo's fit).

    Args:
        points: ``points[i][j]``, the points player ``i`` scored against player ``j``
            (a win 1, a draw ½).
        games: ``games[i][j]``, the games they played (symmetric; the diagonal is 0).
        anchor: The player rated 0: the others are rated from it.
        tolerance: The fit stops when no rating moves by more than this many points.
        max_rounds: The most rounds of the iteration before giving up.

    Returns:
        Each player's rating, in the order of ``points``.

    Raises:
        ValueError: Mismatched tables, a negative count, an anchor out of range, or
            results no rating fits: a player (or a group of them) that scored every
            point, or none, of its games against the rest (players who never met
            count so too); or no convergence.
    """
    size = len(points)
    if len(games) != size or any(
        len(p) != size or len(g) != size for p, g in zip(points, games, strict=True)
    ):
        raise ValueError(f"points and games must both be {size} x {size} tables")
    if not 0 <= anchor < size:
        raise ValueError(f"anchor must be a player from 0 to {size - 1}, not {anchor}")
    if any(x < 0 for row in (*points, *games) for x in row):
        raise ValueError("points and games cannot be negative")
    # The maximum exists when everyone is linked both ways: from every player to every
    # other by a chain of players each of whom took points from the next.
    took = [[j for j in range(size) if j != i and points[i][j] > 0] for i in range(size)]
    gave = [[j for j in range(size) if j != i and points[j][i] > 0] for i in range(size)]
    if len(_reached(took)) < size or len(_reached(gave)) < size:
        raise ValueError(
            "no rating fits: some player, or group of players, scored every point of its games "
            "against the rest, or none"
        )
    scored = [math.fsum(row) for row in points]
    strength = [1.0] * size
    for _ in range(max_rounds):
        new = [
            scored[i] / math.fsum(games[i][j] / (strength[i] + strength[j]) for j in range(size) if j != i)
            for i in range(size)
        ]
        # Strengths are defined up to a factor: the anchor's is kept at 1.
        new = [s / new[anchor] for s in new]
        moved = max(abs(math.log(a / b)) for a, b in zip(new, strength, strict=True)) * _SCALE
        strength = new
        if moved < tolerance:
            return [_SCALE * math.log(s) for s in strength]
    raise ValueError(f"no rating fits: the fit did not settle in {max_rounds} rounds")


def _reached(edges: list[list[int]]) -> set[int]:
    """The players a chain of edges reaches from player 0 (0 included)."""
    seen, todo = {0}, [0]
    while todo:
        for j in edges[todo.pop()]:
            if j not in seen:
                seen.add(j)
                todo.append(j)
    return seen
