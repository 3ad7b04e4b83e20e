"""One search on several threads (Solver(threads=N)): the same answers as one thread,
limits and Ctrl-C honoured, and one thread still deterministic."""

from __future__ import annotations

import os
import random
import signal
import subprocess
import sys
import threading
import time

import pytest

import link4
from link4 import Game, Solver, _core
from link4.book import Book, core_book, encode
from link4.game import core_position
from tests.support.pons import load_pons

MEDIUM = load_pons("Test_L1_R2", 40)  # Begin-Medium: ~1 M nodes each
HARD = load_pons("Test_L1_R3", 4)  # Begin-Hard: tens of millions of nodes


@pytest.fixture(scope="module")
def two() -> Solver:
    return Solver(16, threads=2, book=None)


@pytest.fixture(scope="module")
def one() -> Solver:
    return Solver(16, book=None)


def test_two_threads_solve_every_position_exactly(two: Solver) -> None:
    for moves, score in MEDIUM + HARD[:2]:
        two.clear()
        assert two.solve(moves) == score, moves


def test_more_helpers_than_cores_share_the_probes_and_solve_exactly() -> None:
    # Three helpers join each probe and race to answer it: whichever answers, the
    # score is the exact one, strong and weak, and the helpers did part of the work.
    four = Solver(16, threads=4, book=None)
    for moves, score in MEDIUM[:20] + HARD[:1]:
        four.clear()
        assert four.solve(moves) == score, moves
        four.clear()
        assert four.solve(moves, weak=True) == (score > 0) - (score < 0), moves
    r = _core.Solver(16 << 20, 4).search(_core.Position.from_moves(HARD[0][0]), _core.SearchRequest())
    assert 0 < r.helper_nodes < r.nodes


def test_two_threads_give_the_same_best_move_and_ties(two: Solver, one: Solver) -> None:
    for moves, score in MEDIUM[:20]:
        a, b = one.search(moves), two.search(moves)
        assert (b.score, b.best_move, b.best_moves) == (score, a.best_move, a.best_moves), moves


def test_two_threads_prove_the_ties_of_a_position_in_the_book(one: Solver) -> None:
    # The book holds the root's score: the helper asks the columns whether they are worth
    # it, from a column of its own, while the main search does the same from the first.
    sample = MEDIUM[:10]
    entries = {core_position(Game(moves)).canonical_key(): score for moves, score in sample}
    book = Book.from_bytes(encode(entries, depth=max(len(moves) for moves, _ in sample)))
    two = Solver(16, threads=2, book=book)
    for seed, (moves, score) in enumerate(sample):
        want = one.search(moves)
        two.clear()
        got = two.search(moves)
        assert (got.score, got.best_move, got.best_moves) == (score, want.best_move, want.best_moves)
        # The first best of an order drawn with the rng, as Solver.search draws it.
        order = random.Random(seed).sample(link4.CENTRE_ORDER, 7)
        two.clear()
        first = two.search(moves, ties=False, rng=random.Random(seed))
        assert first.score == score
        assert first.best_move == next(c for c in order if c in want.best_moves), moves


def test_two_threads_give_the_same_analysis(two: Solver, one: Solver) -> None:
    for moves, _ in MEDIUM[:8]:
        assert two.analyze(moves) == one.analyze(moves), moves


def test_the_weak_answer_is_the_sign(two: Solver) -> None:
    for moves, score in MEDIUM[:10]:
        assert two.solve(moves, weak=True) == (score > 0) - (score < 0)


def test_the_node_limit_is_shared_out_and_the_bounds_are_honest(two: Solver) -> None:
    moves, score = HARD[2]
    for limit in (1, 1000, 50_000, 400_000):
        two.clear()
        r = two.search(moves, node_limit=limit)
        assert r.nodes <= limit
        assert r.stopped_by == "nodes" and not r.exact
        assert r.lower <= score <= r.upper
        assert r.best_move in Game_legal(moves)


def Game_legal(moves: str) -> list[int]:
    return link4.Game(moves).legal_moves()


def test_a_time_limit_stops_both_threads_with_honest_bounds(two: Solver) -> None:
    moves, score = HARD[3]
    two.clear()
    start = time.perf_counter()
    r = two.search(moves, time_limit=0.2)
    assert time.perf_counter() - start < 2
    assert r.stopped_by == "time"
    assert r.lower <= score <= r.upper
    # The solver is whole afterwards: the next search is exact.
    assert two.solve(MEDIUM[0][0]) == MEDIUM[0][1]


@pytest.mark.skipif(os.name != "posix", reason="SIGINT delivery to the own process")
def test_ctrl_c_stops_a_search_on_two_threads(two: Solver) -> None:
    two.clear()

    def send() -> None:
        time.sleep(0.3)
        os.kill(os.getpid(), signal.SIGINT)

    t = threading.Thread(target=send)
    t.start()
    start = time.perf_counter()
    with pytest.raises(KeyboardInterrupt):
        two.solve("")  # the empty board: far longer than the 0.3 s before Ctrl-C
    assert time.perf_counter() - start < 3
    t.join()
    assert two.solve(MEDIUM[1][0]) == MEDIUM[1][1]


def test_one_thread_stays_deterministic() -> None:
    moves, _ = MEDIUM[5]
    counts = set()
    for _ in range(2):
        s = Solver(16, book=None)
        s.solve(moves)
        counts.add(s.nodes)
    assert len(counts) == 1


@pytest.mark.parametrize("bad", [0, -1, 257, True, 1.5, "2", None])
def test_a_bad_thread_count_is_refused(bad: object) -> None:
    with pytest.raises(ValueError, match="threads"):
        Solver(4, threads=bad, book=None)  # type: ignore[arg-type]


def test_the_thread_count_shows() -> None:
    s = Solver(4, threads=3, book=None)
    assert s.threads == 3
    assert repr(s) == "Solver(table_mb=4, threads=3)"
    assert Solver(4, book=None).threads == 1


def test_many_solvers_with_threads_come_and_go() -> None:
    # Each one starts and joins its helper threads; nothing is left behind.
    before = threading.active_count()
    for _ in range(20):
        s = Solver(4, threads=4, book=None)
        assert s.solve("4455") == 18
        del s
    assert threading.active_count() == before


def _link4(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "link4", *args], capture_output=True,
                          text=True, timeout=300)


def test_solve_on_two_threads_from_the_command_line() -> None:
    moves, score = MEDIUM[2]
    out = _link4("solve", "--threads", "2", moves)
    assert out.returncode == 0, out.stderr
    assert out.stdout.split()[:2] == [moves, str(score)]


def test_bench_on_two_threads_marks_the_signature() -> None:
    out = _link4("bench", "--threads", "2", "--limit", "3", "Begin-Medium")
    assert out.returncode == 0, out.stderr
    assert "2 threads: not a signature" in out.stdout.splitlines()[-1]
    bad = _link4("bench", "--threads", "0")
    assert bad.returncode == 2 and "--threads" in bad.stderr


@pytest.mark.skipif(not hasattr(os, "fork"), reason="fork() is POSIX")
def test_a_forked_child_solves_and_lets_go_of_a_solver_with_threads() -> None:
    # A child made by fork() has none of the parent's helper threads. It must neither
    # hang on them (searching, or freeing the solver) nor answer differently.
    s = Solver(table_mb=16, threads=2, book=None)
    moves, score = load_pons("Test_L2_R2", 1)[0]
    assert s.solve(moves) == score
    pid = os.fork()
    if pid == 0:  # the child: never back into pytest
        ok = False
        try:
            s.clear()
            ok = s.solve(moves) == score and s.threads == 2
            r = s.search(moves, node_limit=1000)
            ok = ok and r.lower <= score <= r.upper
            del r
        finally:
            del s
            import gc

            gc.collect()
            os._exit(0 if ok else 1)
    deadline = time.monotonic() + 60
    while True:
        done, status = os.waitpid(pid, os.WNOHANG)
        if done:
            break
        if time.monotonic() > deadline:
            os.kill(pid, signal.SIGKILL)
            os.waitpid(pid, 0)
            pytest.fail("the forked child hung")
        time.sleep(0.05)
    assert os.waitstatus_to_exitcode(status) == 0
    assert s.solve(moves) == score  # and the parent's solver still works


def test_the_helper_threads_search() -> None:
    # The core reports the helpers' share of the nodes: none if they sat idle. Each of
    # the three tasks a helper can be given is checked: the score (a search for the
    # score or the best moves), the columns' scores (an analysis), and the columns worth
    # a score the book holds.
    # (For the score alone a helper waits out the first probes, whose cost guides the
    # score guess: a small search may be over before it starts; hence the sums.)
    core = _core.Solver(16 << 20, 2)
    requests = [_core.SearchRequest(), _core.SearchRequest(want=_core.Want.ALL_BEST)]
    helped = [0, 0]
    total = [0, 0]
    for moves, _ in MEDIUM[:6]:
        pos = _core.Position.from_moves(moves)
        for i, request in enumerate(requests):
            core.clear()
            r = core.search(pos, request)
            assert r.helper_nodes < r.nodes, (moves, request.want)
            helped[i] += r.helper_nodes
            total[i] += r.nodes
        core.clear()
        a = core.analyze(pos, _core.SearchRequest())
        assert 0 < a.helper_nodes < a.nodes, moves
    # Each thread has a core of its own most of the time: a fair share of the work.
    for i in range(2):
        assert helped[i] > total[i] // 10, requests[i].want
    moves, score = MEDIUM[0]
    entries = {core_position(Game(moves)).canonical_key(): score}
    book = Book.from_bytes(encode(entries, depth=len(moves)))
    core = _core.Solver(16 << 20, 2, core_book(book))
    r = core.search(_core.Position.from_moves(moves), requests[1])
    assert r.score == score and r.helper_nodes > 0


def test_one_thread_has_no_helper_nodes() -> None:
    core = _core.Solver(16 << 20)
    r = core.search(_core.Position.from_moves(MEDIUM[0][0]), _core.SearchRequest())
    assert r.helper_nodes == 0 and r.nodes > 0
