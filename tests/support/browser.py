"""A headless Chromium driven by Selenium on link4 serve's page, for tests/web/test_page.py.

The browser is the system's (Debian's chromium and chromium-driver): both paths are
given to Selenium, so that it never looks for a driver of its own to download. Without
Selenium, Starlette, Uvicorn, Chromium or its driver the page's tests are skipped, unless
LINK4_REQUIRE_BROWSER=1 (as in CI), where they fail.
"""

from __future__ import annotations

import importlib.util
import os
import shutil
import time
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from typing import Any

import pytest

READY_SECONDS = 30.0


@dataclass(frozen=True)
class BrowserPaths:
    chromium: str
    chromedriver: str


def browser_paths() -> BrowserPaths:
    """Chromium and its driver, or the calling test module is skipped (failed when
    LINK4_REQUIRE_BROWSER=1)."""
    missing = [
        f"the Python package {name}"
        for name in ("selenium", "starlette", "uvicorn")
        if importlib.util.find_spec(name) is None
    ]
    chromium = shutil.which("chromium") or shutil.which("chromium-browser") or shutil.which("google-chrome")
    chromedriver = shutil.which("chromedriver")
    if chromium is None:
        missing.append("Chromium (chromium on the PATH)")
    if chromedriver is None:
        missing.append("its WebDriver (chromedriver on the PATH)")
    if missing:
        reason = "the page's tests need " + ", ".join(missing)
        if os.environ.get("LINK4_REQUIRE_BROWSER") == "1":
            pytest.fail(reason + " (LINK4_REQUIRE_BROWSER=1)", pytrace=False)
        pytest.skip(reason, allow_module_level=True)
    assert chromium is not None and chromedriver is not None
    return BrowserPaths(chromium, chromedriver)


def start_chromium(paths: BrowserPaths) -> Any:
    """A headless Chromium under WebDriver, its console log kept."""
    from selenium import webdriver
    from selenium.webdriver.chrome.options import Options
    from selenium.webdriver.chrome.service import Service

    options = Options()
    for argument in ("--headless=new", "--no-sandbox", "--disable-dev-shm-usage", "--window-size=1280,900"):
        options.add_argument(argument)
    options.binary_location = paths.chromium
    options.set_capability("goog:loggingPrefs", {"browser": "ALL"})
    return webdriver.Chrome(options=options, service=Service(executable_path=paths.chromedriver))


@contextmanager
def open_browser(paths: BrowserPaths, base_url: str) -> Iterator[Page]:
    """A headless Chromium on the page at ``base_url`` for the length of the block."""
    driver = start_chromium(paths)
    try:
        yield Page(driver, base_url)
    finally:
        driver.quit()


# What the page shows, read in one script call rather than one WebDriver call per node.
_READ_PAGE = """
const svg = document.querySelector("#board svg");
const box = svg ? svg.viewBox.baseVal : null;
return {
  state: document.body.dataset.state,
  status: document.getElementById("status").textContent,
  error: document.getElementById("error").hidden ? "" : document.getElementById("error").textContent,
  record: document.getElementById("record").value,
  score: document.getElementById("score").textContent,
  viewWidth: box ? box.width : null,
  discs: svg ? [...svg.querySelectorAll("circle.disc")].map((c) => ({
    colour: c.classList.contains("red") ? "red" : c.classList.contains("yellow") ? "yellow" : "?",
    cx: Number(c.getAttribute("cx")),
    cy: Number(c.getAttribute("cy")),
  })) : [],
  fours: svg ? svg.querySelectorAll("circle.four").length : 0,
  drops: document.querySelectorAll("#drops [data-drop]").length,
  values: [...document.querySelectorAll("#values [data-column]")].map((cell) => ({
    column: Number(cell.dataset.column),
    result: cell.dataset.result,
    in: cell.dataset.in === undefined ? null : Number(cell.dataset.in),
    best: cell.dataset.best === "true",
    text: cell.textContent,
  })),
  valuesShown: !document.getElementById("values").hidden,
  analysis: document.body.dataset.analysis,
  settings: Object.fromEntries(
    ["mode", "human-colour", "level", "level-yellow", "size-width", "size-height", "inarow"].map(
      (id) => [id, document.getElementById(id).value])),
  url: location.href,
};
"""


class Page:
    """link4's page in the browser: open it, act on it, read it."""

    def __init__(self, driver: Any, base_url: str) -> None:
        self.driver = driver
        self.base_url = base_url

    def open(self, query: str = "", remembered: dict[str, str] | None = None, *, idle: bool = True) -> None:
        """Open the page afresh and wait until it is idle (or, unless ``idle``, until its
        board is shown): the settings it remembers forgotten, or those of ``remembered``
        (keys as the page stores them: mode, human, level, ...)."""
        self.driver.get(self.base_url)
        self.driver.execute_script(
            "localStorage.clear();"
            "for (const [key, value] of Object.entries(arguments[0]))"
            "  localStorage.setItem(`link4.${key}`, value);",
            remembered or {},
        )
        self.driver.get(self.base_url + query)
        if idle:
            self.wait_ready()
        else:
            self.wait_until(lambda shown: shown["drops"] > 0 and shown["status"] != "Loading…", idle=False)

    def requested(self, path: str) -> list[str]:
        """The addresses of the requests to ``path`` (such as "api/move") the page has
        made since it was loaded, from the browser's Resource Timing entries."""
        names: list[str] = self.driver.execute_script(
            "return performance.getEntriesByType('resource').map((entry) => entry.name)"
        )
        return [name for name in names if name.startswith(self.base_url + path)]

    def type_record(self, text: str) -> None:
        """Type ``text`` over the Moves box's content and press Enter."""
        from selenium.webdriver.common.keys import Keys

        box = self.element("#record")
        box.click()
        box.send_keys(Keys.CONTROL, "a")
        box.send_keys(text + Keys.ENTER)

    def wait_ready(self, seconds: float = READY_SECONDS) -> dict[str, Any]:
        """What the page shows once it is idle (every request answered, no engine
        move pending)."""
        from selenium.webdriver.support.ui import WebDriverWait

        WebDriverWait(self.driver, seconds, poll_frequency=0.02).until(
            lambda driver: driver.execute_script("return document.body.dataset.state") == "ready"
        )
        return self.read()

    def wait_until(self, check: Any, seconds: float = READY_SECONDS, *, idle: bool = True) -> dict[str, Any]:
        """What the page shows once ``check(shown)`` holds, and it is idle (unless not
        ``idle``)."""
        deadline = time.monotonic() + seconds
        while True:
            shown = self.read()
            if (shown["state"] == "ready" or not idle) and check(shown):
                return shown
            if time.monotonic() > deadline:
                raise AssertionError(f"the page never got there; it shows {shown}")
            time.sleep(0.02)

    def read(self) -> dict[str, Any]:
        shown: dict[str, Any] = self.driver.execute_script(_READ_PAGE)
        return shown

    def element(self, css: str) -> Any:
        from selenium.webdriver.common.by import By

        return self.driver.find_element(By.CSS_SELECTOR, css)

    def choose(self, select_id: str, value: str) -> None:
        """Pick an option of one of the page's select boxes."""
        from selenium.webdriver.support.ui import Select

        Select(self.element(f"#{select_id}")).select_by_value(value)

    def press(self, keys: str) -> None:
        """Type keys on the page (not in a field)."""
        self.element("body").send_keys(keys)

    def click_column(self, column: int, width: int) -> None:
        """Click the board picture over a column, in its upper half."""
        from selenium.webdriver.common.action_chains import ActionChains

        svg = self.element("#board svg")
        size = svg.size
        dx = (column + 0.5) * size["width"] / width - size["width"] / 2
        dy = -size["height"] / 4
        ActionChains(self.driver).move_to_element_with_offset(svg, round(dx), round(dy)).click().perform()

    def copied(self, button: str) -> str:
        """What a click on a copy button puts on the clipboard."""
        origin = self.base_url.rstrip("/")
        self.driver.execute_cdp_cmd(
            "Browser.grantPermissions",
            {"origin": origin, "permissions": ["clipboardReadWrite", "clipboardSanitizedWrite"]},
        )
        self.driver.execute_script("return navigator.clipboard.writeText('')")
        self.element(button).click()
        deadline = time.monotonic() + 5
        while True:
            text: str = self.driver.execute_script("return navigator.clipboard.readText()")
            if text or time.monotonic() > deadline:
                return text
            time.sleep(0.02)

    def console_errors(self) -> list[str]:
        """The page's console errors since the last call, other than the browser's own
        note of each answer with an error status (the page shows those itself)."""
        return [
            entry["message"]
            for entry in self.driver.get_log("browser")
            if entry["level"] == "SEVERE" and "Failed to load resource" not in entry["message"]
        ]
