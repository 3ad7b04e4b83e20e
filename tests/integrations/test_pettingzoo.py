"""link4.pettingzoo: an AEC environment that behaves exactly as connect_four_v3."""

from __future__ import annotations

import functools
import warnings
from typing import Any

import pytest

np = pytest.importorskip("numpy")
pytest.importorskip("pettingzoo")
pytest.importorskip("gymnasium")

with warnings.catch_warnings():
    # pettingzoo.test imports PettingZoo's own classic environments the deprecated way.
    warnings.simplefilter("ignore", DeprecationWarning)
    from pettingzoo.test import api_test

from link4 import Game  # noqa: E402
from link4.pettingzoo import env, raw_env  # noqa: E402


@functools.cache
def reference_module() -> Any:
    pytest.importorskip("pygame")  # connect_four_v3 imports it to draw the board
    with warnings.catch_warnings():
        # Newer PettingZoo prefers its registry but still exports the module.
        warnings.simplefilter("ignore", DeprecationWarning)
        from pettingzoo.classic import connect_four_v3
    return connect_four_v3


def reference() -> Any:
    """PettingZoo's own connect_four_v3."""
    return reference_module().env()


def test_api_test() -> None:
    with warnings.catch_warnings():
        # api_test warns about dict observations, which connect_four_v3 has too.
        warnings.simplefilter("ignore", UserWarning)
        api_test(env(), num_cycles=1000)


def test_same_spaces_as_connect_four_v3() -> None:
    ref, ours = reference(), env()
    assert ours.possible_agents == ref.possible_agents == ["player_0", "player_1"]
    for agent in ref.possible_agents:
        assert ours.observation_space(agent) == ref.observation_space(agent)
        assert ours.action_space(agent) == ref.action_space(agent)


def assert_same_last(ref: Any, ours: Any) -> Any:
    """The same agent to act, observation, reward, termination, truncation and info."""
    assert ours.agent_selection == ref.agent_selection
    (obs, *rest), (ref_obs, *ref_rest) = ours.last(), ref.last()
    assert rest == ref_rest
    assert obs.keys() == ref_obs.keys()
    for key in ref_obs:
        assert obs[key].dtype == ref_obs[key].dtype
        assert np.array_equal(obs[key], ref_obs[key]), key
    return ref_obs, *ref_rest


def assert_same_state(ref: Any, ours: Any) -> None:
    """Everything: the agents, every agent's observation, all rewards and flags."""
    assert ours.agents == ref.agents
    assert ours.rewards == ref.rewards
    assert ours.terminations == ref.terminations
    assert ours.truncations == ref.truncations
    if not ref.agents:
        return
    for agent in ref.agents:
        mine, theirs = ours.observe(agent), ref.observe(agent)
        for key in theirs:
            assert np.array_equal(mine[key], theirs[key]), (agent, key)
    assert_same_last(ref, ours)


def play_both(seed: int, illegal: float = 0.0) -> tuple[list[int], dict[str, int]]:
    """One random game in both environments; with probability ``illegal`` a move is drawn
    among all columns (so it may be a full one, which ends the game)."""
    rng = np.random.default_rng(seed)
    ref, ours = reference(), env()
    ref.reset(seed=seed)
    ours.reset(seed=seed)
    assert_same_state(ref, ours)
    actions: list[int] = []
    final: dict[str, int] = {}
    game = Game()
    while ref.agents:
        obs, reward, termination, truncation, _ = assert_same_last(ref, ours)
        if not (termination or truncation):
            # Game.to_planes is the observation of the agent to act, and back.
            assert np.array_equal(game.to_planes(), obs["observation"])
            if game.ply % 4 == 3:
                assert Game.from_planes(obs["observation"]) == game
        if termination or truncation:
            assert_same_state(ref, ours)
            final[ref.agent_selection] = reward
            action = None
        elif rng.random() < illegal:
            action = int(rng.integers(7))
        else:
            action = int(rng.choice(np.flatnonzero(obs["action_mask"])))
        ref.step(action)
        ours.step(action)
        if action is not None:
            actions.append(action)
            if game.is_legal(action):
                game.play(action)
    assert_same_state(ref, ours)
    return actions, final


@pytest.mark.heavy  # Python around the game calls that the other tests check
def test_a_thousand_random_games_as_connect_four_v3() -> None:
    outcomes = {"player_0": set(), "player_1": set()}  # type: dict[str, set[int]]
    lengths = set()
    for seed in range(1000):
        actions, final = play_both(seed)
        lengths.add(len(actions))
        game = Game(actions)
        outcome = game.outcome()
        assert outcome is not None
        assert final == {"player_0": outcome.reward(1), "player_1": outcome.reward(2)}
        for agent, reward in final.items():
            outcomes[agent].add(reward)
    assert outcomes == {"player_0": {-1, 1}, "player_1": {-1, 1}}  # wins both ways
    assert min(lengths) < 12 and max(lengths) > 30


def test_illegal_moves_as_connect_four_v3() -> None:
    ended_illegally = 0
    for seed in range(200):
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")
            actions, _ = play_both(seed, illegal=0.3)
        try:
            Game(actions)
        except ValueError:
            ended_illegally += 1
    assert ended_illegally > 20


def test_a_draw_as_connect_four_v3() -> None:
    draw = [int(ch) - 1 for ch in "663251762525713162144765711243477236343455"]
    ref, ours = reference(), env()
    ref.reset()
    ours.reset()
    for action in draw:
        ref.step(action)
        ours.step(action)
        assert_same_state(ref, ours)
    assert all(ours.terminations.values()) and set(ours.rewards.values()) == {0}


def test_the_position_as_a_game() -> None:
    e = env()
    e.reset()
    for action in (3, 3, 4):
        e.step(action)
    assert e.unwrapped.game == Game("445")
    assert Game.from_planes(e.observe("player_1")["observation"]) == Game("445")
    assert Game.from_planes(e.observe("player_0")["observation"], player=1) == Game("445")


def test_render() -> None:
    e = raw_env(render_mode="ansi")
    e.reset()
    e.step(3)
    assert e.render() == str(Game("4"))
    with pytest.raises(ValueError, match="render_mode is None, 'ansi' or 'human'"):
        raw_env(render_mode="rgb_array")
