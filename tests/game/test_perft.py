"""perft against an independent pure-Python move generator written here from the rules.

The reference shares no code with link4: a position is a tuple of seven columns, each a
tuple of discs from the bottom (1 red, 2 yellow), and sequences stop at a four in a row.
"""

from __future__ import annotations

import functools
import random

import pytest

import link4
from link4 import Game

WIDTH, HEIGHT = 7, 6
Columns = tuple[tuple[int, ...], ...]
EMPTY: Columns = ((),) * WIDTH

DRAW = "663251762525713162144765711243477236343455"
WON_BY_42ND_DISC = "326145371111317354473344564257767562262265"


def disc(cols: Columns, col: int, row: int) -> int:
    if 0 <= col < WIDTH and 0 <= row < len(cols[col]):
        return cols[col][row]
    return 0


def four_through(cols: Columns, col: int, row: int) -> bool:
    """Is the disc at (col, row) part of four in a row of its colour?"""
    who = disc(cols, col, row)
    for dc, dr in ((1, 0), (0, 1), (1, 1), (1, -1)):
        run = 1
        for sign in (1, -1):
            k = 1
            while disc(cols, col + sign * k * dc, row + sign * k * dr) == who:
                run += 1
                k += 1
        if run >= 4:
            return True
    return False


def any_four(cols: Columns) -> bool:
    return any(four_through(cols, c, r) for c in range(WIDTH) for r in range(len(cols[c])))


def drop(cols: Columns, col: int, who: int) -> Columns:
    return (*cols[:col], (*cols[col], who), *cols[col + 1 :])


@functools.cache
def count(cols: Columns, depth: int) -> int:
    """Move sequences of length ``depth`` from a position where nobody has won yet."""
    if depth == 0:
        return 1
    who = 1 + sum(map(len, cols)) % 2
    total = 0
    for col in range(WIDTH):
        if len(cols[col]) == HEIGHT:
            continue
        if depth == 1:
            total += 1
            continue
        child = drop(cols, col, who)
        if four_through(child, col, len(child[col]) - 1):
            continue  # the game ends here, before the sequence is long enough
        total += count(child, depth - 1)
    return total


def reference_perft(moves: str, depth: int) -> int:
    cols = EMPTY
    for i, ch in enumerate(moves):
        cols = drop(cols, int(ch) - 1, 1 + i % 2)
    if any_four(cols):
        return 1 if depth == 0 else 0
    return count(cols, depth)


# -- the reference itself, against facts that need no program ----------------------------


@pytest.mark.parametrize("depth", range(7))
def test_reference_gives_seven_to_the_power_of_depth_up_to_6(depth: int) -> None:
    # No four can appear before the 7th disc and no column fills before the 6th.
    assert reference_perft("", depth) == 7**depth


def test_reference_at_depth_7() -> None:
    # A game won by the 7th disc still counts as a sequence of length 7; only the seven
    # sequences that fill one column with the first six discs lose that column's 7th move.
    assert reference_perft("", 7) == 7**7 - 7


def test_reference_stops_at_wins() -> None:
    # Red to move wins in column 3 or 7: those two moves end the game after one ply.
    assert reference_perft("445566", 1) == 7
    assert reference_perft("445566", 2) == 5 * 7
    assert reference_perft("4455667", 0) == 1
    assert reference_perft("4455667", 1) == 0


# -- link4.perft against the reference -----------------------------------------------------


@pytest.mark.parametrize("depth", range(9))
def test_perft_from_the_empty_board(depth: int) -> None:
    assert link4.perft("", depth) == reference_perft("", depth)


def test_perft_depth_8_loses_sequences_to_early_wins() -> None:
    assert link4.perft("", 8) < 7**8


def random_position(rng: random.Random, ply: int) -> str:
    """A move string of ``ply`` random legal moves in which nobody has won."""
    while True:
        game = Game()
        while game.ply < ply and not game.is_over():
            game.play(rng.choice(game.legal_moves()))
        if game.ply == ply and not game.is_over():
            return game.moves


RANDOM_POSITIONS = [random_position(random.Random(seed), 8 + 3 * seed) for seed in range(6)]


@pytest.mark.parametrize(
    ("moves", "depth"),
    [
        pytest.param("445566", 6, id="red-wins-at-once"),
        pytest.param("4455", 6, id="threats-within-depth"),
        pytest.param("1212123", 6, id="both-sides-threaten"),
        pytest.param("444444", 6, id="full-centre-column"),
        pytest.param(DRAW[:34], 8, id="draw-to-the-end"),
        pytest.param(DRAW[:34], 9, id="deeper-than-the-board"),
        pytest.param(WON_BY_42ND_DISC[:35], 7, id="won-by-42nd-disc"),
        pytest.param(WON_BY_42ND_DISC[:30], 8, id="late-middlegame"),
    ]
    + [pytest.param(m, 5, id=f"random-{len(m)}") for m in RANDOM_POSITIONS],
)
def test_perft_from_a_position(moves: str, depth: int) -> None:
    for d in range(depth + 1):
        assert link4.perft(moves, d) == reference_perft(moves, d), (moves, d)


@pytest.mark.parametrize("moves", ["4455667", "14152627", DRAW, WON_BY_42ND_DISC])
@pytest.mark.parametrize("depth", [0, 1, 3])
def test_perft_from_a_finished_game(moves: str, depth: int) -> None:
    expected = 1 if depth == 0 else 0
    assert reference_perft(moves, depth) == expected
    assert link4.perft(moves, depth) == expected
    assert link4.perft(Game(moves), depth) == expected


def test_perft_of_a_game_leaves_it_unchanged() -> None:
    game = Game("4453")
    before = (game.moves, game.to_board())
    assert link4.perft(game, 4) == link4.perft("4453", 4) == reference_perft("4453", 4)
    assert (game.moves, game.to_board()) == before


def test_perft_is_symmetric_under_mirroring() -> None:
    moves = RANDOM_POSITIONS[2]
    mirrored = "".join(str(8 - int(ch)) for ch in moves)
    assert link4.perft(moves, 5) == link4.perft(mirrored, 5)


@pytest.mark.parametrize(
    ("args", "error", "fragment"),
    [
        (("48", 1), link4.InvalidMoveError, "'8'"),
        (("4", -1), ValueError, "depth"),
        (("4", 1.0), TypeError, "depth"),
        (("4", True), TypeError, "depth"),
        ((44, 1), TypeError, "move string"),
        ((None, 1), TypeError, "move string"),
    ],
)
def test_perft_errors(args: tuple[object, object], error: type[Exception], fragment: str) -> None:
    with pytest.raises(error, match=fragment):
        link4.perft(*args)  # type: ignore[arg-type]


@pytest.mark.parametrize(("moves", "depth"), [("", 2**31), ("4", 2**40), ("", 10**20)])
def test_perft_deeper_than_any_game_is_zero(moves: str, depth: int) -> None:
    # No sequence is longer than the 42 cells of the board.
    assert link4.perft(moves, depth) == 0
