"""Labelled positions for machine learning: random positions and their exact values.

>>> from link4.dataset import random_positions
>>> games = random_positions(3, plies=(20, 24), seed=1)
>>> [20 <= g.ply <= 24 and not g.is_over() for g in games]
[True, True, True]
>>> random_positions(3, plies=(20, 24), seed=1) == games       # reproducible
True

A labelled row (:class:`Row`) holds the position, its exact score and the score of every
column (None where full), all from the mover's view as everywhere in link4. :func:`write`
stores rows as ``.npz`` (numpy arrays: the board, PettingZoo-style planes, labels),
``.jsonl`` or ``.csv``; ``link4 dataset`` does all of it on every core, resumably.

Positions of any board size, one size a data set:

>>> [g.ply for g in random_positions(2, plies=(10, 10), seed=1, width=5, height=4)]
[10, 10]
"""

from __future__ import annotations

import csv
import json
import random
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from pathlib import Path

from link4.errors import size_mismatch_error
from link4.game import HEIGHT, WIDTH, Game

__all__ = ["FORMATS", "Row", "random_positions", "read_jsonl_row", "write"]

FORMATS = ("npz", "jsonl", "csv")
"""The formats :func:`write` stores: compressed numpy arrays, JSON lines, CSV."""


def random_positions(
    count: int,
    *,
    plies: tuple[int, int],
    seed: int | None = None,
    width: int = WIDTH,
    height: int = HEIGHT,
) -> list[Game]:
    """Draw ``count`` different running games, each reached by uniformly random moves.

    A game that ends early is drawn again. See the module's examples.

    Args:
        count: The number of games.
        plies: (low, high): each game has ``low`` to ``high`` discs, 0 <= low <= high <
            width x height.
        seed: Makes the games reproducible; None: from the system.
        width: The board's columns.
        height: The board's rows.

    Returns:
        The games, all different.

    Raises:
        ValueError: ``plies`` is out of range, or ``count`` different running games
            with that many discs could not be found.
        TypeError: ``width`` or ``height`` is not an int.
        link4.BoardSizeError: The board is of a size link4 does not play.
    """
    low, high = plies
    empty = Game(width=width, height=height)
    cells = width * height
    if not 0 <= low <= high < cells:
        raise ValueError(f"plies must satisfy 0 <= A <= B < {cells}, not {low}-{high}")
    rng = random.Random(seed)
    seen: set[int] = set()
    games: list[Game] = []
    attempts = 0
    while len(games) < count:
        attempts += 1
        if attempts > 100 * count + 1000:
            raise ValueError(f"could not find {count} different positions with {low}-{high} discs")
        target = rng.randint(low, high)
        game = empty.copy()
        while game.ply < target and not game.is_over():
            moves = game.legal_moves()
            game.play(moves[rng.randrange(len(moves))])
        key = hash(game)
        if game.is_over() or key in seen:
            continue
        seen.add(key)
        games.append(game)
    return games


@dataclass(frozen=True)
class Row:
    """One labelled position, on a ``width`` x ``height`` board.

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
    """

    index: int
    moves: str
    score: int
    columns: tuple[int | None, ...]
    width: int = WIDTH
    height: int = HEIGHT

    def game(self) -> Game:
        """The position as a new :class:`link4.Game`.

        Returns:
            The game of ``moves`` on the row's board.

        Raises:
            link4.InvalidMoveError: ``moves`` is malformed.
            link4.IllegalMoveError: ``moves`` holds a move the rules forbid.
            link4.BoardSizeError: The board is of a size link4 does not play.
        """
        return Game(self.moves, width=self.width, height=self.height)

    def _size_fields(self) -> dict[str, int]:
        # A move string alone means the 7 x 6 board: only other sizes are written out.
        standard = (self.width, self.height) == (WIDTH, HEIGHT)
        return {} if standard else {"width": self.width, "height": self.height}

    def to_json(self) -> str:
        """The row as one line of JSON, as :func:`write` stores it in ``.jsonl``.

        Returns:
            A JSON object of ``index``, ``moves``, ``width`` and ``height`` (only for a
            board other than 7 x 6), ``ply``, ``score`` and ``columns``.
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
        The row (on the 7 x 6 board when the line gives no size).

    Raises:
        ValueError: The line is not JSON (``json.JSONDecodeError``), or a field is not
            a number where one is needed.
        KeyError: A field is missing: ``index``, ``moves``, ``score`` or ``columns``.
        TypeError: A field is of a type that cannot be converted.
    """
    d = json.loads(line)
    return Row(int(d["index"]), str(d["moves"]), int(d["score"]), tuple(d["columns"]),
               int(d.get("width", WIDTH)), int(d.get("height", HEIGHT)))


def _common_size(rows: Sequence[Row]) -> tuple[int, int]:
    """The board size of every row (7 x 6 for none); SizeMismatchError for a mixture."""
    size = (rows[0].width, rows[0].height) if rows else (WIDTH, HEIGHT)
    for row in rows:
        if (row.width, row.height) != size:
            raise size_mismatch_error(f"position of row {row.index}", row.width, row.height, *size)
    return size


def write(rows: Sequence[Row], path: str | Path, fmt: str) -> None:
    """Store ``rows`` in a file (no example here: it would write one).

    Args:
        rows: The rows, all on boards of one size.
        path: The file, created or overwritten.
        fmt: One of :data:`FORMATS`: ``"npz"`` (numpy arrays: the moves, the board,
            PettingZoo-style planes, the ply, the score and each column's score with the
            legal columns), ``"jsonl"`` (a :meth:`Row.to_json` a line) or ``"csv"``
            (with a header line).

    Raises:
        ValueError: ``fmt`` is not one of :data:`FORMATS`.
        link4.SizeMismatchError: The rows are on boards of different sizes.
        ImportError: ``"npz"`` without numpy installed.
        OSError: The file cannot be written.
    """
    path = Path(path)
    width, height = _common_size(rows)
    if fmt == "jsonl":
        with path.open("w", encoding="utf-8") as f:
            for row in rows:
                f.write(row.to_json() + "\n")
    elif fmt == "csv":
        with path.open("w", encoding="utf-8", newline="") as f:
            w = csv.writer(f)
            size = list(rows[0]._size_fields()) if rows else []
            w.writerow(["moves", *size, "ply", "score", *(f"column{c + 1}" for c in range(width))])
            for row in rows:
                w.writerow([row.moves, *row._size_fields().values(), len(row.moves), row.score,
                            *("" if v is None else v for v in row.columns)])
    elif fmt == "npz":
        _write_npz(rows, path, width, height)
    else:
        raise ValueError(f"unknown format {fmt!r}: the formats are {', '.join(FORMATS)}")


def _write_npz(rows: Iterable[Row], path: Path, width: int, height: int) -> None:
    try:
        import numpy as np
    except ImportError:
        raise ImportError("npz output needs numpy: pip install 'link4[numpy]'") from None
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
    )
