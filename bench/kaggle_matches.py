"""link4.kaggle.agent in Kaggle's ConnectX environment against its built-in agents:
figures, not pass/fail.

Each opponent plays its number of games, half of them moving first. Both break ties
with Python's generator, seeded with the game's number.

    python bench/kaggle_matches.py                  # 10 games against each
    python bench/kaggle_matches.py --games 40 --negamax-games 20
"""

from __future__ import annotations

import argparse
import random
import time
from collections import Counter

from kaggle_environments import make

from link4.kaggle import agent


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", type=int, default=10, help="games against random")
    parser.add_argument("--negamax-games", type=int, default=10, help="games against negamax")
    parser.add_argument("--act-timeout", type=float, default=2.0, help="ConnectX actTimeout")
    args = parser.parse_args()
    for opponent, games in (("negamax", args.negamax_games), ("random", args.games)):
        results: Counter[str] = Counter()
        begin = time.perf_counter()
        for i in range(games):
            random.seed(i)
            first = i % 2 == 0
            env = make("connectx", configuration={"actTimeout": args.act_timeout}, debug=True)
            env.run([agent, opponent] if first else [opponent, agent])
            me = env.state[0 if first else 1]
            if me.status != "DONE":
                results[me.status] += 1
            else:
                results[{1: "win", 0: "draw", -1: "loss"}[int(me.reward)]] += 1
        seconds = time.perf_counter() - begin
        summary = ", ".join(f"{results[k]} {k}" for k in ("win", "draw", "loss")) + "".join(
            f", {n} {k}" for k, n in results.items() if k not in ("win", "draw", "loss")
        )
        print(f"against {opponent:8} {games:3d} games (half as first player): {summary}; {seconds:.0f} s")


if __name__ == "__main__":
    main()
