"""Batches: many positions on several threads, each with a table of its own.

The work runs in the core's batch runner (cpp/link4/batch.hpp) without the GIL; this
module checks the arguments first, so a bad position raises before any work starts, and
turns the results into Python values. A batch may mix board sizes: the core runs the
positions of each size as a batch of their own, one size after another, and the results
come back in the order of the positions. Each takes ``width=`` and ``height=`` to name
one board, on which the move strings are read (a game of another size is then refused).

The functions are also the package's (:func:`link4.solve_many`, :func:`link4.search_many`,
:func:`link4.analyze_many`), but for :func:`link4.batch.measure_many`, which ``link4 solve`` uses.

>>> solve_many(["4455", "44", "4"], threads=1, table_mb=4)   # after "4" yellow moves, and loses
[18, 1, -1]
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from typing import NamedTuple, TypeVar

from link4 import _core
from link4._request import DEFAULT_TABLE_MB, position, request, table_bytes, thread_count
from link4.book import SHIPPED, BookChoice, BookSource
from link4.errors import GameOverError, Interrupted, from_core
from link4.game import PositionLike
from link4.limit import Limit, limit_of
from link4.results import ColumnValue, SearchResult, column_values, search_result
from link4.rules import Board, named_board

__all__ = ["Measured", "Progress", "analyze_many", "measure_many", "search_many", "solve_many"]

Progress = Callable[[int, int], object]
"""``progress(done, total)``, called in the calling thread as positions finish."""

_Core = TypeVar("_Core", _core.SearchResult, _core.Analysis)
_Value = TypeVar("_Value")


# The core's search_many or analyze_many: (per position its result or None, whether
# Ctrl-C stopped the batch).
_Many = Callable[
    [list[_core.Position], _core.SearchRequest, int, int, _core.Book | None, Progress | None],
    tuple[list[_Core | None], bool],
]


def _run(
    many: _Many[_Core],
    positions: Iterable[PositionLike | _core.Position],
    asked: Callable[[], _core.SearchRequest],
    threads: int | None,
    table_mb: float,
    progress: Progress | None,
    book: BookChoice,
    convert: Callable[[_Core], _Value],
    board: Board | None,
) -> list[_Value | None]:
    """One batch on the core's ``many`` (search_many or analyze_many).

    Every argument is checked before any work starts (``asked`` builds the request);
    the positions are read on ``board``, the board the caller named, if any.

    Returns:
        The core's results converted, None for a finished game.

    Raises:
        Interrupted: Ctrl-C, with the converted results finished so far.
    """
    pos = [position(p, board) for p in positions]
    req = asked()
    source = BookSource.of(book)
    n = thread_count(threads)
    groups = _by_board(pos)
    # Checked for every board before the first one's work starts.
    books = {game: source.for_board(*game) for game in groups}
    # Every worker has its own table (no more workers than positions).
    largest = max((len(g) for g in groups.values()), default=0)
    table = table_bytes(table_mb, max(1, min(n, largest)))
    results: list[_Value | None] = [None] * len(pos)
    done = 0
    for size, indices in groups.items():
        items, interrupted = many(
            [pos[i] for i in indices], req, n, table, books[size], _offset(progress, done, len(pos))
        )
        for i, r in zip(indices, items, strict=True):
            results[i] = None if r is None else convert(r)
        if interrupted:
            raise Interrupted(results)
        done += len(indices)
    return results


def _offset(progress: Progress | None, before: int, total: int) -> Progress | None:
    """The progress of one size's batch as the whole batch's.

    Returns:
        A progress callback for the size's batch that reports to ``progress`` with
        ``before`` positions done before it and ``total`` in all; None without one.
    """
    if progress is None:
        return None
    return lambda done, _: progress(before + done, total)


def _by_board(positions: list[_core.Position]) -> dict[Board, list[int]]:
    """The indices of the positions of each game (size and line), in order of first appearance."""
    groups: dict[Board, list[int]] = {}
    for i, p in enumerate(positions):
        groups.setdefault((p.width, p.height, p.inarow), []).append(i)
    return groups


def search_many(
    positions: Iterable[PositionLike],
    *,
    weak: bool = False,
    threads: int | None = None,
    table_mb: float = DEFAULT_TABLE_MB,
    time_limit: float | None = None,
    node_limit: int | None = None,
    progress: Progress | None = None,
    book: BookChoice = SHIPPED,
    limit: Limit | None = None,
    width: int | None = None,
    height: int | None = None,
    inarow: int | None = None,
) -> list[SearchResult | None]:
    """Search many positions on ``threads`` threads: one SearchResult each, in order.

    The limits apply to each position on its own: one that runs out gives its proven
    bounds and the batch goes on. A finished game gives None. ``progress(done, total)``
    is called (in this thread) as positions finish. Every worker has its own table of
    ``table_mb`` MB, so the batch uses about ``threads * (table_mb + 2)`` MB.
    Every position is checked before the work starts, so a malformed one raises at once.

    Ctrl-C raises :exc:`link4.Interrupted`, a KeyboardInterrupt whose ``results`` hold
    every finished result (None for the others).

    Args:
        positions: The positions, each a :class:`link4.Game` or a move string (of the
            board named by ``width`` and ``height``, else of 7 x 6).
        weak: Prove only the outcome (win, draw or loss): the scores are -1, 0 or 1.
        threads: The number of worker threads; None for one per core.
        table_mb: The size in MB of each worker's transposition table (at least 4).
        time_limit: The most seconds for each position (:class:`link4.Limit`); None
            for no limit.
        node_limit: The most positions searched for each position; None for no limit.
        progress: A function called as ``progress(done, total)`` in the calling thread as
            positions finish; None for none.
        book: The opening book: a :class:`link4.Book`, the path of a book file, None for
            none, or by default the shipped one (which serves 7 x 6 positions only).
        limit: The budget of each position as one :class:`link4.Limit`, instead of
            ``time_limit`` and ``node_limit``.
        width: The columns of the one board of the positions: the move strings are read
            on it and a game of another size is refused. None (with ``height`` None):
            no board named, the games may be of several sizes.
        height: The rows of that board (None: 6 when ``width`` is given).
        inarow: The line that wins in the game named (None: four).

    Returns:
        One :class:`link4.SearchResult` per position, in order (as
        :meth:`link4.Solver.search` gives it), None for a finished game.

    Raises:
        InvalidMoveError: A malformed move string.
        IllegalMoveError: A move string with a move the rules forbid.
        TypeError: A position that is neither a Game nor a string, a ``book`` that is
            neither a Book, a path nor None, a limit that is no number, or a size that is
            not an int.
        ValueError: ``threads`` or ``table_mb`` out of range, or a limit
            :class:`link4.Limit` refuses.
        MemoryError: The workers' tables would not fit in the machine's memory.
        BoardSizeError: A named board of a size link4 does not play.
        BookError: The book file cannot be read, or is no usable book.
        SizeMismatchError: A position of another board size than a given book, or than
            the board named.
        Interrupted: Ctrl-C stopped the batch.

    Example:
        >>> results = search_many(["4455", "4455667"], threads=1, table_mb=4)
        >>> results[0].score, results[0].best_moves, results[1]
        (18, (2, 5), None)
    """

    def asked() -> _core.SearchRequest:
        return request(
            weak=weak, want=_core.Want.ALL_BEST, limit=limit_of(limit, time_limit, node_limit)
        )

    return _run(
        _core.search_many, positions, asked, threads, table_mb, progress, book, search_result,
        named_board(width, height, inarow),
    )


def analyze_many(
    positions: Iterable[PositionLike],
    *,
    weak: bool = False,
    threads: int | None = None,
    table_mb: float = DEFAULT_TABLE_MB,
    time_limit: float | None = None,
    node_limit: int | None = None,
    progress: Progress | None = None,
    book: BookChoice = SHIPPED,
    limit: Limit | None = None,
    width: int | None = None,
    height: int | None = None,
    inarow: int | None = None,
) -> list[list[ColumnValue] | None]:
    """:meth:`link4.Solver.analyze` of many positions on ``threads`` threads, in order.

    Limits, finished games (None), progress, memory and Ctrl-C (:exc:`link4.Interrupted`)
    work as in :func:`link4.search_many`.

    Args:
        positions: The positions, each a :class:`link4.Game` or a move string (of the
            board named by ``width`` and ``height``, else of 7 x 6).
        weak: Prove only the outcome (win, draw or loss): the scores are -1, 0 or 1.
        threads: The number of worker threads; None for one per core.
        table_mb: The size in MB of each worker's transposition table (at least 4).
        time_limit: The most seconds for each position (:class:`link4.Limit`); None
            for no limit.
        node_limit: The most positions searched for each position; None for no limit.
        progress: A function called as ``progress(done, total)`` in the calling thread as
            positions finish; None for none.
        book: The opening book: a :class:`link4.Book`, the path of a book file, None for
            none, or by default the shipped one (which serves 7 x 6 positions only).
        limit: The budget of each position as one :class:`link4.Limit`, instead of
            ``time_limit`` and ``node_limit``.
        width: The columns of the one board of the positions: the move strings are read
            on it and a game of another size is refused. None (with ``height`` None):
            no board named, the games may be of several sizes.
        height: The rows of that board (None: 6 when ``width`` is given).
        inarow: The line that wins in the game named (None: four).

    Returns:
        For each position, in order, the value of each column as
        :meth:`link4.Solver.analyze` gives them; None for a finished game.

    Raises:
        InvalidMoveError: A malformed move string.
        IllegalMoveError: A move string with a move the rules forbid.
        TypeError: A position that is neither a Game nor a string, a ``book`` that is
            neither a Book, a path nor None, a limit that is no number, or a size that is
            not an int.
        ValueError: ``threads`` or ``table_mb`` out of range, or a limit
            :class:`link4.Limit` refuses.
        MemoryError: The workers' tables would not fit in the machine's memory.
        BoardSizeError: A named board of a size link4 does not play.
        BookError: The book file cannot be read, or is no usable book.
        SizeMismatchError: A position of another board size than a given book, or than
            the board named.
        Interrupted: Ctrl-C stopped the batch.

    Example:
        >>> analyze_many(["4455"], threads=1, table_mb=4)
        [[-4, -3, 18, 2, 2, 18, -3]]
    """

    def asked() -> _core.SearchRequest:
        return request(weak=weak, limit=limit_of(limit, time_limit, node_limit))

    return _run(
        _core.analyze_many, positions, asked, threads, table_mb, progress, book, column_values,
        named_board(width, height, inarow),
    )


def solve_many(
    positions: Iterable[PositionLike],
    *,
    weak: bool = False,
    threads: int | None = None,
    table_mb: float = DEFAULT_TABLE_MB,
    book: BookChoice = SHIPPED,
    width: int | None = None,
    height: int | None = None,
    inarow: int | None = None,
) -> list[int]:
    """Exact scores of many positions, in order, on ``threads`` threads each with its own table.

    Every position is checked before the work starts, so a bad one (malformed, or a
    finished game) raises at once. Ctrl-C raises :exc:`link4.Interrupted` whose
    ``results`` hold the scores finished so far (None for the others).

    Args:
        positions: The positions, each a :class:`link4.Game` or a move string (of the
            board named by ``width`` and ``height``, else of 7 x 6).
        weak: Prove only the outcome (win, draw or loss): the scores are -1, 0 or 1.
        threads: The number of worker threads; None for one per core.
        table_mb: The size in MB of each worker's transposition table (at least 4).
        book: The opening book: a :class:`link4.Book`, the path of a book file, None for
            none, or by default the shipped one (which serves 7 x 6 positions only).
        width: The columns of the one board of the positions (see :func:`link4.search_many`).
        height: The rows of that board.
        inarow: The line that wins in the game named (None: four).

    Returns:
        The score of each position, in order, seen from its side to move (as
        :meth:`link4.Solver.solve` gives it).

    Raises:
        GameOverError: A finished game among the positions (its index is in the message).
        InvalidMoveError: A malformed move string.
        IllegalMoveError: A move string with a move the rules forbid.
        TypeError: A position that is neither a Game nor a string, a ``book`` that is
            neither a Book, a path nor None, or a size that is not an int.
        ValueError: ``threads`` or ``table_mb`` out of range.
        MemoryError: The workers' tables would not fit in the machine's memory.
        BoardSizeError: A named board of a size link4 does not play.
        BookError: The book file cannot be read, or is no usable book.
        SizeMismatchError: A position of another board size than a given book, or than
            the board named.
        Interrupted: Ctrl-C stopped the batch.

    Example:
        >>> solve_many(["4455", "4455", "44"], threads=1, table_mb=4)
        [18, 18, 1]
        >>> solve_many(["112233", "3"], width=6, height=5, threads=1, table_mb=4)   # 6 x 5 positions
        [12, 0]
    """
    board = named_board(width, height, inarow)
    pos = [position(p, board) for p in positions]
    for i, p in enumerate(pos):
        if p.is_over():
            reason = from_core(_core.ErrorCode.GAME_OVER, ply=p.ply, won=p.last_mover_won())
            raise GameOverError(f"position {i}: {reason}")

    def asked() -> _core.SearchRequest:
        return request(weak=weak)

    def score(r: _core.SearchResult) -> int:
        return r.score

    results = _run(_core.search_many, pos, asked, threads, table_mb, None, book, score, board)
    return [s for s in results if s is not None]


class Measured(NamedTuple):
    """One position's answer in :func:`link4.batch.measure_many`, with what it cost.

    Args:
        value: The exact score, or every column's value.
        nodes: The positions searched.
        seconds: The time the search took.

    Each argument is kept as the field of the same name.

    Example:
        >>> measure_many(["4455"], threads=1, table_mb=4)[0].value
        18
    """

    value: int | list[ColumnValue]
    """The exact score, or with ``analyze`` every column's value (as :meth:`link4.Solver.analyze`)."""
    nodes: int
    """The number of positions the search visited."""
    seconds: float
    """The seconds the search took."""


def measure_many(
    positions: Iterable[PositionLike],
    *,
    analyze: bool = False,
    weak: bool = False,
    threads: int | None = None,
    table_mb: float = DEFAULT_TABLE_MB,
    progress: Progress | None = None,
    book: BookChoice = SHIPPED,
    width: int | None = None,
    height: int | None = None,
    inarow: int | None = None,
) -> list[Measured | None]:
    """The exact score (or every column's value) of many positions, with what each cost.

    Each comes with the nodes it searched and the seconds it took, as ``link4 solve``
    prints them. The score is searched alone (no best move): the nodes are those of
    :meth:`link4.Solver.solve`. Finished games (None), progress, memory and Ctrl-C
    (:exc:`link4.Interrupted`, whose ``results`` are these values) work as in
    :func:`link4.search_many`.

    Args:
        positions: The positions, each a :class:`link4.Game` or a move string (of the
            board named by ``width`` and ``height``, else of 7 x 6).
        analyze: Give every column's value (as :meth:`link4.Solver.analyze`) instead of
            the score.
        weak: Prove only the outcome (win, draw or loss): the scores are -1, 0 or 1.
        threads: The number of worker threads; None for one per core.
        table_mb: The size in MB of each worker's transposition table (at least 4).
        progress: A function called as ``progress(done, total)`` in the calling thread as
            positions finish; None for none.
        book: The opening book: a :class:`link4.Book`, the path of a book file, None for
            none, or by default the shipped one (which serves 7 x 6 positions only).
        width: The columns of the one board of the positions (see :func:`link4.search_many`).
        height: The rows of that board.
        inarow: The line that wins in the game named (None: four).

    Returns:
        One :class:`link4.batch.Measured` per position, in order, None for a finished game.

    Raises:
        InvalidMoveError: A malformed move string.
        IllegalMoveError: A move string with a move the rules forbid.
        TypeError: A position that is neither a Game nor a string, a ``book`` that is
            neither a Book, a path nor None, or a size that is not an int.
        ValueError: ``threads`` or ``table_mb`` out of range.
        MemoryError: The workers' tables would not fit in the machine's memory.
        BoardSizeError: A named board of a size link4 does not play.
        BookError: The book file cannot be read, or is no usable book.
        SizeMismatchError: A position of another board size than a given book, or than
            the board named.
        Interrupted: Ctrl-C stopped the batch.

    Example:
        >>> [m.value for m in measure_many(["4455", "4455667"], threads=1, table_mb=4) if m]
        [18]
    """

    def asked() -> _core.SearchRequest:
        return request(weak=weak)

    def solved(r: _core.SearchResult) -> Measured:
        return Measured(r.score, r.nodes, r.seconds)

    def analysed(a: _core.Analysis) -> Measured:
        return Measured(column_values(a), a.nodes, a.seconds)

    board = named_board(width, height, inarow)
    if analyze:
        return _run(_core.analyze_many, positions, asked, threads, table_mb, progress, book, analysed, board)
    return _run(_core.search_many, positions, asked, threads, table_mb, progress, book, solved, board)
