"""What N threads buy: the empty 7x6 board and Begin-Hard, one thread against N, in turns.

    python bench/threads.py                  # 5 rounds, 2 threads, Begin-Hard's first 100
    python bench/threads.py --rounds 2 --threads 4 --limit 40

Each round solves the empty board (no book, a 64 MB table) and then Begin-Hard's first
positions (the table cleared before each), each position on one thread and then on N,
so that the two see the machine at the same speed; it prints both times, their ratio (N
threads' time over one thread's), and the nodes of the main search and of the helpers.
Run it on an idle machine: the ratio is only as good as the cores are free.
"""

from __future__ import annotations

import argparse
import statistics
import time
from dataclasses import dataclass

from link4 import _core
from link4.bench import load_set


@dataclass
class Run:
    seconds: float = 0.0
    main_nodes: int = 0
    helper_nodes: int = 0

    def add(self, result: _core.SearchResult, seconds: float) -> None:
        self.seconds += seconds
        self.main_nodes += result.nodes - result.helper_nodes
        self.helper_nodes += result.helper_nodes


def solve_all(moves: list[str], threads: int, table_mb: int) -> tuple[Run, Run]:
    """Each position on one thread and then on `threads`, in turn, so that both runs
    see the machine at the same speed: (one thread's run, the threads' run)."""
    solvers = [_core.Solver(table_mb << 20, 1), _core.Solver(table_mb << 20, threads)]
    runs = (Run(), Run())
    for m in moves:
        position = _core.Position.from_moves(m)
        for solver, run in zip(solvers, runs, strict=True):
            solver.clear()
            start = time.perf_counter()
            result = solver.search(position, _core.SearchRequest())
            run.add(result, time.perf_counter() - start)
    return runs


def describe(run: Run) -> str:
    nodes = f"{run.main_nodes:,}"
    if run.helper_nodes:
        nodes += f" + {run.helper_nodes:,} helpers"
    return f"{run.seconds:7.3f} s ({nodes} nodes)"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rounds", type=int, default=5)
    parser.add_argument("--threads", type=int, default=2)
    parser.add_argument("--limit", type=int, default=100, help="Begin-Hard positions (default 100)")
    parser.add_argument("--table-mb", type=int, default=64)
    args = parser.parse_args()
    workloads = {
        "empty board": [""],
        f"Begin-Hard {args.limit}": [m for m, _ in load_set("Begin-Hard", limit=args.limit).positions],
    }
    ratios: dict[str, list[float]] = {name: [] for name in workloads}
    for round_ in range(1, args.rounds + 1):
        for name, moves in workloads.items():
            one, many = solve_all(moves, args.threads, args.table_mb)
            ratio = many.seconds / one.seconds
            ratios[name].append(ratio)
            print(f"round {round_} {name}: 1 thread {describe(one)}; {args.threads} threads "
                  f"{describe(many)}; ratio {ratio:.3f}", flush=True)
    for name, values in ratios.items():
        print(f"{name}: ratio {', '.join(f'{r:.3f}' for r in values)} "
              f"(max {max(values):.3f}, median {statistics.median(values):.3f})")


if __name__ == "__main__":
    main()
