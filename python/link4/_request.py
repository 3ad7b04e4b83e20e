"""What a search is asked, checked and built once.

Shared by ``link4.engine`` (one search at a time) and ``link4.batch`` (many), below
both: the argument checks and the core's ``SearchRequest`` (its answers become Python
values in ``link4.results``). Internal: users see these through ``link4.Solver`` and
the batch functions.
"""

from __future__ import annotations

import os
from collections.abc import Sequence

from link4 import _core
from link4.game import PositionLike, core_position
from link4.limit import NO_LIMIT, Limit
from link4.rules import Board

MIN_TABLE_MB = 4
MAX_TABLE_MB = 1 << 20
DEFAULT_TABLE_MB: int = _core.DEFAULT_TABLE_BYTES >> 20
"""The transposition table's size (MB) wherever none is given."""

MAX_THREADS: int = _core.MAX_THREADS
"""The most threads a search or a batch may run on."""

def position(pos: PositionLike | _core.Position, board: Board | None = None) -> _core.Position:
    """The core's position for a Game or a move string read on the named ``board``
    (``link4.game.as_game``), or a core position itself (already read so)."""
    return pos if isinstance(pos, _core.Position) else core_position(pos, board)


def _physical_memory() -> int | None:
    """The machine's memory in bytes, where the system says."""
    try:
        return os.sysconf("SC_PHYS_PAGES") * os.sysconf("SC_PAGE_SIZE")
    except (ValueError, OSError, AttributeError):
        return None


def table_bytes(table_mb: float, tables: int = 1) -> int:
    """The bytes of a table of ``table_mb`` MB; MemoryError when ``tables`` of them, each
    with its near-end table, would not fit in the machine's memory (rather than being
    killed filling them)."""
    if not (MIN_TABLE_MB <= table_mb <= MAX_TABLE_MB):
        raise ValueError(
            f"table_mb must be between {MIN_TABLE_MB} and {MAX_TABLE_MB} (MB), not {table_mb!r}"
        )
    size = int(table_mb * (1 << 20))
    physical = _physical_memory()
    # A near-end table is never larger than its main table: while twice the tables fit,
    # there is no need to ask the core its size (a crossing).
    if physical is not None and 2 * tables * size > physical:
        needed = tables * (size + _core.near_table_bytes(size))
        if needed > physical:
            what = f"a table of {table_mb:g} MB" if tables == 1 else f"{tables} tables of {table_mb:g} MB"
            raise MemoryError(f"{what} ({needed >> 20} MB with the near-end tables) is more than the "
                              f"memory of this machine ({physical >> 20} MB)")
    return size


def thread_count(threads: int | None) -> int:
    """A thread count (None: one per core, as many as a search takes at most), checked."""
    n = threads if threads is not None else min(os.cpu_count() or 1, MAX_THREADS)
    if isinstance(n, bool) or not isinstance(n, int) or not 1 <= n <= MAX_THREADS:
        raise ValueError(f"threads must be an int from 1 to {MAX_THREADS}, not {threads!r}")
    return n


def request(
    *,
    weak: bool = False,
    want: _core.Want = _core.Want.SCORE,
    order: Sequence[int] | None = None,
    limit: Limit = NO_LIMIT,
) -> _core.SearchRequest:
    """The core's request for one search (or each of a batch's), within ``limit``.
    ``order`` (with ``Want.FIRST_BEST``): None for the centre order."""
    return _core.SearchRequest(
        weak=weak, want=want, order=order, max_nodes=limit.node_limit, max_seconds=limit.max_seconds
    )
