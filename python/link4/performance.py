"""An agent's rating on the levels' ladder, from its results against rated players.

The ladder (:mod:`link4.ratings`) rates the built-in players by Elo: a player ``d``
points above another expects the share ``E(d) = 1 / (1 + 10^(-d / 400))`` of the points
(a win one point, a draw a half: :func:`link4.elo.expected_score`). An agent's rating is
the ``r`` at which the points it scored are the points expected against the ratings of
the players it met (the maximum of the likelihood): against one player rated ``R`` with
a share ``s``, ``r = R + 400 log10(s / (1 - s))``. Its 95 % interval is the score
interval (against one player: the Wilson interval of the share, mapped through the same
curve), widened by the opponents' own intervals (the spreads added in quadrature, each
side apart, the opponents weighted by what their games tell).

Every game lost (or every game won) has no finite rating: then only a bound is known,
and a weaker (or stronger) opponent gives a rating. The figure is sharpest against
opponents of about the agent's strength, and narrows with the games: 76 % of the points
against a player rated 1000 (give or take 10) is 1200, from 1121 to 1280 over 100
games, from 1173 to 1227 over 1,000.

>>> from link4.ratings import Rating
>>> level = Rating(1000.0, 990.0, 1010.0)
>>> rating = performance([GamesAgainst("5", level, points=76.0, games=100)])
>>> round(rating.elo), round(rating.low), round(rating.high)
(1200, 1121, 1280)
>>> wide = performance([GamesAgainst("5", level, points=760.0, games=1000)])
>>> round(wide.low), round(wide.high)
(1173, 1227)
>>> performance([GamesAgainst("5", level, points=0.0, games=50)]).elo is None
True
"""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence
from dataclasses import dataclass

from link4._intervals import Z95
from link4.elo import expected_score
from link4.ratings import LADDER_BOARD, LADDER_OPENING_PLIES, RATINGS, Rating
from link4.rules import INAROW

__all__ = ["AgentRating", "GamesAgainst", "nearest_rated", "performance", "unrated_because"]

_SLOPE = math.log(10) / 400  # d/dr of the log-odds of E(r - R)
_SPAN = 4000.0  # no rating is searched for further than this from the opponents'


@dataclass(frozen=True)
class GamesAgainst:
    """An agent's games against one rated player.

    Args:
        opponent: The player's bot name (for the report).
        rated: The player's rating on the ladder.
        points: The agent's points: wins plus half the draws.
        games: The games played, 1 or more.

    Raises:
        ValueError: ``games`` below 1, or ``points`` outside 0 to ``games``.
    """

    opponent: str
    rated: Rating
    points: float
    games: int

    def __post_init__(self) -> None:
        if self.games < 1 or not 0 <= self.points <= self.games:
            raise ValueError(
                f"points must be within 0 to games (>= 1), not {self.points!r} of {self.games!r}"
            )


@dataclass(frozen=True)
class AgentRating:
    """An agent's rating on the ladder, from its games against rated players.

    >>> from link4.ratings import Rating
    >>> one = GamesAgainst("1", Rating(400.0, 390.0, 410.0), points=0.0, games=100)
    >>> print(performance([one]))
    below -156 (no point in 100 games against level 1: a weaker opponent gives a rating)

    Args:
        elo: The rating, or None when the agent won every game or lost every game (then
            only a bound is known).
        low: The low end of its 95 % interval; None when every game was lost.
        high: The high end; None when every game was won.
        against: The games it rests on, one entry per opponent.
    """

    elo: float | None
    low: float | None
    high: float | None
    against: tuple[GamesAgainst, ...]

    @property
    def games(self) -> int:
        """The games the rating rests on."""
        return sum(a.games for a in self.against)

    @property
    def points(self) -> float:
        """The agent's points in them."""
        return sum(a.points for a in self.against)

    def __str__(self) -> str:
        names = [_bot_words(a.opponent) for a in self.against]
        opponents = names[0] if len(names) == 1 else ", ".join(names[:-1]) + " and " + names[-1]
        if self.elo is not None:
            assert self.low is not None and self.high is not None
            share = 100 * self.points / self.games
            interval = f"{self.low:.0f} to {self.high:.0f}"
            return f"{self.elo:.0f} ({interval}), from {share:.1f} % of the points against {opponents}"
        if self.low is None:
            assert self.high is not None
            weaker = [name for name, r in RATINGS.items() if r.elo < self.high]
            advice = "a weaker opponent" + (f" ({_bot_words(weaker[-1])}, say)" if weaker else "")
            return (f"below {self.high:.0f} (no point in {self.games} games against {opponents}: "
                    f"{advice} gives a rating)")
        stronger = [name for name, r in RATINGS.items() if r.elo > self.low]
        advice = "a stronger opponent" + (f" ({_bot_words(stronger[0])}, say)" if stronger else "")
        return (f"above {self.low:.0f} (every point of {self.games} games against {opponents}: "
                f"{advice} gives a rating)")


def _bot_words(name: str) -> str:
    return name if name in ("random", "perfect") else f"level {name}"


def _root(f: Callable[[float], float], low: float, high: float) -> float:
    """The r in [low, high] where the decreasing ``f`` crosses 0, by bisection."""
    for _ in range(100):
        middle = (low + high) / 2
        if f(middle) > 0:
            low = middle
        else:
            high = middle
    return (low + high) / 2


def performance(against: Sequence[GamesAgainst]) -> AgentRating:
    """The rating that an agent's games against rated players imply.

    Args:
        against: The games, one entry per opponent (at least one).

    Returns:
        The agent's rating and its 95 % interval, or a bound when it took every point
        or none.

    Raises:
        ValueError: No games.
    """
    if not against:
        raise ValueError("a rating needs games against at least one rated player")
    points, games = sum(a.points for a in against), sum(a.games for a in against)

    def surplus(r: float) -> float:  # the points scored above those expected at r
        return points - sum(a.games * expected_score(r - a.rated.elo) for a in against)

    def spread(r: float) -> float:  # the points' standard deviation expected at r
        return math.sqrt(sum(a.games * _var(r - a.rated.elo) for a in against))

    low_end = min(a.rated.elo for a in against) - _SPAN
    high_end = max(a.rated.elo for a in against) + _SPAN
    # The score interval: where the surplus is 1.96 standard deviations either way.
    upper = None if points == games else _root(lambda r: surplus(r) + Z95 * spread(r), low_end, high_end)
    lower = None if points == 0 else _root(lambda r: surplus(r) - Z95 * spread(r), low_end, high_end)
    elo = None if lower is None or upper is None else _root(surplus, low_end, high_end)
    # The opponents' own uncertainty, weighted by the information of their games.
    at = elo if elo is not None else (upper if upper is not None else lower)
    assert at is not None
    weights = [a.games * _var(at - a.rated.elo) for a in against]
    total = sum(weights) or 1.0
    below = sum(w * (a.rated.elo - a.rated.low) for w, a in zip(weights, against, strict=True)) / total
    above = sum(w * (a.rated.high - a.rated.elo) for w, a in zip(weights, against, strict=True)) / total
    centre = elo if elo is not None else at
    if lower is not None:
        lower = centre - math.hypot(centre - lower, below)
    if upper is not None:
        upper = centre + math.hypot(upper - centre, above)
    return AgentRating(elo, lower, upper, tuple(against))


def _var(gap: float) -> float:
    share = expected_score(gap)
    return share * (1.0 - share)


def unrated_because(opponent: str, *, nodes: int | None, board: tuple[int, int],
                    opening_plies: int, inarow: int = INAROW) -> str | None:
    """Why games against a built-in bot give no rating on the ladder, or None if they do.

    >>> unrated_because("5", nodes=None, board=(7, 6), opening_plies=0)
    'the ladder rates games from 4 random opening moves (opening_plies=4, or the ladder as opponent)'
    >>> unrated_because("5", nodes=None, board=(7, 6), opening_plies=4) is None
    True

    Args:
        opponent: The bot's name.
        nodes: The bot's budget of nodes per move (the ladder rates the bots without one).
        board: The board the games were played on (the ladder is measured on
            :data:`~link4.ratings.LADDER_BOARD`).
        opening_plies: The random moves each game opened with (the ladder's games
            opened with :data:`~link4.ratings.LADDER_OPENING_PLIES`).
        inarow: The line that won the games (the ladder's games were of four in a row).

    Returns:
        The reason in words, or None when the ladder rates such games.
    """
    if board != LADDER_BOARD:
        return f"the ladder is measured on {LADDER_BOARD[0]}x{LADDER_BOARD[1]}"
    if inarow != INAROW:
        return f"the ladder is measured with {INAROW} in a row"
    if nodes is not None or opponent not in RATINGS:
        return "the ladder rates the built-in players without a node budget"
    if opening_plies != LADDER_OPENING_PLIES:
        return (f"the ladder rates games from {LADDER_OPENING_PLIES} random opening moves "
                f"(opening_plies={LADDER_OPENING_PLIES}, or the ladder as opponent)")
    return None


def nearest_rated(rating: AgentRating | None) -> str:
    """The ladder's player whose games would tell most about an agent rated ``rating``.

    The one rated nearest the agent (a 50 % game tells most); for a bound, the nearest
    to a point 200 below it (every game lost) or above it (every game won); with no
    rating yet, the middle of the ladder.

    >>> from link4.ratings import RATINGS
    >>> nearest_rated(None) in RATINGS
    True

    Args:
        rating: The agent's rating so far, or None before any game.

    Returns:
        A bot name of :data:`link4.ratings.RATINGS`.
    """
    names = list(RATINGS)
    if rating is None:
        return names[len(names) // 2]
    if rating.elo is not None:
        target = rating.elo
    elif rating.high is not None:
        target = rating.high - 200
    else:
        assert rating.low is not None
        target = rating.low + 200
    return min(names, key=lambda name: abs(RATINGS[name].elo - target))
