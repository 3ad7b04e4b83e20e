"""Threads: many solvers at once, one solver shared, batches beside searches, and Ctrl-C.

Every score is checked against the benchmark files, so a race that corrupted a table
would show as a wrong score; every test has a timeout, so a deadlock fails instead of
hanging the run. The contract for one Solver used by two threads at once: the second
call raises RuntimeError("this Solver is busy in another thread") at once.
"""

from __future__ import annotations

import _thread
import os
import signal
import subprocess
import sys
import textwrap
import threading
import time
from collections.abc import Callable
from pathlib import Path

import pytest

import link4
from link4 import Solver
from tests.support.pons import load_pons

pytestmark = pytest.mark.timeout(180)

BUSY = "this Solver is busy in another thread"
EASY = load_pons("Test_L2_R1", 400)  # Middle-Easy: tens of microseconds each
MEDIUM = load_pons("Test_L2_R2", 80)  # Middle-Medium: milliseconds each
HARD = load_pons("Test_L1_R3", 8)  # Begin-Hard: seconds each
THREADS = 8


def small_solver() -> Solver:
    """A solver with a 4 MB table and no book: these tests are about searches (the
    Begin-Hard positions are within a book's reach)."""
    return Solver(table_mb=4, book=None)


def run_threads(work: Callable[[int], None], n: int = THREADS) -> None:
    """Run work(0..n-1) on n threads at once; re-raise the first failure."""
    errors: list[BaseException] = []
    barrier = threading.Barrier(n)

    def body(k: int) -> None:
        try:
            barrier.wait()
            work(k)
        except BaseException as e:
            errors.append(e)

    threads = [threading.Thread(target=body, args=(k,)) for k in range(n)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    if errors:
        raise errors[0]


def test_eight_threads_each_with_its_own_solver() -> None:
    done = [0] * THREADS

    def work(k: int) -> None:
        s = small_solver()
        for moves, score in MEDIUM[k::THREADS] + EASY[k::THREADS]:
            assert s.solve(moves) == score, moves
            assert s.solve(moves, weak=True) == (score > 0) - (score < 0), moves
            done[k] += 2
        moves, score = MEDIUM[k]
        scores = s.analyze(moves)
        assert max(v for v in scores if v is not None) == score
        r = s.search(HARD[k % len(HARD)][0], node_limit=20_000)
        assert r.nodes <= 20_000 and r.lower <= HARD[k % len(HARD)][1] <= r.upper
        done[k] += 2

    run_threads(work)
    print(f"{sum(done)} searches on {THREADS} threads")
    assert sum(done) == 2 * (len(MEDIUM) + len(EASY)) + 2 * THREADS


def test_eight_threads_sharing_one_solver_get_right_scores_or_busy() -> None:
    shared = small_solver()
    ok = [0] * THREADS
    busy = [0] * THREADS
    blocker_started = threading.Event()

    def work(k: int) -> None:
        if k == 0:
            # One long search makes sure the others meet a busy solver.
            blocker_started.set()
            try:
                r = shared.search(HARD[0][0], time_limit=0.5)
            except RuntimeError as e:
                assert str(e) == BUSY
                busy[k] += 1
            else:
                assert r.lower <= HARD[0][1] <= r.upper
                ok[k] += 1
        blocker_started.wait()
        calls: list[tuple[str, Callable[[], object], object]] = []
        for moves, score in EASY[k::THREADS][:40]:
            calls.append(("solve", lambda m=moves: shared.solve(m), score))
        for moves, score in MEDIUM[k::THREADS][:3]:
            def best(m: str = moves) -> int:
                return max(v for v in shared.analyze(m) if v is not None)

            calls.append(("analyze", best, score))
            calls.append(("search", lambda m=moves: shared.search(m).score, score))
        calls.append(("clear", shared.clear, None))
        for name, call, expected in calls:
            try:
                got = call()
            except RuntimeError as e:
                assert str(e) == BUSY, (name, e)
                busy[k] += 1
            else:
                assert got == expected, (name, got, expected)
                ok[k] += 1

    run_threads(work)
    print(f"shared solver: {sum(ok)} calls answered, {sum(busy)} refused as busy")
    assert sum(ok) > 0 and sum(busy) > 0
    moves, score = MEDIUM[0]
    assert shared.solve(moves) == score  # still sound afterwards


def test_solve_many_while_other_threads_search() -> None:
    batch = MEDIUM[:40] + EASY[:200]

    def work(k: int) -> None:
        if k < 2:
            got = link4.solve_many([m for m, _ in batch], threads=2, table_mb=4, book=None)
            assert got == [s for _, s in batch]
            return
        s = small_solver()
        for moves, score in EASY[k::THREADS]:
            assert s.solve(moves) == score
        r = s.search(HARD[k % len(HARD)][0], time_limit=0.2)
        assert r.lower <= HARD[k % len(HARD)][1] <= r.upper

    run_threads(work, 6)


# -- Ctrl-C ----------------------------------------------------------------------------------


def interrupt_main_after(seconds: float) -> threading.Thread:
    """Deliver a simulated Ctrl-C to the main thread after `seconds`."""

    def fire() -> None:
        time.sleep(seconds)
        _thread.interrupt_main()

    t = threading.Thread(target=fire)
    t.start()
    return t


@pytest.mark.skipif(threading.current_thread() is not threading.main_thread(), reason="needs the main thread")
@pytest.mark.parametrize(
    "call",
    [
        # The empty board: each of these takes far longer than the 0.3 s before Ctrl-C
        # (a Begin-Hard position may not, with a faster solver).
        lambda: small_solver().solve(""),
        lambda: small_solver().analyze(""),
        lambda: small_solver().search("", time_limit=1e9),
        lambda: link4.solve_many([m for m, _ in HARD], threads=2, table_mb=4, book=None),
    ],
    ids=["solve", "analyze", "search", "solve_many"],
)
def test_ctrl_c_in_the_main_thread_while_others_search(call: Callable[[], object]) -> None:
    stop = threading.Event()
    wrong: list[str] = []
    rounds = [0]

    def background() -> None:
        s = small_solver()
        while not stop.is_set():
            moves, score = MEDIUM[rounds[0] % len(MEDIUM)]
            if s.solve(moves) != score:
                wrong.append(moves)
            rounds[0] += 1

    workers = [threading.Thread(target=background) for _ in range(3)]
    for w in workers:
        w.start()
    fire = interrupt_main_after(0.3)
    start = time.perf_counter()
    try:
        with pytest.raises(KeyboardInterrupt):
            call()
        elapsed = time.perf_counter() - start
    finally:
        stop.set()
        fire.join()
        for w in workers:
            w.join()
    print(f"interrupted after {elapsed:.3f} s; background threads solved {rounds[0]} positions")
    assert not wrong
    assert rounds[0] > 0


CHILD = """
import signal, sys, threading, time
sys.path.insert(0, {root!r})
from tests.support.pons import load_pons
import link4

MEDIUM = load_pons("Test_L2_R2", 80)
HARD = load_pons("Test_L1_R3", 8)
stop = threading.Event()
solved, wrong = [0], []

def own():
    s = link4.Solver(table_mb=4, book=None)
    while not stop.is_set():
        moves, score = MEDIUM[solved[0] % len(MEDIUM)]
        r = s.search(moves, time_limit=0.05)
        if r.exact and r.score != score:
            wrong.append(moves)
        solved[0] += 1

shared = link4.Solver(table_mb=4, book=None)
def sharing():
    while not stop.is_set():
        try:
            r = shared.search(HARD[0][0], time_limit=0.05)
            assert r.lower <= HARD[0][1] <= r.upper
        except RuntimeError as e:
            assert str(e) == "this Solver is busy in another thread"

workers = [threading.Thread(target=own) for _ in range(4)]
workers += [threading.Thread(target=sharing) for _ in range(4)]
for w in workers:
    w.start()
print("ready", flush=True)
try:
    link4.solve_many([m for m, _ in HARD], threads=2, table_mb=4, book=None)
except KeyboardInterrupt:
    stopped = time.monotonic()
    stop.set()
    for w in workers:
        w.join()
    print(f"stopped cleanly: {{solved[0]}} searches, {{len(wrong)}} wrong, "
          f"threads joined in {{time.monotonic() - stopped:.3f}} s", flush=True)
    sys.exit(0 if not wrong else 1)
print("solve_many was not interrupted", flush=True)
sys.exit(1)
"""


@pytest.mark.skipif(os.name != "posix", reason="SIGINT to a child process")
def test_sigint_to_a_process_full_of_searching_threads() -> None:
    root = str(Path(__file__).resolve().parents[2])  # where the tests package is
    child = subprocess.Popen(
        [sys.executable, "-c", CHILD.format(root=root)],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
    )
    assert child.stdout is not None
    assert child.stdout.readline().strip() == "ready"
    time.sleep(0.5)
    sent = time.monotonic()
    child.send_signal(signal.SIGINT)
    try:
        out, err = child.communicate(timeout=30)
    except subprocess.TimeoutExpired:
        child.kill()
        child.communicate()
        raise AssertionError("the process did not stop within 30 s of SIGINT") from None
    elapsed = time.monotonic() - sent
    print(f"{out.strip()}; exited {elapsed:.3f} s after SIGINT")
    assert child.returncode == 0, (out, err)
    assert "stopped cleanly" in out and " 0 wrong" in out
    assert err == ""


@pytest.mark.skipif(os.name != "posix", reason="the crash is an abort signal")
def test_exit_while_daemon_threads_search_does_not_crash() -> None:
    script = textwrap.dedent(
        """
        import threading, time
        import link4
        for _ in range(2):
            threading.Thread(target=lambda: link4.Solver(4, book=None).solve(""), daemon=True).start()
        time.sleep(0.3)
        """
    )
    for _ in range(2):
        r = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True, timeout=60)
        assert r.returncode == 0, r.stderr[-500:]
