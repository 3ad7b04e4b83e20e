"""The measured ratings (link4.ratings): the ladder covers every bot in order of
strength. Whether the levels stand within ~250 points of each other is a measured figure
(bench/ladder.py), not a test."""

from __future__ import annotations

import pytest

from link4.players import BOT_NAMES
from link4.ratings import ANCHOR, LADDER_BOARD, RATINGS, Rating, rating_of


def test_the_ladder_covers_every_bot_weakest_first() -> None:
    assert tuple(RATINGS) == BOT_NAMES
    elos = [RATINGS[name].elo for name in BOT_NAMES]
    assert elos == sorted(elos) and len(set(elos)) == len(elos)
    assert all(r.low <= r.elo <= r.high for r in RATINGS.values())
    assert RATINGS[ANCHOR] == Rating(0.0, 0.0, 0.0)
    assert LADDER_BOARD == (7, 6)
    with pytest.raises(TypeError):
        RATINGS["random"] = Rating(1, 1, 1)  # type: ignore[index]


def test_rating_of_every_name() -> None:
    for name in BOT_NAMES:
        assert rating_of(name) is RATINGS[name]
    assert rating_of(" Perfect ") is RATINGS["perfect"]
    assert rating_of(5) is RATINGS["5"]  # type: ignore[arg-type]  # a level as an int, as Engine takes it


@pytest.mark.parametrize(
    ("name", "message"),
    [
        ("9", "unknown bot '9': the bots are random, 1, 2, 3, 4, 5, 6, 7, 8, perfect"),
        ("", "unknown bot ''"),
        ("best", "unknown bot 'best'"),
        (None, "a bot is a link4.players.Bot, a level or a name, not NoneType"),
        (2.5, "not float"),
    ],
)
def test_rating_of_what_is_no_bot(name: object, message: str) -> None:
    with pytest.raises(ValueError, match=message):
        rating_of(name)  # type: ignore[arg-type]


def test_a_rating_reads_with_its_interval() -> None:
    assert str(Rating(1234.4, 1210.0, 1258.6)) == "1234 (1210 to 1259)"
    assert str(RATINGS[ANCHOR]) == "0"
