"""link4.gymnasium.Connect4Env: single-agent Connect Four against an engine."""

from __future__ import annotations

import warnings

import pytest

np = pytest.importorskip("numpy")
gymnasium = pytest.importorskip("gymnasium")

from gymnasium.utils.env_checker import check_env  # noqa: E402

from link4 import RED, YELLOW, Engine, Game  # noqa: E402
from link4.gymnasium import ENV_ID, Connect4Env  # noqa: E402


def quiet_check_env(env: Connect4Env) -> None:
    with warnings.catch_warnings():
        # check_env warns that it cannot try other render modes without a registry spec.
        warnings.simplefilter("ignore", UserWarning)
        check_env(env)


@pytest.mark.parametrize("player", [RED, YELLOW, "random"])
def test_check_env(player: object) -> None:
    quiet_check_env(Connect4Env(opponent=Engine(level=4), player=player))  # type: ignore[arg-type]


def test_check_env_from_the_registry() -> None:
    env = gymnasium.make(ENV_ID, opponent=Engine(level=2), render_mode="ansi")
    assert env.spec is not None and env.spec.id == "link4/Connect4-v0"
    quiet_check_env(env.unwrapped)


def test_spaces_and_first_observation() -> None:
    env = Connect4Env(opponent=Engine(level=2))
    assert env.observation_space == gymnasium.spaces.Box(0, 1, (6, 7, 2), np.int8)
    assert env.action_space == gymnasium.spaces.Discrete(7)
    observation, info = env.reset(seed=0)
    assert observation.shape == (6, 7, 2) and not observation.any()
    assert info["action_mask"].tolist() == [1] * 7 and info["action_mask"].dtype == np.int8
    assert info["player"] is RED and "opponent_move" not in info


def test_the_agent_as_yellow_sees_the_opponent_s_first_disc() -> None:
    env = Connect4Env(opponent=Engine(level=2), player=YELLOW)
    observation, info = env.reset(seed=3)
    col = info["opponent_move"]
    assert env.game == Game([col])
    assert observation[5, col].tolist() == [0, 1]  # plane 1: the opponent's disc
    assert observation[:, :, 0].sum() == 0 and observation.sum() == 1


def test_a_step_plays_the_agent_and_the_opponent() -> None:
    env = Connect4Env(opponent=Engine(level=2))
    env.reset(seed=1)
    observation, reward, terminated, truncated, info = env.step(3)
    game = env.game
    assert game.move_list == [3, info["opponent_move"]]
    assert (observation == game.to_planes(RED)).all()
    assert (reward, terminated, truncated) == (0.0, False, False)


def play(env: Connect4Env, seed: int) -> tuple[float, Game]:
    """One episode with random legal moves of the agent; the final reward and position."""
    rng = np.random.default_rng(seed)
    _, info = env.reset(seed=seed)
    while True:
        action = int(rng.choice(np.flatnonzero(info["action_mask"])))
        _, reward, terminated, truncated, info = env.step(action)
        assert not truncated
        if terminated:
            return reward, env.game


class RandomPlayer:
    def __init__(self, seed: int) -> None:
        self.rng = np.random.default_rng(seed)

    def choose(self, game: Game) -> int:
        return int(self.rng.choice(game.legal_moves()))


def test_rewards_follow_the_outcome() -> None:
    env = Connect4Env(opponent=RandomPlayer(0), player="random")
    seen = set()
    for seed in range(40):
        reward, game = play(env, seed)
        outcome = game.outcome()
        assert outcome is not None
        assert reward == outcome.reward(env.player)
        seen.add((env.player, reward))
    assert {(RED, 1.0), (RED, -1.0), (YELLOW, 1.0), (YELLOW, -1.0)} <= seen


def test_a_seeded_reset_replays_the_episode() -> None:
    env = Connect4Env(opponent=Engine(level=4), player="random")
    first = [play(env, seed)[1].moves for seed in range(5)]
    again = [play(env, seed)[1].moves for seed in range(5)]
    assert first == again and len(set(first)) > 1


def test_a_strong_agent_beats_a_weak_opponent() -> None:
    env = Connect4Env(opponent=Engine(level=2))
    agent = Engine(level=7, seed=0)
    for seed in range(3):
        env.reset(seed=seed)
        terminated, reward = False, 0.0
        while not terminated:
            _, reward, terminated, _, _ = env.step(agent.choose(env.game))
        assert reward == 1.0


def test_any_opponent_with_choose() -> None:
    class Leftmost:
        def choose(self, game: Game) -> int:
            return game.legal_moves()[0]

    env = Connect4Env(opponent=Leftmost())
    env.reset(seed=0)
    env.step(3)
    assert env.game.moves == "41"


def test_a_full_column_ends_the_episode() -> None:
    class Same:
        def choose(self, game: Game) -> int:
            return 0

    env = Connect4Env(opponent=Same())
    env.reset()
    for _ in range(3):
        env.step(0)
    # Column 0 is full (three discs each); the agent plays it again.
    _, reward, terminated, truncated, info = env.step(0)
    assert (reward, terminated, truncated) == (-1.0, True, False)
    assert info["illegal_move"] is True and not info["action_mask"].any()
    assert env.game.moves == "111111"
    with pytest.raises(RuntimeError, match="the episode is over: call reset"):
        env.step(1)
    # A column off the board is as illegal as a full one (as in link4.vector).
    for action in (7, -1):
        env.reset()
        _, reward, terminated, _, info = env.step(action)
        assert (reward, terminated, info["illegal_move"], env.game.moves) == (-1.0, True, True, "")
    env.reset()
    for action in (2.5, "3", True, None):
        with pytest.raises(ValueError, match="an action is a column"):
            env.step(action)
    assert env.game.moves == ""


def test_render() -> None:
    env = Connect4Env(opponent=Engine(level=2), render_mode="ansi")
    env.reset(seed=0)
    assert env.render() == str(env.game)
    with pytest.raises(ValueError, match="render_mode is None, 'ansi' or 'human'"):
        Connect4Env(render_mode="rgb_array")
