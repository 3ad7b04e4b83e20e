"""What a search answers, as Python values made from the core's.

A :class:`SearchResult` is a score or the bounds a budget left, with the best moves; a
:data:`link4.engine.ColumnValue` is one column of an analysis. :class:`link4.Solver`, the batch
functions and the players return them; the package and ``link4.engine`` give the same
names.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

from link4 import _core

__all__ = ["ColumnValue", "SearchResult"]

StopReason = Literal["nodes", "time"]
"""The limit that stopped a search."""
_STOPPED_BY: dict[_core.StopReason, StopReason] = {
    _core.StopReason.NODES: "nodes",
    _core.StopReason.TIME: "time",
}


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
