"""Boards without a move history: parsing them and finding an order of play that reaches them."""

from __future__ import annotations

import operator
from collections.abc import Iterable, Sequence
from typing import Any

from link4._core import board_moves
from link4._rules import HEIGHT, WIDTH, Player
from link4.errors import BoardError

_CELL_TEXT = {".": 0, "0": 0, "-": 0, "_": 0, "x": 1, "r": 1, "1": 1, "o": 2, "y": 2, "2": 2}

Rows = list[list[int]]  # top row first, 0 empty, 1 red, 2 yellow


def _whole_number(value: Any) -> int | None:
    """The int that a number stands for (ints, bools, numpy scalars, whole floats), or None."""
    if isinstance(value, (str, bytes, bytearray)):
        return None
    try:
        return operator.index(value)
    except TypeError:
        pass
    try:
        number = float(value)
    except (TypeError, ValueError):
        return None
    return int(number) if number.is_integer() else None


def _cell(value: Any, where: str, red: int = 1, yellow: int = 2) -> int:
    if isinstance(value, str):
        v = _CELL_TEXT.get(value.lower())
        if v is None or len(value) != 1:
            raise BoardError(f"{where}: {value!r} is not a cell (use . X O, or 0 1 2)")
        return v
    number = _whole_number(value)
    if number is not None:
        if number == 0:
            return 0
        if number == red:
            return 1
        if number == yellow:
            return 2
    hint = ""
    if number == -1 and (red, yellow) == (1, 2):
        hint = "; for a board of +1 and -1 say which is red: from_board(board, red=1, yellow=-1)"
    raise BoardError(
        f"{where}: {value!r} is not a cell (0 empty, {red} red, {yellow} yellow){hint}"
    )


def _is_row(value: Any) -> bool:
    """A row is a string or any iterable of cells; a cell (int, numpy integer) is neither."""
    return isinstance(value, str) or hasattr(value, "__iter__")


def _side_value(value: Any, name: str) -> int:
    number = _whole_number(value)
    if number is None or number == 0:
        raise ValueError(f"{name} must be a whole number other than 0 (0 is empty), not {value!r}")
    return number


def parse_board(board: str | Iterable[Any], *, red: Any = 1, yellow: Any = 2) -> Rows:
    """Rows (top first) of 0/1/2 from any of the accepted board forms.

    ``red`` and ``yellow`` are the numbers that stand for each side's discs (text cells
    always read . X O).
    """
    red_value, yellow_value = _side_value(red, "red"), _side_value(yellow, "yellow")
    if red_value == yellow_value:
        raise ValueError(f"red and yellow must be different values, not both {red_value}")
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
        rows.append(
            [
                _cell(v, f"row {r + 1} from the top, column {c + 1}", red_value, yellow_value)
                for c, v in enumerate(row)
            ]
        )
    return rows

def is_planes(board: Any) -> bool:
    """Whether a board is given as (6, 7, 2) planes: its cells are pairs."""
    shape = getattr(board, "shape", None)
    if shape is not None:
        return len(shape) == 3
    if isinstance(board, str) or not isinstance(board, Sequence) or not board:
        return False
    row = board[0]
    return (
        isinstance(row, Sequence)
        and not isinstance(row, str)
        and bool(row)
        and _is_row(row[0])
        and not isinstance(row[0], str)
    )


def parse_planes(planes: Iterable[Any], player: Player | None) -> Rows:
    """Rows (top first) of 0/1/2 from (6, 7, 2) planes: plane 0 the discs of ``player``,
    plane 1 the other side's. ``player=None``: the side to move (red when the planes
    hold as many discs each)."""
    try:
        cells = [[list(cell) for cell in row] for row in planes]
    except TypeError:
        raise BoardError("planes are 6 rows of 7 cells of 2 values (shape (6, 7, 2))") from None
    widths = {len(row) for row in cells}
    depths = {len(cell) for row in cells for cell in row}
    if len(cells) != HEIGHT or widths != {WIDTH} or depths != {2}:
        raise BoardError(
            f"planes have the shape ({HEIGHT}, {WIDTH}, 2): {HEIGHT} rows, top row first, of "
            f"{WIDTH} cells holding (this side's disc, the other side's disc)"
        )
    flags: list[list[tuple[int, int]]] = []
    for r, row in enumerate(cells):
        flags.append([])
        for c, (mine, theirs) in enumerate(row):
            pair = (_whole_number(mine), _whole_number(theirs))
            if pair == (0, 0) or pair == (1, 0) or pair == (0, 1):
                flags[-1].append((int(pair[0] or 0), int(pair[1] or 0)))
                continue
            raise BoardError(
                f"row {r + 1} from the top, column {c + 1}: [{mine}, {theirs}] is not a "
                "cell of the planes ([0, 0] empty, [1, 0] plane 0's disc, [0, 1] plane 1's)"
            )
    n0 = sum(cell[0] for row in flags for cell in row)
    n1 = sum(cell[1] for row in flags for cell in row)
    if player is None:
        # Red has as many discs as yellow or one more; equal counts: red is to move.
        if n0 == n1 or n0 == n1 + 1:
            player = Player.RED
        elif n1 == n0 + 1:
            player = Player.YELLOW
        else:
            raise BoardError(
                f"plane 0 has {n0} discs and plane 1 has {n1}: one side has as many discs "
                "as the other or one more"
            )
    first, second = int(player), int(player.other)
    return [[first if a else second if b else 0 for a, b in row] for row in flags]


def reconstruct_moves(rows: Rows) -> str:
    """A move string that reaches the board, or BoardError saying why none does.

    The engine takes the discs back from the last move to the first, trying the columns
    from the centre outwards, so the same board always gives the same string.
    """
    return board_moves(rows)
