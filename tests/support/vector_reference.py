"""The batched environment stepped next to plain link4.Games of its board and line: every
observation, mask, reward, termination and autoreset of a link4.vector.VectorEnv checked
against the rules as Game plays them, for random legal actions (and some illegal ones).

The tests run a few thousand games; the full check runs as a script:

    python tests/support/vector_reference.py --games 20000
"""

from __future__ import annotations

import argparse
import time
from dataclasses import dataclass, field

import numpy as np

from link4 import Game, Player
from link4.vector import VectorEnv

BOTS = ("random", "1", "2", "3", "4", "5", "perfect")


@dataclass
class Tally:
    games: int = 0
    steps: int = 0
    illegal: int = 0
    results: dict[float, int] = field(default_factory=dict)


class Reference:
    """What each environment of a batch must show, by the rules of link4.Game."""

    def __init__(self, env: VectorEnv) -> None:
        self.env = env
        self.board = {"width": env.width, "height": env.height, "inarow": env.inarow}
        self.games = [Game(**self.board) for _ in range(env.num_envs)]
        self.agents: list[Player | None] = [None] * env.num_envs
        self.over = [False] * env.num_envs

    def viewer(self, i: int) -> Player:
        agent = self.agents[i]
        return self.games[i].turn if agent is None else agent

    def start(self, i: int, infos: dict[str, np.ndarray]) -> None:
        """A new episode: its random opening (read from the environment: the rules check
        it is legal), then, against a bot that moves first, its disc."""
        opening = self.env.positions()[i][: self.env.opening_plies]
        assert len(opening) == self.env.opening_plies
        self.games[i] = Game(opening, **self.board)
        self.over[i] = False
        if self.env.self_play:
            self.agents[i] = None
            return
        self.agents[i] = Player(int(infos["player"][i]))
        if self.agents[i] is not self.games[i].turn:
            assert infos["_opponent_move"][i]
            self.games[i].play(int(infos["opponent_move"][i]))
        else:
            assert not infos["_opponent_move"][i]

    def check(self, i: int, obs: np.ndarray, infos: dict[str, np.ndarray]) -> None:
        game = self.games[i]
        assert int(infos["player"][i]) == self.viewer(i)
        np.testing.assert_array_equal(obs[i], game.to_planes(self.viewer(i)))
        mask = np.zeros(self.env.width, dtype=np.int8)
        if not self.over[i]:
            mask[game.legal_moves()] = 1
        np.testing.assert_array_equal(infos["action_mask"][i], mask)

    def step(
        self, i: int, action: int, reward: float, terminated: bool, infos: dict[str, np.ndarray]
    ) -> None:
        """One step of environment i that was running: the action, the bot's reply."""
        game, actor = self.games[i], self.games[i].turn
        if not (0 <= action < self.env.width and game.is_legal(action)):
            assert (reward, terminated, bool(infos["illegal_move"][i])) == (-1.0, True, True)
            self.over[i] = True
            self._check_player_rewards(i, infos, actor, -1.0, 0.0)
            return
        assert not infos["illegal_move"][i]
        game.play(action)
        if not game.is_over() and not self.env.self_play:
            assert infos["_opponent_move"][i]
            reply = int(infos["opponent_move"][i])
            assert game.is_legal(reply)
            game.play(reply)
        elif not self.env.self_play:
            assert not infos["_opponent_move"][i]
        outcome = game.outcome()
        self.over[i] = outcome is not None
        assert terminated == self.over[i]
        expected = 0.0 if outcome is None else float(outcome.reward(actor))
        assert reward == expected, (game.moves, reward, expected)
        self._check_player_rewards(i, infos, actor, expected, -expected)

    def _check_player_rewards(
        self, i: int, infos: dict[str, np.ndarray], actor: Player, mine: float, other: float
    ) -> None:
        if self.env.self_play:
            rewards = infos["rewards"][i]
            assert rewards[actor - 1] == mine and rewards[actor.other - 1] == other


def run(env: VectorEnv, games: int, seed: int, illegal_rate: float = 0.02) -> Tally:
    """Steps ``env`` (NEXT_STEP autoreset) with random actions, mostly legal, until
    ``games`` episodes have ended, checking every environment at every step."""
    rng = np.random.default_rng(seed)
    ref, tally = Reference(env), Tally()
    obs, infos = env.reset(seed=seed)
    for i in range(env.num_envs):
        ref.start(i, infos)
        ref.check(i, obs, infos)
    assert env.observation_space.contains(obs)
    while tally.games < games:
        actions = env.sample_legal_actions(rng)
        wild = rng.random(env.num_envs) < illegal_rate
        actions[wild] = rng.integers(-2, env.width + 2, size=int(wild.sum()))
        was_over = list(ref.over)
        obs, rewards, terminated, truncated, infos = env.step(actions)
        assert not truncated.any() and obs.dtype == env.single_observation_space.dtype
        for i in range(env.num_envs):
            if was_over[i]:  # the next episode starts; the action is not used
                assert (rewards[i], terminated[i]) == (0.0, False)
                ref.start(i, infos)
            else:
                ref.step(i, int(actions[i]), float(rewards[i]), bool(terminated[i]), infos)
                if ref.over[i]:
                    tally.games += 1
                    tally.illegal += bool(infos["illegal_move"][i])
                    tally.results[float(rewards[i])] = tally.results.get(float(rewards[i]), 0) + 1
            ref.check(i, obs, infos)
        tally.steps += env.num_envs
    return tally


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=20_000, help="episodes per kind of opponent")
    parser.add_argument("--envs", type=int, default=256)
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--only", nargs="+", metavar="KIND", help="self-play, random, 1 to 5, perfect")
    args = parser.parse_args()
    kinds: list[tuple[str, dict[str, object]]] = [("self-play", {})]
    kinds += [(f"bot {b}", {"opponent": b, "player": "random"}) for b in BOTS[:-1]]
    kinds += [("bot perfect, 10,000 nodes", {"opponent": _perfect(), "player": "random"})]
    if args.only:
        kinds = [
            (name, options)
            for name, options in kinds
            if name.split()[-1].strip(",") in args.only
            or (name.startswith("bot perfect") and "perfect" in args.only)
        ]
    for name, options in kinds:
        started = time.perf_counter()
        env = VectorEnv(args.envs, **options)  # type: ignore[arg-type]
        tally = run(env, args.games, args.seed)
        print(
            f"{name:<28} {tally.games:>7} games {tally.steps:>9} env steps, "
            f"{tally.illegal} ended by an illegal action, results {dict(sorted(tally.results.items()))}: "
            f"all agree ({time.perf_counter() - started:.0f} s)"
        )


def _perfect() -> object:
    from link4.players import Bot

    return Bot("perfect", nodes=10_000)


if __name__ == "__main__":
    main()
