"""The exceptions of link4. Each error is a ValueError, so one ``except ValueError`` catches all.

(:exc:`link4.Interrupted` is no error: it reports Ctrl-C, and is a KeyboardInterrupt.)
Each message says what was wrong and what is allowed. The classes are also the package's
names (``link4.InvalidMoveError``); two refine others: :exc:`link4.GameOverError` is an
:exc:`link4.IllegalMoveError`, :exc:`link4.BoardSizeError` a :exc:`link4.BoardError`.

The compiled engine reports what went wrong as a code with details, which this module
turns into the exception and its message: every message is written here, once.

>>> import link4
>>> try:
...     link4.Game("448")
... except ValueError as e:
...     print(type(e).__name__, "-", e)
InvalidMoveError - invalid move string '448': character 3 is '8', but moves are the digits 1 to 7 ...
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from link4._core import (
    INAROW,
    MAX_CELL_BITS,
    MAX_HEIGHT,
    MAX_INAROW,
    MAX_WIDTH,
    MIN_HEIGHT,
    MIN_INAROW,
    MIN_WIDTH,
    WIDTH,
    ErrorCode,
)

__all__ = [
    "BoardError",
    "BoardSizeError",
    "BookError",
    "CheckpointError",
    "GameOverError",
    "IllegalMoveError",
    "InarowError",
    "Interrupted",
    "InvalidMoveError",
    "SizeMismatchError",
    "board_size_error",
    "extra_hint",
    "inarow_error",
    "quoted",
    "size_mismatch_error",
]

# How much of what a user gave a message quotes: enough to recognise it, never a whole file.
QUOTE_LIMIT = 40

def move_characters(width: int) -> str:
    """The characters of the moves on a board ``width`` columns wide, in words.

    Returns:
        The words that finish "moves are ...".

    >>> move_characters(7), move_characters(10)
    ('the digits 1 to 7', 'the digits 1 to 9 and a (column 10)')
    >>> move_characters(12)
    'the digits 1 to 9 and a to c (columns 10 to 12)'
    """
    # (link4.rules imports this module: it is read when an error is worded, not before.)
    from link4.rules import MOVE_CHARACTERS

    letters = MOVE_CHARACTERS[9:width]  # the columns past the ninth are named by letters
    if not letters:
        return f"the digits 1 to {width}"
    if len(letters) == 1:
        return f"the digits 1 to 9 and {letters} (column 10)"
    return f"the digits 1 to 9 and {letters[0]} to {letters[-1]} (columns 10 to {width})"


# The details of an error code, by name (cpp/link4/errors.hpp names them for each code).
_Details = dict[str, Any]


class InvalidMoveError(ValueError):
    """A move string is malformed: moves are the digits 1 to the board's width (1 = leftmost),
    and the letters a, b and c for columns 10, 11 and 12 of the widest boards.

    Example:
        >>> from link4 import Game
        >>> Game("4408")
        Traceback (most recent call last):
          ...
        link4.InvalidMoveError: invalid move string '4408': character 3 is '0', but moves are ...
    """


class IllegalMoveError(ValueError):
    """A move the rules forbid: a full column, a column off the board.

    Its subclass :exc:`link4.GameOverError` is a move (or a search) after the end of the game.

    Example:
        >>> from link4 import Game
        >>> Game("111111").play(0)
        Traceback (most recent call last):
          ...
        link4.IllegalMoveError: column 0 is full
    """


class GameOverError(IllegalMoveError):
    """A move or a search asked of a game that has already ended.

    Example:
        >>> from link4 import Game
        >>> Game("4455667").play(0)
        Traceback (most recent call last):
          ...
        link4.GameOverError: the game is over: red has won
    """


class BoardError(ValueError):
    """A board that no legal game reaches (floating discs, wrong disc counts, two winners).

    Also a board that cannot be read as one (ragged rows, a cell that is no disc); its
    subclass :exc:`link4.BoardSizeError` is a board of a size link4 does not play.

    Example:
        >>> from link4 import Game
        >>> Game.from_board(["X...", "....", "....", "...."])
        Traceback (most recent call last):
          ...
        link4.BoardError: the disc in column 1, row 4 from the bottom floats above an empty cell
    """


class BookError(ValueError):
    """An opening book file that cannot be used: missing, cut short, corrupt or foreign.

    Example:
        >>> from link4 import Book
        >>> Book.from_bytes(b"not a book")
        Traceback (most recent call last):
          ...
        link4.BookError: not a link4 book file
    """


class CheckpointError(ValueError):
    """A checkpoint file that cannot be used or written: missing, cut short, damaged or
    foreign (of another board, another table, another version).

    A checkpoint is checked whole before any of it is trusted: its magic, version, board
    and table, and a checksum of every byte.

    Example:
        >>> import link4, os, tempfile
        >>> path = os.path.join(tempfile.mkdtemp(), "junk.ckpt")
        >>> with open(path, "wb") as f:
        ...     _ = f.write(b"not a checkpoint at all" * 4)
        >>> link4.read_checkpoint(path)
        Traceback (most recent call last):
          ...
        link4.CheckpointError: ... is not a link4 checkpoint
    """


class InarowError(ValueError):
    """A line that wins (k in a row) link4 does not play: 3 to 6 long, and one that fits the board.

    Example:
        >>> from link4 import Game
        >>> Game(inarow=7)
        Traceback (most recent call last):
          ...
        link4.InarowError: link4 plays 3 to 6 in a row, not 7
    """


class BoardSizeError(BoardError):
    """A board size link4 does not play (4 to 12 columns and 4 to 13 rows, whose
    columns x (rows + 1) is at most 128: 12 x 9, 11 x 10, 10 x 11 and 9 x 13 the largest).

    Also a board whose shape is no such size. It is a :exc:`link4.BoardError`, as
    :meth:`link4.Game.from_board` always raised one for a board of the wrong shape.

    Example:
        >>> from link4 import Game
        >>> Game(width=3, height=6)
        Traceback (most recent call last):
          ...
        link4.BoardSizeError: link4 plays boards of 4 to 12 columns and 4 to 13 rows, not 3 columns and 6 rows
    """


class SizeMismatchError(ValueError):
    """Sizes mixed: a game, book or batch of one board size where another is expected.

    Sizes in its message read width x height, as ``--size`` takes them.

    Example:
        >>> from link4 import Game
        >>> Game.from_board(["....", "....", "....", ".XO."], width=7, height=6)
        Traceback (most recent call last):
          ...
        link4.SizeMismatchError: board sizes differ: the board is 4x4, but 7x6 is expected here ...
    """


class Interrupted(KeyboardInterrupt):
    """Ctrl-C stopped a batch; ``results`` holds what was finished (None for the rest).

    It is a KeyboardInterrupt, so a script that does not catch it stops as on any Ctrl-C.
    The batch functions (:func:`link4.solve_many`, :func:`link4.search_many`,
    :func:`link4.analyze_many`, :func:`link4.batch.measure_many`) raise it; a script
    that catches it keeps the work done::

        try:
            scores = link4.solve_many(positions)
        except link4.Interrupted as stop:
            scores = stop.results

    Args:
        results: One entry per position of the batch, in order: its result, or None
            where it was not finished. Kept as the attribute ``results``; the message
            counts the finished ones.

    Example:
        >>> stop = Interrupted([18, None, -2])
        >>> str(stop), stop.results
        ('interrupted after 2 of 3 positions', [18, None, -2])
    """

    def __init__(self, results: list[Any]) -> None:
        done = sum(r is not None for r in results)
        super().__init__(f"interrupted after {done} of {len(results)} positions")
        self.results = results
        """Every position's result, in order, None for those not finished."""


for _cls in (
    InvalidMoveError,
    IllegalMoveError,
    GameOverError,
    BoardError,
    BookError,
    CheckpointError,
    BoardSizeError,
    InarowError,
    SizeMismatchError,
    Interrupted,
):
    _cls.__module__ = "link4"


def quoted(value: object, limit: int = QUOTE_LIMIT) -> str:
    """``value``, something a user gave, quoted for a message: whole when short, else cut.

    Every message of link4 that repeats what it was given (a move string, an option's
    value, a line of a file, a request's parameter) quotes it through this, so that a
    file read by mistake or a long paste never floods the message.

    Args:
        value: What was given: a string, or any value, written as Python writes it.
        limit: The most characters of it quoted.

    Returns:
        A string as Python writes it (``'4453'``) when it has at most ``limit``
        characters; else its first ``limit`` characters quoted, then ``...`` and the
        length of the whole, so that the cut is plain. Another value is its ``repr``,
        cut after ``limit`` characters with ``...``.

    Example:
        >>> print(quoted("4453"), quoted("12345" * 20, limit=8), quoted(list(range(50)), limit=8))
        '4453' '12345123'... (100 characters) [0, 1, 2...
    """
    if isinstance(value, str):
        if len(value) <= limit:
            return repr(value)
        return f"{value[:limit]!r}... ({len(value)} characters)"
    shown = repr(value)
    return shown if len(shown) <= limit else f"{shown[:limit]}..."


def extra_hint(extra: str) -> str:
    """How to install one of link4's extras, for the message of a feature that needs it.

    Args:
        extra: The extra's name in link4's metadata, such as ``"web"``.

    Returns:
        The words to end that message with: the install from a checkout, which works
        today, and the one from a release.

    Example:
        >>> extra_hint("numpy")
        "install link4's numpy extra: pip install '.[numpy]' in a checkout, 'link4[numpy]' from a release"
    """
    return (f"install link4's {extra} extra: pip install '.[{extra}]' in a checkout, "
            f"'link4[{extra}]' from a release")


def board_size_error(width: int, height: int) -> BoardSizeError:
    """The error for a board of ``width`` columns and ``height`` rows that link4 does not play.

    It is returned, not raised: the caller raises it.

    Args:
        width: The board's number of columns.
        height: The board's number of rows.

    Returns:
        A :exc:`link4.BoardSizeError` whose message gives the sizes link4 plays.

    Example:
        >>> board_size_error(3, 6)
        BoardSizeError('link4 plays boards of 4 to 12 columns and 4 to 13 rows, not 3 columns and 6 rows')
        >>> print(board_size_error(12, 10))
        link4 plays boards of 4 to 12 columns and 4 to 13 rows whose columns x (rows + 1) is ...
        >>> str(board_size_error(12, 10)).partition(" is at most ")[2]
        '128 (12x9, 11x10, 10x11, 9x13...), not 12 columns and 10 rows'
    """
    # (link4.rules imports this module: it is read when an error is worded, not before.)
    from link4.rules import LARGEST_SIZES

    fits = MIN_WIDTH <= width <= MAX_WIDTH and MIN_HEIGHT <= height <= MAX_HEIGHT
    largest = ", ".join(f"{w}x{h}" for w, h in sorted(LARGEST_SIZES, reverse=True))
    return BoardSizeError(
        f"link4 plays boards of {MIN_WIDTH} to {MAX_WIDTH} columns and {MIN_HEIGHT} to "
        f"{MAX_HEIGHT} rows"
        + ("" if not fits else f" whose columns x (rows + 1) is at most {MAX_CELL_BITS} ({largest}...)")
        + f", not {width} columns and {height} rows"
    )


def inarow_error(width: int, height: int, inarow: int) -> InarowError:
    """The error for a line of ``inarow`` that link4 does not play on a ``width`` x ``height`` board.

    It is returned, not raised: the caller raises it.

    Args:
        width: The board's number of columns.
        height: The board's number of rows.
        inarow: The length of line asked for.

    Returns:
        A :exc:`link4.InarowError` whose message gives the lengths link4 plays there.

    Example:
        >>> inarow_error(7, 6, 8)
        InarowError('link4 plays 3 to 6 in a row, not 8')
    """
    if MIN_INAROW <= inarow <= MAX_INAROW:
        return InarowError(
            f"{inarow} in a row fits no line of a {width}x{height} board: its lines are at most "
            f"{max(width, height)} long"
        )
    return InarowError(f"link4 plays {MIN_INAROW} to {MAX_INAROW} in a row, not {inarow}")


def size_mismatch_error(
    what: str, width: int, height: int, expected_width: int, expected_height: int,
    inarow: int = INAROW, expected_inarow: int = INAROW,
) -> SizeMismatchError:
    """The error for a ``what`` (a position, a book, a board...) of one size where another is expected.

    Sizes read width x height, as ``--size`` takes them. It is returned, not raised: the
    caller raises it.

    Args:
        what: What is of the wrong size, as the message names it (``"book"``).
        width: Its number of columns.
        height: Its number of rows.
        expected_width: The number of columns expected.
        expected_height: The number of rows expected.
        inarow: Its line that wins (k in a row).
        expected_inarow: The line expected.

    Returns:
        A :exc:`link4.SizeMismatchError` whose message gives both sizes, or both lines.

    Example:
        >>> size_mismatch_error("book", 7, 6, 4, 4)
        SizeMismatchError('board sizes differ: the book is 7x6, but 4x4 is expected here (width x height)')
        >>> size_mismatch_error("position", 7, 9, 7, 9, inarow=5, expected_inarow=4)
        SizeMismatchError('lines differ: the position is of 5 in a row, but 4 in a row is expected here')
    """
    if (width, height) == (expected_width, expected_height) and inarow != expected_inarow:
        return SizeMismatchError(
            f"lines differ: the {what} is of {inarow} in a row, but {expected_inarow} in a row is "
            "expected here"
        )
    return SizeMismatchError(
        f"board sizes differ: the {what} is {width}x{height}, but {expected_width}x"
        f"{expected_height} is expected here (width x height)"
    )


def _player(ply: int) -> str:
    """The side that played the ``ply``-th disc (1 = red's first)."""
    return "red" if ply % 2 == 1 else "yellow"


def _over(d: _Details) -> str:
    if d["won"]:
        return f"the game is over: {_player(d['ply'])} has won"
    return "the game is over: the board is full (a draw)"


def _in_string(d: _Details) -> str:
    """Which move of a move string is illegal."""
    return f"illegal move {d['index'] + 1} of {quoted(d['moves'])}"


def _disc_count(red: int, yellow: int) -> BoardError:
    return BoardError(
        f"red has {red} disc{'' if red == 1 else 's'} and yellow {yellow}: red moves "
        "first, so red has as many discs as yellow or one more"
    )


def _line(d: _Details) -> str:
    """The line that wins the board's game: "four in a row", or "5 in a row"."""
    inarow = d.get("inarow", INAROW)
    return "four in a row" if inarow == INAROW else f"{inarow} in a row"


def _moved_after_line(d: _Details) -> BoardError:
    winner_name, other = ("red", "yellow") if d["winner"] == 1 else ("yellow", "red")
    return BoardError(
        f"{winner_name} has {_line(d)} but {other} has moved since: the game would have ended at the "
        + ("four" if d.get("inarow", INAROW) == INAROW else "line")
    )


# Each code of the engine (cpp/link4/errors.hpp lists them and their details) and the
# exception it is: the one place where they are decoded.
# What is wrong with a checkpoint file, by the core's reason (cpp/link4/checkpoint.hpp).
_CHECKPOINT_REASONS: dict[str, str] = {
    "unreadable": "cannot be read (no such file, or no permission)",
    "unwritable": "cannot be written (no such folder, no permission or no space left)",
    "truncated": "is cut short: no link4 checkpoint, or one not written to the end",
    "magic": "is not a link4 checkpoint",
    "version": "is a checkpoint of another format version (written by another link4)",
    "byte_order": "is a checkpoint written on a machine of the other byte order",
    "board": "is the checkpoint of a search on another board size or line",
    "table": "is damaged (it holds a table of another kind or of no size a table can have): it is not used",
    "checksum": "is damaged (its checksum does not match): it is not used",
}


_DECODE: dict[ErrorCode, Callable[[_Details], Exception]] = {
    ErrorCode.MALFORMED_STRING: lambda d: InvalidMoveError(
        f"invalid move string {quoted(d['moves'])}: character {d['index'] + 1} is "
        f"{d['moves'][d['index']]!r}, but moves are {move_characters(d['width'])} "
        "(1 = leftmost column)"
    ),
    ErrorCode.STRING_COLUMN_FULL: lambda d: IllegalMoveError(
        # A move's character is its column's number as a base-36 digit: a (or A) is 10.
        f"{_in_string(d)}: column {int(d['moves'][d['index']], 36)} is full"
    ),
    ErrorCode.STRING_GAME_OVER: lambda d: GameOverError(f"{_in_string(d)}: {_over(d)}"),
    ErrorCode.OUT_OF_RANGE: lambda d: IllegalMoveError(
        f"column {d['col']} is outside the board: columns are 0 to {d['width'] - 1}"
    ),
    ErrorCode.COLUMN_FULL: lambda d: IllegalMoveError(f"column {d['col']} is full"),
    ErrorCode.GAME_OVER: lambda d: GameOverError(_over(d)),
    ErrorCode.NOTHING_TO_UNDO: lambda d: IllegalMoveError(f"no disc to take back in column {d['col']}"),
    ErrorCode.SEARCH_OVER: lambda d: GameOverError(f"cannot search this position: {_over(d)}"),
    ErrorCode.BUSY: lambda d: RuntimeError("this Solver is busy in another thread"),
    ErrorCode.EXITING: lambda d: RuntimeError("the interpreter is exiting: no new search is started"),
    ErrorCode.BAD_ARGUMENT: lambda d: ValueError(f"{d['name']} out of range: {d['value']!r}"),
    ErrorCode.BOARD_SIZE: lambda d: board_size_error(d["width"], d["height"]),
    ErrorCode.INAROW: lambda d: inarow_error(d["width"], d["height"], d["inarow"]),
    ErrorCode.SIZE_MISMATCH: lambda d: size_mismatch_error(
        d["what"], d["width"], d["height"], d["expected_width"], d["expected_height"],
        inarow=d.get("inarow", INAROW), expected_inarow=d.get("expected_inarow", INAROW),
    ),
    ErrorCode.BOARD_SHAPE: lambda d: BoardError("a board is rows of as many cells each, top row first"),
    ErrorCode.BAD_CELL: lambda d: BoardError(
        f"the cell in column {d['col'] + 1}, row {d['row'] + 1} from the bottom is not "
        "0 (empty), 1 (red) or 2 (yellow)"
    ),
    ErrorCode.FLOATING: lambda d: BoardError(
        f"the disc in column {d['col'] + 1}, row {d['row'] + 1} from the bottom floats above an empty cell"
    ),
    ErrorCode.DISC_COUNT: lambda d: _disc_count(d["red"], d["yellow"]),
    ErrorCode.BOTH_FOUR: lambda d: BoardError(
        f"both red and yellow have {_line(d)}: the game ends at the first one"
    ),
    ErrorCode.MOVED_AFTER_FOUR: _moved_after_line,
    ErrorCode.UNREACHABLE: lambda d: BoardError(
        f"no legal game reaches this board: every order of play makes {_line(d)} before the last disc"
    ),
    ErrorCode.BOOK_TRUNCATED: lambda d: BookError("the book file is cut short"),
    ErrorCode.BOOK_MAGIC: lambda d: BookError("not a link4 book file"),
    ErrorCode.BOOK_VERSION: lambda d: BookError(
        "a book of another format version (rebuild it with this link4)"
    ),
    ErrorCode.BOOK_BOARD: lambda d: BookError("a book made for another board size"),
    ErrorCode.BOOK_CHECKSUM: lambda d: BookError("the book file is corrupt (its checksum does not match)"),
    ErrorCode.BOOK_ENTRIES: lambda d: BookError(
        "the book file is corrupt (its entries are out of order or off the scale)"
    ),
    ErrorCode.CHECKPOINT: lambda d: CheckpointError(f"{d['path']} {_CHECKPOINT_REASONS[d['reason']]}"),
}


def from_core(code: ErrorCode, **d: Any) -> Exception:
    """The exception for an error code of the compiled engine (``link4._core.ErrorCode``).

    It is returned, not raised: the caller (the binding, or link4's own modules) raises it.

    Args:
        code: The error code, such as ``ErrorCode.COLUMN_FULL`` or
            ``ErrorCode.BOOK_TRUNCATED``.
        **d: The details the message needs (``col``, ``moves``, ``index``, ``width``...).
            A move error names the board's width where its message needs it; without
            it, the error is about the standard board.

    Returns:
        The exception of that code with its message, a :exc:`link4.InvalidMoveError`,
        :exc:`link4.IllegalMoveError`, :exc:`link4.GameOverError`,
        :exc:`link4.BoardError`, :exc:`link4.BoardSizeError`,
        :exc:`link4.SizeMismatchError`, :exc:`link4.BookError` or ValueError; a
        RuntimeError for a busy solver, an exiting interpreter or a code unknown here.

    Example:
        >>> from link4._core import ErrorCode
        >>> from_core(ErrorCode.COLUMN_FULL, col=3)
        IllegalMoveError('column 3 is full')
    """
    decode = _DECODE.get(code)
    if decode is None:  # none: tests/game/test_errors.py decodes every code
        return RuntimeError(f"link4 engine error {code!r}: {d}")
    return decode({"width": WIDTH, **d})
