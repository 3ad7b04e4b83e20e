"""The engine's reply on a big board in a real browser, the analysis on: the board of
9 x 12, where the analysis of an early position is still open when its time is up. The
engine's move never waits for the analysis, the analysis shows each round's answer as it
comes, and a new position stops the search of the old one."""

from __future__ import annotations

import re
import time
from collections.abc import Iterator

import pytest

from tests.support.browser import Page, browser_paths, open_browser
from tests.support.web_server import ServerProcess, started_server

PATHS = browser_paths()  # skips (or fails, in CI) this module without a browser
pytestmark = pytest.mark.heavy  # a browser, and searches of seconds

REMEMBERED = {"mode": "engine", "human": "red", "level": "5", "analysis": "on"}


@pytest.fixture(scope="module")
def server() -> Iterator[ServerProcess]:
    with started_server() as running:
        yield running


@pytest.fixture(scope="module")
def page(server: ServerProcess) -> Iterator[Page]:
    with open_browser(PATHS, server.url) as browser:
        yield browser


def answered_after(server: ServerProcess, pattern: str, after: int = -1, seconds: float = 10.0) -> int:
    """The first line of the server's log past line ``after`` that matches ``pattern``
    (waiting for it)."""
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        for index, line in enumerate(list(server.lines)):
            if index > after and re.search(pattern, line):
                return index
        time.sleep(0.02)
    raise AssertionError(f"no line past {after} matches {pattern!r} in:\n" + "\n".join(server.lines))


def test_the_engine_replies_while_the_analysis_runs(page: Page, server: ServerProcess) -> None:
    page.open("?size=9x12", remembered=REMEMBERED, idle=False)
    # The first round's answer is shown while the next rounds run: nothing proven yet.
    shown = page.wait_until(lambda shown: shown["values"][0]["result"] == "unknown", idle=False)
    assert shown["analysis"] == "running" and shown["score"] == "Analysing… nothing proven yet."
    assert [value["text"] for value in shown["values"]] == ["?"] * 9

    page.click_column(4, 9)
    shown = page.wait_until(lambda shown: len(shown["record"]) == 2, idle=False)
    assert shown["record"][0] == "5" and len(shown["discs"]) == 2
    assert "your turn" in shown["status"] and shown["analysis"] == "running"
    # The engine was asked for its move while the analysis of "5" ran: that analysis is
    # answered after the move (it ended when the move made "5" a position of the past).
    move = answered_after(server, r'"GET /api/move\?pos=5&size=9x12&level=5" 200')
    answered_after(server, r'"GET /api/analyze\?pos=5&size=9x12[&"]', after=move)
