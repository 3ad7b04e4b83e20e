"""Long searches: progress as they go, checkpoints, and resuming a stopped solve.

A search that takes minutes or hours (the empty board of a large size, say) can report
what it has proven as it runs, through a callback given a :class:`SearchProgress`, and
can write a checkpoint of its table as it goes (:meth:`link4.Solver.solve` and
:meth:`link4.Solver.search` with ``checkpoint=``): a file that holds every bound the
search has proven. :func:`link4.resume` reads one back and goes on from there, so that
a solve stopped by Ctrl-C, a limit, a crash or a reboot loses at most the work since
its last checkpoint. A checkpoint is written whole under another name and then renamed
over the old one: the file on disk is always a complete checkpoint. A damaged or
foreign file is refused with :exc:`link4.CheckpointError`, never trusted.

>>> import link4, os, tempfile
>>> path = os.path.join(tempfile.mkdtemp(), "5x5.ckpt")
>>> solver = link4.Solver(table_mb=16, width=5, height=5)
>>> r = solver.search("", node_limit=20_000, checkpoint=path)   # stopped by its limit
>>> r.exact, link4.read_checkpoint(path).nodes
(False, 20000)
>>> r = link4.resume(path)                                       # and finished
>>> r.score, link4.read_checkpoint(path).lower
(0, 0)
"""

from __future__ import annotations

import json
import os
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any, Literal

from link4 import _core
from link4._request import position, request, table_bytes, thread_count
from link4.book import SHIPPED, BookChoice, BookSource
from link4.errors import CheckpointError
from link4.limit import Limit, limit_of
from link4.results import SearchResult, search_result

__all__ = [
    "DEFAULT_CHECKPOINT_EVERY",
    "DEFAULT_PROGRESS_EVERY",
    "Checkpoint",
    "SearchProgress",
    "read_checkpoint",
    "resume",
]

DEFAULT_PROGRESS_EVERY = 2.0
"""Seconds between two progress reports, unless told otherwise."""
DEFAULT_CHECKPOINT_EVERY = 600.0
"""Seconds between two checkpoints, unless told otherwise (writing one of a gigabyte
table takes a second or two)."""

Want = Literal["score", "ties", "first"]
"""What a checkpointed search was asked: the score alone, the score with every best
move, or with the first best move."""
_WANTS: dict[Want, _core.Want] = {
    "score": _core.Want.SCORE,
    "ties": _core.Want.ALL_BEST,
    "first": _core.Want.FIRST_BEST,
}
_NOTE_FORMAT = "link4 search"


@dataclass(frozen=True)
class SearchProgress:
    """What a running search has proven so far, as a progress callback is given it.

    Args:
        seconds: The time the search has run.
        nodes: The positions it has searched (all threads' sum).
        lower: The proven lower bound of the position's score.
        upper: The proven upper bound.
        columns: Per column, left to right, the proven ``(lower, upper)`` bounds of
            playing it (from the mover's view), or None where the column is full.

    Each argument is kept as the attribute of the same name. A search for the score
    alone proves its columns' values only in passing: their bounds then are what the
    table holds, which may be no more than the rules' limits.

    Example:
        >>> p = SearchProgress(4.0, 8_000_000, -2, 3, ((-5, -5), None, (-2, 3)))
        >>> p.nodes_per_second, p.settled, p.exact
        (2000000.0, (0,), False)
    """

    seconds: float
    nodes: int
    lower: int
    upper: int
    columns: tuple[tuple[int, int] | None, ...]

    @property
    def exact(self) -> bool:
        """Whether the score is proven (its bounds meet)."""
        return self.lower == self.upper

    @property
    def nodes_per_second(self) -> float:
        """The search's speed so far."""
        return self.nodes / self.seconds if self.seconds > 0 else 0.0

    @property
    def settled(self) -> tuple[int, ...]:
        """The columns whose value is proven exactly, left to right."""
        return tuple(c for c, b in enumerate(self.columns) if b is not None and b[0] == b[1])


ProgressCallback = Callable[[SearchProgress], object]
"""Called with each report; what it raises stops the search and is raised by it."""


@dataclass(frozen=True)
class Checkpoint:
    """What a checkpoint file records (its table aside): :func:`read_checkpoint`.

    Args:
        path: The file.
        moves: The position searched, as a move string.
        width: The board's columns.
        height: The board's rows.
        inarow: The line that wins in the game searched.
        weak: Whether only the outcome was asked.
        want: What was asked besides the score (:data:`link4.long_search.Want`).
        lower: The proven lower bound of the score when it was written.
        upper: The proven upper bound.
        nodes: The positions searched by every run so far.
        seconds: The time every run so far took.
        table_mb: The size of the table it holds, in MB (a resumed search takes one
            of that size unless told another).

    Each argument is kept as the attribute of the same name.
    """

    path: str
    moves: str
    width: int
    height: int
    inarow: int
    weak: bool
    want: Want
    lower: int
    upper: int
    nodes: int
    seconds: float
    table_mb: float

    @property
    def exact(self) -> bool:
        """Whether the search it records had proven the score."""
        return self.lower == self.upper


def note(moves: str, width: int, height: int, *, weak: bool, want: Want) -> bytes:
    """The record of what a checkpointed search solves, as its file keeps it.

    Returns:
        The note's bytes (JSON).
    """
    doc = {"format": _NOTE_FORMAT, "moves": moves, "width": width, "height": height,
           "weak": weak, "want": want}
    return json.dumps(doc, sort_keys=True).encode()


def long_search(
    progress: ProgressCallback | None,
    progress_every: float,
    checkpoint: str | os.PathLike[str] | None,
    checkpoint_every: float,
    what: bytes,
    *,
    nodes: int = 0,
    seconds: float = 0.0,
    probe_costs: tuple[int, int] = (0, 0),
) -> _core.LongSearch | None:
    """The core's reports and checkpoints for one search, or None when it needs neither.

    Args:
        progress: The callback, or None.
        progress_every: Seconds between reports (> 0).
        checkpoint: The checkpoint's path, or None.
        checkpoint_every: Seconds between checkpoints (> 0).
        what: The note of what is searched (:func:`note`).
        nodes: The nodes of the runs before this one (a resumed search).
        seconds: Their time.
        probe_costs: What their score guess learnt (the checkpoint's record): the
            probes go on where theirs would have.

    Returns:
        The core's object for the search, or None.

    Raises:
        ValueError: An interval that is not a number of seconds above 0.
    """
    if progress is None and checkpoint is None:
        return None
    for name, every in (("progress_every", progress_every), ("checkpoint_every", checkpoint_every)):
        if isinstance(every, bool) or not isinstance(every, (int, float)) or not every > 0:
            raise ValueError(f"{name} must be a number of seconds above 0, not {every!r}")
    report = None
    if progress is not None:
        callback = progress

        def report(seconds: float, nodes: int, lower: int, upper: int,
                   columns: list[tuple[int, int] | None]) -> None:
            callback(SearchProgress(seconds, nodes, lower, upper, tuple(columns)))

    return _core.LongSearch(
        progress=report, progress_every=float(progress_every),
        checkpoint=None if checkpoint is None else os.fspath(checkpoint),
        checkpoint_every=float(checkpoint_every), note=what, nodes=nodes, seconds=seconds,
        probe_costs=probe_costs,
    )


def read_checkpoint(path: str | os.PathLike[str]) -> Checkpoint:
    """What the checkpoint at ``path`` records: its position, bounds, nodes and time.

    Args:
        path: The checkpoint file.

    Returns:
        Its record (the table it holds is not read).

    Raises:
        CheckpointError: The file cannot be read, or is no link4 checkpoint, of another
            version, cut short or damaged.

    Example:
        >>> read_checkpoint(os.devnull)
        Traceback (most recent call last):
          ...
        link4.CheckpointError: ... is not a link4 checkpoint
    """
    where = os.fspath(path)
    return _checkpoint(where, _core.checkpoint_header(where))


def _checkpoint(path: str, record: dict[str, Any]) -> Checkpoint:
    """A Checkpoint from the core's record of a file, its note checked.

    Returns:
        The record as a Checkpoint.

    Raises:
        CheckpointError: A note that is not the record of a link4 search, or one of
            another board than the file's header.
    """
    try:
        doc = json.loads(record["note"])
        ok = doc["format"] == _NOTE_FORMAT and doc["want"] in _WANTS
        moves, weak, want = str(doc["moves"]), bool(doc["weak"]), doc["want"]
        board = (doc["width"], doc["height"])
    except (ValueError, KeyError, TypeError):
        ok = False
    if not ok:
        raise CheckpointError(f"{path} is not the checkpoint of a link4 search (its record is unreadable)")
    if board != (record["width"], record["height"]):
        raise CheckpointError(
            f"{path} is damaged (its record and its header name different boards): it is not used"
        )
    return Checkpoint(
        path=path, moves=moves, width=record["width"], height=record["height"], inarow=record["inarow"],
        weak=weak, want=want,
        lower=record["lower"], upper=record["upper"], nodes=record["nodes"], seconds=record["seconds"],
        table_mb=record["table_bytes"] / (1 << 20),
    )


def resume(
    path: str | os.PathLike[str],
    *,
    threads: int = 1,
    table_mb: float | None = None,
    book: BookChoice = SHIPPED,
    progress: ProgressCallback | None = None,
    progress_every: float = DEFAULT_PROGRESS_EVERY,
    checkpoint_every: float = DEFAULT_CHECKPOINT_EVERY,
    time_limit: float | None = None,
    node_limit: int | None = None,
    limit: Limit | None = None,
) -> SearchResult:
    """Go on with the search a checkpoint records, from what it had proven.

    The table is read back from the file into a solver of the board it records, and
    the same search (the position, ``weak``, the score alone or with its best moves)
    goes on, writing checkpoints to the same file as it goes and once it stops. Run to
    its end it gives the score an uninterrupted search gives. A table of another size
    than the file's takes its entries into the slots they take at that size: a larger
    one keeps them all, a smaller one those of the most work.

    Args:
        path: The checkpoint, as a search with ``checkpoint=`` wrote it.
        threads: The threads to search on (any number: the table's bounds hold for all).
        table_mb: The table's size in MB; None: the size the file holds.
        book: The opening book (the table's bounds hold with any book, or none).
        progress: Called with a :class:`SearchProgress` as the search goes; None: no
            reports.
        progress_every: Seconds between two reports.
        checkpoint_every: Seconds between two checkpoints.
        time_limit: The most seconds of this run (:class:`link4.Limit`); None: no limit.
        node_limit: The most positions of this run; None: no limit.
        limit: The budget as one :class:`link4.Limit`, instead of the two above.

    Returns:
        The result of this run: its bounds (exact when it ran to its end), its nodes
        and time (the checkpoint's record counts every run's).

    Raises:
        CheckpointError: The file cannot be read or written, or is no link4 checkpoint,
            of another version, cut short or damaged.
        KeyboardInterrupt: Ctrl-C (a checkpoint is written first).
        ValueError: A limit, an interval or a table size out of range.
        MemoryError: A table larger than the machine's memory.
    """
    where = os.fspath(path)
    found = read_checkpoint(where)
    board = (found.width, found.height, found.inarow)
    core = _core.Solver(table_bytes(found.table_mb if table_mb is None else table_mb), thread_count(threads),
                        BookSource.of(book).for_board(*board), width=found.width, height=found.height,
                        inarow=found.inarow)
    record = core.load_checkpoint(where)
    found = _checkpoint(where, record)  # as read with the table
    asked = request(weak=found.weak, want=_WANTS[found.want], limit=limit_of(limit, time_limit, node_limit))
    search = long_search(progress, progress_every, where, checkpoint_every,
                         note(found.moves, found.width, found.height, weak=found.weak, want=found.want),
                         nodes=found.nodes, seconds=found.seconds, probe_costs=record["probe_costs"])
    return search_result(core.search(position(found.moves, board), asked, search))
