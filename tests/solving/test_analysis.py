"""One analysis document: ``link4 analyze --json`` prints what ``/api/analyze`` answers.

Both are built by link4.analysis.analysis; these tests hold the two surfaces to it on
random positions of several board sizes, the web's through the real ASGI application
(in process: no server, no sockets).
"""

from __future__ import annotations

import asyncio
import json
from typing import Any

import pytest

from link4 import Game, GameOverError, Limit, Solver
from link4.analysis import analysis
from link4.cli import main
from link4.dataset import random_positions

# Board sizes with the plies of their positions: late enough for each analysis to take
# well under a second (so that no time limit cuts one short), early enough to include
# the 7x6 book's positions.
SIZES = [((7, 6), (0, 40)), ((6, 5), (4, 28)), ((5, 4), (0, 18)), ((8, 7), (20, 54))]
PER_SIZE = 25

# The search's own figures: how much work and time this search took, which depends on
# what the solver's table held before (the server's solvers are reused), not on the
# position.
FIGURES = ("nodes", "seconds")


def positions() -> list[Game]:
    return [
        game
        for (width, height), plies in SIZES
        for game in random_positions(PER_SIZE, plies=plies, seed=41, width=width, height=height)
    ]


def without_figures(doc: dict[str, Any]) -> dict[str, Any]:
    assert all(isinstance(doc[name], (int, float)) for name in FIGURES)
    return {name: value for name, value in doc.items() if name not in FIGURES}


def cli_document(game: Game, capsys: pytest.CaptureFixture[str]) -> dict[str, Any]:
    size = f"{game.width}x{game.height}"
    assert main(["analyze", "--json", "--table-mb", "16", "--size", size, game.moves]) == 0
    out = capsys.readouterr().out
    doc: dict[str, Any] = json.loads(out)
    return doc


async def asgi_get(app: Any, path: str, query: str) -> tuple[int, Any]:
    """The status and the JSON body of a GET through the ASGI application."""
    scope = {
        "type": "http", "asgi": {"version": "3.0"}, "http_version": "1.1", "method": "GET",
        "scheme": "http", "path": path, "raw_path": path.encode(), "root_path": "",
        "query_string": query.encode(), "headers": [(b"host", b"127.0.0.1")],
        "client": ("127.0.0.1", 1), "server": ("127.0.0.1", 80),
    }
    sent: list[dict[str, Any]] = []
    answered = asyncio.Event()
    requested = False

    # As an ASGI server does: the request (it has no body), then, once the answer is
    # sent, the disconnection, which the app waits for to stop a search nobody awaits.
    async def receive() -> dict[str, Any]:
        nonlocal requested
        if not requested:
            requested = True
            return {"type": "http.request", "body": b"", "more_body": False}
        await answered.wait()
        return {"type": "http.disconnect"}

    async def send(message: dict[str, Any]) -> None:
        sent.append(message)
        if message["type"] == "http.response.body" and not message.get("more_body", False):
            answered.set()

    await app(scope, receive, send)
    status = next(m["status"] for m in sent if m["type"] == "http.response.start")
    body = b"".join(m.get("body", b"") for m in sent if m["type"] == "http.response.body")
    return status, json.loads(body)


@pytest.mark.heavy  # the command and the app around one analysis function: Python only
def test_the_cli_and_the_web_give_the_same_document(capsys: pytest.CaptureFixture[str]) -> None:
    pytest.importorskip("starlette")
    from link4.web.app import ServeConfig, create_app

    games = positions()
    assert len(games) == len(SIZES) * PER_SIZE == 100
    assert {(g.width, g.height) for g in games} == {size for size, _ in SIZES}
    assert all(g.outcome() is None for g in games)
    app = create_app(ServeConfig(searches=1, lone_threads=1, table_mb=16, time_limit=60.0))

    async def web_documents() -> list[tuple[int, Any]]:
        return [
            await asgi_get(app, "/api/analyze", f"pos={g.moves}&size={g.width}x{g.height}")
            for g in games
        ]

    answers = asyncio.run(web_documents())
    for game, (status, web) in zip(games, answers, strict=True):
        assert status == 200, (game, web)
        cli = cli_document(game, capsys)
        assert without_figures(cli) == without_figures(web), game
        # Facts of the document, not only agreement: every score exact, columns
        # 0-based with their moves 1-based, full columns null.
        assert cli["exact"] and cli["pos"] == game.moves
        assert (cli["width"], cli["height"]) == (game.width, game.height)
        legal = game.legal_moves()
        for col, entry in enumerate(cli["columns"]):
            assert (entry is None) == (col not in legal)
            assert entry is None or (entry["column"], entry["move"]) == (col, str(col + 1))
        best = max(cli["columns"][c]["score"] for c in legal)
        assert cli["best"] == [c for c in legal if cli["columns"][c]["score"] == best]


def test_a_full_column_is_null_and_the_best_are_0_based(capsys: pytest.CaptureFixture[str]) -> None:
    # Red to move, 16 discs down, column 3 full; only column 5 wins (red's 17th disc).
    doc = cli_document(Game("5323365136332172"), capsys)
    assert doc["columns"][2] is None
    assert doc["best"] == [4] and doc["score"] == 5
    assert doc["columns"][4]["move"] == "5" and doc["columns"][4]["result"] == "win"
    assert doc["words"] == "red wins with its 17th disc (in 9 moves)"


def test_the_best_line_and_its_refusals() -> None:
    solver = Solver(table_mb=16)
    doc = analysis(Game("4453"), solver, pv=True)
    assert doc["pv"][0] in "".join(str(c + 1) for c in doc["best"])
    assert doc["pv_complete"] is True and len("4453" + doc["pv"]) <= 42
    with pytest.raises(ValueError, match="the best line needs exact scores"):
        analysis(Game("4453"), solver, pv=True, weak=True)
    with pytest.raises(TimeoutError, match=r"not all exact within the time limit \(0.01 s\)"):
        analysis(Game("44"), Solver(table_mb=16, book=None), pv=True, limit=Limit(time_limit=0.01))
    with pytest.raises(GameOverError):
        analysis(Game("1212121"), solver)


def test_a_finished_game_is_refused_with_json(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["analyze", "--json", "1212121"]) == 2
    captured = capsys.readouterr()
    assert captured.out == ""
    assert captured.err == (
        "link4 analyze: the game is over (red wins with its 4th disc): there is nothing to analyse\n"
    )
