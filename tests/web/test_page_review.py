"""The page's review mode in a real browser: the marks it shows are /api/review's, in
symbols and words; its chart is inline SVG with a point per ply and the turning points
marked apart; a click on a move or on the chart shows that position; a phone's narrow
screen shows it all without scrolling sideways."""

from __future__ import annotations

import json
import time
import urllib.request
from collections.abc import Iterator
from typing import Any

import pytest

from tests.support.browser import Page, browser_paths, open_browser
from tests.support.review_games import small_games
from tests.support.web_server import running_server

PATHS = browser_paths()  # skips (or fails, in CI) this module without a browser
pytestmark = pytest.mark.heavy  # a browser, and a page load for each game

_READ_REVIEW = """
const box = document.getElementById("review");
const chart = box.querySelector("svg.review-chart");
return {
  state: document.body.dataset.review,
  hidden: box.hidden,
  moves: [...box.querySelectorAll(".review-move")].map((b) => ({
    ply: Number(b.dataset.ply), mark: b.dataset.mark, text: b.textContent,
    colour: getComputedStyle(b.querySelector(".rm-mark")).color,
  })),
  points: chart ? [...chart.querySelectorAll(".point")].map((p) => Number(p.dataset.ply)) : [],
  turns: chart ? [...chart.querySelectorAll(".point.turn")].map((p) => Number(p.dataset.ply)) : [],
  scripts: [...document.scripts].map((s) => s.src),
  text: box.innerText,
};
"""


@pytest.fixture(scope="module")
def served() -> Iterator[tuple[Page, str]]:
    with running_server() as url, open_browser(PATHS, url) as browser:
        yield browser, url


@pytest.fixture(autouse=True)
def no_script_errors(served: tuple[Page, str]) -> Iterator[None]:
    page, _ = served
    page.console_errors()  # forget what came before
    yield
    assert page.console_errors() == []


def _api(url: str, pos: str, size: str) -> dict[str, Any]:
    with urllib.request.urlopen(f"{url}api/review?pos={pos}&size={size}") as answer:
        doc: dict[str, Any] = json.load(answer)
    return doc


def _review_shown(page: Page, seconds: float = 30.0) -> dict[str, Any]:
    """The review once the page has it (or has failed to get it)."""
    deadline = time.monotonic() + seconds
    while True:
        shown: dict[str, Any] = page.driver.execute_script(_READ_REVIEW)
        if shown["state"] in ("shown", "failed"):
            return shown
        if time.monotonic() > deadline:
            raise AssertionError(f"the review never came; the page shows {shown}")
        time.sleep(0.02)


def _reviewed(page: Page, link: str) -> dict[str, Any]:
    page.open(link)
    return _review_shown(page)


def test_the_page_shows_the_apis_marks_in_symbols_and_words(served: tuple[Page, str]) -> None:
    page, url = served
    colours: dict[str, set[str]] = {}
    for game in small_games(8, offset=2000):
        size = f"{game.width}x{game.height}"
        doc = _api(url, game.moves, size)
        shown = _reviewed(page, f"?pos={game.moves}&size={size}&review=1")
        assert shown["state"] == "shown" and not shown["hidden"]
        expected = [(m["ply"] + 1, m["mark"]) for m in doc["moves"]]
        assert [(m["ply"], m["mark"]) for m in shown["moves"]] == expected
        for move, entry in zip(shown["moves"], doc["moves"], strict=True):
            assert f"{entry['symbol']} {entry['mark']}" in move["text"]  # symbol and word, not colour alone
            only = "" if not entry["only_move"] else "only move" if entry["kept"] else "missed the only move"
            assert move["text"].endswith(only)
            colours.setdefault(entry["mark"], set()).add(move["colour"])
        assert shown["points"] == [p for p, v in enumerate(doc["series"]) if v is not None]
        assert shown["turns"] == [t["ply"] + 1 for t in doc["turning_points"]]
        assert all(src.startswith(url) for src in shown["scripts"])  # no third-party script
    # Each mark has one colour of its own, besides its symbol and word.
    assert all(len(c) == 1 for c in colours.values())
    assert len({next(iter(c)) for c in colours.values()}) == len(colours)


def test_a_click_on_a_move_or_the_chart_shows_its_position(served: tuple[Page, str]) -> None:
    page, _ = served
    game = small_games(1, offset=2100)[0]
    size = f"{game.width}x{game.height}"
    _reviewed(page, f"?pos={game.moves}&size={size}&review=1")
    page.element('.review-move[data-ply="3"]').click()
    shown = page.wait_until(lambda s: s["record"] == game.moves[:3])
    assert len(shown["discs"]) == 3
    assert page.element('.review-move[data-ply="3"]').get_attribute("aria-current") == "true"
    page.element('.review-chart .point[data-ply="1"]').click()
    assert len(page.wait_until(lambda s: s["record"] == game.moves[:1])["discs"]) == 1
    # Still the game reviewed: the review stays; another game hides it.
    assert page.driver.execute_script(_READ_REVIEW)["state"] == "shown"
    page.press("n")
    page.wait_until(lambda s: s["record"] == "")
    assert page.driver.execute_script(_READ_REVIEW)["hidden"] is True


def test_a_finished_game_offers_the_review_and_a_phone_shows_it_all(served: tuple[Page, str]) -> None:
    page, _ = served
    page.driver.set_window_size(390, 844)
    try:
        page.open("?pos=4455667")
        assert "offer" in page.element("#review-button").get_attribute("class")
        page.element("#review-button").click()
        shown = _review_shown(page)
        assert "✓ best" in shown["text"] and "Red wins with its 4th disc." in shown["text"]
        wide = page.driver.execute_script(
            "return [document.documentElement.scrollWidth, window.innerWidth,"
            " document.querySelector('svg.review-chart').getBoundingClientRect().width]"
        )
        assert wide[0] <= wide[1] and 200 < wide[2] <= wide[1]
    finally:
        page.driver.set_window_size(1280, 900)
