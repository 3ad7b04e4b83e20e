"""k in a row through the HTTP API of `link4 serve`: every endpoint that takes a position
takes `inarow`, its answers equal the exact solver's for that line, the answers that
describe a position say its line, the book of four in a row answers for no other line,
and a bad `inarow` is a 400 that says what is wrong."""

from __future__ import annotations

import random
from collections.abc import Iterator

import pytest

from link4 import Game, Solver
from link4.book import default_book
from link4.players import LEVELS
from link4.score import best_columns
from tests.support.web_server import ServerProcess, exact_server, game_query, needs_web, started_server

needs_web()


@pytest.fixture(scope="module")
def server() -> Iterator[ServerProcess]:
    with exact_server() as running:
        yield running


def random_running_game(rng: random.Random, width: int, height: int, inarow: int, least: int) -> Game:
    """A game of random moves, at least ``least`` discs down, that is not over."""
    while True:
        game = Game(width=width, height=height, inarow=inarow)
        for _ in range(rng.randrange(least, width * height)):
            if game.is_over():
                break
            game.play(rng.choice(game.legal_moves()))
        if not game.is_over():
            return game


# (width, height, inarow, the fewest discs down): boards and lines whose positions are
# solved within a second, a line longer than the board is high (6 on 6 x 5) among them.
BOARDS = [(5, 4, 3, 0), (4, 4, 3, 0), (6, 5, 5, 4), (6, 5, 6, 4), (7, 6, 5, 18), (5, 5, 4, 0)]


def test_solve_and_analyze_equal_the_exact_solver_of_each_line(server: ServerProcess) -> None:
    rng = random.Random(55)
    solvers = {(w, h, k): Solver(table_mb=16, width=w, height=h, inarow=k) for w, h, k, _ in BOARDS}
    # The lines taken in turn, so that the server's solvers go from one to another.
    for _ in range(6):
        for width, height, inarow, least in BOARDS:
            game = random_running_game(rng, width, height, inarow, least)
            scores = solvers[width, height, inarow].analyze(game)
            status, answer = server.get(f"/solve?{game_query(game)}")
            assert status == 200, answer
            assert answer == {"pos": game.moves, "score": [100 if s is None else s for s in scores]}
            status, answer = server.get(f"/api/analyze?{game_query(game)}")
            assert status == 200, answer
            assert (answer["width"], answer["height"], answer["inarow"]) == (width, height, inarow)
            assert [c and c["score"] for c in answer["columns"]] == scores
            assert answer["best"] == best_columns(scores)


def test_the_book_of_four_in_a_row_answers_for_no_other_line(server: ServerProcess) -> None:
    # The positions after this one's moves are in the shipped book (10 discs): for four in
    # a row it answers them, for five the solver searches them.
    moves = "445344332"
    five = Solver(table_mb=16, width=7, height=6, inarow=5).analyze(Game(moves, inarow=5))
    status, answer = server.get(f"/solve?pos={moves}&inarow=5")
    assert status == 200 and answer["score"] == five
    status, answer = server.get(f"/solve?pos={moves}")
    assert status == 200 and answer["score"] == Solver().analyze(moves) != five


def test_a_book_given_to_the_server_refuses_games_of_another_line() -> None:
    # The shipped book's file given by its path: it serves its own game only, as a book
    # given serves its own board only.
    book = default_book()
    assert book is not None and book.path is not None
    with started_server("--threads", "1", "--book", str(book.path)) as server:
        status, answer = server.get("/solve?pos=4453&inarow=5")
        assert status == 400 and answer["error"] == (
            "this server's book does not serve that game: lines differ: the book is of 4 in a row, "
            "but 5 in a row is expected here"
        )
        assert server.get("/api/game?pos=4453&inarow=5")[0] == 200  # no search, no book
        assert server.get("/solve?pos=445344332")[0] == 200


def test_game_describes_a_game_of_five(server: ServerProcess) -> None:
    # Red's discs on the bottom row from column 3 to 7: four of them do not end Connect 5.
    status, four = server.get("/api/game?pos=33445566&inarow=5")
    assert status == 200 and not four["over"] and four["inarow"] == 5 and four["to_move"] == "red"
    status, five = server.get("/api/game?pos=334455667&inarow=5")
    assert status == 200 and five["over"] and five["inarow"] == 5
    assert five["outcome"] == {
        "result": "red wins",
        "winner": "red",
        "line": [[2, 0], [3, 0], [4, 0], [5, 0], [6, 0]],
    }
    assert five["svg"].count('class="four"') == 5  # the winning line ringed, all five
    # The same moves in Connect Four end on move 7: the 9th is no move.
    status, answer = server.get("/api/game?pos=334455667")
    assert status == 400 and "the game is over: red has won" in answer["error"]
    assert server.get("/api/game?pos=3344556")[1]["inarow"] == 4


def test_every_level_moves_in_games_of_other_lines(server: ServerProcess) -> None:
    for width, height, inarow, moves in [(5, 4, 3, "12"), (7, 6, 5, "44534433221"), (6, 5, 6, "3434")]:
        game = Game(moves, width=width, height=height, inarow=inarow)
        scores = Solver(table_mb=16, width=width, height=height, inarow=inarow).analyze(game)
        for level in LEVELS:
            status, answer = server.get(f"/api/move?{game_query(game)}&level={level}&seed=3")
            assert status == 200, answer
            assert answer["column"] in game.legal_moves()
            assert answer["pos_after"] == moves + answer["move"]
            if level == "perfect":
                assert answer["column"] in best_columns(scores)


def test_info_lists_the_lines(server: ServerProcess) -> None:
    info = server.get("/api/info")[1]
    assert (info["inarows"], info["default_inarow"]) == ([3, 6], 4)
    assert (info["ratings_board"], info["ratings_inarow"]) == ([7, 6], 4)


@pytest.mark.parametrize(
    ("target", "message"),
    [
        ("pos=4&inarow=five", "inarow is the number of discs in a row that wins, 3 to 6, not 'five'"),
        ("pos=4&inarow=4.0", "3 to 6, not '4.0'"),
        ("pos=4&inarow=", "3 to 6, not ''"),
        ("pos=4&inarow=-5", "3 to 6, not '-5'"),
        ("pos=4&inarow=%D9%A5", "3 to 6, not"),  # an Arabic-Indic 5
        ("pos=4&inarow=" + "9" * 1500, "... ("),  # quoted cut short
        ("pos=4&inarow=7", "link4 plays 3 to 6 in a row, not 7"),
        ("pos=4&inarow=2", "link4 plays 3 to 6 in a row, not 2"),
        ("pos=4&inarow=6&size=5x5", "6 in a row fits no line of a 5x5 board: its lines are at most 5 long"),
        ("pos=4&inarow=5&inarow=5", "inarow is given 2 times"),
        ("pos=4&inarow=6&size=3x3", "not 3 columns and 3 rows"),  # the board is judged first
    ],
)
def test_a_bad_inarow_is_a_400_on_every_endpoint(server: ServerProcess, target: str, message: str) -> None:
    for endpoint in ("/solve", "/api/game", "/api/analyze", "/api/move", "/api/explain", "/api/review"):
        level = "&level=1" if endpoint == "/api/move" else ""
        status, answer = server.get(f"{endpoint}?{target}{level}")
        assert status == 400 and message in answer["error"], (endpoint, answer)
