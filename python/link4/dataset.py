"""Labelled positions for machine learning: random positions and their exact values.

>>> from link4.dataset import random_positions
>>> games = random_positions(3, plies=(20, 24), seed=1)
>>> [20 <= g.ply <= 24 and not g.is_over() for g in games]
[True, True, True]
>>> random_positions(3, plies=(20, 24), seed=1) == games       # reproducible
True
>>> next(iter_random_positions(10**12, plies=(20, 24), seed=1)) == games[0]  # drawn as needed
True

A labelled row (:class:`Row`) holds the position, its exact score and the score of every
column (None where full), all from the mover's view as everywhere in link4. :func:`write`
stores rows as ``.npz`` (numpy arrays: the board, PettingZoo-style planes, labels),
``.jsonl`` or ``.csv``, a row at a time; ``link4 dataset`` does all of it on every
core, resumably, holding one batch of rows at a time whatever their number.

Positions of any board size and line, one game a data set:

>>> [g.ply for g in random_positions(2, plies=(10, 10), seed=1, width=5, height=4)]
[10, 10]
>>> random_positions(1, plies=(4, 4), seed=1, width=7, height=9, inarow=5)[0].inarow
5
"""

from __future__ import annotations

import csv
import itertools
import json
import random
from collections.abc import Iterable, Iterator
from dataclasses import dataclass
from pathlib import Path

from link4.errors import extra_hint, size_mismatch_error
from link4.game import HEIGHT, WIDTH, Game
from link4.rules import INAROW, Board

__all__ = ["FORMATS", "Row", "iter_random_positions", "random_positions", "read_jsonl_row", "write"]

FORMATS = ("npz", "jsonl", "csv")
"""The formats :func:`write` stores: compressed numpy arrays, JSON lines, CSV."""


def random_positions(
    count: int,
    *,
    plies: tuple[int, int],
    seed: int | None = None,
    width: int = WIDTH,
    height: int = HEIGHT,
    inarow: int = INAROW,
) -> list[Game]:
    """Draw ``count`` different running games, each reached by uniformly random moves.

    A game that ends early is drawn again. See the module's examples; the games are
    those of :func:`iter_random_positions`, all at once.

    Args:
        count: The number of games.
        plies: (low, high): each game has ``low`` to ``high`` discs, 0 <= low <= high <
            width x height.
        seed: Makes the games reproducible; None: from the system.
        width: The board's columns.
        height: The board's rows.
        inarow: The line that wins (3 to 6 in a row, one that fits the board).

    Returns:
        The games, all different.

    Raises:
        ValueError: ``plies`` is out of range, or ``count`` different running games
            with that many discs could not be found.
        TypeError: ``width``, ``height`` or ``inarow`` is not an int.
        link4.BoardSizeError: The board is of a size link4 does not play.
        link4.InarowError: ``inarow`` is a line link4 does not play on that board.
    """
    return list(
        iter_random_positions(count, plies=plies, seed=seed, width=width, height=height, inarow=inarow)
    )


def iter_random_positions(
    count: int | None,
    *,
    plies: tuple[int, int],
    seed: int | None = None,
    width: int = WIDTH,
    height: int = HEIGHT,
    inarow: int = INAROW,
) -> Iterator[Game]:
    """The games of :func:`random_positions`, drawn one at a time as they are asked for.

    So a data set of any size is drawn as it is labelled: what is held is a key of
    each game drawn so far (to tell a new one from them), never all ``count`` games.

    Args:
        count: The number of games; None for no end.
        plies: (low, high): each game has ``low`` to ``high`` discs, 0 <= low <= high <
            width x height.
        seed: Makes the games reproducible; None: from the system.
        width: The board's columns.
        height: The board's rows.
        inarow: The line that wins (3 to 6 in a row, one that fits the board).

    Returns:
        An iterator of the games, all different.

    Raises:
        ValueError: ``plies`` is out of range (at once); while iterating, when a
            hundred draws in a row on average find no new game (the positions with that
            many discs are running out).
        TypeError: ``width``, ``height`` or ``inarow`` is not an int.
        link4.BoardSizeError: The board is of a size link4 does not play.
        link4.InarowError: ``inarow`` is a line link4 does not play on that board.
    """
    low, high = plies
    empty = Game(width=width, height=height, inarow=inarow)
    cells = width * height
    if not 0 <= low <= high < cells:
        raise ValueError(f"plies must satisfy 0 <= A <= B < {cells}, not {low}-{high}")
    return _draw(empty, low, high, random.Random(seed), count)


def _draw(empty: Game, low: int, high: int, rng: random.Random, count: int | None) -> Iterator[Game]:
    seen: set[int] = set()
    attempts = 0
    for _ in itertools.count() if count is None else range(count):
        while True:
            attempts += 1
            # As many as a hundred draws for each game found so far, and a thousand more.
            if attempts > 100 * (len(seen) + 1) + 1000:
                wanted = "more" if count is None else f"{count}"
                raise ValueError(f"could not find {wanted} different positions with {low}-{high} "
                                 f"discs (found {len(seen)})")
            target = rng.randint(low, high)
            game = empty.copy()
            while game.ply < target and not game.is_over():
                moves = game.legal_moves()
                game.play(moves[rng.randrange(len(moves))])
            key = hash(game)
            if not game.is_over() and key not in seen:
                break
        seen.add(key)
        yield game


@dataclass(frozen=True)
class Row:
    """One labelled position, on a ``width`` x ``height`` board won by ``inarow`` in a row.

    >>> row = Row(0, "4453", -2, (-5, -5, -2, -3, -4, -2, -2))
    >>> row.game().ply
    4
    >>> row.to_json()
    '{"index": 0, "moves": "4453", "ply": 4, "score": -2, "columns": [-5, -5, -2, -3, -4, -2, -2]}'

    Args:
        index: Its index in the data set.
        moves: The moves, a move string.
        score: The exact score of the position, from the mover's view.
        columns: Each column's score (None where the column is full).
        width: The board's columns.
        height: The board's rows.
        inarow: The line that wins.
    """

    index: int
    moves: str
    score: int
    columns: tuple[int | None, ...]
    width: int = WIDTH
    height: int = HEIGHT
    inarow: int = INAROW

    def game(self) -> Game:
        """The position as a new :class:`link4.Game`.

        Returns:
            The game of ``moves`` on the row's board, of its line.

        Raises:
            link4.InvalidMoveError: ``moves`` is malformed.
            link4.IllegalMoveError: ``moves`` holds a move the rules forbid.
            link4.BoardSizeError: The board is of a size link4 does not play.
            link4.InarowError: The line is one link4 does not play on that board.
        """
        return Game(self.moves, width=self.width, height=self.height, inarow=self.inarow)

    def _size_fields(self) -> dict[str, int]:
        # A move string alone means the 7 x 6 board and four in a row: only another size,
        # and another line, are written out.
        standard = (self.width, self.height) == (WIDTH, HEIGHT)
        size = {} if standard else {"width": self.width, "height": self.height}
        return size if self.inarow == INAROW else {**size, "inarow": self.inarow}

    def to_json(self) -> str:
        """The row as one line of JSON, as :func:`write` stores it in ``.jsonl``.

        Returns:
            A JSON object of ``index``, ``moves``, ``width`` and ``height`` (only for a
            board other than 7 x 6), ``inarow`` (only for another line than four),
            ``ply``, ``score`` and ``columns``.
        """
        return json.dumps(
            {"index": self.index, "moves": self.moves, **self._size_fields(), "ply": len(self.moves),
             "score": self.score, "columns": list(self.columns)}
        )


def read_jsonl_row(line: str) -> Row:
    """Read a row from a line of ``.jsonl``, as :meth:`Row.to_json` writes it.

    >>> row = Row(7, "44", 1, (-3, -3, -2, 1, -2, -3, -3))
    >>> read_jsonl_row(row.to_json()) == row
    True

    Args:
        line: The line of JSON.

    Returns:
        The row (on the 7 x 6 board when the line gives no size, of four in a row when
        it gives no ``inarow``).

    Raises:
        ValueError: The line is not JSON (``json.JSONDecodeError``), or a field is not
            a number where one is needed.
        KeyError: A field is missing: ``index``, ``moves``, ``score`` or ``columns``.
        TypeError: A field is of a type that cannot be converted.
    """
    d = json.loads(line)
    return Row(int(d["index"]), str(d["moves"]), int(d["score"]), tuple(d["columns"]),
               int(d.get("width", WIDTH)), int(d.get("height", HEIGHT)), int(d.get("inarow", INAROW)))


def _one_game(rows: Iterable[Row]) -> tuple[Board, Iterator[Row]]:
    """Find the board size and the line of the rows, from the first.

    Returns:
        The (width, height, inarow) (7 x 6 and four for no rows), and the rows again,
        each checked to be of that game as it passes (SizeMismatchError for one that is
        not).
    """
    rows = iter(rows)
    first = next(rows, None)
    board = (WIDTH, HEIGHT, INAROW) if first is None else (first.width, first.height, first.inarow)

    def checked() -> Iterator[Row]:
        for row in itertools.chain(() if first is None else (first,), rows):
            if (row.width, row.height, row.inarow) != board:
                raise size_mismatch_error(f"position of row {row.index}", row.width, row.height,
                                          board[0], board[1], inarow=row.inarow, expected_inarow=board[2])
            yield row

    return board, checked()


def write(rows: Iterable[Row], path: str | Path, fmt: str) -> None:
    """Store ``rows`` in a file (no example here: it would write one).

    ``.jsonl`` and ``.csv`` are written a row at a time, as ``rows`` gives them (so
    an iterator of any length is written in little memory); ``.npz`` takes them all
    first, as its arrays do.

    Args:
        rows: The rows, all of one game (one board size, one line).
        path: The file, created or overwritten.
        fmt: One of :data:`FORMATS`: ``"npz"`` (numpy arrays: the moves, the board,
            PettingZoo-style planes, the ply, the score and each column's score with the
            legal columns, and ``inarow``, the line, a scalar), ``"jsonl"`` (a
            :meth:`Row.to_json` a line) or ``"csv"`` (with a header line).

    Raises:
        ValueError: ``fmt`` is not one of :data:`FORMATS`.
        link4.SizeMismatchError: The rows are on boards of different sizes or of
            different lines (the rows before the first of another game are written).
        ImportError: ``"npz"`` without numpy installed.
        OSError: The file cannot be written.
    """
    if fmt not in FORMATS:
        raise ValueError(f"unknown format {fmt!r}: the formats are {', '.join(FORMATS)}")
    path = Path(path)
    (width, height, inarow), rows = _one_game(rows)
    if fmt == "jsonl":
        with path.open("w", encoding="utf-8") as f:
            for row in rows:
                f.write(row.to_json() + "\n")
    elif fmt == "csv":
        with path.open("w", encoding="utf-8", newline="") as f:
            w = csv.writer(f)
            size = [] if (width, height) == (WIDTH, HEIGHT) else ["width", "height"]
            line = [] if inarow == INAROW else ["inarow"]
            w.writerow(["moves", *size, *line, "ply", "score", *(f"column{c + 1}" for c in range(width))])
            for row in rows:
                w.writerow([row.moves, *row._size_fields().values(), len(row.moves), row.score,
                            *("" if v is None else v for v in row.columns)])
    else:
        _write_npz(rows, path, width, height, inarow)


def _write_npz(rows: Iterable[Row], path: Path, width: int, height: int, inarow: int) -> None:
    try:
        import numpy as np
    except ImportError:
        raise ImportError(f"npz output needs numpy: {extra_hint('numpy')}") from None
    rows = list(rows)
    n = len(rows)
    games = [r.game() for r in rows]
    boards = np.array([g.to_board() for g in games], dtype=np.int8).reshape(n, height, width)
    ply = np.array([g.ply for g in games], dtype=np.int8)
    # The mover's view, as PettingZoo's connect_four_v3 observation (Game.to_planes).
    planes = np.array([g.to_planes() for g in games], dtype=np.int8).reshape(n, height, width, 2)
    columns = np.array([[0 if v is None else v for v in r.columns] for r in rows], dtype=np.int8)
    legal = np.array([[v is not None for v in r.columns] for r in rows], dtype=bool)
    np.savez_compressed(
        path,
        moves=np.array([r.moves for r in rows], dtype=f"<U{width * height}"),
        board=boards,
        planes=planes,
        ply=ply,
        score=np.array([r.score for r in rows], dtype=np.int8),
        columns=columns.reshape(n, width),
        legal=legal.reshape(n, width),
        # The arrays' shapes give the size, not the line: it is written as a scalar.
        inarow=np.array(inarow, dtype=np.int8),
    )
