"""/api/review against a real server: the same document as link4.review and
link4 review --json on 100 games, bounds under a short limit, 4xx JSON for bad input."""

from __future__ import annotations

import json
from collections.abc import Iterator
from urllib.parse import quote

import pytest

import link4
from link4.cli import main
from tests.support.review_games import small_games
from tests.support.web_server import ServerProcess, needs_web, started_server

needs_web()


@pytest.fixture(scope="module")
def server() -> Iterator[ServerProcess]:
    # A limit no test game comes near: every review here is exact.
    with started_server("--threads", "1", "--time-limit", "60") as running:
        yield running


def _target(game: link4.Game, extra: str = "") -> str:
    return f"/api/review?pos={game.moves}&size={game.width}x{game.height}{extra}"


@pytest.mark.heavy  # front ends agreeing: no compiled code of their own for the sanitizers
def test_the_api_the_command_and_the_library_agree_on_100_games(
    server: ServerProcess, capsys: pytest.CaptureFixture[str]
) -> None:
    marks = set()
    # By board, so that each solver (the server's too) keeps one table for one size; the
    # boards of 25 cells at most, where a review takes milliseconds.
    boards = ((4, 4), (5, 4), (4, 5), (5, 5), (6, 4))
    games = sorted(small_games(100, offset=1000, boards=boards), key=lambda g: (g.width, g.height))
    solvers: dict[tuple[int, int], link4.Solver] = {}
    for game in games:
        status, answer = server.get(_target(game))
        assert status == 200
        size = f"{game.width}x{game.height}"
        assert (
            main(["review", game.moves, "--size", size, "--json", "--threads", "1", "--table-mb", "4"]) == 0
        )
        printed = json.loads(capsys.readouterr().out)
        board = (game.width, game.height)
        solver = solvers.setdefault(board, link4.Solver(table_mb=8, width=game.width, height=game.height))
        library = link4.review(game, solver=solver).to_dict()
        assert answer == printed == library
        marks.update(m["mark"] for m in answer["moves"])
    assert marks == {"best", "inaccuracy", "mistake", "blunder"}


def test_a_finished_7x6_game_is_reviewed(server: ServerProcess) -> None:
    status, answer = server.get("/api/review?pos=4455667")
    assert status == 200 and answer["result"] == "red wins with its 4th disc"
    assert [m["mark"] for m in answer["moves"]][-1] == "best"
    assert answer["series"][-1]["words"] == "red wins with its 4th disc (at once)"


def test_bad_requests_get_a_4xx_json_error(server: ServerProcess) -> None:
    for target, message in [
        ("/api/review", "pos is missing"),
        ("/api/review?pos=4458", "invalid move string '4458'"),
        ("/api/review?pos=44&size=3x3", "board"),
        ("/api/review?pos=44&level=3", "unknown parameter 'level'"),
        ("/api/review?pos=44&time_limit=-1", "time_limit is a number of seconds > 0"),
        (f"/api/review?pos={quote('1111111')}", "illegal move 7"),
    ]:
        status, answer = server.get(target)
        assert 400 <= status < 500 and message in answer["error"], (target, answer)
