"""Every way to misuse a Game: the exact exception, a message that says why, and a game
left exactly as it was; and every error code of the engine, each raised by the engine."""

from __future__ import annotations

import json
import re
import subprocess
import sys
import threading
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager, suppress
from typing import Any

import pytest

import link4
from link4 import (
    BoardError,
    BoardSizeError,
    Book,
    BookError,
    CheckpointError,
    Game,
    GameOverError,
    IllegalMoveError,
    InvalidMoveError,
    SizeMismatchError,
    Solver,
    _core,
)
from link4._core import ErrorCode
from link4.book import canonical_key
from link4.errors import QUOTE_LIMIT, from_core, quoted
from link4.players import Bot, Engine
from link4.rules import parse_size


@contextmanager
def unchanged(game: Game) -> Iterator[None]:
    """Assert that the block leaves ``game`` exactly as it found it."""
    before = (game.moves, game.ply, str(game), repr(game), hash(game), game.to_board())
    twin = game.copy()
    try:
        yield
    finally:
        assert (game.moves, game.ply, str(game), repr(game), hash(game), game.to_board()) == before
        assert game == twin
        assert game.legal_moves() == twin.legal_moves()
        assert game.outcome() == twin.outcome()


# -- the exception classes ------------------------------------------------------------


@pytest.mark.parametrize(
    "cls",
    [InvalidMoveError, IllegalMoveError, GameOverError, BoardError, BoardSizeError, SizeMismatchError],
)
def test_errors_are_value_errors(cls: type[Exception]) -> None:
    assert issubclass(cls, ValueError)
    assert cls.__module__ == "link4"
    assert getattr(link4, cls.__name__) is cls


def test_a_board_of_no_size_link4_plays_is_a_board_error() -> None:
    # Game.from_board raised BoardError for a board of the wrong shape before there were
    # sizes: code that catches it still does.
    assert issubclass(BoardSizeError, BoardError)
    assert not issubclass(SizeMismatchError, BoardError)


def test_game_over_is_an_illegal_move() -> None:
    assert issubclass(GameOverError, IllegalMoveError)
    assert not issubclass(InvalidMoveError, IllegalMoveError)
    assert not issubclass(IllegalMoveError, InvalidMoveError)


# -- malformed move strings -------------------------------------------------------------


@pytest.mark.parametrize(
    ("moves", "position", "char"),
    [
        ("48", 2, "8"),
        ("4a", 2, "a"),
        ("0", 1, "0"),
        (" 4", 1, " "),
        ("4 ", 2, " "),
        ("44-5", 3, "-"),
        ("9", 1, "9"),
        ("\uff14", 1, "\uff14"),  # a fullwidth 4
        ("44\u00e9", 3, "\u00e9"),
        ("4\x00", 2, "\x00"),
        ("44\n", 3, "\n"),
    ],
)
def test_malformed_move_string(moves: str, position: int, char: str) -> None:
    with pytest.raises(InvalidMoveError) as info:
        Game(moves)
    message = str(info.value)
    assert repr(moves) in message
    assert f"character {position} is {char!r}" in message
    assert "1 to 7" in message


def test_malformed_move_string_is_not_an_illegal_move() -> None:
    with pytest.raises(InvalidMoveError) as info:
        Game("4448")
    assert not isinstance(info.value, IllegalMoveError)


def test_empty_string_is_the_empty_board() -> None:
    assert Game("") == Game()
    assert Game("").ply == 0 and Game("").moves == ""


@pytest.mark.parametrize(
    ("moves", "fragment"),
    [
        (None, "not NoneType"),
        (44, "not int"),
        (b"44", "not bytes"),
        (["4", "4"], "move 1 of ['4', '4']: a column is an int from 0 to 6, not str"),
        ([3, 3.0], "move 2 of [3, 3.0]: a column is an int from 0 to 6, not float"),
        ([3, True], "move 2 of [3, True]: a column is an int from 0 to 6, not a bool"),
    ],
)
def test_moves_are_a_str_or_a_sequence_of_ints(moves: Any, fragment: str) -> None:
    with pytest.raises(TypeError) as info:
        Game(moves)
    assert fragment in str(info.value)


def test_illegal_column_in_a_sequence() -> None:
    with pytest.raises(IllegalMoveError) as info:
        Game([3] * 7)
    assert not isinstance(info.value, GameOverError)
    assert str(info.value) == "illegal move 7 of [3, 3, 3, 3, 3, 3, 3]: column 3 is full"
    with pytest.raises(IllegalMoveError, match=r"move 2 of .*column 7 is outside the board"):
        Game([3, 7])
    with pytest.raises(GameOverError, match=r"illegal move 8 of .*the game is over: red has won"):
        Game([0, 1] * 4)


# -- illegal moves in a move string ------------------------------------------------------


def test_move_string_into_a_full_column() -> None:
    with pytest.raises(IllegalMoveError) as info:
        Game("4444444")
    assert not isinstance(info.value, GameOverError)
    assert "move 7" in str(info.value)
    assert "column 4 is full" in str(info.value)


@pytest.mark.parametrize(
    ("moves", "reason"),
    [
        ("44556671", "red has won"),  # red's row of four on move 7, then one more
        ("141526271", "yellow has won"),
    ],
)
def test_move_string_past_the_end(moves: str, reason: str) -> None:
    with pytest.raises(GameOverError) as info:
        Game(moves)
    assert f"move {len(moves)}" in str(info.value)
    assert reason in str(info.value)


# -- illegal moves played on a Game ----------------------------------------------------


@pytest.mark.parametrize("col", [-1, 7, 8, -100, 100])
def test_column_off_the_board(col: int) -> None:
    game = Game("4453")
    with unchanged(game), pytest.raises(IllegalMoveError) as info:
        game.play(col)
    assert not isinstance(info.value, GameOverError)
    assert f"column {col}" in str(info.value)
    assert "0 to 6" in str(info.value)


def test_full_column() -> None:
    game = Game("444444")
    with unchanged(game), pytest.raises(IllegalMoveError) as info:
        game.play(3)
    assert not isinstance(info.value, GameOverError)
    assert "column 3 is full" in str(info.value)


@pytest.mark.parametrize(
    ("moves", "reason"),
    [
        ("4455667", "red has won"),
        ("14152627", "yellow has won"),
        ("663251762525713162144765711243477236343455", "draw"),
    ],
)
@pytest.mark.parametrize("col", [0, 3, 6])
def test_move_after_the_end(moves: str, reason: str, col: int) -> None:
    game = Game(moves)
    with unchanged(game), pytest.raises(GameOverError) as info:
        game.play(col)
    assert "game is over" in str(info.value)
    assert reason in str(info.value)


@pytest.mark.parametrize("col", [3.0, "3", None, True, False, [3]])
def test_column_must_be_an_int(col: Any) -> None:
    game = Game("44")
    with unchanged(game), pytest.raises(TypeError, match="int"):
        game.play(col)


def test_column_accepts_int_like_values() -> None:
    np = pytest.importorskip("numpy")
    game = Game("44")
    game.play(np.int64(2))
    assert game.moves == "443"


def test_undo_on_the_empty_game() -> None:
    game = Game()
    with unchanged(game), pytest.raises(IndexError, match="no move"):
        game.undo()


def test_undo_back_to_empty_then_once_more() -> None:
    game = Game("45")
    assert game.undo() == 4
    assert game.undo() == 3
    with pytest.raises(IndexError):
        game.undo()
    assert game == Game()


# -- boards no legal game reaches -------------------------------------------------------


def board(*rows: str) -> str:
    """A board given bottom row last, padded with empty rows at the top."""
    return "\n".join(["......."] * (6 - len(rows)) + list(rows))


@pytest.mark.parametrize(
    ("text", "fragment"),
    [
        pytest.param(board("...X...", "......."), "floats", id="floating-disc"),
        pytest.param(board("X......", ".......", "...O..."), "floats", id="floating-high"),
        pytest.param(board("XX....."), "red has 2 discs and yellow 0", id="red-two-ahead"),
        pytest.param(board("O......"), "yellow 1", id="yellow-first"),
        pytest.param(board("OOX...."), "red has 1 disc and yellow 2", id="yellow-ahead"),
        pytest.param(board("OOOO...", "XXXX..."), "both red and yellow", id="both-four"),
        pytest.param(
            board("OOO....", "XXXX..O"),
            "red has four in a row but yellow has moved since",
            id="red-four-yellow-last",
        ),
        pytest.param(
            board("XXX....", "OOOOX.X"),
            "yellow has four in a row but red has moved since",
            id="yellow-four-red-last",
        ),
        # Red's last disc must complete the four, but the only red disc on top of a column
        # is not part of it: the four was made earlier and yellow moved after it.
        pytest.param(board("OOOX...", "XXXXO.."), "no legal game", id="four-before-the-end"),
        # Two fours of red that share no disc: its last disc cannot have made both.
        pytest.param(
            board("......X", "......X", "OOO.OOX", "XXXXOOX"), "no legal game", id="two-fours"
        ),
    ],
)
def test_impossible_boards(text: str, fragment: str) -> None:
    with pytest.raises(BoardError) as info:
        Game.from_board(text)
    assert fragment in str(info.value)


@pytest.mark.parametrize(
    ("value", "fragment"),
    [
        pytest.param([[0] * 7] * 5 + [[0] * 8], "row 6 from the top has 8 cells, not 7", id="long-row"),
        pytest.param([[0] * 7, [0] * 6] + [[0] * 7] * 4, "row 2 from the top has 6 cells", id="short-row"),
        pytest.param(
            [[0] * 7] * 5 + [[0, 0, 3, 0, 0, 0, 0]], "row 6 from the top, column 3", id="bad-int"
        ),
        pytest.param([[0] * 7] * 5 + [[0.5] * 7], "not a cell", id="fraction"),
        pytest.param([[0] * 7] * 5 + [[float("nan")] * 7], "not a cell", id="nan"),
        pytest.param([[0] * 7] * 5 + [[None] * 7], "not a cell", id="none"),
        pytest.param(board("..Z...."), "'Z' is not a cell", id="bad-letter"),
        pytest.param(42, "not int", id="not-a-sequence"),
        pytest.param([0] * 41, "a flat board has 42 cells (7x6)", id="flat-41"),
        pytest.param([0] * 43, "this one has 43", id="flat-43"),
        pytest.param([[0] * 7] * 5 + [0], "row 6 from the top is 0", id="cell-among-rows"),
    ],
)
def test_malformed_boards(value: Any, fragment: str) -> None:
    with pytest.raises(BoardError) as info:
        Game.from_board(value)
    assert fragment in str(info.value)


@pytest.mark.parametrize(
    ("value", "size"),
    [
        pytest.param([[0] * 7] * 3, "7 columns and 3 rows", id="three-rows"),
        pytest.param([[0] * 7] * 14, "7 columns and 14 rows", id="fourteen-rows"),
        pytest.param([[0] * 3] * 6, "3 columns and 6 rows", id="three-columns"),
        pytest.param([[0] * 13] * 6, "13 columns and 6 rows", id="thirteen-columns"),
        pytest.param([], "0 columns and 0 rows", id="no-rows"),
        pytest.param("...\n...\n...", "3 columns and 3 rows", id="text-3x3"),
    ],
)
def test_boards_of_no_size_link4_plays(value: Any, size: str) -> None:
    with pytest.raises(BoardSizeError) as info:
        Game.from_board(value)
    assert str(info.value) == f"link4 plays boards of 4 to 12 columns and 4 to 13 rows, not {size}"


def test_a_board_of_a_shape_in_range_past_128_cells_is_refused() -> None:
    with pytest.raises(BoardSizeError, match=r"at most 128 .*, not 12 columns and 10 rows"):
        Game.from_board([[0] * 12] * 10)
    assert Game.from_board([[0] * 12] * 9) == Game(width=12, height=9)


# -- columns outside what C can hold -----------------------------------------------------


@pytest.mark.parametrize("col", [2**31, -(2**31) - 1, 2**63, 10**20, -(10**20)])
def test_huge_column_is_off_the_board(col: int) -> None:
    game = Game("4453")
    with unchanged(game), pytest.raises(IllegalMoveError) as info:
        game.play(col)
    assert not isinstance(info.value, GameOverError)
    assert f"column {col} is outside the board" in str(info.value)


@pytest.mark.parametrize("col", [-1, 7, 2**31, 10**20])
def test_queries_about_columns_off_the_board(col: int) -> None:
    game = Game("445566")
    with unchanged(game):
        assert not game.is_legal(col)
        assert not game.is_winning_move(col)
        with pytest.raises(IndexError, match="column"):
            game.column_height(col)


def test_the_core_s_size_errors() -> None:
    error = from_core(ErrorCode.BOARD_SIZE, width=13, height=4)
    assert type(error) is BoardSizeError
    assert str(error) == "link4 plays boards of 4 to 12 columns and 4 to 13 rows, not 13 columns and 4 rows"
    error = from_core(
        ErrorCode.SIZE_MISMATCH, what="book", width=7, height=6, expected_width=8, expected_height=7
    )
    assert type(error) is SizeMismatchError
    assert str(error) == "board sizes differ: the book is 7x6, but 8x7 is expected here (width x height)"


def test_the_core_s_move_errors_name_the_width() -> None:
    error = from_core(ErrorCode.OUT_OF_RANGE, col=6, width=5)
    assert str(error) == "column 6 is outside the board: columns are 0 to 4"
    error = from_core(ErrorCode.MALFORMED_STRING, moves="17", index=1, width=6)
    assert "digits 1 to 6" in str(error)


# -- every error code of the engine, raised by the engine --------------------------------


def tiny_book(change: Callable[[bytearray], object] = lambda b: None) -> bytes:
    """The bytes of a book of two positions, changed in place by ``change``."""
    entries = {canonical_key(Game("4455")): 18, canonical_key(Game("44")): 1}
    data = bytearray(Book.from_entries(entries, depth=4).to_bytes())
    change(data)
    return bytes(data)


def ask_a_busy_solver() -> None:
    """Ask a Solver for a score while a search in another thread holds it."""
    solver = Solver(table_mb=16, book=None)
    held = threading.Event()

    def hold() -> None:
        while True:  # retried while the main thread's quick solves hold the solver
            with suppress(RuntimeError):
                held.set()
                solver.search(Game(), time_limit=1.0)
                return

    thread = threading.Thread(target=hold)
    thread.start()
    held.wait()
    try:
        deadline = time.monotonic() + 30
        while time.monotonic() < deadline:  # until the search has the solver
            solver.solve("445566")  # one move to a win: answered at once
    finally:
        thread.join()


def flip(at: int, value: int | None = None) -> Callable[[bytearray], None]:
    """A change of the byte at ``at``: to ``value``, or one bit of it flipped."""

    def change(data: bytearray) -> None:
        data[at] = data[at] ^ 0x40 if value is None else value

    return change


MOVE_STRING = "but moves are the digits 1 to 7 (1 = leftmost column)"
ENTRIES = "the book file is corrupt (its entries are out of order or off the scale)"
# For each code: what raises it (through the public API, else through the binding that
# raises it, where link4 checks first in Python), the exception and its message.
MISSING_CHECKPOINT = "no-such-folder-here/no.ckpt"
CORE_ERRORS: dict[ErrorCode, tuple[Callable[[], object], type[Exception], str]] = {
    ErrorCode.MALFORMED_STRING: (
        lambda: Game("448"),
        InvalidMoveError,
        f"invalid move string '448': character 3 is '8', {MOVE_STRING}",
    ),
    ErrorCode.STRING_COLUMN_FULL: (
        lambda: Game("4444444"),
        IllegalMoveError,
        "illegal move 7 of '4444444': column 4 is full",
    ),
    ErrorCode.STRING_GAME_OVER: (
        lambda: Game("44556671"),
        GameOverError,
        "illegal move 8 of '44556671': the game is over: red has won",
    ),
    ErrorCode.OUT_OF_RANGE: (  # Game.play refuses it before the core
        lambda: _core.Position().play(7),
        IllegalMoveError,
        "column 7 is outside the board: columns are 0 to 6",
    ),
    ErrorCode.COLUMN_FULL: (lambda: Game("444444").play(3), IllegalMoveError, "column 3 is full"),
    ErrorCode.GAME_OVER: (
        lambda: Game("663251762525713162144765711243477236343455").play(0),
        GameOverError,
        "the game is over: the board is full (a draw)",
    ),
    ErrorCode.NOTHING_TO_UNDO: (  # Game.undo knows its moves
        lambda: _core.Position.from_moves("44").undo(2),
        IllegalMoveError,
        "no disc to take back in column 2",
    ),
    ErrorCode.SEARCH_OVER: (
        lambda: link4.solve("14152627"),
        GameOverError,
        "cannot search this position: the game is over: yellow has won",
    ),
    ErrorCode.BUSY: (ask_a_busy_solver, RuntimeError, "this Solver is busy in another thread"),
    ErrorCode.BAD_ARGUMENT: (  # link4.perft checks its depth first
        lambda: _core.perft(_core.Position(), -1),
        ValueError,
        "depth out of range: -1",
    ),
    ErrorCode.BOARD_SIZE: (  # as does Game
        lambda: _core.Position(12, 10),
        BoardSizeError,
        ("link4 plays boards of 4 to 12 columns and 4 to 13 rows whose columns x (rows + 1) is at "
         "most 128 (12x9, 11x10, 10x11, 9x13...), not 12 columns and 10 rows"),
    ),
    ErrorCode.INAROW: (  # Game checks it first, in Python, with the same message
        lambda: _core.Position(5, 5, 6),
        link4.InarowError,
        "6 in a row fits no line of a 5x5 board: its lines are at most 5 long",
    ),
    ErrorCode.SIZE_MISMATCH: (
        lambda: Book.from_bytes(tiny_book()).get(Game(width=5, height=4)),
        SizeMismatchError,
        "board sizes differ: the position is 5x4, but 7x6 is expected here (width x height)",
    ),
    ErrorCode.BOARD_SHAPE: (  # Game.from_board names the short row first
        lambda: _core.board_moves([[0] * 7] * 5 + [[0] * 6]),
        BoardError,
        "a board is rows of as many cells each, top row first",
    ),
    ErrorCode.BAD_CELL: (  # and the bad cell
        lambda: _core.board_moves([[0] * 7] * 5 + [[0, 0, 3, 0, 0, 0, 0]]),
        BoardError,
        "the cell in column 3, row 1 from the bottom is not 0 (empty), 1 (red) or 2 (yellow)",
    ),
    ErrorCode.FLOATING: (
        lambda: Game.from_board(board("...X...", ".......")),
        BoardError,
        "the disc in column 4, row 2 from the bottom floats above an empty cell",
    ),
    ErrorCode.DISC_COUNT: (
        lambda: Game.from_board(board("OOX....")),
        BoardError,
        "red has 1 disc and yellow 2: red moves first, so red has as many discs as yellow or one more",
    ),
    ErrorCode.BOTH_FOUR: (
        lambda: Game.from_board(board("OOOO...", "XXXX...")),
        BoardError,
        "both red and yellow have four in a row: the game ends at the first one",
    ),
    ErrorCode.MOVED_AFTER_FOUR: (
        lambda: Game.from_board(board("XXX....", "OOOOX.X")),
        BoardError,
        "yellow has four in a row but red has moved since: the game would have ended at the four",
    ),
    ErrorCode.UNREACHABLE: (
        lambda: Game.from_board(board("OOOX...", "XXXXO..")),
        BoardError,
        "no legal game reaches this board: every order of play makes four in a row before the last disc",
    ),
    ErrorCode.BOOK_TRUNCATED: (
        lambda: Book.from_bytes(tiny_book()[:-1]),
        BookError,
        "the book file is cut short",
    ),
    ErrorCode.BOOK_MAGIC: (
        lambda: Book.from_bytes(tiny_book(flip(0))),
        BookError,
        "not a link4 book file",
    ),
    ErrorCode.BOOK_VERSION: (
        lambda: Book.from_bytes(tiny_book(flip(8, 3))),
        BookError,
        "a book of another format version (rebuild it with this link4)",
    ),
    ErrorCode.BOOK_BOARD: (
        lambda: Book.from_bytes(tiny_book(flip(10, 3))),  # 3 columns
        BookError,
        "a book made for another board size",
    ),
    ErrorCode.BOOK_CHECKSUM: (
        lambda: Book.from_bytes(tiny_book(flip(-1))),
        BookError,
        "the book file is corrupt (its checksum does not match)",
    ),
    ErrorCode.BOOK_ENTRIES: (
        lambda: Book.from_entries({canonical_key(Game("44")): 22}, depth=4),  # a score off the scale
        BookError,
        ENTRIES,
    ),
    ErrorCode.CHECKPOINT: (
        lambda: link4.read_checkpoint(MISSING_CHECKPOINT),
        CheckpointError,
        f"{MISSING_CHECKPOINT} cannot be read (no such file, or no permission)",
    ),
}
# Once Python exits, searches are refused for good: that one is reached in a child.
IN_A_CHILD = {ErrorCode.EXITING}


@pytest.mark.parametrize("code", list(CORE_ERRORS), ids=lambda code: code.name)
def test_each_error_code_of_the_core(code: ErrorCode, monkeypatch: pytest.MonkeyPatch) -> None:
    trigger, cls, message = CORE_ERRORS[code]
    raised: list[ErrorCode] = []

    def spy(code: ErrorCode, **details: Any) -> Exception:
        raised.append(code)
        return from_core(code, **details)

    # The bindings look from_core up at each error; link4's own modules do not.
    monkeypatch.setattr(link4.errors, "from_core", spy)
    with pytest.raises(cls) as info:
        trigger()
    assert type(info.value) is cls
    assert str(info.value) == message
    assert set(raised) == {code}  # raised by the engine, as this code


CHILD = """
import json
import link4, link4.errors
from link4 import _core

raised = []
from_core = link4.errors.from_core
def spy(code, **details):
    raised.append(code.name)
    return from_core(code, **details)
link4.errors.from_core = spy
solver = link4.Solver(book=None)
_core._stop_for_exit()  # what the exit hook does first
try:
    solver.solve("445566")
except Exception as e:
    print(json.dumps([raised, type(e).__name__, str(e)]))
"""


def test_a_search_asked_once_python_exits_is_refused() -> None:
    child = subprocess.run([sys.executable, "-c", CHILD], capture_output=True, text=True, timeout=300)
    assert child.returncode == 0, child.stderr
    assert json.loads(child.stdout.splitlines()[-1]) == [
        ["EXITING"],
        "RuntimeError",
        "the interpreter is exiting: no new search is started",
    ]


def test_every_error_code_is_reached_above() -> None:
    # A new code of the engine needs its case here, and its message in link4.errors.
    assert set(CORE_ERRORS) | IN_A_CHILD == set(ErrorCode.__members__.values())
    assert CORE_ERRORS.keys().isdisjoint(IN_A_CHILD)


def test_a_code_unknown_to_python_is_a_runtime_error() -> None:
    error = from_core(ErrorCode(200), col=1)
    assert type(error) is RuntimeError
    assert str(error).startswith("link4 engine error ") and str(error).endswith(": {'col': 1}")


# -- what a message quotes of what it was given ------------------------------------------


def test_a_long_input_is_quoted_cut_and_says_so() -> None:
    assert quoted("4453") == "'4453'"
    text = "#" + "x" * 4999
    shown = quoted(text)
    assert shown == repr(text[:QUOTE_LIMIT]) + "... (5000 characters)"
    assert quoted(list(range(1000))).endswith("...") and len(quoted(list(range(1000)))) <= QUOTE_LIMIT + 3


FILE = "# a whole file, by mistake\n" * 400


@pytest.mark.parametrize(
    ("make", "error"),
    [
        (lambda: Game("44" + FILE), InvalidMoveError),  # a file read as moves
        (lambda: Game("4444444" + "1" * 10_000), IllegalMoveError),
        (lambda: parse_size(FILE), BoardSizeError),
        (lambda: Game.from_board([[FILE] * 4] * 4), BoardError),
        (lambda: Engine(FILE), ValueError),
        (lambda: Bot(FILE), ValueError),
    ],
)
def test_a_message_quotes_at_most_a_short_cut_prefix_of_what_it_was_given(
    make: Callable[[], object], error: type[Exception]
) -> None:
    with pytest.raises(error) as caught:
        make()
    message = str(caught.value)
    assert len(message) < 300, message
    assert re.search(r"'\.\.\. \(1\d{4} characters\)", message), message
