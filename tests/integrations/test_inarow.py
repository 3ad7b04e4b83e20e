"""k in a row in PettingZoo and OpenSpiel: games end, are won and are scored as link4.Game
of the line says, and a line link4 does not play is refused before anything is made."""

from __future__ import annotations

import warnings
from typing import Any

import pytest

np = pytest.importorskip("numpy")

from link4 import Game, InarowError, SizeMismatchError, Solver  # noqa: E402

BAD_LINES: list[tuple[dict[str, Any], type[Exception], str]] = [
    ({"inarow": 2}, InarowError, "link4 plays 3 to 6 in a row, not 2"),
    ({"inarow": 7, "width": 8, "height": 7}, InarowError, "link4 plays 3 to 6 in a row, not 7"),
    ({"inarow": 5, "width": 4, "height": 4}, InarowError, "5 in a row fits no line of a 4x4 board"),
    ({"inarow": "5"}, TypeError, "inarow is an int, not str"),
    ({"inarow": False}, TypeError, "inarow is an int, not a bool"),
]
BAD_IDS = ["2", "7", "5-on-4x4", "str", "bool"]

# -- PettingZoo --------------------------------------------------------------------------------


@pytest.fixture
def pettingzoo() -> Any:
    pytest.importorskip("pettingzoo")
    pytest.importorskip("gymnasium")
    import link4.pettingzoo

    return link4.pettingzoo


@pytest.mark.parametrize(("width", "height", "inarow"), [(7, 9, 5), (4, 4, 3)], ids=["7x9-five", "4x4-three"])
def test_pettingzoo_api_test(pettingzoo: Any, width: int, height: int, inarow: int) -> None:
    with warnings.catch_warnings():
        # pettingzoo.test imports PettingZoo's own classic environments the deprecated
        # way; api_test warns about dict observations, which connect_four_v3 has too.
        warnings.simplefilter("ignore", DeprecationWarning)
        warnings.simplefilter("ignore", UserWarning)
        from pettingzoo.test import api_test

        api_test(pettingzoo.env(width=width, height=height, inarow=inarow), num_cycles=300)


def test_pettingzoo_a_four_is_no_win_at_five_in_a_row(pettingzoo: Any) -> None:
    e = pettingzoo.env(width=7, height=9, inarow=5)
    for _ in range(2):  # a game, then another after a reset
        e.reset()
        for col in [0, 6] * 4:  # four discs of each in columns 1 and 7
            e.step(col)
            assert not e.last()[2]
        e.step(0)  # player_0's fifth
        observation, reward, termination, _, _ = e.last()
        assert termination and reward == -1  # player_1 to move: it has lost
        assert observation["observation"][4:, 0, 1].tolist() == [1] * 5
        assert e.unwrapped.game == Game("171717171", width=7, height=9, inarow=5)


@pytest.mark.parametrize(("width", "height", "inarow"), [(7, 9, 5), (4, 4, 3), (6, 7, 6)],
                         ids=["7x9-five", "4x4-three", "6x7-six"])
def test_pettingzoo_games_end_and_are_rewarded_as_game_says(
    pettingzoo: Any, width: int, height: int, inarow: int
) -> None:
    rng = np.random.default_rng(inarow)
    e = pettingzoo.raw_env(width=width, height=height, inarow=inarow)
    for _ in range(20):
        e.reset()
        replay = Game(width=width, height=height, inarow=inarow)
        while not any(e.terminations.values()):
            agent = e.agent_selection
            mask = e.observe(agent)["action_mask"]
            assert np.flatnonzero(mask).tolist() == replay.legal_moves()
            col = int(rng.choice(np.flatnonzero(mask)))
            e.step(col)
            replay.play(col)
            assert all(e.terminations.values()) == replay.is_over()
        outcome = replay.outcome()
        assert outcome is not None
        assert [e.rewards["player_0"], e.rewards["player_1"]] == [outcome.reward(p) for p in (1, 2)]


@pytest.mark.parametrize(("options", "error", "message"), BAD_LINES, ids=BAD_IDS)
def test_pettingzoo_refuses_a_bad_line(
    pettingzoo: Any, options: dict[str, Any], error: type[Exception], message: str
) -> None:
    with pytest.raises(error, match=message):
        pettingzoo.env(**options)
    with pytest.raises(error, match=message):
        pettingzoo.raw_env(**options)


# -- OpenSpiel ---------------------------------------------------------------------------------


@pytest.fixture
def pyspiel() -> Any:
    return pytest.importorskip("pyspiel")


def test_openspiel_games_of_five_in_a_row_end_as_game_says(pyspiel: Any) -> None:
    rng = np.random.default_rng(0)
    spiel_game = pyspiel.load_game("connect_four", {"rows": 9, "columns": 7, "x_in_row": 5})
    for _ in range(20):
        state = spiel_game.new_initial_state()
        while not state.is_terminal():
            state.apply_action(int(rng.choice(state.legal_actions())))
            game = Game.from_openspiel(state)
            assert (game.width, game.height, game.inarow) == (7, 9, 5)
            assert game.is_over() == state.is_terminal()
        outcome = game.outcome()
        assert outcome is not None
        assert [outcome.reward(p) for p in (1, 2)] == state.returns()


def test_openspiel_state_of_carries_the_line(pyspiel: Any) -> None:
    from link4.openspiel import state_of

    game = Game("4455", width=7, height=9, inarow=5)
    state = state_of(game)
    assert state.get_game().get_parameters()["x_in_row"] == 5
    assert Game.from_openspiel(state) == game
    assert state_of("1212", inarow=3).get_game().get_parameters()["x_in_row"] == 3
    assert "x_in_row" not in str(state_of("44").get_game())  # the standard game, as loaded
    with pytest.raises(SizeMismatchError, match="lines differ"):
        state_of(game, width=7, height=9)
    with pytest.raises(InarowError, match="5 in a row fits no line of a 4x4 board"):
        state_of("12", width=4, height=4, inarow=5)


def test_the_openspiel_bot_plays_the_state_s_line(pyspiel: Any) -> None:
    from link4.openspiel import Bot

    # Connect 3 on 4 x 4, red to move: every move of the perfect bot is a best one.
    solver = Solver(16, book=None, width=4, height=4, inarow=3)
    bot = Bot(level="perfect", seed=0)
    spiel_game = pyspiel.load_game("connect_four", {"rows": 4, "columns": 4, "x_in_row": 3})
    rng = np.random.default_rng(1)
    for _ in range(5):
        state = spiel_game.new_initial_state()
        while not state.is_terminal():
            game = Game.from_openspiel(state)
            scores = solver.analyze(game)
            action = bot.step(state)
            assert scores[action] == max(s for s in scores if s is not None), game.moves
            state.apply_action(action)
            if not state.is_terminal():
                state.apply_action(int(rng.choice(state.legal_actions())))
        assert state.returns() == [1.0, -1.0]  # a first player's win, played perfectly
