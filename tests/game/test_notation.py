"""Move strings past nine columns: columns 10, 11 and 12 are a, b and c (A, B and C are
read too, and written lowercase), and the sizes that link4 plays."""

from __future__ import annotations

import pytest

from link4 import BoardSizeError, Game, IllegalMoveError, InvalidMoveError, _core
from link4.rules import (
    LARGEST_SIZES,
    MOVE_CHARACTERS,
    SIZES,
    column_of_character,
    columns_of,
    is_supported_size,
    move_string,
)

# A game of each wide or tall size, every column past the ninth played in it.
GAMES = [
    ("a1a2a3a", 10, 6, [9, 0, 9, 1, 9, 2, 9]),
    ("bab9ba", 11, 5, [10, 9, 10, 8, 10, 9]),
    ("1abc4ca5", 12, 9, [0, 9, 10, 11, 3, 11, 9, 4]),
    ("9999999999999", 9, 13, [8] * 13),
]


@pytest.mark.parametrize(("moves", "width", "height", "columns"), GAMES)
def test_a_move_string_round_trips(moves: str, width: int, height: int, columns: list[int]) -> None:
    game = Game(moves, width=width, height=height)
    assert game.moves == moves and game.move_list == columns
    assert Game(columns, width=width, height=height) == game
    assert repr(game) == f"Game({moves!r}, width={width}, height={height})"
    assert eval(repr(game), {"Game": Game}) == game


def test_upper_case_is_read_and_lower_case_written() -> None:
    game = Game("4AbC", width=12, height=9)
    assert game.moves == "4abc" and game.move_list == [3, 9, 10, 11]
    assert game == Game("4abc", width=12, height=9)
    assert repr(game) == "Game('4abc', width=12, height=9)"
    game.play(9)
    assert game.moves == "4abca"


def test_a_letter_on_a_board_of_nine_columns_is_malformed() -> None:
    with pytest.raises(InvalidMoveError) as info:
        Game("44a", width=9, height=6)
    assert str(info.value) == (
        "invalid move string '44a': character 3 is 'a', but moves are the digits 1 to 9 "
        "(1 = leftmost column)"
    )
    with pytest.raises(InvalidMoveError, match="moves are the digits 1 to 7"):
        Game("a")


@pytest.mark.parametrize(("moves", "column"), [("aaaaA", 10), ("BBBBb", 11), ("ccccc", 12), ("11111", 1)])
def test_a_full_column_is_named_by_its_number(moves: str, column: int) -> None:
    with pytest.raises(IllegalMoveError) as info:
        Game(moves, width=12, height=4)
    assert str(info.value) == f"illegal move 5 of {moves!r}: column {column} is full"


@pytest.mark.parametrize(("width", "height"), [(12, 10), (10, 12)])
def test_a_board_past_128_cells_is_refused_whatever_its_moves(width: int, height: int) -> None:
    with pytest.raises(BoardSizeError, match=f"at most 128 .*, not {width} columns and {height} rows"):
        Game("1a", width=width, height=height)


def test_the_text_diagram_names_the_columns_as_moves() -> None:
    lines = str(Game("1abc", width=12, height=4)).splitlines()
    assert lines[-3] == "X . . . . . . . . O X O"
    assert lines[-2] == "1 2 3 4 5 6 7 8 9 a b c"


# -- the notation's helpers ------------------------------------------------------------------


def test_each_column_has_one_character_both_ways() -> None:
    assert len(MOVE_CHARACTERS) == _core.MAX_WIDTH == 12
    every = list(range(12))
    assert move_string(every) == "123456789abc"
    assert columns_of(move_string(every)) == every == columns_of("123456789ABC")
    for col, ch in enumerate(MOVE_CHARACTERS):
        assert column_of_character(ch) == column_of_character(ch.upper()) == col
    for ch in ["0", "d", "D", "", "10", " ", "a1"]:
        assert column_of_character(ch) is None
    with pytest.raises(KeyError):
        columns_of("4d")


def test_the_sizes_are_those_the_core_plays() -> None:
    for width in range(2, 15):
        for height in range(2, 15):
            try:
                _core.Position(width, height)
                played = True
            except BoardSizeError:
                played = False
            assert is_supported_size(width, height) == played == ((width, height) in SIZES), (width, height)
    assert len(SIZES) == 81 and tuple(sorted(SIZES)) == SIZES
    assert LARGEST_SIZES == ((9, 13), (10, 11), (11, 10), (12, 9))
