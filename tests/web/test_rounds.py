"""An analysis searched in rounds: it stops after the round under way once its client
has gone, and link4 serve's worker is then free again long before the time limit."""

from __future__ import annotations

import socket
import time
from typing import Any
from urllib.parse import urlsplit

import pytest

from link4 import Game, Limit, Solver
from tests.support.web_server import needs_web, started_server

needs_web()

from link4.web.rounds import analysis_in_rounds, round_limits  # noqa: E402

OPEN = Game("5", width=9, height=12)  # unsettled after any number of seconds here


class CountingSolver(Solver):
    """A solver that counts its analyses: one per round."""

    calls = 0

    def analyze(self, *args: Any, **kwargs: Any) -> Any:
        self.calls += 1
        return super().analyze(*args, **kwargs)


def test_the_rounds_add_up_to_the_time_limit() -> None:
    for seconds in (0.01, 0.05, 0.3, 1.0, 5.0):
        limits = round_limits(seconds)
        assert sum(limits) == pytest.approx(seconds)
        assert limits[0] == min(seconds, 0.05) and max(limits) <= 0.5


def test_an_open_position_is_searched_in_every_round() -> None:
    solver = CountingSolver(table_mb=4)
    doc = analysis_in_rounds(OPEN, solver, limit=Limit(time_limit=0.4), gone=lambda: False)
    assert solver.calls == len(round_limits(0.4)) == 4
    assert not doc["exact"] and doc["nodes"] > 0


def test_a_client_gone_stops_the_rounds() -> None:
    solver = CountingSolver(table_mb=4)
    asked: list[int] = []

    def gone() -> bool:
        asked.append(solver.calls)
        return True

    doc = analysis_in_rounds(OPEN, solver, limit=Limit(time_limit=5.0), gone=gone)
    assert solver.calls == 1 and asked == [1]  # asked once, after the first round
    assert [column["result"] for column in doc["columns"]] == ["unknown"] * 9


def test_an_exact_round_is_the_last() -> None:
    solver = CountingSolver(table_mb=4)
    doc = analysis_in_rounds(Game("4455"), solver, limit=Limit(time_limit=5.0), gone=lambda: False)
    assert solver.calls == 1 and doc["exact"] and doc["best"] == [2, 5]


def test_a_search_whose_client_has_gone_frees_the_servers_only_solver() -> None:
    # One solver: a search that kept it to its 5 s limit would keep the next request
    # waiting past the 2 s any request waits for one (a 503).
    with started_server("--threads", "1", "--lone-threads", "1", "--time-limit", "5") as server:
        address = urlsplit(server.url)
        client = socket.create_connection((address.hostname, address.port))
        client.sendall(b"GET /api/analyze?pos=5&size=9x12 HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n")
        time.sleep(0.3)  # the search has the solver by now
        client.close()  # as a page does when its position changes
        status, answer = server.get("/api/move?pos=5&size=9x12&level=5")
        assert status == 200, answer
        assert server.wait_for_line(r'"GET /api/analyze\?pos=5&size=9x12" 200')
