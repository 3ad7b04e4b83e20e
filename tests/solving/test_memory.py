"""Memory: no growth under repetition, tables cost what they say, too big is MemoryError.

Resident memory (VmRSS) is read from /proc/self/status, so those tests run on Linux only,
and not under a sanitizer, whose allocator keeps freed memory on purpose. The overhead
allowed beyond the tables in use: 48 MB once (the C allocator keeps freed tables for
reuse: 32 MB measured), then no growth with the number of calls or objects.
bench/memory.py prints the same figures.
"""

from __future__ import annotations

import gc
import os
import subprocess
import sys

import pytest

import link4
from link4 import Solver, _core
from tests.support.pons import load_pons

pytestmark = pytest.mark.timeout(300)

MB = 1 << 20


def _sanitized() -> bool:
    try:
        with open("/proc/self/maps") as f:
            maps = f.read()
    except OSError:
        return False
    return any(name in maps for name in ("libasan", "libtsan", "libmsan"))


needs_rss = pytest.mark.skipif(
    not sys.platform.startswith("linux") or _sanitized(),
    reason="reads VmRSS from /proc; a sanitizer's allocator holds freed memory",
)


def rss() -> int:
    """Resident bytes of this process, after a garbage collection."""
    gc.collect()
    with open("/proc/self/status") as f:
        for line in f:
            if line.startswith("VmRSS:"):
                return int(line.split()[1]) * 1024
    raise AssertionError("no VmRSS in /proc/self/status")


END_EASY = load_pons("Test_L3_R1")  # 1000 positions, microseconds each


def grown_in_fresh_process(setup: str, measured: str, *args: str) -> int:
    """Resident bytes that `measured` adds in a new Python process, after `setup`
    (both code, given `args` as sys.argv[1:]): no earlier test's heap counts there."""
    code = (
        "import gc, sys, link4\n"
        "def rss():\n"
        "    gc.collect()\n"
        "    with open('/proc/self/status') as f:\n"
        "        return next(int(l.split()[1]) * 1024 for l in f if l.startswith('VmRSS:'))\n"
        f"{setup}\n"
        "before = rss()\n"
        f"{measured}\n"
        "print(rss() - before)\n"
    )
    run = subprocess.run([sys.executable, "-c", code, *args], capture_output=True, text=True, check=False)
    assert run.returncode == 0, run.stderr
    return int(run.stdout)


@needs_rss
def test_a_solver_costs_its_tables() -> None:
    # In a fresh process: here the C allocator may hand back a table that an earlier
    # test freed, whose pages are resident already. Without the book, which the first
    # solver of a process reads in: only the tables are counted.
    grown = grown_in_fresh_process("", "s = link4.Solver(table_mb=64, book=None)")
    # + the thread's own tables of late positions, 4 MB and 512 KB
    assert 64 * MB <= grown <= (64 + 4 + 4) * MB, grown / MB


@needs_rss
def test_100000_solves_do_not_grow_memory() -> None:
    s = Solver(table_mb=16)
    for moves, _ in END_EASY:
        s.solve(moves)
    before = rss()
    for i in range(99_000):
        moves, score = END_EASY[i % len(END_EASY)]
        if i % 97 == 0:
            assert s.solve(moves) == score
        else:
            s.solve(moves)
    grown = rss() - before
    print(f"100,000 solves: {before / MB:.1f} MB -> {(before + grown) / MB:.1f} MB")
    assert grown < 2 * MB, grown / MB


@needs_rss
def test_1000_solvers_created_and_dropped_do_not_grow_memory() -> None:
    def churn(n: int) -> None:
        for i in range(n):
            s = Solver(table_mb=4)
            s.solve(END_EASY[i % len(END_EASY)][0])
            del s

    start = rss()
    churn(200)
    settled = rss()
    churn(1000)
    end = rss()
    print(f"Solver objects: {start / MB:.1f} MB, after 200 {settled / MB:.1f} MB, "
          f"after 1000 more {end / MB:.1f} MB")
    assert settled - start < 48 * MB, (settled - start) / MB  # freed tables kept for reuse
    assert end - settled < 4 * MB, (end - settled) / MB  # ... and no more with more objects


@needs_rss
def test_repeated_batches_do_not_grow_memory() -> None:
    # In a fresh process: in one that ran other tests before (a worker of the suite),
    # the heap they left grew by up to 10 MB over a few hundred batches, none alone.
    # There the allocator settles over the first hundred batches, then grows no more.
    positions = END_EASY[:20]
    setup = (
        "moves = sys.argv[1].split(',')\n"
        "scores = [int(s) for s in sys.argv[2].split(',')]\n"
        "for _ in range(100):\n"
        "    link4.solve_many(moves, threads=2, table_mb=4)"
    )
    measured = (
        "for _ in range(200):\n"
        "    assert link4.solve_many(moves, threads=2, table_mb=4) == scores"
    )
    moves, scores = ",".join(m for m, _ in positions), ",".join(str(s) for _, s in positions)
    grown = grown_in_fresh_process(setup, measured, moves, scores)
    assert grown < 8 * MB, grown / MB


def _physical_memory_mb() -> int | None:
    try:
        return os.sysconf("SC_PHYS_PAGES") * os.sysconf("SC_PAGE_SIZE") // MB
    except (ValueError, OSError, AttributeError):
        return None


@pytest.mark.parametrize("table_mb", [500_000, 1 << 20], ids=["256GB", "1TB"])
def test_a_table_larger_than_the_machine_is_memory_error(table_mb: int) -> None:
    # The table is the largest power of two that fits: 500,000 MB gives 256 GB.
    physical = _physical_memory_mb()
    if physical is None or physical >= 256 * 1024:
        pytest.skip("this machine could hold the table")
    with pytest.raises(MemoryError):
        Solver(table_mb=table_mb)
    with pytest.raises(MemoryError):
        link4.solve_many(["4455"], threads=1, table_mb=table_mb)
    assert Solver(table_mb=4).solve("4455") == 18  # and nothing is broken after it


def test_the_near_end_table_grows_with_tables_of_a_gigabyte_or_more() -> None:
    assert _core.near_table_bytes(64 * MB) == 4 * MB  # the benchmark's, in the shared cache
    assert _core.near_table_bytes(1023 * MB) == 4 * MB
    assert _core.near_table_bytes(1024 * MB) == 64 * MB
    assert _core.near_table_bytes(8192 * MB) == 512 * MB


def test_the_memory_check_counts_the_near_end_table() -> None:
    # A table that fits the machine alone but not with its near-end table (1/16 more):
    # refused before anything is allocated.
    physical = _physical_memory_mb()
    if physical is None or physical < 2048:
        pytest.skip("the machine's memory is unknown or below the tables that grow it")
    with pytest.raises(MemoryError, match="with the near-end tables"):
        Solver(table_mb=physical * 31 // 32)
