"""Boards without a history: to_board, to_array and Game.from_board in all its input forms."""

from __future__ import annotations

import functools
import sys
from typing import Any

import pytest
from hypothesis import event, given, settings
from hypothesis import strategies as st

from link4 import RED, YELLOW, BoardError, Game

np = pytest.importorskip("numpy")

# Game("4453"): red in columns 4 and 5, yellow in column 3 and on top in column 4.
ROWS_4453 = [
    [0, 0, 0, 0, 0, 0, 0],
    [0, 0, 0, 0, 0, 0, 0],
    [0, 0, 0, 0, 0, 0, 0],
    [0, 0, 0, 0, 0, 0, 0],
    [0, 0, 0, 2, 0, 0, 0],
    [0, 0, 2, 1, 1, 0, 0],
]


def test_to_board_is_rows_top_first() -> None:
    assert Game("4453").to_board() == ROWS_4453


def test_to_board_is_a_fresh_list() -> None:
    game = Game("4453")
    board = game.to_board()
    board[5][0] = 1
    assert game.to_board() == ROWS_4453


def test_to_array() -> None:
    array = Game("4453").to_array()
    assert array.shape == (6, 7)
    assert array.dtype == np.int8
    assert array.tolist() == ROWS_4453


def test_to_array_without_numpy(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setitem(sys.modules, "numpy", None)  # makes `import numpy` fail
    with pytest.raises(ImportError, match="numpy"):
        Game("4453").to_array()


FORMS_4453: list[Any] = [
    pytest.param(ROWS_4453, id="rows"),
    pytest.param(tuple(tuple(row) for row in ROWS_4453), id="tuples"),
    pytest.param([v for row in ROWS_4453 for v in row], id="flat-kaggle"),
    pytest.param(np.array(ROWS_4453), id="numpy"),
    pytest.param(np.array(ROWS_4453, dtype=np.int8).ravel(), id="numpy-flat"),
    pytest.param(".......\n" * 4 + "...O...\n..OXX..", id="text"),
    pytest.param(".......\n" * 4 + "...y...\n..yrr..", id="text-ry"),
    pytest.param("0000000\n" * 4 + "0002000\n0021100", id="text-digits"),
    pytest.param("\n  - - - - - - -\n" * 4 + " _ _ _ o _ _ _\n _ _ o x x _ _\n", id="text-spaced"),
    pytest.param(str(Game("4453")), id="str-of-game"),
]


@pytest.mark.parametrize("board", FORMS_4453)
def test_from_board_forms(board: Any) -> None:
    game = Game.from_board(board)
    assert game == Game("4453")
    assert game.to_board() == ROWS_4453
    assert game.ply == 4 and game.turn is RED
    assert sorted(game.moves) == sorted("4453")


def test_from_empty_board() -> None:
    game = Game.from_board([[0] * 7 for _ in range(6)])
    assert game == Game() and game.moves == ""


@pytest.mark.parametrize(
    ("moves", "winner"),
    [
        ("4455667", RED),
        ("14152627", YELLOW),
        ("1122443", RED),  # the gap filled last: only one disc can have been played last
        ("326145371111317354473344564257767562262265", YELLOW),
    ],
)
def test_from_board_of_a_won_game_ends_on_the_winning_disc(moves: str, winner: Any) -> None:
    game = Game.from_board(Game(moves).to_board())
    assert game == Game(moves)
    outcome = game.outcome()
    assert outcome is not None and outcome.winner is winner
    # The rebuilt history is legal and the game is not over before its last move.
    before = Game(game.moves[:-1])
    assert not before.is_over()
    assert before.is_winning_move(int(game.moves[-1]) - 1)


# -- from_board accepts exactly the boards some legal game reaches --------------------------
#
# An independent check of reachability, searching forwards from the empty board: at each
# ply the side to move drops a disc where the board has one of its colour, and no four may
# appear before the last disc.

Columns = tuple[tuple[int, ...], ...]


def columns_of(rows: list[list[int]]) -> Columns:
    return tuple(
        tuple(rows[5 - r][c] for r in range(6) if rows[5 - r][c] != 0) for c in range(7)
    )


def reachable(target: Columns) -> bool:
    total = sum(map(len, target))

    def makes_four(heights: tuple[int, ...], col: int, row: int) -> bool:
        who = target[col][row]

        def mine(c: int, r: int) -> bool:
            return 0 <= c < 7 and 0 <= r < heights[c] and target[c][r] == who

        for dc, dr in ((1, 0), (0, 1), (1, 1), (1, -1)):
            run = 1
            for s in (1, -1):
                k = 1
                while mine(col + s * k * dc, row + s * k * dr):
                    run += 1
                    k += 1
            if run >= 4:
                return True
        return False

    @functools.cache
    def search(heights: tuple[int, ...]) -> bool:
        ply = sum(heights)
        if ply == total:
            return True
        who = 1 + ply % 2
        for col in range(7):
            row = heights[col]
            if row < len(target[col]) and target[col][row] == who:
                after = (*heights[:col], row + 1, *heights[col + 1 :])
                if ply + 1 < total and makes_four(after, col, row):
                    continue
                if search(after):
                    return True
        return False

    return search((0,) * 7)


def rows_of(columns: list[list[int]]) -> list[list[int]]:
    return [
        [columns[c][r] if r < len(columns[c]) else 0 for c in range(7)] for r in reversed(range(6))
    ]


def fits(heights: list[int]) -> bool:
    return sum(heights) <= 24  # keeps the exhaustive forward search quick


@st.composite
def balanced_boards(draw: st.DrawFn) -> list[list[int]]:
    """Columns (bottom first) of any heights, red having as many discs as yellow or one more."""
    heights = draw(st.lists(st.integers(0, 6), min_size=7, max_size=7).filter(fits))
    n = sum(heights)
    discs = draw(st.permutations([1] * ((n + 1) // 2) + [2] * (n // 2)))
    starts = [sum(heights[:c]) for c in range(7)]
    return [discs[starts[c] : starts[c] + heights[c]] for c in range(7)]


def check_against_reachability(rows: list[list[int]]) -> Game | None:
    """from_board accepts the board exactly when the reference search reaches it."""
    try:
        game = Game.from_board(rows)
    except BoardError:
        event("rejected")
        assert not reachable(columns_of(rows))
        return None
    event("accepted")
    assert reachable(columns_of(rows))
    assert game.to_board() == rows
    return game


@settings(max_examples=200, deadline=None)
@given(balanced_boards())
def test_from_board_accepts_exactly_the_reachable_boards(columns: list[list[int]]) -> None:
    rows = rows_of(columns)
    game = check_against_reachability(rows)
    if game is not None:
        assert Game(game.moves) == game


@settings(max_examples=200, deadline=None)
@given(st.data())
def test_from_board_with_two_discs_swapped(data: st.DataObject) -> None:
    """Boards close to real games: a random game with one red and one yellow disc swapped."""
    game = Game()
    for _ in range(data.draw(st.integers(2, 24))):
        if game.is_over():
            break
        game.play(data.draw(st.sampled_from(game.legal_moves())))
    rows = game.to_board()
    cells = [(r, c) for r in range(6) for c in range(7)]
    red = data.draw(st.sampled_from([rc for rc in cells if rows[rc[0]][rc[1]] == 1]))
    yellow = data.draw(st.sampled_from([rc for rc in cells if rows[rc[0]][rc[1]] == 2]))
    rows[red[0]][red[1]], rows[yellow[0]][yellow[1]] = 2, 1
    check_against_reachability(rows)
