"""The standard benchmark: solve sets of positions with known scores and measure.

Every position is solved single-threaded by one Solver with a fixed table size, the
table cleared before each position, no opening book. The total node count is the
benchmark's signature: deterministic, the same on every machine, so a change to the
search's behaviour shows up as a new number.

The board sizes' benchmark (:func:`solve_board`) solves the empty board of other sizes the
same way, each with a table of its own: who wins, on which move, and what it cost.
"""

from __future__ import annotations

import statistics
import time
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from importlib import resources
from pathlib import Path

from link4.engine import DEFAULT_TABLE_MB, Solver
from link4.errors import GameOverError, IllegalMoveError, InvalidMoveError, quoted
from link4.game import Game
from link4.rules import HEIGHT, WIDTH, check_size, move_string
from link4.score import winning_move

__all__ = [
    "BENCH_TABLE_MB",
    "SETS",
    "SIZES",
    "BenchSet",
    "BoardResult",
    "SetResult",
    "load_set",
    "run_set",
    "solve_board",
    "standard_plan",
]

BENCH_TABLE_MB = DEFAULT_TABLE_MB
"""The table of the pinned signature: the engine's default size."""

SETS: tuple[tuple[str, str], ...] = (
    ("Test_L3_R1", "End-Easy"),
    ("Test_L2_R1", "Middle-Easy"),
    ("Test_L2_R2", "Middle-Medium"),
    ("Test_L1_R1", "Begin-Easy"),
    ("Test_L1_R2", "Begin-Medium"),
    ("Test_L1_R3", "Begin-Hard"),
)
"""The six standard sets, easiest first, as (file, name) pairs: the file's name in the
package's ``data/pons`` folder, and the set's name."""
_NAMES = dict(SETS)

# The default quick run: the first positions of each set (about ten seconds here).
QUICK_LIMITS = {"Test_L3_R1": 1000, "Test_L2_R1": 1000, "Test_L2_R2": 200,
                "Test_L1_R1": 1000, "Test_L1_R2": 20, "Test_L1_R3": 1}
# --full: every set, Begin-Hard cut to its first 100 positions (about 10 s each).
FULL_LIMITS = {file: 1000 for file, _ in SETS} | {"Test_L1_R3": 100}


def standard_plan(
    *, full: bool = False, everything: bool = False, limit: int | None = None
) -> list[BenchSet]:
    """The standard sets as ``link4 bench`` runs them: quick by default, ``--full``, or ``--all``.

    Args:
        full: every set, Begin-Hard cut to its first 100 positions (``link4 bench --full``);
            by default, the first positions of each set (about ten seconds in all).
        everything: every set in full (``link4 bench --all``: Begin-Hard's 1000 positions
            take hours); it wins over ``full``.
        limit: at most this many positions per set, on top of the plan's own limits.

    Returns:
        The six sets, easiest first, cut to the plan's lengths.

    Example:
        >>> [(s.name, len(s.positions)) for s in standard_plan(limit=100)]  # doctest: +NORMALIZE_WHITESPACE
        [('End-Easy', 100), ('Middle-Easy', 100), ('Middle-Medium', 100), ('Begin-Easy', 100),
         ('Begin-Medium', 20), ('Begin-Hard', 1)]
    """
    limits = {f: 1000 for f, _ in SETS} if everything else FULL_LIMITS if full else QUICK_LIMITS
    return [load_set(f, min(limits[f], limit or limits[f])) for f, _ in SETS]


@dataclass
class BenchSet:
    """A benchmark set: positions, each with its known score.

    Args:
        name: the set's name, such as ``"Middle-Easy"`` (or a file's name).
        positions: (moves, expected score) pairs: a move string and the exact score of
            the side to move.
        width: the board's columns (the standard sets: 7).
        height: the board's rows (the standard sets: 6).

    Example:
        >>> s = load_set("End-Easy", limit=2)
        >>> s.name, len(s.positions)
        ('End-Easy', 2)
        >>> s.positions[0]
        ('2252576253462244111563365343671351441', -1)
    """

    name: str
    positions: list[tuple[str, int]]  # (moves, expected score)
    width: int = WIDTH
    height: int = HEIGHT


def _zero_based_moves(word: str) -> str | None:
    """The move string of moves written as 0-based column digits, or None if one is not a digit."""
    if not (word.isascii() and word.isdigit()):
        return None
    return move_string(int(ch) for ch in word)


def _parse(lines: Iterator[str], source: str, *, zero_based: bool = False) -> list[tuple[str, int]]:
    out = []
    for n, line in enumerate(lines, 1):
        words = line.split()
        if not words:
            continue
        if len(words) != 2:
            raise ValueError(f"{source}, line {n}: expected '<moves> <score>', got {quoted(line.strip())}")
        try:
            score = int(words[1])
        except ValueError:
            raise ValueError(f"{source}, line {n}: the score {quoted(words[1])} is not an integer") from None
        moves: str | None = words[0]
        if zero_based:
            moves = _zero_based_moves(words[0])
        if moves is None:
            raise ValueError(
                f"{source}, line {n}: the moves {quoted(words[0])} are not 0-based column digits"
            )
        out.append((moves, score))
    return out


def load_set(
    name_or_path: str,
    limit: int | None = None,
    *,
    width: int = WIDTH,
    height: int = HEIGHT,
    zero_based: bool = False,
) -> BenchSet:
    """A bundled set by file name (``Test_L2_R1``) or set name (``Middle-Easy``), or a file.

    A file holds one ``<moves> <score>`` line per position (blank lines are skipped), as
    the bundled sets do: the moves a move string, or with ``zero_based`` the columns as
    digits counted from 0, as the test sets of Steininger's c4 write them (``0`` is the
    leftmost column; its 10 x 6 sets use ``0`` to ``9``).

    Args:
        name_or_path: a bundled set's file name or set name (in any case), else the path
            of a file.
        limit: keep only the first ``limit`` positions; by default, all of them.
        width: the columns of the file's board (the bundled sets are 7 x 6).
        height: the rows of the file's board.
        zero_based: the file's moves are 0-based column digits.

    Returns:
        The set, named by its set name, or by the file's name for a file; its moves as
        move strings.

    Raises:
        OSError: the file cannot be read (FileNotFoundError for a name that is neither a
            bundled set nor a file).
        ValueError: a line is not ``<moves> <score>`` with an integer score, or with
            ``zero_based`` its moves are not digits (the message names the file and the
            line), or the file is not UTF-8, or a bundled set asked on another board.
        link4.BoardSizeError: a size link4 does not play.

    Example:
        >>> s = load_set("middle-easy", limit=3)
        >>> s.name, len(s.positions)
        ('Middle-Easy', 3)
    """
    width, height = check_size(width, height)
    by_name = {name.lower(): file for file, name in SETS}
    file = by_name.get(name_or_path.lower(), name_or_path)
    if file in _NAMES:
        if (width, height) != (WIDTH, HEIGHT) or zero_based:
            raise ValueError(
                f"{_NAMES[file]} is a set of 7x6 move strings: it takes no other size or notation"
            )
        text = resources.files("link4").joinpath("data", "pons", file).read_text()
        positions = _parse(iter(text.splitlines()), file)
        name = _NAMES[file]
    else:
        path = Path(name_or_path)
        with path.open(encoding="utf-8") as f:
            positions = _parse(f, str(path), zero_based=zero_based)
        name = path.name
    return BenchSet(name, positions[:limit] if limit is not None else positions, width, height)


@dataclass
class SetResult:
    """What :func:`run_set` measured of a set.

    Each solve's time and nodes, and the positions it got wrong; the figures of
    ``link4 bench`` are its properties.

    Args:
        name: the set's name.
        seconds: the seconds each solve took, in the set's order.
        nodes: the nodes each solve searched, in the same order.
        wrong: the positions whose score was not the expected one, as (moves, expected,
            got) triples.

    Example:
        >>> r = SetResult("mine", seconds=[0.5, 1.5, 1.0], nodes=[10, 30, 20])
        >>> r.count, r.total_nodes, r.mean_seconds, r.max_seconds, r.nodes_per_second
        (3, 60, 1.0, 1.5, 20.0)
    """

    name: str
    seconds: list[float] = field(default_factory=list)
    nodes: list[int] = field(default_factory=list)
    wrong: list[tuple[str, int, int]] = field(default_factory=list)  # moves, expected, got

    @property
    def count(self) -> int:
        """The number of positions solved."""
        return len(self.seconds)

    @property
    def total_nodes(self) -> int:
        """The nodes searched on all the positions: the set's part of the signature."""
        return sum(self.nodes)

    @property
    def mean_seconds(self) -> float:
        """The mean seconds of a solve (0.0 with no solve)."""
        return statistics.fmean(self.seconds) if self.seconds else 0.0

    @property
    def median_seconds(self) -> float:
        """The median seconds of a solve (0.0 with no solve)."""
        return statistics.median(self.seconds) if self.seconds else 0.0

    @property
    def max_seconds(self) -> float:
        """The seconds of the longest solve (0.0 with no solve)."""
        return max(self.seconds, default=0.0)

    @property
    def mean_nodes(self) -> float:
        """The mean nodes of a solve (0.0 with no solve)."""
        return statistics.fmean(self.nodes) if self.nodes else 0.0

    @property
    def nodes_per_second(self) -> float:
        """The nodes searched per second over the whole set (0.0 when no time passed)."""
        total = sum(self.seconds)
        return self.total_nodes / total if total > 0 else 0.0


def run_set(
    bench_set: BenchSet,
    *,
    weak: bool = False,
    table_mb: float = BENCH_TABLE_MB,
    threads: int = 1,
    solver: Solver | None = None,
    progress: Callable[[int, int], None] | None = None,
) -> SetResult:
    """Solve every position of the set through the public API and time each solve.

    One :class:`link4.Solver` solves them all, its table cleared before each position.
    With ``threads`` > 1 each solve runs on that many threads: node counts then vary.

    Args:
        bench_set: the positions and their expected scores.
        weak: solve for the outcome only (win, draw or loss), compared with the sign of
            the expected score.
        table_mb: the table of the solver made here, in MB (unless ``solver`` is given).
        threads: the threads of each solve of the solver made here (unless ``solver`` is
            given).
        solver: the solver to use instead of a new one with no book (its book, if any,
            then answers the positions it holds).
        progress: called after each position with the number of positions done and the
            number in all.

    Returns:
        The seconds and nodes of each solve, in the set's order, and the wrong answers.

    Raises:
        ValueError: a move string of the set is malformed or illegal (the message names
            the set), or ``table_mb`` or ``threads`` is out of range.
        GameOverError: a position of the set is already finished (a
            :class:`link4.GameOverError`).
        MemoryError: the table would not fit in the machine's memory.

    Example:
        >>> r = run_set(load_set("End-Easy", limit=3), table_mb=4)
        >>> r.name, r.count, len(r.nodes), r.wrong
        ('End-Easy', 3, 3, [])
    """
    # The solver's figures, never the book's.
    board = {"width": bench_set.width, "height": bench_set.height}
    solver = solver or Solver(table_mb, threads=threads, book=None, **board)
    games = []
    for moves, _ in bench_set.positions:
        try:
            games.append(Game(moves, **board))
        except (InvalidMoveError, IllegalMoveError) as e:
            raise ValueError(f"{bench_set.name}: {e}") from None
    result = SetResult(bench_set.name)
    clock = time.perf_counter
    for i, (game, (moves, expected)) in enumerate(zip(games, bench_set.positions, strict=True)):
        if game.is_over():
            raise GameOverError(f"{bench_set.name}: position {moves} is already finished")
        solver.clear()
        start = clock()
        score = solver.solve(game, weak=weak)
        elapsed = clock() - start
        result.seconds.append(elapsed)
        result.nodes.append(solver.nodes)
        want = (expected > 0) - (expected < 0) if weak else expected
        if score != want:
            result.wrong.append((moves, want, score))
        if progress is not None:
            progress(i + 1, len(games))
    return result


SIZES: tuple[tuple[int, int], ...] = ((7, 5), (6, 6), (5, 8), (8, 5), (6, 7))
"""The boards of ``link4 bench --sizes`` by default (width, height): those with
published times of the fastest solvers compiled for one size."""

SIZES_TABLE_MB = 64
"""The table of the board sizes' benchmark, as those published times used."""


@dataclass(frozen=True)
class BoardResult:
    """The empty board of one size, solved.

    Its score (the first player's view), the nodes searched and the seconds taken.

    Args:
        width: the board's columns.
        height: the board's rows.
        score: the empty board's exact score, for the first player.
        nodes: the nodes the search took.
        seconds: the seconds the search took.

    Example:
        >>> r = BoardResult(6, 6, -1, 0, 0.0)       # 6 x 6: the second player wins
        >>> r.outcome, r.last_move
        ('second', 36)
    """

    width: int
    height: int
    score: int
    nodes: int
    seconds: float

    @property
    def outcome(self) -> str:
        """Who wins with best play: ``"first"``, ``"second"`` or ``"draw"``."""
        return "first" if self.score > 0 else "second" if self.score < 0 else "draw"

    @property
    def last_move(self) -> int:
        """The move (counted from 1) on which the game ends with best play.

        A draw fills the board.

        >>> BoardResult(6, 6, -1, 0, 0.0).last_move, BoardResult(7, 5, 0, 0, 0.0).last_move
        (36, 35)
        """
        if self.score == 0:
            return self.width * self.height
        return winning_move(self.score, 0, width=self.width, height=self.height)


def solve_board(width: int, height: int, *, table_mb: float = SIZES_TABLE_MB) -> BoardResult:
    """Solve the empty ``width`` x ``height`` board and time it.

    It runs on one thread, with a table of its own and no book.

    Args:
        width: the board's columns.
        height: the board's rows.
        table_mb: the table's size in MB (by default ``SIZES_TABLE_MB``, as the published
            times of other solvers used).

    Returns:
        The board's score, the nodes searched and the seconds taken.

    Raises:
        link4.BoardSizeError: link4 does not play boards of that size.
        ValueError: ``table_mb`` is out of range.
        MemoryError: the table would not fit in the machine's memory.

    Example:
        >>> r = solve_board(4, 4, table_mb=4)       # 4 x 4: a draw
        >>> r.outcome, r.last_move
        ('draw', 16)
    """
    solver = Solver(table_mb, book=None, width=width, height=height)
    start = time.perf_counter()
    score = solver.solve(Game(width=width, height=height))
    seconds = time.perf_counter() - start
    return BoardResult(width, height, score, solver.nodes, seconds)
