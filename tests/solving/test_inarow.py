"""k in a row (Connect 3, 5 and 6): link4's scores against the independent reference solver.

Every pair of board and line below is solved both ways on a few hundred positions drawn
by random play, with few enough empty cells left for the plain reference; the pairs cover
the engine's kinds of board (64-bit words read at runtime and 128-bit ones) and the lines
that fit only one way (five in a row on four columns: vertical lines only).
"""

from __future__ import annotations

import pickle
import random
import subprocess
import sys

import pytest

import link4
from tests.support.reference_minimax import COLUMN_NAMES, Board, Reference

# (width, height, inarow): at least eight pairs of each k other than four.
PAIRS = [
    (4, 4, 3), (5, 4, 3), (6, 5, 3), (10, 4, 3), (7, 6, 3),
    (5, 5, 5), (4, 7, 5), (5, 4, 5), (6, 6, 5), (7, 9, 5), (9, 6, 5),
    (6, 6, 6), (4, 9, 6), (7, 6, 6), (6, 7, 6), (12, 5, 6),
]
POSITIONS = 200


def random_positions(width: int, height: int, inarow: int, count: int, seed: int) -> list[str]:
    """Positions of running games drawn by random play that wins no line when it can help it.

    Each game is played to 3 to 8 empty cells; a game whose side to move can only win
    (short lines fill a board with threats) is kept as it stands, if it has no more than
    16 empty cells left (its threats keep the reference's search small), else dropped.
    """
    rng = random.Random(seed)
    found: list[str] = []
    while len(found) < count:
        empty_left = rng.randint(3, 8)
        board, moves = Board(width, height, inarow=inarow), ""
        while board.discs < board.cells - empty_left:
            quiet = [c for c in board.legal_columns() if not board.wins_by_playing(c)]
            if not quiet:
                break
            col = rng.choice(quiet)
            board, moves = board.play(col), moves + COLUMN_NAMES[col]
        if board.cells - board.discs <= 16:
            found.append(moves)
    return found


@pytest.mark.parametrize(("width", "height", "inarow"), PAIRS)
def test_scores_equal_the_reference(width: int, height: int, inarow: int) -> None:
    reference = Reference(width, height, inarow)
    solver = link4.Solver(16, width=width, height=height, inarow=inarow, book=None)
    positions = random_positions(width, height, inarow, POSITIONS, seed=width * 100 + height * 10 + inarow)
    wrong = [(m, reference.solve(m), solver.solve(m)) for m in positions]
    assert [w for w in wrong if w[1] != w[2]] == []
    weak = [(m, solver.solve(m, weak=True)) for m in positions[:50]]
    assert all(w == (s > 0) - (s < 0) for (m, w), (_, s, _) in zip(weak, wrong, strict=False))


@pytest.mark.parametrize(("width", "height", "inarow"), PAIRS[::3])
def test_every_column_value_equals_the_reference(width: int, height: int, inarow: int) -> None:
    reference = Reference(width, height, inarow)
    solver = link4.Solver(16, width=width, height=height, inarow=inarow, book=None)
    for moves in random_positions(width, height, inarow, 20, seed=inarow):
        assert solver.analyze(moves) == reference.column_values(moves), moves


@pytest.mark.parametrize(("width", "height", "inarow"), [(4, 4, 3), (5, 4, 5), (4, 6, 6)])
def test_empty_small_boards_equal_the_reference(width: int, height: int, inarow: int) -> None:
    solver = link4.Solver(16, width=width, height=height, inarow=inarow, book=None)
    assert solver.solve("") == Reference(width, height, inarow).solve("")


def test_the_reference_itself_agrees_with_a_search_that_prunes_nothing() -> None:
    for width, height, inarow in [(4, 4, 3), (5, 4, 5), (6, 6, 6)]:
        reference = Reference(width, height, inarow)
        for moves in random_positions(width, height, inarow, 30, seed=7):
            if len(moves) >= width * height - 7:
                assert reference.solve(moves) == reference.plain_score(moves), moves


@pytest.mark.parametrize(
    ("moves", "inarow", "won"),
    [("4455", 3, False), ("44556", 3, True), ("445566", 4, False), ("4455667", 4, True),
     ("44556677", 5, False), ("445566778", 5, True), ("4455667788", 6, False), ("44556677889", 6, True)],
)
def test_a_line_of_k_ends_the_game(moves: str, inarow: int, won: bool) -> None:
    # Red plays 4, 5, 6, ... along the bottom row, yellow on top of each: red's k-th disc
    # makes k in a row, and nothing before it does.
    game = link4.Game(moves, width=9, height=6, inarow=inarow)
    assert game.is_over() == won
    if won:
        outcome = game.outcome()
        assert outcome is not None and outcome.winner is link4.RED
        assert outcome.line == tuple((3 + i, 0) for i in range(inarow))
        with pytest.raises(link4.GameOverError):
            link4.Game(moves + "1", width=9, height=6, inarow=inarow)


# -- bad input: a precise error, nothing changed -------------------------------------------

@pytest.mark.parametrize(
    ("inarow", "width", "height", "message"),
    [(2, 7, 6, "link4 plays 3 to 6 in a row, not 2"),
     (7, 7, 6, "link4 plays 3 to 6 in a row, not 7"),
     (5, 4, 4, "5 in a row fits no line of a 4x4 board"),
     (6, 5, 5, "6 in a row fits no line of a 5x5 board")],
)
def test_a_line_link4_does_not_play_is_refused(inarow: int, width: int, height: int, message: str) -> None:
    for make in (lambda: link4.Game(width=width, height=height, inarow=inarow),
                 lambda: link4.Solver(4, width=width, height=height, inarow=inarow),
                 lambda: link4.Engine(3, width=width, height=height, inarow=inarow)):
        with pytest.raises(link4.InarowError, match=message):
            make()
    with pytest.raises(TypeError, match="inarow is an int, not a bool"):
        link4.Game(inarow=True)  # type: ignore[arg-type]


def test_games_of_another_line_are_refused_by_a_solver_and_a_book() -> None:
    five = link4.Game("44", width=7, height=9, inarow=5)
    four = link4.Solver(4, width=7, height=9, book=None)
    with pytest.raises(link4.SizeMismatchError, match="lines differ: the position is of 5 in a row, but 4"):
        four.solve(five)
    book = link4.Book.from_entries({link4.book.canonical_key("44"): 1}, depth=2)
    with pytest.raises(link4.SizeMismatchError, match="lines differ"):
        book.get(link4.Game("44", inarow=5))
    with pytest.raises(link4.SizeMismatchError, match="lines differ"):
        link4.Solver(4, book=book, inarow=5)
    assert five.moves == "44" and five.inarow == 5  # nothing changed


def test_a_game_of_another_line_is_neither_equal_nor_the_same_key_of_play() -> None:
    assert link4.Game("44", inarow=5) != link4.Game("44")
    assert repr(link4.Game("44", inarow=5)) == "Game('44', width=7, height=6, inarow=5)"
    assert pickle.loads(pickle.dumps(link4.Game("4455", inarow=3))).inarow == 3


def test_a_book_of_connect_5_round_trips_and_says_its_line() -> None:
    key = link4.book.canonical_key("4", width=7, height=9, inarow=5)
    book = link4.Book.from_entries({key: 0}, depth=1, width=7, height=9, inarow=5)
    again = link4.Book.from_bytes(book.to_bytes())
    assert (again.width, again.height, again.inarow) == (7, 9, 5)
    assert again.get("4", width=7, height=9, inarow=5) == 0
    assert link4.Book.from_entries({link4.book.canonical_key("44"): 1}, depth=2).to_bytes()[13] == 0


def test_the_command_line_solves_connect_3_and_refuses_a_line_that_does_not_fit() -> None:
    run = [sys.executable, "-m", "link4", "solve", "--size", "4x4", "--inarow", "3", "--book", "none",
           "", "1"]
    p = subprocess.run(run, capture_output=True, text=True, timeout=120)
    assert p.returncode == 0, p.stderr
    scores = [int(line.split()[1]) for line in p.stdout.splitlines()]
    reference = Reference(4, 4, 3)
    assert scores == [reference.solve(""), reference.solve("1")]
    p = subprocess.run([*run[:7], "6", ""], capture_output=True, text=True, timeout=120)
    assert p.returncode == 2 and p.stderr.strip() == (
        "link4 solve: --inarow: 6 in a row fits no line of a 4x4 board: its lines are at most 4 long"
    )


def _board(*rows: str) -> str:
    """A 7x6 board given bottom row last, padded with empty rows at the top."""
    return "\n".join(["......."] * (6 - len(rows)) + list(rows))


@pytest.mark.parametrize(
    ("text", "inarow", "message"),
    [
        (_board("OOOO...", "XXXX..."), 3,
         "both red and yellow have 3 in a row: the game ends at the first one"),
        (_board("XX.....", "OOOX.X."), 3,
         "yellow has 3 in a row but red has moved since: the game would have ended at the line"),
        (_board("OOX....", "XXXO..."), 3,
         "no legal game reaches this board: every order of play makes 3 in a row before the last disc"),
        (_board("OOOOO..", "XXXXX.X"), 5,
         "both red and yellow have 5 in a row: the game ends at the first one"),
    ],
)
def test_a_board_is_read_by_the_line_of_its_game(text: str, inarow: int, message: str) -> None:
    with pytest.raises(link4.BoardError) as caught:
        link4.Game.from_board(text, inarow=inarow)
    assert str(caught.value) == message


@pytest.mark.parametrize(
    ("text", "moves"), [(_board("OOOO...", "XXXX..."), 8), (_board("XXX....", "OOOOX.X"), 9)]
)
def test_a_board_of_fours_is_a_game_under_way_at_five_in_a_row(text: str, moves: int) -> None:
    game = link4.Game.from_board(text, inarow=5)
    assert game.ply == moves and not game.is_over()
    assert link4.Game(game.moves, inarow=5).to_board() == game.to_board()
