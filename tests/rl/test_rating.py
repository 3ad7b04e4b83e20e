"""An agent's rating on the levels' ladder: the performance formula, and link4.evaluate's."""

from __future__ import annotations

import json
import math
import subprocess
import sys

import pytest
from hypothesis import given
from hypothesis import strategies as st

from link4.performance import GamesAgainst, nearest_rated, performance
from link4.ratings import LADDER_BOARD, LADDER_OPENING_PLIES, RATINGS, Rating

LEVEL = Rating(1000.0, 980.0, 1030.0)


def expected_share(gap: float) -> float:
    """Elo's logistic curve, written apart: the score a player `gap` points above expects."""
    return 1 / (1 + 10 ** (-gap / 400))


@given(points=st.integers(1, 399), games=st.just(400))
def test_the_rating_is_the_one_whose_expected_score_is_the_share(points: int, games: int) -> None:
    rating = performance([GamesAgainst("3", LEVEL, points, games)])
    assert rating.elo is not None and rating.low is not None and rating.high is not None
    assert math.isclose(expected_share(rating.elo - LEVEL.elo), points / games, rel_tol=1e-9)
    assert rating.low < rating.elo < rating.high
    # The opponent's uncertainty is part of the interval: each side at least as wide.
    assert rating.elo - rating.low >= LEVEL.elo - LEVEL.low
    assert rating.high - rating.elo >= LEVEL.high - LEVEL.elo


def test_more_points_rate_higher_and_more_games_narrow_the_interval() -> None:
    ratings = [performance([GamesAgainst("3", LEVEL, p, 100)]).elo for p in range(1, 100)]
    assert ratings == sorted(ratings) and len(set(ratings)) == len(ratings)
    few = performance([GamesAgainst("3", LEVEL, 30, 100)])
    many = performance([GamesAgainst("3", LEVEL, 300, 1000)])
    assert few.elo == pytest.approx(many.elo)
    assert few.low < many.low < many.high < few.high  # type: ignore[operator]


def test_every_game_lost_or_won_gives_a_bound_not_a_rating() -> None:
    lost = performance([GamesAgainst("3", LEVEL, 0, 50)])
    assert lost.elo is None and lost.low is None and lost.high is not None
    assert lost.high < LEVEL.elo  # no point in 50 games: surely weaker
    assert str(lost).startswith(f"below {lost.high:.0f} (no point in 50 games against level 3")
    won = performance([GamesAgainst("perfect", LEVEL, 50, 50)])
    assert won.elo is None and won.high is None and won.low is not None and won.low > LEVEL.elo
    assert str(won).startswith(f"above {won.low:.0f}")
    # With more games lost, the bound falls.
    assert performance([GamesAgainst("3", LEVEL, 0, 500)]).high < lost.high  # type: ignore[operator]


@pytest.mark.parametrize(("points", "games"), [(-1, 10), (11, 10), (0, 0)])
def test_points_outside_the_games_are_refused(points: float, games: int) -> None:
    with pytest.raises(ValueError, match="points must be within 0 to games"):
        GamesAgainst("3", LEVEL, points, games)
    with pytest.raises(ValueError, match="at least one rated player"):
        performance([])


@given(
    gaps=st.lists(st.floats(-600, 600), min_size=1, max_size=4),
    shares=st.lists(st.floats(0.02, 0.98), min_size=4, max_size=4),
)
def test_against_several_players_the_expected_points_are_the_points_scored(
    gaps: list[float], shares: list[float]
) -> None:
    against = [
        GamesAgainst(str(i), Rating(1000 + gap, 990 + gap, 1010 + gap), round(share * 200), 200)
        for i, (gap, share) in enumerate(zip(gaps, shares[: len(gaps)], strict=True))
    ]
    rating = performance(against)
    assert rating.elo is not None and rating.low is not None and rating.high is not None
    expected = sum(a.games * expected_share(rating.elo - a.rated.elo) for a in against)
    assert expected == pytest.approx(rating.points, abs=1e-6)
    assert rating.low < rating.elo < rating.high


def test_the_player_to_meet_next_is_the_one_rated_nearest() -> None:
    names = list(RATINGS)
    for name in names:
        near = performance([GamesAgainst(name, RATINGS[name], 10, 20)])  # an even score
        assert nearest_rated(near) == name
    below_all = performance([GamesAgainst(names[0], RATINGS[names[0]], 0, 20)])
    assert nearest_rated(below_all) == names[0]
    above_all = performance([GamesAgainst(names[-1], RATINGS[names[-1]], 20, 20)])
    assert nearest_rated(above_all) == names[-1]


pytest.importorskip("numpy")
pytest.importorskip("gymnasium", minversion="1.0")

import link4  # noqa: E402
from link4.players import BOT_NAMES, Bot  # noqa: E402


def test_the_perfect_player_against_itself_rates_as_the_ladder_rates_it() -> None:
    result = link4.evaluate("perfect", games=40, seed=3, opening_plies=LADDER_OPENING_PLIES)
    # Each opening is played with both colours, and its value decides both games.
    assert result.points == 20
    assert result.rating is not None
    assert result.rating.elo == pytest.approx(RATINGS["perfect"].elo)
    assert result.rating.low < RATINGS["perfect"].low and result.rating.high > RATINGS["perfect"].high  # type: ignore[operator]
    assert f"rating:        {result.rating} (95 %)" in str(result).splitlines()


@pytest.mark.heavy
@pytest.mark.parametrize("weaker", [0, 3], ids=["random against level 1", "level 3 against level 4"])
def test_a_bot_measured_against_its_stronger_neighbour_rates_where_the_ladder_puts_it(weaker: int) -> None:
    weak, strong = BOT_NAMES[weaker], BOT_NAMES[weaker + 1]
    result = link4.evaluate(weak, games=600, opponent=strong, seed=11, opening_plies=LADDER_OPENING_PLIES)
    assert result.rating is not None and result.rating.elo is not None
    assert result.rating.low <= RATINGS[weak].elo <= result.rating.high  # type: ignore[operator]


@pytest.mark.parametrize(
    ("opponent", "size", "openings", "why"),
    [
        (Bot("perfect", nodes=1000), LADDER_BOARD, LADDER_OPENING_PLIES,
         "the ladder rates the built-in players without a node budget"),
        ("1", (6, 5), LADDER_OPENING_PLIES, "the ladder is measured on 7x6"),
        ("1", LADDER_BOARD, 0, "the ladder rates games from 4 random opening moves"),
    ],
    ids=["a node budget", "another board", "from the empty board"],
)
def test_games_the_ladder_does_not_rate_give_no_rating_and_say_why(
    opponent: Bot | str, size: tuple[int, int], openings: int, why: str
) -> None:
    result = link4.evaluate(
        "random", games=4, opponent=opponent, seed=0, width=size[0], height=size[1], opening_plies=openings
    )
    assert result.rating is None and result.unrated.startswith(why)
    assert f"rating:        none: {result.unrated}" in str(result).splitlines()
    assert result.to_dict()["rating"] is None


def test_the_opening_moves_are_not_judged_and_each_opening_is_played_with_both_colours() -> None:
    result = link4.evaluate("random", games=20, opponent="1", seed=4, opening_plies=3)
    red, yellow = result.records[:10], result.records[10:]
    assert [r[:3] for r in red] == [r[:3] for r in yellow]
    assert len({r[:3] for r in red}) > 1
    # The policy's own moves: red's at plies 4, 6, ... and yellow's at 3, 5, ... after the opening.
    own = sum(len(range(4, len(r), 2)) for r in red) + sum(len(range(3, len(r), 2)) for r in yellow)
    assert result.moves == own


def test_the_ladder_rates_a_rated_player_where_the_ladder_puts_it() -> None:
    name = BOT_NAMES[2]
    result = link4.evaluate(name, games=200, opponent="ladder", seed=5)
    rating = result.rating
    assert rating is not None and rating.elo is not None
    assert rating.low <= RATINGS[name].elo <= rating.high  # type: ignore[operator]
    assert rating.games == result.games == 200
    met = [a.opponent for a in rating.against]
    assert result.opponent == "the ladder (" + ", ".join(f"level {m}" for m in met) + ")"
    assert rating.points == result.points


def test_the_ladder_is_refused_on_another_board() -> None:
    with pytest.raises(ValueError, match="the ladder is measured on 7x6, not 6x5"):
        link4.evaluate("random", games=4, opponent="ladder", width=6, height=5)
    with pytest.raises(ValueError, match="the ladder's games open with 4 random moves, not 2"):
        link4.evaluate("random", games=4, opponent="ladder", opening_plies=2)
    run = subprocess.run(
        [sys.executable, "-m", "link4", "evaluate", "--agent", "random", "--opponent", "ladder",
         "--size", "6x5"],
        capture_output=True, text=True,
    )
    assert run.returncode == 2
    assert run.stderr == "link4 evaluate: --opponent ladder: the ladder is measured on 7x6\n"


def test_the_command_line_reports_the_rating() -> None:
    out = subprocess.run(
        [sys.executable, "-m", "link4", "evaluate", "--agent", "random", "--opponent", BOT_NAMES[1],
         "--games", "30", "--seed", "2", "--openings", "4", "--json"],
        capture_output=True, text=True, check=True,
    ).stdout
    document = json.loads(out)
    rating = document["rating"]
    assert [a["opponent"] for a in rating["against"]] == [BOT_NAMES[1]]
    assert rating["against"][0]["games"] == 30
    assert rating["against"][0]["points"] == document["as_red"]["wins"] + document["as_yellow"]["wins"] + (
        document["as_red"]["draws"] + document["as_yellow"]["draws"]) / 2
