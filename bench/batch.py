"""Throughput of the batch runner: solve_many and search_many on positions at N discs.

    python bench/batch.py                    # 2,000 positions with exactly 20 discs, 2 threads
    python bench/batch.py --plies 24 --count 5000 --threads 1

The positions are random games (seeded) of exactly --plies discs that are still running;
each function gets the same list, with a cold 64 MB table per thread. Prints positions per
second for each, and their ratio measured in the same run.
"""

from __future__ import annotations

import argparse
import time

import link4
from link4.dataset import random_positions


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--plies", type=int, default=20)
    parser.add_argument("--count", type=int, default=2000)
    parser.add_argument("--threads", type=int, default=2)
    parser.add_argument("--seed", type=int, default=20)
    parser.add_argument("--repeat", type=int, default=2, help="runs of each (default 2)")
    args = parser.parse_args()
    games = random_positions(args.count, plies=(args.plies, args.plies), seed=args.seed)
    print(f"{len(games)} positions with {args.plies} discs, {args.threads} threads, no book")
    rates: dict[str, list[float]] = {}
    for run in range(args.repeat):
        for name, batch in (("solve_many", link4.solve_many), ("search_many", link4.search_many),
                            ("analyze_many", link4.analyze_many)):
            start = time.perf_counter()
            batch(games, threads=args.threads, book=None)
            seconds = time.perf_counter() - start
            rates.setdefault(name, []).append(len(games) / seconds)
            print(f"  run {run + 1}  {name:<13} {seconds:7.2f} s  {len(games) / seconds:9,.0f} positions/s")
    base = rates["solve_many"]
    for name, r in rates.items():
        ratio = ", ".join(f"{x / b:.2f}" for x, b in zip(r, base, strict=True))
        print(f"{name:<13} relative to solve_many in the same run: {ratio}")


if __name__ == "__main__":
    main()
