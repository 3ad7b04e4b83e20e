"""The players' ratings: every bot on one Elo scale, measured on the 7x6 board.

The ladder is a round robin among the random player, every level and the perfect
player, measured by ``python bench/ladder.py --seed 0`` (and confirmed by ``--seed 1``,
whose ratings fall within these intervals): every pair of players up to three steps
apart on the ladder played 2,400 games (900 when one of them is level 7, level 8 or
perfect, whose games take far longer), the pairs further apart 120, each from a random
opening of four moves played twice with the colours swapped; a win is a point, a draw
half. The ratings are the Bradley-Terry fit of those points (:func:`link4.elo.fit_elo`),
and each interval is the 2.5th to 97.5th percentile of 300 fits of the games drawn
again with replacement, the random player held at 0 in each.

The zero point is the random player (:data:`ANCHOR`), which plays a legal column
uniformly: a rating says how far a player stands above pure chance. An Elo difference
is a forecast of the score: 200 points ahead is about 76 % of the points, 400 points
about 91 % (:func:`link4.elo.expected_score`). On other boards the levels play
differently and these figures do not apply.

>>> rating_of("random")
Rating(elo=0.0, low=0.0, high=0.0)
>>> RATINGS["perfect"].elo > RATINGS["8"].elo > RATINGS["random"].elo
True
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from types import MappingProxyType

from link4.players import BOT_NAMES, as_bot

__all__ = ["ANCHOR", "LADDER_BOARD", "LADDER_OPENING_PLIES", "RATINGS", "Rating", "rating_of"]


@dataclass(frozen=True)
class Rating:
    """A player's Elo rating on the ladder, with its 95 % interval.

    >>> print(Rating(elo=181.4, low=165.2, high=197.9))
    181 (165 to 198)

    Attributes:
        elo: The fitted rating.
        low: The low end of its 95 % interval.
        high: The high end of its 95 % interval.
    """

    elo: float
    low: float
    high: float

    def __str__(self) -> str:
        if self.low == self.high:
            return f"{self.elo:.0f}"
        return f"{self.elo:.0f} ({self.low:.0f} to {self.high:.0f})"


LADDER_BOARD: tuple[int, int] = (7, 6)
"""The board the ladder was measured on: 7 columns, 6 rows."""

ANCHOR: str = "random"
"""The bot rated 0: the random player, which plays a legal column uniformly."""

LADDER_OPENING_PLIES: int = 4
"""The random moves each of the ladder's games opened with: a rating holds for games
played so (``link4.evaluate`` plays them with ``opening_plies=4``)."""

_MEASURED = {  # name: (rating, low, high), from python bench/ladder.py --seed 0
    "random": (0.0, 0.0, 0.0),
    "1": (209.0, 196.0, 222.0),
    "2": (373.0, 359.0, 387.0),
    "3": (590.0, 574.0, 606.0),
    "4": (841.0, 823.0, 860.0),
    "5": (1053.0, 1035.0, 1073.0),
    "6": (1208.0, 1190.0, 1230.0),
    "7": (1303.0, 1280.0, 1326.0),
    "8": (1491.0, 1466.0, 1514.0),
    "perfect": (1636.0, 1608.0, 1663.0),
}

RATINGS: Mapping[str, Rating] = MappingProxyType({name: Rating(*_MEASURED[name]) for name in BOT_NAMES})
"""Every bot of :data:`link4.players.BOT_NAMES`, weakest first, and its rating."""


def rating_of(name: str) -> Rating:
    """The rating of a bot on the ladder.

    >>> str(rating_of("perfect")) == str(RATINGS["perfect"])
    True
    >>> rating_of("9")
    Traceback (most recent call last):
      ...
    ValueError: unknown bot '9': the bots are random, 1, 2, 3, 4, 5, 6, 7, 8, perfect

    Args:
        name: A bot's name: ``"random"``, a level ``"1"`` to ``"8"`` or ``"perfect"``
            (any case, spaces around it ignored; a level may be an int).

    Returns:
        Its rating, measured on :data:`LADDER_BOARD`.

    Raises:
        ValueError: ``name`` names no bot.
    """
    try:
        return RATINGS[as_bot(name).name]
    except TypeError as error:  # neither a string nor a level: no bot's name either
        raise ValueError(str(error)) from None
