"""Batches: many positions on several threads, each with a table of its own.

The work runs in the core's batch runner (cpp/link4/batch.hpp) without the GIL; this
module checks the arguments first, so a bad position raises before any work starts, and
turns the results into Python values.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable

from link4 import _core
from link4.book import SHIPPED, BookChoice, resolve
from link4.engine import (
    ColumnValue,
    PositionLike,
    SearchResult,
    _column_values,
    _limits,
    _position,
    _table_bytes,
    _threads,
)
from link4.errors import GameOverError, Interrupted, from_core

__all__ = ["Progress", "analyze_many", "search_many", "solve_many"]

Progress = Callable[[int, int], object]


def _batch(
    positions: Iterable[PositionLike | _core.Position],
    threads: int | None,
    table_mb: float,
    time_limit: float | None,
    node_limit: int | None,
    book: BookChoice,
) -> tuple[list[_core.Position], int, int, int | None, float | None, _core.Book | None]:
    """The core's arguments for a batch, every one checked before any work starts."""
    pos = [_position(p) for p in positions]
    nodes, seconds = _limits(time_limit, node_limit)
    b = resolve(book)
    n = _threads(threads)
    # Every worker has its own table (no more workers than positions).
    table = _table_bytes(table_mb, max(1, min(n, len(pos))))
    return pos, n, table, nodes, seconds, None if b is None else b._core


def _searches(
    positions: Iterable[PositionLike | _core.Position],
    weak: bool,
    want_move: bool,
    threads: int | None,
    table_mb: float,
    time_limit: float | None,
    node_limit: int | None,
    progress: Progress | None,
    book: BookChoice = SHIPPED,
) -> list[SearchResult | None]:
    """The batch behind search_many (with moves) and solve_many and link4 solve (without)."""
    pos, n, table, nodes, seconds, core_book = _batch(
        positions, threads, table_mb, time_limit, node_limit, book
    )
    items, interrupted = _core.search_many(
        pos, weak, want_move, n, table, nodes, seconds, core_book, progress
    )
    results = [None if r is None else SearchResult._from_core(r) for _, r in items]
    if interrupted:
        raise Interrupted(results)
    return results


def search_many(
    positions: Iterable[PositionLike],
    *,
    weak: bool = False,
    threads: int | None = None,
    table_mb: float = 64,
    time_limit: float | None = None,
    node_limit: int | None = None,
    progress: Progress | None = None,
    book: BookChoice = SHIPPED,
) -> list[SearchResult | None]:
    """Search many positions on ``threads`` threads: one SearchResult each, in order.

    The limits apply to each position on its own: one that runs out gives its proven
    bounds and the batch goes on. A finished game gives None. ``progress(done, total)``
    is called (in this thread) as positions finish. Every worker has its own table of
    ``table_mb`` MB, so the batch uses about ``threads * (table_mb + 2)`` MB.
    Every position is checked before the work starts, so a malformed one raises at once.

    Ctrl-C raises ``link4.Interrupted``, a KeyboardInterrupt whose ``results`` hold
    every finished result (None for the others).
    """
    return _searches(positions, weak, True, threads, table_mb, time_limit, node_limit, progress, book)


def analyze_many(
    positions: Iterable[PositionLike],
    *,
    weak: bool = False,
    threads: int | None = None,
    table_mb: float = 64,
    time_limit: float | None = None,
    node_limit: int | None = None,
    progress: Progress | None = None,
    book: BookChoice = SHIPPED,
) -> list[list[ColumnValue] | None]:
    """``Solver.analyze`` of many positions on ``threads`` threads, in order.

    Limits, finished games (None), progress, memory and Ctrl-C (``link4.Interrupted``)
    work as in ``search_many``.
    """
    try:
        analyses = _analyses(
            positions, weak, threads, table_mb, time_limit, node_limit, progress, book
        )
    except Interrupted as stop:
        raise Interrupted([None if a is None else a[0] for a in stop.results]) from None
    return [None if a is None else a[0] for a in analyses]


Measured = tuple[list[ColumnValue], int, float]
"""An analysis with the nodes it searched and the seconds it took."""


def _analyses(
    positions: Iterable[PositionLike],
    weak: bool,
    threads: int | None,
    table_mb: float,
    time_limit: float | None,
    node_limit: int | None,
    progress: Progress | None,
    book: BookChoice = SHIPPED,
) -> list[Measured | None]:
    """analyze_many with each analysis's nodes and seconds (for link4 solve); Ctrl-C
    raises Interrupted whose results are these triples."""
    pos, n, table, nodes, seconds, core_book = _batch(
        positions, threads, table_mb, time_limit, node_limit, book
    )
    items, interrupted = _core.analyze_many(
        pos, weak, n, table, nodes, seconds, core_book, progress
    )
    results: list[Measured | None] = [
        None if a is None else (_column_values(a), a.nodes, a.seconds) for _, a in items
    ]
    if interrupted:
        raise Interrupted(results)
    return results


def solve_many(
    positions: Iterable[PositionLike],
    *,
    weak: bool = False,
    threads: int | None = None,
    table_mb: float = 64,
    book: BookChoice = SHIPPED,
) -> list[int]:
    """Exact scores of many positions, in order, on ``threads`` threads each with its own table.

    Every position is checked before the work starts, so a bad one (malformed, or a
    finished game) raises at once. Ctrl-C raises ``link4.Interrupted`` whose
    ``results`` hold the scores finished so far (None for the others).
    """
    pos = [_position(p) for p in positions]
    for i, p in enumerate(pos):
        if p.is_over():
            reason = from_core("game_over", ply=p.ply, won=p.last_mover_won())
            raise GameOverError(f"position {i}: {reason}")
    try:
        results = _searches(pos, weak, False, threads, table_mb, None, None, None, book)
    except Interrupted as stop:
        raise Interrupted([None if r is None else r.score for r in stop.results]) from None
    return [r.score for r in results if r is not None and r.score is not None]


