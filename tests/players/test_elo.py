"""The Elo fit (link4.elo): it recovers known ratings from their results, counts draws
as half points and refuses results that no rating fits."""

from __future__ import annotations

import math
import random

import pytest

from link4.elo import expected_score, fit_elo

KNOWN = [0.0, 180.0, 430.0, 650.0, 900.0, 1120.0, 1400.0, 1650.0]


Table = list[list[float]]


def tables(ratings: list[float], games: int, rng: random.Random | None) -> tuple[Table, Table]:
    """Every pair's games and the points scored: the expected ones, or drawn at random
    (a game won at the expected rate) with ``rng``."""
    size = len(ratings)
    points = [[0.0] * size for _ in range(size)]
    played = [[0.0 if i == j else float(games) for j in range(size)] for i in range(size)]
    for i in range(size):
        for j in range(i + 1, size):
            p = 1 / (1 + 10 ** ((ratings[j] - ratings[i]) / 400))  # written apart from link4.elo
            won = p * games if rng is None else float(sum(rng.random() < p for _ in range(games)))
            points[i][j], points[j][i] = won, games - won
    return points, played


def test_the_fit_recovers_ratings_from_their_expected_scores() -> None:
    points, games = tables(KNOWN, 100, None)
    fitted = fit_elo(points, games)
    assert fitted == pytest.approx(KNOWN, abs=1e-3)
    # Another anchor moves every rating by the same amount.
    assert fit_elo(points, games, anchor=3) == pytest.approx([r - KNOWN[3] for r in KNOWN], abs=1e-3)


def test_the_fit_recovers_ratings_from_random_results() -> None:
    rng = random.Random(5)
    points, games = tables(KNOWN, 2000, rng)
    fitted = fit_elo(points, games)
    # 2,000 games a pair: each rating within a few standard errors (about 10 points).
    assert max(abs(a - b) for a, b in zip(fitted, KNOWN, strict=True)) < 40


def test_draws_count_half() -> None:
    # Two players who drew every game are equal; a draw and a win are 75 % of the points.
    assert fit_elo([[0, 5], [5, 0]], [[0, 10], [10, 0]]) == pytest.approx([0, 0], abs=1e-6)
    expected = 400 * math.log10(3)  # 75 % of the points: odds of 3 to 1
    assert fit_elo([[0, 1.5], [0.5, 0]], [[0, 2], [2, 0]], anchor=1)[0] == pytest.approx(expected, abs=1e-4)


@pytest.mark.parametrize(
    ("points", "games", "anchor", "message"),
    [
        ([[0, 1]], [[0, 1]], 0, "must both be 1 x 1 tables"),
        ([[0, 1], [1, 0]], [[0, 2], [2, 0]], 2, "anchor must be a player from 0 to 1"),
        ([[0, -1], [1, 0]], [[0, 2], [2, 0]], 0, "cannot be negative"),
        ([[0, 2], [0, 0]], [[0, 2], [2, 0]], 0, "scored every point of its games against the rest"),
        # A wins a point from B, B from C, C none: C is below everyone by any margin.
        ([[0, 1, 1], [1, 0, 1], [0, 0, 0]], [[0, 2, 1], [2, 0, 1], [1, 1, 0]], 0, "or none"),
        # Two pairs that never met: no rating links them.
        (
            [[0, 1, 0, 0], [1, 0, 0, 0], [0, 0, 0, 1], [0, 0, 1, 0]],
            [[0, 2, 0, 0], [2, 0, 0, 0], [0, 0, 0, 2], [0, 0, 2, 0]],
            0,
            "or group of players",
        ),
    ],
)
def test_the_fit_refuses_results_no_rating_fits(
    points: list[list[float]], games: list[list[float]], anchor: int, message: str
) -> None:
    with pytest.raises(ValueError, match=message):
        fit_elo(points, games, anchor=anchor, max_rounds=2000)


def test_expected_score() -> None:
    assert expected_score(0) == 0.5
    assert expected_score(200) == pytest.approx(0.7597, abs=1e-4)
    assert expected_score(-300) == pytest.approx(1 - expected_score(300))
