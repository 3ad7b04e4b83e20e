"""Boards without a move history: parsing them and finding an order of play that reaches them."""

from __future__ import annotations

import operator
from collections.abc import Iterable
from typing import Any

from link4._core import board_moves
from link4.errors import BoardError
from link4.game import HEIGHT, WIDTH

_CELL_TEXT = {".": 0, "0": 0, "-": 0, "_": 0, "x": 1, "r": 1, "1": 1, "o": 2, "y": 2, "2": 2}

Rows = list[list[int]]  # top row first, 0 empty, 1 red, 2 yellow


def _cell(value: Any, where: str) -> int:
    if isinstance(value, str):
        v = _CELL_TEXT.get(value.lower())
        if v is None or len(value) != 1:
            raise BoardError(f"{where}: {value!r} is not a cell (use . X O, or 0 1 2)")
        return v
    if isinstance(value, bool) or not isinstance(value, int):
        try:
            value = operator.index(value)  # numpy integers
        except TypeError:
            raise BoardError(f"{where}: {value!r} is not a cell (use 0, 1 or 2)") from None
    if value not in (0, 1, 2):
        raise BoardError(f"{where}: {value!r} is not a cell (0 empty, 1 red, 2 yellow)")
    return int(value)


def _is_row(value: Any) -> bool:
    """A row is a string or any iterable of cells; a cell (int, numpy integer) is neither."""
    return isinstance(value, str) or hasattr(value, "__iter__")


def parse_board(board: str | Iterable[Any]) -> Rows:
    """Rows (top first) of 0/1/2 from any of the accepted board forms."""
    if isinstance(board, str):
        lines = ["".join(line.split()) for line in board.strip().splitlines()]
        lines = [line for line in lines if line]
        # str(Game) ends with a line of column labels and a status line: not board rows.
        labels = "".join(str(c + 1) for c in range(WIDTH))
        if labels in lines:
            lines = lines[: lines.index(labels)]
        cells: list[list[Any]] = [list(line) for line in lines]
    else:
        try:
            seq = list(board)
        except TypeError:
            raise BoardError(f"a board is a string or a sequence, not {type(board).__name__}") from None
        if seq and not any(_is_row(v) for v in seq):
            # A flat sequence of cells, row after row (Kaggle ConnectX).
            if len(seq) != WIDTH * HEIGHT:
                raise BoardError(
                    f"a flat board has {WIDTH * HEIGHT} cells, top row first; "
                    f"this one has {len(seq)}"
                )
            cells = [seq[r * WIDTH : (r + 1) * WIDTH] for r in range(HEIGHT)]
        else:
            cells = []
            for r, row in enumerate(seq):
                if not _is_row(row):
                    raise BoardError(f"row {r + 1} from the top is {row!r}, not a row of {WIDTH} cells")
                cells.append(list(row))
    if len(cells) != HEIGHT:
        raise BoardError(f"a board has {HEIGHT} rows (top row first), this one has {len(cells)}")
    rows: Rows = []
    for r, row in enumerate(cells):
        if len(row) != WIDTH:
            raise BoardError(f"row {r + 1} from the top has {len(row)} cells, not {WIDTH}")
        rows.append([_cell(v, f"row {r + 1} from the top, column {c + 1}") for c, v in enumerate(row)])
    return rows


def reconstruct_moves(rows: Rows) -> str:
    """A move string that reaches the board, or BoardError saying why none does.

    The engine takes the discs back from the last move to the first, trying the columns
    from the centre outwards, so the same board always gives the same string.
    """
    return board_moves(rows)
