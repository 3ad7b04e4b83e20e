"""Batches: search_many and solve_many on the core's batch runner."""

from __future__ import annotations

import os
import signal
import threading
import time

import pytest

import link4
from link4 import Game
from tests.support.pons import load_pons


def sign(x: int) -> int:
    return (x > 0) - (x < 0)


HARD_MOVES, HARD_SCORE = load_pons("Test_L1_R3", 1)[0]
FINISHED = "4455667"


def test_search_many_gives_none_for_a_finished_game_and_bounds_for_a_hard_one() -> None:
    sample = load_pons("Test_L3_R1") + load_pons("Test_L2_R1")
    positions: list[link4.engine.PositionLike] = [m for m, _ in sample]
    positions[500] = FINISHED
    positions[1500] = HARD_MOVES
    calls: list[tuple[int, int]] = []
    results = link4.search_many(
        positions,
        threads=2,
        table_mb=8,
        # The easy sets need at most 24,137 nodes each here; the hard one millions.
        node_limit=100_000,
        progress=lambda done, total: calls.append((done, total)),
        book=None,  # the hard position is in the book's reach: it must be searched
    )
    assert len(results) == 2000
    assert results[500] is None
    hard = results[1500]
    assert hard is not None and not hard.exact and hard.stopped_by == "nodes"
    assert hard.lower <= HARD_SCORE <= hard.upper and hard.nodes <= 100_000
    wrong = [
        (m, s, r)
        for i, ((m, s), r) in enumerate(zip(sample, results, strict=True))
        if i not in (500, 1500) and (r is None or not r.exact or r.score != s)
    ]
    assert wrong == []
    # The best moves are those of a single search.
    solver = link4.Solver(table_mb=16, book=None)
    for i in range(0, 2000, 97):
        if i in (500, 1500):
            continue
        r = results[i]
        assert r is not None and r.best_move == solver.search(positions[i]).best_move
    # Progress: counts only grow, the total is the batch size, the last call says done.
    assert calls and all(t == 2000 for _, t in calls)
    assert [d for d, _ in calls] == sorted(d for d, _ in calls)
    assert calls[-1] == (2000, 2000)


def test_search_many_weak_time_limit_and_games() -> None:
    sample = load_pons("Test_L2_R1", 30)
    games = [Game(m) for m, _ in sample]
    results = link4.search_many(games, weak=True, threads=1, table_mb=4, time_limit=60)
    assert [r.score if r else None for r in results] == [sign(s) for _, s in sample]
    assert link4.search_many([], threads=2) == []


def test_search_many_checks_every_position_first() -> None:
    with pytest.raises(link4.InvalidMoveError):
        link4.search_many(["44", "4x"], table_mb=4)
    with pytest.raises(ValueError, match="threads"):
        link4.search_many(["44"], threads=0, table_mb=4)
    with pytest.raises(ValueError, match="node_limit"):
        link4.search_many(["44"], node_limit=0, table_mb=4)


def test_a_progress_callback_that_raises_stops_the_batch() -> None:
    def progress(done: int, total: int) -> None:
        raise RuntimeError("stop here")

    with pytest.raises(RuntimeError, match="stop here"):
        link4.search_many([m for m, _ in load_pons("Test_L2_R2", 50)], progress=progress, table_mb=4)


def _interrupt_after(seconds: float) -> threading.Thread:
    def send() -> None:
        time.sleep(seconds)
        os.kill(os.getpid(), signal.SIGINT)

    t = threading.Thread(target=send)
    t.start()
    return t


@pytest.mark.skipif(os.name != "posix", reason="SIGINT delivery to the own process")
@pytest.mark.parametrize("function", ["search_many", "solve_many"])
def test_ctrl_c_raises_interrupted_with_the_finished_results(function: str) -> None:
    sample = load_pons("Test_L1_R2", 300)
    t = _interrupt_after(0.6)
    start = time.perf_counter()
    with pytest.raises(link4.Interrupted) as info:
        getattr(link4, function)([m for m, _ in sample], threads=2, table_mb=8)
    stopped = time.perf_counter() - start
    t.join()
    assert isinstance(info.value, KeyboardInterrupt)
    results = info.value.results
    assert len(results) == len(sample)
    finished = [(r, s) for r, (_, s) in zip(results, sample, strict=True) if r is not None]
    assert 0 < len(finished) < len(sample)
    for r, score in finished:
        assert (r.score if function == "search_many" else r) == score
    assert stopped < 5  # the batch stops within a fraction of a second of Ctrl-C


def test_solve_many_and_search_many_agree() -> None:
    sample = [m for m, _ in load_pons("Test_L2_R2", 40)]
    scores = link4.solve_many(sample, threads=2, table_mb=8)
    results = link4.search_many(sample, threads=2, table_mb=8)
    assert scores == [r.score if r else None for r in results]
