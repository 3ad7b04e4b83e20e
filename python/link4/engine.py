"""The engine facade: exact scores, best moves and analyses, for scripts and the CLI.

Its names are the package's: :class:`link4.Solver`, :class:`link4.SearchResult`,
:func:`link4.solve` and :data:`link4.CENTRE_ORDER`.

Every answer is one call into the compiled engine, which does all the searching: this
module checks what it is asked, hands it to the engine as one request, turns the answer
into Python values, and holds the tie rule's random choice.
"""

from __future__ import annotations

import os
import random
import threading
from dataclasses import replace
from typing import overload

from link4 import _core
from link4._request import DEFAULT_TABLE_MB as DEFAULT_TABLE_MB
from link4._request import MAX_TABLE_MB as MAX_TABLE_MB
from link4._request import MAX_THREADS as MAX_THREADS
from link4._request import MIN_TABLE_MB as MIN_TABLE_MB
from link4._request import position, request, table_bytes, thread_count
from link4.book import SHIPPED, Book, BookChoice, BookSource
from link4.errors import SizeMismatchError, size_mismatch_error
from link4.game import HEIGHT, WIDTH, PositionLike, as_game
from link4.limit import Limit, Spending, limit_of
from link4.long_search import (
    DEFAULT_CHECKPOINT_EVERY,
    DEFAULT_PROGRESS_EVERY,
    ProgressCallback,
    Want,
    long_search,
    note,
)
from link4.results import ColumnValue, SearchResult, column_values, search_result
from link4.results import StopReason as StopReason
from link4.rules import INAROW, Board, named_board

__all__ = [
    "CENTRE_ORDER",
    "ColumnValue",
    "PositionLike",
    "SearchResult",
    "Solver",
    "solve",
]

CENTRE_ORDER: tuple[int, ...] = tuple(_core.CENTRE_ORDER)
"""Columns from the centre outwards, the left one first, the order in which ties go."""


class Solver:
    """A reusable perfect solver owning its transposition table.

    A Solver answers exactly, for a :class:`link4.Game` or a move string:
    :meth:`solve` gives a position's score, :meth:`search` the bounds and best moves it
    proves within a budget of time or nodes, :meth:`best_move` one best column,
    :meth:`analyze` the value of every column and :meth:`pv` a line of best play.
    Its table keeps what one search learnt for the next, so one Solver serves many
    positions (:func:`link4.solve` keeps one per thread).

    A score is seen from the side to move (:doc:`/score`, :mod:`link4.score`): 0 is a
    draw; a win scores 1 + the number of discs the winner had not yet played, so on the
    7 x 6 board a win with one's k-th disc scores 22 - k; a loss is the negative of the
    opponent's win. Columns are 0-based; among equally good ones the tie rule takes the
    centre-most (:data:`link4.CENTRE_ORDER`).

    One caller at a time: a second thread calling it while it searches gets
    RuntimeError (use one Solver per thread, or :func:`link4.search_many`).

    A Solver made for a board (``width=`` and ``height=``, and ``inarow=`` for another line
    than four) answers for that game only:
    it reads a move string on it (``"112233"`` is then a 6 x 5 position for a Solver made
    with ``width=6, height=5``) and refuses a game of another size (SizeMismatchError).
    Made without, it reads a move string on the 7 x 6 board and solves games of every
    board size, one size at a time: its table serves the size it last searched, and a
    game of another size replaces it with a new table of the same size in bytes (and the
    same threads), so alternating sizes starts cold each time (use one Solver per size
    then).

    ``threads=N`` puts N threads on every search, sharing the one table (lazy SMP): the
    answers are the same, found sooner on a hard position. With one thread a search is
    deterministic (the same nodes every run); with more, ``nodes`` (all threads' sum)
    varies from run to run, and a node limit is shared out among the threads.

    Args:
        table_mb: The size of the transposition table in MB (at least 4); from 1024
            on, the table of the positions near the end of the game takes 1/16 more.
        threads: The threads each search runs on (1 to ``link4.engine.MAX_THREADS``).
        book: The opening book whose positions are answered at once: a
            :class:`link4.Book`, the path of a book file, None for none; by default the
            one shipped with link4, which serves 7 x 6 games only. A book is for games
            of its own size: searching a game of another size with it raises
            SizeMismatchError.
        width: The width of the board it is made for: move strings are read on it and
            games of another size are refused. With neither ``width`` nor ``height``, it
            is made for no board: the table made now is of the given book's board, else
            of 7 x 6, and a game of another size gets a new table when it comes.
        height: The height of the board it is made for (6 when only ``width`` is given).
        inarow: The line that wins in the games it is made for (four unless told): a
            Solver made for Connect 5 reads move strings as Connect 5 games and refuses
            a game of another line, as it does a game of another size.

    Raises:
        ValueError: ``table_mb`` or ``threads`` out of range.
        MemoryError: A table larger than the machine's memory.
        TypeError: ``book`` is neither a Book, a path nor None, or a size is not an int.
        BookError: The book file cannot be read, or is no usable book.
        BoardSizeError: A size link4 does not play.
        SizeMismatchError: A given book of another size than ``width`` and ``height``.

    Examples:
        >>> from link4 import Game, Solver
        >>> s = Solver(table_mb=16)
        >>> s.solve("4455")          # red to move wins with its 4th disc
        18
        >>> s.analyze("4455")[2]
        18
        >>> s.best_move("4455")      # columns 3 and 6 both win with red's 4th disc
        2
        >>> s.solve(Game(width=6, height=5))         # 6 x 5 is a draw
        0
        >>> s.width, s.height
        (6, 5)

        Made for a board, it reads move strings on it:

        >>> Solver(table_mb=16, width=6, height=5).analyze("112233")
        [-2, -1, 0, 12, -2, -2]

        A finished game has nothing to search:

        >>> s.solve("4455667")
        Traceback (most recent call last):
          ...
        link4.GameOverError: cannot search this position: the game is over: red has won
    """

    def __init__(
        self,
        table_mb: float = DEFAULT_TABLE_MB,
        *,
        threads: int = 1,
        book: BookChoice = SHIPPED,
        width: int | None = None,
        height: int | None = None,
        inarow: int | None = None,
    ) -> None:
        if threads is None:
            raise ValueError(f"threads must be an int from 1 to {MAX_THREADS}, not None")
        self._bytes, self._threads = table_bytes(table_mb), thread_count(threads)
        self._book = BookSource.of(book)
        # A given book's board is the default; the shipped one's board is not read here.
        given = None if self._book.shipped else self._book.board
        self._named = named_board(width, height, inarow)
        self._core: _core.Solver | None = None
        self._board = (0, 0, 0)  # the game of the core's solver, once made
        self._make(*(self._named or given or (WIDTH, HEIGHT, INAROW)))
        self._nodes = 0

    def _make(self, width: int, height: int, inarow: int) -> _core.Solver:
        """The core's solver of a width x height board and ``inarow`` in a row.

        Returns:
            The one in use if it is of that game, else a new one.

        Raises:
            SizeMismatchError: The given book, or the game the Solver was made for, is
                of another size or line.
        """  # noqa: DOC501 (the SizeMismatchError raised is the one size_mismatch_error builds)
        if self._core is not None and self._board == (width, height, inarow):
            return self._core
        if self._named is not None and self._named != (width, height, inarow):
            raise size_mismatch_error("position", width, height, self._named[0], self._named[1],
                                      inarow=inarow, expected_inarow=self._named[2])
        book = self._book.for_board(width, height, inarow)
        # The old table goes before the new one is made: never two in memory at once.
        # (Should the new one fail, the next search makes it again.)
        self._core = None
        self._core = _core.Solver(self._bytes, self._threads, book, width=width, height=height, inarow=inarow)
        self._board, self._in_use = (width, height, inarow), self._core.table_bytes
        return self._core

    def _solver_for(self, pos: _core.Position) -> _core.Solver:
        """The core's solver for a position's game."""
        return self._make(pos.width, pos.height, pos.inarow)

    def __repr__(self) -> str:
        threads = "" if self.threads == 1 else f", threads={self.threads}"
        book = "" if self._book.book is None else f", book={self._book.book!r}"
        standard = self._named is None and self._board == (WIDTH, HEIGHT, INAROW)
        board = "" if standard else f", width={self.width}, height={self.height}"
        line = "" if standard or self.inarow == INAROW else f", inarow={self.inarow}"
        return f"Solver(table_mb={self.table_mb:g}{threads}{book}{board}{line})"

    @property
    def threads(self) -> int:
        """The threads each search runs on."""
        return self._threads

    @property
    def book(self) -> Book | None:
        """The opening book, or None (the shipped one serves 7 x 6 games only; it is read
        when first needed)."""
        return self._book.book

    @property
    def table_mb(self) -> float:
        """The table size actually in use, in MB."""
        return self._in_use / (1 << 20)

    @property
    def width(self) -> int:
        """The width of the board its table serves (the one it was made for, else the
        last game searched)."""
        return self._board[0]

    @property
    def height(self) -> int:
        """The height of the board its table serves (the one it was made for, else the
        last game searched)."""
        return self._board[1]

    @property
    def inarow(self) -> int:
        """The line that wins in the games its table serves (the one it was made for, else
        the last game searched)."""
        return self._board[2]

    @property
    def named_board(self) -> Board | None:
        """The (width, height, inarow) it was made for, on which it reads move strings;
        None when it was made without (it then reads them on 7 x 6 and four in a row, and
        takes games of every size and line)."""
        return self._named

    @property
    def nodes(self) -> int:
        """The number of positions searched by the last call."""
        return self._nodes

    def clear(self) -> None:
        """Forget everything the table has learnt (the next searches start cold)."""
        if self._core is not None:
            self._core.clear()

    def solve(
        self,
        pos: PositionLike,
        *,
        weak: bool = False,
        progress: ProgressCallback | None = None,
        progress_every: float = DEFAULT_PROGRESS_EVERY,
        checkpoint: str | os.PathLike[str] | None = None,
        checkpoint_every: float = DEFAULT_CHECKPOINT_EVERY,
    ) -> int:
        """The exact score for the side to move (weak: only its sign, -1/0/1).

        A long solve can report as it goes and write checkpoints (:mod:`link4.long_search`):
        stopped by Ctrl-C, it writes one before raising KeyboardInterrupt, and
        :func:`link4.resume` goes on from it.

        Args:
            pos: The position: a :class:`link4.Game` or a move string (of the board
                the Solver was made for, else of 7 x 6).
            weak: Prove only the outcome (win, draw or loss), which is faster.
            progress: Called with a :class:`link4.SearchProgress` every
                ``progress_every`` seconds while the search runs; what it raises stops
                the search and is raised here. None: no reports.
            progress_every: Seconds between two reports.
            checkpoint: A file to write a checkpoint to every ``checkpoint_every``
                seconds and once the search stops; None: none.
            checkpoint_every: Seconds between two checkpoints.

        Returns:
            The score, seen from the side to move; with ``weak``, -1, 0 or 1.

        Raises:
            GameOverError: A finished game.
            InvalidMoveError: A malformed move string.
            IllegalMoveError: A move string with a move the rules forbid.
            TypeError: ``pos`` is neither a Game nor a string.
            SizeMismatchError: A game of another size than the board the Solver was made
                for, or than the book given to it.
            RuntimeError: Another thread is using the Solver.
            KeyboardInterrupt: Ctrl-C (the solver stays usable).
            CheckpointError: The checkpoint cannot be written.
            ValueError: An interval that is not a number of seconds above 0.

        Example:
            >>> s = Solver(table_mb=16)
            >>> s.solve("4455"), s.solve("4455", weak=True)
            (18, 1)
        """
        if progress is not None or checkpoint is not None:
            core_pos = position(pos, self._named)
            r = self._long(pos, core_pos, request(weak=weak), "score",
                           (progress, progress_every, checkpoint, checkpoint_every))
            return r.lower  # exact: no limit stops it
        # The shortest path: on the easiest positions the search takes a few microseconds,
        # so the board's size is left to the core, which refuses a position of another
        # size; only then is a table made for it.
        core_pos = position(pos, self._named)
        if self._core is not None:
            try:
                score, self._nodes = self._core.solve(core_pos, weak)
                return score
            except SizeMismatchError:
                pass
        score, self._nodes = self._solver_for(core_pos).solve(core_pos, weak)
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
        limit: Limit | None = None,
        score_only: bool = False,
        progress: ProgressCallback | None = None,
        progress_every: float = DEFAULT_PROGRESS_EVERY,
        checkpoint: str | os.PathLike[str] | None = None,
        checkpoint_every: float = DEFAULT_CHECKPOINT_EVERY,
    ) -> SearchResult:
        """Search within a budget: the proven bounds and an honest best move.

        ``ties=False`` proves one best move only, not its ties (faster where several
        moves are equally good): the first worth the score of the columns from the centre
        outwards, or, with ``rng``, of the columns in an order drawn with it, so that each
        best column is equally likely; ``best_moves`` then holds that one. With
        ``ties=True`` and ``rng``, ``best_move`` is drawn from ``best_moves``.

        Args:
            pos: The position: a :class:`link4.Game` or a move string (of the board
                the Solver was made for, else of 7 x 6).
            weak: Prove only the outcome (win, draw or loss): the scores are -1, 0 or 1.
            time_limit: The most seconds (:class:`link4.Limit`); None for no limit.
            node_limit: The most positions searched (:class:`link4.Limit`); None for no limit.
            ties: Prove every best move (True) or one only (False).
            rng: The random generator that draws among equal best moves; None for the
                tie rule (the centre-most).
            limit: The budget as one :class:`link4.Limit`, instead of ``time_limit``
                and ``node_limit``.
            score_only: Prove the score alone, as :meth:`solve` does (the fastest
                search): ``best_move`` is then -1 and ``best_moves`` empty, and ``ties``
                and ``rng`` are not used.
            progress: Called with a :class:`link4.SearchProgress` as the search goes,
                as with :meth:`solve`.
            progress_every: Seconds between two reports.
            checkpoint: A file to write checkpoints to, as with :meth:`solve`; one is
                written when a limit stops the search, and :func:`link4.resume` goes on
                from it.
            checkpoint_every: Seconds between two checkpoints.

        Returns:
            A :class:`link4.SearchResult` with the proven bounds, the score when they
            meet, the best move and its ties.

        Raises:
            GameOverError: A finished game.
            InvalidMoveError: A malformed move string.
            IllegalMoveError: A move string with a move the rules forbid.
            TypeError: ``pos`` is neither a Game nor a string.
            SizeMismatchError: A game of another size than the board the Solver was made
                for, or than the book given to it.
            RuntimeError: Another thread is using the Solver.
            KeyboardInterrupt: Ctrl-C (the solver stays usable).
            ValueError: A limit :class:`link4.Limit` refuses (TypeError for one that is
                no number, or for ``limit`` given with the other two), or an interval
                that is not a number of seconds above 0.
            CheckpointError: The checkpoint cannot be written.

        Examples:
            >>> r = Solver(table_mb=16).search("4455")
            >>> r.exact, r.score, r.best_move, r.best_moves
            (True, 18, 2, (2, 5))
            >>> Solver(table_mb=16).search("4455", ties=False).best_moves
            (2,)

            A limit that runs out first leaves bounds, and a move behind the best of them:

            >>> r = Solver(table_mb=16, book=None).search("", node_limit=1000)
            >>> r.exact, r.score, r.stopped_by, r.best_move
            (False, None, 'nodes', 3)
        """
        core_pos = position(pos, self._named)
        if score_only:
            want, order = _core.Want.SCORE, None
        elif ties:
            want, order = _core.Want.ALL_BEST, None
        else:
            want = _core.Want.FIRST_BEST
            order = None if rng is None else _shuffled(core_pos.width, rng)
        asked = request(
            weak=weak, want=want, order=order, limit=limit_of(limit, time_limit, node_limit)
        )
        long = (progress, progress_every, checkpoint, checkpoint_every)
        wanted: Want = "score" if score_only else "ties" if ties else "first"
        result = self._long(pos, core_pos, asked, wanted, long)
        if ties and rng is not None and result.exact and len(result.best_moves) > 1 and not score_only:
            result = replace(result, best_move=rng.choice(result.best_moves))
        return result

    def best_move(self, pos: PositionLike, *, rng: random.Random | None = None) -> int:
        """A best column (0-based): the centre-most, or one at random with ``rng``.

        With ``rng`` each best column is equally likely. Without, it is the same column
        as ``search(pos).best_move`` (with no limit). It proves only that column worth
        the score, not its ties, so it is faster than :meth:`search` where several moves
        are equally good.

        Args:
            pos: The position: a :class:`link4.Game` or a move string (of the board
                the Solver was made for, else of 7 x 6).
            rng: The random generator that draws among the best columns; None for the
                centre-most.

        Returns:
            A best column, 0-based.

        Raises:
            GameOverError: A finished game.
            InvalidMoveError: A malformed move string.
            IllegalMoveError: A move string with a move the rules forbid.
            TypeError: ``pos`` is neither a Game nor a string.
            SizeMismatchError: A game of another size than the board the Solver was made
                for, or than the book given to it.
            RuntimeError: Another thread is using the Solver.
            KeyboardInterrupt: Ctrl-C (the solver stays usable).

        Example:
            >>> Solver(table_mb=16).best_move("4455")    # of columns 2 and 5, the centre-most
            2
        """
        return self.search(pos, ties=False, rng=rng).best_move

    def pv(
        self,
        pos: PositionLike,
        *,
        max_length: int | None = None,
        time_limit: float | None = None,
        node_limit: int | None = None,
        limit: Limit | None = None,
    ) -> list[int]:
        """A principal variation: best moves for both sides from ``pos`` to the end of the game.

        At most ``max_length`` of them, each by the tie rule, as 0-based columns.
        Within a limit (for the whole line) it stops where the limit ran out: every move
        in it is still a proven best one, but it may end before the game.

        Args:
            pos: The position: a :class:`link4.Game` (not changed) or a move string (of
                the board the Solver was made for, else of 7 x 6).
            max_length: The most moves in the line; None for no bound.
            time_limit: The most seconds for the whole line (:class:`link4.Limit`);
                None for no limit.
            node_limit: The most positions searched for the whole line; None for no limit.
            limit: The budget as one :class:`link4.Limit`, instead of ``time_limit``
                and ``node_limit``.

        Returns:
            The line as 0-based columns, [] for a finished game.

        Raises:
            InvalidMoveError: A malformed move string.
            IllegalMoveError: A move string with a move the rules forbid.
            TypeError: ``pos`` is neither a Game nor a string, or a limit is no number.
            ValueError: A limit :class:`link4.Limit` refuses, or ``max_length`` is not an
                int >= 0.
            SizeMismatchError: A game of another size than the board the Solver was made
                for, or than the book given to it.
            RuntimeError: Another thread is using the Solver.
            KeyboardInterrupt: Ctrl-C (the solver stays usable).

        Examples:
            >>> Solver(table_mb=16).pv("4455")     # red 3, yellow 4 (all lose alike), red 2 wins
            [2, 3, 1]
            >>> len(Solver(table_mb=16).pv("5554224333234511764415115"))   # yellow wins with its 18th disc
            11
        """
        game = as_game(pos, self._named).copy()
        budget = limit_of(limit, time_limit, node_limit)  # checked once, before any search
        if max_length is not None and (
            isinstance(max_length, bool) or not isinstance(max_length, int) or max_length < 0
        ):
            raise ValueError(f"max_length must be an int >= 0, not {max_length!r}")
        spending = Spending(budget)
        line: list[int] = []
        while not game.is_over() and (max_length is None or len(line) < max_length):
            if spending.exhausted:
                break
            found = self.search(game, ties=False, limit=spending.left())
            spending.spend(found.nodes)
            if not found.exact:
                break
            game.play(found.best_move)
            line.append(found.best_move)
        return line

    def _long(self, pos: PositionLike, core_pos: _core.Position, asked: _core.SearchRequest, want: Want,
              long: tuple[ProgressCallback | None, float, str | os.PathLike[str] | None, float],
              ) -> SearchResult:
        """One search of the core, with the reports and checkpoints of ``long``
        (progress, its interval, the checkpoint, its interval) where it asks for them.

        Returns:
            The search's result.
        """
        board = (core_pos.width, core_pos.height, core_pos.inarow)
        what = b""
        if long[2] is not None:  # a checkpoint records the position (its header, the game)
            moves = as_game(pos, board).moves
            what = note(moves, core_pos.width, core_pos.height, weak=asked.weak, want=want)
        r = self._solver_for(core_pos).search(core_pos, asked, long_search(*long, what))
        self._nodes = r.nodes
        return search_result(r)

    @overload
    def analyze(
        self,
        pos: PositionLike,
        *,
        weak: bool = False,
        time_limit: None = None,
        node_limit: None = None,
        limit: None = None,
        progress: ProgressCallback | None = None,
        progress_every: float = DEFAULT_PROGRESS_EVERY,
    ) -> list[int | None]: ...
    @overload
    def analyze(
        self,
        pos: PositionLike,
        *,
        weak: bool = False,
        time_limit: float | None = None,
        node_limit: int | None = None,
        limit: Limit | None = None,
        progress: ProgressCallback | None = None,
        progress_every: float = DEFAULT_PROGRESS_EVERY,
    ) -> list[ColumnValue]: ...
    def analyze(
        self,
        pos: PositionLike,
        *,
        weak: bool = False,
        time_limit: float | None = None,
        node_limit: int | None = None,
        limit: Limit | None = None,
        progress: ProgressCallback | None = None,
        progress_every: float = DEFAULT_PROGRESS_EVERY,
    ) -> list[ColumnValue] | list[int | None]:
        """The value of playing each column, from the mover's view; None where full.

        Each value is the exact score (weak: its sign) or, where the limit (which covers
        the whole analysis) ran out first, a :class:`link4.SearchResult` with the proven
        ``lower`` and ``upper`` bounds (so without a limit, the type says
        ``list[int | None]``). The outcome (win, draw, loss) of every column is settled
        before any exact score, so a short limit still tells which moves win.

        Args:
            pos: The position: a :class:`link4.Game` or a move string (of the board
                the Solver was made for, else of 7 x 6).
            weak: Prove only each column's outcome: the values are -1, 0 or 1.
            time_limit: The most seconds for the whole analysis (:class:`link4.Limit`);
                None for no limit.
            node_limit: The most positions for the whole analysis; None for no limit.
            limit: The budget as one :class:`link4.Limit`, instead of ``time_limit``
                and ``node_limit``.
            progress: Called with a :class:`link4.SearchProgress` every
                ``progress_every`` seconds while the analysis runs (each column's bounds
                as proven so far); what it raises stops the analysis and is raised here.
                None: no reports.
            progress_every: Seconds between two reports.

        Returns:
            One value per column, left to right, each the score of the position after
            that move seen by the side that plays it.

        Raises:
            GameOverError: A finished game.
            InvalidMoveError: A malformed move string.
            IllegalMoveError: A move string with a move the rules forbid.
            TypeError: ``pos`` is neither a Game nor a string.
            SizeMismatchError: A game of another size than the board the Solver was made
                for, or than the book given to it.
            RuntimeError: Another thread is using the Solver.
            KeyboardInterrupt: Ctrl-C (the solver stays usable).
            ValueError: A limit :class:`link4.Limit` refuses (TypeError for one that is
                no number, or for ``limit`` given with the other two).

        Example:
            >>> Solver(table_mb=16).analyze("4455")     # columns 2 and 5 win with red's 4th disc
            [-4, -3, 18, 2, 2, 18, -3]
        """
        core_pos = position(pos, self._named)
        asked = request(weak=weak, limit=limit_of(limit, time_limit, node_limit))
        reports = long_search(progress, progress_every, None, DEFAULT_CHECKPOINT_EVERY, b"")
        a = self._solver_for(core_pos).analyze(core_pos, asked, reports)
        self._nodes = a.nodes
        return column_values(a)


def core_solver(solver: Solver, width: int, height: int, inarow: int) -> _core.Solver:
    """The compiled core's solver behind ``solver`` for a game, for link4's own modules.

    The players search with it.

    Args:
        solver: The solver.
        width: The board's columns.
        height: The board's rows.
        inarow: The line that wins.

    Returns:
        Its core solver of that game (made anew for a game of another size or line).

    Raises:
        SizeMismatchError: The solver's book is of another size or line.
    """
    return solver._make(width, height, inarow)


def _shuffled(width: int, rng: random.Random) -> list[int]:
    """The columns of a board in an order drawn with ``rng``.

    Drawn from the centre order, so that a seed replays the games it played before
    boards had sizes.

    Returns:
        The board's columns, shuffled.
    """
    centre = _core.centre_order(width)
    return rng.sample(centre, len(centre))


_default = threading.local()


def _default_solver() -> Solver:
    solver: Solver | None = getattr(_default, "solver", None)
    if solver is None:
        solver = _default.solver = Solver()
    return solver


def solve(
    pos: PositionLike, *, weak: bool = False, width: int | None = None, height: int | None = None,
    inarow: int | None = None,
) -> int:
    """The exact score of a position with a shared per-thread solver.

    Each thread gets its own :class:`link4.Solver` of the default size, with the shipped
    book, on its first call; its table then serves the thread's later calls (and is
    made anew for a game of another size).

    Args:
        pos: The position: a :class:`link4.Game` or a move string (of the board named
            by ``width`` and ``height``, else of 7 x 6).
        weak: Prove only the outcome (win, draw or loss), which is faster.
        width: The board's columns: a move string is read on the board named, and a
            game of another size is refused. None (with ``height`` None): no board named.
        height: The board's rows (None: 6 when ``width`` is given).
        inarow: The line that wins (None: four).

    Returns:
        The score, seen from the side to move; with ``weak``, -1, 0 or 1.

    Raises:
        GameOverError: A finished game.
        InvalidMoveError: A malformed move string.
        IllegalMoveError: A move string with a move the rules forbid.
        TypeError: ``pos`` is neither a Game nor a string, or a size is not an int.
        BoardSizeError: A size link4 does not play.
        SizeMismatchError: A game of another size than the board named.
        KeyboardInterrupt: Ctrl-C (the solver stays usable).

    Examples:
        >>> solve("4455")
        18
        >>> solve("112233", width=6, height=5)     # red's 4th disc wins: 1 + (30 - 7) // 2
        12
    """
    board = named_board(width, height, inarow)
    return _default_solver().solve(pos if board is None else as_game(pos, board), weak=weak)
