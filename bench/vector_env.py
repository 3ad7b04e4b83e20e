"""Steps per second of link4.vector.VectorEnv, beside the other Connect Four
environments in the same run: figures.

Every environment plays uniformly random legal columns and starts a new game when one
ends; every figure is measured with all the threads of this process on one CPU (see
rival_envs.py), the observations written (link4: the default copy of the (n, 6, 7, 2)
int8 planes each step). Steps are environment steps: a batch step of n environments
counts n. Against a bot, one step is the agent's move and the bot's reply.

- link4 self-play, a batch of --batch: actions from ``sample_legal_actions`` (drawn in
  C++ from one numpy uniform per environment), and drawn in numpy from the action masks
  as a policy's sampler would be (the cost of that sampler is in the figure);
- link4 against the level-2 bot, the level-5 bot (a four-ply search, like PufferLib's
  built-in opponent) and the perfect bot with a budget of 10,000 nodes per move (also
  on two threads, the bots' moves shared out);
- link4's single environments: the Gymnasium one (against the random bot) and the
  PettingZoo one (two players, one move per step);
- the rivals of rival_envs.py where installed: PettingZoo's connect_four_v3 raw
  environment, pgx (JAX, on the CPU) and PufferLib's Ocean connect4.

    python bench/vector_env.py                 # 3 s per figure, two rounds
    python bench/vector_env.py --seconds 1 --rounds 1
"""

from __future__ import annotations

import argparse
import random
import sys
import time
import warnings
from collections.abc import Callable
from pathlib import Path
from typing import Any

import numpy as np

from link4.gymnasium import Connect4Env
from link4.players import Bot
from link4.vector import VectorEnv

sys.path.insert(0, str(Path(__file__).resolve().parent))
from rival_envs import RIVALS, RivalMissing, aec_steps_per_second, one_core, timed_rate

PERFECT_NODES = 10_000


def vector_rate(env: VectorEnv, seconds: float, sampler: str = "env") -> float:
    rng = np.random.default_rng(0)
    env.reset(seed=0)
    n = env.num_envs
    infos: dict[str, Any] = {}

    def step() -> int:
        nonlocal infos
        if sampler == "env":
            actions = env.sample_legal_actions(rng)
        else:  # a policy's way: the masked argmax of random scores
            actions = (rng.random((n, env.width)) * env.action_masks()).argmax(axis=1)
        *_, infos = env.step(actions)
        return n

    step()  # the bots' tables are made on their first search
    return timed_rate(step, seconds)


def gymnasium_rate(seconds: float) -> float:
    env = Connect4Env(opponent="random")
    rng = random.Random(0)  # as rival_envs drives PettingZoo's environments
    _, info = env.reset(seed=0)

    def step() -> int:
        nonlocal info
        legal = [column for column, allowed in enumerate(info["action_mask"]) if allowed]
        _, _, terminated, _, info = env.step(rng.choice(legal))
        if terminated:
            _, info = env.reset()
        return 1

    return timed_rate(step, seconds)


def pettingzoo_rate(seconds: float) -> float:
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", DeprecationWarning)
        from link4.pettingzoo import raw_env

    return aec_steps_per_second(raw_env(), seconds)


def figures(batch: int, seconds: float) -> list[tuple[str, int, Callable[[], float]]]:
    perfect = Bot("perfect", nodes=PERFECT_NODES)
    return [
        ("link4 VectorEnv self-play", batch, lambda: vector_rate(VectorEnv(batch), seconds)),
        (
            "link4 VectorEnv self-play, numpy sampler",
            batch,
            lambda: vector_rate(VectorEnv(batch), seconds, sampler="numpy"),
        ),
        ("link4 VectorEnv vs level 2", batch, lambda: vector_rate(VectorEnv(batch, opponent=2), seconds)),
        (
            "link4 VectorEnv vs level 5 (a 4-ply search)",
            batch,
            lambda: vector_rate(VectorEnv(batch, opponent=5), seconds),
        ),
        (
            f"link4 VectorEnv vs perfect, {PERFECT_NODES:,} nodes",
            batch,
            lambda: vector_rate(VectorEnv(batch, opponent=perfect), seconds),
        ),
        ("link4 Connect4Env (Gymnasium) vs random", 1, lambda: gymnasium_rate(seconds)),
        ("link4 pettingzoo raw_env (two players)", 1, lambda: pettingzoo_rate(seconds)),
    ] + [
        (f"{name} (rival)", batch if name != "pettingzoo" else 1, _rival(rival, batch, seconds))
        for name, rival in RIVALS.items()
    ]


def _rival(rival: Callable[[int, float], float], batch: int, seconds: float) -> Callable[[], float]:
    return lambda: rival(batch, seconds)


def two_threads(batch: int, seconds: float) -> list[tuple[str, int, Callable[[], float]]]:
    perfect = Bot("perfect", nodes=PERFECT_NODES)
    return [
        (
            "link4 VectorEnv vs level 2, 2 threads",
            batch,
            lambda: vector_rate(VectorEnv(batch, opponent=2, threads=2), seconds),
        ),
        (
            f"link4 VectorEnv vs perfect, {PERFECT_NODES:,} nodes, 2 threads",
            batch,
            lambda: vector_rate(VectorEnv(batch, opponent=perfect, threads=2), seconds),
        ),
    ]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--seconds", type=float, default=3.0, help="measuring time per figure")
    parser.add_argument("--batch", type=int, default=4096, help="environments per batch")
    parser.add_argument("--rounds", type=int, default=2, help="rounds of every figure")
    args = parser.parse_args()
    for round_ in range(1, args.rounds + 1):
        print(f"round {round_}: random legal moves, {args.seconds:g} s per figure")
        print(f"{'environment':<52}{'batch':>7}{'steps/s':>14}{'self-play / it':>16}")
        rows: list[tuple[str, int, float | str]] = []
        with one_core():
            for name, batch, measure in figures(args.batch, args.seconds):
                try:
                    rows.append((name, batch, measure()))
                except RivalMissing as missing:
                    rows.append((name, batch, f"missing: {missing.reason}"))
        for name, batch, measure in two_threads(args.batch, args.seconds):
            rows.append((name, batch, measure()))
        ours = rows[0][2]
        for name, batch, rate in rows:
            if isinstance(rate, str):
                print(f"{name:<52}{batch:>7}   {rate}")
                continue
            ratio = f"{ours / rate:,.1f}x" if isinstance(ours, float) else ""
            print(f"{name:<52}{batch:>7}{rate:>14,.0f}{ratio:>16}", flush=True)
        if round_ < args.rounds:
            time.sleep(1)


if __name__ == "__main__":
    main()
