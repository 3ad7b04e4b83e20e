"""The engine facade: exact scores, best moves and bounded searches, for scripts and the CLI."""

from __future__ import annotations

import math
import os
import random
import threading
from collections.abc import Iterable
from dataclasses import dataclass

from link4 import _core
from link4.game import WIDTH, Game

__all__ = ["PositionLike", "SearchResult", "Solver", "solve", "solve_many"]

PositionLike = Game | str
"""Every entry point takes a Game or a move string such as ``"4453"``."""

# Columns from the centre outwards: the order in which ties are broken.
CENTRE_ORDER: tuple[int, ...] = tuple(sorted(range(WIDTH), key=lambda c: (abs(2 * c - (WIDTH - 1)), c)))


def _position(pos: PositionLike) -> _core.Position:
    if isinstance(pos, Game):
        return pos._pos
    if isinstance(pos, str):
        return _core.Position.from_moves(pos)
    raise TypeError(f"a position is a link4.Game or a move string, not {type(pos).__name__}")


@dataclass(frozen=True)
class SearchResult:
    """What a bounded search proved.

    ``lower <= true score <= upper`` always holds. ``exact`` is True when they meet, and
    then ``score`` is the score; ``score`` is None when a limit stopped the search first.
    ``best_move`` is a best column when exact, else the move behind the best bound found.
    With ``weak=True`` the scores are signs: -1 loss, 0 draw, 1 win.
    """

    exact: bool
    score: int | None
    lower: int
    upper: int
    best_move: int
    nodes: int
    seconds: float
    stopped_by: str | None  # "nodes", "time" or None


class Solver:
    """A reusable perfect solver owning its transposition table.

    >>> s = Solver(table_mb=16)
    >>> s.solve("4455")          # red to move wins with its 4th disc
    18
    >>> s.analyze("4455")[2]
    18
    """

    def __init__(self, table_mb: float = 64) -> None:
        """``table_mb``: the size of the transposition table in MB (at least 4)."""
        self._core = _core.Solver(float(table_mb))
        self._nodes = 0

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

    def solve(self, pos: PositionLike, *, weak: bool = False) -> int:
        """The exact score for the side to move (weak: only its sign, -1/0/1).

        Raises GameOverError for a finished game, InvalidMoveError/IllegalMoveError for
        a bad move string, KeyboardInterrupt on Ctrl-C (the solver stays usable).
        """
        r = self._core.search(_position(pos), weak)
        self._nodes = r.nodes
        return r.score

    def search(
        self,
        pos: PositionLike,
        *,
        weak: bool = False,
        time_limit: float | None = None,
        node_limit: int | None = None,
    ) -> SearchResult:
        """Search within a budget; the result says what was proven (never a wrong score)."""
        if time_limit is not None and not (time_limit >= 0):
            raise ValueError(f"time_limit must be a number of seconds >= 0, not {time_limit!r}")
        if node_limit is not None:
            if isinstance(node_limit, bool) or not isinstance(node_limit, int) or node_limit < 1:
                raise ValueError(f"node_limit must be an int >= 1, not {node_limit!r}")
            node_limit = min(node_limit, 2**64 - 1)
        seconds = None if time_limit is None or math.isinf(time_limit) else float(time_limit)
        r = self._core.search(_position(pos), weak, node_limit, seconds, True)
        self._nodes = r.nodes
        stopped = {_core.StopReason.NODES: "nodes", _core.StopReason.TIME: "time"}.get(r.stop)
        return SearchResult(
            exact=r.exact,
            score=r.score if r.exact else None,
            lower=r.lower,
            upper=r.upper,
            best_move=r.best_move,
            nodes=r.nodes,
            seconds=r.seconds,
            stopped_by=stopped,
        )

    def analyze(self, pos: PositionLike, *, weak: bool = False) -> list[int | None]:
        """The score of playing each column, from the mover's view; None where full."""
        scores = self._core.analyze(_position(pos), weak)
        self._nodes = self._core.analyze_nodes
        return scores

    def best_move(self, pos: PositionLike, *, rng: random.Random | None = None) -> int:
        """A best column (0-based): ties go to the centre, or to ``rng.choice`` if given."""
        scores = self.analyze(pos)
        best = max(s for s in scores if s is not None)
        ties = [c for c in CENTRE_ORDER if scores[c] == best]
        return rng.choice(ties) if rng is not None else ties[0]

    def solve_many(
        self, positions: Iterable[PositionLike], *, weak: bool = False, threads: int | None = None
    ) -> list[int]:
        """Scores of many positions, in order, on ``threads`` threads (default: all cores)."""
        return solve_many(positions, weak=weak, threads=threads, table_mb=self.table_mb)


def solve_many(
    positions: Iterable[PositionLike],
    *,
    weak: bool = False,
    threads: int | None = None,
    table_mb: float = 64,
) -> list[int]:
    """Scores of many positions, in order, on ``threads`` threads each with its own table.

    Every position is checked before the work starts, so a bad one raises at once.
    """
    pos = [_position(p) for p in positions]
    n = threads if threads is not None else (os.cpu_count() or 1)
    return _core.solve_many(pos, weak, n, float(table_mb))


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
