"""The integrations on boards of other sizes: Kaggle ConnectX, Gymnasium, PettingZoo and
OpenSpiel."""

from __future__ import annotations

import random
import warnings
from typing import Any

import pytest

from link4 import YELLOW, BoardSizeError, Engine, Game
from link4.kaggle import agent, board_size

# -- Kaggle ConnectX ------------------------------------------------------------------------

TALL = {"rows": 8, "columns": 5, "inarow": 4, "actTimeout": 2}


def kaggle_board(game: Game) -> list[int]:
    return [cell for row in game.to_board() for cell in row]


def test_the_agent_plays_a_5x8_board() -> None:
    # Red (mark 1) has three on the bottom row, columns 1-3: column 4 (index 3) wins.
    game = Game("112233", width=5, height=8)
    move = agent({"board": kaggle_board(game), "mark": 1}, TALL)
    assert move == 3 and type(move) is int


WIDE = {"rows": 5, "columns": 11, "inarow": 4, "actTimeout": 2}


def test_the_agent_plays_an_11x5_board() -> None:
    # Red (mark 1) has columns 9, 10 and 11 of the bottom row, yellow three in column 1:
    # column 8 (index 7) wins, the only four to make on a board of 11 columns.
    game = Game("a1b191", width=11, height=5)
    move = agent({"board": kaggle_board(game), "mark": 1}, WIDE)
    assert move == 7 and type(move) is int
    assert board_size(WIDE) == (11, 5)


@pytest.mark.parametrize(
    ("change", "fragment"),
    [
        ({"columns": 13}, "8 rows and 13 columns"),
        ({"rows": 3}, "3 rows and 5 columns"),
        ({"rows": 14}, "14 rows and 5 columns"),
        ({"rows": 10, "columns": 12}, "10 rows and 12 columns"),
        ({"rows": 12, "columns": 10}, "12 rows and 10 columns"),
    ],
)
def test_what_the_agent_does_not_play_is_refused(change: dict[str, int], fragment: str) -> None:
    config = {**TALL, **change}
    refusal = (
        "link4 plays 4 to 13 rows and 4 to 12 columns, rows x columns "
        "13 x 9, 11 x 10, 10 x 11, 9 x 12 at most"
    )
    with pytest.raises(ValueError, match=refusal) as info:
        agent({"board": [0] * (config["rows"] * config["columns"]), "mark": 1}, config)
    assert fragment in str(info.value)
    with pytest.raises(ValueError, match=fragment):
        board_size(config)


@pytest.mark.parametrize(
    ("inarow", "message"),
    [(2, "link4 plays 3 to 6 in a row, not 2"), (7, "link4 plays 3 to 6 in a row, not 7")],
)
def test_a_line_the_agent_does_not_play_is_refused(inarow: int, message: str) -> None:
    config = {**TALL, "inarow": inarow}
    with pytest.raises(ValueError, match=message):
        agent({"board": [0] * 40, "mark": 1}, config)


def test_the_agent_plays_connect_5_on_the_tall_board() -> None:
    # Five in a row on 5 x 8: four red discs stacked in column 1, four yellow ones in
    # column 5, red to move: the fifth disc in column 1 wins (four would already have).
    config = {**TALL, "inarow": 5}
    board = [0] * 40
    for row in (7, 6, 5, 4):  # the rows from the bottom up (row 0 is the top row)
        board[row * 5], board[row * 5 + 4] = 1, 2
    assert agent({"board": board, "mark": 1}, config) == 0


def test_sizes_are_whole_numbers_of_either_type() -> None:
    assert board_size({"rows": 8.0, "columns": 5, "inarow": 4.0}) == (5, 8)
    assert type(board_size({"rows": 8.0, "columns": 5.0})[0]) is int
    with pytest.raises(ValueError, match=r"ConnectX's rows is a whole number, not 7\.5"):
        board_size({"rows": 7.5, "columns": 5})
    with pytest.raises(TypeError, match="ConnectX's columns is a number, not str"):
        board_size({"rows": 6, "columns": "7"})


def test_a_board_of_another_size_than_the_configuration_is_refused() -> None:
    with pytest.raises(ValueError, match="board"):  # 42 cells for a 5x8 game
        agent({"board": [0] * 42, "mark": 1}, TALL)


def run(agents: list[Any], **configuration: Any) -> list[int]:
    kaggle_environments = pytest.importorskip("kaggle_environments")
    env = kaggle_environments.make("connectx", configuration=configuration, debug=True)
    final = env.run(agents)[-1]
    assert [s["status"] for s in final] == ["DONE", "DONE"], final  # no timeout, no error
    return [s["reward"] for s in final]


@pytest.mark.parametrize("seed", range(2))
def test_a_5x8_match_against_negamax_is_never_lost(seed: int) -> None:
    # 5x8 is a draw with perfect play: link4 must win or draw, from either side.
    random.seed(seed)  # negamax breaks ties at random
    first = run([agent, "negamax"], rows=8, columns=5)
    second = run(["negamax", agent], rows=8, columns=5)
    assert first[0] >= 0 and second[1] >= 0, (first, second)


# -- Gymnasium ---------------------------------------------------------------------------------


def test_gymnasium_check_env_on_an_8x7_board() -> None:
    np = pytest.importorskip("numpy")
    gymnasium = pytest.importorskip("gymnasium")
    from gymnasium.utils.env_checker import check_env

    from link4.gymnasium import Connect4Env

    env = Connect4Env(opponent=Engine(level=4), player="random", width=8, height=7)
    assert env.observation_space == gymnasium.spaces.Box(0, 1, (7, 8, 2), np.int8)
    assert env.action_space == gymnasium.spaces.Discrete(8)
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", UserWarning)  # no registry spec for other render modes
        check_env(env)
    observation, info = env.reset(seed=0)
    assert observation.shape == (7, 8, 2) and info["action_mask"].shape == (8,)


def test_gymnasium_plays_to_the_end_on_a_small_board() -> None:
    pytest.importorskip("gymnasium")
    from link4.gymnasium import Connect4Env

    env = Connect4Env(opponent=Engine(level=2), player=YELLOW, width=4, height=4)
    observation, info = env.reset(seed=5)
    assert observation.sum() == 1
    terminated, steps = False, 0
    while not terminated:
        action = int(info["action_mask"].nonzero()[0][0])
        observation, reward, terminated, _, info = env.step(action)
        steps += 1
    game = env.game
    assert (game.width, game.height) == (4, 4) and game.is_over() and steps <= 8
    outcome = game.outcome()
    assert outcome is not None and reward == outcome.reward(YELLOW)
    env.reset()
    # Column 5 is off this board: an illegal action, which ends the episode.
    _, reward, terminated, _, info = env.step(4)
    assert (reward, terminated, info["illegal_move"]) == (-1.0, True, True)


def test_gymnasium_refuses_a_size_out_of_range() -> None:
    pytest.importorskip("gymnasium")
    from link4.gymnasium import Connect4Env

    with pytest.raises(BoardSizeError):
        Connect4Env(width=13, height=6)
    with pytest.raises(BoardSizeError, match="at most 128"):
        Connect4Env(width=12, height=10)


def test_gymnasium_on_a_10x6_board() -> None:
    np = pytest.importorskip("numpy")
    gymnasium = pytest.importorskip("gymnasium")
    from link4.gymnasium import Connect4Env

    env = Connect4Env(opponent=Engine(level=2), player=YELLOW, width=10, height=6)
    assert env.observation_space == gymnasium.spaces.Box(0, 1, (6, 10, 2), np.int8)
    assert env.action_space == gymnasium.spaces.Discrete(10)
    observation, info = env.reset(seed=3)
    assert observation.shape == (6, 10, 2) and info["action_mask"].shape == (10,)
    observation, *_ = env.step(9)  # column 10, a in move strings
    assert env.game.moves[1] == "a" and env.game.move_list[1] == 9
    assert observation[5, 9].tolist() == [1, 0]  # the agent's disc, bottom row


# -- PettingZoo --------------------------------------------------------------------------------


def test_pettingzoo_api_test_on_a_6x9_board() -> None:
    pytest.importorskip("pettingzoo")
    from pettingzoo.test import api_test

    from link4.pettingzoo import env

    api_test(env(width=6, height=9), num_cycles=200)


def test_pettingzoo_on_a_10x6_board() -> None:
    pytest.importorskip("pettingzoo")
    from link4.pettingzoo import env

    e = env(width=10, height=6)
    e.reset(seed=0)
    assert e.action_space("player_0").n == 10
    assert e.observation_space("player_1")["observation"].shape == (6, 10, 2)
    for col in [9, 0, 9, 0, 9, 0, 9]:  # red fills column 10 (a) and wins with its 4th disc
        e.step(col)
    observation, reward, termination, _, _ = e.last()
    assert termination and reward == -1
    assert observation["observation"][2:, 9, 1].tolist() == [1, 1, 1, 1]
    assert e.unwrapped.game == Game("a1a1a1a", width=10, height=6)


def test_pettingzoo_spaces_and_observations_follow_the_size() -> None:
    pytest.importorskip("pettingzoo")
    from link4.pettingzoo import env

    e = env(width=5, height=4)
    e.reset(seed=0)
    assert e.action_space("player_0").n == 5
    assert e.observation_space("player_0")["observation"].shape == (4, 5, 2)
    for col in [4, 0, 4, 0, 4, 0, 4]:  # red fills column 5 and wins with its 4th disc
        e.step(col)
    observation, reward, termination, _, _ = e.last()
    assert termination and reward == -1  # player_1 to move: it has lost
    planes = observation["observation"]
    assert planes[:, 4, 1].tolist() == [1, 1, 1, 1]  # the opponent's column, top row first
    assert planes[:, 0, 0].tolist() == [0, 1, 1, 1]
    assert e.unwrapped.game == Game("5151515", width=5, height=4)
    e.reset()
    assert not e.last()[0]["observation"].any()


# -- OpenSpiel ----------------------------------------------------------------------------------


def test_openspiel_states_of_another_size() -> None:
    pytest.importorskip("pyspiel")
    from link4.openspiel import Bot, state_of

    game = Game("3344", width=5, height=8)
    state = state_of(game)
    assert state.get_game().num_distinct_actions() == 5
    assert state.history() == [2, 2, 3, 3]
    assert Game.from_openspiel(state) == game
    assert state_of("44").get_game().num_distinct_actions() == 7
    # Red to move with three on the bottom row: column 4 (index 3) wins.
    assert Bot(level=7, seed=0).step(state_of(Game("112233", width=5, height=8))) == 3


def test_openspiel_states_of_a_12x9_board() -> None:
    pytest.importorskip("pyspiel")
    from link4.openspiel import state_of

    game = Game("1abc", width=12, height=9)
    state = state_of(game)
    assert state.get_game().num_distinct_actions() == 12
    assert state.history() == [0, 9, 10, 11]
    assert Game.from_openspiel(state) == game
