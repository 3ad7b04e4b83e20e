"""The page's "Why" toggle in a real browser (headless Chromium): each threat of the
position marked on its cell of the board, red's and yellow's in shapes of their own
as well as colours, the explanation's lines beside the board, both following the
position shown, on a phone's screen too."""

from __future__ import annotations

import os
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

import link4
from tests.support.browser import Page, browser_paths, open_browser
from tests.support.web_server import running_server

PATHS = browser_paths()  # skips (or fails, in CI) this module without a browser
pytestmark = pytest.mark.heavy  # as the page's other tests: not under the sanitizers

_READ_WHY = """
const svg = document.querySelector('#board svg');
const marks = [...document.querySelectorAll('#board svg g.threat')].map((g) => {
  const shape = g.querySelector('polygon');
  const points = shape.getAttribute('points').split(' ').map((p) => p.split(',').map(Number));
  return {
    player: g.dataset.threat, cell: g.dataset.cell, playable: g.dataset.playable === 'true',
    corners: points.length, fill: getComputedStyle(shape).fill,
    x: points.reduce((s, p) => s + p[0], 0) / points.length,
    y: points.reduce((s, p) => s + p[1], 0) / points.length,
    ringed: g.querySelector('circle.threat-now') !== null,
  };
});
return {
  state: document.body.dataset.explain, moves: document.getElementById('record').value,
  marks, viewWidth: svg ? svg.viewBox.baseVal.width : 0,
  lines: [...document.querySelectorAll('#explain p:not(.explain-legend)')].map((p) => p.textContent),
  legend: document.querySelector('#explain .explain-legend')?.textContent ?? '',
  hidden: document.getElementById('explain').hidden,
};
"""


@pytest.fixture(scope="module")
def page() -> Iterator[Page]:
    with running_server() as url, open_browser(PATHS, url) as browser:
        yield browser


@pytest.fixture(autouse=True)
def no_script_errors(page: Page) -> Iterator[None]:
    page.console_errors()
    yield
    assert page.console_errors() == []


def why(page: Page) -> dict[str, Any]:
    shown: dict[str, Any] = page.driver.execute_script(_READ_WHY)
    return shown


def explained(page: Page, moves: str) -> dict[str, Any]:
    """What the page shows once its explanation of ``moves`` is in."""
    page.wait_until(lambda shown: shown["record"] == moves)
    page.wait_until(lambda _: why(page)["state"] == "done" and why(page)["moves"] == moves)
    return why(page)


def check_marks(shown: dict[str, Any], game: link4.Game) -> None:
    """Every threat of the game marked on its own cell in its side's shape, no other mark."""
    expected = link4.explain(game, limit=link4.Limit(time_limit=5))
    marks = {(m["player"], m["cell"], m["playable"]) for m in shown["marks"]}
    assert marks == {(str(t.player), f"{t.cell[0]},{t.cell[1]}", t.playable) for t in expected.threats}
    assert len(marks) == len(shown["marks"]) == len(expected.threats)
    cell = shown["viewWidth"] / game.width
    for m in shown["marks"]:
        column, row = map(int, m["cell"].split(","))
        assert int(m["x"] // cell) == column and game.height - 1 - int(m["y"] // cell) == row
        assert m["corners"] == (3 if m["player"] == "red" else 4)  # shape, not colour alone
        assert m["ringed"] == m["playable"]
    assert {m["fill"] for m in shown["marks"] if m["player"] == "red"} <= {"rgb(215, 38, 61)"}
    assert "▲ a red threat" in shown["legend"] and "■ a yellow threat" in shown["legend"]
    assert shown["lines"] == expected.lines()


@pytest.mark.parametrize(
    ("query", "moves", "width", "height"),
    [
        ("?pos=4455667", "4455667", 7, 6),
        ("?pos=445566&size=6x5", "445566", 6, 5),
        ("?pos=3324424334&size=4x4", "3324424334", 4, 4),
    ],
)
def test_the_threats_are_marked_and_the_reasons_shown(
    page: Page, query: str, moves: str, width: int, height: int
) -> None:
    page.open(query, {"explain": "on", "mode": "humans"})
    shown = explained(page, moves)
    check_marks(shown, link4.Game(moves, width=width, height=height))
    assert shown["marks"], "each of these positions has a threat"


def test_the_marks_follow_the_position_and_the_toggle(page: Page) -> None:
    page.open("?pos=4455", {"explain": "on", "mode": "humans"})
    explained(page, "4455")
    page.press("6")  # red: three in a row, two threats
    shown = explained(page, "44556")
    check_marks(shown, link4.Game("44556"))
    assert {m["cell"] for m in shown["marks"]} == {"2,0", "6,0"}
    page.element("#explain-toggle").click()
    off = page.wait_until(lambda _: why(page)["state"] == "off")
    assert off and why(page)["marks"] == [] and why(page)["hidden"]
    page.press("u")
    page.wait_until(lambda shown: shown["record"] == "4455")
    assert why(page)["marks"] == []
    page.element("#explain-toggle").click()
    assert explained(page, "4455")["lines"] == link4.explain("4455").lines()


def test_a_phone_screen_shows_the_reasons_without_sideways_scrolling(page: Page, tmp_path: Path) -> None:
    phone = {"width": 390, "height": 844, "deviceScaleFactor": 2, "mobile": True}
    page.driver.execute_cdp_cmd("Emulation.setDeviceMetricsOverride", phone)
    try:
        page.open("?pos=4455667", {"explain": "on", "mode": "humans"})
        check_marks(explained(page, "4455667"), link4.Game("4455667"))
        scroll_width, inner_width, text_right = page.driver.execute_script(
            "return [document.documentElement.scrollWidth, innerWidth,"
            " document.querySelector('#explain').getBoundingClientRect().right]"
        )
        assert inner_width == 390 and scroll_width <= inner_width and text_right <= inner_width
        target = Path(os.environ.get("LINK4_SCREENSHOT_DIR") or tmp_path) / "why-phone.png"
        target.parent.mkdir(parents=True, exist_ok=True)
        assert page.driver.save_screenshot(str(target))
    finally:
        page.driver.execute_cdp_cmd("Emulation.clearDeviceMetricsOverride", {})
