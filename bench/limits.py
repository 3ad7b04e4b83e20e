"""How far past its time limit a search runs: figures, not pass/fail.

    python bench/limits.py [--positions 200] [--limit 0.1] [--set Begin-Hard]

Searches hard positions (the first N of a benchmark set; Begin-Hard by default, whose
positions each take seconds) with Solver.search(time_limit=...), table cleared before
each, and prints the overshoot: the wall time of the call, as the caller sees it, minus
the limit; and the same for the time the engine reports. The target is p99 under 50 ms.
Every bound is checked against the known score on the way.
"""

from __future__ import annotations

import argparse
import statistics
import time

import link4
from link4 import bench


def percentile(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, round(q / 100 * (len(ordered) - 1)))]


def main() -> None:
    p = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("--positions", type=int, default=200)
    p.add_argument("--limit", type=float, default=0.1, help="time limit in seconds (default 0.1)")
    p.add_argument("--set", default="Begin-Hard", help="benchmark set name or file")
    p.add_argument("--table-mb", type=float, default=link4.engine.DEFAULT_TABLE_MB)
    p.add_argument("--weak", action="store_true")
    args = p.parse_args()

    positions = bench.load_set(args.set, args.positions).positions
    solver = link4.Solver(table_mb=args.table_mb)
    wall: list[float] = []
    engine: list[float] = []
    finished = 0
    for moves, score in positions:
        solver.clear()
        game = link4.Game(moves)
        start = time.perf_counter()
        r = solver.search(game, time_limit=args.limit, weak=args.weak)
        elapsed = time.perf_counter() - start
        expected = (score > 0) - (score < 0) if args.weak else score
        if not r.lower <= expected <= r.upper:
            raise AssertionError(f"{moves}: bounds [{r.lower}, {r.upper}] miss the score {expected}")
        if r.stopped_by != "time":
            finished += 1  # solved within the limit: no overshoot to measure
            continue
        wall.append((elapsed - args.limit) * 1e3)
        engine.append((r.seconds - args.limit) * 1e3)

    print(f"{args.set}, first {len(positions)} positions, time_limit={args.limit} s, "
          f"table {args.table_mb:g} MB cleared each time")
    print(f"stopped by the limit: {len(wall)}; solved within it: {finished}")
    if not wall:
        return
    print(f"{'overshoot (ms)':<28}{'p50':>8}{'p90':>8}{'p99':>8}{'max':>8}{'mean':>8}")
    for name, values in (("wall time of the call", wall), ("engine-reported time", engine)):
        print(f"{name:<28}{percentile(values, 50):8.2f}{percentile(values, 90):8.2f}"
              f"{percentile(values, 99):8.2f}{max(values):8.2f}{statistics.fmean(values):8.2f}")


if __name__ == "__main__":
    main()
