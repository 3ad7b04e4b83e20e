"""The exceptions of link4. Each error is a ValueError, so one ``except ValueError`` catches all.

The compiled engine reports what went wrong as a code with details; ``from_core`` turns
that into the exception and its message, so every message is written here, once.
"""

from __future__ import annotations

from typing import Any

__all__ = [
    "BoardError",
    "BoardSizeError",
    "BookError",
    "GameOverError",
    "IllegalMoveError",
    "Interrupted",
    "InvalidMoveError",
    "SizeMismatchError",
    "board_size_error",
    "size_mismatch_error",
]


class InvalidMoveError(ValueError):
    """A move string is malformed: moves are the digits 1 to the board's width (1 = leftmost)."""


class IllegalMoveError(ValueError):
    """A move the rules forbid: a full column, a column off the board."""


class GameOverError(IllegalMoveError):
    """A move or a search asked of a game that has already ended."""


class BoardError(ValueError):
    """A board that no legal game reaches (floating discs, wrong disc counts, two winners)."""


class BookError(ValueError):
    """An opening book file that cannot be used: missing, cut short, corrupt or foreign."""


class BoardSizeError(BoardError):
    """A board size link4 does not play (4 to 9 columns, 4 to 12 rows), or a board whose
    shape is no such size. A BoardError, as Game.from_board always raised one for a
    board of the wrong shape."""


class SizeMismatchError(ValueError):
    """Sizes mixed: a game, book or batch of one board size where another is expected."""


class Interrupted(KeyboardInterrupt):
    """Ctrl-C stopped a batch; ``results`` holds what was finished (None for the rest).

    It is a KeyboardInterrupt, so a script that does not catch it stops as on any Ctrl-C.
    """

    def __init__(self, results: list[Any]) -> None:
        done = sum(r is not None for r in results)
        super().__init__(f"interrupted after {done} of {len(results)} positions")
        self.results = results


for _cls in (
    InvalidMoveError,
    IllegalMoveError,
    GameOverError,
    BoardError,
    BookError,
    BoardSizeError,
    SizeMismatchError,
    Interrupted,
):
    _cls.__module__ = "link4"


def board_size_error(width: int, height: int) -> BoardSizeError:
    """The error for a board of ``width`` columns and ``height`` rows that link4 does not play."""
    from link4._core import MAX_HEIGHT, MAX_WIDTH, MIN_HEIGHT, MIN_WIDTH

    return BoardSizeError(
        f"link4 plays boards of {MIN_WIDTH} to {MAX_WIDTH} columns and {MIN_HEIGHT} to "
        f"{MAX_HEIGHT} rows, not {width} columns and {height} rows"
    )


def size_mismatch_error(
    what: str, width: int, height: int, expected_width: int, expected_height: int
) -> SizeMismatchError:
    """The error for a ``what`` (a position, a book, a board...) of one size where another
    is expected. Sizes read width x height, as ``--size`` takes them."""
    return SizeMismatchError(
        f"board sizes differ: the {what} is {width}x{height}, but {expected_width}x"
        f"{expected_height} is expected here (width x height)"
    )


def _player(ply: int) -> str:
    """The side that played the ``ply``-th disc (1 = red's first)."""
    return "red" if ply % 2 == 1 else "yellow"


def _over(ply: int, won: bool) -> str:
    if won:
        return f"the game is over: {_player(ply)} has won"
    return "the game is over: the board is full (a draw)"


def from_core(kind: str, **d: Any) -> Exception:
    """The exception for an error code of the compiled engine (``link4._core``)."""
    from link4._core import WIDTH

    # A move error names the board's width where its message needs it; without it, the
    # error is about the standard board.
    width = d.get("width", WIDTH)
    if kind == "malformed_string":
        moves, i = d["moves"], d["index"]
        return InvalidMoveError(
            f"invalid move string {moves!r}: character {i + 1} is {moves[i]!r}, but moves "
            f"are the digits 1 to {width} (1 = leftmost column)"
        )
    if kind in ("string_column_full", "string_game_over"):
        moves, i = d["moves"], d["index"]
        where = f"illegal move {i + 1} of {moves!r}"
        if kind == "string_column_full":
            return IllegalMoveError(f"{where}: column {moves[i]} is full")
        return GameOverError(f"{where}: {_over(d['ply'], d['won'])}")
    if kind == "out_of_range":
        return IllegalMoveError(
            f"column {d['col']} is outside the board: columns are 0 to {width - 1}"
        )
    if kind == "column_full":
        return IllegalMoveError(f"column {d['col']} is full")
    if kind == "game_over":
        return GameOverError(_over(d["ply"], d["won"]))
    if kind == "search_over":
        return GameOverError(f"cannot search this position: {_over(d['ply'], d['won'])}")
    if kind == "nothing_to_undo":
        return IllegalMoveError(f"no disc to take back in column {d['col']}")
    if kind == "bad_argument":
        return ValueError(f"{d['name']} out of range: {d['value']!r}")
    if kind == "board_shape":
        return BoardError("a board is rows of as many cells each, top row first")
    if kind == "board_size":
        return board_size_error(d["width"], d["height"])
    if kind == "size_mismatch":
        return size_mismatch_error(
            d["what"], d["width"], d["height"], d["expected_width"], d["expected_height"]
        )
    if kind == "bad_cell":
        return BoardError(
            f"the cell in column {d['col'] + 1}, row {d['row'] + 1} from the bottom is not "
            "0 (empty), 1 (red) or 2 (yellow)"
        )
    if kind == "floating":
        return BoardError(
            f"the disc in column {d['col'] + 1}, row {d['row'] + 1} from the bottom floats "
            "above an empty cell"
        )
    if kind == "disc_count":
        red, yellow = d["red"], d["yellow"]
        return BoardError(
            f"red has {red} disc{'' if red == 1 else 's'} and yellow {yellow}: red moves "
            "first, so red has as many discs as yellow or one more"
        )
    if kind == "both_four":
        return BoardError("both red and yellow have four in a row: the game ends at the first one")
    if kind == "moved_after_four":
        winner, other = ("red", "yellow") if d["winner"] == 1 else ("yellow", "red")
        return BoardError(
            f"{winner} has four in a row but {other} has moved since: the game "
            "would have ended at the four"
        )
    if kind == "unreachable":
        return BoardError(
            "no legal game reaches this board: every order of play makes four in a row "
            "before the last disc"
        )
    if kind == "busy":
        return RuntimeError("this Solver is busy in another thread")
    if kind == "exiting":
        return RuntimeError("the interpreter is exiting: no new search is started")
    if kind.startswith("book_"):
        return BookError(_BOOK_ERRORS.get(kind, "not a usable book"))
    return RuntimeError(f"link4 engine error {kind!r}: {d}")


_BOOK_ERRORS = {
    "book_truncated": "the book file is cut short",
    "book_magic": "not a link4 book file",
    "book_version": "a book of another format version (rebuild it with this link4)",
    "book_board": "a book made for another board size",
    "book_checksum": "the book file is corrupt (its checksum does not match)",
    "book_entries": "the book file is corrupt (its entries are out of order or off the scale)",
}
