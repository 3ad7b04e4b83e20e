"""Every way to misuse a Game: the exact exception, a message that says why, and a game
left exactly as it was."""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

import pytest

import link4
from link4 import (
    BoardError,
    BoardSizeError,
    Game,
    GameOverError,
    IllegalMoveError,
    InvalidMoveError,
    SizeMismatchError,
)
from link4._core import ErrorCode
from link4.errors import from_core


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
        pytest.param([[0] * 7] * 13, "7 columns and 13 rows", id="thirteen-rows"),
        pytest.param([[0] * 3] * 6, "3 columns and 6 rows", id="three-columns"),
        pytest.param([[0] * 10] * 6, "10 columns and 6 rows", id="ten-columns"),
        pytest.param([], "0 columns and 0 rows", id="no-rows"),
        pytest.param("...\n...\n...", "3 columns and 3 rows", id="text-3x3"),
    ],
)
def test_boards_of_no_size_link4_plays(value: Any, size: str) -> None:
    with pytest.raises(BoardSizeError) as info:
        Game.from_board(value)
    assert str(info.value) == f"link4 plays boards of 4 to 9 columns and 4 to 12 rows, not {size}"


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
    error = from_core(ErrorCode.BOARD_SIZE, width=11, height=4)
    assert type(error) is BoardSizeError
    assert str(error) == "link4 plays boards of 4 to 9 columns and 4 to 12 rows, not 11 columns and 4 rows"
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
