"""The server's search slots: a lone search gets the solver of several threads,
overlapping ones a solver of one thread each; none is handed out twice."""

from __future__ import annotations

import threading

import pytest

from link4 import Solver
from tests.support.web_server import needs_web

needs_web()

import anyio  # noqa: E402

from link4.web.answers import ApiError  # noqa: E402
from link4.web.slots import SearchSlots  # noqa: E402


def make_slots(count: int, lone_threads: int, queue_seconds: float = 2.0) -> SearchSlots:
    return SearchSlots(
        count,
        lambda threads: Solver(table_mb=4, threads=threads, book=None),
        lone_threads=lone_threads,
        queue_seconds=queue_seconds,
    )


def test_a_lone_search_runs_on_the_lone_solvers_threads() -> None:
    slots = make_slots(2, lone_threads=2)

    async def alone() -> list[int]:
        return [await slots.run(lambda solver: solver.threads) for _ in range(3)]

    assert anyio.run(alone) == [2, 2, 2]


def test_overlapping_searches_run_on_one_thread_each_on_different_solvers() -> None:
    slots = make_slots(2, lone_threads=2)
    release = threading.Event()
    seen: list[tuple[int, int]] = []

    def held(solver: Solver) -> None:
        seen.append((id(solver), solver.threads))
        release.wait(10)

    async def overlapping() -> None:
        async with anyio.create_task_group() as tasks:
            tasks.start_soon(slots.run, held)  # alone: the lone solver
            await anyio.sleep(0.2)
            tasks.start_soon(slots.run, held)  # one runs: a one-thread solver
            await anyio.sleep(0.2)
            tasks.start_soon(slots.run, held)  # two run: it waits for a slot
            await anyio.sleep(0.2)
            assert len(seen) == 2
            release.set()

    anyio.run(overlapping)
    assert [threads for _, threads in seen[:2]] == [2, 1]
    assert len(seen) == 3 and seen[0][0] != seen[1][0]


def test_a_search_that_finds_no_free_slot_in_time_is_a_busy_503() -> None:
    slots = make_slots(1, lone_threads=1, queue_seconds=0.2)
    release = threading.Event()

    async def crowded() -> ApiError:
        async with anyio.create_task_group() as tasks:
            tasks.start_soon(slots.run, lambda solver: release.wait(10))
            await anyio.sleep(0.1)
            with pytest.raises(ApiError) as refused:
                await slots.run(lambda solver: None)
            release.set()
        return refused.value

    error = anyio.run(crowded)
    assert error.status == 503 and error.retry_after == 1 and "busy" in error.message
