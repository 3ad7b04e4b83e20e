"""link4.kaggle.agent: a ConnectX agent, played in the real kaggle_environments."""

from __future__ import annotations

import random
from types import SimpleNamespace
from typing import Any

import pytest

from link4 import BoardError, Game
from link4.kaggle import SAFETY_MARGIN, agent, move_budget

CONFIG = {"rows": 6, "columns": 7, "inarow": 4, "actTimeout": 2}


def kaggle_board(moves: str) -> list[int]:
    return [cell for row in Game(moves).to_board() for cell in row]


# -- the agent on its own ------------------------------------------------------------------


@pytest.mark.parametrize("kind", ["dict", "object"])
def test_agent_reads_objects_and_dicts(kind: str) -> None:
    obs: Any = {"board": kaggle_board("121212"), "mark": 1}
    config: Any = dict(CONFIG)
    if kind == "object":
        obs, config = SimpleNamespace(**obs), SimpleNamespace(**config)
    move = agent(obs, config)
    assert move == 0 and type(move) is int


def test_agent_plays_the_second_player() -> None:
    # Yellow (mark 2) must block red's three in a row on the bottom row.
    move = agent({"board": kaggle_board("15253"), "mark": 2}, CONFIG)
    assert move == 3 and type(move) is int


def test_an_episode_is_played_alike_whatever_the_process_played_before() -> None:
    # Locally one process plays many episodes: each starts from new engines and seeds.
    def episode() -> list[int]:
        game, moves = Game(width=5, height=8), []
        config = {"rows": 8, "columns": 5, "inarow": 4, "actTimeout": 2}
        while not game.is_over():
            if game.ply % 2 == 0:
                board = [cell for row in game.to_board() for cell in row]
                moves.append(agent({"board": board, "mark": 1}, config))
                game.play(moves[-1])
            else:  # an opponent without chance: the rightmost column with room
                game.play(game.legal_moves()[-1])
        return moves

    first = episode()
    for moves in ("", "4", "44", "4453", "445362"):  # other games, and other random draws
        agent({"board": kaggle_board(moves), "mark": 1 + len(moves) % 2}, CONFIG)
    assert episode() == first


def test_wrong_mark_is_refused() -> None:
    with pytest.raises(ValueError, match=r"obs\.mark is 2, but the board has player 1 to move"):
        agent({"board": kaggle_board("44"), "mark": 2}, CONFIG)


def test_impossible_board_is_refused() -> None:
    with pytest.raises(BoardError):
        agent({"board": [2] + [0] * 41, "mark": 1}, CONFIG)


def test_move_budget_keeps_a_margin() -> None:
    assert SAFETY_MARGIN > 0
    assert move_budget({"actTimeout": 2}) == 2 - SAFETY_MARGIN
    assert move_budget(SimpleNamespace(actTimeout=5)) == 5 - SAFETY_MARGIN
    assert move_budget({"actTimeout": 0.1}) == 0
    assert move_budget({}) == 2 - SAFETY_MARGIN  # ConnectX's default


# -- in the real ConnectX environment --------------------------------------------------------

def run(agents: list[Any], **configuration: Any) -> list[int]:
    # Only these tests need kaggle-environments: the ones above run without it.
    kaggle_environments = pytest.importorskip("kaggle_environments")
    env = kaggle_environments.make("connectx", configuration=configuration, debug=True)
    steps = env.run(agents)
    final = steps[-1]
    assert [s["status"] for s in final] == ["DONE", "DONE"], final  # no timeout, no error
    return [s["reward"] for s in final]


def test_wins_against_negamax_as_first_and_second() -> None:
    random.seed(0)  # negamax breaks ties at random
    assert run([agent, "negamax"]) == [1, -1]
    assert run(["negamax", agent]) == [-1, 1]


@pytest.mark.parametrize("seed", range(2))
def test_never_loses_to_random(seed: int) -> None:
    random.seed(seed)  # the random agent draws from Python's generator
    assert run([agent, "random"])[0] == 1
    assert run(["random", agent])[1] == 1


@pytest.mark.parametrize("seed", range(3))
def test_never_loses_to_random_with_a_short_budget(seed: int) -> None:
    random.seed(seed)
    assert run([agent, "random"], actTimeout=1)[0] == 1
    assert run(["random", agent], actTimeout=1)[1] == 1


def test_connect_5_on_7x9_is_never_lost_to_negamax() -> None:
    # ConnectX's inarow: five in a row on 7 columns and 9 rows, as either side.
    for seed in range(2):
        random.seed(seed)
        assert run([agent, "negamax"], rows=9, columns=7, inarow=5)[0] >= 0
        assert run(["negamax", agent], rows=9, columns=7, inarow=5)[1] >= 0


def test_a_line_that_fits_no_board_is_refused() -> None:
    with pytest.raises(ValueError, match="6 in a row fits no line of a 5x5 board"):
        agent({"board": [0] * 25, "mark": 1}, {"rows": 5, "columns": 5, "inarow": 6})
    with pytest.raises(ValueError, match="link4 plays 3 to 6 in a row, not 2"):
        agent({"board": [0] * 42, "mark": 1}, {"inarow": 2})
