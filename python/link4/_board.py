"""Boards without a move history: parsing them and finding an order of play that reaches them."""

from __future__ import annotations

import operator
from collections.abc import Iterable
from typing import Any

from link4._core import has_four
from link4.errors import BoardError
from link4.game import HEIGHT, WIDTH, Player

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


def _bit(col: int, row: int) -> int:
    """The bit of a cell in the core's bitboard layout (each column has HEIGHT + 1 bits)."""
    return 1 << (col * (HEIGHT + 1) + row)


def reconstruct_moves(rows: Rows) -> str:
    """A move string that reaches the board, or BoardError saying why none does."""
    red = yellow = 0
    heights = [0] * WIDTH
    for col in range(WIDTH):
        for row in range(HEIGHT):
            v = rows[HEIGHT - 1 - row][col]
            if v == 0:
                continue
            if heights[col] != row:
                raise BoardError(
                    f"the disc in column {col + 1}, row {row + 1} from the bottom floats "
                    "above an empty cell"
                )
            heights[col] += 1
            if v == 1:
                red |= _bit(col, row)
            else:
                yellow |= _bit(col, row)
    n_red, n_yellow = bin(red).count("1"), bin(yellow).count("1")
    if n_red not in (n_yellow, n_yellow + 1):
        raise BoardError(
            f"red has {n_red} disc{'' if n_red == 1 else 's'} and yellow {n_yellow}: red moves "
            "first, so red has as many discs as yellow or one more"
        )
    red_four, yellow_four = has_four(red), has_four(yellow)
    if red_four and yellow_four:
        raise BoardError("both red and yellow have four in a row: the game ends at the first one")
    last = Player.RED if n_red > n_yellow else Player.YELLOW
    if (red_four and last is not Player.RED) or (yellow_four and last is not Player.YELLOW):
        winner = Player.RED if red_four else Player.YELLOW
        raise BoardError(
            f"{winner} has four in a row but {winner.other} has moved since: the game "
            "would have ended at the four"
        )

    # Walk backwards from the board to the empty one, taking off the top disc of the side
    # that moved last. Every position before the last must be free of fours. A state is
    # the tuple of column heights (the discs are fixed), so failures are memoised.
    dead: set[tuple[int, ...]] = set()
    order: list[int] = []
    columns = sorted(range(WIDTH), key=lambda c: abs(c - WIDTH // 2))

    def search(h: list[int], red_bits: int, yellow_bits: int, mover_is_red: bool) -> bool:
        if not any(h):
            return True
        key = tuple(h)
        if key in dead:
            return False
        for col in columns:
            if h[col] == 0:
                continue
            b = _bit(col, h[col] - 1)
            mine = red_bits if mover_is_red else yellow_bits
            if not mine & b:
                continue
            rest = mine & ~b
            if has_four(rest):
                continue  # the game would already have ended before this move
            h[col] -= 1
            if mover_is_red:
                ok = search(h, rest, yellow_bits, False)
            else:
                ok = search(h, red_bits, rest, True)
            h[col] += 1
            if ok:
                order.append(col)
                return True
        dead.add(key)
        return False

    found = search(heights, red, yellow, last is Player.RED)  # at most 42 frames deep
    if not found:
        raise BoardError(
            "no legal game reaches this board: every order of play makes four in a row "
            "before the last disc"
        )
    # `order` was filled from the first move outwards as the recursion unwound.
    return "".join(str(c + 1) for c in order)
