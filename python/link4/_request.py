"""What a search is asked, checked and built once, and its answers as Python values.

Shared by ``link4.engine`` (one search at a time) and ``link4.batch`` (many), below
both: the argument checks, the core's ``SearchRequest``, and the conversion of the
core's results. Internal: users see these through ``link4.Solver`` and the batch
functions.
"""

from __future__ import annotations

import os
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Literal

from link4 import _core
from link4.game import Game, core_position
from link4.limit import NO_LIMIT, Limit

PositionLike = Game | str
"""Every entry point takes a Game or a move string such as ``"4453"``."""

MIN_TABLE_MB = 4
MAX_TABLE_MB = 1 << 20
DEFAULT_TABLE_MB: int = _core.DEFAULT_TABLE_BYTES >> 20
"""The transposition table's size (MB) wherever none is given."""

MAX_THREADS: int = _core.MAX_THREADS
"""The most threads a search or a batch may run on."""

StopReason = Literal["nodes", "time"]
_STOPPED_BY: dict[_core.StopReason, StopReason] = {
    _core.StopReason.NODES: "nodes",
    _core.StopReason.TIME: "time",
}


def position(pos: PositionLike | _core.Position) -> _core.Position:
    """The core's position for a Game or a move string (or a core position itself)."""
    return pos if isinstance(pos, _core.Position) else core_position(pos)


def _physical_memory() -> int | None:
    """The machine's memory in bytes, where the system says."""
    try:
        return os.sysconf("SC_PHYS_PAGES") * os.sysconf("SC_PAGE_SIZE")
    except (ValueError, OSError, AttributeError):
        return None


def table_bytes(table_mb: float, tables: int = 1) -> int:
    """The bytes of a table of ``table_mb`` MB; MemoryError when ``tables`` of them
    would not fit in the machine's memory (rather than being killed filling them)."""
    if not (MIN_TABLE_MB <= table_mb <= MAX_TABLE_MB):
        raise ValueError(
            f"table_mb must be between {MIN_TABLE_MB} and {MAX_TABLE_MB} (MB), not {table_mb!r}"
        )
    physical = _physical_memory()
    if physical is not None and tables * table_mb * (1 << 20) > physical:
        what = f"a table of {table_mb:g} MB" if tables == 1 else f"{tables} tables of {table_mb:g} MB"
        raise MemoryError(f"{what} is more than the memory of this machine ({physical >> 20} MB)")
    return int(table_mb * (1 << 20))


def thread_count(threads: int | None) -> int:
    """A thread count (None: one per core), checked."""
    n = threads if threads is not None else (os.cpu_count() or 1)
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


@dataclass(frozen=True)
class SearchResult:
    """What a bounded search proved.

    :meth:`link4.Solver.search` and :func:`link4.search_many` return one, and so does
    :meth:`link4.Solver.analyze` for a column that a limit cut short. Without a limit a
    search is exact; with one (``time_limit``, ``node_limit``) it says what it had proved
    when the limit ran out.

    ``lower <= true score <= upper`` always holds. ``exact`` is True when they meet, and
    then ``score`` is the score; ``score`` is None when a limit stopped the search first.
    ``best_move`` is honest under any limit: its proven value is at least ``lower``.
    When exact, it is the best column by the tie rule (the centre-most of the best) and
    ``best_moves`` lists every best column, centre first (complete unless
    ``stopped_by`` is set); otherwise ``best_moves`` is ``(best_move,)``.
    With ``weak=True`` the scores are signs: -1 loss, 0 draw, 1 win.
    For a column of :meth:`link4.Solver.analyze` cut short by a limit, ``best_move`` is
    that column.

    Args:
        exact: Whether the bounds meet, so that the score is proven.
        score: The score from the side to move when exact, else None.
        lower: The proven lower bound of the score.
        upper: The proven upper bound of the score.
        best_move: The best column (0-based) when exact, else the move behind ``lower``.
        nodes: The number of positions searched (all threads' sum).
        seconds: The time the search took.
        stopped_by: The limit that stopped the search, ``"nodes"`` or ``"time"``; None
            when none did.
        best_moves: The best columns, centre first.

    Each argument is kept as the attribute of the same name.

    Examples:
        >>> from link4 import Solver
        >>> r = Solver(table_mb=16).search("4455")
        >>> r.exact, r.score, (r.lower, r.upper), r.best_moves
        (True, 18, (18, 18), (2, 5))
        >>> r = Solver(table_mb=16, book=None).search("", node_limit=1000)
        >>> r.exact, r.score, r.stopped_by, r.lower <= r.upper
        (False, None, 'nodes', True)
    """

    exact: bool
    score: int | None
    lower: int
    upper: int
    best_move: int
    nodes: int
    seconds: float
    stopped_by: StopReason | None
    best_moves: tuple[int, ...] = ()


SearchResult.__module__ = "link4.engine"  # where users find it


def search_result(r: _core.SearchResult) -> SearchResult:
    """The Python value of the core's result (its best moves already centre first)."""
    return SearchResult(
        exact=r.exact,
        score=r.score if r.exact else None,
        lower=r.lower,
        upper=r.upper,
        best_move=r.best_move,
        nodes=r.nodes,
        seconds=r.seconds,
        stopped_by=_STOPPED_BY.get(r.stop),
        best_moves=tuple(r.best_moves),
    )


ColumnValue = int | SearchResult | None
"""One column of ``Solver.analyze``: an exact score, the bounds a limit left, or None (full)."""


def column_values(a: _core.Analysis) -> list[ColumnValue]:
    """Python values for the core's per-column bounds."""
    stopped = _STOPPED_BY.get(a.stop)
    values: list[ColumnValue] = []
    for col, bounds in enumerate(a.columns):
        if bounds is None:
            values.append(None)
        elif bounds[0] == bounds[1]:
            values.append(bounds[0])
        else:
            values.append(
                SearchResult(
                    exact=False,
                    score=None,
                    lower=bounds[0],
                    upper=bounds[1],
                    best_move=col,
                    nodes=a.nodes,
                    seconds=a.seconds,
                    stopped_by=stopped,
                    best_moves=(col,),
                )
            )
    return values
