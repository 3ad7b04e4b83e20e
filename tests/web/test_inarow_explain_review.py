"""/api/explain and /api/review on games of three, five and six in a row: what they tell a
player is checked against the exact solver of that line and against the board itself.

A threat is an empty cell that completes a line of k for its side (counted here on the
board), a proof's bound holds for the exact score, the best line ends on the move the
score says with a line of k, and the words never speak of a four where the line is
another; each move of a review is marked by the rule of its exact values."""

from __future__ import annotations

import random
from collections.abc import Iterator

import pytest

import link4
from link4 import Game, Solver
from link4.score import winning_move
from tests.support.web_server import ServerProcess, exact_server, game_query, needs_web

needs_web()

# (width, height, inarow, the fewest discs down): solved within a second each; six in a
# row on 6 x 5 fits the rows alone.
BOARDS = [(5, 4, 3, 0), (4, 5, 3, 0), (6, 5, 5, 4), (6, 4, 5, 0), (6, 5, 6, 4)]
DIRECTIONS = ((1, 0), (0, 1), (1, 1), (1, -1))


@pytest.fixture(scope="module")
def server() -> Iterator[ServerProcess]:
    with exact_server() as running:
        yield running


def random_game(rng: random.Random, width: int, height: int, inarow: int, least: int) -> Game:
    """Random moves from the empty board, at least ``least`` of them unless the game ends."""
    game = Game(width=width, height=height, inarow=inarow)
    for _ in range(rng.randrange(least, width * height + 1)):
        if game.is_over():
            break
        game.play(rng.choice(game.legal_moves()))
    return game


def cells_of(game: Game) -> list[list[str | None]]:
    """Each column's cells, bottom first: "red", "yellow" or None."""
    cells: list[list[str | None]] = [[None] * game.height for _ in range(game.width)]
    for ply, column in enumerate(game.move_list):
        cells[column][game.move_list[:ply].count(column)] = "red" if ply % 2 == 0 else "yellow"
    return cells


def completes_line(cells: list[list[str | None]], col: int, row: int, player: str, inarow: int) -> bool:
    """Whether ``player``'s disc on (col, row) would make a line of ``inarow`` through it."""
    width, height = len(cells), len(cells[0])
    for dc, dr in DIRECTIONS:
        run = 1
        for sign in (1, -1):
            c, r = col + sign * dc, row + sign * dr
            while 0 <= c < width and 0 <= r < height and cells[c][r] == player:
                run, c, r = run + 1, c + sign * dc, r + sign * dr
        if run >= inarow:
            return True
    return False


def threats_on_the_board(game: Game) -> set[tuple[str, tuple[int, int]]]:
    cells = cells_of(game)
    return {
        (player, (col, row))
        for col in range(game.width)
        for row in range(game.height)
        for player in ("red", "yellow")
        if cells[col][row] is None and completes_line(cells, col, row, player, game.inarow)
    }


def test_explanations_of_other_lines_say_what_the_solver_and_the_board_say(server: ServerProcess) -> None:
    rng = random.Random(61)
    rules_seen = set()
    for width, height, inarow, least in BOARDS:
        solver = Solver(table_mb=16, width=width, height=height, inarow=inarow)
        for _ in range(25):
            game = random_game(rng, width, height, inarow, least)
            status, answer = server.get(f"/api/explain?{game_query(game)}")
            assert status == 200, answer
            assert answer == link4.explain(game, solver=solver).to_dict()
            assert (answer["width"], answer["height"], answer["inarow"]) == (width, height, inarow)
            shown = {(t["player"], tuple(t["cell"])) for t in answer["threats"]}
            assert shown == threats_on_the_board(game), game
            text = " ".join(answer["lines"])
            assert "four" not in text.lower(), text
            if game.is_over():
                continue
            score = solver.solve(game)
            assert answer["score"] == score
            for proof in answer["proofs"]:
                rules_seen.add(proof["rule"])
                assert score >= proof["bound"] if proof["kind"] == "lower" else score <= proof["bound"]
                if proof["rule"] == "no_four_left":
                    assert f"No line of {inarow} left proves" in text
            end = Game(game.moves + answer["line"], width=width, height=height, inarow=inarow)
            outcome = end.outcome()
            assert outcome is not None  # no limit cut the line
            if score == 0:
                assert outcome.winner is None and answer["end_move"] == width * height
                continue
            assert answer["end_move"] == winning_move(score, game.ply, width=width, height=height)
            assert len(answer["four"]) == inarow and answer["four"] == [list(c) for c in outcome.line]
            assert f"completing the line of {inarow} " in text
    assert rules_seen == {"claimeven", "no_four_left"}  # both proofs were checked


def expected_mark(value: int, played: int) -> str:
    """The mark of a move by its exact value and the position's, as the design defines it."""
    if played == value:
        return "best"
    if value > 0 > played:
        return "blunder"
    if (value > 0 and played == 0) or (value == 0 and played < 0):
        return "mistake"
    return "inaccuracy"


# A minute under the sanitizers: an analysis of every position of 15 whole games, the
# same calls as the explanations above and the reviews of four in a row make there.
@pytest.mark.heavy
def test_reviews_of_other_lines_mark_each_move_by_its_exact_values(server: ServerProcess) -> None:
    rng = random.Random(62)
    marks = set()
    for width, height, inarow, _ in BOARDS:
        solver = Solver(table_mb=16, width=width, height=height, inarow=inarow)
        for _ in range(3):
            game = random_game(rng, width, height, inarow, width * height)  # to its end
            status, answer = server.get(f"/api/review?{game_query(game)}")
            assert status == 200, answer
            assert answer == link4.review(game, solver=solver).to_dict()
            assert answer["inarow"] == inarow and answer["result"] == str(game.outcome())
            assert link4.Review.from_dict(answer).game == game
            for move in answer["moves"]:
                before = Game(game.moves[: move["ply"]], width=width, height=height, inarow=inarow)
                scores = solver.analyze(before)
                value = max(s for s in scores if s is not None)
                assert move["mark"] == expected_mark(value, scores[move["column"]]), (game, move)
                marks.add(move["mark"])
    assert marks == {"best", "inaccuracy", "mistake", "blunder"}
