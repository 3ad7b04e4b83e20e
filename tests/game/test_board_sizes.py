"""Games on every board size: the rules, the errors, the copies and the pictures carry it."""

from __future__ import annotations

import copy
import pickle
import re

import pytest

import link4
from link4 import (
    RED,
    BoardError,
    BoardSizeError,
    Game,
    GameOverError,
    IllegalMoveError,
    InvalidMoveError,
    SizeMismatchError,
)
from link4.game import core_position, game_from_core

np = pytest.importorskip("numpy")

# Full boards that no four in a row ever interrupted, found by random play.
DRAW_4X4 = "1432131123344422"
DRAW_5X4 = "25131444421525332351"
DRAW_9X12 = (
    "6162875246875818127375146874275461776986364525745216786252166974152259589992298594"
    "41991791349338883144333333"
)


# -- the size ---------------------------------------------------------------------------


def test_the_standard_board_is_the_default() -> None:
    game = Game("4453")
    assert (game.width, game.height) == (7, 6) == (link4.WIDTH, link4.HEIGHT)
    assert game == Game("4453", width=7, height=6)
    assert repr(game) == "Game('4453')"


def test_every_size_from_4x4_to_12x9_and_9x13(board_size: tuple[int, int]) -> None:
    width, height = board_size
    game = Game(width=width, height=height)
    assert (game.width, game.height) == (width, height)
    assert game.legal_moves() == list(range(width))
    assert game.to_board() == [[0] * width for _ in range(height)]
    assert game.outcome() is None and not game.is_over()


@pytest.mark.parametrize(
    ("width", "height", "words"),
    [
        (3, 6, "not 3 columns and 6 rows"),
        (13, 6, "not 13 columns and 6 rows"),
        (7, 3, "not 7 columns and 3 rows"),
        (7, 14, "not 7 columns and 14 rows"),
        (0, 0, "not 0 columns and 0 rows"),
        (-7, 6, "not -7 columns and 6 rows"),
        (10**20, 6, f"not {10**20} columns and 6 rows"),
    ],
)
def test_a_size_out_of_range(width: int, height: int, words: str) -> None:
    with pytest.raises(BoardSizeError) as info:
        Game("1", width=width, height=height)
    assert str(info.value) == f"link4 plays boards of 4 to 12 columns and 4 to 13 rows, {words}"
    assert isinstance(info.value, ValueError)


@pytest.mark.parametrize(("width", "height"), [(12, 10), (10, 12), (11, 11), (12, 13), (10, 13)])
def test_a_size_in_range_past_128_cells_is_refused(width: int, height: int) -> None:
    # Each width and each height is played, but not together: a column's cells and its
    # sentinel, times the columns, pass 128.
    assert width * (height + 1) > 128
    with pytest.raises(BoardSizeError) as info:
        Game(width=width, height=height)
    assert str(info.value) == (
        "link4 plays boards of 4 to 12 columns and 4 to 13 rows whose columns x (rows + 1) "
        f"is at most 128 (12x9, 11x10, 10x11, 9x13...), not {width} columns and {height} rows"
    )


@pytest.mark.parametrize(("width", "height"), [(12, 9), (11, 10), (10, 11), (9, 13), (12, 4), (4, 13)])
def test_the_largest_and_the_extreme_sizes_are_played(width: int, height: int) -> None:
    game = Game("1" * height, width=width, height=height)
    assert game.column_height(0) == height and not game.is_legal(0)
    assert game.legal_moves() == list(range(1, width))


@pytest.mark.parametrize("bad", [7.0, "7", None, True])
def test_a_size_is_an_int(bad: object) -> None:
    with pytest.raises(TypeError, match="width is an int"):
        Game(width=bad)  # type: ignore[arg-type]
    with pytest.raises(TypeError, match="height is an int"):
        Game(height=bad)  # type: ignore[arg-type]


def test_a_size_accepts_int_like_values() -> None:
    assert Game("11", width=np.int64(5), height=np.int8(4)) == Game("11", width=5, height=4)


# -- moves ------------------------------------------------------------------------------


def test_a_full_column_of_the_4x4_board() -> None:
    game = Game("1111", width=4, height=4)
    assert game.legal_moves() == [1, 2, 3]
    assert game.column_height(0) == 4 and not game.is_legal(0)
    with pytest.raises(IllegalMoveError) as info:
        game.play(0)
    assert str(info.value) == "column 0 is full" and not isinstance(info.value, GameOverError)
    assert game.moves == "1111"
    with pytest.raises(IllegalMoveError) as info:
        Game("11111", width=4, height=4)
    assert str(info.value) == "illegal move 5 of '11111': column 1 is full"


def test_the_ninth_column_of_a_9_wide_board() -> None:
    game = Game("9", width=9, height=6)
    assert game.moves == "9" and game.move_list == [8] and game.last_move == 8
    assert game.to_board()[-1] == [0, 0, 0, 0, 0, 0, 0, 0, 1]
    game.play(8)
    assert game.moves == "99" and game.column_height(8) == 2


@pytest.mark.parametrize(
    ("width", "moves", "index", "allowed"),
    [
        (5, "6", 1, "the digits 1 to 5"),
        (4, "1235", 4, "the digits 1 to 4"),
        (8, "889", 3, "the digits 1 to 8"),
        (9, "99a", 3, "the digits 1 to 9"),
        (10, "a0", 2, "the digits 1 to 9 and a (column 10)"),
        (10, "aAb", 3, "the digits 1 to 9 and a (column 10)"),
        (11, "bc", 2, "the digits 1 to 9 and a to b (columns 10 to 11)"),
        (12, "cd", 2, "the digits 1 to 9 and a to c (columns 10 to 12)"),
    ],
)
def test_a_column_past_the_width_is_malformed(width: int, moves: str, index: int, allowed: str) -> None:
    with pytest.raises(InvalidMoveError) as info:
        Game(moves, width=width, height=6)
    assert str(info.value) == (
        f"invalid move string {moves!r}: character {index} is {moves[index - 1]!r}, but moves "
        f"are {allowed} (1 = leftmost column)"
    )


def test_a_move_string_alone_is_the_7x6_board() -> None:
    with pytest.raises(InvalidMoveError, match="digits 1 to 7"):
        Game("8")
    assert Game("8", width=8, height=6).moves == "8"


@pytest.mark.parametrize("col", [5, 7, -1, 2**40])
def test_a_column_off_a_narrow_board(col: int) -> None:
    game = Game("33", width=5, height=4)
    with pytest.raises(IllegalMoveError) as info:
        game.play(col)
    assert str(info.value) == f"column {col} is outside the board: columns are 0 to 4"
    assert not game.is_legal(col) and not game.is_winning_move(col)
    with pytest.raises(IndexError, match="columns are 0 to 4"):
        game.column_height(col)
    assert game.moves == "33"


def test_a_column_of_the_wrong_type_names_the_width() -> None:
    with pytest.raises(TypeError, match="a column is an int from 0 to 3, not str"):
        Game(width=4, height=5).play("1")  # type: ignore[arg-type]


# -- the end of the game ----------------------------------------------------------------


def test_four_in_a_column_fills_a_4_high_column() -> None:
    game = Game("1213141", width=4, height=4)
    outcome = game.outcome()
    assert outcome is not None and outcome.winner is RED and outcome.ply == 7
    assert sorted(outcome.line) == [(0, 0), (0, 1), (0, 2), (0, 3)]
    assert game.legal_moves() == []
    with pytest.raises(GameOverError, match="red has won"):
        game.play(1)


def test_a_win_in_the_ninth_column_of_a_9x12_board() -> None:
    game = Game("6677889", width=9, height=12)
    outcome = game.outcome()
    assert outcome is not None and outcome.winner is RED
    assert sorted(outcome.line) == [(5, 0), (6, 0), (7, 0), (8, 0)]
    assert Game("667788", width=9, height=12).is_winning_move(8)


@pytest.mark.parametrize(
    ("moves", "width", "height"), [(DRAW_4X4, 4, 4), (DRAW_5X4, 5, 4), (DRAW_9X12, 9, 12)]
)
def test_a_full_board_is_a_draw(moves: str, width: int, height: int) -> None:
    game = Game(moves, width=width, height=height)
    assert game.outcome() == link4.Outcome(None, (), width * height)
    assert game.is_over() and game.legal_moves() == []
    with pytest.raises(GameOverError, match="the board is full"):
        game.play(0)
    assert str(game).splitlines()[-1] == "draw"


def test_the_draw_string_is_not_a_game_of_the_standard_board() -> None:
    # Sixteen moves on 7 x 6 fill no board: the same string is a running game there.
    assert not Game(DRAW_4X4).is_over()


# -- copies, comparison and records -----------------------------------------------------


def test_repr_is_code_with_the_size() -> None:
    game = Game("334", width=6, height=5)
    assert repr(game) == "Game('334', width=6, height=5)"
    assert eval(repr(game), {"Game": Game}) == game
    assert repr(Game(width=9, height=12)) == "Game('', width=9, height=12)"


def test_different_sizes_are_never_equal() -> None:
    assert Game(width=6, height=5) != Game()
    assert Game("1", width=4, height=4) != Game("1", width=4, height=5)
    assert Game("1", width=4, height=4) != Game("1", width=5, height=4)
    assert Game("12", width=4, height=4) == Game([0, 1], width=4, height=4)
    assert len({Game(width=w, height=h) for w in range(4, 10) for h in range(4, 13)}) == 54


@pytest.mark.parametrize("protocol", range(pickle.HIGHEST_PROTOCOL + 1))
def test_pickling_keeps_the_size(protocol: int) -> None:
    game = Game("3341", width=5, height=8)
    clone = pickle.loads(pickle.dumps(game, protocol))
    assert clone == game and (clone.width, clone.height) == (5, 8) and clone.moves == "3341"


def test_copies_keep_the_size() -> None:
    game = Game("21", width=4, height=9)
    for twin in (game.copy(), copy.copy(game), copy.deepcopy(game)):
        assert twin == game and (twin.width, twin.height) == (4, 9)
        twin.play(3)
        assert game.moves == "21"


def test_mirror_keeps_the_size() -> None:
    game = Game("1125", width=5, height=4)
    assert game.mirror() == Game("5541", width=5, height=4)
    assert repr(game.mirror()) == "Game('5541', width=5, height=4)"
    assert game.mirror().mirror() == game


def test_core_position_has_the_game_s_size() -> None:
    game = Game("12", width=8, height=7)
    position = core_position(game)
    assert (position.width, position.height) == (8, 7)
    assert (core_position("12").width, core_position("12").height) == (7, 6)
    again = game_from_core(position.copy(), "12")
    assert again == game and repr(again) == "Game('12', width=8, height=7)"


# -- text and pictures ------------------------------------------------------------------


def test_the_text_picture_of_a_6x5_board() -> None:
    lines = str(Game("3", width=6, height=5)).splitlines()
    assert lines == [
        ". . . . . .",
        ". . . . . .",
        ". . . . . .",
        ". . . . . .",
        ". . X . . .",
        "1 2 3 4 5 6",
        "yellow (O) to move",
    ]


def test_the_terminal_board_of_a_6x5_board() -> None:
    from link4.commands._terminal import Palette, render_board

    lines = render_board(Game("33", width=6, height=5), Palette(False)).splitlines()
    assert len(lines) == 5 + 2
    assert lines[0] == " | .  .  .  .  .  . |"
    assert lines[3] == " | .  . [O] .  .  . |"
    assert lines[4] == " | .  .  X  .  .  . |"
    assert lines[5] == " +" + "-" * 18 + "+"
    assert lines[6] == "   1  2  3  4  5  6"


def test_the_svg_picture_of_an_8x4_board() -> None:
    from link4.svg import board

    game = Game("18", width=8, height=4)
    picture = board(game, size=400, scores=[1, 0, -1, 0, 0, 0, 0, None])
    assert picture.count('class="empty"') == 30 and picture.count('class="disc ') == 2
    assert picture.count('class="coordinate"') == 8
    assert "<title>Game(&#x27;18&#x27;, width=8, height=4)</title>" in picture
    # 50 px a cell: a 0.7-cell band of scores, 4 rows and the coordinates under them.
    assert 'viewBox="0 0 400 260"' in picture
    with pytest.raises(ValueError, match=r"one entry per column \(8\), not 7"):
        board(game, scores=[0] * 7)


def test_the_pictures_of_the_widest_and_the_tallest_boards_name_columns_as_moves() -> None:
    from link4.commands._terminal import Palette, render_board
    from link4.svg import board

    wide = Game("1abc", width=12, height=9)
    picture = board(wide, size=600)
    assert re.findall(r'class="coordinate"[^>]*>([^<]*)</text>', picture) == list("123456789abc")
    assert picture.count('class="empty"') == 12 * 9 - 4
    assert 'viewBox="0 0 600 475"' in picture  # 50 px a cell: 9 rows and the coordinates
    lines = render_board(wide, Palette(False)).splitlines()
    assert lines[8] == " | X  .  .  .  .  .  .  .  .  O  X [O]|"
    assert lines[-1] == "   1  2  3  4  5  6  7  8  9  a  b  c"
    tall = board(Game("9", width=9, height=13), size=450)
    assert 'viewBox="0 0 450 675"' in tall and tall.count('class="empty"') == 9 * 13 - 1


# -- boards without a history -----------------------------------------------------------


@pytest.mark.parametrize(("moves", "width", "height"), [("1ab", 12, 9), ("9" * 13, 9, 13), ("ba", 11, 10)])
def test_arrays_and_planes_of_the_largest_boards(moves: str, width: int, height: int) -> None:
    game = Game(moves, width=width, height=height)
    assert game.to_array().shape == (height, width)
    assert game.to_planes().shape == (height, width, 2)
    assert Game.from_board(game.to_array()) == game == Game.from_planes(game.to_planes())
    flat = [v for row in game.to_board() for v in row]
    assert Game.from_board(flat, width=width, height=height) == game


def test_from_board_of_a_5x8_numpy_array() -> None:
    game = Game("3324", width=5, height=8)
    array = game.to_array()
    assert array.shape == (8, 5)
    rebuilt = Game.from_board(array)
    assert rebuilt == game and (rebuilt.width, rebuilt.height) == (5, 8)


def test_planes_are_height_by_width_by_two() -> None:
    game = Game("112", width=9, height=4)
    planes = game.to_planes()
    assert planes.shape == (4, 9, 2)
    assert planes[3, 0].tolist() == [0, 1] and planes[3, 1].tolist() == [0, 1]  # yellow moves
    assert Game.from_planes(planes) == game
    with pytest.raises(BoardError, match=r"shape \(4, 9, 2\) on a 9x4 board"):
        Game.from_planes(np.zeros((4, 9, 3)))


def test_from_board_of_text_reads_its_size() -> None:
    game = Game.from_board(str(Game("54", width=5, height=4)))
    assert game == Game("54", width=5, height=4)
    assert Game.from_board("....\n....\n....\n.XO.") == Game("23", width=4, height=4)


def test_a_flat_board_needs_its_size_unless_it_has_42_cells() -> None:
    flat = [v for row in Game("31", width=6, height=5).to_board() for v in row]
    with pytest.raises(BoardError) as info:
        Game.from_board(flat)
    assert str(info.value) == (
        "a flat board has 42 cells (7x6), top row first; this one has 30: give width= and "
        "height= for another board"
    )
    assert Game.from_board(flat, width=6, height=5) == Game("31", width=6, height=5)
    assert Game.from_board([0] * 30, width=5, height=6) == Game(width=5, height=6)
    with pytest.raises(BoardError, match="a flat 4x4 board has 16 cells, top row first; this one has 30"):
        Game.from_board(flat, width=4, height=4)
    with pytest.raises(TypeError, match="both width= and height="):
        Game.from_board(flat, width=6)


def test_a_board_of_another_size_than_asked() -> None:
    rows = Game("44").to_board()
    with pytest.raises(SizeMismatchError) as info:
        Game.from_board(rows, width=6, height=5)
    assert str(info.value) == (
        "board sizes differ: the board is 7x6, but 6x5 is expected here (width x height)"
    )
    with pytest.raises(SizeMismatchError):
        Game.from_board(Game("44").to_planes(), width=7, height=5)
    assert Game.from_board(rows, width=7, height=6) == Game("44")
    with pytest.raises(BoardSizeError):
        Game.from_board(rows, width=3, height=6)


# -- perft ------------------------------------------------------------------------------


def test_perft_of_the_4x4_board() -> None:
    empty = Game(width=4, height=4)
    assert [link4.perft(empty, d) for d in range(1, 6)] == [4, 16, 64, 256, 1020]
    assert link4.perft(empty, 17) == 0
    assert link4.perft(Game(DRAW_4X4[:-1], width=4, height=4), 1) == 1
