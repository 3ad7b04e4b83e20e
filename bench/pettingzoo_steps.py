"""Steps per second of link4.pettingzoo.env() and of PettingZoo's connect_four_v3: figures.

Both environments play the same seeded random games (a random legal column each move)
through the usual loop: ``last()``, then ``step()``. A step is one ``step()`` call,
the final ``step(None)`` of each agent included. Each is measured as ``env()`` makes it
(with PettingZoo's three wrappers, which take much of the time) and as the bare
``raw_env()``.

    python bench/pettingzoo_steps.py                 # 2000 games each
    python bench/pettingzoo_steps.py --games 200     # a quick look
"""

from __future__ import annotations

import argparse
import time
import warnings
from collections.abc import Callable
from typing import Any

import numpy as np

from link4 import pettingzoo as link4_pettingzoo


def reference_module() -> Any:
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", DeprecationWarning)
        from pettingzoo.classic import connect_four_v3
    return connect_four_v3


def run(make: Callable[[], Any], games: int) -> tuple[int, float]:
    steps = 0
    environment = make()
    start = time.perf_counter()
    for seed in range(games):
        rng = np.random.default_rng(seed)
        environment.reset(seed=seed)
        for _ in environment.agent_iter():
            observation, _, termination, truncation, _ = environment.last()
            if termination or truncation:
                action = None
            else:
                action = int(rng.choice(np.flatnonzero(observation["action_mask"])))
            environment.step(action)
            steps += 1
    return steps, time.perf_counter() - start


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", type=int, default=2000, help="games per environment")
    args = parser.parse_args()
    reference = reference_module()
    print(f"{args.games} seeded random games per environment, one thread")
    for kind in ("env", "raw_env"):
        rates = []
        for name, module in (("connect_four_v3", reference), ("link4.pettingzoo", link4_pettingzoo)):
            steps, seconds = run(getattr(module, kind), args.games)
            rates.append(steps / seconds)
            label = f"{name}.{kind}()"
            print(f"{label:28} {steps:7d} steps in {seconds:6.2f} s: {steps / seconds:8.0f} steps/s")
        print(f"{'':28} link4 is {rates[1] / rates[0]:.1f} times as fast")


if __name__ == "__main__":
    main()
