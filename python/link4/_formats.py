"""A game's board in other libraries' forms: rows of ints, numpy arrays, observation planes
and OpenSpiel states; reading boards without a move history and finding an order of play
that reaches them.

The methods of :class:`link4.Game` that convert (``to_board``, ``to_planes``,
``from_board``, ``from_openspiel``...) are its API; their work is done here, so that
game.py holds the rules.
"""

from __future__ import annotations

import operator
from collections.abc import Iterable, Sequence
from typing import TYPE_CHECKING, Any

from link4 import _core
from link4._core import board_moves
from link4.errors import BoardError, extra_hint, quoted, size_mismatch_error
from link4.rules import HEIGHT, INAROW, WIDTH, Player, check_size, is_supported_size

if TYPE_CHECKING:
    import numpy as np
    import numpy.typing as npt

_CELL_TEXT = {".": 0, "0": 0, "-": 0, "_": 0, "x": 1, "r": 1, "1": 1, "o": 2, "y": 2, "2": 2}

Rows = list[list[int]]  # top row first, 0 empty, 1 red, 2 yellow; the board's size is their shape


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
            raise BoardError(f"{where}: {quoted(value)} is not a cell (use . X O, or 0 1 2)")
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
        f"{where}: {quoted(value)} is not a cell (0 empty, {red} red, {yellow} yellow){hint}"
    )


def _is_row(value: Any) -> bool:
    """A row is a string or any iterable of cells; a cell (int, numpy integer) is neither."""
    return isinstance(value, str) or hasattr(value, "__iter__")


def _side_value(value: Any, name: str) -> int:
    number = _whole_number(value)
    if number is None or number == 0:
        raise ValueError(f"{name} must be a whole number other than 0 (0 is empty), not {quoted(value)}")
    return number


def _text_cells(board: str) -> list[list[Any]]:
    """The cells of a board drawn as text, one line a row, top first."""
    lines = ["".join(line.split()) for line in board.strip().splitlines()]
    lines = [line for line in lines if line]
    # str(Game) ends with a line of column labels ("1234567") and a status line: no board
    # row starts with "123", as a cell is never 3.
    labels = [i for i, line in enumerate(lines) if line.startswith("123")]
    if labels:
        lines = lines[: labels[0]]
    return [list(line) for line in lines]


Size = tuple[int, int]  # (width, height)


def _flat_cells(seq: list[Any], size: Size | None) -> list[list[Any]]:
    """The rows of a flat sequence of cells, row after row (Kaggle ConnectX): 42 cells are
    the standard board, any other count needs the size."""
    if size is None:
        if len(seq) != WIDTH * HEIGHT:
            raise BoardError(
                f"a flat board has {WIDTH * HEIGHT} cells ({WIDTH}x{HEIGHT}), top row first; "
                f"this one has {len(seq)}: give width= and height= for another board"
            )
        size = (WIDTH, HEIGHT)
    width, height = size
    if len(seq) != width * height:
        raise BoardError(
            f"a flat {width}x{height} board has {width * height} cells, top row first; "
            f"this one has {len(seq)}"
        )
    return [seq[r * width : (r + 1) * width] for r in range(height)]


def _check_shape(cells: list[list[Any]], size: Size | None) -> None:
    """BoardError for ragged rows, SizeMismatchError when the shape is not the ``size``
    asked for, BoardSizeError when link4 does not play a board of that shape."""
    width = len(cells[0]) if cells else 0
    for r, row in enumerate(cells):
        if len(row) != width:
            raise BoardError(f"row {r + 1} from the top has {len(row)} cells, not {width} as row 1")
    if size is not None and size != (width, len(cells)):
        raise size_mismatch_error("board", width, len(cells), *size)
    check_size(width, len(cells))


def expected_size(width: int | None, height: int | None) -> Size | None:
    """The size a caller asks a board to have (both given), or None (neither given: the
    board's shape says)."""
    if width is None and height is None:
        return None
    if width is None or height is None:
        raise TypeError("give both width= and height=, or neither (the board's shape tells its size)")
    return check_size(width, height)


def parse_board(
    board: str | Iterable[Any],
    *,
    red: Any = 1,
    yellow: Any = 2,
    width: int | None = None,
    height: int | None = None,
) -> Rows:
    """Rows (top first) of 0/1/2 from any of the accepted board forms; the size is the
    shape's, which must match ``width`` and ``height`` where they are given.

    ``red`` and ``yellow`` are the numbers that stand for each side's discs (text cells
    always read . X O).
    """
    red_value, yellow_value = _side_value(red, "red"), _side_value(yellow, "yellow")
    if red_value == yellow_value:
        raise ValueError(f"red and yellow must be different values, not both {red_value}")
    size = expected_size(width, height)
    if isinstance(board, str):
        cells = _text_cells(board)
    else:
        try:
            seq = list(board)
        except TypeError:
            raise BoardError(f"a board is a string or a sequence, not {type(board).__name__}") from None
        if seq and not any(_is_row(v) for v in seq):
            cells = _flat_cells(seq, size)
        else:
            cells = []
            for r, row in enumerate(seq):
                if not _is_row(row):
                    raise BoardError(f"row {r + 1} from the top is {quoted(row)}, not a row of cells")
                cells.append(list(row))
    _check_shape(cells, size)
    return [
        [
            _cell(v, f"row {r + 1} from the top, column {c + 1}", red_value, yellow_value)
            for c, v in enumerate(row)
        ]
        for r, row in enumerate(cells)
    ]


def is_planes(board: Any) -> bool:
    """Whether a board is given as (height, width, 2) planes: its cells are pairs."""
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


def _plane_cells(planes: Iterable[Any]) -> list[list[list[Any]]]:
    """The cells of planes as lists, BoardError unless every cell is a pair."""
    try:
        cells = [[list(cell) for cell in row] for row in planes]
    except TypeError:
        cells = []
    widths = {len(row) for row in cells}
    height, width = len(cells), (min(widths) if widths else 0)
    if not cells or len(widths) != 1 or {len(cell) for row in cells for cell in row} != {2}:
        if not is_supported_size(width, height):
            width, height = WIDTH, HEIGHT  # nothing to go by: the standard board's shape
        raise BoardError(
            f"planes have the shape (rows, columns, 2), shape ({height}, {width}, 2) on a "
            f"{width}x{height} board: rows top first, of cells holding (this side's disc, "
            "the other side's disc)"
        )
    return cells


def parse_planes(
    planes: Iterable[Any],
    player: Player | None,
    *,
    width: int | None = None,
    height: int | None = None,
) -> Rows:
    """Rows (top first) of 0/1/2 from (height, width, 2) planes: plane 0 the discs of
    ``player``, plane 1 the other side's. ``player=None``: the side to move (red when the
    planes hold as many discs each)."""
    size = expected_size(width, height)
    cells = _plane_cells(planes)
    _check_shape(cells, size)
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


def reconstruct_moves(rows: Rows, inarow: int) -> str:
    """A move string that reaches the board with ``inarow`` in a row, or BoardError saying why none does.

    The engine takes the discs back from the last move to the first, trying the columns
    from the centre outwards, so the same board always gives the same string.
    """
    return board_moves(rows, inarow)


def rows_array(rows: Rows, method: str) -> npt.NDArray[np.int8]:
    """The rows as a (height, width) numpy int8 array; ``method`` names the caller for the
    message when numpy is missing."""
    try:
        import numpy as np
    except ImportError:
        raise ImportError(f"Game.{method} needs numpy: {extra_hint('numpy')}") from None
    return np.array(rows, dtype=np.int8)


def planes_of(pos: _core.Position, viewer: int) -> npt.NDArray[np.int8]:
    """The (height, width, 2) int8 planes of a core position seen by ``viewer`` (0 red, 1
    yellow): plane 0 that side's discs."""
    try:
        import numpy as np
    except ImportError:
        raise ImportError(f"Game.to_planes needs numpy: {extra_hint('numpy')}") from None
    planes = np.empty((pos.height, pos.width, 2), dtype=np.int8)
    # The core writes them, as it writes the batched environment's observations.
    _core.planes(pos, viewer, planes)
    return planes


def openspiel_history(state: Any) -> tuple[list[int], int, int, int]:
    """The moves, width, height and line (``x_in_row``) of an OpenSpiel ``connect_four`` state.

    The size and the line are as OpenSpiel gives them: the Game made of them checks them.
    """
    game = state.get_game()
    name = game.get_type().short_name
    if name != "connect_four":
        raise ValueError(f"an OpenSpiel state of connect_four is needed, not of {name}")
    params = game.get_parameters()
    rows, columns = params.get("rows", HEIGHT), params.get("columns", WIDTH)
    return [int(a) for a in state.history()], columns, rows, params.get("x_in_row", INAROW)
