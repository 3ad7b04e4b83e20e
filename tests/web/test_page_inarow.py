"""k in a row on link4 serve's page, in a real browser: the Line control offers the lines
that fit the board, keeps the one chosen in the URL, sends it with every request, and a
game of Connect 5 played on the page goes on past a four and ends on a five, ringed on
the board, each column's value the exact solver's for five in a row."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest

from link4 import Game, Solver
from link4.score import best_columns
from tests.support.browser import Page, browser_paths, open_browser
from tests.support.web_server import running_server

PATHS = browser_paths()  # skips (or fails, in CI) this module without a browser
pytestmark = pytest.mark.heavy  # a browser, and a game played through it

HUMANS = {"mode": "humans"}
OFFERED = 'return [...document.querySelectorAll("#inarow option:not(:disabled)")].map((o) => o.value)'


@pytest.fixture(scope="module")
def page() -> Iterator[Page]:
    with running_server() as url, open_browser(PATHS, url) as browser:
        yield browser


@pytest.fixture(autouse=True)
def no_script_errors(page: Page) -> Iterator[None]:
    page.console_errors()  # forget what came before
    yield
    assert page.console_errors() == []


def shown_values(shown: dict[str, Any]) -> list[tuple[str, bool]]:
    return [(value["result"], value["best"]) for value in shown["values"]]


def expected_values(game: Game, solver: Solver) -> list[tuple[str, bool]]:
    """Each column's result and whether it is best, from the exact solver's scores."""
    scores = solver.analyze(game)
    best = best_columns(scores)
    return [
        ("full", False) if s is None else ("win" if s > 0 else "loss" if s < 0 else "draw", c in best)
        for c, s in enumerate(scores)
    ]


def test_a_game_of_connect_5_goes_past_a_four_and_ends_on_a_five(page: Page) -> None:
    page.open("?size=6x5", remembered=HUMANS)
    page.choose("inarow", "5")
    shown = page.wait_ready()
    assert shown["settings"]["inarow"] == "5" and page.element("#variant").text == "Connect 5"
    assert shown["url"].endswith("?size=6x5&inarow=5")
    earlier = {path: len(page.requested(path)) for path in ("api/game", "api/analyze")}
    solver = Solver(table_mb=16, width=6, height=5, inarow=5)
    moves = "11223344"  # red's four on the bottom row, yellow's above it: neither wins
    for ply, key in enumerate(moves):
        page.press(key)
        shown = page.wait_until(lambda shown, n=ply + 1: len(shown["record"]) == n)
        game = Game(moves[: ply + 1], width=6, height=5, inarow=5)
        assert shown["error"] == "" and shown["fours"] == 0
        assert shown["status"].startswith(f"{game.turn.name.capitalize()} to move")
        assert shown_values(shown) == expected_values(game, solver)
    assert shown_values(shown)[4] == ("win", True)  # column 5 makes the five
    page.press("5")
    shown = page.wait_until(lambda shown: shown["record"] == moves + "5")
    assert shown["status"].startswith("Red wins") and shown["fours"] == 5
    assert shown["score"] == "Red won with its 5th disc, on move 9."
    ringed = page.driver.execute_script(
        'return [...document.querySelectorAll("#board circle.four")].map((c) => Number(c.getAttribute("cx")))'
    )
    cell = shown["viewWidth"] / 6
    assert sorted(int(x // cell) for x in ringed) == [0, 1, 2, 3, 4]  # the bottom row's five
    assert shown["url"].endswith("?pos=112233445&size=6x5&inarow=5")
    # Every request of the game said its line and its board.
    for path, before in earlier.items():
        requests = page.requested(path)[before:]
        assert requests and all("size=6x5&inarow=5" in url for url in requests), requests
    # The review of the game is of five in a row too.
    page.element("#review-button").click()
    reviewed = 'return document.body.dataset.review === "shown"'
    page.wait_until(lambda shown: page.driver.execute_script(reviewed))
    assert all("inarow=5" in url for url in page.requested("api/review"))
    marks = page.driver.execute_script(
        'return [...document.querySelectorAll(".review-move")].map((b) => b.dataset.mark)'
    )
    assert len(marks) == 9 and marks[-1] == "best"

    # The same keys in Connect Four: red's four ends the game on move 7.
    page.choose("inarow", "4")
    page.wait_ready()
    for key in "1122334":
        page.press(key)
    shown = page.wait_until(lambda shown: shown["status"].startswith("Red wins"))
    assert shown["record"] == "1122334" and shown["fours"] == 4
    assert "inarow=" not in shown["url"] and page.element("#variant").text == "Connect Four"


def test_the_engine_is_asked_for_a_move_of_the_line_shown(page: Page) -> None:
    page.open("?pos=112233&size=6x5&inarow=5", remembered=HUMANS)
    shown = page.read()
    assert shown["error"] == "" and shown["settings"]["inarow"] == "5"
    page.press("e")  # the engine plays red's move
    shown = page.wait_until(lambda shown: len(shown["record"]) == 7)
    asked = page.requested("api/move")
    assert len(asked) == 1 and "pos=112233&size=6x5&inarow=5&level=" in asked[0]
    # Column 4 makes red's four on the bottom row, which wins nothing here: the game goes on.
    assert not Game(shown["record"], width=6, height=5, inarow=5).is_over()


def test_the_lines_offered_are_those_that_fit_the_board(page: Page) -> None:
    page.open("?size=7x6&inarow=6", remembered={**HUMANS, "analysis": "off"})
    assert page.driver.execute_script(OFFERED) == ["3", "4", "5", "6"]
    assert page.element("#ratings-note").text == "Elo ratings measured on Connect Four, not on Connect 6"
    page.choose("size-width", "5")
    page.choose("size-height", "4")  # 5 x 4: a line of 6 fits nowhere, one of 5 the rows
    shown = page.wait_ready()
    assert page.driver.execute_script(OFFERED) == ["3", "4", "5"]
    assert shown["settings"]["inarow"] == "5" and shown["url"].endswith("?size=5x4&inarow=5")
    page.choose("size-width", "4")
    shown = page.wait_ready()
    assert page.driver.execute_script(OFFERED) == ["3", "4"] and shown["settings"]["inarow"] == "4"
    assert "inarow=" not in shown["url"]
    page.choose("inarow", "3")
    shown = page.wait_ready()
    assert shown["url"].endswith("?size=4x4&inarow=3") and page.element("#variant").text == "Connect 3"
    for key in "1122":
        page.press(key)
    page.press("3")  # three in a row wins Connect 3
    shown = page.wait_until(lambda shown: shown["status"].startswith("Red wins"))
    assert shown["fours"] == 3 and shown["record"] == "11223"
