"""What users of the neighbouring libraries expect of a Game: 0-based move sequences,
mirror images, the last move, results and rewards, boards in any integer encoding."""

from __future__ import annotations

from typing import Any

import pytest

from link4 import RED, YELLOW, BoardError, Game, Player, _core
from link4.rules import SIZES

np = pytest.importorskip("numpy")

DRAW = "663251762525713162144765711243477236343455"


# -- sequences of 0-based columns ---------------------------------------------------------


@pytest.mark.parametrize("moves", ["", "4453", "4455667", DRAW])
def test_sequence_of_columns_is_the_move_string(moves: str) -> None:
    columns = [int(ch) - 1 for ch in moves]
    for form in (columns, tuple(columns), iter(columns), np.array(columns, dtype=np.int64)):
        game = Game(form)
        assert game.moves == moves and game.move_list == columns
        assert game == Game(moves)


def test_last_move() -> None:
    assert Game().last_move is None
    assert Game("4453").last_move == 2
    game = Game("44")
    game.play(6)
    assert game.last_move == 6
    game.undo()
    assert game.last_move == 3


def test_mirror() -> None:
    assert Game("4453").mirror() == Game("4435")
    assert Game("1234567").mirror().moves == "7654321"
    game = Game(DRAW)
    assert game.mirror().mirror().moves == game.moves
    assert game.mirror().to_board() == [row[::-1] for row in game.to_board()]
    won = Game("4455667").mirror()
    outcome = won.outcome()
    assert outcome is not None and outcome.winner is RED
    assert sorted(outcome.line) == [(0, 0), (1, 0), (2, 0), (3, 0)]


# -- results and rewards ------------------------------------------------------------------


@pytest.mark.parametrize(
    ("moves", "result", "red", "yellow"),
    [("4455667", "1-0", 1, -1), ("21212131", "0-1", -1, 1), (DRAW, "1/2-1/2", 0, 0)],
)
def test_result_and_reward(moves: str, result: str, red: int, yellow: int) -> None:
    outcome = Game(moves).outcome()
    assert outcome is not None
    assert outcome.result() == result
    assert (outcome.reward(RED), outcome.reward(YELLOW)) == (red, yellow)
    assert (outcome.reward(1), outcome.reward(2)) == (red, yellow)
    with pytest.raises(ValueError, match="0 is not a valid Player"):
        outcome.reward(0)


# -- boards in any integer encoding --------------------------------------------------------

ROWS_4453 = [[0] * 7] * 4 + [[0, 0, 0, 2, 0, 0, 0], [0, 0, 2, 1, 1, 0, 0]]


@pytest.mark.parametrize(
    ("board", "sides"),
    [
        pytest.param(np.array(ROWS_4453, dtype=np.float32), {}, id="floats"),
        pytest.param([[float(v) for v in row] for row in ROWS_4453], {}, id="python-floats"),
        pytest.param(np.array(ROWS_4453, dtype=np.uint8), {}, id="uint8"),
        pytest.param(
            [[{0: 0, 1: 1, 2: -1}[v] for v in row] for row in ROWS_4453],
            {"red": 1, "yellow": -1},
            id="plus-minus-one",
        ),
        pytest.param(
            np.array([[{0: 0, 1: -1, 2: 1}[v] for v in row] for row in ROWS_4453], dtype=np.int8),
            {"red": -1, "yellow": 1},
            id="minus-one-is-red",
        ),
        pytest.param(
            np.array([[{0: 0, 1: 1, 2: -1}[v] for v in row] for row in ROWS_4453], dtype=float),
            {"red": 1.0, "yellow": -1.0},
            id="plus-minus-one-floats",
        ),
        pytest.param(
            [[{0: 0, 1: 2, 2: 1}[v] for v in row] for row in ROWS_4453],
            {"red": 2, "yellow": 1},
            id="swapped",
        ),
    ],
)
def test_from_board_with_any_integer_values(board: Any, sides: dict[str, Any]) -> None:
    assert Game.from_board(board, **sides) == Game("4453")


def test_from_board_with_bools() -> None:
    # A board of bools is a board of 0 and 1: only red discs, so at most one of them.
    board = np.zeros((6, 7), dtype=bool)
    board[5, 3] = True
    assert Game.from_board(board) == Game("4")


def test_plus_minus_one_board_needs_the_sides_named() -> None:
    board = [[{0: 0, 1: 1, 2: -1}[v] for v in row] for row in ROWS_4453]
    with pytest.raises(BoardError, match="from_board\\(board, red=1, yellow=-1\\)"):
        Game.from_board(board)


@pytest.mark.parametrize(
    ("sides", "fragment"),
    [
        ({"red": 0}, "red must be a whole number other than 0"),
        ({"yellow": 0.5}, "yellow must be a whole number other than 0"),
        ({"red": 2, "yellow": 2}, "red and yellow must be different values"),
    ],
)
def test_from_board_sides_are_checked(sides: dict[str, Any], fragment: str) -> None:
    with pytest.raises(ValueError, match=fragment):
        Game.from_board(ROWS_4453, **sides)


# -- planes ----------------------------------------------------------------------------


def test_to_planes() -> None:
    planes = Game("4453").to_planes()
    assert planes.shape == (6, 7, 2) and planes.dtype == np.int8
    rows = np.array(ROWS_4453)
    assert (planes[:, :, 0] == (rows == 1)).all()  # red to move: plane 0 is red's
    assert (planes[:, :, 1] == (rows == 2)).all()
    yellow = Game("445").to_planes()
    assert yellow[5, 3].tolist() == [0, 1] and yellow[4, 3].tolist() == [1, 0]
    assert (Game("4453").to_planes(YELLOW) == planes[:, :, ::-1]).all()


def test_the_planes_are_the_board_s_cells_on_every_size() -> None:
    # The core writes the planes; the board's rows say independently where each disc is.
    rng = np.random.default_rng(41)
    for width, height in SIZES:  # every size link4 plays
        game = Game(width=width, height=height)
        while not game.is_over():
            rows = np.array(game.to_board())
            for side in (RED, YELLOW):
                planes = game.to_planes(side)
                assert planes.shape == (height, width, 2) and planes.dtype == np.int8
                assert (planes[:, :, 0] == (rows == side)).all()
                assert (planes[:, :, 1] == (rows == side.other)).all()
            game.play(int(rng.choice(game.legal_moves())))


def test_the_core_refuses_planes_it_cannot_write() -> None:
    position = _core.Position.from_moves("4453", 7, 6)
    with pytest.raises(ValueError, match="viewer"):
        _core.planes(position, 2, np.empty((6, 7, 2), dtype=np.int8))
    with pytest.raises(ValueError, match="out"):
        _core.planes(position, 0, np.empty((6, 7, 1), dtype=np.int8))
    with pytest.raises(ValueError, match="out"):
        _core.planes(position, 0, np.empty((6, 7, 2), dtype=np.int64))
    with pytest.raises(ValueError, match="3 is not a valid Player"):
        Game("4453").to_planes(3)


@pytest.mark.parametrize("moves", ["", "4", "44", "4453", "44536", "4455667", "21212131", DRAW])
def test_planes_round_trip(moves: str) -> None:
    game = Game(moves)
    assert Game.from_planes(game.to_planes()) == game
    assert Game.from_planes(game.to_planes().tolist()) == game
    assert Game.from_board(game.to_planes()) == game  # from_board knows planes too
    for side in (RED, YELLOW):
        assert Game.from_planes(game.to_planes(side), player=side) == game
        assert Game.from_planes(game.to_planes(side).astype(bool), player=int(side)) == game


def test_planes_with_equal_counts_are_the_mover_s_view() -> None:
    # Equal counts: red is to move, so plane 0 is red's unless the player is named.
    planes = Game("4453").to_planes(YELLOW)
    assert Game.from_planes(planes) != Game("4453")
    assert Game.from_planes(planes, player=Player.YELLOW) == Game("4453")


@pytest.mark.parametrize(
    ("planes", "fragment"),
    [
        pytest.param(np.zeros((6, 7)), "shape (6, 7, 2)", id="two-dimensional"),
        pytest.param(np.zeros((6, 7, 3)), "shape (6, 7, 2)", id="three-planes"),
        pytest.param(np.ones((6, 7, 2)), "row 1 from the top, column 1: [1.0, 1.0]", id="both"),
        pytest.param(np.full((6, 7, 2), 2), "is not a cell of the planes", id="twos"),
    ],
)
def test_bad_planes(planes: Any, fragment: str) -> None:
    with pytest.raises(BoardError) as info:
        Game.from_planes(planes)
    assert fragment in str(info.value)


def test_planes_with_too_many_discs_on_one_side() -> None:
    planes = np.zeros((6, 7, 2), dtype=np.int8)
    planes[5, 0:3, 1] = 1
    with pytest.raises(BoardError, match="plane 0 has 0 discs and plane 1 has 3"):
        Game.from_planes(planes)
