"""The score convention at every board size (docs/score.md), and its words."""

from __future__ import annotations

import pytest

from link4 import RED, YELLOW, BoardSizeError
from link4.rules import SIZES
from link4.score import SCORE_BASE, win_score, winning_disc, winning_move
from link4.wording import bound_words, describe_score, hint_bound_words, hint_words, score_words
from tests.support.published_sizes import PUBLISHED


@pytest.mark.parametrize(("width", "height", "outcome", "move"), PUBLISHED)
def test_the_empty_board_s_score_gives_the_move_of_the_table(
    width: int, height: int, outcome: str, move: int
) -> None:
    if outcome == "draw":
        assert move == width * height  # a draw fills the board
        return
    score = win_score(move, width=width, height=height)
    if outcome == "second":
        score = -score
    assert winning_move(score, 0, width=width, height=height) == move


def test_scores_of_the_table() -> None:
    assert win_score(41) == 1  # 7 x 6: red wins with its 21st disc
    assert win_score(39, width=8, height=5) == 1
    assert win_score(53, width=8, height=7) == 2
    assert win_score(62, width=8, height=8) == 2
    assert win_score(55, width=9, height=7) == 5


def test_the_standard_board_keeps_22_minus_k() -> None:
    assert SCORE_BASE == 22
    for k in range(4, 22):
        assert win_score(2 * k - 1) == win_score(2 * k) == 22 - k
        for ply in range(0, 2 * k - 1):
            assert winning_disc(22 - k) == winning_disc(22 - k, ply) == k
            assert winning_disc(-(22 - k)) == winning_disc(-(22 - k), ply) == k


@pytest.mark.parametrize(("width", "height"), SIZES)
def test_score_and_move_are_one_to_one(width: int, height: int) -> None:
    cells = width * height
    for ply in range(cells):
        for move in range(ply + 1, cells + 1):
            mover_wins = move % 2 == (ply + 1) % 2
            score = win_score(move, width=width, height=height)
            assert score >= 1
            score = score if mover_wins else -score
            assert winning_move(score, ply, width=width, height=height) == move
            assert winning_disc(score, ply, width=width, height=height) == (move + 1) // 2


def test_odd_boards_give_red_the_extra_disc() -> None:
    # 5 x 5: red has 13 discs, yellow 12; the last disc of each scores 1.
    assert win_score(25, width=5, height=5) == win_score(24, width=5, height=5) == 1
    assert winning_disc(1, 0, width=5, height=5) == 13
    assert winning_disc(1, 1, width=5, height=5) == 12
    with pytest.raises(ValueError, match="depends on who wins: give the ply"):
        winning_disc(1, width=5, height=5)


@pytest.mark.parametrize(
    ("score", "ply", "size", "message"),
    [
        (0, 0, (7, 6), "from 1 to 21 or their negatives on a 7x6 board with 0 discs down, not 0"),
        (22, 0, (7, 6), "not 22"),
        (-22, 0, (7, 6), "not -22"),
        (9, 0, (4, 4), "a win scores from 1 to 8 or their negatives on a 4x4 board"),
        (21, 2, (7, 6), "from 1 to 20 or their negatives on a 7x6 board with 2 discs down, not 21"),
    ],
)
def test_scores_off_the_scale(score: int, ply: int, size: tuple[int, int], message: str) -> None:
    width, height = size
    with pytest.raises(ValueError, match=message):
        winning_move(score, ply, width=width, height=height)


@pytest.mark.parametrize(("move", "size"), [(0, (7, 6)), (43, (7, 6)), (17, (4, 4))])
def test_moves_off_the_board(move: int, size: tuple[int, int]) -> None:
    width, height = size
    with pytest.raises(ValueError, match=f"a move of a {width}x{height} board is from 1 to"):
        win_score(move, width=width, height=height)


def test_a_ply_off_the_board() -> None:
    with pytest.raises(ValueError, match="a running 4x4 game has 0 to 15 discs, not 16"):
        winning_move(1, 16, width=4, height=4)


# -- words --------------------------------------------------------------------------------


@pytest.mark.parametrize("size", [(3, 6), (12, 10), (13, 4)])
def test_boards_link4_does_not_play_are_refused(size: tuple[int, int]) -> None:
    width, height = size
    for compute in (
        lambda: win_score(1, width=width, height=height),
        lambda: winning_move(1, 0, width=width, height=height),
        lambda: winning_disc(1, 0, width=width, height=height),
    ):
        with pytest.raises(BoardSizeError):
            compute()


def test_words_at_other_sizes() -> None:
    assert describe_score(-1, 0, width=6, height=6) == "yellow wins with its 18th disc (in 18 moves)"
    assert describe_score(1, 0, width=8, height=5) == "red wins with its 20th disc (in 20 moves)"
    assert describe_score(0, 0, width=7, height=5) == "draw with best play"
    assert score_words(1, YELLOW, 1, width=5, height=5) == "yellow wins with its 12th disc (in 12 moves)"
    assert score_words(-1, YELLOW, 1, width=5, height=5) == "red wins with its 13th disc (in 12 moves)"
    assert hint_words(-2, 0, width=4, height=4) == (
        "you are lost if the engine plays perfectly (it wins with its 7th disc)"
    )


def test_bound_words_at_other_sizes() -> None:
    assert bound_words(2, 5, RED, width=5, height=5) == "red wins, with its 12th disc or sooner"
    assert bound_words(2, 5, YELLOW, width=5, height=5) == "yellow wins, with its 11th disc or sooner"
    assert hint_bound_words(2, 5, ply=1, width=5, height=5) == "it wins, with your 11th disc or sooner"
    assert hint_bound_words(3, 9) == "it wins, with your 19th disc or sooner"
    assert hint_bound_words(-5, -2, ply=1, width=5, height=5) == (
        "it loses: your opponent wins, with its 12th disc or sooner"
    )
