"""k in a row in the reinforcement-learning layer: Connect4Env, VectorEnv, BatchBot and
link4.evaluate end games, reward them and choose moves by the rules of the line asked for,
as link4.Game and the exact Solver of that line have them."""

from __future__ import annotations

import warnings
from typing import Any

import pytest

np = pytest.importorskip("numpy")
gymnasium = pytest.importorskip("gymnasium", minversion="1.0")

from gymnasium.utils.env_checker import check_env  # noqa: E402

import link4  # noqa: E402
from link4 import RED, YELLOW, Game, InarowError, SizeMismatchError, Solver, _core  # noqa: E402
from link4.gymnasium import Connect4Env  # noqa: E402
from link4.performance import unrated_because  # noqa: E402
from link4.players import BatchBot  # noqa: E402
from link4.vector import VectorEnv, games, positions  # noqa: E402

# (width, height, inarow): Connect 5 on 7 x 9, Connect 3 on 4 x 4, Connect 6 on 7 x 6.
BOARDS = [(7, 9, 5), (4, 4, 3), (7, 6, 6)]
BOARD_IDS = ["7x9-five", "4x4-three", "7x6-six"]


class Column:
    """An opponent that always plays one column (the next one with room to its left)."""

    def __init__(self, col: int) -> None:
        self.col = col

    def choose(self, game: Game) -> int:
        return next(c for c in range(self.col, -1, -1) if game.is_legal(c))


def best_columns(solver: Solver, game: Game) -> list[int]:
    scores = solver.analyze(game)
    best = max(s for s in scores if s is not None)
    return [c for c, s in enumerate(scores) if s == best]


# -- Connect4Env -----------------------------------------------------------------------------


def test_a_four_does_not_end_an_episode_of_five_in_a_row_and_reset_keeps_the_line() -> None:
    env = Connect4Env(opponent=Column(6), width=7, height=9, inarow=5)
    for seed in (0, 1):  # the second episode is played after a reset
        _, info = env.reset(seed=seed)
        for disc in range(1, 5):  # four red discs in column 1, four yellow ones in column 7
            _, reward, terminated, _, info = env.step(0)
            assert (reward, terminated, info["opponent_move"]) == (0.0, False, 6), disc
        assert info["action_mask"].tolist() == [1] * 7
        _, reward, terminated, _, info = env.step(0)  # the fifth
        assert (reward, terminated, "opponent_move" in info) == (1.0, True, False)
        assert env.game == Game("171717171", width=7, height=9, inarow=5)
        assert info["action_mask"].tolist() == [0] * 7


@pytest.mark.parametrize(("width", "height", "inarow"), BOARDS, ids=BOARD_IDS)
def test_episodes_end_and_are_rewarded_as_game_says(width: int, height: int, inarow: int) -> None:
    env = Connect4Env(opponent="random", player="random", width=width, height=height, inarow=inarow)
    rng = np.random.default_rng(inarow)
    results = set()
    for seed in range(30):
        _, info = env.reset(seed=seed)
        terminated = False
        while not terminated:
            action = int(rng.choice(np.flatnonzero(info["action_mask"])))
            observation, reward, terminated, _, info = env.step(action)
            replay = Game(env.game.moves, width=width, height=height, inarow=inarow)
            outcome = replay.outcome()
            assert terminated == replay.is_over()
            assert reward == (0.0 if outcome is None else float(outcome.reward(env.player)))
            mask = np.zeros(width, dtype=np.int8)
            mask[replay.legal_moves()] = 1
            assert info["action_mask"].tolist() == mask.tolist()
            assert np.array_equal(observation, replay.to_planes(env.player))
        results.add(reward)
    assert {-1.0, 1.0} <= results  # games were won and lost, not only drawn


@pytest.mark.parametrize("opponent", ["perfect", "engine"])
def test_perfect_play_makes_best_moves_of_connect_3_and_wins_as_red(opponent: str) -> None:
    # Connect 3 on 4 x 4 is a first player's win: the perfect player (the bot computed in
    # C++, or an Engine with a time limit, asked in Python), moving first, wins every game,
    # and every move it makes, as either side, is a best one by the exact solver of three
    # in a row.
    solver = Solver(16, book=None, width=4, height=4, inarow=3)
    assert solver.solve(Game(width=4, height=4, inarow=3)) > 0
    for player in (YELLOW, RED):
        bot = "perfect" if opponent == "perfect" else link4.Engine("perfect", time_limit=30, seed=0)
        env = Connect4Env(opponent=bot, player=player, width=4, height=4, inarow=3)
        rng = np.random.default_rng(0)
        for seed in range(10):
            _, info = env.reset(seed=seed)
            terminated = False
            while not terminated:
                before = env.game
                action = int(rng.choice(np.flatnonzero(info["action_mask"])))
                _, reward, terminated, _, info = env.step(action)
                if "opponent_move" in info:
                    before.play(action)
                    assert info["opponent_move"] in best_columns(solver, before), before.moves
            if player is YELLOW:
                assert reward == -1.0, env.game.moves


@pytest.mark.parametrize(("width", "height", "inarow"), [(7, 9, 5), (4, 4, 3)], ids=["7x9-five", "4x4-three"])
def test_check_env(width: int, height: int, inarow: int) -> None:
    env = Connect4Env(opponent=3, player="random", width=width, height=height, inarow=inarow)
    assert env.observation_space == gymnasium.spaces.Box(0, 1, (height, width, 2), np.int8)
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", UserWarning)  # no registry spec for other render modes
        check_env(env)


BAD_LINES: list[tuple[dict[str, Any], type[Exception], str]] = [
    ({"inarow": 2}, InarowError, "link4 plays 3 to 6 in a row, not 2"),
    ({"inarow": 7, "width": 8, "height": 7}, InarowError, "link4 plays 3 to 6 in a row, not 7"),
    ({"inarow": 5, "width": 4, "height": 4}, InarowError, "5 in a row fits no line of a 4x4 board"),
    ({"inarow": 6, "width": 5, "height": 5}, InarowError, "6 in a row fits no line of a 5x5 board"),
    ({"inarow": "5"}, TypeError, "inarow is an int, not str"),
    ({"inarow": 5.0}, TypeError, "inarow is an int, not float"),
    ({"inarow": True}, TypeError, "inarow is an int, not a bool"),
]
BAD_IDS = ["2", "7", "5-on-4x4", "6-on-5x5", "str", "float", "bool"]


@pytest.mark.parametrize(("options", "error", "message"), BAD_LINES, ids=BAD_IDS)
def test_a_bad_line_is_refused_before_anything_is_made(
    options: dict[str, Any], error: type[Exception], message: str
) -> None:
    # The opponent named is no bot: the line is checked first all the same.
    with pytest.raises(error, match=message):
        Connect4Env(opponent="nobody", **options)
    with pytest.raises(error, match=message):
        VectorEnv(2, opponent="nobody", **options)
    with pytest.raises(error, match=message):
        BatchBot("nobody", 2, **options)
    with pytest.raises(error, match=message):
        link4.evaluate("random", games=2, opponent="nobody", **options)


# -- VectorEnv and BatchBot ------------------------------------------------------------------


def test_the_batch_s_states_are_games_of_its_line() -> None:
    env = VectorEnv(8, opponent="random", player="random", width=7, height=9, inarow=5, seed=0,
                    opening_plies=6)
    assert (env.inarow, env.core.inarow) == (5, 5)
    assert repr(env) == "<link4.vector.VectorEnv 8 envs, opponent=Bot('random'), 7x9, 5 in a row>"
    observations, infos = env.reset()
    rng = np.random.default_rng(1)
    for _ in range(12):
        observations, *_, infos = env.step(env.sample_legal_actions(rng))
    history = env.history()
    for i, game in enumerate(env.games()):
        assert game == Game(env.positions()[i], width=7, height=9, inarow=5)
        assert game.move_list == [c for c in history.moves[i].tolist() if c >= 0]
        assert np.array_equal(observations[i], game.to_planes(int(infos["player"][i])))
    assert positions(env, inarow=5) == env.positions()
    with pytest.raises(SizeMismatchError, match="lines differ: the environments' game is of 5 in a row"):
        games(env, inarow=4)


def test_planes_are_read_by_the_line_named() -> None:
    # Red's four in column 1, then a yellow disc: over at four in a row, running at five.
    played = Game("12121217", width=7, height=9, inarow=5)
    planes = played.to_planes()
    [game] = games(planes, inarow=5)
    assert (game.inarow, game.to_board(), game.is_over()) == (5, played.to_board(), False)
    with pytest.raises(link4.BoardError):
        games(planes)  # four in a row: a game that went on after red won


def test_an_opening_never_ends_a_game_of_three_in_a_row() -> None:
    # Red's third disc is the fifth move: four random moves at most.
    env = VectorEnv(64, width=4, height=4, inarow=3, opening_plies=4, seed=0)
    env.reset()
    assert not any(game.is_over() for game in env.games())
    with pytest.raises(ValueError, match="opening_plies must be an int from 0 to 4 with 3 in a row, not 5"):
        VectorEnv(2, width=4, height=4, inarow=3, opening_plies=5)
    assert VectorEnv(2, width=7, height=9, inarow=5, opening_plies=6).opening_plies == 6
    # The core keeps to it as well, whoever sets it.
    core = _core.VectorEnv(4, 4, 2, None, 0, None, 1 << 20, 1, inarow=3)
    with pytest.raises(ValueError, match="opening_plies out of range: 5"):
        core.opening_plies = 5
    core.opening_plies = 4
    assert core.opening_plies == 4


def test_the_batch_bot_plays_for_the_line_of_the_batch() -> None:
    solver = Solver(16, book=None, width=4, height=4, inarow=3)
    env = VectorEnv(16, width=4, height=4, inarow=3, opening_plies=2, seed=3)
    bot = BatchBot("perfect", 16, seed=0, width=4, height=4, inarow=3)
    env.reset()
    for _ in range(3):
        chosen = bot.choose(env)
        for game, col in zip(env.games(), chosen.tolist(), strict=True):
            if not game.is_over():
                assert col in best_columns(solver, game), game.moves
        env.step(chosen)
    with pytest.raises(SizeMismatchError, match="lines differ"):
        BatchBot("perfect", 16, width=4, height=4).choose(env)


# -- link4.evaluate ----------------------------------------------------------------------------


def test_evaluate_judges_moves_by_the_line_of_the_games() -> None:
    result = link4.evaluate("random", games=8, opponent="perfect", seed=0, threads=1, width=4, height=4,
                            inarow=3)
    # Connect 3 on 4 x 4 is red's win: as yellow the random policy loses every game.
    assert (result.as_yellow.losses, result.as_yellow.games) == (4, 4)
    assert result.rating is None
    # The policy's moves judged again, by the exact solver of three in a row.
    solver = Solver(16, book=None, width=4, height=4, inarow=3)
    perfect = moves = 0
    for g, record in enumerate(result.records):
        game = Game(width=4, height=4, inarow=3)
        for ply, col in enumerate(record):
            column = int(col) - 1
            if ply % 2 == (0 if g < 4 else 1):
                moves += 1
                perfect += column in best_columns(solver, game)
            game.play(column)
    assert (result.perfect.count, result.moves) == (perfect, moves)
    with pytest.raises(ValueError, match="the ladder is measured with 4 in a row, not 5"):
        link4.evaluate("random", games=2, opponent="ladder", inarow=5)
    assert unrated_because("5", nodes=None, board=(7, 6), opening_plies=4, inarow=5) == (
        "the ladder is measured with 4 in a row"
    )
