"""Resident memory of link4 under repetition: figures, not pass/fail (Linux only).

    python bench/memory.py [--solves 100000] [--solvers 1000] [--batches 200]

Prints the resident set size (VmRSS of /proc/self/status) before and after
  * a number of solves of End-Easy positions with one Solver (16 MB table),
  * a number of Solver objects (4 MB table each) created, used once and dropped,
  * a number of link4.solve_many batches on two threads (4 MB tables),
and what one Solver costs: its table, the 4 MB table of late positions, and the rest.
tests/solving/test_memory.py asserts bounds on the same figures.
"""

from __future__ import annotations

import argparse
import gc
import time
from importlib import resources

import link4


def rss_mb() -> float:
    """The resident set size of this process in MB."""
    with open("/proc/self/status") as f:
        for line in f:
            if line.startswith("VmRSS:"):
                return int(line.split()[1]) / 1024
    raise RuntimeError("no VmRSS in /proc/self/status")


def end_easy() -> list[tuple[str, int]]:
    text = resources.files("link4").joinpath("data", "pons", "Test_L3_R1").read_text()
    return [(m, int(s)) for m, s in (line.split() for line in text.splitlines() if line)]


def solves(n: int) -> tuple[float, float]:
    positions = end_easy()
    s = link4.Solver(table_mb=16)
    for moves, _ in positions:  # warm-up: the table, the interpreter's caches
        s.solve(moves)
    gc.collect()
    before = rss_mb()
    for i in range(n):
        moves, score = positions[i % len(positions)]
        if s.solve(moves) != score:
            raise AssertionError(f"wrong score for {moves}")
    gc.collect()
    return before, rss_mb()


def solvers(n: int) -> tuple[float, float]:
    positions = end_easy()
    link4.Solver(table_mb=4).solve(positions[0][0])
    gc.collect()
    before = rss_mb()
    for i in range(n):
        s = link4.Solver(table_mb=4)
        s.solve(positions[i % len(positions)][0])
        del s
    gc.collect()
    return before, rss_mb()


def batches(n: int) -> tuple[float, float]:
    moves = [m for m, _ in end_easy()[:20]]
    for _ in range(10):
        link4.solve_many(moves, threads=2, table_mb=4)
    gc.collect()
    before = rss_mb()
    for _ in range(n):
        link4.solve_many(moves, threads=2, table_mb=4)
    gc.collect()
    return before, rss_mb()


def one_solver(table_mb: int) -> float:
    gc.collect()
    before = rss_mb()
    s = link4.Solver(table_mb=table_mb)
    used = rss_mb() - before
    del s
    return used


def main() -> None:
    p = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("--solves", type=int, default=100_000)
    p.add_argument("--solvers", type=int, default=1000)
    p.add_argument("--batches", type=int, default=200)
    args = p.parse_args()
    print(f"start: {rss_mb():.1f} MB resident")
    for table_mb in (16, 64):
        print(f"Solver(table_mb={table_mb}): +{one_solver(table_mb):.1f} MB resident "
              f"(table {table_mb} MB + late-position table 4 MB)")
    for name, run, n in (
        ("solves, one Solver", solves, args.solves),
        ("Solver objects created and dropped", solvers, args.solvers),
        ("solve_many batches on 2 threads", batches, args.batches),
    ):
        start = time.perf_counter()
        before, after = run(n)
        print(f"{n:>7} {name:<36} {before:8.1f} MB -> {after:8.1f} MB "
              f"({after - before:+.1f} MB) in {time.perf_counter() - start:.1f} s")


if __name__ == "__main__":
    main()
