"""An agent's rating on the levels' ladder, from its results against one rated player.

The ladder (:mod:`link4.ratings`) rates the built-in players by Elo. An agent that
scored a share ``s`` of the points against a player rated ``R`` (a win one point, a draw
a half) performs at ``R + 400 log10(s / (1 - s))``: the rating whose expected score
against ``R`` is ``s`` (Elo's logistic curve, the one the ladder is fitted with). Its
95 % interval maps the Wilson interval of the share through the same curve, widened by
the opponent's own interval (the two spreads added in quadrature, each side apart).

A share of 0 or 1 has no finite rating: then only a bound is known (every game lost:
the agent is rated below the bound), and a weaker (or stronger) opponent gives a
rating. The figure is sharpest against an opponent of about the agent's strength, and
narrows with the games: 76 % of the points against a player rated 1000 (give or take
10) is 1200, from 1121 to 1280 over 100 games, from 1173 to 1227 over 1,000.

>>> from link4.ratings import Rating
>>> level = Rating(1000.0, 990.0, 1010.0)
>>> rating = performance(points=76.0, games=100, opponent="5", rated=level)
>>> round(rating.elo), round(rating.low), round(rating.high)
(1200, 1121, 1280)
>>> wide = performance(points=760.0, games=1000, opponent="5", rated=level)
>>> round(wide.low), round(wide.high)
(1173, 1227)
>>> performance(points=0.0, games=50, opponent="5", rated=level).high is not None
True
"""

from __future__ import annotations

import math
from dataclasses import dataclass

from link4._intervals import wilson
from link4.ratings import LADDER_BOARD, RATINGS, Rating

__all__ = ["AgentRating", "performance", "rating_against"]


def _elo_gap(share: float) -> float:
    """The rating difference at which the expected score is ``share`` (0 < share < 1)."""
    return 400.0 * math.log10(share / (1.0 - share))


@dataclass(frozen=True)
class AgentRating:
    """An agent's rating on the ladder, from its games against one rated player.

    >>> AgentRating(1210.0, 1150.0, 1262.0, opponent="5", points=62.5, games=100)
    AgentRating(elo=1210, 1150 to 1262, against '5')
    >>> print(AgentRating(None, None, -40.0, opponent="1", points=0.0, games=100))
    below -40 (no point in 100 games against level 1: a weaker opponent gives a rating)

    Args:
        elo: The rating, or None when the agent won every game or lost every game (then
            only a bound is known).
        low: The low end of its 95 % interval; None when every game was lost.
        high: The high end; None when every game was won.
        opponent: The bot name of the opponent.
        points: The agent's points (a win one, a draw a half).
        games: The games played.
    """

    elo: float | None
    low: float | None
    high: float | None
    opponent: str
    points: float
    games: int

    def __repr__(self) -> str:
        if self.elo is None:
            return f"AgentRating(low={self.low}, high={self.high}, against {self.opponent!r})"
        assert self.low is not None and self.high is not None
        interval = f"{self.low:.0f} to {self.high:.0f}"
        return f"AgentRating(elo={self.elo:.0f}, {interval}, against {self.opponent!r})"

    def __str__(self) -> str:
        against = _bot_words(self.opponent)
        if self.elo is not None:
            assert self.low is not None and self.high is not None
            share = 100 * self.points / self.games
            interval = f"{self.low:.0f} to {self.high:.0f}"
            return f"{self.elo:.0f} ({interval}), from {share:.1f} % of the points against {against}"
        if self.low is None:
            assert self.high is not None
            weaker = [name for name, r in RATINGS.items() if r.elo < self.high]
            advice = "a weaker opponent" + (f" ({_bot_words(weaker[-1])}, say)" if weaker else "")
            return (f"below {self.high:.0f} (no point in {self.games} games against {against}: "
                    f"{advice} gives a rating)")
        stronger = [name for name, r in RATINGS.items() if r.elo > self.low]
        advice = "a stronger opponent" + (f" ({_bot_words(stronger[0])}, say)" if stronger else "")
        return (f"above {self.low:.0f} (every point of {self.games} games against {against}: "
                f"{advice} gives a rating)")


def _bot_words(name: str) -> str:
    return name if name in ("random", "perfect") else f"level {name}"


def performance(*, points: float, games: int, opponent: str, rated: Rating) -> AgentRating:
    """The rating that ``points`` in ``games`` against a player rated ``rated`` imply.

    Args:
        points: The agent's points: wins plus half the draws.
        games: The games played, 1 or more.
        opponent: The opponent's bot name (for the report).
        rated: The opponent's rating on the ladder.

    Returns:
        The agent's rating and its 95 % interval, or a bound when the agent took every
        point or none.

    Raises:
        ValueError: ``games`` below 1, or ``points`` outside 0 to ``games``.
    """
    if games < 1 or not 0 <= points <= games:
        raise ValueError(f"points must be within 0 to games (>= 1), not {points!r} of {games!r}")
    share = points / games
    low_share, high_share = wilson(points, games)
    below, above = rated.elo - rated.low, rated.high - rated.elo

    def widened(edge_share: float, spread_of_opponent: float, side: int) -> float:
        gap = abs(_elo_gap(edge_share) - _elo_gap(share))
        return rated.elo + _elo_gap(share) + side * math.hypot(gap, spread_of_opponent)

    if 0 < share < 1:
        return AgentRating(rated.elo + _elo_gap(share), widened(low_share, below, -1),
                           widened(high_share, above, 1), opponent, points, games)
    if share == 0:
        high = rated.elo + _elo_gap(high_share) + above
        return AgentRating(None, None, high, opponent, points, games)
    low = rated.elo + _elo_gap(low_share) - below
    return AgentRating(None, low, None, opponent, points, games)


def rating_against(opponent: str, *, nodes: int | None, board: tuple[int, int],
                   points: float, games: int) -> AgentRating | None:
    """The agent's rating from its games against a built-in bot, if the ladder rates them.

    Args:
        opponent: The bot's name.
        nodes: The bot's budget of nodes per move (the ladder rates the bots without one).
        board: The board the games were played on (the ladder is measured on
            :data:`~link4.ratings.LADDER_BOARD`).
        points: The agent's points.
        games: The games played.

    Returns:
        The rating, or None when the ladder does not rate that opponent on that board.
    """
    if nodes is not None or board != LADDER_BOARD or opponent not in RATINGS:
        return None
    return performance(points=points, games=games, opponent=opponent, rated=RATINGS[opponent])
