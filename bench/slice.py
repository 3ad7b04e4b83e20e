"""Solve a slice of a benchmark set and print its figures: mean nodes, mean time,
nodes per second and the positions scored wrong.

`link4 bench SET --limit N` measures the first N positions of a set; this measures
any range, so that a long set can be checked in parts (or on two machines at once):

    python bench/slice.py Begin-Hard 0 40      # positions 1 to 40
    python bench/slice.py Begin-Hard 40 200    # positions 41 to 200
    python bench/slice.py Begin-Hard 40 200 -v # and one line per position

Every position is solved as `link4 bench` does it (one thread, a 64 MB table cleared
before each position), so the node counts are the same, and deterministic; the times
depend on the machine and its load.
"""

from __future__ import annotations

import argparse
import sys

from link4 import bench
from link4.engine import Solver


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("set", help="a set name (Begin-Hard), a file name (Test_L1_R3) or a file")
    parser.add_argument("start", type=int, help="first position, 0-based")
    parser.add_argument("stop", type=int, help="one past the last position")
    parser.add_argument("-v", "--verbose", action="store_true", help="one line per position")
    args = parser.parse_args()

    full = bench.load_set(args.set)
    positions = full.positions[args.start : args.stop]
    solver = Solver(bench.BENCH_TABLE_MB)
    total = bench.SetResult(full.name)
    for position in positions:
        r = bench.run_set(bench.BenchSet(full.name, [position]), solver=solver)
        total.seconds += r.seconds
        total.nodes += r.nodes
        total.wrong += r.wrong
        if args.verbose:
            print(f"{position[0]} {position[1]} {r.nodes[0]} {r.seconds[0]:.3f}", flush=True)

    print(
        f"{full.name} [{args.start}:{args.stop}]: {total.count} positions,"
        f" mean nodes {total.mean_nodes:,.0f}, mean {total.mean_seconds:.4f} s,"
        f" {total.nodes_per_second / 1e6:.2f} M nodes/s, wrong {len(total.wrong)}"
    )
    for moves, expected, got in total.wrong:
        print(f"wrong: {moves} expected {expected}, got {got}")
    return 1 if total.wrong else 0


if __name__ == "__main__":
    sys.exit(main())
