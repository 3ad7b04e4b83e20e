"""`link4 serve` in a child process, for the tests of the server, its page and its API.

>>> with running_server() as url:        # doctest: +SKIP
...     urllib.request.urlopen(url + "solve?pos=4453")
"""

from __future__ import annotations

import json
import re
import time
import urllib.error
import urllib.request
from collections.abc import Iterator
from contextlib import AbstractContextManager, contextmanager
from email.message import Message
from typing import Any

import pytest

from link4 import Game
from link4.web.process import ServeProcess


def needs_web() -> None:
    """Skip the calling test module when the web extra is missing."""
    pytest.importorskip("starlette")
    pytest.importorskip("uvicorn")


class ServerProcess(ServeProcess):
    """A running ``link4 serve`` with what the tests ask of it."""

    def get(self, target: str, **headers: str) -> tuple[int, Any]:
        """The status and the JSON answer of ``GET target`` (a path with its query)."""
        status, answer, _ = self.fetch(target, **headers)
        return status, answer

    def fetch(self, target: str, **headers: str) -> tuple[int, Any, Message]:
        """The status, the JSON answer and the headers of ``GET target``."""
        request = urllib.request.Request(self.url + target.lstrip("/"), headers=headers)
        try:
            with urllib.request.urlopen(request, timeout=60) as answer:
                return answer.status, json.load(answer), answer.headers
        except urllib.error.HTTPError as error:
            with error:
                return error.code, json.load(error), error.headers

    def wait_for_line(self, pattern: str, seconds: float = 10.0) -> str:
        """The first line of its log that matches ``pattern`` (waiting for it)."""
        deadline = time.monotonic() + seconds
        while time.monotonic() < deadline:
            for line in list(self.lines):
                if re.search(pattern, line):
                    return line
            time.sleep(0.02)
        raise AssertionError(f"no line matches {pattern!r} in:\n" + "\n".join(self.lines))


@contextmanager
def started_server(*args: str) -> Iterator[ServerProcess]:
    """``link4 serve --port 0 *args`` for the length of the block; it must stop cleanly."""
    server = ServerProcess(*args)
    try:
        yield server
    finally:
        status = server.stop()
    assert status == 0, "\n".join(server.lines)


@contextmanager
def running_server(*args: str) -> Iterator[str]:
    """The URL of ``link4 serve --port 0 *args`` running for the length of the block."""
    with started_server(*args) as server:
        yield server.url


def exact_server() -> AbstractContextManager[ServerProcess]:
    """A server on one thread whose time limit no test position comes near: every
    answer is exact."""
    return started_server("--threads", "1", "--time-limit", "60")


def game_query(game: Game) -> str:
    """The query of ``game``'s position, board and line, as the page sends them."""
    return f"pos={game.moves}&size={game.width}x{game.height}&inarow={game.inarow}"
