"""How far a search may go: :class:`link4.Limit`, made and checked once.

Every entry point that searches within a budget (:meth:`link4.Solver.search`,
:meth:`link4.Solver.analyze`, :meth:`link4.Solver.pv`, :func:`link4.search_many`,
:func:`link4.analyze_many`, the web server and the command line) takes a ``limit=``
Limit, or the keyword arguments ``time_limit=`` and ``node_limit=`` that make one; the
Limit is then passed on unchanged down to the core, where the search checks it.
"""

from __future__ import annotations

import time
from dataclasses import dataclass

__all__ = ["NO_LIMIT", "Limit", "Spending", "limit_of"]

# A deadline past a century would never be reached anyway: no limit (this also covers
# infinity, and ints too big for a float).
_CENTURY_SECONDS = 3e9
_MAX_NODES = 2**64 - 1  # the core counts nodes in 64 bits
_SOONEST = 1e-9  # a zero time limit: the core stops at its first look at the clock


@dataclass(frozen=True)
class Limit:
    """The budget of a search: at most ``time_limit`` seconds and ``node_limit`` positions.

    Each is None for no limit, and a search stops at whichever runs out first. Without
    a limit a search is exact; with one it gives what it had proved when the limit ran
    out (:class:`link4.SearchResult`: its bounds, and a best move that is honest). A
    node limit is exact: the search visits at most that many positions (all threads'
    sum). A time limit is checked every 1024 positions, so a search may run a little
    past it. Where a limit covers more than one search (the columns of an analysis, the
    moves of a best line) it covers them all; in a batch it covers each position.

    Odd values are refused or mean no limit: a time limit is a number of seconds >= 0
    (0 stops at the first check), one of a century or more (infinity too) is no limit;
    a node limit is an int >= 1, one beyond 2**64 - 1 is no limit.

    Args:
        time_limit: The most seconds; None for no limit.
        node_limit: The most positions searched (at least 1); None for no limit.

    Each argument is kept as the attribute of the same name, a huge one as None.

    Raises:
        TypeError: ``time_limit`` is not a number.
        ValueError: ``time_limit`` is negative or NaN, or ``node_limit`` is not an int >= 1.

    Examples:
        >>> from link4 import Limit, Solver
        >>> Limit(time_limit=0.5)
        Limit(time_limit=0.5, node_limit=None)
        >>> Limit(time_limit=float("inf")) == Limit()     # no limit
        True
        >>> r = Solver(table_mb=16, book=None).search("", limit=Limit(node_limit=1000))
        >>> r.exact, r.stopped_by, r.nodes
        (False, 'nodes', 1000)
        >>> Limit(node_limit=0)
        Traceback (most recent call last):
          ...
        ValueError: node_limit must be an int >= 1, not 0
    """

    time_limit: float | None = None
    node_limit: int | None = None

    def __post_init__(self) -> None:
        seconds = self.time_limit
        if seconds is not None:
            if isinstance(seconds, bool) or not isinstance(seconds, (int, float)):
                raise TypeError(f"time_limit must be a number of seconds, not {type(seconds).__name__}")
            if not seconds >= 0:
                raise ValueError(f"time_limit must be a number of seconds >= 0, not {seconds!r}")
            object.__setattr__(self, "time_limit", float(seconds) if seconds < _CENTURY_SECONDS else None)
        nodes = self.node_limit
        if nodes is not None:
            if isinstance(nodes, bool) or not isinstance(nodes, int) or nodes < 1:
                raise ValueError(f"node_limit must be an int >= 1, not {nodes!r}")
            object.__setattr__(self, "node_limit", nodes if nodes <= _MAX_NODES else None)

    @property
    def max_seconds(self) -> float | None:
        """The time limit as the core takes it (above 0); None for none."""
        return None if self.time_limit is None else max(self.time_limit, _SOONEST)

    def within(self, seconds: float | None = None) -> Limit:
        """This limit with its time limit no later than ``seconds``.

        Args:
            seconds: Another time limit, already checked (a server's, or what is left
                of a budget); None: this limit as it is.

        Returns:
            The limit whose time limit is the smaller of the two.

        Example:
            >>> Limit(time_limit=5.0).within(0.5), Limit(node_limit=9).within(None)
            (Limit(time_limit=0.5, node_limit=None), Limit(time_limit=None, node_limit=9))
        """
        if seconds is None or (self.time_limit is not None and self.time_limit <= seconds):
            return self
        return Limit(max(seconds, 0.0), self.node_limit)


NO_LIMIT = Limit()
"""The limit of a search that runs to its end."""


class Spending:
    """One limit spent over a series of searches (a line's moves, a review's positions).

    Its time runs from when the Spending is made; the nodes of each search are counted
    against it as :meth:`spend` is told them (a caller whose node limit holds for each
    search tells none).

    >>> spending = Spending(Limit(node_limit=100))
    >>> spending.spend(60)
    >>> spending.left(), spending.exhausted
    (Limit(time_limit=None, node_limit=40), False)
    >>> spending.spend(50)
    >>> spending.left(), spending.exhausted       # at least a first look is left
    (Limit(time_limit=None, node_limit=1), True)

    Args:
        limit: The budget of the whole series.
    """

    def __init__(self, limit: Limit) -> None:
        self.limit = limit
        self._deadline = None if limit.time_limit is None else time.monotonic() + limit.time_limit
        self._spent = 0

    def spend(self, nodes: int) -> None:
        """Count the nodes a search of the series took.

        Args:
            nodes: The search's nodes.
        """
        self._spent += nodes

    @property
    def exhausted(self) -> bool:
        """Whether the time is up or the nodes are spent."""
        node_limit = self.limit.node_limit
        return (self._deadline is not None and self._deadline <= time.monotonic()) or (
            node_limit is not None and self._spent >= node_limit
        )

    def left(self) -> Limit:
        """The limit of the next search: what is left, at least a first look (no time,
        one node) once it is spent.

        Returns:
            The Limit.
        """
        if self.limit is NO_LIMIT:
            return NO_LIMIT
        seconds = None if self._deadline is None else max(self._deadline - time.monotonic(), 0.0)
        node_limit = self.limit.node_limit
        return Limit(seconds, None if node_limit is None else max(node_limit - self._spent, 1))


def limit_of(limit: Limit | None, time_limit: float | None, node_limit: int | None) -> Limit:
    """The Limit of an entry point's ``limit=``, ``time_limit=`` and ``node_limit=``.

    Args:
        limit: A Limit, or None to make one of the other two.
        time_limit: The most seconds, or None.
        node_limit: The most positions searched, or None.

    Returns:
        ``limit`` itself, or the Limit of ``time_limit`` and ``node_limit``.

    Raises:
        TypeError: ``limit`` is not a Limit, or is given with one of the other two.
    """
    if limit is None:
        return Limit(time_limit, node_limit)
    if not isinstance(limit, Limit):
        raise TypeError(f"limit must be a link4.Limit, not {type(limit).__name__}")
    if time_limit is not None or node_limit is not None:
        raise TypeError("give limit= or time_limit= and node_limit=, not both")
    return limit
