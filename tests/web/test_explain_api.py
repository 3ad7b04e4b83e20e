"""/api/explain against a real server: link4.explain's document for the position, on
any board, for a finished game too; a time limit gives what was proved; bad input a
400 with a message that names it."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

import link4
from tests.support.web_server import ServerProcess, needs_web, started_server

needs_web()


@pytest.fixture(scope="module")
def server() -> Iterator[ServerProcess]:
    with started_server("--time-limit", "60") as running:
        yield running


@pytest.mark.parametrize(
    ("query", "moves", "width", "height"),
    [
        ("pos=44556", "44556", 7, 6),
        ("pos=4455667", "4455667", 7, 6),  # over: the outcome and the threats left
        ("pos=3324424334121&size=4x4", "3324424334121", 4, 4),  # claimeven proves it
        ("pos=112233&size=6x5", "112233", 6, 5),
        ("pos=&size=5x4", "", 5, 4),
    ],
)
def test_the_answer_is_the_explanation(
    server: ServerProcess, query: str, moves: str, width: int, height: int
) -> None:
    status, answer = server.get(f"/api/explain?{query}")
    assert status == 200, answer
    assert answer == link4.explain(link4.Game(moves, width=width, height=height)).to_dict()


def test_a_short_time_limit_gives_what_was_proved(server: ServerProcess) -> None:
    status, answer = server.get("/api/explain?pos=4&size=8x7&time_limit=0.01")
    assert status == 200, answer
    assert answer["score"] is None and answer["line"] == "" and "not solved in time" in answer["verdict"]


@pytest.mark.parametrize(
    ("query", "message"),
    [
        ("", "pos is missing"),
        ("pos=4x", "'4x'"),
        ("pos=4444444", "column 4 is full"),
        ("pos=4&size=3x3", "not 3 columns and 3 rows"),
        ("pos=4&weak=1", "unknown parameter 'weak'"),
        ("pos=4&time_limit=0", "time_limit is a number of seconds > 0"),
        ("pos=4&pos=5", "pos"),
    ],
)
def test_bad_input_is_a_400_naming_it(server: ServerProcess, query: str, message: str) -> None:
    status, answer = server.get(f"/api/explain?{query}")
    assert status == 400 and message in answer["error"], answer
