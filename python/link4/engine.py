"""The engine facade: exact scores, best moves and analyses, for scripts and the CLI.

Every answer comes from the compiled core (``link4._core``): this module checks the
arguments, converts the results into Python values and holds the tie rule's random
choice. Nothing here searches.
"""

from __future__ import annotations

import os
import random
import threading
from collections.abc import Callable, Iterable
from dataclasses import dataclass, replace
from typing import Literal, overload

from link4 import _core
from link4.book import SHIPPED, Book, BookChoice, resolve
from link4.errors import GameOverError, Interrupted, from_core
from link4.game import Game, core_position

__all__ = [
    "CENTRE_ORDER",
    "ColumnValue",
    "PositionLike",
    "SearchResult",
    "Solver",
    "solve",
]

PositionLike = Game | str
"""Every entry point takes a Game or a move string such as ``"4453"``."""

CENTRE_ORDER: tuple[int, ...] = tuple(_core.CENTRE_ORDER)
"""Columns from the centre outwards, the left one first: the order in which ties go."""

_CENTRE_RANK = {col: rank for rank, col in enumerate(CENTRE_ORDER)}

StopReason = Literal["nodes", "time"]
_STOPPED_BY: dict[_core.StopReason, StopReason] = {
    _core.StopReason.NODES: "nodes",
    _core.StopReason.TIME: "time",
}

MIN_TABLE_MB = 4
MAX_TABLE_MB = 1 << 20
DEFAULT_TABLE_MB: int = _core.DEFAULT_TABLE_BYTES >> 20
"""The transposition table's size (MB) wherever none is given."""


def _position(pos: PositionLike | _core.Position) -> _core.Position:
    if isinstance(pos, Game):
        return core_position(pos)
    if isinstance(pos, _core.Position):
        return pos
    if isinstance(pos, str):
        return _core.Position.from_moves(pos)
    raise TypeError(f"a position is a link4.Game or a move string, not {type(pos).__name__}")


def _physical_memory() -> int | None:
    """The machine's memory in bytes, where the system says."""
    try:
        return os.sysconf("SC_PHYS_PAGES") * os.sysconf("SC_PAGE_SIZE")
    except (ValueError, OSError, AttributeError):
        return None


def _table_bytes(table_mb: float, tables: int = 1) -> int:
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


MAX_THREADS: int = _core.MAX_THREADS
"""The most threads a search or a batch may run on."""


def _threads(threads: int | None) -> int:
    """A thread count (None: one per core), checked."""
    n = threads if threads is not None else (os.cpu_count() or 1)
    if isinstance(n, bool) or not isinstance(n, int) or not 1 <= n <= MAX_THREADS:
        raise ValueError(f"threads must be an int from 1 to {MAX_THREADS}, not {threads!r}")
    return n


def _limits(time_limit: float | None, node_limit: int | None) -> tuple[int | None, float | None]:
    """(max_nodes, max_seconds) for the core; None: no limit."""
    seconds = None
    if time_limit is not None:
        if isinstance(time_limit, bool) or not isinstance(time_limit, (int, float)):
            raise TypeError(f"time_limit must be a number of seconds, not {type(time_limit).__name__}")
        if not time_limit >= 0:
            raise ValueError(f"time_limit must be a number of seconds >= 0, not {time_limit!r}")
        # A deadline past a century would never be reached anyway: no limit (this also
        # covers infinity, and ints too big for a float).
        if time_limit < 3e9:
            seconds = max(float(time_limit), 1e-9)
    nodes = None
    if node_limit is not None:
        if isinstance(node_limit, bool) or not isinstance(node_limit, int) or node_limit < 1:
            raise ValueError(f"node_limit must be an int >= 1, not {node_limit!r}")
        nodes = min(node_limit, 2**64 - 1)
    return nodes, seconds


@dataclass(frozen=True)
class SearchResult:
    """What a bounded search proved.

    ``lower <= true score <= upper`` always holds. ``exact`` is True when they meet, and
    then ``score`` is the score; ``score`` is None when a limit stopped the search first.
    ``best_move`` is honest under any limit: its proven value is at least ``lower``.
    When exact, it is the best column by the tie rule (the centre-most of the best) and
    ``best_moves`` lists every best column, centre first (complete unless
    ``stopped_by`` is set); otherwise ``best_moves`` is ``(best_move,)``.
    With ``weak=True`` the scores are signs: -1 loss, 0 draw, 1 win.
    For a column of ``Solver.analyze`` cut short by a limit, ``best_move`` is that column.
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

    @classmethod
    def _from_core(cls, r: _core.SearchResult) -> SearchResult:
        return cls(
            exact=r.exact,
            score=r.score if r.exact else None,
            lower=r.lower,
            upper=r.upper,
            best_move=r.best_move,
            nodes=r.nodes,
            seconds=r.seconds,
            stopped_by=_STOPPED_BY.get(r.stop),
            best_moves=tuple(sorted(r.best_moves, key=_CENTRE_RANK.__getitem__)),
        )


ColumnValue = int | SearchResult | None
"""One column of ``Solver.analyze``: an exact score, the bounds a limit left, or None (full)."""


def _column_values(a: _core.Analysis) -> list[ColumnValue]:
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


class Solver:
    """A reusable perfect solver owning its transposition table.

    >>> s = Solver(table_mb=16)
    >>> s.solve("4455")          # red to move wins with its 4th disc
    18
    >>> s.analyze("4455")[2]
    18
    >>> s.best_move("4455")      # columns 3 and 6 both win with red's 4th disc
    2

    One caller at a time: a second thread calling it while it searches gets
    RuntimeError (use one Solver per thread, or ``search_many``).

    ``threads=N`` puts N threads on every search, sharing the one table (lazy SMP): the
    answers are the same, found sooner on a hard position. With one thread a search is
    deterministic (the same nodes every run); with more, ``nodes`` (all threads' sum)
    varies from run to run, and a node limit is shared out among the threads.
    """

    def __init__(
        self, table_mb: float = DEFAULT_TABLE_MB, *, threads: int = 1, book: BookChoice = SHIPPED
    ) -> None:
        """``table_mb``: the size of the transposition table in MB (at least 4).
        ``threads``: the threads each search runs on (1 to MAX_THREADS).
        ``book``: the opening book whose positions are answered at once (a Book, the
        path of a book file, None for none; by default the one shipped with link4)."""
        if threads is None:
            raise ValueError(f"threads must be an int from 1 to {MAX_THREADS}, not None")
        threads = _threads(threads)
        self._core = _core.Solver(_table_bytes(table_mb), threads)
        self._book = resolve(book)
        self._core.set_book(None if self._book is None else self._book._core)
        self._nodes = 0

    def __repr__(self) -> str:
        threads = "" if self.threads == 1 else f", threads={self.threads}"
        book = "" if self._book is None else f", book={self._book!r}"
        return f"Solver(table_mb={self.table_mb:g}{threads}{book})"

    @property
    def threads(self) -> int:
        """The threads each search runs on."""
        return self._core.threads

    @property
    def book(self) -> Book | None:
        """The opening book in use, or None."""
        return self._book

    @property
    def table_mb(self) -> float:
        """The table size actually in use, in MB."""
        return self._core.table_bytes / (1 << 20)

    @property
    def nodes(self) -> int:
        """The number of positions searched by the last call."""
        return self._nodes

    def clear(self) -> None:
        """Forget everything the table has learnt (the next searches start cold)."""
        self._core.clear()

    def _search(
        self,
        pos: PositionLike,
        weak: bool,
        time_limit: float | None,
        node_limit: int | None,
        want_move: bool,
        first_best: list[int] | None = None,
    ) -> _core.SearchResult:
        position = _position(pos)
        nodes, seconds = _limits(time_limit, node_limit)
        r = self._core.search(position, weak, nodes, seconds, want_move, first_best)
        self._nodes = r.nodes
        return r

    def solve(self, pos: PositionLike, *, weak: bool = False) -> int:
        """The exact score for the side to move (weak: only its sign, -1/0/1).

        Raises GameOverError for a finished game, InvalidMoveError/IllegalMoveError for
        a bad move string, KeyboardInterrupt on Ctrl-C (the solver stays usable).
        """
        # The shortest path: on the easiest positions the search takes a few microseconds.
        score, self._nodes = self._core.solve(_position(pos), weak)
        return score

    def search(
        self,
        pos: PositionLike,
        *,
        weak: bool = False,
        time_limit: float | None = None,
        node_limit: int | None = None,
        ties: bool = True,
        rng: random.Random | None = None,
    ) -> SearchResult:
        """Search within a budget: the proven bounds and an honest best move.

        >>> r = Solver(table_mb=16).search("4455")
        >>> r.exact, r.score, r.best_move, r.best_moves
        (True, 18, 2, (2, 5))

        ``ties=False`` proves one best move only, not its ties (faster where several
        moves are equally good): the first worth the score of the columns from the centre
        outwards, or, with ``rng``, of the columns in an order drawn with it, so that each
        best column is equally likely; ``best_moves`` then holds that one. With
        ``ties=True`` and ``rng``, ``best_move`` is drawn from ``best_moves``.

        >>> Solver(table_mb=16).search("4455", ties=False).best_moves
        (2,)
        """
        if ties:
            result = SearchResult._from_core(self._search(pos, weak, time_limit, node_limit, True))
            if rng is not None and result.exact and len(result.best_moves) > 1:
                result = replace(result, best_move=rng.choice(result.best_moves))
            return result
        order = list(CENTRE_ORDER) if rng is None else rng.sample(CENTRE_ORDER, len(CENTRE_ORDER))
        return SearchResult._from_core(
            self._search(pos, weak, time_limit, node_limit, True, order)
        )

    def best_move(self, pos: PositionLike, *, rng: random.Random | None = None) -> int:
        """A best column (0-based): the centre-most, or one at random with ``rng`` (each
        best column equally likely).

        The same column as ``search(pos).best_move`` (with no limit). It proves only that
        column worth the score, not its ties, so it is faster than ``search`` where
        several moves are equally good.
        """
        return self.search(pos, ties=False, rng=rng).best_move

    def pv(self, pos: PositionLike, *, max_length: int | None = None) -> list[int]:
        """A principal variation: best moves for both sides from ``pos`` to the end of
        the game (at most ``max_length`` of them), each by the tie rule, as 0-based columns.

        >>> Solver(table_mb=16).pv("4455")     # red 3, yellow 4 (all lose alike), red 2 wins
        [2, 3, 1]
        >>> len(Solver(table_mb=16).pv("5554224333234511764415115"))   # yellow wins with its 18th disc
        11
        """
        game = Game(pos) if isinstance(pos, str) else pos.copy()
        line: list[int] = []
        while not game.is_over() and (max_length is None or len(line) < max_length):
            col = self.best_move(game)
            game.play(col)
            line.append(col)
        return line

    @overload
    def analyze(
        self,
        pos: PositionLike,
        *,
        weak: bool = False,
        time_limit: None = None,
        node_limit: None = None,
    ) -> list[int | None]: ...
    @overload
    def analyze(
        self,
        pos: PositionLike,
        *,
        weak: bool = False,
        time_limit: float | None = None,
        node_limit: int | None = None,
    ) -> list[ColumnValue]: ...
    def analyze(
        self,
        pos: PositionLike,
        *,
        weak: bool = False,
        time_limit: float | None = None,
        node_limit: int | None = None,
    ) -> list[ColumnValue] | list[int | None]:
        """The value of playing each column, from the mover's view; None where full.

        Each value is the exact score (weak: its sign) or, where the limit (which covers
        the whole analysis) ran out first, a SearchResult with the proven ``lower`` and
        ``upper`` bounds (so without a limit, the type says ``list[int | None]``). The
        outcome (win, draw, loss) of every column is settled before any exact score, so a
        short limit still tells which moves win.
        """
        position = _position(pos)
        nodes, seconds = _limits(time_limit, node_limit)
        a = self._core.analyze(position, weak, nodes, seconds)
        self._nodes = a.nodes
        return _column_values(a)

    def solve_many(
        self, positions: Iterable[PositionLike], *, weak: bool = False, threads: int | None = None
    ) -> list[int]:
        """Scores of many positions, in order, on ``threads`` threads (default: all cores)."""
        from link4.batch import solve_many

        return solve_many(
            positions, weak=weak, threads=threads, table_mb=self.table_mb, book=self._book
        )


_default = threading.local()


def _default_solver() -> Solver:
    solver: Solver | None = getattr(_default, "solver", None)
    if solver is None:
        solver = _default.solver = Solver()
    return solver


def solve(pos: PositionLike, *, weak: bool = False) -> int:
    """The exact score of a position with a shared per-thread solver.

    >>> solve("4455")
    18
    """
    return _default_solver().solve(pos, weak=weak)
