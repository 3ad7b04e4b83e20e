"""Positions from outside link4 serve's page, in a real browser: a link's ?pos=, ?size=
and ?inarow=, and moves typed or pasted into the Moves box. The server judges each (the page
asks /api/game, as it asks for any position); one it refuses shows the server's own
message on the page, leaves the game and every setting as they were, and starts nothing:
no engine move, no request for one."""

from __future__ import annotations

from collections.abc import Iterator
from urllib.parse import parse_qs, urlsplit

import pytest

from link4 import Game, Solver
from link4.web.answers import ApiError, game
from tests.support.browser import Page, browser_paths, open_browser
from tests.support.web_server import running_server

PATHS = browser_paths()  # skips (or fails, in CI) this module without a browser
pytestmark = pytest.mark.heavy  # a browser, and a page load for each link

# Remembered as a player might have left them: against the engine as yellow, so that on
# an empty board the engine is to move, and would, were anything started.
REMEMBERED = {"mode": "engine", "human": "yellow", "level": "4"}
SETTINGS = {
    "mode": "engine", "human-colour": "yellow", "level": "4", "level-yellow": "5",
    "size-width": "7", "size-height": "6", "inarow": "4",
}

REFUSED_LINKS = [
    # full columns
    "?pos=4444444", "?pos=1111111", "?pos=7777777", "?pos=1234567123456712345671234567111",
    "?pos=1111111111111&size=9x12", "?pos=11111&size=4x4",
    # letters and other characters
    "?pos=abc", "?pos=4a", "?pos=44x5", "?pos=%EF%BC%94", "?pos=%C3%A9", "?pos=4%204", "?pos=+4",
    "?pos=4-4", "?pos=4.5", "?pos=%00", "?pos=%", "?pos=%254",
    # columns past the width
    "?pos=0", "?pos=8", "?pos=489", "?pos=7&size=6x5", "?pos=5&size=4x4", "?pos=99&size=8x6",
    "?pos=9a&size=9x6", "?pos=aB&size=10x6", "?pos=d&size=12x4",
    # moves after a win
    "?pos=44556677", "?pos=12121213", "?pos=44556671&size=9x12",
    # bad sizes
    "?pos=44&size=3x3", "?size=13x6", "?pos=4&size=7x14", "?size=12x10", "?pos=a&size=10x12",
    "?size=abc", "?size=7x", "?size=x6",
    "?size=7x6x1", "?size=0x0", "?size=", "?pos=4&size=7x6&size=8x7",
    # bad lines: out of range, longer than the board, not a number, given twice
    "?inarow=7", "?pos=4&inarow=2", "?pos=4&size=5x5&inarow=6", "?inarow=five", "?inarow=5&inarow=4",
    "?pos=334455667", "?pos=334455667&inarow=4",  # four in a row ends it on move 7
    # given twice, huge
    "?pos=4&pos=5", "?pos=" + "4" * 3000, "?pos=" + "1234567" * 500, "?pos=" + "a" * 4000,
]


@pytest.fixture(scope="module")
def page() -> Iterator[Page]:
    with running_server() as url, open_browser(PATHS, url) as browser:
        yield browser


@pytest.fixture(autouse=True)
def no_script_errors(page: Page) -> Iterator[None]:
    page.console_errors()  # forget what came before
    yield
    assert page.console_errors() == []


def refusal(link: str) -> str:
    """The server's message for the link's position (what /api/game answers)."""
    query = parse_qs(urlsplit(link).query, keep_blank_values=True)
    try:
        board = {name: query[name] for name in ("size", "inarow") if name in query}
        game({"pos": query.get("pos", [""]), **board})
    except ApiError as error:
        assert error.status == 400
        return error.message
    raise AssertionError(f"the server takes {link}")


@pytest.mark.parametrize("link", REFUSED_LINKS, ids=lambda link: link[:40])
def test_a_link_the_server_refuses_is_said_and_starts_nothing(page: Page, link: str) -> None:
    page.open(link, remembered=REMEMBERED)
    shown = page.read()
    assert shown["error"].endswith(refusal(link))
    assert shown["settings"] == SETTINGS
    assert shown["record"] == "" and shown["discs"] == [] and shown["drops"] == 7
    assert "pos=" not in shown["url"] and "size=" not in shown["url"] and "inarow=" not in shown["url"]
    assert shown["status"] == "Red to move — Engine move starts the engine"
    assert page.requested("api/move") == []
    # It waits for the user: Engine move starts the engine.
    page.element("#engine-move").click()
    shown = page.wait_until(lambda shown: len(shown["record"]) == 1)
    assert shown["error"] == "" and "your turn" in shown["status"]


def test_a_link_the_server_takes_is_shown_with_the_side_to_move_yours(page: Page) -> None:
    page.open("?pos=445&size=8x7", remembered={"mode": "engine", "human": "red"})
    shown = page.read()
    assert shown["error"] == "" and shown["record"] == "445" and shown["drops"] == 8
    assert shown["settings"]["human-colour"] == "yellow" and "your turn" in shown["status"]
    assert page.requested("api/move") == []


BAD_RECORDS = ["4444444", "abc", "48", "4 5", "44556677", "4" * 300, "1234567" * 7 + "1"]


def test_moves_typed_into_the_moves_box(page: Page) -> None:
    page.open("?pos=4453", remembered={"mode": "engine", "human": "red"})
    for text in BAD_RECORDS:
        said = f"These moves cannot be played: {refusal('?pos=' + text)}"
        page.type_record(text)
        shown = page.wait_until(lambda shown: shown["error"] == said)  # noqa: B023 (waited on here)
        assert shown["record"] == "4453" and len(shown["discs"]) == 4
        assert shown["url"].endswith("?pos=4453")
        assert shown["settings"]["human-colour"] == "red"
    assert page.requested("api/move") == []

    page.type_record("445")  # taken: yellow to move, and you take yellow
    shown = page.wait_until(lambda shown: shown["record"] == "445")
    assert shown["error"] == "" and len(shown["discs"]) == 3 and shown["url"].endswith("?pos=445")
    assert shown["settings"]["human-colour"] == "yellow" and "your turn" in shown["status"]
    assert [value["result"] for value in shown["values"]] == [
        "win" if score > 0 else "loss" if score < 0 else "draw" for score in Solver().analyze(Game("445"))
    ]
    assert page.requested("api/move") == []
    page.click_column(3, 7)  # the game goes on from there: your move, then the engine's
    shown = page.wait_until(lambda shown: len(shown["record"]) == 5)
    assert shown["record"].startswith("4454")
