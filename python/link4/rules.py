"""The board's sizes and the two sides: what every module of link4 needs.

It sits below the modules that use them (the game, its pictures, the words of scores...),
so that none of those imports another to get them. The names are also the package's own
(``link4.Player``, ``link4.RED``, ``link4.WIDTH``...).

>>> from link4.rules import MAX_WIDTH, MIN_HEIGHT, Player
>>> Player.RED.other, MIN_HEIGHT, MAX_WIDTH
(<Player.YELLOW: 2>, 4, 12)
"""

from __future__ import annotations

import enum
import operator
import re
from collections.abc import Iterable

from link4 import _core
from link4.errors import BoardSizeError, board_size_error, inarow_error, quoted

__all__ = [
    "HEIGHT", "INAROW", "LARGEST_SIZES", "MAX_HEIGHT", "MAX_INAROW", "MAX_WIDTH", "MIN_HEIGHT", "MIN_INAROW",
    "MIN_WIDTH", "MOVE_CHARACTERS", "RED", "SIZES", "WIDTH", "YELLOW", "Player", "check_inarow",
    "column_of_character", "columns_of", "is_supported_size", "move_string",
]

WIDTH: int = _core.WIDTH
"""The standard board's width, the default everywhere (a bare move string means 7 x 6)."""
HEIGHT: int = _core.HEIGHT
"""The standard board's height."""
MIN_WIDTH: int = _core.MIN_WIDTH
"""The fewest columns a board may have."""
MAX_WIDTH: int = _core.MAX_WIDTH
"""The most columns a board may have."""
MIN_HEIGHT: int = _core.MIN_HEIGHT
"""The fewest rows a board may have."""
MAX_HEIGHT: int = _core.MAX_HEIGHT
"""The most rows a board may have."""
_MAX_CELL_BITS: int = _core.MAX_CELL_BITS


def is_supported_size(width: int, height: int) -> bool:
    """Whether link4 plays a board of ``width`` columns and ``height`` rows.

    Every board of 4 to 12 columns and 4 to 13 rows whose cells, with one more a column,
    fit 128 bits: 12 x 9, 11 x 10, 10 x 11 and 9 x 13 are the largest.

    Returns:
        True for a size link4 plays (one of :data:`SIZES`).

    >>> is_supported_size(12, 9), is_supported_size(9, 13), is_supported_size(12, 10)
    (True, True, False)
    """
    return (MIN_WIDTH <= width <= MAX_WIDTH and MIN_HEIGHT <= height <= MAX_HEIGHT
            and width * (height + 1) <= _MAX_CELL_BITS)


MOVE_CHARACTERS = "123456789abc"
"""The character of each column in move strings, the leftmost first.

Columns 1 to 9 are their digits, on every board; columns 10, 11 and 12 of the widest
boards are ``a``, ``b`` and ``c`` (``A``, ``B`` and ``C`` are read as well), so that every
move is one character.
"""
_COLUMN_OF_CHARACTER = {ch: col for col, ch in enumerate(MOVE_CHARACTERS)} | {
    ch.upper(): col for col, ch in enumerate(MOVE_CHARACTERS) if ch.isalpha()
}


def move_string(columns: Iterable[int]) -> str:
    """The move string of 0-based columns (each in 0 to ``MAX_WIDTH - 1``).

    Returns:
        One character a column, of :data:`MOVE_CHARACTERS`.

    >>> move_string([3, 3, 9, 11])
    '44ac'
    """
    return "".join(MOVE_CHARACTERS[c] for c in columns)


def columns_of(moves: str) -> list[int]:
    """The 0-based columns of a move string whose characters are all move characters.

    Returns:
        One column a character, in order.

    Raises:
        KeyError: A character that names no column (check the string first: a Game does).

    >>> columns_of("44aC")
    [3, 3, 9, 11]
    """
    return [_COLUMN_OF_CHARACTER[ch] for ch in moves]


def column_of_character(ch: str) -> int | None:
    """The 0-based column a move character names, or None.

    Returns:
        The column of ``ch`` (``A``, ``B`` and ``C`` as ``a``, ``b`` and ``c``); None
        for any other string, a longer one too.

    >>> column_of_character("7"), column_of_character("B"), column_of_character("0")
    (6, 10, None)
    """
    return _COLUMN_OF_CHARACTER.get(ch)


def check_size(width: object, height: object) -> tuple[int, int]:
    """A board size checked: for link4's own modules, before they hand it to the core.

    Checked here, before the core, so that an int too big for C gets the same message as
    any other.

    Args:
        width: The number of columns.
        height: The number of rows.

    Returns:
        ``(width, height)`` as ints.

    Raises:
        TypeError: Either is not an int (a bool is not).
        BoardSizeError: A size link4 does not play.
    """  # noqa: DOC501 (the BoardSizeError raised is the one board_size_error builds)
    if (  # the common case, quickly
        type(width) is int
        and type(height) is int
        and is_supported_size(width, height)
    ):
        return width, height
    size = []
    for name, value in (("width", width), ("height", height)):
        if isinstance(value, bool):
            raise TypeError(f"{name} is an int, not a bool")
        try:
            size.append(operator.index(value))  # type: ignore[arg-type]
        except TypeError:
            raise TypeError(f"{name} is an int, not {type(value).__name__}") from None
    w, h = size
    if not is_supported_size(w, h):
        raise board_size_error(w, h)
    return w, h

INAROW: int = _core.INAROW
"""The line that wins unless told: four in a row."""
MIN_INAROW: int = _core.MIN_INAROW
"""The shortest line link4 plays to (Connect 3)."""
MAX_INAROW: int = _core.MAX_INAROW
"""The longest line link4 plays to (Connect 6)."""

Size = tuple[int, int]
"""A board size as (width, height)."""

SIZES: tuple[Size, ...] = tuple(
    (w, h)
    for w in range(MIN_WIDTH, MAX_WIDTH + 1)
    for h in range(MIN_HEIGHT, MAX_HEIGHT + 1)
    if is_supported_size(w, h)
)
"""Every board size link4 plays, as (width, height): by width, then by height.

Not every pair of a width and a height in range is one (:func:`is_supported_size`).

>>> len(SIZES), SIZES[0], (12, 9) in SIZES, (12, 10) in SIZES
(81, (4, 4), True, False)
"""
LARGEST_SIZES: tuple[Size, ...] = tuple(
    (w, h) for w, h in SIZES if not is_supported_size(w + 1, h) and not is_supported_size(w, h + 1)
)
"""The largest sizes link4 plays: none of them takes one more column or one more row,
and every size of :data:`SIZES` fits inside one of them.

>>> LARGEST_SIZES
((9, 13), (10, 11), (11, 10), (12, 9))
"""


def check_inarow(inarow: object, width: int, height: int) -> int:
    """The line that wins (k in a row) checked, on a board already checked.

    Args:
        inarow: The length of the line that wins.
        width: The board's columns.
        height: The board's rows.

    Returns:
        ``inarow`` as an int.

    Raises:
        TypeError: It is not an int (a bool is not).
        InarowError: A length link4 does not play (3 to 6), or one that fits the board in
            no direction (so that no game could be won).

    Example:
        >>> check_inarow(5, 7, 9)
        5
        >>> check_inarow(6, 5, 5)
        Traceback (most recent call last):
          ...
        link4.InarowError: 6 in a row fits no line of a 5x5 board: its lines are at most 5 long
    """  # noqa: DOC501 (the InarowError raised is the one inarow_error builds)
    if type(inarow) is int and MIN_INAROW <= inarow <= min(MAX_INAROW, max(width, height)):
        return inarow
    if isinstance(inarow, bool):
        raise TypeError("inarow is an int, not a bool")
    try:
        k = operator.index(inarow)  # type: ignore[arg-type]
    except TypeError:
        raise TypeError(f"inarow is an int, not {type(inarow).__name__}") from None
    if not MIN_INAROW <= k <= min(MAX_INAROW, max(width, height)):
        raise inarow_error(width, height, k)
    return k


Board = tuple[int, int, int]
"""A game's board and line as (width, height, inarow): the size, and k in a row."""


def named_board(width: object = None, height: object = None, inarow: object = None) -> Board | None:
    """The game a caller named with ``width=``, ``height=`` and ``inarow=``, checked; None if none is given.

    For link4's own entry points that take a position: where a game is named, a move
    string is read on it and a game of another size or line is refused
    (``link4.game.as_game``). Naming one of the three names the game, the others being
    the standard one's (7 x 6, four in a row).

    Args:
        width: The number of columns, or None.
        height: The number of rows, or None.
        inarow: The length of the line that wins, or None.

    Returns:
        ``(width, height, inarow)`` as ints, or None when none is given.

    Raises:
        TypeError: One is not an int (a bool is not).
        BoardSizeError: A size link4 does not play.
        InarowError: A line link4 does not play on that board.

    Example:
        >>> named_board(6, 5), named_board(width=8), named_board(inarow=5), named_board()
        ((6, 5, 4), (8, 6, 4), (7, 6, 5), None)
    """
    if width is None and height is None and inarow is None:
        return None
    w, h = check_size(WIDTH if width is None else width, HEIGHT if height is None else height)
    return w, h, INAROW if inarow is None else check_inarow(inarow, w, h)


Cell = tuple[int, int]
"""A cell as (column, row), both 0-based; row 0 is the bottom row."""


_SIZE = re.compile(r"\s*([0-9]{1,2})\s*[xX]\s*([0-9]{1,2})\s*")


def parse_size(text: str) -> tuple[int, int]:
    """The size of a board written ``WxH`` (``8x7``), as the command line and the web API take it.

    Args:
        text: The size as text.

    Returns:
        ``(width, height)``.

    Raises:
        BoardSizeError: Another form, or a size link4 does not play.

    Example:
        >>> parse_size("8x7"), parse_size(" 6 X 5 ")
        ((8, 7), (6, 5))
    """
    found = _SIZE.fullmatch(text)
    if found is None:
        raise BoardSizeError(f"a board size is WxH (columns x rows) such as 8x7, not {quoted(text)}")
    return check_size(int(found[1]), int(found[2]))


class Player(enum.IntEnum):
    """The two sides. Red moves first.

    >>> Player.RED.other, str(Player.YELLOW), Player.RED.glyph
    (<Player.YELLOW: 2>, 'yellow', 'X')
    """

    RED = 1
    """The first player, whose discs are X in text diagrams."""
    YELLOW = 2
    """The second player, whose discs are O in text diagrams."""

    @property
    def other(self) -> Player:
        """The opponent of this player."""
        return Player.YELLOW if self is Player.RED else Player.RED

    @property
    def glyph(self) -> str:
        """The letter that stands for this player's discs in text diagrams."""
        return "X" if self is Player.RED else "O"

    def __str__(self) -> str:
        return self.name.lower()


RED = Player.RED
"""The first player, :attr:`Player.RED`."""
YELLOW = Player.YELLOW
"""The second player, :attr:`Player.YELLOW`."""

_ORDINAL_SUFFIX = {1: "st", 2: "nd", 3: "rd"}


def ordinal(n: int) -> str:
    """``1`` -> ``'1st'``, ``12`` -> ``'12th'``, ``21`` -> ``'21st'``."""
    suffix = "th" if 10 <= n % 100 <= 20 else _ORDINAL_SUFFIX.get(n % 10, "th")
    return f"{n}{suffix}"
