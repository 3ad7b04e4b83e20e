"""The server's searches: a fixed set of solvers, one search on each at a time.

:func:`link4.web.app.create_app` makes one :class:`SearchSlots` for its application.
A request that needs a search waits for a free solver (at most ``queue_seconds``, and
only while fewer than ``max_waiting`` others wait), then runs its search on a worker
thread (the core releases the GIL, so searches run in parallel and the event loop keeps
answering). A request that cannot get a solver in time is told so (503) rather than
piling up: the server's memory and latency stay bounded whatever the load.
"""

from __future__ import annotations

from collections.abc import AsyncIterator, Callable
from contextlib import asynccontextmanager
from typing import TypeVar

import anyio
import anyio.to_thread

from link4.engine import Solver
from link4.web.answers import ApiError

__all__ = ["SearchSlots"]

T = TypeVar("T")


class SearchSlots:
    """``count`` searches at once, each on a solver of its own on one thread.

    The solvers are made at once (``make_solver(threads)``) so that the first request
    finds them ready.

    A search that starts while no other runs, as a player's at the page does, gets a
    solver of ``lone_threads`` threads instead (if more than one), so that it ends
    sooner; under load, when searches overlap, each runs on one thread, which spends
    the cores best (on short searches, threads sharing one mostly repeat each other's
    work).

    Args:
        count: how many searches run at once (kept as the attribute ``count``).
        make_solver: makes a solver of the given number of threads.
        lone_threads: the threads of the solver of a search that runs alone (kept as
            the attribute ``lone_threads``); 1: no such solver.
        queue_seconds: how long a search waits for a free solver before a 503.
        max_waiting: how many searches may wait at once; one more gets a 503 at once.

    Raises:
        ValueError: ``count`` is below 1. Whatever ``make_solver`` raises comes through.

    Example:
        >>> import anyio
        >>> from link4 import Game, Solver
        >>> slots = SearchSlots(2, lambda threads: Solver(table_mb=4, threads=threads))
        >>> anyio.run(slots.run, lambda solver: solver.solve(Game("4455")))
        18
    """

    def __init__(
        self,
        count: int,
        make_solver: Callable[[int], Solver],
        *,
        lone_threads: int = 1,
        queue_seconds: float = 2.0,
        max_waiting: int = 64,
    ) -> None:
        if count < 1:
            raise ValueError(f"a server runs at least one search at once, not {count}")
        self._free = [make_solver(1) for _ in range(count)]
        self._lone = make_solver(lone_threads) if lone_threads > 1 else None
        self._running = 0
        self.count = count
        self.lone_threads = lone_threads
        self._queue_seconds = queue_seconds
        self._max_waiting = max_waiting
        self._waiting = 0
        self._semaphore: anyio.Semaphore | None = None

    @asynccontextmanager
    async def _solver(self) -> AsyncIterator[Solver]:
        if self._semaphore is None:  # made in the event loop that uses it
            self._semaphore = anyio.Semaphore(self.count)
        if self._waiting >= self._max_waiting:
            raise self._busy()
        self._waiting += 1
        try:
            with anyio.move_on_after(self._queue_seconds) as waited:
                await self._semaphore.acquire()
            if waited.cancelled_caught:
                raise self._busy()
        finally:
            self._waiting -= 1
        lone = self._lone if self._running == 0 else None  # in use only while one runs
        solver = lone or self._free.pop()
        self._running += 1
        try:
            yield solver
        finally:
            self._running -= 1
            if lone is None:
                self._free.append(solver)
            self._semaphore.release()

    def _busy(self) -> ApiError:
        return ApiError(
            503,
            f"the server is busy: {self.count} searches are running and others wait; "
            "try again in a moment",
            retry_after=1,
        )

    async def run(self, search: Callable[[Solver], T]) -> T:
        """Run ``search(solver)`` on a free solver, on a worker thread.

        It runs to its end even when the client goes away (its time limit bounds it,
        and a search may end itself sooner, as an analysis in rounds does), so a solver
        is never handed out while it still searches.

        Args:
            search: the search, given the solver to run on.

        Returns:
            What ``search`` returns.

        Raises:
            link4.web.answers.ApiError: 503 (with ``retry_after`` 1) when no solver is
                free within ``queue_seconds``, or ``max_waiting`` searches wait already.
                Whatever ``search`` raises comes through.
        """
        async with self._solver() as solver:
            return await anyio.to_thread.run_sync(search, solver)
